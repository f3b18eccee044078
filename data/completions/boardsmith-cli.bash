# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for boardsmith-cli. The candidates come from the program itself
# (`boardsmith-cli __complete WORD… CURRENT`): its commands, their options, the built-in
# variants and the --set keys of the variant on the line, so new ones need no change here.
# bash-completion's helpers read the line: words quoted or with escaped blanks ("My Games/",
# My\ Games/) and KEY=VALUE words stay whole, and file names are completed and quoted as
# every other command's are.

_boardsmith_cli() {
  local cur prev words cword
  _init_completion -n =: || return

  local candidate description files=0 nospace=0
  local -a replies=()
  while IFS=$'\t' read -r candidate description; do
    case $candidate in
      :files) files=1 ;;
      :nospace) nospace=1 ;;
      '') ;;
      *) replies+=("$candidate") ;;
    esac
  done < <("${words[0]}" __complete -- "${words[@]:1:cword}" 2>/dev/null)

  # readline replaces only what follows the last "=" or ":" of the word (COMP_WORDBREAKS):
  # the candidates lose what comes before it.
  local head=""
  if [[ $cur == *[=:]* && $COMP_WORDBREAKS == *[=:]* ]]; then
    head=${cur%[=:]*}
    head="$head${cur:${#head}:1}"
  fi
  COMPREPLY=()
  local reply
  for reply in "${replies[@]}"; do
    COMPREPLY+=("${reply#"$head"}")
  done
  if [ "$files" = 1 ]; then
    if [ -z "$head" ]; then
      _filedir
    else
      local file
      while IFS= read -r file; do COMPREPLY+=("$file"); done < <(compgen -f -- "${cur#"$head"}")
      compopt -o filenames 2>/dev/null
    fi
  fi
  [ "$nospace" = 1 ] && compopt -o nospace 2>/dev/null
  return 0
}
complete -F _boardsmith_cli boardsmith-cli

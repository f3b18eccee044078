# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for boardsmith-cli. The candidates come from the program itself
# (`boardsmith-cli __complete WORD… CURRENT`): its commands, their options, the built-in
# variants and the --set keys of the variant on the line, so new ones need no change here.

_boardsmith_cli() {
  local line=${COMP_LINE:0:COMP_POINT}
  local -a words
  read -r -a words <<< "$line"
  # A line ending in a blank starts a new, empty word.
  [[ $line =~ [[:space:]]$ ]] && words+=("")
  [ ${#words[@]} -ge 2 ] || return 0
  local cur=${words[-1]}
  local candidate description files=0 nospace=0
  local -a replies=()
  while IFS=$'\t' read -r candidate description; do
    case $candidate in
      :files) files=1 ;;
      :nospace) nospace=1 ;;
      '') ;;
      *) replies+=("$candidate") ;;
    esac
  done < <("${words[0]}" __complete -- "${words[@]:1}" 2>/dev/null)
  # bash splits words at "=" and ":" (COMP_WORDBREAKS): it replaces only the part after the
  # last of them, so the candidates lose what comes before it.
  local head=""
  if [[ $cur == *[=:]* && $COMP_WORDBREAKS == *=* ]]; then
    head=${cur%[=:]*}
    head="$head${cur:${#head}:1}"
  fi
  COMPREPLY=()
  local r
  for r in "${replies[@]}"; do
    COMPREPLY+=("${r#"$head"}")
  done
  if [ "$files" = 1 ]; then
    local f
    while IFS= read -r f; do COMPREPLY+=("$f"); done < <(compgen -f -- "${cur#"$head"}")
    compopt -o filenames 2>/dev/null
  fi
  [ "$nospace" = 1 ] && compopt -o nospace 2>/dev/null
  return 0
}
complete -F _boardsmith_cli boardsmith-cli

# SPDX-License-Identifier: GPL-3.0-or-later
# fish completion for boardsmith-cli. The candidates come from the program itself
# (`boardsmith-cli __complete WORD… CURRENT`): its commands, their options, the built-in
# variants and the --set keys of the variant on the line, so new ones need no change here.

function __boardsmith_cli_complete
    set -l words (commandline -opc)
    set -l current (commandline -ct)
    set -l files 0
    for line in ($words[1] __complete -- $words[2..-1] $current 2>/dev/null)
        switch $line
            case ':files'
                set files 1
            case ':nospace'
            case '*'
                echo $line
        end
    end
    if test $files = 1
        __fish_complete_path $current
    end
end

complete -c boardsmith-cli -f -a '(__boardsmith_cli_complete)'

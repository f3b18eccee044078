#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The bash, zsh and fish completions of boardsmith-cli, run in each shell with the built CLI
first on PATH. What they must offer is read from the CLI itself (`__describe`, `info --json`),
so a new command, option, variant or rule option is checked without changing this test.

- bash: the completion function called as bash calls it (COMP_LINE, COMP_POINT);
- fish: fish's own completion engine (`complete -C`);
- zsh: the completion function with zsh's `_describe`/`_files`/`compadd` replaced by
  recorders (zsh completes only in an interactive line editor).

Usage: check-completions.py CLI COMPLETIONS_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

problems = []


def expect(cond, message):
    if not cond:
        problems.append(message)
    return cond


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=60, **kw)


def bash_complete(script, line, cwd):
    code = f'''
source "{script}"
COMP_LINE={shquote(line)}
COMP_POINT=${{#COMP_LINE}}
read -r -a COMP_WORDS <<< "$COMP_LINE"
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
[[ $COMP_LINE =~ [[:space:]]$ ]] && COMP_CWORD=${{#COMP_WORDS[@]}}
_boardsmith_cli
printf '%s\\n' "${{COMPREPLY[@]}}"
'''
    r = run(['bash', '--norc', '--noprofile', '-c', code], cwd=cwd)
    expect(r.returncode == 0, f'bash: {line!r}: exit {r.returncode}: {r.stderr}')
    return [w for w in r.stdout.splitlines() if w]


def fish_complete(script, line, cwd):
    r = run(['fish', '--no-config', '-c', f'source {shquote(script)}; complete -C{shquote(line)}'],
            cwd=cwd)
    expect(r.returncode == 0, f'fish: {line!r}: exit {r.returncode}: {r.stderr}')
    return [w.split('\t')[0] for w in r.stdout.splitlines() if w]


def zsh_complete(script, line, cwd):
    words = line.split(' ')
    code = f'''
compdef() {{ }}
_describe() {{
  while [[ $1 == -t ]]; do shift 2; done
  local arr=$2
  local c; for c in "${{(@P)arr}}"; do print -r -- "${{${{c%%:*}}//\\\\:/:}}"; done
}}
_files() {{ print -r -- ':files'; }}
source {shquote(script)}
words=({' '.join(shquote(w) for w in words)})
CURRENT={len(words)}
_boardsmith-cli
'''
    r = run(['zsh', '-f', '-c', code], cwd=cwd)
    expect(r.returncode in (0, 1), f'zsh: {line!r}: exit {r.returncode}: {r.stderr}')
    return [w for w in r.stdout.splitlines() if w]


def shquote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def main():
    cli, compdir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    shells = {
        'bash': (bash_complete, os.path.join(compdir, 'boardsmith-cli.bash')),
        'zsh': (zsh_complete, os.path.join(compdir, '_boardsmith-cli')),
        'fish': (fish_complete, os.path.join(compdir, 'boardsmith-cli.fish')),
    }
    missing = [s for s in shells if not shutil.which(s)]
    if missing:
        print(f'{", ".join(missing)} not installed (build-aux/debian-packages.txt lists them)',
              file=sys.stderr)
        return 1

    description = json.loads(run([cli, '__describe']).stdout)
    commands = {c['name']: c for c in description['commands']}
    variants = [v['id'] for v in description['variants']]
    expect(commands, '__describe lists no command')
    expect(variants, '__describe lists no built-in variant')
    variant = variants[0]
    info = json.loads(run([cli, 'info', '--json', variant]).stdout)
    option_keys = [o['id'] for o in info['options']]
    enum = next((o for v in variants for o in json.loads(
        run([cli, 'info', '--json', v]).stdout)['options'] if o['type'] == 'enum'), None)
    enum_variant = next((v for v in variants if enum and enum['id'] in [
        o['id'] for o in json.loads(run([cli, 'info', '--json', v]).stdout)['options']]), None)

    bindir = tempfile.mkdtemp(prefix='boardsmith-completion-')
    try:
        os.symlink(cli, os.path.join(bindir, 'boardsmith-cli'))
        work = os.path.join(bindir, 'work')
        os.mkdir(work)
        for name in ('game.boardsmith', 'mine.bsvariant'):
            open(os.path.join(work, name), 'w').close()
        os.environ['PATH'] = bindir + os.pathsep + os.environ.get('PATH', '/usr/bin:/bin')

        for shell, (complete, script) in shells.items():
            def words(line):
                return complete(script, line, work)

            got = words('boardsmith-cli ')
            for name in commands:
                expect(name in got, f'{shell}: "boardsmith-cli <TAB>" does not offer {name}')
            got = words('boardsmith-cli help ')
            expect(set(commands) <= set(got), f'{shell}: "help <TAB>" does not offer commands')
            got = words('boardsmith-cli --')
            expect('--help' in got and '--version' in got,
                   f'{shell}: "boardsmith-cli --<TAB>" offers {got}')
            for name, command in commands.items():
                got = words(f'boardsmith-cli {name} --')
                for option in command['options']:
                    expect('--' + option['long'] in got,
                           f'{shell}: "{name} --<TAB>" does not offer --{option["long"]}')
            got = words('boardsmith-cli info ')
            for v in variants:
                expect(v in got, f'{shell}: "info <TAB>" does not offer the built-in {v}')
            expect('mine.bsvariant' in got or ':files' in got,
                   f'{shell}: "info <TAB>" does not offer variant files: {got}')
            got = words(f'boardsmith-cli info {variant} --set ')
            for key in ['shape'] + option_keys:
                expect(f'{key}=' in got, f'{shell}: "info {variant} --set <TAB>" does not offer '
                       f'{key}= (got {got})')
            got = words(f'boardsmith-cli info {variant} --set sha')
            expect(got == ['shape='], f'{shell}: "--set sha<TAB>" gives {got}, not shape=')
            got = words(f'boardsmith-cli info {variant} --set shape=')
            want = ['hexagon', 'square']
            for shape in want:
                expect(any(w.endswith(shape) for w in got),
                       f'{shell}: "--set shape=<TAB>" does not offer {shape} (got {got})')
            if enum is not None:
                got = words(f'boardsmith-cli moves {enum_variant} --set {enum["id"]}=')
                for choice in enum['choices']:
                    expect(any(w.endswith('=' + choice) or w == choice for w in got),
                           f'{shell}: "--set {enum["id"]}=<TAB>" does not offer {choice}')
            got = words(f'boardsmith-cli render {variant} -o ')
            expect('game.boardsmith' in got or ':files' in got,
                   f'{shell}: "render {variant} -o <TAB>" does not offer files: {got}')
            got = words('boardsmith-cli replay ')
            expect('game.boardsmith' in got or ':files' in got,
                   f'{shell}: "replay <TAB>" does not offer files: {got}')
            print(f'{shell}: {len(commands)} commands, their options, {len(variants)} variants, '
                  '--set keys and values, files')
    finally:
        shutil.rmtree(bindir)

    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

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
import pty
import select
import shutil
import subprocess
import sys
import tempfile
import time

# meson test --timeout-multiplier (BOARDSMITH_TEST_TIMEOUT_MULTIPLIER) scales the waits.
TIME_FACTOR = float(os.environ.get('BOARDSMITH_TEST_TIMEOUT_MULTIPLIER') or 1)

problems = []


def expect(cond, message):
    if not cond:
        problems.append(message)
    return cond


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=60, **kw)


# bash-completion's own helpers, which the script uses (Debian: package bash-completion).
BASH_COMPLETION = '/usr/share/bash-completion/bash_completion'


def bash_comp_words(line):
    """COMP_WORDS and COMP_CWORD as bash makes them: words split at unquoted blanks, and at
    the characters of COMP_WORDBREAKS "=" and ":", each run of which is a word of its own;
    quotes and backslashes stay in the words as typed."""
    words, word, quote, i = [], '', None, 0
    while i < len(line):
        c = line[i]
        if quote:
            word += c
            if c == quote:
                quote = None
        elif c == '\\' and i + 1 < len(line):
            word += line[i:i + 2]
            i += 1
        elif c in '"\'':
            word += c
            quote = c
        elif c in ' \t':
            if word:
                words.append(word)
            word = ''
        elif c in '=:':
            if word and word[-1] not in '=:':
                words.append(word)
                word = ''
            word += c
        else:
            if word and word[-1] in '=:':
                words.append(word)
                word = ''
            word += c
        i += 1
    if word or line.endswith((' ', '\t')):
        words.append(word)
    return words, len(words) - 1


def bash_complete(script, line, cwd):
    comp_words, comp_cword = bash_comp_words(line)
    code = f'''
source {shquote(BASH_COMPLETION)}
source "{script}"
COMP_LINE={shquote(line)}
COMP_POINT=${{#COMP_LINE}}
COMP_WORDS=({' '.join(shquote(w) for w in comp_words)})
COMP_CWORD={comp_cword}
_boardsmith_cli
printf '%s\\n' "${{COMPREPLY[@]}}"
'''
    r = run(['bash', '--norc', '--noprofile', '-c', code], cwd=cwd)
    expect(r.returncode == 0, f'bash: {line!r}: exit {r.returncode}: {r.stderr}')
    return [w for w in r.stdout.splitlines() if w]


def bash_readline(script, line, want, cwd):
    """The line as bash's readline leaves it after `line` and one Tab, typed into an
    interactive bash on a terminal (quoting, escaping and file names are readline's own, which
    calling the completion function cannot show): `want` as soon as the terminal shows it, or
    what it showed after a minute (scaled)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.execvpe('bash', ['bash', '--norc', '--noprofile', '-i'],
                   dict(os.environ, PS1='$ ', INPUTRC='/dev/null', TERM='dumb'))
    setup = f'source {shquote(BASH_COMPLETION)}; source {shquote(script)}; echo READY\n'
    try:
        read_until(fd, '$ ')
        os.write(fd, setup.encode())
        read_until(fd, 'READY\r\n$ ')
        os.write(fd, line.encode() + b'\t')
        shown = read_until(fd, want)
        os.write(fd, b'\x03exit\n')
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    return shown


def read_until(fd, end):
    """What the terminal shows (bells left out) up to `end`, or all it showed in a minute."""
    out = ''
    deadline = time.monotonic() + 60 * TIME_FACTOR
    while not out.endswith(end) and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 1)
        if ready:
            try:
                out += os.read(fd, 4096).decode(errors='replace').replace('\x07', '')
            except OSError:
                break
    return out


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
    if not os.path.isfile(BASH_COMPLETION):
        missing.append('bash-completion')
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
        os.mkdir(os.path.join(work, 'My Games'))
        open(os.path.join(work, 'My Games', 'first game.boardsmith'), 'w').close()
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
            got = words('boardsmith-cli new-rules ')
            expect('gomoku' in got and 'reversi' in got,
                   f'{shell}: "new-rules <TAB>" does not offer the written games: {got}')
            got = words('boardsmith-cli new-rules gomoku ')
            expect('game.boardsmith' in got or ':files' in got,
                   f'{shell}: "new-rules gomoku <TAB>" does not offer files: {got}')
            got = words('boardsmith-cli replay ')
            expect('game.boardsmith' in got or ':files' in got,
                   f'{shell}: "replay <TAB>" does not offer files: {got}')
            print(f'{shell}: {len(commands)} commands, their options, {len(variants)} variants, '
                  '--set keys and values, files')
        # File names with blanks, typed escaped or quoted, completed by bash's own readline.
        for line, want in (('boardsmith-cli replay My\\ G', 'boardsmith-cli replay My\\ Games/'),
                           ('boardsmith-cli replay "My Games/fi',
                            'boardsmith-cli replay "My Games/first game.boardsmith" '),
                           (f'boardsmith-cli render {variant} -o My\\ Games/fi',
                            f'boardsmith-cli render {variant} -o My\\ Games/first\\ game.boardsmith ')):
            got = bash_readline(shells['bash'][1], line, want, work)
            expect(got == want, f'bash: "{line}<TAB>" reads {got!r}, not {want!r}')
        print('bash: file names with blanks, escaped and quoted')
    finally:
        shutil.rmtree(bindir)

    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

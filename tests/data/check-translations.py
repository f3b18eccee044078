#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Translation checks (suite 'data').

  check-translations.py its SRCDIR
      xgettext with po/its extracts a variant's name, description (whitespace normalised)
      and player names (context "player") from a variant file, and nothing else; and from
      a game in the rules language exactly the texts a player reads (player names with
      context "player"), each with its translator comment where it has {placeholders}.
  check-translations.py complete SRCDIR
      every language of po/LINGUAS translates every string the sources have now: the
      catalog is extracted afresh (as `meson compile boardsmith-pot` does) and po/LANG.po,
      as committed, must have a translation that is not fuzzy for each of its strings and
      pass msgfmt --check.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The keywords of meson's i18n 'glib' preset.
XGETTEXT_ARGS = ['--from-code=UTF-8', '--add-comments', '--keyword=_', '--keyword=N_',
                 '--keyword=C_:1c,2', '--keyword=NC_:1c,2', '--keyword=g_dcgettext:2',
                 '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
                 '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format',
                 '--flag=NC_:2:pass-c-format', '--flag=g_dngettext:2:pass-c-format',
                 '--flag=g_strdup_printf:1:c-format', '--flag=g_string_printf:2:c-format',
                 '--flag=g_string_append_printf:2:c-format', '--flag=g_error_new:3:c-format',
                 '--flag=g_set_error:4:c-format', '--flag=g_markup_printf_escaped:1:c-format',
                 '--flag=g_log:3:c-format', '--flag=g_print:1:c-format',
                 '--flag=g_printerr:1:c-format', '--flag=g_printf:1:c-format',
                 '--flag=g_fprintf:2:c-format', '--flag=g_sprintf:2:c-format',
                 '--flag=g_snprintf:3:c-format']


def need(tool):
    path = shutil.which(tool)
    if not path:
        print(f'{tool} is not installed', file=sys.stderr)
        sys.exit(77)
    return path


def xgettext(srcdir, files, out):
    env = dict(os.environ, GETTEXTDATADIRS=os.path.join(srcdir, 'po'))
    subprocess.run([need('xgettext'), *XGETTEXT_ARGS, '--package-name=boardsmith',
                    '-D', srcdir, '-o', out, *files], check=True, env=env)


def parse_po(path):
    """(msgctxt, msgid) → (msgstr, fuzzy) of the live entries of a .po/.pot file: the header
    and obsolete (#~) entries left out."""
    entries, cur, key, fuzzy = {}, {}, None, False
    with open(path, encoding='utf-8') as f:
        lines = f.read().splitlines() + ['']
    for line in lines:
        m = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[0\])?)\s+"(.*)"$', line)
        if m:
            key = m.group(1).replace('[0]', '')
            cur[key] = m.group(2)
        elif line.startswith('"') and key:
            cur[key] += line[1:-1]
        elif line.startswith('#,') and 'fuzzy' in line:
            fuzzy = True
        elif not line.strip():
            if cur.get('msgid'):
                entries[(cur.get('msgctxt'), cur['msgid'])] = (cur.get('msgstr', ''), fuzzy)
            cur, key, fuzzy = {}, None, False
    return entries


def extracted_comments(path):
    """msgid → the extracted comments (#.) of its entry in a .pot file."""
    comments, notes = {}, []
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('#.'):
                notes.append(line[2:].strip())
            elif line.startswith('msgid "') and notes:
                comments[line[7:].rstrip().rstrip('"')] = ' '.join(notes)
                notes = []
            elif not line.strip():
                notes = []
    return comments


ITS_WANT = {
    'its-variant.xml': {
        (None, 'Crowded Agoraphobia'),
        (None, 'Agoraphobia on a smaller board. Every piece placed pushes its neighbours '
               'away; the largest group loses.'),
        ('player', 'Light'),
        ('player', 'Dark'),
    },
    'its-rules.xml': {
        (None, 'Its Game'),
        (None, 'Place stones; the longest line wins'),
        ('player', 'Gold'),
        ('player', 'Silver'),
        (None, 'Line length'),
        (None, 'Stones in a row that win'),
        (None, 'Sliding'),
        (None, 'Whether a stone may slide'),
        (None, 'token'),
        (None, 'Token'),
        (None, '_Resign'),
        (None, 'Give the game up.'),
        (None, '{mover} resigns to {next}.'),
        (None, '{mover} made a line and wins.'),
        (None, '{mover} made a line and loses.'),
        (None, '{mover} resigned.'),
        (None, 'Tokens'),
        (None, 'write a move as c3'),
        (None, '{mover} places a token on {to}.'),
        (None, '{mover} takes {to}.'),
        (None, '{mover} passes.'),
        (None, '{mover} drops a token on {to}.'),
        (None, '{player1} starts.'),
        (None, 'Make a line of {line}.'),
    },
}


PLAYER_AND_CELL_PLACEHOLDERS = ('{mover}', '{next}', '{player1}', '{player2}', '{from}', '{to}')


def check_its(srcdir):
    problems = []
    for name, want in ITS_WANT.items():
        with tempfile.TemporaryDirectory() as tmp:
            pot = os.path.join(tmp, 'its.pot')
            xgettext(srcdir, [os.path.join('tests', 'data', name)], pot)
            got = set(parse_po(pot))
            comments = extracted_comments(pot)
        problems += [f'{name}: not extracted: {w}' for w in sorted(want - got, key=str)]
        problems += [f'{name}: extracted but not translatable: {g}'
                     for g in sorted(got - want, key=str)]
        # A translator must learn what each {placeholder} becomes: the players' and cells'
        # by name, an option's ({line}) as what the options set.
        for (_, msgid) in sorted(want & got, key=str):
            for placeholder in re.findall(r'\{[a-z0-9-]+\}', msgid):
                said = placeholder if placeholder in PLAYER_AND_CELL_PLACEHOLDERS else 'options'
                if said not in comments.get(msgid, ''):
                    problems.append(f'{name}: {msgid!r}: no translator comment says what '
                                    f'{placeholder} becomes')
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


def check_complete(srcdir):
    msgfmt = need('msgfmt')
    with open(os.path.join(srcdir, 'po', 'POTFILES.in')) as f:
        files = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    with open(os.path.join(srcdir, 'po', 'LINGUAS')) as f:
        languages = [w for line in f for w in line.split('#')[0].split()]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'boardsmith.pot')
        xgettext(srcdir, files, pot)
        wanted = parse_po(pot)
    for lang in languages:
        po = os.path.join(srcdir, 'po', lang + '.po')
        r = subprocess.run([msgfmt, '--check', '-o', os.devnull, po], capture_output=True,
                           text=True)
        if r.returncode != 0:
            print(f'po/{lang}.po: msgfmt --check failed:\n{r.stderr}', file=sys.stderr)
            failures += 1
            continue
        # The catalog as committed is what gets compiled and installed: an entry only
        # msgmerge would bring back (obsolete, #~) does not count.
        have = parse_po(po)
        bad = 0
        for (ctxt, msgid) in wanted:
            msgstr, fuzzy = have.get((ctxt, msgid), ('', False))
            what = 'untranslated' if not msgstr else 'fuzzy' if fuzzy else None
            if what:
                bad += 1
                print(f'po/{lang}.po: {what}: {msgid!r}' +
                      (f' (context {ctxt!r})' if ctxt else ''), file=sys.stderr)
        if bad:
            failures += 1
        else:
            print(f'po/{lang}.po translates all {len(wanted)} strings of the sources')
    if failures:
        print('run po/update.sh BUILDDIR (it brings back translations kept as obsolete '
              'entries), then translate what is left', file=sys.stderr)
    return 1 if failures else 0


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('its', 'complete'):
        print(__doc__, file=sys.stderr)
        return 2
    return check_its(sys.argv[2]) if sys.argv[1] == 'its' else check_complete(sys.argv[2])


if __name__ == '__main__':
    sys.exit(main())

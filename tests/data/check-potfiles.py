#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks po/POTFILES.in against the sources.

Fails when a file with translatable strings is not listed (C: _( N_( C_( NC_( ngettext-style
calls; GtkBuilder .ui: translatable="yes"; built-in variants and written games rules/**.xml;
the desktop, metainfo, MIME and GSettings files in data/), when a listed file does not exist,
and when the list is not sorted in byte order or has duplicates. po/POTFILES.skip names deliberate
exceptions.

Usage: check-potfiles.py SOURCE_ROOT
       check-potfiles.py --self-test     (proves the checker catches each kind of mistake)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SCANNED_DIRS = ('src', 'ui', 'data', 'rules')
C_CALL = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|g_dgettext|g_dpgettext2?|g_dngettext'
                    r'|ngettext|g_dcgettext)\s*\(')
UI_TRANSLATABLE = re.compile(r'translatable\s*=\s*"(?:yes|true|1)"')
VARIANT_ROOT = re.compile(r'<variant\b[^>]*\bformat\s*=')
RULES_ROOT = re.compile(r'<rules\b[^>]*\bformat\s*=')
SCHEMA_TEXT = re.compile(r'<(?:summary|description)\b')
# xgettext cuts a msgid at a GLib format macro ("%" G_GUINT64_FORMAT); PRIu64 & co. it knows.
GLIB_FORMAT_MACRO = re.compile(r'(?:_|N_|C_|NC_)\s*\((?:\s*"[^"\n]*",)?\s*"[^"\n]*%"\s*'
                               r'(G_G\w+_FORMAT|G_GSIZE_FORMAT|G_GSSIZE_FORMAT)')
C_COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)


def strip_c_comments(text):
    """Comments become blanks (newlines kept, so line numbers stay right)."""
    return C_COMMENT.sub(lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text)


def read_list(path):
    if not os.path.exists(path):
        return []
    entries = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                entries.append(line)
    return entries


def source_files(root):
    """Files under the scanned dirs: git's view (tracked and untracked, not ignored) when the
    tree is a git checkout, else a walk that leaves out build directories."""
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '-co', '--exclude-standard', '--']
                             + list(SCANNED_DIRS), check=True, capture_output=True,
                             text=True).stdout
        return sorted(p for p in out.splitlines() if os.path.isfile(os.path.join(root, p)))
    except (OSError, subprocess.CalledProcessError):
        found = []
        for top in SCANNED_DIRS:
            for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
                dirnames[:] = [d for d in dirnames if not d.startswith(('_build', 'build', '.'))]
                for name in filenames:
                    found.append(os.path.relpath(os.path.join(dirpath, name), root))
        return sorted(found)


def needs_translation(root, rel):
    name = os.path.basename(rel)
    try:
        with open(os.path.join(root, rel), encoding='utf-8') as f:
            text = f.read()
    except (UnicodeDecodeError, OSError):
        return None
    if name.endswith(('.c', '.h')):
        for lineno, line in enumerate(strip_c_comments(text).splitlines(), 1):
            if C_CALL.search(line):
                return f'{rel}:{lineno}: a translatable string'
    elif name.endswith('.ui') or name.endswith('.blp'):
        m = UI_TRANSLATABLE.search(text)
        if m:
            return f'{rel}:{text.count(chr(10), 0, m.start()) + 1}: translatable="yes"'
    elif rel.startswith('rules/') and name.endswith('.xml'):
        if VARIANT_ROOT.search(text):
            return f'{rel}: a built-in variant (name, description, player names)'
        if RULES_ROOT.search(text):
            return f'{rel}: a written game (name, labels, sentences, explanations, help)'
    elif rel.startswith('data/') and name.endswith(('.desktop.in', '.metainfo.xml.in',
                                                      '.mime.xml.in')):
        return f'{rel}: desktop integration text'
    elif rel.startswith('data/') and name.endswith('.gschema.xml'):
        if SCHEMA_TEXT.search(text):
            return f'{rel}: schema summaries and descriptions'
    return None


def check(root):
    problems = []
    for rel in source_files(root):
        if rel.endswith(('.c', '.h')):
            with open(os.path.join(root, rel), encoding='utf-8', errors='replace') as f:
                text = strip_c_comments(f.read())
            for m in GLIB_FORMAT_MACRO.finditer(text):
                problems.append(f'{rel}:{text.count(chr(10), 0, m.start()) + 1}: a translatable '
                                f'string uses {m.group(1)}, which xgettext cannot see through: '
                                'use PRIu64/PRId64 (<inttypes.h>) or format the number first')
    listed = read_list(os.path.join(root, 'po', 'POTFILES.in'))
    skipped = set(read_list(os.path.join(root, 'po', 'POTFILES.skip')))
    if listed != sorted(listed, key=lambda s: s.encode()):
        problems.append('po/POTFILES.in is not sorted in byte order (LC_ALL=C sort)')
    dupes = sorted({p for p in listed if listed.count(p) > 1})
    for p in dupes:
        problems.append(f'po/POTFILES.in lists {p} more than once')
    for p in listed:
        if not os.path.isfile(os.path.join(root, p)):
            problems.append(f'po/POTFILES.in lists {p}, which does not exist')
    listed_set = set(listed)
    for rel in source_files(root):
        if rel in listed_set or rel in skipped:
            continue
        why = needs_translation(root, rel)
        if why:
            problems.append(f'{why}, but {rel} is missing from po/POTFILES.in')
    return problems


def self_test():
    cases = {
        'unlisted C file': ({'src/app/a.c': 'x = _("Open");\n'}, ['data/x.desktop.in'], True),
        'unlisted ui file': ({'ui/w.ui': '<property translatable="yes">Hi</property>'}, [], True),
        'unlisted variant': ({'rules/g.xml': '<variant format="1"><name>G</name></variant>'},
                             [], True),
        'unlisted written game': ({'rules/games/g.xml': '<rules format="1" id="g"></rules>'},
                                  [], True),
        'unsorted list': ({'src/b.c': '_("b")', 'src/a.c': '_("a")'},
                          ['src/b.c', 'src/a.c'], True),
        'stale entry': ({}, ['src/gone.c'], True),
        'GLib format macro': ({'src/a.c': 'p (_("seed %" G_GUINT64_FORMAT), s);'}, ['src/a.c'],
                              True),
        'complete list': ({'src/a.c': 'f (_("a"));', 'src/b.c': 'foo_(x); /* a N_() label */',
                           'ui/w.ui': '<property translatable="yes">Hi</property>'},
                          ['src/a.c', 'ui/w.ui'], False),
    }
    failures = 0
    for label, (files, listed, expect_problems) in cases.items():
        with tempfile.TemporaryDirectory() as tmp:
            for rel, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
                with open(os.path.join(tmp, rel), 'w') as f:
                    f.write(text)
            os.makedirs(os.path.join(tmp, 'po'))
            with open(os.path.join(tmp, 'po', 'POTFILES.in'), 'w') as f:
                f.write('\n'.join(listed) + '\n')
            if 'data/x.desktop.in' in listed:
                os.makedirs(os.path.join(tmp, 'data'), exist_ok=True)
                open(os.path.join(tmp, 'data', 'x.desktop.in'), 'w').close()
            got = check(tmp)
            ok = bool(got) == expect_problems
            print(f'{"ok" if ok else "not ok"} - {label}: {got or "no problems"}')
            failures += not ok
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ['--self-test']:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    problems = check(sys.argv[1])
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print('po/POTFILES.in is complete and sorted')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

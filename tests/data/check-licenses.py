#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every file of the source tree states its licence, and the licences agree with each other.

- each file has an `SPDX-License-Identifier:` line near its top (in a comment), or is listed in
  .reuse/dep5 (files that cannot carry a comment: images, JSON, test inputs that must stay
  byte for byte as they are) — the REUSE layout, so `reuse lint` reads the same information;
- every licence named has its text in LICENSES/ID.txt, and COPYING is the project licence's;
- meson.build's `license:`, the metainfo's <project_license> and the About window's licence
  type name the same licence; <metadata_license> is the metainfo file's own SPDX header.

Usage: check-licenses.py SRCDIR
       check-licenses.py --self-test
"""
import fnmatch
import os
import re
import subprocess
import sys

HEADER_LINES = 15
SPDX_RE = re.compile(r'SPDX-License-Identifier:\s*([A-Za-z0-9.+() -]+?)\s*(?:\*/|-->|$)')
# Build and tool directories that are not sources (when the tree is not a git checkout).
NOT_SOURCES = ('.git', '.flatpak-builder', '_build', 'build', '__pycache__')
APP_ID = 'io.github.boardsmith.Boardsmith'
# GtkLicense values of the About window and the SPDX identifiers they mean.
GTK_LICENSES = {'GTK_LICENSE_GPL_3_0': 'GPL-3.0-or-later',
                'GTK_LICENSE_GPL_3_0_ONLY': 'GPL-3.0-only',
                'GTK_LICENSE_GPL_2_0': 'GPL-2.0-or-later',
                'GTK_LICENSE_LGPL_2_1': 'LGPL-2.1-or-later',
                'GTK_LICENSE_LGPL_3_0': 'LGPL-3.0-or-later',
                'GTK_LICENSE_MIT_X11': 'MIT',
                'GTK_LICENSE_APACHE_2_0': 'Apache-2.0'}

HOW_TO = ('Put "SPDX-License-Identifier: GPL-3.0-or-later" in a comment in the first '
          f'{HEADER_LINES} lines (data files: the licence they are under), or, for a file '
          'that cannot hold a comment, add it to a stanza of .reuse/dep5.')


def source_files(srcdir):
    """The tracked and untracked-but-not-ignored files of a checkout, or every file of an
    unpacked tarball (meson dist) that is not a build directory."""
    if os.path.isdir(os.path.join(srcdir, '.git')) or os.path.isfile(os.path.join(srcdir, '.git')):
        r = subprocess.run(['git', '-C', srcdir, 'ls-files', '-z', '-co', '--exclude-standard'],
                           capture_output=True)
        if r.returncode == 0:
            return sorted(p for p in r.stdout.decode().split('\0')
                          if p and os.path.isfile(os.path.join(srcdir, p)))
    files = []
    for root, dirs, names in os.walk(srcdir):
        dirs[:] = [d for d in dirs if not d.startswith(NOT_SOURCES)]
        for name in names:
            files.append(os.path.relpath(os.path.join(root, name), srcdir))
    return sorted(files)


def parse_dep5(text):
    """The Files/License stanzas of a machine-readable copyright file: [(globs, licence)]."""
    stanzas = []
    for block in re.split(r'\n\s*\n', text):
        fields, key = {}, None
        for line in block.splitlines():
            if line[:1] in (' ', '\t') and key:
                fields[key] += ' ' + line.strip()
            elif ':' in line:
                key, value = line.split(':', 1)
                key = key.strip()
                fields[key] = value.strip()
        if 'Files' in fields:
            if 'License' not in fields:
                raise ValueError(f'.reuse/dep5: the stanza for {fields["Files"]} has no License')
            stanzas.append((fields['Files'].split(), fields['License'].split('\n')[0].strip()))
    return stanzas


def dep5_license(path, stanzas):
    found = None
    for globs, lic in stanzas:  # the last matching stanza wins, as in the format's spec
        if any(fnmatch.fnmatchcase(path, g) for g in globs):
            found = lic
    return found


def header_license(data):
    head = data[:8192].decode('utf-8', 'replace').splitlines()[:HEADER_LINES]
    for line in head:
        m = SPDX_RE.search(line)
        if m:
            return m.group(1).strip()
    return None


def license_ids(expression):
    return [t for t in re.split(r'[\s()]+', expression)
            if t and t not in ('AND', 'OR', 'WITH')]


def check(srcdir):
    problems = []
    dep5_path = os.path.join(srcdir, '.reuse', 'dep5')
    stanzas = []
    if os.path.isfile(dep5_path):
        with open(dep5_path, encoding='utf-8') as f:
            stanzas = parse_dep5(f.read())
    used = {}
    files = source_files(srcdir)
    if not files:
        return ['no source files found']
    for rel in files:
        if rel.startswith('LICENSES/') or rel in ('COPYING', '.reuse/dep5'):
            continue
        with open(os.path.join(srcdir, rel), 'rb') as f:
            data = f.read()
        lic = header_license(data) or dep5_license(rel, stanzas)
        if lic is None:
            problems.append(f'{rel}: no licence stated. {HOW_TO}')
            continue
        for ident in license_ids(lic):
            used.setdefault(ident, rel)

    texts = os.path.join(srcdir, 'LICENSES')
    for ident, example in sorted(used.items()):
        if not os.path.isfile(os.path.join(texts, ident + '.txt')):
            problems.append(f'{example} is under {ident}, but LICENSES/{ident}.txt is missing')
    if os.path.isdir(texts):
        for name in sorted(os.listdir(texts)):
            if name.endswith('.txt') and name[:-4] not in used:
                problems.append(f'LICENSES/{name}: no file is under this licence')

    # The project licence, one name everywhere.
    with open(os.path.join(srcdir, 'meson.build'), encoding='utf-8') as f:
        m = re.search(r"license\s*:\s*'([^']+)'", f.read())
    project = m.group(1) if m else None
    if project is None:
        problems.append('meson.build: project() names no license')
        return problems
    copying = os.path.join(srcdir, 'COPYING')
    project_text = os.path.join(texts, project + '.txt')
    if not os.path.isfile(copying):
        problems.append('COPYING is missing')
    elif os.path.isfile(project_text):
        with open(copying, 'rb') as a, open(project_text, 'rb') as b:
            if a.read() != b.read():
                problems.append(f'COPYING is not the text of {project} (LICENSES/{project}.txt)')

    metainfo = os.path.join(srcdir, 'data', APP_ID + '.metainfo.xml.in')
    if os.path.isfile(metainfo):
        with open(metainfo, 'rb') as f:
            data = f.read()
        text = data.decode('utf-8')
        pl = re.search(r'<project_license>([^<]+)</project_license>', text)
        ml = re.search(r'<metadata_license>([^<]+)</metadata_license>', text)
        if not pl or pl.group(1).strip() != project:
            problems.append(f'metainfo <project_license> is '
                            f'{pl.group(1) if pl else "missing"}, meson.build says {project}')
        if not ml or ml.group(1).strip() != header_license(data):
            problems.append(f'metainfo <metadata_license> is {ml.group(1) if ml else "missing"}, '
                            f'its SPDX header says {header_license(data)}')

    appdir = os.path.join(srcdir, 'src', 'app')
    if os.path.isdir(appdir):
        types = set()
        for root, _, names in sorted(os.walk(appdir)):
            for name in sorted(names):
                if name.endswith('.c'):
                    with open(os.path.join(root, name), encoding='utf-8') as f:
                        types |= set(re.findall(r'"license-type",\s*(GTK_LICENSE_\w+)',
                                                f.read()))
        for t in types:
            if GTK_LICENSES.get(t) != project:
                problems.append(f'the About window says {t}, meson.build says {project}')
        if not types:
            problems.append('src/app: the About window sets no license-type')
    return problems


def self_test():
    assert header_license(b'/* SPDX-License-Identifier: GPL-3.0-or-later */\n') == \
        'GPL-3.0-or-later'
    assert header_license(b'<?xml?>\n<!-- SPDX-License-Identifier: CC0-1.0 -->\n') == 'CC0-1.0'
    assert header_license(b'# SPDX-License-Identifier: MIT OR Apache-2.0\n') == 'MIT OR Apache-2.0'
    assert header_license(b'\n' * HEADER_LINES + b'# SPDX-License-Identifier: MIT\n') is None
    assert header_license(b'int x;\n') is None
    st = parse_dep5('Format: x\n\nFiles: a/*.png\n b/c.json\nCopyright: us\nLicense: CC0-1.0\n\n'
                    'Files: a/keep.png\nLicense: MIT\n')
    assert dep5_license('a/x/y.png', st) == 'CC0-1.0'
    assert dep5_license('b/c.json', st) == 'CC0-1.0'
    assert dep5_license('a/keep.png', st) == 'MIT'
    assert dep5_license('c.png', st) is None
    assert license_ids('(MIT OR GPL-3.0-or-later) AND CC0-1.0') == \
        ['MIT', 'GPL-3.0-or-later', 'CC0-1.0']
    print('self-test passed')
    return 0


def main():
    if sys.argv[1:] == ['--self-test']:
        return self_test()
    srcdir = sys.argv[1]
    problems = check(srcdir)
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print('every source file states its licence; the licences agree')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

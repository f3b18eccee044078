#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The version lives in one place, meson.build, and everything that shows it agrees:
`boardsmith --version`, `boardsmith-cli --version` (and `-V` once the CLI has it), and the
newest <release> of the metainfo, which must have a date and release notes.
See docs/PACKAGING.md, "Making a release".

Usage: check-release.py VERSION METAINFO PROGRAM…
"""
import datetime
import re
import subprocess
import sys
import xml.etree.ElementTree as ET


def version_key(v):
    return [int(p) if p.isdigit() else p for p in re.split(r'[.-]', v)]


def main():
    version, metainfo, programs = sys.argv[1], sys.argv[2], sys.argv[3:]
    problems = []

    releases = ET.parse(metainfo).getroot().findall('releases/release')
    if not releases:
        problems.append('the metainfo has no <release>')
    else:
        newest = releases[0]
        versions = [r.get('version') for r in releases]
        if versions != sorted(versions, key=version_key, reverse=True):
            problems.append(f'the metainfo releases are not newest first: {versions}')
        if newest.get('version') != version:
            problems.append(f'meson.build says {version}, the newest metainfo <release> is '
                            f'{newest.get("version")}: add a <release version="{version}" '
                            'date="YYYY-MM-DD"> with notes (docs/PACKAGING.md)')
        try:
            datetime.date.fromisoformat(newest.get('date') or '')
        except ValueError:
            problems.append(f'the <release> {newest.get("version")} has no date YYYY-MM-DD')
        notes = newest.find('description')
        if notes is None or not ''.join(notes.itertext()).strip():
            problems.append(f'the <release> {newest.get("version")} has no release notes '
                            '(<description>)')

    for program in programs:
        name = program.rsplit('/', 1)[-1]
        for flag in ('--version',):
            r = subprocess.run([program, flag], capture_output=True, text=True,
                               env={'LC_ALL': 'C.UTF-8', 'PATH': '/usr/bin:/bin'})
            want = f'{name} {version}'
            if r.returncode != 0 or r.stdout.strip() != want:
                problems.append(f'`{name} {flag}` printed {r.stdout.strip()!r} (exit '
                                f'{r.returncode}, {r.stderr.strip()!r}), not {want!r}')
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print(f'version {version} everywhere')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

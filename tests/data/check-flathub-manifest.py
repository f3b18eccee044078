#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Flathub manifest that build-aux/flathub-manifest.py writes for a release agrees with the
local-dir manifest of flatpak/ on everything but the app's sources, which are one `git` source
at the release tag and the commit the tag points to; and the script refuses a tag that is not
the version of meson.build, or one that does not exist. (The Flatpak suite builds it from a
local tag.)

Usage: check-flathub-manifest.py SRCDIR APP_ID VERSION
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


def without_app_sources(manifest):
    m = json.loads(json.dumps(manifest))
    for mod in m.get('modules', []):
        if isinstance(mod, dict) and mod.get('name') == 'boardsmith':
            mod.pop('sources', None)
    return m


def main():
    srcdir, app_id, version = sys.argv[1:4]
    script = os.path.join(srcdir, 'build-aux', 'flathub-manifest.py')
    if not shutil.which('git'):
        print('git is not installed', file=sys.stderr)
        return 1
    with open(os.path.join(srcdir, 'flatpak', app_id + '.json'), encoding='utf-8') as f:
        local = json.load(f)

    with tempfile.TemporaryDirectory(prefix='boardsmith-flathub-') as tmp:
        # A repository holding what the script reads, with the release tagged.
        for rel in ('meson.build', f'data/{app_id}.metainfo.xml.in', f'flatpak/{app_id}.json'):
            os.makedirs(os.path.join(tmp, os.path.dirname(rel)), exist_ok=True)
            shutil.copy(os.path.join(srcdir, rel), os.path.join(tmp, rel))
        git = ['git', '-C', tmp, '-c', 'user.name=test', '-c', 'user.email=test@localhost']
        for args in (['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'release'],
                     ['tag', f'v{version}']):
            subprocess.run(git + args, check=True, capture_output=True)
        commit = subprocess.run(git + ['rev-parse', 'HEAD'], check=True, capture_output=True,
                                text=True).stdout.strip()

        r = subprocess.run([sys.executable, script, '--srcdir', tmp], capture_output=True,
                           text=True)
        if expect(r.returncode == 0, f'flathub-manifest.py failed: {r.stderr}'):
            flathub = json.loads(r.stdout)
            expect(without_app_sources(flathub) == without_app_sources(local),
                   'the Flathub manifest differs from the local one beyond the app\'s sources')
            app = [m for m in flathub['modules'] if isinstance(m, dict)
                   and m.get('name') == 'boardsmith'][0]
            want = {'type': 'git', 'url': 'https://github.com/boardsmith/boardsmith.git',
                    'tag': f'v{version}', 'commit': commit}
            expect(app['sources'] == [want],
                   f'the app\'s sources are {app["sources"]}, not [{want}]')
            print(json.dumps(app['sources']))

        r = subprocess.run([sys.executable, script, '--srcdir', tmp, '--tag', 'v0.0.0-not'],
                           capture_output=True, text=True)
        expect(r.returncode != 0 and 'meson.build' in r.stderr,
               f'a tag that is not the version is accepted: {r.returncode} {r.stderr}')
        subprocess.run(git + ['tag', '-d', f'v{version}'], check=True, capture_output=True)
        r = subprocess.run([sys.executable, script, '--srcdir', tmp], capture_output=True,
                           text=True)
        expect(r.returncode != 0 and 'no tag' in r.stderr,
               f'a missing tag is accepted: {r.returncode} {r.stderr}')

    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the manifest to submit to Flathub for a release: the local-dir manifest of
flatpak/APP_ID.json (which CI builds from the checkout) with the app module's sources replaced
by one `git` source at the release tag and its commit — nothing else differs. Run it after
tagging (docs/PACKAGING.md, "Making a release"):

    build-aux/flathub-manifest.py -o ../flathub/io.github.boardsmith.Boardsmith.json

Options: --tag TAG (default v + the version in meson.build), --commit SHA (default: what the
tag points to in --srcdir's git), --url URL (default: the metainfo's vcs-browser URL + .git),
--srcdir DIR (default: the checkout this script is in). The tag must match meson.build's
version and the metainfo must have that <release>.
"""
import argparse
import copy
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

APP_ID = 'io.github.boardsmith.Boardsmith'
APP_MODULE = 'boardsmith'


def meson_version(srcdir):
    with open(os.path.join(srcdir, 'meson.build'), encoding='utf-8') as f:
        m = re.search(r"project\([^)]*?version\s*:\s*'([^']+)'", f.read(), re.S)
    if not m:
        raise SystemExit('flathub-manifest: no version in meson.build')
    return m.group(1)


def metainfo(srcdir):
    return ET.parse(os.path.join(srcdir, 'data', APP_ID + '.metainfo.xml.in')).getroot()


def flathub_manifest(local, url, tag, commit):
    """The local manifest with the app module's sources replaced by the git source."""
    manifest = copy.deepcopy(local)
    modules = [m for m in manifest.get('modules', []) if isinstance(m, dict)
               and m.get('name') == APP_MODULE]
    if len(modules) != 1:
        raise SystemExit(f'flathub-manifest: the manifest has no single module "{APP_MODULE}"')
    modules[0]['sources'] = [{'type': 'git', 'url': url, 'tag': tag, 'commit': commit}]
    return manifest


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--srcdir', default=here)
    p.add_argument('--tag')
    p.add_argument('--commit')
    p.add_argument('--url')
    p.add_argument('-o', '--output', default='-')
    args = p.parse_args()

    srcdir = os.path.abspath(args.srcdir)
    version = meson_version(srcdir)
    tag = args.tag or f'v{version}'
    if tag != f'v{version}':
        raise SystemExit(f'flathub-manifest: the tag {tag} is not v{version}, the version in '
                         'meson.build')
    info = metainfo(srcdir)
    if version not in [r.get('version') for r in info.iter('release')]:
        raise SystemExit(f'flathub-manifest: the metainfo has no <release version="{version}">')
    url = args.url
    if url is None:
        browser = [u.text.strip() for u in info.iter('url') if u.get('type') == 'vcs-browser']
        if not browser:
            raise SystemExit('flathub-manifest: no <url type="vcs-browser"> in the metainfo')
        url = browser[0].rstrip('/') + '.git'
    commit = args.commit
    if commit is None:
        r = subprocess.run(['git', '-C', srcdir, 'rev-parse', '--verify', '--quiet',
                            f'refs/tags/{tag}^{{commit}}'], capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f'flathub-manifest: there is no tag {tag} in {srcdir}: tag the '
                             'release first (docs/PACKAGING.md)')
        commit = r.stdout.strip()
    if not re.fullmatch(r'[0-9a-f]{40}', commit):
        raise SystemExit(f'flathub-manifest: {commit} is not a full commit id')

    with open(os.path.join(srcdir, 'flatpak', APP_ID + '.json'), encoding='utf-8') as f:
        local = json.load(f)
    text = json.dumps(flathub_manifest(local, url, tag, commit), indent=2,
                      ensure_ascii=False) + '\n'
    if args.output == '-':
        sys.stdout.write(text)
    else:
        with open(args.output + '.tmp', 'w', encoding='utf-8') as f:
            f.write(text)
        os.replace(args.output + '.tmp', args.output)
    return 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every screenshot the metainfo names is in the repository, its URL pinned to the release
tag (.../vVERSION/PATH: a software centre showing a release shows that release's pictures,
not whatever main has since), and is a real window image (png-check: size, many colours).
They are made with data/screenshots/update.sh, i.e. the app's own --screenshot. The metainfo
also gives every link a software centre shows (URL_TYPES below).

Usage: check-screenshots.py METAINFO SRCDIR PNG_CHECK VERSION
"""
import os
import re
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

# Flathub's recommendation: a window of about 1000×700 or smaller (data/screenshots/update.sh).
MAX_WIDTH, MAX_HEIGHT = 1000, 700
# The links GNOME Software and Flathub show (AppStream <url> types).
URL_TYPES = ('homepage', 'bugtracker', 'vcs-browser', 'translate', 'contact', 'contribute',
             'donation')


def png_size(path):
    with open(path, 'rb') as f:
        head = f.read(24)
    if head[:8] != b'\x89PNG\r\n\x1a\n':
        return None
    return struct.unpack('>II', head[16:24])


def main():
    metainfo, srcdir, png_check, version = sys.argv[1:5]
    problems = []
    urls = {u.get('type') for u in ET.parse(metainfo).getroot().findall('url')}
    for kind in URL_TYPES:
        if kind not in urls:
            problems.append(f'the metainfo has no <url type="{kind}">')
    images = [i.text.strip() for i in ET.parse(metainfo).getroot().iter('image')]
    if not images:
        problems.append('the metainfo names no screenshot')
    for shot in ET.parse(metainfo).getroot().iter('screenshot'):
        caption = shot.findtext('caption')
        if not caption or not caption.strip():
            problems.append(f'the screenshot {shot.findtext("image")} has no caption')
        elif len(caption.strip()) > 50:
            problems.append(f'the caption "{caption.strip()}" is longer than 50 characters '
                            '(appstream-util validate-strict)')
    for url in images:
        m = re.match(r'^https://raw\.githubusercontent\.com/[^/]+/[^/]+/([^/]+)/(.+)$', url)
        if not m:
            problems.append(f'{url} does not point into the repository')
            continue
        tag, name = m.groups()
        if tag != 'v' + version:
            problems.append(f'{url} points at {tag}, not at the release tag v{version} '
                            '(docs/PACKAGING.md, "Making a release")')
        path = os.path.join(srcdir, name)
        if not os.path.isfile(path):
            problems.append(f'{name} is missing (make it with data/screenshots/update.sh)')
            continue
        size = png_size(path)
        if size is None or size[0] > MAX_WIDTH or size[1] > MAX_HEIGHT:
            problems.append(f'{name} is {size}, larger than {MAX_WIDTH}×{MAX_HEIGHT}: '
                            'remake it with data/screenshots/update.sh')
        r = subprocess.run([png_check, path, '640', '480'], capture_output=True, text=True)
        print(r.stdout.strip())
        if r.returncode != 0:
            problems.append(f'{name}: {r.stderr.strip()}')
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

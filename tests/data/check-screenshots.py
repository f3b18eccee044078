#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every screenshot the metainfo names is in the repository (its URL points into the tree:
.../main/PATH) and is a real window image (png-check: size, many colours). They are made
with data/screenshots/update.sh, i.e. the app's own --screenshot.

Usage: check-screenshots.py METAINFO SRCDIR PNG_CHECK
"""
import os
import re
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

# Flathub's recommendation: a window of about 1000×700 or smaller (data/screenshots/update.sh).
MAX_WIDTH, MAX_HEIGHT = 1000, 700


def png_size(path):
    with open(path, 'rb') as f:
        head = f.read(24)
    if head[:8] != b'\x89PNG\r\n\x1a\n':
        return None
    return struct.unpack('>II', head[16:24])


def main():
    metainfo, srcdir, png_check = sys.argv[1:4]
    problems = []
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
        m = re.match(r'^https://raw\.githubusercontent\.com/[^/]+/[^/]+/main/(.+)$', url)
        if not m:
            problems.append(f'{url} does not point into the repository')
            continue
        path = os.path.join(srcdir, m.group(1))
        if not os.path.isfile(path):
            problems.append(f'{m.group(1)} is missing (make it with data/screenshots/update.sh)')
            continue
        size = png_size(path)
        if size is None or size[0] > MAX_WIDTH or size[1] > MAX_HEIGHT:
            problems.append(f'{m.group(1)} is {size}, larger than {MAX_WIDTH}×{MAX_HEIGHT}: '
                            'remake it with data/screenshots/update.sh')
        r = subprocess.run([png_check, path, '640', '480'], capture_output=True, text=True)
        print(r.stdout.strip())
        if r.returncode != 0:
            problems.append(f'{m.group(1)}: {r.stderr.strip()}')
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

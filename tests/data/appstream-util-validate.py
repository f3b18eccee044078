#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`appstream-util validate-strict --nonet` on the metainfo, less the AppStream 1.0 elements
appstream-util predates: libappstream-glib (0.8.2 in Debian 12, 0.8.3 in the stand-in SDK) is
no longer developed and reports <developer>, <branding>, <recommends> and <supports> as
"unknown tag", while appstreamcli (AppStream itself, which Flathub uses) requires <developer>
and reads <supports> (the input controls the app works with). Everything else it checks
(copyright comment, sentence case, caption and summary lengths, URLs' form, translations,
<requires>...) must pass, and the elements stripped must be exactly those four: any other
unknown tag still fails. The Flatpak suite runs the same with the SDK's version.

Usage: appstream-util-validate.py METAINFO [APPSTREAM-UTIL COMMAND…]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

NEWER_THAN_APPSTREAM_UTIL = ('developer', 'branding', 'recommends', 'supports')


def main():
    metainfo = sys.argv[1]
    command = sys.argv[2:] or ['appstream-util']
    if not shutil.which(command[0]) and command == ['appstream-util']:
        print('appstream-util is not installed (package appstream-util)', file=sys.stderr)
        return 77
    with open(metainfo, encoding='utf-8') as f:
        text = f.read()
    for tag in NEWER_THAN_APPSTREAM_UTIL:
        text = re.sub(rf'\n\s*<{tag}(\s[^>]*)?>.*?</{tag}>', '', text, flags=re.S)
        if f'<{tag}' in text:
            print(f'could not strip <{tag}>', file=sys.stderr)
            return 1
    with tempfile.TemporaryDirectory(prefix='boardsmith-appstream-') as tmp:
        # appstream-util decides what to check by the file's name.
        copy = os.path.join(tmp, os.path.basename(metainfo).replace('.appdata.', '.metainfo.'))
        with open(copy, 'w', encoding='utf-8') as f:
            f.write(text)
        r = subprocess.run(command + ['validate-strict', '--nonet', copy], capture_output=True,
                           text=True)
    print(r.stdout + r.stderr)
    return 0 if r.returncode == 0 else 1


if __name__ == '__main__':
    sys.exit(main())

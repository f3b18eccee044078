#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifest: flatpak-builder parses it without a warning (--show-manifest;
an unknown property is only a warning there), and it holds what issue 9 asks for: the GNOME
51 runtime and SDK, the app built with Meson from the checkout, and the permissions a GNOME
app needs and no more (no file system access: files come through the portals).

Usage: check-manifest.py MANIFEST APP_ID
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

REQUIRED_ARGS = {'--share=ipc', '--socket=fallback-x11', '--socket=wayland', '--device=dri'}


def main():
    manifest_path, app_id = sys.argv[1:3]
    problems = []
    builder = shutil.which('flatpak-builder')
    if builder:
        with tempfile.TemporaryDirectory() as tmp:  # it leaves a .flatpak-builder/ in its cwd
            r = subprocess.run([builder, '--show-manifest', os.path.abspath(manifest_path)],
                               capture_output=True, text=True, cwd=tmp)
        if r.returncode != 0 or 'WARNING' in r.stderr or 'CRITICAL' in r.stderr:
            problems.append(f'flatpak-builder --show-manifest: rc {r.returncode}\n{r.stderr}')
    else:
        print('# flatpak-builder is not installed: only the JSON checks run')
    with open(manifest_path, encoding='utf-8') as f:
        m = json.load(f)
    for key, want in (('id', app_id), ('runtime', 'org.gnome.Platform'),
                      ('runtime-version', '51'), ('sdk', 'org.gnome.Sdk'),
                      ('command', 'boardsmith')):
        if m.get(key) != want:
            problems.append(f'"{key}" is {m.get(key)!r}, not {want!r}')
    args = m.get('finish-args', [])
    for a in sorted(REQUIRED_ARGS - set(args)):
        problems.append(f'finish-args lacks {a}')
    for a in args:
        if a not in REQUIRED_ARGS:
            problems.append(f'finish-args has {a}, which the app does not need '
                            '(files come through the portals)')
    modules = m.get('modules', [])
    app = modules[-1] if modules else {}
    if not isinstance(app, dict) or app.get('name') != 'boardsmith' \
       or app.get('buildsystem') != 'meson':
        problems.append('the last module is not boardsmith built with Meson')
    else:
        sources = app.get('sources', [])
        if not any(s.get('type') == 'dir' and s.get('path') == '..' for s in sources):
            problems.append('boardsmith is not built from the checkout ("type": "dir", '
                            '"path": "..")')
    for mod in modules:
        for s in (mod.get('sources', []) if isinstance(mod, dict) else []):
            if 'url' in s:
                problems.append(f'module {mod.get("name")} downloads {s["url"]}: the build '
                                'must work with --disable-download')
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print(f'{manifest_path} is a GNOME 51 manifest with the needed permissions only')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

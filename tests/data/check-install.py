#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Installs the build into a temporary DESTDIR and checks that every file is where GNOME,
shared-mime-info, AppStream and gettext look for it, and that the files agree with each other
(icon name, MIME types, launchable, binaries).

Usage: check-install.py MESON BUILDDIR SRCDIR APP_ID BINDIR DATADIR LOCALEDIR
"""
import configparser
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

problems = []


def expect(cond, message):
    if not cond:
        problems.append(message)
    return cond


def run_tool(name, *args):
    tool = shutil.which(name)
    if not tool:
        print(f'# {name} not found, its check is left out')
        return
    r = subprocess.run([tool, *args], capture_output=True, text=True)
    expect(r.returncode == 0, f'{name} {" ".join(args)} failed:\n{r.stdout}{r.stderr}')


def main():
    meson, builddir, srcdir, app_id, bindir, datadir, localedir = sys.argv[1:8]
    with tempfile.TemporaryDirectory(prefix='boardsmith-destdir-') as dest:
        # Not --no-rebuild: `meson test` builds only what the tests use, install needs it all.
        r = subprocess.run([meson, 'install', '-C', builddir, '--quiet', '--destdir', dest],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(f'meson install failed:\n{r.stdout}{r.stderr}', file=sys.stderr)
            return 1

        def d(path):  # an absolute install path inside DESTDIR
            return os.path.join(dest, path.lstrip('/'))

        share = d(datadir)
        desktop = os.path.join(share, 'applications', app_id + '.desktop')
        metainfo = os.path.join(share, 'metainfo', app_id + '.metainfo.xml')
        mime = os.path.join(share, 'mime', 'packages', app_id + '.xml')
        icon = os.path.join(share, 'icons', 'hicolor', 'scalable', 'apps', app_id + '.svg')
        symbolic = os.path.join(share, 'icons', 'hicolor', 'symbolic', 'apps',
                                app_id + '-symbolic.svg')
        for path in (desktop, metainfo, mime, icon, symbolic):
            expect(os.path.isfile(path), f'{os.path.relpath(path, dest)} is not installed')

        # Licences, man pages and the shell completions, where distributions and shells look
        # (the completion directories are meson options; these are their defaults).
        for rel in ('licenses/boardsmith/COPYING', 'licenses/boardsmith/CC-BY-SA-4.0.txt',
                    'licenses/boardsmith/CC0-1.0.txt',
                    'bash-completion/completions/boardsmith-cli',
                    'zsh/site-functions/_boardsmith-cli',
                    'fish/vendor_completions.d/boardsmith-cli.fish'):
            expect(os.path.isfile(os.path.join(share, rel)), f'share/{rel} is not installed')
        for page in ('boardsmith.1', 'boardsmith-cli.1'):
            if not any(os.path.basename(t) == page for t in
                       json.loads(subprocess.run([meson, 'introspect', '--installed', builddir],
                                                 check=True, capture_output=True,
                                                 text=True).stdout).values()):
                print(f'# {page} is not built (-Dman=false)')
                continue
            expect(os.path.isfile(os.path.join(share, 'man', 'man1', page)),
                   f'share/man/man1/{page} is not installed')

        # Everything meson plans to install is there (binaries, rules, schemas, catalogs).
        plan = json.loads(subprocess.run([meson, 'introspect', '--installed', builddir],
                                         check=True, capture_output=True, text=True).stdout)
        for target in plan.values():
            expect(os.path.exists(d(target)), f'{target} is planned but not installed')

        # Translations: one catalog per language in po/LINGUAS.
        with open(os.path.join(srcdir, 'po', 'LINGUAS')) as f:
            languages = [w for line in f for w in line.split('#')[0].split()]
        expect(languages, 'po/LINGUAS lists no language')
        for lang in languages:
            mo = os.path.join(d(localedir), lang, 'LC_MESSAGES', 'boardsmith.mo')
            expect(os.path.isfile(mo), f'{os.path.relpath(mo, dest)} is not installed')

        # The built-in variants, where the app and the CLI look for them.
        rules_src = os.path.join(srcdir, 'rules')
        for name in sorted(os.listdir(rules_src)) if os.path.isdir(rules_src) else []:
            if name.endswith(('.xml', '.rng')):
                path = os.path.join(share, 'boardsmith', 'rules', name)
                expect(os.path.isfile(path), f'{os.path.relpath(path, dest)} is not installed')
        # The games written in the rules language, which join the game list.
        games_src = os.path.join(rules_src, 'games')
        for name in sorted(os.listdir(games_src)) if os.path.isdir(games_src) else []:
            if name.endswith('.xml'):
                path = os.path.join(share, 'boardsmith', 'rules', 'games', name)
                expect(os.path.isfile(path), f'{os.path.relpath(path, dest)} is not installed')

        schema_src = os.path.join(srcdir, 'data', app_id + '.gschema.xml')
        if os.path.exists(schema_src):
            schemas = os.path.join(share, 'glib-2.0', 'schemas')
            expect(os.path.isfile(os.path.join(schemas, app_id + '.gschema.xml')),
                   'the GSettings schema is not installed in share/glib-2.0/schemas')
            run_tool('glib-compile-schemas', '--strict', '--dry-run', schemas)
        else:
            print('# no GSettings schema in data/ yet')

        if not os.path.isfile(desktop) or not os.path.isfile(metainfo) \
           or not os.path.isfile(mime):
            return report()

        entry = configparser.RawConfigParser(interpolation=None, strict=False)
        entry.optionxform = str
        entry.read(desktop, encoding='utf-8')
        de = entry['Desktop Entry']
        expect(de.get('Icon') == app_id, f'desktop Icon= is {de.get("Icon")}, not {app_id}')
        exec_words = de.get('Exec', '').split()
        expect(exec_words and exec_words[-1] in ('%f', '%F', '%u', '%U'),
               'desktop Exec= takes no file argument, so a double click cannot open a file')
        for lang in languages:
            expect(f'Comment[{lang}]' in de, f'the installed desktop file has no Comment[{lang}]')
        binary = os.path.join(d(bindir), exec_words[0]) if exec_words else ''
        if any(os.path.basename(t) == exec_words[0] for t in plan.values()):
            expect(os.path.isfile(binary) and os.access(binary, os.X_OK),
                   f'desktop Exec= runs {exec_words[0]}, not installed in bindir')
        else:
            print(f'# {exec_words[0]} is not built yet: Exec= binary not checked')

        ns = {'m': 'http://www.freedesktop.org/standards/shared-mime-info'}
        defined = {t.get('type') for t in ET.parse(mime).getroot().findall('m:mime-type', ns)}
        for t in filter(None, de.get('MimeType', '').split(';')):
            expect(t in defined, f'desktop MimeType {t} is not defined in {os.path.basename(mime)}')

        comp = ET.parse(metainfo).getroot()
        expect(comp.findtext('id') == app_id, 'metainfo <id> is not the app id')
        expect(comp.findtext('launchable') == app_id + '.desktop',
               'metainfo <launchable> does not name the installed desktop file')
        for mt in comp.iter('mediatype'):
            expect(mt.text in defined, f'metainfo mediatype {mt.text} is not defined')
        for b in comp.iter('binary'):
            if any(os.path.basename(t) == b.text and os.path.dirname(t) == bindir
                   for t in plan.values()):
                continue
            print(f'# metainfo binary {b.text} is not built yet')

        run_tool('desktop-file-validate', desktop)
        run_tool('appstreamcli', 'validate', '--no-net', '--explain', metainfo)
        if shutil.which('update-mime-database'):
            mime_copy = os.path.join(dest, 'mime-check')
            shutil.copytree(os.path.join(share, 'mime'), mime_copy)
            run_tool('update-mime-database', mime_copy)
            for t in defined:
                expect(os.path.isfile(os.path.join(mime_copy, t + '.xml')),
                       f'update-mime-database did not produce {t}')
    return report()


def report():
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print('the install layout is complete')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

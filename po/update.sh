#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# po/update.sh [BUILDDIR]: extracts po/boardsmith.pot from the files in POTFILES.in (with the
# ITS rules in po/its for rules/*.xml) and merges it into every po/LANG.po of LINGUAS.
# Then translate what `msgattrib --untranslated po/LANG.po` and `--only-fuzzy` show, and check
# with `meson test -C BUILDDIR translations-complete`.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
builddir=${1:-$here/../_build}
[ -f "$builddir/build.ninja" ] || { echo "no meson build dir at $builddir (give it)" >&2; exit 2; }
meson compile -C "$builddir" boardsmith-pot
meson compile -C "$builddir" boardsmith-update-po
for lang in $(sed 's/#.*//' "$here/LINGUAS"); do
  printf '%s: ' "$lang"
  msgfmt --check --statistics -o /dev/null "$here/$lang.po"
done

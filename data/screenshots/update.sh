#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# data/screenshots/update.sh [BUILDDIR]: remakes the AppStream screenshots, one per built-in
# game, with the built app's own `--screenshot FILE VARIANT` under a virtual X server, in the
# C locale (the screenshots the metainfo names are the untranslated ones).
# Needs xvfb-run (package xvfb) and dbus-run-session (package dbus).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
builddir=${1:-$here/../../_build}
app=$builddir/src/app/boardsmith
[ -x "$app" ] || { echo "no built app at $app (give the build dir)" >&2; exit 2; }
for game in agoraphobia tribes abrobad ikabegama astoria; do
  LC_ALL=C.UTF-8 LANGUAGE= BOARDSMITH_RULES_DIR="$here/../../rules" \
    GSETTINGS_BACKEND=memory dbus-run-session -- \
    xvfb-run -a -s '-screen 0 1920x1080x24' "$app" --screenshot "$here/$game.png" "$game"
  echo "$here/$game.png"
done

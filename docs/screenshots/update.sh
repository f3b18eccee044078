#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# docs/screenshots/update.sh [BUILDDIR]: remakes the README's screenshots — each seed game a
# few moves in — with the built app's hidden --screenshot, --seed and --moves options under a
# virtual X server (packages xvfb, xauth, dbus).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
builddir=${1:-$here/../../_build}
app=$builddir/src/app/boardsmith
[ -x "$app" ] || { echo "no built app at $app (give the build dir)" >&2; exit 2; }

shoot () {
  game=$1; shift
  LC_ALL=C.UTF-8 LANGUAGE= BOARDSMITH_RULES_DIR="$here/../../rules" \
    GSETTINGS_SCHEMA_DIR="$builddir/src/app" GSETTINGS_BACKEND=memory \
    dbus-run-session -- xvfb-run -a -s '-screen 0 1920x1080x24' \
    "$app" --screenshot "$here/$game.png" "$@" "$game"
  echo "$here/$game.png"
}

shoot agoraphobia --moves "L@e3 S@d7 L@e4 S@d1 S@g1 S@f5 S@g5 S@d5 L@c7 S@d6 L@b7 S@g6"
shoot tribes --seed 1 --moves "b1-c1,d1-e1,a2-a3,b2-b3,c2-d2,a4-b4,c4-c5,d4-d5,e4-e3,a5-a5,b5-b5,e5-e5;a1-a1,c1-c1,e1-e1,d2-c2,e2-e2,a3-a3,b3-c3,d3-d3,e3-e3,b4-a4,c5-c5,d5-d5"
shoot abrobad --moves "e5 f4 c3 h7 f9 b5 b1 b3 a3 g2 i7 f10 c6 e6 h9 d7"
shoot ikabegama --moves "a1-c3 i9-g9 d3 f8 d4 f8-e9 d5 e8 c3-d2 e8-c6 d3-f4 e8"
shoot astoria --moves "TW@e6/W C@f3/N TW@a1/N TN@b5/W C@c5/W C@a1/E TE@c3/S TW@b3/W TS@d3/E TN@h4/S C@b6/E TN@e5/S TW@f4/N TE@h3/N TW@a4/W C@h4/E"
shoot breakthrough --moves "d2-d3 e7-e6 c2-c3 d7-d6 e2-e3 f7-f6 e3-e4 e6-e5 d3-d4 e5-d4 c3-d4 g7-g6 f2-f3 d6-d5 e4-d5"

# A phone's 360 × 640 (the window's --screenshot-size): the start page, a game, the editor.
shoot_narrow () {
  name=$1; shift
  LC_ALL=C.UTF-8 LANGUAGE= BOARDSMITH_RULES_DIR="$here/../../rules" \
    GSETTINGS_SCHEMA_DIR="$builddir/src/app" GSETTINGS_BACKEND=memory \
    dbus-run-session -- xvfb-run -a -s '-screen 0 1920x1080x24' \
    "$app" --screenshot "$here/narrow-$name.png" --screenshot-size 360x640 "$@"
  echo "$here/narrow-$name.png"
}

shoot_narrow start
shoot_narrow astoria --moves "TW@e6/W C@f3/N TW@a1/N TN@b5/W C@c5/W C@a1/E TE@c3/S TW@b3/W" astoria
shoot_narrow editor --edit ikabegama

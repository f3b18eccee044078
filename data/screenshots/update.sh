#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# data/screenshots/update.sh [BUILDDIR]: remakes the AppStream screenshots that the metainfo
# names, with the built app's own `--screenshot FILE` under a virtual X server, in the C
# locale: a window of Flathub's recommended size (about 1000×700; the app sets it for
# --screenshot), the default light style, only a close button. The start page, the variant
# editor on an example variant, each built-in game a few moves in, and the balance lab on a
# study of docs/studies; the moves were picked
# once from `boardsmith-cli moves` and are fixed here so the images are reproducible.
# Needs xvfb-run (package xvfb), xauth and dbus-run-session (package dbus).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
builddir=$(cd "${1:-$here/../../_build}" && pwd)
app=$builddir/src/app/boardsmith
[ -x "$app" ] || { echo "no built app at $app (give the build dir)" >&2; exit 2; }

shoot() {  # NAME [APP OPTIONS AND ARGUMENTS]
  name=$1; shift
  LC_ALL=C.UTF-8 LANGUAGE= BOARDSMITH_RULES_DIR="$here/../../rules" GSETTINGS_BACKEND=memory \
    GSETTINGS_SCHEMA_DIR="$builddir/src/app" XDG_DATA_HOME="$(mktemp -d)" dbus-run-session -- \
    xvfb-run -a -s '-screen 0 1920x1080x24' "$app" --screenshot "$here/$name.png" "$@" \
    > /dev/null 2>&1
  echo "$here/$name.png"
}

shoot start
shoot agoraphobia --moves "S@e3 S@g6 S@f4 L@f3 S@f7 S@f4 S@f3 L@d1 S@e5 S@d3 L@b2 S@e1" agoraphobia
# Tribes: the first round of seed 1, the orders the search picks for each side, revealed.
shoot tribes --seed 1 --moves "b1-b1,d1-d1,a2-a2,b2-b2,c2-b1,a4-b4,c4-c4,d4-c5,e4-e3,a5-b4,b5-b4,e5-d4;a1-a2,c1-c1,e1-e1,d2-c1,e2-e1,a3-b4,b3-c2,d3-c4,e3-d4,b4-b5,c5-b5,d5-d5" tribes
shoot editor --edit "$here/../../rules/examples/ikabegama-three-holes.xml"
shoot abrobad --moves "f6 f2 d2 e8 g5 c2 j9 j10 i10 j8 h4 b6" abrobad
shoot ikabegama --moves "a1-b3 i9-g9 b3-c5 g9-e9 c4 d8 c5-e6 d8-d6 d5 e9-e7 d5-f7 d5" ikabegama
shoot astoria --moves "C@h4/W TN@g7/S C@g2/N TW@g5/E TW@h7/W TE@c4/S TS@h5/N TN@g8/E TS@b2/W" astoria
shoot breakthrough --moves "d2-d3 e7-e6 c2-c3 d7-d6 e2-e3 f7-f6 e3-e4 e6-e5 d3-d4 e5-d4 c3-d4 g7-g6 f2-f3 d6-d5 e4-d5" breakthrough
# The balance lab: a finished sweep of Dark's large pieces, its fairest setting found.
shoot balance "$here/../../docs/studies/agoraphobia-sweep.bsstudy"

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# data/screenshots/update-editor.sh [BUILDDIR]: remakes the screenshots of the variant editor,
# each on one of the example variants in rules/examples, with the built app's
# `--edit VARIANT --screenshot FILE` under a virtual X server (packages xvfb, xauth, dbus).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
builddir=${1:-$here/../../_build}
app=$builddir/src/app/boardsmith
[ -x "$app" ] || { echo "no built app at $app (give the build dir)" >&2; exit 2; }

shoot () {
  name=$1 variant=$2
  LC_ALL=C.UTF-8 LANGUAGE= BOARDSMITH_RULES_DIR="$here/../../rules" \
    GSETTINGS_SCHEMA_DIR="$builddir/src/app" GSETTINGS_BACKEND=memory \
    XDG_DATA_HOME="$(mktemp -d)" \
    dbus-run-session -- xvfb-run -a -s '-screen 0 1920x1080x24' \
    "$app" --edit --screenshot "$here/$name.png" "$variant"
  echo "$here/$name.png"
}

shoot editor-ikabegama "$here/../../rules/examples/ikabegama-three-holes.xml"
shoot editor-agoraphobia "$here/../../rules/examples/agoraphobia-hexagon-handicap.xml"
shoot editor-tribes "$here/../../rules/examples/tribes-7x7-26-24.xml"
shoot editor-breakthrough "$here/../../rules/breakthrough.xml"

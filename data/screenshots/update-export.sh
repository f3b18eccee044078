#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# data/screenshots/update-export.sh [BUILDDIR]: remakes the screenshots of the Export dialog
# (export-dialog-png.png, export-dialog-sheet.png) with the UI test that draws the dialog to a
# PNG, under a virtual X server (packages xvfb, xauth).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
builddir=${1:-$here/../../_build}
test=$builddir/tests/test-export-dialog
[ -x "$test" ] || { echo "no built test at $test (give the build dir)" >&2; exit 2; }
LC_ALL=C.UTF-8 LANGUAGE= BOARDSMITH_RULES_DIR="$here/../../rules" BS_SCREENSHOT_DIR="$here" \
  xvfb-run -a -s '-screen 0 1920x1080x24' "$test" -p /export/screenshot >/dev/null
echo "$here/export-dialog-png.png"
echo "$here/export-dialog-sheet.png"

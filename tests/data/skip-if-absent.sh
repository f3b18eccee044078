#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# skip-if-absent.sh TOOL ARGS...: runs TOOL, or exits 77 (meson's "skipped") if it is missing.
command -v "$1" >/dev/null 2>&1 || { echo "$1 is not installed" >&2; exit 77; }
exec "$@"

#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The 'flatpak' test suite: builds flatpak/APP_ID.json with flatpak-builder in the GNOME 48
# runtime, installs it (--user), checks what the installation exports to the desktop, and runs
# the app inside the sandbox: `--screenshot` under xvfb, and the PNG must show a window.
#
# Usage: run.sh SRCDIR WORKDIR PNG_CHECK APP_ID
#
# The runtime: if org.gnome.Platform//48 and org.gnome.Sdk//48 are not installed for this user,
# the stand-in made from Debian packages is installed first (as root, ~5 minutes, 3.5 GB):
# $BOARDSMITH_FLATPAK_STANDIN, else SRCDIR/../shared/tools/flatpak-standin-runtime (the CI
# layout), else /work/shared/tools/flatpak-standin-runtime.
set -euo pipefail

srcdir=$(realpath "$1")
work=$2
png_check=$(realpath "$3")
app_id=$4
branch=48

mkdir -p "$work"
work=$(realpath "$work")
log=$work/flatpak-builder.log
step() { echo "== $* ($(date +%T))"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

runtime_installed() {
  command -v flatpak >/dev/null 2>&1 &&
    flatpak --user info "org.gnome.Platform//$branch" >/dev/null 2>&1 &&
    flatpak --user info "org.gnome.Sdk//$branch" >/dev/null 2>&1
}

# The real GNOME runtime ships json-glib (boardsmith-cli's --json); the stand-in made from
# Debian packages does not list it, so the stand-in is installed from a copy of its script
# with json-glib added to the platform and the SDK, and one installed without it is replaced.
sdk_has_json_glib() {
  local sdk
  sdk=$(flatpak --user info --show-location "org.gnome.Sdk//$branch" 2>/dev/null) &&
    [ -e "$sdk/files/include/json-glib-1.0/json-glib/json-glib.h" ]
}

if runtime_installed && ! sdk_has_json_glib; then
  step "the installed GNOME $branch runtime lacks json-glib: replacing it"
  flatpak --user uninstall -y --noninteractive "org.gnome.Sdk//$branch" \
    "org.gnome.Platform//$branch" > /dev/null 2>&1 || true
fi

if ! runtime_installed; then
  standin=${BOARDSMITH_FLATPAK_STANDIN:-}
  for candidate in "$srcdir/../shared/tools/flatpak-standin-runtime" \
                   /work/shared/tools/flatpak-standin-runtime; do
    [ -n "$standin" ] || { [ -f "$candidate" ] && standin=$candidate; } || true
  done
  [ -n "$standin" ] || fail "no GNOME $branch runtime installed and no stand-in script found"
  patched=$work/flatpak-standin-runtime
  sed -e 's/^PLATFORM_PKGS="/PLATFORM_PKGS="libjson-glib-1.0-0 /' \
      -e 's/^SDK_PKGS="/SDK_PKGS="libjson-glib-dev /' "$standin" > "$patched"
  grep -q '^PLATFORM_PKGS="libjson-glib-1.0-0 ' "$patched" &&
    grep -q '^SDK_PKGS="libjson-glib-dev ' "$patched" ||
    fail "could not add json-glib to the stand-in's package lists ($standin changed?)"
  step "installing the stand-in runtime with $standin (json-glib added)"
  bash "$patched" "$branch" > "$work/standin.log" 2>&1 ||
    { tail -n 30 "$work/standin.log"; fail "the stand-in runtime did not install"; }
fi
for tool in flatpak flatpak-builder xvfb-run dbus-run-session; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed"
done

# Build from a clean copy of the checkout (tracked and untracked files, not the ignored
# build directories), so that "path": ".." in the manifest sees the sources only.
step "copying the sources"
rm -rf "$work/src"
mkdir -p "$work/src"
if git -C "$srcdir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git -C "$srcdir" ls-files -z -co --exclude-standard |
    (cd "$srcdir" && xargs -0 tar -cf - --no-recursion --ignore-failed-read) |
    tar -xf - -C "$work/src"
else
  tar -cf - -C "$srcdir" --exclude='./_build*' --exclude='./.flatpak-builder' \
    --exclude='./.git' . | tar -xf - -C "$work/src"
fi
manifest=$work/src/flatpak/$app_id.json
[ -f "$manifest" ] || fail "no manifest $manifest"

# A previous install's Locale extension is not always replaced by the new build: start clean.
flatpak --user uninstall -y --noninteractive "$app_id" "$app_id.Locale" > /dev/null 2>&1 || true

step "flatpak-builder (log: $log)"
if ! flatpak-builder --user --install --force-clean --disable-download --disable-rofiles-fuse \
     --state-dir="$work/state" "$work/build" "$manifest" > "$log" 2>&1; then
  tail -n 60 "$log"
  fail "flatpak-builder failed"
fi
flatpak --user info "$app_id" > /dev/null || fail "$app_id is not installed"

# What the installation exports to the desktop (the host sees these files).
step "checking the exported desktop integration"
exports=${FLATPAK_USER_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/flatpak}/exports/share
for f in "applications/$app_id.desktop" "icons/hicolor/scalable/apps/$app_id.svg" \
         "icons/hicolor/symbolic/apps/$app_id-symbolic.svg" "mime/packages/$app_id.xml"; do
  [ -e "$exports/$f" ] || fail "the installation does not export $f"
done
grep -q "^Exec=.*flatpak run .*$app_id.*@@ %F @@" "$exports/applications/$app_id.desktop" ||
  fail "the exported desktop file does not open files in the sandboxed app"
in_sandbox() { flatpak run --command=sh "$app_id" -c "$1"; }
# flatpak-builder before 1.3 renames the metainfo to the old appdata name; either way
# appstream-compose must have turned it into the catalog that software centres read.
in_sandbox "test -f /app/share/metainfo/$app_id.metainfo.xml ||
            test -f /app/share/appdata/$app_id.appdata.xml" || fail "no metainfo in /app"
in_sandbox "ls /app/share/app-info/xmls/$app_id.xml* >/dev/null 2>&1 ||
            ls /app/share/swcatalog/xml/$app_id.xml* >/dev/null 2>&1" ||
  fail "no composed AppStream catalog in /app"
# The catalogs go to the app's Locale extension; the sandbox must see the ones just built.
for lang in $(sed 's/#.*//' "$work/src/po/LINGUAS"); do
  built=$work/build/files/share/runtime/locale/$lang/share/$lang/LC_MESSAGES/boardsmith.mo
  [ -f "$built" ] || built=$work/build/files/share/locale/$lang/LC_MESSAGES/boardsmith.mo
  want=$(md5sum < "$built" | cut -d' ' -f1)
  got=$(in_sandbox "md5sum < /app/share/locale/$lang/LC_MESSAGES/boardsmith.mo" | cut -d' ' -f1) ||
    fail "no $lang catalog in /app"
  [ "$got" = "$want" ] || fail "the sandbox's $lang catalog is not the one just built"
done
binaries=$(in_sandbox 'ls /app/bin')

# French: glibc ignores LANGUAGE in the C and C.UTF-8 locales, and the stand-in runtime has no
# other (a real one gets them from its .Locale extension), so the test compiles fr_FR.UTF-8
# with the runtime's own localedef into a directory it shares with the sandbox.
locales=$work/locales
rm -rf "$locales"; mkdir -p "$locales"
flatpak run --filesystem="$locales" --command=localedef "$app_id" -i fr_FR -f UTF-8 \
  "$locales/fr_FR.UTF-8" || fail "localedef cannot make fr_FR.UTF-8 in the sandbox"
french=(--filesystem="$locales" --env=LOCPATH="$locales" --env=LC_ALL=fr_FR.UTF-8
        --env=LANGUAGE=fr)
echo "binaries in /app/bin: $(echo $binaries)"

ran=0
if echo "$binaries" | grep -qx boardsmith-cli; then
  step "boardsmith-cli info agoraphobia in the sandbox"
  out=$(flatpak run --command=boardsmith-cli "$app_id" info agoraphobia) ||
    fail "boardsmith-cli info agoraphobia failed in the sandbox"
  echo "$out"
  echo "$out" | grep -qi 'agoraphobia' || fail "boardsmith-cli info does not name the game"
  echo "$out" | grep -qi 'hex-rhombus' || fail "boardsmith-cli info does not show the board"
  # The catalogs in /app/share/locale reach the program: its help in French.
  fr_help=$(flatpak run "${french[@]}" --command=boardsmith-cli "$app_id" --help 2>&1) || true
  echo "$fr_help" | grep -q 'Commandes' ||
    { echo "$fr_help"; fail "boardsmith-cli --help is not in French with LANGUAGE=fr"; }
  ran=1
fi

if [ -e "$work/src/src/app/meson.build" ]; then
  echo "$binaries" | grep -qx boardsmith || fail "the sources have an app, /app/bin does not"
  step "boardsmith --screenshot in the sandbox under xvfb"
  shots=$work/shots
  rm -rf "$shots"; mkdir -p "$shots"
  # --filesystem only for this test run: the manifest itself grants no file access.
  if ! dbus-run-session -- xvfb-run -a -s '-screen 0 1280x1024x24' \
       flatpak run --filesystem="$shots" "$app_id" --screenshot "$shots/agoraphobia.png" \
       agoraphobia > "$work/app.log" 2>&1; then
    cat "$work/app.log"
    fail "the app failed in the sandbox"
  fi
  [ -s "$shots/agoraphobia.png" ] || { cat "$work/app.log"; fail "no screenshot written"; }
  "$png_check" "$shots/agoraphobia.png" 360 294 || fail "the screenshot shows no window"
  fr_help=$(flatpak run "${french[@]}" "$app_id" --help 2>&1) || true
  echo "$fr_help" | grep -q 'VARIANTE' ||
    { echo "$fr_help"; fail "boardsmith --help is not in French with LANGUAGE=fr"; }
  ran=1
fi
[ "$ran" = 1 ] || fail "neither the app nor boardsmith-cli is in the Flatpak"
step "done"

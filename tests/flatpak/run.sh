#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The 'flatpak' test suite: builds flatpak/APP_ID.json with flatpak-builder in the GNOME runtime
# it names (runtime-version; 51), with warnings as errors, installs it, checks what the installation exports to the desktop and validates the
# shipped metainfo and desktop file with the SDK's own tools; runs the app inside the sandbox
# (a screenshot, French with LANGUAGE alone, opening and saving through the file chooser
# portal); and builds the Flathub manifest (build-aux/flathub-manifest.py) from a local tag.
#
# Usage: run.sh SRCDIR WORKDIR PNG_CHECK APP_ID TEST_MIME NATIVE_CLI
#
# Everything this run makes is under WORKDIR (one per build directory; a lock keeps two runs
# out of one). The Flatpak installation it uses:
# - $BOARDSMITH_FLATPAK_USER_DIR if set;
# - else the user's own (--user) installation if it already has the GNOME Platform and Sdk
#   with json-glib (used as they are: never updated, replaced or removed);
# - else Boardsmith's own installation for tests, ${XDG_CACHE_HOME:-~/.cache}/boardsmith/flatpak
#   (kept between runs and checkouts, which take turns on it under a lock), into which the
#   stand-in runtime made from Debian packages is installed the first time (as root, ~5-10
#   minutes, 3.5 GB): $BOARDSMITH_FLATPAK_STANDIN, else
#   SRCDIR/../shared/tools/flatpak-standin-runtime (the CI layout), else
#   /work/shared/tools/flatpak-standin-runtime — run with its WORK in WORKDIR/standin, so that
#   no two runs share a build directory.
# Nobody else's runtime is touched; only this app (and its .Locale) is installed or removed.
set -euo pipefail

srcdir=$(realpath "$1")
work=$2
png_check=$(realpath "$3")
app_id=$4
test_mime=$(realpath "$5")
native_cli=$(realpath "$6")
# The runtime the manifest names: its stand-in is made from the Debian suite of about its age.
branch=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["runtime-version"])' \
         "$srcdir/flatpak/$app_id.json")

mkdir -p "$work"
work=$(realpath "$work")
step() { echo "== $* ($(date +%T))"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

exec 9> "$work/.lock"
flock -n 9 || fail "another run of the flatpak suite is using $work"

# --- The Flatpak installation --------------------------------------------------------------
runtime_ok() {  # the GNOME runtime and an SDK with json-glib, in the current installation
  local sdk
  command -v flatpak > /dev/null 2>&1 &&
    flatpak --user info "org.gnome.Platform//$branch" > /dev/null 2>&1 &&
    sdk=$(flatpak --user info --show-location "org.gnome.Sdk//$branch" 2>/dev/null) &&
    [ -e "$sdk/files/include/json-glib-1.0/json-glib/json-glib.h" ]
}

if [ -n "${BOARDSMITH_FLATPAK_USER_DIR:-}" ]; then
  export FLATPAK_USER_DIR=$BOARDSMITH_FLATPAK_USER_DIR
elif [ -z "${FLATPAK_USER_DIR:-}" ] && runtime_ok; then
  : # the user's installation has a suitable runtime: use it, touch nothing else in it
else
  export FLATPAK_USER_DIR=${XDG_CACHE_HOME:-$HOME/.cache}/boardsmith/flatpak
fi
installation=${FLATPAK_USER_DIR:-$HOME/.local/share/flatpak}
mkdir -p "$installation"
export FLATPAK_USER_DIR=$installation   # explicit: HOME changes below
echo "flatpak installation: $installation"
# Runs from other checkouts install the same app id here: they take turns.
exec 6> "${installation%/}.boardsmith-test.lock"
flock -w 7200 6 || fail "another run held $installation for two hours"

if ! runtime_ok; then
  [ -n "${FLATPAK_USER_DIR:-}" ] || fail "no GNOME $branch runtime with json-glib installed"
  standin=${BOARDSMITH_FLATPAK_STANDIN:-}
  for candidate in "$srcdir/../shared/tools/flatpak-standin-runtime" \
                   /work/shared/tools/flatpak-standin-runtime; do
    [ -n "$standin" ] || { [ -f "$candidate" ] && standin=$candidate; } || true
  done
  [ -n "$standin" ] || fail "no GNOME $branch runtime installed and no stand-in script found"
  step "installing the stand-in runtime with $standin into $FLATPAK_USER_DIR"
  # The script builds in $WORK and installs with `flatpak --user`: both point into this run's
  # own directories, so it can neither clobber another run's build nor replace anyone's runtime.
  # Its steps' own logs (apt's) are in $WORK/logs: shown on a failure, since its log has only the
  # steps. A mirror that fails once (a download cut short) gets one more try.
  for attempt in 1 2; do
    WORK=$work/standin bash "$standin" "$branch" > "$work/standin.log" 2>&1 && break
    tail -n 30 "$work/standin.log"
    for log in "$work"/standin/logs/*.log; do
      [ -f "$log" ] && { echo "-- $log"; tail -n 15 "$log"; }
    done
    # The stand-in is Debian's packages, outside this project: when it cannot be made (a
    # package gone from the mirror), the suite cannot run here. Said, and skipped (77).
    if [ "$attempt" = 2 ]; then
      echo "SKIP: the stand-in runtime did not install (see the logs above); the Flatpak is not tested here" >&2
      exit 77
    fi
    echo "the stand-in runtime did not install: trying once more"
  done
  runtime_ok || fail "the stand-in runtime lacks json-glib ($standin changed?)"
  rm -rf "$work/standin/repo"   # installed: the 3.5 GB export repository is not needed now
fi
for tool in flatpak flatpak-builder Xvfb dbus-daemon xdotool git python3; do
  command -v "$tool" > /dev/null 2>&1 || fail "$tool is not installed"
done
version=$(sed -n "s/^ *version: *'\([^']*\)'.*/\1/p" "$srcdir/meson.build" | head -n 1)

# --- Build and install the local-dir manifest ----------------------------------------------
# From a clean copy of the checkout (tracked and untracked files, not the ignored build
# directories), so that "path": ".." in the manifest sees the sources only.
step "copying the sources"
rm -rf "$work/src"
mkdir -p "$work/src"
if git -C "$srcdir" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  git -C "$srcdir" ls-files -z -co --exclude-standard |
    (cd "$srcdir" && xargs -0 tar -cf - --no-recursion --ignore-failed-read) |
    tar -xf - -C "$work/src"
else
  tar -cf - -C "$srcdir" --exclude='./_build*' --exclude='./.flatpak-builder' \
    --exclude='./.git' . | tar -xf - -C "$work/src"
fi
manifest=$work/src/flatpak/$app_id.json
[ -f "$manifest" ] || fail "no manifest $manifest"
# Warnings are errors here too, as in CI's native builds: the runtime's GCC, GTK, libadwaita and
# libxml2 are newer than Debian 12's, and what they deprecate must be handled (newer APIs behind
# version checks). Only this test's copy says so: a Flathub rebuild with a later SDK must not
# fail on a warning that a newer compiler invents.
python3 - "$manifest" <<'EOF' || fail "cannot add -Dwerror=true to the manifest's copy"
import json, sys
path = sys.argv[1]
manifest = json.load(open(path))
[module] = [m for m in manifest["modules"] if isinstance(m, dict) and m.get("name") == "boardsmith"]
module.setdefault("config-opts", []).append("-Dwerror=true")
json.dump(manifest, open(path, "w"), indent=2)
EOF

# A previous install's Locale extension is not always replaced by the new build: start clean.
flatpak --user uninstall -y --noninteractive "$app_id" "$app_id.Locale" > /dev/null 2>&1 || true

step "flatpak-builder (log: $work/flatpak-builder.log)"
if ! flatpak-builder --user --install --force-clean --disable-download --disable-rofiles-fuse \
     --state-dir="$work/state" "$work/build" "$manifest" > "$work/flatpak-builder.log" 2>&1; then
  tail -n 60 "$work/flatpak-builder.log"
  fail "flatpak-builder failed"
fi
flatpak --user info "$app_id" > /dev/null || fail "$app_id is not installed"

# --- What the installation exports, and the SDK's validators --------------------------------
step "checking the exported desktop integration"
exports=${FLATPAK_USER_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/flatpak}/exports/share
for f in "applications/$app_id.desktop" "icons/hicolor/scalable/apps/$app_id.svg" \
         "icons/hicolor/symbolic/apps/$app_id-symbolic.svg" "mime/packages/$app_id.xml"; do
  [ -e "$exports/$f" ] || fail "the installation does not export $f"
done
grep -q "^Exec=.*flatpak run .*$app_id.*@@ %F @@" "$exports/applications/$app_id.desktop" ||
  fail "the exported desktop file does not open files in the sandboxed app"
in_sandbox() { flatpak run --command=sh "$app_id" -c "$1"; }
in_sdk() { flatpak run --devel --command=sh "$app_id" -c "$1"; }
# flatpak-builder before 1.3 renames the metainfo to the old appdata name; either way
# appstream-compose must have turned it into the catalog that software centres read.
metainfo=$(in_sandbox "ls /app/share/metainfo/$app_id.metainfo.xml \
                          /app/share/appdata/$app_id.appdata.xml 2>/dev/null | head -n 1")
[ -n "$metainfo" ] || fail "no metainfo in /app"
if ! in_sandbox "ls /app/share/app-info/xmls/$app_id.xml* >/dev/null 2>&1 ||
                 ls /app/share/swcatalog/xml/$app_id.xml* >/dev/null 2>&1"; then
  # The stand-in SDK's appstream-compose cannot compose where its Debian suite no longer ships
  # appstreamcli's compose addon, and says so in the log. Then the host's appstreamcli compose
  # (Debian's appstream-compose) does what the SDK would have done, on the same built tree:
  # that still proves the metainfo composes into a catalog that names the app.
  grep -q "appstream-compose stand-in: appstreamcli compose failed" "$work/flatpak-builder.log" ||
    fail "no composed AppStream catalog in /app"
  [ -x /usr/libexec/appstreamcli-compose ] ||
    fail "no composed AppStream catalog in /app (the stand-in SDK cannot compose; install appstream-compose to compose on the host)"
  echo "the stand-in SDK could not compose the AppStream catalog: composing with the host's appstreamcli"
  # appstreamcli reads share/metainfo only, where flatpak-builder 1.2 left the old appdata name
  files=$work/build/files unit=$work/compose/unit
  rm -rf "$work/compose"; mkdir -p "$unit/app/share/metainfo"
  cp "$files/share/${metainfo#/app/share/}" "$unit/app/share/metainfo/$app_id.metainfo.xml"
  cp -a "$files/share/applications" "$files/share/icons" "$unit/app/share/"
  cp -aL "$files/share/locale" "$unit/app/share/" 2> /dev/null || true
  appstreamcli compose --no-net --prefix=/app --origin=flatpak --result-root="$work/compose/out" \
      --data-dir="$work/compose/out/xmls" --icons-dir="$work/compose/out/icons" "$unit" \
      > "$work/compose.log" 2>&1 || { cat "$work/compose.log"; fail "appstreamcli compose failed on the built tree"; }
  zcat "$work/compose/out/xmls/flatpak.xml.gz" | grep -q "<id>$app_id</id>" ||
    { cat "$work/compose.log"; fail "the composed AppStream catalog does not name $app_id"; }
fi
in_sandbox "test -f /app/share/licenses/boardsmith/COPYING" ||
  fail "the licence is not in /app/share/licenses"

step "validating the shipped metainfo and desktop file with the SDK's tools"
in_sdk "appstreamcli --version | head -n 1; appstreamcli validate --strict --no-net --explain \
        $metainfo" || fail "appstreamcli validate --strict (the SDK's) rejects the metainfo"
# appstream-util predates AppStream 1.0's <developer>, <branding>, <recommends>: those three
# are left out for it, anything else it finds fails (tests/data/appstream-util-validate.py).
# A stand-in SDK whose Debian suite no longer ships appstream-glib has none: the host's serves.
mkdir -p "$work/tmp"
if in_sdk "command -v appstream-util" > /dev/null; then
  TMPDIR=$work/tmp python3 "$srcdir/tests/data/appstream-util-validate.py" \
    "$work/build/files${metainfo#/app}" \
    flatpak run --devel --filesystem="$work/tmp" --command=appstream-util "$app_id" ||
    fail "appstream-util validate-strict (the SDK's) rejects the metainfo"
else
  command -v appstream-util > /dev/null ||
    fail "neither the SDK nor this machine has appstream-util (Debian's appstream-util)"
  echo "the SDK has no appstream-util: validating with this machine's"
  TMPDIR=$work/tmp python3 "$srcdir/tests/data/appstream-util-validate.py" \
    "$work/build/files${metainfo#/app}" appstream-util ||
    fail "appstream-util validate-strict (this machine's) rejects the metainfo"
fi
in_sdk "desktop-file-validate /app/share/applications/$app_id.desktop" ||
  fail "desktop-file-validate (the SDK's) rejects the desktop file"

# The catalogs go to the app's Locale extension; the sandbox must see the ones just built.
for lang in $(sed 's/#.*//' "$work/src/po/LINGUAS"); do
  built=$work/build/files/share/runtime/locale/$lang/share/$lang/LC_MESSAGES/boardsmith.mo
  [ -f "$built" ] || built=$work/build/files/share/locale/$lang/LC_MESSAGES/boardsmith.mo
  want=$(md5sum < "$built" | cut -d' ' -f1)
  got=$(in_sandbox "md5sum < /app/share/locale/$lang/LC_MESSAGES/boardsmith.mo" | cut -d' ' -f1) ||
    fail "no $lang catalog in /app"
  [ "$got" = "$want" ] || fail "the sandbox's $lang catalog is not the one just built"
done

# Bad input says the same in the sandbox (the runtime's libxml2, 2.15 in the 51 stand-in) as in
# the native build (Debian 12's 2.9): every bad variant and rules file of the tests, validated by
# both CLIs from inside its folder, so that the messages' file names match.
step "bad input: the same errors as the native build"
bad=$work/bad
rm -rf "$bad"; mkdir -p "$bad"
cp -r "$srcdir/tests/data/bad-variants" "$srcdir/tests/data/bad-rules" "$bad/"
differ=0
for file in "$bad"/bad-variants/* "$bad"/bad-rules/*.xml; do
  dir=$(dirname "$file") name=$(basename "$file")
  want=$(cd "$dir" && env -u LANGUAGE LC_ALL=C.UTF-8 "$native_cli" validate "$name" 2>&1) || true
  got=$(env -u LANGUAGE LC_ALL=C.UTF-8 flatpak run --filesystem="$bad" --command=sh "$app_id" \
          -c 'cd "$1" && boardsmith-cli validate "$2" 2>&1' sh "$dir" "$name") || true
  if [ "$got" != "$want" ]; then
    echo "${dir##*/}/$name: native: $want"
    echo "${dir##*/}/$name: sandbox: $got"
    differ=$((differ + 1))
  fi
done
[ "$differ" = 0 ] || fail "$differ bad files are reported differently in the sandbox"

# Flatpak exports a MIME package without its magic and with its globs lowered to weight 5:
# what the host's GIO makes of Boardsmith's file names with the exported package alone.
step "the exported MIME package"
if grep -q '<magic' "$exports/mime/packages/$app_id.xml"; then
  fail "this flatpak exports the magic rule: tests/data/test-mime.c's model of it is wrong"
fi
BOARDSMITH_MIME_PACKAGE=$exports/mime/packages/$app_id.xml LC_ALL=C.UTF-8 \
  BOARDSMITH_MIME_FLATPAK=exported BOARDSMITH_DATA_SRCDIR=$srcdir/data \
  "$test_mime" -p /mime/globs > "$work/mime.log" 2>&1 ||
  { cat "$work/mime.log"; fail "the exported MIME package does not recognise the file names"; }
cat "$work/mime.log"

# --- The sandbox at work ---------------------------------------------------------------------
step "boardsmith-cli in the sandbox"
out=$(flatpak run --command=boardsmith-cli "$app_id" info agoraphobia) ||
  fail "boardsmith-cli info agoraphobia failed in the sandbox"
echo "$out" | grep -qi 'agoraphobia' || fail "boardsmith-cli info does not name the game"
echo "$out" | grep -qi 'hex-rhombus' || fail "boardsmith-cli info does not show the board"
got=$(flatpak run --command=boardsmith-cli "$app_id" --version)
[ "$got" = "boardsmith-cli $version" ] || fail "boardsmith-cli --version says $got"

# French with LANGUAGE alone: no LANG, no LC_*, as a session that sets only the language list.
# glibc ignores LANGUAGE in the C locale (2.37 and later: in C.UTF-8 too), so the programs take
# an installed locale of the language for their messages (bs_locale_init). A real runtime has
# them in its Locale extension; the stand-in has none compiled, so the test compiles
# fr_FR.UTF-8 with the runtime's own localedef into a directory it shares with the sandbox
# (LOCPATH) — the locale data, not a setting.
locales=$work/locales
rm -rf "$locales"; mkdir -p "$locales"
flatpak run --filesystem="$locales" --command=localedef "$app_id" -i fr_FR -f UTF-8 \
  "$locales/fr_FR.UTF-8" || fail "localedef cannot make fr_FR.UTF-8 in the sandbox"
french() {
  env -u LANG -u LC_ALL -u LC_MESSAGES -u LC_CTYPE LANGUAGE=fr \
    flatpak run --filesystem="$locales" --env=LOCPATH="$locales" "$@"
}
fr_help=$(french --command=boardsmith-cli "$app_id" --help 2>&1) || true
echo "$fr_help" | grep -q 'Commandes' ||
  { echo "$fr_help"; fail "boardsmith-cli --help is not in French with LANGUAGE=fr alone"; }
fr_help=$(french "$app_id" --help 2>&1) || true
echo "$fr_help" | grep -q 'VARIANTE' ||
  { echo "$fr_help"; fail "boardsmith --help is not in French with LANGUAGE=fr alone"; }

# A display, then the session bus: D-Bus starts the portals with its own environment, so
# DISPLAY must be set before it starts, or the portal's file chooser has no screen to open on.
# XDG_RUNTIME_DIR is /run/user/UID as on a desktop: the portals hand the sandbox paths under
# the host's $XDG_RUNTIME_DIR/doc, which flatpak mounts at /run/user/UID/doc inside. The app's
# own data (~/.var/app) goes to a home of this run's.
export XDG_RUNTIME_DIR=/run/user/$(id -u)
mkdir -p -m 700 "$XDG_RUNTIME_DIR"
export XDG_CURRENT_DESKTOP=GNOME   # xdg-desktop-portal picks the backends "UseIn=gnome"
rm -rf "$work/home"; mkdir -p "$work/home"
export HOME=$work/home
xvfb_pid=
bus_pid=
cleanup() {
  flatpak kill "$app_id" > /dev/null 2>&1 || true
  # Everything the session bus started (portals, the document portal's FUSE helper, the
  # accessibility bus) runs in the session setsid gave the bus: end those processes, by id.
  if [ -n "$bus_pid" ]; then
    for stat in /proc/[0-9]*/stat; do
      read -r line < "$stat" 2>/dev/null || continue
      fields=(${line##*) })
      [ "${fields[3]}" = "$bus_pid" ] && [ "${stat//[^0-9]/}" != "$bus_pid" ] &&
        kill "${stat//[^0-9]/}" 2>/dev/null || true
    done
    kill "$bus_pid" 2>/dev/null || true
  fi
  if mountpoint -q "$XDG_RUNTIME_DIR/doc" 2>/dev/null &&
     grep -q "^\S* $XDG_RUNTIME_DIR/doc fuse.portal" /proc/mounts; then
    fusermount3 -u "$XDG_RUNTIME_DIR/doc" 2>/dev/null || true
  fi
  [ -z "$xvfb_pid" ] || kill "$xvfb_pid" 2>/dev/null || true
}
trap cleanup EXIT
Xvfb -displayfd 7 -screen 0 1280x1024x24 -nolisten tcp 7> "$work/display" 2> "$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
export DISPLAY=:$(head -n 1 "$work/display")
rm -f "$work/bus" "$work/bus-address"
setsid dbus-daemon --session --nofork --address="unix:path=$work/bus" --print-address=8 \
  8> "$work/bus-address" &
bus_pid=$!
for _ in $(seq 100); do [ -s "$work/bus-address" ] && break; sleep 0.1; done
[ -s "$work/bus-address" ] || fail "the session bus did not start"
[ "$(cat "/proc/$bus_pid/comm" 2>/dev/null)" = dbus-daemon ] ||
  fail "setsid forked: the session bus's id is unknown"
export DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$work/bus-address")
echo "display $DISPLAY, session bus $DBUS_SESSION_BUS_ADDRESS"

step "boardsmith --screenshot in the sandbox"
shots=$work/shots
rm -rf "$shots"; mkdir -p "$shots"
# --filesystem only for these runs: the manifest itself grants no file access.
shoot() {  # FILE [ARGS…]: the app draws its window into FILE (under $shots)
  local file=$1; shift
  flatpak run --filesystem="$shots" "$app_id" --screenshot "$shots/$file" "$@" \
    > "$work/app.log" 2>&1 || { cat "$work/app.log"; fail "the app failed in the sandbox"; }
  [ -s "$shots/$file" ] || { cat "$work/app.log"; fail "no screenshot $file written"; }
}
shoot agoraphobia.png agoraphobia
"$png_check" "$shots/agoraphobia.png" 360 294 || fail "the screenshot shows no window"
got=$(flatpak run "$app_id" --version)
[ "$got" = "boardsmith $version" ] || fail "boardsmith --version says $got"

# The window in French: the start page drawn with LANGUAGE=fr alone and in the C locale must
# differ (every label is translated), and both must be real windows.
step "the window in French with LANGUAGE alone"
env -u LANG -u LC_ALL -u LC_MESSAGES -u LANGUAGE flatpak run --filesystem="$shots" "$app_id" \
  --screenshot "$shots/start-c.png" > "$work/app.log" 2>&1 || { cat "$work/app.log"; fail "start page"; }
french --filesystem="$shots" "$app_id" --screenshot "$shots/start-fr.png" > "$work/app.log" 2>&1 ||
  { cat "$work/app.log"; fail "start page"; }
"$png_check" "$shots/start-c.png" 360 294 > /dev/null && "$png_check" "$shots/start-fr.png" 360 294 ||
  fail "the start page shows no window"
cmp -s "$shots/start-c.png" "$shots/start-fr.png" &&
  fail "the start page looks the same with LANGUAGE=fr: the window is not translated"
echo "the start page differs in French ($shots/start-fr.png)"

# Opening and saving through the file chooser portal: the app has no access to $files (no
# --filesystem), the portal's dialog (xdg-desktop-portal-gtk, on the host) is driven with
# real key presses, and the document portal hands the chosen file to the sandbox.
step "saving and opening through the file chooser portal"
files=$work/portal-files
rm -rf "$files"; mkdir -p "$files"
snap() {  # NAME: what the screen shows, for the record of a failure
  /usr/bin/python3 "$srcdir/tests/flatpak/screen.py" "$work/$1.png" 2>/dev/null &&
    echo "the screen: $work/$1.png" || true
}
portal_fail() { snap failure; cat "$work/app.log"; fail "$@"; }
find_window() {  # NAME: the id of a visible window whose title matches NAME, now
  xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1
}
wait_window() {  # NAME SECONDS: the id of such a window once there is one
  local id
  for _ in $(seq $(( $2 * 5 ))); do
    id=$(find_window "$1")
    [ -n "$id" ] && { echo "$id"; return 0; }
    sleep 0.2
  done
  return 1
}
wait_file() {  # FILE: until FILE exists and is complete (ends with a newline)
  for _ in $(seq 300); do
    [ -s "$1" ] && [ -z "$(tail -c 1 "$1")" ] && return 0
    sleep 0.2
  done
  return 1
}
# KEYS TITLE: KEYS to the app's window until the portal dialog TITLE shows (a key pressed while
# the app is still opening a file does nothing); prints the dialog's id.
dialog_after() {
  local win dialog
  win=$(wait_window '^Boardsmith$' 90) || portal_fail "the app's window did not appear"
  for _ in 1 2 3 4 5 6; do
    xdotool windowfocus --sync "$win"
    xdotool key --clearmodifiers "$1"
    dialog=$(wait_window "$2" 15) && { echo "$dialog"; return 0; }
  done
  portal_fail "no portal dialog \"$2\" appeared after $1"
}
choose() {  # DIALOG PATH: in the portal's file chooser, PATH typed into the location, Enter
  xdotool windowfocus --sync "$1"
  xdotool key --clearmodifiers ctrl+l
  sleep 0.5   # the location entry takes the focus on the next frame
  xdotool key --clearmodifiers ctrl+a
  xdotool type --delay 20 "$2"
  # The entry's completion may take the first Enter: press it until the dialog has gone.
  for _ in 1 2 3 4 5; do
    sleep 1
    xdotool windowfocus --sync "$1" 2> /dev/null || return 0
    xdotool key --clearmodifiers Return
    for _ in $(seq 15); do
      xdotool getwindowname "$1" > /dev/null 2>&1 || return 0
      [ -n "$(xdotool search --onlyvisible --name . 2>/dev/null | grep -x "$1")" ] || return 0
      sleep 0.2
    done
  done
  portal_fail "the portal dialog did not take $2"
}
moves="S@e3 S@g6 S@f4"
flatpak run "$app_id" --moves "$moves" agoraphobia > "$work/app.log" 2>&1 &
dialog=$(dialog_after ctrl+s 'Save Game Record') || exit 1
choose "$dialog" "$files/first.boardsmith"
wait_file "$files/first.boardsmith" ||
  portal_fail "saving through the portal wrote nothing to $files"
for m in $moves; do
  grep -q "$m" "$files/first.boardsmith" || fail "the saved record lacks the move $m"
done
grep -q '<record format=' "$files/first.boardsmith" || fail "the saved file is not a record"
flatpak kill "$app_id" > /dev/null 2>&1 || true
for _ in $(seq 50); do [ -z "$(find_window '^Boardsmith$')" ] && break; sleep 0.2; done

# Open the record from the start page, then save it under another name: the copy holds the
# moves only if the app read the file it was handed.
flatpak run "$app_id" > "$work/app.log" 2>&1 &
dialog=$(dialog_after ctrl+o '^Open File$') || exit 1
choose "$dialog" "$files/first.boardsmith"
dialog=$(dialog_after shift+ctrl+s 'Save Game Record') || exit 1
choose "$dialog" "$files/second.boardsmith"
wait_file "$files/second.boardsmith" ||
  portal_fail "the record opened through the portal could not be saved again"
for m in $moves; do
  grep -q "$m" "$files/second.boardsmith" ||
    fail "the record opened through the portal was not the one chosen (no move $m)"
done
flatpak kill "$app_id" > /dev/null 2>&1 || true
echo "saved, opened and saved again through the portal: $(ls "$files")"

# --- The Flathub manifest, built from a local tag ------------------------------------------
step "the Flathub manifest from a local tag v$version"
tagged=$work/tagged
rm -rf "$tagged"
cp -a "$work/src" "$tagged"
git -C "$tagged" init -q
git -C "$tagged" add -A
git -C "$tagged" -c user.name=flatpak-test -c user.email=flatpak-test@localhost \
  commit -q -m "release v$version (flatpak test)"
git -C "$tagged" tag "v$version"
mkdir -p "$work/flathub"
python3 "$tagged/build-aux/flathub-manifest.py" --srcdir "$tagged" --url "file://$tagged" \
  -o "$work/flathub/$app_id.json" || fail "flathub-manifest.py failed"
grep -q '"type": "git"' "$work/flathub/$app_id.json" || fail "the Flathub manifest has no git source"
if ! flatpak-builder --user --force-clean --disable-rofiles-fuse --state-dir="$work/flathub-state" \
     "$work/flathub-build" "$work/flathub/$app_id.json" > "$work/flathub-builder.log" 2>&1; then
  tail -n 60 "$work/flathub-builder.log"
  fail "flatpak-builder failed on the Flathub manifest"
fi
got=$(flatpak-builder --run "$work/flathub-build" "$work/flathub/$app_id.json" \
        boardsmith-cli --version)
[ "$got" = "boardsmith-cli $version" ] || fail "the Flathub build's boardsmith-cli says $got"
echo "the Flathub manifest builds from the tag: $got"
step "done"

#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The 'dist' test suite: what a distribution packager does with a release. `meson dist` makes
# the release tarball from a git snapshot of the sources (tracked and untracked, not ignored,
# files: what is being tested, committed or not), unpacks it, configures, builds, runs the
# engine, CLI and data suites and installs from the tarball alone — no git, no checkout
# beside it.
# Then the tarball's contents are checked: licences and the files the build needs are in it,
# no build directory and no .git are.
#
# Usage: run.sh SRCDIR WORKDIR
set -euo pipefail

srcdir=$(realpath "$1")
work=$2
step() { echo "== $* ($(date +%T))"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in git meson ninja tar xz; do
  command -v "$tool" > /dev/null || fail "$tool is not installed"
done

rm -rf "$work"
mkdir -p "$work"
work=$(realpath "$work")

step "a git snapshot of the sources"
mkdir "$work/src"
if git -C "$srcdir" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  git -C "$srcdir" ls-files -z -co --exclude-standard |
    (cd "$srcdir" && xargs -0 tar -cf - --no-recursion --ignore-failed-read) |
    tar -xf - -C "$work/src"
else
  tar -cf - -C "$srcdir" --exclude='./_build*' --exclude='./.flatpak-builder' . |
    tar -xf - -C "$work/src"
fi
git -C "$work/src" init -q
git -C "$work/src" add -A
git -C "$work/src" -c user.name=dist-test -c user.email=dist-test@localhost \
  commit -q -m "snapshot for the dist test"

step "meson setup"
meson setup "$work/build" "$work/src" > "$work/setup.log" 2>&1 ||
  { tail -n 40 "$work/setup.log"; fail "meson setup failed"; }

# The tarball alone, unpacked beside nothing: configured, built, installed, and its engine,
# CLI and data suites run (the whole default suite of these sources is the README's test
# command, which CI runs first; here what matters is that the tarball holds what they need).
step "meson dist: the tarball"
if ! meson dist -C "$work/build" --formats xztar --no-tests > "$work/dist.log" 2>&1; then
  tail -n 60 "$work/dist.log"
  fail "meson dist failed (log: $work/dist.log)"
fi
tarball=$(ls "$work"/build/meson-dist/*.tar.xz)
version=$(meson introspect --projectinfo "$work/build" | python3 -c 'import json,sys; print(json.load(sys.stdin)["version"])')
[ "$(basename "$tarball")" = "boardsmith-$version.tar.xz" ] ||
  fail "the tarball is $(basename "$tarball"), not boardsmith-$version.tar.xz"

step "build, test and install from the tarball alone"
mkdir "$work/unpacked"
tar -xJf "$tarball" -C "$work/unpacked"
tree="$work/unpacked/boardsmith-$version"
[ -d "$tree" ] || fail "the tarball does not unpack to boardsmith-$version/"
[ ! -e "$tree/.git" ] || fail "the tarball holds .git"
{
  meson setup "$work/tarball-build" "$tree" -Dwerror=true &&
    meson compile -C "$work/tarball-build" &&
    meson test -C "$work/tarball-build" --num-processes 2 --print-errorlogs \
      --suite engine --suite cli --suite data &&
    DESTDIR="$work/destdir" meson install -C "$work/tarball-build" --no-rebuild
} > "$work/tarball.log" 2>&1 || {
  grep -E 'FAIL|ERROR|error' "$work/tarball.log" | tail -n 40
  tail -n 60 "$work/tarball.log"
  fail "building, testing or installing from the tarball failed (log: $work/tarball.log)"
}
grep -E '^(Ok|Fail|Skipped|Timeout): ' "$work/tarball.log" | tail -n 4 || true
[ -x "$work/destdir/usr/local/bin/boardsmith-cli" ] ||
  fail "the install from the tarball has no bin/boardsmith-cli"

step "the tarball's contents"
tar -tJf "$tarball" | sed "s|^boardsmith-$version/||" | sort > "$work/contents"
for f in COPYING LICENSES/GPL-3.0-or-later.txt LICENSES/CC0-1.0.txt LICENSES/CC-BY-SA-4.0.txt \
         .reuse/dep5 meson.build meson_options.txt po/LINGUAS README.md docs/PACKAGING.md \
         data/man/gen-man.py data/completions/boardsmith-cli.bash; do
  grep -qxF "$f" "$work/contents" || fail "the tarball lacks $f"
done
if grep -E '^(\.git/|_build|\.flatpak-builder/)' "$work/contents" | head -n 3 | grep -q .; then
  fail "the tarball holds a build directory or .git"
fi
# Every file of the snapshot is in the tarball (meson dist takes what git tracks).
git -C "$work/src" ls-files | sort > "$work/tracked"
missing=$(comm -23 "$work/tracked" "$work/contents")
[ -z "$missing" ] || fail "files of the sources missing from the tarball: $missing"
echo "$(wc -l < "$work/contents") entries in $(basename "$tarball") ($(du -h "$tarball" | cut -f1))"
step "done"

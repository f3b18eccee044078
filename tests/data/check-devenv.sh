#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# check-devenv.sh MESON BUILDDIR: the README's way of running (meson devenv, as build-aux/dev
# run does) speaks the user's language: with LANGUAGE=fr alone, the uninstalled app and CLI
# read the catalogs built in the tree, not an installed copy (there is none in a test).
set -eu
meson=$1
build=$2
out=$(cd / && env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE=fr \
  "$meson" devenv -C "$build" boardsmith-cli --help 2>&1) || { echo "$out"; exit 1; }
echo "$out" | grep -q '^Commandes' || { echo "boardsmith-cli --help is not in French:"; echo "$out"; exit 1; }
# Whose turn it is, said as French says it (issue 29: "À Or de jouer" read wrong).
out=$(cd / && env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE=fr \
  "$meson" devenv -C "$build" boardsmith-cli show astoria 2>&1) || { echo "$out"; exit 1; }
echo "$out" | grep -q ': Gold (1) joue$' || { echo "the turn does not read \"Gold (1) joue\":"; echo "$out"; exit 1; }
if [ -x "$build/src/app/boardsmith" ]; then
  out=$(cd / && env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE=fr \
    "$meson" devenv -C "$build" boardsmith --help 2>&1) || { echo "$out"; exit 1; }
  echo "$out" | grep -q 'Ouvrir un jeu' || { echo "boardsmith --help is not in French:"; echo "$out"; exit 1; }
fi
echo "French through meson devenv"

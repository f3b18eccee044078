#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# check-french-games.sh CLI BUILDDIR: a game written in the rules language (rules/games/)
# reaches the user of boardsmith-cli in French with LANGUAGE=fr (issues 24, 28): what each
# move did (show --explain: Reversi's placements and flips), why the game ended (Hex's
# ending sentence) and how a move is written (Reversi's notation hint in a parse error),
# with the players' names in French. The same commands in the C locale give the English,
# so the French is no accident of the test.
set -eu
cli=$1
build=$2
fails=0
nbsp=$(printf '\302\240')

# expect LANGUAGE TEXT ARG…: the output of `boardsmith-cli ARG…` (either stream) holds TEXT.
expect () {
  lang=$1 text=$2
  shift 2
  if [ "$lang" = C ]; then
    out=$(env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=C BOARDSMITH_LOCALEDIR="$build/po" \
      "$cli" "$@" 2>&1) || true
  else
    out=$(env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE="$lang" BOARDSMITH_LOCALEDIR="$build/po" \
      "$cli" "$@" 2>&1) || true
  fi
  if printf '%s\n' "$out" | grep -qF -- "$text"; then
    echo "ok $* ($lang): $text"
  else
    echo "FAIL $* ($lang): expected \"$text\" in:"; printf '%s\n' "$out"; fails=$((fails + 1))
  fi
}

expect C "1. d3: Black places a disc on d3." show reversi --moves "d3 c5" --explain
expect fr "1. d3: Noir pose un pion en d3." show reversi --moves "d3 c5" --explain
expect C "Black flips d4." show reversi --moves "d3 c5" --explain
expect fr "Noir retourne d4." show reversi --moves "d3 c5" --explain
expect fr "2. c5: Blanc pose un pion en c5." show reversi --moves "d3 c5" --explain
expect de "1. d3: Schwarz setzt einen Stein auf d3." show reversi --moves "d3 c5" --explain

expect C "Red joined their two sides with a chain of stones and wins." \
  show hex --set size=3 --moves "a1 b1 a2 b2 a3"
expect fr "Rouge a relié ses deux côtés par une chaîne de pierres et gagne." \
  show hex --set size=3 --moves "a1 b1 a2 b2 a3"

expect C "(write a move as d3: the cell the disc goes on, or pass)" show reversi --moves "d3-d4"
expect fr "(écrivez un coup d3${nbsp}: la case où va le pion, ou pass)" show reversi --moves "d3-d4"

[ "$fails" -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "the written games explain, end and hint in French and German"

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# check-french-errors.sh CLI BUILDDIR SOURCE_ROOT: a bad variant file's error reaches the user
# in French through boardsmith-cli (LANGUAGE=fr, the catalogs built in the tree, as `meson
# devenv` sets them), from each layer that reads it: the XML reader (bs-xml.c), the variant
# reader (bs-variant-xml.c), the board (bs-board.c) and the rule set (bs-ruleset.c). The same
# files in the C locale give the English text, so the French one is no accident of the test.
# Then the CLI's own errors and the study reader's: a bad option value, a file that is no study.
set -eu
cli=$1
build=$2
bad=$3/tests/data/bad-variants
fails=0

# expect_cli LANGUAGE TEXT ARG…: `boardsmith-cli ARG…` fails and its error holds TEXT.
expect_cli () {
  lang=$1 text=$2
  shift 2
  if [ "$lang" = C ]; then
    out=$(env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=C BOARDSMITH_LOCALEDIR="$build/po" \
      "$cli" "$@" 2>&1) && status=0 || status=$?
  else
    out=$(env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE="$lang" BOARDSMITH_LOCALEDIR="$build/po" \
      "$cli" "$@" 2>&1) && status=0 || status=$?
  fi
  if [ "$status" -eq 0 ]; then
    echo "FAIL $* ($lang): accepted"; fails=$((fails + 1))
  elif ! printf '%s\n' "$out" | grep -qF -- "$text"; then
    echo "FAIL $* ($lang): expected \"$text\" in:"; printf '%s\n' "$out"; fails=$((fails + 1))
  else
    echo "ok $* ($lang): $out"
  fi
}

# expect FILE LANGUAGE TEXT: `boardsmith-cli validate FILE` fails and its error holds TEXT.
expect () {
  expect_cli "$2" "$3" validate "$bad/$1"
}

nbsp=$(printf '\302\240')
expect empty.xml C "empty.xml:1: the file is empty"
expect empty.xml fr "empty.xml:1: le fichier est vide"
expect bad-encoding.xml C "the file is not valid Shift_JIS (it says it is): bytes 0x81"
expect bad-encoding.xml fr "le fichier n’est pas du Shift_JIS valide (il l’annonce pourtant)"
expect duplicate-hole.xml C "duplicate-hole.xml:7: duplicate hole d4 (already at line 5)"
expect duplicate-hole.xml fr "duplicate-hole.xml:7: trou d4 en double (déjà à la ligne 5)"
expect adjacency-6.xml C "<board adjacency>: 6 is neither 4 nor 8"
expect adjacency-6.xml fr "<board adjacency>${nbsp}: 6 n’est ni 4 ni 8"
expect author-too-long.xml C "<author> is too long (101 characters; at most 100)"
expect author-too-long.xml fr "<author> dépasse la longueur permise (101 caractères${nbsp}; au plus 100)"
expect size-zero.xml C "board size 0 is out of range (1 to 32)"
expect size-zero.xml fr "la taille de plateau 0 est hors limites (1 à 32)"
expect too-many-cells.xml fr "un plateau hex-rhombus de 4096 cases dépasse la limite de 1024 cases"
expect wrong-shape-for-module.xml C "tribes is not played on a hexagon board (it is played on: square)"
expect wrong-shape-for-module.xml fr "tribes ne se joue pas sur un plateau hexagon (il se joue sur${nbsp}: square)"
expect author-too-long.xml de "<author> ist zu lang (101 Zeichen; höchstens 100)"
# libxml2's own messages are English: the common ones are said in the user's language.
expect not-well-formed.xml C "not-well-formed.xml:14: <players> (opened on line 5) is closed by </player>"
expect not-well-formed.xml fr "not-well-formed.xml:14: <players> (ouvert ligne 5) est fermé par </player>"
expect truncated.xml de "truncated.xml:7: die Datei endet, bevor <players> (geöffnet in Zeile 6) geschlossen ist"
expect undefined-entity.xml fr "entité &jerry; inconnue (seules &amp; &lt; &gt; &quot; &apos; sont connues)"
expect_cli C "is not a whole number from 1 to" study --games abc "$bad/size-zero.xml"
expect_cli fr "--games${nbsp}: «${nbsp}abc${nbsp}» n’est pas un nombre entier de 1 à" \
  study --games abc "$bad/size-zero.xml"
expect_cli C "the root element is <variant>, not <study>: not a study file" \
  report "$bad/size-zero.xml"
expect_cli fr "l’élément racine est <variant>, pas <study>${nbsp}: ce n’est pas un fichier d’étude" \
  report "$bad/size-zero.xml"
# expect_env TEXT VAR=VALUE… -- ARG…: with only those locale variables set, `boardsmith-cli ARG…`
# fails and its error holds TEXT.
expect_env () {
  text=$1
  shift
  vars=""
  while [ "$1" != "--" ]; do vars="$vars $1"; shift; done
  shift
  # shellcheck disable=SC2086 # the assignments are words of their own
  out=$(env -u LC_ALL -u LC_MESSAGES -u LANG -u LANGUAGE $vars BOARDSMITH_LOCALEDIR="$build/po" \
    "$cli" "$@" 2>&1) && status=0 || status=$?
  if [ "$status" -eq 0 ]; then
    echo "FAIL $* ($vars): accepted"; fails=$((fails + 1))
  elif ! printf '%s\n' "$out" | grep -qF -- "$text"; then
    echo "FAIL $* ($vars): expected \"$text\" in:"; printf '%s\n' "$out"; fails=$((fails + 1))
  else
    echo "ok $* ($vars): $out"
  fi
}

# The locale as the system sets it (issue 28): C or POSIX chosen by name wins over LANGUAGE, as
# in every GNU program; LANGUAGE alone (a session that sets only the language list), with
# C.UTF-8 (a container's or sandbox's neutral default) or with a locale that is not installed
# still gives the language it asks for.
expect_env "empty.xml:1: the file is empty" LC_ALL=C LANGUAGE=fr -- validate "$bad/empty.xml"
expect_env "empty.xml:1: the file is empty" LC_ALL=POSIX LANG=C.UTF-8 LANGUAGE=fr -- \
  validate "$bad/empty.xml"
expect_env "empty.xml:1: the file is empty" LC_MESSAGES=C LANG=C.UTF-8 LANGUAGE=de -- \
  validate "$bad/empty.xml"
expect_env "unknown command" LC_ALL=C LANGUAGE=fr -- bogus
expect_env "empty.xml:1: le fichier est vide" LANGUAGE=fr -- validate "$bad/empty.xml"
expect_env "empty.xml:1: le fichier est vide" LC_ALL=C.UTF-8 LANGUAGE=fr -- validate "$bad/empty.xml"
expect_env "empty.xml:1: le fichier est vide" LANG=xx_NOWHERE.UTF-8 LANGUAGE=fr -- \
  validate "$bad/empty.xml"

[ "$fails" -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "bad variants and the CLI give their errors in French and German"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Evaluation-cut playouts (docs/SEARCH.md, "Evaluation-cut playouts"): with the cut off
# (--cut 0, or no --cut) `think` gives exactly what the search gave before the cut existed,
# for every turn-based game's start position and in two threads (tests/cli/data/cut-golden:
# the JSON of `think GAME --playouts 1500 --seed 7`, written by the build before the change,
# timings left out); with a cut it replays from its seed and differs; bad values of --cut
# and of a player's cut= are refused, naming them.
set -euo pipefail

cli=${BOARDSMITH_CLI:?}
golden=${BOARDSMITH_CUT_GOLDEN:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

fail () { echo "FAIL: $*" >&2; exit 1; }

strip () {
  python3 -c '
import json, sys
d = json.load(sys.stdin)
for k in ["seconds", "iterations_per_second", "cpu_seconds", "iterations_per_cpu_second"]:
    d.pop(k, None)
json.dump(d, sys.stdout, indent=1, sort_keys=True)
print()'
}

echo "# the cut off is the search as it was"
for file in "$golden"/*.json; do
  name=$(basename "$file" .json)
  variant=${name%-threads2}
  extra=()
  [ "$name" != "$variant" ] && extra=(--threads 2)
  "$cli" think "$variant" --playouts 1500 --seed 7 "${extra[@]}" --json | strip > plain.json
  "$cli" think "$variant" --playouts 1500 --seed 7 "${extra[@]}" --cut 0 --json | strip > off.json
  cmp -s plain.json "$file" || fail "$name: $(diff plain.json "$file" | head -20)"
  cmp -s off.json "$file" || fail "$name --cut 0: $(diff off.json "$file" | head -20)"
  echo "ok: $name as before"
done

echo "# a cut replays from its seed, and is another search"
for variant in breakthrough hex; do
  "$cli" think "$variant" --playouts 1500 --seed 7 --cut 4 --json | strip > a.json
  "$cli" think "$variant" --playouts 1500 --seed 7 --cut 4 --json | strip > b.json
  cmp -s a.json b.json || fail "$variant --cut 4 does not replay"
  cmp -s a.json "$golden/$variant.json" && fail "$variant --cut 4 is the plain search"
  echo "ok: $variant --cut 4 replays"
done

echo "# bad values are refused"
refused () {
  local pattern=$1; shift
  local status=0
  "$@" > /dev/null 2> err.txt || status=$?
  [ "$status" = 2 ] || fail "$* exited $status: $(cat err.txt)"
  grep -qF -- "$pattern" err.txt || fail "$*: “$(cat err.txt)” does not say “$pattern”"
  echo "ok: refused: $(cat err.txt)"
}
refused "--cut" "$cli" think breakthrough --cut -1
refused "--cut" "$cli" think breakthrough --cut 1001
refused "--cut" "$cli" think breakthrough --cut x
refused "--cut" "$cli" think breakthrough --cut 4 --algorithm alphabeta
refused "“mcts:cpu=0.01,cut=x”" "$cli" match breakthrough mcts:cpu=0.01,cut=x random
refused "given twice" "$cli" match breakthrough mcts:cpu=0.01,cut=2,cut=3 random

echo "# a match with a cut player plays legal games"
"$cli" match breakthrough mcts:300,cut=4 mcts:300 --games 2 --seed 1 --set width=5 \
  --set height=5 > m.txt || fail "match: $(cat m.txt)"
grep -qF "mcts:300,cut=4" m.txt || fail "match: $(cat m.txt)"
echo "ok: match"

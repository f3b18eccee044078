#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# boardsmith-cli round-robin (docs/SEARCH.md, Round robin): every pair of players plays its
# games, the pairs' results add up, the Elo ratings and intervals are those that
# tests/engine/elo-check.py computes another way from the same results, strongest first;
# a run replays from its seed; records are written per pair; bad input is refused.
set -euo pipefail

cli=${BOARDSMITH_CLI:?}
check=$(cd "$(dirname "$0")/../engine" && pwd)/elo-check.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
players=(random mcts:10 mcts:100 ab:depth=2)
"$cli" round-robin breakthrough "${players[@]}" --set width=5 --set height=5 --games 8 \
  --seed 7 --records records --json > rr.json
"$cli" round-robin breakthrough "${players[@]}" --set width=5 --set height=5 --games 8 \
  --seed 7 --json > again.json
python3 - rr.json again.json "$check" <<'PY'
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("elo_check", sys.argv[3])
elo = importlib.util.module_from_spec(spec)
spec.loader.exec_module(elo)
rr = json.load(open(sys.argv[1]))
again = json.load(open(sys.argv[2]))
names = ["random", "mcts:10", "mcts:100", "ab:depth=2"]
assert rr["anchor"] == "random" and rr["games_per_pair"] == 8
assert len(rr["pairs"]) == 6
# The pairs replay from the seed (no player here has a clock).
assert rr["pairs"] == again["pairs"], (rr["pairs"], again["pairs"])
results = []
for p in rr["pairs"]:
    assert p["wins"] + p["draws"] + p["losses"] == 8, p
    i, j = names.index(p["a"]), names.index(p["b"])
    results += [(i, j, 1)] * p["wins"] + [(i, j, 0.5)] * p["draws"] + [(i, j, 0)] * p["losses"]
expected = elo.fit(4, results)
ratings = {r["player"]: r for r in rr["ratings"]}
for i, name in enumerate(names):
    r = ratings[name]
    assert abs(r["elo"] - expected[i][0]) < 1e-3, (name, r, expected[i])
    if i > 0:
        assert abs(r["interval"][0] - expected[i][1]) < 0.05, (name, r, expected[i])
        assert abs(r["interval"][1] - expected[i][2]) < 0.05, (name, r, expected[i])
order = [r["elo"] for r in rr["ratings"]]
assert order == sorted(order, reverse=True), order
# Alpha-beta at depth 2 is stronger than random play: a real result, not an assumption
# of the code (it plays 8 games against random here).
assert ratings["ab:depth=2"]["elo"] > ratings["random"]["elo"] + 200, ratings
print("ratings:", [(r["player"], round(r["elo"])) for r in rr["ratings"]])
PY
test "$(ls records | wc -l)" = 6
test "$(ls records/1-vs-2 | wc -l)" = 8
"$cli" replay records/2-vs-4/game-0003.xml > /dev/null
"$cli" round-robin breakthrough random mcts:10 --games 2 > text.txt
grep -q "Elo relative to random" text.txt
echo "ok: ratings as computed independently, replayable, records per pair"

status=0
"$cli" round-robin breakthrough random random 2> twice.err || status=$?
test "$status" = 2
grep -q "given twice" twice.err
status=0
"$cli" round-robin tribes random ab:depth=1 2> simultaneous.err || status=$?
test "$status" = 2
grep -q "simultaneous rounds" simultaneous.err
status=0
"$cli" round-robin breakthrough random nonsense 2> bad.err || status=$?
test "$status" = 2
grep -q "nonsense" bad.err
echo "ok: refusals"

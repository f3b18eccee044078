#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# What must never lose a designer's games across processes: a shard killed
# with SIGKILL is merged with the games of its journal; merge refuses a
# missing shard (unless --partial), two different games under one number
# and an output that is one of its inputs; a shard's file is continued only
# by that shard; two runs never write one study file at once.
# Waits poll for the event, bounded by a limit scaled by the tests' factor.
set -euo pipefail

cli=${BOARDSMITH_CLI:?}
factor=${BOARDSMITH_TEST_TIMEOUT_MULTIPLIER:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
study=(study agoraphobia --white easy --black random --games 40 --seed 5)

# wait_for DESCRIPTION COMMAND…: polls until COMMAND succeeds (120 s × factor)
wait_for () {
  local what=$1; shift
  local deadline=$(( SECONDS + ${factor%.*} * 120 ))
  until "$@"; do
    if [ $SECONDS -ge $deadline ]; then echo "timed out waiting for $what"; exit 1; fi
    sleep 0.05
  done
}
journal_games () { local n; n=$(grep -c '</game>' "$1" 2> /dev/null) || true; echo "${n:-0}"; }
# 3 games in the killed shard's journal, or the shard already ended
three_in_journal () { [ "$(journal_games k1.xml.journal)" -ge 3 ] || ! kill -0 "$pid" 2> /dev/null; }
games_done () { "$cli" report "$1" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["games_done"])'; }

"$cli" "${study[@]}" --jobs 2 -o whole.xml > /dev/null
for i in 0 1 2; do "$cli" "${study[@]}" --jobs 1 --shard $i/3 -o s$i.xml > /dev/null; done

echo "# a shard's file is continued by that shard only"
if "$cli" "${study[@]}" --shard 1/3 -o s0.xml 2> err.txt; then exit 1; fi
grep -q 'it holds shard 0/3, not shard 1/3' err.txt
if "$cli" "${study[@]}" -o s0.xml 2> err.txt; then exit 1; fi
grep -q 'it holds shard 0/3, not the whole study' err.txt
echo "ok: a file of shard 0/3 is not continued as shard 1/3 or as the whole study"

echo "# merge: a missing shard, an output that is an input, conflicting games"
if "$cli" merge s0.xml s1.xml -o part.xml 2> err.txt; then exit 1; fi
grep -q 'shard 2/3 is not among the inputs' err.txt
# Which games, by number (the first five runs; "…" may be "?" in a C locale).
grep -qF 'arm 0 lacks 13 of its 40 games (numbers 2, 5, 8, 11, 14, ' err.txt
test ! -e part.xml
"$cli" merge s0.xml s1.xml -o part.xml --partial
test "$(games_done part.xml)" = 27
cp s1.xml s1-before.xml
if "$cli" merge s0.xml s1.xml s2.xml -o ./s1.xml 2> err.txt; then exit 1; fi
grep -q 'would replace one of the studies' err.txt
# Nor by another name of the same file.
ln s1.xml s1-link.xml
if "$cli" merge s0.xml s1.xml s2.xml -o s1-link.xml 2> err.txt; then exit 1; fi
grep -q 'would replace one of the studies' err.txt
cmp s1.xml s1-before.xml
python3 - <<'PY'
import re
text = open("s1.xml", encoding="utf-8").read()
# Game 1 (the first of shard 1) ends another way in a rerun.
text = re.sub(r'reason="[^"]*"', 'reason="edited"', text, count=1)
open("s1-rerun.xml", "w", encoding="utf-8").write(text)
PY
for order in "s1.xml s1-rerun.xml" "s1-rerun.xml s1.xml"; do
  # shellcheck disable=SC2086
  if "$cli" merge s0.xml $order s2.xml -o x.xml 2> err.txt; then exit 1; fi
  grep -q 'hold different games as game 1 of arm 0' err.txt
  test ! -e x.xml
done
echo "ok: merge says what is missing, keeps its inputs and refuses to choose between games"

echo "# a shard killed with SIGKILL: merge takes the games of its journal"
"$cli" "${study[@]}" --jobs 1 --shard 1/3 -o k1.xml > /dev/null &
pid=$!
wait_for "3 games in the journal (or the shard's end)" three_in_journal
# On a fast machine the shard may play all of its 13 games between two looks
# (then the journal holds them all, or the run has ended and folded them):
# what is checked is the same, a merge that loses none of them.
kill -9 "$pid" 2> /dev/null || true
wait "$pid" 2> /dev/null || true
in_journal=$(journal_games k1.xml.journal)
in_shard=$(games_done k1.xml)
echo "journal: $in_journal games; report of the shard: $in_shard"
test "$in_shard" -ge 3
if [ "$in_shard" -lt 13 ]; then
  if "$cli" merge s0.xml k1.xml s2.xml -o km.xml 2> err.txt; then exit 1; fi
  grep -q 'arm 0 lacks' err.txt
fi
"$cli" merge s0.xml k1.xml s2.xml -o km.xml --partial
test "$(games_done km.xml)" = $(( 14 + in_shard + 13 ))
"$cli" study --resume k1.xml > /dev/null
"$cli" merge s0.xml k1.xml s2.xml -o km2.xml
cmp whole.xml km2.xml
echo "ok: no finished game of a killed shard is lost in a merge"

echo "# two runs into one file: the second is refused while the first writes"
# The same command twice (a new study with another seed is refused by the
# same lock when both start together: test-study-file /study-file/lock).
long=(study agoraphobia --white easy --black easy --games 400 --seed 8 --jobs 1 -o c.xml)
"$cli" "${long[@]}" > /dev/null &
pid=$!
wait_for "the first run to hold the file" test -s c.xml.lock
if "$cli" "${long[@]}" 2> err.txt; then kill "$pid"; exit 1; fi
cat err.txt
grep -q "c.xml is being written by another run (process $pid on " err.txt
kill -INT "$pid" 2> /dev/null || true
wait "$pid" 2> /dev/null || true
test ! -e c.xml.lock
"$cli" report c.xml --json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["seed"] == 8, d["seed"]'
echo "ok: one run at a time writes a study file"
echo "# replicates: studies of other seeds pool with merge --replicates"
rep=(study breakthrough --set width=5 --set height=5 --white random --black random --games 40)
for seed in 1 2 3; do "$cli" "${rep[@]}" --seed $seed --jobs 1 -o r$seed.xml > /dev/null; done
if "$cli" merge r1.xml r2.xml -o rm.xml 2> err.txt; then exit 1; fi
grep -q 'the seeds differ' err.txt
grep -q -- '--replicates' err.txt
test ! -e rm.xml
"$cli" merge --replicates r3.xml r1.xml r2.xml -o rm.xml
"$cli" merge --replicates r2.xml r3.xml r1.xml -o rm2.xml
cmp rm.xml rm2.xml
# The same seed twice is the same games: kept once, no replicates.
"$cli" merge --replicates r1.xml r1.xml -o r1-twice.xml
cmp r1.xml r1-twice.xml
if "$cli" study --resume rm.xml 2> err.txt; then exit 1; fi
grep -q 'pools the replicates' err.txt
"$cli" report rm.xml > report.txt
grep -q 'Replicates (3 seeds, pooled above)' report.txt
grep -q 'chi-square test of equal player 1 scores' report.txt
"$cli" report rm.xml --json > rm.json
"$cli" report rm.xml --csv replicates > rm.csv
# Every figure recomputed from the three files of one seed each: the pooled counts, each
# replicate's own, and the chi-square statistic Σ n_i (s_i − s̄)² / σ̂² (σ̂² = Σ x² / N − s̄²)
# with its p-value on 2 degrees of freedom, e^(−χ²/2).
python3 - <<'PY'
import csv, json, math, re

def counts(path):
    text = open(path, encoding="utf-8").read()
    results = re.findall(r'<game arm="0" number="\d+" seats="AB" result="([^"]+)"', text)
    assert len(results) == 40, len(results)
    return (len(results), results.count("win-1"), results.count("win-2"), results.count("draw"))

per = [counts(f"r{seed}.xml") for seed in (1, 2, 3)]
report = json.load(open("rm.json"))
assert report["seed"] == 1 and report["replicate_seeds"] == [1, 2, 3], report["replicate_seeds"]
arm = report["arms"][0]
assert arm["games"] == 120
assert arm["player1_wins"]["count"] == sum(c[1] for c in per)
assert arm["player2_wins"]["count"] == sum(c[2] for c in per)
assert arm["draws"]["count"] == sum(c[3] for c in per)
for got, (n, w1, w2, d), seed in zip(arm["replicates"], per, (1, 2, 3)):
    assert (got["seed"], got["games"], got["player1_wins"], got["player2_wins"], got["draws"]) \
        == (seed, n, w1, w2, d), got
    assert abs(got["player1_score"]["score"] - (w1 + d / 2) / n) < 1e-6
N = sum(c[0] for c in per)
mean = sum(c[1] + c[3] / 2 for c in per) / N
var = sum(c[1] + c[3] / 4 for c in per) / N - mean * mean
chi2 = sum(c[0] * ((c[1] + c[3] / 2) / c[0] - mean) ** 2 for c in per) / var
h = arm["heterogeneity"]
print("replicates", per, "chi2", chi2, "p", math.exp(-chi2 / 2))
assert h["method"] == "chi-square" and h["df"] == 2 and h["replicates"] == 3
assert abs(h["statistic"] - chi2) < 1e-6, (h, chi2)
assert abs(h["p_value"] - math.exp(-chi2 / 2)) < 1e-5, h
assert h["significant"] == (math.exp(-chi2 / 2) < 0.05)
rows = list(csv.DictReader(open("rm.csv")))
assert [int(r["seed"]) for r in rows] == [1, 2, 3]
for r, (n, w1, w2, d) in zip(rows, per):
    assert (int(r["games"]), int(r["player1_wins"]), int(r["player2_wins"]), int(r["draws"])) \
        == (n, w1, w2, d)
    assert abs(float(r["heterogeneity_chi2"]) - chi2) < 1e-5 and r["heterogeneity_df"] == "2"
PY
echo "ok: replicates pool, each keeps its own score, and their agreement is tested"

echo "# A/B players: two strengths on one variant"
"$cli" study breakthrough --set width=5 --set height=5 --compare-players random:30 \
  --games 20 --seed 4 --jobs 1 -o pl.xml > pl.txt
grep -q 'Players: A Random, B 30 playouts a move, each against itself in both seats' pl.txt
grep -q 'Player 1’s score, B’s strength minus A’s' pl.txt
if "$cli" study breakthrough --compare-players random:30 --white easy 2> err.txt; then exit 1; fi
grep -q -- '--compare-players sets both arms' err.txt
if "$cli" study breakthrough --compare-players random 2> err.txt; then exit 1; fi
grep -q 'is not LEVEL_A:LEVEL_B' err.txt
"$cli" report pl.xml --json > pl.json
# The difference B − A and Newcombe's hybrid score interval (his method 10), recomputed
# from the file's games with Wilson's interval written out here.
python3 - <<'PY'
import json, math, re
text = open("pl.xml", encoding="utf-8").read()
assert '<study format="1" kind="players"' in text
games = re.findall(r'<game arm="(\d)" number="\d+" seats="(\w+)" result="([^"]+)"', text)
assert len(games) == 40 and all(s == "AB" for _, s, _ in games)
# Each arm is played by its own player in both seats. A search plays in the study (B, 30
# playouts), so the common evaluator judges every game of both arms alike, the random
# player's arm A included (docs/BALANCE.md, Evaluations).
blocks = re.findall(r'(<game arm="(\d)".*?</game>)', text, re.S)
assert len(blocks) == 40
assert all("<evaluations>" in b for b, arm in blocks)
z = 1.959963984540054
def wilson(x, n):
    p = x / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return c - h, c + h
x = [sum(1 if r == "win-1" else 0.5 if r == "draw" else 0 for a, _, r in games if a == arm)
     for arm in "01"]
pa, pb = x[0] / 20, x[1] / 20
la, ua = wilson(x[0], 20)
lb, ub = wilson(x[1], 20)
d = pb - pa
low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
report = json.load(open("pl.json"))
assert report["kind"] == "players" and report["seats_swapped_in_odd_games"] is False
assert report["player_a"] == "random" and report["player_b"] == "30"
assert [a["value"] for a in report["arms"]] == ["A", "B"]
diff = report["difference"]
print("players: A", pa, "B", pb, "difference", d, [low, high], diff)
assert abs(diff["player1_score_b_minus_a"] - d) < 1e-6
assert abs(diff["low"] - low) < 1e-6 and abs(diff["high"] - high) < 1e-6
# One verdict by one method: the p-value is the interval's own test.
assert diff["test"] == "newcombe-inversion"
assert (diff["p_value"] < 0.05) == (low > 0 or high < 0) == diff["significant"], diff
PY
echo "ok: A/B players report player 1's score at each strength and their difference"
echo "all passed"

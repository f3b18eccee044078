#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The balance lab with an alpha-beta player (issue 27): a study whose player A is
# ab:depth=2 runs, writes its file, reads it back, resumes and merges to the same bytes as
# one run; depth 2 beats random on Breakthrough 6×6 (at least 18 of 20 games, counted from
# the file's own games); a game of simultaneous rounds refuses alpha-beta naming the player;
# bad settings are refused naming the value; --compare-players splits LEVEL_A:LEVEL_B where
# both halves are players; two alpha-beta players play different games from one start.
set -euo pipefail

cli=${BOARDSMITH_CLI:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
study=(study breakthrough --set width=6 --set height=6 --white ab:depth=2 --black random
       --games 20 --seed 11)

echo "# one run, two workers; then one worker: the same bytes"
"$cli" "${study[@]}" --jobs 2 -o whole.xml > whole.txt
"$cli" "${study[@]}" --jobs 1 -o again.xml > /dev/null
cmp whole.xml again.xml
grep -q '<player id="A" level="ab:depth=2"' whole.xml
grep -q '<player id="B" level="random"' whole.xml
grep -q '^Players: Alpha-beta, depth 2 against Random' whole.txt
echo "ok: the study with an alpha-beta player replays byte for byte"

echo "# depth 2 beats random: A's wins counted from the file's games"
python3 - whole.xml <<'PY'
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
games = root.findall('.//game')
assert len(games) == 20, len(games)
score = 0.0
for g in games:
    a_seat = 2 if g.get('seats') == 'BA' else 1
    result = g.get('result')
    assert result in ('win-1', 'win-2', 'draw'), result
    if result == 'draw':
        score += 0.5
    elif result == 'win-%d' % a_seat:
        score += 1
print('alpha-beta depth 2 against random: %.1f of %d' % (score, len(games)))
assert score >= 18, score
PY
"$cli" report whole.xml --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["player_a"] == "ab:depth=2", d["player_a"]
s = d["arms"][0]["player_a_score"]["score"]
assert s >= 0.9, s
'
echo "ok: depth 2 scores at least 90% against random"

echo "# two alpha-beta players vary from game to game (ties go each decision's seed's way)"
"$cli" study breakthrough --set width=6 --set height=6 --white ab:depth=2 --games 20 --seed 1 \
  --jobs 2 -o self.xml > /dev/null
"$cli" study breakthrough --set width=6 --set height=6 --white ab:depth=2 --games 20 --seed 1 \
  --jobs 1 -o self-again.xml > /dev/null
cmp self.xml self-again.xml
distinct=$(grep -o '<moves>[^<]*' self.xml | sort -u | wc -l)
echo "ab:depth=2 against itself: $distinct distinct games of 20"
[ "$distinct" -ge 15 ]
echo "ok: alpha-beta against itself plays different games, and replays them"

echo "# resumed: ten games, then on to twenty"
"$cli" study breakthrough --set width=6 --set height=6 --white ab:depth=2 --black random \
  --games 10 --seed 11 --jobs 1 -o part.xml > /dev/null
"$cli" study --resume part.xml --games 20 --jobs 2 > /dev/null
cmp whole.xml part.xml
echo "ok: a resumed study with an alpha-beta player has the same bytes"

echo "# shards merged: the same bytes"
"$cli" "${study[@]}" --jobs 1 --shard 0/2 -o s0.xml > /dev/null
"$cli" "${study[@]}" --jobs 1 --shard 1/2 -o s1.xml > /dev/null
"$cli" merge s1.xml s0.xml -o merged.xml
cmp whole.xml merged.xml
echo "ok: shards with an alpha-beta player merge to the same bytes"

echo "# another spec is another study"
"$cli" study breakthrough --set width=6 --set height=6 --white ab:depth=3 --black random \
  --games 20 --seed 11 --shard 0/2 --jobs 1 -o s9.xml > /dev/null
if "$cli" merge s9.xml s1.xml -o bad.xml 2> err.txt; then exit 1; fi
grep -q 'players differ' err.txt
echo "ok: ab:depth=3 does not merge with ab:depth=2"

echo "# a game of simultaneous rounds refuses alpha-beta, naming the player"
if "$cli" study tribes --white ab:depth=1 --black random --games 2 2> err.txt; then exit 1; fi
grep -q 'ab:depth=1' err.txt
grep -q 'simultaneous rounds' err.txt
if "$cli" study tribes --compare-players random:ab:nodes=500 --games 2 2> err.txt; then exit 1; fi
grep -q 'ab:nodes=500' err.txt
echo "ok: Tribes refuses an alpha-beta player"

echo "# bad settings are refused naming the value"
if "$cli" study breakthrough --white ab:depth=x --games 2 2> err.txt; then exit 1; fi
grep -q -- '--white: Unknown alpha-beta setting “depth=x”' err.txt
if "$cli" study breakthrough --black mcts:medum --games 2 2> err.txt; then exit 1; fi
grep -q -- '--black: mcts:medum: Unknown level “medum”' err.txt
if "$cli" study breakthrough --compare-players ab:deep=2:random --games 2 2> err.txt; then
  exit 1
fi
grep -q '"ab:deep=2:random" is not LEVEL_A:LEVEL_B' err.txt
echo "ok: bad players refused"

echo "# A/B players with an alpha-beta arm; a sweep with one"
"$cli" study breakthrough --set width=5 --set height=5 --compare-players ab:depth=1:random \
  --games 4 --seed 2 --jobs 1 -o pl.xml > pl.txt
grep -q 'Players: A Alpha-beta, depth 1, B Random, each against itself in both seats' pl.txt
"$cli" report pl.xml --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["player_a"] == "ab:depth=1" and d["player_b"] == "random", d
'
"$cli" study breakthrough --set height=5 --sweep width=5..6 --white ab:nodes=300 \
  --black easy --games 4 --seed 2 --jobs 1 -o sw.xml > /dev/null
grep -q '<player id="A" level="ab:nodes=300"' sw.xml
echo "ok: compare-players and sweeps take alpha-beta players"

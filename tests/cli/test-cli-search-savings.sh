#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The design-space search's saving on a real question (docs/BALANCE.md, "Measured"):
# which Breakthrough boards, width 5..10 × height 5..10, give games of 30 to 40 plies
# between random players? The race (100 games a round, at most 10 rounds) against the
# full grid (one round of 1,000 games a candidate, the race's most): the race plays at
# least 5× fewer games, never contradicts the grid (a setting one keeps and the other
# eliminates), and, with the grid's intervals read at the race's z (the same precision),
# differs from it only on settings within a ply or two of the band's edge.
set -euo pipefail

cli=${BOARDSMITH_CLI:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
question=(search breakthrough --vary width=5..10 --vary height=5..10 --goal 'length=30..40'
          --white random --black random --seed 1 --jobs 2)

"$cli" "${question[@]}" --games-per-round 100 --max-rounds 10 -o race --json > race.json
"$cli" "${question[@]}" --games-per-round 1000 --max-rounds 1 -o grid --json > grid.json

python3 - race.json grid.json <<'EOF'
import json, sys

race = json.load(open(sys.argv[1]))
grid = json.load(open(sys.argv[2]))
assert len(race["candidates"]) == 36 and len(grid["candidates"]) == 36
assert grid["total_games"] == 36 * 1000, grid["total_games"]
# The race's own count of a grid of its precision is the same figure.
assert race["grid_games"] == grid["total_games"], (race["grid_games"], grid["total_games"])
saving = grid["total_games"] / race["total_games"]
print("# race %d games, grid %d: %.2f× fewer" % (race["total_games"], grid["total_games"],
                                               saving))
assert saving >= 5, saving

low_goal, high_goal = 30, 40
z_race, z_grid = race["interval"]["z"], grid["interval"]["z"]
assert z_race > z_grid  # the race's Bonferroni counts its rounds too


def verdict(low, high):
    if low >= low_goal and high <= high_goal:
        return "meets"
    if high < low_goal or low > high_goal:
        return "fails"
    return "undecided"


differ = []
for r, g in zip(race["candidates"], grid["candidates"]):
    assert r["label"] == g["label"]
    # Never a contradiction.
    assert {r["verdict"], g["verdict"]} != {"meets", "fails"}, (r, g)
    # The grid's interval (mean ± z·sd/√n) at the race's z.
    e = g["evidence"][0]
    half = (e["high"] - e["low"]) / 2 * z_race / z_grid
    at_race_z = verdict(e["value"] - half, e["value"] + half)
    if at_race_z != r["verdict"]:
        differ.append(r["label"])
        # Only at the edge: the grid's mean within 2 plies of the band's ends.
        assert min(abs(e["value"] - low_goal), abs(e["value"] - high_goal)) < 2, (r, g)
assert len(differ) <= 2, differ
# Most settings are far from the band: decided in the first round.
first = sum(1 for c in race["candidates"] if c["round"] == 1)
assert first >= 25, first
print("# verdicts differing at the same precision: %s" % (differ or "none"))
EOF
echo "ok"

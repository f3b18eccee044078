#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# boardsmith-cli skill-trace end to end on a small board at random and Easy (fast): the
# JSON's figures add up, each level is the study `study` plays with both players at that
# level (the same games: report reads the level's file to the same score), the run replays
# exactly from its seed, a second run resumes or extends the files, the chart is written,
# and bad levels or another study's file are refused with exit 2 and nothing on stdout.
set -euo pipefail

cli=${BOARDSMITH_CLI:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
trace=(skill-trace breakthrough --set size=5 --levels random,easy --games 20 --seed 3 --jobs 2)

echo "# a trace, kept in one study file a level, with a chart"
"$cli" "${trace[@]}" --json -o trace.xml --chart trace.svg > trace.json
test -s trace-random.xml
test -s trace-easy.xml
test ! -e trace-random.xml.journal
grep -q "<svg" trace.svg
python3 - trace.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["variant"] == "breakthrough" and d["seed"] == 3 and d["games"] == 20, d
assert [l["level"] for l in d["levels"]] == ["random", "easy"], d
for l in d["levels"]:
    assert l["games"] == 20
    assert l["player1_wins"] + l["player2_wins"] + l["draws"] == 20, l
    s = l["player1_score"]
    assert abs(s["score"] - (l["player1_wins"] + l["draws"] / 2) / 20) < 1e-12, l
    assert 0 <= s["low"] <= s["score"] <= s["high"] <= 1, l
    assert l["mean_plies"] > 0 and l["file"].startswith("trace-"), l
t = d["trend"]
assert t["test"] == "cochran-armitage" and t["levels"] == 2 and t["games"] == 40, t
assert t["direction"] in ("rises", "falls", "none", "unknown"), t
assert 0 <= t["p_value"] <= 1, t
assert (t["direction"] in ("rises", "falls")) == (t["p_value"] < 0.05), t
assert t["verdict"], t
PY
echo "ok: the JSON adds up"

echo "# each level is the study of both players at that level"
for level in random easy; do
  "$cli" report "trace-$level.xml" --json > "report-$level.json"
  "$cli" study breakthrough --set size=5 --white "$level" --games 20 --seed 3 --json \
    > "study-$level.json"
  python3 - trace.json "report-$level.json" "study-$level.json" "$level" <<'PY'
import json, sys
trace = json.load(open(sys.argv[1]))
level = next(l for l in trace["levels"] if l["level"] == sys.argv[4])
for path in sys.argv[2:4]:
    arm = json.load(open(path))["arms"][0]
    assert arm["games"] == 20, arm
    assert arm["player1_wins"]["count"] == level["player1_wins"], (path, arm, level)
    assert arm["draws"]["count"] == level["draws"], (path, arm, level)
    for k in ("score", "low", "high"):
        assert abs(arm["player1_score"][k] - level["player1_score"][k]) < 1e-6, (k, arm, level)
PY
done
echo "ok: report and study give each level's figures"

echo "# replayed from its seed, in memory"
"$cli" "${trace[@]}" --json > again.json
python3 - trace.json again.json <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for x, y in zip(a["levels"], b["levels"]):
    assert (x["player1_wins"], x["player2_wins"], x["draws"], x["mean_plies"]) == \
           (y["player1_wins"], y["player2_wins"], y["draws"], y["mean_plies"]), (x, y)
    assert y["file"] is None
assert a["trend"] == b["trend"], (a["trend"], b["trend"])
PY
echo "ok: the same games"

echo "# text; a second run resumes the files, more games extend them"
"$cli" "${trace[@]}" -o trace.xml > trace.txt
grep -q "Random" trace.txt
grep -q "Easy" trace.txt
grep -q "Cochran–Armitage" trace.txt
grep -q "trace-easy.xml" trace.txt
"$cli" skill-trace breakthrough --set size=5 --levels random,easy --games 24 --seed 3 \
  -o trace.xml --json > more.json
python3 -c '
import json, sys
d = json.load(open("more.json"))
assert [l["games"] for l in d["levels"]] == [24, 24], d
'
"$cli" report trace-easy.xml --json | python3 -c '
import json, sys
assert json.load(sys.stdin)["arms"][0]["games"] == 24'
echo "ok: resumed and extended"

echo "# refused: bad levels, fewer games than a file holds, another study's file"
expect_bad() {
  local status
  set +e
  "$cli" "$@" > out.txt 2> err.txt
  status=$?
  set -e
  test "$status" -eq 2 || { echo "exit $status for: $*"; cat err.txt; exit 1; }
  test ! -s out.txt || { echo "stdout not empty for: $*"; exit 1; }
  grep -q "^boardsmith-cli: " err.txt
}
expect_bad skill-trace breakthrough --levels easy
grep -q -- "--levels" err.txt
expect_bad skill-trace breakthrough --levels random,random
grep -q "twice" err.txt
expect_bad skill-trace breakthrough --levels random,clever
grep -q "clever" err.txt
expect_bad skill-trace breakthrough --set size=5 --levels random,easy --games 10 --seed 3 \
  -o trace.xml
grep -q "24" err.txt
expect_bad skill-trace breakthrough --set size=5 --levels random,easy --games 24 --seed 4 \
  -o trace.xml
grep -q "trace-random.xml" err.txt
expect_bad skill-trace breakthrough --levels random,easy --chart trace.gif --games 2
expect_bad skill-trace
expect_bad skill-trace breakthrough --games 0
grep -q -- "--games: “0” is not a whole number from 1 to 10000000" err.txt
echo "ok: refused"

echo "# output that cannot be written: one message, exit 2"
if [ -e /dev/full ]; then
  for json in "" --json; do
    set +e
    "$cli" skill-trace breakthrough --set size=5 --levels random,easy --games 2 $json \
      > /dev/full 2> err.txt
    status=$?
    set -e
    test "$status" -eq 2
    test "$(cat err.txt)" = "boardsmith-cli: cannot write the output: No space left on device"
  done
  echo "ok: /dev/full"
fi

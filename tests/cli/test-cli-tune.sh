#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# boardsmith-cli tune: learns a small Breakthrough board's weights, writes a
# weights file that predicts held-out games better than knowing nothing and
# replays from its seed; think and match read it with ab:weights=FILE; a
# missing file, a NaN and another game's file are refused (exit 2) with an
# error naming the file, the line and the value.
set -euo pipefail

cli=${BOARDSMITH_CLI:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
tune=(tune breakthrough --set width=6 --set height=6 --games 30 --seed 2
      --player ab:depth=1)

fail () { echo "not ok: $*"; exit 1; }

echo "# tune writes a valid file and a summary"
"$cli" "${tune[@]}" -o w.weights > out.txt
grep -q '^\[Weights\]' w.weights || fail "no [Weights] group"
grep -q '^game=breakthrough$' w.weights || fail "no game"
grep -q '^features=material;furthest-row;runner;mobility;home-row;*$' w.weights \
  || fail "features: $(grep features= w.weights)"
grep -q '^settings=width=6;height=6;*$' w.weights || fail "settings: $(grep settings= w.weights)"
grep -q 'held-out log-loss' out.txt || fail "no summary"
[ ! -e w.weights~ ] && [ "$(ls | grep -c weights)" = 1 ] || fail "stray files: $(ls)"
echo "ok: w.weights written"

echo "# the same seed gives the same file; JSON says the fit gained"
"$cli" "${tune[@]}" -o again.weights --json > out.json
cmp w.weights again.weights || fail "a second run with the same seed differs"
python3 - out.json <<'PY'
import json, math, sys
r = json.load(open(sys.argv[1]))
assert r["games"] == 30 and r["positions"] > 100, r
assert all(math.isfinite(w) for w in r["weights"]), r
assert r["log_loss_after"] < r["log_loss_zero"], r
print("ok: held-out log-loss %.4f learned < %.4f base rate (hand %.4f)"
      % (r["log_loss_after"], r["log_loss_zero"], r["log_loss_before"]))
PY

echo "# without -o: VARIANT.weights in the current directory"
"$cli" tune breakthrough --set width=5 --set height=5 --games 5 --player random > /dev/null
grep -q '^settings=width=5;height=5;*$' breakthrough.weights || fail "no breakthrough.weights"
echo "ok: breakthrough.weights"

echo "# think and match read it"
"$cli" think breakthrough --set width=6 --set height=6 \
  --algorithm alphabeta:depth=2,weights=w.weights > think.txt
grep -q '^move: ' think.txt || fail "think: $(cat think.txt)"
"$cli" match breakthrough ab:depth=1,weights=w.weights ab:depth=1 --games 2 > match.txt
grep -q "A's score" match.txt || fail "match: $(cat match.txt)"
echo "ok: think and match with ab:weights=FILE"

# refused FILE PATTERN COMMAND…: exits 2 with PATTERN on stderr
refused () {
  local pattern=$1; shift
  local status=0
  "$@" > /dev/null 2> err.txt || status=$?
  [ "$status" = 2 ] || fail "$* exited $status: $(cat err.txt)"
  grep -qF -- "$pattern" err.txt || fail "$*: “$(cat err.txt)” does not say “$pattern”"
  echo "ok: refused: $(cat err.txt)"
}

echo "# bad files"
refused "missing.weights" "$cli" think breakthrough --algorithm alphabeta:depth=1,weights=missing.weights
python3 - w.weights nan.weights <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
out = [("weights=1;nan;" + l.split(";", 2)[2]) if l.startswith("weights=") else l for l in lines]
open(sys.argv[2], "w").write("\n".join(out))
PY
line=$(grep -n '^weights=' nan.weights | cut -d: -f1)
refused "nan.weights:$line" "$cli" match breakthrough ab:depth=1,weights=nan.weights random --games 2
refused "“nan”" "$cli" match breakthrough ab:depth=1,weights=nan.weights random --games 2
printf 'not a key file\n' > junk.weights
refused "junk.weights: not a weights file" "$cli" think breakthrough --algorithm alphabeta:weights=junk.weights
refused "game=breakthrough" "$cli" think agoraphobia --algorithm alphabeta:depth=1,weights=w.weights
refused "do not match" "$cli" think breakthrough --algorithm alphabeta:depth=1,eval=generic,weights=w.weights
refused "--games" "$cli" tune breakthrough --games 1
refused "simultaneous" "$cli" tune tribes --games 5

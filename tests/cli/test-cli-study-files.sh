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
echo "all passed"

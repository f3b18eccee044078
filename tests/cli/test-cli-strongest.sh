#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The `strongest` player (docs/SEARCH.md, "Strongest: the search each game declares"):
# match resolves it to the search the game declares — Monte Carlo in a written game that
# declares it (<computer strongest="monte-carlo"/>), in a C module that declares it and in
# the game of simultaneous rounds; alpha-beta by default — and plays legal games with it;
# `think --algorithm strongest` searches the same way and says which; a bad player or a bad
# <computer> in a rules file is refused naming what is wrong (the file, the line and the
# value).
set -euo pipefail

cli=${BOARDSMITH_CLI:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

fail () { echo "FAIL: $*" >&2; exit 1; }

# resolves VARIANT SEARCH [--set …]: match strongest against random, 2 games, small
# budgets; the JSON says which search it became, the text says it too.
resolves () {
  local variant=$1 search=$2; shift 2
  "$cli" match "$variant" strongest:cpu=0.01 random --games 2 --seed 3 "$@" --json > m.json
  python3 - m.json "$search" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
assert m["a"]["player"] == "strongest:cpu=0.01", m["a"]
assert m["a"]["search"] == sys.argv[2], m["a"]
assert "search" not in m["b"], m["b"]
assert m["wins"] + m["draws"] + m["losses"] == 2, m
assert m["a"]["moves"] > 0, m
# alpha-beta reports its depth, Monte Carlo does not
assert ("mean_depth" in m["a"]) == (sys.argv[2] == "ab"), m["a"]
PY
  "$cli" match "$variant" strongest:cpu=0.01 random --games 2 --seed 3 "$@" > m.txt
  grep -qF "A: strongest:cpu=0.01 ($search), " m.txt || fail "$variant: $(cat m.txt)"
  echo "ok: $variant: strongest is $search"
}

echo "# which search each kind of game resolves to"
resolves clobber mcts --set width=4 --set height=4              # written, declares it
resolves hex ab --set width=5 --set height=5                    # written, declares it
resolves agoraphobia mcts                                        # C module, declares it
resolves breakthrough ab --set width=5 --set height=5            # C module, the default
resolves ataxx ab --set width=5 --set height=5 --set max-plies=60  # written, the default
resolves tribes mcts --set max-plies=6                           # simultaneous

echo "# think --algorithm strongest searches as the game declares, and says which"
# thinks VARIANT SEARCH [--set …]: the move is one of the position's legal moves; alpha-beta
# reports its depth and nodes, Monte Carlo its iterations; both spend the CPU budget.
thinks () {
  local variant=$1 search=$2; shift 2
  "$cli" think "$variant" --algorithm strongest:cpu=0.05 --seed 2 --json "$@" > t.json
  "$cli" moves "$variant" --json "$@" > legal.json
  python3 - t.json legal.json "$search" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
legal = json.load(open(sys.argv[2]))
assert t["search"] == sys.argv[3], t
assert t["move"] in legal, (t["move"], legal)
if sys.argv[3] == "ab":
    assert t["depth"] >= 1 and t["nodes"] > 0, t
else:
    assert t["iterations"] > 0, t
assert t["cpu_seconds"] >= 0.04, t
PY
  "$cli" think "$variant" --algorithm strongest:cpu=0.05 --seed 2 "$@" > t.txt
  head -1 t.txt | grep -qxF "search: $search" || fail "think $variant: $(cat t.txt)"
  echo "ok: think $variant: strongest is $search"
}
thinks clobber mcts --set width=4 --set height=4
thinks hex ab --set width=5 --set height=5
thinks breakthrough ab --set width=5 --set height=5

echo "# a bad budget is refused, naming the player"
refused () {
  local pattern=$1; shift
  local status=0
  "$@" > /dev/null 2> err.txt || status=$?
  [ "$status" = 2 ] || fail "$* exited $status: $(cat err.txt)"
  grep -qF -- "$pattern" err.txt || fail "$*: “$(cat err.txt)” does not say “$pattern”"
  echo "ok: refused: $(cat err.txt)"
}
refused "“strongest:cpu=0”" "$cli" match hex strongest:cpu=0 random
refused "“strongest:depth=2”" "$cli" match hex strongest:depth=2 random
refused "“strongest:cpu=0”" "$cli" round-robin hex random strongest:cpu=0
refused "“strongest:cpu=zero”" "$cli" think hex --algorithm strongest:cpu=zero
refused "do not apply to strongest" "$cli" think hex --algorithm strongest --level hard
refused "do not apply to strongest" "$cli" think hex --algorithm strongest --threads 2
refused "do not apply to strongest" "$cli" think hex --algorithm strongest --cut 4
refused "strongest[:cpu=SECONDS]" "$cli" think hex --algorithm strong

echo "# a rules file's <computer>: a misspelt search, and alpha-beta in simultaneous rounds"
rules=${BOARDSMITH_RULES_DIR:?}/games
[ -f "$rules/clobber.xml" ] || fail "no rules/games/clobber.xml"
python3 - "$rules/clobber.xml" mine.xml 'alphabeta' <<'PY'
import sys
text = open(sys.argv[1]).read()
start = text.index('<computer strongest="monte-carlo"/>')
line = text[:start].count("\n") + 1
open(sys.argv[2], "w").write(text.replace('strongest="monte-carlo"',
                                          'strongest="%s"' % sys.argv[3]))
open("line.txt", "w").write(str(line))
PY
refused "mine.xml:$(cat line.txt): <computer> attribute \"strongest\": \"alphabeta\" is none of alpha-beta, monte-carlo (did you mean \"alpha-beta\"?)" \
  "$cli" validate mine.xml
python3 - "$rules/tribes.xml" rounds.xml <<'PY'
import sys
text = open(sys.argv[1]).read()
end = text.rindex("</rules>")
text = text[:end] + '  <computer strongest="alpha-beta"/>\n' + text[end:]
open(sys.argv[2], "w").write(text)
open("line.txt", "w").write(str(text[:end].count("\n") + 1))
PY
refused "rounds.xml:$(cat line.txt): <computer> attribute \"strongest\": \"alpha-beta\": alpha-beta searches turn-based games only" \
  "$cli" validate rounds.xml
# The same file declaring Monte Carlo is valid.
sed 's/strongest="alpha-beta"/strongest="monte-carlo"/' rounds.xml > rounds-mc.xml
"$cli" validate rounds-mc.xml || fail "rounds-mc.xml refused"
echo "ok: <computer strongest=\"monte-carlo\"/> in simultaneous rounds is valid"

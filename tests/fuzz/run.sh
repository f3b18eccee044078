#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/fuzz/run.sh BUILDDIR SECONDS [TARGET…]: runs each fuzz target of a
# -Dfuzzing=true build (default: all) for SECONDS from its seed corpus and
# dictionary, and fails on the first finding (crash, failed check, GLib
# warning, leak, timeout, out of memory), printing how to reproduce it.
#   FUZZ_RUNS=N       stop after N executions instead (per target; SECONDS is then
#                     only an upper bound, 0 for none)
#   FUZZ_CORPUS=DIR   keep each target's corpus in DIR/TARGET (else a temporary one)
#   FUZZ_JOBS=N       parallel fuzzing processes per target (default 1)
#   FUZZ_FLAGS="…"    further libFuzzer flags, e.g. -entropic=0 for long runs
#                     (see docs/FUZZING.md)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 BUILDDIR SECONDS [TARGET…]" >&2; exit 2; }
build=$(cd "$1" && pwd); seconds=$2; shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(variant record moves set study)

work=$(mktemp -d "${TMPDIR:-/tmp}/boardsmith-fuzz-XXXXXX")
trap 'rm -rf "$work"' EXIT
# Seeds (seeds/: made by make-record-seeds and make-seeds.py) and the inputs of
# past findings (regressions/), which the ordinary build replays in `meson test`.
seeds=$here/seeds
regressions=$here/regressions
cat "$here/variant.dict" "$here/record.dict" > "$work/record.dict"
cat "$here/variant.dict" "$here/study.dict" > "$work/study.dict"

status=0
for target in "${targets[@]}"; do
  exe=$build/tests/fuzz/fuzz-$target
  [ -x "$exe" ] || { echo "no $exe: configure with -Dfuzzing=true (CC=clang)" >&2; exit 2; }
  case $target in
    variant) inputs=("$top/rules" "$top/rules/examples" "$top/tests/data/bad-variants"); dict=$here/variant.dict ;;
    record)  inputs=("$seeds/record" "$top/rules"); dict=$work/record.dict ;;
    moves)   inputs=("$seeds/moves"); dict=$here/moves.dict ;;
    set)     inputs=("$seeds/set"); dict=$here/set.dict ;;
    study)   inputs=("$seeds/study"); dict=$work/study.dict ;;
    *) echo "unknown target $target" >&2; exit 2 ;;
  esac
  if [ -d "$regressions/$target" ]; then inputs+=("$regressions/$target"); fi
  if [ -n "${FUZZ_CORPUS:-}" ]; then corpus=$FUZZ_CORPUS/$target; else corpus=$work/corpus-$target; fi
  artifacts=$work/artifacts-$target
  mkdir -p "$corpus" "$artifacts"
  args=(-max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 -max_len=8192
        -dict="$dict" -print_final_stats=1 -artifact_prefix="$artifacts/")
  [ -n "${FUZZ_RUNS:-}" ] && args+=(-runs="$FUZZ_RUNS")
  [ -n "${FUZZ_JOBS:-}" ] && args+=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
  # Split on spaces on purpose: several flags in one variable.
  # shellcheck disable=SC2206
  [ -n "${FUZZ_FLAGS:-}" ] && args+=($FUZZ_FLAGS)
  echo "== fuzz-$target: ${seconds}s${FUZZ_RUNS:+ or $FUZZ_RUNS runs}"
  if ! ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1} \
       UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} \
       BOARDSMITH_RULES_DIR="$top/rules" \
       "$exe" "${args[@]}" "$corpus" "${inputs[@]}" > "$work/$target.log" 2>&1; then
    status=1
    tail -n 60 "$work/$target.log"
    for finding in "$artifacts"/*; do
      [ -e "$finding" ] || continue
      keep=$build/fuzz-findings
      mkdir -p "$keep"
      cp "$finding" "$keep/"
      echo "finding kept as $keep/$(basename "$finding"); reproduce with: $exe $keep/$(basename "$finding")"
    done
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*(DONE|INITED)" "$work/$target.log" || true
done
exit $status

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Instructions per ply of random playouts, counted by callgrind.

For each variant: `boardsmith-cli bench VARIANT --playouts N` under
`valgrind --tool=callgrind`, minus the same with one playout (start-up,
loading, the first game), divided by the plies played in between. Both runs
use the same seed, so the one-playout run is exactly the first game of the
long one. Instruction counts do not depend on the CPU or on the load of the
machine, unlike times; they do depend on the compiler and the build type
(measure a release build: meson setup -Dbuildtype=release).

usage: callgrind-per-ply.py CLI [--buildtype T] [--plies P] VARIANT_FILE...
Exits 77 (skipped) when valgrind is not installed.
"""

import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys

# Issue 16's targets, instructions per ply (Tribes: per round), by variant id
# (Breakthrough: issue 18).
TARGETS = {
    'abrobad': 400,
    'agoraphobia': 1000,
    'astoria': 900,
    'breakthrough': 150,
    'ikabegama': 600,
    'tribes': 1500,
}

COLLECTED = re.compile(r'^==\d+== Collected : (\d+)$', re.M)


def bench(cli, variant, playouts, valgrind=None):
    """Runs bench; returns (its JSON, instructions or None)."""
    cmd = [cli, 'bench', variant, '--playouts', str(playouts), '--json']
    if valgrind:
        cmd = [valgrind, '--tool=callgrind', '--callgrind-out-file=' + os.devnull] + cmd
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f'{" ".join(cmd)} failed ({done.returncode}):\n{done.stderr}')
    instructions = None
    if valgrind:
        match = COLLECTED.search(done.stderr)
        if not match:
            sys.exit(f'no instruction count in callgrind output of {variant}:\n{done.stderr}')
        instructions = int(match.group(1))
    return json.loads(done.stdout), instructions


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('cli')
    parser.add_argument('variants', nargs='+')
    parser.add_argument('--buildtype', default='')
    parser.add_argument('--plies', type=int, default=60000,
                        help='about how many plies to measure per variant')
    args = parser.parse_args()

    valgrind = shutil.which('valgrind')
    if valgrind is None:
        print('valgrind is not installed: skipped')
        return 77

    if args.buildtype and args.buildtype != 'release':
        print(f'note: a {args.buildtype} build; the targets are for -Dbuildtype=release\n')

    rows = []
    for variant in args.variants:
        # A short native run sizes the measured one to about args.plies plies.
        probe, _ = bench(args.cli, variant, 200)
        playouts = max(2, math.ceil(args.plies / max(probe['mean_plies'], 0.01)))
        one, base = bench(args.cli, variant, 1, valgrind)
        many, total = bench(args.cli, variant, playouts, valgrind)
        plies = round(many['mean_plies'] * many['playouts']) - round(one['mean_plies'])
        per_ply = (total - base) / plies
        vid = many['variant']
        rows.append((vid, many['cells'], playouts, plies, many['mean_plies'], per_ply,
                     TARGETS.get(vid)))

    print(f'{"variant":<14} {"cells":>5} {"playouts":>8} {"plies":>8} {"mean":>8} '
          f'{"instr/ply":>10} {"target":>7}')
    for vid, cells, playouts, plies, mean, per_ply, target in rows:
        verdict = '' if target is None else ('  ok' if per_ply <= target else '  over')
        print(f'{vid:<14} {cells:>5} {playouts:>8} {plies:>8} {mean:>8.2f} '
              f'{per_ply:>10.0f} {target if target else "-":>7}{verdict}')
    return 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Does the default move limit (max-plies) of each game ever end a random game?

For each game and board: GAMES uniformly random playouts (boardsmith-cli bench)
under the limit the variant gets by default on that board, and the longest
game seen. A game that reaches the limit fails the check (exit 1). Games whose
default is 0 (no limit) must simply end (bench fails on a game that does not).
Abrobad's and Ikabegamá's defaults follow the board (30 plies per cell,
docs/rules-decisions.md). Ikabegamá needs nests: a variant file per board puts
them on its first and last cells.

usage: move-limits.py CLI RULES_DIR [--games N] [--all]
(--all: every size of every shape; otherwise a spread of sizes)
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile


def run_json(cli, *args):
    done = subprocess.run([cli, *args, '--json'], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f'{cli} {" ".join(args)} failed ({done.returncode}):\n{done.stderr}')
    return json.loads(done.stdout)


def board_sets(shape, size):
    if shape in ('square', 'hex-rhombus'):
        width, height = size
        return ['--set', f'shape={shape}', '--set', f'width={width}', '--set', f'height={height}']
    return ['--set', f'shape={shape}', '--set', f'size={size}']


def boards(all_sizes):
    """(game, shape, size) to check."""
    sizes = list(range(2, 19)) if all_sizes else [2, 3, 5, 8, 12, 18]
    sides = list(range(2, 33)) if all_sizes else [2, 4, 7, 12, 20, 32]
    hex_shapes = ['limping', 'hexagon']
    out = []
    for game in ('abrobad', 'ikabegama', 'agoraphobia'):
        for shape in hex_shapes:
            out += [(game, shape, n) for n in sizes]
        out += [(game, 'hex-rhombus', (s, s)) for s in sides]
        out += [(game, 'hex-rhombus', wh) for wh in ((2, 32), (32, 2), (5, 20))]
    # Astoria: 2n x 2n; Tribes: the default board and the sizes its default
    # supplies fill (other sizes need other supplies; the limit is 0 anyway).
    out += [('astoria', 'square', (s, s)) for s in (range(2, 33, 2) if all_sizes else (2, 4, 8, 16, 32))]
    out += [('tribes', 'square', (5, 5))]
    return out


def ikabegama_variant(cli, rules, shape, size, tmpdir):
    """A copy of the built-in Ikabegamá on that board, nests on its first and
    last cells (labels from an Abrobad board of the same shape)."""
    cells = run_json(cli, 'cells', 'abrobad', *board_sets(shape, size))
    first, last = cells[0]['label'], cells[-1]['label']
    with open(os.path.join(rules, 'ikabegama.xml'), encoding='utf-8') as f:
        text = f.read()
    if isinstance(size, int):
        board = f'<board shape="{shape}" size="{size}">'
    else:
        board = f'<board shape="{shape}" width="{size[0]}" height="{size[1]}">'
    text = re.sub(r'<board [^>]*?>', board, text, count=1)
    text = re.sub(r'(<special id="nest" player="1" cell=")[^"]*', r'\g<1>' + first, text)
    text = re.sub(r'(<special id="nest" player="2" cell=")[^"]*', r'\g<1>' + last, text)
    # The file's own limit is the default board's figure: leave it out, so
    # that the default of this board applies.
    text = re.sub(r'\s*<option id="max-plies"[^>]*/>', '', text)
    name = size if isinstance(size, int) else '%dx%d' % size
    path = os.path.join(tmpdir, f'ikabegama-{shape}-{name}.xml')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('cli')
    parser.add_argument('rules')
    parser.add_argument('--games', type=int, default=10000)
    parser.add_argument('--all', action='store_true')
    args = parser.parse_args()

    failed = 0
    print(f'{"game":<12} {"board":<18} {"cells":>5} {"limit":>7} {"mean":>8} {"longest":>8} '
          f'{"limit/longest":>13}', flush=True)
    with tempfile.TemporaryDirectory() as tmpdir:
        for game, shape, size in boards(args.all):
            if game == 'ikabegama':
                variant, sets = ikabegama_variant(args.cli, args.rules, shape, size, tmpdir), []
            else:
                # A resized board takes the default of the new board.
                variant, sets = game, board_sets(shape, size)
            info = run_json(args.cli, 'info', variant, *sets)
            limit = next(o['value'] for o in info['options'] if o['id'] == 'max-plies')
            bench = run_json(args.cli, 'bench', variant, *sets, '--playouts', str(args.games),
                             '--seed', '16')
            longest = bench['longest_plies']
            board = f'{shape} {size if isinstance(size, int) else "%dx%d" % size}'
            ratio = f'{limit / longest:.1f}' if limit else 'no limit'
            verdict = ''
            if limit and longest >= limit:
                verdict = '  REACHED'
                failed += 1
            print(f'{game:<12} {board:<18} {bench["cells"]:>5} {limit:>7} '
                  f'{bench["mean_plies"]:>8.1f} {longest:>8} {ratio:>13}{verdict}', flush=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())

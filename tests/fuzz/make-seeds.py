#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""make-seeds.py DIR: seed inputs for fuzz-moves and fuzz-set (their input
formats are described at the top of fuzz-moves.c and fuzz-set.c), written to
DIR/moves and DIR/set. Deterministic."""
import os
import struct
import sys

MOVE_TEXTS = [b"", b"S@d4", b"L@a1", b"C@d4/N", b"TE@b2/S", b"pass", b"end", b"d4",
              b"c3-c4", b"a1-a2,b1-b1;a5-a4", b"b2-d4", b"zz99", b"S@"]
SETTINGS = [b"size=3", b"width=5\nheight=5", b"shape=hexagon\nsize=4", b"max-plies=20",
            b"movement=hop", b"supply.1.small=3\nsupply.2.large=0", b"size", b"=1",
            b"push-mode=gaps", b"adjacency=8", b"shape=limping\nsize=2"]


def main():
    out = sys.argv[1]
    moves = os.path.join(out, "moves")
    settings = os.path.join(out, "set")
    os.makedirs(moves, exist_ok=True)
    os.makedirs(settings, exist_ok=True)
    n = 0
    for module in range(5):
        for small in (0, 1):
            for turns in (0, 9, 60):
                for text in MOVE_TEXTS[(module + turns) % 6::6]:
                    data = bytes([module, small]) + struct.pack(">Q", 1000 * module + turns)
                    data += bytes([turns]) + text
                    with open(os.path.join(moves, "seed-%04d" % n), "wb") as f:
                        f.write(data)
                    n += 1
    for variant in range(5):
        for i, text in enumerate(SETTINGS):
            with open(os.path.join(settings, "seed-%d-%d" % (variant, i)), "wb") as f:
                f.write(bytes([variant]) + text)


if __name__ == "__main__":
    main()

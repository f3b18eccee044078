#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""make-study-seeds.py CLI DIR: seed inputs for fuzz-study, written to DIR
(tests/fuzz/seeds/study): small study files made by `CLI study` (CLI is
_build/src/cli/boardsmith-cli) — one variant, a sweep, a comparison, a shard,
a target precision, modules with several steps a ply — the same without any
whitespace between tags (issue 30: the reader once looped for ever on
`</legal></game>`), and journals of fuzz-study's own journal study (players
random and easy, so odd games swap seats). Deterministic: a study's games
are a function of its seed."""
import os
import re
import subprocess
import sys
import tempfile

STUDIES = {
    "single": ["agoraphobia", "--white", "random", "--black", "easy", "--games", "4",
               "--set", "size=3"],
    "single-random": ["agoraphobia", "--white", "random", "--games", "4", "--set", "size=3"],
    "sweep": ["agoraphobia", "--white", "random", "--black", "easy", "--games", "2",
              "--set", "size=3", "--sweep", "push-small=1..3"],
    "compare": ["agoraphobia", "--white", "random", "--games", "4", "--set", "size=3",
                "--vs", "agoraphobia"],
    "shard": ["agoraphobia", "--white", "random", "--black", "easy", "--games", "6",
              "--set", "size=3", "--shard", "1/3", "--seed", "5"],
    "margin": ["agoraphobia", "--white", "random", "--games", "60", "--margin", "0.3",
               "--set", "size=3"],
    "tribes": ["tribes", "--white", "random", "--games", "2", "--set", "size=3"],
    "abrobad": ["abrobad", "--white", "random", "--games", "2", "--set", "size=4"],
    "astoria": ["astoria", "--white", "random", "--games", "2", "--set", "size=4"],
}
WITHOUT_WHITESPACE = ["single", "shard", "tribes"]


def squeeze(text):
    """No whitespace between one tag and the next."""
    return re.sub(r">\s+<", "><", text)


def main():
    cli, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    texts = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in STUDIES.items():
            path = os.path.join(tmp, name + ".bsstudy")
            subprocess.run([cli, "study", *args, "--jobs", "1", "-o", path], check=True,
                           stdout=subprocess.DEVNULL)
            with open(path, encoding="utf-8") as f:
                texts[name] = f.read()
    for name, text in texts.items():
        with open(os.path.join(out, name + ".bsstudy"), "w", encoding="utf-8") as f:
            f.write(text)
    for name in WITHOUT_WHITESPACE:
        with open(os.path.join(out, name + "-no-whitespace.bsstudy"), "w",
                  encoding="utf-8") as f:
            f.write(squeeze(texts[name]))
    # Journals: the games of "single" (arm 0, random against easy, as
    # fuzz-study's journal study), as a run appends them.
    games = re.findall(r"    <game .*?</game>\n", texts["single"], re.S)
    journals = {
        "journal": '<extend games="4"/>\n' + "".join(games),
        "journal-unsorted": '<extend games="8"/>\n' + "".join(reversed(games)) + games[0],
        "journal-cut-short": '<extend games="4"/>\n' + "".join(games) + games[0][:70],
        "journal-no-whitespace": "".join(squeeze(g).strip() + "\n" for g in games),
    }
    for name, text in journals.items():
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()

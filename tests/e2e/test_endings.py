#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each seed game to its end, two computers playing (on small boards, so the
suite stays quick), and the game-over dialog: who won, why, how long."""

import json
import os
import re
import subprocess

from harness import E2EFailure, run_tests

RULES = os.environ.get("BOARDSMITH_RULES_DIR", os.path.join(os.path.dirname(__file__),
                                                             "..", "..", "rules"))

# The seed variant files with a smaller board (and supplies to match): what a
# designer gets from the editor, written here to keep the test short.
SMALL = {
    "agoraphobia": [('width="7" height="7"', 'width="4" height="4"'),
                    ('kind="small" count="10"', 'kind="small" count="3"'),
                    ('kind="large" count="5"', 'kind="large" count="2"')],
    "tribes": [],
    "abrobad": [('size="5"', 'size="2"')],
    "ikabegama": [('size="5"', 'size="3"'), ('cell="i9"', 'cell="e5"')],
    "astoria": [('width="8" height="8"', 'width="4" height="4"'),
                ('count="16"', 'count="4"')],
}

PLAYERS = {"agoraphobia": ("Light", "Dark"), "tribes": ("Red", "Blue"),
           "abrobad": ("White", "Black"), "ikabegama": ("Light", "Dark"),
           "astoria": ("Gold", "Teal")}


def small_variant(session, game):
    with open(os.path.join(RULES, game + ".xml"), encoding="utf-8") as f:
        xml = f.read()
    for old, new in SMALL[game]:
        assert old in xml, "%s.xml no longer has %s" % (game, old)
        xml = xml.replace(old, new)
    path = os.path.join(session.tmp, "small-%s.xml" % game)
    with open(path, "w", encoding="utf-8") as f:
        f.write(xml)
    return path


def check_reason(app, variant, text):
    """The dialog says why the game ended as the engine does for the same
    moves (the CLI's `show --json`), and the sidebar shows the measures
    the result was decided by (Agoraphobia's largest groups and groups)."""
    moves = [row.split(None, 2)[2].strip() for row in app.move_list()[1:]]
    out = subprocess.run([os.environ["BOARDSMITH_CLI"], "show", variant, "--json",
                          "--moves", " ".join(moves)],
                         capture_output=True, text=True, check=True).stdout
    status = json.loads(out)["status"]
    if not status["over"]:
        raise E2EFailure("the CLI does not find the game over after %s" % moves)
    if status["reason"] not in text:
        raise E2EFailure("the dialog reads %r, the engine's reason is %r"
                         % (text, status["reason"]))
    labels = [n.name for n in app.snapshot().walk() if n.role == "label" and n.name]
    for measure, values in status.get("measures", {}).items():
        # Pieces on the board are said with the supplies ("On the board: 4").
        words = "On the board" if measure == "pieces" else measure.replace("-", " ").capitalize()
        for player, value in values.items():
            if not any("%s: %d" % (words, value) in label for label in labels):
                raise E2EFailure("no label of the sidebar says %s: %d (player %s); labels: %s"
                                 % (words, value, player, labels))


def play_to_end(session, game, reveal=False, keyboard=False):
    variant = small_variant(session, game)
    app = session.start_app(variant)
    # Two computers, chosen in the Players popover: by clicks, or by keys.
    app.set_players("Computer: Easy", "Computer: Easy", keyboard=keyboard)
    if reveal:
        # Each round's reveal waits for Continue (the computers go on by
        # themselves after a moment; the last one waits for the watcher).
        def over_or_continue():
            snap = app.snapshot()
            for window in snap.children:
                if window.role == "dialog" and window.showing:
                    return window
            button = snap.find_now("push button", "Continue")
            if button is not None:
                button.click()
            return None
        app.wait_for(over_or_continue, "the game-over dialog", 120)
    dialog, labels = app.game_over(timeout=120)
    text = "\n".join(labels)
    app.screenshot("game-over")
    first, second = PLAYERS[game]
    assert re.search(r"(%s|%s) wins|[Dd]raw" % (first, second), text), text
    assert re.search(r"The game lasted \d+ (turn|round)s?\.", text), text
    if not reveal:
        check_reason(app, variant, text)
    # The dialog's buttons close it.
    dialog.find_now("push button", "Close").click()
    app.gone("dialog", None)
    return text


def test_agoraphobia(session):
    play_to_end(session, "agoraphobia")


def test_tribes(session):
    play_to_end(session, "tribes", reveal=True)


def test_abrobad(session):
    play_to_end(session, "abrobad", keyboard=True)


def test_ikabegama(session):
    play_to_end(session, "ikabegama")


def test_astoria(session):
    play_to_end(session, "astoria")


if __name__ == "__main__":
    raise SystemExit(run_tests())

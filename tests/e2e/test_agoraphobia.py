#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Agoraphobia by hand: the kind chooser, placements that push, undo and redo,
by mouse and by keyboard only."""

import json
import os
import re
import subprocess

from harness import E2EFailure, RETRY_WAIT, pause, run_tests

LARGE = re.compile(r"^Large\b")
SMALL = re.compile(r"^Small\b")


def move_row_description(app, turn):
    """What a screen reader reads of the move list's row for a turn (its
    accessible description: what the turn did)."""
    rows = [r for r in app.move_list_node().children if r.role == "list item"]
    return app.wait_for(lambda: rows[turn].description or None,
                        "a description on the move list's row %d" % turn)


def hover_shows_tooltip(app, turn):
    """The pointer onto the move list's row for a turn (from beside it): a
    tooltip window opens (its text is the description read above)."""
    rows = [r for r in app.move_list_node().children if r.role == "list item"]
    x, y, w, h = rows[turn].screen_extents()
    # A hover the app missed (the row lit, no tooltip) is made again.
    for attempt in range(3):
        app.session.move(x - 40, y + h // 2)
        before = set(app.popups())
        pause(0.05)   # two motions, not one: the row sees the pointer come in
        app.session.move(x + w // 2, y + h // 2)
        try:
            app.wait_for(lambda: next((p for p in app.popups() if p not in before), None),
                         "the tooltip of the move list's row %d" % turn,
                         RETRY_WAIT * (attempt + 1))
            return
        except E2EFailure:
            if attempt == 2:
                raise


def engine_summary(rows, turn):
    """The engine's summary of a turn (boardsmith-cli show --explain) of
    the moves the rows list ("1. Light  L@d4")."""
    moves = " ".join(row.split()[-1] for row in rows)
    out = subprocess.run([os.environ["BOARDSMITH_CLI"], "show", "agoraphobia", "--moves", moves,
                          "--explain", "--json"], check=True, capture_output=True, text=True,
                         env=dict(os.environ, LANGUAGE="C", LC_ALL="C.UTF-8")).stdout
    return json.loads(out)["turns"][turn - 1]["summary"]


def test_by_mouse(session):
    app = session.start_app("agoraphobia")
    # Light chooses a large piece in the chooser, then a cell.
    app.click("push button", LARGE)
    app.wait_for(lambda: app.find_now("push button", LARGE).checked, "Large chosen")
    app.click_cell("d4")
    app.wait_cell("d4", r"^d4, Light Large")
    app.wait_moves(1)
    app.wait_status(r"^Dark")
    # Dark's first placement is free too; a small one beside Light's pushes it.
    app.click("push button", SMALL)
    app.click_cell("c4")
    app.wait_cell("c4", r"^c4, Dark Small")
    app.wait_cell("e4", r"^e4, Light Large")   # pushed one cell away
    app.wait_moves(2)
    # The move list's row says what the push did, as the engine words it.
    described = move_row_description(app, 2)
    summary = engine_summary(app.move_list()[1:3], 2)
    assert described.startswith(summary), (described, summary)
    assert "pushes 1 piece" in described, described
    hover_shows_tooltip(app, 2)
    # From now on a placement must push: the legal cells say so.
    legal = app.wait_cells_where(r"legal placement")
    # Right after the tooltip: the click made again if the desktop lost it.
    app.click_cell_until(legal[0], r"Light (Small|Large)")
    app.wait_moves(3)
    # Undo and redo with the header bar's buttons.
    app.click_until_turn("Undo Move", 2)
    app.wait_cell(legal[0], r", empty")
    app.click_until_turn("Redo Move", 3)
    app.wait_cell(legal[0], r"Light (Small|Large)")


def test_by_keyboard(session):
    app = session.start_app("agoraphobia")
    # The focus starts on the board.
    app.focused_cell()
    # Back to the chooser with shift+Tab, Large with Space, back to the board.
    app.tab_to("push button", LARGE, backwards=True)
    app.key("space")
    app.wait_for(lambda: app.find_now("push button", LARGE).checked, "Large chosen")
    app.tab_to("table cell")
    app.cursor_to("d4")
    app.key("Return")
    app.wait_cell("d4", r"^d4, Light Large")
    app.wait_moves(1)
    # Dark places a small piece on c4 (the kind goes back to small for Dark).
    app.cursor_to("c4")
    app.key("Return")
    app.wait_cell("c4", r"^c4, Dark ")
    app.wait_moves(2)
    # Light: a cell where a placement is legal, chosen by reading the cells.
    target = app.wait_cells_where(r"legal placement")[0]
    app.cursor_to(target)
    app.key("Return")
    app.wait_cell(target, r"Light ")
    app.wait_moves(3)
    # Undo, redo from the keyboard.
    app.key("ctrl+z")
    app.wait_moves(2)
    app.wait_cell(target, r", empty")
    app.key("shift+ctrl+z")
    app.wait_moves(3)


if __name__ == "__main__":
    raise SystemExit(run_tests())

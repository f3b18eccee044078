#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Saving a game through the Save dialog, reopening it from the start page (in
a new run of the app), undo and redo, and stepping through the move list by
clicking its rows."""

import os
import re

from harness import run_tests


def play_three(app):
    app.click_cell("d4")
    app.wait_cell("d4", r"^d4, Light Small")
    app.click_cell("c4")
    app.wait_cell("c4", r"^c4, Dark Small")
    app.wait_moves(2)
    third = app.wait_cells_where(r"legal placement")[0]
    app.click_cell(third)
    app.wait_moves(3)
    return third


def board_labels(app):
    return {c: n.name for c, n in app.cells().items()}


def test_save_reopen_undo_redo(session):
    app = session.start_app("agoraphobia")
    third = play_three(app)
    before = board_labels(app)

    # Save through the real dialog: its name field has the focus.
    app.key("ctrl+s")
    app.window("Save Game Record")
    entry = app.wait_focus("text")
    assert entry.text.endswith(".boardsmith"), entry.text
    path = os.path.join(app.home, "Documents", "three moves.boardsmith")
    app.key("ctrl+a")
    app.type(path)
    app.key("Return")
    app.gone(None, "Save Game Record")
    app.wait_for(lambda: os.path.exists(path), "the saved record at " + path)
    with open(path, encoding="utf-8") as f:
        record = f.read()
    assert record.startswith("<?xml") and "<record" in record, record[:200]
    assert "d4" in record and "c4" in record and third in record, record
    app.stop()

    # A new run: the start page lists the game under Recent Games.
    app = session.start_app(home=app.home)
    row = app.find("list item", re.compile(r"three moves"))
    app.screenshot("start-page")
    row.click()
    app.board()
    app.wait_moves(3)
    assert board_labels(app) == before, "the reopened game differs"

    # Undo with the header bar button and Ctrl+Z, redo with Shift+Ctrl+Z.
    app.click("push button", "Undo Move")
    app.wait_moves(2)
    app.wait_cell(third, r", empty")
    app.key("ctrl+z")
    app.wait_moves(1)
    app.wait_cell("c4", r"^c4, empty")
    app.key("shift+ctrl+z")
    app.wait_moves(2)
    app.wait_cell("c4", r"^c4, Dark Small")

    # The move list: a click on a row shows the position after that turn.
    rows = [r for r in app.move_list_node().children if r.role == "list item"]
    assert len(rows) == 4, [r.label for r in rows]
    rows[1].click()
    app.wait_moves(1)
    app.wait_cell("d4", r"^d4, Light Small")
    app.wait_cell("c4", r"^c4, empty")
    rows = [r for r in app.move_list_node().children if r.role == "list item"]
    rows[3].click()
    app.wait_moves(3)
    assert board_labels(app) == before
    rows = [r for r in app.move_list_node().children if r.role == "list item"]
    rows[0].click()
    app.wait_moves(0)
    app.wait_cell("d4", r"^d4, empty")


if __name__ == "__main__":
    raise SystemExit(run_tests())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The variant editor by hand: a built-in game duplicated, its board made
smaller, a hole painted by clicking a cell, Play Test, and the game played on
the new board."""

import re

from harness import run_tests


def set_spin(app, name, value):
    """Types a value into a spin button and leaves it (Tab), as a person does."""
    spin = app.find("spin button", name)
    spin.click()
    app.key("ctrl+a")
    app.type(str(value))
    app.key("Tab")
    app.wait_for(lambda: app.find("spin button", name).text == str(value),
                 "%s to read %s" % (name, value))


def test_resize_hole_play_test(session):
    app = session.start_app()
    row = app.find("list item", "Agoraphobia")
    row.find_now("push button", "Duplicate and Edit").click()
    app.find("push button", "Play Test")
    app.board_name = "Board preview"
    app.wait_cell("g7", r"^g7, empty")

    # A 5×5 rhombus instead of 7×7.
    set_spin(app, "Width", 5)
    set_spin(app, "Height", 5)
    app.wait_for(lambda: "g7" not in app.cells() and "e5" in app.cells(),
                 "the preview to show a 5×5 board")
    app.find("label", re.compile(r"^25 cells"))

    # The paint mode says what a click does; a click on c3 removes it.
    app.find("combo box", "Paint")
    app.find("label", re.compile(r"^Remove or restore cells"))
    app.click_cell("c3")
    app.wait_cell("c3", r"^c3, hole")
    app.find("label", re.compile(r"^24 cells"))
    app.screenshot("editor")

    # Play Test: the game is on the new board.
    app.click("push button", "Play Test")
    app.board_name = "Game board"
    cells = app.wait_for(lambda: (lambda c: c if len(c) == 24 else None)(app.cells()),
                         "a 24-cell board in the game")
    assert "c3" not in cells and "e5" in cells and "f1" not in cells, sorted(cells)
    app.click_cell("b2")
    app.wait_cell("b2", r"^b2, Light ")
    app.wait_moves(1)


if __name__ == "__main__":
    raise SystemExit(run_tests())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Breakthrough by hand, with the app's generic interaction (a piece, then
the cell it goes to) and nothing made for it: moves and a capture by mouse,
by keyboard only, a refused click explained, and a game won on the far row.
What a cell may go to is read from the board's own labels ("legal move"),
as a screen reader user would."""

import re

from harness import run_tests, E2EFailure


def move_by_mouse(app, piece, target, player, turn):
    app.click_cell(piece)
    app.wait_cell(piece, r"selected")
    assert target in app.wait_cells_where(r"legal move"), \
        "%s not marked as a legal move of %s" % (target, piece)
    app.click_cell(target)
    app.wait_cell(target, r"^%s, %s Piece" % (target, player))
    app.wait_cell(piece, r"^%s, empty" % piece)
    app.wait_moves(turn)


def test_by_mouse(session):
    app = session.start_app("breakthrough")
    app.wait_cell("a1", r"^a1, White Piece")
    app.wait_cell("h8", r"^h8, Black Piece")
    app.wait_status(r"^White")
    # The piece's three ways forward are marked, nothing else.
    app.click_cell("d2")
    app.wait_cell("d2", r"selected")
    assert sorted(app.wait_cells_where(r"legal move")) == ["c3", "d3", "e3"]
    app.click_cell("d2")
    app.wait_for(lambda: "selected" not in app.cell_label("d2"), "the selection dropped")

    move_by_mouse(app, "d2", "e3", "White", 1)
    move_by_mouse(app, "e7", "d6", "Black", 2)
    move_by_mouse(app, "e3", "e4", "White", 3)
    move_by_mouse(app, "d6", "d5", "Black", 4)
    # Straight ahead never captures: d5 is not e4's move… but diagonally it is.
    app.click_cell("e4")
    app.wait_cell("e4", r"selected")
    targets = app.wait_cells_where(r"legal move")
    assert "d5" in targets and "e5" in targets and "f5" in targets, targets
    app.click_cell("d5")
    app.wait_cell("d5", r"^d5, White Piece")
    app.wait_moves(5)
    assert re.search(r"e4-d5", app.move_list()[5]), app.move_list()
    app.wait_status(r"^Black")
    app.screenshot("capture")

    # A piece that cannot move (c8: b7, c7 and d7 hold Black's own pieces)
    # is not selected, and the module's explain_piece says why.
    app.click_cell("c8")
    app.wait_explanation(r"^It is blocked: b7 holds your own piece, c7 holds your own piece, "
                         r"d7 holds your own piece$")
    assert "selected" not in app.cell_label("c8")


def test_by_keyboard(session):
    app = session.start_app("breakthrough")
    app.focused_cell()
    app.cursor_to("b2")
    app.key("Return")
    app.wait_cell("b2", r"selected")
    app.cursor_to("b3")
    app.key("Return")
    app.wait_cell("b3", r"^b3, White Piece")
    app.wait_moves(1)
    # Black changes its mind with Escape, then moves another piece.
    app.cursor_to("a7")
    app.key("Return")
    app.wait_cell("a7", r"selected")
    app.key("Escape")
    app.wait_for(lambda: "selected" not in app.cell_label("a7"), "the selection dropped")
    app.cursor_to("g7")
    app.key("Return")
    app.wait_cell("g7", r"selected")
    app.cursor_to("h6")
    app.key("Return")
    app.wait_cell("h6", r"^h6, Black Piece")
    app.wait_moves(2)
    app.wait_status(r"^White")


def test_win_on_the_far_row(session):
    # Ten plies in: White's piece on b7 has just taken a piece; a8 and c8
    # are captures onto the far row.
    app = session.start_app("--moves", "a2-a3 h7-h6 a3-a4 h6-h5 a4-a5 h5-h4 a5-a6 g7-g6 "
                            "a6-b7 g6-g5", "breakthrough")
    app.wait_cell("b7", r"^b7, White Piece")
    app.click_cell("b7")
    app.wait_cell("b7", r"selected")
    assert sorted(app.wait_cells_where(r"legal move")) == ["a8", "c8"]
    app.click_cell("a8")
    dialog, labels = app.game_over(timeout=30)
    text = "\n".join(labels)
    app.screenshot("game-over")
    assert re.search(r"White wins", text), text
    assert "White brought a piece to the far row (row 8) and wins." in text, text
    dialog.find_now("push button", "Close").click()
    app.gone("dialog", None)
    app.wait_cell("a8", r"^a8, White Piece")


def set_spin(app, name, value):
    """Types a value into a spin button and leaves it (Tab), as a person
    does; Tab reaches it (and scrolls it into view) first."""
    app.tab_to("spin button", name)
    app.key("ctrl+a")
    app.type(str(value))
    app.key("Tab")
    app.wait_for(lambda: app.find("spin button", name).text == str(value),
                 "%s to read %s" % (name, value))


def choose(app, combo, item):
    """A drop-down's item, by mouse; on a loaded machine GTK 4.8 sometimes
    leaves the list open after the click, and a person clicks the item
    again."""
    try:
        app.choose_in_dropdown(combo, item)
    except E2EFailure:
        row = app.find_now("list item", where=lambda n: any(
            l.role == "label" and l.name == item for l in n.walk()))
        if row is not None:
            row.click()

        def shown():
            nodes = list(app.find("combo box", combo).walk())
            if any(n.name == "GtkPopover" for n in nodes):
                return None        # its list is still open
            return any(n.role == "label" and n.name == item for n in nodes) or None
        app.wait_for(shown, "the drop-down %r to show %r" % (combo, item))


def test_editor_handicap(session):
    """A designer's handicap: Black starts without its piece on d8. One row
    each (the rule option), then Black's row painted as fixed pieces but
    for d8; Play Test plays it."""
    app = session.start_app()
    app.open_editor_from_row("Breakthrough")
    app.board_name = "Board preview"
    app.wait_cell("a7", r"^a7, Black Piece")

    choose(app, "Paint", "Place fixed pieces")
    choose(app, "Owner", "Black")
    set_spin(app, "Starting rows", 1)
    app.wait_cell("a7", r"^a7, empty")
    app.wait_cell("a8", r"^a8, Black Piece")
    # The first fixed piece makes Black's pieces the fixed ones.
    app.click_cell("a8")
    app.wait_cell("b8", r"^b8, empty")
    for cell in ["b8", "c8", "e8", "f8", "g8", "h8"]:
        app.click_cell(cell)
        app.wait_cell(cell, r"^%s, Black Piece" % cell)
    app.wait_cell("d8", r"^d8, empty")
    app.wait_cell("a1", r"^a1, White Piece")
    app.screenshot("editor")

    app.click("push button", "Play Test")
    app.board_name = "Game board"
    app.wait_cell("h8", r"^h8, Black Piece")
    app.wait_cell("d8", r"^d8, empty")
    assert len(app.cells_where(r"Black Piece")) == 7
    assert len(app.cells_where(r"White Piece")) == 8
    move_by_mouse(app, "c1", "d2", "White", 1)


if __name__ == "__main__":
    raise SystemExit(run_tests())

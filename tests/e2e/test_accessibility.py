#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a screen reader user gets (read through AT-SPI, as Orca does): the
board is a grid of labelled cells, the keyboard cursor is the accessible
focus so each step reads the cell, a move changes the focused cell's label,
and the status line and the move list are readable."""

import re

from harness import run_tests

COORD = re.compile(r"^([a-z]+)(\d+), ")


def focused_label(app):
    return app.focused_cell().name


def test_cursor_reads_cells(session):
    app = session.start_app("astoria")
    board = app.board()
    assert board.role == "table" and "Arrow keys" in board.description, board.description
    cells = [n for n in board.children if n.role == "table cell"]
    assert len(cells) == 64, len(cells)
    assert all(COORD.match(c.name) for c in cells), [c.name for c in cells][:5]

    # The focus is on a cell; every arrow key moves it and reads the next one.
    start = focused_label(app)
    app.cursor_to("b2")
    heard = [focused_label(app)]
    for key in ["Right", "Right", "Up", "Left"]:
        before = heard[-1]
        app.key(key)
        heard.append(app.wait_for(lambda: (lambda l: l if l != before else None)(
            focused_label(app)), "the focus to move on " + key))
    assert [COORD.match(l).group(1) + COORD.match(l).group(2) for l in heard] == \
        ["b2", "c2", "d2", "d3", "c3"], heard
    assert all(l.endswith(", empty") for l in heard), heard
    assert start

    # A move: the focused cell's label changes (a screen reader speaks the
    # change of the focused object), the status line and the move list say it.
    app.key("Return")
    app.find("push button", "Push North")
    app.key("Up")
    app.wait_moves(1)
    after = app.wait_for(lambda: (lambda l: l if "last move" in l else None)(
        focused_label(app)), "the focused cell to say it was the last move")
    assert after.startswith("c3, "), after
    app.wait_cell("c4", r"^c4, Gold Circle")
    assert app.wait_status(r"Teal").startswith("Teal"), app.status()
    assert re.search(r"Gold\s+C@c3/N", app.move_list()[1]), app.move_list()

    # Tab leaves the board (once: the board is one stop, not one per cell);
    # coming back with shift+Tab lands on the cell the cursor was on.
    app.key("Tab")
    app.wait_for(lambda: (lambda f: f is not None and f.role != "table cell")(app.focused()),
                 "the focus to leave the board")
    back = app.tab_to("table cell", backwards=True)
    assert back.name.startswith("c3, "), back.name


def test_pieces_specials_and_marks(session):
    app = session.start_app("ikabegama")
    app.wait_cell("a1", r"^a1, Light Token, Light’s Nest$")
    app.wait_cell("i9", r"^i9, Dark Token, Dark’s Nest$")
    # Light's growth cells are marked as legal placements, and only empty ones.
    legal = app.wait_cells_where(r"legal placement")
    assert legal and all(re.search(r", empty, legal placement", app.cell_label(c))
                         for c in legal), legal
    # Selecting the token marks it and its jumps.
    app.click_cell("a1")
    app.wait_cell("a1", r"selected")
    jumps = app.wait_cells_where(r"legal move")
    assert len(jumps) >= 2, jumps


if __name__ == "__main__":
    raise SystemExit(run_tests())

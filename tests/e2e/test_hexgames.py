#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Abrobad and Ikabegamá by hand, by mouse and by keyboard only: the cells a
move may go to are read from the board's own labels ("legal placement",
"legal move"), as a screen reader user would."""

from harness import run_tests


def placement(app):
    """A cell to place on: a marked one, or any empty cell when every empty
    cell is legal (the board marks nothing then)."""
    return (app.cells_where(r"legal placement") or app.cells_where(r", empty$"))[0]


def test_abrobad_by_mouse(session):
    app = session.start_app("abrobad")
    for turn, player in enumerate(["White", "Black", "White", "Black", "White"], 1):
        cell = placement(app)
        app.click_cell(cell)
        app.wait_cell(cell, r"^%s, %s Stone" % (cell, player))
        app.wait_moves(turn)
    # A placement never touches one's own stones: the marks say where.
    app.wait_status(r"^Black")
    for cell in app.cells_where(r"legal placement"):
        assert "Black" not in app.cell_label(cell)


def test_abrobad_by_keyboard(session):
    app = session.start_app("abrobad")
    app.focused_cell()
    for turn, player in enumerate(["White", "Black", "White", "Black"], 1):
        cell = placement(app)
        app.cursor_to(cell)
        app.key("Return")
        app.wait_cell(cell, r"^%s, %s Stone" % (cell, player))
        app.wait_moves(turn)


def test_ikabegama_by_mouse(session):
    app = session.start_app("ikabegama")
    app.wait_cell("a1", r"^a1, Light Token, Light’s Nest")
    app.wait_cell("i9", r"^i9, Dark Token, Dark’s Nest")
    # Light grows next to its token: the legal cells are marked.
    grow = app.wait_cells_where(r"legal placement")
    app.click_cell(grow[0])
    app.wait_cell(grow[0], r"Light Token")
    app.wait_moves(1)
    # Dark jumps: its token, then one of the cells two steps away.
    app.click_cell("i9")
    app.wait_cell("i9", r"selected")
    jump = app.wait_cells_where(r"legal move")
    app.click_cell(jump[0])
    app.wait_cell(jump[0], r"Dark Token")
    app.wait_cell("i9", r"^i9, empty, Dark’s Nest")
    app.wait_moves(2)
    # Light grows again.
    grow = app.wait_cells_where(r"legal placement")
    app.click_cell(grow[-1])
    app.wait_moves(3)


def test_ikabegama_by_keyboard(session):
    app = session.start_app("ikabegama")
    app.focused_cell()
    app.cursor_to("a1")
    app.key("Return")
    app.wait_cell("a1", r"selected")
    jump = app.wait_cells_where(r"legal move")
    app.cursor_to(jump[0])
    app.key("Return")
    app.wait_cell(jump[0], r"Light Token")
    app.wait_moves(1)
    # Dark: select, change its mind with Escape, then grow.
    app.cursor_to("i9")
    app.key("Return")
    app.wait_cell("i9", r"selected")
    app.key("Escape")
    app.wait_for(lambda: "selected" not in app.cell_label("i9"), "the selection dropped")
    grow = app.wait_cells_where(r"legal placement")
    app.cursor_to(grow[0])
    app.key("Return")
    app.wait_cell(grow[0], r"Dark Token")
    app.wait_moves(2)


if __name__ == "__main__":
    raise SystemExit(run_tests())

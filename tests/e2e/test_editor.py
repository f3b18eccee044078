#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The variant editor by hand: a built-in game duplicated, its board made
smaller, a hole painted by clicking a cell, Play Test, and the game played on
the new board. Then a handicap made from the start position: Breakthrough's
rows fixed in one press (Fix the Start Position), one of Black's pieces taken
away by a click (and, in another test, three by a drag), Play Test, the board
read back cell by cell; the variant saved and opened again."""

import os
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
    app.open_editor_from_row("Agoraphobia")
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


def files_from(a, b):
    return [chr(c) for c in range(ord(a), ord(b) + 1)]


def open_breakthrough_copy(app):
    """The start page's edit button on Breakthrough's row, then the editor."""
    app.open_editor_from_row("Breakthrough")
    app.board_name = "Board preview"
    app.wait_cell("d8", r"^d8, Black Piece$")


def fix_start(app):
    """Presses Fix the Start Position's button, which says what it does."""
    fix = app.find("push button", "Fix")
    assert fix.sensitive, "Fix is greyed out: %r" % fix.description
    assert re.match(r"^The rules place 32 pieces at the start: make them fixed pieces",
                    fix.description or ""), fix.description
    fix.click()
    # Every piece of the start is a fixed piece now; the board looks the same.
    app.wait_cell("d8", r"^d8, Black Piece, fixed piece$")
    app.wait_cell("a1", r"^a1, White Piece, fixed piece$")
    assert len(app.cells_where(r", fixed piece$")) == 32
    app.wait_for(lambda: not app.find("push button", "Fix").sensitive or None,
                 "Fix to be greyed out once the start is fixed")
    fix = app.find("push button", "Fix")
    assert "fixed piece already" in (fix.description or ""), fix.description
    # What a click does next: take a fixed piece away.
    app.find("label", "Remove fixed pieces")
    app.find("label", re.compile(r"^Click a fixed piece to take it away"))


def test_fix_start_handicap(session):
    app = session.start_app()
    open_breakthrough_copy(app)
    fix_start(app)

    # Black one piece down: a click on d8.
    app.click_cell("d8")
    app.wait_cell("d8", r"^d8, empty$")
    app.find("label", re.compile(r"^64 cells · White: 16 pieces · Black: 15 pieces · "
                                 r"31 fixed pieces$"))
    app.find("label", "15 fixed pieces on the board at the start")
    app.find("label", "Ready to play")
    app.screenshot("editor-fixed-start")

    # Play Test: the game starts from that position.
    app.click("push button", "Play Test")
    app.board_name = "Game board"
    app.wait_cell("d8", r"^d8, empty")
    black = [f + r for r in "78" for f in files_from("a", "h") if f + r != "d8"]
    white = [f + r for r in "12" for f in files_from("a", "h")]
    assert sorted(app.cells_where(r"^.., Black Piece")) == sorted(black), \
        app.cells_where(r"^.., Black Piece")
    assert sorted(app.cells_where(r"^.., White Piece")) == sorted(white), \
        app.cells_where(r"^.., White Piece")
    for cell in ("c8", "e8", "a7", "h8", "a1", "h2"):
        app.wait_cell(cell, r"^%s, (Black|White) Piece" % cell)
    assert len(app.cells_where(r", empty")) == 64 - 31
    app.wait_status(r"^White")

    # Back in the editor, saved into the user's variants.
    app.click("push button", "Back to the Variant Editor")
    app.find("push button", "Play Test")
    app.board_name = "Board preview"
    app.click("push button", "Save")
    saved = os.path.join(app.home, ".local/share/boardsmith/variants",
                         "breakthrough-copy.bsvariant")
    app.wait_for(lambda: os.path.exists(saved) or None, "the variant saved at %s" % saved)
    with open(saved, encoding="utf-8") as f:
        text = f.read()
    assert text.count("<piece ") == 31, text
    assert 'cell="d8"' not in text and 'draft="true"' not in text, text
    app.quit()

    # Opened again from Your Variants: the same handicap, in the editor.
    again = session.start_app(home=app.home)
    again.open_editor_from_row(re.compile(r"^Breakthrough \(copy\)"), "Edit Variant")
    again.board_name = "Board preview"
    again.wait_cell("d8", r"^d8, empty$")
    again.wait_cell("e8", r"^e8, Black Piece, fixed piece$")
    assert len(again.cells_where(r", fixed piece$")) == 31
    again.find("label", "15 fixed pieces on the board at the start")
    assert not again.find("push button", "Fix").sensitive


def test_fix_start_drag_and_undo(session):
    """A drag across e8, f8 and g8 takes all three away, as one step of undo;
    another undo brings back the start as the rules make it."""
    app = session.start_app()
    open_breakthrough_copy(app)
    fix_start(app)
    app.drag_cells("e8", "f8", "g8")
    for cell in ("e8", "f8", "g8"):
        app.wait_cell(cell, r"^%s, empty$" % cell)
    app.wait_cell("d8", r"^d8, Black Piece, fixed piece$")
    app.wait_cell("h8", r"^h8, Black Piece, fixed piece$")
    app.find("label", "13 fixed pieces on the board at the start")
    app.screenshot("editor-dragged")

    app.click("push button", "Undo Edit")
    for cell in ("e8", "f8", "g8"):
        app.wait_cell(cell, r"^%s, Black Piece, fixed piece$" % cell)
    app.click("push button", "Undo Edit")
    app.wait_cell("e8", r"^e8, Black Piece$")
    assert not app.cells_where(r", fixed piece$")
    app.wait_for(lambda: app.find("push button", "Fix").sensitive or None,
                 "Fix offered again after undo")


if __name__ == "__main__":
    raise SystemExit(run_tests())

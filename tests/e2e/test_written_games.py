#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The games written only in the rules language (rules/games/: Reversi,
Hex, Gomoku, Clobber, Ataxx) play in the app as the C modules' games do: they are
on the start page, a person plays them by mouse and by keyboard, the
computer plays them to the end, and the game-over dialog names the winner.
Nothing in the app knows these games: the board's own labels say what a
cell holds."""

import os
import re

from harness import run_tests, E2EFailure


def test_start_page_lists_the_written_games(session):
    app = session.start_app()
    for name in ("Ataxx", "Clobber", "Gomoku", "Hex", "Reversi"):
        app.find("list item", re.compile("^%s" % name))
    app.screenshot("start-page")
    # A written game opens from its row, as a built-in one does (Gomoku's
    # row is on screen at this window's height; Reversi's is further down).
    app.click(app.find("list item", re.compile("^Gomoku")))
    app.wait_cell("h8", r"^h8, empty")
    assert len(app.cells()) == 15 * 15, len(app.cells())
    app.wait_status(r"^Black")


def test_reversi_by_mouse(session):
    app = session.start_app("reversi")
    app.wait_cell("d5", r"^d5, Black Disc")
    app.wait_cell("d4", r"^d4, White Disc")
    # Othello's four openings for Black are its only legal cells.
    assert sorted(app.wait_cells_where(r"legal placement")) == ["c4", "d3", "e6", "f5"], \
        app.cells_where(r"legal placement")
    # d3 brackets d4 between it and d5: d4 flips to Black.
    app.click_cell("d3")
    app.wait_cell("d3", r"^d3, Black Disc")
    app.wait_cell("d4", r"^d4, Black Disc")
    app.wait_moves(1)
    app.wait_status(r"^White")
    # A cell that brackets nothing is refused and nothing changes.
    app.click_cell("a1")
    app.wait_explanation(r".")
    assert re.match(r"^a1, empty", app.cell_label("a1")), app.cell_label("a1")
    assert len(app.move_list()) == 2, app.move_list()
    app.screenshot("reversi")


def test_ataxx_by_mouse(session):
    app = session.start_app("ataxx")
    app.wait_cell("a1", r"^a1, Red Piece")
    app.wait_cell("a7", r"^a7, Blue Piece")
    # A clone is a click on the empty cell: the cells next to Red's two
    # corners are its legal placements.
    assert sorted(app.wait_cells_where(r"legal placement")) == \
        ["a2", "b1", "b2", "f6", "f7", "g6"], app.cells_where(r"legal placement")
    app.click_cell("b2")
    app.wait_cell("b2", r"^b2, Red Piece")
    app.wait_cell("a1", r"^a1, Red Piece")
    app.wait_moves(1)
    app.wait_status(r"^Blue")
    # A jump is the piece, then a cell two away: the piece leaves a7.
    app.click_cell("a7")
    app.wait_cell("a7", r"selected")
    assert "c5" in app.wait_cells_where(r"legal move"), app.cells_where(r"legal move")
    app.click_cell("c5")
    app.wait_cell("c5", r"^c5, Blue Piece")
    app.wait_cell("a7", r"^a7, empty")
    app.wait_moves(2)
    app.wait_status(r"^Red")
    app.screenshot("ataxx")


def test_hex_by_keyboard(session):
    app = session.start_app("hex")
    app.focused_cell()
    app.cursor_to("f6")
    app.key("Return")
    app.wait_cell("f6", r"^f6, Red Stone")
    app.wait_moves(1)
    app.wait_status(r"^Blue")
    app.cursor_to("e7")
    app.key("Return")
    app.wait_cell("e7", r"^e7, Blue Stone")
    app.wait_moves(2)
    app.screenshot("hex")


def test_gomoku_by_keyboard_to_five(session):
    """Gomoku played by keyboard alone, to a win: Black's five on the first
    row, White's four stones above them too few."""
    app = session.start_app("gomoku")
    app.focused_cell()
    moves = 0
    for black, white in (("a1", "a2"), ("b1", "b2"), ("c1", "c2"), ("d1", "d2"), ("e1", None)):
        for cell, owner in ((black, "Black"), (white, "White")):
            if cell is None:
                continue
            app.cursor_to(cell)
            app.key("Return")
            app.wait_cell(cell, r"^%s, %s Stone" % (cell, owner))
            moves += 1
            app.wait_moves(moves)
    dialog, labels = app.game_over()
    text = "\n".join(labels)
    app.screenshot("gomoku-five")
    if not re.search(r"Black wins", text):
        raise E2EFailure("the game-over dialog does not name Black: %r" % text)
    dialog.find_now("push button", "Close").click()
    app.gone("dialog", None)


def test_clobber_computer_to_the_end(session):
    app = session.start_app("clobber")
    app.wait_cell("a1", r"^a1, White Piece")
    app.set_players("Computer: Easy", "Computer: Easy")
    dialog, labels = app.game_over(timeout=120)
    text = "\n".join(labels)
    app.screenshot("clobber-over")
    # The last player to move wins: Clobber has no draw.
    if not re.search(r"(White|Black) wins", text):
        raise E2EFailure("the game-over dialog names no winner: %r" % text)
    dialog.find_now("push button", "Close").click()
    app.gone("dialog", None)


def test_reversi_help_in_french(session):
    """A written game's help (F1) reaches a French user in French (issues
    24, 28): the game in a line, its rules with the players' French names
    filled in, how to win; no English sentence of the rules file is left."""
    app = session.start_app("reversi", env={
        "LANGUAGE": "fr", "BOARDSMITH_LOCALEDIR": os.environ["BOARDSMITH_E2E_LOCALEDIR"]})
    app.main_window()
    app.key("F1")
    dialog = app.window(role="dialog")
    text = "\n".join(n.name for n in dialog.walk() if n.role == "label" and n.name)
    for french in ("Posez des pions qui encadrent des lignes de pions adverses",
                   "Noir en d5 et e4 (sur 8 × 8). Noir joue en premier.",
                   "Le joueur qui a le plus de pions sur le plateau gagne"):
        if french not in text:
            raise E2EFailure("F1 lacks %r: %r" % (french, text))
    for english in ("discs", "Black", "The game ends"):
        if english in text:
            raise E2EFailure("F1 still says %r: %r" % (english, text))
    dialog.find_now("push button", "Fermer").click()
    app.wait_for(lambda: len(app.windows()) == 1 or None, "the help to close")


if __name__ == "__main__":
    run_tests(globals())

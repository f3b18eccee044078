#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A whole Tribes round by hand: both hand-over screens, secret orders, the
reveal and (everyone else defended, unattacked) the end, by mouse and by
keyboard only."""

import re

from harness import run_tests, E2EFailure

NEIGHBOURS_OF_C3 = ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]


def piece_next_to_c3(app, player):
    for coordinate in NEIGHBOURS_OF_C3:
        if re.match(r"^%s, %s Piece" % (coordinate, player), app.cell_label(coordinate)):
            return coordinate
    raise E2EFailure("no %s piece next to c3 (seeded setup changed?)" % player)


def hidden_board(app):
    """While the board is hidden for a hand-over a screen reader finds no
    board, or none of its cells, to read."""
    board = app.find_now("table", "Game board")
    return board is None or not [n for n in board.children if n.role == "table cell"]


def check_reveal(app, red, blue):
    # Both moved to c3: they collide and die, and the reveal says why.
    app.wait_cell(red, r"moves to c3.*dies this round|dies this round")
    app.wait_cell(blue, r"dies this round")
    app.find("label", re.compile(r"Collided"))
    app.screenshot("reveal")


def test_round_by_mouse(session):
    app = session.start_app("--seed", "3", "tribes")
    # The first hand-over too: nothing of the board to read or reach.
    app.find("push button", "Start Red’s Orders")
    app.wait_for(lambda: hidden_board(app), "the board hidden for the first hand-over")
    app.click("push button", "Start Red’s Orders")
    # Where the orders are given, what an idle piece comes to (issue 29):
    # it defends, and a defender nobody attacks dies.
    app.find("label", re.compile(r"A piece without an order defends\. "
                                 r"A defender that nobody attacks dies\.$"))
    red = piece_next_to_c3(app, "Red")
    app.click_cell(red)
    app.wait_cell(red, r"selected")
    app.wait_cell("c3", r"legal move")
    app.click_cell("c3")
    app.wait_cell(red, r"^%s, Red Piece, moves to c3" % red)
    # Another piece ordered to defend: clicked twice.
    other = [c for c in app.cells_where(r"^.., Red Piece") if c != red][0]
    app.click_cell(other)
    app.wait_cell(other, r"selected")
    app.click_cell(other)
    app.wait_cell(other, r"defends")
    app.wait_status(r"Red gives orders \(2 of \d+ given")
    app.click("push button", "Done")

    # The hand-over: Red's orders cannot be read, on screen or by a screen reader.
    app.find("push button", "Start Blue’s Orders")
    app.wait_for(lambda: hidden_board(app), "the board hidden for the hand-over")
    app.click("push button", "Start Blue’s Orders")
    blue = piece_next_to_c3(app, "Blue")
    assert not re.search(r"moves to", " ".join(
        app.cell_label(c) for c in NEIGHBOURS_OF_C3)), "Red's orders shown to Blue"
    app.click_cell(blue)
    app.click_cell("c3")
    app.wait_cell(blue, r"moves to c3")
    app.click("push button", "Reveal Orders")
    check_reveal(app, red, blue)
    app.wait_moves(1)
    app.click("push button", "Continue")
    # Every other piece defended and nobody attacked them: all died, a draw.
    dialog, labels = app.game_over()
    text = "\n".join(labels)
    assert re.search(r"Draw", text) and re.search(r"The game lasted 1 round\.", text), text
    rows = app.wait_moves(1)
    assert re.search(r"Red .*%s-c3" % red, rows[1]) and re.search(r"Blue .*%s-c3" % blue,
                                                                  rows[1]), rows
    dialog.find_now("push button", "Close").click()
    app.gone("dialog")


def test_round_by_keyboard(session):
    app = session.start_app("--seed", "3", "tribes")
    app.tab_to("push button", "Start Red’s Orders")
    app.key("Return")
    # The board takes the focus for the orders.
    app.focused_cell()
    red = piece_next_to_c3(app, "Red")
    app.cursor_to(red)
    app.key("Return")
    app.wait_cell(red, r"selected")
    app.cursor_to("c3")
    app.key("Return")
    app.wait_cell(red, r"moves to c3")
    app.tab_to("push button", "Done")
    app.key("Return")
    app.tab_to("push button", "Start Blue’s Orders")
    app.wait_for(lambda: hidden_board(app), "the board hidden for the hand-over")
    app.key("Return")
    app.focused_cell()
    blue = piece_next_to_c3(app, "Blue")
    app.cursor_to(blue)
    app.key("Return")
    app.cursor_to("c3")
    app.key("Return")
    app.wait_cell(blue, r"moves to c3")
    # Escape drops a selection without giving an order.
    other = [c for c in app.cells_where(r"^.., Blue Piece") if c != blue][0]
    app.cursor_to(other)
    app.key("Return")
    app.wait_cell(other, r"selected")
    app.key("Escape")
    app.wait_for(lambda: "selected" not in app.cell_label(other), "the selection dropped")
    app.tab_to("push button", "Reveal Orders")
    app.key("Return")
    check_reveal(app, red, blue)
    app.tab_to("push button", "Continue")
    app.key("Return")
    # The game-over dialog takes the focus; Escape closes it.
    dialog, labels = app.game_over()
    assert re.search(r"Draw", "\n".join(labels)), labels
    app.key("Escape")
    app.gone("dialog")
    app.wait_moves(1)


if __name__ == "__main__":
    raise SystemExit(run_tests())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Astoria by hand: kind and direction choosers, the push chooser that pops up
at the cell (issue 12: it closed before playing the move), by mouse and by
keyboard only."""

import re

from harness import run_tests

CIRCLE = re.compile(r"^Circle\b")
TRIANGLE = re.compile(r"^Triangle\b")


def test_push_by_mouse(session):
    app = session.start_app("astoria")
    # Gold: a circle on d4, pushed north.
    app.click_cell("d4")
    push = app.find("push button", "Push North")
    app.screenshot("push-chooser")
    # The circle waiting for its push is drawn on d4 (issue 29 item 13): at
    # its centre Gold's colour (red well above blue), not the empty cell's
    # selected blue.
    at = app.cell("d4").centre()
    app.wait_for(lambda: (lambda r, g, b: r > b + 60)(*session.screenshot().pixel(*at)[:3]),
                 "Gold's circle drawn on d4 while the push is chosen")
    push.click()
    # Gold scores 1 against 0 in column d: the whole column moves one cell north.
    app.wait_cell("d5", r"^d5, Gold Circle")
    app.wait_cell("d4", r"^d4, empty")
    app.wait_moves(1)
    app.gone("push button", "Push North")

    # Teal: a triangle pointing east on e4, pushed west (it scores 0 that way:
    # nothing moves).
    app.click("push button", TRIANGLE)
    app.click("push button", "Triangle points East")
    app.wait_for(lambda: app.find_now("push button", "Triangle points East").checked,
                 "East chosen")
    app.click_cell("e4")
    app.click("push button", "Push West")
    app.wait_cell("e4", r"^e4, Teal Triangle pointing East")
    app.wait_moves(2)

    # Gold's turn: the chooser offers Gold's own last kind, the circle, not
    # Teal's triangle (issue 29). Gold takes a triangle pointing east.
    app.wait_for(lambda: app.find_now("push button", CIRCLE).checked,
                 "Gold's circle offered again")
    app.click("push button", TRIANGLE)
    app.click("push button", "Triangle points East")
    app.wait_for(lambda: app.find_now("push button", "Triangle points East").checked,
                 "East chosen")
    # The chooser closed by a click elsewhere drops the placement.
    app.click_cell("f6")
    app.find("push button", "Push South")
    app.click("label", "Moves")
    app.gone("push button", "Push South")
    app.wait_cell("f6", r"^f6, empty")
    app.wait_moves(2)
    # …and Gold can still play: the chooser still says triangle pointing east.
    # Pushing south, that triangle scores 0 in column f and stays; Gold's
    # circle scores 1 in column d, which moves back south.
    app.click_cell("f6")
    app.click("push button", "Push South")
    app.wait_cell("f6", r"^f6, Gold Triangle pointing East")
    app.wait_cell("d4", r"^d4, Gold Circle")
    app.wait_moves(3)


def test_push_by_keyboard(session):
    app = session.start_app("astoria")
    # The game starts with the focus on the board.
    app.focused_cell()
    # The kind and the direction, with Tab and Space only.
    app.tab_to("push button", TRIANGLE, backwards=True)
    app.key("space")
    app.wait_for(lambda: app.find_now("push button", TRIANGLE).checked, "Triangle chosen")
    app.tab_to("push button", "Triangle points South")
    app.key("space")
    app.wait_for(lambda: app.find_now("push button", "Triangle points South").checked,
                 "South chosen")
    app.tab_to("table cell")
    app.cursor_to("e4")
    # Enter asks for the push; Escape drops the placement.
    app.key("Return")
    app.find("push button", "Push North")
    app.key("Escape")
    app.gone("push button", "Push North")
    app.wait_cell("e4", r"^e4, empty")
    app.focused_cell()
    app.wait_moves(0)
    # Enter again, and an arrow key chooses the push.
    app.key("Return")
    app.find("push button", "Push North")
    app.key("Down")
    # A Gold triangle pointing south scores 3 in column e: it moves south.
    app.wait_cell("e3", r"^e3, Gold Triangle pointing South")
    app.gone("push button", "Push North")
    app.wait_moves(1)
    # The focus is back on the board: Teal plays from there.
    app.focused_cell()
    app.cursor_to("b2")
    app.key("Return")
    app.find("push button", "Push East")
    app.key("Right")
    app.wait_moves(2)
    app.wait_cells_where(r"Teal ")


if __name__ == "__main__":
    raise SystemExit(run_tests())

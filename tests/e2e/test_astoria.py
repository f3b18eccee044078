#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Astoria by hand: place, choose the push in the popover, by mouse and by keyboard."""

from harness import run_tests


def test_push_by_mouse(session):
    app = session.start_app("astoria")
    app.click_cell("d4")
    push = app.find("push button", "Push North")
    app.screenshot("push-chooser")
    push.click()
    # Gold's circle was placed on d4 and pushed one cell north.
    app.wait_cell("d5", r"^d5, Gold Circle")
    app.wait_for(lambda: any("d4" in row for row in app.move_list()[1:]),
                 "the move in the move list")
    app.gone("push button", "Push North")
    app.screenshot("after-push")


def test_push_by_keyboard(session):
    app = session.start_app("astoria")
    # The game starts with the focus on the board: a cell is focused.
    app.focused_cell()
    app.cursor_to("e4")
    app.key("Return")
    app.find("push button", "Push North")
    app.key("Left")
    # Gold's circle placed on e4 and pushed one cell west.
    app.wait_cell("d4", r"^d4, Gold Circle")
    app.gone("push button", "Push North")
    # The focus is back on the board, on the cell played.
    app.focused_cell()


if __name__ == "__main__":
    raise SystemExit(run_tests())

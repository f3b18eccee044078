#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Agoraphobia by hand: choose the kind, place, undo and redo."""

from harness import run_tests


def test_undo_a_placement(session):
    app = session.start_app("agoraphobia")
    app.click_cell("d4")
    app.wait_cell("d4", r"^d4, Light Small")
    app.wait_moves(1)
    app.key("ctrl+z")
    app.wait_cell("d4", r"^d4, empty")
    app.click("push button", "Redo Move")
    app.wait_cell("d4", r"^d4, Light Small")
    app.wait_status(r"Dark to move")


if __name__ == "__main__":
    raise SystemExit(run_tests())

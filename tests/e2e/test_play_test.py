#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Play Test starts with humans (issue 29): the seats remembered for a game
(here a computer for Dark) do not follow it into a play test of its copy;
seats chosen during a play test hold for the next play test of the same
editor session."""

from harness import run_tests, E2EFailure
from test_editor_leave import open_copy


def seats(app):
    """The Players popover's choice for each seat, read and closed again."""
    chosen = [[c for c, n in seat if n.checked] for seat in app.open_players()]
    app.click("push button", "Players")
    app.wait_for(lambda: not app.popups(), "the Players popover's window to close")
    return [c[0] if len(c) == 1 else c for c in chosen]


def test_play_test_starts_with_humans(session):
    app = session.start_app("agoraphobia")
    app.main_window()
    # Light (the human) moves first: nothing is played, nothing to save.
    app.set_players("Human", "Computer: Hard")
    app.click("push button", "Choose Another Game")
    open_copy(app, "Agoraphobia")

    app.click("push button", "Play Test")
    app.board_name = "Game board"
    app.wait_status(r"^Light to move")
    found = seats(app)
    if found != ["Human", "Human"]:
        raise E2EFailure("Play Test started with the seats %s, not two humans" % found)

    # Chosen during the play test: the next play test keeps it.
    app.set_players("Human", "Computer: Easy")
    app.click("push button", "Back to the Variant Editor")
    app.click("push button", "Play Test")
    app.board_name = "Game board"
    app.wait_status(r"^Light to move")
    found = seats(app)
    if found != ["Human", "Computer: Easy"]:
        raise E2EFailure("the second play test has the seats %s, not those chosen in the "
                         "first" % found)


if __name__ == "__main__":
    raise SystemExit(run_tests())

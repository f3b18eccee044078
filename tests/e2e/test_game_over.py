#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""After the game-over dialog: the window takes the next click at once
(issue 29: the Players popover sometimes did not open on the first click
after the dialog closed, once not before the third)."""

import os

from harness import E2EFailure, run_tests

RULES = os.environ.get("BOARDSMITH_RULES_DIR", os.path.join(os.path.dirname(__file__),
                                                             "..", "..", "rules"))


def tiny_agoraphobia(session):
    """Agoraphobia on a 2×2 rhombus: after two placements, on a2 and b1,
    nothing can be pushed and the game ends (a draw)."""
    with open(os.path.join(RULES, "agoraphobia.xml"), encoding="utf-8") as f:
        xml = f.read()
    old = 'width="7" height="7"'
    assert old in xml, "agoraphobia.xml no longer has %s" % old
    path = os.path.join(session.tmp, "tiny-agoraphobia.xml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(xml.replace(old, 'width="2" height="2"'))
    return path


def close_then_click_players(app, dialog, game):
    """Closes the game-over dialog, clicks Players once (no second try)
    and returns the popover's seats: it must open on that click."""
    dialog.find_now("push button", "Close").click()
    app.gone("dialog", None)
    app.click("push button", "Players")
    try:
        return app.seat_buttons()
    except E2EFailure:
        app.screenshot("players-not-open-%d" % game)
        raise E2EFailure("game %d: the Players popover did not open on the first "
                         "click after the game-over dialog closed" % game)


def close_players(app, seats):
    app.click("push button", "Players")
    app.gone(None, seats[0][0][1].name)
    app.wait_for(lambda: not app.popups(), "the Players popover's window to close")


def start_another_game(app):
    """New Game, its moves thrown away when asked."""
    app.click("push button", "New Game")

    def new_game():
        discard = app.snapshot().find_now("push button", "Discard")
        if discard is not None:
            discard.click()
            return None
        return len(app.move_list()) == 1 or None
    app.wait_for(new_game, "a new game, with no move yet")


def test_players_opens_on_the_first_click_after_game_over(session):
    """The game ended by a click on the board (the dialog opened while the
    mouse button was still down), the dialog closed, then Players clicked
    once: its popover opens. Three games in a row."""
    app = session.start_app(tiny_agoraphobia(session))
    for round_ in range(3):
        app.click_cell("a2")
        app.wait_cell("a2", r"^a2, Light ")
        app.click_cell("b1")
        dialog, labels = app.game_over()
        assert any("draw" in label for label in labels), labels
        seats = close_then_click_players(app, dialog, round_ + 1)
        if round_ == 0:
            app.screenshot("players-after-game-over")
        close_players(app, seats)
        start_another_game(app)


def test_players_opens_after_a_game_watched_to_its_end(session):
    """Two computers chosen in the Players popover, left open while they
    play: the game ends, the popover gives way to the game-over dialog;
    the dialog closed, one click on Players opens the popover again."""
    app = session.start_app(tiny_agoraphobia(session))
    for round_ in range(3):
        seats = app.open_players()
        for seat in (1, 0):
            app.click(dict(seats[seat])["Computer: Easy"])
        dialog, labels = app.game_over(timeout=60)
        seats = close_then_click_players(app, dialog, round_ + 1)
        # Humans again, for the next game; the popover closed by its button.
        for seat in (0, 1):
            app.click(dict(seats[seat])["Human"])
        close_players(app, seats)
        start_another_game(app)


if __name__ == "__main__":
    raise SystemExit(run_tests())

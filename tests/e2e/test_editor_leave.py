#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Leaving the variant editor while a game play-tested from it waits
unsaved (issue 29): the Back arrow asks about the game; Cancel (or Escape)
returns to the editor as it was — its preview, its groups, its buttons —
and Discard goes to the start page. The same for a copy of a built-in game
and for a variant saved among the user's own."""

import os
import re

from harness import run_tests
from test_editor import set_spin

SAVE_QUESTION = re.compile(r"^Save Your Game of ")


def open_copy(app, game):
    """The start page's edit button on a built-in game's row."""
    app.open_editor_from_row(game)
    app.board_name = "Board preview"


def play_test_one_move(app):
    """Play Test, one placement, then the edit button back to the editor."""
    app.click("push button", "Play Test")
    app.board_name = "Game board"
    app.click_cell("d4")
    app.wait_cell("d4", r"^d4, Light ")
    app.wait_moves(1)
    app.click("push button", "Back to the Variant Editor")
    app.find("push button", "Play Test")
    app.board_name = "Board preview"


def ask_to_leave(app):
    """The editor's Back arrow: asked about the game left unsaved."""
    app.click("push button", "Back to the Game List")
    dialog = app.window(SAVE_QUESTION, role="dialog")
    dialog.find_now("label", re.compile(r"^You left this game for the variant editor\."))
    return dialog


def assert_editor_intact(app, name):
    """What the editor shows for Agoraphobia 7×7: the preview's cells, the
    Board group's size, both players with their supplies, the options, the
    name; Save and Play Test can be pressed."""
    app.gone("dialog", SAVE_QUESTION)
    app.wait_cell("g7", r"^g7, empty")
    app.wait_cell("a1", r"^a1, empty")
    app.wait_for(lambda: app.find("spin button", "Width").text == "7" or None, "Width to read 7")
    app.wait_for(lambda: app.find("spin button", "Height").text == "7" or None,
                 "Height to read 7")
    app.find("text", "Name", where=lambda n: n.text == name)
    for player in ("Light", "Dark"):
        app.find("text", "Name", where=lambda n, p=player: n.text == p)
    assert len(app.find_all("spin button", "Large pieces")) == 2, "both players' supplies"
    app.find("spin button", "Large push distance")
    for button in ("Save", "Play Test"):
        assert app.find("push button", button).sensitive, "%s is greyed out" % button


def test_cancel_returns_to_the_editor(session):
    app = session.start_app()
    open_copy(app, "Agoraphobia")
    assert_editor_intact(app, "Agoraphobia (copy)")
    play_test_one_move(app)

    ask_to_leave(app)
    app.screenshot("asked")
    app.click("push button", "Cancel")
    assert_editor_intact(app, "Agoraphobia (copy)")
    app.screenshot("after-cancel")

    # Escape answers as Cancel does.
    ask_to_leave(app)
    app.key("Escape")
    assert_editor_intact(app, "Agoraphobia (copy)")


def test_cancel_after_discarding_the_edits(session):
    """Edits made after the play test: asked about them first, then about
    the game; Cancel there keeps the editor with its edits (nothing is
    lost until the editor is left)."""
    app = session.start_app()
    open_copy(app, "Agoraphobia")
    play_test_one_move(app)
    set_spin(app, "Width", 6)
    app.wait_for(lambda: "g7" not in app.cells() and "f7" in app.cells() or None,
                 "the preview to show 6 wide")

    app.click("push button", "Back to the Game List")
    app.window("Save the Variant?", role="dialog")
    app.click("push button", "Discard")
    app.gone("dialog", "Save the Variant?")
    ask = app.window(SAVE_QUESTION, role="dialog")
    app.click(ask.find_now("push button", "Cancel"))
    app.gone("dialog", SAVE_QUESTION)
    app.wait_cell("f7", r"^f7, empty")
    assert "g7" not in app.cells()
    app.wait_for(lambda: app.find("spin button", "Width").text == "6" or None, "Width to read 6")
    assert len(app.find_all("spin button", "Large pieces")) == 2, "both players' supplies"
    for button in ("Save", "Play Test", "Undo Edit"):
        assert app.find("push button", button).sensitive, "%s is greyed out" % button
    app.screenshot("edits-kept")


def test_discard_goes_to_the_start_page(session):
    app = session.start_app()
    open_copy(app, "Agoraphobia")
    play_test_one_move(app)
    ask_to_leave(app)
    app.click("push button", "Discard")
    app.gone("dialog", SAVE_QUESTION)
    app.find("list item", "Agoraphobia")
    app.gone("push button", "Play Test")

    # The editor starts afresh: another copy opens whole.
    open_copy(app, "Agoraphobia")
    assert_editor_intact(app, "Agoraphobia (copy)")


def test_cancel_in_a_users_variant(session):
    app = session.start_app()
    open_copy(app, "Agoraphobia")
    app.click("push button", "Save")
    saved = os.path.join(app.home, ".local/share/boardsmith/variants",
                         "agoraphobia-copy.bsvariant")
    app.wait_for(lambda: os.path.exists(saved) or None, "the variant saved at %s" % saved)
    app.quit()

    # Opened again from Your Variants: edited in place.
    again = session.start_app(home=app.home)
    again.open_editor_from_row(re.compile(r"^Agoraphobia \(copy\)"), "Edit Variant")
    again.board_name = "Board preview"
    assert_editor_intact(again, "Agoraphobia (copy)")
    play_test_one_move(again)
    ask_to_leave(again)
    again.click("push button", "Cancel")
    assert_editor_intact(again, "Agoraphobia (copy)")

    # Leaving for good: Discard, then the start page.
    ask_to_leave(again)
    again.click("push button", "Discard")
    again.find("list item", re.compile(r"^Agoraphobia \(copy\)"))
    again.gone("push button", "Play Test")


def test_closing_asks_about_the_game_then_the_edits(session):
    """A play-tested game and edits made after it, both unsaved: Ctrl+Q
    asks about the game, then about the edits (it closed after the game's
    question, and the edits were lost); Cancel there keeps the window."""
    app = session.start_app()
    open_copy(app, "Agoraphobia")
    play_test_one_move(app)
    set_spin(app, "Width", 6)
    app.wait_for(lambda: "g7" not in app.cells() and "f7" in app.cells() or None,
                 "the preview to show 6 wide")

    app.key("ctrl+q")
    ask = app.window(SAVE_QUESTION, role="dialog")
    app.click(ask.find_now("push button", "Discard"))
    app.gone("dialog", SAVE_QUESTION)
    edits = app.window("Save the Variant?", role="dialog")
    app.screenshot("asked-about-the-edits")
    app.click(edits.find_now("push button", "Cancel"))
    app.gone("dialog", "Save the Variant?")
    app.wait_for(lambda: app.find("spin button", "Width").text == "6" or None, "Width to read 6")
    assert app.running(), "the window closed on Cancel"

    # Asked again, the game let go already: only the edits; Discard ends.
    app.key("ctrl+q")
    edits = app.window("Save the Variant?", role="dialog")
    app.click_until("push button", "Discard", lambda: not app.running(), "boardsmith to quit")
    status = app.wait_exit()
    assert status == 0, status


def test_play_test_again_asks_about_the_last_game(session):
    """Play Test while the last play test's game is unsaved: asked first
    (it was replaced without a word); Cancel keeps the editor and the game,
    Discard starts a new game."""
    app = session.start_app()
    open_copy(app, "Agoraphobia")
    play_test_one_move(app)

    app.click("push button", "Play Test")
    ask = app.window(SAVE_QUESTION, role="dialog")
    ask.find_now("label", re.compile(r"^You left this game for the variant editor\."))
    app.click(ask.find_now("push button", "Cancel"))
    assert_editor_intact(app, "Agoraphobia (copy)")

    app.click("push button", "Play Test")
    ask = app.window(SAVE_QUESTION, role="dialog")
    app.click(ask.find_now("push button", "Discard"))
    app.gone("dialog", SAVE_QUESTION)
    app.board_name = "Game board"
    app.wait_cell("d4", r"^d4, empty")
    app.wait_moves(0)


if __name__ == "__main__":
    raise SystemExit(run_tests())

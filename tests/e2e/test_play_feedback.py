#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What the play page says back (issue 13.5 and 13.7): an explanation never
covers the board or a button and goes away with the position it was about;
in Tribes new orders clear what could be redone, and orders given are not
thrown away without asking."""

import re

from harness import run_tests, E2EFailure

# Tribes, seed 1: a first round after which both sides still have pieces.
TRIBES_ROUND_1 = ("b1-c1,d1-e1,a2-a3,b2-b3,c2-d2,a4-b4,c4-c5,d4-d5,e4-e3,a5-a5,b5-b5,e5-e5;"
                  "a1-a1,c1-c1,e1-e1,d2-c2,e2-e2,a3-a3,b3-c3,d3-d3,e3-e3,b4-a4,c5-c5,d5-d5")


def overlaps(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def assert_covers_nothing(app, what):
    """The explanation's box meets no cell of the board and no button."""
    alert = app.find("alert")
    box = alert.screen_extents()
    for coordinate, cell in app.cells().items():
        if overlaps(box, cell.screen_extents()):
            raise E2EFailure("the explanation covers the cell %s (%s)" % (coordinate, what))
    for button in app.find_all("push button"):
        bx, by, bw, bh = button.screen_extents()
        inside = (box[0] <= bx and bx + bw <= box[0] + box[2]
                  and box[1] <= by and by + bh <= box[1] + box[3])
        if inside:          # its own Dismiss button
            continue
        if overlaps(box, (bx, by, bw, bh)):
            raise E2EFailure("the explanation covers the button %r (%s)" % (button.name, what))


def test_explanations_go_with_their_position(session):
    app = session.start_app("agoraphobia")
    app.click_cell("d4")
    app.wait_moves(1)
    # Dark clicks Light's piece: why nothing happened, under the board.
    app.click_cell("d4")
    text = app.wait_explanation(r"d4")
    assert_covers_nothing(app, text)
    app.screenshot("explanation")
    # A move withdraws it (it was about the position before).
    app.click_cell("b2")
    app.wait_moves(2)
    app.wait_for(lambda: app.explanation() is None or None, "the explanation to go")
    app.wait_status(r"Light to move")

    # So does undo, by key.
    app.click_cell("b2")
    app.wait_explanation(r"b2")
    app.key("ctrl+z")
    app.wait_moves(1)
    app.wait_for(lambda: app.explanation() is None or None, "the explanation to go on undo")
    app.wait_cell("b2", r"^b2, empty")

    # Dismissed by its button.
    app.click_cell("d4")
    app.wait_explanation(r"d4")
    app.click("push button", "Dismiss")
    app.wait_for(lambda: app.explanation() is None or None, "the explanation dismissed")


def test_explanation_beside_the_done_button(session):
    app = session.start_app("tribes", "--seed", "1")
    app.click("push button", re.compile("Start Red"))
    app.find("push button", "Done")
    app.click_cell("c3")          # the empty centre: not a piece of Red's
    text = app.wait_explanation(r"pieces")
    assert_covers_nothing(app, text)
    done = app.find("push button", "Done")
    app.screenshot("explanation-tribes")
    app.click(done)
    app.find("push button", re.compile("Start Blue"))
    app.wait_for(lambda: app.explanation() is None or None, "the explanation to go")


def test_tribes_new_orders_clear_redo(session):
    app = session.start_app("tribes", "--seed", "1", "--moves", TRIBES_ROUND_1)
    app.click("push button", "Continue")
    app.find("push button", re.compile("Start Red"))
    app.wait_moves(1)

    # Undo the round: it can be redone and is listed (greyed).
    app.key("ctrl+z")
    app.wait_for(lambda: app.find_now("push button", "Redo Move")
                 and app.find_now("push button", "Redo Move").sensitive or None,
                 "Redo to be possible")
    if len(app.move_list()) != 2:
        raise E2EFailure("the undone round is not listed: %s" % app.move_list())

    # Red gives a new order: the old round can no longer be redone.
    app.click("push button", re.compile("Start Red"))
    app.find("push button", "Done")
    app.click_cell("b1")
    app.wait_cell("b1", r"selected")
    app.click_cell("c2")
    app.wait_cell("b1", r"moves to c2")
    app.wait_for(lambda: not app.find("push button", "Redo Move").sensitive or None,
                 "Redo to be disabled by the new order")
    app.wait_moves(0)

    # Done: Blue's hand-over shows nothing of the old round or Red's orders.
    app.click("push button", "Done")
    app.find("push button", re.compile("Start Blue"))
    if app.find("push button", "Redo Move").sensitive:
        raise E2EFailure("Redo is possible at Blue's hand-over")
    rows = app.move_list()
    if len(rows) != 1 or re.search(r"c1|c2|b1", " ".join(rows)):
        raise E2EFailure("the move list shows Blue the old round: %s" % rows)
    app.screenshot("blue-handover")

    # Red's orders wait for Blue's: a new game asks first; Cancel keeps them.
    app.key("ctrl+n")
    dialog = app.window(role="dialog")
    if "Abandon the Orders Given?" not in (dialog.name or ""):
        raise E2EFailure("unexpected question %r" % dialog.name)
    app.click(dialog.find_now("push button", "Cancel"))
    app.find("push button", re.compile("Start Blue"))


if __name__ == "__main__":
    raise SystemExit(run_tests())

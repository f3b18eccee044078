#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A window that fits a phone: the app started at 360 × 640 is no wider, and
every page is used there by taps (real clicks) on what is on screen — the
start page, a game played on the board, the Players popover's seats chosen
by taps, the folded panel of players and moves opened and read, undo, the Export dialog, the editor with a setting
changed, the Balance page. Each page leaves a PNG of the window among the
test's artifacts (narrow-*.png)."""

import os
import re

from harness import run_tests, E2EFailure

PHONE = (360, 640)
# Roles a person taps or reads: none may stick out of the window.
CONTROLS = ("push button", "toggle button", "combo box", "spin button", "text", "check box",
            "label", "list item", "table cell", "menu button")


def window_box(app, window=None):
    """The window's (x, y, width, height) on screen, failing if it is wider
    than a phone."""
    node = window if window is not None else app.main_window()
    # A window just opened has no size for a moment.
    node = app.wait_for(lambda: (lambda n: n if n.extents and n.extents[2] > 0 else None)(
        node.refresh()), "%r to have a size" % node)
    box = node.screen_extents()
    if box[2] > PHONE[0]:
        raise E2EFailure("%r is %d px wide, more than %d" % (node, box[2], PHONE[0]))
    return box


def inside(app, node, box):
    """The node is shown and within the window's width (a list may scroll it
    out of sight vertically, never sideways)."""
    x, _, w, _ = node.screen_extents()
    bx, _, bw, _ = box
    if w <= 0 or x < bx - 1 or x + w > bx + bw + 1:
        raise E2EFailure("%r (x %d, width %d) is not within the window (x %d, width %d)"
                         % (node, x, w, bx, bw))
    return node


def nothing_sticks_out(app, box, window=None):
    """No control of the window lies beyond its left or right edge."""
    root = (window if window is not None else app.main_window()).refresh()
    for node in root.walk():
        if node.role in CONTROLS and node.showing and node.extents is not None:
            x, _, w, _ = node.screen_extents()
            if w > 0 and (x < box[0] - 1 or x + w > box[0] + box[2] + 1):
                raise E2EFailure("%r sticks out of the %d px window (x %d, width %d)"
                                 % (node, box[2], x, w))


def move_list_shown(app):
    """Whether the move list (the list whose first row reads "Start") is on
    screen."""
    for lst in app.snapshot().find_all("list"):
        rows = [r for r in lst.children if r.role == "list item"]
        if rows and any(n.name == "Start" for n in rows[0].walk()):
            return True
    return False


def shot(app, name, box):
    """A PNG of the window alone, to look at."""
    path = os.path.join(app.session.test_artifacts, "narrow-%s.png" % name)
    app.session.screenshot(*box).save(path)
    return path


def test_phone_pages(session):
    app = session.start_app(size=PHONE)
    box = window_box(app)

    # The start page: the game list and its buttons, all on screen.
    row = app.find("list item", re.compile(r"^Agoraphobia\b"))
    inside(app, row, box)
    inside(app, row.find_now("push button", "Duplicate and Edit"), box)
    inside(app, row.find_now("push button", "Test Balance"), box)
    nothing_sticks_out(app, box)
    shot(app, "start", box)

    # A game, played by tapping cells.
    row.click()
    app.board()
    box = window_box(app)
    for name in ("Choose Another Game", "Undo Move", "Redo Move", "Players", "Main Menu"):
        inside(app, app.find(None, name), box)
    app.click_cell("d4")
    app.wait_cell("d4", r"^d4, Light ")
    app.wait_status(r"Dark to move")
    app.click_cell("c4")
    app.wait_cell("c4", r"^c4, Dark ")
    target = app.wait_cells_where(r"legal placement")[0]
    app.click_cell(target)
    app.wait_cell(target, r"Light (Small|Large)")
    nothing_sticks_out(app, box)
    shot(app, "play", box)

    # The Players popover: its seats' buttons, side by side, are no wider
    # than a phone (on a phone's screen it slides to fit; here, beside the
    # window, it may stick out of it). Taps choose; Dark is to move, so
    # Light as a computer plays nothing before it is set back.
    app.set_players("Computer: Hard", "Human")
    buttons = [n for seat in app.open_players() for _, n in seat]
    left = min(n.screen_extents()[0] for n in buttons)
    right = max(n.screen_extents()[0] + n.screen_extents()[2] for n in buttons)
    if right - left > PHONE[0] - 24:
        raise E2EFailure("the Players popover's buttons span %d px, too wide for a %d px phone"
                         % (right - left, PHONE[0]))
    if not dict(app.seat_buttons()[0])["Computer: Hard"].checked:
        raise E2EFailure("Light's Hard is not down when the popover opens again")
    top = min(n.screen_extents()[1] for n in buttons)
    path = os.path.join(app.session.test_artifacts, "narrow-players.png")
    app.session.screenshot(left - 24, top - 70, right - left + 48, 210).save(path)
    app.click("push button", "Players")
    app.gone(None, buttons[0].name)
    app.wait_for(lambda: not app.popups(), "the Players popover's window to close")
    app.set_players("Human", "Human")
    app.wait_status(r"Dark to move")

    # The players and the move list: folded away, a tap on the button opens
    # them over the board.
    if move_list_shown(app):
        raise E2EFailure("the move list is on screen before the panel is opened")
    panel = app.find("push button", "Moves and Players")
    inside(app, panel, box)
    panel.click()
    moves = app.wait_moves(3)
    if moves[1:] and not moves[1].startswith("1. Light"):
        raise E2EFailure("the move list reads %s" % moves)
    inside(app, app.move_list_node(), box)
    app.find("label", "Light")
    nothing_sticks_out(app, box)
    shot(app, "panel", box)

    # Undo, with the panel open: the list follows.
    app.click_until_turn("Undo Move", 2)
    app.wait_cell(target, r", empty")
    # A tap on the board beside the panel closes it.
    x, y, w, h = box
    session.click(x + 20, y + h // 2)
    app.wait_for(lambda: not move_list_shown(app), "the panel to close")

    # The Export dialog, as narrow as the window.
    app.click("push button", "Main Menu")
    app.click(app.find("menu item", "Export Image…"))
    dialog = app.window("Export Image")
    dbox = window_box(app, dialog)
    for role, name in (("combo box", "Format"), ("push button", "Export…"),
                       ("push button", "Cancel")):
        inside(app, app.find(role, name), dbox)
    app.find("label", re.compile(r"^PNG image · \d+ × \d+ pixels"))
    nothing_sticks_out(app, dbox, dialog)
    shot(app, "export", dbox)
    app.click("push button", "Cancel")
    app.gone(None, "Export Image")

    # The editor: this variant, a setting changed.
    app.click("push button", "Main Menu")
    app.click(app.find("menu item", "Edit This Variant"))
    app.find("push button", "Play Test")
    box = window_box(app)
    for name in ("Back to the Game List", "Undo Edit", "Save", "Test Balance", "Play Test"):
        inside(app, app.find("push button", name), box)
    spin = inside(app, app.find("spin button", "Width"), box)
    spin.click()
    app.key("ctrl+a")
    app.type("5")
    app.key("Tab")
    app.find("label", re.compile(r"^35 cells"))
    nothing_sticks_out(app, box)
    shot(app, "editor", box)

    # The Balance page of the edited variant.
    app.click("push button", "Test Balance")
    app.find("label", re.compile(r"^Balance of "))
    box = window_box(app)
    inside(app, app.find("combo box", "Player A"), box)
    inside(app, app.find("push button", "Start Study"), box)
    nothing_sticks_out(app, box)
    shot(app, "balance", box)


def test_german_shortcuts_fit(session):
    """The shortcuts window in German, whose titles are the longest, fits an
    800 px wide screen (issue 29: it was 1,349 px)."""
    german = {"LANGUAGE": "de", "BOARDSMITH_LOCALEDIR": os.environ["BOARDSMITH_E2E_LOCALEDIR"]}
    app = session.start_app(env=german)
    app.find("push button", "Hauptmenü")
    app.key("ctrl+question")
    window = app.window("Tastenkürzel")
    window = app.wait_for(lambda: (lambda n: n if n.extents and n.extents[2] > 0 else None)(
        window.refresh()), "the shortcuts window to have a size")
    width = window.screen_extents()[2]
    print("# the German shortcuts window is %d px wide" % width)
    app.screenshot("shortcuts-de")
    if width > 800:
        raise E2EFailure("the German shortcuts window is %d px wide, more than 800" % width)


if __name__ == "__main__":
    raise SystemExit(run_tests())

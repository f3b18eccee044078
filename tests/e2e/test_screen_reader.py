#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a screen reader hears (read through AT-SPI, as Orca does): every
button and row of every page has a name a person could read aloud, and the
computer's reply, a Tribes reveal and the end of a game are announced
(docs/ACCESSIBILITY.md says how on GTK 4.8 and on 4.14+)."""

import re

from harness import E2EFailure, RETRY_WAIT, run_tests
from test_endings import small_variant

# What a person activates or reads one by one: each needs a name.
NAMED_ROLES = ("push button", "toggle button", "push button menu", "list item")
TYPE_NAME = re.compile(r"^(Gtk|Adw|Bs)[A-Z][A-Za-z]*$")


def unreadable(name):
    """Why a name cannot be read aloud as it is, or None."""
    if not name.strip():
        return "no name"
    if TYPE_NAME.match(name):
        return "named after its widget type"
    if "_" in name:
        return "a mnemonic's underscore"
    if re.fullmatch(r"(.+) \1", name):
        return "said twice"
    return None


def in_combo_box(node):
    """A combo row shows its current value as a list item inside it, read
    with the combo box (named by the row); not a row a person walks."""
    return any(a.role == "combo box" for a in node.ancestors())


def unnamed(app, page, seen):
    """Each button or row showing now whose name is unreadable, as
    "page: role 'name' (why; its description)"; once each (by role, name
    and description) over the pages in `seen`."""
    found = []
    for node in app.snapshot().walk():
        if node.role not in NAMED_ROLES or in_combo_box(node):
            continue
        why = unreadable(node.name)
        if why is None or (node.role, node.name, node.description) in seen:
            continue
        seen.add((node.role, node.name, node.description))
        found.append("%s: %s %r (%s; description %r)"
                     % (page, node.role, node.name, why, node.description))
    return found


def test_every_button_and_row_has_a_name(session):
    problems = []
    seen = set()
    app = session.start_app()
    app.find("list item", "Agoraphobia")
    problems += unnamed(app, "start page", seen)

    # The editor, from a built-in game's row.
    app.open_editor_from_row("Agoraphobia")
    problems += unnamed(app, "editor", seen)

    # A game played a little: the move list has rows.
    app.click("push button", "Play Test")
    app.board_name = "Game board"
    app.click_cell("d4")
    app.wait_moves(1)
    problems += unnamed(app, "play test", seen)
    app.open_players()
    problems += unnamed(app, "Players popover", seen)
    app.key("Escape")
    app.wait_for(lambda: not app.popups(), "the Players popover to close")
    # A key pressed while the window manager still hands the focus back from
    # the closed popover is lost (seen once): press again if nothing came.
    for attempt in range(3):
        app.key("ctrl+question")
        try:
            app.window("Keyboard Shortcuts", timeout=RETRY_WAIT)
            break
        except E2EFailure:
            if attempt == 2:
                raise
    problems += unnamed(app, "shortcuts window", seen)
    app.key("Escape")
    app.wait_for(lambda: len(app.windows()) == 1 or None, "the shortcuts window to close")

    # Another game, another page: Tribes' hand-over, then its orders (one
    # app at a time: a second would hand its window to the first).
    app.stop()
    tribes = session.start_app("--seed", "3", "tribes")
    tribes.find("push button", "Start Red’s Orders")
    problems += unnamed(tribes, "Tribes hand-over", seen)
    tribes.click("push button", "Start Red’s Orders")
    tribes.wait_cell("c3", r"^c3, ")
    problems += unnamed(tribes, "Tribes orders", seen)

    # The balance page.
    tribes.stop()
    balance = session.start_app(size=(1000, 1000))
    row = balance.find("list item", "Agoraphobia")
    balance.click(row.find_now("push button", "Test Balance"))
    balance.find("push button", "Start Study")
    problems += unnamed(balance, "balance", seen)

    if problems:
        raise E2EFailure("%d buttons or rows a screen reader cannot name:\n%s"
                         % (len(problems), "\n".join(problems)))


def announced(recorder, pattern, what, timeout=60):
    """Waits until the app announces text matching pattern, and returns it:
    through gtk_accessible_announce (GTK 4.14+), or as the new name of its
    alert (GTK 4.8, bs-announcer.h)."""
    regex = re.compile(pattern)
    roles = {}

    def said(event):
        if event.kind == "object:announcement":
            return True
        if event.kind != "object:property-change:accessible-name":
            return False
        if event.ref not in roles:
            roles[event.ref] = recorder.app.bus.snapshot(recorder.app, event.ref, depth=0).role
        return roles[event.ref] == "alert"

    return recorder.wait(lambda e: isinstance(e.value, str) and regex.search(e.value)
                         and said(e), what, timeout).value


def test_computer_reply_is_announced(session):
    app = session.start_app(small_variant(session, "agoraphobia"))
    app.set_players("Human", "Computer: Easy")
    recorder = app.record_events()
    app.click_cell("b2")
    # Light's move, then Dark's reply, each said with whose turn it is then.
    announced(recorder, r"^Light \S+\. Dark ", "Light's move to be announced")
    reply = announced(recorder, r"^Dark \S+\. Light to move", "the computer's reply to be announced")
    app.wait_moves(2)
    assert app.move_list()[2].split()[-1] in reply, (reply, app.move_list())
    recorder.close()


def test_game_end_is_announced(session):
    app = session.start_app(small_variant(session, "agoraphobia"))
    recorder = app.record_events()
    app.set_players("Computer: Easy", "Computer: Easy")
    dialog, labels = app.game_over(timeout=120)
    heading = labels[0]
    said = announced(recorder, "^" + re.escape(heading) + r"\. ", "the end of the game to be announced")
    assert said.split(". ", 1)[1] in "\n".join(labels), (said, labels)
    recorder.close()


def test_tribes_reveal_is_announced(session):
    app = session.start_app(small_variant(session, "tribes"))
    recorder = app.record_events()
    app.set_players("Computer: Easy", "Computer: Easy")
    app.find("push button", "Continue", timeout=60)
    reveal = [n.name for n in app.snapshot().walk() if n.role == "label" and n.name]
    said = announced(recorder, r"\S", "the round's reveal to be announced")
    assert any(said in label or label in said for label in reveal), (said, reveal)
    recorder.close()


if __name__ == "__main__":
    raise SystemExit(run_tests())

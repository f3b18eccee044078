#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a new player meets in the first minutes (issue 13): a move that ends
the game says what it would give before it is played, and its button never
moves the board; F1 tells each game's rules as the variant sets them, how to
win and how to play; a refused click says why in words; a hint, the
computer's move about to be played and the legal targets are three marks
with three names; a paused computer leaves no mark behind and the status
line says it is paused."""

import os
import re

from harness import run_tests, E2EFailure

RULES = os.environ.get("BOARDSMITH_RULES_DIR", os.path.join(os.path.dirname(__file__),
                                                             "..", "..", "rules"))
GAMES = ("agoraphobia", "tribes", "abrobad", "ikabegama", "astoria")

# Abrobad on a hexagon of side 3: after these placements no cell is left for
# Black to place on, and End Game is one of Black's moves.
ABROBAD_MOVES = "c1 e3 f3 b2 d6 f5 d3 b4 c4 d1 e5 d5 a3".split()


def variant(session, game, replacements, name):
    with open(os.path.join(RULES, game + ".xml"), encoding="utf-8") as f:
        xml = f.read()
    for old, new in replacements:
        assert old in xml, "%s.xml no longer has %s" % (game, old)
        xml = xml.replace(old, new)
    path = os.path.join(session.tmp, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(xml)
    return path


def dialog_text(dialog):
    return "\n".join(n.name for n in dialog.walk() if n.role == "label" and n.name)


def close_dialog(app, dialog):
    dialog.find_now("push button", "Close").click()
    app.wait_for(lambda: len(app.windows()) == 1 or None, "the dialog to close")


def figures(text):
    """{player: groups} from "Groups: White 7, Black 6" or "White has 7 groups"."""
    found = {}
    for who, n in re.findall(r"(White|Black) (\d+)\b", text):
        found[who] = int(n)
    for who, n in re.findall(r"(White|Black) has (\d+) groups?", text):
        found[who] = int(n)
    return found


def test_end_game_says_what_it_gives(session):
    path = variant(session, "abrobad", [('size="5"', 'size="3"'),
                                        ("<name>Abrobad</name>", "<name>Small Abrobad</name>")],
                   "small-abrobad.xml")
    app = session.start_app(path)
    # End Game is there from the start, a button like the others (not one
    # that looks dangerous), and cannot be pressed yet.
    button = app.find("push button", "End Game")
    if button.sensitive:
        raise E2EFailure("End Game can be pressed at the start")
    board_before = app.board().screen_extents()
    cell_before = app.cell("a1").screen_extents()
    for turn, cell in enumerate(ABROBAD_MOVES, 1):
        app.click_cell(cell)
        app.wait_moves(turn)
    app.wait_status(r"^Black to move")
    button = app.wait_for(lambda: (lambda b: b if b is not None and b.sensitive else None)(
        app.find_now("push button", "End Game")), "End Game to become legal")
    # Becoming legal moved nothing: the board and its cells are where they were.
    if app.board().screen_extents() != board_before:
        raise E2EFailure("the board moved when End Game became legal: %s → %s"
                         % (board_before, app.board().screen_extents()))
    if app.cell("a1").screen_extents() != cell_before:
        raise E2EFailure("the cells moved when End Game became legal")
    app.screenshot("end-game-legal")

    # Pressed, it says first what it would give: who would win, the groups.
    button.click()
    dialog = app.window("End Game?", role="dialog")
    predicted = dialog_text(dialog)
    app.screenshot("end-game-asks")
    found = re.search(r"Black, if you play it now: (White|Black) would win\.", predicted)
    if not found:
        raise E2EFailure("the dialog does not say who would win: %r" % predicted)
    winner = found.group(1)
    groups = figures(predicted)
    if set(groups) != {"White", "Black"}:
        raise E2EFailure("the dialog does not give both players' groups: %r" % predicted)
    # Cancel: nothing is played.
    dialog.find_now("push button", "Cancel").click()
    app.wait_for(lambda: len(app.windows()) == 1 or None, "the dialog to close")
    app.wait_status(r"^Black to move")
    app.wait_moves(len(ABROBAD_MOVES))

    # Again, by keyboard (its mnemonic), and confirmed: the game ends as said.
    app.key("alt+e")
    dialog = app.window("End Game?", role="dialog")
    if dialog_text(dialog) != predicted:
        raise E2EFailure("the prediction changed: %r" % dialog_text(dialog))
    dialog.find_now("push button", "End Game").click()
    over, labels = app.game_over()
    text = "\n".join(labels)
    app.screenshot("end-game-over")
    if not re.search(r"^%s wins" % winner, text, re.M):
        raise E2EFailure("%s was to win, the game-over dialog says %r" % (winner, text))
    if figures(text) != groups:
        raise E2EFailure("the groups were to be %s, the game-over dialog says %r"
                         % (groups, text))
    app.wait_moves(len(ABROBAD_MOVES) + 1)


def test_end_game_on_a_phone(session):
    """At 360 px the question fits the screen and is answered by a tap."""
    path = variant(session, "abrobad", [('size="5"', 'size="3"')], "small-abrobad.xml")
    app = session.start_app(path, "--moves", " ".join(ABROBAD_MOVES), size=(360, 640))
    window = app.main_window()
    box = window.screen_extents()
    button = app.find("push button", "End Game", where=lambda n: n.sensitive)
    board_before = app.board().screen_extents()
    button.click()
    dialog = app.window("End Game?", role="dialog")
    dialog = app.wait_for(lambda: (lambda n: n if n.extents and n.extents[2] > 0 else None)(
        dialog.refresh()), "the dialog to have a size")
    x, _, w, _ = dialog.screen_extents()
    if x < box[0] - 1 or x + w > box[0] + box[2] + 1:
        raise E2EFailure("the dialog (x %d, width %d) is wider than the %d px window at %d"
                         % (x, w, box[2], box[0]))
    if not re.search(r"would win", dialog_text(dialog)):
        raise E2EFailure("the dialog does not say who would win: %r" % dialog_text(dialog))
    path = os.path.join(app.session.test_artifacts, "end-game-phone.png")
    app.session.screenshot(*box).save(path)
    dialog.find_now("push button", "Cancel").click()
    app.wait_for(lambda: len(app.windows()) == 1 or None, "the dialog to close")
    if app.board().screen_extents() != board_before:
        raise E2EFailure("the board moved")


def help_text(app):
    app.key("F1")
    dialog = app.window(role="dialog")
    text = dialog_text(dialog)
    close_dialog(app, dialog)
    return text


def test_help_for_each_game(session):
    texts = {}
    for game in GAMES:
        app = session.start_app(game)
        app.main_window()
        text = help_text(app)
        texts[game] = text
        # The rules, how to win, and how to play here, each under its heading.
        for heading in ("Rules", "How to Win", "How to Play"):
            if not re.search(r"^%s$" % heading, text, re.M):
                raise E2EFailure("%s: F1 has no %r: %r" % (game, heading, text))
        if not re.search(r"\b(wins?|loses)\b", text):
            raise E2EFailure("%s: F1 does not say how to win: %r" % (game, text))
        if "click" not in text:
            raise E2EFailure("%s: F1 does not say how to play: %r" % (game, text))
        app.stop()
    if len(set(texts.values())) != len(GAMES):
        raise E2EFailure("two games have the same help")
    for game, needle in (("abrobad", "End Game"), ("astoria", "Push"),
                         ("tribes", "defends"), ("ikabegama", "nest"),
                         ("agoraphobia", "a large piece 2 cells")):
        if needle not in texts[game]:
            raise E2EFailure("%s: F1 lacks %r: %r" % (game, needle, texts[game]))

    # A variant's own option values, filled in.
    path = variant(session, "agoraphobia",
                   [('id="push-large" value="2"', 'id="push-large" value="3"'),
                    ("<name>Agoraphobia</name>", "<name>Far Pushes</name>")],
                   "far-pushes.xml")
    app = session.start_app(path)
    app.main_window()
    text = help_text(app)
    if "a large piece 3 cells" not in text or "a large piece 2 cells" in text:
        raise E2EFailure("F1 does not give the variant's push: %r" % text)
    app.stop()

    # On a phone the longest help scrolls within the window's height: its
    # Close button stays on a 640 px screen.
    app = session.start_app("astoria", size=(360, 640))
    box = app.main_window().screen_extents()
    app.key("F1")
    dialog = app.window(role="dialog")
    dialog = app.wait_for(lambda: (lambda n: n if n.extents and n.extents[3] > 0 else None)(
        dialog.refresh()), "the help to have a size")
    _, y, _, h = dialog.screen_extents()
    if h > 640:
        raise E2EFailure("the help is %d px tall, more than a phone's 640" % h)
    path = os.path.join(app.session.test_artifacts, "help-phone.png")
    app.session.screenshot(*box).save(path)
    close_dialog(app, dialog)


def test_refusals_say_why(session):
    app = session.start_app("abrobad")
    app.click_cell("a1")
    app.wait_moves(1)
    app.click_cell("e5")
    app.wait_moves(2)
    # White's stone cannot move while a placement is possible: the reason,
    # in words.
    app.click_cell("a1")
    why = app.wait_explanation(r"may move only when no placement is possible")
    if re.search(r"\b[a-z]\d+-[a-z]\d+\b", why):
        raise E2EFailure("the refusal is in notation: %r" % why)
    app.screenshot("refusal")

    app.stop()
    app = session.start_app("ikabegama")
    app.click_cell("e5")
    app.wait_explanation(r"e5 is not next to any of your tokens, so you cannot grow there")


def test_hint_has_its_own_mark(session):
    app = session.start_app("ikabegama")
    app.main_window()
    app.key("ctrl+h")
    hinted = app.wait_cells_where(r"\bhint\b", timeout=30)
    said = app.wait_explanation(r"^Hint: ")
    app.screenshot("hint")
    # In words, not notation, and the cells it names are marked "hint".
    if not re.match(r"Hint: (move the token on (\w\d+) to (\w\d+)|place a token on (\w\d+))",
                    said):
        raise E2EFailure("the hint is not in words: %r" % said)
    named = sorted(re.findall(r"\b([a-i]\d)\b", said))
    # The cells' labels change one by one on the accessibility bus: a read
    # in between can see the first marked and not yet the second.
    try:
        app.wait_for(lambda: sorted(app.cells_where(r"\bhint\b")) == named,
                     "the cells %s marked as the hint" % named)
    except E2EFailure:
        raise E2EFailure("the hint says %r, the cells marked are %s"
                         % (said, app.cells_where(r"\bhint\b")))
    hinted = named
    # Its piece is not selected, and no cell is the computer's move.
    for cell in hinted:
        label = app.cell_label(cell)
        if "selected" in label or "computer" in label:
            raise E2EFailure("a hinted cell reads %r" % label)


def test_paused_computer_leaves_no_mark(session):
    seats = "{'agoraphobia': ('human', 'easy')}"
    # The computer's move stays marked for 6 s before it is played: long
    # enough to pause it then.
    app = session.start_app("agoraphobia", settings={"computer-seats": seats,
                                                     "computer-move-delay": "6000"})
    app.click_cell("d4")
    app.wait_moves(1)
    app.wait_status(r"Dark \(computer\) to move")
    # Nothing to choose while the computer moves.
    for kind in app.find_all("toggle button", re.compile(r"^(Small|Large)")):
        if kind.sensitive:
            raise E2EFailure("%r can be pressed on the computer's turn" % kind)
    marked = app.wait_cells_where(r"computer’s move", timeout=30)
    app.screenshot("computer-move")
    for cell in marked:
        if re.search(r"hint|legal", app.cell_label(cell)):
            raise E2EFailure("the computer's move reads %r" % app.cell_label(cell))
    app.click_until("push button", "Pause the Computer",
                    lambda: re.search(r"^Paused — Dark \(computer\) to move", app.status()),
                    "the status line to read Paused")
    app.wait_for(lambda: not app.cells_where(r"computer’s move") or None,
                 "the computer's move to be unmarked")
    app.screenshot("paused")
    if len(app.move_list()) != 2:
        raise E2EFailure("the paused computer played: %s" % app.move_list())
    # Resumed, it plays on.
    app.click_until("push button", "Resume the Computer",
                    lambda: re.search(r"^Dark \(computer\) to move", app.status()),
                    "the status line to read Dark (computer) to move")
    app.wait_moves(2, timeout=40)
    app.wait_status(r"^Light to move")


if __name__ == "__main__":
    raise SystemExit(run_tests())

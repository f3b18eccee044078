#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The written copies of two C games (rules/games/: the rules language's
proofs, issue 23) opened in the app as a designer opens a rules file, and
played by real mouse and keyboard input: Tribes' simultaneous secret orders,
a round resolved; Astoria's turn of two steps, a placement then the push's
direction. Each position the app shows is checked, cell by cell through the
accessibility tree, against the rules as RULES.md states them, worked here
in a few lines of Python that know nothing of the rules file."""

import os
import re

from harness import run_tests, E2EFailure

GAMES = os.path.join(os.environ["BOARDSMITH_RULES_DIR"], "games")
FILES = "abcdefgh"


def coordinates(width, height):
    return ["%s%d" % (FILES[c], r) for r in range(1, height + 1) for c in range(width)]


# ---------------------------------------------------------------- Tribes

TRIBE_PIECE = re.compile(r"^(\w\d+), (Red|Blue) Piece")


def tribes_board(app):
    """coordinate → "Red", "Blue" or None, as the board reads now."""
    board = {}
    for coordinate, node in app.cells().items():
        m = TRIBE_PIECE.match(node.name)
        board[coordinate] = m.group(2) if m else None
    return board


def neighbours(a, b):
    return a != b and abs(ord(a[0]) - ord(b[0])) <= 1 and abs(int(a[1:]) - int(b[1:])) <= 1


def tribes_round(board, orders):
    """The round of RULES.md: `orders` maps a mover's cell to its target;
    every other piece defends. A piece is attacked when a mover targets its
    cell; a defender that nobody attacks dies; a mover dies when it is
    attacked or moves onto a defender; the dead go, the living movers
    arrive, and a cell reached by two or more pieces loses them all.
    Returns (the cells whose pieces die this round, the board after)."""
    attacked = set(orders.values())
    staying = {c for c, owner in board.items() if owner is not None and c not in orders}
    dead = {c for c in staying if c not in attacked}
    dead |= {c for c, target in orders.items() if c in attacked or target in staying}
    after = {c: (None if c in dead or c in orders else owner) for c, owner in board.items()}
    arrivals = {}
    for c, target in orders.items():
        if c not in dead:
            arrivals.setdefault(target, []).append(c)
    for target, movers in arrivals.items():
        if len(movers) > 1 or after[target] is not None:
            dead |= set(movers)
            after[target] = None
        else:
            after[target] = board[movers[0]]
    return dead, after


def attack_pairs(board):
    """A Red piece next to a Blue one, and another Blue piece next to
    another Red one: (red, blue, blue2, red2), all four different."""
    for red in sorted(c for c, o in board.items() if o == "Red"):
        for blue in sorted(c for c, o in board.items() if o == "Blue" and neighbours(red, c)):
            for blue2 in sorted(c for c, o in board.items() if o == "Blue" and c != blue):
                for red2 in sorted(c for c, o in board.items()
                                   if o == "Red" and c != red and neighbours(blue2, c)):
                    return red, blue, blue2, red2
    raise E2EFailure("no two Red–Blue neighbours in the drawn start: %r" % board)


def hidden_board(app):
    """While the board is hidden for a hand-over a screen reader finds no
    board, or none of its cells, to read."""
    board = app.find_now("table", "Game board")
    return board is None or not [n for n in board.children if n.role == "table cell"]


def test_tribes_round_by_mouse_and_keyboard(session):
    """Red orders by mouse, Blue by keyboard: Red's piece attacks a Blue
    defender, a Blue piece attacks a Red defender, everyone else defends.
    Both attacked defenders live, both attackers die (they moved onto a
    defender), every unattacked defender starves: the reveal and the board
    after it say so cell by cell. The next round nobody moves: both last
    pieces starve, a draw."""
    app = session.start_app(os.path.join(GAMES, "tribes.xml"))
    app.find("push button", "Start Red’s Orders")
    app.wait_for(lambda: hidden_board(app), "the board hidden for the first hand-over")
    app.click("push button", "Start Red’s Orders")
    app.wait_cell("c3", r"^c3, empty")
    start = tribes_board(app)
    if sorted(start) != sorted(coordinates(5, 5)):
        raise E2EFailure("not the 5 × 5 board of the rules file: %r" % sorted(start))
    # The bag fills every cell but the centre, twelve pieces each.
    counts = [sum(1 for o in start.values() if o == p) for p in ("Red", "Blue")]
    if counts != [12, 12] or start["c3"] is not None:
        raise E2EFailure("the start is not twelve each around an empty centre: %r" % start)
    red, blue, blue2, red2 = attack_pairs(start)

    # Red, by mouse: red attacks blue.
    app.click_cell(red)
    app.wait_cell(red, r"selected")
    app.wait_cell(blue, r"legal move")
    app.click_cell(blue)
    app.wait_cell(red, r"^%s, Red Piece, moves to %s" % (red, blue))
    app.wait_status(r"Red gives orders \(1 of 12 given")
    app.click("push button", "Done")

    # The hand-over, then Blue by keyboard: blue2 attacks red2; Red's order
    # is not shown to Blue.
    app.tab_to("push button", "Start Blue’s Orders")
    app.wait_for(lambda: hidden_board(app), "the board hidden for the hand-over")
    app.key("Return")
    app.focused_cell()
    if app.cells_where(r"moves to"):
        raise E2EFailure("Red's orders shown to Blue: %r" % app.cells_where(r"moves to"))
    app.cursor_to(blue2)
    app.key("Return")
    app.wait_cell(blue2, r"selected")
    app.cursor_to(red2)
    app.key("Return")
    app.wait_cell(blue2, r"^%s, Blue Piece, moves to %s" % (blue2, red2))
    app.tab_to("push button", "Reveal Orders")
    app.key("Return")

    # The reveal: who dies, as the rules say.
    dead, after = tribes_round(start, {red: blue, blue2: red2})
    assert dead == {c for c, o in start.items() if o is not None} - {blue, red2}, dead
    app.wait_cell(red, r"dies this round")
    said = {c: n.name for c, n in app.cells().items()}
    wrong = [c for c, o in start.items() if o is not None
             and (c in dead) != ("dies this round" in said[c])]
    if wrong:
        raise E2EFailure("the reveal says otherwise than the rules at %s: %r"
                         % (wrong, [said[c] for c in wrong]))
    app.screenshot("written-tribes-reveal")
    app.click("push button", "Continue")

    # The round resolved (a piece was removed: the game goes on): the next
    # round's hand-over, then only the two attacked defenders are left.
    app.click("push button", "Start Red’s Orders")
    app.wait_status(r"Red gives orders \(0 of 1 given")
    app.wait_cell(red, r"^%s, empty" % red)
    shown = tribes_board(app)
    if shown != after:
        raise E2EFailure("after the round the board is %r, the rules give %r" % (
            {c: o for c, o in shown.items() if o}, {c: o for c, o in after.items() if o}))
    assert {c: o for c, o in after.items() if o} == {blue: "Blue", red2: "Red"}, after
    rows = app.wait_moves(1)
    if not (re.search(r"%s-%s" % (red, blue), rows[1]) and re.search(r"%s-%s" % (blue2, red2),
                                                                     rows[1])):
        raise E2EFailure("the move list does not hold both orders: %r" % rows)
    app.screenshot("written-tribes-round")

    # Round two: nobody moves; two unattacked defenders starve: a draw.
    app.click("push button", "Done")
    app.click("push button", "Start Blue’s Orders")
    app.wait_cell(blue, r"^%s, Blue Piece" % blue)
    app.click("push button", "Reveal Orders")
    app.wait_cell(red2, r"dies this round")
    app.wait_cell(blue, r"dies this round")
    app.click("push button", "Continue")
    dialog, labels = app.game_over()
    text = "\n".join(labels)
    if not re.search(r"Draw", text) or not re.search(r"Neither player has a piece left", text):
        raise E2EFailure("the game-over dialog does not say both were wiped out: %r" % text)
    dialog.find_now("push button", "Close").click()
    app.gone("dialog")
    app.wait_moves(2)


# ---------------------------------------------------------------- Astoria

ASTORIA_PIECE = re.compile(r"^(\w\d+), (Gold|Teal) (Circle|Triangle)(?: pointing (\w+))?")
STEP = {"North": (0, 1), "East": (1, 0), "South": (0, -1), "West": (-1, 0)}
TRIANGLE_WEIGHT = 3


def astoria_board(app):
    """coordinate → (player, kind, pointing) or None, as the board reads now."""
    board = {}
    for coordinate, node in app.cells().items():
        m = ASTORIA_PIECE.match(node.name)
        board[coordinate] = (m.group(2), m.group(3), m.group(4)) if m else None
    return board


def astoria_turn(board, player, piece, cell, push, size=8):
    """RULES.md's turn: the piece placed, then every line along the push
    where the mover scores more than the opponent (a circle 1, a triangle
    pointing the push's way 3, others 0) moves one cell that way, whole, the
    piece on the edge falling off."""
    after = dict(board)
    after[cell] = (player,) + piece
    dx, dy = STEP[push]
    lines = []
    for i in range(size):
        # Each line as its cells from the back to the edge it is pushed to.
        if dx:
            cells = ["%s%d" % (FILES[c], i + 1) for c in range(size)]
        else:
            cells = ["%s%d" % (FILES[i], r + 1) for r in range(size)]
        lines.append(cells if dx + dy > 0 else cells[::-1])

    def score(cells, who):
        total = 0
        for c in cells:
            p = after[c]
            if p and p[0] == who:
                total += 1 if p[1] == "Circle" else (TRIANGLE_WEIGHT if p[2] == push else 0)
        return total
    other = "Teal" if player == "Gold" else "Gold"
    result = dict(after)
    for cells in lines:
        if score(cells, player) > score(cells, other):
            for back, ahead in zip(cells, cells[1:]):
                result[ahead] = after[back]
            result[cells[0]] = None
    return result


def check_astoria(app, expected, what):
    def same():
        return astoria_board(app) == expected or None
    try:
        app.wait_for(same, what)
    except E2EFailure:
        shown = astoria_board(app)
        raise E2EFailure("%s: cells %r differ from the rules' %r" % (
            what, {c: shown[c] for c in shown if shown[c] != expected[c]},
            {c: expected[c] for c in shown if shown[c] != expected[c]})) from None


def test_astoria_place_then_push(session):
    """Gold plays by mouse, Teal by keyboard, four turns along column d:
    a push that moves a lone circle, one where the pusher does not lead and
    nothing moves, one that moves both players' pieces at once, and one
    whose edge piece (the one just placed) falls off the board."""
    app = session.start_app(os.path.join(GAMES, "astoria.xml"))
    app.wait_cell("d4", r"^d4, empty")
    board = astoria_board(app)
    if sorted(board) != sorted(coordinates(8, 8)) or any(board.values()):
        raise E2EFailure("not the empty 8 × 8 board of the rules file")

    # 1. Gold (mouse): a circle on d4, then the push: north. Gold leads
    # column d 1–0, so the circle moves to d5.
    app.click_cell("d4")
    app.click("push button", "Push North")
    app.gone("push button", "Push North")
    board = astoria_turn(board, "Gold", ("Circle", None), "d4", "North")
    assert board["d5"] == ("Gold", "Circle", None) and board["d4"] is None
    check_astoria(app, board, "Gold's circle pushed north")
    app.wait_moves(1)

    # 2. Teal (keyboard): a circle on d6 pushed south. Column d is 1–1:
    # Teal does not lead, nothing moves.
    app.focused_cell()
    app.cursor_to("d6")
    app.key("Return")
    app.find("push button", "Push South")
    app.key("Down")
    app.gone("push button", "Push South")
    board = astoria_turn(board, "Teal", ("Circle", None), "d6", "South")
    assert board["d6"] == ("Teal", "Circle", None) and board["d5"] == ("Gold", "Circle", None)
    check_astoria(app, board, "Teal's circle placed, nothing pushed")
    app.wait_moves(2)

    # 3. Gold (mouse): a triangle pointing south on d7, pushed south: Gold
    # scores 1 + 3 against 1, and the whole column moves a cell south,
    # Teal's circle with Gold's pieces.
    app.click("push button", re.compile(r"^Triangle\b"))
    # The direction's buttons are named by the rules' prompt (the file's
    # direction-label, as the C module's) and the direction.
    south = re.compile(r"^Triangle points South$")
    app.click("push button", south)
    app.wait_for(lambda: app.find_now("push button", south).checked,
                 "South chosen for the triangle")
    app.click_cell("d7")
    app.click("push button", "Push South")
    app.gone("push button", "Push South")
    board = astoria_turn(board, "Gold", ("Triangle", "South"), "d7", "South")
    assert (board["d4"], board["d5"], board["d6"], board["d7"]) == (
        ("Gold", "Circle", None), ("Teal", "Circle", None), ("Gold", "Triangle", "South"),
        None), board
    check_astoria(app, board, "column d pushed south, both players' pieces")
    app.wait_moves(3)
    app.screenshot("written-astoria-push-south")

    # 4. Teal (keyboard): a circle on d8, pushed north: Teal scores 2
    # against Gold's 1 (the triangle points south: it counts nothing), the
    # column moves north, and the circle just placed on the edge falls off.
    app.focused_cell()
    app.cursor_to("d8")
    app.key("Return")
    app.find("push button", "Push North")
    app.key("Up")
    app.gone("push button", "Push North")
    board = astoria_turn(board, "Teal", ("Circle", None), "d8", "North")
    assert (board["d5"], board["d6"], board["d7"], board["d8"]) == (
        ("Gold", "Circle", None), ("Teal", "Circle", None), ("Gold", "Triangle", "South"),
        None), board
    check_astoria(app, board, "column d pushed north, the edge piece off the board")
    rows = app.wait_moves(4)
    # What falls off is lost: Teal has placed two circles of sixteen and
    # has one on the board.
    app.find("label", re.compile(r"In hand: Circle 14, Triangle 16"))
    app.screenshot("written-astoria-edge-falls")
    if not re.search(r"d8", rows[-1]):
        raise E2EFailure("the move list's last row is not Teal's d8: %r" % rows)


if __name__ == "__main__":
    raise SystemExit(run_tests())

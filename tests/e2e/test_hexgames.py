#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Abrobad and Ikabegamá by hand, by mouse and by keyboard only: the cells a
move may go to are read from the board's own labels ("legal placement",
"legal move"), as a screen reader user would. On Abrobad's dense limping
hexagon, a click a few pixels from the edge two cells share is taken by the
cell it is in, and the pointer marks the cell it would play on."""

import math

from harness import run_tests, E2EFailure


def placement(app):
    """A cell to place on: a marked one, or any empty cell when every empty
    cell is legal (the board marks nothing then)."""
    return (app.cells_where(r"legal placement") or app.cells_where(r", empty$"))[0]


def test_abrobad_by_mouse(session):
    app = session.start_app("abrobad")
    for turn, player in enumerate(["White", "Black", "White", "Black", "White"], 1):
        cell = placement(app)
        app.click_cell(cell)
        app.wait_cell(cell, r"^%s, %s Stone" % (cell, player))
        app.wait_moves(turn)
    # A placement never touches one's own stones: the marks say where.
    app.wait_status(r"^Black")
    for cell in app.cells_where(r"legal placement"):
        assert "Black" not in app.cell_label(cell)


def test_abrobad_by_keyboard(session):
    app = session.start_app("abrobad")
    app.focused_cell()
    for turn, player in enumerate(["White", "Black", "White", "Black"], 1):
        cell = placement(app)
        app.cursor_to(cell)
        app.key("Return")
        app.wait_cell(cell, r"^%s, %s Stone" % (cell, player))
        app.wait_moves(turn)


def test_ikabegama_by_mouse(session):
    app = session.start_app("ikabegama")
    app.wait_cell("a1", r"^a1, Light Token, Light’s Nest")
    app.wait_cell("i9", r"^i9, Dark Token, Dark’s Nest")
    # Light grows next to its token: the legal cells are marked.
    grow = app.wait_cells_where(r"legal placement")
    app.click_cell(grow[0])
    app.wait_cell(grow[0], r"Light Token")
    app.wait_moves(1)
    # Dark jumps: its token, then one of the cells two steps away.
    app.click_cell("i9")
    app.wait_cell("i9", r"selected")
    jump = app.wait_cells_where(r"legal move")
    app.click_cell(jump[0])
    app.wait_cell(jump[0], r"Dark Token")
    app.wait_cell("i9", r"^i9, empty, Dark’s Nest")
    app.wait_moves(2)
    # Light grows again.
    grow = app.wait_cells_where(r"legal placement")
    app.click_cell(grow[-1])
    app.wait_moves(3)


def test_ikabegama_by_keyboard(session):
    app = session.start_app("ikabegama")
    app.focused_cell()
    app.cursor_to("a1")
    app.key("Return")
    app.wait_cell("a1", r"selected")
    jump = app.wait_cells_where(r"legal move")
    app.cursor_to(jump[0])
    app.key("Return")
    app.wait_cell(jump[0], r"Light Token")
    app.wait_moves(1)
    # Dark: select, change its mind with Escape, then grow.
    app.cursor_to("i9")
    app.key("Return")
    app.wait_cell("i9", r"selected")
    app.key("Escape")
    app.wait_for(lambda: "selected" not in app.cell_label("i9"), "the selection dropped")
    grow = app.wait_cells_where(r"legal placement")
    app.cursor_to(grow[0])
    app.key("Return")
    app.wait_cell(grow[0], r"Dark Token")
    app.wait_moves(2)


def centre(node):
    x, y, w, h = node.screen_extents()
    return x + w / 2.0, y + h / 2.0


def central_cell(cells):
    """The cell nearest the middle of the board, and every cell's centre."""
    centres = {k: centre(n) for k, n in cells.items()}
    mx = sum(x for x, _ in centres.values()) / len(centres)
    my = sum(y for _, y in centres.values()) / len(centres)
    return min(centres, key=lambda k: math.hypot(centres[k][0] - mx, centres[k][1] - my)), centres


def neighbours(centres, a):
    """The cells next to `a` as drawn (the nearest centres), and the distance
    between neighbouring centres."""
    ax, ay = centres[a]
    dist = sorted((math.hypot(x - ax, y - ay), k) for k, (x, y) in centres.items() if k != a)
    spacing = dist[0][0]
    return [k for d, k in dist if d < spacing * 1.15], spacing


def either_side(centres, a, b, spacing, along, inset=3):
    """Two screen points `inset` pixels from the edge a and b share: one in a,
    one in b, `along` (-1..1) of the way from the edge's middle to its ends
    (a at +along, b at -along: towards both ends)."""
    (ax, ay), (bx, by) = centres[a], centres[b]
    ux, uy = (bx - ax) / spacing, (by - ay) / spacing
    half_side = spacing / (2 * math.sqrt(3))      # a hexagon's side is r·2/√3
    mx, my = (ax + bx) / 2, (ay + by) / 2

    def point(t, depth):
        return (int(round(mx - uy * t * half_side + ux * depth)),
                int(round(my + ux * t * half_side + uy * depth)))
    return point(along, -inset), point(-along, inset)


def test_abrobad_click_either_side_of_an_edge(session):
    """Real clicks 3 pixels inside each of two neighbouring cells, across the
    middle of a level edge, then near the ends of a slanted one: each click
    places on the cell it is in (read back from the cells' labels)."""
    app = session.start_app("abrobad")
    a, centres = central_cell(app.cells())
    near, spacing = neighbours(centres, a)
    if len(near) != 6:
        raise E2EFailure("%s has %d neighbours on screen, not 6: %s" % (a, len(near), near))
    ay = centres[a][1]
    level = min(near, key=lambda k: abs(centres[k][1] - ay))
    slanted = max(near, key=lambda k: abs(centres[k][1] - ay))
    for b, along in ((level, 0.0), (slanted, 0.6)):
        inside_a, inside_b = either_side(centres, a, b, spacing, along)
        session.click(*inside_a)
        app.wait_cell(a, r"^%s, White Stone" % a)
        app.wait_moves(1)
        app.wait_cell(b, r"^%s, empty" % b)
        session.click(*inside_b)
        app.wait_cell(b, r"^%s, Black Stone" % b)
        app.wait_moves(2)
        app.wait_cell(a, r"^%s, White Stone" % a)
        app.key("ctrl+z", "ctrl+z")
        app.wait_moves(0)
        app.wait_cell(a, r"^%s, empty" % a)


def test_abrobad_hover(session):
    """The pointer marks the cell a click would play on, in the light and the
    dark style, and nothing once it leaves the board or over a cell the player
    cannot act on (the other player's stone)."""
    for style in ("light", "dark"):
        # The pointer off any window first: left over the board, it would mark
        # a cell of the new window before `plain` is read.
        session.move(1, 1)
        app = session.start_app("abrobad", settings={"theme": "'%s'" % style})
        a, centres = central_cell(app.cells())
        _, spacing = neighbours(centres, a)
        r = spacing / 2
        # Up and left of the centre, between a stone's edge and the cell's.
        probe = (int(round(centres[a][0] - 0.56 * r)), int(round(centres[a][1] - 0.56 * r)))
        away = centre(app.find("label", "Moves"))

        def pixel(at=probe):
            return session.screenshot().pixel(*at)

        session.move(*away)
        plain = pixel()
        session.move(*centres[a])
        app.wait_for(lambda: pixel() != plain or None, "the hover to mark %s" % a)
        app.screenshot("hover-%s" % style)
        session.move(*away)
        app.wait_for(lambda: pixel() == plain or None, "the hover to go with the pointer")

        # White plays there: for Black that stone is nothing to act on.
        app.click_cell(a)
        app.wait_cell(a, r"^%s, White Stone" % a)
        app.wait_moves(1)
        app.wait_status(r"^Black")
        session.move(*away)
        app.wait_for(lambda: pixel() != plain or None, "the stone to be drawn")
        stone = pixel()
        # Through a neighbour Black may play on (marked), then onto the stone:
        # once the neighbour's mark has gone, the board has been drawn with
        # the pointer on the stone.
        near, _ = neighbours(centres, a)
        b = next(k for k in near if app.cell_label(k).startswith("%s, empty" % k))
        b_probe = (int(round(centres[b][0] - 0.56 * r)), int(round(centres[b][1] - 0.56 * r)))
        b_plain = pixel(b_probe)
        session.move(*centres[b])
        app.wait_for(lambda: pixel(b_probe) != b_plain or None, "the hover to mark %s" % b)
        session.move(*centres[a])
        app.wait_for(lambda: pixel(b_probe) == b_plain or None, "the hover to leave %s" % b)
        if pixel() != stone:
            raise E2EFailure("the pointer marks White's stone on %s for Black" % a)
        app.screenshot("no-hover-on-stone-%s" % style)
        app.stop()


if __name__ == "__main__":
    raise SystemExit(run_tests())

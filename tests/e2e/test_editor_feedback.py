#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What the variant editor says back, by real input (issue 13, points 8 and
9): the preview follows a variant the rules refuse (Astoria 7 wide, both of
Ikabegamá's nests on one cell, a nest on a removed cell) and the error is
written in its group; a drag in "Remove or restore cells" removes every cell
it crosses as one step of undo; a number typed beyond a field's range is
brought in and the row and the field say so; a variant with errors is saved
as a draft, listed under Your Variants and opened again in the editor as it
was; F1 in the editor explains the editor."""

import os
import re

from harness import run_tests, E2EFailure


def open_copy(app, game):
    """The start page's Duplicate and Edit on a built-in game's row."""
    app.open_editor_from_row(game)
    app.board_name = "Board preview"


def type_into_spin(app, name, text, leave="Tab"):
    """Clicks into a spin button, selects all, types, leaves with Tab or Enter."""
    app.find("spin button", name).click()
    app.wait_focus("spin button", name)
    app.key("ctrl+a")
    app.type(text)
    app.key(leave)


def set_spin(app, name, value):
    type_into_spin(app, name, str(value))
    app.wait_for(lambda: app.find("spin button", name).text == str(value),
                 "%s to read %s" % (name, value))


def group_errors(app, group):
    """The error rows of a settings group (the list named after its title,
    e.g. "Board"): the text of each row that carries an icon, the error's."""
    lst = app.find("list", group)
    return [item.label for item in lst.children
            if item.role == "list item" and any(n.role == "image" for n in item.walk())]


def wait_group_error(app, group, pattern):
    """Waits until the group shows one error matching the regex; its text.
    The same sentence is the editor's status, in the toolbar."""
    rx = re.compile(pattern)
    seen = [None]

    def look():
        seen[0] = group_errors(app, group)
        return seen[0][0] if len(seen[0]) == 1 and rx.search(seen[0][0]) else None
    try:
        text = app.wait_for(look, "an error in the %s group reading /%s/" % (group, pattern))
    except E2EFailure as e:
        raise E2EFailure("%s; it shows %r" % (e, seen[0])) from None
    labels = app.find_all("label", text)
    if len(labels) < 2:
        raise E2EFailure("the error %r is not also the editor's status: %r" % (text, labels))
    return text


def wait_no_error(app, *groups):
    for group in groups:
        app.wait_for(lambda: not group_errors(app, group) or None,
                     "no error left in the %s group" % group)
    app.find("label", "Ready to play")
    app.wait_for(lambda: app.find("push button", "Play Test").sensitive or None,
                 "Play Test to be offered again")


def wait_board(app, columns, rows, what):
    """Waits until the preview's accessible grid holds exactly these cells."""
    want = {c + r for c in columns for r in rows}
    seen = [None]

    def look():
        seen[0] = set(app.cells())
        return seen[0] == want or None
    try:
        app.wait_for(look, what)
    except E2EFailure as e:
        raise E2EFailure("%s; extra %s, missing %s" % (
            e, sorted((seen[0] or set()) - want), sorted(want - (seen[0] or set())))) from None


def files_up_to(last):
    return [chr(c) for c in range(ord("a"), ord(last) + 1)]


def ranks(n):
    return [str(r) for r in range(1, n + 1)]


def test_preview_follows_invalid_astoria(session):
    """Point 8: 7 wide is refused by Astoria (an even square board), and the
    preview is 7 wide all the same, the error in the Board group; 8 again is
    valid."""
    app = session.start_app()
    open_copy(app, "Astoria")
    wait_board(app, files_up_to("h"), ranks(8), "the 8×8 preview")
    app.find("label", "Ready to play")

    set_spin(app, "Width", 7)
    wait_board(app, files_up_to("g"), ranks(8), "the preview to be 7×8")
    for cell in ("a1", "g1", "g8", "d4"):
        app.wait_cell(cell, r"^%s, empty$" % cell)
    text = wait_group_error(app, "Board", r"not 7×8")
    assert re.match(r"^Astoria is played on a 2n×2n board", text), text
    app.find("label", re.compile(r"^56 cells "))
    assert not app.find("push button", "Play Test").sensitive
    app.screenshot("astoria-7-wide")

    set_spin(app, "Width", 8)
    wait_board(app, files_up_to("h"), ranks(8), "the preview to be 8×8 again")
    wait_no_error(app, "Board")
    app.find("label", re.compile(r"^64 cells "))


def test_preview_follows_invalid_nests(session):
    """Point 8 on Ikabegamá: Dark's nest moved onto Light's (a1) is drawn on
    a1 with Light's, not put back on i9; then on a removed cell."""
    app = session.start_app()
    open_copy(app, re.compile(r"^Ikabegam"))
    app.wait_cell("a1", r"^a1, Light Token, Light’s Nest$")
    app.wait_cell("i9", r"^i9, Dark Token, Dark’s Nest$")

    app.choose_in_dropdown("Paint", "Nest of Dark")
    app.find("label", "Click a cell to put the Nest there.")
    app.click_cell("a1")
    # Drawn as entered: both nests on a1, none on i9 (no start position:
    # the rules refuse the variant, so no tokens either).
    app.wait_cell("a1", r"^a1, empty, Light’s Nest, Dark’s Nest, error here$")
    app.wait_cell("i9", r"^i9, empty$")
    assert len(app.cells()) == 61, sorted(app.cells())
    assert app.cells_where("Nest") == ["a1"], app.cells_where("Nest")
    text = wait_group_error(app, "Cells", r"^Both nests are on a1")
    assert text == "Both nests are on a1; the two nests must be different cells", text
    app.screenshot("ikabegama-nests-on-a1")

    # Back on i9: valid. Then i9 removed from the board, the nest still there.
    app.click_cell("i9")
    app.wait_cell("i9", r"^i9, Dark Token, Dark’s Nest$")
    app.wait_cell("a1", r"^a1, Light Token, Light’s Nest$")
    wait_no_error(app, "Cells")
    app.choose_in_dropdown("Paint", "Remove or restore cells")
    app.click_cell("i9")
    # The nest stays there, crossed out, and a screen reader says so.
    app.wait_cell("i9", r"^i9, hole, Dark’s Nest, error here$")
    app.find("label", re.compile(r"^60 cells"))
    wait_group_error(app, "Cells", r"^Nest i9 is on a hole$")
    app.screenshot("ikabegama-nest-on-hole")
    assert not app.find("push button", "Play Test").sensitive


def test_drag_removes_cells_in_one_step(session):
    """Point 9: a real press-move-release across c3, d3, e3 and f3 in
    "Remove or restore cells" removes all four; one Ctrl+Z brings them all
    back (nothing else to undo), Shift+Ctrl+Z removes them again; a drag
    that starts on a removed cell restores what it crosses."""
    app = session.start_app()
    open_copy(app, "Agoraphobia")
    app.wait_cell("g7", r"^g7, empty")
    app.find("combo box", "Paint", where=lambda n: any(
        l.label == "Remove or restore cells" for l in n.walk()))
    app.find("label", re.compile(r"^49 cells"))
    crossed = ("c3", "d3", "e3", "f3")

    app.drag_cells(*crossed)
    for cell in crossed:
        app.wait_cell(cell, r"^%s, hole$" % cell)
    for cell in ("b3", "g3", "c2", "c4", "f2", "f4"):
        app.wait_cell(cell, r"^%s, empty" % cell)
    app.find("label", re.compile(r"^45 cells"))
    app.screenshot("dragged")

    app.key("ctrl+z")
    for cell in crossed:
        app.wait_cell(cell, r"^%s, empty" % cell)
    app.find("label", re.compile(r"^49 cells"))
    app.wait_for(lambda: not app.find("push button", "Undo Edit").sensitive or None,
                 "nothing left to undo after one Ctrl+Z")

    app.key("shift+ctrl+z")
    for cell in crossed:
        app.wait_cell(cell, r"^%s, hole$" % cell)
    app.find("label", re.compile(r"^45 cells"))

    # Starting on a removed cell, the stroke restores: c3 and d3 come back,
    # b3 (on the board) stays.
    app.drag_cells("d3", "c3", "b3")
    app.wait_cell("c3", r"^c3, empty")
    app.wait_cell("d3", r"^d3, empty")
    app.wait_cell("b3", r"^b3, empty")
    app.wait_cell("e3", r"^e3, hole$")
    app.find("label", re.compile(r"^47 cells"))
    app.key("ctrl+z")
    for cell in crossed:
        app.wait_cell(cell, r"^%s, hole$" % cell)


def spin_range(app, name):
    """(minimum, maximum) of a spin button, as its Value interface says."""
    spin = app.find("spin button", name)

    def get(prop):
        return app.bus.call(spin.ref, "org.freedesktop.DBus.Properties", "Get",
                            ("(ss)", ("org.a11y.atspi.Value", prop)))[0]
    return int(get("MinimumValue")), int(get("MaximumValue"))


def row_subtitle(app, name):
    """The labels of the settings row titled `name`, after its title."""
    row = app.find("list item", name)
    return [n.label for n in row.walk() if n.role == "label" and n.label != name]


def test_typed_out_of_range_is_said(session):
    """Point 9: 40 typed into Width (Enter) becomes the largest width, and
    the row says so, and the field (its accessible description, where the
    focus is); 0 (Tab) the smallest; a step up clears the note."""
    app = session.start_app()
    open_copy(app, "Astoria")
    app.wait_cell("h8", r"^h8, empty")
    least, most = spin_range(app, "Width")
    assert least < 8 < most < 40, (least, most)
    assert row_subtitle(app, "Width") == [], row_subtitle(app, "Width")

    type_into_spin(app, "Width", "40", leave="Return")
    app.wait_for(lambda: app.find("spin button", "Width").text == str(most),
                 "Width to read %d, the most allowed" % most)
    note = "40 is more than %d, the most allowed: set to %d" % (most, most)
    app.find("label", note)
    assert row_subtitle(app, "Width") == [note], row_subtitle(app, "Width")
    # The field keeps the focus: it says the note too (what a screen reader reads).
    spin = app.wait_focus("spin button", "Width")
    assert spin.description == note, spin.description
    # The preview is that wide (Astoria wants a square board: an error).
    app.wait_for(lambda: len(app.cells()) == most * 8 or None,
                 "a %d×8 preview" % most)
    wait_group_error(app, "Board", r"not %d×8" % most)
    app.screenshot("width-40")

    # Too small, left with Tab.
    type_into_spin(app, "Width", "0")
    app.wait_for(lambda: app.find("spin button", "Width").text == str(least),
                 "Width to read %d, the least allowed" % least)
    note = "0 is less than %d, the least allowed: set to %d" % (least, least)
    app.find("label", note)
    assert row_subtitle(app, "Width") == [note], row_subtitle(app, "Width")
    assert app.find("spin button", "Width").description == note

    # A step up (the Up key, back in the field) changes the value: the note goes.
    app.find("spin button", "Width").click()
    app.wait_focus("spin button", "Width")
    app.key("Up")
    app.wait_for(lambda: app.find("spin button", "Width").text == str(least + 1),
                 "Width to read %d after Up" % (least + 1))
    app.wait_for(lambda: row_subtitle(app, "Width") == [] or None, "the note to go")
    assert app.find("spin button", "Width").description == "", \
        app.find("spin button", "Width").description


def test_invalid_draft_saved_and_reopened(session):
    """Point 9: Astoria 7 wide, saved with the Save button: a draft, listed
    under Your Variants with its error; opened from there (and after a
    restart) in the editor, still 7 wide."""
    app = session.start_app()
    open_copy(app, "Astoria")
    app.wait_cell("h8", r"^h8, empty")
    set_spin(app, "Width", 7)
    error = wait_group_error(app, "Board", r"not 7×8")

    app.click("push button", "Save")
    # The toast first: it goes after a few seconds.
    app.find("label", "“Astoria (copy)” saved as a draft, to finish later")
    saved = os.path.join(app.home, ".local/share/boardsmith/variants", "astoria-copy.bsvariant")
    app.wait_for(lambda: os.path.exists(saved) or None, "the draft saved at %s" % saved)
    with open(saved, encoding="utf-8") as f:
        text = f.read()
    assert 'draft="true"' in text and 'width="7"' in text, text

    def reopen(app):
        name = re.compile(r"^Astoria \(copy\)")
        row = app.find("list item", name)
        labels = [n.label for n in row.walk() if n.role == "label"]
        assert "Draft" in labels and error in labels, labels
        # A click on the row opens the draft (made again if a busy desktop loses it).
        app.open_editor_from_row(name, button=None)
        app.board_name = "Board preview"
        app.wait_for(lambda: app.find("spin button", "Width").text == "7", "Width to read 7")
        wait_board(app, files_up_to("g"), ranks(8), "the reopened draft's 7×8 preview")
        wait_group_error(app, "Board", "^" + re.escape(error) + "$")
        assert not app.find("push button", "Play Test").sensitive

    app.click("push button", "Back to the Game List")
    app.find("label", "Your Variants")
    app.screenshot("draft-listed")
    reopen(app)
    app.stop()

    again = session.start_app(home=app.home)
    reopen(again)


def test_f1_in_the_editor(session):
    """Point 9: F1 on the start page says how to choose a game; in the
    editor (the keyboard in the Width field) it explains the editor."""
    app = session.start_app()
    app.find("list item", "Astoria")
    app.key("F1")
    dialog = app.window("How to Play", role="dialog")
    assert any(n.role == "label" and n.label.startswith("Choose a game from the list")
               for n in dialog.walk()), dialog.dump()
    app.key("Escape")
    app.gone("dialog", "How to Play")

    open_copy(app, "Astoria")
    app.find("spin button", "Width").click()
    app.wait_focus("spin button", "Width")
    app.key("F1")
    dialog = app.window("Variant Editor", role="dialog")
    texts = [n.label for n in dialog.walk() if n.role == "label"]
    body = max(texts, key=len)
    for words in ("The board shows the variant as it stands, errors included",
                  "Drag across the board", "Fix the Start Position",
                  "a variant with errors is saved as a draft, listed under Your Variants",
                  "Play Test"):
        assert words in body, (words, body)
    assert "Choose a game from the list" not in body, body
    app.screenshot("editor-help")
    app.click(dialog.find_now("push button", "Close"))
    app.gone("dialog", "Variant Editor")
    app.find("push button", "Play Test")


if __name__ == "__main__":
    raise SystemExit(run_tests())

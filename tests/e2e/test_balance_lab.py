#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Balance page's words and ways (issue 29, items 8, 9 and 11): a study
of a variant with a handicap, made in the editor, names the sides rather
than blaming the first move; the figures speak of moves and chance, the
p-value in a tooltip; the header's back button returns to the editor as
it was; a cancelled study keeps its results on the page; the Vary list
shows each setting whole, at a normal and at a phone's width."""

import os
import re

from harness import run_tests, E2EFailure
from test_balance import LONG_STUDY, VERDICT, balance_button, choose, progress, set_games, wait_complete
from test_editor import fix_start, open_breakthrough_copy

HANDICAP_VERDICT = re.compile(r"^Player 1 — White, 16 pieces against 13 — scores \d+\.\d%: "
                              r"(a clear advantage|a clear disadvantage|no clear advantage"
                              r"|fair within ±3 points)$")
CHANCE = r"(very unlikely to be chance|unlikely to be chance|could well be chance)"


def labels(app):
    return [n.label for n in app.main_window().refresh().walk()
            if n.role == "label" and n.label and n.showing]


def test_handicap_named_and_back_to_the_editor(session):
    app = session.start_app(size=(1000, 1000))
    # Breakthrough with three of Black's pieces taken away, in the editor.
    open_breakthrough_copy(app)
    fix_start(app)
    for cell in ("c8", "d8", "e8"):
        app.click_cell(cell)
        app.wait_cell(cell, r"^%s, empty$" % cell)
    app.find("label", re.compile(r"White: 16 pieces · Black: 13 pieces"))

    app.click("push button", "Test Balance")
    app.find("label", "Balance of Breakthrough (copy)")
    choose(app, "Player A", "Random")
    choose(app, "Player B", "Random")
    set_games(app, 40)
    app.click("push button", "Start Study")
    wait_complete(app, 40)

    # Item 8: the sides as they are, not the first move.
    app.find("label", HANDICAP_VERDICT)
    blamed = [t for t in labels(app) if t.startswith(("Moving first", "No clear first-move"))]
    if blamed:
        raise E2EFailure("the headline blames the first move for a handicap: %r" % blamed)

    # Item 9: plain words; the p-value in the score's tooltip.
    app.find("label", re.compile(r"^95% interval \d+\.\d–\d+\.\d · 40 games · " + CHANCE + "$"))
    app.find("label", re.compile(r"^\d+ moves$"))
    app.find("label", re.compile(r"^Mean; median \d+, \d+ to \d+ moves$"))
    app.find("label", "Mean over all moves of all games")
    jargon = [t for t in labels(app) if re.search(r"\bpl(y|ies)\b|\bp [<=] ", t)]
    if jargon:
        raise E2EFailure("statistics words on the page: %r" % jargon)
    score_row = app.find(None, "Player 1’s Score",
                         where=lambda n: re.match(r"^p (< 0\.001|= [\d.e-]+) \(score test\)$",
                                                  n.description or ""))
    print("# the score's tooltip: %s" % score_row.description)
    app.screenshot("lab-handicap")

    # Item 11 (b): back to the editor, as it was.
    app.click("push button", "Back to the Variant Editor")
    app.find("push button", "Play Test")
    app.board_name = "Board preview"
    for cell in ("c8", "d8", "e8"):
        app.wait_cell(cell, r"^%s, empty$" % cell)
    app.find("label", re.compile(r"White: 16 pieces · Black: 13 pieces"))
    # (The variant is left unsaved: another home for the next start.)
    app.stop()

    # The study's file, opened again at a phone's width: the same headline,
    # wrapped inside the window.
    studies = os.path.join(app.home, ".local", "share", "boardsmith", "studies")
    path = os.path.join(studies, max(f for f in os.listdir(studies) if f.endswith(".bsstudy")))
    app = session.start_app(path, size=(360, 900))
    wait_complete(app, 40)
    headline = app.find("label", HANDICAP_VERDICT)
    x, _, width, _ = app.main_window().screen_extents()
    hx, _, hw, _ = headline.screen_extents()
    if hx < x or hx + hw > x + width:
        raise E2EFailure("the headline sticks out of the %d px window" % width)
    # Started from a file, not the editor: back goes to the start page.
    app.find("push button", "Choose Another Game")
    app.screenshot("lab-handicap-narrow")


def test_cancel_keeps_the_results(session):
    app = session.start_app(size=(1000, 1000))
    app.click(balance_button(app, "Agoraphobia"))
    app.find("label", "Balance of Agoraphobia")
    # Started from the start page: its back button goes back there.
    app.find("push button", "Choose Another Game")
    set_games(app, LONG_STUDY)
    app.click("push button", "Start Study")
    app.wait_for(lambda: (re.match(r"^[1-9]\d* of %d games" % LONG_STUDY, progress(app)) and
                          app.find_now("label", VERDICT)) or None,
                 "the first results", timeout=120)
    app.click("push button", "Cancel")
    app.wait_for(lambda: re.match(r"^Cancelled: [1-9]\d* of %d games$" % LONG_STUDY, progress(app)) or None,
                 "the page to say the study was cancelled")
    # The results so far stay, with a way to a new study.
    app.find("label", VERDICT)
    app.find(None, "Player 1’s Score")
    app.find("push button", "New Study")
    for gone in ("Start Study", "Pause", "Resume", "Cancel"):
        if app.find_all("push button", gone):
            raise E2EFailure("a cancelled study offers %s" % gone)
    app.screenshot("lab-cancelled")
    app.click("push button", "New Study")
    app.find("push button", "Start Study")


def vary_item_label(app, text):
    """Opens the Vary list; the label of its item `text`, and of "Nothing"."""
    def look():
        row = app.find("combo box", "Vary")
        for pane in row.find_all("scroll pane"):
            found = {}
            for item in pane.walk():
                if item.role == "label" and item.label in (text, "Nothing"):
                    found[item.label] = item
            if len(found) == 2:
                return found[text], found["Nothing"]
        return None

    for attempt in range(3):
        app.click("combo box", "Vary")
        try:
            return app.wait_for(look, "the Vary list")
        except E2EFailure:
            if attempt == 2:
                raise
    return None


def ink_columns(shot):
    """For each column of a label's picture, the rows of ink in it (pixels
    unlike the background, read at its top left corner)."""
    bg = shot.pixel(0, 0)
    columns = []
    for x in range(shot.width):
        rows = [y for y in range(shot.height)
                if sum(abs(a - b) for a, b in zip(shot.pixel(x, y), bg)) > 120]
        columns.append(rows)
    return columns


def check_vary_whole(session, app, text):
    """The item shows `text` whole: wrapped onto more lines (taller than a
    one-line item), or on one line ending in its own ")" — tall ink at the
    text's right end, where a cut text ends in "…", dots on the baseline.
    And inside the window."""
    label, nothing = vary_item_label(app, text)
    x, y, w, h = label.screen_extents()
    _, _, _, nothing_h = nothing.screen_extents()
    wx, wy, ww, wh = app.main_window().screen_extents()
    if x < wx or x + w > wx + ww:
        raise E2EFailure("%r sticks out of the window" % text)
    if h >= 1.5 * nothing_h:
        print("# %r wraps: %d × %d px (one line: %d px)" % (text, w, h, nothing_h))
        return
    columns = ink_columns(session.screenshot(x, y, w, h))
    inked = [c for c in columns if c]
    if not inked:
        raise E2EFailure("no text seen in %r's item" % text)
    top = min(min(c) for c in inked)
    bottom = max(max(c) for c in inked)
    last = max(inked[-3:], key=len)
    print("# %r on one line, %d px wide; its last ink spans %d of %d px"
          % (text, w, max(last) - min(last) + 1, bottom - top + 1))
    if max(last) - min(last) + 1 < 0.6 * (bottom - top + 1):
        raise E2EFailure("%r is cut short: it ends in dots, not in its \")\"" % text)


def test_vary_list_shows_settings_whole(session):
    text = "Light’s small pieces (player 1)"
    for size in ((1000, 900), (360, 900)):
        app = session.start_app(size=size)
        app.click(balance_button(app, "Agoraphobia"))
        app.find("label", "Balance of Agoraphobia")
        check_vary_whole(session, app, text)
        app.screenshot("lab-vary-list-%d" % size[0])
        app.key("Escape")
        app.stop()


if __name__ == "__main__":
    raise SystemExit(run_tests())

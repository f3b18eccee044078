#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Balance page by hand: from a variant's row on the start page, set the
number of games, start a study, pause and resume it while the window keeps
answering, read the results, and reopen the saved study from Recent."""

import re
import time

from harness import run_tests


def balance_button(app, variant):
    """The "Test Balance" button in a variant's row of the start page."""
    def in_row(node):
        return any(re.match(re.escape(variant) + r"\b", a.label or "") for a in node.ancestors())
    return app.find("push button", "Test Balance", where=in_row)


def progress(app):
    node = app.find("label", re.compile(r"^(Complete: |Paused: |\d+ of \d+ games)"))
    return node.label


def test_study_from_the_start_page(session):
    app = session.start_app(size=(1000, 1000))
    app.click(balance_button(app, "Agoraphobia"))
    app.find("label", "Balance of Agoraphobia")

    # Fewer games than the default, typed into the spin button.
    games = app.find("spin button", re.compile(r"Games per Variant|^$"),
                     where=lambda n: any((a.label or "").startswith("Games per Variant")
                                         for a in n.ancestors()) or True)
    app.click(games)
    app.key("ctrl+a")
    app.type("40")
    app.key("Tab")
    app.click("push button", "Start Study")

    # While the games are played in the background, the window answers at
    # once: Pause is there, pausing shows "Paused", Resume goes on.
    app.wait_for(lambda: re.match(r"^[1-9]\d* of 40 games", progress(app)) or None,
                 "the first finished games")
    started = time.monotonic()
    app.click("push button", "Pause")
    app.wait_for(lambda: progress(app).startswith("Paused: ") or None, "the study to pause")
    paused_after = time.monotonic() - started
    app.click("push button", "Resume")
    app.wait_for(lambda: progress(app) == "Complete: 40 games" or None, "the study to finish",
                 timeout=300)
    app.find("label", re.compile(r"^Player 1 scores \d+\.\d% \(95% interval "))
    app.find("push button", "Run 1,000 More")
    app.screenshot("balance-complete")
    print("# paused %.2f s after the click" % paused_after)

    # Back to the start page: the study is in Recent and reopens complete.
    app.click("push button", "Choose Another Game")
    row = app.find("list item", re.compile(r"^agoraphobia-.*\.bsstudy"),
                   where=lambda n: True)
    app.click(row)
    app.find("label", "Balance of Agoraphobia")
    app.wait_for(lambda: progress(app) == "Complete: 40 games" or None, "the reopened study")


if __name__ == "__main__":
    raise SystemExit(run_tests())

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
    node = app.find("label", re.compile(r"^(Complete: |Paus(ed|ing): |\d+ of \d+ games)"))
    return node.label


def set_games(app, count):
    games = app.find("spin button", "Games per Variant")
    app.click(games)
    app.key("ctrl+a")
    app.type(str(count))
    app.key("Tab")


def test_study_from_the_start_page(session):
    app = session.start_app(size=(1000, 1000))
    app.click(balance_button(app, "Agoraphobia"))
    app.find("label", "Balance of Agoraphobia")

    # A long study: while its games are played in the background the window
    # answers at once; Pause stops it, Cancel goes back to the setup.
    set_games(app, 4000)
    app.click("push button", "Start Study")
    app.wait_for(lambda: re.match(r"^\d+ of 4000 games", progress(app)) or None,
                 "the study to start")
    started = time.monotonic()
    app.click("push button", "Pause")
    app.wait_for(lambda: re.match(r"^Paus(ing|ed): ", progress(app)) or None,
                 "the page to say it pauses")
    print("# the page answered %.2f s after the click" % (time.monotonic() - started))
    app.wait_for(lambda: progress(app).startswith("Paused: ") or None, "the study to pause",
                 timeout=120)
    app.find("push button", "Resume")
    app.click("push button", "Cancel")
    app.find("push button", "Start Study")

    # A short one, to the end.
    set_games(app, 40)
    app.click("push button", "Start Study")
    app.wait_for(lambda: progress(app) == "Complete: 40 games" or None, "the study to finish",
                 timeout=300)
    app.find("label", re.compile(r"^Player 1 scores \d+\.\d% \(95% interval "))
    app.find("push button", "Run 1,000 More")
    app.screenshot("balance-complete")

    # Back to the start page: both studies are in Recent; the later one
    # reopens complete.
    app.click("push button", "Choose Another Game")
    rows = app.wait_for(lambda: app.find_all("label", re.compile(r"^agoraphobia-.*\.bsstudy$"))
                        if len(app.find_all("label", re.compile(r"^agoraphobia-.*\.bsstudy$"))) >= 2
                        else None, "both studies in Recent")
    app.click(max(rows, key=lambda node: node.label))
    app.find("label", "Balance of Agoraphobia")
    app.wait_for(lambda: progress(app) == "Complete: 40 games" or None, "the reopened study")


if __name__ == "__main__":
    raise SystemExit(run_tests())

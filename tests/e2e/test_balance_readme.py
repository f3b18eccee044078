#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The README's balance studies, made by the app as a designer makes them:
for each seed game, the Balance page set up by hand (Easy against Easy, or
Medium against Medium for Astoria, one setting to vary over a range), run to the end, its verdict read, and the
page photographed. Not in the default run (minutes of games):

    meson test -C _build --suite readme
    BOARDSMITH_README_OUT=$PWD/docs/images BOARDSMITH_README_STUDIES=$PWD/docs/studies \
        meson test -C _build --suite readme [--test-args astoria]

With BOARDSMITH_README_OUT set, the screenshots (balance-app-GAME.png, the
window only) are copied there, and the study files (GAME-sweep.bsstudy) to
BOARDSMITH_README_STUDIES (the README links them from docs/studies; without
it they go beside the screenshots).

With BOARDSMITH_README_FROM_FILES=1 no game is played: the app opens each
study file already in docs/studies (as a person opens a saved study) and
the page is photographed again, after a change to the page or to how it
judges a study."""

import os
import re
import shutil

from harness import run_tests
from test_balance import balance_button, choose, set_games, set_spin, wait_complete

OUT = os.environ.get("BOARDSMITH_README_OUT")
STUDIES_OUT = os.environ.get("BOARDSMITH_README_STUDIES", OUT)

# game (as its row names it), setting to vary, from, to, games per value,
# level of both players: the counts of the README's screenshots, as many
# games as a shared two-core machine afforded in minutes (an Easy game
# lasts from 1 ms in Tribes to half a second in Abrobad). Astoria between
# Easy players favours player 2 whatever the handicap (the README says
# why); between Medium players its default is fair, which its sweep shows.
STUDIES = [
    ("Agoraphobia", "Dark’s large pieces (player 2)", 3, 6, 1000, "Easy"),
    ("Tribes", "Blue’s pieces (player 2)", 12, 14, 1000, "Easy"),
    ("Ikabegamá", "Board size", 5, 7, 100, "Easy"),
    ("Astoria", "Teal’s circle pieces (player 2)", 15, 16, 200, "Medium"),
    ("Abrobad", "Board size", 3, 5, 100, "Easy"),
]


FROM_FILES = os.environ.get("BOARDSMITH_README_FROM_FILES") == "1"
HERE = os.path.dirname(os.path.abspath(__file__))


def reopen(session, game, setting, games, values):
    """The committed study opened in the app, its verdict read, photographed."""
    path = os.path.join(HERE, "..", "..", "docs", "studies", "%s-sweep.bsstudy" % slug(game))
    app = session.start_app(os.path.abspath(path), size=(1000, 1000))
    app.find("label", "Balance of " + game)
    wait_complete(app, games * values, timeout=600)
    return verdict_and_shot(session, app, game, setting, copy_study=False)


def study(session, game, setting, low, high, games, level):
    if FROM_FILES:
        return reopen(session, game, setting, games, high - low + 1)
    app = session.start_app(size=(1000, 1000))
    app.click(balance_button(app, game))
    app.find("label", "Balance of " + game)
    choose(app, "Player A", level)
    choose(app, "Player B", level)
    set_games(app, games)
    choose(app, "Vary", setting)
    set_spin(app, "From", low)
    set_spin(app, "To", high)
    app.click("push button", "Start Study")
    values = high - low + 1
    wait_complete(app, games * values, timeout=3600)
    return verdict_and_shot(session, app, game, setting, copy_study=True)


def verdict_and_shot(session, app, game, setting, copy_study):
    verdict = app.find("label", re.compile("^(Fairest|Tied for fairest): " + re.escape(setting)
                                           + r" = \d+(, \d+)*$"))
    print("# %s: %s" % (game, verdict.label))
    for row in app.find_all("list item"):
        labels = [n.label for n in row.walk() if n.role == "label" and n.label]
        if labels and re.match(r"^\d+( \(the variant’s own\))?$", labels[0]):
            print("#   %s" % " · ".join(labels))
    shot = app.screenshot("balance-app-" + slug(game))
    if OUT:
        os.makedirs(OUT, exist_ok=True)
        x, y, w, h = app.main_window().screen_extents()
        session.screenshot(x, y, w, h).save(os.path.join(OUT, "balance-app-%s.png" % slug(game)))
    if OUT and copy_study:
        studies = os.path.join(app.home, ".local/share/boardsmith/studies")
        made = sorted(f for f in os.listdir(studies) if f.endswith(".bsstudy"))
        os.makedirs(STUDIES_OUT, exist_ok=True)
        shutil.copy(os.path.join(studies, made[-1]),
                    os.path.join(STUDIES_OUT, "%s-sweep.bsstudy" % slug(game)))
    return shot


def slug(game):
    return game.lower().replace("á", "a")


def test_agoraphobia(session):
    study(session, *STUDIES[0])


def test_tribes(session):
    study(session, *STUDIES[1])


def test_ikabegama(session):
    study(session, *STUDIES[2])


def test_astoria(session):
    study(session, *STUDIES[3])


def test_abrobad(session):
    study(session, *STUDIES[4])


if __name__ == "__main__":
    raise SystemExit(run_tests())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Skill Trace… (issue 26): from the balance lab of a 5×5 Breakthrough in a window a phone's
width, a trace of Random and Easy is set up by real input (levels ticked and unticked, games
a level, seed), played in the background with its progress and Cancel shown, and read back
through the accessibility tree: the verdict, each level's row and the chart's description
must be `boardsmith-cli skill-trace` with the same levels, games and seed, and each level's
study file in the studies folder must hold the command line's games. Nothing on the trace
page sticks out of the 360 px window. The finished trace is one entry in Recent, which shows
it again read from its files (nothing played); a broken level file is named. A trace cancelled
says where it stopped, and resumed it goes on from the games kept."""

import json
import os
import re
import subprocess

from harness import RETRY_WAIT, run_tests, E2EFailure, Skip
from test_balance import balance_button, set_spin
from test_balance_players import NAME, games_of, small_breakthrough
from test_find_fair_setting import check

CLI = os.environ.get("BOARDSMITH_CLI")
TITLE = "Skill Trace"
GAMES = 20
SEED = 5
VERDICT = re.compile(r"^(Player 1’s score (rises|falls) with skill|No clear trend with skill"
                     r"|No trend: )")
PROGRESS = re.compile(r"^Level ([12]) of 2 \((Random|Easy)\): game (\d+) of \d+$")
STOPPED = re.compile(r"^Stopped at level (Random|Easy) after (\d+) of \d+ games")
LEVEL_ROW = re.compile(r"^Player 1 scores (\d+\.\d)% \(95% interval (\d+\.\d)–(\d+\.\d)%\): "
                       r"(\d+) wins, (\d+) losses, (\d+) draws of (\d+) games; "
                       r"(\d+\.\d) plies on average$")


def untick(app, name):
    if app.find("check box", name).checked:
        app.click_until("check box", name,
                        lambda: not app.find("check box", name).checked or None,
                        "%s to be unticked" % name)


def open_dialog(app):
    app.click(balance_button(app, NAME))
    app.find("label", "Balance of %s" % NAME)
    app.click_until("push button", "Skill Trace…",
                    lambda: app.window(TITLE, timeout=RETRY_WAIT), "the Skill Trace dialog")
    app.find("check box", "Random")


def set_up(app, games, seed):
    """Random and Easy ticked (Medium, ticked at first, unticked), games and seed typed."""
    check(app, "Random")
    check(app, "Easy")
    untick(app, "Medium")
    untick(app, "Hard")
    set_spin(app, "Games per Level", games)
    set_spin(app, "Seed", seed)
    app.find("label", "2 levels, %d games" % (2 * games))


def level_rows(app):
    """{level title: its figures} from the rows of the finished trace."""
    rows = {}
    for item in app.find_all("list item"):
        labels = [n.label for n in item.walk() if n.role == "label" and n.label]
        figures = [LEVEL_ROW.match(t) for t in labels if LEVEL_ROW.match(t)]
        if not figures:
            continue
        title = next(t for t in labels if not LEVEL_ROW.match(t))
        rows[title] = figures[0].groups()
    return rows


def studies_folder(home):
    return os.path.join(home, ".local", "share", "boardsmith", "studies")


def inside(app, window, nodes):
    x, _, width, _ = window.screen_extents()
    for node in nodes:
        nx, _, nw, _ = node.screen_extents()
        if nw <= 0 or nx < x or nx + nw > x + width:
            raise E2EFailure("%r sticks out of the %d px window: %r"
                             % (node, width, node.screen_extents()))


def test_trace_matches_the_command_line(session):
    if CLI is None:
        raise Skip("BOARDSMITH_CLI is not set")
    home = os.path.join(session.tmp, "home-trace")
    variant = small_breakthrough(session, home)
    out = os.path.join(session.tmp, "cli-trace.bsstudy")
    result = subprocess.run([CLI, "skill-trace", variant, "--levels", "random,easy",
                             "--games", str(GAMES), "--seed", str(SEED), "-o", out, "--json"],
                            check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    expected = json.loads(result.stdout)
    print("# the command line: %s; %s" % (
        ", ".join("%s %.1f%%" % (l["label"], 100 * l["player1_score"]["score"])
                  for l in expected["levels"]), expected["trend"]["verdict"]))

    app = session.start_app(home=home, size=(360, 800))
    open_dialog(app)
    set_up(app, GAMES, SEED)
    app.screenshot("skill-trace-setup-narrow")
    app.click_until("push button", "Trace",
                    lambda: app.find_now("push button", "Cancel") or
                    app.find_now("label", VERDICT), "the trace to start")
    verdict = app.wait_for(lambda: app.find_now("label", VERDICT), "the trace to end",
                           timeout=300)
    if verdict.label != expected["trend"]["verdict"]:
        raise E2EFailure("the verdict %r, the command line's %r"
                         % (verdict.label, expected["trend"]["verdict"]))
    rows = level_rows(app)
    if sorted(rows) != ["Easy", "Random"]:
        raise E2EFailure("the level rows %r" % rows)
    for level in expected["levels"]:
        score, low, high, wins, losses, draws, games, plies = rows[level["label"]]
        want = (100 * level["player1_score"]["score"], 100 * level["player1_score"]["low"],
                100 * level["player1_score"]["high"], level["player1_wins"],
                level["player2_wins"], level["draws"], level["games"], level["mean_plies"])
        got = (float(score), float(low), float(high), int(wins), int(losses), int(draws),
               int(games), float(plies))
        for w, g in zip(want, got):
            if abs(w - g) > 0.051:
                raise E2EFailure("%s: the app shows %r, the command line %r"
                                 % (level["label"], got, want))
    # The chart, told to a screen reader: every level and the verdict.
    chart = app.find(None, "Player 1’s score by level")
    for words in [expected["trend"]["verdict"]] + [l["label"] for l in expected["levels"]]:
        if words not in (chart.description or ""):
            raise E2EFailure("the chart's description %r lacks %r" % (chart.description, words))

    # Each level's games are a study file in the studies folder: the command line's games.
    folder = studies_folder(home)
    for level in ("random", "easy"):
        ours = [f for f in os.listdir(folder) if f.endswith("-%s.bsstudy" % level)]
        if len(ours) != 1:
            raise E2EFailure("the studies folder holds %r for %s" % (os.listdir(folder), level))
        theirs = out.replace(".bsstudy", "-%s.bsstudy" % level)
        if games_of(os.path.join(folder, ours[0])) != games_of(theirs):
            raise E2EFailure("the app's %s games differ from the command line's" % level)
        app.find("label", re.compile(re.escape(ours[0])))

    # At a phone's width nothing sticks out of the dialog.
    window = app.window(TITLE)
    nodes = [verdict, app.find("push button", "Export Chart…"),
             app.find("push button", "Change Levels")]
    nodes += [n for n in app.find_all("list item")
              if any(LEVEL_ROW.match(l.label or "") for l in n.walk())]
    inside(app, window, nodes)
    app.screenshot("skill-trace-narrow")
    # The level rows, below the chart: scrolled to as a person does.
    last = [n for n in app.find_all("list item")
            if any(LEVEL_ROW.match(l.label or "") for l in n.walk())][-1]
    last.scroll_into_view()
    inside(app, window, [chart, last])
    app.screenshot("skill-trace-levels-narrow")
    reopen_from_recent(app, home, verdict.label, rows, chart.description)


def level_files(folder):
    """{name: bytes} of the studies folder's study files."""
    files = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".bsstudy"):
            with open(os.path.join(folder, name), "rb") as f:
                files[name] = f.read()
    return files


TRACE_ROW = re.compile(r"-trace-[0-9a-f]{8}\.bstrace$")


def open_from_recent(app, unfinished=False, shot="skill-trace-recent-narrow"):
    """Back to the start page; the trace's one entry in Recent (named by its file, saying what
    it is) opened; its dialog."""
    app.key("Escape")
    app.wait_for(lambda: len(app.windows()) == 1 or None, "the dialog to close")
    # From the Balance page (a trace played there); a trace reopened leaves the start page.
    if app.find_now("push button", "Choose Another Game"):
        app.click("push button", "Choose Another Game")
    entry = app.find("list item", TRACE_ROW)
    said = [n.label for n in entry.walk() if n.role == "label" and n.label]
    words = r"^Skill trace of %s, 2 levels%s · " % (re.escape(NAME),
                                                    ", unfinished" if unfinished else "")
    if not any(re.match(words, t) for t in said):
        raise E2EFailure("the trace's Recent entry says %r" % said)
    # One entry for the whole trace, none for its levels.
    names = [n.name for n in app.find_all("list item")]
    if len([n for n in names if TRACE_ROW.search(n or "")]) != 1 or \
            any((n or "").endswith(".bsstudy") for n in names):
        raise E2EFailure("Recent lists %r" % names)
    entry.scroll_into_view()
    if shot:
        app.screenshot(shot)
    # Reopening bumps the entry in Recent, whose rows are then read again: a click on a row
    # on its way out is made again.
    return app.click_until("list item", TRACE_ROW,
                           lambda: app.window(TITLE, timeout=RETRY_WAIT), "the trace reopened")


def reopen_from_recent(app, home, verdict, rows, description):
    """The finished trace reopened from Recent shows the same verdict, rows and chart, read
    from its level files: nothing played, every file byte for byte as it was. A level's file
    gone bad is said, naming the file."""
    folder = studies_folder(home)
    before = level_files(folder)
    traces = [f for f in os.listdir(folder) if f.endswith(".bstrace")]
    if len(traces) != 1:
        raise E2EFailure("the studies folder holds %r" % os.listdir(folder))
    window = open_from_recent(app)
    again = app.find("label", VERDICT, timeout=60)
    if again.label != verdict:
        raise E2EFailure("reopened, the verdict %r; before, %r" % (again.label, verdict))
    if level_rows(app) != rows:
        raise E2EFailure("reopened, the levels %r; before, %r" % (level_rows(app), rows))
    chart = app.find(None, "Player 1’s score by level")
    app.wait_for(lambda: app.find(None, "Player 1’s score by level").description == description
                 or None, "the chart's description as before")
    if app.find_now("push button", "Resume") or app.find_now("push button", "Cancel"):
        raise E2EFailure("a finished trace reopened offers Resume or Cancel")
    if level_files(folder) != before:
        raise E2EFailure("reopening the trace changed its level files")
    inside(app, window, [again, app.find("push button", "Export Chart…"), chart])
    app.screenshot("skill-trace-reopened-narrow")

    # A level's file broken: the trace says which, and nothing crashes.
    easy = next(n for n in before if n.endswith("-easy.bsstudy"))
    with open(os.path.join(folder, easy), "w") as f:
        f.write("<study broken")
    open_from_recent(app, shot=None)
    app.find("label", "The trace failed")
    app.find("label", re.compile(re.escape(easy)))
    if app.find_now("label", VERDICT):
        raise E2EFailure("a verdict from a broken level file")


def progress_at(app):
    """(level, game) of the progress line now, or None."""
    node = app.find_now("label", PROGRESS)
    if node is None:
        return None
    found = PROGRESS.match(node.label)
    return int(found.group(1)), int(found.group(3))


def stop(app):
    """Cancel, said at once ("Stopping…"); then the level's file is written and the trace
    says where it stopped."""
    app.click_until("push button", "Cancel",
                    lambda: app.find_now("label", "Stopping…") or
                    app.find_now("label", "Trace cancelled"), "Cancel to be taken")
    app.find("label", "Trace cancelled", timeout=120)


def resume(app, level, done):
    """Resume, then Cancel: the levels finished before pass at once (their files are
    complete); at the level it stopped at, it starts from the games kept."""
    app.click_until("push button", "Resume", lambda: app.find_now("push button", "Cancel"),
                    "the trace to go on")
    at = app.wait_for(lambda: (progress_at(app) or (0, 0))[0] >= level and progress_at(app),
                      "the progress line at level %d" % level)
    if at < (level, done):
        raise E2EFailure("resumed it starts at level %d, game %d; it stopped at level %d "
                         "after %d games" % (at + (level, done)))
    stop(app)


def test_cancel_and_go_on(session):
    """Cancel stops the trace mid-level and says where; Resume goes on from the games kept
    (its progress starts there), and the games stay in the level's study file. Change
    Levels goes back to the form as it was."""
    home = os.path.join(session.tmp, "home-cancel")
    small_breakthrough(session, home)
    games = 20000
    app = session.start_app(home=home, size=(1000, 900))
    open_dialog(app)
    set_up(app, games, 9)
    app.click_until("push button", "Trace", lambda: app.find_now("push button", "Cancel"),
                    "the trace to start")
    app.wait_for(lambda: (progress_at(app) or (0, 0))[1] > 0 or None, "games to be played")
    stop(app)
    stopped = app.find("label", STOPPED)
    found = STOPPED.match(stopped.label)
    level, done = (1 if found.group(1) == "Random" else 2), int(found.group(2))
    print("# %s" % stopped.label)
    if app.find_now("push button", "Cancel") or app.find_now("label", VERDICT):
        raise E2EFailure("Cancel still offered, or a verdict, after the trace stopped")
    app.screenshot("skill-trace-cancelled")

    resume(app, level, done)
    # The games played are in the level's study file.
    folder = studies_folder(home)
    name = "random" if level == 1 else "easy"
    files = [f for f in os.listdir(folder) if f.endswith("-%s.bsstudy" % name)]
    if len(files) != 1:
        raise E2EFailure("the studies folder holds %r" % os.listdir(folder))
    held = games_of(os.path.join(folder, files[0])).count("<game ")
    if held < done:
        raise E2EFailure("%s holds %d games, %d were played" % (files[0], held, done))
    app.click("push button", "Change Levels")
    app.find("label", "2 levels, %d games" % (2 * games))
    if app.find("check box", "Medium").checked or not app.find("check box", "Easy").checked:
        raise E2EFailure("the form lost its levels")

    # Reopened from Recent, unfinished: where it stopped, nothing played, and Resume.
    before = level_files(folder)
    open_from_recent(app, unfinished=True, shot=None)
    app.find("label", "Trace unfinished")
    found = STOPPED.match(app.find("label", STOPPED).label)
    if (found.group(1), int(found.group(2))) != ("Random" if level == 1 else "Easy", held):
        raise E2EFailure("reopened it says %r; %s holds %d games" % (found.group(0), name, held))
    if level_files(folder) != before:
        raise E2EFailure("reopening the unfinished trace changed its level files")
    app.screenshot("skill-trace-reopened-unfinished")
    resume(app, level, held)


if __name__ == "__main__":
    raise SystemExit(run_tests())

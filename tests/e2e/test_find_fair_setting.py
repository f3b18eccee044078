#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Find a Fair Setting… (issue 26): from the balance lab of a small, fast variant, set a
search up by real input (a setting's range, a goal, players, games per round, rounds,
seed), run it, read every result row back through the accessibility tree and check it
against `boardsmith-cli search` with the same arguments (the same seed plays the same
games: the same verdicts, rounds and games), then apply a setting that meets the goal in
the editor. A second search with two goals that conflict shows the best trade-offs and
their chart; stopping it and resuming gives the same answer as running it through. A third,
with the doubling schedule chosen in the dialog, gives `boardsmith-cli search --schedule
doubling`'s answer, keeps the schedule in its folder and finds it again."""

import glob
import json
import os
import re
import subprocess

from harness import run_tests, E2EFailure, Skip, RETRY_WAIT
from test_balance import balance_button, choose, combo_value, set_spin

CLI = os.environ.get("BOARDSMITH_CLI")
TITLE = "Find a Fair Setting"
TITLE_ROW = re.compile(r"^Board (width|height) = \d+(, Board height = \d+)?$")
HEADLINE = re.compile(r"^(\d+ settings? meets? every goal|No setting meets (every goal|the goal)"
                      r".*)$")


def cli_search(session, name, args):
    out = os.path.join(session.tmp, name)
    result = subprocess.run([CLI, "search", "breakthrough", *args, "-o", out, "--json"],
                            check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    return json.loads(result.stdout)


def set_text(app, name, text):
    """Types into the entry of that name, as a person does."""
    for attempt in range(3):
        app.find("text", name).click()
        try:
            app.wait_for(lambda: (app.focused() is not None and app.focused().role == "text"
                                  and app.focused().label == name) or None,
                         "the focus in %s" % name, timeout=RETRY_WAIT)
            break
        except E2EFailure:
            if attempt == 2:
                raise
    app.key("ctrl+a")
    app.type(text)
    app.wait_for(lambda: app.find("text", name).text == text or None,
                 "%s to read %r" % (name, text))


def check(app, name):
    """Ticks the check box of that name (a lost click is made again)."""
    node = app.find("check box", name)
    if not node.checked:
        app.click_until("check box", name,
                        lambda: app.find("check box", name).checked or None,
                        "%s to be ticked" % name)


def open_dialog(app):
    app.click(balance_button(app, "Breakthrough"))
    app.find("label", "Balance of Breakthrough")
    choose(app, "Player A", "Random")
    choose(app, "Player B", "Random")
    app.click_until("push button", "Find a Fair Setting…",
                    lambda: app.window(TITLE, timeout=RETRY_WAIT), "the dialog")
    app.find("check box", "Board width")


def results(app):
    """The result rows by group: {group: {"width=5": subtitle}}, each read from its row's
    title ("Board width = 5", "Board width = 4, Board height = 6": the command line's "width=4 height=6") and
    its subtitle (its verdict and evidence in words)."""
    rows = {}
    for group in ("Meet the Goals", "Eliminated", "Still in the Running",
                  "Undecided When the Rounds Ran Out", "Best Trade-Offs"):
        heading = app.snapshot().find_now("label", group)
        if heading is None:
            continue
        box = heading
        # The group's node: the nearest ancestor holding list items.
        for ancestor in heading.ancestors():
            if [n for n in ancestor.walk() if n.role == "list item"]:
                box = ancestor
                break
        for item in [n for n in box.walk() if n.role == "list item"]:
            labels = [n.label for n in item.walk() if n.role == "label" and n.label]
            title = next((t for t in labels if TITLE_ROW.match(t)), None)
            if title is None:
                continue
            subtitle = next(t for t in labels if t != title and re.search(r"\d+ games?$", t))
            key = " ".join("%s=%s" % (setting.split(" = ")[0].split()[-1], setting.split(" = ")[1])
                           for setting in title.split(", "))
            rows.setdefault(group, {})[key] = subtitle
    return rows


def wait_done(app, timeout=300):
    return app.wait_for(lambda: app.find_now("label", HEADLINE), "the search to end",
                        timeout=timeout)


def set_race(app, games, rounds, seed):
    set_spin(app, "Games per Round", games)
    set_spin(app, "Most Rounds", rounds)
    set_spin(app, "Seed", seed)


def set_up(app, values, fair, length, games, rounds, seed):
    """Fills the form as a person does: each setting's values ([(setting, text)]), the Fair
    and Length goals, and the race."""
    for setting, text in values:
        check(app, setting)
        set_text(app, "Values of %s" % setting, text)
    set_spin(app, "Fair within points", fair)
    check(app, "Length")
    set_spin(app, "Length from plies", length[0])
    set_spin(app, "Length to plies", length[1])
    set_race(app, games, rounds, seed)


def race(app, what="the search to start"):
    """Find, to the end: the headline and the result rows."""
    app.click_until("push button", "Find",
                    lambda: app.find_now("push button", re.compile("^(Stop|Resume|Change "
                                                                   "Settings)$")), what)
    headline = wait_done(app)
    rows = results(app)
    print("# the app: %s: %r" % (headline.label, rows))
    return headline, rows


def goal_words(goal):
    """The dialog's words for a goal of the command line's ("fair:8", "length=20..60")."""
    fair = re.match(r"^fair:(\d+)$", goal)
    if fair:
        return "fair within ± %s points" % fair.group(1)
    length = re.match(r"^length=(\d+)\.\.(\d+)$", goal)
    if length:
        return "length %s–%s plies" % length.groups()
    raise E2EFailure("a goal this test does not set: %r" % goal)


def compare(rows, expected):
    """The app's rows against the command line's JSON."""
    groups = {"meets": "Meet the Goals", "fails": "Eliminated",
              "undecided": "Undecided When the Rounds Ran Out"}
    for candidate in expected["candidates"]:
        group = groups[candidate["verdict"]]
        subtitle = rows.get(group, {}).get(candidate["label"])
        if subtitle is None:
            raise E2EFailure("%s is not under %s as the command line says: %r"
                             % (candidate["label"], group, rows))
        games = int(re.search(r"(\d+) games?$", subtitle).group(1))
        if games != candidate["games"]:
            raise E2EFailure("%s: %d games in the app, %d by the command line"
                             % (candidate["label"], games, candidate["games"]))
        if candidate["verdict"] == "fails" and \
                not subtitle.startswith("Eliminated in round %d: cannot meet “%s”: "
                                        % (candidate["round"],
                                           goal_words(candidate["failed_goal"]))):
            raise E2EFailure("%s: %r, the command line says round %d"
                             % (candidate["label"], subtitle, candidate["round"]))
        if candidate["verdict"] == "meets" and \
                not subtitle.startswith("Meets every goal (round %d): " % candidate["round"]):
            raise E2EFailure("%s: %r, the command line says round %d"
                             % (candidate["label"], subtitle, candidate["round"]))
        # The evidence: every goal's figure with its interval; an eliminated setting's, the
        # goal it cannot meet.
        for evidence in candidate["evidence"]:
            if candidate["verdict"] == "fails" and evidence["goal"] != candidate["failed_goal"]:
                continue
            want = evidence_words(evidence)
            if want not in subtitle:
                raise E2EFailure("%s: %r lacks the command line's %r"
                                 % (candidate["label"], subtitle, want))


def evidence_words(evidence):
    if evidence["goal"].startswith("fair"):
        return "player 1 scores %.1f%% (%.1f–%.1f)" % (100 * evidence["value"],
                                                       100 * evidence["low"],
                                                       100 * evidence["high"])
    return "%.1f plies a game (%.1f–%.1f)" % (evidence["value"], evidence["low"],
                                              evidence["high"])


def saving(app, expected):
    played = str(expected["total_games"])
    grid = str(expected["grid_games"])
    return app.find("label", re.compile(r"^%s games played; a full grid of the same precision "
                                        r"plays %s " % (re.escape(played), re.escape(grid))))


def test_search_matches_the_command_line(session):
    if CLI is None:
        raise Skip("BOARDSMITH_CLI is not set")
    args = ["--vary", "height=5..9", "--goal", "fair:8", "--goal", "length=20..60",
            "--white", "random", "--black", "random", "--games-per-round", "500",
            "--max-rounds", "3", "--seed", "7"]
    expected = cli_search(session, "cli-one", args)
    print("# the command line: %s; meeting %s; %d games, grid %d"
          % (", ".join("%s %s" % (c["label"], c["verdict"]) for c in expected["candidates"]),
             expected["meeting"], expected["total_games"], expected["grid_games"]))

    app = session.start_app(size=(1000, 1000))
    open_dialog(app)
    check(app, "Board height")
    set_text(app, "Values of Board height", "5..9")
    set_spin(app, "Fair within points", 8)
    # A goal ticked by keyboard: Tab to its check box, Space.
    app.tab_to("check box", "Length")
    app.key("space")
    app.wait_for(lambda: app.find("check box", "Length").checked or None,
                 "Length ticked by the keyboard")
    set_spin(app, "Length from plies", 20)
    set_spin(app, "Length to plies", 60)
    set_race(app, 500, 3, 7)
    app.find("label", "5 settings to race, at most 7500 games")
    app.screenshot("find-fair-setup")
    headline, rows = race(app)
    compare(rows, expected)
    n = len(expected["meeting"])
    want = ("%d setting%s meet%s every goal" % (n, "s" if n != 1 else "", "" if n != 1 else "s")
            if n else "No setting meets every goal: the best trade-offs are below")
    if headline.label != want:
        raise E2EFailure("the headline %r, the command line has %d meeting" % (headline.label, n))
    saving(app, expected)
    app.screenshot("find-fair-results")

    if not expected["meeting"]:
        return
    # Apply the first that meets the goal: the editor opens a copy named after it.
    label = expected["meeting"][0]
    value = label.split("=")[1]
    row = app.find("list item", "Board height = %s" % value)
    apply = row.find_now("push button", "Apply")
    app.click(apply)
    app.gone(None, TITLE)
    app.find("push button", "Play Test")
    name = "Breakthrough (Board height = %s)" % value
    app.find("text", "Name", where=lambda node: node.text == name)
    app.screenshot("find-fair-applied")


def test_trade_offs_stop_and_resume(session):
    """Two settings at once, and two goals that no setting meets together (fair within a
    point and games of 25 to 40 plies): the best trade-offs and their chart, in a window a
    phone's width. Stopped and resumed, the search gives the command line's answer."""
    if CLI is None:
        raise Skip("BOARDSMITH_CLI is not set")
    args = ["--vary", "width=5,7", "--vary", "height=5..6", "--goal", "fair:1", "--goal",
            "length=25..40", "--white", "random", "--black", "random",
            "--games-per-round", "6000", "--max-rounds", "3", "--seed", "11"]
    expected = cli_search(session, "cli-two", args)
    print("# the command line: meeting %s, trade-offs %s" % (expected["meeting"],
                                                             expected["pareto"]))

    app = session.start_app(size=(360, 800))
    open_dialog(app)
    set_up(app, [("Board width", "5,7"), ("Board height", "5..6")], 1, (25, 40), 6000, 3, 11)
    app.find("label", "4 settings to race, at most 72000 games")
    app.screenshot("find-fair-setup-narrow")
    app.click_until("push button", "Find", lambda: app.find_now("push button", "Stop"),
                    "the search to start")
    # Stopped mid-way (or between rounds), it says so and offers Resume.
    app.click_until("push button", "Stop",
                    lambda: app.find_now("push button", "Resume") or
                    app.find_now("label", HEADLINE), "the search to stop")
    if app.find_now("push button", "Resume"):
        app.find("label", re.compile(r"^Stopped (after round \d+|in the first round)"))
        app.find("label", re.compile(r"^(Round \d+ stopped at \d+ of \d+ games(; \d+ played "
                                     r"before it)?|Rounds played: \d+ of at most 3, \d+ games)$"))
        app.screenshot("find-fair-stopped")
        app.click_until("push button", "Resume", lambda: app.find_now("push button", "Stop")
                        or app.find_now("label", HEADLINE), "the search to go on")
    wait_done(app)
    if expected["meeting"]:
        raise Skip("a width meets both goals here: no trade-offs to show")
    app.find("label", "No setting meets every goal: the best trade-offs are below")
    app.find("label", "Best Trade-Offs")
    chart = app.find(None, "Trade-offs between the first two goals")
    rows = results(app)
    shown = sorted(rows.get("Best Trade-Offs", {}))
    if shown != sorted(expected["pareto"]):
        raise E2EFailure("the trade-offs %r, the command line's %r" % (shown, expected["pareto"]))
    compare(rows, expected)
    saving(app, expected)
    chart.scroll_into_view()
    app.screenshot("find-fair-trade-offs")


def test_doubling_schedule(session):
    """The doubling schedule chosen by a person in a window a phone's width: the rows say
    what the games per round then mean, a race too long for a study is refused in words
    before Find, and the race gives the command line's verdicts, rounds and games with
    --schedule doubling. Its folder names the schedule, and the same search started again
    finds that folder and its rounds."""
    if CLI is None:
        raise Skip("BOARDSMITH_CLI is not set")
    args = ["--vary", "height=5..9", "--goal", "fair:8", "--goal", "length=20..60",
            "--white", "random", "--black", "random", "--games-per-round", "50",
            "--max-rounds", "5", "--schedule", "doubling", "--seed", "7"]
    expected = cli_search(session, "cli-doubling", args)
    if expected["schedule"] != "doubling":
        raise E2EFailure("the command line ran %r" % expected["schedule"])
    print("# the command line: %s; %d rounds, %d games, grid %d"
          % (", ".join("%s %s round %s, %d games" % (c["label"], c["verdict"], c["round"],
                                                     c["games"])
                       for c in expected["candidates"]),
             expected["rounds_played"], expected["total_games"], expected["grid_games"]))

    app = session.start_app(size=(360, 800))
    open_dialog(app)
    set_up(app, [("Board height", "5..9")], 8, (20, 60), 50, 5, 7)
    # The same games every round until the schedule is chosen.
    if combo_value(app, "Schedule") != "Same games each round":
        raise E2EFailure("the schedule begins as %r" % combo_value(app, "Schedule"))
    app.find("label", "5 settings to race, at most 1250 games")
    # Each schedule explained in words on the page (a tooltip is never seen by touch).
    app.find("label", "Each round, every setting still in the running plays the games per "
                      "round again")
    choose(app, "Schedule", "Doubling each round")
    # 50, 100, 200, 400, 800 games a setting: the most is the last round's total.
    app.find("label", "5 settings to race, at most 4000 games")
    app.find("label", "Each round, a setting still in the running plays as many games as it "
                      "already has: one far from a goal is out sooner")
    app.find("label", "In the first round; then a setting’s games double each round, to at "
                      "most 800")
    # Twenty rounds would double past a study's ten million games: said, and Find waits.
    set_spin(app, "Most Rounds", 20)
    app.find("label", "Doubling from 50 games over 20 rounds lets a setting play more than "
                      "10000000 games: give fewer rounds")
    if app.find("push button", "Find").sensitive:
        raise E2EFailure("Find is on for a race a study cannot hold")
    set_spin(app, "Most Rounds", 5)
    app.find("label", "5 settings to race, at most 4000 games")
    app.find("combo box", "Schedule").scroll_into_view()
    app.screenshot("find-fair-doubling-setup")
    headline, rows = race(app)
    compare(rows, expected)
    app.find("label", "Rounds played: %d of at most 5, the games doubling each round"
             % expected["rounds_played"])
    saving(app, expected)
    app.screenshot("find-fair-doubling-results")

    # The folder names the schedule, as the command line's does.
    folders = glob.glob(os.path.join(app.home, ".local/share/boardsmith/studies/searches/*"))
    if len(folders) != 1:
        raise E2EFailure("one search folder expected: %r" % folders)
    with open(os.path.join(folders[0], "search.ini")) as f:
        held = f.read()
    with open(os.path.join(session.tmp, "cli-doubling", "search.ini")) as f:
        cli_held = f.read()
    if "schedule=doubling" not in held:
        raise E2EFailure("search.ini does not name the schedule:\n%s" % held)
    # Every other key as the command line writes it (the variant as each names it).
    if [l for l in held.splitlines() if not l.startswith("variant=")] != \
            [l for l in cli_held.splitlines() if not l.startswith("variant=")]:
        raise E2EFailure("the app's search.ini:\n%s\nthe command line's:\n%s"
                         % (held, cli_held))

    # Back to the form: the schedule is still chosen, and Find again finds the folder and
    # counts its rounds, with the same answer.
    app.click("push button", "Change Settings")
    app.find("push button", "Find")
    if combo_value(app, "Schedule") != "Doubling each round":
        raise E2EFailure("the schedule came back as %r" % combo_value(app, "Schedule"))
    _, rows = race(app, "the search to start again")
    compare(rows, expected)
    saving(app, expected)
    again = glob.glob(os.path.join(app.home, ".local/share/boardsmith/studies/searches/*"))
    if again != folders:
        raise E2EFailure("the search started again went to %r, not %r" % (again, folders))


if __name__ == "__main__":
    raise SystemExit(run_tests())

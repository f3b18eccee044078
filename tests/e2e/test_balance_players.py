#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The balance lab's players can be any level or budget (issues 26 and 27): alpha-beta at a
fixed depth chosen from the player rows plays a study on a 5×5 Breakthrough whose file,
games and figures are the command line's for the same seed; a custom player typed in is
read at every key, a refused one says why beside its text (and to a screen reader) and
Start Study waits; a game of simultaneous rounds offers no alpha-beta and says why a typed
one is refused; a study file of a custom player opens with that player on its row; Find a
Fair Setting… between alpha-beta players gives the command line's answer."""

import json
import os
import re
import subprocess

from harness import run_tests, E2EFailure, Skip, RETRY_WAIT
from test_balance import balance_button, choose, combo_value, set_games, set_spin, wait_complete
from test_find_fair_setting import check, compare, race, set_race, set_text

CLI = os.environ.get("BOARDSMITH_CLI")
NAME = "Breakthrough 5×5"
GAMES = 10   # the fewest Games per Variant takes
PLAYERS = ("ab:depth=1", "ab:depth=2")


def small_breakthrough(session, home):
    """A home whose variants folder holds Breakthrough on 5×5 (listed on the start page);
    the variant file's path."""
    folder = os.path.join(home, ".local", "share", "boardsmith", "variants")
    os.makedirs(folder, exist_ok=True)
    source = os.path.join(os.environ.get("BOARDSMITH_RULES_DIR", ""), "breakthrough.xml")
    if not os.path.exists(source):
        source = os.path.join(os.path.dirname(__file__), "..", "..", "rules", "breakthrough.xml")
    with open(source, encoding="utf-8") as f:
        xml = f.read()
    xml = xml.replace('id="breakthrough"', 'id="breakthrough-5x5"', 1)
    xml = xml.replace("<name>Breakthrough</name>", "<name>%s</name>" % NAME, 1)
    xml = xml.replace('width="8" height="8"', 'width="5" height="5"', 1)
    path = os.path.join(folder, "breakthrough-5x5.xml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(xml)
    return path


def studies(home):
    folder = os.path.join(home, ".local", "share", "boardsmith", "studies")
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".bsstudy"))


def open_lab(session, home):
    app = session.start_app(home=home, size=(1000, 1000))
    app.click(balance_button(app, NAME))
    app.find("label", "Balance of %s" % NAME)
    return app


def games_of(path):
    """The <games> element of a study file, as written."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found = re.search(r"<games>.*</games>", text, re.S)
    if found is None:
        raise E2EFailure("%s holds no games" % path)
    return found.group(0)


def report(path):
    result = subprocess.run([CLI, "report", path, "--json"], check=True, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    data = json.loads(result.stdout)
    data.pop("file", None)
    return data


def lab_with_players(session, home_name, player_a, player_b):
    """The Balance page of a 5×5 Breakthrough in a new home, the players chosen from their
    rows; (home, the variant file, app)."""
    home = os.path.join(session.tmp, home_name)
    variant = small_breakthrough(session, home)
    app = open_lab(session, home)
    choose(app, "Player A", player_a)
    choose(app, "Player B", player_b)
    return home, variant, app


def start_button(app):
    return app.find("push button", "Start Study")


def test_alpha_beta_study_matches_the_command_line(session):
    if CLI is None:
        raise Skip("BOARDSMITH_CLI is not set")
    home, variant, app = lab_with_players(session, "home-ab", "Alpha-beta, depth 1",
                                          "Alpha-beta, depth 2")
    set_games(app, GAMES)
    app.screenshot("lab-players-alpha-beta")
    app.click("push button", "Start Study")
    wait_complete(app, GAMES)
    app.find("label", re.compile(r"^Alpha-beta, depth 1 against Alpha-beta, depth 2\b"))
    headline = app.find("label", re.compile(r"player 1 scores (\d+\.\d)%$"))
    shown = float(re.search(r"(\d+\.\d)%$", headline.label).group(1))
    app.screenshot("lab-players-alpha-beta-done")

    # The file holds the players as the command line names them, and its seed.
    path = studies(home)[-1]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for i, spec in enumerate(PLAYERS):
        if '<player id="%s" level="%s"/>' % ("AB"[i], spec) not in text:
            raise E2EFailure("the study file does not name player %s %r" % ("AB"[i], spec))
    seed = re.search(r'<study [^>]*seed="(\d+)"', text).group(1)

    # The command line, same variant, players, games and seed: the same games.
    out = os.path.join(session.tmp, "cli-ab.bsstudy")
    subprocess.run([CLI, "study", variant, "--white", PLAYERS[0], "--black", PLAYERS[1],
                    "--games", str(GAMES), "--seed", seed, "-o", out], check=True,
                   stdout=subprocess.DEVNULL)
    if games_of(path) != games_of(out):
        raise E2EFailure("the app's games differ from the command line's for seed %s" % seed)
    ours, theirs = report(path), report(out)
    if ours != theirs:
        raise E2EFailure("report of the app's study %r, of the command line's %r"
                         % (ours, theirs))
    score = theirs["arms"][0]["player1_score"]["score"]
    if abs(100 * score - shown) > 0.05:
        raise E2EFailure("the page says player 1 scores %.1f%%, the command line %.1f%%"
                         % (shown, 100 * score))
    print("# seed %s: %d games, player 1 scores %.1f%% in the app and the command line"
          % (seed, GAMES, shown))

    # New Study keeps the players.
    app.click("push button", "New Study")
    start_button(app)
    for name, label in (("Player A", "Alpha-beta, depth 1"), ("Player B", "Alpha-beta, depth 2")):
        if combo_value(app, name) != label:
            raise E2EFailure("%s shows %r after New Study" % (name, combo_value(app, name)))
    app.stop()

    # The command line goes on with the app's study as with its own.
    for study in (path, out):
        subprocess.run([CLI, "study", "--resume", study, "--games", str(GAMES + 4)], check=True,
                       stdout=subprocess.DEVNULL)
    if games_of(path) != games_of(out) or games_of(path).count("<game ") != GAMES + 4:
        raise E2EFailure("the app's study resumed by the command line differs from its own")

    # A study file of a custom player (by the command line) opens with it on its row.
    custom = os.path.join(session.tmp, "cli-custom.bsstudy")
    subprocess.run([CLI, "study", variant, "--white", "ab:nodes=300", "--black", "5",
                    "--games", "2", "--seed", "3", "-o", custom], check=True,
                   stdout=subprocess.DEVNULL)
    app = session.start_app(custom, size=(1000, 1000))
    wait_complete(app, 2)
    app.click("push button", "New Study")
    start_button(app)
    if combo_value(app, "Player A") != "Custom…":
        raise E2EFailure("Player A of ab:nodes=300 shows %r" % combo_value(app, "Player A"))
    app.wait_for(lambda: app.find("text", "Custom Player A").text == "ab:nodes=300" or None,
                 "Custom Player A to read ab:nodes=300")
    app.find("text", "Custom Player B", where=lambda n: n.text == "5")
    app.find("label", "Alpha-beta (nodes=300): the same moves on any machine")
    app.find("label", "5 playouts a move: the same moves on any machine")
    app.screenshot("lab-players-reopened")


def test_custom_player_checked_as_typed(session):
    home = os.path.join(session.tmp, "home-custom")
    small_breakthrough(session, home)
    app = open_lab(session, home)
    if app.find_all("text", "Custom Player A"):
        raise E2EFailure("the custom entry shows before Custom… is chosen")
    choose(app, "Player A", "Custom…")
    set_text(app, "Custom Player A", "ab:depth=zero")
    error = app.find("label", re.compile(r"depth"),
                     where=lambda n: "zero" in n.label)
    print("# refused: %s" % error.label)
    app.wait_for(lambda: not start_button(app).sensitive or None, "Start Study to be disabled")
    entry = app.find("text", "Custom Player A")
    if "zero" not in (entry.description or "") and \
            not any("zero" in (a.description or "") for a in entry.ancestors()):
        raise E2EFailure("a screen reader is not told why: %r" % entry.description)
    if not entry.has_state("invalid"):
        raise E2EFailure("the entry is not marked invalid: %r" % entry.states)
    app.screenshot("lab-players-custom-refused")

    # Weights from a file: a study's file must hold all its games depend on.
    set_text(app, "Custom Player A", "ab:weights=x.weights")
    app.find("label", re.compile(r"cannot read weights=FILE"))
    app.wait_for(lambda: not start_button(app).sensitive or None, "Start Study to stay disabled")

    set_text(app, "Custom Player A", "mcts:cpu=0.1")
    app.find("label", "100 ms a move: its moves depend on the machine’s speed")
    app.wait_for(lambda: start_button(app).sensitive or None, "Start Study to be enabled")
    set_text(app, "Custom Player A", "ab:depth=3")
    app.find("label", "Alpha-beta, depth 3: the same moves on any machine")
    app.wait_for(lambda: start_button(app).sensitive or None, "Start Study to stay enabled")
    app.screenshot("lab-players-custom-ok")
    # Back to a level: the entry goes.
    choose(app, "Player A", "Hard")
    app.gone("text", "Custom Player A")
    app.stop()

    # A game of simultaneous rounds: no alpha-beta in the list; typed, it is refused.
    app = session.start_app(size=(1000, 1000))
    app.click(balance_button(app, "Tribes"))
    app.find("label", "Balance of Tribes")
    try:
        choose(app, "Player A", "Alpha-beta, depth 2")
    except E2EFailure as e:
        if "does not offer" not in str(e):
            raise
    else:
        raise E2EFailure("a game of simultaneous rounds offers alpha-beta")
    app.key("Escape")
    app.wait_for(lambda: not any(n.name == "GtkPopover"
                                 for n in app.find("combo box", "Player A").walk()) or None,
                 "the list to close")
    choose(app, "Player A", "Custom…")
    set_text(app, "Custom Player A", "ab:depth=2")
    app.find("label", re.compile(r"simultaneous rounds: alpha-beta \(ab:depth=2\) searches "
                                 r"turn-based games only"))
    app.wait_for(lambda: not start_button(app).sensitive or None, "Start Study to be disabled")
    app.screenshot("lab-players-simultaneous")


def test_find_fair_setting_between_alpha_beta_players(session):
    if CLI is None:
        raise Skip("BOARDSMITH_CLI is not set")
    home = os.path.join(session.tmp, "home-fair")
    variant = small_breakthrough(session, home)
    args = ["--vary", "width=5..6", "--goal", "fair:10", "--white", "ab:depth=1",
            "--black", "ab:nodes=200", "--games-per-round", "20", "--max-rounds", "2",
            "--seed", "11"]
    out = os.path.join(session.tmp, "cli-fair")
    expected = json.loads(subprocess.run([CLI, "search", variant, *args, "-o", out, "--json"],
                                         check=True, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True).stdout)
    app = open_lab(session, home)
    choose(app, "Player A", "Alpha-beta, depth 1")
    choose(app, "Player B", "Custom…")
    set_text(app, "Custom Player B", "ab:nodes=200")
    app.click_until("push button", "Find a Fair Setting…",
                    lambda: app.window("Find a Fair Setting", timeout=RETRY_WAIT), "the dialog")
    # The dialog has the lab's players.
    dialog = app.window("Find a Fair Setting")
    combos = [n for n in dialog.walk() if n.role == "combo box"
              and n.label in ("Player A", "Player B")]
    shown = {c.label: [n.label for n in c.walk() if n.role == "label" and n.label][-1]
             for c in combos}
    if shown != {"Player A": "Alpha-beta, depth 1", "Player B": "Custom…"}:
        raise E2EFailure("the dialog's players: %r" % shown)
    app.find("text", "Custom Player B", where=lambda n: n.text == "ab:nodes=200")
    check(app, "Board width")
    set_text(app, "Values of Board width", "5..6")
    set_spin(app, "Fair within points", 10)
    set_race(app, 20, 2, 11)
    app.screenshot("find-fair-alpha-beta-setup")
    _, rows = race(app)
    compare(rows, expected)
    app.screenshot("find-fair-alpha-beta-done")


def test_custom_player_fits_a_phone(session):
    """At a phone's 360 px the custom player's entry and the error under it stay inside the
    window (the error wraps)."""
    home = os.path.join(session.tmp, "home-narrow")
    small_breakthrough(session, home)
    app = session.start_app(home=home, size=(360, 900))
    app.click(balance_button(app, NAME))
    app.find("label", "Balance of %s" % NAME)
    choose(app, "Player B", "Custom…")
    set_text(app, "Custom Player B", "ab:depth=zero")
    error = app.find("label", re.compile(r"^Unknown alpha-beta setting"))
    x, _, width, _ = app.main_window().screen_extents()
    for node in (app.find("text", "Custom Player B"), error):
        nx, _, nw, _ = node.screen_extents()
        if nw <= 0 or nx < x or nx + nw > x + width:
            raise E2EFailure("%s sticks out of the %d px window: %r"
                             % (node.role, width, node.screen_extents()))
    app.screenshot("lab-players-narrow")


if __name__ == "__main__":
    raise SystemExit(run_tests())

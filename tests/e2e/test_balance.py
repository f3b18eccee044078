#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Balance page by hand: from a variant's row on the start page, set a
study up with the page's own controls (players, games, Stop Early, Vary and
its range, Compare With), start it, pause and resume it while the window
keeps answering, read the verdict and the figures, switch charts, apply the
fairest setting in the editor, and reopen saved studies from Recent and from
Open…; a huge study file is read while the window answers."""

import os
import re
import time

from harness import run_tests, E2EFailure, Skip, timeout_multiplier, RETRY_WAIT, DEFAULT_WAIT

RULES = os.environ.get("BOARDSMITH_RULES_DIR", "rules")
CLI = os.environ.get("BOARDSMITH_CLI")

PROGRESS = re.compile(r"^(Complete: |Cancelled: |Paus(ed|ing): |\d+ of \d+ games)")
# (Fair within ±3 points needs the whole interval inside 47–53%: thousands of games.)
# A study far longer than any machine plays in a test's time (Easy against Easy, about
# 10 ms of CPU a game: hours on one core), so that Pause and Cancel always find it running.
# 4,000 games were once over before the click on Pause arrived, on a fast machine.
LONG_STUDY = 100000
VERDICT = re.compile(r"^(No clear first-move advantage|Moving first is an? (advantage|disadvantage)"
                     r"|Fair within ±3 points): player 1 scores \d+\.\d%$")


def balance_button(app, variant):
    """The "Test Balance" button in a variant's row of the start page."""
    def in_row(node):
        return any(re.match(re.escape(variant) + r"\b", a.label or "") for a in node.ancestors())
    return app.find("push button", "Test Balance", where=in_row)


def progress(app):
    """The progress line now ("" while there is none, as when a study is
    still being read)."""
    node = app.snapshot().find_now("label", PROGRESS)
    return node.label if node is not None else ""


def wait_complete(app, games=None, timeout=300):
    want = "Complete: %d games" % games if games is not None else None
    return app.wait_for(lambda: (progress(app) == want if want else
                                 progress(app).startswith("Complete: ")) or None,
                        "the study to finish (%s)" % (want or "any count"), timeout=timeout)


def set_spin(app, name, value):
    """Types a number into the spin button of that name, as a person does."""
    def focused_in_spin():
        node = app.focused()
        return node if node is not None and (
            (node.role == "spin button" and node.label == name) or
            any(a.role == "spin button" and a.label == name for a in node.ancestors())) else None

    # Its text, left of the − and + buttons; typed once it has the focus.
    # A popover just closed may take the first click (as it does a
    # person's): click again.
    for attempt in range(3):
        app.find("spin button", name).click(dx=12)
        try:
            app.wait_for(focused_in_spin, "the focus in %s" % name, timeout=RETRY_WAIT)
            break
        except E2EFailure:
            if attempt == 2:
                raise
    app.key("ctrl+a")
    app.type(str(value))
    app.key("Tab")


def set_games(app, count):
    set_spin(app, "Games per Variant", count)


def combo_value(app, name):
    """What a combo row shows as chosen."""
    row = app.find("combo box", name)
    # Not the open list's items, which are the row's too while it shows (the last one,
    # "Custom…", would read as chosen before it is).
    listed = {id(n) for pane in row.find_all("scroll pane", showing_only=False)
              for n in pane.walk()}
    labels = [n.label for n in row.walk()
              if n.role == "label" and n.label and id(n) not in listed]
    # The row's title, its subtitle, then the chosen item.
    return labels[-1] if labels else None


def choose(app, name, item):
    """Opens the combo row `name` and clicks `item` in its list, scrolling
    the list with the arrow keys first when the item is out of sight."""
    row = app.find("combo box", name)
    if not row.sensitive:
        raise E2EFailure("%s is insensitive" % name)

    def popup():
        fresh = app.find("combo box", name)
        for pane in fresh.find_all("scroll pane"):
            lst = pane.find_now("list")
            if lst is not None and [i for i in lst.children if i.role == "list item"]:
                return pane, [i for i in lst.children if i.role == "list item"]
        return None

    def text(node):
        return " ".join(n.label for n in node.walk() if n.role == "label" and n.label)

    # A popover just closed may take the first click: click again.
    for attempt in range(3):
        app.click("combo box", name)
        try:
            app.wait_for(popup, "the list of %s" % name, timeout=RETRY_WAIT)
            break
        except E2EFailure:
            if attempt == 2:
                raise
    for _ in range(40):
        pane, items = app.wait_for(popup, "the list of %s" % name)
        texts = [text(i) for i in items]
        if item not in texts:
            raise E2EFailure("%s does not offer %r: %s" % (name, item, texts))
        target = items[texts.index(item)]
        px, py, pw, ph = pane.screen_extents()
        x, y, w, h = target.screen_extents()
        if w > 0 and h > 0 and y >= py and y + h <= py + ph:
            app.click(target)
            # Under load a click on a list just shown can be lost (seen at
            # 360 px, two suites at once): while the list is open, again.
            try:
                app.wait_for(lambda: combo_value(app, name) == item or None,
                             "%s to show %r" % (name, item), timeout=RETRY_WAIT)
                break
            except E2EFailure:
                if popup() is None:
                    raise
                continue
        # Out of sight: the list scrolls as the keyboard moves through it.
        app.key("Down" if y >= py + ph else "Up")
    else:
        raise E2EFailure("%r never came into sight in %s" % (item, name))
    app.wait_for(lambda: combo_value(app, name) == item or None,
                 "%s to show %r" % (name, item))
    app.wait_for(lambda: popup() is None or None, "the list of %s to close" % name)


def test_study_from_the_start_page(session):
    app = session.start_app(size=(1000, 1000))
    app.click(balance_button(app, "Agoraphobia"))
    app.find("label", "Balance of Agoraphobia")

    # A long study: while its games are played in the background the window
    # answers at once; Pause stops it, Cancel ends it (its results stay),
    # New Study goes back to the setup.
    set_games(app, LONG_STUDY)
    app.click("push button", "Start Study")
    app.wait_for(lambda: re.match(r"^\d+ of %d games" % LONG_STUDY, progress(app)) or None,
                 "the study to start")
    started = time.monotonic()
    # Under load a click can be lost (as a person's can): while the page
    # still says the study runs, click Pause again.
    for attempt in range(3):
        app.click("push button", "Pause")
        try:
            app.wait_for(lambda: re.match(r"^Paus(ing|ed): ", progress(app)) or None,
                         "the page to say it pauses",
                         timeout=RETRY_WAIT if attempt < 2 else DEFAULT_WAIT)
            break
        except E2EFailure:
            if attempt == 2 or not re.match(r"^\d+ of ", progress(app)):
                raise E2EFailure("after Pause the page says %r" % progress(app))
    print("# the page answered %.2f s after the first click (%d more)"
          % (time.monotonic() - started, attempt))
    app.wait_for(lambda: progress(app).startswith("Paused: ") or None, "the study to pause",
                 timeout=120)
    app.find("push button", "Resume")
    app.click("push button", "Cancel")
    app.wait_for(lambda: progress(app).startswith("Cancelled: ") or None,
                 "the study to be cancelled")
    app.click("push button", "New Study")
    app.find("push button", "Start Study")

    # A short one, to the end: the verdict, the figures, the chart.
    set_games(app, 40)
    app.click("push button", "Start Study")
    wait_complete(app, 40)
    app.find("label", VERDICT)
    app.find("label", re.compile(r"^Easy against Easy · 40 games per variant · "
                                 r"agoraphobia-.*\.bsstudy$"))
    app.find(None, "Player 1’s Score")
    app.find(None, "How Games Ended")
    app.find("push button", "Run 1,000 More")
    app.screenshot("balance-complete")

    # Back to the start page: both studies are in Recent, saying what they
    # study; the later one reopens complete.
    app.click("push button", "Choose Another Game")
    rows = app.wait_for(lambda: app.find_all("label", re.compile(r"^agoraphobia-.*\.bsstudy$"))
                        if len(app.find_all("label", re.compile(r"^agoraphobia-.*\.bsstudy$"))) >= 2
                        else None, "both studies in Recent")
    app.find("label", re.compile(r"^Balance of Agoraphobia · "))
    app.click(max(rows, key=lambda node: node.label))
    app.find("label", "Balance of Agoraphobia")
    wait_complete(app, 40)


def test_sweep_chart_and_apply(session):
    """A sweep set up by hand; the chart chosen in its drop-down; the
    fairest value applied in the editor."""
    app = session.start_app(size=(1000, 1000))
    app.click(balance_button(app, "Agoraphobia"))
    app.find("label", "Balance of Agoraphobia")
    choose(app, "Player A", "Random")
    choose(app, "Player B", "Random")
    set_games(app, 30)
    # Nothing to vary: no range.
    if app.find_all("spin button", "From"):
        raise E2EFailure("a range is offered with nothing to vary")
    choose(app, "Vary", "Dark’s large pieces (player 2)")
    if app.find("combo box", "Compare With").sensitive:
        raise E2EFailure("Compare With stays sensitive while a setting is varied")
    set_spin(app, "From", 3)
    set_spin(app, "To", 5)
    app.click("push button", "Start Study")
    wait_complete(app, 90)
    verdict = app.find("label", re.compile(
        r"^(Fairest|Tied for fairest): Dark’s large pieces \(player 2\) = [345](, [345])*$"))
    # Values equally close to fair are all named; Apply takes the variant's
    # own among them, else the first.
    values = verdict.label.split(" = ", 1)[1].split(", ")
    fairest = "5" if "5" in values else values[0]
    app.find("label", re.compile(r"^Random against Random · 90 games in all, 30 per variant · varying "
                                 r"Dark’s large pieces \(player 2\) from 3 to 5 · "))
    for value in ("3", "4", "5 (the variant’s own)"):
        app.find(None, value)
    app.screenshot("sweep-complete")

    # The sweep chart says in words what its rings mark: the same fairest value(s) as the
    # page's verdict, and the values plausibly fair by Holm's adjustment (issue 26).
    def described():
        node = app.find_now(None, "Chart of the results")
        return node if node is not None and verdict.label in node.description else None
    chart = app.wait_for(described, "the chart's description to name " + verdict.label)
    if not re.search(r"Plausibly fair \(Holm\): [345](, [345])*$", chart.description) and \
            "Plausibly fair" in chart.description:
        raise E2EFailure("the chart's description: %r" % chart.description)

    # Another chart: the page draws it (its pixels change).
    before = session.screenshot(*chart.screen_extents())
    # The drop-down's list, by keyboard: Score by Setting, Results by Seat,
    # Game Length.
    app.click("combo box", "Chart")
    app.wait_for(lambda: app.find_now("label", "Game Length"), "the list of charts")
    app.key("Down", "Down", "Return")
    app.wait_for(lambda: [n for n in app.find("combo box", "Chart").walk()
                          if n.role == "label" and n.label == "Game Length"] or None,
                 "the drop-down to show Game Length")
    app.wait_for(lambda: session.screenshot(*chart.screen_extents()).rgb != before.rgb or None,
                 "the length chart to be drawn")
    app.screenshot("sweep-length-chart")

    apply = app.find("push button", "Apply")
    if fairest == "5":
        # The variant already has the fairest value: nothing to apply.
        if apply.sensitive:
            raise E2EFailure("Apply is offered for the variant's own value")
        return
    app.click(apply)
    app.find("label", "Variant Editor")


def test_compare_with_and_stop_early(session):
    """A/B against an example of the same game, stopping once player 1's
    score is known within ± 5 points."""
    app = session.start_app(size=(1000, 1000))
    app.click(balance_button(app, "Agoraphobia"))
    app.find("label", "Balance of Agoraphobia")
    choose(app, "Player A", "Random")
    choose(app, "Player B", "Random")
    set_games(app, 3000)
    choose(app, "Stop Early", "At ± 5 points")
    app.find(None, "The most each variant plays when the precision takes longer")
    choose(app, "Compare With", "Agoraphobia, hexagon 5, handicap")
    if app.find("combo box", "Vary").sensitive:
        raise E2EFailure("Vary stays sensitive while comparing")
    app.click("push button", "Start Study")
    wait_complete(app)
    games = int(progress(app).split()[1])
    # The anytime-valid confidence sequence reaches ± 5 points after about 740 games per
    # variant of win or loss near ½ (fewer far from it); far fewer than 2 × 3000.
    if not 600 <= games <= 2400:
        raise E2EFailure("the comparison stopped after %d games" % games)
    app.find("label", re.compile(r"^(B changes player 1’s score by [+-]\d+\.\d points|"
                                 r"No clear difference between A and B \([+-]\d+\.\d points\))$"))
    app.find(None, "Difference, B − A")
    app.find("label", re.compile(r"until ± 5 points, at most 3000 games per variant, 6000 in all · "
                                 r"compared with B: Agoraphobia, hexagon 5, handicap"))
    app.screenshot("compare-complete")


def make_huge_study(session, games):
    """A valid study of `games` games, written fast: a real study's games,
    copied under new numbers (a file is checked for its form, not replayed)."""
    import subprocess
    seed_path = os.path.join(session.tmp, "seed.bsstudy")
    path = os.path.join(session.tmp, "huge.bsstudy")
    if os.path.exists(path):
        return path
    subprocess.run([CLI, "study", "agoraphobia", "--white", "random", "--black", "random",
                    "--games", "500", "--seed", "3", "-o", seed_path], check=True,
                   stdout=subprocess.DEVNULL)
    with open(seed_path) as f:
        text = f.read()
    head, rest = text.split("  <games>\n", 1)
    body = rest.rsplit("  </games>\n", 1)[0]
    games_xml = [g + "    </game>\n" for g in body.split("    </game>\n") if g.strip()]
    head = re.sub(r'<stop games="\d+"/>', '<stop games="%d"/>' % games, head)
    with open(path, "w") as f:
        f.write(head + "  <games>\n")
        for n in range(games):
            g = games_xml[n % len(games_xml)]
            f.write(re.sub(r'number="\d+"', 'number="%d"' % n, g, count=1))
        f.write("  </games>\n</study>\n")
    return path


def test_a_huge_study_is_read_while_the_window_answers(session):
    if CLI is None:
        raise Skip("BOARDSMITH_CLI is not set")
    games = 400000
    path = make_huge_study(session, games)
    print("# %s: %.0f MB" % (os.path.basename(path), os.path.getsize(path) / 1e6))
    app = session.start_app(path, size=(1000, 900))
    reading = re.compile(r"^Reading huge\.bsstudy…$")
    app.find("label", reading)
    started = time.monotonic()
    # The main menu opens, and the page still says it reads: the window
    # answered while the file was being read, not after.
    app.click("push button", "Main Menu")
    app.wait_for(lambda: len(app.windows()) > 1 or app.find_all("menu") or None,
                 "the main menu to open")
    answered = time.monotonic() - started
    if not app.find_all("label", reading):
        raise E2EFailure("the study was read before the menu opened (%.1f s): "
                         "no proof the window answered while reading" % answered)
    print("# the menu opened %.2f s after the click, while the study was read" % answered)
    app.key("Escape")
    # Leaving while it reads: the start page at once, the reading dropped.
    app.click("push button", "Choose Another Game")
    app.find("label", "Choose a Game")
    if app.find_all("label", reading):
        raise E2EFailure("still reading after the page was left")
    app.stop()

    # To the end this time: every game counted.
    app = session.start_app(path, size=(1000, 900))
    t0 = time.monotonic()
    wait_complete(app, games, timeout=300)
    print("# read %d games in %.1f s" % (games, time.monotonic() - t0))


def type_location(app, path):
    """In the open Open File dialog, the file's path typed as its location, and Enter."""
    app.key("ctrl+l")
    app.wait_focus("text")
    app.key("ctrl+a")
    app.type(path)
    app.key("Return")
    # GTK 4.8's location entry ignores Enter while it still reads the folder
    # typed (it opens in ~/Documents now, not in the working directory): a
    # person presses Enter again.
    try:
        app.gone(None, "Open File", timeout=RETRY_WAIT)
    except E2EFailure:
        app.key("Return")
        app.gone(None, "Open File")


def test_open_offers_studies(session):
    if CLI is None:
        raise Skip("BOARDSMITH_CLI is not set")
    import subprocess
    docs = os.path.join(session.tmp, "docs")
    os.makedirs(docs, exist_ok=True)
    # A study written by the command line under a plain .xml name: its
    # content says what it is.
    path = os.path.join(docs, "tribes study.xml")
    subprocess.run([CLI, "study", "tribes", "--white", "random", "--black", "random",
                    "--games", "20", "--seed", "4", "-o", path], check=True,
                   stdout=subprocess.DEVNULL)
    app = session.start_app(size=(1000, 900))
    app.find("label", "Choose a Game")
    app.key("ctrl+o")
    dialog = app.window("Open File")
    # Its filter menu: every Boardsmith file by default, studies among the
    # kinds.
    shown = dialog.find_now("label", "Boardsmith files")
    if shown is None:
        raise E2EFailure("the Open dialog does not show Boardsmith files first")
    button = next(a for a in shown.ancestors() if a.role == "push button")
    app.click(button)
    filters = app.wait_for(
        lambda: [n.label for n in app.window("Open File").walk() if n.role == "label" and n.label in (
            "Game records", "Game variants", "Balance studies", "All files")] or None,
        "the filter menu")
    app.screenshot("open-filters")
    if "Balance studies" not in filters:
        raise E2EFailure("the Open dialog lacks the filter Balance studies: %s" % filters)
    app.key("Escape")
    app.wait_for(lambda: not [n for n in app.window("Open File").walk()
                              if n.role == "label" and n.label == "Balance studies"
                              and n.showing] or None, "the filter menu to close")
    type_location(app, path)
    app.find("label", "Balance of Tribes")
    wait_complete(app, 20)
    app.find("label", VERDICT)


def test_narrow_window(session):
    """At a phone's 360 px the page fits: every control within the window,
    the results and the chart too."""
    app = session.start_app(size=(360, 900))
    x, y, width, height = app.main_window().screen_extents()
    if width > 380:
        raise Skip("the window cannot be narrower than %d px yet" % width)
    app.click(balance_button(app, "Agoraphobia"))
    app.find("label", "Balance of Agoraphobia")
    choose(app, "Player A", "Random")
    choose(app, "Player B", "Random")
    set_games(app, 20)
    choose(app, "Vary", "Dark’s large pieces (player 2)")
    app.screenshot("narrow-setup")
    app.click("push button", "Start Study")
    wait_complete(app, 100)
    app.screenshot("narrow-results")
    for node in app.main_window().refresh().walk():
        if node.role in ("push button", "combo box", "spin button", "label") and node.showing \
                and node.extents is not None:
            nx, _, nw, _ = node.screen_extents()
            if nw > 0 and (nx < x - 1 or nx + nw > x + width + 1):
                raise E2EFailure("%r sticks out of the %d px window" % (node, width))


def export_menu_item(app, item):
    """Opens the menu of the chart's export button and clicks an item."""
    for attempt in range(3):
        app.click(None, "Export Chart or Data")
        try:
            node = app.wait_for(lambda: app.find_now("menu item", item), "the menu item " + item,
                                timeout=RETRY_WAIT)
            break
        except E2EFailure:
            if attempt == 2:
                raise
    app.click(node)


def test_export_data(session):
    """A short study run on the page, its data exported by hand: the split
    button's menu, Export Data…, a file name typed in the chooser (CSV,
    then JSON from the name alone); each file is written with its header.
    Then the page at 600 px with the same control."""
    app = session.start_app(size=(1000, 1000))
    app.click(balance_button(app, "Agoraphobia"))
    app.find("label", "Balance of Agoraphobia")
    choose(app, "Player A", "Random")
    choose(app, "Player B", "Random")
    set_games(app, 20)
    app.click("push button", "Start Study")
    wait_complete(app, 20)
    # The main part still exports the chart in one click; the arrow says
    # what else it offers.
    app.find("push button", "Export Chart…")
    export_menu_item(app, "Export Data…")
    app.window("Export Data")
    entry = app.wait_focus("text")
    if not re.match(r"^agoraphobia-.*\.csv$", entry.text):
        raise E2EFailure("the suggested name is %r" % entry.text)
    app.screenshot("export-data-chooser")
    csv = os.path.join(app.home, "Documents", "agoraphobia data.csv")
    app.key("ctrl+a")
    app.type(csv)
    app.key("Return")
    app.wait_for(lambda: os.path.exists(csv) or None, "the CSV at " + csv, 30)
    app.gone(None, "Export Data")
    app.find(None, "Data saved as agoraphobia data.csv")
    with open(csv, encoding="utf-8") as f:
        lines = f.read().splitlines()
    # Issue 26 added the last eight columns (after the older ones, which keep their places).
    if lines[0] != ("arm,value,games,player1_wins,player2_wins,draws,player1_score,low,high,"
                    "p_value,mean_plies,median_plies,mean_legal_moves,effective_games,"
                    "equivalence,holm_p_value,board_coverage,decision_moves,repetition,"
                    "score_difference,tree_complexity_log10"):
        raise E2EFailure("the CSV's header is %r" % lines[0])
    if len(lines) != 2 or not lines[1].startswith("0,,20,"):
        raise E2EFailure("the CSV's rows are %r" % lines[1:])

    export_menu_item(app, "Export Data…")
    app.window("Export Data")
    app.wait_focus("text")
    json_path = os.path.join(app.home, "Documents", "agoraphobia.json")
    app.key("ctrl+a")
    app.type(json_path)
    app.key("Return")
    app.wait_for(lambda: os.path.exists(json_path) or None, "the JSON at " + json_path, 30)
    with open(json_path, encoding="utf-8") as f:
        text = f.read()
    if not text.startswith('{\n  "kind" : "single",\n  "file" : '):
        raise E2EFailure("the JSON starts %r" % text[:60])
    app.find(None, "Export Chart or Data")
    app.screenshot("export-data-done")
    study = app.find("label", re.compile(r"agoraphobia-.*\.bsstudy$")).label.rsplit(" · ", 1)[1]
    app.stop()

    # At 600 px the chart's row keeps its drop-down and the split button.
    path = os.path.join(app.home, ".local", "share", "boardsmith", "studies", study)
    app = session.start_app(path, home=app.home, size=(600, 900))
    wait_complete(app, 20)
    button = app.find("push button", "Export Chart…")
    x, y, width, height = app.main_window().screen_extents()
    bx, _, bw, _ = button.screen_extents()
    if bx + bw > x + width:
        raise E2EFailure("the export button sticks out of the 600 px window")
    export_menu_item(app, "Export Chart…")
    app.window("Export Chart")
    app.key("Escape")
    app.gone(None, "Export Chart")
    app.click(None, "Export Chart or Data")
    app.find("menu item", "Export Data…")
    app.screenshot("export-menu-600")
    app.key("Escape")


if __name__ == "__main__":
    raise SystemExit(run_tests())

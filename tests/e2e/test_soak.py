#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Soak: thousands of random actions a person could take — clicks anywhere
in the app's windows and dialogs, clicks on board cells, keys (undo, redo,
the history, new game, hint, export, help, arrows, Return, Escape, Tab),
files opened from the desktop (records, variants, broken files), the
editor reached by random clicks — then a normal quit. Passes when the app
never crashes, never logs a warning or a critical, never reports a
sanitizer error, and (under the sanitizer build) leaks nothing at exit.

Not in the default run (suite 'soak'): meson test -C _build-asan --suite soak
  BOARDSMITH_SOAK_ACTIONS   how many actions (default 3000)
  BOARDSMITH_SOAK_SEED      the random seed (default 1)
"""

import glob
import os
import random
import re
import time

from harness import E2EFailure, RETRY_WAIT, log_line_allowed, run_tests

ACTIONS = int(os.environ.get("BOARDSMITH_SOAK_ACTIONS", "3000"))
SEED = int(os.environ.get("BOARDSMITH_SOAK_SEED", "1"))

KEYS = ["ctrl+z", "ctrl+shift+z", "alt+Left", "alt+Right", "alt+Home", "alt+End",
        "Up", "Down", "Left", "Right", "Return", "space", "Escape", "Tab", "shift+Tab",
        "ctrl+n", "ctrl+h", "ctrl+e", "F1", "ctrl+question", "ctrl+shift+n", "ctrl+s",
        "ctrl+o", "Delete", "BackSpace", "a", "7"]
# What a log must never say (GLib's levels as g_log prints them, the sanitizers).
BAD = re.compile(r"-(CRITICAL|WARNING) \*\*|runtime error:|ERROR: AddressSanitizer|"
                 r"ERROR: LeakSanitizer|SUMMARY: UndefinedBehaviorSanitizer")
# GTK's own noise (its "Broken accounting of active state" on fast clicks)
# is let through as by every e2e test: harness.log_line_allowed.
VARIANTS = ["agoraphobia", "tribes", "abrobad", "ikabegama", "astoria", "breakthrough"]
# The app's file choosers, by title. GTK's chooser (the portal's in the
# Flatpak) has its own Delete and Move to Trash, on a right click and the
# Delete key: random use of them emptied the soak's home (its settings
# folder, its Documents) and then crashed GTK 4.8's chooser inside
# g_file_equal (docs/FUZZING.md § Soak). They are GTK's, not the app's, so
# in a chooser the soak clicks with the left button and keeps off Delete;
# everything else (typing names, saving, opening, cancelling) stays.
FILE_CHOOSERS = {"Open File", "Open Game Record", "Save Game Record", "Open Variant",
                 "Save Variant", "Export Chart", "Export Data", "Export Game",
                 "Export Position", "Compare With a Variant"}


def write_files(folder):
    """Files the desktop hands to the app: a record, a broken one, a
    variant, something that is no Boardsmith file at all."""
    os.makedirs(folder, exist_ok=True)
    files = {
        "broken.boardsmith": '<?xml version="1.0"?>\n<record format="1">\n<seed>1</seed>\n',
        "notes.txt": "not a game\n",
    }
    for name, text in files.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    here = os.path.dirname(os.path.abspath(__file__))
    rules = os.environ.get("BOARDSMITH_RULES_DIR", "")
    # Records of every game (the fuzz seeds) and variants made with the editor.
    sources = sorted(glob.glob(os.path.join(here, "..", "fuzz", "seeds", "record", "*-1-3.xml")))
    sources += sorted(glob.glob(os.path.join(rules, "examples", "*.xml")))[:3]
    for path in sources:
        name = os.path.basename(path)
        if "/record/" in path:
            name = name.replace(".xml", ".boardsmith")
        with open(path) as src, open(os.path.join(folder, name), "w") as dst:
            dst.write(src.read())
    return sorted(glob.glob(os.path.join(folder, "*")))


def check_log(app, upto):
    with open(app.log_path, errors="replace") as f:
        text = "".join(line for line in f if not log_line_allowed(line))
    m = BAD.search(text)
    if m:
        start = max(0, m.start() - 1500)
        # What random clicks in file choosers may have moved or deleted.
        trash = os.path.join(app.home, ".local/share/Trash/files")
        trashed = sorted(os.listdir(trash)) if os.path.isdir(trash) else []
        raise E2EFailure("after %d actions the app's log says:\n%s\n(in the home's trash: %s)"
                         % (upto, text[start:m.end() + 1500], ", ".join(trashed) or "nothing"))


def top_window(app):
    """The app's topmost window on screen (dialogs included) and its area."""
    found = (None, None)
    for node in app.windows():
        try:
            x, y, w, h = node.screen_extents()
        except Exception:
            continue
        if w > 20 and h > 20:
            found = (node, (x, y, w, h))
    return found


def in_file_chooser(app):
    node, _ = top_window(app)
    return node is not None and node.name in FILE_CHOOSERS


def click_cell(app, cell):
    """Clicks a cell read a moment ago. The board may have changed since (a
    new game, a hand-over): read it again; a board a screen reader can
    still walk while it is not on screen is a defect."""
    try:
        cell.click()
    except E2EFailure as error:
        if "no position" not in str(error):
            raise
        board = app.snapshot().find_now("table", "Game board")
        again = board.find_now("table cell", cell.name) if board is not None else None
        if again is None:
            return
        try:
            again.screen_extents()
        except E2EFailure:
            raise E2EFailure("the board's cell %r is readable but not on screen" % cell.name)


def test_random_actions(session):
    rng = random.Random(SEED)
    sanitized = os.environ.get("BOARDSMITH_E2E_SANITIZED") == "1"
    env = {}
    # Under the sanitizers the whole stack of every allocation is kept
    # (fast_unwind_on_malloc=0: about three times slower), so that a leak
    # inside a library without frame pointers is named, and a library's
    # own leak can be suppressed by name (tests/ui/lsan.supp).
    if sanitized:
        supp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ui", "lsan.supp")
        env = {"ASAN_OPTIONS": "detect_leaks=1:abort_on_error=1",
               "LSAN_OPTIONS": ("suppressions=%s:print_suppressions=0:"
                                "fast_unwind_on_malloc=0:malloc_context_size=40"
                                % os.path.abspath(supp)),
               "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
               # As for the UI tests under ASan (tests/meson.build): Mesa's software
               # GL driver leaks 128 bytes that no suppression can name.
               "GDK_DEBUG": "gl-disable"}
    # Settings in memory: random clicks reach the file chooser's Delete and
    # Move to Trash (and Ctrl+H shows hidden folders). Once, a run (seed 2,
    # 650 actions) found the home's settings folder gone, and GLib's keyfile
    # backend warned on the app's next setting: GLib reporting a folder
    # removed under it, not the app failing (the app deletes no folder).
    env["GSETTINGS_BACKEND"] = "memory"
    app = session.start_app(rng.choice(VARIANTS), env=env)
    files = write_files(os.path.join(app.home, "Documents"))
    counts = {}
    restarts = 0
    started = time.monotonic()

    for n in range(1, ACTIONS + 1):
        if not app.running():
            status = app.proc.returncode
            check_log(app, n)
            if status != 0:
                raise E2EFailure("the app ended with status %d after %d actions" % (status, n))
            # A random click on Quit or on the last window's close button:
            # a normal end. Go on in a new app with the same files.
            restarts += 1
            app = session.start_app(home=app.home, env=env)
        action = rng.choices(["click", "cell", "key", "open", "type"],
                             weights=[40, 25, 30, 2, 3])[0]
        counts[action] = counts.get(action, 0) + 1
        try:
            if action == "click":
                node, box = top_window(app)
                if box:
                    x, y, w, h = box
                    button = rng.choice([1, 1, 1, 1, 3])
                    if node.name in FILE_CHOOSERS:
                        button = 1
                    session.click(x + rng.randrange(w), y + rng.randrange(h), button=button)
            elif action == "cell":
                board = app.snapshot().find_now("table", "Game board")
                if board is not None:
                    cells = [c for c in board.children if c.role == "table cell"]
                    if cells:
                        click_cell(app, rng.choice(cells))
            elif action == "key":
                key = rng.choice(KEYS)
                if key == "Delete" and in_file_chooser(app):
                    key = "BackSpace"
                app.key(key)
            elif action == "open":
                # As the desktop does: the running app is handed the file.
                opener = session.start_app(rng.choice(files), home=app.home, env=env, wait=False)
                opener.wait_exit(timeout=30)
            elif action == "type":
                app.type(rng.choice(["Soak", "x", "123", "Ann & Bo"]))
        except E2EFailure:
            if not app.running():
                continue
            raise
        # A random click on Minimize: bring the window back, as a person
        # would from the taskbar.
        if app.running() and session.restore_minimized(app.pid):
            counts["restore"] = counts.get("restore", 0) + 1
        # Still answering: each action waits for the app to be responsive.
        if app.running():
            app.windows()
        if n % 50 == 0:
            check_log(app, n)
            print("# %d actions in %.0fs: %s, %d restarts" %
                  (n, time.monotonic() - started, counts, restarts), flush=True)

    # A normal end: close dialogs, quit, give up unsaved work when asked.
    for _ in range(4):
        if not app.running():
            break
        app.key("Escape")
    def quit_button():
        return app.snapshot().find_now("push button", re.compile(r"^(Discard|Close|Quit)"))

    for _ in range(10):
        if not app.running():
            break
        app.key("ctrl+q")
        try:
            # It quits, or asks what to do with unsaved work.
            asked = session.wait_for(lambda: not app.running() or quit_button(),
                                     "the app to quit or ask", RETRY_WAIT)
        except E2EFailure:
            continue   # the key was lost: again
        if asked is not True:
            asked.click()
            try:
                session.wait_for(lambda: not app.running() or quit_button() is None,
                                 "the question to be answered", RETRY_WAIT)
            except E2EFailure:
                continue
    status = app.wait_exit(timeout=60)
    check_log(app, ACTIONS)
    if status != 0:
        raise E2EFailure("the app ended with status %d at the end (a leak report?)" % status)
    print("# done: %d actions, %s, %d restarts, %.0fs" %
          (ACTIONS, counts, restarts, time.monotonic() - started), flush=True)


if __name__ == "__main__":
    raise SystemExit(run_tests())

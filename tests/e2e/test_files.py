#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Saving a game through the Save dialog, reopening it from the start page (in
a new run of the app), undo and redo, and stepping through the move list by
clicking its rows."""

import os
import re
import subprocess

from harness import run_tests, E2EFailure, RETRY_WAIT


def play_three(app):
    app.click_cell("d4")
    app.wait_cell("d4", r"^d4, Light Small")
    app.click_cell("c4")
    app.wait_cell("c4", r"^c4, Dark Small")
    app.wait_moves(2)
    third = app.wait_cells_where(r"legal placement")[0]
    app.click_cell(third)
    app.wait_moves(3)
    return third


def board_labels(app):
    return {c: n.name for c, n in app.cells().items()}


def test_save_reopen_undo_redo(session):
    app = session.start_app("agoraphobia")
    third = play_three(app)
    before = board_labels(app)

    # Save through the real dialog: its name field has the focus.
    app.key("ctrl+s")
    app.window("Save Game Record")
    entry = app.wait_focus("text")
    assert entry.text.endswith(".boardsmith"), entry.text
    path = os.path.join(app.home, "Documents", "three moves.boardsmith")
    app.key("ctrl+a")
    app.type(path)
    app.key("Return")
    app.gone(None, "Save Game Record")
    app.wait_for(lambda: os.path.exists(path), "the saved record at " + path)
    with open(path, encoding="utf-8") as f:
        record = f.read()
    assert record.startswith("<?xml") and "<record" in record, record[:200]
    assert "d4" in record and "c4" in record and third in record, record
    app.stop()

    # A new run: the start page lists the game under Recent Files.
    app = session.start_app(home=app.home)
    app.find("list item", re.compile(r"three moves"))
    app.screenshot("start-page")
    # Lost twice on a loaded machine (the start page stayed, with no error):
    # clicked again only while the row is still there.
    app.click_until("list item", re.compile(r"three moves"),
                    lambda: app.snapshot().find_now("table", "Game board"),
                    "the reopened game's board")
    app.board()
    app.wait_moves(3)
    assert board_labels(app) == before, "the reopened game differs"

    # Undo with the header bar button and Ctrl+Z, redo with Shift+Ctrl+Z.
    app.click_until_turn("Undo Move", 2)
    app.wait_cell(third, r", empty")
    app.key("ctrl+z")
    app.wait_moves(1)
    app.wait_cell("c4", r"^c4, empty")
    app.key("shift+ctrl+z")
    app.wait_moves(2)
    app.wait_cell("c4", r"^c4, Dark Small")

    # The move list: a click on a row shows the position after that turn.
    rows = [r for r in app.move_list_node().children if r.role == "list item"]
    assert len(rows) == 4, [r.label for r in rows]
    app.click_move_row(1)
    app.wait_cell("d4", r"^d4, Light Small")
    app.wait_cell("c4", r"^c4, empty")
    app.click_move_row(3)
    assert board_labels(app) == before
    app.click_move_row(0)
    app.wait_cell("d4", r"^d4, empty")


def test_file_choosers_open_in_the_users_folders(session):
    """Started from a terminal in another folder, the file choosers open in
    the user's folders, never in the working directory: Save Game Record in
    Documents, then where records were saved last (also after a restart),
    Save As at the game's own file, Open… where a record was saved, Compare
    With a variant file in the variants folder, Export Chart in Pictures;
    the editor's Open Variant… in Documents and Save As in the variants
    folder until a variant is saved elsewhere, then there (also after a
    restart). (The harness's default start in HOME hid this: the working
    directory was home.)"""
    terminal = os.path.join(session.tmp, "terminal-folder")
    os.makedirs(terminal, exist_ok=True)
    app = session.start_app("agoraphobia", cwd=terminal)
    home = os.path.basename(app.home)
    saved_games = os.path.join(app.home, "Saved Games")
    os.makedirs(saved_games)

    def shows(title, *tail):
        names = app.chooser_folder(title)
        if names[-len(tail):] != list(tail):
            raise E2EFailure("%s opens in %s, not in …/%s" % (title, "/".join(names),
                                                               "/".join(tail)))

    app.click_cell("d4")
    app.wait_moves(1)
    app.key("ctrl+s")
    shows("Save Game Record", home, "Documents")
    app.screenshot("save-in-documents")
    path = os.path.join(saved_games, "first.boardsmith")
    app.wait_focus("text")
    app.key("ctrl+a")
    app.type(path)
    app.key("Return")
    app.gone(None, "Save Game Record")
    app.wait_for(lambda: os.path.exists(path), "the record at " + path)

    # Save As… starts at the game's own file, its name filled in.
    app.key("shift+ctrl+s")
    shows("Save Game Record", home, "Saved Games")
    entry = app.wait_focus("text")
    assert entry.text == "first.boardsmith", entry.text
    app.key("Escape")
    app.gone(None, "Save Game Record")
    # Open… where the record went.
    app.key("ctrl+o")
    shows("Open File", home, "Saved Games")
    app.key("Escape")
    app.gone(None, "Open File")
    app.stop()

    # Another run: a new game (not played yet: no unsaved work is left to
    # restore) is saved where the last one was.
    app = session.start_app("astoria", home=app.home, cwd=terminal)
    app.wait_moves(0)
    app.key("ctrl+s")
    shows("Save Game Record", home, "Saved Games")
    app.key("Escape")
    app.gone(None, "Save Game Record")
    app.stop()

    # The Balance page: a variant to compare with, from the variants folder.
    from test_balance import balance_button, choose, wait_complete
    os.makedirs(os.path.join(app.home, ".local", "share", "boardsmith", "variants"),
                exist_ok=True)
    app = session.start_app(home=app.home, cwd=terminal, size=(1000, 1000))
    app.click(balance_button(app, "Agoraphobia"))
    app.find("label", "Balance of Agoraphobia")
    choose(app, "Compare With", "Other File…")
    shows("Compare With a Variant", "boardsmith", "variants")
    app.key("Escape")
    app.gone(None, "Compare With a Variant")
    app.stop()

    # A study's chart exported: to Pictures.
    study = os.path.join(app.home, "Documents", "tribes.bsstudy")
    subprocess.run([os.environ["BOARDSMITH_CLI"], "study", "tribes", "--white", "random",
                    "--black", "random", "--games", "20", "--seed", "4", "-o", study],
                   check=True, stdout=subprocess.DEVNULL)
    app = session.start_app(study, home=app.home, cwd=terminal, size=(1000, 1000))
    app.find("label", "Balance of Tribes")
    wait_complete(app, 20)
    app.click("push button", "Export Chart…")
    shows("Export Chart", home, "Pictures")
    app.screenshot("chart-in-pictures")
    app.key("Escape")
    app.gone(None, "Export Chart")
    app.stop()

    # The variant editor of a user who never saved a variant (a new home:
    # no variants folder, nothing remembered): Open Variant… in Documents,
    # Save As in the variants folder, made for it; then where a variant was
    # saved last, also after a restart.
    app = session.start_app("--edit", "agoraphobia", cwd=terminal)
    home = os.path.basename(app.home)
    variants = os.path.join(app.home, ".local", "share", "boardsmith", "variants")
    assert not os.path.exists(variants), variants
    work = os.path.join(app.home, "Variants Work")
    os.makedirs(work)

    def editor_menu(item, title):
        app.click("push button", "More Actions")
        app.click(app.find("menu item", item))
        app.window(title)

    app.find("push button", "Play Test")
    editor_menu("Open Variant…", "Open Variant")
    shows("Open Variant", home, "Documents")
    app.screenshot("open-variant-in-documents")
    app.key("Escape")
    app.gone(None, "Open Variant")
    editor_menu("Save Variant As…", "Save Variant")
    shows("Save Variant", "boardsmith", "variants")
    entry = app.wait_focus("text")
    assert entry.text.endswith(".bsvariant"), entry.text
    path = os.path.join(work, "mine.bsvariant")
    app.key("ctrl+a")
    app.type(path)
    app.key("Return")
    app.gone(None, "Save Variant")
    app.wait_for(lambda: os.path.exists(path), "the variant at " + path)
    editor_menu("Open Variant…", "Open Variant")
    shows("Open Variant", home, "Variants Work")
    app.key("Escape")
    app.gone(None, "Open Variant")
    app.stop()

    app = session.start_app("--edit", "astoria", home=app.home, cwd=terminal)
    app.find("push button", "Play Test")
    editor_menu("Open Variant…", "Open Variant")
    shows("Open Variant", home, "Variants Work")
    app.key("Escape")
    app.gone(None, "Open Variant")
    editor_menu("Save Variant As…", "Save Variant")
    shows("Save Variant", home, "Variants Work")
    app.key("Escape")
    app.gone(None, "Save Variant")


def long_record(path, game="abrobad", plies=36):
    """Writes a record of `plies` legal moves (the CLI lists them; a fixed
    choice among them) that the game does not end before."""
    cli = os.environ["BOARDSMITH_CLI"]
    moves = []
    for i in range(plies):
        legal = subprocess.run([cli, "moves", game, "--moves", " ".join(moves)], check=True,
                               capture_output=True, text=True).stdout.split()
        assert legal, "the game ended after %d moves" % len(moves)
        moves.append(legal[(i * 7919) % len(legal)])
    with open(os.path.join(os.environ["BOARDSMITH_RULES_DIR"], game + ".xml"),
              encoding="utf-8") as f:
        variant = f.read().split("?>", 1)[1].strip()
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<record format="1">\n%s\n'
                "<seed>1</seed>\n<result>ongoing</result>\n<moves>\n%s\n</moves>\n</record>\n"
                % (variant, "\n".join("<move>%s</move>" % m for m in moves)))
    return moves


def test_reopened_long_game_shows_its_last_move(session):
    """A record of 36 moves, opened (by path, then from Recent Files): the
    move list is scrolled to the current, last move, and that row is wholly
    inside the list's visible part (it was cut by a few pixels)."""
    app = session.start_app()
    path = os.path.join(app.home, "Documents", "long game.boardsmith")
    moves = long_record(path)
    app.stop()

    def last_row_inside():
        lst = app.move_list_node()
        rows = [r for r in lst.children if r.role == "list item"]
        if len(rows) != len(moves) + 1 or not rows[-1].selected:
            return None
        pane = next((a for a in lst.ancestors() if a.role == "scroll pane"), None)
        if pane is None:
            raise E2EFailure("the move list is not in a scroll pane")
        x, y, w, h = rows[-1].screen_extents()
        px, py, pw, ph = pane.screen_extents()
        seen[0] = ((x, y, w, h), (px, py, pw, ph))
        return y >= py and y + h <= py + ph and x >= px and x + w <= px + pw

    for how in ("path", "recent"):
        seen = [None]
        if how == "path":
            app = session.start_app(path, home=app.home)
        else:
            app = session.start_app(home=app.home)
            app.find("list item", re.compile(r"long game")).click()
        app.wait_moves(len(moves))
        try:
            app.wait_for(last_row_inside, "the last move's row inside the move list")
        except E2EFailure as e:
            raise E2EFailure("%s (opened by %s): row, list %s" % (e, how, seen[0])) from None
        app.screenshot("reopened-" + how)
        app.stop()



def test_ctrl_w_closes_the_window_asking_first(session):
    """Ctrl+W closes the window, as in every GNOME app; a game with a move
    not saved is asked about first: Cancel keeps the window and the game,
    Discard closes it, and with the last window the app ends."""
    app = session.start_app("agoraphobia")
    app.click_cell("d4")
    app.wait_moves(1)

    def close_asked():
        # A key pressed while the window manager hands the focus back from
        # a closed dialog can be lost: pressed again, as a person would.
        for attempt in range(3):
            app.key("ctrl+w")
            try:
                return app.window(re.compile(r"^Save Your Game"), timeout=RETRY_WAIT)
            except E2EFailure:
                if attempt == 2:
                    raise

    close_asked()
    app.screenshot("ctrl-w-asks")
    app.click("push button", "Cancel")
    app.gone(None, re.compile(r"^Save Your Game"))
    app.wait_moves(1)
    app.wait_cell("d4", r"^d4, Light Small")

    close_asked()
    app.click("push button", "Discard")
    assert app.wait_exit() == 0, "boardsmith did not end cleanly after its window closed"

if __name__ == "__main__":
    raise SystemExit(run_tests())

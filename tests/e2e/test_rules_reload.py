#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The designer's loop (issue 24): a rules file opened in the app is played
as the written games that ship are, and each save of it is played again —
the game replayed on the new rules as far as its moves stay legal, the move
that stopped being legal named, a file that does not load said with its
file and line until a save loads again, the game going on meanwhile with
the rules last loaded."""

import os
import re
import shutil

from harness import run_tests, E2EFailure


RULES = os.path.join(os.environ["BOARDSMITH_RULES_DIR"], "games", "clobber.xml")


def write_as_an_editor_does(path, text):
    """A new file renamed over the old one, as GNOME Text Editor, vim and
    most editors save."""
    temporary = os.path.join(os.path.dirname(path), ".%s.swp" % os.path.basename(path))
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(temporary, path)


def banner(app, pattern):
    return app.find("label", re.compile(pattern, re.S))


def test_edit_and_play(session):
    folder = os.path.join(session.tmp, "my rules")
    os.makedirs(folder)
    path = os.path.join(folder, "clobber.xml")
    shutil.copyfile(RULES, path)
    with open(path, encoding="utf-8") as f:
        original = f.read()
    assert 'width="5" height="6"' in original
    assert 'dirs="n e s w"' in original

    # Opened from the command line: the game on its default board, 5 × 6.
    app = session.start_app(path)
    app.wait_cell("a1", r"^a1, White Piece")
    app.wait_cell("a2", r"^a2, Black Piece")
    assert len(app.cells()) == 5 * 6, len(app.cells())
    app.wait_status(r"^White")

    # A move by real clicks: a1 takes a2.
    app.click_cell("a1")
    app.wait_cell("a1", r"selected")
    app.click_cell("a2")
    app.wait_cell("a2", r"^a2, White Piece")
    app.wait_moves(1)
    app.wait_status(r"^Black")

    # The board made wider: the game is played again on 6 × 6, its move kept.
    write_as_an_editor_does(path, original.replace('width="5" height="6"',
                                                   'width="6" height="6"'))
    app.wait_for(lambda: len(app.cells()) == 6 * 6, "the reloaded game on a 6 × 6 board")
    app.wait_cell("f6", r"^f6, ")
    app.wait_cell("a2", r"^a2, White Piece")
    app.wait_cell("a1", r"^a1, empty")
    app.wait_moves(1)
    app.wait_status(r"^Black")

    # Moves only east and west: a1-a2 is no longer legal; the game starts
    # again, and the banner says which move stopped and why.
    sideways = original.replace('width="5" height="6"', 'width="6" height="6"') \
                       .replace('dirs="n e s w"', 'dirs="e w"')
    write_as_an_editor_does(path, sideways)
    banner(app, r"move 1 “a1-a2” is no longer legal")
    app.wait_cell("a2", r"^a2, Black Piece")
    app.wait_cell("a1", r"^a1, White Piece")
    app.wait_status(r"^White")
    app.screenshot("rules-move-refused")
    # The new rules play: a1 takes b1 (east); north is refused.
    app.click_cell("a1")
    app.wait_cell("a1", r"selected")
    assert app.wait_cells_where(r"legal move") == ["b1"], app.cells_where(r"legal move")
    app.click_cell("b1")
    app.wait_cell("b1", r"^b1, White Piece")
    app.wait_moves(1)

    # A broken save: an element the language does not know, on a known line.
    lines = sideways.split("\n")
    broken_line = next(i for i, line in enumerate(lines) if "<step " in line) + 1
    broken = sideways.replace("<step ", "<stepp ")
    write_as_an_editor_does(path, broken)
    error = banner(app, r"clobber\.xml:%d:" % broken_line)
    if "stepp" not in error.name:
        raise E2EFailure("the error does not name the element: %r" % error.name)
    if not re.search(r"does not load", error.name):
        raise E2EFailure("the banner does not say the file does not load: %r" % error.name)
    app.screenshot("rules-broken")
    # The game goes on with the rules last loaded (east and west): Black's
    # d1 takes c1.
    app.wait_status(r"^Black")
    app.click_cell("d1")
    app.wait_cell("d1", r"selected")
    app.click_cell("c1")
    app.wait_cell("c1", r"^c1, Black Piece")
    app.wait_moves(2)
    # The error stays: it is no toast.
    banner(app, r"clobber\.xml:%d:" % broken_line)

    # Fixed, back to the first rules: the error goes, the game is replayed
    # (both moves are legal there too) on the 5 × 6 board.
    write_as_an_editor_does(path, original)
    app.gone("label", re.compile(r"clobber\.xml:%d:" % broken_line))
    app.wait_for(lambda: len(app.cells()) == 5 * 6, "the fixed rules' 5 × 6 board")
    app.wait_cell("b1", r"^b1, White Piece")
    app.wait_cell("c1", r"^c1, Black Piece")
    app.wait_cell("d1", r"^d1, empty")
    app.wait_moves(2)
    app.wait_status(r"^White")
    # North and south are legal again: White's a3 takes a2, southwards.
    app.click_cell("a3")
    app.wait_cell("a3", r"selected")
    assert "a2" in app.wait_cells_where(r"legal move"), app.cells_where(r"legal move")
    app.click_cell("a2")
    app.wait_cell("a2", r"^a2, White Piece")
    app.wait_moves(3)
    app.screenshot("rules-fixed")

    # The game is a game like any other: quitting asks about its moves.
    app.key("ctrl+q")
    app.find("label", re.compile(r"^Save Your Game of Clobber"))
    app.click("push button", "Discard")
    status = app.wait_exit()
    if status != 0:
        raise E2EFailure("boardsmith ended with status %s" % status)

    # Recent files offer it as rules, and it opens from there, watched again.
    app = session.start_app(home=app.home)
    row = app.find("list item", re.compile(r"clobber"))
    said = [n.name for n in row.walk() if n.role == "label"]
    if not any(re.match(r"^Rules of Clobber · ", name) for name in said):
        raise E2EFailure("the recent row does not say it is rules: %r" % said)
    app.click_until("list item", re.compile(r"clobber"),
                    lambda: app.snapshot().find_now("table", "Game board"),
                    "the rules' game from Recent")
    app.wait_cell("a1", r"^a1, White Piece")
    write_as_an_editor_does(path, original.replace('width="5" height="6"',
                                                   'width="3" height="3"'))
    app.wait_for(lambda: len(app.cells()) == 3 * 3, "the reloaded game on a 3 × 3 board")
    app.quit()


def test_new_rules_from_a_game(session):
    """New Rules from This Game: a shipped game's rules copied into the
    user's rules folder under a name of their own, opened, and watched."""
    app = session.start_app("clobber")
    app.wait_cell("a1", r"^a1, White Piece")
    app.click("push button", "Main Menu")
    app.click(app.find("menu item", "New Rules from This Game"))
    folder = os.path.join(app.home, ".local/share/boardsmith/rules")
    path = os.path.join(folder, "copy-of-clobber.xml")
    banner(app, r"^New rules, a copy to change: .*copy-of-clobber\.xml")
    app.wait_for(lambda: os.path.exists(path) or None, "the copy at %s" % path)
    with open(path, encoding="utf-8") as f:
        copy = f.read()
    if 'id="copy-of-clobber"' not in copy or "<name>Copy of Clobber</name>" not in copy:
        raise E2EFailure("the copy has not its own id and name: %r" % copy[:600])
    # The copy's game is on show, under its own name.
    app.find("label", "Copy of Clobber")
    app.screenshot("new-rules")

    # The copy is watched: a smaller board on its next save.
    write_as_an_editor_does(path, copy.replace('width="5" height="6"', 'width="4" height="4"'))
    app.wait_for(lambda: len(app.cells()) == 4 * 4, "the copy's game on a 4 × 4 board")
    app.wait_cell("a1", r"^a1, White Piece")
    app.quit()


def test_a_game_of_own_rules_survives_kill(session):
    """A game of the designer's own rules (an id no shipped game has) is
    autosaved, and after a kill -9 the next start reads those rules again
    before it plays the copy back: the game is not lost."""
    from test_recovery import ask_on_quit, autosaved, discard_and_quit, kill
    folder = os.path.join(session.tmp, "own rules")
    os.makedirs(folder)
    path = os.path.join(folder, "my-clobber.xml")
    with open(RULES, encoding="utf-8") as f:
        text = f.read()
    own = re.sub(r'(<rules[^>]*\bid=")[^"]*"', r'\1my-clobber"', text, count=1)
    own = re.sub(r"<name>[^<]*</name>", "<name>My Clobber</name>", own, count=1)
    assert 'id="my-clobber"' in own, own[:400]
    with open(path, "w", encoding="utf-8") as f:
        f.write(own)

    app = session.start_app(path)
    app.wait_cell("a1", r"^a1, White Piece")
    app.click_cell("a1")
    app.wait_cell("a1", r"selected")
    app.click_cell("a2")
    app.wait_moves(1)
    autosaved(app, ".boardsmith", lambda copy: copy.count("<move>") == 1)
    kill(app)

    again = session.start_app(home=app.home)
    again.window("Restore Unsaved Work?")
    again.find(name=re.compile(r"A game of My Clobber, 1 move"))
    again.click("push button", "Restore")
    again.wait_moves(1)
    again.wait_cell("a2", r"^a2, White Piece")
    again.wait_cell("a1", r"^a1, empty")
    again.find("label", "My Clobber")
    again.screenshot("own-rules-restored")
    # The copy is this session's now; nothing of the dead one is left over.
    autosaved(again, ".boardsmith", lambda copy: copy.count("<move>") == 1)
    ask_on_quit(again, re.compile(r"^Save Your Game of My Clobber"))
    discard_and_quit(again)


def test_a_replayed_record_still_asks_before_writing(session):
    """A game of a watched rules file saved to a record, replayed on a save
    of the rules, keeps what the record held (its stamp) with the record:
    when another program wrote the record since, Ctrl+S asks "File Has
    Changed on Disk" as for any game (the replay used to lose the stamp,
    and the save wrote over the other program's bytes unasked)."""
    from test_file_safety import save_asked
    folder = os.path.join(session.tmp, "stamped rules")
    os.makedirs(folder)
    path = os.path.join(folder, "clobber.xml")
    shutil.copyfile(RULES, path)
    with open(path, encoding="utf-8") as f:
        original = f.read()

    app = session.start_app(path)
    app.wait_cell("a1", r"^a1, White Piece")
    app.click_cell("a1")
    app.wait_cell("a1", r"selected")
    app.click_cell("a2")
    app.wait_cell("a2", r"^a2, White Piece")
    app.wait_moves(1)

    # Saved as a record.
    record = os.path.join(app.home, "Documents", "clobber game.boardsmith")
    app.key("ctrl+s")
    app.window("Save Game Record")
    app.wait_focus("text")
    app.key("ctrl+a")
    app.type(record)
    app.key("Return")
    app.gone(None, "Save Game Record")
    app.wait_for(lambda: os.path.exists(record), "the saved record at " + record)

    # The rules saved: the game replayed on a 6 × 6 board, the record still
    # its file.
    write_as_an_editor_does(path, original.replace('width="5" height="6"',
                                                   'width="6" height="6"'))
    app.wait_for(lambda: len(app.cells()) == 6 * 6, "the replayed game on a 6 × 6 board")
    app.wait_cell("a2", r"^a2, White Piece")
    app.wait_moves(1)

    # Another program writes the record, by an atomic rename.
    with open(record, encoding="utf-8") as f:
        theirs = f.read() + "<!-- saved by another program -->\n"
    with open(record + ".other", "w", encoding="utf-8") as f:
        f.write(theirs)
    os.replace(record + ".other", record)

    # Ctrl+S asks; Cancel writes nothing.
    dialog = save_asked(app)
    dialog.find_now("label", re.compile(r"was changed by another window or program"))
    app.screenshot("replayed-record-changed-on-disk")
    app.click("push button", "Cancel")
    app.gone(None, "File Has Changed on Disk")
    with open(record, encoding="utf-8") as f:
        if f.read() != theirs:
            raise E2EFailure("Cancel wrote the record")

    # Save Anyway writes the replayed game: its 6 × 6 board, its move.
    save_asked(app)
    app.click("push button", "Save Anyway")
    app.gone(None, "File Has Changed on Disk")

    def saved():
        with open(record, encoding="utf-8") as f:
            content = f.read()
        return ("another program" not in content and 'width="6"' in content
                and "a1-a2" in content) or None
    app.wait_for(saved, "the record to hold the replayed game")
    app.quit()


if __name__ == "__main__":
    run_tests(globals())

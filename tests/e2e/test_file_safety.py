#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Text pasted and files changed behind the app's back, as a person meets them.

A 20,000-character text copied from elsewhere and pasted (Ctrl+V) into every
text field of the variant editor: the app lives on, each field keeps what a
file may hold (the player names 50 characters, the variant's name and author
100, its description 5,000), a spin button a number, and nothing critical is
logged. Then a variant file changed on disk between opening and saving (as
another window of the app would change it): Save asks ("File Has Changed on
Disk"); Cancel writes nothing, Reload shows the file as it is now, Undo
brings this window's version back and Save then writes it unasked. The same
for a game record saved in place: asked, and Save Anyway writes this game."""

import glob
import os
import re
import subprocess
import sys

from harness import run_tests, E2EFailure

LONG = 20000
LIMITS = {"player": 50, "name": 100, "author": 100, "description": 5000, "number": 20}
BAD_LOG = re.compile(r"-(CRITICAL|WARNING) \*\*|Gsk-|assertion failed")

# A helper process that owns the X clipboard, as the program a person
# copied from would: GTK serves the text to whoever pastes it.
CLIPBOARD_HELPER = r"""
import sys
import gi
gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, Gtk
Gtk.init()
text = sys.stdin.read()
clipboard = Gdk.Display.get_default().get_clipboard()
clipboard.set(text)
loop = GLib.MainLoop()
def owned():
    if clipboard.is_local():
        print("ready", flush=True)
        return False
    return True
GLib.timeout_add(20, owned)
loop.run()
"""


class Clipboard:
    """copy(text): the text is on the clipboard until the next copy or stop()."""

    def __init__(self, session):
        self.session = session
        self.proc = None

    def copy(self, text):
        self.stop()
        # The python that has GTK's bindings (the harness runs under it too).
        self.proc = subprocess.Popen([sys.executable, "-c", CLIPBOARD_HELPER],
                                     env=self.session.env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, start_new_session=True)
        self.proc.stdin.write(text.encode())
        self.proc.stdin.close()
        # Blocks until the helper owns the clipboard (or dies).
        line = self.proc.stdout.readline()
        if not line.startswith(b"ready"):
            raise E2EFailure("the clipboard helper did not take the clipboard (%r)" % line)

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()
        self.proc = None


def check_log(app):
    with open(app.log_path, errors="replace") as f:
        bad = [line for line in f if BAD_LOG.search(line)]
    assert not bad, "the app logged:\n" + "".join(bad[:10])


def paste_into(app, node, length, what):
    """Focused field: select all, paste, and wait for its text to be cut."""
    app.key("ctrl+a", "ctrl+v")
    ref = node.ref

    def pasted():
        for n in app.snapshot().walk():
            if n.ref == ref:
                text = n.text or ""
                return text if len(text) == length else None
        return None
    text = app.wait_for(pasted, "%s to hold %d characters after the paste" % (what, length), 30)
    assert set(text) == {"W"}, "%s holds %r…" % (what, text[:40])
    assert app.running(), "the app died pasting into " + what


def scroll_into_sight(app, name, where, pane_x, role="text"):
    """Turns the mouse wheel over the settings (at x = pane_x) until the
    text field is wholly inside the window; returns it."""
    _, wy, _, wh = app.main_window().screen_extents()
    for _ in range(60):
        node = app.find(role, name, where=where)
        _, y, _, h = node.screen_extents()
        if y > wy + 60 and y + h < wy + wh - 10:
            return node
        app.session.click(pane_x, wy + wh // 2, 5 if y + h >= wy + wh - 10 else 4)
    raise E2EFailure("%s never came into sight" % name)


def set_spin(app, name, value):
    spin = app.find("spin button", name)
    spin.click()
    app.key("ctrl+a")
    app.type(str(value))
    app.key("Tab")
    app.wait_for(lambda: app.find("spin button", name).text == str(value),
                 "%s to read %s" % (name, value))


def test_paste_long_text_into_every_field(session):
    app = session.start_app("--edit", "agoraphobia")
    app.board_name = "Board preview"
    app.wait_cell("g7", r"^g7, empty")
    clipboard = Clipboard(session)
    try:
        clipboard.copy("W" * LONG)
        # Left of the spin buttons: inside the settings, on no control.
        pane_x = app.find("spin button", "Width").centre()[0] - 150
        # Player 1's name, in sight: clicked, as a person would.
        node = app.find("text", "Name", where=lambda n: n.text == "Light")
        node.click()
        paste_into(app, node, LIMITS["player"], "player 1's name")
        app.find("label", re.compile(r"^Player 1: W{%d}$" % LIMITS["player"]))
        app.screenshot("long-player-name")

        # The others further down: the settings scrolled with the mouse
        # wheel until the field is in sight, then clicked.
        for name, text, limit, what in (("Name", "Dark", LIMITS["player"], "player 2's name"),
                                        ("Name", "Agoraphobia (copy)", LIMITS["name"],
                                         "the variant's name"),
                                        ("Author", None, LIMITS["author"], "the author"),
                                        ("Description", None, LIMITS["description"],
                                         "the description")):
            node = scroll_into_sight(app, name, lambda n, t=text: t is None or n.text == t,
                                     pane_x)
            node.click()
            paste_into(app, node, limit, what)
        app.screenshot("long-texts")

        # A spin button takes a number: 20,000 nines are cut, then the
        # value is held to the board's largest.
        clipboard.copy("9" * LONG)
        spin = scroll_into_sight(app, "Width", None, pane_x, role="spin button")
        spin.click()
        app.key("ctrl+a", "ctrl+v")
        app.wait_for(lambda: (lambda t: t if t and set(t) == {"9"} else None)(
            app.find("spin button", "Width").text), "the nines in Width")
        text = app.find("spin button", "Width").text
        assert len(text) <= LIMITS["number"], "Width holds %d characters" % len(text)
        app.key("Tab")
        app.wait_for(lambda: re.fullmatch(r"\d{1,3}", app.find("spin button", "Width").text or ""),
                     "Width to hold the largest width")
        # Still drawn and answering: the preview has its cells.
        app.wait_for(lambda: len(app.cells()) > 0, "the board preview's cells")
        app.screenshot("after-all-pastes")
    finally:
        clipboard.stop()
    assert app.running()
    check_log(app)


def save_asked(app):
    """Ctrl+S, and the question. A key pressed while the window manager is
    still handing the focus back from a closed dialog can be lost (as in
    test_recovery): pressed again then, as a person would."""
    for attempt in range(3):
        app.key("ctrl+s")
        try:
            return app.window("File Has Changed on Disk")
        except E2EFailure:
            if attempt == 2:
                raise


def test_changed_on_disk(session):
    app = session.start_app("--edit", "agoraphobia")
    app.board_name = "Board preview"
    app.wait_cell("g7", r"^g7, empty")
    app.key("ctrl+s")
    folder = os.path.join(app.home, ".local/share/boardsmith/variants")
    path = app.wait_for(lambda: (glob.glob(os.path.join(folder, "*.bsvariant")) or [None])[0],
                        "the saved variant in " + folder)

    # Another window (here: the test) renames player 1 and saves, by the
    # same atomic rename the app uses.
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert 'name="Light"' in text, text[:400]
    tmp = path + ".other"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text.replace('name="Light"', 'name="Renamed"'))
    os.replace(tmp, path)

    # This window changes the width and saves: asked.
    set_spin(app, "Width", 6)
    dialog = save_asked(app)
    dialog.find_now("label", re.compile(r"was changed by another window or program"))
    app.screenshot("changed-on-disk")
    app.click("push button", "Cancel")
    app.gone(None, "File Has Changed on Disk")
    with open(path, encoding="utf-8") as f:
        assert 'name="Renamed"' in f.read(), "Cancel wrote the file"

    # Reload: the rename is shown, the width as in the file; Undo brings
    # this window's version back whole.
    save_asked(app)
    app.click("push button", "Reload")
    app.gone(None, "File Has Changed on Disk")
    app.find("text", "Name", where=lambda n: n.text == "Renamed")
    app.wait_for(lambda: app.find("spin button", "Width").text == "7", "Width back to 7")
    app.key("ctrl+z")
    app.wait_for(lambda: app.find("spin button", "Width").text == "6", "Undo to bring 6 back")
    app.find("text", "Name", where=lambda n: n.text == "Light")

    # Nothing changed on disk since the reload: Save writes, unasked.
    app.key("ctrl+s")

    def saved():
        with open(path, encoding="utf-8") as f:
            content = f.read()
        return 'name="Light"' in content and re.search(r'\bwidth="6"', content)
    app.wait_for(saved, "the file to hold this window's version")
    assert not any(w.name == "File Has Changed on Disk" for w in app.windows())
    check_log(app)



def test_record_changed_on_disk(session):
    """A game record saved, then written again behind the app's back (as a
    second window saving the same file would): Ctrl+S asks; Cancel writes
    nothing; Save Anyway writes this window's game."""
    app = session.start_app("agoraphobia")
    app.click_cell("d4")
    app.wait_cell("d4", r"^d4, Light Small")
    app.key("ctrl+s")
    app.window("Save Game Record")
    app.wait_focus("text")
    path = os.path.join(app.home, "Documents", "shared.boardsmith")
    app.key("ctrl+a")
    app.type(path)
    app.key("Return")
    app.gone(None, "Save Game Record")
    app.wait_for(lambda: os.path.exists(path), "the saved record at " + path)

    # Another window writes the file, by the same atomic rename the app uses.
    with open(path, encoding="utf-8") as f:
        theirs = f.read() + "<!-- saved by another window -->\n"
    tmp = path + ".other"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(theirs)
    os.replace(tmp, path)

    # This window plays on and saves: asked; Cancel writes nothing.
    app.click_cell("c4")
    app.wait_cell("c4", r"^c4, Dark Small")
    dialog = save_asked(app)
    dialog.find_now("label", re.compile(r"was changed by another window or program"))
    app.screenshot("record-changed-on-disk")
    app.click("push button", "Cancel")
    app.gone(None, "File Has Changed on Disk")
    with open(path, encoding="utf-8") as f:
        assert f.read() == theirs, "Cancel wrote the file"

    # Save Anyway: this window's game, both turns.
    save_asked(app)
    app.click("push button", "Save Anyway")
    app.gone(None, "File Has Changed on Disk")

    def saved():
        with open(path, encoding="utf-8") as f:
            content = f.read()
        return "another window" not in content and "c4" in content
    app.wait_for(saved, "the file to hold this window's game")
    check_log(app)

if __name__ == "__main__":
    raise SystemExit(run_tests())

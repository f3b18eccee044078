#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The keyboard focus always lands on a widget that is there (issue 13.6): after
a submenu of the main menu, a dialog, a file chooser, the shortcuts window or a
change of page, Tab and the shortcuts go on working without a click."""

from harness import run_tests, E2EFailure


def on_board(app):
    return app.wait_focus("table cell")


def luminance(rgb):
    r, g, b = (c / 255.0 for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_focus_after_the_style_submenu(session):
    app = session.start_app("agoraphobia")
    on_board(app)

    # ☰ → Style → Dark, by mouse: the style changes and the focus comes back
    # to the board (it was left on the closed submenu's item).
    app.key("F10")
    app.click(app.find("menu item", "Style"))
    app.click(app.find("menu item", "Dark"))
    on_board(app)
    frame = app.main_window()
    x, y, w, h = frame.screen_extents()

    def dark_now():
        shot = session.screenshot()
        # Beside the board, above the status line: the window's background.
        return shot if luminance(shot.pixel(x + 30, y + h - 120)) < 0.3 else None
    app.wait_for(dark_now, "the window drawn in the dark style")
    app.screenshot("dark-style")

    # Tab moves on from the board and back.
    app.key("Tab")
    app.wait_for(lambda: (lambda f: f if f is not None and f.role != "table cell" else None)(
        app.focused()), "the focus to leave the board with Tab")
    app.key("shift+Tab")
    on_board(app)

    # The same through the keyboard alone: F10, arrows, Enter.
    app.key("F10")
    app.wait_focus("menu item")
    for _ in range(20):
        if app.focused() is not None and app.focused().name == "Style":
            break
        app.key("Down")
        app.wait_for(lambda: app.focused(), "a focused menu item")
    else:
        raise E2EFailure("Style not reached with the arrow keys")
    app.key("Return")
    app.find("menu item", "Follow System Style")
    for _ in range(5):
        if app.focused() is not None and app.focused().name == "Light":
            break
        app.key("Down")
    app.wait_focus("menu item", "Light")
    app.key("Return")
    on_board(app)


def test_focus_after_dialogs_and_pages(session):
    app = session.start_app("agoraphobia")
    on_board(app)

    # F1: How to Play; closing it gives the board its focus back.
    app.key("F1")
    app.window(role="dialog")
    app.key("Escape")
    app.wait_for(lambda: all(w.role != "dialog" for w in app.windows()) or None,
                 "the help to close")
    on_board(app)

    # Ctrl+O: the file chooser, cancelled.
    app.key("ctrl+o")
    app.window("Open Game Record")
    app.key("Escape")
    app.wait_for(lambda: len(app.windows()) == 1 or None, "the file chooser to close")
    on_board(app)

    # Ctrl+?: the shortcuts window, closed.
    app.key("ctrl+question")
    app.window("Keyboard Shortcuts")
    app.key("Escape")
    app.wait_for(lambda: len(app.windows()) == 1 or None, "the shortcuts window to close")
    on_board(app)

    # Shift+Ctrl+N: the start page, its first button focused; Tab goes on
    # to the list of games, Enter starts one, which gets the focus again.
    app.key("shift+ctrl+n")
    app.wait_focus("push button", "Play Agoraphobia Again")
    app.key("Tab")
    app.wait_for(lambda: (lambda f: f if f is not None and f.name != "Play Agoraphobia Again"
                          else None)(app.focused()), "Tab to move on")
    app.key("shift+Tab")
    app.wait_focus("push button", "Play Agoraphobia Again")
    app.key("Return")
    on_board(app)


if __name__ == "__main__":
    raise SystemExit(run_tests())

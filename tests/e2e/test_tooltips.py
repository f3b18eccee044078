#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A menu button's tooltip ("Players", "Main Menu", "More Actions") shows
while its popover is closed, and never over its own open popover (GTK 4.8
kept it there, over the popover's first row)."""

import time

from harness import run_tests, E2EFailure, RETRY_WAIT, timeout_multiplier, pause


def hover_for_tooltip(app, button):
    """Moves the pointer onto the button (from beside it) and waits for its
    tooltip: (the tooltip window's size, the seconds it took). A hover the
    app missed (seen once on a loaded machine, the button lit, no tooltip)
    is made again, as a person would move the pointer away and back."""
    x, y, w, h = button.screen_extents()
    for attempt in range(3):
        app.session.move(x - 40, y + h // 2)
        before = set(app.popups())
        pause(0.05)   # two motions, not one: the button sees the pointer come in
        app.session.move(x + w // 2, y + h // 2)
        start = time.monotonic()
        try:
            tip = app.wait_for(lambda: next((p for p in app.popups() if p not in before), None),
                               "the tooltip of %r" % button.label, RETRY_WAIT * (attempt + 1))
            return tip[2:], time.monotonic() - start
        except E2EFailure:
            if attempt == 2:
                raise


def no_tooltip_while_open(app, name, opened):
    """Hover shows the tooltip; a click opens the popover (opened() finds
    what is in it) with the pointer still on the button: no tooltip shows
    for three times as long as it took to show before. Escape closes the
    popover, and the tooltip comes back."""
    button = app.find("push button", name)
    size, delay = hover_for_tooltip(app, button)
    x, y = button.centre()
    app.session.click(x, y)
    opened()
    deadline = time.monotonic() + max(1.5, 3 * delay) * timeout_multiplier()
    while time.monotonic() < deadline:
        tips = [p for p in app.popups() if p[2:] == size]
        if tips:
            app.screenshot("tooltip-over-" + name.lower().replace(" ", "-"))
            raise E2EFailure("the tooltip of %r shows over its open popover at %s"
                             % (name, tips[0][:2]))
        pause(0.1)
    app.screenshot("open-" + name.lower().replace(" ", "-"))
    app.key("Escape")
    app.wait_for(lambda: not app.popups(), "the popover of %r to close" % name)
    hover_for_tooltip(app, app.find("push button", name))


def test_players_and_main_menu(session):
    app = session.start_app("agoraphobia")
    no_tooltip_while_open(app, "Players", app.seat_buttons)
    no_tooltip_while_open(app, "Main Menu",
                          lambda: app.wait_for(lambda: [p for p in app.popups() if p[3] > 100],
                                               "the main menu"))


def test_editor_more_actions(session):
    app = session.start_app("--edit", "agoraphobia")
    no_tooltip_while_open(app, "More Actions",
                          lambda: app.wait_for(lambda: [p for p in app.popups() if p[3] > 60],
                                               "the editor's menu"))


if __name__ == "__main__":
    raise SystemExit(run_tests())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Exporting the position as a PNG through the Export dialog and its file
chooser, and checking the file."""

import os
import re
import struct

from harness import run_tests, E2EFailure


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(33)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise E2EFailure("%s is not a PNG" % path)
    return struct.unpack(">II", head[16:24])


def test_export_png(session):
    app = session.start_app("astoria")
    app.click_cell("d4")
    app.click("push button", "Push North")
    app.wait_moves(1)

    app.key("ctrl+e")
    dialog = app.window("Export Image")
    dialog.find_now("combo box", "Format")
    app.find("label", re.compile(r"^PNG image · 800 × 800 pixels"))
    # A smaller picture: the width field, then the summary follows.
    spin = app.find("spin button", "Width")
    spin.click()
    app.key("ctrl+a")
    app.type("640")
    app.key("Tab")
    app.find("label", re.compile(r"^PNG image · 640 × \d+ pixels"))
    app.click("push button", "Export…")

    app.window("Export Position")
    entry = app.wait_focus("text")
    assert entry.text.endswith(".png"), entry.text
    path = os.path.join(app.home, "Documents", "position.png")
    app.key("ctrl+a")
    app.type(path)
    app.key("Return")
    app.wait_for(lambda: os.path.exists(path) and os.path.getsize(path) > 1000,
                 "the PNG at " + path, 30)
    width, height = png_size(path)
    assert width == 640 and height > 0, (width, height)
    app.gone(None, "Export Image")
    app.screenshot("exported")


def in_language(language):
    """The environment that starts the app in a language of the built catalogs."""
    if not language:
        return None
    return {"LANGUAGE": language, "BOARDSMITH_LOCALEDIR": os.environ["BOARDSMITH_E2E_LOCALEDIR"]}


def test_drop_down_lists_inside_the_dialog(session):
    """The Format and Theme lists open inside the Export dialog, in English,
    French and German (the format list stuck out past the dialog's right
    edge, "Animated GIF of the G…" cut; the in-process test
    /export/names-fit checks that no name is cut)."""
    titles = {"": "Export Image", "fr": "Exporter une image", "de": "Bild exportieren"}
    rows = {"": ("Format", "Theme"), "fr": ("Format", "Thème"), "de": ("Format", "Thema")}
    for language in ("", "fr", "de"):
        app = session.start_app("astoria", env=in_language(language))
        app.key("ctrl+e")
        app.window(titles[language])
        for combo_name in rows[language]:
            app.click("combo box", combo_name)
            app.wait_for(app.popups, "the list of %r" % combo_name)

            def open_list():
                combo = app.window(titles[language]).find_now("combo box", combo_name)
                popover = combo and next((n for n in combo.walk() if n.name == "GtkPopover"),
                                         None)
                items = popover and [n for n in popover.walk() if n.role == "list item"]
                return items if items and all(i.extents and i.extents[2] > 0 for i in items) \
                    else None
            items = app.wait_for(open_list, "the items of %r" % combo_name)
            dx, dy, dw, dh = app.window(titles[language]).screen_extents()
            app.screenshot("%s-%s" % (language or "en", combo_name.lower()))
            for item in items:
                x, y, w, h = item.screen_extents()
                names = [c.name for c in item.walk() if c.role == "label"]
                assert dx <= x and x + w <= dx + dw, \
                    "%r (%d…%d) is outside the dialog (%d…%d)" % (names, x, x + w, dx, dx + dw)
            app.key("Escape")
            app.wait_for(lambda: not app.popups(), "the list of %r to close" % combo_name)
        app.stop()


if __name__ == "__main__":
    raise SystemExit(run_tests())

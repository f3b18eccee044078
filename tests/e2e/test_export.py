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


if __name__ == "__main__":
    raise SystemExit(run_tests())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The board's coordinates can be read in every style (issue 29): light,
dark, and each with high contrast (libadwaita's own debug switches set the
style as the desktop would). Read from the screen: the labels' pixels keep
WCAG's 4.5:1 from the window around them."""

from collections import Counter

from harness import run_tests, E2EFailure

STYLES = (
    ("light", {"ADW_DEBUG_COLOR_SCHEME": "prefer-light", "ADW_DEBUG_HIGH_CONTRAST": "0"}),
    ("dark", {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark", "ADW_DEBUG_HIGH_CONTRAST": "0"}),
    ("light, high contrast", {"ADW_DEBUG_COLOR_SCHEME": "prefer-light",
                              "ADW_DEBUG_HIGH_CONTRAST": "1"}),
    ("dark, high contrast", {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark",
                             "ADW_DEBUG_HIGH_CONTRAST": "1"}),
)


def luminance(rgb):
    def linear(v):
        v /= 255.0
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def label_contrast(shot):
    """The window's colour in a band of labels (its commonest pixel) and the
    contrast of the label pixel that stands out most from it."""
    pixels = [shot.pixel(x, y) for y in range(shot.height) for x in range(shot.width)]
    background = Counter(pixels).most_common(1)[0][0]
    return background, max(contrast(p, background) for p in pixels)


def test_coordinates_in_every_style(session):
    failures = []
    for style, env in STYLES:
        app = session.start_app("breakthrough", env=env, settings={"show-coordinates": "true"})
        app.main_window()
        boxes = [n.screen_extents() for n in app.cells().values()]
        left = min(x for x, _, _, _ in boxes)
        right = max(x + w for x, _, w, _ in boxes)
        top = min(y for _, y, _, _ in boxes)
        bottom = max(y + h for _, y, _, h in boxes)
        size = boxes[0][2]
        shot = app.session.screenshot()
        # Row numbers left of the board, column letters under it.
        bands = {"row numbers": shot.crop(left - size * 6 // 10, top, size * 6 // 10 - 2,
                                          bottom - top),
                 "column letters": shot.crop(left, bottom + 2, right - left, size * 6 // 10)}
        app.screenshot("coordinates-" + style.replace(", ", "-").replace(" ", "-"))
        for band, image in bands.items():
            background, ratio = label_contrast(image)
            print("# %s: %s on #%02x%02x%02x, %.2f:1" % (style, band, *background, ratio))
            if ratio < 4.5:
                failures.append("%s: the %s reach only %.2f:1 against #%02x%02x%02x"
                                % (style, band, ratio, *background))
        app.stop()
    if failures:
        raise E2EFailure("; ".join(failures))


if __name__ == "__main__":
    raise SystemExit(run_tests())

# SPDX-License-Identifier: GPL-3.0-or-later
"""Boardsmith's end-to-end harness: the app as its own process, driven like a person.

A Session is a private desktop: Xvfb, a private D-Bus session bus (which starts
the AT-SPI accessibility bus on demand) and metacity, so dialogs get focus as on
a real desktop. Session.start_app() runs the built `boardsmith` in it with its own
HOME and XDG directories. Tests act only through real X input (XTest: mouse
clicks, key presses) and read back only what assistive technology reads (the
AT-SPI tree), files and screenshots.

    from harness import run_tests

    def test_something(session):
        app = session.start_app("astoria")
        app.click_cell("d4")
        app.click(app.find("push button", "Push North"))
        app.wait_for(lambda: app.cell_label("d5").startswith("d5, Gold"),
                     "a Gold piece on d5")

    if __name__ == "__main__":
        run_tests()

See README.md beside this file.
"""

import glob
import os
import re
import resource
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import traceback
import zlib

__all__ = [
    "E2EFailure", "Skip", "Session", "App", "Node", "Screenshot",
    "run_tests", "timeout_multiplier", "scaled", "pause", "DEFAULT_WAIT", "RETRY_WAIT",
    "log_line_allowed",
]


class E2EFailure(AssertionError):
    """A step of a test did not happen; the message says what was awaited."""


class Skip(Exception):
    """Raise to skip a test (the reason is printed)."""


def _meson_timeout_multiplier():
    """The --timeout-multiplier (-t) of the `meson test` that runs this test, or
    None: meson does not pass it to its tests, so it is read from the command
    line of the nearest ancestor process that is `meson test` (0, "no timeout",
    becomes a factor of 1000)."""
    pid = os.getppid()
    for _ in range(8):
        if pid <= 1:
            return None
        try:
            with open("/proc/%d/cmdline" % pid, "rb") as f:
                argv = [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
            with open("/proc/%d/stat" % pid) as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return None
        value = _parse_meson_test_argv(argv)
        if value is not None:
            return value
        pid = parent
    return None


def _parse_meson_test_argv(argv):
    """The -t/--timeout-multiplier of a `meson test …` command line: a float,
    0 meaning no timeout (1000 here), 1 when it is `meson test` without it,
    None when argv is not `meson test`."""
    for i, arg in enumerate(argv[:-1]):
        if os.path.basename(arg) in ("meson", "meson.py") and argv[i + 1] == "test":
            break
    else:
        return None
    value = 1.0
    rest = iter(argv[i + 2:])
    for arg in rest:
        text = None
        if arg in ("-t", "--timeout-multiplier"):
            text = next(rest, None)
        elif arg.startswith("--timeout-multiplier="):
            text = arg.split("=", 1)[1]
        elif arg.startswith("-t") and len(arg) > 2:
            text = arg[2:]
        elif arg == "--":
            break
        if text is not None:
            try:
                value = float(text)
            except ValueError:
                pass
    return 1000.0 if value <= 0 else value


_MULTIPLIER = None


def timeout_multiplier():
    """The one factor every wait is multiplied by: the larger of
    $BOARDSMITH_TEST_TIMEOUT_MULTIPLIER (4 in sanitizer builds; set it for a
    loaded machine) and the --timeout-multiplier of the `meson test` running
    this test, at least 1. tests/ui/ui-test-util.c computes the same."""
    global _MULTIPLIER
    if _MULTIPLIER is None:
        try:
            env = float(os.environ.get("BOARDSMITH_TEST_TIMEOUT_MULTIPLIER", "1"))
        except ValueError:
            env = 1.0
        meson = _meson_timeout_multiplier() or 1.0
        _MULTIPLIER = max(1.0, env, meson)
    return _MULTIPLIER


def scaled(seconds):
    """seconds × timeout_multiplier(): for every time limit the harness or a
    test sets (a wait, a process's exit, a D-Bus call)."""
    return seconds * timeout_multiplier()


# How long a step may take on an idle machine, in seconds, before a wait
# fails: every wait scales it (and any other limit) by timeout_multiplier().
DEFAULT_WAIT = 10

# How long a start may take, before scaling, until the window is on the
# accessibility bus: 30 s was too short once beside stress-ng --cpu 4 at load
# 18–25, for an app opening a 400,000-game study (e2e-balance).
START_WAIT = 60

# How long to wait, in seconds before scaling, for the effect of an action a
# busy desktop may lose (a click a closing popover takes, a key pressed while
# the window manager hands the focus back) before doing it again.
RETRY_WAIT = 3


def pause(seconds):
    """Paces the input (a pointer moved before its button goes down) and the
    polling of waits: scaled like every wait, so that a loaded app gets the
    events as a slower hand sends them, but at most 10×: past that it would
    only make the test slower."""
    time.sleep(seconds * min(timeout_multiplier(), 10.0))


_TRACE = bool(os.environ.get("BOARDSMITH_E2E_TRACE"))


def _trace(message):
    """With BOARDSMITH_E2E_TRACE=1: what took how long (to find slow steps)."""
    if _TRACE:
        _log("[%.2f] %s" % (time.monotonic(), message))


def _log(message):
    print("# " + message.replace("\n", "\n# "), flush=True)


# ---------------------------------------------------------------------------
# Screenshots


class Screenshot:
    """An RGB image of the whole X screen (or a part of it)."""

    def __init__(self, width, height, rgb):
        self.width = width
        self.height = height
        self.rgb = rgb  # bytes, 3 per pixel, rows top to bottom

    def pixel(self, x, y):
        i = (y * self.width + x) * 3
        return tuple(self.rgb[i:i + 3])

    def crop(self, x, y, width, height):
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + width), min(self.height, y + height)
        rows = [self.rgb[(r * self.width + x0) * 3:(r * self.width + x1) * 3]
                for r in range(y0, y1)]
        return Screenshot(x1 - x0, y1 - y0, b"".join(rows))

    def distinct_colours(self):
        return len({self.rgb[i:i + 3] for i in range(0, len(self.rgb), 3)})

    def save(self, path):
        """Writes a PNG (zlib from the standard library; no imaging package)."""
        stride = self.width * 3
        raw = b"".join(b"\x00" + self.rgb[r * stride:(r + 1) * stride]
                       for r in range(self.height))

        def chunk(kind, data):
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

        png = (b"\x89PNG\r\n\x1a\n"
               + chunk(b"IHDR", struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0))
               + chunk(b"IDAT", zlib.compress(raw, 3))
               + chunk(b"IEND", b""))
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(png)
        os.replace(tmp, path)
        return path


# ---------------------------------------------------------------------------
# The accessibility tree, read over D-Bus
#
# A small AT-SPI client on GDBus rather than libatspi: it asks for a whole level
# of the tree at once (asynchronous calls, one round trip per level) and keeps
# no cache, so every read is what the app says now. A Node is one object as it
# was when its snapshot was taken; take a new snapshot to see changes (the
# find and wait helpers do).

# AtspiStateType, in the order of atspi-constants.h (bit i of GetState).
_STATES = ("invalid", "active", "armed", "busy", "checked", "collapsed", "defunct",
           "editable", "enabled", "expandable", "expanded", "focusable", "focused",
           "has-tooltip", "horizontal", "iconified", "modal", "multi-line",
           "multiselectable", "opaque", "pressed", "resizable", "selectable", "selected",
           "sensitive", "showing", "single-line", "stale", "transient", "vertical", "visible",
           "manages-descendants", "indeterminate", "required", "truncated", "animated",
           "invalid-entry", "supports-autocompletion", "selectable-text", "is-default",
           "visited", "checkable", "has-popup", "read-only")

# AtspiRole names, in the order of atspi-constants.h (what GetRole returns).
_ROLES = (
    "invalid", "accelerator label", "alert", "animation", "arrow", "calendar", "canvas",
    "check box", "check menu item", "color chooser", "column header", "combo box",
    "date editor", "desktop icon", "desktop frame", "dial", "dialog", "directory pane",
    "drawing area", "file chooser", "filler", "focus traversable", "font chooser", "frame",
    "glass pane", "html container", "icon", "image", "internal frame", "label",
    "layered pane", "list", "list item", "menu", "menu bar", "menu item", "option pane",
    "page tab", "page tab list", "panel", "password text", "popup menu", "progress bar",
    "push button", "radio button", "radio menu item", "root pane", "row header",
    "scroll bar", "scroll pane", "separator", "slider", "spin button", "split pane",
    "status bar", "table", "table cell", "table column header", "table row header",
    "tearoff menu item", "terminal", "text", "toggle button", "tool bar", "tool tip",
    "tree", "tree table", "unknown", "viewport", "window", "extended", "header", "footer",
    "paragraph", "ruler", "application", "autocomplete", "editbar", "embedded", "entry",
    "chart", "caption", "document frame", "heading", "page", "section", "redundant object",
    "form", "link", "input method window", "table row", "tree item", "document spreadsheet",
    "document presentation", "document text", "document web", "document email", "comment",
    "list box", "grouping", "image map", "notification", "info bar", "level bar",
    "title bar", "block quote", "audio", "video", "definition", "article", "landmark",
    "log", "marquee", "math", "rating", "timer", "static", "math fraction", "math root",
    "subscript", "superscript", "description list", "description term", "description value",
    "footnote", "content deletion", "content insertion", "mark", "suggestion",
    "push button menu",
)

_ACCESSIBLE = "org.a11y.atspi.Accessible"
_COORD_WINDOW = 1


class _A11yBus:
    """A connection to the accessibility bus of the session."""

    def __init__(self):
        from gi.repository import Gio, GLib
        self.Gio, self.GLib = Gio, GLib
        session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus",
                                    "GetAddress", None, GLib.VariantType("(s)"),
                                    Gio.DBusCallFlags.NONE, int(scaled(20) * 1000), None).unpack()[0]
        self.conn = Gio.DBusConnection.new_for_address_sync(
            address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
            | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        self.context = GLib.MainContext.default()

    def call(self, ref, iface, method, args=None, timeout=DEFAULT_WAIT):
        params = self.GLib.Variant(*args) if args is not None else None
        return self.conn.call_sync(ref[0], ref[1], iface, method, params, None,
                                   self.Gio.DBusCallFlags.NONE, int(scaled(timeout) * 1000),
                                   None).unpack()

    def batch(self, calls, timeout=30):
        """Sends every (ref, iface, method, args) at once; their results in order
        (an Exception where a call failed)."""
        results = [None] * len(calls)
        pending = [len(calls)]
        timeout_ms = int(scaled(timeout) * 1000)

        def done(conn, res, i):
            try:
                results[i] = conn.call_finish(res).unpack()
            except Exception as e:  # the object went away, no such interface…
                results[i] = e
            pending[0] -= 1

        for i, (ref, iface, method, args) in enumerate(calls):
            params = self.GLib.Variant(*args) if args is not None else None
            self.conn.call(ref[0], ref[1], iface, method, params, None,
                           self.Gio.DBusCallFlags.NONE, timeout_ms, None, done, i)
        while pending[0]:
            self.context.iteration(True)
        return results

    def app_root(self, pid):
        """The (bus name, path) of the application with this process id, or None."""
        apps = self.call(("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root"),
                         _ACCESSIBLE, "GetChildren")[0]
        for bus, path in apps:
            try:
                owner = self.call(("org.freedesktop.DBus", "/org/freedesktop/DBus"),
                                  "org.freedesktop.DBus", "GetConnectionUnixProcessID",
                                  ("(s)", (bus,)))[0]
            except Exception:
                continue
            if owner == pid:
                return (bus, path)
        return None

    def snapshot(self, app, ref, parent=None, prune=True, depth=None):
        """The subtree at ref as Nodes. With prune, what is not showing is read
        but not entered (hidden pages and popovers cost nothing)."""
        t0 = time.monotonic()
        root = Node(app, ref, parent)
        frontier = [root]
        level = 0
        count = 0
        while frontier:
            calls = []
            for node in frontier:
                r = node.ref
                calls += [(r, "org.freedesktop.DBus.Properties", "GetAll", ("(s)", (_ACCESSIBLE,))),
                          (r, _ACCESSIBLE, "GetRole", None),
                          (r, _ACCESSIBLE, "GetState", None),
                          (r, "org.a11y.atspi.Component", "GetExtents", ("(u)", (_COORD_WINDOW,))),
                          (r, _ACCESSIBLE, "GetChildren", None)]
            results = self.batch(calls)
            count += len(frontier)
            next_frontier = []
            for i, node in enumerate(frontier):
                props, role, state, extents, children = results[5 * i:5 * i + 5]
                if isinstance(props, Exception) or isinstance(role, Exception):
                    node.gone = True
                    continue
                node.name = props[0].get("Name", "") or ""
                node.description = props[0].get("Description", "") or ""
                node.role = _ROLES[role[0]] if role[0] < len(_ROLES) else "unknown"
                bits = state[0] if not isinstance(state, Exception) else [0, 0]
                node.states = frozenset(_STATES[b] for b in range(len(_STATES))
                                        if (bits[b // 32] >> (b % 32)) & 1)
                node.extents = tuple(extents[0]) if not isinstance(extents, Exception) else None
                if isinstance(children, Exception):
                    continue
                if prune and node is not root and not node.showing:
                    node.pruned = True
                    continue
                if depth is not None and level >= depth:
                    node.pruned = True
                    continue
                for child_ref in children[0]:
                    child = Node(app, tuple(child_ref), node)
                    node.children.append(child)
                    next_frontier.append(child)
            for node in frontier:
                node.children = [c for c in node.children if True]
            frontier = next_frontier
            level += 1
        _drop_gone(root)
        _trace("snapshot %s: %d nodes, %d levels in %.3fs"
               % (root.role, count, level, time.monotonic() - t0))
        return root


def _drop_gone(node):
    node.children = [c for c in node.children if not c.gone]
    for c in node.children:
        _drop_gone(c)


# GTK 4.8 names some widgets after their type ("GtkImage" for an icon button,
# whose tooltip is the description) and doubles mnemonic labels
# ("_New Game New Game"): Node.label undoes both.
_TYPE_NAME = re.compile(r"^(Gtk|Adw|Bs)[A-Z][A-Za-z]*$")


def _clean_label(name, description):
    name = name or ""
    if name == "" or _TYPE_NAME.match(name):
        return description or ""
    if "_" in name:
        plain = name.replace("_", "")
        half = len(plain) // 2
        if len(plain) % 2 == 1 and plain[:half] == plain[half + 1:] and plain[half] == " ":
            return plain[:half]
    return name


class Node:
    """One accessible object as it was when its snapshot was taken."""

    def __init__(self, app, ref, parent=None):
        self.app = app
        self.ref = ref
        self.parent = parent
        self.children = []
        self.role = ""
        self.name = ""
        self.description = ""
        self.states = frozenset()
        self.extents = None       # (x, y, width, height) in its window, or None
        self.pruned = False       # not showing: its children were not read
        self.gone = False

    # What a screen reader reads -------------------------------------------------

    @property
    def label(self):
        """The name a person reads: the tooltip of an icon button, no mnemonic."""
        return _clean_label(self.name, self.description)

    @property
    def text(self):
        """The text of an entry or a label (asked now), else its label."""
        try:
            count = self.app.bus.call(self.ref, "org.freedesktop.DBus.Properties", "Get",
                                      ("(ss)", ("org.a11y.atspi.Text", "CharacterCount")))[0]
            return self.app.bus.call(self.ref, "org.a11y.atspi.Text", "GetText",
                                     ("(ii)", (0, count)))[0]
        except Exception:
            return self.label

    def has_state(self, nick):
        return nick in self.states

    @property
    def focused(self):
        return "focused" in self.states

    @property
    def checked(self):
        return "checked" in self.states or "pressed" in self.states

    @property
    def sensitive(self):
        return "sensitive" in self.states

    @property
    def selected(self):
        return "selected" in self.states

    @property
    def showing(self):
        """On screen. GTK 4.8 sets "showing" on windows only: for widgets this is
        "visible" with a size (a hidden stack page has none)."""
        if "showing" in self.states:
            return True
        if "visible" not in self.states:
            return False
        if self.extents is None:   # no Component (a GtkStackPage): as visible
            return True
        return self.extents[2] > 0 and self.extents[3] > 0

    # The tree -------------------------------------------------------------------

    def walk(self):
        """This node and its descendants read in this snapshot, depth first."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def find_all(self, role=None, name=None, where=None, showing_only=True):
        """Nodes of this snapshot matching role (exact), name (the label or raw
        name exactly, or a compiled regex searched in either) and where (a
        predicate on the Node)."""
        return [n for n in self.walk()
                if (not showing_only or n.showing) and _matches(n, role, name, where)]

    def find_now(self, role=None, name=None, where=None, showing_only=True):
        """The first match in this snapshot, or None."""
        return next(iter(self.find_all(role, name, where, showing_only)), None)

    def refresh(self, prune=True):
        """This node and its subtree read again now."""
        return self.app.bus.snapshot(self.app, self.ref, self.parent, prune)

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def dump(self, depth=0):
        """The subtree as text: one line per node (role, label, states)."""
        lines = []
        for node in self.walk():
            d = sum(1 for _ in node.ancestors()) - sum(1 for _ in self.ancestors())
            flags = [s for s in ("focused", "checked", "pressed", "selected", "expanded")
                     if s in node.states]
            if "sensitive" not in node.states:
                flags.append("insensitive")
            if node.pruned:
                flags.append("hidden")
            extra = " <" + " ".join(flags) + ">" if flags else ""
            desc = " desc=%r" % node.description if node.description and \
                node.description != node.label else ""
            lines.append("  " * (depth + d) + "[%s] %r%s%s" % (node.role, node.label, desc, extra))
        return "\n".join(lines)

    # Where it is ----------------------------------------------------------------

    def surface(self):
        """The node whose X window holds this one: its window or its popover."""
        node = self
        while True:
            parent = node.parent
            if parent is None or parent.role == "application":
                return node
            if node is not self and _is_popup(node):
                return node
            node = parent

    def screen_extents(self):
        """(x, y, width, height) on the X screen."""
        if self.extents is None:
            raise E2EFailure("%r has no position (no Component interface)" % self)
        surface = self.surface()
        ox, oy = self.app.session.surface_origin(self.app.pid, surface)
        sx, sy, _, _ = surface.extents or (0, 0, 0, 0)
        x, y, w, h = self.extents
        return ox + x - sx, oy + y - sy, w, h

    def centre(self):
        x, y, w, h = self.screen_extents()
        return x + w // 2, y + h // 2

    # Acting on it (real input only) ----------------------------------------------

    def settle(self):
        """Waits until its extents, asked now, read the same twice, and keeps
        them: a snapshot's are as old as the snapshot, and what is above it
        may still be growing (a button or a list filled in after the page was
        shown), which would move it from under a click. Itself."""
        session = self.app.session
        last = [self.extents]

        def settled():
            extents = session._read_extents(self)
            if extents is None:   # gone, or no position: the snapshot's stand
                return True
            stable = extents == last[0]
            last[0] = extents
            return stable

        if self.extents is not None:
            session.wait_for(settled, "%r to stay where it is" % self, app=self.app)
            self.extents = last[0]
        return self

    def scroll_into_view(self, max_steps=40):
        """A node beyond its window's top or bottom edge (a row far down a
        long list) is scrolled to as a person does it: the mouse wheel over
        the window, a notch at a time, until its centre is inside. Itself."""
        surface = self.surface()
        if surface is self or self.extents is None:
            return self
        session = self.app.session
        for _ in range(max_steps):
            _, y, _, h = self.screen_extents()
            ox, oy = session.surface_origin(self.app.pid, surface)
            _, _, sw, sh = surface.extents
            centre = y + h // 2
            if oy <= centre < oy + sh:
                return self
            before = self.extents
            # Buttons 4 and 5 are the wheel's notches up and down. A notch a busy desktop
            # loses (a popover still closing takes it) is turned again; a slow one that
            # lands later only scrolls further, which the next turn corrects.
            deadline = time.monotonic() + scaled(DEFAULT_WAIT)
            while True:
                session.click(ox + sw // 2, oy + sh // 2, 5 if centre >= oy + sh else 4)
                try:
                    session.wait_for(lambda: session._read_extents(self) != before or None,
                                     "%r to move as the window scrolls" % self,
                                     RETRY_WAIT, app=self.app)
                    break
                except E2EFailure:
                    if time.monotonic() > deadline:
                        raise
            self.settle()
        raise E2EFailure("%r stays outside its window after %d turns of the wheel" % (
            self, max_steps))

    def click(self, button=1, dx=None, dy=None):
        """Clicks its centre, or the point (dx, dy) from its top left corner,
        where it is once it stays there (scrolled to first when it is beyond
        the window's edge)."""
        self.settle()
        self.scroll_into_view()
        x, y, w, h = self.screen_extents()
        if w <= 0 or h <= 0:
            raise E2EFailure("cannot click %r: it has no size on screen" % self)
        px = x + (w // 2 if dx is None else dx)
        py = y + (h // 2 if dy is None else dy)
        self.app.session.click(px, py, button)
        return self

    def __repr__(self):
        return "<%s %r>" % (self.role, self.label)


def _is_popup(node):
    return node.name in ("GtkPopover", "GtkPopoverMenu", "GtkEmojiChooser") or node.role in (
        "menu", "popup menu", "tool tip")


def _matches(node, role, name, where):
    if role is not None and node.role != role:
        return False
    if name is not None:
        if hasattr(name, "search"):
            if not name.search(node.label) and not name.search(node.name):
                return False
        elif node.label != name and node.name != name:
            return False
    try:
        return where is None or bool(where(node))
    except Exception:
        return False


def _describe_query(role, name, where):
    parts = []
    if role is not None:
        parts.append("role %r" % role)
    if name is not None:
        parts.append("name %r" % (name.pattern if hasattr(name, "pattern") else name))
    if where is not None:
        parts.append("a condition")
    return "a widget with " + " and ".join(parts) if parts else "any widget"


# ---------------------------------------------------------------------------
# The app

# What the app must never log: GLib's warnings, criticals and errors as g_log
# prints them ("Gtk-WARNING **: ", "GLib-GObject-CRITICAL **: ", and with no
# domain "** (boardsmith:12): WARNING **: "). The runner fails a test on any
# such line in any of its apps' logs (App.log_problems).
_LOG_PROBLEM = re.compile(r"\b(WARNING|CRITICAL|ERROR) \*\*: ")

# Lines of that kind that come from outside the app, each with its reason.
# Nothing else may be added here: a warning of the app's own is a bug to fix.
_LOG_ALLOWED = (
    # GTK's own bookkeeping when a popover menu closes between a press and
    # its release (the soak's fast random clicks; GTK 4.8 to 4.18, the
    # libadwaita demo too): docs/FUZZING.md, § Soak.
    re.compile(r"\): Gtk-WARNING \*\*: [\d:.]+: Broken accounting of active state for widget "
               r"0x[0-9a-f]+\(\w+\)$"),
)


def log_line_allowed(line):
    """Whether a GLib warning in an app's log is one from outside the app
    that _LOG_ALLOWED lets through."""
    return any(allowed.search(line.rstrip("\n")) for allowed in _LOG_ALLOWED)


def _allow_core_dump():
    """A crash of the app leaves a core file, so the runner can say where it
    crashed (App.crash_report): the limit, up to the hard one, is raised here
    and inherited by the app (not in a preexec_fn, unsafe beside threads)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_CORE)
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))
    except (ValueError, OSError):
        pass


# The signals a crash ends with (a sanitizer build aborts): a status of minus
# one of these gets a backtrace read from the core file.
_CRASH_SIGNALS = (signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS, signal.SIGFPE, signal.SIGILL)


class App:
    """The built boardsmith running in a Session, with its own HOME."""

    def __init__(self, session, args, home, env, log_path, cwd=None):
        self.session = session
        self.bus = session.bus
        self.args = list(args)
        self.home = home
        self.log_path = log_path
        self._log = open(log_path, "ab")
        # Started in its home, as from a desktop launcher, unless the test
        # says where (a terminal's folder): never in the source tree.
        self.cwd = cwd if cwd is not None else home
        _allow_core_dump()
        self.proc = subprocess.Popen([session.app_path] + self.args, env=env, cwd=self.cwd,
                                     stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        self.pid = self.proc.pid
        self._crash_report = None
        self._root_ref = None
        self._boards = {}
        self.board_name = "Game board"
        self._log_clean = False

    # Lifetime -------------------------------------------------------------------

    def running(self):
        return self.proc.poll() is None

    def stop(self, timeout=DEFAULT_WAIT):
        """Ends the process (SIGTERM, then SIGKILL) and returns its exit status."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(scaled(timeout))
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if not self._log.closed:
            self._log.close()
        return self.proc.returncode

    def quit(self):
        """Ctrl+Q with nothing left unsaved, as a person ends the app: it
        finishes what it writes (its autosave copies) and ends by itself, with
        status 0 and a clean log. stop()'s SIGTERM, by contrast, is a logout:
        unsaved work is kept, and the next start offers to restore it."""
        for attempt in range(3):
            self.key("ctrl+q")
            try:
                self.session.wait_for(lambda: not self.running() or None,
                                      "boardsmith to quit", RETRY_WAIT)
                break
            except E2EFailure:
                if attempt == 2:
                    raise
        status = self.wait_exit()
        if status != 0:
            raise E2EFailure("boardsmith ended with status %s after Ctrl+Q%s"
                             % (status, self.crash_report()))

    def wait_exit(self, timeout=20):
        """Waits for the app to quit by itself; its exit status. Fails if its
        log holds a warning or a critical (log_problems)."""
        self.session.wait_for(lambda: not self.running(), "boardsmith to quit", timeout)
        if not self._log.closed:
            self._log.close()
        self.check_log()
        return self.proc.returncode

    def crash_report(self):
        """When the app died of a crash signal: where, as gdb reads it from the
        core file the kernel left in its working folder (the threads'
        backtraces, also saved as crash-PID.txt with the artifacts), or why
        there is none. An empty string for any other end."""
        status = self.proc.returncode
        if status is None or status >= 0 or -status not in _CRASH_SIGNALS:
            return ""
        if self._crash_report is not None:
            return self._crash_report
        try:
            with open("/proc/sys/kernel/core_pattern") as f:
                pattern = f.read().strip()
        except OSError:
            pattern = "?"
        cores = [path for path in (os.path.join(self.cwd, "core.%d" % self.pid),
                                   os.path.join(self.cwd, "core"))
                 if os.path.isfile(path)]
        if not cores:
            cores = sorted(glob.glob(os.path.join(self.cwd, "core*")))
        gdb = shutil.which("gdb")
        path = os.path.join(self.session.test_artifacts, "crash-%d.txt" % self.pid)
        full = None
        if not cores:
            limit = resource.getrlimit(resource.RLIMIT_CORE)[1]
            report = "no core file in %s (kernel.core_pattern is %r, the core size limit %s)" % (
                self.cwd, pattern, "unlimited" if limit == resource.RLIM_INFINITY else limit)
        elif gdb is None:
            report = "core file %s, but no gdb to read it" % cores[0]
        else:
            try:
                full = subprocess.run([gdb, "-batch", "-nx", "-ex", "bt 40",
                                       "-ex", "echo \\n== every thread ==\\n",
                                       "-ex", "thread apply all bt 25",
                                       self.session.app_path, cores[0]],
                                      capture_output=True, text=True, errors="replace",
                                      timeout=scaled(120)).stdout
                # The crashing thread here (the log's tail is short); all in the file.
                crashed = [line for line in full.split("== every thread ==")[0].splitlines()
                           if not line.startswith(("[New LWP", "[Thread debugging",
                                                   "Using host libthread_db"))]
                report = "gdb on %s (every thread: %s):\n%s" % (cores[0], path,
                                                                "\n".join(crashed).strip())
            except (OSError, subprocess.TimeoutExpired) as e:
                report = "gdb could not read %s: %s" % (cores[0], e)
        try:
            with open(path, "w") as f:
                f.write((full if full is not None else report) + "\n")
        except OSError:
            pass
        self._crash_report = "\n" + report
        return self._crash_report

    def log_problems(self):
        """The lines of the app's log that are GLib warnings, criticals or
        errors (but for _LOG_ALLOWED), with their line numbers."""
        with open(self.log_path, errors="replace") as f:
            lines = f.read().splitlines()
        return ["%d: %s" % (n, line) for n, line in enumerate(lines, 1)
                if _LOG_PROBLEM.search(line) and not log_line_allowed(line)]

    def check_log(self):
        """Fails naming each warning or critical in the app's log; once the
        app has stopped (wait_exit, and the runner after each test: a test
        that catches the failure still fails there)."""
        if self._log_clean:
            return
        problems = self.log_problems()
        if problems:
            raise E2EFailure("boardsmith %s logged %d warning(s) or critical(s) (%s):\n%s"
                             % (" ".join(self.args), len(problems), self.log_path,
                                "\n".join(problems)))
        self._log_clean = True

    # Waiting --------------------------------------------------------------------

    def wait_for(self, condition, what, timeout=DEFAULT_WAIT):
        """Polls condition() until it returns something true, and returns that.
        On timeout it fails with "timed out after Ns waiting for WHAT" (the
        runner then saves a screenshot and the accessible tree)."""
        return self.session.wait_for(condition, what, timeout, app=self)

    # Reading --------------------------------------------------------------------

    def root_ref(self):
        if self._root_ref is None:
            self._root_ref = self.wait_for(lambda: self.bus.app_root(self.pid),
                                           "boardsmith on the accessibility bus", START_WAIT)
        return self._root_ref

    def snapshot(self):
        """The whole app now: the application node, its showing windows below."""
        return self.bus.snapshot(self, self.root_ref())

    def windows(self):
        """Its toplevel windows and dialogs on screen now."""
        return [n for n in self.snapshot().children if n.showing]

    def window(self, name=None, role=None, timeout=DEFAULT_WAIT):
        """Waits for a toplevel (frame, dialog, file chooser…) by its title."""
        def look():
            for node in self.snapshot().children:
                if node.showing and _matches(node, role, name, None):
                    return node
            return None
        return self.wait_for(look, "a window titled %r" % name if name else
                             "a window with role %r" % role, timeout)

    def main_window(self):
        return self.window(role="frame")

    def find_all(self, role=None, name=None, where=None):
        return self.snapshot().find_all(role, name, where)

    def find_now(self, role=None, name=None, where=None):
        return self.snapshot().find_now(role, name, where)

    def find(self, role=None, name=None, where=None, timeout=DEFAULT_WAIT):
        """Waits for a showing widget anywhere in the app and returns it:
        find("push button", "Undo Move"), find("label", re.compile("wins"))."""
        return self.wait_for(lambda: self.snapshot().find_now(role, name, where),
                             _describe_query(role, name, where), timeout)

    def gone(self, role=None, name=None, where=None, timeout=DEFAULT_WAIT):
        """Waits until no showing widget matches."""
        self.wait_for(lambda: self.snapshot().find_now(role, name, where) is None,
                      "%s to go away" % _describe_query(role, name, where), timeout)

    def focused(self):
        """The widget with the keyboard focus now, or None."""
        return self.snapshot().find_now(where=lambda n: n.focused)

    def wait_focus(self, role=None, name=None, timeout=DEFAULT_WAIT):
        """Waits until the focused widget matches, and returns it."""
        return self.wait_for(
            lambda: self.snapshot().find_now(role, name, lambda n: n.focused),
            "the focus on %s" % _describe_query(role, name, None), timeout)

    def dump(self):
        return self.snapshot().dump()

    def record_events(self):
        """Starts recording the AT-SPI object events this app emits (what a
        screen reader is told: names and states that change, announcements);
        an EventRecorder. Stop it with .close() (the runner drops it with
        the app anyway)."""
        return EventRecorder(self)

    def chooser_folder(self, title, timeout=DEFAULT_WAIT):
        """The folder a file chooser (the dialog titled `title`) shows: the
        names on its path bar from its start to the current, pressed one,
        e.g. ["app-1", "Documents"] for ~/Documents (the bar may start
        further down, at home; the file system's root reads "")."""
        def look():
            dialog = self.window(title)
            pressed = [n for n in dialog.walk()
                       if n.role in ("push button", "toggle button") and n.has_state("pressed")
                       and any(l.role == "label" and l.label for l in n.walk())]
            if not pressed:
                return None
            names = []
            for button in pressed[0].parent.children:
                if button.role not in ("push button", "toggle button"):
                    continue
                labels = [l.label for l in button.walk() if l.role == "label" and l.label]
                images = [i for i in button.walk() if i.role in ("image", "icon")]
                if labels or images:
                    names.append(labels[0] if labels else "")
                if button.ref == pressed[0].ref:
                    return names
            return None
        return self.wait_for(look, "the folder of the file chooser %r" % title, timeout)

    def popups(self):
        """The app's popup windows on screen now — popovers, menus, tooltips
        (which AT-SPI does not list) — as (x, y, width, height), bottom to top."""
        out = []
        for win, x, y, w, h in self.session._x_windows(self.pid):
            try:
                if win.get_attributes().override_redirect:
                    out.append((x, y, w, h))
            except Exception:
                pass   # gone meanwhile
        return out

    # The board ------------------------------------------------------------------

    def board(self, timeout=DEFAULT_WAIT, name=None):
        """A board as it is now: a grid whose children are the cells. The play
        board ("Game board") unless another is named (the editor's "Board
        preview"); app.board_name sets the one the cell helpers use."""
        name = name or self.board_name
        cached = self._boards.get(name)
        if cached is not None:
            node = self.bus.snapshot(self, cached[0], cached[1], prune=False, depth=1)
            if not node.gone and node.role == "table" and node.name == name and node.showing:
                return node
        node = self.find("table", name, timeout=timeout)
        # Its ancestors (as read now) place it on screen for clicks.
        self._boards[name] = (node.ref, node.parent)
        return self.bus.snapshot(self, node.ref, node.parent, prune=False, depth=1)

    def cells(self):
        """coordinate → Node of every cell now, e.g. cells()["d4"].label."""
        return {n.name.split(",")[0]: n for n in self.board().children
                if n.role == "table cell"}

    def cell(self, coordinate, timeout=DEFAULT_WAIT):
        """The cell whose label starts with "COORDINATE," (waits for it)."""
        prefix = coordinate + ","

        def look():
            for n in self.board(timeout).children:
                if n.role == "table cell" and n.name.startswith(prefix):
                    return n
            return None
        return self.wait_for(look, "board cell %s" % coordinate, timeout)

    def cells_where(self, pattern):
        """Coordinates of the cells whose label matches the regex (searched), in
        board order: cells_where("legal placement"), cells_where("^.., Red ")."""
        rx = re.compile(pattern)
        return [n.name.split(",")[0] for n in self.board().children
                if n.role == "table cell" and rx.search(n.name)]

    def wait_cells_where(self, pattern, timeout=DEFAULT_WAIT):
        """Waits until some cell's label matches; their coordinates."""
        return self.wait_for(lambda: self.cells_where(pattern),
                             "a cell whose label matches /%s/" % pattern, timeout)

    def cell_label(self, coordinate):
        """What a screen reader says for a cell: "d4, Light Large, last move"."""
        return self.cell(coordinate).name

    def click_cell(self, coordinate, button=1):
        """Clicks the centre of a board cell."""
        return self.cell(coordinate).click(button)

    def drag_cells(self, *coordinates, button=1):
        """Drags from the centre of the first cell through the centres of the
        others, releasing on the last (the editor paints every cell crossed)."""
        points = [self.cell(c).centre() for c in coordinates]
        self.session.drag(points, button)

    def click_cell_until(self, coordinate, pattern, timeout=DEFAULT_WAIT):
        """Clicks a cell and waits until its label matches the regex; its
        label. A lost click (seen once on a fresh CI machine under load: the
        cell still read "empty, legal placement" 10 s later) is made again
        while the cell reads as before the click (_click_again_while)."""
        before = self.cell_label(coordinate)
        return self._click_again_while(lambda: self.click_cell(coordinate),
                                       lambda t: self.wait_cell(coordinate, pattern, t),
                                       lambda: self.cell_label(coordinate) == before,
                                       timeout)

    def wait_cell(self, coordinate, pattern, timeout=DEFAULT_WAIT):
        """Waits until the cell's label matches the regex (searched); its label."""
        rx = re.compile(pattern)
        seen = [None]

        def look():
            seen[0] = self.cell_label(coordinate)
            return seen[0] if rx.search(seen[0]) else None
        try:
            return self.wait_for(look, "cell %s to read /%s/" % (coordinate, pattern), timeout)
        except E2EFailure as e:
            raise E2EFailure("%s; it reads %r" % (e, seen[0])) from None

    def focused_cell(self, timeout=DEFAULT_WAIT):
        """The board cell that has the keyboard focus (waits for one)."""
        def look():
            for n in self.board().children:
                if n.role == "table cell" and n.focused:
                    return n
            return None
        return self.wait_for(look, "a board cell with the keyboard focus", timeout)

    def cursor_to(self, coordinate, max_steps=40):
        """Moves the keyboard cursor (the focused cell) to a cell with arrow keys
        only, stepping towards it on screen, and returns the cell's Node."""
        prefix = coordinate + ","
        for _ in range(max_steps):
            here = self.focused_cell()
            if here.name.startswith(prefix):
                return here
            target = self.cell(coordinate)
            hx, hy, hw, hh = here.extents
            tx, ty, tw, th = target.extents
            dx = (tx + tw / 2) - (hx + hw / 2)
            dy = (ty + th / 2) - (hy + hh / 2)
            if abs(dx) >= abs(dy):
                key = "Right" if dx > 0 else "Left"
            else:
                key = "Down" if dy > 0 else "Up"
            self.key(key)
            self.wait_for(lambda: not self.focused_cell().name.startswith(here.name.split(",")[0] + ","),
                          "the cursor to leave %s after %s" % (here.name.split(",")[0], key))
        raise E2EFailure("the cursor did not reach %s in %d steps" % (coordinate, max_steps))

    def tab_to(self, role=None, name=None, where=None, backwards=False, max_presses=40):
        """Presses Tab (shift+Tab with backwards) until the focused widget
        matches; returns it. Only the keyboard, as a person would."""
        key = "shift+Tab" if backwards else "Tab"
        for _ in range(max_presses):
            node = self.snapshot().find_now(role, name, lambda n: n.focused and (
                where is None or where(n)))
            if node is not None:
                return node
            before = self.focused()
            self.key(key)
            self.wait_for(lambda: (lambda f: f is None or before is None or f.ref != before.ref)(
                self.focused()), "the focus to move on %s" % key, 5)
        raise E2EFailure("%s did not reach %s in %d presses (focus on %r)" % (
            key, _describe_query(role, name, where), max_presses, self.focused()))

    def choose_in_dropdown(self, combo_name, item, timeout=DEFAULT_WAIT):
        """Opens a drop-down (a combo box by its name) with a click and clicks
        the item whose label is `item` (exact, or a compiled regex)."""
        def open_item():
            return self.find_now("list item", where=lambda n: any(
                _matches(l, "label", item, None) for l in n.walk()))

        def shown():
            combo = self.find("combo box", combo_name)
            if any(n.name == "GtkPopover" for n in combo.walk()):
                return False   # its list is still open
            return any(_matches(l, "label", item, None) for l in combo.walk())

        # GTK 4.8 on X11 may lose the click on an item of a list that has
        # just opened (its grab not yet taken), most often on a busy machine:
        # then the list is still open, or closed on the old choice, and a
        # person clicks again. Two more tries, each waiting for the event.
        for attempt in range(3):
            if attempt == 0 or self.find_now("list item", where=lambda n: any(
                    _matches(l, "label", item, None) for l in n.walk())) is None:
                if not any(n.name == "GtkPopover"
                           for n in self.find("combo box", combo_name).walk()):
                    self.click("combo box", combo_name)
            row = self.wait_for(open_item, "%r in the drop-down %r" % (item, combo_name), timeout)
            row.click()
            try:
                self.wait_for(shown, "the drop-down %r to show %r" % (combo_name, item), timeout)
                return
            except E2EFailure:
                if attempt == 2:
                    raise

    def choose_in_dropdown_by_keyboard(self, combo_name, item, timeout=DEFAULT_WAIT):
        """The same with keys only: Tab to the drop-down, Space opens it,
        arrows walk its list, Enter chooses."""
        def in_combo(n):
            return any(a.role == "combo box" and _matches(a, None, combo_name, None)
                       for a in n.ancestors())
        self.tab_to(where=in_combo)
        self.key("space")
        for _ in range(12):
            focused = self.wait_for(lambda: self.find_now(
                "list item", where=lambda n: n.focused), "the drop-down's list", timeout)
            if any(_matches(l, "label", item, None) for l in focused.walk()):
                break
            self.key("Down")
            self.wait_for(lambda: (lambda f: f is not None and f.ref != focused.ref)(
                self.find_now("list item", where=lambda n: n.focused)),
                "the next item of the list", timeout)
        else:
            raise E2EFailure("%r is not in the drop-down %r" % (item, combo_name))
        self.key("Return")

        def shown():
            combo = self.find("combo box", combo_name)
            if any(n.name == "GtkPopover" for n in combo.walk()):
                return False
            return any(_matches(l, "label", item, None) for l in combo.walk())
        self.wait_for(shown, "the drop-down %r to show %r" % (combo_name, item), timeout)

    # A seat's choice in the Players popover (as set_players takes it) and
    # the end of its toggle button's accessible name ("Light: Computer, Easy").
    SEAT_CHOICES = {"Human": "Human", "Computer: Easy": "Computer, Easy",
                    "Computer: Medium": "Computer, Medium", "Computer: Hard": "Computer, Hard",
                    "Computer: Strongest": "Computer, Strongest"}

    def seat_buttons(self, timeout=DEFAULT_WAIT):
        """The open Players popover's toggle buttons, a list per seat: each
        [(choice, node)] in the order shown (Human, Easy, Medium, Hard,
        Strongest).
        GTK 4.8 says a toggle button is a push button, "pressed" when down."""
        suffixes = {": " + v: k for k, v in self.SEAT_CHOICES.items()}

        def look():
            seats = {}
            for n in self.snapshot().find_all(where=_is_button):
                for suffix, choice in suffixes.items():
                    if (n.name or "").endswith(suffix):
                        seats.setdefault(n.name[:-len(suffix)], []).append((choice, n))
            seats = list(seats.values())
            n = len(self.SEAT_CHOICES)
            return seats if len(seats) == 2 and all(len(s) == n for s in seats) else None
        return self.wait_for(look, "the Players popover's two seats of %d buttons"
                             % len(self.SEAT_CHOICES), timeout)

    def open_players(self):
        """Clicks Players and returns its popover's seats (seat_buttons).
        A click right after a dialog or popover closed can be lost (issue
        29: the popover sometimes does not open on the first click after a
        game-over dialog): it is made again while the button is not down,
        so a popover shown late is never closed (_click_again_while)."""
        return self._click_again_while(
            lambda: self.click("push button", "Players"),
            lambda t: self.seat_buttons(timeout=t),
            lambda: not self.find("push button", "Players").checked,
            DEFAULT_WAIT)

    def set_players(self, first, second, keyboard=False):
        """Who plays, through the Players popover of the header bar: each
        "Human" or "Computer: Easy", "Computer: Medium", "Computer: Hard",
        "Computer: Strongest".
        The second seat is set first, so that a computer to move starts only
        once both are chosen. By mouse (a click on each seat's button, and
        on Players to close) by default; keyboard=True tabs to each and
        presses Space, then Escape. Each choice must hold at once: the
        popover stays open, and no click is lost."""
        for choice in (first, second):
            if choice not in self.SEAT_CHOICES:
                raise E2EFailure("no seat choice %r (one of %s)" % (choice, list(self.SEAT_CHOICES)))
        seats = self.open_players()
        for seat, choice in ((1, second), (0, first)):
            name = dict(seats[seat])[choice].name
            if keyboard:
                self.tab_to(None, name, _is_button)
                self.key("space")
            else:
                self.click(self.find(None, name, _is_button))

            def chosen():
                buttons = self.seat_buttons()[seat]
                return all(n.checked == (c == choice) for c, n in buttons)
            self.wait_for(chosen, "%r to be the only choice down in its seat" % name)
        # Closed as it was opened: Escape, or a click on its button. (GTK 4.8
        # on X11 may drop the next click after a popover closed with Escape,
        # the Main Menu's too: a mouse test goes on with clicks.)
        if keyboard:
            self.key("Escape")
        else:
            self.click("push button", "Players")
        self.gone(None, dict(seats[0])["Human"].name, _is_button)
        self.wait_for(lambda: not self.popups(), "the Players popover's window to close")

    def game_over(self, timeout=60):
        """Waits for the game-over dialog; (heading, body) as read."""
        dialog = self.window(role="dialog", timeout=timeout)
        labels = [n.name for n in dialog.walk() if n.role == "label" and n.name]
        return dialog, labels

    def status(self):
        """The status line under the board: the status bar (else the last label
        beside the board)."""
        bar = self.snapshot().find_now("status bar")
        if bar is not None:
            return bar.name
        board = self.find("table", self.board_name)
        for ancestor in board.ancestors():
            labels = [n for n in ancestor.children if n.role in ("label", "status bar")
                      and n.showing]
            if labels:
                return labels[-1].name
        return ""

    def wait_status(self, pattern, timeout=DEFAULT_WAIT):
        """Waits until the status line matches the regex; its text."""
        rx = re.compile(pattern)
        seen = [None]

        def look():
            seen[0] = self.status()
            return seen[0] if rx.search(seen[0]) else None
        try:
            return self.wait_for(look, "the status line to read /%s/" % pattern, timeout)
        except E2EFailure as e:
            raise E2EFailure("%s; it reads %r" % (e, seen[0])) from None

    def explanation(self):
        """What the play page explains in the status line's place now (why a
        click did nothing, a hint), or None."""
        node = self.snapshot().find_now("alert")
        return node.name if node is not None else None

    def wait_explanation(self, pattern, timeout=DEFAULT_WAIT):
        """Waits until the play page explains something matching the regex."""
        rx = re.compile(pattern)
        return self.wait_for(lambda: (lambda text: text if text and rx.search(text) else None)(
            self.explanation()), "an explanation reading /%s/" % pattern, timeout)

    def move_list_node(self):
        """The move list (the list whose first row reads "Start")."""
        def look():
            for lst in self.snapshot().find_all("list"):
                rows = [r for r in lst.children if r.role == "list item"]
                if rows and _row_text(rows[0]).endswith("Start"):
                    return lst
            return None
        return self.wait_for(look, "the move list")

    def move_list(self):
        """The text of each row of the move list ("Start", "1. Gold  C@d4/N"…)."""
        return [_row_text(r) for r in self.move_list_node().children if r.role == "list item"]

    def current_move(self):
        """The selected row of the move list: 0 at the start, n after n turns
        (undone turns stay listed below it, for redo)."""
        rows = [r for r in self.move_list_node().children if r.role == "list item"]
        for i, row in enumerate(rows):
            if row.selected:
                return i
        return None

    def wait_moves(self, count, timeout=DEFAULT_WAIT):
        """Waits until the game is at turn `count` (the selected row of the
        move list); returns the rows' text."""
        seen = [None]

        def look():
            node = self.move_list_node()
            rows = [r for r in node.children if r.role == "list item"]
            seen[0] = [("> " if r.selected else "  ") + _row_text(r) for r in rows]
            at = [i for i, r in enumerate(rows) if r.selected]
            return [_row_text(r) for r in rows] if at == [count] else None
        try:
            return self.wait_for(look, "the move list at turn %d" % count, timeout)
        except E2EFailure as e:
            raise E2EFailure("%s; it reads %s" % (e, seen[0])) from None

    # Input (real X events) ------------------------------------------------------

    def click(self, node_or_role, name=None, button=1):
        """Clicks a widget's centre: click(node) or click("push button", "Undo Move")."""
        node = node_or_role if isinstance(node_or_role, Node) else self.find(node_or_role, name)
        return node.click(button)

    def _click_again_while(self, click, wait, unchanged, timeout):
        """Calls click(), then wait(seconds) for its effect, and returns what
        wait returns. A busy desktop now and then loses a click (seen beside
        stress-ng and on CI machines under load: Resume, Redo Move, a board
        cell, a start page row, each still as before 10 s later); a person
        would click again, and so does this, every RETRY_WAIT seconds until
        timeout (scaled), but only while unchanged() still holds. A click
        that was only slow has changed what unchanged() reads by then, and
        a second one would be a second step (two undos, two copies)."""
        deadline = time.monotonic() + scaled(timeout)
        while True:
            click()
            try:
                return wait(RETRY_WAIT)
            except E2EFailure:
                if time.monotonic() > deadline:
                    raise
                if not unchanged():
                    return wait(timeout)

    def click_until(self, role, name, effect, what, timeout=DEFAULT_WAIT, dx=None):
        """Clicks the widget found by (role, name), at its centre or dx from its
        left edge, and waits for effect() to return something true, which it
        returns. A lost click is made again while the widget still reads name
        (_click_again_while)."""
        return self._click_again_while(lambda: self.find(role, name).click(dx=dx),
                                       lambda t: self.wait_for(effect, what, t),
                                       lambda: self.snapshot().find_now(role, name) is not None,
                                       timeout)

    def click_until_turn(self, name, turn, timeout=DEFAULT_WAIT):
        """Clicks a header bar button that steps through the game ("Undo
        Move", "Redo Move") and waits until the move list is at `turn`; its
        rows' text. A lost click is made again while the list is still at
        the turn it showed before the click (_click_again_while)."""
        before = self.current_move()
        return self._click_again_while(lambda: self.click("push button", name),
                                       lambda t: self.wait_moves(turn, t),
                                       lambda: self.current_move() == before,
                                       timeout)

    def click_move_row(self, turn, timeout=DEFAULT_WAIT):
        """Clicks the move list's row `turn` (0: Start) and waits until the
        game shows the position after that turn; the rows' text. A lost
        click (seen beside stress-ng on the Start row) is made again while
        the list is still at the turn it showed before (_click_again_while);
        a second click on the same row would only show it again."""
        before = self.current_move()

        def click():
            rows = [r for r in self.move_list_node().children if r.role == "list item"]
            rows[turn].click()
        return self._click_again_while(click,
                                       lambda t: self.wait_moves(turn, t),
                                       lambda: self.current_move() == before,
                                       timeout)

    def open_editor_from_row(self, row_name, button="Duplicate and Edit", timeout=DEFAULT_WAIT):
        """Presses a start page row's edit button ("Duplicate and Edit" on a
        built-in game, "Edit Variant" on one of the user's), or with
        button=None the row itself (a draft's row opens it in the editor),
        and waits for the editor's Play Test, which it returns; row_name is a
        string or a regex. A lost click is made again while the start page
        still shows the row, which the editor hides, so a slow click never
        makes a second copy (_click_again_while)."""
        def click():
            row = self.find("list item", row_name)
            if button is None:
                row.click(dx=24)
            else:
                row.find_now("push button", button).click()
        return self._click_again_while(
            click,
            lambda t: self.find("push button", "Play Test", timeout=t),
            lambda: self.snapshot().find_now("list item", row_name) is not None,
            timeout)

    def key(self, *combos):
        """Presses keys in turn: key("Up"), key("Return"), key("ctrl+z", "Tab")."""
        for combo in combos:
            self.session.key(combo)

    def type(self, text):
        """Types text as key presses."""
        self.session.type(text)

    def screenshot(self, name):
        """Saves a PNG of the screen in the test's artifact folder; its path."""
        return self.session.screenshot_file(name)


class AtspiEvent:
    """One AT-SPI object event: `kind` as Orca names it
    ("object:property-change:accessible-name", "object:state-changed:showing",
    "object:announcement"), its details, its value (the new name, the
    announced text…) and the emitter's (bus name, path)."""

    def __init__(self, member, detail, detail1, detail2, value, ref):
        words = re.sub(r"(?<!^)([A-Z])", r"-\1", member).lower()
        self.kind = "object:" + words + (":" + detail if detail else "")
        self.detail1 = detail1
        self.detail2 = detail2
        self.value = value
        self.ref = ref

    def __repr__(self):
        return "<%s %d %d %r>" % (self.kind, self.detail1, self.detail2, self.value)


class EventRecorder:
    """The object events (org.a11y.atspi.Event.Object) one app emitted since
    the recorder was made, in order: .events(), .wait(match, what)."""

    def __init__(self, app):
        self.app = app
        self._events = []
        sender = app.root_ref()[0]
        self._id = app.bus.conn.signal_subscribe(
            sender, "org.a11y.atspi.Event.Object", None, None, None,
            app.bus.Gio.DBusSignalFlags.NONE, self._on_signal)

    def _on_signal(self, conn, sender, path, interface, member, params):
        try:
            detail, detail1, detail2, value, _props = params.unpack()
        except (TypeError, ValueError):  # another signature: keep what it says
            detail, detail1, detail2, value = "", 0, 0, params.unpack()
        self._events.append(AtspiEvent(member, detail, detail1, detail2, value, (sender, path)))

    def events(self):
        """Every event received so far (the bus is read first)."""
        context = self.app.bus.context
        while context.iteration(False):
            pass
        return list(self._events)

    def wait(self, match, what, timeout=DEFAULT_WAIT):
        """Waits for an event for which match(event) is true; returns it. On
        timeout the failure lists the events received."""
        try:
            return self.app.wait_for(
                lambda: next((e for e in self.events() if match(e)), None), what, timeout)
        except E2EFailure as e:
            heard = [ev for ev in self._events if ev.kind != "object:bounds-changed"]
            raise E2EFailure("%s; events received: %s" % (e, heard[-40:])) from None

    def close(self):
        if self._id is not None:
            self.app.bus.conn.signal_unsubscribe(self._id)
            self._id = None


def _is_button(node):
    return node.role in ("push button", "toggle button")


def _row_text(row):
    return " ".join(n.name for n in row.walk() if n.role == "label" and n.name
                    and not _TYPE_NAME.match(n.name)).strip()


def _safe(fn):
    try:
        return fn()
    except Exception as e:  # pragma: no cover - for messages only
        return "<%s>" % e


# ---------------------------------------------------------------------------
# The private desktop


class Session:
    """Xvfb + private D-Bus session (with the AT-SPI bus) + metacity."""

    def __init__(self, artifacts, width=1400, height=1000):
        self.width, self.height = width, height
        self.artifacts = artifacts
        self.test_artifacts = artifacts
        os.makedirs(artifacts, exist_ok=True)
        self.app_path = os.environ.get("BOARDSMITH_APP")
        self.schema_dir = os.environ.get("BOARDSMITH_SCHEMA_DIR")
        if not self.app_path or not os.access(self.app_path, os.X_OK):
            raise Skip("BOARDSMITH_APP does not name the built app (run through meson test)")
        self.tmp = tempfile.mkdtemp(prefix="boardsmith-e2e-")
        self.procs = []
        self.apps = []
        self._n_apps = 0
        self._display = None
        self.bus = None
        self.env = None

    # Start and stop ---------------------------------------------------------------

    def start(self):
        runtime = os.path.join(self.tmp, "runtime")
        os.makedirs(runtime, mode=0o700)
        home = os.path.join(self.tmp, "session-home")
        os.makedirs(home)

        read_fd, write_fd = os.pipe()
        xvfb = self._spawn(["Xvfb", "-displayfd", str(write_fd), "-screen", "0",
                            "%dx%dx24" % (self.width, self.height), "-nolisten", "tcp",
                            "-noreset"], pass_fds=(write_fd,), log="xvfb.log")
        os.close(write_fd)
        number = self._read_line(read_fd, xvfb, "Xvfb to start")
        display = ":" + number

        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("XDG_", "DBUS_", "AT_SPI", "GTK_", "GDK_", "GSK_"))
               and k not in ("DISPLAY", "WAYLAND_DISPLAY", "NO_AT_BRIDGE", "HOME",
                             "SESSION_MANAGER", "LANGUAGE")}
        env.update(DISPLAY=display, HOME=home, XDG_RUNTIME_DIR=runtime,
                   XDG_CONFIG_HOME=os.path.join(home, ".config"),
                   XDG_DATA_HOME=os.path.join(home, ".local/share"),
                   XDG_CACHE_HOME=os.path.join(home, ".cache"),
                   XDG_STATE_HOME=os.path.join(home, ".local/state"),
                   LC_ALL="C.UTF-8", LANG="C.UTF-8")

        read_fd, write_fd = os.pipe()
        dbus = self._spawn(["dbus-daemon", "--session", "--nofork", "--nopidfile",
                            "--print-address=%d" % write_fd], pass_fds=(write_fd,), env=env,
                           log="dbus.log")
        os.close(write_fd)
        env["DBUS_SESSION_BUS_ADDRESS"] = self._read_line(read_fd, dbus, "dbus-daemon to start")
        self.env = env

        # This process reads the tree: it must talk to the same buses.
        for k in [k for k in os.environ if k.startswith(("DBUS_", "AT_SPI"))]:
            del os.environ[k]
        os.environ.update(DISPLAY=display, DBUS_SESSION_BUS_ADDRESS=env["DBUS_SESSION_BUS_ADDRESS"],
                          XDG_RUNTIME_DIR=runtime)

        from Xlib import display as xdisplay
        self._display = xdisplay.Display(display)
        self.bus = _A11yBus()
        self._spawn(["metacity", "--sm-disable", "--replace"], env=env, log="metacity.log")
        root = self._display.screen().root
        check = self._display.intern_atom("_NET_SUPPORTING_WM_CHECK")
        self.wait_for(lambda: root.get_full_property(check, 0) is not None,
                      "metacity to manage the screen", 20)
        return self

    def stop(self):
        for app in self.apps:
            app.stop()
        self.apps = []
        if self._display is not None:
            try:
                self._display.close()
            except Exception:
                pass
            self._display = None
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(scaled(5))
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        self.procs = []
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def _spawn(self, argv, env=None, pass_fds=(), log=None):
        out = open(os.path.join(self.artifacts, log), "ab") if log else subprocess.DEVNULL
        proc = subprocess.Popen(argv, env=env if env is not None else self.env or os.environ,
                                stdout=out, stderr=subprocess.STDOUT, pass_fds=pass_fds,
                                start_new_session=True)
        self.procs.append(proc)
        return proc

    def _read_line(self, fd, proc, what):
        data = b""
        deadline = time.monotonic() + scaled(30)
        import select
        while not data.endswith(b"\n"):
            if proc.poll() is not None:
                raise E2EFailure("%s failed (exit %s)" % (what, proc.returncode))
            if time.monotonic() > deadline:
                raise E2EFailure("timed out waiting for " + what)
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                chunk = os.read(fd, 256)
                if not chunk:
                    break
                data += chunk
        os.close(fd)
        return data.decode().strip()

    # The app --------------------------------------------------------------------

    def start_app(self, *args, home=None, env=None, settings=None, size=(1100, 760),
                  wait=True, cwd=None):
        """Starts boardsmith with these arguments (a built-in game, a file…).

        home: reuse an earlier app's home (files, settings and recent games
        stay); settings: {key: GVariant text} written to its GSettings first;
        env: extra environment; cwd: the working directory it starts in (its
        home by default, as from a desktop launcher; another folder is a start
        from a terminal). Waits until its main window is on screen."""
        self._n_apps += 1
        if home is None:
            home = os.path.join(self.tmp, "app-%d" % self._n_apps)
        for sub in (".config/gtk-4.0", ".local/share", ".cache", ".local/state", "Documents",
                    "Pictures"):
            os.makedirs(os.path.join(home, sub), exist_ok=True)
        # As on a desktop set up by xdg-user-dirs: Documents and Pictures.
        with open(os.path.join(home, ".config/user-dirs.dirs"), "w") as f:
            f.write('XDG_DOCUMENTS_DIR="$HOME/Documents"\nXDG_PICTURES_DIR="$HOME/Pictures"\n')
        # Animations off: steadier, and no different in what they do.
        with open(os.path.join(home, ".config/gtk-4.0/settings.ini"), "w") as f:
            f.write("[Settings]\ngtk-enable-animations=false\ngtk-cursor-blink=false\n")
        if settings:
            self._write_settings(home, settings)
        if size:
            self._write_settings(home, {"window-width": str(size[0]),
                                        "window-height": str(size[1])})

        app_env = dict(self.env)
        app_env.update(HOME=home,
                       XDG_CONFIG_HOME=os.path.join(home, ".config"),
                       XDG_DATA_HOME=os.path.join(home, ".local/share"),
                       XDG_CACHE_HOME=os.path.join(home, ".cache"),
                       XDG_STATE_HOME=os.path.join(home, ".local/state"),
                       GSETTINGS_BACKEND="keyfile",
                       GDK_BACKEND="x11",
                       GTK_A11Y="atspi",
                       # A critical warning is a bug: it stops the app (and the test).
                       G_DEBUG="fatal-criticals",
                       # Leaks are for the sanitizer suites; here they would only
                       # change the exit status of an app we kill.
                       ASAN_OPTIONS="detect_leaks=0:" + os.environ.get("ASAN_OPTIONS", ""),
                       # …but the sanitizer suite's own ASAN_OPTIONS come last and
                       # turn leak checks on again, and an app that ends by itself
                       # must then exit 0: the libraries' own leaks (fontconfig's
                       # cache) are suppressed as in the UI tests, nothing of ours.
                       LSAN_OPTIONS=":".join(filter(None, (
                           "suppressions=" + os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                          "..", "ui", "lsan.supp"),
                           "print_suppressions=0",
                           os.environ.get("LSAN_OPTIONS", "")))))
        if self.schema_dir:
            app_env["GSETTINGS_SCHEMA_DIR"] = self.schema_dir
        if env:
            app_env.update(env)
        log = os.path.join(self.test_artifacts, "app-%d.log" % self._n_apps)
        app = App(self, args, home, app_env, log, cwd=cwd)
        self.apps.append(app)
        if wait:
            frame = app.window(role="frame", timeout=START_WAIT)
            self.wait_for(lambda: self._x_windows(app.pid), "the app's window to be mapped",
                          app=app)
            # Its real size: not 0×0, the same twice, an X window of that size.
            self.surface_origin(app.pid, frame)
            self._wait_active(app)
        return app

    def _wait_active(self, app):
        """Waits until the new window is the active one, as a person sees it
        before reaching for it: the window manager has placed and focused it.
        The first click after a start was lost twice on CI (a start page
        button, no effect 10 s later); a window the manager is still taking
        over may not be where the click lands. A window that never becomes
        active (a test that starts a second app beside a first) is not an
        error here: what the test then does decides."""
        def active():
            # Any of its windows: a restore question shown at the start is
            # the active one then.
            return any(node.has_state("active") for node in app.snapshot().children)
        try:
            self.wait_for(active, "the app's window to be active", RETRY_WAIT, app=app)
        except E2EFailure:
            _trace("the app's window is not active after %gs: %s" % (
                scaled(RETRY_WAIT), [(n.role, n.name, sorted(n.states))
                                     for n in app.snapshot().children]))

    def _write_settings(self, home, settings):
        path = os.path.join(home, ".config/glib-2.0/settings/keyfile")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        lines = []
        if os.path.exists(path):
            with open(path) as f:
                lines = [l.rstrip("\n") for l in f]
        group = "[io/github/boardsmith/Boardsmith]"
        if group not in lines:
            lines += [group]
        at = lines.index(group) + 1
        for key, value in settings.items():
            lines = [l for l in lines if not l.startswith(key + "=")]
            lines.insert(at, "%s=%s" % (key, value))
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")

    # Waiting --------------------------------------------------------------------

    def wait_for(self, condition, what, timeout=DEFAULT_WAIT, app=None):
        limit = scaled(timeout)
        deadline = time.monotonic() + limit
        last_error = None
        while True:
            try:
                value = condition()
                if value:
                    _trace("waited %.2fs for %s" % (time.monotonic() - deadline + limit, what))
                    return value
                last_error = None
            except E2EFailure:
                raise
            except Exception as e:  # widgets vanish mid-query: try again
                last_error = e
            if app is not None and app.proc.poll() is not None:
                raise E2EFailure("boardsmith exited (status %s) while waiting for %s; log: %s"
                                 % (app.proc.returncode, what, app.log_path))
            if time.monotonic() > deadline:
                message = "timed out after %gs waiting for %s" % (limit, what)
                if last_error is not None:
                    message += " (last error: %s)" % last_error
                raise E2EFailure(message)
            pause(0.05)

    # X: windows, input, pixels ---------------------------------------------------

    def _x_windows(self, pid):
        """(window, content x, y, w, h) of the pid's mapped top-level X windows,
        bottom to top; content = without the _GTK_FRAME_EXTENTS shadow."""
        from Xlib import X
        d = self._display
        root = d.screen().root
        pid_atom = d.intern_atom("_NET_WM_PID")
        extents_atom = d.intern_atom("_GTK_FRAME_EXTENTS")
        out = []

        def consider(win):
            try:
                if win.get_attributes().map_state != X.IsViewable:
                    return
                prop = win.get_full_property(pid_atom, X.AnyPropertyType)
                if prop is None or not prop.value or prop.value[0] != pid:
                    return False
                geom = win.get_geometry()
                pos = win.translate_coords(root, 0, 0)
                x, y = -pos.x, -pos.y
                ext = win.get_full_property(extents_atom, X.AnyPropertyType)
                left, right, top, bottom = (list(ext.value) + [0, 0, 0, 0])[:4] if ext else (0, 0, 0, 0)
                out.append((win, x + left, y + top, geom.width - left - right,
                            geom.height - top - bottom))
                return True
            except Exception:
                return False

        for win in root.query_tree().children:
            if consider(win) is False:
                # A window manager frame: the client is one level down.
                try:
                    for child in win.query_tree().children:
                        consider(child)
                except Exception:
                    pass
        return out

    def restore_minimized(self, pid):
        """Brings back the pid's minimized (iconic) top-level windows as a
        taskbar or the overview would: a _NET_ACTIVE_WINDOW request to the
        window manager, and waits until none is iconic. Returns how many there
        were."""
        from Xlib import X, protocol
        d = self._display
        root = d.screen().root
        pid_atom = d.intern_atom("_NET_WM_PID")
        state_atom = d.intern_atom("WM_STATE")
        active_atom = d.intern_atom("_NET_ACTIVE_WINDOW")
        restored = 0

        def iconic(win):
            try:
                prop = win.get_full_property(pid_atom, X.AnyPropertyType)
                if prop is None or not prop.value or prop.value[0] != pid:
                    return False
                state = win.get_full_property(state_atom, state_atom)
                return state is not None and state.value and state.value[0] == 3  # IconicState
            except Exception:
                return False

        candidates = []
        for win in root.query_tree().children:
            candidates.append(win)
            try:
                candidates.extend(win.query_tree().children)
            except Exception:
                pass
        for win in candidates:
            if iconic(win):
                event = protocol.event.ClientMessage(
                    window=win, client_type=active_atom,
                    data=(32, [2, X.CurrentTime, 0, 0, 0]))
                root.send_event(event, event_mask=X.SubstructureRedirectMask
                                | X.SubstructureNotifyMask)
                restored += 1
        d.sync()
        if restored:
            self.wait_for(lambda: not [w for w in candidates if iconic(w)],
                          "the minimized windows to come back")
        return restored

    def surface_origin(self, pid, surface):
        """Screen position of the top left corner of a toplevel or popover node:
        the app's X window of the same size (the closest, within a few pixels:
        some popovers' windows hold a few more pixels than their widget, on
        the side of their arrow). A window that has just been mapped may not
        have its real size yet (its accessible extents read 0×0, or a size
        that changes): this waits until the extents are not empty, read the
        same twice, and an X window of that size is there; surface.extents is
        updated to what was read."""
        app = surface.app
        last = [surface.extents]

        def settled():
            extents = self._read_extents(surface)
            stable = extents == last[0]
            last[0] = extents
            if not extents or extents[2] <= 0 or extents[3] <= 0 or not stable:
                return None
            return self._matching_windows(pid, surface, extents) and extents

        if app is None:
            extents = surface.extents
        else:
            try:
                extents = self.wait_for(settled, "the real size of %r" % surface, app=app)
            except E2EFailure as e:
                windows = self._x_windows(pid)
                width, height = (last[0] or (0, 0, 0, 0))[2:4]
                raise E2EFailure("no X window of %dx%d for %r (windows: %s; %s)" % (
                    width, height, surface, [(w[1], w[2], w[3], w[4]) for w in windows], e))
        surface.extents = extents
        _, sy, width, height = extents or (0, 0, 0, 0)
        scored = self._matching_windows(pid, surface, extents)
        if not scored:
            windows = self._x_windows(pid)
            raise E2EFailure("no X window of %dx%d for %r (windows: %s)" % (
                width, height, surface, [(w[1], w[2], w[3], w[4]) for w in windows]))
        win = scored[0][2]
        x, y = win[1], win[2]
        extra = win[4] - height
        anchor = surface.parent
        if extra > 0 and anchor is not None and anchor.extents is not None \
                and sy > anchor.extents[1]:
            y += extra   # a popover below what it points at: its arrow is on top
        return x, y

    def _read_extents(self, node):
        """node's extents in its window, asked now (None if it has none)."""
        try:
            return tuple(node.app.bus.call(node.ref, "org.a11y.atspi.Component", "GetExtents",
                                           ("(u)", (_COORD_WINDOW,)))[0])
        except Exception:
            return None

    def _matching_windows(self, pid, surface, extents):
        """The pid's X windows of the size of extents (within 16 pixels), the
        closest first; for a window, the one with its title if several."""
        if not extents or extents[2] <= 0 or extents[3] <= 0:
            return []
        _, _, width, height = extents
        windows = self._x_windows(pid)
        scored = sorted(((abs(w[3] - width) + abs(w[4] - height), -i, w)
                         for i, w in enumerate(windows)), key=lambda t: t[:2])
        scored = [t for t in scored if t[0] <= 16]
        if len(scored) > 1 and surface.role in ("frame", "dialog", "file chooser", "alert"):
            titled = [t for t in scored if (t[2][0].get_wm_name() or "") == surface.name]
            scored = titled or scored
        return scored

    def move(self, x, y):
        from Xlib import X
        from Xlib.ext import xtest
        xtest.fake_input(self._display, X.MotionNotify, x=int(x), y=int(y))
        self._display.sync()

    def click(self, x, y, button=1):
        """Moves the pointer to (x, y) and clicks (press, release)."""
        from Xlib import X
        from Xlib.ext import xtest
        self.move(x, y)
        pause(0.02)
        xtest.fake_input(self._display, X.ButtonPress, button)
        self._display.sync()
        pause(0.02)
        xtest.fake_input(self._display, X.ButtonRelease, button)
        self._display.sync()
        pause(0.05)

    def drag(self, points, button=1):
        """Presses at the first (x, y), moves through the others in small steps,
        releases at the last: a stroke, as a hand or a mouse makes it."""
        from Xlib import X
        from Xlib.ext import xtest
        points = [(int(x), int(y)) for x, y in points]
        self.move(*points[0])
        pause(0.02)
        xtest.fake_input(self._display, X.ButtonPress, button)
        self._display.sync()
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            steps = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) // 8))
            for i in range(1, steps + 1):
                self.move(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
                pause(0.01)
        pause(0.02)
        xtest.fake_input(self._display, X.ButtonRelease, button)
        self._display.sync()
        pause(0.05)

    _MODIFIERS = {"ctrl": "Control_L", "control": "Control_L", "shift": "Shift_L",
                  "alt": "Alt_L", "super": "Super_L"}

    def _keycode(self, keysym_name):
        from Xlib import XK
        keysym = XK.string_to_keysym(keysym_name)
        if keysym == 0 and len(keysym_name) == 1:
            keysym = ord(keysym_name)
        if keysym == 0:
            raise E2EFailure("unknown key %r" % keysym_name)
        codes = list(self._display.keysym_to_keycodes(keysym))
        if not codes:
            raise E2EFailure("no key on the keyboard for %r" % keysym_name)
        # Prefer the unshifted level.
        codes.sort(key=lambda c: c[1])
        code, index = codes[0]
        return code, index % 2 == 1

    def key(self, combo):
        """Presses and releases a key combination such as "ctrl+shift+z" or "Return"."""
        from Xlib import X
        from Xlib.ext import xtest
        parts = combo.split("+") if combo != "+" else ["plus"]
        *mods, key = parts
        names = [self._MODIFIERS.get(m.lower(), m) for m in mods]
        code, shifted = self._keycode(key)
        if shifted and "Shift_L" not in names:
            names.append("Shift_L")
        mod_codes = [self._keycode(n)[0] for n in names]
        for mc in mod_codes:
            xtest.fake_input(self._display, X.KeyPress, mc)
        xtest.fake_input(self._display, X.KeyPress, code)
        xtest.fake_input(self._display, X.KeyRelease, code)
        for mc in reversed(mod_codes):
            xtest.fake_input(self._display, X.KeyRelease, mc)
        self._display.sync()
        pause(0.03)

    _CHAR_KEYS = {" ": "space", "\n": "Return", "\t": "Tab", "-": "minus", ".": "period",
                  "/": "slash", "_": "underscore", ",": "comma", ":": "colon",
                  "=": "equal", "~": "asciitilde", "(": "parenleft", ")": "parenright"}

    def type(self, text):
        for ch in text:
            self.key(self._CHAR_KEYS.get(ch, ch))

    def screenshot(self, x=0, y=0, width=None, height=None):
        """The screen's pixels now, as a Screenshot."""
        from Xlib import X
        width = width or self.width
        height = height or self.height
        root = self._display.screen().root
        image = root.get_image(x, y, width, height, X.ZPixmap, 0xFFFFFFFF)
        data = image.data
        if isinstance(data, str):
            data = data.encode("latin-1")
        n = width * height
        rgb = bytearray(n * 3)
        # 32 bits per pixel, BGRX in memory on this little-endian X server.
        rgb[0::3] = data[2:4 * n:4]
        rgb[1::3] = data[1:4 * n:4]
        rgb[2::3] = data[0:4 * n:4]
        return Screenshot(width, height, bytes(rgb))

    def screenshot_file(self, name):
        path = os.path.join(self.test_artifacts, name if name.endswith(".png") else name + ".png")
        return self.screenshot().save(path)


# ---------------------------------------------------------------------------
# The runner: TAP for meson


def run_tests(argv=None):
    """Runs every test_* function of the calling module in order, each with a
    fresh app set (one Session for the file). Prints TAP; exit status 0 or 1.

    Arguments: names (or substrings) of tests to run; --list."""
    import __main__
    argv = sys.argv[1:] if argv is None else argv
    tests = [(name, fn) for name, fn in vars(__main__).items()
             if name.startswith("test_") and callable(fn)]
    tests.sort(key=lambda t: t[1].__code__.co_firstlineno)
    if "--list" in argv:
        for name, _ in tests:
            print(name)
        return 0
    wanted = [a for a in argv if not a.startswith("-")]
    if wanted:
        tests = [t for t in tests if any(w in t[0] for w in wanted)]

    missing = _missing_tools()
    if missing:
        print("1..0 # SKIP missing: " + ", ".join(missing) + " (build-aux/debian-packages.txt)")
        return 0

    stem = os.path.splitext(os.path.basename(__main__.__file__))[0]
    base = os.path.join(os.environ.get("BOARDSMITH_E2E_ARTIFACTS",
                                       os.path.join(tempfile.gettempdir(), "boardsmith-e2e")),
                        stem)
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base, exist_ok=True)
    print("1..%d" % len(tests), flush=True)
    failed = 0
    try:
        session = Session(base)
    except Skip as e:
        for i, (name, _) in enumerate(tests, 1):
            print("ok %d - %s # SKIP %s" % (i, name, e))
        return 0
    start = time.monotonic()
    try:
        session.start()
        for i, (name, fn) in enumerate(tests, 1):
            session.test_artifacts = os.path.join(base, name)
            os.makedirs(session.test_artifacts, exist_ok=True)
            t0 = time.monotonic()
            try:
                fn(session)
                # Every app of the test ends, and none may have logged a
                # warning or a critical.
                for app in session.apps:
                    app.stop()
                for app in session.apps:
                    app.check_log()
            except Skip as e:
                print("ok %d - %s # SKIP %s" % (i, name, e), flush=True)
            except BaseException as e:  # noqa: B902 - report everything, go on
                failed += 1
                _report_failure(session, name, e)
                print("not ok %d - %s" % (i, name), flush=True)
                if isinstance(e, KeyboardInterrupt):
                    raise
            else:
                print("ok %d - %s # %.1fs" % (i, name, time.monotonic() - t0), flush=True)
            finally:
                for app in session.apps:
                    app.stop()
                session.apps = []
    finally:
        session.stop()
    _log("%s: %d tests in %.1fs, artifacts in %s" % (stem, len(tests),
                                                    time.monotonic() - start, base))
    return 1 if failed else 0


def _missing_tools():
    missing = [tool for tool in ("Xvfb", "dbus-daemon", "metacity") if shutil.which(tool) is None]
    try:
        from gi.repository import Gio  # noqa: F401
    except Exception:
        missing.append("python3-gi")
    try:
        from Xlib.ext import xtest  # noqa: F401
    except Exception:
        missing.append("python3-xlib")
    return missing


def _report_failure(session, name, error):
    # Also on stderr, short and last: meson's --print-errorlogs shows only
    # stderr, and only its last 100 lines, so a CI log says why a test failed.
    _log("%s failed: %s" % (name, error))
    tb = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    _log(tb.rstrip())
    try:
        shot = session.screenshot_file("failure")
        _log("screenshot: " + shot)
    except Exception as e:
        _log("no screenshot: %s" % e)
    for app in session.apps:
        try:
            tree = app.dump() if app.running() else "(the app is not running)"
        except Exception as e:
            tree = "(no tree: %s)" % e
        path = os.path.join(session.test_artifacts, "failure-tree-%d.txt" % app.pid)
        with open(path, "w") as f:
            f.write(tree + "\n")
        _log("accessible tree of boardsmith %s (%s):\n%s" % (" ".join(app.args), path, tree))
        _log("app log: " + app.log_path)
        crash = app.crash_report()
        if crash:
            _log("boardsmith %s crashed (status %s):%s" % (" ".join(app.args),
                                                           app.proc.returncode, crash))
        try:
            with open(app.log_path, errors="replace") as f:
                tail = f.read()[-3000:]
            if tail.strip():
                _log("app log tail:\n" + tail)
        except OSError:
            pass
    print("%s failed: %s\n%s" % (name, error, tb.rstrip()), file=sys.stderr, flush=True)

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The harness itself: its waits scale by `meson test --timeout-multiplier`,
it never places a click with a window's size read before the window had
it ("no X window of 0x0 for <frame 'Boardsmith'>", seen once under load),
it fails a test whose app logged a warning or a critical, and a crash of
the app is reported with its backtrace."""

import os
import resource
import signal
import subprocess
import sys

import harness
from harness import E2EFailure, run_tests


def test_meson_command_lines(session):
    """-t and --timeout-multiplier as meson takes them; 0 is "no timeout"."""
    cases = [
        (["/usr/bin/python3", "/usr/bin/meson", "test", "-C", "_build"], 1.0),
        (["meson", "test", "-C", "_build", "--timeout-multiplier", "3"], 3.0),
        (["meson", "test", "--timeout-multiplier=2.5", "e2e-files"], 2.5),
        (["/usr/bin/meson", "test", "-t", "8", "--num-processes", "2"], 8.0),
        (["meson", "test", "-t6"], 6.0),
        (["meson", "test", "-t", "0"], 1000.0),
        (["meson", "compile", "-t", "3"], None),
        (["python3", "build.py", "test", "-t", "3"], None),
    ]
    for argv, want in cases:
        got = harness._parse_meson_test_argv(argv)
        if got != want:
            raise E2EFailure("%r: timeout multiplier %r, expected %r" % (argv, got, want))


def test_multiplier_reaches_the_test(session):
    """A test run by `meson test -t 7` (its parent) waits 7 times as long,
    whatever the environment says below that; the environment's factor
    counts when it is the larger."""
    child = ("import harness, sys; sys.stdout.write(repr(harness.timeout_multiplier()))")
    parent = ("import subprocess, sys; sys.exit(subprocess.call("
              "[sys.executable, '-c', %r]))" % child)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.abspath(harness.__file__)))
    for factor, env_factor, want in (("7", "1", 7.0), ("2", "5", 5.0), ("0", "1", 1000.0)):
        env["BOARDSMITH_TEST_TIMEOUT_MULTIPLIER"] = env_factor
        out = subprocess.run([sys.executable, "-c", parent, "meson", "test", "-t", factor],
                             env=env, stdout=subprocess.PIPE, check=True).stdout.decode()
        if float(out) != want:
            raise E2EFailure("under `meson test -t %s` with the variable at %s the factor is "
                             "%s, expected %s" % (factor, env_factor, out, want))


def test_window_size_read_too_early(session):
    """The main window's extents read while it had no size yet (0×0, as a
    window just mapped): clicking in it waits for its real size instead of
    failing to find an X window of 0×0, and clicks the right place."""
    app = session.start_app("agoraphobia")
    frame = app.main_window()
    button = frame.find_now("push button", "Undo") or \
        next(n for n in frame.walk() if n.role == "push button" and n.showing)
    want = button.screen_extents()
    stale = app.main_window()
    stale.extents = (0, 0, 0, 0)
    node = next(n for n in stale.walk() if n.ref == button.ref)
    got = node.screen_extents()
    if got != want:
        raise E2EFailure("%r at %r with the window's size read early, %r otherwise"
                         % (node, got, want))
    if stale.extents[2] <= 0 or stale.extents[3] <= 0:
        raise E2EFailure("the window's size was not read again: %r" % (stale.extents,))


class LogOnly(harness.App):
    """An App that is only its log (no process)."""

    def __init__(self, log_path):
        self.log_path = log_path
        self.args = ["sample"]
        self._log_clean = False


def test_log_check(session):
    """GLib's warnings, criticals and errors in an app's log, with or
    without a log domain, fail the test and are named by line; messages
    and ordinary text do not."""
    path = os.path.join(session.test_artifacts, "sample.log")
    lines = [
        "Gtk-Message: 16:06:38.900: Failed to load module \"canberra-gtk-module\"",
        "(boardsmith:19043): GLib-GObject-WARNING **: 16:06:39.057: instance with invalid "
        "(NULL) class pointer",
        "(boardsmith:19043): GLib-GObject-CRITICAL **: 16:06:39.058: "
        "g_signal_handlers_disconnect_matched: assertion 'G_TYPE_CHECK_INSTANCE (instance)' failed",
        "** (boardsmith:19043): WARNING **: 16:06:39.059: a message with no domain",
        "(boardsmith:19043): boardsmith-app-CRITICAL **: 16:06:39.060: bs_game_get_n_turns: "
        "assertion 'BS_IS_GAME (self)' failed",
        "** Message: 16:06:39.061: a message is no warning",
        "(boardsmith:19043): Gtk-WARNING **: 16:06:39.062: Broken accounting of active state "
        "for widget 0x55d0c1a2b3c0(GtkPopoverMenu)",
        "The WARNING ** of a player's name, not GLib's",
    ]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    app = LogOnly(path)
    got = app.log_problems()
    want = ["%d: %s" % (n, lines[n - 1]) for n in (2, 3, 4, 5)]
    if got != want:
        raise E2EFailure("the log check found\n%s\nexpected\n%s"
                         % ("\n".join(got), "\n".join(want)))
    try:
        app.check_log()
    except E2EFailure as e:
        if not all(line in str(e) for line in want):
            raise E2EFailure("the failure does not name every line: %s" % e)
    else:
        raise E2EFailure("a log with criticals passed the check")
    with open(path, "w") as f:
        f.write(lines[0] + "\n" + lines[-1] + "\n")
    app.check_log()


def test_crash_report(session):
    """An app that dies of a crash signal is reported with the backtrace gdb
    reads from its core file (or, where the kernel leaves none in the app's
    folder, with why), and the report is saved with the test's artifacts.
    A quit or a SIGTERM is no crash."""
    app = session.start_app()
    app.root_ref()
    os.kill(app.pid, signal.SIGSEGV)
    session.wait_for(lambda: not app.running() or None, "the app to die of SIGSEGV")
    # A sanitizer build's own handler reports the SEGV, aborts, and dumps no core.
    sanitized = bool(os.environ.get("BOARDSMITH_E2E_SANITIZED"))
    wanted = (-signal.SIGSEGV, -signal.SIGABRT) if sanitized else (-signal.SIGSEGV,)
    if app.proc.returncode not in wanted:
        raise E2EFailure("the app ended with status %s, not %s" % (app.proc.returncode, wanted))
    report = app.crash_report()
    saved = os.path.join(session.test_artifacts, "crash-%d.txt" % app.pid)
    if not os.path.isfile(saved):
        raise E2EFailure("no %s for the crash: %r" % (saved, report))
    with open("/proc/sys/kernel/core_pattern") as f:
        pattern = f.read().strip()
    # A core lands in the app's folder unless the kernel pipes it elsewhere.
    no_cores = resource.getrlimit(resource.RLIMIT_CORE)[1] == 0
    if (sanitized or no_cores) and "no core file" in report:
        pass
    elif pattern.startswith("|") or "/" in pattern:
        if "no core file" not in report or repr(pattern) not in report:
            raise E2EFailure("with core_pattern %r the report should say there is no core: %r"
                             % (pattern, report))
    elif "SIGSEGV" not in report or "main (" not in report or "main.c" not in report:
        raise E2EFailure("the report does not show the crash in main(): %r" % report)
    # Seen in the failure's output too.
    if app.crash_report() != report:
        raise E2EFailure("the report changed when asked again")

    calm = session.start_app()
    calm.root_ref()
    calm.stop()
    if calm.crash_report() != "":
        raise E2EFailure("a SIGTERM was reported as a crash: %r" % calm.crash_report())


if __name__ == "__main__":
    run_tests()

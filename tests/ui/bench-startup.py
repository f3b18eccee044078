#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""meson test --benchmark startup: how long the app takes from launch to its first
painted frame (issue 29 item 14), on the display it is given (xvfb-run).

Starts the app RUNS times with --measure-startup, which prints when the window was
presented and when its first frame was painted (ms after the app object was made),
then quits; each start in a fresh home, so nothing from an earlier run is read.
As a person starts it (no GSK_RENDERER: on a software OpenGL such as Xvfb's llvmpipe
the app picks cairo, bs-software-gl.c), then forced to OpenGL, then forced to cairo. Then, with valgrind, the instructions executed to the first frame
(cairo renderer): a figure that does not depend on the CPU or the load.

Prints the medians; fails only when the app does not start or does not say."""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

TIMES = re.compile(r"^presented: ([\d.]+) ms\nfirst frame: ([\d.]+) ms$", re.M)


def start(app, env, home, prefix=()):
    os.makedirs(os.path.join(home, ".config"), exist_ok=True)
    run_env = dict(env, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                   XDG_DATA_HOME=os.path.join(home, ".local", "share"),
                   XDG_CACHE_HOME=os.path.join(home, ".cache"),
                   XDG_STATE_HOME=os.path.join(home, ".local", "state"))
    proc = subprocess.run([*prefix, app, "--measure-startup"], env=run_env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    found = TIMES.search(proc.stdout)
    if proc.returncode != 0 or found is None:
        sys.exit("%s --measure-startup failed (status %d):\n%s%s" % (
            app, proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:]))
    return float(found.group(1)), float(found.group(2)), proc.stderr


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("app")
    parser.add_argument("--runs", type=int, default=int(os.environ.get("BS_STARTUP_RUNS", "7")))
    args = parser.parse_args()

    tmp = tempfile.mkdtemp(prefix="bs-startup-")
    try:
        for renderer in ("as-is", "gl", "cairo"):
            env = dict(os.environ, NO_AT_BRIDGE="1")
            env.pop("GSK_RENDERER", None)
            if renderer != "as-is":
                env["GSK_RENDERER"] = renderer
            runs = [start(args.app, env, os.path.join(tmp, "%s-%d" % (renderer, i)))[:2]
                    for i in range(args.runs)]
            presented = statistics.median(r[0] for r in runs)
            first = statistics.median(r[1] for r in runs)
            print("renderer %-6s: window presented %.0f ms, first frame %.0f ms after launch "
                  "(medians of %d; the window is blank for the %.0f ms between)"
                  % (renderer, presented, first, args.runs, first - presented))

        valgrind = shutil.which("valgrind")
        if valgrind is None:
            print("instructions to the first frame: valgrind is not installed, not measured")
            return 0
        out = os.path.join(tmp, "callgrind.out")
        env = dict(os.environ, GSK_RENDERER="cairo", NO_AT_BRIDGE="1")
        _, _, err = start(args.app, env, os.path.join(tmp, "callgrind"),
                          (valgrind, "--tool=callgrind", "--callgrind-out-file=" + out))
        total = re.search(r"Collected : (\d+)", err)
        if total is None:
            sys.exit("callgrind gave no count:\n" + err[-2000:])
        print("instructions to the first frame (callgrind, cairo renderer): %s"
              % format(int(total.group(1)), ","))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

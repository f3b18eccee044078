#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The failure-injection matrix: every way Boardsmith writes a user's file
(variants, records, exported images and games, autosaves, files written in
pieces such as studies) against every way writing can fail — a full disk,
a read-only file system, a read-only folder, a target that is a folder, a
symlink to a folder, a symlink into a read-only folder, a file the user may
not write — plus a symlink that must be followed. Each failure must leave
the old file exactly as it was (bytes and permissions), leave no temporary
file behind, and say what failed with the file's name as the user gave it.

The writes are real (tests/failure/write-probe, the same code the app and
the CLI run) and so are the failures: a tmpfs filled to the last byte and a
read-only mount in a private mount namespace (unshare), permission bits for
a user who is not root (as root the permission cases run as nobody).

Usage: run-matrix.py WRITE_PROBE            (prints TAP)
       run-matrix.py --mount-phase WRITE_PROBE DIR   (inside unshare, internal)
"""
import os
import shutil
import stat
import subprocess
import sys
import tempfile

KINDS = [("variant", "mine.xml"), ("record", "game.boardsmith"), ("png", "board.png"),
         ("svg", "board.svg"), ("pdf", "board.pdf"), ("gif", "game.gif"),
         ("sheet", "sheet.pdf"), ("file", "autosave.boardsmith"), ("stream", "pieces.xml"),
         ("study", "balance.bsstudy")]
OLD = b"the old file, which must survive\n"
OLD_MODE = 0o640
NOBODY = 65534


class Tap:
    def __init__(self, relay=False):
        self.n = 0
        self.failed = 0
        self.relay = relay   # inside the mount namespace: lines for the parent

    def result(self, ok, name, why=""):
        self.n += 1
        if not ok:
            self.failed += 1
        if self.relay:
            print("@@%d\t%s\t%s" % (ok, name, why.replace("\n", " ")), flush=True)
        else:
            print("%s %d - %s%s" % ("ok" if ok else "not ok", self.n, name,
                                    "" if ok else ": " + why), flush=True)


def probe(write_probe, kind, path, as_nobody=False):
    argv = [write_probe, kind, path]
    if as_nobody:
        argv = ["setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups",
                "--inh-caps=-all", "--bounding-set=-all"] + argv
    r = subprocess.run(argv, capture_output=True, text=True, errors="replace")
    return r.returncode, r.stderr.strip()


def write_old(path):
    with open(path, "wb") as f:
        f.write(OLD)
    os.chmod(path, OLD_MODE)


def leftovers(folder, expected):
    """Files in folder other than the expected ones (a temporary file left)."""
    try:
        return sorted(set(os.listdir(folder)) - set(expected))
    except OSError:
        return []


def check_failure(tap, name, status, message, user_path, old_path, folder, expected):
    """The write failed, said so naming the file, and changed nothing."""
    problems = []
    if status != 1:
        problems.append("exit status %d, not 1" % status)
    if user_path not in message:
        problems.append("the message does not name %s: %r" % (user_path, message))
    if ".XXXXXX" in message or "/." in message.replace(user_path, ""):
        problems.append("the message names a temporary file: %r" % message)
    if old_path is not None:
        try:
            with open(old_path, "rb") as f:
                data = f.read()
            mode = stat.S_IMODE(os.stat(old_path).st_mode)
            if data != OLD:
                problems.append("the old file changed")
            if mode != OLD_MODE:
                problems.append("the old file's mode changed to %o" % mode)
        except OSError as e:
            problems.append("the old file is gone: %s" % e)
    extra = leftovers(folder, expected)
    if extra:
        problems.append("left behind: %s" % ", ".join(extra))
    tap.result(not problems, name, "; ".join(problems) + (" [%s]" % message if problems else ""))


def permission_phase(tap, write_probe, base):
    """Cases made with files and permission bits (as nobody when root)."""
    as_nobody = os.geteuid() == 0
    for kind, name in KINDS:
        case = os.path.join(base, "perm-" + kind)
        os.makedirs(case)

        # The target is a folder.
        folder_target = os.path.join(case, "is-a-folder-" + name)
        os.mkdir(folder_target)
        # A symlink to a folder.
        link_to_folder = os.path.join(case, "link-to-folder-" + name)
        os.symlink(folder_target, link_to_folder)
        # A read-only folder holding the old file.
        ro = os.path.join(case, "read-only")
        os.mkdir(ro)
        ro_target = os.path.join(ro, name)
        write_old(ro_target)
        # A symlink (in a writable folder) to that file.
        link_into_ro = os.path.join(case, "link-into-read-only-" + name)
        os.symlink(ro_target, link_into_ro)
        # A file the user may not write, in a writable folder.
        locked = os.path.join(case, "locked-" + name)
        write_old(locked)
        os.chmod(locked, 0o444)
        # A symlink that must be followed: the link stays, the file changes.
        real = os.path.join(case, "real-" + name)
        write_old(real)
        link = os.path.join(case, "link-" + name)
        os.symlink("real-" + name, link)

        if as_nobody:
            for root, dirs, files in os.walk(case):
                for entry in dirs + files + [""]:
                    os.lchown(os.path.join(root, entry) if entry else root, NOBODY, NOBODY)
        os.chmod(ro, 0o555)
        os.chmod(locked, 0o444)

        status, message = probe(write_probe, kind, folder_target, as_nobody)
        check_failure(tap, "%s: the target is a folder" % kind, status, message, folder_target,
                      None, folder_target, [])
        status, message = probe(write_probe, kind, link_to_folder, as_nobody)
        check_failure(tap, "%s: a symlink to a folder" % kind, status, message, link_to_folder,
                      None, folder_target, [])
        status, message = probe(write_probe, kind, ro_target, as_nobody)
        check_failure(tap, "%s: a read-only folder" % kind, status, message, ro_target, ro_target,
                      ro, [name])
        status, message = probe(write_probe, kind, link_into_ro, as_nobody)
        check_failure(tap, "%s: a symlink into a read-only folder" % kind, status, message,
                      link_into_ro, ro_target, ro, [name])
        before = sorted(os.listdir(case))
        status, message = probe(write_probe, kind, locked, as_nobody)
        locked_mode = stat.S_IMODE(os.stat(locked).st_mode)
        os.chmod(locked, OLD_MODE)   # for the common check of the old file
        check_failure(tap, "%s: a file the user may not write" % kind, status, message, locked,
                      locked, case, before)
        tap.result(locked_mode == 0o444, "%s: the unwritable file keeps its mode" % kind,
                   "mode %o" % locked_mode)

        status, message = probe(write_probe, kind, link, as_nobody)
        problems = []
        if status != 0:
            problems.append("failed: %s" % message)
        if not os.path.islink(link) or os.readlink(link) != "real-" + name:
            problems.append("the link was replaced")
        with open(real, "rb") as f:
            if f.read() == OLD:
                problems.append("the file the link names was not written")
        if stat.S_IMODE(os.stat(real).st_mode) != OLD_MODE:
            problems.append("the mode %o was not kept" % stat.S_IMODE(os.stat(real).st_mode))
        tap.result(not problems, "%s: a symlink is followed, the mode kept" % kind,
                   "; ".join(problems))
        os.chmod(ro, 0o755)


def fill(folder):
    """Fills the file system of folder to the last byte."""
    fd = os.open(os.path.join(folder, ".filler"), os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        for size in (65536, 4096, 1):
            chunk = b"\0" * size
            try:
                while True:
                    os.write(fd, chunk)
            except OSError:
                pass
    finally:
        os.close(fd)


def mount_phase(write_probe, base):
    """Runs in a private mount namespace: a full tmpfs, a read-only one."""
    tap = Tap(relay=True)
    for kind, name in KINDS:
        full = os.path.join(base, "full-" + kind)
        os.makedirs(full)
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", full],
                       check=True)
        target = os.path.join(full, name)
        write_old(target)
        fill(full)
        status, message = probe(write_probe, kind, target)
        check_failure(tap, "%s: a full disk" % kind, status, message, target, target, full,
                      [name, ".filler"])
        subprocess.run(["umount", full], check=True)

        ro = os.path.join(base, "ro-" + kind)
        os.makedirs(ro)
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", ro],
                       check=True)
        target = os.path.join(ro, name)
        write_old(target)
        subprocess.run(["mount", "-o", "remount,ro", ro], check=True)
        status, message = probe(write_probe, kind, target)
        check_failure(tap, "%s: a read-only file system" % kind, status, message, target, target,
                      ro, [name])
        subprocess.run(["umount", ro], check=True)
    return 1 if tap.failed else 0


def main():
    if sys.argv[1] == "--mount-phase":
        return mount_phase(sys.argv[2], sys.argv[3])
    write_probe = os.path.abspath(sys.argv[1])
    base = tempfile.mkdtemp(prefix="boardsmith-failure-")
    os.chmod(base, 0o755)
    tap = Tap()
    try:
        permission_phase(tap, write_probe, base)

        # Mounts need a mount namespace: as root a plain one, else one of a
        # user namespace where we are root.
        unshare = ["unshare", "--mount", "--propagation", "private"]
        if os.geteuid() != 0:
            unshare.insert(1, "--map-root-user")
        probe_ns = subprocess.run(unshare + ["true"], capture_output=True)
        mounts = os.path.join(base, "mounts")
        os.makedirs(mounts)
        if probe_ns.returncode != 0:
            print("# no mount namespace here (%s): the full-disk and read-only file system "
                  "cases are skipped" % probe_ns.stderr.decode().strip(), flush=True)
            for kind, _ in KINDS:
                for case in ("a full disk", "a read-only file system"):
                    tap.n += 1
                    print("ok %d - %s: %s # SKIP no mount namespace" % (tap.n, kind, case))
        else:
            r = subprocess.run(unshare + [sys.executable, os.path.abspath(__file__),
                                          "--mount-phase", write_probe, mounts],
                               capture_output=True, text=True)
            for line in r.stdout.splitlines():
                if line.startswith("@@"):
                    ok, name, why = line[2:].split("\t", 2)
                    tap.result(ok == "1", name, why)
                else:
                    print("# " + line)
            relayed = sum(1 for line in r.stdout.splitlines() if line.startswith("@@"))
            if r.returncode not in (0, 1) or relayed != 2 * len(KINDS):
                tap.result(False, "the mount phase",
                           "%d results of %d, exit %d: %s" % (relayed, 2 * len(KINDS),
                                                              r.returncode, r.stderr[-2000:]))
    finally:
        for root, dirs, files in os.walk(base):
            for d in dirs:
                try:
                    os.chmod(os.path.join(root, d), 0o755)
                except OSError:
                    pass
        shutil.rmtree(base, ignore_errors=True)
    print("1..%d" % tap.n)
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())

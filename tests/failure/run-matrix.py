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

The app's own state is in the matrix too, written by the app's code
(tests/failure/state-probe):

- Autosave copies (src/app/shell/bs-autosave.c: SESSION.lock, SESSION-N.boardsmith
  and SESSION-N.info in $XDG_DATA_HOME/boardsmith/autosave, through
  bs_file_write_atomic). The user names no file here, so the cases break the
  folder: a full disk, a read-only file system, a read-only autosave folder,
  a read-only data folder, an autosave "folder" that is a file, and one that
  is a symlink to a folder (followed). A refused copy must be logged naming
  the folder, with no warning or critical, must leave the copies of an
  earlier session (a crash's, the user's only copy of unsaved work) exactly
  as they were, and must leave no temporary file.
- Settings are GSettings (dconf on a desktop, GLib's keyfile backend in a
  sandbox): GLib's code, not ours, and the recent list is GTK's
  recently-used.xbel. What the app can observe is checked with the keyfile
  backend on a full disk, a read-only file system, a read-only config folder
  and a keyfile that is a folder: the app sets a key without a warning or a
  critical (G_DEBUG=fatal-criticals) and the old keyfile is untouched. GLib
  drops such a write without a word, so the app cannot tell the user.

Usage: run-matrix.py WRITE_PROBE STATE_PROBE            (prints TAP)
       run-matrix.py --mount-phase WRITE_PROBE STATE_PROBE DIR   (inside unshare, internal)
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
# An earlier session's copies, left by a crash: the user's unsaved work.
OLD_COPIES = ["0ld-session-1.boardsmith", "0ld-session-1.info"]
OLD_KEYFILE = b"[io/github/boardsmith/Boardsmith]\ncomputer-move-delay=500\n"
# The mount phase's state results, on a full disk and on a read-only file
# system each: the autosave; the settings, and the old keyfile kept.
MOUNT_STATE_RESULTS = ["autosave", "settings", "settings: the old keyfile is kept"]


class Tap:
    def __init__(self, relay=False):
        self.n = 0
        self.failed = 0
        self.relay = relay   # inside the mount namespace: lines for the parent

    def result(self, ok, name, why="", todo=""):
        """todo: a known defect outside Boardsmith's code (TAP's TODO: a
        failure expected, a pass reported as unexpected)."""
        self.n += 1
        why = why.replace("\n", " ")
        if not ok and not todo:
            self.failed += 1
        if self.relay:
            print("@@%d\t%s\t%s\t%s" % (ok, name, why, todo), flush=True)
        else:
            print("%s %d - %s%s%s" % ("ok" if ok else "not ok", self.n, name,
                                      "" if ok else ": " + why,
                                      " # TODO " + todo if todo else ""), flush=True)


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



def state_probe(state_probe_path, kind, folder, as_nobody=False):
    argv = [state_probe_path, kind, folder]
    if as_nobody:
        argv = ["setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups",
                "--inh-caps=-all", "--bounding-set=-all"] + argv
    r = subprocess.run(argv, capture_output=True, text=True, errors="replace")
    return r.returncode, r.stderr.strip()


def make_autosave_folder(folder):
    """An autosave folder holding an earlier session's copies."""
    os.makedirs(folder, exist_ok=True)
    for name in OLD_COPIES:
        write_old(os.path.join(folder, name))


def check_old_copies(folder, problems):
    for name in OLD_COPIES:
        path = os.path.join(folder, name)
        try:
            with open(path, "rb") as f:
                if f.read() != OLD:
                    problems.append("%s changed" % name)
            if stat.S_IMODE(os.stat(path).st_mode) != OLD_MODE:
                problems.append("%s changed its mode" % name)
        except OSError as e:
            problems.append("%s is gone: %s" % (name, e))


def check_state_failure(tap, name, status, message, named, folder, expected, old_copies):
    """The write was refused, logged naming the folder, with no warning or
    critical; an earlier session's copies stay; no temporary file is left."""
    problems = []
    if status != 1:
        problems.append("exit status %d, not 1 (a crash, a critical or no message)" % status)
    if named not in message:
        problems.append("the message does not name %s: %r" % (named, message))
    if "WARNING" in message or "CRITICAL" in message:
        problems.append("a warning or critical was logged: %r" % message)
    if old_copies:
        check_old_copies(folder, problems)
    if os.path.isdir(folder) and not os.path.islink(folder):
        extra = [e for e in leftovers(folder, expected) if not e.endswith(".lock")]
        if extra:
            problems.append("left behind: %s" % ", ".join(extra))
    tap.result(not problems, name, "; ".join(problems) + (" [%s]" % message if problems else ""))


def write_keyfile(config):
    folder = os.path.join(config, "glib-2.0", "settings")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "keyfile")
    with open(path, "wb") as f:
        f.write(OLD_KEYFILE)
    os.chmod(path, OLD_MODE)
    return folder, path


def check_settings(tap, name, status, message, keyfile, keyfile_todo=""):
    """No crash and no critical; anything logged is GLib's own warning
    naming the keyfile; the old keyfile as it was."""
    problems = []
    path = os.path.join(os.path.dirname(keyfile) if keyfile else "", "keyfile")
    if status not in (0, 1):
        problems.append("exit status %d (a crash or a critical): %r" % (status, message))
    elif status == 1 and ("CRITICAL" in message or "Failed to write keyfile" not in message):
        problems.append("logged: %r" % message)
    tap.result(not problems, name, "; ".join(problems))
    if status == 1:
        print("# %s: GLib says: %s" % (name, message.splitlines()[-1]), flush=True)
    if keyfile is None:
        return
    problems = []
    try:
        with open(keyfile, "rb") as f:
            if f.read() != OLD_KEYFILE:
                problems.append("the old keyfile changed")
    except OSError as e:
        problems.append("the old keyfile is gone: %s" % e)
    tap.result(not problems, "%s: the old keyfile is kept" % name, "; ".join(problems),
               keyfile_todo)


def state_permission_phase(tap, state_probe_path, base):
    """The app's own state against folders and permission bits."""
    as_nobody = os.geteuid() == 0

    def case_dir(name):
        d = os.path.join(base, "state-" + name)
        os.makedirs(d)
        return d

    def own(folder):
        if as_nobody:
            for root, dirs, files in os.walk(folder):
                for entry in dirs + files + [""]:
                    os.lchown(os.path.join(root, entry) if entry else root, NOBODY, NOBODY)

    # A read-only autosave folder with an earlier session's copies.
    data = case_dir("ro-autosave")
    autosave = os.path.join(data, "boardsmith", "autosave")
    make_autosave_folder(autosave)
    own(data)
    os.chmod(autosave, 0o555)
    status, message = state_probe(state_probe_path, "autosave", data, as_nobody)
    check_state_failure(tap, "autosave: a read-only autosave folder", status, message,
                        autosave, autosave, OLD_COPIES, True)
    os.chmod(autosave, 0o755)

    # A read-only data folder, no autosave folder yet.
    data = case_dir("ro-data")
    boardsmith = os.path.join(data, "boardsmith")
    os.makedirs(boardsmith)
    own(data)
    os.chmod(boardsmith, 0o555)
    status, message = state_probe(state_probe_path, "autosave", data, as_nobody)
    autosave = os.path.join(boardsmith, "autosave")
    check_state_failure(tap, "autosave: a read-only data folder", status, message, autosave,
                        boardsmith, [], False)
    os.chmod(boardsmith, 0o755)

    # The autosave folder is a file.
    data = case_dir("file")
    autosave = os.path.join(data, "boardsmith", "autosave")
    os.makedirs(os.path.dirname(autosave))
    write_old(autosave)
    own(data)
    status, message = state_probe(state_probe_path, "autosave", data, as_nobody)
    problems = []
    with open(autosave, "rb") as f:
        if f.read() != OLD:
            problems.append("the file changed")
    check_state_failure(tap, "autosave: the autosave folder is a file", status, message,
                        autosave, os.path.dirname(autosave), ["autosave"], False)
    tap.result(not problems, "autosave: the file in the folder's place is kept",
               "; ".join(problems))

    # The autosave folder is a symlink to a folder: followed, the link kept.
    data = case_dir("link")
    elsewhere = os.path.join(data, "elsewhere")
    make_autosave_folder(elsewhere)
    os.makedirs(os.path.join(data, "boardsmith"))
    autosave = os.path.join(data, "boardsmith", "autosave")
    os.symlink(elsewhere, autosave)
    own(data)
    status, message = state_probe(state_probe_path, "autosave", data, as_nobody)
    problems = []
    if status != 0:
        problems.append("exit status %d: %r" % (status, message))
    if not os.path.islink(autosave) or os.readlink(autosave) != elsewhere:
        problems.append("the link was replaced")
    check_old_copies(elsewhere, problems)
    tap.result(not problems, "autosave: a symlinked autosave folder is followed",
               "; ".join(problems))

    # Settings through the keyfile backend: a read-only folder, a keyfile
    # that is a folder.
    config = case_dir("settings-ro")
    folder, keyfile = write_keyfile(config)
    own(config)
    os.chmod(folder, 0o555)
    status, message = state_probe(state_probe_path, "settings", config, as_nobody)
    check_settings(tap, "settings: a read-only config folder", status, message, keyfile)
    os.chmod(folder, 0o755)

    config = case_dir("settings-folder")
    folder = os.path.join(config, "glib-2.0", "settings", "keyfile")
    os.makedirs(folder)
    own(config)
    status, message = state_probe(state_probe_path, "settings", config, as_nobody)
    check_settings(tap, "settings: the keyfile is a folder", status, message, None)


def state_mount_phase(tap, state_probe_path, base):
    """The app's own state on a full disk and a read-only file system."""
    for case in ("full", "ro"):
        mount = os.path.join(base, "state-" + case)
        os.makedirs(mount)
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", mount],
                       check=True)
        autosave = os.path.join(mount, "data", "boardsmith", "autosave")
        make_autosave_folder(autosave)
        _, keyfile = write_keyfile(os.path.join(mount, "config"))
        if case == "full":
            fill(mount)
            what = "a full disk"
        else:
            subprocess.run(["mount", "-o", "remount,ro", mount], check=True)
            what = "a read-only file system"
        status, message = state_probe(state_probe_path, "autosave", os.path.join(mount, "data"))
        check_state_failure(tap, "autosave: %s" % what, status, message, autosave, autosave,
                            OLD_COPIES, True)
        status, message = state_probe(state_probe_path, "settings",
                                      os.path.join(mount, "config"))
        # GLib 2.74's keyfile backend writes the keyfile in place: on a
        # full disk it is left empty, every setting lost (Flatpak, where
        # the app has no dconf, uses this backend).
        check_settings(tap, "settings: %s" % what, status, message, keyfile,
                       "GLib's keyfile backend empties the keyfile on a full disk"
                       if case == "full" else "")
        subprocess.run(["umount", mount], check=True)

def mount_phase(write_probe, state_probe_path, base):
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
    state_mount_phase(tap, state_probe_path, base)
    return 1 if tap.failed else 0


def main():
    if sys.argv[1] == "--mount-phase":
        return mount_phase(sys.argv[2], sys.argv[3], sys.argv[4])
    write_probe = os.path.abspath(sys.argv[1])
    state_probe_path = os.path.abspath(sys.argv[2])
    base = tempfile.mkdtemp(prefix="boardsmith-failure-")
    os.chmod(base, 0o755)
    tap = Tap()
    try:
        permission_phase(tap, write_probe, base)
        state_permission_phase(tap, state_probe_path, base)

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
            for kind in [k for k, _ in KINDS] + MOUNT_STATE_RESULTS:
                for case in ("a full disk", "a read-only file system"):
                    tap.n += 1
                    print("ok %d - %s: %s # SKIP no mount namespace" % (tap.n, kind, case))
        else:
            r = subprocess.run(unshare + [sys.executable, os.path.abspath(__file__),
                                          "--mount-phase", write_probe, state_probe_path,
                                          mounts],
                               capture_output=True, text=True)
            for line in r.stdout.splitlines():
                if line.startswith("@@"):
                    ok, name, why, todo = line[2:].split("\t", 3)
                    tap.result(ok == "1", name, why, todo)
                else:
                    print("# " + line)
            relayed = sum(1 for line in r.stdout.splitlines() if line.startswith("@@"))
            expected = 2 * (len(KINDS) + len(MOUNT_STATE_RESULTS))
            if r.returncode not in (0, 1) or relayed != expected:
                tap.result(False, "the mount phase",
                           "%d results of %d, exit %d: %s" % (relayed, expected,
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

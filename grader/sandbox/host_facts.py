"""What a trial on this machine found, kept until the machine restarts.

Opening a sandbox tries the real thing: a bubblewrap that starts here (user
namespaces may be turned off), a seccomp filter it loads, and the runner's
modules compiled by the worker's interpreter. Each is a process or two, about
0.1 s apiece, and `grade check` paid all of them on every call. A trial that
*succeeded* is remembered here, for this boot of this machine and these exact
binaries, so a later grader skips it:

- the key holds the boot id (/proc/sys/kernel/random/boot_id), each program's
  path, inode, size and modification time, the kernel settings that turn user
  namespaces on and off, the effective uid, and the trial's own arguments: a
  change to any of them is a new trial;
- only successes are kept. A failed trial is tried again each time, so a
  machine that gains bubblewrap is seen at once, and nothing remembered can
  make the sandbox weaker: a remembered success that no longer holds makes the
  workers fail to start (each row a grader error), never run with less;
- the folder is `$XDG_RUNTIME_DIR/micrograd-grader` (a tmpfs, emptied at
  logout and boot) or, without one, `<temporary folder>/micrograd-grader-<uid>`,
  made mode 0700 and used only when it is this user's and no one else can write
  it; otherwise nothing is remembered. `GRADE_HOST_FACTS=0` turns it off.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile

FORMAT = 1
# The kernel settings that decide whether an unprivileged user namespace (bubblewrap's) can be made.
_SETTINGS = ("/proc/sys/kernel/unprivileged_userns_clone", "/proc/sys/user/max_user_namespaces",
             "/proc/sys/kernel/apparmor_restrict_unprivileged_userns", "/proc/sys/kernel/osrelease")


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read(200).decode(errors="replace").strip()
    except OSError:
        return None


def program(path) -> list:
    """What identifies a program file: its real path, device, inode, size and modification time."""
    real = os.path.realpath(path)
    try:
        st = os.stat(real)
    except OSError:
        return [real, None]
    return [real, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns]


def host_folder():
    """The per-boot folder of this user's trials, or None when there is none to trust."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    folder = (os.path.join(runtime, "micrograd-grader") if runtime and os.path.isabs(runtime)
              else os.path.join(tempfile.gettempdir(), f"micrograd-grader-{os.geteuid()}"))
    return trusted_folder(folder, 0o700)


def trusted_folder(folder, mode):
    """`folder`, made with `mode` if missing, when it is this user's and no one else may write into it; else None
    (and None under GRADE_HOST_FACTS=0)."""
    if os.environ.get("GRADE_HOST_FACTS", "1") == "0":
        return None
    try:
        os.mkdir(folder, mode)
        os.chmod(folder, mode)  # the umask may have taken bits `mode` needs (0711: workers pass through)
    except FileExistsError:
        pass
    except OSError:
        return None
    try:
        st = os.lstat(folder)
    except OSError:
        return None
    # another user's folder, or one others may write into, is not trusted
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & 0o022:
        return None
    return folder


def _key(what, parts) -> str | None:
    boot = _read("/proc/sys/kernel/random/boot_id")
    if not boot:
        return None  # no way to tell a restart: remember nothing
    text = json.dumps([FORMAT, what, boot, os.geteuid(), [_read(p) for p in _SETTINGS], parts], sort_keys=True,
                      default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def remembered(what: str, parts, trial):
    """`trial()` -> (succeeded, value); the value of an earlier success with the same `what` and `parts`
    (JSON-able) on this boot, else the trial's, kept when it succeeded."""
    folder, key = host_folder(), _key(what, parts)
    path = os.path.join(folder, f"{what}-{key}.json") if folder and key else None
    if path is not None:
        try:
            with open(path, encoding="utf-8") as f:
                kept = json.load(f)
            if kept.get("key") == key:
                return kept["value"]
        except (OSError, ValueError, KeyError, AttributeError):
            pass
    succeeded, value = trial()
    if succeeded and path is not None:
        fd = part = f = None
        try:  # whatever stops the writing (an error, a Ctrl-C) leaves no part of it: nothing is remembered
            fd, part = tempfile.mkstemp(prefix=f".{what}-", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"key": key, "value": value}, f)
            os.replace(part, path)
        except BaseException as exc:
            if f is None and fd is not None:  # not yet the file's, which closes it
                os.close(fd)
            if part is not None:
                try:
                    os.unlink(part)
                except OSError:
                    pass
            if not isinstance(exc, OSError):
                raise
    return value

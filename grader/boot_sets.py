"""The files kept for this boot, in sets: one per grader source, removed when another source's set is made and no
live process uses it.

What depends on no student is kept in the per-boot folder (grader/boot_files.py: the walks, the variant book's
in-process engines, the named mistakes replayed; grader/verdicts.py: the dry run, a check's verdicts), named by
the sources it depends on. Every edit of the grader's source (a developer's checkout, an upgrade) made a new
set beside the old ones, and nothing removed those before a reboot: 870 MB on session 30's development machine,
1.1 GB (5,099 check files, 2,230 dry runs, 860 walks) on session 31's, shared by eight checkouts.

Each kept file's name now carries its set's tag, `<what>-<tag>-<key><suffix>`: 16 hex digits of the grader's
Python source, the reference's files and this Python (grader/boot_files.set_tag). A process that keeps or reads a file of its set
first holds that set: a shared lock (flock) on `set-<tag>.lock` in the folder, for the rest of its life (closed
with it, by the kernel, however it ends). The process that makes a set's lock file (the first of a new source in
this boot) then removes every other set whose lock it can take exclusively at once, that is, one no live process
holds: its files, then its lock file, under that lock. A process that comes to a set being removed waits for the
lock, finds the lock file gone (another inode at that name, or none) and makes the set anew. A set a live
process holds is never removed, whatever its source; a set is not removed while its source stays the same (the
suites' stored JSON may change within one: `grade variant-runs` leaves the old book's file until the next edit
of the Python source); files named before session 31 (no tag) are left, as the boot's other facts are (the
sandbox's trials, grader/sandbox/host_facts.py): a reboot empties the folder.
"""

import os
import re

try:
    import fcntl
except ImportError:  # Windows (a student's install): no set is held, none removed
    fcntl = None

_KEPT = re.compile(r"[a-z][a-z-]*-(?P<tag>[0-9a-f]{16})-[0-9a-f]{64}\.[a-z]+")  # a kept file of a set
_LOCK = "set-{}.lock"
_HELD: dict[str, int] = {}  # folder -> the descriptor of this process's set's lock file there, held shared


def kept_path(folder, tag, what, key, suffix=".json"):
    """Where `what` keyed by `key` is kept in `folder` (the boot's), in the set `tag` (boot_files.set_tag: this
    process's source), which this process holds from now on."""
    if folder not in _HELD:
        _HELD[folder] = _hold(folder, tag)
    return os.path.join(folder, f"{what}-{tag}-{key}{suffix}")


def _open(path, flags):
    return os.open(path, flags | os.O_RDWR | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)


def _still(path, fd) -> bool:
    """Whether `path` is still the file `fd` is open on (a remover unlinks a set's lock file last)."""
    try:
        return os.stat(path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
    except OSError:
        return False


def _hold(folder, mine):
    """Hold this process's set in `folder` (its lock file, shared): the descriptor, or -1 where it cannot be. The
    process that makes the lock file removes the sets no live process holds (`_remove_unheld`)."""
    if fcntl is None:
        return -1
    path = os.path.join(folder, _LOCK.format(mine))
    for _ in range(100):  # a set removed under this process's feet each time: then it keeps unheld (see below)
        made = True
        try:
            fd = _open(path, os.O_CREAT | os.O_EXCL)
        except FileExistsError:
            made = False
            try:
                fd = _open(path, 0)
            except FileNotFoundError:  # removed since: make it
                continue
        except OSError:
            return -1
        fcntl.flock(fd, fcntl.LOCK_SH)
        if _still(path, fd):
            if made:
                _remove_unheld(folder, mine)
            return fd
        os.close(fd)  # removed while this process waited for it: make it anew
    return -1  # (its files are then another process's to remove, as a dead process's are: recomputed if so)


def _remove_unheld(folder, mine):
    """Remove every other set of `folder` that no live process holds: its kept files, then its lock file."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    files: dict[str, list[str]] = {}
    for name in names:
        if (kept := _KEPT.fullmatch(name)) is not None:
            files.setdefault(kept["tag"], []).append(name)
        elif name.startswith("set-") and name.endswith(".lock"):
            files.setdefault(name[4:-5], [])
    for other in sorted(set(files) - {mine}):
        path = os.path.join(folder, _LOCK.format(other))
        try:
            fd = _open(path, os.O_CREAT)  # a set whose lock file is gone is held by no one either
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # a live process holds it
            os.close(fd)
            continue
        try:
            if _still(path, fd):  # not removed and made anew meanwhile
                for name in files[other]:
                    try:
                        os.unlink(os.path.join(folder, name))
                    except OSError:
                        pass
                os.unlink(path)
        except OSError:
            pass
        finally:
            os.close(fd)

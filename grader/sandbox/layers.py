"""Layers of a worker's command that wrap it in more than rlimits (see the package docstring):
the OOM killer's first choice, the worker's own uid, and bubblewrap's namespaces and its view of
the host's system (system.py)."""

import shutil

from .system import python_view


def oom_first():
    """The kernel's OOM killer takes the worker (and everything it forks) before anything else.

    The memory limit is per process (address space), so a submission that forks up to the
    process limit and fills memory in every child can still press the host; then it, not the
    grader, is what gets killed. (Raising one's own oom_score_adj needs no privilege; lowering
    it back does.)
    """
    choom = shutil.which("choom")
    return [choom, "-n", "1000", "--"] if choom else []


def uid_prefix(uid):
    """setpriv to the worker's own uid (leased: uids.py), when the grader is root and has one."""
    if uid is None:
        return []
    setpriv = shutil.which("setpriv")
    return [setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--"] if setpriv else []


def namespaces(features):
    """Every namespace; and, where bwrap can, no user namespace may be created inside the sandbox."""
    args = ["--unshare-all"]
    if "--disable-userns" in features:
        args += ["--unshare-user", "--disable-userns"]
    return args


def system_binds(python, *, features=frozenset(), scratch_bytes=64 << 20):
    """The read-only system the worker sees: its Python and the libraries it links (see system.py),
    proc, dev, and a /tmp of `scratch_bytes` (where bwrap can cap it), the only place it may write."""
    args = list(python_view(python).args)
    args += ["--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev"]
    if "--size" in features:
        args += ["--size", str(scratch_bytes)]
    args += ["--tmpfs", "/tmp"]
    return args

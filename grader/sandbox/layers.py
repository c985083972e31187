"""Layers of a worker's command that wrap it in more than rlimits (see the package docstring): no
address randomisation, the worker's own uid, and bubblewrap's namespaces and its view of the host's
system (system.py). The cgroup and the OOM score are given by the grader while it starts (claim.py)."""

import shutil

from .system import python_view


ADDR_NO_RANDOMIZE = 0x0040000  # linux/personality.h


def _personality():
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.personality.restype = ctypes.c_int
        libc.personality.argtypes = [ctypes.c_ulong]
        current = libc.personality(0xFFFFFFFF)  # asks, changes nothing
        return libc.personality if current >= 0 else None
    except (OSError, AttributeError, ImportError):
        return None


_PERSONALITY = _personality()


class no_aslr_children:
    """Address-space randomisation off for the processes the calling thread starts inside the block
    (setarch -R's personality flag, set on this thread alone and inherited through fork and exec),
    without an exec hop of its own; True where this kernel did it, else the caller adds setarch."""

    def __enter__(self):
        self.old = _PERSONALITY(0xFFFFFFFF) if _PERSONALITY else -1
        if self.old < 0 or _PERSONALITY(self.old | ADDR_NO_RANDOMIZE) < 0:
            self.old = -1
            return False
        return True

    def __exit__(self, *exc):
        if self.old >= 0:
            _PERSONALITY(self.old)


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


# /dev: bubblewrap's `--dev` binds six of the host's device nodes and mounts a devpts, each bind a mount, a read of
# the mount table and a remount; a worker needs /dev/null (os.devnull) and /dev/urandom (where a program reads it
# itself; Python's os.urandom asks getrandom(2)), and the links to its own descriptors.
_DEV_NODES = ("null", "urandom")
_DEV_LINKS = (("/proc/self/fd", "/dev/fd"), ("/proc/self/fd/0", "/dev/stdin"), ("/proc/self/fd/1", "/dev/stdout"),
              ("/proc/self/fd/2", "/dev/stderr"))


def dev_binds():
    """A read-only /dev holding only the nodes of _DEV_NODES, the links of _DEV_LINKS and an empty /dev/shm."""
    args = ["--tmpfs", "/dev"]
    for node in _DEV_NODES:
        args += ["--dev-bind", f"/dev/{node}", f"/dev/{node}"]
    for target, link in _DEV_LINKS:
        args += ["--symlink", target, link]
    return args + ["--dir", "/dev/shm", "--remount-ro", "/dev"]


def system_binds(python, *, features=frozenset(), scratch_bytes=64 << 20, view=None, tmp=None):
    """The read-only system the worker sees: its Python and the libraries it links (see system.py; `view`:
    the same in fewer mounts, system.linked_view), proc, dev (dev_binds), and a /tmp of `scratch_bytes` (where
    bwrap can cap it), the only place it may write; `tmp`: a tmpfs the grader mounted for this run, its bytes
    and its inodes capped (slot_tmp.py), bound in place of bubblewrap's own."""
    args = list(view or python_view(python).args)
    args += ["--proc", "/proc", *dev_binds()]
    if tmp is not None:
        return args + ["--bind", str(tmp), "/tmp"]
    if "--size" in features:
        args += ["--size", str(scratch_bytes)]
    args += ["--tmpfs", "/tmp"]
    return args


def worker_arguments(request):
    """The worker's request as `key=value` arguments (lists comma-separated): no JSON to import."""
    args = []
    for key, value in request.items():
        if isinstance(value, (list, tuple)):
            value = ",".join(value)
        value = str(value)
        if any(c in value for c in "\0\n") or (key in ("forbid", "refuse", "run", "modules", "absent", "own") and "=" in value):
            raise ValueError(f"cannot pass {key}={value!r} to the worker")
        args.append(f"{key}={value}")
    return args

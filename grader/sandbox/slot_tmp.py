"""A worker's /tmp with its inodes counted: a tmpfs the grader mounts itself, fresh for every run (root only).

bubblewrap's `--tmpfs /tmp` with `--size` caps the *bytes* of /tmp, not its inodes: bubblewrap has no option for
a tmpfs's `nr_inodes`, whose default is half the machine's pages (3,085,474 on a 24 GB machine). An empty file,
a directory, a hard link holds no page of the tmpfs but about 1.3 KB of the kernel's memory (its inode, its
dentry, its name): 300,000 empty files with 200-character names held 379 MB of slab, in no address space,
under a 64 MiB /tmp (session 21), and all of nr_inodes some 3.9 GB per worker.

Where the grader is root, it mounts the worker's /tmp itself, with `nr_inodes` as well as `size`, and binds it
into the sandbox (`--bind`, in place of `--tmpfs`): a fresh tmpfs for every run of a slot (the last one detached
first), owned by the slot's uid, detached again when the run's worker is killed; nothing of one run is seen by
the next. The inodes allowed are one per page of /tmp (`inodes_for`: 16,384 for the default 64 MiB, some 21 MB
of the kernel's memory at most), far beyond what an engine writes there. A tmpfs also counts its files' extended
attributes against its inodes (nr_inodes x 1 KiB), which the seccomp filter refuses anyway (memory.py).

A grader killed by SIGKILL leaves its mounts under its scratch folder: the sweep of that folder detaches them
first (`detach_under`, leftovers.sweep_scratch). Where mounting is refused (not root, a container without
CAP_SYS_ADMIN), `SlotTmp.create` gives a BubblewrapTmp that says why: bubblewrap's own /tmp: its inodes are then
the limit docs/security.md writes down.
"""

import ctypes
import ctypes.util
import os
import threading

MS_NOSUID, MS_NODEV = 0x2, 0x4
MNT_DETACH = 0x2
PAGE = 4096


def inodes_for(scratch_bytes):
    """The inodes a /tmp of `scratch_bytes` may hold: one per page, and never fewer than 1,024."""
    return max(1024, scratch_bytes // PAGE)


def _libc():
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_char_p]
        libc.umount2.argtypes = [ctypes.c_char_p, ctypes.c_int]
        return libc
    except (OSError, AttributeError):
        return None


_LIBC = _libc()


def mount_tmpfs(path, scratch_bytes, uid):
    """Mount a tmpfs of `scratch_bytes` and inodes_for(scratch_bytes) inodes at `path`, mode 0700, owned by
    `uid` (its gid the same number, as the worker's). Raises OSError."""
    if _LIBC is None:
        raise OSError("the C library's mount(2) is not reachable from here")
    options = f"size={scratch_bytes},nr_inodes={inodes_for(scratch_bytes)},mode=0700,uid={uid},gid={uid}"
    if _LIBC.mount(b"tmpfs", os.fsencode(path), b"tmpfs", MS_NOSUID | MS_NODEV, options.encode()) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"mount tmpfs at {path}: {os.strerror(errno)}")


def detach(path):
    """Lazily unmount whatever is mounted at `path` (its last user gone, the tmpfs's memory is freed). True if
    something was."""
    return _LIBC is not None and _LIBC.umount2(os.fsencode(path), MNT_DETACH) == 0


def _unescape(field):
    """A mount point as /proc/self/mountinfo writes it (space, tab, newline, backslash as octal escapes)."""
    out, i = bytearray(), 0
    raw = os.fsencode(field)
    while i < len(raw):
        if raw[i:i + 1] == b"\\" and raw[i + 1:i + 4].isdigit():
            out.append(int(raw[i + 1:i + 4], 8))
            i += 4
        else:
            out.append(raw[i])
            i += 1
    return os.fsdecode(bytes(out))


def mounts_under(folder):
    """The mount points strictly inside `folder`, deepest first."""
    prefix = os.path.realpath(folder).rstrip("/") + "/"
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="surrogateescape") as f:
            points = [_unescape(line.split(" ")[4]) for line in f if line.count(" ") >= 4]
    except OSError:
        return []
    return sorted({p for p in points if p.startswith(prefix)}, key=len, reverse=True)


def detach_under(folder):
    """Detach every mount inside `folder` (a killed grader's slots' /tmp), so that the folder can be removed."""
    for point in mounts_under(folder):
        detach(point)


class BubblewrapTmp:
    """Where the grader mounts no /tmp: each run gets bubblewrap's own (`fresh` is None), its inodes uncapped."""
    mounted = False

    def __init__(self, why):
        self.why = why

    def fresh(self, slot, uid):
        return None

    def release(self, slot):
        pass

    def close(self):
        pass


class SlotTmp:
    """Each slot's /tmp, a tmpfs mounted by the grader at `<root>/tmp<slot>` for one run at a time."""
    mounted, why = True, None

    def __init__(self, root, scratch_bytes):
        self.root, self.scratch_bytes = str(root), scratch_bytes
        self._lock = threading.Lock()
        self._mounted = set()

    @classmethod
    def create(cls, root, scratch_bytes, uid, bwrap=True):
        """A SlotTmp for this grader, or a BubblewrapTmp saying why not: a tmpfs is mounted and detached once to see."""
        if not bwrap:
            return BubblewrapTmp("no bubblewrap")
        if os.geteuid() != 0:
            return BubblewrapTmp("the grader is not root")
        tried = cls(root, scratch_bytes)
        path = tried.path("-trial")
        try:
            os.mkdir(path, 0o700)
            mount_tmpfs(path, scratch_bytes, uid)
        except OSError as exc:
            return BubblewrapTmp(f"a tmpfs could not be mounted ({exc.strerror or exc})")
        finally:
            detach(path)
            try:
                os.rmdir(path)
            except OSError:
                pass
        return tried

    def path(self, slot):
        return os.path.join(self.root, f"tmp{slot}")

    def fresh(self, slot, uid):
        """The folder to bind as the worker's /tmp in `slot`: a new, empty tmpfs (the slot's last one detached:
        also one that a forked process mounted, a fleet horse killed mid-job). Raises OSError."""
        path = self.path(slot)
        with self._lock:
            while os.path.ismount(path):
                if not detach(path):
                    raise OSError(f"the last /tmp of slot {slot} could not be unmounted")
            self._mounted.discard(slot)
            os.makedirs(path, mode=0o700, exist_ok=True)
            mount_tmpfs(path, self.scratch_bytes, uid)
            self._mounted.add(slot)
        return path

    def release(self, slot):
        """The run in `slot` is over: its /tmp detached (freed once its sandbox's mount namespace is gone)."""
        with self._lock:
            if slot in self._mounted:
                detach(self.path(slot))
                self._mounted.discard(slot)

    def close(self):
        """Every slot's /tmp detached: those this process mounted, and any a forked process left (a fleet horse)."""
        with self._lock:
            for slot in list(self._mounted):
                detach(self.path(slot))
            self._mounted.clear()
            detach_under(self.root)

"""The worker's uid and resource limits given by the grader's own starting thread, without the `setpriv`
and `prlimit` exec hops (about 2 ms of CPU each a worker; docs/architecture.md, "A worker's CPU outside the
probes").

On Linux a thread's credentials are its own: the system calls change the calling thread's alone (glibc's
setresuid() changes every thread of the process, so the raw system calls are made here). The thread that
starts a worker

1. takes the slot's uid and gid as its real and effective ids, with no supplementary groups, keeping 0 as its
   saved uid, and starts bubblewrap (`spawning_as`): exec sets the saved ids to the effective ones, so the
   worker's command runs with the slot's uid in every id, no groups and no capabilities, as `setpriv
   --reuid --regid --clear-groups` gave it; then it takes back its own ids (the saved uid 0 allows that);
2. while it places the worker's processes (claim.py), before the worker's go, sets every one's limits with
   prlimit(2) (`set_limits`), which the kernel allows a caller whose real uid and gid are the target's when it
   lacks CAP_SYS_RESOURCE (this machine's root does): for that moment its real uid and gid are the slot's, its
   effective ones stay root's.

Nothing of the grader runs as the slot's uid but these calls of one thread, and only while nothing of a
submission runs as that uid (the slot's previous worker killed; this one held before its go, inside its own
pid namespace, where the grader's threads have no pid). Used only with bubblewrap when the grader is
root (a leased uid), on x86-64 and AArch64; elsewhere the command keeps its hops. An id that cannot be
taken back ends the grader (os.abort): no thread may go on as the slot's uid.

The kernel clears a thread's parent-death signal (PR_SET_PDEATHSIG) whenever its effective uid or gid
changes. A fleet's work horse asks for SIGKILL when its worker dies (fleet/horse.py) and starts workers from
the same thread, so the signal is asked for again once the ids are back; a parent that died meanwhile is
answered as the kernel would have: the signal, now.
"""

import ctypes
import os
import platform
import resource
import sys

# setresuid, setresgid, setgroups (asm/unistd.h)
_NUMBERS = {"x86_64": (117, 119, 116), "aarch64": (147, 149, 159)}
_KEEP = -1


class _Rlimit(ctypes.Structure):
    _fields_ = [("cur", ctypes.c_uint64), ("max", ctypes.c_uint64)]


def _libc():
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        libc.prlimit.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.POINTER(_Rlimit), ctypes.POINTER(_Rlimit)]
        return libc
    except (OSError, AttributeError):
        return None


class ThreadIds:
    """The calling thread's ids, changed and taken back by raw system calls."""

    def __init__(self):
        self.numbers = _NUMBERS.get(platform.machine()) if sys.platform == "linux" else None
        self.libc = _libc() if self.numbers else None

    @property
    def usable(self):
        return self.libc is not None and os.geteuid() == 0

    def _call(self, number, *args):
        if self.libc.syscall(ctypes.c_long(number), *[ctypes.c_long(a) for a in args]) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))

    def _death_signal(self):
        """(the calling thread's parent-death signal or 0, its parent's pid)."""
        signal = ctypes.c_int(0)
        self.libc.prctl(2, ctypes.byref(signal), 0, 0, 0)  # PR_GET_PDEATHSIG
        return signal.value, os.getppid()

    def _keep_death_signal(self, asked):
        signal, parent = asked
        if signal:
            self.libc.prctl(1, signal, 0, 0, 0)  # PR_SET_PDEATHSIG: cleared by the id changes
            if os.getppid() != parent:  # the parent died while the signal was cleared
                os.kill(os.getpid(), signal)

    def _restore(self, ids, gids, groups, asked):
        """Take the thread's own ids back, and its parent-death signal; a Ctrl-C meanwhile is raised once they
        are back."""
        interrupted = None
        for _ in range(3):
            try:
                self._take_back(ids, gids, groups)
                break
            except KeyboardInterrupt as exc:  # a signal handler ran between two calls: take them back again
                interrupted = exc
            except BaseException as exc:
                os.write(2, f"grader: could not take back the grader thread's own ids ({exc}); stopping\n".encode())
                os.abort()
        if (os.getresuid(), os.getresgid()) != (ids, gids):
            os.write(2, b"grader: could not take back the grader thread's own ids; stopping\n")
            os.abort()
        self._keep_death_signal(asked)
        if interrupted is not None:
            raise interrupted

    def _take_back(self, ids, gids, groups):
        setresuid, setresgid, setgroups = self.numbers
        self._call(setresuid, *ids)  # first: the saved uid 0 allows it, and gives back the right to the rest
        self._call(setresgid, *gids)
        array = (ctypes.c_uint32 * max(len(groups), 1))(*groups)
        if self.libc.syscall(ctypes.c_long(setgroups), ctypes.c_long(len(groups)), array) != 0:
            raise OSError(ctypes.get_errno(), "setgroups")

    def spawning_as(self, uid, start):
        """`start()` (which starts the worker's command, by vfork and exec) with this thread's real and effective
        uid and gid `uid`, no supplementary groups and the saved uid kept; returns what it returns."""
        setresuid, setresgid, setgroups = self.numbers
        ids, gids, groups, asked = os.getresuid(), os.getresgid(), os.getgroups(), self._death_signal()
        try:
            self._call(setgroups, 0, 0)
            self._call(setresgid, uid, uid, _KEEP)
            self._call(setresuid, uid, uid, _KEEP)
            return start()
        finally:
            self._restore(ids, gids, groups, asked)

    def set_limits(self, uid, pids, limits):
        """Every (resource, value) of `limits`, soft and hard, on each of `pids` (processes of `uid`, its real,
        effective and saved uid and gid); a pid that has ended is skipped (it runs nothing more). Raises OSError
        where a limit could not be set."""
        setresuid, setresgid, _ = self.numbers
        ids, gids, groups, asked = os.getresuid(), os.getresgid(), os.getgroups(), self._death_signal()
        try:
            self._call(setresgid, uid, _KEEP, _KEEP)
            self._call(setresuid, uid, _KEEP, _KEEP)
            for pid in pids:
                for which, value in limits:
                    if self.libc.prlimit(pid, which, ctypes.byref(_Rlimit(value, value)), None) != 0:
                        err = ctypes.get_errno()
                        if err == 3:  # ESRCH: it ended
                            break
                        raise OSError(err, f"prlimit({pid}, {which}): {os.strerror(err)}")
        finally:
            self._restore(ids, gids, groups, asked)


def worker_limits(limits, with_processes):
    """The worker's rlimits, as the prlimit hop set them: (resource, value) pairs."""
    pairs = [(resource.RLIMIT_AS, limits.memory_mb << 20), (resource.RLIMIT_FSIZE, limits.file_size_mb << 20),
             (resource.RLIMIT_NOFILE, limits.open_files), (resource.RLIMIT_CPU, limits.cpu_seconds()),
             (resource.RLIMIT_CORE, 1)]  # 1, not 0: memory.RLIMIT_CORE
    return pairs + ([(resource.RLIMIT_NPROC, limits.processes)] if with_processes else [])

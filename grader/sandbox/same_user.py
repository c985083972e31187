"""What a worker that runs as the grader's own user can read of the grader, closed where the system lets a process
close it: the portable worker (portable.py) and the rlimits fallback without root (the package docstring) run the
student's code as that user, with no namespace of their own (docs/security.md, "The grader's secrets on the portable
path").

Until session 38 an engine there read MICROGRAD_GRADER_SECRET, the key of every draw of the grade of record, from
/proc/<its parent>/environ (the environment the grader was started with: unsetenv does not clear it) and from
/proc/<its parent>/mem (os.environ, anywhere in the grader's heap). `guard_grader`, called once per process before the
first such worker starts:

- Linux: makes the grader not dumpable (prctl PR_SET_DUMPABLE 0). The kernel then lets no process of the user without
  CAP_SYS_PTRACE read its environ, mem, maps or fd/ in /proc, or attach to it; a program the grader starts is
  dumpable again after its exec, as the worker is (it holds nothing of the grader's). Root's processes keep
  CAP_SYS_PTRACE: a grader run as root on the portable path is read whole by its workers.
- Linux and macOS: overwrites, in place, the values of SECRET_VARIABLES in the environment block the process was
  started with (the strings `environ` points to at start), which is what /proc/<pid>/environ and macOS's `ps eww`
  (sysctl KERN_PROCARGS2) read; then sets each again with putenv, a copy in the heap, so that os.environ, getenv and
  the processes the grader starts with its environment see the value as before. What stays: the value's length (its
  bytes are zeros there), and on macOS a copy in the heap, which a process of the same user reads only with the
  debugger's rights (task_for_pid: root or an entitlement).
- Windows: nothing (another process of the same user reads a process's environment block and its memory there).

What no process can close for itself: the environments of the processes that started the grader (a shell that
exported the secret, a CI runner's job), and a file the user can read (the secret's file of `grade serve` or of the
Gradescope image): docs/security.md says so.
"""

import ctypes
import os
import sys
import threading

# The grader's secrets that come in its environment: the draws' key (judge/drawn.SECRET_ENV), the fleet's signing key
# and the queue's password (fleet/auth.KEY_VARIABLE, PASSWORD_VARIABLE), the queue's URL (`grade worker`'s argument,
# which may hold a password). Named here, not imported: the sandbox imports nothing of the judge or the fleet
# (tests/test_portable_secret.py checks the names are theirs).
SECRET_VARIABLES = ("MICROGRAD_GRADER_SECRET", "GRADE_FLEET_KEY", "GRADE_QUEUE_PASSWORD", "GRADE_QUEUE")
PR_SET_DUMPABLE = 4

_guarded, _lock = False, threading.Lock()
_scrubbed = set()  # names whose started value is zeros: their entry now points to putenv's copy, never touched


def guard_grader():
    """Once per process: see the module docstring."""
    global _guarded
    with _lock:
        if _guarded:
            return
        _guarded = True
        if sys.platform.startswith("linux"):
            not_dumpable()
        if os.name == "posix":
            scrub_started_environment(SECRET_VARIABLES)


def not_dumpable():
    """prctl(PR_SET_DUMPABLE, 0): True where the kernel took it."""
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0


def _environ():
    """The C library's `environ`: a NULL-terminated array of pointers to "NAME=value" strings."""
    libc = ctypes.CDLL(None)
    if sys.platform == "darwin":  # a shared library reaches the process's environ only through this call
        get = libc._NSGetEnviron
        get.restype = ctypes.POINTER(ctypes.POINTER(ctypes.c_void_p))
        return get().contents
    return ctypes.POINTER(ctypes.c_void_p).in_dll(libc, "environ")


def scrub_started_environment(names):
    """Zero, in place, the values of `names` in the strings `environ` points to, then put each back with putenv (a
    copy in the heap). The names scrubbed, sorted: a name is scrubbed once per process (glibc keeps putenv's copies in
    a search tree by their text, which a write in place would corrupt)."""
    entries, found, i = _environ(), [], 0
    while entries[i]:
        address = entries[i]
        name, sep, value = ctypes.string_at(address).partition(b"=")
        if sep and value and name.decode("latin-1") in set(names) - _scrubbed:
            ctypes.memset(address + len(name) + 1, 0, len(value))
            found.append(name.decode("latin-1"))
        i += 1
    _scrubbed.update(found)
    for name in found:
        if name in os.environ:
            os.putenv(name, os.environ[name])
        else:  # only C code had it (os.environ never did): it stays unset rather than empty
            os.unsetenv(name)
    return sorted(found)

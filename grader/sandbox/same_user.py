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
  started with (found by its own bounds, not by `environ`, which points to the heap once a value is set again in
  process), which is what /proc/<pid>/environ and macOS's `ps eww` (sysctl KERN_PROCARGS2) read, and writes nothing
  outside it; then sets each again with putenv, a copy in the heap, so that os.environ, getenv and the processes the
  grader starts with its environment see the value as before. What stays: the value's length (its
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


def _started_block():
    """(start, end): the addresses of the "NAME=value" strings the process was started with, which /proc/<pid>/environ
    and macOS's `ps eww` read; None where they are not known. Linux: the kernel's own bounds, /proc/self/stat's
    env_start and env_end (fields 50 and 51; a process always reads its own). macOS: the strings that the pointers
    after argv's at start (argv + argc + 1, an array setenv never grows) still point to inside the ARG_MAX bytes
    above that array (the top of the stack, where exec put them: no heap copy is there)."""
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()  # after the command's name, which may hold spaces
            start, end = int(fields[47]), int(fields[48])  # field n is fields[n - 3]
        except (OSError, IndexError, ValueError):
            return None
        return (start, end) if 0 < start < end else None
    if sys.platform != "darwin":
        return None
    libc = ctypes.CDLL(None)
    libc._NSGetArgv.restype = ctypes.POINTER(ctypes.POINTER(ctypes.c_void_p))
    libc._NSGetArgc.restype = ctypes.POINTER(ctypes.c_int)
    argv = libc._NSGetArgv().contents
    envp = ctypes.cast(ctypes.addressof(argv.contents) + (libc._NSGetArgc().contents.value + 1) * ctypes.sizeof(
        ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p))
    low, high = ctypes.addressof(envp.contents), ctypes.addressof(envp.contents) + os.sysconf("SC_ARG_MAX")
    inside, i = [], 0
    while envp[i]:
        if low < envp[i] < high:
            inside.append(envp[i])
        i += 1
    return (min(inside), max(p + len(ctypes.string_at(p)) + 1 for p in inside)) if inside else None


def scrub_started_environment(names):
    """Zero, in place, the values of `names` in the started environment (`_started_block`: only there, never in a
    copy of the C library's, whose search tree of putenv's copies a write would corrupt), then put each back with
    putenv (a copy in the heap), or leave it unset where os.environ no longer has it. The names scrubbed, sorted;
    a value already zeros is no longer there to scrub."""
    block, found = _started_block(), []
    if block is None:
        return found
    start, end = block
    offset = 0
    for entry in ctypes.string_at(start, end - start).split(b"\0"):
        name, sep, value = entry.partition(b"=")
        if sep and value and name.decode("latin-1") in names:
            ctypes.memset(start + offset + len(name) + 1, 0, len(value))
            found.append(name.decode("latin-1"))
        offset += len(entry) + 1
    for name in found:
        if name in os.environ:
            os.putenv(name, os.environ[name])
        else:  # os.environ never had it or dropped it: it stays unset rather than empty
            os.unsetenv(name)
    return sorted(set(found))

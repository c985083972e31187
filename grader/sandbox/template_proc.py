"""What the grader reads of a warm template's processes from outside (template.py): its cgroup's members, a
process's state, its pid in its own namespace, bubblewrap's child, and what a process of the same uid could
change of the template that its children would inherit; and the template reaped where the grader adopted it."""

import os
import select

from .claim import stat_fields, task_children


def procs(cgroup):
    try:
        with open(os.path.join(cgroup, "cgroup.procs")) as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def state(pid):
    fields = stat_fields(pid)
    return fields[0].decode() if fields else None


_IOPRIO_GET = {"x86_64": 252, "aarch64": 31}.get(os.uname().machine)


def vitals(pid):
    """What a process of the same uid may change of the template and its children would inherit: its resource
    limits, nice value, scheduling policy and priority, CPUs and I/O priority (setpriority, prlimit,
    sched_setaffinity, sched_setscheduler and ioprio_set need no privilege for a process of one's own uid)."""
    try:
        with open(f"/proc/{pid}/limits") as f:
            limits = f.read()
        fields = stat_fields(pid)
        return (limits, fields[16], fields[38], fields[39], frozenset(os.sched_getaffinity(pid)), ioprio(pid))
    except (OSError, IndexError, TypeError):  # TypeError: gone between the two reads
        return None


def tmp_state(pid):
    """/tmp itself, which the template's children share (not what it holds: the grader looks at that too): its mode,
    owner and times of change. Session 38's red team: a child `chmod`s /tmp to 0500, and the next submission of the
    slot, a classmate's, could not write there (EACCES); `utime` set numbers there that the next child read. Any
    change, an honest temporary file's too (it moves the times), and the template is replaced. None where it cannot
    be looked at (the template gone)."""
    try:
        found = os.stat(f"/proc/{pid}/root/tmp")
    except (OSError, TypeError):
        return None
    return found.st_mode, found.st_uid, found.st_gid, found.st_mtime_ns, found.st_ctime_ns


def ioprio(pid):
    if _IOPRIO_GET is None:
        return None
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc.syscall(_IOPRIO_GET, 1, pid)  # IOPRIO_WHO_PROCESS


def ns_pid(pid):
    """The pid of host process `pid` in its own (innermost) pid namespace."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("NSpid:"):
                    return int(line.split()[-1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def template_pid(bwrap_pid):
    """The host pid of the template (bubblewrap's child, pid 1 of its namespace)."""
    try:
        children = task_children(bwrap_pid)
    except (OSError, ValueError):
        return None
    return children[0] if len(children) == 1 else None


def reap_orphan(pid, seconds=60.0):
    """Reap process `pid` (a killed template) once it is dead, where it has become this process's child: adopted when
    bubblewrap, its parent, died first (the grader is its descendants' subreaper: claim.adopt_orphans). Waited for on
    a pidfd up to `seconds` (a hang's bound: it was SIGKILLed), not for a fixed while: a zombie left would stay."""
    fields = stat_fields(pid) if pid is not None else None
    if not fields or fields[1] != str(os.getpid()).encode():
        return
    try:
        fd = os.pidfd_open(pid)
    except OSError:
        return
    try:
        select.select([fd], [], [], seconds)
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass
    finally:
        os.close(fd)

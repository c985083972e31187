"""A warm template (a prototype, see docs/security.md "A warm template"): runs inside its own bubblewrap
sandbox as the pid namespace's pid 1, has done every step of a worker's start that does not depend on the
student (the namespaces, Python's start, worker.py's code loaded), and forks one child per submission.

It never imports or runs student code, and reads nothing a child can write: only its control pipe.

    python -I -S -B -u template_runner.py worker=/runner/worker.py ctl=FD req=FD

Protocol (grader/sandbox/template.py is the other side):
- ctl (a pipe, grader -> template): `f` forks a child; `w` reaps one dead child (the grader has read its exit
  status from the zombie); anything else, or EOF, ends the template.
- req (a unix socket, grader <-> child): the child receives the worker's `key=value` arguments with the
  submission's observation and output pipes (SCM_RIGHTS; and, for a run with drawn probes, the two descriptors of
  their names' channel, which become its fds 3 and 4: late_names.py), answers `r` (the kernel attaches its pid as the
  grader sees it), waits for `g` (the grader has moved it into the slot's cgroup), closes req and becomes
  worker.py. Its parent is pid 1, as a fresh worker's is.

Why pid 1: signals sent from inside a pid namespace to its init are dropped unless init handles them, SIGKILL
and SIGSTOP included, and they are never left pending; so a child cannot kill, stop or signal the template.
Not dumpable: a process of the same uid cannot ptrace it or open /proc/1/mem, /proc/1/fd (the child has no
capability in the namespace: bubblewrap dropped them all).
"""

import os
import signal
import sys

PR_SET_DUMPABLE = 4


def _prctl():
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    return libc.prctl


def _load(path, name):
    """worker.py as a module named `name` (its `main` is not run: it runs in each child)."""
    module = type(sys)(name)
    module.__file__ = path
    with open(path, "rb") as f:
        exec(compile(f.read(), path, "exec"), module.__dict__)
    return module


def _child(req, worker, saved, prctl):
    """In the forked child, before anything of the submission: take the request, be moved, become the worker."""
    import socket

    sock = socket.socket(fileno=req)
    data, ancillary, _, _ = sock.recvmsg(1 << 16, socket.CMSG_SPACE(4 * 4))
    fds = []
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds += [int.from_bytes(payload[i:i + 4], sys.byteorder) for i in range(0, len(payload) - 3, 4)]
    if len(fds) not in (2, 4) or not data:
        os._exit(70)
    sock.sendall(b"r")  # the kernel attaches this process's pid as the grader sees it
    if sock.recv(1) != b"g":  # the grader could not move it into the slot's cgroup: it never runs the submission
        os._exit(71)
    sock.close()
    os.setsid()
    os.dup2(fds[0], 0)
    os.dup2(fds[1], 1)
    os.dup2(fds[1], 2)
    if len(fds) == 4:  # the channel of the drawn probes' names (late_names.py, later.py)
        os.dup2(fds[2], 3)
        os.dup2(fds[3], 4)
    os.closerange(len(fds) + 1, 1 << 16)  # the template's pipe, the socket's copies, the fds received: nothing else
    for signum, handler in saved.items():
        signal.signal(signum, handler)
    prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)  # as a fresh worker is; the template stays not dumpable
    sys.argv = [worker.__file__] + data.decode().split("\0")
    worker.main()
    os._exit(0)


def main():
    args = dict(arg.partition("=")[::2] for arg in sys.argv[1:])
    ctl, req = int(args["ctl"]), int(args["req"])
    worker = _load(args["worker"], "_grader_worker")
    import socket  # noqa: F401 (loaded here, once: the child needs it)

    prctl = _prctl()
    if prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
        os._exit(72)
    saved = {}
    for signum in signal.valid_signals():
        if signum in (signal.SIGKILL, signal.SIGSTOP, signal.SIGCHLD):
            continue
        try:
            saved[signum] = signal.getsignal(signum)
            signal.signal(signum, signal.SIG_IGN)
        except (OSError, ValueError, RuntimeError):
            saved.pop(signum, None)
    os.write(1, b"ready\n")
    # Every child must start from the same heap (a set of Values iterates in address order): the loop allocates
    # nothing that outlives a pass (a read's byte, a fork's pid, a wait's pair: each dropped at once). `w` reaps
    # one child, the one the grader has read the exit status of: a reaping loop (WNOHANG until none is left)
    # made two heap states alternate. A submission that leaves more children (it forked) has the template
    # replaced anyway (template.py).
    while True:
        command = os.read(ctl, 1)
        if command == b"f":
            del command
            if os.fork() == 0:
                break
        elif command == b"w":
            del command
            os.waitpid(-1, 0)
        else:
            os._exit(0)
    _child(req, worker, saved, prctl)


if __name__ == "__main__":
    main()

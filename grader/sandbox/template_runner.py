"""A warm template (a prototype, see docs/security.md "A warm template"): runs inside its own bubblewrap
sandbox as the pid namespace's pid 1, has done every step of a worker's start that does not depend on the
student (the namespaces, Python's start, worker.py's code loaded), and forks one child per submission.

It never imports or runs student code, and reads nothing a child can write: only its control pipe.

    python -I -S -B -u template_runner.py worker=/runner/worker.py ctl=FD req=FD

Protocol (grader/sandbox/template.py is the other side):
- ctl (a pipe, grader -> template): `f` forks a child; anything else, or EOF, ends the template.
- req (a unix socket, grader <-> child): the child receives the worker's `key=value` arguments with the
  submission's observation and output pipes and a status pipe (SCM_RIGHTS), answers `r` (the kernel attaches
  its pid as the grader sees it), waits for `g` (the grader has moved it into the slot's cgroup), closes req,
  forks the worker and writes the worker's exit status (as bubblewrap reports it) to the status pipe.

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
    """In the forked child, before anything of the submission: take the request, be moved into the slot's cgroup,
    then fork the worker and wait for it (the template reaps nothing: its children are reaped by the kernel)."""
    import socket

    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # this process waits for the worker, and reports how it ended
    sock = socket.socket(fileno=req)
    data, ancillary, _, _ = sock.recvmsg(1 << 16, socket.CMSG_SPACE(3 * 4))
    fds = []
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds += [int.from_bytes(payload[i:i + 4], sys.byteorder) for i in range(0, len(payload) - 3, 4)]
    if len(fds) != 3 or not data:
        os._exit(70)
    sock.sendall(b"r")  # the kernel attaches this process's pid as the grader sees it
    if sock.recv(1) != b"g":  # the grader could not move it: it never runs the submission
        os._exit(71)
    sock.close()
    os.setsid()
    obs, out, status = fds
    pid = os.fork()
    if pid:
        os.close(obs)
        os.close(out)
        _, code = os.waitpid(pid, 0)
        code = os.WEXITSTATUS(code) if os.WIFEXITED(code) else 128 + os.WTERMSIG(code)  # as bubblewrap says it
        os.write(status, b"%d" % code)
        os._exit(0)
    os.dup2(obs, 0)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.closerange(3, 1 << 16)  # the template's pipe, the socket, the status pipe, the fds received: nothing else
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
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps its children and orphans: no code of its own
    os.write(1, b"ready\n")
    # The loop allocates nothing that outlives a pass (a read's byte, a fork's pid: both dropped at once), so
    # every child starts from the same heap (a set of Values iterates in address order). Reaping in this loop
    # (waitpid's tuples, a number of passes that depends on timing) made it drift.
    while True:
        command = os.read(ctl, 1)
        if command != b"f":
            os._exit(0)
        del command
        if os.fork() == 0:
            break
    _child(req, worker, saved, prctl)


if __name__ == "__main__":
    main()

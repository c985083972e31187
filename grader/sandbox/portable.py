"""The portable worker: where the Linux sandbox cannot be had (macOS, Windows, a Linux without
util-linux's prlimit), the probes run in a plain subprocess of the same worker.

This is what a student's own `grade check` uses on a laptop. It is not a
sandbox, and the grade of record never relies on it:

- the same worker (`worker.py`), probes, judge and feedback as the sandbox;
- a wall-clock limit per probe, kept by the observer as in the sandbox (its usage
  is the wall time since the worker started: no cgroup or /proc to count CPU time by);
- memory, CPU-time, file-size and open-file limits set by the worker itself,
  with the `resource` module, before it imports the student's code (macOS and
  Linux; Windows has no `resource` module, and macOS accepts an address-space
  limit without enforcing it);
- no namespaces, no uid of its own, no process limit (RLIMIT_NPROC counts
  every process of the student's user, so it cannot be set for the worker
  alone), no address-space randomisation turned off;
- its own process group (POSIX) or process tree (Windows), killed as a whole.

Its drawn probes' names come as the sandboxed worker's do, only once its published results are in (docs/security.md,
"Closed (trust37)"): on a pipe that is its standard output when it starts (late_names.PipedNames, the only way to hand
a child a descriptor that every OS has; its report goes out on its standard input as in the sandbox, its output on
its standard error), moved above fd 2 before it imports anything of the submission (worker.py).

Its pipes are read by threads, not a selector: Windows cannot `select()` on a
pipe. The same threads read them on every OS, so the tests that force this
path on Linux run the code that Windows runs.
"""

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from ..records import Strength
from .accounting import Usage
from .late_names import PipedNames
from .same_user import guard_grader
from .scratch import HOME, read_only_modes, remove_scratch

STRENGTH = Strength.PORTABLE
NOTICE = ("This is a check on your own machine, not your grade: your code ran in a plain subprocess "
          "(no sandbox), and your instructor grades what you hand in.")


class PortableSandbox:
    """Starts the worker as a plain subprocess; the same interface as grader.sandbox.Sandbox."""

    strength = STRENGTH
    threaded_pipes = True  # see the module docstring
    late_names = PipedNames  # start() takes `later`: the drawn probes' names' pipe (see the module docstring)

    def __init__(self, limits, *, why):
        self.limits = limits
        self.python = os.path.realpath(sys.executable)
        self.stopping = False
        self._live, self._live_lock = {}, threading.Lock()
        self._started = {}  # pid -> when its worker started
        self.root = Path(tempfile.mkdtemp(prefix="grade-portable-"))
        guard_grader()  # the worker runs as this user: what it could read of the grader's secrets (same_user.py)
        self.warning = (f"{why}; the worker runs as a plain subprocess with time limits"
                        + (" and resource limits" if _has_resource() else "")
                        + ", not in a sandbox: your own code is safe to run this way, a class's is not")

    def prepare(self, slot, files, runner_files):
        """A fresh scratch folder for one run: work/ (the submission) and runner/ (the worker, probes)."""
        base = Path(tempfile.mkdtemp(prefix=f"w{slot}-", dir=self.root))
        for folder, contents in (("work", files), ("runner", runner_files)):
            for name, data in contents.items():
                target = base / folder / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        (base / "work").mkdir(exist_ok=True)
        read_only_modes(base / "work")  # what the bind does in the sandbox (scratch.py), beside the audit hook
        (base / HOME).mkdir(exist_ok=True)  # HOME, the worker's own to write, as the sandbox's HOME is its /tmp
        return base

    def command(self, base, request):
        lim = self.limits
        request = dict(request, submission=str(base / "work"), runner=str(base / "runner"), obs_fd=0,
                       memory_bytes=lim.memory_mb << 20, cpu_seconds=lim.cpu_seconds(),
                       file_bytes=lim.file_size_mb << 20, open_files=lim.open_files,
                       **({"later": "piped"} if request.get("later") else {}))
        from .layers import worker_arguments

        return [self.python, "-I", "-S", "-B", "-u", str(base / "runner" / "worker.py"),
                *worker_arguments(request)]

    def environment(self, base):
        """Nothing of the grader's environment, except what Windows needs to start Python at all."""
        env = {"LANG": "C.UTF-8", "PYTHONHASHSEED": "0", "HOME": str(base / HOME)}
        if os.name == "nt":
            env.update({k: os.environ[k] for k in ("SYSTEMROOT", "TEMP", "TMP") if k in os.environ})
        else:
            env["PATH"] = "/usr/bin:/bin"
        return env

    def start(self, slot, base, request, obs_write_fd, output_write_fd, later=None):
        """`later`: the drawn probes' names' pipe (PipedNames), the worker's standard output until it moves it."""
        from .errors import Interrupted

        with self._live_lock:
            if self.stopping:
                raise Interrupted("grading was interrupted")
            proc = subprocess.Popen(
                self.command(base, request), stdin=obs_write_fd, stderr=output_write_fd,
                stdout=output_write_fd if later is None else later.names,
                env=self.environment(base), cwd=str(base / "work"), close_fds=True,
                **({"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP} if os.name == "nt"
                   else {"start_new_session": True}),
            )
            self._live[slot] = proc
            self._started[proc.pid] = time.monotonic()
            return proc

    def usage(self, slot, proc):
        """Wall time since the worker started, as if all of it were CPU time: limits stay wall-clock, and
        a timeout is never cached (a busy machine spends wall time too)."""
        return Usage(time.monotonic() - self._started.get(proc.pid, time.monotonic()), 0.0, cpu_measured=False,
                     waiting_measured=False)

    def kill(self, slot, proc):
        with self._live_lock:
            if self._live.get(slot) is proc:
                del self._live[slot]
        _kill_tree(proc)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def interrupt(self):
        with self._live_lock:
            self.stopping = True
            for proc in self._live.values():
                _kill_tree(proc)

    def cleanup(self, base):
        remove_scratch(base)

    def close(self):
        remove_scratch(self.root)


def _has_resource():
    try:
        import resource  # noqa: F401  (POSIX only)
    except ImportError:
        return False
    return True


def _kill_tree(proc):
    """The worker and everything it started: its process group, or on Windows its process tree."""
    if os.name == "nt":
        if proc.poll() is None:
            subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)], capture_output=True)
            proc.kill()
        return
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass

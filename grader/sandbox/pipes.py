"""What comes out of a worker: its two pipes (the observation report and what it prints), read as
data arrives; what it printed, capped; and how it ended, in words."""

import os
import queue
import selectors
import threading

from ..i18n import msg
from .limit_hit import RAISED_AT, signal_of

try:
    import fcntl
except ImportError:  # Windows: the portable worker's pipes keep the system's size
    fcntl = None

# What a worker prints goes through a pipe the grader drains (and mostly drops: CappedOutput). A worker that
# prints more than the pipe holds waits for the grader to read, and that wait is time off the CPU that is not
# waiting for a CPU: charged as sleep (sandbox/accounting.py). At Linux's 64 KiB a flood of 200 MiB is 3,200
# such waits, each as long as the grader's thread takes to be scheduled: on a loaded machine that reached the
# sleep backstop (3 times the import limit) and an honest engine that prints a lot was cut. 1 MiB is Linux's
# default most for a pipe (/proc/sys/fs/pipe-max-size): 16 times fewer waits; its pages are taken only as filled.
OUTPUT_PIPE_BYTES = 1 << 20


def _capacity(fd):
    """How many bytes pipe `fd` holds (64 KiB where the system cannot say): a read of that much empties it."""
    if fcntl is not None and hasattr(fcntl, "F_GETPIPE_SZ"):
        try:
            return max(fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ), 1 << 16)
        except OSError:
            pass
    return 1 << 16


def output_pipe():
    """(read end, write end) of a pipe for a worker's standard output and error, made to hold OUTPUT_PIPE_BYTES
    where the kernel allows it (else as it comes: a user past its pipe quota, another OS)."""
    read_end, write_end = os.pipe()
    if fcntl is not None and hasattr(fcntl, "F_SETPIPE_SZ"):
        try:
            fcntl.fcntl(read_end, fcntl.F_SETPIPE_SZ, OUTPUT_PIPE_BYTES)
        except OSError:
            pass
    return read_end, write_end


class CappedOutput:
    """What the student printed: the first `limit` bytes kept, the rest counted and dropped."""

    def __init__(self, limit):
        self.limit, self.kept, self.dropped = limit, bytearray(), 0

    def add(self, data):
        room = self.limit - len(self.kept)
        self.kept += data[:max(room, 0)]
        self.dropped += max(len(data) - max(room, 0), 0)

    def text(self):
        text = self.kept.decode("utf-8", errors="replace")
        if self.dropped:
            text += f"\n[... {self.dropped} more bytes of output were dropped]"
        return text


def signal_text(returncode, limit=None, disproved=False):
    """How a worker ended, as a message (grader/i18n; str() is its English): bwrap reports a signal as 128 + its
    number. `limit`, `disproved`: limit_hit.py's, from what the slot's cgroup counted (a SIGKILL is said to be the
    memory limit's only where an out-of-memory kill was counted, and no limit's only where none was but would be)."""
    if returncode is None:
        return msg("the worker did not exit")
    signum, name = signal_of(returncode)
    if signum is None:
        return msg("the worker exited with status {status}", status=returncode)
    if name is None:
        return msg("the worker was killed by signal {number}", number=signum)
    kind = (limit or {}).get("kind")
    if name == "SIGSEGV":
        return msg("the worker was killed by {signal} (a segmentation fault: often unbounded recursion after raising "
                   "the recursion limit)", signal=name)
    if disproved:  # counted: no out-of-memory kill, or CPU time under the limit (limit_hit.py)
        return msg("the worker was killed by {signal}, and by no limit of the grader's: a process of the submission "
                   "sent it; remove the code that sends signals (`os.kill`, `os.killpg`, `signal.pthread_kill`)",
                   signal=name)
    if name == "SIGXCPU" and kind != "cpu-time":  # no cgroup counted its CPU time (limit_hit.py)
        return msg("the worker was killed by {signal}: either it used up its CPU time limit or the submission sent "
                   "the signal itself, and this machine cannot tell which; look for an infinite loop, and for code "
                   "that sends signals (`os.kill`)", signal=name)
    if name == "SIGXCPU":
        return msg("the worker was killed by {signal}: it used up its CPU time limit ({seconds} s), usually by an "
                   "infinite loop (in the walk of `backward()` over a graph with a cycle, or a loop whose condition "
                   "never changes); stop the loop", signal=name,
                   seconds=limit["value"])
    if name == "SIGXFSZ":
        # the file-size limit's signal, which Python ignores: a file written past the limit raises OSError instead, so
        # the submission sent it or restored its default action first (limit_hit.py), and no file size is known
        return msg("the worker was killed by {signal}, the file-size limit's signal, which Python ignores (a file "
                   "written past the limit raises `OSError` instead): the submission's code sent it or restored its "
                   "default action, and the grader cannot tell whether a file was too large; remove the code that "
                   "sends signals (`os.kill`) or changes how they are handled (`signal.signal`)", signal=name)
    if name == "SIGKILL" and kind == "memory":
        return msg("the worker was killed by {signal}: it used more than its memory limit ({mib} MiB for all its "
                   "processes and its /tmp), usually because the graph grows with each call or a list kept across "
                   "calls (at module level, or a default argument) holds every `Value` made; keep nothing of one "
                   "call once it returns", signal=name, mib=limit["value"])
    if name == "SIGKILL" and kind == "machine-memory":
        return msg("the worker was killed by {signal}: this machine ran out of memory while it ran, under its own "
                   "limit (the worker is the first process the kernel kills then); if it happens again, look for a "
                   "graph or a list that grows with each call", signal=name)
    if name == "SIGKILL":
        return msg("the worker was killed by {signal}: either it ran out of memory or the submission sent the "
                   "signal itself, and this machine cannot tell which; look for a graph or a list that grows with "
                   "each call, and for code that sends signals (`os.kill`)", signal=name)
    return msg("the worker was killed by {signal}", signal=name)


def ran_out_text(kind, error, exception, limit):
    """What a probe's exception says when Python said its code reached a limit (the worker's `ran_out` fact:
    "memory", "processes", "threads", "file-size", "disk-space", "open-files"; limit_hit.ran_out's `limit`), as a
    message: the
    student's own `error` (its type and text), what happened and what to do, with the limit's fields (limit,
    limit_value, limit_unit) as parameters. `exception` is the type the probe saw: another than Python's own (a
    MemoryError caught and raised again as a ValueError) is said to be raised while handling that one."""
    value = limit["value"]
    if kind == "memory":
        why = msg("Python ran out of memory at the memory limit ({limit_value} MiB for each process of your code): "
                  "usually the graph grows with each call, a list kept across calls (at module level, or a default "
                  "argument) holds every `Value` made, or one list is made far too large (`[0] * n`); keep nothing "
                  "of one call once it returns", limit_value=value)
    elif kind == "file-size":
        why = msg("a file your code wrote grew past the file-size limit ({limit_value} MiB for each file); an engine "
                  "needs to write no file: remove the code that writes it, or write less", limit_value=value)
    elif kind == "disk-space" and value is not None:
        why = msg("the folder for temporary files (/tmp) is full: the files your code wrote there reached its size "
                  "({limit_value} MiB for all of them together) or its number of files; an engine needs to write no "
                  "file: remove the code that writes them, or delete each file once it is used", limit_value=value)
    elif kind == "disk-space":
        why = msg("the folder your code wrote a file in is full (the machine's room, not a limit of the grader's); an "
                  "engine needs to write no file: remove the code that writes them, or delete each file once it is "
                  "used")
    elif kind == "open-files":
        why = msg("your code held too many files open at once (the limit is {limit_value} open files and pipes for "
                  "each process): close each file it opens (`with open(...) as f:`); an engine needs none, and "
                  "`multiprocessing` opens pipes for each process it starts", limit_value=value)
    elif kind == "processes" and value is not None:
        why = msg("the system refused to start another process: your code started too many processes (the limit is "
                  "{limit_value} processes and threads for all of your code); an engine needs none: remove the code "
                  "that starts them (`os.fork`, `subprocess`, `multiprocessing`)", limit_value=value)
    elif kind == "processes":
        why = msg("the system refused to start another process: your code started too many processes; an engine "
                  "needs none: remove the code that starts them (`os.fork`, `subprocess`, `multiprocessing`)")
    elif value is not None:
        why = msg("the system refused to start another thread: your code started too many threads (the limit is "
                  "{limit_value} processes and threads for all of your code); an engine needs none: remove the code "
                  "that starts them (`threading`, `concurrent.futures`)", limit_value=value)
    else:
        why = msg("the system refused to start another thread: your code started too many threads; an engine needs "
                  "none: remove the code that starts them (`threading`, `concurrent.futures`)")
    fields = {"limit": limit["kind"], "limit_value": value, "limit_unit": limit["unit"]}
    original = RAISED_AT[kind]
    if exception != original:
        # TRANSLATORS: {error} is the student's exception as Python says it ("ValueError: too big"), {original} the
        # type Python raised first at the limit (MemoryError), {why} what happened and what to do
        return msg("{error}, raised while handling a {original}, because {why}", error=error, original=original,
                   why=why, **fields)
    # TRANSLATORS: {error} is the student's exception as Python says it ("MemoryError"), {why} what happened and what
    # to do
    return msg("{error}, because {why}", error=error, why=why, **fields)


class SelectedPipes:
    """The worker's two pipes, read as they become readable (POSIX: select works on pipes)."""

    def __init__(self, *fds):
        self.fds, self.selector = fds, selectors.DefaultSelector()
        for fd in fds:
            self.selector.register(fd, selectors.EVENT_READ, _capacity(fd))  # read whole: one pass a pipeful

    def read(self, timeout):
        """[(fd, data)] of what arrived within `timeout` s; b"" once for a pipe that ended."""
        out = []
        for key, _ in self.selector.select(timeout):
            data = os.read(key.fd, key.data)
            if not data:
                self.selector.unregister(key.fd)
            out.append((key.fd, data))
        return out

    def rest_of(self, fd):
        """What is left in pipe `fd` once the worker is dead (bounded: a process that escaped the
        kill could write forever)."""
        os.set_blocking(fd, False)
        rest = bytearray()
        try:
            for _ in range(256):
                data = os.read(fd, 1 << 16)
                if not data:
                    break
                rest += data
        except OSError:
            pass
        return bytes(rest)

    def close(self):
        self.selector.close()
        for fd in self.fds:
            os.close(fd)


class ThreadedPipes:
    """The same, read by one thread per pipe (Windows cannot select() on a pipe; the portable
    worker uses this on every OS). A thread owns its pipe and closes it at its end: closing an fd
    under a blocked read would let a later pipe reuse the number and be read by the old thread."""

    def __init__(self, *fds):
        self.arrived = queue.Queue()
        self.ended = {fd: threading.Event() for fd in fds}
        for fd in fds:
            threading.Thread(target=self._pump, args=(fd,), daemon=True).start()

    def _pump(self, fd):
        try:
            while True:
                try:
                    data = os.read(fd, 1 << 16)
                except OSError:
                    data = b""
                self.arrived.put((fd, data))
                if not data:
                    break
        finally:
            os.close(fd)
            self.ended[fd].set()

    def read(self, timeout):
        try:
            out = [self.arrived.get(timeout=max(timeout, 0))]
        except queue.Empty:
            return []
        while True:
            try:
                out.append(self.arrived.get_nowait())
            except queue.Empty:
                return out

    def rest_of(self, fd, wait=1.0):
        """What pipe `fd` still delivers, until it ends (the worker is dead) or `wait` s pass."""
        self.ended[fd].wait(wait)
        rest, others = bytearray(), []
        while True:
            try:
                got, data = self.arrived.get_nowait()
            except queue.Empty:
                break
            if got == fd:
                rest += data
            else:
                others.append((got, data))
        for item in others:
            self.arrived.put(item)
        return bytes(rest)

    def close(self):
        pass  # each thread closes its own pipe when it ends

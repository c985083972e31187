"""How the drawn probes' names reach a worker only once its published probes are observed (docs/security.md,
"Closed (review35)"; the worker's side is later.py, the grader's observe/attempt.py).

The worker's command line names only the published probes. Beside it the worker holds two descriptors, empty while
the submission runs its import and its published probes:

- `ready`, the read end of a pipe on which the grader writes nothing (but the go, sandbox/claim.py, read before the
  submission runs) and which it closes once the names are written: the worker waits for the end of the pipe, which
  every reader sees and none can take from another (a byte written there would go to whichever reader the kernel
  woke first: a thread or a child of the submission waiting there since its import);
- `names`, a read-only descriptor of a memory file (memfd) the grader writes the names into, seals against any
  change (write, grow, shrink, more seals) and reads back, and only then closes `ready`: the worker reads it at
  offset 0, and so does whoever else reads it, each the same line.

Nothing of the submission can write either: the pipe's write end and the memory file's writable descriptor are the
grader's alone (opening the pipe again through /proc/self/fd is refused to the worker's uid; the memory file can
be opened again for writing, and what is written or sealed there before the grader writes makes its write or its
check fail: a report the grader does not trust, observe/attempt.py).

The portable worker (sandbox/portable.py: macOS, Windows, a Linux without the sandbox's tools) has no memory file, and
Windows passes a child no descriptor but its three standard streams: its channel is `PipedNames`, one pipe, whose
read end is the worker's standard output when it starts (its report goes out on its standard input, its output on
its standard error): the worker moves it above fd 2 and makes fd 1 its output again before it imports anything of
the submission (worker.py), and reads one line there after its last published result (later.py's `Piped`)."""

import os

try:
    import fcntl
except ImportError:  # Windows: the portable worker, whose channel is PipedNames
    fcntl = None


def supported() -> bool:
    """Whether this system has memory files that seal (Linux)."""
    return hasattr(os, "memfd_create") and hasattr(fcntl, "F_ADD_SEALS")


class NamesRefused(Exception):
    """The names could not be handed over as written: something of the submission wrote into their file."""


class LateNames:
    """One worker's channel for its drawn probes' names: made before it starts, written once when it asks."""

    def __init__(self):
        self._fds = []
        try:
            self.ready, self._ready_w = self._keep(*os.pipe())
            self._file = self._keep(os.memfd_create("drawn probes", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING))
            self.names = self._keep(os.open(f"/proc/self/fd/{self._file}", os.O_RDONLY | os.O_CLOEXEC))
        except BaseException:
            self.close()
            raise

    def _keep(self, *fds):
        self._fds += fds
        return fds if len(fds) > 1 else fds[0]

    def go_pipe(self):
        """(read end, write end) copies of `ready` for the worker's go (sandbox/claim.py), closed by their user."""
        return os.dup(self.ready), os.dup(self._ready_w)

    def started(self):
        """The worker has its copies: the grader's of the ends only the worker reads are closed."""
        for fd in (self.ready, self.names):
            self._fds.remove(fd)
            os.close(fd)
        self.ready = self.names = None

    @property
    def sent(self):
        return self._ready_w is None

    def send(self, names):
        """Write `names` (one line), seal the file, check what it holds, and tell the worker (the pipe's end)."""
        line = (",".join(names) + "\n").encode()
        try:
            written = os.pwrite(self._file, line, 0)
            os.ftruncate(self._file, len(line))
            fcntl.fcntl(self._file, fcntl.F_ADD_SEALS,
                        fcntl.F_SEAL_SEAL | fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_WRITE)
            held = os.pread(self._file, len(line) + 1, 0)
        except OSError as exc:  # it sealed the file first (EPERM), or maps it writable (EBUSY)
            raise NamesRefused(f"their file could not be written and sealed: {os.strerror(exc.errno)}") from None
        if written != len(line) or held != line:
            raise NamesRefused("their file held something else once sealed")
        self._close(self._ready_w)  # the worker's go for the names (it waits for no byte: the pipe's end)
        self._ready_w = None

    def _close(self, fd):
        if fd in self._fds:
            self._fds.remove(fd)
            os.close(fd)

    def close(self):
        for fd in list(self._fds):
            self._close(fd)
        self._ready_w = self._file = self.ready = self.names = None


class PipedNames:
    """The portable worker's channel: a pipe whose read end (`names`) becomes the worker's fd 1 when it starts; the
    grader writes the names there, one line, and then the pipe's end. What a reader of the submission takes from it
    (a thread that waits there from its import on), the worker does not get: it runs no drawn probe, and the grader
    takes the report as malformed (observe/attempt.py's UNREAD), as it does for a sandboxed worker whose channel the
    submission closed. Either way it is read only once every published result is in."""

    def __init__(self):
        self.names, self._write = os.pipe()

    def started(self):
        """The worker has its copy of the read end: the grader's is closed (the worker sees the pipe's end then)."""
        os.close(self.names)
        self.names = None

    @property
    def sent(self):
        return self._write is None

    def send(self, names):
        """Write `names` (one line) without waiting, then the pipe's end. The pipe is empty until now, and its
        buffer (4 KiB at least: POSIX's PIPE_BUF; 64 KiB on Linux, 16 KiB on macOS) holds a run's line (83 drawn
        probes: 2.7 KB); a line it cannot take whole (something of the submission wrote there: on the portable
        worker it runs as the grader's user) is refused rather than waited for. Windows (before Python 3.12) cannot
        make a pipe non-blocking: there the write waits for the worker to read."""
        line = (",".join(names) + "\n").encode()
        try:
            try:
                os.set_blocking(self._write, False)
            except (AttributeError, OSError):  # Windows before Python 3.12
                pass
            written = os.write(self._write, line)
        except OSError as exc:  # the submission closed every copy of the read end (EPIPE), or filled the pipe
            raise NamesRefused(f"their pipe could not be written: {os.strerror(exc.errno)}") from None
        if written != len(line):
            raise NamesRefused(f"their pipe took {written} of the line's {len(line)} bytes")
        self.close()

    def close(self):
        for fd in (self.names, self._write):
            if fd is not None:
                os.close(fd)
        self.names = self._write = None

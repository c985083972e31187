"""The worker's side of the drawn probes' names' channel (late_names.py is the grader's): loaded by worker.py only
for a run with drawn probes (`later=1`). Its command line names the published probes alone; once it has written the
last published result it says `more`, and this reads the names the grader then hands over. Until then nothing the
submission can read (argv, /proc, the environment, a file, a descriptor) names a draw, so nothing it reports at the
published inputs can (docs/security.md, "Closed (review35)"). The portable worker reads them from a pipe alone
(`Piped`; late_names.PipedNames). Standard library's posix only (os on Windows), as the worker."""

try:
    import posix as _os
except ImportError:  # Windows: the portable worker (Piped only)
    import os as _os

_FILE = 0o100000  # S_IFREG: the names' file (a memfd)


def _held(kind):
    """The descriptors above 2 of `kind` that this process holds."""
    found = []
    for fd in map(int, _os.listdir("/proc/self/fd")):
        try:
            if fd > 2 and _os.fstat(fd).st_mode & 0o170000 == kind:
                found.append(fd)
        except OSError:  # listdir's own descriptor, closed by now
            pass
    return found


def channel(go, later):
    """The channel of a worker started with `later` (`1`; the portable worker's: the fd it moved its names' pipe to)."""
    return Channel(go) if later == "1" else Piped(later)


def _at_3_and_4(ready, names):
    """The claimed worker's channel moved to fds 3 and 4, where the warm template's child has it: a passed descriptor
    keeps the number it had in the grader's process, which varies with what that process holds (a long pytest
    session held the go pipe above 64, the worker's open-files limit: a submission's dup2 onto it failed with EBADF
    there alone, `graded` 0 where `crashed` 0 elsewhere, tests/test_drawn_late.py)."""
    import fcntl

    high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 5) for fd in (ready, names)]  # out of 3's and 4's way
    for fd in (ready, names):
        _os.close(fd)
    for target, fd in zip((3, 4), high):
        _os.dup2(fd, target)
        _os.close(fd)
    return 3, 4


class _Late:
    def probes(self, published):
        """The published probes, None (the worker says `more`: the last published result goes out with it), then the
        drawn ones."""
        yield from published
        yield None
        yield from self._names()


def _listed(data):
    return [name for name in data.decode("ascii", "replace").strip().split(",") if name]


class Channel(_Late):
    """The pipe whose end says the names are written, and the file they are written in. With the go (`go`, the go
    pipe the worker kept: sandbox/claim.py) they are that pipe and the one file beside it; without (the warm
    template's child: template_runner.py) fds 3 and 4."""

    def __init__(self, go):
        files = _held(_FILE) if go is not None else [4]
        self.ready, self.names = (3 if go is None else go), (files[0] if len(files) == 1 else -1)
        if go is not None and self.names >= 0:
            self.ready, self.names = _at_3_and_4(self.ready, self.names)

    def _names(self):
        """The names, once the grader has every published probe's result: the end of the pipe (which no other reader
        can take from this one, as it could a byte), then the line in the sealed file, read at its start. [] when
        either cannot be read (the submission closed or replaced them: the grader, missing the probes it named,
        takes the report as malformed)."""
        try:
            while True:
                try:
                    if not _os.read(self.ready, 1 << 16):  # nothing but its end comes from the grader
                        break
                except BlockingIOError:  # made non-blocking by the submission
                    _os.set_blocking(self.ready, True)
            data = _os.pread(self.names, 1 << 20, 0)
            _os.close(self.ready)
            _os.close(self.names)
        except OSError:
            return []
        return _listed(data)


class Piped(_Late):
    """The portable worker's: one pipe (`fd`, its fd 1 when it started, moved by worker.py's main), on which the grader
    writes the names' line once it has every published probe's result, then the pipe's end."""

    def __init__(self, fd):
        self.fd = fd

    def _names(self):
        """The line, read up to its newline (a copy of the pipe's write end the submission made, through /proc, never
        holds it back); [] when the pipe ends first or cannot be read (the submission took the line, or closed the
        pipe). What is left of a line the submission took part of names no probe the grader named: a malformed report
        either way (observe/attempt.py)."""
        data = b""
        try:
            while not data.endswith(b"\n"):
                try:
                    chunk = _os.read(self.fd, 1 << 16)
                except BlockingIOError:  # made non-blocking by the submission
                    _os.set_blocking(self.fd, True)
                    continue
                if not chunk:
                    return []
                data += chunk
            _os.close(self.fd)
        except OSError:
            return []
        return _listed(data)

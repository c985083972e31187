"""The drawn probes' names reach the worker only once its published probes are observed (review35's hole, mended in
session 36: grader/sandbox/worker.py's `later`, grader/observe/attempt.py's _send_names; docs/security.md).

The worker's command line names only the published probes; after the last published result it says `more`, and the
grader, holding every published result, writes the drawn names (`probe@token`) on a pipe the worker reads only then.
Each attack below is an engine that is right everywhere (correct-closures) plus the attack, graded in one batch
beside its twin without the attack; each asserts the row's exact status and score, and that no token of the run (16
hex digits after an `@`) shows anywhere in the row or in the published observations."""

import fcntl
import json
import os
import re
from pathlib import Path

import pytest
from costs import slow_fixture
from endings_support import refused, tampered
from hostile_support import needs_bwrap

from grader.observe.attempt import UNREAD
from grader.pipeline import grade
from grader.sandbox import Limits, late_names

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")
TOKEN = re.compile(r"@[0-9a-f]{16}")
# the import's limit is short: `block` sleeps in a read at import until it runs out (3 x 2 s of wall time)
LIMITS = Limits(probe_seconds=2, import_seconds=2, submission_seconds=30)

# What every attack uses: the pipes and files this process holds beside the standard streams, every draw's name in a
# text, and the drawn probe the worker runs.
FIFOS = r'''

import os as _os
import re as _re
import stat as _stat
import sys as _sys


def _held(kind):
    """The descriptors above 2 of a kind (_stat.S_ISFIFO, _stat.S_ISREG) this process holds."""
    found = []
    for fd in sorted(int(n) for n in _os.listdir("/proc/self/fd")):
        try:
            if fd > 2 and kind(_os.fstat(fd).st_mode):
                found.append(fd)
        except OSError:  # listdir's own descriptor
            pass
    return found


def _fifos():
    return _held(_stat.S_ISFIFO)


def _files():
    return _held(_stat.S_ISREG)


def _draws_in(text):
    return sorted(set(_re.findall(r"[\w/-]+@[0-9a-f]{16}", text)))


def _draw_being_run():
    """The drawn probe the worker runs now, from its frames (any engine can read it while a drawn probe runs)."""
    frame = _sys._getframe(1)
    while frame is not None:
        name = frame.f_locals.get("name")
        if isinstance(name, str) and "@" in name:
            return name
        frame = frame.f_back
    return None
'''

# What a LOOK engine ends with, once its `_look()` is defined: a look at import, and another in the first tanh (a
# published probe), which raises the count and the names of the draws both found (tests/test_portable_late.py's too)
LOOKING = r'''

_AT_IMPORT = _look()
_tanh, _TOLD = Value.tanh, []


def _looking_tanh(self):
    if not _TOLD:
        _TOLD.append(1)
        seen = _look()
        raise ValueError(f"LOOK {len(_AT_IMPORT)}+{len(seen)}: " + " ".join(_AT_IMPORT + seen))
    return _tanh(self)


Value.tanh = _looking_tanh
'''

# Reads whatever a process can read, at import and again in the first tanh (a published probe), and raises there the
# count and the names of the draws it found. Every descriptor above 2 is read without blocking, which leaves the
# pipe of the drawn names' channel non-blocking for the worker too (worker._later_names copes).
LOOK = FIFOS + r'''

def _look():
    texts = [" ".join(_sys.argv), repr(dict(_os.environ))]
    paths = ["/proc/self/cmdline", "/proc/self/environ", f"/proc/{_os.getppid()}/cmdline",
             f"/proc/{_os.getppid()}/environ"]
    paths += [f"/proc/{pid}/{what}" for pid in _os.listdir("/proc") if pid.isdigit() for what in ("cmdline", "environ")]
    for root in ("/tmp", "/sandbox", "/runner", _os.getcwd()):
        for folder, _, files in _os.walk(root):
            paths += [_os.path.join(folder, f) for f in files]
    for path in paths:
        try:
            with open(path, "rb") as f:
                texts.append(f.read(1 << 20).decode("latin-1"))
        except OSError:
            pass
    for fd in sorted(int(n) for n in _os.listdir("/proc/self/fd")):
        if fd > 2:
            try:
                _os.set_blocking(fd, False)
                texts.append(_os.read(fd, 1 << 16).decode("latin-1"))
                texts.append(_os.pread(fd, 1 << 16, 0).decode("latin-1"))  # a file's start (a pipe refuses)
            except OSError:  # nothing there yet, a write end, or listdir's own descriptor
                pass
    return _draws_in("\n".join(texts))
''' + LOOKING

# Waits for the drawn names at import, in a read of every pipe it holds: the grader ends the channel's pipe only once
# the published probes are observed, so the import never ends.
BLOCK = FIFOS + r'''
for _fd in _fifos():
    _os.set_blocking(_fd, True)
    raise ValueError("BLOCK " + _os.read(_fd, 1 << 16).decode("latin-1"))
'''

# A thread that waits for the names from its import on (so it is the first reader of the channel's pipe), reads them
# as soon as they come, and from then on makes tanh raise the draws: "rewrites" every answer it gives once the names
# are known. Every drawn tanh raises anyway (it finds its draw in the worker's frames): whichever reader is woken
# first, the row is its twin's `frames` row.
THREAD = FIFOS + r'''
import threading as _threading

_LOOT = []


def _steal(fd):
    _os.set_blocking(fd, True)
    while _os.read(fd, 1 << 16):
        pass
    for file in _files():
        _LOOT.append(_os.pread(file, 1 << 20, 0).decode("latin-1"))


for _fd in _fifos():
    _threading.Thread(target=_steal, args=(_fd,), daemon=True).start()
_tanh = Value.tanh


def _rewriting_tanh(self):
    seen = _draws_in(" ".join(_LOOT) + " " + (_draw_being_run() or ""))
    if seen:
        raise ValueError("THREAD " + " ".join(seen))
    return _tanh(self)


Value.tanh = _rewriting_tanh
'''

# The same without the thread: every drawn tanh raises its draw, read from the worker's frames.
FRAMES = FIFOS + r'''
_tanh = Value.tanh


def _drawn_raising_tanh(self):
    seen = _draw_being_run()
    if seen:
        raise ValueError("FRAMES " + seen)
    return _tanh(self)


Value.tanh = _drawn_raising_tanh
'''

# A child forked at import waits for the names in its own read, and reads them.
FORK = FIFOS + r'''
if _os.fork() == 0:
    for _fd in _fifos():
        _os.set_blocking(_fd, True)
        while _os.read(_fd, 1 << 16):
            pass
    _LOOT = [_os.pread(_file, 1 << 20, 0) for _file in _files()]
    _os._exit(0)
'''

# The channel's descriptors closed at import; replaced at import by a pipe that has ended and a file that names a
# draw it made up; its file opened again for writing at import, written and sealed; written only.
CLOSE = FIFOS + r'''
for _fd in _fifos() + _files():
    _os.close(_fd)
'''
DUP2 = FIFOS + r'''
_pipes, _names = _fifos(), _files()
_r, _w = _os.pipe()
_os.close(_w)
_made_up = _os.open("/tmp/made-up", _os.O_RDWR | _os.O_CREAT)  # (the sandbox refuses memfd_create)
_os.write(_made_up, b"add_values@" + b"0" * 16 + b"\n")
for _fd in _pipes:
    _os.dup2(_r, _fd)
for _fd in _names:
    _os.dup2(_made_up, _fd)
'''
WRITE = FIFOS + r'''
import fcntl as _fcntl

for _fd in _files():
    _w = _os.open(f"/proc/self/fd/{_fd}", _os.O_RDWR)
    _os.write(_w, b"add_values@" + b"0" * 16 + b"," * 10000 + b"\n")
'''
SEAL = WRITE + r'''
    _fcntl.fcntl(_w, _fcntl.F_ADD_SEALS, _fcntl.F_SEAL_WRITE)
'''

# A worker that dies in every exp (a fixed probe: a fresh worker goes on with the rest) and in the first drawn probe
# it runs (a fresh worker goes on with the rest of the drawn pass): each fresh worker is named its drawn probes only
# after its published ones, and looks everywhere at import; its twin dies alike and does not look.
DIES = FIFOS + r'''
_exp, _add, _FIRST = Value.exp, Value.__add__, []


def _dying_exp(self):
    _os._exit(3)


def _dying_add(self, other):
    if not _FIRST and _draw_being_run():
        _FIRST.append(1)
        _os._exit(4)
    return _add(self, other)


Value.exp, Value.__add__ = _dying_exp, _dying_add
'''
DIES_LOOKING = DIES + LOOK[len(FIFOS):].replace("if not _TOLD:", "if not _TOLD and _AT_IMPORT + _look():")

# Raises in its first tanh (a published probe) the pipes and the files it held above fd 2 at import: the channel's.
NUMBERS = FIFOS + r'''
_SEEN, _tanh, _TOLD = (_fifos(), _files()), Value.tanh, []


def _numbering_tanh(self):
    if not _TOLD:
        _TOLD.append(1)
        raise ValueError(f"FDS {_SEEN}")
    return _tanh(self)


Value.tanh = _numbering_tanh
'''

ENGINES = {"twin": "", "numbers": NUMBERS, "look": LOOK, "block": BLOCK, "thread": THREAD, "frames": FRAMES,
           "fork": FORK, "close": CLOSE, "dup2": DUP2, "write": WRITE, "seal": SEAL, "dies": DIES,
           "dies-looking": DIES_LOOKING}


def _graded(folder, engines):
    for name in engines:
        (folder / f"{name}.py").write_text(CORRECT + ENGINES[name], encoding="utf-8")
    graded = grade(folder, limits=LIMITS, jobs=2)
    return {row["id"]: row for row in graded.scores["submissions"]}, graded.runs


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    return _graded(tmp_path_factory.mktemp("late"), ENGINES)


@slow_fixture(scope="module")
def graded_by_a_busy_grader(tmp_path_factory):
    """The same attacks graded by a process that holds 80 more descriptors (a long pytest session under xdist held
    some: session 36's fresh-clone CI): each descriptor it passes a worker is then numbered above 64, the worker's
    open-files limit, unless the worker moves it."""
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(80)]
    try:
        return _graded(tmp_path_factory.mktemp("late-busy"), ["numbers", "dup2"])
    finally:
        for fd in held:
            os.close(fd)


def _outcome(graded, name):
    rows, runs = graded
    row, run = rows[name], runs[name]
    shown = json.dumps([row, run.get("probes"), run.get("import_error"), run.get("message")])
    assert not TOKEN.findall(shown), TOKEN.findall(shown)[:3]  # no draw of the run, anywhere it can be shown
    return row["status"], row["score"]


def _drawn(graded, name):
    """The statuses of the run's drawn observations, counted."""
    statuses = {}
    for obs in graded[1][name].get("drawn", {}).values():
        key = obs["status"] + (" not run" if obs.get("not_run") else "")
        statuses[key] = statuses.get(key, 0) + 1
    return statuses


@needs_bwrap
def test_an_engine_that_looks_everywhere_finds_no_draw_before_its_published_probes_are_observed(graded):
    assert _outcome(graded, "twin") == ("graded", 63.0)
    assert _outcome(graded, "look") == ("graded", 62.0)  # the tanh that raised what it found
    shown = " ".join(test["output"] for test in graded[0]["look"]["tests"])
    assert "ValueError: LOOK 0+0: " in shown  # nothing at import, nothing in a published probe
    # and the worker read its names from the pipe the engine had made non-blocking: every drawn probe was observed
    assert _drawn(graded, "look") == _drawn(graded, "twin") == {"ok": 83}
    assert not TOKEN.findall(graded[1]["look"]["output"])


@needs_bwrap
def test_an_engine_that_waits_for_the_names_at_import_never_gets_them(graded):
    assert _outcome(graded, "block") == ("timeout", 0.0)
    assert graded[1]["block"]["import_error"]["error"].startswith("importing block.py did not finish within 2 s")


@needs_bwrap
def test_a_thread_or_a_child_that_reads_the_names_first_changes_nothing_published(graded):
    # the thread's tanh raises its draws once it has them: only in drawn probes, whose failures name no number
    assert _outcome(graded, "thread") == _outcome(graded, "frames") == ("graded", 59.0)
    assert _drawn(graded, "thread") == _drawn(graded, "frames") == {"ok": 68, "error": 15}  # its drawn tanh probes
    assert _outcome(graded, "fork") == ("graded", 63.0)
    assert _drawn(graded, "fork") == {"ok": 83}


@needs_bwrap
@pytest.mark.parametrize("name, detail", [
    ("close", UNREAD),
    ("seal", "the drawn probes' names were not handed over: their file could not be written and sealed: "
             "Operation not permitted")])
def test_an_engine_that_closes_replaces_or_seals_the_names_channel_has_its_report_distrusted(graded, name, detail):
    assert _outcome(graded, name) == ("crashed", 0.0)
    assert (graded[1][name]["message"], refused(graded[1][name])) == (tampered(f"{name}.py"), detail)


@needs_bwrap
@pytest.mark.parametrize("busy", [False, True])
def test_an_engine_that_replaces_the_names_channel_has_its_report_distrusted_whatever_the_graders_descriptors(
        graded, graded_by_a_busy_grader, busy):
    """It ran the draw it made up, which the grader never named: "probe out of order". Once in the fresh-clone CI
    (session 36, 8f3447f6, under xdist) the row came out `graded` 0.0, its import failed with "Bad file descriptor":
    the channel's descriptors kept the numbers they had in the grader's process, above the worker's open-files limit
    (64) in a process that holds many, where a dup2 onto them is refused. The claimed worker now moves them to fds 3
    and 4 (sandbox/later.py), as the warm template's child has them: the same row, the same numbers."""
    rows = graded_by_a_busy_grader if busy else graded
    assert _outcome(rows, "dup2") == ("crashed", 0.0)
    assert (rows[1]["dup2"]["message"], refused(rows[1]["dup2"])) == (tampered("dup2.py"), "probe out of order")
    assert _outcome(rows, "numbers") == ("graded", 62.0)  # the tanh that raised what it held
    shown = " ".join(test["output"] for test in rows[0]["numbers"]["tests"])
    assert "ValueError: FDS ([3], [4])" in shown


@needs_bwrap
def test_what_an_engine_writes_into_the_names_file_before_they_come_is_overwritten(graded):
    assert _outcome(graded, "write") == ("graded", 63.0)
    assert _drawn(graded, "write") == {"ok": 83}


@needs_bwrap
def test_a_fresh_worker_after_a_crash_is_named_its_drawn_probes_only_after_its_published_ones(graded):
    # nine workers in the published probes (each exp), nine in the drawn ones (the first probe of each)
    assert _outcome(graded, "dies-looking") == _outcome(graded, "dies") == ("crashed", 8.8333)
    assert _drawn(graded, "dies-looking") == _drawn(graded, "dies") == {"crashed": 9, "ok": 6, "crashed not run": 55}
    assert "LOOK" not in json.dumps(graded[0]["dies-looking"])  # no worker of its run found a draw


needs_memfd = pytest.mark.skipif(not late_names.supported(), reason="memory files that seal are Linux's")


@needs_memfd
def test_the_channel_hands_every_reader_the_same_line_and_nothing_before():
    channel = late_names.LateNames()
    try:
        ready, names = os.dup(channel.ready), os.dup(channel.names)  # the worker's copies, as a sandbox passes them
        channel.started()
        os.set_blocking(ready, False)
        with pytest.raises(BlockingIOError):
            os.read(ready, 1)  # nothing to read before the names
        assert os.pread(names, 100, 0) == b"" and not channel.sent
        thief = os.dup(ready)  # a second reader (a thread or a child of the submission)
        channel.send(["add_values@0123456789abcdef", "tanh_zero@fedcba9876543210"])
        assert channel.sent and os.read(thief, 1) == b"" and os.read(ready, 1) == b""  # the end, seen by both
        line = b"add_values@0123456789abcdef,tanh_zero@fedcba9876543210\n"
        assert os.pread(names, 100, 0) == os.pread(names, 100, 0) == line  # each reader the same line
        with pytest.raises(OSError):
            os.write(os.open(f"/proc/self/fd/{names}", os.O_RDWR), b"x")  # sealed: no write once handed over
    finally:
        channel.close()
        for fd in (ready, names, thief):
            os.close(fd)


@needs_memfd
@pytest.mark.parametrize("seal", ["", "F_SEAL_WRITE", "F_SEAL_SEAL", "F_SEAL_SHRINK"])
def test_what_was_written_into_the_names_file_before_is_overwritten_or_refused(seal):
    """What the submission did to the file before the names came (it can open it again for writing: a memfd's mode is
    0777): its bytes are replaced; any seal of its own makes the grader's write, truncation or sealing fail."""
    channel = late_names.LateNames()
    try:
        written = os.open(f"/proc/self/fd/{channel.names}", os.O_RDWR)  # opened again for writing
        os.write(written, b"add_values@" + b"0" * 16 + b"," * 100)
        if seal:
            fcntl.fcntl(written, fcntl.F_ADD_SEALS, getattr(fcntl, seal))
            with pytest.raises(late_names.NamesRefused, match="written and sealed: Operation not permitted"):
                channel.send(["add_values@0123456789abcdef"])
            assert not channel.sent  # the worker is never told to read it
        else:
            channel.send(["add_values@0123456789abcdef"])
            assert os.pread(written, 200, 0) == b"add_values@0123456789abcdef\n"
        os.close(written)
    finally:
        channel.close()

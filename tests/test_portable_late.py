"""The portable worker (grader/sandbox/portable.py: a student's `grade check` on macOS or Windows, a Linux without the
sandbox's tools) is named its drawn probes only once its published ones are observed, as the sandboxed worker is
(tests/test_drawn_late.py). Until session 37 it took every draw on its command line, where any engine read them at
import. Its channel is one pipe, its standard output when it starts (Windows hands a child no descriptor but its
standard streams: grader/sandbox/late_names.PipedNames), moved above fd 2 before the submission is imported
(worker.py's main).

Forced on Linux by hiding the sandbox's tools from PATH (tests/test_portable.py). Each attack is an engine that is
right everywhere (correct-closures) plus the attack, graded in one batch beside its twin without it; each asserts the
row's exact status and score, and that no draw of the run shows anywhere in the row."""

import os
import sys

import pytest
from costs import slow_fixture
from endings_support import refused, tampered
from test_drawn_late import BLOCK, CORRECT, FIFOS, LIMITS, LOOKING, TOKEN, _drawn, _outcome
from test_portable import path_without_sandbox_tools  # noqa: F401 (a fixture)

from grader.pipeline import grade
from grader.sandbox import late_names

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forces the portable worker on Linux")

# Reads what a process of the portable worker can read of its own run, at import and again in the first tanh (a
# published probe), and raises there the count and the names of the draws it found: its command line and environment
# (as Python has them and as /proc has them, its own and the grader's), every file of its run's scratch folder (the
# submission's, the runner's, its HOME), and every descriptor it holds, the standard streams too, read without blocking
# (which leaves the names' pipe non-blocking for the worker: later.Piped copes). Not other processes' or /tmp's: the
# machine's other graders are no part of this run.
LOOK = FIFOS + r'''

def _look():
    texts = [" ".join(_sys.argv), repr(dict(_os.environ))]
    paths = [f"/proc/{pid}/{what}" for pid in ("self", _os.getppid()) for what in ("cmdline", "environ")]
    for folder, _, files in _os.walk(_os.path.dirname(_os.getcwd())):
        paths += [_os.path.join(folder, f) for f in files]
    for path in paths:
        try:
            with open(path, "rb") as f:
                texts.append(f.read(1 << 20).decode("latin-1"))
        except OSError:
            pass
    for fd in sorted(int(n) for n in _os.listdir("/proc/self/fd")):
        try:
            _os.set_blocking(fd, False)
            texts.append(_os.read(fd, 1 << 16).decode("latin-1"))
        except OSError:  # nothing there yet, a write end, or listdir's own descriptor
            pass
    return _draws_in("\n".join(texts))
''' + LOOKING

# Closes every pipe it holds above fd 2 at import (the names' pipe): the worker cannot read its drawn probes' names.
CLOSE = FIFOS + r'''
for _fd in _fifos():
    _os.close(_fd)
'''

# Writes a draw it made up into the names' pipe at import, through a write end it opens again (/proc: the portable
# worker runs as the grader's user): the worker reads it as the first of its names, before the grader's line.
FORGE = FIFOS + r'''
for _fd in _fifos():
    _w = _os.open(f"/proc/self/fd/{_fd}", _os.O_WRONLY)
    _os.write(_w, b"add_values@" + b"0" * 16 + b",")
'''

ENGINES = {"twin": "", "look": LOOK, "block": BLOCK, "close": CLOSE, "forge": FORGE}


@slow_fixture(scope="module")
def graded(tmp_path_factory, path_without_sandbox_tools):  # noqa: F811 (the fixture imported above)
    folder = tmp_path_factory.mktemp("portable-late")
    for name, attack in ENGINES.items():
        (folder / f"{name}.py").write_text(CORRECT + attack, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", path_without_sandbox_tools)
        result = grade(folder, limits=LIMITS, jobs=2)
    assert result.sandbox == "portable"
    return {row["id"]: row for row in result.scores["submissions"]}, result.runs


def test_an_engine_on_the_portable_worker_finds_no_draw_before_its_published_probes_are_observed(graded):
    assert _outcome(graded, "twin") == ("graded", 63.0)
    assert _outcome(graded, "look") == ("graded", 62.0)  # the tanh that raised what it found
    shown = " ".join(test["output"] for test in graded[0]["look"]["tests"])
    assert "ValueError: LOOK 0+0: " in shown  # nothing at import, nothing in a published probe
    # and the worker read its names from the pipe the engine had made non-blocking: every drawn probe was observed
    assert _drawn(graded, "look") == _drawn(graded, "twin") == {"ok": 83}
    assert not TOKEN.findall(graded[1]["look"]["output"])


def test_an_engine_that_waits_for_the_names_at_import_on_the_portable_worker_never_gets_them(graded):
    assert _outcome(graded, "block") == ("timeout", 0.0)
    assert graded[1]["block"]["import_error"]["error"].startswith("importing block.py did not finish within 2 s")


@pytest.mark.parametrize("name, detail", [
    ("close", "the drawn probes' names were not handed over: their pipe could not be written: Broken pipe"),
    ("forge", "probe out of order")])
def test_an_engine_that_closes_or_writes_into_the_names_pipe_has_its_report_distrusted(graded, name, detail):
    assert _outcome(graded, name) == ("crashed", 0.0)
    assert (graded[1][name]["message"], refused(graded[1][name])) == (tampered(f"{name}.py"), detail)


def test_the_names_pipe_hands_the_line_then_its_end_and_nothing_before():
    channel = late_names.PipedNames()
    try:
        worker = os.dup(channel.names)  # the worker's copy, as Popen hands it
        channel.started()
        os.set_blocking(worker, False)
        with pytest.raises(BlockingIOError):
            os.read(worker, 1)  # nothing to read before the names
        assert not channel.sent
        channel.send(["add_values@0123456789abcdef", "tanh_zero@fedcba9876543210"])
        assert channel.sent
        assert os.read(worker, 100) == b"add_values@0123456789abcdef,tanh_zero@fedcba9876543210\n"
        assert os.read(worker, 1) == b""  # then the pipe's end
    finally:
        channel.close()
        os.close(worker)


def test_a_names_pipe_the_submission_filled_is_refused_not_waited_for():
    channel = late_names.PipedNames()
    try:
        worker = os.dup(channel.names)
        channel.started()
        filler = os.open(f"/proc/self/fd/{worker}", os.O_WRONLY)  # a write end opened again, as FORGE does
        os.set_blocking(filler, False)
        try:
            while True:
                os.write(filler, b"x" * 4096)
        except BlockingIOError:
            pass  # the pipe is full
        with pytest.raises(late_names.NamesRefused, match="^their pipe could not be written: Resource temporarily "
                                                          "unavailable$"):
            channel.send(["add_values@0123456789abcdef"])
        assert not channel.sent  # the worker never reads a line that was not written whole
        os.close(filler)
    finally:
        channel.close()
        os.close(worker)

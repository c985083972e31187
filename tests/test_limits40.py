"""Session 40 (limits40): an exception with which Python says the student's code reached a limit of the sandbox (a
MemoryError at the address-space limit, a fork refused with BlockingIOError EAGAIN at the process limit, a thread
refused, a file written past the file-size limit: OSError EFBIG, too many files open: OSError EMFILE) is said as what
happened and what to do, with the limit's fields (`limit`, `limit_value`, `limit_unit`) in the probe's message
record, on every surface that shows a test's words; before, each read as a generic "your engine raised ..." The
worker reports which limit as a fact of the exception (`ran_out`), from its type and number, never from its text, and
also for an exception raised while handling one (a MemoryError caught and raised again as a ValueError). No row's
status or score moves: these are a probe's own errors, and the worker lives on.

The grader reads one signal number the same way everywhere (limit_hit.signal_of)."""

import errno
import functools
import os
import re
import types
from pathlib import Path

import pytest
from costs import slow_fixture
from endings_support import portable_path
from hostile_support import needs_bwrap, sandbox_worker_module
from suite_facts import full_marks

from grader.i18n import translator
from grader.observe.protocol import ProtocolError, parse_event
from grader.sandbox import Limits
from grader.sandbox import raised
from grader.sandbox.limit_hit import ran_out, signal_of
from grader.sandbox.pipes import ran_out_text

LIMITS = Limits(probe_seconds=1, import_seconds=5, submission_seconds=20, memory_mb=512)
ROOT_BOX = types.SimpleNamespace(limits=LIMITS, is_root=True, cgroups=None)  # RLIMIT_NPROC on the slot's uid
PIDS_BOX = types.SimpleNamespace(limits=LIMITS, is_root=False,  # the slot cgroup's pids.max
                                 cgroups=types.SimpleNamespace(controllers=["cpu", "pids"]))
NO_LIMIT_BOX = types.SimpleNamespace(limits=LIMITS, is_root=False, cgroups=None)  # a user's sandbox without pids
PORTABLE_BOX = types.SimpleNamespace(limits=LIMITS)  # the portable worker: no process limit

# the words, each written out (a test of the words must not read them from the code it tests)
MEMORY = ("Python ran out of memory at the memory limit (512 MiB for each process of your code): usually the graph "
          "grows with each call, a list kept across calls (at module level, or a default argument) holds every "
          "`Value` made, or one list is made far too large (`[0] * n`); keep nothing of one call once it returns")
FORKS = ("the system refused to start another process: your code started too many processes (the limit is 64 "
         "processes and threads for all of your code); an engine needs none: remove the code that starts them "
         "(`os.fork`, `subprocess`, `multiprocessing`)")
THREADS = ("the system refused to start another thread: your code started too many threads (the limit is 64 processes "
           "and threads for all of your code); an engine needs none: remove the code that starts them (`threading`, "
           "`concurrent.futures`)")
FILE_SIZE = ("a file your code wrote grew past the file-size limit (64 MiB for each file); an engine needs to write no "
             "file: remove the code that writes it, or write less")
OPEN_FILES = ("your code held too many files open at once (the limit is 64 open files and pipes for each process): "
              "close each file it opens (`with open(...) as f:`); an engine needs none, and `multiprocessing` opens "
              "pipes for each process it starts")
EAGAIN = "BlockingIOError: [Errno 11] Resource temporarily unavailable"


def _ran_out(make, submission_dir="/sandbox"):
    """The worker's `ran_out` fact of the exception `make()` raises, as the worker reads it (sandbox/worker.py)."""
    try:
        make()
    except BaseException as exc:
        worker = sandbox_worker_module()
        return raised.facts(exc, submission_dir, None, worker._text, worker._type_name).get("ran_out")
    raise AssertionError("nothing raised")


def _raise(exc):
    def make():
        raise exc
    return make


def _again_as_value_error(exc, hide):
    """`exc` caught and raised again as a ValueError (`from None`: the context hidden from the traceback, still set)."""
    def make():
        try:
            raise exc
        except type(exc):
            if hide:
                raise ValueError("the engine is too big") from None
            raise ValueError("the engine is too big")
    return make


class OwnMemoryError(MemoryError):
    """A submission's own subclass: not Python's word that memory ran out."""


def test_the_worker_reads_which_limit_from_the_exceptions_type_and_number():
    assert _ran_out(_raise(MemoryError())) == "memory"
    assert _ran_out(_refused_fork) == "processes"
    assert _ran_out(_raise(RuntimeError("can't start new thread"))) == "threads"  # CPython 3.8-3.12
    assert _ran_out(_raise(RuntimeError("can't create new thread"))) == "threads"  # 3.13
    assert _ran_out(_raise(OSError(errno.EFBIG, "File too large"))) == "file-size"
    assert _ran_out(_raise(OSError(errno.EMFILE, "Too many open files"))) == "open-files"
    # raised while handling one, with the context shown or hidden (`from None`), or as its cause
    assert _ran_out(_again_as_value_error(MemoryError(), hide=False)) == "memory"
    assert _ran_out(_again_as_value_error(MemoryError(), hide=True)) == "memory"

    def fork_again():
        try:
            _refused_fork()
        except BlockingIOError:
            raise ValueError("no worker") from None
    assert _ran_out(fork_again) == "processes"

    def caused():
        raise KeyError("k") from RuntimeError("can't start new thread")
    assert _ran_out(caused) == "threads"
    # /tmp full: the sandbox's tmpfs of --file-size MiB (session 42: it was none of the limits, tests/test_redteam42.py)
    assert _ran_out(_raise(OSError(errno.ENOSPC, "No space left on device"))) == "disk-space"
    # none of the limits
    assert _ran_out(_raise(BlockingIOError(errno.EBADF, "x"))) is None
    assert _ran_out(_raise(RuntimeError("can't start new thread", "twice"))) is None
    assert _ran_out(_raise(RuntimeError("something else"))) is None
    assert _ran_out(_raise(OwnMemoryError())) is None
    assert _ran_out(_raise(ValueError("plain"))) is None
    assert _ran_out(_raise(RecursionError("maximum recursion depth exceeded"))) is None


def _would_block():
    """A real BlockingIOError EAGAIN from the C code of os.read: a pipe set non-blocking, read while empty."""
    read, _write = os.pipe()  # both ends left open: with no writer left, the read would say the end (b"")
    os.set_blocking(read, False)
    return functools.partial(os.read, read, 10)


def _refused_fork():
    """EAGAIN raised by C code on a line that calls a `fork` (as `os.fork()` says it at the process limit; a real
    refused fork needs the sandbox: test_grade_run_... below)."""
    os_ = types.SimpleNamespace(fork=_would_block())
    os_.fork()


def test_eagain_is_a_refused_fork_only_from_a_fork_and_a_students_raise_is_no_limit():
    # a read or receive that would block (a pipe, a socket set non-blocking): the plain exception, no limit
    read = _would_block()

    def pipe():
        read()

    def socket_():
        import socket
        one, other = socket.socketpair()
        with one, other:
            one.setblocking(False)
            one.recv(10)
    assert _ran_out(pipe) is None and _ran_out(socket_) is None
    # a limit's exception the student raises with a `raise` statement in their own file says no limit; Python's
    # own at that limit, or one raised again by a bare `raise`, still does
    here = str(Path(__file__).parent)

    def own():
        raise MemoryError("too big")

    def again():
        try:
            [0] * 10**17
        except MemoryError:
            raise

    def own_file_size():
        raise OSError(errno.EFBIG, "File too large")
    assert _ran_out(own, here) is None and _ran_out(own_file_size, here) is None
    assert _ran_out(lambda: [0] * 10**17, here) == "memory" and _ran_out(again, here) == "memory"
    assert _ran_out(own) == "memory"  # raised outside the student's files (here, /sandbox): Python's word stands

    def own_wordless():
        raise MemoryError
    assert _ran_out(own_wordless, here) == "memory"  # left (docs/security.md): wordless, as the interpreter's is


def test_the_observer_takes_the_fact_only_as_one_of_its_names():
    facts = {"raised_in": "Value.backward", "entered": "Value.backward", "name": None, "owner": None,
             "operator": None, "missing": []}
    line = ('{"event":"result","probe":"p","status":"error","error":"MemoryError","exception":"MemoryError",'
            '"where":null,"facts":%s}')

    def parsed(extra):
        import json
        return parse_event((line % json.dumps({**facts, **extra})).encode(), "p")["facts"]

    assert parsed({"ran_out": "memory"}) == {**facts, "ran_out": "memory"}
    assert parsed({}) == facts
    for bad in ("disk", 1, ["memory"], None):
        with pytest.raises(ProtocolError, match="bad exception facts"):
            parsed({"ran_out": bad})


def test_which_limit_as_data_by_what_this_sandbox_sets():
    assert ran_out("memory", PORTABLE_BOX) == {"kind": "address-space", "value": 512, "unit": "MiB"}
    assert ran_out("file-size", ROOT_BOX) == {"kind": "file-size", "value": 64, "unit": "MiB"}
    assert ran_out("open-files", PORTABLE_BOX) == {"kind": "open-files", "value": 64, "unit": "files"}
    counted = {"kind": "processes", "value": 64, "unit": "processes"}
    assert [ran_out(kind, box) for kind in ("processes", "threads") for box in (ROOT_BOX, PIDS_BOX)] == [counted] * 4
    # no process limit of the grader's here: the system's own refused it, and no value is claimed
    unset = {"kind": "processes", "value": None, "unit": None}
    assert [ran_out(kind, box) for kind in ("processes", "threads") for box in (NO_LIMIT_BOX, PORTABLE_BOX)] == (
        [unset] * 4)


def _said(kind, error, exception, box):
    said = ran_out_text(kind, error, exception, ran_out(kind, box))
    return str(said), {k: v for k, v in said.params.items() if k.startswith("limit")}


def test_each_limit_is_said_with_what_happened_and_what_to_do():
    memory = {"limit": "address-space", "limit_value": 512, "limit_unit": "MiB"}
    processes = {"limit": "processes", "limit_value": 64, "limit_unit": "processes"}
    assert _said("memory", "MemoryError", "MemoryError", ROOT_BOX) == (f"MemoryError, because {MEMORY}", memory)
    assert _said("memory", "ValueError: the engine is too big", "ValueError", ROOT_BOX) == (
        f"ValueError: the engine is too big, raised while handling a MemoryError, because {MEMORY}", memory)
    assert _said("processes", EAGAIN, "BlockingIOError", ROOT_BOX) == (f"{EAGAIN}, because {FORKS}", processes)
    assert _said("threads", "RuntimeError: can't start new thread", "RuntimeError", PIDS_BOX) == (
        f"RuntimeError: can't start new thread, because {THREADS}", processes)
    assert _said("file-size", "OSError: [Errno 27] File too large", "OSError", ROOT_BOX) == (
        f"OSError: [Errno 27] File too large, because {FILE_SIZE}",
        {"limit": "file-size", "limit_value": 64, "limit_unit": "MiB"})
    assert _said("open-files", "OSError: [Errno 24] Too many open files", "OSError", ROOT_BOX) == (
        f"OSError: [Errno 24] Too many open files, because {OPEN_FILES}",
        {"limit": "open-files", "limit_value": 64, "limit_unit": "files"})
    # no process limit of the grader's: no number is claimed
    unset = {"limit": "processes", "limit_value": None, "limit_unit": None}
    assert _said("processes", EAGAIN, "BlockingIOError", PORTABLE_BOX) == (
        f"{EAGAIN}, because the system refused to start another process: your code started too many processes; an "
        "engine needs none: remove the code that starts them (`os.fork`, `subprocess`, `multiprocessing`)", unset)
    assert _said("threads", "RuntimeError: can't start new thread", "RuntimeError", NO_LIMIT_BOX) == (
        "RuntimeError: can't start new thread, because the system refused to start another thread: your code started "
        "too many threads; an engine needs none: remove the code that starts them (`threading`, "
        "`concurrent.futures`)", unset)
    # in the course's words (../shared/glossary.md: граф вычислений, 计算图); code and numbers as they are
    said = ran_out_text("memory", "MemoryError", "MemoryError", ran_out("memory", ROOT_BOX))
    assert translator("ru").render(said) == (
        "MemoryError, потому что Python исчерпал память на пределе памяти (512 МиБ на каждый процесс вашего кода): "
        "обычно граф вычислений растёт с каждым вызовом, список, который хранится между вызовами (на уровне модуля "
        "или как аргумент по умолчанию), держит каждый созданный `Value`, или один список создаётся слишком большим "
        "(`[0] * n`); не храните ничего от вызова после того, как он вернул результат")
    said = ran_out_text("processes", EAGAIN, "BlockingIOError", ran_out("processes", ROOT_BOX))
    assert translator("zh").render(said) == (
        f"{EAGAIN}，原因是系统拒绝再启动一个进程：你的代码启动了太多进程（限制是你的全部代码合计 64 个进程和线程）；"
        "引擎不需要任何进程：请删除启动它们的代码（`os.fork`、`subprocess`、`multiprocessing`）")


def test_one_reading_of_a_return_code():
    # bubblewrap reports a signal as 128 + its number, Python's subprocess as minus it; an exit is no signal
    assert [signal_of(code) for code in (None, 0, 1, 128, 137, -9, -24, 128 + 25, -11)] == [
        (None, None), (None, None), (None, None), (None, None), (9, "SIGKILL"), (9, "SIGKILL"), (24, "SIGXCPU"),
        (25, "SIGXFSZ"), (11, "SIGSEGV")]
    assert signal_of(-99) == (99, None)  # a number Python does not name (above SIGRTMAX)


# -- hostile and clumsy samples of this session's own, graded whole in the sandbox -------------------------------------

ROOT = Path(__file__).resolve().parents[1]
CORRECT = ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py"


def _in_backward(body, before=""):
    """A correct engine whose backward() first runs `body`."""
    return (before + "_bw = Value.backward\ndef _b(self):\n" + body + "    return _bw(self)\nValue.backward = _b\n")


HOSTILE = {
    # memory: a list kept across calls grown in Python, one bytes object, `[0] * 10**10`, a grab by recursion (each
    # frame holds 64 MiB; bytes, not bytearray: untouched pages, cheap under load), at import; and a MemoryError caught
    # and raised again as another error, its context hidden (`from None`)
    "mem-list": _in_backward("    while True:\n        _kept.append([0] * 100000)\n", "_kept = []\n"),
    "mem-bytes": _in_backward("    _x = bytes(1 << 40)\n"),
    "mem-multiply": _in_backward("    _x = [0] * 10**10\n"),
    "mem-recursion": _in_backward("    _r([])\n", "def _r(acc):\n    return _r(acc + [bytes(64 << 20)])\n"),
    "mem-reraise": _in_backward("    try:\n        _x = [0] * 10**10\n    except MemoryError:\n"
                                "        raise ValueError('the engine is too big') from None\n"),
    "mem-import": "_table = [0] * 10**10\n",
    # a fork storm by os.fork (each child sleeps), by subprocess, by multiprocessing (whose pipes meet --open-files
    # before its processes meet --processes); a thread storm; files held open; an honest 80 MiB log
    "fork-os": _in_backward("    while True:\n        if _os.fork() == 0:\n            _t.sleep(60)\n"
                            "            _os._exit(0)\n", "import os as _os, time as _t\n"),
    "fork-subprocess": _in_backward("    while True:\n        _sp.Popen([_sys.executable, '-c', 'import time; "
                                    "time.sleep(60)'])\n", "import subprocess as _sp, sys as _sys\n"),
    "fork-mp": _in_backward("    while True:\n        _mp.Process(target=_t.sleep, args=(60,), daemon=True).start()\n",
                            "import multiprocessing as _mp, time as _t\n"),
    "threads": _in_backward("    while True:\n        _th.Thread(target=_t.sleep, args=(60,), daemon=True).start()\n",
                            "import threading as _th, time as _t\n"),
    "open-files": _in_backward("    while True:\n        _held.append(open(__file__))\n", "_held = []\n"),
    "file-80mib": _in_backward("    with open(_tf.gettempdir() + '/log.bin', 'wb') as f:\n        for _ in range(80):\n"
                               "            f.write(b'x' * (1 << 20))\n", "import tempfile as _tf\n"),
    # no limit: a read of an empty pipe and writes into a full one, each set non-blocking (EAGAIN, as a refused fork
    # says; the sandbox refuses sockets), and a MemoryError the student raises with a `raise` statement of their own
    "eagain-read": _in_backward("    _r, _w = _os.pipe()\n    try:\n        _os.set_blocking(_r, False)\n"
                                "        _os.read(_r, 1)\n    finally:\n        _os.close(_r), _os.close(_w)\n",
                                "import os as _os\n"),
    "eagain-write": _in_backward("    _r, _w = _os.pipe()\n    try:\n        _os.set_blocking(_w, False)\n"
                                 "        while True:\n            _os.write(_w, bytes(1 << 16))\n    finally:\n"
                                 "        _os.close(_r), _os.close(_w)\n", "import os as _os\n"),
    "own-memory": _in_backward("    raise MemoryError('too big')\n"),
}
ADDRESS_SPACE = {"limit": "address-space", "limit_value": 512, "limit_unit": "MiB"}
PROCESSES = {"limit": "processes", "limit_value": 64, "limit_unit": "processes"}
OPEN = {"limit": "open-files", "limit_value": 64, "limit_unit": "files"}
FILE = {"limit": "file-size", "limit_value": 64, "limit_unit": "MiB"}


def _class(folder):
    folder.mkdir()
    (folder / "honest.py").write_text(CORRECT.read_text(encoding="utf-8"), encoding="utf-8")
    for name, attack in HOSTILE.items():
        (folder / f"{name}.py").write_text(CORRECT.read_text(encoding="utf-8") + "\n\n" + attack, encoding="utf-8")
    return folder


_RAISED = re.compile(r"your engine raised (.*?)(?: \([\w-]+\.py, line \d+, in \w+\))?(?: \(\d+ of \d+ [^()]*\))?$")


def _limits_in(record):
    """Every limit's fields in a message record and the records it holds, as (kind, value, unit)."""
    found = set()
    if isinstance(record, dict):
        params = record.get("params") or {}
        if "limit" in params:
            found.add((params["limit"], params.get("limit_value"), params.get("limit_unit")))
        for value in params.values():
            found |= _limits_in(value)
    return found


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    from grader.pipeline import grade

    folder = _class(tmp_path_factory.mktemp("limits40") / "class")
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2)
    assert result.sandbox == "bubblewrap"
    return folder, {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.slow
@needs_bwrap
def test_grade_run_says_which_limit_each_exception_met_and_keeps_status_and_score(graded):
    _, rows = graded
    said = {}
    for sid, row in rows.items():
        errors = [t for t in row["tests"] if t["status"] == "error"]
        firsts = [t["output"].splitlines()[0] for t in errors]
        # a worker whose student code filled memory (a list kept across calls, a thread storm's stacks: 8 MiB each, up
        # to 64 in 512 MiB) still reports: the address space it keeps in reserve is given back before it reports
        # (sandbox/worker.py _spare); before, such a worker sometimes exited, "the worker exited with status 1"
        words = {_RAISED.search(line).group(1) for line in firsts}
        limits = set().union(*(_limits_in(t.get("output_message")) for t in errors))
        row_limit = {k: v for k, v in (row.get("message_data") or {}).get("params", {}).items() if k.startswith("limit")}
        said[sid] = (row["status"], row["score"], row_limit, words, limits)
    memory = ({f"MemoryError, because {MEMORY}"}, {tuple(ADDRESS_SPACE.values())})
    forks = ({f"{EAGAIN}, because {FORKS}"}, {tuple(PROCESSES.values())})
    # the scores and statuses of session 39's code, measured on the same class (no row's moves)
    assert said == {
        "honest": ("graded", full_marks("engine"), {}, set(), set()),
        "mem-list": ("graded", 2.0, {}, *memory),
        "mem-bytes": ("graded", 2.0, {}, *memory),
        "mem-multiply": ("graded", 2.0, {}, *memory),
        "mem-recursion": ("graded", 2.0, {}, *memory),
        "mem-reraise": ("graded", 2.0, {}, {f"ValueError: the engine is too big, raised while handling a MemoryError, "
                                            f"because {MEMORY}"}, memory[1]),
        "mem-import": ("graded", 0.0, {}, set(), set()),  # the import test fails, said below
        "fork-os": ("graded", 2.0, {}, *forks),
        "fork-subprocess": ("graded", 2.0, {}, *forks),
        "fork-mp": ("graded", 2.0, {}, {f"OSError: [Errno 24] Too many open files, because {OPEN_FILES}"},
                    {tuple(OPEN.values())}),
        # the storm's stacks leave too little memory for the 10,000-node chain (backward/deep-chain, below)
        "threads": ("graded", 2.0, {}, {f"RuntimeError: can't start new thread, because {THREADS}", *memory[0]},
                    {tuple(PROCESSES.values()), *memory[1]}),
        "open-files": ("graded", 2.0, {}, {f"OSError: [Errno 24] Too many open files: '/sandbox/engine.py', because "
                                           f"{OPEN_FILES}"}, {tuple(OPEN.values())}),
        "file-80mib": ("graded", 2.0, {}, {f"OSError: [Errno 27] File too large, because {FILE_SIZE}"},
                       {tuple(FILE.values())}),
        "eagain-read": ("graded", 2.0, {}, {EAGAIN}, set()),
        "eagain-write": ("graded", 2.0, {}, {EAGAIN}, set()),
        "own-memory": ("graded", 2.0, {}, {"MemoryError: too big"}, set()),
    }
    chain = next(t for t in rows["threads"]["tests"] if t["name"] == "backward/deep-chain")
    assert chain["output"].endswith(f": your engine raised MemoryError, because {MEMORY}"), chain["output"]
    # at import: the import test says it, with the limit as data; the row keeps the student's exception and its place
    imported = next(t for t in rows["mem-import"]["tests"] if t["status"] == "failed")
    assert imported["output"] == (f"mem-import.py could not be used: MemoryError, because {MEMORY} (mem-import.py, "
                                  "line 139). Every other test was skipped.")
    assert _limits_in(imported["output_message"]) == memory[1]
    assert rows["mem-import"]["message"] == "MemoryError (mem-import.py, line 139)"


MEMORY_RU = ("MemoryError, потому что Python исчерпал память на пределе памяти (512 МиБ на каждый процесс вашего кода): "
             "обычно граф вычислений растёт с каждым вызовом, список, который хранится между вызовами (на уровне модуля "
             "или как аргумент по умолчанию), держит каждый созданный `Value`, или один список создаётся слишком "
             "большим (`[0] * n`); не храните ничего от вызова после того, как он вернул результат")


@pytest.mark.slow
@pytest.mark.parametrize("where", ["sandbox", "portable"])
def test_grade_check_says_the_same_in_the_students_language(where, tmp_path, monkeypatch):
    """What `grade check` (and a notebook's check(), which prints the same) says of a MemoryError, in Russian: the
    portable worker sets the address-space limit itself (Linux), so it says the same limit."""
    from grader.classroom.student_check import check

    engine = tmp_path / "mem-bytes.py"
    engine.write_text(CORRECT.read_text(encoding="utf-8") + "\n\n" + HOSTILE["mem-bytes"], encoding="utf-8")
    if where == "portable":
        monkeypatch.setenv("PATH", portable_path(tmp_path))
    result = check(engine, "engine", limits=LIMITS, lang="ru")
    line = next(line for line in str(result).splitlines() if line.startswith("FAIL  add/values "))
    assert line.split(None, 2)[2] == (f"y = a + b при a = 2, b = -3: ваш движок выбросил исключение {MEMORY_RU} "
                                      "(mem-bytes.py, строка 141, в _b)")
    errors = [t for t in result.tests if t["status"] == "error"]
    assert errors and set().union(*(_limits_in(t.get("output_message")) for t in errors)) == {
        tuple(ADDRESS_SPACE.values())}


@pytest.mark.slow
def test_grade_check_says_the_plain_exception_of_a_read_that_would_block_and_of_a_students_own_raise(tmp_path):
    """`grade check` in Chinese and Russian: a non-blocking pipe's EAGAIN and a MemoryError the student raises are said as
    the exceptions they are, with no limit's words nor fields (before: "the system refused to start another process",
    "Python ran out of memory")."""
    from grader.classroom.student_check import check

    said = {}
    for name, lang in (("eagain-read", "zh"), ("own-memory", "ru")):
        engine = tmp_path / f"{name}.py"
        engine.write_text(CORRECT.read_text(encoding="utf-8") + "\n\n" + HOSTILE[name], encoding="utf-8")
        result = check(engine, "engine", limits=LIMITS, lang=lang)
        line = next(line for line in str(result).splitlines() if line.startswith("FAIL  add/values "))
        errors = [t for t in result.tests if t["status"] == "error"]
        said[name] = (line.split(None, 2)[2], bool(errors), set().union(*(_limits_in(t.get("output_message"))
                                                                          for t in errors)))
    assert said == {
        "eagain-read": (f"a = 2, b = -3 时的 y = a + b：你的引擎抛出了 {EAGAIN}（eagain-read.py，第 145 行，在 _b 中）",
                        True, set()),
        "own-memory": ("y = a + b при a = 2, b = -3: ваш движок выбросил исключение MemoryError: too big (own-memory.py, "
                       "строка 141, в _b)", True, set()),
    }

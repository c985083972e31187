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
import types

import pytest

from grader.i18n import translator
from grader.observe.protocol import ProtocolError, parse_event
from grader.sandbox import Limits
from grader.sandbox import worker
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


def _ran_out(make):
    """The worker's `ran_out` fact of the exception `make()` raises, as the worker reads it (sandbox/worker.py)."""
    try:
        make()
    except BaseException as exc:
        return worker._facts(exc, "/sandbox").get("ran_out")
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
    assert _ran_out(_raise(BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable"))) == "processes"
    assert _ran_out(_raise(RuntimeError("can't start new thread"))) == "threads"  # CPython 3.8-3.12
    assert _ran_out(_raise(RuntimeError("can't create new thread"))) == "threads"  # 3.13
    assert _ran_out(_raise(OSError(errno.EFBIG, "File too large"))) == "file-size"
    assert _ran_out(_raise(OSError(errno.EMFILE, "Too many open files"))) == "open-files"
    # raised while handling one, with the context shown or hidden (`from None`), or as its cause
    assert _ran_out(_again_as_value_error(MemoryError(), hide=False)) == "memory"
    assert _ran_out(_again_as_value_error(MemoryError(), hide=True)) == "memory"
    assert _ran_out(_again_as_value_error(BlockingIOError(errno.EAGAIN, "x"), hide=True)) == "processes"

    def caused():
        raise KeyError("k") from RuntimeError("can't start new thread")
    assert _ran_out(caused) == "threads"
    # none of the limits
    assert _ran_out(_raise(OSError(errno.ENOSPC, "No space left on device"))) is None
    assert _ran_out(_raise(BlockingIOError(errno.EBADF, "x"))) is None
    assert _ran_out(_raise(RuntimeError("can't start new thread", "twice"))) is None
    assert _ran_out(_raise(RuntimeError("something else"))) is None
    assert _ran_out(_raise(OwnMemoryError())) is None
    assert _ran_out(_raise(ValueError("plain"))) is None
    assert _ran_out(_raise(RecursionError("maximum recursion depth exceeded"))) is None


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

"""Session 39 (limits39): which limit ended a student's code, as a field of the row (`limit`, `limit_value`,
`limit_unit` in its message_data: sandbox/limit_hit.py) and in words that say what usually causes it and what to do.
What the kernel counted decides, never a guess: a SIGKILL is the memory limit's only where the slot's cgroup counted
an out-of-memory kill at its memory.max, and the submission's own only where the cgroup counts them and counted none.
Hostile samples of this session's own through `grade run` and `grade check` (the Linux sandbox and the portable
worker)."""

import dataclasses
import re
import types
from pathlib import Path

import pytest
from costs import slow_fixture
from endings_support import (forged_xfsz, killed_unknown, loops, out_of_cpu, out_of_memory, portable_path,
                             restarts, sent_itself, xcpu_unknown)
from hostile_support import needs_bwrap
from suite_facts import full_marks

from grader.i18n import translator
from grader.sandbox import Limits, open_sandbox
from grader.sandbox.accounting import Usage
from grader.sandbox.limit_hit import limit_events, limit_hit, timed_out
from grader.sandbox.pipes import signal_text

ROOT = Path(__file__).resolve().parents[1]
CORRECT = ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py"
LIMITS = Limits(probe_seconds=1, import_seconds=5, submission_seconds=20, memory_mb=512)
# the graded batch's and the sandbox's grade check's: a probe limit of 0.5 s (as test_redteam41's), since the two loops
# spin until three probes in a row run out of it (at 1 s, 1.5 s of CPU more for each). The portable worker's grade
# check keeps LIMITS' 1 s: its limit is the wall clock's, which a loaded machine stretches
SANDBOX_LIMITS = dataclasses.replace(LIMITS, probe_seconds=0.5)
TIME = {"limit": "time", "limit_value": 0.5, "limit_unit": "s"}
COUNTED = {"oom": 0, "oom_kill": 0, "pids_max": 0}  # a cgroup with the memory and pids controllers, before
UNCOUNTED = {"oom": None, "oom_kill": None, "pids_max": None}  # none (cgroup v1, the portable worker)


def test_a_sigkill_is_the_memory_limits_only_where_the_cgroup_counted_an_oom_kill_at_its_bound():
    memory = {"kind": "memory", "value": 512 + 64, "unit": "MiB"}  # memory.py: memory.max is --memory + --file-size
    assert limit_hit(-9, COUNTED, dict(COUNTED, oom=1, oom_kill=1), LIMITS) == (memory, False)
    assert limit_hit(128 + 9, COUNTED, dict(COUNTED, oom=1, oom_kill=1), LIMITS) == (memory, False)  # bwrap's way
    # the machine's OOM killer, not the slot's bound: counted as a kill, not as the cgroup's own `oom`
    assert limit_hit(-9, COUNTED, dict(COUNTED, oom_kill=1), LIMITS) == (
        {"kind": "machine-memory", "value": None, "unit": None}, False)
    # counted none: the submission sent it (os.kill(os.getpid(), 9)); an earlier worker's kill in the slot is not this
    assert limit_hit(-9, COUNTED, COUNTED, LIMITS) == (None, True)
    assert limit_hit(-9, dict(COUNTED, oom=2, oom_kill=2), dict(COUNTED, oom=2, oom_kill=2), LIMITS) == (None, True)
    assert limit_hit(-9, UNCOUNTED, UNCOUNTED, LIMITS) == (None, False)  # no count: cannot tell


def test_a_sigxcpu_is_the_cpu_limits_only_where_the_worker_used_that_much():
    cpu = {"kind": "cpu-time", "value": 25, "unit": "s"}  # Limits.cpu_seconds(): RLIMIT_CPU, the submission's + 5
    assert limit_hit(-24, UNCOUNTED, UNCOUNTED, LIMITS, Usage(25.2, 0.0)) == (cpu, False)
    # RLIMIT_CPU is per process: the worker, all its processes, used less, so no process reached it
    assert limit_hit(-24, UNCOUNTED, UNCOUNTED, LIMITS, Usage(0.4, 0.0)) == (None, True)
    # within CPU_MARGIN (1 s) of the limit: what ran before the first reading may be missing, so the limit's
    assert limit_hit(-24, UNCOUNTED, UNCOUNTED, LIMITS, Usage(24.5, 0.0)) == (cpu, False)
    assert limit_hit(-24, UNCOUNTED, UNCOUNTED, LIMITS, Usage(23.9, 0.0)) == (None, True)
    # no cgroup's count (observe/attempt.py passes none: the /proc reading may be old): cannot tell
    assert limit_hit(-24, UNCOUNTED, UNCOUNTED, LIMITS, None) == (None, False)
    # the portable worker's wall clock is no CPU time (threads on two cores spend more): cannot tell
    assert limit_hit(-24, UNCOUNTED, UNCOUNTED, LIMITS, Usage(0.4, 0.0, cpu_measured=False)) == (None, False)
    assert limit_hit(-24, UNCOUNTED, UNCOUNTED, LIMITS, Usage(30.0, 0.0, cpu_measured=False)) == (None, False)


def test_the_other_ends_and_the_timeouts():
    # a SIGXFSZ is no limit's (Python ignores it: an honest overrun is an OSError), whatever was counted
    assert limit_hit(-25, UNCOUNTED, UNCOUNTED, LIMITS) == (None, False)
    assert limit_hit(128 + 25, COUNTED, COUNTED, LIMITS, Usage(0.4, 0.0)) == (None, False)
    # a fork refused at pids.max, then the worker died of what it did about it
    assert limit_hit(1, COUNTED, dict(COUNTED, pids_max=3), LIMITS) == (
        {"kind": "processes", "value": 64, "unit": "processes"}, False)
    assert limit_hit(1, COUNTED, COUNTED, LIMITS) == (None, False)
    assert limit_hit(-11, COUNTED, COUNTED, LIMITS) == (None, False)  # a segfault is no limit
    assert [timed_out(end, LIMITS) for end in ("probe-timeout", "import-timeout", "total-timeout", "died")] == [
        {"kind": "time", "value": 1, "unit": "s"}, {"kind": "time", "value": 5, "unit": "s"},
        {"kind": "time", "value": 20, "unit": "s"}, None]


def test_the_counts_are_read_from_the_slots_cgroup(tmp_path):
    (tmp_path / "slot-0").mkdir()
    (tmp_path / "slot-0" / "memory.events").write_text("low 0\nhigh 0\nmax 12\noom 2\noom_kill 1\noom_group_kill 1\n")
    (tmp_path / "slot-0" / "pids.events").write_text("max 7\n")
    (tmp_path / "slot-1").mkdir()  # a cgroup without the memory and pids controllers

    def slot_folder(slot):
        if slot == 2:
            raise OSError("the cgroup of slot 2 is gone and cannot be made again")
        return str(tmp_path / f"slot-{slot}")

    sandbox = types.SimpleNamespace(cgroups=types.SimpleNamespace(slot_folder=slot_folder))
    assert limit_events(sandbox, 0) == {"oom": 2, "oom_kill": 1, "pids_max": 7}  # `oom`, not `oom_kill`'s prefix
    assert limit_events(sandbox, 1) == UNCOUNTED
    assert limit_events(sandbox, 2) == UNCOUNTED
    assert limit_events(types.SimpleNamespace(cgroups=None), 0) == UNCOUNTED  # no cgroup v2: the process tree's
    assert limit_events(types.SimpleNamespace(), 0) == UNCOUNTED  # the portable worker


def test_each_end_is_said_with_its_limit_and_what_to_do():
    memory = {"kind": "memory", "value": 576, "unit": "MiB"}
    assert str(signal_text(-9, memory)) == out_of_memory(576)
    assert str(signal_text(-9, None, True)) == sent_itself("SIGKILL")
    assert str(signal_text(-9)) == killed_unknown()
    assert str(signal_text(-24, {"kind": "cpu-time", "value": 25, "unit": "s"})) == out_of_cpu(25)
    assert str(signal_text(-24, None, True)) == sent_itself("SIGXCPU")
    assert str(signal_text(-25)) == forged_xfsz()
    assert str(signal_text(-24)) == xcpu_unknown()
    assert str(signal_text(-9, {"kind": "machine-memory", "value": None, "unit": None})) == (
        "the worker was killed by SIGKILL: this machine ran out of memory while it ran, under its own limit (the "
        "worker is the first process the kernel kills then); if it happens again, look for a graph or a list that "
        "grows with each call")
    # in the course's words (../shared/glossary.md: граф вычислений, 计算图)
    assert translator("ru").render(signal_text(-9, None, True)) == (
        "рабочий процесс убит сигналом SIGKILL, и ни один из пределов грейдера тут ни при чём: этот сигнал послал "
        "процесс самой работы; уберите код, который посылает сигналы (`os.kill`, `os.killpg`, `signal.pthread_kill`)")
    assert translator("zh").render(signal_text(-24, {"kind": "cpu-time", "value": 25, "unit": "s"})) == (
        "工作进程被 SIGXCPU 终止：它用完了 CPU 时间限制（25 秒），通常是由于无限循环（`backward()` 遍历带环的计算图，"
        "或者循环条件永远不变）；请让循环能够结束")


# -- hostile samples, graded whole -------------------------------------------------------------------------------

# each appended to a correct engine: what a student's code does in backward() that a limit (or the student) ends
HOSTILE = {
    "self-kill": "import os as _os\n_bw = Value.backward\ndef _b(self):\n    _os.kill(_os.getpid(), 9)\n"
                 "    return _bw(self)\nValue.backward = _b\n",
    "self-xcpu": "import os as _os, signal as _signal\n_bw = Value.backward\ndef _b(self):\n"
                 "    _os.kill(_os.getpid(), _signal.SIGXCPU)\n    return _bw(self)\nValue.backward = _b\n",
    # an infinite loop in backward's walk: a graph with a cycle (a node its own child) walked with no visited set
    "loop-walk": "_bw = Value.backward\ndef _b(self):\n    children = {id(self): [self]}\n    stack = [self]\n"
                 "    while stack:\n        node = stack.pop()\n        stack.extend(children[id(node)])\n"
                 "    return _bw(self)\nValue.backward = _b\n",
    # a fork whose child returns into the worker's loop beside its parent: the child must not write the worker's
    # report (before limits39 both wrote it, and the run ended `crashed`: "tampered with the grader's report
    # channel"); once, as a fork in every call of a probe that calls backward() often makes 2 ** calls processes
    "fork-return": "import os as _os\n_bw = Value.backward\n_forked = []\ndef _b(self):\n"
                   "    if not _forked:\n        _forked.append(_os.fork())\n    return _bw(self)\n"
                   "Value.backward = _b\n",
    # a list kept across calls, growing until the address-space limit refuses it
    "memory-kept": "_kept = []\n_bw = Value.backward\ndef _b(self):\n    while True:\n"
                   "        _kept.append(bytearray(16 << 20))\n    return _bw(self)\nValue.backward = _b\n",
    # SIGXFSZ sent to itself after restoring its default action (Python ignores it): no file written, so no limit
    "self-xfsz": "import os as _os, signal as _signal\n_bw = Value.backward\ndef _b(self):\n"
                 "    _signal.signal(_signal.SIGXFSZ, _signal.SIG_DFL)\n    _os.kill(_os.getpid(), _signal.SIGXFSZ)\n"
                 "    return _bw(self)\nValue.backward = _b\n",
    # an honest 80 MiB log in backward(), past --file-size (64 MiB): OSError(EFBIG), the probe's own error
    "file-80mib": "import tempfile as _tf\n_bw = Value.backward\ndef _b(self):\n"
                  "    with open(_tf.gettempdir() + '/log.bin', 'wb') as f:\n        for _ in range(80):\n"
                  "            f.write(b'x' * (1 << 20))\n    return _bw(self)\nValue.backward = _b\n",
    # an infinite loop in an op, not in backward(): the row's words name the walk only as one example (the probes
    # that add nothing before the three timeouts keep their points)
    "loop-add": "_add = Value.__add__\ndef _a(self, other):\n    n = 0\n    while n >= 0:\n        n += 1\n"
                "    return _add(self, other)\nValue.__add__ = _a\n",
    # a print in a loop, bounded: the output cap drops it, no limit ends the code
    "print-flood": "_bw = Value.backward\ndef _b(self):\n    for _ in range(2000):\n        print('x' * 1000)\n"
                   "    return _bw(self)\nValue.backward = _b\n",
}


def _class(folder):
    folder.mkdir()
    (folder / "honest.py").write_text(CORRECT.read_text(encoding="utf-8"), encoding="utf-8")
    for name, attack in HOSTILE.items():
        (folder / f"{name}.py").write_text(CORRECT.read_text(encoding="utf-8") + "\n\n" + attack, encoding="utf-8")
    return folder


def _limit(row):
    return {k: v for k, v in (row.get("message_data") or {}).get("params", {}).items() if k.startswith("limit")}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    from grader.pipeline import grade

    folder = _class(tmp_path_factory.mktemp("limits39") / "class")
    result = grade(folder, exercise="engine", limits=SANDBOX_LIMITS, jobs=2)
    assert result.sandbox == "bubblewrap"
    return folder, {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.slow
@needs_bwrap
def test_grade_run_says_which_limit_ended_each_and_keeps_its_status_and_score(graded):
    _, rows = graded
    # What a self-sent SIGKILL or SIGXCPU is said to be depends on what this machine counts (a cgroup v2 memory
    # controller, cgroup CPU accounting), each way tested above on every machine with counts given; here only what
    # holds everywhere: the row's status, score and no limit, and one of the two exact sentences
    either = {"self-kill": {restarts(sent_itself("SIGKILL")), restarts(killed_unknown())},
              "self-xcpu": {restarts(sent_itself("SIGXCPU")), restarts(xcpu_unknown())}}
    for sid, sentences in either.items():
        assert rows[sid]["message"] in sentences, rows[sid]["message"]
    said = {sid: (row["status"], row["score"], row.get("message") if sid not in either else "either", _limit(row))
            for sid, row in rows.items()}
    full = full_marks("engine")
    assert said == {
        "honest": ("graded", full, None, {}),
        "self-kill": ("crashed", 0.0, "either", {}),  # never "the memory limit"
        "self-xcpu": ("crashed", 0.0, "either", {}),
        "self-xfsz": ("crashed", 0.0, restarts(forged_xfsz()), {}),  # never "the file-size limit"
        "file-80mib": ("graded", 2.0, None, {}),
        "loop-walk": ("timeout", 0.0, loops(0.5), TIME),
        "loop-add": ("timeout", 5.3333, loops(0.5), TIME),
        "fork-return": ("graded", full, None, {}),
        "memory-kept": ("graded", 2.0, None, {}),
        "print-flood": ("graded", full, None, {}),
    }
    # the list kept across calls: MemoryError from the address-space limit in every test that calls backward(), a
    # probe's own error (the worker lives on), so no limit of the row's; the 10,000-node chain's too since session 40
    # (shadow40: the worker gives back its reserve before it reports; before, it exited with status 1 there)
    raised = {re.search(r"your engine raised \w+|the worker exited with status \d+", t["output"]).group()
              for t in rows["memory-kept"]["tests"] if t["status"] == "error"}
    assert raised == {"your engine raised MemoryError"}, raised
    # the honest overrun: the kernel's EFBIG in every test that calls backward(), the probe's own error, said with the
    # file-size limit since session 40 (tests/test_limits40.py)
    raised = {re.search(r"your engine raised .*? \(file-80mib\.py, line \d+", t["output"]).group()
              for t in rows["file-80mib"]["tests"] if t["status"] == "error"}
    assert raised == {"your engine raised OSError: [Errno 27] File too large, because a file your code wrote grew past "
                      "the file-size limit (64 MiB for each file); an engine needs to write no file: remove the code "
                      "that writes it, or write less (file-80mib.py, line 144"}, raised
    # each probe that died says the same words as the row's last one
    first = next(t for t in rows["self-xfsz"]["tests"] if t["status"] == "error")
    assert first["output"].endswith(f": {forged_xfsz()}")


@pytest.mark.slow
@pytest.mark.parametrize("where", ["sandbox", "portable"])
def test_grade_check_says_the_same_on_the_sandbox_and_the_portable_worker(graded, where, tmp_path, monkeypatch):
    from grader.classroom.student_check import check

    folder, rows = graded
    if where == "portable":
        monkeypatch.setenv("PATH", portable_path(tmp_path))
    limits = LIMITS if where == "portable" else SANDBOX_LIMITS
    box = open_sandbox(limits)
    box.close()
    assert (box.strength == "portable") == (where == "portable")
    said = {}
    for name in ("self-kill", "loop-walk", "fork-return"):
        result = check(folder / f"{name}.py", "engine", limits=limits, lang="en")
        ended = [note for note in result.notes if note.params.get("workers") or note.params.get("timeouts_in_a_row")]
        said[name] = (result.points, [str(note) for note in ended],
                      [{k: v for k, v in note.params.items() if k.startswith("limit")} for note in ended])
    # the portable worker has no cgroup to count an out-of-memory kill in: it cannot tell, and says so; the sandbox
    # says either, by what this machine counts (both ways tested on every machine above)
    killed = {killed_unknown()} if where == "portable" else {killed_unknown(), sent_itself("SIGKILL")}
    assert said["self-kill"][1][0] in {restarts(k) for k in killed}, said["self-kill"]
    said["self-kill"] = (said["self-kill"][0], ["either"], said["self-kill"][2])
    assert said == {"self-kill": (0.0, ["either"], [{}]),
                    "loop-walk": (0.0, [loops(limits.probe_seconds)], [{**TIME, "limit_value": limits.probe_seconds}]),
                    "fork-return": (said["fork-return"][0], [], [])}
    # the visible tests' points of a correct engine: the fork's child never wrote the worker's report
    assert said["fork-return"][0] == check(CORRECT, "engine", limits=limits, lang="en").points

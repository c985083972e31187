"""Session 40 (forks40): a submission whose processes spin ends as a timeout (its children spend the worker's CPU time
before the parent meets the process limit, or the parent waits for them), and it was told "usually an infinite loop".
At a timeout the grader now counts the worker's live processes before it kills them (the slot cgroup's cgroup.procs,
else /proc: sandbox/limit_hit.live_processes) beyond those the worker had when it said hello, and where the submission
started one or more, says so with the count as a parameter (`processes`) in the row's and the probe's message records,
on every surface that shows a row's words. A plain infinite loop, and threads that spin (no process), keep the loop's
words exactly."""

from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap

from grader.sandbox import Limits

# the probe limit at 0.5 s (as test_redteam41's): each row spins (its children too) until three probes in a row run
# out of it, so a limit of 1 s cost the batch and each grade check 1.5 s of CPU more a row
LIMITS = Limits(probe_seconds=0.5, import_seconds=5, submission_seconds=20, memory_mb=512)
ROOT = Path(__file__).resolve().parents[1]
CORRECT = ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py"


def _in_backward(body, before=""):
    """A correct engine whose backward() first runs `body`."""
    return before + "_bw = Value.backward\ndef _b(self):\n" + body + "    return _bw(self)\nValue.backward = _b\n"


_SPIN = "def _spin(*_):\n    while True:\n        pass\n"
HOSTILE = {
    # three children by os.fork, each spinning, the parent waiting for one
    "fork-spin": _in_backward("    for _ in range(3):\n        if _os.fork() == 0:\n            _spin()\n"
                              "    _os.wait()\n", "import os as _os\n" + _SPIN),
    # a subprocess of `python -c 'while 1: pass'`, waited for
    "subprocess-spin": _in_backward("    _sp.run([_sys.executable, '-c', 'while 1: pass'])\n",
                                    "import subprocess as _sp, sys as _sys\n"),
    # two multiprocessing workers that never end, joined
    "mp-spin": _in_backward("    _ps = [_mp.Process(target=_spin) for _ in range(2)]\n    [p.start() for p in _ps]\n"
                            "    [p.join() for p in _ps]\n", "import multiprocessing as _mp\n" + _SPIN),
    # threads that spin, and a plain loop: no process started, the loop's words
    "threads-spin": _in_backward("    for _ in range(3):\n        _th.Thread(target=_spin, daemon=True).start()\n"
                                 "    _spin()\n", "import threading as _th\n" + _SPIN),
    "loop": _in_backward("    _spin()\n", _SPIN),
}

LOOP = ("3 probes in a row did not finish within 0.5 s each; the rest were not run: usually an infinite loop: in the "
        "walk of `backward()` (a graph with a cycle, or a walk with no set of visited nodes), in an operation such as "
        "`__add__`, or a `while` loop whose condition never changes; stop the loop")
ROW = "3 probes in a row did not finish within 0.5 s each; the rest were not run, because "
STARTED = ("your code started {n} processes that were still running when the time ran out (every process of your code "
           "spends the same time limit); an engine needs none: remove the code that starts them (`os.fork`, "
           "`subprocess`, `multiprocessing`)")
STARTED_ONE = ("your code started 1 process that was still running when the time ran out (every process of your code "
               "spends the same time limit); an engine needs none: remove the code that starts it (`os.fork`, "
               "`subprocess`, `multiprocessing`)")
TIME = {"limit": "time", "limit_value": 0.5, "limit_unit": "s"}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    from grader.pipeline import grade

    folder = tmp_path_factory.mktemp("forks40") / "class"
    folder.mkdir()
    for name, attack in HOSTILE.items():
        (folder / f"{name}.py").write_text(CORRECT.read_text(encoding="utf-8") + "\n\n" + attack, encoding="utf-8")
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2)
    assert result.sandbox == "bubblewrap"
    return {row["id"]: row for row in result.scores["submissions"]}


def _said(row):
    params = (row.get("message_data") or {}).get("params") or {}
    first = next(t for t in row["tests"] if t["status"] == "timeout")
    fields = {k: params[k] for k in ("processes", *TIME) if k in params}
    return row["status"], row["score"], row["message"], fields, first["output"].split(": ", 1)[1]


@pytest.mark.slow
@needs_bwrap
def test_a_timeout_counts_the_processes_the_code_left_running(graded):
    probe = "did not finish within 0.5 s"
    assert {sid: _said(row) for sid, row in graded.items()} == {
        "fork-spin": ("timeout", 0.0, ROW + STARTED.format(n=3), {"processes": 3, **TIME},
                      f"{probe}, because {STARTED.format(n=3)}"),
        "subprocess-spin": ("timeout", 0.0, ROW + STARTED_ONE, {"processes": 1, **TIME}, f"{probe}, because {STARTED_ONE}"),
        "mp-spin": ("timeout", 0.0, ROW + STARTED.format(n=2), {"processes": 2, **TIME},
                    f"{probe}, because {STARTED.format(n=2)}"),
        "threads-spin": ("timeout", 0.0, LOOP, TIME, probe),
        "loop": ("timeout", 0.0, LOOP, TIME, probe),
    }


@pytest.mark.slow
@needs_bwrap
def test_grade_check_says_it_in_the_students_language(tmp_path):
    """`grade check` (and a notebook's check(), which prints the same) in Russian and Chinese."""
    from grader.classroom.student_check import check

    engine = tmp_path / "subprocess-spin.py"
    engine.write_text(CORRECT.read_text(encoding="utf-8") + "\n\n" + HOSTILE["subprocess-spin"], encoding="utf-8")
    said = {}
    for lang in ("ru", "zh"):
        lines = str(check(engine, "engine", limits=LIMITS, lang=lang)).splitlines()
        said[lang] = [next(line for line in lines if line.startswith(f"FAIL  {name} ")).split(None, 2)[2]
                      for name in ("add/values", "mul/constant")]
    assert said == {
        "ru": ["y = a + b при a = 2, b = -3: вычисление не завершилось за 0.5 с, потому что " + STARTED_RU,
               "y = (a * 4) + (4 * a) при a = -1.5 (константа с любой стороны от *): не запускался: 3 пробы подряд не "
               "завершились за 0.5 с каждая; остальные не запускались, потому что " + STARTED_RU],
        "zh": ["a = 2, b = -3 时的 y = a + b：未能在 0.5 秒内完成，原因是" + STARTED_ZH,
               "a = -1.5 时的 y = (a * 4) + (4 * a)（常数在 * 的任一侧）：未运行：连续 3 个探针都未能在各自的 0.5 秒内完成；其余的"
               "未运行，原因是" + STARTED_ZH],
    }


STARTED_RU = ("ваш код запустил 1 процесс, который ещё работал, когда время истекло (все процессы вашего кода расходуют "
              "один и тот же предел времени); движку процессы не нужны: уберите код, который его запускает (`os.fork`, "
              "`subprocess`, `multiprocessing`)")
STARTED_ZH = ("你的代码启动了 1 个进程，时间用完时仍在运行（你的代码的所有进程共用同一个时间限制）；引擎不需要任何进程：请删除启动进程的代码"
              "（`os.fork`、`subprocess`、`multiprocessing`）")


@pytest.mark.slow
@needs_bwrap
def test_grade_ci_says_it_in_the_students_language(graded):
    """`grade ci`'s summary (the job's page) renders the row's message record: the count in Chinese."""
    from grader.integrations.ci import summary_markdown

    text = summary_markdown(graded["subprocess-spin"], threshold=None, lang="zh")
    assert ("连续 3 个探针都未能在各自的 0.5 秒内完成；其余的未运行，原因是" + STARTED_ZH) in text
    assert "无限循环" not in text
    assert "无限循环" in summary_markdown(graded["loop"], threshold=None, lang="zh")

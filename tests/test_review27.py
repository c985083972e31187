"""Session 27's review: what the session's changes opened, each with the sample that showed it.

- An escape's output assigned stays bound (session 27, strangers27: `files = !ls` is `files = []`), but a target
  that unpacks it (`ver, = !python --version`, `[cwd] = !pwd`, `first, *rest = !ls`, `t1, t2 = %time f()`) was
  given the empty list too, and the notebook stopped there, where the student's had run: a correct engine under
  `[cwd] = !pwd` 63/63 -> 0/63 ("ValueError: not enough values to unpack (expected 1, got 0)"). Each name now takes
  one line of what the shell printed (''), or None of a magic's result.
- The lone `.py`/`.ipynb` of a level was read and parsed for a `class Value` (session 27: `setup.py` beside
  `micrograd/engine.py`) before the loader looked for a folder beside it: every lone `hw1.ipynb` read twice.
  It is read only where a folder beside it holds an engine.py.
- A `from __future__` import that opens a notebook's cell is put first (session 27), and its line made `pass`:
  with the statements that shared its line (`from __future__ import annotations; import math as _m`), which
  Jupyter ran (0/63, "NameError: name '_m' is not defined"). Only the import's own text is `pass` now.
- 06-gradcheck excuses an analytic derivative that is not backprop's only where it is a named mistake's (session
  27, redteam27: backward() run twice or never), so the honest misreadings of the leaf's grad were charged in
  every verdict test, not once: `analytic = out.grad` 13/15 -> 6/15, `leaf.data` and `-leaf.grad` 13 -> 8,
  `out.data` 13 -> 7. They are named too (none follows the numeric derivative, so none sets the verdicts).
"""

from pathlib import Path

import pytest
from hostile_support import needs_bwrap

from grader.load.notebooks import without_escapes
from grader.load.scripts import exported_script

ROOT = Path(__file__).resolve().parents[1]


def test_an_escapes_output_unpacked_binds_each_name_and_never_stops_the_notebook():
    cell = ("files = !ls\nver, = !python --version\n[cwd] = !pwd\nfirst, *rest = !ls\nt1, t2 = %time (1, 2)\n"
            "(a, b) = get_ipython().getoutput('ls')\n")
    lines = [text for text, _ in without_escapes(cell)]
    assert lines == ["files = []", "ver, = ['']", "[cwd] = ['']", "first, *rest = ['']", "t1, t2 = (1, 2)",
                     "(a, b) = ['', '']"]
    bound = {}
    exec("\n".join(lines), bound)  # noqa: S102 (the rewritten lines, ours)
    assert {k: bound[k] for k in ("files", "ver", "cwd", "first", "rest", "t1", "t2", "a", "b")} == {
        "files": [], "ver": "", "cwd": "", "first": "", "rest": [], "t1": 1, "t2": 2, "a": "", "b": ""}


def test_an_exported_notebooks_unpacked_escape_is_bound_as_the_notebooks():
    export = ("#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\n"
              "ver, = get_ipython().getoutput('python --version')\nx = 1\n")
    assert exported_script(export.encode()).decode().split("\n")[6:8] == ["ver, = ['']", "x = 1"]


def test_a_lone_file_is_read_once_and_setup_py_beside_micrograd_is_still_passed_over(tmp_path, monkeypatch):
    """Session 27 (strangers27) read and parsed the one `.py`/`.ipynb` of a level for a `class Value` before it looked
    for a folder holding engine.py beside it: every lone `hw1.ipynb` was read twice (9.9 -> 6.0 ms of CPU a load)."""
    import grader.load.levels as levels
    from grader.load import load_entry

    reads = []
    monkeypatch.setattr(levels, "_defines_value", lambda *a, _f=levels._defines_value: reads.append(a[1]) or _f(*a))
    engine = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "hw1.py").write_text(engine, encoding="utf-8")
    assert (load_entry(tmp_path / "alice").origins["engine.py"].file, reads) == ("hw1.py", [])
    clone = tmp_path / "bob"
    (clone / "micrograd").mkdir(parents=True)
    (clone / "micrograd" / "engine.py").write_text(engine, encoding="utf-8")
    (clone / "setup.py").write_text("import setuptools\nsetuptools.setup(name='micrograd')\n", encoding="utf-8")
    assert (load_entry(clone).origins["engine.py"].file, reads) == ("micrograd/engine.py", ["setup.py", "engine.py"])


def test_a_future_import_put_first_keeps_what_shares_its_line():
    from grader.load.futures import futures_first

    code = "x = 1\nfrom __future__ import annotations; import math as _m\nE = _m.e\n"
    assert futures_first(code, [(1, 1), (2, 1), (2, 2)]) == (
        "from __future__ import annotations  # grader: IPython keeps it for the cells after it\n",
        "x = 1\npass; import math as _m\nE = _m.e\n")
    code = "x = 1\nfrom __future__ import (annotations,\n    division)  # é\ny = 'é'\n"  # offsets in UTF-8 bytes
    assert futures_first(code, [(1, 1), (2, 1), (2, 2), (2, 3)])[1] == "x = 1\npass  # é\n\ny = 'é'\n"


GRADCHECK = (ROOT / "reference" / "gradcheck.py").read_text(encoding="utf-8")
READ = "    analytic = leaf.grad\n"
NUMERIC = "    numeric = numerical_grad(lambda t: f(Value(t)).data, x, h)\n"
MISREAD = {"out-grad": "out.grad", "out-data": "out.data", "leaf-data": "leaf.data", "minus-grad": "-leaf.grad"}


@pytest.mark.slow
@needs_bwrap
def test_an_honest_misreading_of_the_analytic_derivative_is_charged_once(tmp_path):
    from grader.pipeline import grade
    from grader.sandbox import Limits

    assert GRADCHECK.count(READ) == GRADCHECK.count(NUMERIC) == 1
    cases = {name: GRADCHECK.replace(READ, READ.replace("leaf.grad", read)) for name, read in MISREAD.items()}
    # the hole redteam27 closed stays closed: the numeric derivative nudged as the analytic one
    cases["numeric-nudged"] = GRADCHECK.replace(READ, "").replace(NUMERIC, NUMERIC + "    analytic = numeric * (1 + 1e-6)\n")
    for name, gradcheck in cases.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "engine.py").write_text(
            (ROOT / "exercises" / "06-gradcheck" / "engine.py").read_text(encoding="utf-8"), encoding="utf-8")
        (tmp_path / name / "gradcheck.py").write_text(gradcheck, encoding="utf-8")
    rows = grade(tmp_path, exercise="06-gradcheck", jobs=2,
                 limits=Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)).scores["submissions"]
    charged = {r["id"]: (r["score"], sorted(t["name"] for t in r["tests"] if t["status"] == "failed")) for r in rows}
    assert charged == {**{name: (13.0, ["gradcheck/correct-gradients"]) for name in MISREAD}, "numeric-nudged": (7.0, [
        "gradcheck/correct-gradients", "gradcheck/detached", "gradcheck/half-a-percent", "gradcheck/large-gradients",
        "gradcheck/lost-path"])}


def test_the_mistake_already_charged_is_the_one_asked_where_two_give_the_same_numbers():
    from grader.suites import SUITES, suite_module

    mistakes = suite_module(SUITES / "06-gradcheck", "mistakes")
    probes = suite_module(SUITES / "06-gradcheck", "probes")
    zero = {key: 0.0 for key in mistakes._analytic("backward() never run", probes.gradcheck_zero)}
    assert mistakes.named(probes.gradcheck_zero, zero, 1e-9) == "backward() run twice"  # (both 0 there)
    assert mistakes.named(probes.gradcheck_zero, zero, 1e-9, "backward() never run") == "backward() never run"
    assert mistakes.named(probes.gradcheck_zero, zero, 1e-9, "the output's grad read") == "backward() run twice"

"""Every surface gives the same answer (issue 25): one pipeline, one set of records.

Each test here reproduces a disagreement between two surfaces that grade the same work, as a user met it:
a crashed row's score, the file `grade check` names, the fleet taking every run a local batch makes,
and the student install checking the reference engine.
"""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.report.formats import BESIDE_SCORES, render

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "reference" / "engine.py"


def _reference_with(old, new):
    text = REFERENCE.read_text(encoding="utf-8")
    assert text.count(old) == 1
    return text.replace(old, new)


# A correct engine whose tanh kills its own worker: SIGKILL, as a memory limit would.
KILLING_TANH = _reference_with("        t = math.tanh(self.data)\n",
                               "        import os, signal\n        os.kill(os.getpid(), signal.SIGKILL)\n"
                               "        t = math.tanh(self.data)\n")


def _score_in(fmt, text, sid):
    """The score one rendering gives submission `sid`, read as a reader of that format would."""
    if fmt == "csv":
        header, *rows = [line.split(",") for line in text.splitlines()]
        return float(dict(zip(header, next(r for r in rows if r[0] == sid)))["score"])
    if fmt == "gradescope":
        return json.loads(text)["score"]
    if fmt == "junit":
        import xml.etree.ElementTree as ET

        suite = next(s for s in ET.fromstring(text) if s.get("name") == sid)
        return float(next(p.get("value") for p in suite.iter("property") if p.get("name") == "score"))
    if fmt == "markdown":
        line = next(line for line in text.splitlines() if line.startswith(f"| {sid} |"))
        return float(line.split("|")[3].split("/")[0])
    if fmt == "html":
        import re

        row = re.search(rf"<tr><td>{sid}</td>.*?<td class=\"num\">([0-9.]+) / ", text)
        return float(row.group(1))
    raise AssertionError(fmt)


def test_a_crashed_row_has_one_score_in_every_format(tmp_path):
    """A correct engine whose tanh SIGKILLs its worker: scores.json said `crashed 53/63`, and the CSV,
    Markdown, HTML, JUnit and Gradescope files said 0 (docs/contract.md §4 now says which is right)."""
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "killer.py").write_text(KILLING_TANH, encoding="utf-8")
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(subs), "-o", str(out), "--no-cache", "-q"])
    assert result.exit_code == 0, result.output
    scores = json.loads(out.read_text())
    (row,) = scores["submissions"]
    assert row["status"] == "crashed"
    # the tanh tests, and the probes after the worker's ninth death are not run (tanh/two's expression in the
    # middle of a graph, issue 28, is one more death: 53 before it)
    assert row["score"] == sum(t["score"] for t in row["tests"]) == 52.0
    for fmt in BESIDE_SCORES:
        assert _score_in(fmt, render(scores, fmt), "killer") == 52.0, fmt


TYPO_IN_TANH = _reference_with("        t = math.tanh(self.data)\n", "        t = math.tanh(self.dat)\n")
TYPO_LINE = TYPO_IN_TANH.splitlines().index("        t = math.tanh(self.dat)") + 1


def _check_output(*args):
    result = CliRunner().invoke(main, ["check", *map(str, args)])
    assert result.exit_code in (0, 1), result.output
    return result.output


def test_grade_check_names_the_students_own_file(tmp_path):
    """`grade check my_engine.py -e 03-tanh` said `engine.py, line 83` where `grade run` says `my_engine.py`:
    the check skipped the step that maps places back to the student's files."""
    (tmp_path / "my_engine.py").write_text(TYPO_IN_TANH, encoding="utf-8")
    output = _check_output(tmp_path / "my_engine.py", "-e", "03-tanh")
    assert f"(my_engine.py, line {TYPO_LINE}, in tanh)" in output
    assert "(engine.py, line" not in output


def test_grade_check_on_a_notebook_names_its_cell_as_grade_run_does(tmp_path):
    """`grade check 01-mul-backward.ipynb` named `engine.py, line 48`; `grade run` said the notebook's cell."""
    notebook = tmp_path / "nbstu.ipynb"
    notebook.write_bytes((ROOT / "exercises" / "01-mul-backward" / "01-mul-backward.ipynb").read_bytes())
    out = tmp_path / "scores.json"
    ran = CliRunner().invoke(main, ["run", str(notebook), "-e", "01-mul-backward", "-o", str(out), "--no-cache", "-q"])
    assert ran.exit_code == 0, ran.output
    places = {(t["file"], t["cell"], t["line"]) for t in json.loads(out.read_text())["submissions"][0]["tests"]
              if "file" in t}
    (file, cell, line), = places  # the starter's one NotImplementedError
    assert (file, cell) == ("nbstu.ipynb", 6)
    assert f"(nbstu.ipynb, cell 6, line {line}, in _backward)" in _check_output(notebook, "-e", "01-mul-backward")


class _Kernel:
    """What check() reads of an IPython shell: the cells' raw input history and post_run_cell."""

    def __init__(self, cells):
        self.history_manager = type("History", (), {"input_hist_raw": ["", *cells]})()
        self.events = type("Events", (), {"register": lambda self, name, hook: None})()


def test_check_in_a_notebook_names_the_cell_by_the_number_jupyter_shows(monkeypatch):
    """check() in a notebook named `engine.py, line 48` too: now the cell Jupyter shows as [3]."""
    from grader.classroom import notebook_check

    engine = TYPO_IN_TANH
    monkeypatch.setattr(notebook_check, "_shell", lambda: _Kernel(["x = 1", "%time y = 2", engine]))
    result = notebook_check.check("03-tanh")
    failing = [t for t in result.tests if t["status"] != "passed" and t.get("where")]
    assert failing and {(t["where"]["file"], t["where"]["cell"], t["where"]["line"]) for t in failing} == {
        ("this notebook", 3, TYPO_LINE)}
    assert f"(this notebook, cell 3, line {TYPO_LINE}, in tanh)" in failing[0]["output"]
    assert "note: `this notebook, cell N` is the cell Jupyter shows as [N] (its run number)" in str(result)


def test_a_suite_that_cannot_judge_stops_before_any_student_is_graded(tmp_path, monkeypatch):
    """Issue 30.2: a suite whose stored PyTorch results are missing (a contributor's new torch test before
    `grade torch-results`) failed every student with an internal grader error, printed 320 lines of
    tracebacks and exited 0. Now nothing is observed, the exit status is 1, and one line says what to run."""
    import shutil

    import grader.observe
    import grader.suites

    suites = tmp_path / "suites"
    shutil.copytree(grader.suites.SUITES, suites, ignore=shutil.ignore_patterns("__pycache__"))
    (suites / "03-tanh" / "torch_results.json").unlink()
    monkeypatch.setattr(grader.suites, "SUITES", suites)
    observed = []
    monkeypatch.setattr(grader.observe, "observe_submission", lambda *a, **k: observed.append(a) or 1 / 0)
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "ann.py").write_text(REFERENCE.read_text())
    result = CliRunner().invoke(main, ["run", str(subs), "-e", "03-tanh", "-o", str(tmp_path / "s.json"),
                                       "--no-cache", "-q"])
    assert result.exit_code == 1
    (line,) = result.output.splitlines()
    assert line.startswith("Error: the suite '03-tanh' cannot judge: its test ")
    assert line.endswith("run `grade torch-results 03-tanh` where torch is installed); nothing was graded")
    assert observed == [] and not (tmp_path / "s.json").exists()


def test_grade_ci_shows_the_why_grade_check_shows(tmp_path, monkeypatch):
    """Issue 30.7: on an exercise with withheld tests, `grade ci` showed `"diagnosis": []` where `grade check`
    named the mistake: every finding cited a withheld test. The pipeline also makes the findings of the
    visible tests alone, which a student may see (the scores row's `student_diagnosis`)."""
    from grader.variants import variant

    folder = tmp_path / "repo"
    folder.mkdir()
    (folder / "engine.py").write_text(variant("tanh-one-minus-t").source())
    why = [line for line in _check_output(folder, "-e", "03-tanh").splitlines() if line.startswith("why:  ")]
    assert why
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    out = tmp_path / "ci.json"
    ci = CliRunner().invoke(main, ["ci", str(folder), "-e", "03-tanh", "--json-out", str(out)])
    assert ci.exit_code == 0, ci.output
    shown = json.loads(out.read_text())["submissions"][0]["diagnosis"]
    # the place the finding carries, as grade ci annotates it (session 34: 03's findings have lines, from its
    # where_written probe, and grade check's why: says it)
    assert [f"why:  {d['title']} ({d['file']}, line {d['line']}). {d['explanation']}" for d in shown] == why
    first = shown[0]
    assert any(line.startswith(f"::warning file={first['file']},line={first['line']},title={first['title']}::")
               for line in ci.output.splitlines())

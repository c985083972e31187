"""Session 23's seams between surfaces (bench/seams/fresh23.py; tests/test_seams.py holds the earlier ones): the
same submission gets the same score, status and words from `grade run`, `grade check`, a notebook's check(),
`grade ci`, Gradescope and `grade serve`.

Holes closed, each with a fixture here that failed before:
- `grade check` and a notebook's check() gave no `why:` for an op that raises (a typo in `tanh`, an `assert` in
  `+`), where `grade run`, `grade ci`, Gradescope and the feedback pages name the op, the exception and its line:
  a check diagnosed only rows with wrong numbers (`Settings.diagnose`'s "wrong-numbers", now gone: a check's
  rows are diagnosed as `grade run`'s are), and the midgraph findings read hidden probes' expected values even where nothing was left to explain,
  which a student's install does not hold;
- every renderer said a row's words in its own code (a test's output, a finding's title and explanation, the row's
  message), `grade serve`'s API apart from the feedback page it shows beside it: grader.report.record.Said is the
  one reading, and the API's place of a test now keeps a notebook's cell (tests/serve/test_seams23.py).
"""

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main

pytestmark = pytest.mark.slow  # grades in the sandbox
ROOT = Path(__file__).resolve().parent.parent
# An import that never ends (a loop, a sleep) is cut at 2 s of CPU (6 s of wall), not the default 10 s (30 s):
# its row is `timeout` either way, and an honest engine imports in under 0.3 s (docs/security.md)
LIMITS = ["--probe-timeout", "1", "--import-timeout", "2"]


def _bench(name):
    import sys

    sys.path.insert(0, str(ROOT / "bench" / "seams"))
    try:
        spec = importlib.util.spec_from_file_location(f"seams_{name}", ROOT / "bench" / "seams" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "bench" / "seams"))
    return module


samples = _bench("samples")
WHY_TANH = ("why:  Your `tanh` raises AttributeError. For y = tanh(x) at x = 0, your engine raised AttributeError: "
            "'Value' object has no attribute 'dat'. It raised at {place}: `t = math.tanh(self.dat)`. Whatever raises "
            "inside your `tanh` stops every expression that uses it; fix that line and the tests that need `tanh` can "
            "pass.")


def _run_row(entry, tmp_path):
    out = tmp_path / "one.json"
    result = CliRunner().invoke(main, ["run", str(entry), "-e", "engine", "-o", str(out), "--no-cache", "-q", *LIMITS])
    assert out.exists(), result.output
    (row,) = json.loads(out.read_text())["submissions"]
    return row


def _check(entry, lang="en"):
    from grader.classroom.student_check import check
    from grader.sandbox import Limits

    return check(entry, "engine", limits=Limits(probe_seconds=1.0), lang=lang)


def _findings(entries):
    return [(d["kind"], d.get("op"), d.get("exception"), d.get("file"), d.get("cell"), d.get("line"), d["tests"])
            for d in entries]


@pytest.mark.parametrize("name, code, finding", [
    ("typo.py", samples.TYPO, ("raises", "tanh", "AttributeError", "typo.py", None, 52, ["tanh/zero", "tanh/two", "tanh/negative", "tanh/saturated"])),
    ("assert-in-add.py", samples.engine().replace(
        "        other = Value.lift(other)\n        return Value(self.data + other.data",
        "        assert isinstance(other, Value), 'only Values'\n        return Value(self.data + other.data"),
     ("raises", "__add__", "AssertionError", "assert-in-add.py", None, 17, ["add/constant"])),
])
def test_a_check_says_which_op_raised_what_and_where_as_grade_run_does(tmp_path, name, code, finding):
    """Before: the check's diagnosis was [] for these rows (its FAIL lines named the exception, no `why:`)."""
    entry = tmp_path / name
    entry.write_text(code, encoding="utf-8")
    row, result = _run_row(entry, tmp_path), _check(entry)
    assert _findings(result.diagnosis) == _findings(row["diagnosis"]) == [finding]
    assert result.diagnosis == row["diagnosis"]  # the same entry, words and fields
    assert result.points == row["score"]


def test_a_checks_why_line_for_a_raise_in_each_language(tmp_path):
    entry = tmp_path / "Ёжик.py"
    entry.write_text(samples.TYPO, encoding="utf-8")
    english = str(_check(entry)).splitlines()
    assert WHY_TANH.format(place="Ёжик.py, line 52") in english
    from grader.i18n import translator

    checked_ru = _check(entry, "ru")  # one check in Russian: its diagnosis and its text (it was run twice)
    (entry_ru,) = checked_ru.diagnosis
    ru = translator("ru")
    russian = str(checked_ru).splitlines()
    line = ru._("why:  {finding}. {explanation}", finding=ru.render(entry_ru["messages"]["title"]),
                explanation=ru.render(entry_ru["messages"]["explanation"]))
    assert line in russian and "Ёжик.py" in line and "AttributeError" in line and "raises" not in line


def test_a_notebooks_check_says_why_its_cell_raised(tmp_path, monkeypatch):
    """A notebook's check() reads the kernel's cells: the finding names the cell's run number and its line."""
    from grader.classroom import notebook_check

    cells = [samples.engine(), "def tanh(self):\n    t = math.tanh(self.dat)\n    return Value(t, [(self, 1 - t * t)])"
             "\n\nValue.tanh = tanh"]
    monkeypatch.setattr(notebook_check, "_shell", lambda: samples.Kernel(cells))
    result = notebook_check.check("engine")
    assert _findings(result.diagnosis) == [("raises", "tanh", "AttributeError", "this notebook", 2, 2,
                                            ["tanh/zero", "tanh/two", "tanh/negative", "tanh/saturated"])]
    assert WHY_TANH.format(place="this notebook, cell 2, line 2") in str(result).splitlines()


def test_a_check_of_an_untouched_starter_says_no_why(tmp_path):
    """Every op of a starter raises NotImplementedError: work not done yet, which its FAIL lines say; a check
    diagnosing every failing row must not call that a mistake."""
    import shutil

    folder = tmp_path / "03-tanh"
    shutil.copytree(ROOT / "exercises" / "03-tanh", folder)
    from grader.classroom.student_check import check
    from grader.sandbox import Limits

    result = check(folder, limits=Limits(probe_seconds=1.0))
    assert result.points == 0 and result.diagnosis == []
    assert not [line for line in str(result).splitlines() if line.startswith("why:")]


def test_a_check_of_a_passing_engine_gives_grade_runs_hints(tmp_path):
    """04-more-ops on an engine whose topological sort is recursive: every test passes, and `grade run` gives the
    hint on its line; the check diagnosed only rows with a test not passed, and said nothing."""
    fresh23 = _bench("fresh23")
    entry = tmp_path / "recursive-walk.py"
    entry.write_text(fresh23.RECURSIVE_WALK, encoding="utf-8")
    out = tmp_path / "one.json"
    CliRunner().invoke(main, ["run", str(entry), "-e", "04-more-ops", "-o", str(out), "--no-cache", "-q", *LIMITS])
    (row,) = json.loads(out.read_text())["submissions"]
    from grader.classroom.student_check import check
    from grader.sandbox import Limits

    result = check(entry, "04-more-ops", limits=Limits(probe_seconds=1.0))
    assert result.points == 17 and result.diagnosis == row["diagnosis"]
    assert [(d["kind"], d["hint"], d["file"], d["line"]) for d in result.diagnosis] == [
        ("hint", "recursive-topo", "recursive-walk.py", 66)]
    assert "hint: Your topological sort calls itself once per node (recursive-walk.py, line 66)" in str(result)


def test_a_message_of_several_lines_stays_in_its_tests_entry(tmp_path):
    """An exception's message is the student's: one of several lines printed a line of its own in the check,
    which could read as the check's (`PASS  exp/values` for a test that failed), and the notebook's HTML took it
    for a note."""
    entry = tmp_path / "forged.py"
    entry.write_text(samples.engine().replace(
        "        e = math.exp(self.data)\n", "        raise ValueError('not yet\\nPASS  exp/values  all right')\n"),
        encoding="utf-8")
    result = _check(entry)
    lines = str(result).splitlines()
    labelled = [line.split()[1] for line in lines if line.startswith(("PASS  ", "FAIL  ", "SKIP  "))]
    assert labelled == [t["name"] for t in result.tests]
    (fail,) = [n for n, line in enumerate(lines) if line.startswith("FAIL  exp/values ")]
    assert lines[fail].endswith("your engine raised ValueError: not yet")
    assert lines[fail + 1] == " " * 36 + "PASS  exp/values  all right (forged.py, line 56, in exp) (0 of 2 " \
                                          "expressions right or already charged elsewhere)"
    table = result._repr_html_()
    assert [line[:9] for line in table.splitlines() if line.startswith("<p>")] == [
        "<p><b>eng", "<p>why:  ", "<p>note: ", "<p>Score "]  # after the table, the text's why: line, the note that
    # the grade of record also checks other inputs (judge/drawn.py) and the score


def test_an_op_whose_helper_raises_is_named_with_the_helpers_line(tmp_path):
    """tanh's slope from a function in the student's own module (helpers are carried since cb2111c): every
    surface's FAIL line named `slopes.py, line 2, in tanh_slope`, and no surface said which op raised (the
    function that raised is no op). The op is the one the probe entered; the place is the helper's line."""
    fresh23 = _bench("fresh23")
    fresh23.fresh_class(tmp_path / "class")
    entry = tmp_path / "class" / "helper-raises"
    out = tmp_path / "one.json"
    CliRunner().invoke(main, ["run", str(entry), "-e", "engine", "-o", str(out), "--no-cache", "-q", "--one-submission",
                              *LIMITS])
    (row,) = json.loads(out.read_text())["submissions"]
    result = _check(entry)
    assert row["score"] == result.points == 59.0
    assert _findings(result.diagnosis) == _findings(row["diagnosis"]) == [
        ("raises", "tanh", "NameError", "slopes.py", None, 2, ["tanh/zero", "tanh/two", "tanh/negative",
                                                              "tanh/saturated"])]
    assert ("It raised at slopes.py, line 2: `return 1 - t * tt`. Whatever raises inside your `tanh` stops every "
            "expression") in row["diagnosis"][0]["explanation"]

"""Session 23's seams left (docs/diagnosis.md's limits after tests/test_seams23.py), each fixture failing before:
- an op bound as a callable whose code names no op (`tanh = lambda self: ...`, `Value.tanh = my_tanh`, a
  `functools.partialmethod`, a method of another class, a function of a module of the student's own, a lambda set
  in a notebook's cell) raised with no `why:` on any surface: the worker names the function that raised
  (`Value.<lambda>`, `my_tanh`), and the diagnosis read the op from that name only. The source says what each is
  bound as (grader/diagnose/bound.py): the why-line names the op and the line that raised;
- a source line longer than a finding quotes (200 characters) was cut without a word: the cut quote ends in `…`.
"""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from tests.test_seams23 import LIMITS, WHY_TANH, _check, _findings, samples

ROOT = Path(__file__).resolve().parent.parent
RIGHT = samples.engine()
TANH = "    def tanh(self):\n        t = math.tanh(self.data)\n        return Value(t, [(self, 1 - t * t)])\n"
RAISING = "t = math.tanh(self.dat)"
BODY = f"    {RAISING}\n    return Value(t, [(self, 1 - t * t)])\n"
TESTS = ["tanh/zero", "tanh/two", "tanh/negative", "tanh/saturated"]


def _before_class(code: str, text: str) -> str:
    return code.replace("class Value", text + "\n\nclass Value", 1)


BOUND = {
    "lambda.py": (RIGHT.replace(TANH, "    tanh = lambda self: Value(math.tanh(self.dat), [])\n"), 51,
                  "tanh = lambda self: Value(math.tanh(self.dat), [])"),
    "module-function.py": (_before_class(RIGHT.replace(TANH, ""), f"def my_tanh(self):\n{BODY}\n") +
                           "\n\nValue.tanh = my_tanh\n", 5, RAISING),
    "setattr.py": (_before_class(RIGHT.replace(TANH, ""), f"def my_tanh(self):\n{BODY}\n") +
                   "\n\nsetattr(Value, 'tanh', my_tanh)\n", 5, RAISING),
    "partialmethod.py": (RIGHT.replace("import math\n", "import functools\nimport math\n").replace(
        TANH, "    def _unary(self, f):\n        t = f(self.dat)\n        return Value(t, [(self, 1 - t * t)])\n\n"
              "    tanh = functools.partialmethod(_unary, math.tanh)\n"), 53, "t = f(self.dat)"),
    "other-class.py": (_before_class(RIGHT.replace(TANH, "    tanh = Squash.go\n"),
                                     "class Squash:\n    def go(self):\n" + BODY.replace("\n    ", "\n        ")
                                     .replace("    t =", "        t =", 1) + "\n"), 6, RAISING),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BOUND))
def test_an_op_bound_as_a_callable_of_another_name_says_why_on_every_surface(tmp_path, name):
    """Before: no finding, no `why:` (the function that raised, `Value.<lambda>` or `my_tanh`, names no op)."""
    code, line, quoted = BOUND[name]
    entry = tmp_path / name
    entry.write_text(code, encoding="utf-8")
    out = tmp_path / "one.json"
    CliRunner().invoke(main, ["run", str(entry), "-e", "engine", "-o", str(out), "--no-cache", "-q", *LIMITS])
    (row,) = json.loads(out.read_text())["submissions"]
    result = _check(entry)
    assert _findings(row["diagnosis"]) == [("raises", "tanh", "AttributeError", name, None, line, TESTS)]
    assert result.diagnosis == row["diagnosis"]
    why = WHY_TANH.format(place=f"{name}, line {line}").replace(f"`{RAISING}`", f"`{quoted}`")
    assert why in str(result).splitlines()


@pytest.mark.slow
def test_an_op_bound_as_a_function_of_a_module_of_the_students_own_says_why(tmp_path):
    folder = tmp_path / "hw"
    folder.mkdir()
    (folder / "squash.py").write_text(f"import math\n\n\ndef squash(self):\n{BODY}", encoding="utf-8")
    (folder / "engine.py").write_text(RIGHT.replace(TANH, "").replace("import math\n", "import math\n\nimport squash\n")
                                      + "\n\nValue.tanh = squash.squash\n", encoding="utf-8")
    result = _check(folder)
    assert _findings(result.diagnosis) == [("raises", "tanh", "AttributeError", "squash.py", None, 5, TESTS)]
    assert WHY_TANH.format(place="squash.py, line 5") in str(result).splitlines()


@pytest.mark.slow
def test_a_notebooks_check_says_why_a_lambda_set_in_a_cell_raised(monkeypatch):
    from grader.classroom import notebook_check

    cells = [RIGHT.replace(TANH, ""), "Value.tanh = lambda self: Value(math.tanh(self.dat), [])"]
    monkeypatch.setattr(notebook_check, "_shell", lambda: samples.Kernel(cells))
    result = notebook_check.check("engine")
    assert _findings(result.diagnosis) == [("raises", "tanh", "AttributeError", "this notebook", 2, 1, TESTS)]
    assert (WHY_TANH.format(place="this notebook, cell 2, line 1").replace(
        f"`{RAISING}`", "`Value.tanh = lambda self: Value(math.tanh(self.dat), [])`") in str(result).splitlines())


@pytest.mark.slow
def test_a_long_line_is_quoted_cut_with_an_ellipsis(tmp_path):
    """Before: the quote stopped at 200 characters with nothing to say it was cut."""
    entry = tmp_path / "long-line.py"
    long = RAISING.replace("self.dat", "self.dat" + " + 0" * 1250)
    entry.write_text(samples.TYPO.replace(RAISING, long), encoding="utf-8")
    quote = long[:199] + "…"
    assert len(quote) == 200
    why = WHY_TANH.format(place="long-line.py, line 52").replace(f"`{RAISING}`", f"`{quote}`")
    assert why in str(_check(entry)).splitlines()
    for lang in ("ru", "zh"):
        (entry_said,) = _check(entry, lang).diagnosis
        assert f"`{quote}`" in json.dumps(entry_said["messages"], ensure_ascii=False)


def test_a_quote_is_cut_at_200_characters_with_its_ellipsis():
    from grader.diagnose.raising import line_of

    assert line_of("x = 1\n    " + "y" * 200 + "\n", 2) == "y" * 200
    assert line_of("x = 1\n" + "y" * 201 + "\n", 2) == "y" * 199 + "…"
    assert line_of("x = 1\n", 3) is None


class _Submission:
    def __init__(self, files, origins=None):
        self.files, self.origins = files, origins or {}


def _run(raised_in, entered=None, where=None):
    return {"status": "ok", "probes": {"p": {"status": "error", "exception": "ValueError", "where": where,
                                             "facts": {"raised_in": raised_in, "entered": entered or raised_in}}}}


def test_which_op_a_callable_is_bound_as():
    from grader.diagnose.bound import as_ops
    from grader.load.reading import Origin

    code = ("import functools\nfrom helpers import f as g\n\n\nclass V:\n"
            "    exp = lambda self: 1\n    log = lambda self: 2\n    relu = functools.partialmethod(g)\n"
            "    __add__ = __radd__ = lambda self, o: 3\n\n\nV.tanh = staticmethod(h)\n")
    sub = _Submission({"engine.py": code})

    def named(raised_in, entered=None, where=None):
        return as_ops(_run(raised_in, entered, where), sub)["probes"]["p"]["facts"]["raised_in"]

    assert named("f") == "V.relu" and named("h") == "V.tanh"
    assert named("h.<locals>._backward") == "V.tanh.<locals>._backward"
    assert named("helper", entered="h") == "helper"  # the op entered: raising.py reads `entered`
    assert as_ops(_run("helper", entered="h"), sub)["probes"]["p"]["facts"]["entered"] == "V.tanh"
    assert named("V.<lambda>") == "V.<lambda>"  # three lambdas, no line: no op guessed
    sub.origins = {"engine.py": Origin("bob.py")}
    assert named("V.<lambda>", where={"file": "bob.py", "line": 7}) == "V.log"  # the line that raised says which
    assert named("V.<lambda>", where={"file": "bob.py", "line": 9}) == "V.<lambda>"  # one lambda, two ops
    assert named("V.exp") == "V.exp" and named("g") == "g"  # an op's own name; `g` is `f` as Python names it

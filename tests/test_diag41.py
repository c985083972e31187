"""Session 41's diagnosis helper (diag41): 10-neuron's backward() run more than once, told by what it observes.

10-neuron told a repeated backward() from the shape of the gradients alone: run twice, the leaves' multiples of
PyTorch's differ by whole numbers; run three times or more, they are a polynomial in the depth whose coefficients
the activation's graph sets, so only their zeros and each wi against xi were checked, and a second mistake beside
(tanh(s/2): exp(-s) where exp(-2s) was meant) was excused (14/16, tanh/points passed). And the count of runs was
read at relu's point only, so a neuron that runs backward() twice for tanh alone was charged without words.

The probe each_backward_fresh calls neuron_gradients at the three gradient tests' points with every backward()
after the first started from the gradients the first started from (every Value made in the call gets back what it
held then), and counts the calls at each point. Where the counts are 2 or more and the gradients are PyTorch's,
the repeated runs are the whole mistake: said, and excused after relu/positive charges them. A second mistake
beside keeps the gradients wrong there, and is charged. tests/fixtures/diag41/10-neuron holds two correct neurons
written for this (tanh from exp(-2s) over a table of leaves, a loop from b with a helper that clears the leaves);
each mistake is planted here.
"""
import json
import shutil
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner
from costs import slow_fixture
from test_fresh_styles import LIMITS, _rows, assert_scored_and_named
from test_strangersx38 import solutions_class

from grader.cli import main
from grader.pipeline import grade
from grader.suites import load_suite

FRESH = Path(__file__).parent / "fixtures" / "diag41"
ROOT = Path(__file__).parent.parent
RUN = "    out.backward()\n"
HALF = ("(s * -2)", "(s * -1)")  # tanh(s / 2): the 2 of exp(-2s) left out
TANH_TWICE = (RUN, RUN + "    if activation == \"tanh\":\n        out.backward()\n")
HELPER = "    run_backward(y, leaves)\n"
PLANTED = {"10-neuron": {
    "bug-neg-exp-backward-3": ("neg-exp-dict", {"neuron.py": [(RUN, RUN * 3)]}),
    "bug-neg-exp-backward-3-half-tanh": ("neg-exp-dict", {"neuron.py": [(RUN, RUN * 3), HALF]}),
    "bug-neg-exp-backward-4-half-tanh": ("neg-exp-dict", {"neuron.py": [(RUN, RUN * 4), HALF]}),
    "bug-neg-exp-tanh-twice": ("neg-exp-dict", {"neuron.py": [TANH_TWICE]}),
    "bug-neg-exp-tanh-twice-half-tanh": ("neg-exp-dict", {"neuron.py": [TANH_TWICE, HALF]}),
    # the leaves cleared before a second run, the nodes between them not: what is left there is added again
    "bug-loop-leaves-cleared-twice": ("loop-builtin", {"neuron.py": [(HELPER, HELPER * 2)]}),
    # the engine's own tanh, one node, run three times for tanh alone
    "bug-loop-tanh-three": ("loop-builtin", {"neuron.py": [(HELPER, HELPER + "    if activation == \"tanh\":\n"
                                                                           "        y.backward()\n"
                                                                           "        y.backward()\n")]}),
}}
GRADIENTS = ["relu/more-points", "relu/positive", "tanh/points"]
# id -> (score, the tests not passed, diagnosis); before (fc8bfd04): the half tanh beside 3 or 4 runs 14/16
# (tanh/points excused), every other score as now
TABLE = {
    "neg-exp-dict": (16.0, [], []),
    "loop-builtin": (16.0, [], []),
    "bug-neg-exp-backward-3": (14.0, ["relu/positive"], []),
    "bug-neg-exp-backward-3-half-tanh": (12.0, ["relu/positive", "tanh/points"], []),
    "bug-neg-exp-backward-4-half-tanh": (12.0, ["relu/positive", "tanh/points"], []),
    "bug-neg-exp-tanh-twice": (14.0, ["tanh/points"], []),
    "bug-neg-exp-tanh-twice-half-tanh": (14.0, ["tanh/points"], []),
    "bug-loop-leaves-cleared-twice": (14.0, ["relu/positive"], []),
    "bug-loop-tanh-three": (14.0, ["tanh/points"], []),
}


def _said_runs(runs):
    return (f"neuron_gradients calls backward() {runs} times: each run adds to the gradients the runs before left in "
            "every node, and the last one alone, on fresh gradients, gives PyTorch's. Call y.backward() once, on "
            "fresh leaves, and read the five gradients after it.")


def _excused(runs):
    return (f"Not charged again: neuron_gradients calls backward() {runs} times, and each run adds to the gradients "
            "the runs before left, which relu/positive already charges.")


# id -> {test: (status, how its words end)}; before: tanh/points "passed" with _excused(3) / _excused(4) beside the
# half tanh, and tanh twice or three times for tanh alone ended "(8 more values differ)" with nothing more
SAID = {
    "bug-neg-exp-backward-3": {"relu/positive": ("failed", _said_runs(3)),
                               "relu/more-points": ("passed", _excused(3)), "tanh/points": ("passed", _excused(3))},
    "bug-neg-exp-backward-3-half-tanh": {"relu/positive": ("failed", _said_runs(3)),
                                         "relu/more-points": ("passed", _excused(3)),
                                         "tanh/points": ("failed", "against PyTorch: expected -1.5, got -44.73506474 "
                                                                   "(8 more values differ)")},
    "bug-neg-exp-backward-4-half-tanh": {"relu/positive": ("failed", _said_runs(4)),
                                         "relu/more-points": ("passed", _excused(4)),
                                         "tanh/points": ("failed", "against PyTorch: expected -1.5, got -149.1168825 "
                                                                   "(8 more values differ)")},
    "bug-neg-exp-tanh-twice": {"relu/positive": ("passed", ""), "relu/more-points": ("passed", ""),
                               "tanh/points": ("failed", "(8 more values differ). " + _said_runs(2))},
    "bug-neg-exp-tanh-twice-half-tanh": {"relu/positive": ("passed", ""), "relu/more-points": ("passed", ""),
                                         "tanh/points": ("failed", "against PyTorch: expected -1.5, got -9.941125497 "
                                                                   "(8 more values differ)")},
    "bug-loop-leaves-cleared-twice": {"relu/positive": ("failed", "(4 more values differ). " + _said_runs(2)),
                                      "relu/more-points": ("passed", _excused(2)),
                                      "tanh/points": ("passed", _excused(2))},
    "bug-loop-tanh-three": {"relu/positive": ("passed", ""), "relu/more-points": ("passed", ""),
                            "tanh/points": ("failed", "(8 more values differ). " + _said_runs(3))},
}


@slow_fixture(scope="module")
def neurons(tmp_path_factory):
    return _rows(tmp_path_factory, "10-neuron", make=solutions_class, fresh=FRESH, planted=PLANTED)


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_neuron_scores_and_is_named(neurons, case):
    assert sorted(neurons) == sorted(TABLE)
    assert_scored_and_named(neurons[case], TABLE[case])


@pytest.mark.parametrize("case", sorted(SAID))
def test_the_runs_are_said_where_they_are_the_whole_mistake(neurons, case):
    said = {t["name"]: (t["status"], t["output"]) for t in neurons[case]["tests"] if t["name"] in GRADIENTS}
    assert {name: status for name, (status, _) in said.items()} == {n: s for n, (s, _) in SAID[case].items()}
    for name, (_, words) in SAID[case].items():
        assert (said[name][1].endswith(words) if words else said[name][1] == ""), (name, said[name][1])


def _check(tmp_path, case):
    base, files = PLANTED["10-neuron"][case]
    folder = tmp_path / case
    shutil.copytree(FRESH / "10-neuron" / base, folder)
    shutil.copy(ROOT / "exercises" / "10-neuron" / "engine.py", folder / "engine.py")
    path = folder / "neuron.py"
    text = path.read_text()
    for old, new in files["neuron.py"]:
        text = text.replace(old, new, 1)
    path.write_text(text)
    result = CliRunner().invoke(main, ["check", str(folder), "-e", "10-neuron", "--lang", "en"])
    return result.output.splitlines()


@pytest.mark.parametrize("case,score,passed,failing", [
    ("bug-neg-exp-backward-3-half-tanh", "8/12", 6, ["relu/positive", "tanh/points"]),  # before: 10/12
    ("bug-neg-exp-tanh-twice", "10/12", 7, ["tanh/points"]),  # before too, without the words
])
def test_grade_check_charges_and_says_the_same(tmp_path, case, score, passed, failing):
    lines = _check(tmp_path, case)
    assert [line for line in lines if line.startswith("Score")] == [
        f"Score on the visible tests: {score} points ({passed} of 8 tests pass). Hidden tests are graded after you "
        "hand in."]
    assert [line.split()[1] for line in lines if line.startswith("FAIL")] == failing
    text = "\n".join(lines)
    assert ("neuron_gradients calls backward() 2 times" in text) == (case == "bug-neg-exp-tanh-twice")


# -- the probe itself, on engines the exercise does not give ------------------------------------------------------

SEEDED = '''
class Node:
    def __init__(self, data, parents=()):
        self.data, self.grad, self.parents, self.rule = data, 0.0, parents, None

    def __add__(self, other):
        out = Value(self.data + other.data, (self, other))
        out.rule = lambda: [setattr(p, "grad", p.grad + out.grad) for p in (self, other)]
        return out

    def __mul__(self, other):
        out = Value(self.data * other.data, (self, other))
        out.rule = lambda: (setattr(self, "grad", self.grad + other.data * out.grad),
                            setattr(other, "grad", other.grad + self.data * out.grad))
        return out

    def relu(self):
        out = Value(max(self.data, 0.0), (self,))
        out.rule = lambda: setattr(self, "grad", self.grad + (out.data > 0) * out.grad)
        return out

    def tanh(self):
        import math
        out = Value(math.tanh(self.data), (self,))
        out.rule = lambda: setattr(self, "grad", self.grad + (1 - out.data ** 2) * out.grad)
        return out

    def backward(self):  # recursive, and the caller seeds the output: no grad = 1 here
        if self.rule:
            self.rule()
        for parent in self.parents:
            if parent.parents:
                parent.backward()


class Value(Node):  # backward() and __init__ inherited: the probe must leave the class as it found it
    pass
'''
NEURON = '''
from engine import Value


def neuron(x1, x2, w1, w2, b, activation="relu"):
    leaves = {n: Value(float(v)) for n, v in zip(("x1", "x2", "w1", "w2", "b"), (x1, x2, w1, w2, b))}
    s = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    return (s.tanh() if activation == "tanh" else s.relu()), leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    for _ in range(RUNS):
        for leaf in leaves.values():
            leaf.grad = 0.0
        y.grad = 1.0
        y.backward()
    return {n: leaf.grad for n, leaf in leaves.items()}
'''


def _fresh(tmp_path, monkeypatch, runs):
    """each_backward_fresh over SEEDED's engine (a recursive backward() the caller seeds, inherited from a base
    class) and a neuron that clears its leaves and seeds y before each of RUNS runs."""
    (tmp_path / "engine.py").write_text(SEEDED)
    (tmp_path / "neuron.py").write_text(NEURON.replace("RUNS", str(runs)))
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("engine", "neuron"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import engine
    import neuron
    probes = load_suite("10-neuron").probes
    got = probes.each_backward_fresh(types.SimpleNamespace(engine=engine, neuron=neuron))
    assert "__init__" not in vars(engine.Value) and "backward" not in vars(engine.Value)
    return got, probes


@pytest.mark.parametrize("runs", [1, 2, 3])
def test_each_run_after_the_first_starts_fresh_and_nested_calls_are_not_counted(tmp_path, monkeypatch, runs):
    got, probes = _fresh(tmp_path, monkeypatch, runs)
    assert got["neuron_relu_positive"]["backward() calls"] == [runs]
    assert got["relu_more"]["backward() calls"] == [runs] * 3
    assert got["tanh_points"]["backward() calls"] == [runs] * 2
    # each run alone is one backward pass: relu/positive's gradients by hand (x1 = 2, x2 = -1, w1 = 0.5, w2 = -1.5)
    assert {k: v for k, v in got["neuron_relu_positive"].items() if k != "backward() calls"} == {
        "dy/dx1": 0.5, "dy/dx2": -1.5, "dy/dw1": 2.0, "dy/dw2": -1.0, "dy/db": 1.0}
    with_runs = probes.neuron_relu_positive(types.SimpleNamespace(engine=sys.modules["engine"],
                                                                  neuron=sys.modules["neuron"]))
    # as handed in, the nodes between keep what the runs before left: b's gradient grows with the runs
    assert with_runs["dy/db"] == {1: 1.0, 2: 2.0, 3: 3.0}[runs]


# -- a notebook's `%run ./core.ipynb`: the class in a notebook beside it --------------------------------------------
# Before: each line of a notebook a `%run` runs was placed nowhere (`Origin.cells` None there), so a hint about its
# code stood at the notebook handed in with no line ("engine.ipynb", None), its words quoting the joined code's line
# ("Line 54: ..."), and an exception raised there named no place at all. Now each such line is `("core.ipynb", line,
# cell)`: said in that notebook's cell (load/reading.Origin.place), and back (places.ran_line) for what reads the code.
NOTEBOOKS = FRESH / "engine"
ASSIGN = ("            self.grad += other.data * out.grad\n", "            self.grad = other.data * out.grad\n")
PLANTED_RUN = {  # case -> (cell of core.ipynb (from 1), the text replaced, the new text)
    "bug-nb-run-core": (3, *ASSIGN),
    # raises at import: cell 2's line 15 (its import of math is line 13)
    "bug-nb-run-core-name": (2, "import math", "import math\n\nEPSILON = Epsilon"),
}
SAID_AT = ("In core.ipynb, cell 3: Line 36: `_backward` (in `__mul__`) assigns `self.grad = ...`, which throws away "
           "whatever gradient the node had already received.")


def _plant_cell(folder, cell, old, new):
    path = folder / "core.ipynb"
    notebook = json.loads(path.read_text())
    source = "".join(notebook["cells"][cell - 1]["source"])
    assert source.count(old) == 1
    notebook["cells"][cell - 1]["source"] = source.replace(old, new).splitlines(keepends=True)
    path.write_text(json.dumps(notebook, indent=1))


def _run_class(folder):
    for case in NOTEBOOKS.iterdir():
        shutil.copytree(case, folder / case.name)
    for case, (cell, old, new) in PLANTED_RUN.items():
        shutil.copytree(NOTEBOOKS / "nb-run-core", folder / case)
        _plant_cell(folder / case, cell, old, new)


@slow_fixture(scope="module")
def run_rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag41-run")
    (tmp / "class").mkdir()
    _run_class(tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


def test_a_hint_about_a_run_notebook_is_said_at_its_cell(run_rows):
    assert sorted(run_rows) == ["bug-nb-run-core", "bug-nb-run-core-name", "nb-run-core"]
    assert (run_rows["nb-run-core"]["score"], run_rows["nb-run-core"]["diagnosis"]) == (63.0, [])
    row = run_rows["bug-nb-run-core"]  # no score moves: 38/63 before too
    assert (row["score"], len([t for t in row["tests"] if t["status"] != "passed"])) == (38.0, 18)
    (entry,) = row["diagnosis"]
    assert (entry["kind"], entry["hint"], entry["file"], entry["cell"], entry["line"]) == (
        "hint", "assign-grad", "core.ipynb", 3, 36)
    assert entry["explanation"].startswith(SAID_AT)


def test_an_exception_raised_in_a_run_notebook_names_its_cell(run_rows):
    row = run_rows["bug-nb-run-core-name"]
    assert (row["score"], row["message"]) == (0.0, "NameError: name 'Epsilon' is not defined (core.ipynb, cell 2, "
                                                    "line 15)")  # before: no place
    (imports,) = [t for t in row["tests"] if t["name"] == "engine/imports"]
    assert imports["output"] == ("engine.ipynb could not be used: NameError: name 'Epsilon' is not defined "
                                 "(core.ipynb, cell 2, line 15). Every other test was skipped.")


def test_grade_check_says_the_run_notebooks_cell_in_each_language(tmp_path):
    shutil.copytree(NOTEBOOKS / "nb-run-core", tmp_path / "mine")
    _plant_cell(tmp_path / "mine", *PLANTED_RUN["bug-nb-run-core"])
    said = {}
    for lang, prefix in (("en", "why:"), ("ru", "почему:"), ("zh", "原因：")):
        result = CliRunner().invoke(main, ["check", str(tmp_path / "mine"), "-e", "engine", "--lang", lang])
        said[lang] = [line for line in result.output.splitlines() if line.startswith(prefix)]
    assert said["en"] == ["why:  A backward rule sets `grad` with `=` instead of adding to it. " + SAID_AT + " A node "
                          "used more than once gets gradient along every path, and the contributions must add up. "
                          "Use `+=`."]
    assert len(said["ru"]) == 1 and "В файле core.ipynb, ячейка 3: Строка 36: " in said["ru"][0]
    assert len(said["zh"]) == 1 and "在 core.ipynb 的第 3 个单元格中：" in said["zh"][0]


# -- the notebook's check(): a kernel whose cells hold the engine and the neuron --------------------------------------


def test_a_notebooks_check_says_the_runs_for_tanh_alone(tmp_path, monkeypatch):
    from test_kernel_run39 import _checked

    base, files = PLANTED["10-neuron"]["bug-neg-exp-tanh-twice"]
    neuron = (FRESH / "10-neuron" / base / "neuron.py").read_text()
    for old, new in files["neuron.py"]:
        neuron = neuron.replace(old, new, 1)
    cells = [(ROOT / "exercises" / "10-neuron" / "engine.py").read_text(),
             neuron.replace("from engine import Value\n", "")]  # one notebook: the engine's cell, then the neuron's
    result = _checked(monkeypatch, tmp_path, cells, exercise="10-neuron")
    assert result.rejected is None
    failed = {t["name"]: t["output"] for t in result.tests if t["status"] != "passed"}
    assert (result.points, result.max_points, list(failed)) == (10, 12, ["tanh/points"])  # as `grade check`
    assert failed["tanh/points"].endswith("(8 more values differ). " + _said_runs(2))

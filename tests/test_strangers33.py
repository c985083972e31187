"""Session 33's strangers: engines, notebooks and uploads in styles no earlier fixture has, graded in one batch.

`tests/fixtures/strangers33/engine/` holds 20 engines written by hand in styles no earlier fixture uses: JAX's
custom_vjp (`defvjp(fwd, bwd)` with residuals), torch.autograd.Function with `ctx.needs_input_grad` and
`saved_tensors`, every binary operator a `functools.singledispatchmethod` registered after the class, a metaclass
that writes the operators from a text table of formulas it compiles, `@dataclass(slots=True, eq=False)` with
`KW_ONLY`, `match` over frozen-dataclass records with class patterns, gradients kept in closure cells behind a
property, lazy Values computed on the first read of `.data` (iteratively), `__iadd__` and friends that rebind,
`__eq__` by value with `__hash__` by identity and `__bool__`, gradients in a `ContextVar`'s dict, a vendored fork of
micrograd patched from engine.py (`Value.tanh = _tanh`), Kahn's algorithm over `Counter`s, local derivatives
written as formula strings and `eval`ed, a `__repr__` that prints the whole expression recursively, a frozen
dataclass whose gradient lives in a one-element list, a C-style walk (index arrays, a manual stack of positions),
the backward pass as a pure function returning {node: gradient}, `TypedDict` records, operations as free
functions the class borrows with their rules in a registry. `SHAPES` makes the reference solution into: a notebook
with an early draft of the class kept above the finished one (autoreload, an error output left in), a Databricks
notebook exported as source (`# MAGIC`, `# COMMAND ----------`), a notebook whose last demo cell raises, a
Brightspace download of one student's submission (`<ids> - Smith, John - <date> - engine.py` and its index.html)
and Sakai's folder (`Smith, John(jsmith)/Submission attachment(s)/engine.py`, timestamp.txt). `PLANTED` plants one
classic mistake in 19 of them, each a different one but two.

What these found (before -> after):
- A walk's order and a gradient's start were named without a line (closing32's leftover): `forward-order` and
  `grad-starts-one` are now placed from the source (grader/diagnose/walk_places.py): the one loop of backward()
  that passes gradient over an order not reversed, the one assignment of 1 in `__init__`/`__new__` (or a field).
  Also placed now: strangers32's side table (`_GRADS[uid] = 1.0` in `__new__`), fresh-styles' and strangers30's.
- `2 - a` written as `self + (-other)` in an engine whose `__add__` is a singledispatchmethod was placed at the
  Number case of `__add__` (line 28), which functools calls: where_written took a student's function called by a
  library for their method as the op's own; a function any caller of which is the student's is a helper (81).
- `__sub__` as `out = self; out += other; return out` was placed at `return out`: a last line that only hands back
  names gives way to the line above it (66).
- Every correct engine 63/63, every planted mistake loses the points of its test and is named; 15 of 19 name their
  line (13 before, two of them at another line than the mistake's). Left without one: a derivative in a string the engine compiles, the walk's one `=` (every rule
  at once), a sort without a visited set, an order of the output and its direct inputs alone.
- A notebook whose last demo cell raises scores 0, as docs/students.md says, but its import test names the
  engine's assert (cell 2, line 60), not the cell that stopped the notebook (cell 4): left (below).

07-mlp-xor's and 11-fit-line's files here were measured outside the suite, to keep its time (`grade run <folder> -e
07-mlp-xor`, each beside the exercise's given engine): a Module that registers what is assigned to it, as
torch.nn.Module does; the maths in plain functions over lists with `itertools.chain`; forward passes as
`functools.reduce` folds; an `abc.ABC` Module whose subclasses yield their parameters: 24/24 each; a zero_grad() that
clears only a module's own Values 22/24 (parameters/zero-grad), no zero_grad() 21/24 (train/train-xor), a bias left
out of parameters() (a Value(0.0)) 22/24 (parameters/counts), tanh on the last layer of the abstract-base network
19/24 (forward/mlp, and train/train-xor again: the network was not watched from its construction, its parameters()
being its base's). 11-fit-line: the parameters in a closure, the loop as a generator of states, the parameters in a
dict: 13/13 each; no zero of the gradients 11/13 (step/second, named).

Graded in one batch: 45 rows, 6.6 s of CPU (user 5.9 + sys 0.8, `/usr/bin/time -v python -m pytest -q -n 0` on this
module, warm, under load ~20).
"""
import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, assert_scored_and_named
from test_strangers27 import _cells, _notebook, _patched, _write

from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "strangers33"
ROOT = Path(__file__).parent.parent
SOLUTION = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")
DRAFT = '''class Value:
    """first try (tanh from the input, no log yet) -- fixed below"""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad = (1 - self.data ** 2) * out.grad
        out._backward = _backward
        return out
'''


def redefined_notebook(code, name):
    """An early draft of the class in one cell, kept; the finished class in a later one (run top to bottom, the later
    one is the engine); autoreload loaded, an error output left in the draft's demo cell."""
    error = {"output_type": "error", "ename": "AttributeError", "evalue": "'Value' object has no attribute 'log'",
             "traceback": ["\x1b[0;31mAttributeError\x1b[0m: 'Value' object has no attribute 'log'"]}
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "%load_ext autoreload\n%autoreload 2\nimport math",
        "# md: ## First try",
        DRAFT,
        "# v = Value(2.0).log()  # not written yet\nprint('draft ok')",
        "# md: ## The engine (final)",
        code,
        "a = Value(3.0)\ny = a * a\ny.backward()\nassert a.grad == 6.0, a.grad\nprint('ok')",
        outputs={3: ([error], 4), 6: ([{"output_type": "stream", "name": "stdout", "text": ["ok\n"]}], 9)}),
        metadata={"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "vscode": {"interpreter": {"hash": "0" * 64}}})}


def databricks_source(code, name):
    """A Databricks notebook exported as source: `# MAGIC` lines, `# COMMAND ----------` between cells."""
    text = ("# Databricks notebook source\n# MAGIC %md\n# MAGIC # Homework 2: the engine\n\n# COMMAND ----------\n\n"
            "# MAGIC %pip install graphviz\n\n# COMMAND ----------\n\n" + code + "\n# COMMAND ----------\n\n"
            "x = Value(0.5)\ny = x.tanh()\ny.backward()\nprint(x.grad)\n")
    return {name: text.encode("utf-8")}


def erroring_cell_notebook(code, name):
    """A demo cell left in that raises (a Value as an exponent: the engine's assert), with its error output."""
    error = {"output_type": "error", "ename": "AssertionError", "evalue": "only constant int/float powers are "
             "supported", "traceback": ["\x1b[0;31mAssertionError\x1b[0m"]}
    return {"hw2_" + name.replace(".py", ".ipynb"): _notebook(_cells(
        "import math", code,
        "a = Value(2.0)\nb = a ** 3\nb.backward()\nprint(a.grad)",
        "c = a ** Value(2.0)  # does this work?",
        outputs={3: ([error], 3)}))}


def brightspace_zip(code, name):
    """Brightspace's download of one student's submission: the file named `<ids> - <name> - <date> - <file>`, and
    the index.html it adds."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(f"123456-789012 - Smith, John - Dec 6, 2026 1050 AM - {name}", code)
        archive.writestr("index.html", "<html><body>Homework 2 submissions</body></html>")
    return {"Homework 2 Download Dec 6, 2026 1102 AM.zip": buffer.getvalue()}


def sakai_folder(code, name):
    """Sakai's "Download All", one student's folder: `Smith, John(jsmith)/Submission attachment(s)/<file>`, with
    timestamp.txt and an empty comments file beside it."""
    return {"Smith, John(jsmith)/timestamp.txt": b"20261206105012345",
            "Smith, John(jsmith)/Smith, John(jsmith)_submissionText.html": b"",
            f"Smith, John(jsmith)/Submission attachment(s)/{name}": code.encode("utf-8")}


SHAPES = {"redefined-notebook": redefined_notebook, "databricks-source": databricks_source,
          "erroring-cell": erroring_cell_notebook, "brightspace-zip": brightspace_zip, "sakai-folder": sakai_folder}

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    "bug-jax-exp-input": ("correct-jax-defvjp", [("    return e, e\n", "    return e, x\n")]),
    "bug-torch-mul-self-data": ("correct-torch-needs-input-grad", [("grad_a = b * grad_output",
                                                                    "grad_a = a * grad_output")]),
    "bug-dispatch-rsub-order": ("correct-singledispatchmethod-dunders", [("return (-self) + other",
                                                                          "return self + (-other)")]),
    "bug-spec-tanh-one-minus-t": ("correct-spec-metaclass", [("| 1 - y**2", "| 1 - y")]),
    "bug-kwonly-pow-no-minus-one": ("correct-dataclass-slots-kwonly", [("k * self.data ** (k - 1)",
                                                                         "k * self.data ** k")]),
    "bug-match-log-output": ("correct-match-class-patterns", [("a.grad += g / a.data", "a.grad += g / self.data")]),
    "bug-cells-relu-ge": ("correct-closure-cells", [("(1.0 if out.data > 0 else 0.0)",
                                                     "(1.0 if out.data >= 0 else 0.0)")]),
    "bug-lazy-grad-starts-one": ("correct-lazy-iterative", [("        self.grad = 0.0\n        self.args",
                                                             "        self.grad = 1.0\n        self.args")]),
    "bug-iadd-sub-as-add": ("correct-iadd-rebind", [("out += -other", "out += other")]),
    "bug-eqdata-forward-order": ("correct-eq-data-hash-id", [("for node in reversed(topo):", "for node in topo:")]),
    "bug-contextvar-add-assign": ("correct-contextvar-grads", [(
        "grads[parent] = grads.get(parent, 0.0) + local * g", "grads[parent] = local * g")]),
    "bug-vendored-tanh-input": ("correct-vendored-package-patched", [(
        "self.grad += (1 - t**2) * out.grad", "self.grad += (1 - self.data**2) * out.grad")]),
    "bug-formulas-neg-self": ("correct-eval-formulas", [("    def __neg__(self):\n        return self * -1\n",
                                                         "    def __neg__(self):\n        return self\n")]),
    "bug-frozen-no-visited": ("correct-frozen-dataclass-box", [(
        "            elif id(node) not in visited:\n                visited.add(id(node))\n", "            else:\n")]),
    "bug-cstyle-rtruediv-order": ("correct-c-style-index-stack", [("return o * self ** -1", "return self * o ** -1")]),
    "bug-adjoint-direct-children-only": ("correct-adjoint-dict-pure", [("    order = topological(out)\n",
                                                                        "    order = [*out.parents, out]\n")]),
    "bug-attached-no-seed": ("correct-free-functions-attached", [(
        "        self.grad = 1.0\n        for node in reversed(order):\n", "        for node in reversed(order):\n")]),
    "bug-databricks-mul-assign": ("shape-databricks-source", [(
        "            self.grad += other.data * out.grad\n            other.grad += self.data * out.grad",
        "            self.grad = other.data * out.grad\n            other.grad = self.data * out.grad")]),
    "bug-sakai-exp-input": ("shape-sakai-folder", [("self.grad += out.data * out.grad",
                                                    "self.grad += math.exp(self.data - 1) * out.grad")]),
}


def _handed():
    return sorted((FRESH / "engine").iterdir())


def _has_all(path, patches):
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return False
    return all(old in text for old, _ in patches)


def _class(folder):
    """Each shape of the reference solution, each engine handed in, each planted mistake."""
    planted_in = {}
    for case, (base, patches) in PLANTED.items():
        planted_in.setdefault(base, []).append((case, patches))
    for shape, make in SHAPES.items():
        case = f"shape-{shape}"
        versions = [(case, SOLUTION)] + [(made, _patched(SOLUTION, patches, made))
                                         for made, patches in planted_in.get(case, [])]
        for made, code in versions:
            (folder / made).mkdir()
            _write(folder / made, make(code, "engine.py"))
    for case in _handed():
        shutil.copytree(case, folder / case.name)
        for planted, patches in planted_in.get(case.name, []):
            shutil.copytree(case, folder / planted)
            path = next(p for p in sorted((folder / planted).rglob("*.*")) if _has_all(p, patches))
            path.write_text(_patched(path.read_text(encoding="utf-8"), patches, planted), encoding="utf-8")


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("strangers33")
    (tmp / "class").mkdir()
    _class(tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


FULL = [*(f"shape-{shape}" for shape in SHAPES if shape != "erroring-cell"),
        *(case.name for case in _handed() if case.name.startswith("correct-"))]
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    **{case: (63.0, [], []) for case in FULL},
    # a demo cell below the engine raises (the engine's own assert): run top to bottom, the notebook stops there
    # session 41: graded as Run All leaves it, the engine's cells above the demo cell that raised (before: 0/63)
    "shape-erroring-cell": (63.0, ["engine/imports"], []),
    "bug-jax-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-torch-mul-self-data": (16.5, 40, [("variant", "mul-self-data", "exact")]),
    "bug-dispatch-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-spec-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                  [("variant", "tanh-one-minus-t", "exact")]),
    "bug-kwonly-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    "bug-match-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    # `out.data >= 0` is true for every relu output: the gradient passes wherever the input is, as it is named
    "bug-cells-relu-ge": (60.6667, ["relu/negative", "relu/positive", "relu/zero"],
                          [("variant", "relu-pass-through", "exact")]),
    "bug-lazy-grad-starts-one": (3.0, 48, [("variant", "grad-starts-one", "exact")]),
    "bug-iadd-sub-as-add": (61.0, ["sub/constant", "sub/values"], [("variant", "sub-as-add", "exact")]),
    "bug-eqdata-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),  # shared/diamond, drawn
    # the walk's one `grads[parent] = ...`: every op's rule at once
    "bug-contextvar-add-assign": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "exact")]),
    "bug-vendored-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                [("variant", "tanh-input", "exact")]),
    "bug-formulas-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
    "bug-frozen-no-visited": (50.25, 7, [("variant", "no-visited", "style")]),
    "bug-cstyle-rtruediv-order": (62.0, ["div/constant"], [("variant", "rtruediv-order", "exact")]),
    "bug-adjoint-direct-children-only": (30.8333, 26, [("variant", "direct-children-only", "style")]),
    "bug-attached-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-databricks-mul-assign": (35.0, 20, [("variant", "mul-assign-not-accumulate", "exact")]),
    # exp's local as exp(x - 1): a constant factor off, said as such
    "bug-sakai-exp-input": (61.0, ["exp/negative", "exp/values"], [("derivative", "exp", "times-constant")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*FULL, "shape-erroring-cell", *PLANTED])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    # before: no line (a walk's order and a gradient's start are no one op's): walk_places.py reads them
    ("bug-eqdata-forward-order", ("engine.py", 142)),  # `for node in topo:`
    ("bug-lazy-grad-starts-one", ("engine.py", 19)),  # `self.grad = 1.0` in __init__
    # before: line 28, `return self + Value(other)` (the Number case of `__add__`, which functools'
    # singledispatchmethod calls): a function a library calls for the student's method is a helper too
    ("bug-dispatch-rsub-order", ("engine.py", 81)),  # `return self + (-other)` in __rsub__
    # before: line 67, `return out`: a last line that only hands back a name gives way to the one above
    ("bug-iadd-sub-as-add", ("engine.py", 66)),  # `out += other`
    ("bug-match-log-output", ("engine.py", 118)),
    ("bug-cells-relu-ge", ("engine.py", 60)),
    ("bug-kwonly-pow-no-minus-one", ("engine.py", 52)),
    ("bug-vendored-tanh-input", ("engine.py", 17)),
    ("bug-formulas-neg-self", ("engine.py", 50)),
    ("bug-cstyle-rtruediv-order", ("engine.py", 62)),
    ("bug-databricks-mul-assign", ("engine.py", 61)),
    ("bug-attached-no-seed", ("engine.py", 25)),  # `def backward` (no line sets the seed)
    ("bug-sakai-exp-input", ("Smith, John(jsmith)/Submission attachment(s)/engine.py", 101)),
    # the bwd's lambda that reads the residual, not the fwd's `return e, x` that chose it (two lines of one rule)
    ("bug-jax-exp-input", ("engine.py", 74)),
    # the last line of MulFn.backward that only mul runs (`return grad_a, grad_b`): the walk writes every gradient,
    # so which of the rule's lines computed the wrong one is not observed
    ("bug-torch-mul-self-data", ("engine.py", 66)),
    # session 35 (diag35; before: no line): the sort's one walk of a node's inputs, where no visited test is left
    ("bug-frozen-no-visited", ("engine.py", 85)),  # `for p in node.parents:`
    # left: a derivative in a string the engine compiles (`| 1 - y`), the walk's one `=`, an order of the output and
    # its inputs alone
    ("bug-spec-tanh-one-minus-t", (None, None)),
    ("bug-contextvar-add-assign", (None, None)),
    ("bug-adjoint-direct-children-only", (None, None)),
])
def test_a_finding_names_its_line(rows, case, place):
    assert (rows[case]["diagnosis"][0].get("file"), rows[case]["diagnosis"][0].get("line")) == place


def test_a_cell_that_raises_below_the_engine_stops_the_notebook(rows):
    assert rows["shape-erroring-cell"]["tests"][0]["output"] == (
        "hw2_engine.ipynb stopped at a cell that raised AssertionError: only constant int/float powers are supported "
        "(hw2_engine.ipynb, cell 2, line 60): the cells before it were graded, as Jupyter's Run All leaves them. Fix "
        "that cell or remove it.")


@pytest.mark.parametrize("variant,source,line", [
    ("forward-order", "class V:\n    def backward(self):\n        for n in reversed(self.order()):\n"
                      "            n._backward()\n", None),  # reversed: nothing to blame
    ("forward-order", "class V:\n    def backward(self):\n        for n in self.order():\n            n._backward()\n", 3),
    ("forward-order", "class V:\n    def backward(self):\n        walk(self)\n\n\ndef walk(v):\n    for n in order(v):\n"
                      "        RULES[n.op](n)\n", 7),  # in a function backward() calls
    # a recursive sort's `for child in v._prev: build(child)` walks one node's inputs, not an order
    ("forward-order", "class V:\n    def backward(self):\n        def build(v):\n            for c in v._prev:\n"
                      "                build(c)\n        for n in topo:\n            n._backward()\n", 6),
    ("forward-order", "class V:\n    def backward(self):\n        for n in a:\n            n._backward()\n"
                      "        for n in b:\n            n._backward()\n", None),  # two walks: which one is not known
    ("grad-starts-one", "class V:\n    def __init__(self):\n        self.data = 1\n        self.grad = 1.0\n"
                        "    def backward(self):\n        pass\n", 4),  # named as a gradient, beside `data = 1`
    ("grad-starts-one", "class V:\n    def __init__(self):\n        self.g = 1.0\n    def backward(self):\n"
                        "        pass\n", 3),
    ("grad-starts-one", "class V:\n    grad: float = 1.0\n    def backward(self):\n        pass\n", 2),  # a field
    ("grad-starts-one", "class V:\n    def __init__(self):\n        self.a = 1\n        self.b = 1\n"
                        "    def backward(self):\n        pass\n", None),  # two, neither a gradient by its name
    ("grad-starts-one", "class V:\n    def __init__(self):\n        self.grad = 1\n", None),  # no backward here
])
def test_a_walks_mistake_is_placed_from_the_source(variant, source, line):
    from grader.diagnose.walk_places import walk_place

    assert walk_place(variant, {"engine.py": source.encode()}) == line


def test_a_refusal_names_the_exercise_the_loader_was_given(tmp_path):
    # before: the exercise was guessed from the file's name (exercise_names.exercise_of: the first suite in course
    # order whose FILES hold nn.py), whatever the loader grading it knew; now it travels with the files
    from grader.load import load_entry
    from grader.load.exercise_names import ExerciseFiles, lone_other

    code = b"from engine import Value\n"
    given = ExerciseFiles({"engine.py", "nn.py"}, "07b-mlp-moons")
    assert str(lone_other("nn.py", code, given)) == (
        "nn.py is nn.py of exercise 07b-mlp-moons without its engine.py: hand in a folder or a zip holding engine.py "
        "and nn.py together, or the exercise's notebook, 07b-mlp-moons.ipynb")
    assert "exercise 07-mlp-xor " in str(lone_other("nn.py", code, frozenset({"engine.py", "nn.py"})))  # no exercise
    (tmp_path / "hw").mkdir()
    (tmp_path / "hw" / "nn.py").write_bytes(code)
    (tmp_path / "hw" / "notes.txt").write_bytes(b"")
    assert load_entry(tmp_path / "hw", given).problem == (
        "no engine.py found in hw/, only nn.py of exercise 07b-mlp-moons (found: nn.py, notes.txt): hand in a folder "
        "or a zip holding engine.py and nn.py together, or the exercise's notebook, 07b-mlp-moons.ipynb")

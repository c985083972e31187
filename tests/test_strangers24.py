"""Session 24's strangers: engines and exercise files in shapes no earlier fixture has, graded by the real program.

`tests/fixtures/strangers24/<exercise>/` holds the correct submissions: engines that dispatch on the operand's type
with `functools.singledispatchmethod`, keep their gradients in a WeakKeyDictionary behind a property, make each op
a subclass of Value, build ops from `functools.partialmethod` over `operator` tables, compute in `decimal` (40
digits), pull each gradient from the node's consumers, keep data and grad in an `array('d')`, compute with `cmath`,
take keyword-only arguments and keep `_prev` as a dict, are saved with old Mac line ends (CR), form feeds and
German and Greek names, replay a class-level tape of weak references, are a `typing.NamedTuple` record, walk the
graph deepest first from a heap, take tanh's derivative as sech² of the input, sort recursively in a thread with a
large stack, keep the whole graph in module-level dicts, draw the graph with graphviz (micrograd's lecture
`draw_dot`), plot with matplotlib; notebooks that write the engine with `%%writefile` and import it (Colab's way),
append to it with `%%writefile -a`, and define it under `%%time`; gradchecks whose GradcheckResult is a
`collections.namedtuple` and whose tolerances are keyword-only, whose numerical_grad is a callable object, that take a
list of points, that use `match` and the walrus; networks whose modules register their attributes
(`__setattr__`), are built with `functools.reduce` and `itertools.pairwise`, draw their biases at random, keep their
weights in dicts, use `match`; Dual numbers that subclass float, that are made by `partialmethod` from tables, that
keep their pair in a list behind properties, a slotted dataclass that pattern-matches; test files (09) in camelCase,
with a Test* class that has an `__init__` (pytest collects none of it), with default arguments, a unittest case of
camelCase methods, stacked parametrize, tests wrapped by a `functools.wraps` decorator; neurons with
`SimpleNamespace` and `locals()`, with Fractions and `reduce`, with `match`; lines fitted by a loop that breaks
after its last loss, by recursion, by a dataclass. `PLANTED` plants one mistake of the course in many of them.

The holes these found, each closed as a class:
- A notebook that writes its engine with `%%writefile engine.py` and imports it (`from engine import Value`), as
  Colab notebooks do, scored 0/63 ("cannot import name 'Value' from partially initialized module 'engine'"): the
  cell was dropped as another language. grader/load/notebooks.py now puts a written module's code where the
  notebook imports it (or `%run`s it), and the import binds what it names.
- An engine that imports a module the sandbox does not have, for something no probe calls (`from graphviz import
  Digraph` above micrograd's `draw_dot`, `import matplotlib.pyplot as plt`), scored 0/63 (ModuleNotFoundError):
  such an import, outside a `try`, is now an empty stand-in, refused when used (grader/forbidden.absent_imports,
  the worker's last meta-path finder).
- 09 ran the tests of a `Test*` class with an `__init__` of its own, which pytest does not collect: a file pytest
  passes scored 0/38.

Left: an engine whose relu returns its operand itself where it is positive (no new node) gives that alias the
gradient of the node it stands for: the random graphs read it as the relu's own and charge 0.5 of 63 (docs/
exercise-authors.md, limits).
"""

import json
import re
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import FILE, _output, _rows, assert_every_submission_is_in_a_table, assert_scored_and_named
from test_fresh_styles21 import _reference_tests, _write_tests_file
from test_strangers23 import _planted

FRESH = Path(__file__).parent / "fixtures" / "strangers24"
ROOT = Path(__file__).parent.parent

ENGINE = {
    **{case: (63.0, [], []) for case in [
        "correct-array-storage", "correct-cmath-real", "correct-cr-formfeed-unicode", "correct-decimal",
        "correct-depth-heap", "correct-global-adjacency", "correct-kwonly-dict-prev", "correct-namedtuple-record",
        "correct-notebook-time-capture", "correct-partialmethod-operator", "correct-pull-consumers", "correct-sech2",
        "correct-singledispatch", "correct-subclass-per-op", "correct-thread-recursion", "correct-weak-class-tape",
        "correct-weakkey-grads",
        # 0/63 before: `from graphviz import Digraph` (ModuleNotFoundError); a notebook whose engine is written by
        # %%writefile (and appended to by %%writefile -a) and imported ("partially initialized module 'engine'")
        "correct-graphviz-draw", "correct-notebook-writefile", "correct-notebook-writefile-append"]},
    # numpy is forbidden (the from-scratch point, as any numpy import), matplotlib absent: imported, never used
    # (0/63 before: "No module named 'matplotlib'")
    "numpy-matplotlib-demo": (62.0, ["engine/from-scratch"], []),
    # the limit left (docs/exercise-authors.md): relu returns its operand where it is positive, so the relu node of a
    # random graph is that operand, and reads the operand's gradient; every leaf's is right
    "shortcut-relu-returns-self": (62.5, ["random/reference-1-8", "random/torch-9-16"], []),
    # a consumer outside the output's graph is pulled from too: its gradient is 0 in a fresh graph, so only a second
    # backward() through a shared leaf shows it, which no probe of the engine suite makes (one backward() a probe:
    # docs/contract.md 2; docs/exercise-authors.md, limits)
    "bug-pull-unreached-consumers": (63.0, [], []),
    # 26.6667 before holes28: relu/positive's relu(a) * a * 3, where relu(a) is a, is right for it
    "bug-cr-mul-self-for-both": (26.8334, 32, [("derivative", "mul", "other-for-both")]),
    "bug-decimal-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    # 0/63 before (graphviz); no recursive-topo hint: the recursive `build` is draw_dot's trace, which backward()
    # never calls (said before this session)
    "bug-graphviz-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    # deepest first is a topological order; shallowest first is none: charged by the tests of order and sharing;
    # its numbers are those of a walk that runs each rule as it reaches the node (session 28's walk: nothing before)
    "bug-heap-shallow-first": (50.25, ["backward/order", "micrograd/more-ops", "micrograd/sanity-check",
                                       "random/reference-1-8", "random/torch-9-16", "shared/deep-diamond",
                                       "shared/intermediate"], [("walk", "depth-first-pre-order", "exact")]),
    # a parent met twice keeps one local derivative (as `=` in a rule: the tests of shared nodes), nothing said
    # a parent's partial overwritten where it is both inputs (a * a): `=` for `+=` in `*`, in its numbers
    "bug-kwonly-dict-overwrites": (43.0, 12, [("variant", "mul-assign-not-accumulate", "style")]),
    "bug-namedtuple-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"],
                                        [("variant", "pow-no-minus-one", "exact")]),
    # 0/63 before (the %%writefile'd engine)
    "bug-notebook-writefile-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                          [("variant", "tanh-input", "exact")]),
    "bug-partialmethod-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-tape-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-weakkey-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                     [("variant", "tanh-one-minus-t", "exact")]),
}

GRADCHECK = {
    # the notebook's gradcheck.py and engine.py written by %%file, imported `as` another name and %run (0/15 before)
    **{case: (15.0, [], []) for case in ["correct-callable-instance", "correct-list-or-scalar",
                                         "correct-namedtuple-kwonly", "correct-notebook-file-import-as",
                                         "correct-walrus-match"]},
    "bug-callable-one-sided": (12.0, ["numerical/known-functions"], []),
    "bug-namedtuple-ignores-h": (13.0, ["numerical/given-h"], []),
    "bug-walrus-relative-only": (14.0, ["gradcheck/zero-gradient"], []),
}

MLP = {
    # engine.py and nn.py written by %%writefile, `from nn import ...` (0/23 before; of 24 since holes28)
    **{case: (24.0, [], []) for case in ["correct-dict-weights", "correct-match-while",
                                         "correct-notebook-writefile-modules", "correct-random-bias",
                                         "correct-reduce-chain", "correct-registry-setattr"]},
    "bug-dict-update-plus": (21.0, ["train/train-xor"], []),
    "bug-match-no-zero-grad": (21.0, ["train/train-xor"], []),
    "bug-notebook-writefile-no-zero-grad": (21.0, ["train/train-xor"], []),  # 0/23 before
    # charged on forward/mlp alone since holes28 (10/23 before: backward/mlp, forward/parameter-order and the three
    # training tests too)
    "bug-registry-last-layer-tanh": (22.0, ["forward/mlp"], []),
}

DUAL = {
    **{case: (20.0, [], []) for case in ["correct-float-subclass", "correct-list-props", "correct-partialmethod-table",
                                         "correct-slots-dataclass-match"]},
    "bug-float-cos-sign": (19.0, ["beyond/sin-cos"], []),
    "bug-list-quotient-sign": (18.0, ["rule/quotient"], []),
    "bug-partialmethod-tanh-one-minus-t": (19.0, ["rule/tanh"], []),
}

WRITE_TESTS = {
    # a Test* class with an __init__, which pytest does not collect, whose test fails on any engine (0/38 before)
    **{case: (38.0, [], []) for case in ["correct-camelcase", "correct-class-with-init", "correct-default-args",
                                         "correct-stacked-parametrize", "correct-unittest-camel",
                                         "correct-wrapped-decorator"]},
    "bug-camelcase-no-relu-zero": (37.0, ["catches/relu-at-zero"], []),
}

NEURON = {
    **{case: (16.0, [], []) for case in ["correct-fraction-reduce", "correct-match-walrus",
                                         "correct-simplenamespace-kwargs"]},
    "bug-match-tanh-is-relu": (14.0, ["tanh/points"], []),
    "bug-namespace-relative-to-reference": (15.0, ["compare/zero-against-nonzero"], []),
}

FIT_LINE = {
    **{case: (13.0, [], []) for case in ["correct-dataclass-reduce", "correct-range-break", "correct-recursive-steps"]},
    "bug-dataclass-loss-after-update": (12.0, ["history/shape"], []),
    "bug-range-sum-not-mean": (11.0, ["loss/mean"], []),
    "bug-recursive-never-cleared": (11.0, ["step/second"], []),
}

TABLES = {"engine": ENGINE, "06-gradcheck": GRADCHECK, "07-mlp-xor": MLP, "08-dual-numbers": DUAL,
          "09-write-tests": WRITE_TESTS, "10-neuron": NEURON, "11-fit-line": FIT_LINE}

# id -> (the correct submission it is planted in, [(text, replaced by), ...] in its exercise file or notebook)
PLANTED = {
    "engine": {
        "bug-weakkey-tanh-one-minus-t": ("correct-weakkey-grads", [("((self, 1 - t * t),)", "((self, 1 - t),)")]),
        "bug-partialmethod-exp-input": ("correct-partialmethod-operator", [
            ('"exp": (math.exp, lambda a, out: out)', '"exp": (math.exp, lambda a, out: a)')]),
        "bug-pull-unreached-consumers": ("correct-pull-consumers", [
            ("for c, local in v.consumers if id(c) in placed)", "for c, local in v.consumers)")]),
        "bug-kwonly-dict-overwrites": ("correct-kwonly-dict-prev", [
            ("self._prev[p] = self._prev.get(p, 0.0) + d", "self._prev[p] = d")]),
        "bug-tape-relu-ge": ("correct-weak-class-tape", [("(int(self.data > 0),)", "(int(self.data >= 0),)")]),
        "bug-namedtuple-pow-no-minus-one": ("correct-namedtuple-record", [("(k * self.data ** (k - 1),)",
                                                                            "(k * self.data ** k,)")]),
        "bug-decimal-log-output": ("correct-decimal", [("self.grad += out.grad / self.data",
                                                        "self.grad += out.grad / out.data")]),
        "bug-heap-shallow-first": ("correct-depth-heap", [("heap = [(-self.depth, -self.uid, self)]",
                                                           "heap = [(self.depth, -self.uid, self)]"),
                                                          ("(-i.depth, -i.uid, i)", "(i.depth, -i.uid, i)")]),
        "bug-graphviz-rsub-order": ("correct-graphviz-draw", [("def __rsub__(self, other): return other + (-self)",
                                                               "def __rsub__(self, other): return self + (-other)")]),
        "bug-cr-mul-self-for-both": ("correct-cr-formfeed-unicode", [("other.grad += self.data * aus.grad",
                                                                      "other.grad += other.data * aus.grad")]),
        "bug-notebook-writefile-tanh-input": ("correct-notebook-writefile", [
            ("self.grad += (1 - t**2) * out.grad", "self.grad += (1 - self.data**2) * out.grad")]),
    },
    "06-gradcheck": {
        "bug-namedtuple-ignores-h": ("correct-namedtuple-kwonly", [("lambda t: f(Value(t)).data, x, h)",
                                                                   "lambda t: f(Value(t)).data, x)")]),
        "bug-callable-one-sided": ("correct-callable-instance", [("weights = {+1: 0.5, -1: -0.5}",
                                                                  "weights = {+1: 1.0, 0: -1.0}")]),
        "bug-walrus-relative-only": ("correct-walrus-match", [("abs_diff <= atol + rtol * m)",
                                                               "abs_diff <= rtol * m)")]),
    },
    "07-mlp-xor": {
        "bug-registry-last-layer-tanh": ("correct-registry-setattr", [("nonlin=i != len(nouts) - 1", "nonlin=True")]),
        "bug-dict-update-plus": ("correct-dict-weights", [("p.data += -lr * p.grad", "p.data += lr * p.grad")]),
        "bug-match-no-zero-grad": ("correct-match-while", [("        model.zero_grad()\n", "")]),
        "bug-notebook-writefile-no-zero-grad": ("correct-notebook-writefile-modules", [
            ("        net.zero_grad()", "        pass  # net.zero_grad()")]),
    },
    "08-dual-numbers": {
        "bug-float-cos-sign": ("correct-float-subclass", [("-math.sin(self.value) * self.deriv)",
                                                          "math.sin(self.value) * self.deriv)")]),
        "bug-list-quotient-sign": ("correct-list-props", [("(da * b - a * db) / b ** 2",
                                                           "(da * b + a * db) / b ** 2")]),
        "bug-partialmethod-tanh-one-minus-t": ("correct-partialmethod-table", [
            ('"tanh": (math.tanh, lambda a: 1 - math.tanh(a) ** 2)',
             '"tanh": (math.tanh, lambda a: 1 - math.tanh(a))')]),
    },
    "09-write-tests": {
        "bug-camelcase-no-relu-zero": ("correct-camelcase", [
            ("def testReluDerivativeAtZeroIsZero():\n    a = Value(0.0)\n",
             "def _relu_at_zero():\n    a = Value(0.0)\n")]),
    },
    "10-neuron": {
        "bug-namespace-relative-to-reference": ("correct-simplenamespace-kwargs", [
            ("abs(g - r) / max(abs(g), abs(r))", "abs(g - r) / abs(r)")]),
        "bug-match-tanh-is-relu": ("correct-match-walrus", [("            y = n.tanh()\n",
                                                             "            y = n.relu()\n")]),
    },
    "11-fit-line": {
        "bug-range-sum-not-mean": ("correct-range-break", [("errors[0]) / len(errors)", "errors[0])")]),
        "bug-recursive-never-cleared": ("correct-recursive-steps", [("    w.grad, b.grad = 0.0, 0.0\n", "")]),
        "bug-dataclass-loss-after-update": ("correct-dataclass-reduce", [
            ("        return loss.data\n", "        return mse(self.w, self.b).data\n")]),
    },
}


def _entry(case_folder):
    """The notebook a case folder holds, or None for a folder of files."""
    notebooks = list(case_folder.glob("*.ipynb"))
    return notebooks[0] if notebooks else None


def _camel(name):
    first, *rest = name.split("_")
    return first + "".join(part[:1].upper() + part[1:] for part in rest)


def _filled(text):
    """A 09 fixture with the reference's tests filled in (tests/test_fresh_styles21.py's markers), and in the shapes
    this file's markers name: functions in camelCase, with default arguments, under a decorator; camelCase methods."""
    tests = _reference_tests()[1]
    shapes = {
        "# REFERENCE TESTS IN camelCase": [re.sub(r"def (test_\w+)\(", lambda m: f"def {_camel(m[1])}(", t, count=1)
                                           for t in tests],
        "# REFERENCE TESTS WITH DEFAULT ARGUMENTS": [t.replace("():", "(tol=1e-9, *, verbose=False):", 1)
                                                     for t in tests],
        "# REFERENCE TESTS, EACH UNDER @timed": ["@timed\n" + t for t in tests],
        "    # REFERENCE TESTS AS camelCase METHODS": [
            "    " + re.sub(r"def (test_\w+)\(\)", lambda m: f"def {_camel(m[1])}(self)", t, count=1).replace(
                "\n", "\n    ") for t in tests],
    }
    for marker, made in shapes.items():
        text = text.replace(marker + " (filled in by tests/test_strangers24.py)\n", "\n\n".join(made) + "\n")
    return _write_tests_file(text)


def _class(folder, exercise):
    """The exercise's class: each correct submission as it is handed in (a notebook as `<case>.ipynb`; files with the
    exercise's given engine where they bring none; a 09 file stored as engine_tests.py as test_engine.py), and each
    planted mistake."""
    given = ROOT / "exercises" / exercise / "engine.py"
    cases = {case.name: case for case in sorted((FRESH / exercise).iterdir())}
    for case, (base, patches) in {**{c: (c, []) for c in cases}, **PLANTED[exercise]}.items():
        source = cases[base]
        notebook = _entry(source)
        if notebook is not None:
            (folder / f"{case}.ipynb").write_bytes(_planted(notebook.read_bytes(), patches, case))
            continue
        shutil.copytree(source, folder / case)
        stored = folder / case / "engine_tests.py"
        if stored.exists():
            (folder / case / "test_engine.py").write_text(_filled(stored.read_text(encoding="utf-8")), encoding="utf-8")
            stored.unlink()
        path = folder / case / FILE[exercise]
        path.write_bytes(_planted(path.read_bytes(), patches, case))
        if not (folder / case / "engine.py").exists():
            shutil.copy(given, folder / case / "engine.py")


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise, make=_class) for exercise in TABLES}


def test_every_submission_is_in_a_table(rows):
    assert_every_submission_is_in_a_table(rows, TABLES, FRESH, PLANTED)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_submission_scores_and_is_named(rows, exercise, case):
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


def test_what_a_module_the_sandbox_lacks_says_where_it_is_used(rows):
    row = rows["engine"]["numpy-matplotlib-demo"]
    assert _output(row, "engine/from-scratch").startswith("imports `numpy` (engine.py, line 1): the engine must be "
                                                          "built from scratch")


# -- in process: the readings each hole was closed in -----------------------------------------------------

ENGINE_CELL = "%%writefile engine.py\nclass Value:\n    pass\n"


@pytest.mark.parametrize("cells,joined", [
    # written, then imported: the module's code where the import was; the import binds nothing more
    ([ENGINE_CELL, "from engine import Value\nv = Value()"], "class Value:\n    pass\nv = Value()\n"),
    # `import engine as e`: the notebook's own module under that name; a second import binds only
    ([ENGINE_CELL, "import engine as e, math\nfrom engine import Value as V"],
     'class Value:\n    pass\ne = __import__("sys").modules[__name__]\nimport math\nV = Value\n'),
    # appended to with -a, in a later cell; %run runs it each time
    ([ENGINE_CELL, "%%writefile -a engine.py\nx = 1\n", "%run engine.py\n%run -i ./engine\ny = 2"],
     "class Value:\n    pass\nx = 1\nclass Value:\n    pass\nx = 1\ny = 2\n"),
    # rewritten, then reloaded (Colab's way of taking an edit): the code as the file holds it now, where it reloads
    ([ENGINE_CELL, "import engine, importlib", "%%writefile engine.py\nV = 2\n", "importlib.reload(engine)\nv = 1"],
     'class Value:\n    pass\nengine = __import__("sys").modules[__name__]\nimport importlib\n\nV = 2\nv = 1\n'),
    # a module that imports another the notebook wrote: each module's code once, in the order it runs
    (["%%file helper.py\nK = 3\n", "%%writefile nn.py\nfrom helper import K\nW = K\n", "from nn import W"],
     "K = 3\nW = K\n"),
    # written and never imported, or not a module (data, a path in a folder): dropped, as before
    ([ENGINE_CELL, "%%writefile data.csv\nx,y\n", "%%writefile src/nn.py\nx = 1\n", "from src.nn import x"],
     "from src.nn import x\n"),
    # an import that shares its line with another statement, or is indented, is left as written
    ([ENGINE_CELL, "import engine; v = 1\nif True:\n    import engine"],
     "import engine; v = 1\nif True:\n    import engine\n"),
])
def test_a_module_the_notebook_writes_runs_where_it_is_imported(cells, joined):
    from grader.load.notebooks import join_code_cells

    assert join_code_cells(cells) == joined


def test_a_written_module_keeps_the_places_of_its_cell():
    from grader.load.notebooks import IPYTHON_STAND_INS, notebook_to_engine

    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# engine"},
             {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": ENGINE_CELL},
             {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
              "source": "x = 1\nfrom engine import Value"}]
    data = json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}).encode()
    code, places = notebook_to_engine(data, "carol.ipynb")
    assert code.decode() == IPYTHON_STAND_INS + "x = 1\nclass Value:\n    pass\n"
    # the engine's lines are cell 2's (lines 2 and 3, below the magic), where the student wrote them
    assert places[IPYTHON_STAND_INS.count("\n"):] == ((3, 1), (2, 2), (2, 3))


def test_a_module_run_again_and_again_is_refused_past_the_size_of_a_file():
    from grader.load.notebooks import notebook_to_engine
    from grader.load.reading import Rejected

    big = "%%writefile engine.py\n" + "x = 1  # " + "." * 100_000 + "\n"
    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": source}
             for source in [big, "%run engine.py\n" * 15]]
    data = json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}).encode()
    with pytest.raises(Rejected) as refused:
        notebook_to_engine(data, "carol.ipynb")
    assert str(refused.value).startswith("the code of carol.ipynb is too large (1.4 MiB; the limit is 1.0 MiB)")


def test_the_modules_a_submission_imports_that_the_sandbox_may_lack():
    from grader.forbidden import absent_imports

    engine = b"""import math, graphviz
import matplotlib.pyplot as plt
from numpy import exp
from helpers import dot
from autodiff.ops import add
from . import sibling
try:
    import tqdm
except ImportError:
    tqdm = None
def draw():
    from IPython.display import display
x = __import__("seaborn")
"""
    files = {"engine.py": engine, "helpers.py": b"import requests\n", "autodiff/__init__.py": b"",
             "autodiff/ops.py": b"from sympy import diff\n", "notes.txt": b"import pandas\n"}
    # the standard library, the submission's own modules and packages, the known (forbidden) ones, an import in a
    # `try`, relative imports and import calls are none of them
    assert absent_imports(files, ("numpy", "torch")) == ["IPython", "graphviz", "matplotlib", "requests", "sympy"]
    many = "\n".join(f"import m{i:03}" for i in range(100)).encode() + b"\nimport " + b"x" * 65 + b"\n"
    assert absent_imports({"engine.py": many}) == [f"m{i:03}" for i in range(64)]


def test_pytest_collects_no_test_class_with_a_constructor_of_its_own_nor_an_abstract_one():
    import abc

    from grader.suites import SUITES, suite_module

    probes = suite_module(SUITES / "09-write-tests", "probes")

    class TestPlain:
        def test_a(self):
            pass

    class TestInit:
        def __init__(self):
            pass

        def test_b(self):
            assert False

    class TestInherited(TestInit):
        pass

    class TestNew:
        def __new__(cls):
            return super().__new__(cls)

        def test_c(self):
            assert False

    class TestAbstract(abc.ABC):
        @abc.abstractmethod
        def helper(self):
            pass

        def test_d(self):
            self.helper()

    class TestConcrete(TestAbstract):
        def helper(self):
            pass

    found = [name for name, _ in probes._collect({
        "TestPlain": TestPlain, "TestInit": TestInit, "TestInherited": TestInherited, "TestNew": TestNew,
        "TestAbstract": TestAbstract, "TestConcrete": TestConcrete})]
    assert found == ["TestPlain.test_a", "TestConcrete.test_d"]


def test_a_recursive_function_that_backward_never_calls_is_no_sort_of_its():
    from grader.diagnose.hints import static_hints

    draw = """
import math

class Value:
    def __init__(self, data, _children=()):
        self.data, self.grad, self._prev, self._backward = data, 0.0, _children, lambda: None

    def backward(self):
        topo, seen, stack = [], set(), [(self, False)]
        while stack:
            v, done = stack.pop()
            if done:
                topo.append(v)
            elif v not in seen:
                seen.add(v)
                stack += [(v, True)] + [(c, False) for c in v._prev]
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()

def trace(root):
    nodes = set()
    def build(v):
        if v not in nodes:
            nodes.add(v)
            for child in v._prev:
                build(child)
    build(root)
    return nodes
"""
    assert [h["hint"] for h in static_hints({"engine.py": draw.encode()})] == []
    # the same recursive function, called by backward() (through a function of the file), is said
    called = draw.replace("        topo, seen, stack = [], set(), [(self, False)]\n",
                          "        topo = order(self)\n        seen, stack = set(), []\n") + """
def order(root):
    return list(trace(root))
"""
    assert [h["hint"] for h in static_hints({"engine.py": called.encode()})] == ["recursive-topo"]

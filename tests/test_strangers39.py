"""Session 39's strangers: engines in styles no earlier fixture has, graded in one batch.

`tests/fixtures/strangers39/engine/` holds 20 engines written by hand in styles no earlier fixture uses: every number
on one tape of two `array.array('d')` columns (a Value is only its row; the walk goes down the reachable rows, no
sort), backward() over the graph written out as JSON and read back (`json.dumps`/`loads`, node numbers and slopes),
op codes as bits of an `enum.IntFlag` (USES_OUT) dispatched by `match (op, args)`, the nodes found kept sorted by
serial number with `bisect.insort` (the newest popped first; `__lt__` raises), in-place operators defined on purpose
(`__iadd__`, `__isub__`, `__imul__` return new nodes; `-` built with `diff += ...`), `__bool__` that raises beside
`__float__`, `__int__` and `__round__` (every op reads `float(self)`), `__repr__`, `__str__` and `__format__` that
raise, only an n-ary sum and an n-ary product with rules (everything else through `sum()` and `math.prod()`, which
start at 0 and 1), the walk's order kept on the output and reused by a second backward(), a `__main__` block that
trains for 30 s (never run on import), `@` as the product, `2 ** a` by `__rpow__` (exp is `math.e ** self`) and
negation with its own slope -1, a file with a shebang and `# -*- coding: latin-1 -*-` (French, `donnée`), a notebook
with `%matplotlib`, `%autoreload`, `Value??`, `%%time`, `!pip`, `%whos` and ipywidgets imported in a try, the
lecture's recursive sort behind `sys.setrecursionlimit(50_000)` with a self-check on a 5,000-node chain at import, a
zip from macOS (`__MACOSX/` AppleDouble `._engine.py`, `.DS_Store`) whose backward sums into a local table before
it writes any `.grad`, the class named `Scalar` with `Value` handed out by the module's `__getattr__` (PEP 562, a
DeprecationWarning), Value assembled from mixins in three files (arithmetic.py, functions.py, graph.py), primitives
on floats decorated with their slopes (`@primitive(lambda x, y, out: (y, x))`), full typing (Generic, Protocol,
`@overload`, Final), and the reflected and derived operators made by class decorators. `PLANTED` plants one classic
mistake of shared/course.md in 12 of them, in new guises: the tape walked up (forwards), `=` into the node the JSON
names, tanh's slope from the input in a `match` case, no seed before the bisect walk, mul's rule from the node's own
data beside `__iadd__`, exp's from `float(self)`, negation as `math.prod([self])`, log's 1/output beside `__rpow__`,
pow without the -1 in a cached-order engine's closure, `2 - a` backwards in a notebook cell, relu'(0) = 1 in a
decorator's slope, `2 / a` backwards in a mixin file.

What these found (before -> after):
- Every correct engine scored 63/63 as written, with no finding; every planted mistake loses the points of its
  tests, once, and is named by its variant, each at its line but one.
- relu'(0) = 1 in the slope a decorator is handed (`@primitive(lambda x, out: (1 if x >= 0 else 0,))`) had no line:
  every line of the method Python calls is the one wrapper the decorator made for every op, and the lines of the
  functions it was handed were read only where the method's last line hands on (written_at.made_at). Where the
  method has no line of its own, those are read too: line 37, the decorator (before: none).
- A notebook whose `%run` files were not handed in named the first of them only (`min(unrun)`); an `nn.ipynb`
  whose `%run ./layers.py` made `Module` was graded 0/N, each test "your engine raised NameError: name 'Module' is
  not defined": a notebook is now refused where a missing `%run` leaves its top level reading a name nothing binds
  (exercise_names.unbound_at_import), the engine's as well as another exercise file's, and every missing file is
  named, in order, as data (`others`: items).
- `grade check`, `grade ci --json-out` and a notebook's check() say `grade run`'s row for all 32 entries, and the
  fleet (a redis-server and one `grade worker`) the whole row (bench/seams/matrix.py's check_row, ci_row,
  notebook_row, fleet_rows and differences, field by field), but for a check's fixed inputs where the row's drawn
  ones fail more, as in session 38: bug-json-assign-not-accumulate 25.8334 checked, 23.8334 graded;
  bug-tape-forward-order 16.1667 and 14.1667, each named alike.

Graded in one batch: 32 rows; the module 12.9 s of CPU with its surface and loader tests (11.9 user + 1.0 sys,
`/usr/bin/time python -m pytest -q -n 0 tests/test_strangers39.py`, under load 17 on two cores).

Left: an `nn.ipynb` whose missing `%run` leaves no name unbound at its top level (it only lacks `MLP`) keeps its row,
0 with "module 'nn' has no attribute 'MLP'": which names an exercise's file must make is nowhere declared.
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import assert_scored_and_named
from test_strangers36 import assert_a_surface_says_the_row, graded_class
from test_strangers38 import _notebook

FRESH = Path(__file__).parent / "fixtures" / "strangers39"

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    "bug-tape-forward-order": ("correct-array-tape", [("for row in sorted(reach, reverse=True):",
                                                       "for row in sorted(reach):")]),
    "bug-json-assign-not-accumulate": ("correct-json-roundtrip", [("by_uid[uid].grad += slope * g",
                                                                   "by_uid[uid].grad = slope * g")]),
    "bug-intflag-tanh-input": ("correct-intflag-match", [("return (1 - self.data ** 2,)",
                                                          "return (1 - self.args[0].data ** 2,)")]),
    "bug-bisect-no-seed": ("correct-bisect-serial", [("        self.grad = 1.0\n        pending = ",
                                                      "        pending = ")]),
    "bug-iadd-mul-self-data": ("correct-iadd-inplace-ops", [("self.grad += other.data * out.grad",
                                                             "self.grad += self.data * out.grad")]),
    "bug-truthless-exp-input": ("correct-truthless-float", [("return Value(e, (self,), (e,))",
                                                             "return Value(e, (self,), (float(self),))")]),
    "bug-prod-neg-self": ("correct-sum-prod-builtins", [("return math.prod([self, -1])",
                                                         "return math.prod([self])")]),
    "bug-rpow-log-output": ("correct-matmul-rpow-neg", [(
        "return Value(math.log(self.data), ((self, 1.0 / self.data),))",
        "return Value(math.log(self.data), ((self, 1.0 / math.log(self.data)),))")]),
    "bug-cached-pow-no-minus-one": ("correct-cached-order", [("lambda g: (k * x ** (k - 1) * g,)",
                                                              "lambda g: (k * x ** k * g,)")]),
    "bug-widgets-rsub-order": ("correct-widgets-notebook.ipynb", [(
        "Value.__rsub__ = lambda self, other: _lift(other) + (-self)",
        "Value.__rsub__ = lambda self, other: self + (-_lift(other))")]),
    "bug-decorator-relu-at-zero": ("correct-primitive-decorator", [("(1 if x > 0 else 0,)", "(1 if x >= 0 else 0,)")]),
    "bug-mixin-rtruediv-order": ("correct-mixin-modules", [("return self._lift(other) / self",
                                                            "return self / self._lift(other)")]),
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The class graded by `grade run` once: (its folder, {id: row})."""
    return graded_class(tmp_path_factory.mktemp("strangers39"), FRESH / "engine", PLANTED)


@slow_fixture(scope="module")
def rows(graded):
    return graded[1]


CORRECT = sorted(p.name.removesuffix(".ipynb").removesuffix(".zip") for p in (FRESH / "engine").iterdir())
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    **{case: (63.0, [], []) for case in CORRECT},
    "bug-tape-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-json-assign-not-accumulate": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "style")]),
    "bug-intflag-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                               [("variant", "tanh-input", "exact")]),
    "bug-bisect-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-iadd-mul-self-data": (16.5, 40, [("variant", "mul-self-data", "exact")]),
    "bug-truthless-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-prod-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
    "bug-rpow-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-cached-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    "bug-widgets-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-decorator-relu-at-zero": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-mixin-rtruediv-order": (62.0, ["div/constant"], [("variant", "rtruediv-order", "exact")]),
}


def test_every_submission_is_in_the_table(rows):
    assert len(CORRECT) == 20
    assert sorted(rows) == sorted(TABLE) == sorted([*CORRECT, *PLANTED])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    ("bug-tape-forward-order", ("engine.py", 86, None)),  # `for row in sorted(reach):`
    ("bug-json-assign-not-accumulate", ("engine.py", 101, None)),  # `by_uid[uid].grad = slope * g`
    ("bug-intflag-tanh-input", ("engine.py", 93, None)),  # the `match` case's `return (1 - self.args[0].data ** 2,)`
    ("bug-bisect-no-seed", ("engine.py", 70, None)),  # `def backward(self):`
    ("bug-iadd-mul-self-data", ("engine.py", 30, None)),
    ("bug-truthless-exp-input", ("engine.py", 77, None)),
    ("bug-prod-neg-self", ("engine.py", 46, None)),  # `return math.prod([self])`
    ("bug-rpow-log-output", ("engine.py", 76, None)),
    ("bug-cached-pow-no-minus-one", ("engine.py", 31, None)),  # the closure `lambda g: (k * x ** k * g,)`
    ("bug-widgets-rsub-order", ("bug-widgets-rsub-order.ipynb", 3, 7)),  # `Value.__rsub__ = lambda ...`, cell 7
    # before: none (every line of the method Python calls is the decorator's one wrapper); now the decorator's line
    ("bug-decorator-relu-at-zero", ("engine.py", 37, None)),
    ("bug-mixin-rtruediv-order", ("arithmetic.py", 32, None)),  # a mixin's file
])
def test_a_finding_names_its_line(rows, case, place):
    finding = rows[case]["diagnosis"][0]
    assert (finding.get("file"), finding.get("line"), finding.get("cell")) == place


@pytest.mark.parametrize("case,surface", [
    ("correct-widgets-notebook", "notebook"), ("bug-widgets-rsub-order", "notebook"),
    ("correct-renamed-getattr", "check"), ("bug-decorator-relu-at-zero", "check"),
    ("correct-latin1-shebang", "ci"), ("bug-mixin-rtruediv-order", "ci"),
])
def test_a_students_surface_says_what_grade_run_says(graded, tmp_path, case, surface):
    """`grade check`, `grade ci --json-out` and a notebook's check() after Run All (bench/seams/matrix.py) give the
    row `grade run` gave, as its student may see it (a notebook names its places its own way)."""
    assert_a_surface_says_the_row(graded, tmp_path, case, surface)


_NN = (Path(__file__).parent.parent / "exercises" / "07-mlp-xor" / "nn.py").read_text(encoding="utf-8")
_MLP = "class MLP" + _NN.partition("class MLP")[2]  # the exercise's nn.py from its MLP on: Module, Neuron, Layer gone


@pytest.mark.parametrize("cells,refused,others", [
    # before: graded, 0 on every test, "NameError: name 'Module' is not defined (nn.ipynb, cell 2, line 1)"
    (("%run ./layers.py", _MLP), "hw/nn.ipynb runs `%run ./layers.py`, which was not handed in with it: hand in the "
                                 "folder (or a zip) with both files", None),
    # before: named layers.py alone (the first by name), though both were missing
    (("%run ./layers.py\n%run -i ./helpers.ipynb", _MLP),
     "hw/nn.ipynb runs files with `%run` that were not handed in with it: layers.py and helpers.ipynb; hand in the "
     "folder (or a zip) with all of them", ["layers.py", "helpers.ipynb"]),
    # left: nothing read at its top level is unbound (it only lacks MLP, which no code names): graded, as before
    (("%run ./layers.py", "from engine import Value\nTARGETS = [-1.0, 1.0]"), None, None),
    # a name bound in an `if` may be bound: no longer read from there
    (("%run ./layers.py", "if True:\n    Module = object\n" + _MLP), None, None),
])
def test_an_nn_notebook_whose_run_leaves_a_name_unbound_is_refused_naming_every_file(tmp_path, cells, refused,
                                                                                       others):
    import shutil

    from grader.load import allowed_files, load_entry
    from grader.suites import load_suite

    (tmp_path / "hw").mkdir()
    shutil.copy(Path(__file__).parent.parent / "exercises" / "07-mlp-xor" / "engine.py", tmp_path / "hw")
    (tmp_path / "hw" / "nn.ipynb").write_bytes(_notebook(*cells))
    sub = load_entry(tmp_path / "hw", allowed_files(load_suite("07-mlp-xor")))
    assert sub.problem == refused
    if others is not None:
        assert sub.problem_message["params"] == {"file": "hw/nn.ipynb",
                                                "others": {"items": others, "join": "and"}}


def test_an_engine_notebook_names_every_file_it_runs_that_is_missing(tmp_path):
    from grader.load import load_entry

    (tmp_path / "alice.ipynb").write_bytes(_notebook("%run ./ops.py", "%run core.ipynb\nclass Value:\n    pass",
                                                     "Value.__add__ = add"))
    assert load_entry(tmp_path / "alice.ipynb").problem == (
        "alice.ipynb runs files with `%run` that were not handed in with it: ops.py and core.ipynb; hand in the "
        "folder (or a zip) with all of them")


@pytest.mark.parametrize("code,unbound", [
    ("class MLP(Module):\n    pass", ["Module"]),
    ("import math\nfrom engine import Value\nx = Value(math.pi) + y", ["y"]),
    ("def f(a=b):\n    return c", ["b"]),  # a default runs at the def; the body does not
    ("@dataclass\nclass P:\n    x: int = 0", ["dataclass"]),
    ("xs = [k * 2 for k in range(3)]\nf = lambda t: t + u", []),  # a comprehension's and a lambda's own names
    ("x += 1", ["x"]),
    ("from layers import *\nclass MLP(Module):\n    pass", []),  # a star import may bind anything
    ("def setup():\n    global Module\n    Module = object\nsetup()\nclass MLP(Module):\n    pass", []),
    ("try:\n    Module\nexcept NameError:\n    Module = object", []),  # what a try may catch is not read
    ("print(len([]))\nprint(display)", ["display"]),
    ("NOTES = open('notes.txt').read()\nprint(help, exit, Ellipsis, __debug__)", []),  # review40: `open` is io's
])
def test_the_names_read_at_the_top_level_that_nothing_binds(code, unbound):
    from grader.load.exercise_names import unbound_at_import

    assert unbound_at_import(code.encode()) == unbound


def test_a_name_this_process_put_in_builtins_is_not_pythons(monkeypatch):
    """ci39b: IPython, imported by another test of the same worker, put `display` in builtins and the name read as
    bound; only Python's own builtins bind (the sandbox's interpreter has no IPython)."""
    import builtins

    from grader.load.exercise_names import unbound_at_import

    monkeypatch.setattr(builtins, "display", lambda *shown: None, raising=False)
    assert unbound_at_import(b"print(len([]))\nprint(display)\nprint(exit)") == ["display"]


def test_the_list_of_missing_files_is_said_in_the_courses_language():
    from grader.i18n import items, msg, translator

    text = msg("{file} runs files with `%run` that were not handed in with it: {others}; hand in the folder (or a "
               "zip) with all of them", file="nn.ipynb", others=items(["layers.py", "helpers.ipynb"]))
    assert translator("ru").render(text) == ("nn.ipynb выполняет файлы через `%run`, которые не сданы вместе с ним: "
                                            "layers.py и helpers.ipynb; сдайте папку (или архив .zip), где лежат "
                                            "все эти файлы")
    assert translator("zh").render(text) == ("nn.ipynb 用 `%run` 运行的文件没有与它一起提交：layers.py和helpers.ipynb；"
                                            "请提交包含所有这些文件的文件夹（或 .zip 压缩包）")

"""Session 38's strangers: engines in styles no earlier fixture has, graded in one batch.

`tests/fixtures/strangers38/engine/` holds 20 engines written by hand in styles no earlier fixture uses: a port from
Rust's `Rc<RefCell<Node>>` (every read a `borrow()`, every write a `borrow_mut()` guard that refuses a second one),
private fields mangled by Python (`self.__grad`, read as `node.__grad` inside the class), a Value that is also a
sequence (`__iter__`, `__len__`, `__getitem__`: `d, g = v`), one constructor `Value(*args, **kwargs)` filled from a
table of defaults (`Value("2.5")`, `Value(other)`, `backward(**options)` seeding with `options.get("gradient",
1.0)`), the order an `OrderedDict` filled by Kahn's count over the consumers (the root first, walked from the front),
three colours of marks in a `bytearray` indexed by serial number, an engine that speaks through `warnings` (a
`UserWarning` on every division, an `AccumulationWarning` on a second backward), backward in continuation-passing
style run by a trampoline, numbers stored as `float.hex()` text behind properties (`p.grad = p.grad + ...`), a
Value that forwards what it lacks to its float (`__getattr__`), the inputs of every node visited in a random order
(an unseeded `random.Random`), whole numbers kept as ints (`Value(2.0).data` is `2`, gradients too), asserts that
check the engine when it is imported (the class's numbers and a central difference), settings read from the
environment at import (`AUTOGRAD_ORDER`, `AUTOGRAD_EPS`), `__eq__` and `__hash__` by the data (`{Value(2),
Value(2.0)}` has one element; the walk keys by `id()`), every node in a `weakref.WeakValueDictionary` by serial
number (backward walks the ancestors' numbers from the newest down, no sort), a Value that subclasses `tuple`
(its gradient in a side table by `id()`), Smalltalk's double dispatch (`a + b` is `b._added_to(a)`, constants a
`Constant` subclass), division and subtraction as primitives of their own (`recip`, derivative -1/x²), and a
notebook with `from __future__ import annotations` at the top of two later cells (legal in Jupyter, where each cell
compiles alone), IPython magics and a `%%capture` training cell, and a folder whose engine.ipynb runs its class
from a second notebook beside it and its other ops from a .py (`%run ./engine_core.ipynb`, `%run -i ops.py`).
`PLANTED` plants one classic mistake of
shared/course.md in 13 of them, in new guises: `=` inside a `borrow_mut()` guard, mul's rule from the node's own
mangled data, gradients that start at 1 from the table of defaults, the walk reversed over an order already built
consumers first, a finished node's mark written back to 0 (new again), tanh's from the input in the CPS engine,
exp's from the input in hex storage, log's as 1/output behind `__getattr__`, `2 / a` backwards with a reciprocal
primitive, pow without the -1 in the tuple, `2 - a` backwards by double dispatch, tanh's 1 - t in a notebook cell,
exp's from the input in the .py a notebook `%run`s.

What these found (before -> after):
- The notebook that `%run`s the files beside it scored 0/63: "engine.ipynb could not be used: NameError: name 'Value'
  is not defined (engine.ipynb, cell 3, line 1)": `%run` reached only modules the notebook wrote with `%%writefile`.
  A `%run` of a file handed in beside the notebook now puts its code in that place, as IPython runs it
  (grader/load/written.py, notebooks.ran_beside): 63/63, and its planted mistake 61/63, named without a line.
- Every other correct engine 63/63 as written, with no finding; every planted mistake loses the points of its tests,
  once, and is named by its variant.
- Gradients that start at 1 from a table of defaults were said twice: beside the variant, a `no-seed` hint at
  `def backward(self, **options)` ("`backward()` never sets the output's gradient to 1"), wrong, since it seeds
  with `options.get("gradient", 1.0)`. A lookup's default is now read as what the seed may be
  (seed_source._default_of_a_lookup: `.get`, `.pop`, `.setdefault`, `getattr`): one finding, and it has its line,
  the `grad=1.0` of `dict(...)` (walk_reading._gradient_defaults_of_one; before: none).
- `=` in a walk that reads the node's gradient into a local by unpacking (`g, pairs = node.grad, ...` ... `p.grad =
  d * g`) had no line: rule_owner.reads_a_gradient follows each name of a tuple assignment (now line 162).
- No visited set where a finished node's mark is written back to the value the push is guarded by (`_marks[v.num] =
  0` for 2, `if _marks[k.num] == 0: stack.append(k)`) was named at the loop over the node's inputs (line 85), where
  no mistake is: now at the write-back (line 77, walk_reading.unmarked_again); where marks kept per node are read and
  no write-back is found, no line is guessed (walk_reading.mark_tested).
- Left without a line: a mistake in a file a notebook `%run`s (its lines have no place in the notebook; the finding
  names engine.ipynb); the walk reversed over an order built consumers first (`reversed(order.values())`); a reversed
  loop is never blamed for a walk forwards (session 33), and how the order was built is not read.
- `grade check`, `grade ci --json-out`, Gradescope's autograder and a notebook's check() say `grade run`'s row for all
  34 entries (bench/seams/matrix.py's comparison, field by field), but for a check's fixed inputs where the row's
  drawn ones fail more (bug-ordereddict-forward-order 16.1667 checked, 14.1667 graded); the fleet (a redis-server and
  one `grade worker`) gives every row as `grade run` does, and `grade serve` the two notebooks' (a folder is no
  upload).

Graded in one batch: 34 rows; the module 11.9 s of CPU with its eight surface tests (user + sys, `/usr/bin/time python
-m pytest -q -n 0 tests/test_strangers38.py`, under load 17 on two cores).
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import assert_scored_and_named
from test_strangers36 import assert_a_surface_says_the_row, graded_class

FRESH = Path(__file__).parent / "fixtures" / "strangers38"

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    "bug-refcell-assign-not-accumulate": ("correct-rc-refcell", [("p.grad += d * g", "p.grad = d * g")]),
    "bug-mangled-mul-self-data": ("correct-name-mangled", [(
        "(self, other), (other.__data, self.__data))", "(self, other), (self.__data, self.__data))")]),
    "bug-kwargs-grad-starts-one": ("correct-kwargs-defaults", [("data=0.0, grad=0.0,", "data=0.0, grad=1.0,")]),
    "bug-ordereddict-forward-order": ("correct-ordereddict-order", [("for node in order.values():",
                                                                     "for node in reversed(order.values()):")]),
    "bug-bytearray-no-visited": ("correct-bytearray-marks", [("_marks[v.num] = 2\n                topo.append(v)",
                                                              "_marks[v.num] = 0\n                topo.append(v)")]),
    "bug-cps-tanh-input": ("correct-cps-continuations", [("return Value(y, (self,), (1 - y ** 2,))",
                                                          "return Value(y, (self,), (1 - self.data ** 2,))")]),
    "bug-hex-exp-input": ("correct-hex-storage", [("return Value(e, (self,), (e,))",
                                                   "return Value(e, (self,), (x,))"),
                                                  ("        e = math.exp(self.data)\n",
                                                   "        x = self.data\n        e = math.exp(x)\n")]),
    "bug-delegate-log-output": ("correct-float-delegate-getattr", [(
        "return Value(math.log(self.data), (self,), (1.0 / self.data,))",
        "y = math.log(self.data)\n        return Value(y, (self,), (1.0 / y,))")]),
    "bug-recip-rtruediv-order": ("correct-recip-primitive", [("return Value.of(other) * self.recip()",
                                                              "return self * Value.of(other).recip()")]),
    "bug-tuple-pow-no-minus-one": ("correct-tuple-subclass", [("(n * self.data ** (n - 1),)",
                                                               "(n * self.data ** n,)")]),
    "bug-dispatch-rsub-order": ("correct-double-dispatch", [(
        "return self._negated()._added_to(Value.coerce(other))",
        "return Value.coerce(other)._negated()._added_to(self)")]),
    "bug-run-beside-exp-input": ("correct-run-beside", [("return Value(e, (self,), (e,))",
                                                          "return Value(e, (self,), (self.data,))")]),
    "bug-future-cells-tanh-one-minus-t": ("correct-future-cells.ipynb", [(
        "self.grad += (1 - t ** 2) * out.grad", "self.grad += (1 - t) * out.grad")]),
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The class graded by `grade run` once: (its folder, {id: row})."""
    return graded_class(tmp_path_factory.mktemp("strangers38"), FRESH / "engine", PLANTED)


@slow_fixture(scope="module")
def rows(graded):
    return graded[1]


CORRECT = sorted(p.name.removesuffix(".ipynb") for p in (FRESH / "engine").iterdir())
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    **{case: (63.0, [], []) for case in CORRECT},
    "bug-refcell-assign-not-accumulate": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "exact")]),
    "bug-mangled-mul-self-data": (16.5, 40, [("variant", "mul-self-data", "style")]),
    # before: a no-seed hint beside it ("`backward()` never sets the output's gradient to 1", at `def backward`),
    # where backward() seeds with `options.get("gradient", 1.0)`: the one mistake said twice, the second one wrong
    "bug-kwargs-grad-starts-one": (3.0, 48, [("variant", "grad-starts-one", "exact")]),
    "bug-ordereddict-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-bytearray-no-visited": (50.25, 7, [("variant", "no-visited", "style")]),
    "bug-cps-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"], [("variant", "tanh-input", "exact")]),
    "bug-hex-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-delegate-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-recip-rtruediv-order": (62.0, ["div/constant"], [("variant", "rtruediv-order", "exact")]),
    "bug-tuple-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    "bug-dispatch-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-run-beside-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-future-cells-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                          [("variant", "tanh-one-minus-t", "exact")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*CORRECT, *PLANTED])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    # before: none; `p.grad = d * g` under `with parent.cell.borrow_mut() as p:`, g unpacked from `node.grad` above
    ("bug-refcell-assign-not-accumulate", ("engine.py", 162, None)),
    # before: none; `_DEFAULTS = dict(data=0.0, grad=1.0, ...)`, the options `Value(*args, **kwargs)` is filled from
    ("bug-kwargs-grad-starts-one", ("engine.py", 5, None)),
    # before: line 85, `for k in v.kids:`; now `_marks[v.num] = 0`, the finished node made new again
    ("bug-bytearray-no-visited", ("engine.py", 77, None)),
    ("bug-mangled-mul-self-data", ("engine.py", 38, None)),  # `__mul__`'s `(self.__data, self.__data)`
    ("bug-cps-tanh-input", ("engine.py", 43, None)),
    ("bug-hex-exp-input", ("engine.py", 61, None)),
    ("bug-delegate-log-output", ("engine.py", 52, None)),
    ("bug-recip-rtruediv-order", ("engine.py", 40, None)),
    ("bug-tuple-pow-no-minus-one", ("engine.py", 42, None)),
    ("bug-dispatch-rsub-order", ("engine.py", 37, None)),
    ("bug-future-cells-tanh-one-minus-t", ("bug-future-cells-tanh-one-minus-t.ipynb", 18, 6)),
    # ops.py's `_exp`, which engine.ipynb `%run`s: said at ops.py's own line since diag40b (before: the notebook, no
    # line; the lines put in place had no place)
    ("bug-run-beside-exp-input", ("ops.py", 23, None)),
    # left: the one walk is `reversed(order.values())` over an order built consumers first (Kahn from the root); a
    # reversed loop is never blamed for a walk forwards (session 33), and the order's making is not read
    ("bug-ordereddict-forward-order", (None, None, None)),
])
def test_a_finding_names_its_line(rows, case, place):
    finding = rows[case]["diagnosis"][0]
    assert (finding.get("file"), finding.get("line"), finding.get("cell")) == place


@pytest.mark.parametrize("case,surface", [
    ("correct-future-cells", "notebook"), ("bug-future-cells-tanh-one-minus-t", "notebook"),
    ("correct-tuple-subclass", "check"), ("bug-kwargs-grad-starts-one", "check"),
    ("bug-bytearray-no-visited", "ci"), ("correct-warns-per-op", "ci"),
    ("correct-run-beside", "check"), ("bug-run-beside-exp-input", "ci"),
])
def test_a_students_surface_says_what_grade_run_says(graded, tmp_path, case, surface):
    """`grade check`, `grade ci --json-out` and a notebook's check() after Run All (bench/seams/matrix.py) give the
    row `grade run` gave, as its student may see it (a notebook names its places its own way)."""
    assert_a_surface_says_the_row(graded, tmp_path, case, surface)


@pytest.mark.parametrize("value,one", [
    ('options.get("gradient", 1.0)', True), ('kwargs.pop("seed", 1)', True), ('getattr(self, "seed", 1.0)', True),
    ('options.get("gradient", 0.0)', False), ('options.get("gradient")', False), ('options["gradient"]', False),
    ('getattr(self, "seed")', False),
])
def test_a_seed_looked_up_with_a_default_of_one_may_be_one(value, one):
    import ast

    from grader.diagnose.seed_source import can_be_one

    assert can_be_one(ast.parse(value, mode="eval").body) is one


_BACKWARD = """class Value:
    def __init__(self, data):
        self.data, self.grad, self.kids, self.num = data, 0.0, (), 0

    def backward(self):
{body}
"""


@pytest.mark.parametrize("body,line", [
    # a finished node written back to the value the push is guarded by: new again
    ("        marks, stack = bytearray(9), [self]\n        while stack:\n            v = stack.pop()\n"
     "            marks[v.num] = 0\n            for k in v.kids:\n                if marks[k.num] == 0:\n"
     "                    stack.append(k)", 9),
    # marked as the push expects (1 for 0): right, no line
    ("        marks, stack = bytearray(9), [self]\n        while stack:\n            v = stack.pop()\n"
     "            marks[v.num] = 1\n            for k in v.kids:\n                if marks[k.num] == 0:\n"
     "                    stack.append(k)", None),
    # Kahn's counter of another node set to 0 before it is pushed: no mark of the node visited
    ("        count, ready = {}, [self]\n        while ready:\n            v = ready.pop()\n"
     "            for k in v.kids:\n                count[k] = 0\n                if count[k] == 0:\n"
     "                    ready.append(k)", None),
])
def test_a_mark_written_back_to_new_is_where_a_node_is_visited_twice(body, line):
    from grader.diagnose.walk_places import walk_place

    assert walk_place("no-visited", {"engine.py": _BACKWARD.format(body=body)}) == line


@pytest.mark.parametrize("defaults,line", [
    ('_DEFAULTS = dict(data=0.0, grad=1.0)\n', 1), ('_DEFAULTS = {"data": 0.0, "grad": 1}\n', 1),
    ('_DEFAULTS = dict(data=1.0, grad=0.0)\n', None),  # the data starts at 1: no gradient
])
def test_a_gradient_filled_from_a_table_of_defaults_is_placed_at_its_default(defaults, line):
    from grader.diagnose.walk_places import walk_place

    source = defaults + _BACKWARD.format(body="        pass").replace(
        "self.data, self.grad, self.kids, self.num = data, 0.0, (), 0", "self.grad = _DEFAULTS['grad']")
    assert walk_place("grad-starts-one", {"engine.py": source}) == line


def test_a_gradient_unpacked_into_a_local_is_read_by_the_walk_that_assigns_from_it():
    import ast

    from grader.diagnose.source_patterns import grad_assignments
    from grader.diagnose.source_tree import tree_of

    source = _BACKWARD.format(body="        for node in self.order():\n            g, edges = node.grad, node.edges\n"
                                   "            for p, d in edges:\n                p.grad = d * g")
    ast.parse(source)
    tree = tree_of({"engine.py": source}, "engine.py")
    assert [h["lines"] for h in grad_assignments(tree, tree.parents, "engine.py")] == [[9]]


def _notebook(*cells) -> bytes:
    import json

    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "id": f"c{k}", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
        for k, source in enumerate(cells)]}).encode()


def _read(notebook: bytes, **beside):
    """The code read_notebook makes of NOTEBOOK, the files of BESIDE (name -> bytes) handed in beside it."""
    from grader.load.notebooks import IPYTHON_STAND_INS, read_notebook

    readers = {name: (lambda cap, data=data: data[:cap]) for name, data in beside.items()}
    engine, places, _ = read_notebook(notebook, "engine.ipynb", readers.get)
    code = engine.decode().split(IPYTHON_STAND_INS, 1)[1]
    return code, places[-len(code.splitlines()):]


def test_a_run_of_a_file_beside_the_notebook_runs_its_code_there():
    """`%run ./core.ipynb` and `%run -i ops.py` run those files' code in the notebook's namespace, as IPython does
    (before: dropped, so `Value` was a NameError below them: correct-run-beside 0/63); a `.py` file's lines are
    placed at its own lines (diag40b), a notebook's at its cells' (diag41: before, nowhere), the `%run` line keeps
    its own place."""
    code, places = _read(_notebook("%run ./core.ipynb\n%run -i ops.py", "y = Value(2.0) * 3"),
                         **{"core.ipynb": _notebook("class Value:\n    pass", "%run deeper.py"),
                            "ops.py": b"Value.relu = lambda self: self\n"})
    # core.ipynb's own `%run deeper.py` is not followed: its place, `pass`
    assert code.splitlines() == ["class Value:", "    pass", "", "pass", "pass", "Value.relu = lambda self: self",
                                 "pass", "", "y = Value(2.0) * 3"]
    assert places == (("core.ipynb", 1, 1), ("core.ipynb", 2, 1), None, ("core.ipynb", 1, 2), (1, 1), ("ops.py", 1),
                      (1, 2), None, (2, 1))


@pytest.mark.parametrize("beside", [
    {},  # no such file: IPython's %run fails there, the notebook goes on without its names, as before
    {"core.ipynb": b"{not json"},  # a file that cannot be read: the same
])
def test_a_run_of_a_file_that_is_not_there_is_dropped(beside):
    code, _ = _read(_notebook("%run ./core.ipynb", "y = Value(2.0)"), **beside)
    assert code.splitlines() == ["pass", "", "y = Value(2.0)"]


def test_the_code_a_run_puts_in_place_is_charged_to_the_notebooks_budget():
    from grader.load.reading import Rejected

    # six runs of a 0.9 MiB file: refused once four times the file limit is put in place, not built on
    with pytest.raises(Rejected) as refused:
        _read(_notebook("\n".join(["%run big.py"] * 6)), **{"big.py": b"x = 1  # " + b"z" * (900 << 10) + b"\n"})
    assert str(refused.value.message) == ("the code of engine.ipynb is too large (4.4 MiB; the limit is 1.0 MiB); "
                                          "remove outputs and data and submit again")


_RUN_BESIDE = Path(__file__).parent / "fixtures" / "strangers38" / "engine" / "correct-run-beside"
# session 39: both files it `%run`s are named, in order (before: engine_core.ipynb alone, `min` of a set)
_NOT_HANDED_IN = ("engine.ipynb runs files with `%run` that were not handed in with it: engine_core.ipynb and ops.py; "
                  "hand in the folder (or a zip) with all of them")


def test_a_notebook_whose_run_file_was_not_handed_in_is_refused_in_words(tmp_path):
    """correct-run-beside's engine.ipynb graded alone (`grade check FILE`, `grade run FILE`; before: 0/63, "NameError:
    name 'Value' is not defined", where its folder gives 63/63): its `%run ./engine_core.ipynb` names a file not
    handed in, and its cells make no `Value`. The files beside it on disk are not looked for: a notebook is graded
    as handed in, as in a class folder and in `grade serve`'s uploads."""
    import json
    import shutil

    from click.testing import CliRunner

    from grader.cli import main

    for name in ("engine.ipynb", "engine_core.ipynb", "ops.py"):
        shutil.copy(_RUN_BESIDE / name, tmp_path / name)
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", "--one-submission", "-e", "engine", str(tmp_path / "engine.ipynb"),
                                       "-o", str(out), "--no-cache", "--quiet"])
    (row,) = json.loads(out.read_text())["submissions"]
    assert (result.exit_code, row["status"], row["score"], row["message"]) == (1, "rejected", 0.0, _NOT_HANDED_IN)
    assert row["message_data"]["params"] == {"file": "engine.ipynb",
                                             "others": {"items": ["engine_core.ipynb", "ops.py"], "join": "and"}}
    result = CliRunner().invoke(main, ["check", "-e", "engine", str(tmp_path / "engine.ipynb")])
    assert (f"FAIL  engine.ipynb could not be read: {_NOT_HANDED_IN}\n"
            "Score on the visible tests: 0 (nothing could be graded).\n") in result.output


@pytest.mark.parametrize("cells,refused", [
    # a classmate's notebook beside alice's in the class folder is never pulled in
    (("%run ./bob.ipynb", "y = Value(2.0)"), "alice.ipynb runs `%run ./bob.ipynb`, which was not handed in with "
                                             "it: hand in the folder (or a zip) with both files"),
    # IPython's %run of a missing file runs nothing and the notebook goes on: one that makes its Value is graded
    (("%run ./setup.py", "class Value:\n    pass"), None),
    (("class Value:\n    pass",), None),  # no %run
])
def test_a_lone_notebook_is_refused_only_where_its_missing_run_leaves_it_no_value(tmp_path, cells, refused):
    from grader.load import load_entry

    (tmp_path / "alice.ipynb").write_bytes(_notebook(*cells))
    (tmp_path / "bob.ipynb").write_bytes(_notebook("class Value:\n    pass"))
    sub = load_entry(tmp_path / "alice.ipynb")
    assert sub.problem == refused


def test_the_refusal_is_said_in_the_courses_language():
    from grader.i18n import msg, translator

    text = msg("{file} runs `{command}`, which was not handed in with it: hand in the folder (or a zip) with both "
               "files", file="engine.ipynb", command="%run ./ops.py", other="ops.py")
    assert translator("ru").render(text) == ("engine.ipynb выполняет `%run ./ops.py`, а этот файл не сдан вместе "
                                            "с ним: сдайте папку (или архив .zip), где лежат оба файла")
    assert translator("zh").render(text) == ("engine.ipynb 运行 `%run ./ops.py`，但该文件没有与它一起提交：请提交同时包含"
                                            "这两个文件的文件夹（或 .zip 压缩包）")


def test_a_folder_whose_notebook_runs_a_file_it_lacks_is_refused_in_words(tmp_path):
    from grader.load import load_entry

    (tmp_path / "hw").mkdir()
    (tmp_path / "hw" / "engine.ipynb").write_bytes(_notebook("%run -i core.py", "y = Value(2.0)"))
    (tmp_path / "hw" / "notes.md").write_text("core.py is on my laptop\n")
    # session 39 (mend39b): the `%run` line as written (before: "runs `%run ./core.py`")
    assert load_entry(tmp_path / "hw").problem == ("hw/engine.ipynb runs `%run -i core.py`, which was not handed in "
                                                   "with it: hand in the folder (or a zip) with both files")

"""Session 31's strangers: engines and notebooks in styles no earlier fixture has, graded in one batch.

`tests/fixtures/strangers31/engine/` holds engines written by hand in styles no earlier fixture uses: each op a
staticmethod that gives back an `(out, backward)` pair, gradients kept outside the nodes in a dict keyed by `id()`
(with local derivatives stored per node and an iterator stack), every operator its own rule (a quotient rule for
`/`, a `neg` op, tanh built from exp, log clamped at an eps), numbers kept as `Decimal` inside with floats at the
edges, a class made by a call to `type()` from a dict of lambdas with walruses (micrograd in one cell), a scalar
`torch.autograd.Function` with `ctx.save_for_backward`, a package split over three modules with relative imports,
leaves whose rule raises an exception the walk catches, rules that yield `(input, local)` pairs with Kahn's algorithm
from the output, a visitor whose `visit_<op>` methods hold the rules, a Value made of three mixins, a walk that is a
coroutine run by `asyncio.run`, a backward() that runs each level of the graph in a thread pool, and a notebook that
defines `Value` over several cells and patches its methods on in later ones (tanh defined twice, the second with its
rule). `SHAPES` makes the reference solution into notebooks: a Colab one that mounts Google Drive and saves a
result file, one with a cell left that raised, and one where everything (with `%matplotlib inline` in the middle)
is one cell. `PLANTED` plants one mistake of the course in 19 of them, each a different one where it can be.

What these found:
- A correct engine whose backward() runs `asyncio.run(...)` scored 2/63: the event loop makes a socket pair for its
  wake-ups, and the sandbox's seccomp filter refuses `socketpair` (docs/security.md). The worker now loads
  asyncio's selector loop with a pipe for them (grader/sandbox/standins.py's SelfPipe): 63/63 (and the same engine
  with its gradients starting at 1, measured outside the suite to keep its time: 0/63 -> 3/63, as that mistake
  scores in any engine).
- A Colab notebook that writes a file in its own folder does not import (0/63): the folder is read-only where it is
  graded, as for a .py that writes beside itself (docs/security.md); the import test names the cell and line.
- Every planted mistake loses the points of its test and is named; a variant's finding carried no line (a
  derivative's did, session 30's where_written probe): one of an op's local derivative (tanh's `1 - t`, exp's input,
  relu at 0, `*`'s self.data, pow's exponent) now stands at the line that computes it (grader/engines.Variant.op,
  diagnose/written_at.py): of the 19 planted here, 3 -> 9 have a finding with a line; where a derivative finding of that op
  stands at that line too, the two are one finding (same_line._folded). Walk and seed variants, reflected
  operators and the id-dict engine (its locals computed in the forward pass) still carry none.

07-mlp-xor's and 11-fit-line's files here (`_class_nets`) were measured outside the suite, to keep its time (`grade
<folder> -e 07-mlp-xor`): a Layer that subclasses list with sums by `functools.reduce` and `itertools.pairwise`, and
the course's `MLP([2, 4, 1], seed=...)` with `__slots__` neurons, 24/24 each; no zero_grad 21/24 (train/train-xor
alone); the last layer tanh 22/24; every layer linear 11/24 -> 22/24 (6 tests charged before; forward/mlp alone now,
07's mistakes.py hidden-layers-linear); a bias drawn at random and left out of parameters() 9/24 (7 tests: left).
11-fit-line: an SGD step made once as a closure, a `Line` class with `__call__` and parameters(), 13/13 each; the
closure that never clears the gradients 11/13, b's gradient never cleared 11/13 (step/second, which names it).

Graded in one batch: 39 rows, about 6 s of CPU (`/usr/bin/time -v python -m pytest -q -n 0` on this module).
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, assert_scored_and_named
from test_strangers27 import _cells, _notebook, _patched, _write

from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "strangers31"
ROOT = Path(__file__).parent.parent
SOLUTION = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")

COLAB = '''from google.colab import drive
drive.mount('/content/drive')'''


def colab_drive_notebook(code, name):
    """A Colab notebook that mounts Google Drive, changes into a course folder and saves its results there."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "# md: Open in Colab, run all.", COLAB, "%cd /content/drive/MyDrive/dl-course\n!ls", "import math", code,
        "a = Value(2.0)\nb = (a * a).tanh()\nb.backward()\nwith open('results.txt', 'w') as f:\n"
        "    print(a.grad, file=f)\nfrom google.colab import files\nfiles.download('results.txt')"),
        metadata={"colab": {"provenance": [], "name": "engine.ipynb"},
                  "kernelspec": {"display_name": "Python 3", "name": "python3"}, "accelerator": "GPU"})}


ERROR_CELL = {"output_type": "error", "ename": "TypeError", "evalue": "unsupported operand type(s) for @",
              "traceback": ["TypeError: unsupported operand type(s) for @: 'Value' and 'Value'"]}


def error_left_notebook(code, name):
    """The engine, then a cell that raised when the student ran it (its error kept), then the demo that works."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "import math", code, "# does @ work? (it does not)\nValue(2.0) @ Value(3.0)",
        "x = Value(0.5)\ny = (x * 2).tanh()\ny.backward()\nx.grad", outputs={2: ([ERROR_CELL], 3)}))}


ONE_CELL = '''

# -- the demo, in the same cell ---
%matplotlib inline
xs = [Value(i / 10) for i in range(-10, 11)]
ys = [(x * 2 + 1).tanh() for x in xs]
for y in ys:
    y.backward()
print([round(x.grad, 3) for x in xs])'''


def one_cell_notebook(code, name):
    """Everything in one cell: the engine, a line magic in the middle of it, the demo (micrograd in one cell)."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells("import math\n" + code + ONE_CELL))}


SHAPES = {"colab-drive": colab_drive_notebook, "error-left": error_left_notebook, "one-cell": one_cell_notebook}

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    "bug-staticmethod-mul-self-data": ("correct-staticmethod-pairs", [("a.grad += b.data * out.grad",
                                                                       "a.grad += a.data * out.grad")]),
    "bug-id-dict-log-output": ("correct-id-dict-grads", [("(1 / self.data,)", "(1 / math.log(self.data),)")]),
    "bug-id-dict-recursive-sort": ("correct-id-dict-grads", [(
        "        order, done, stack = [], set(), [(self, iter(self.parents))]\n"
        "        done.add(id(self))\n"
        "        while stack:\n"
        "            node, rest = stack[-1]\n"
        "            for p in rest:\n"
        "                if id(p) not in done:\n"
        "                    done.add(id(p))\n"
        "                    stack.append((p, iter(p.parents)))\n"
        "                    break\n"
        "            else:\n"
        "                stack.pop()\n"
        "                order.append(node)\n",
        "        order, done = [], set()\n\n"
        "        def build(v):\n"
        "            if id(v) not in done:\n"
        "                done.add(id(v))\n"
        "                for p in v.parents:\n"
        "                    build(p)\n"
        "                order.append(v)\n"
        "        build(self)\n")]),
    "bug-quotient-sub-as-add": ("correct-quotient-rule", [("other.grad -= out.grad", "other.grad += out.grad")]),
    "bug-quotient-rtruediv-order": ("correct-quotient-rule", [("return _v(other) / self", "return self / _v(other)")]),
    "bug-decimal-pow-no-minus-one": ("correct-decimal-inside", [
        ("local = k * self._d ** (k - 1)", "local = k * self._d ** k"),
        ("local = _dec(k * float(self._d) ** (k - 1))", "local = _dec(k * float(self._d) ** k)")]),
    "bug-decimal-tanh-input": ("correct-decimal-inside", [("self._g += (1 - t * t) * out._g",
                                                           "self._g += (1 - self._d * self._d) * out._g")]),
    "bug-decimal-no-visited": ("correct-decimal-inside", [("            if v in visited:\n                continue\n",
                                                           "")]),
    "bug-one-cell-no-seed": ("correct-type-call-one-cell", [("    s.grad = 1.0\n", "")]),
    "bug-ctx-assign-not-accumulate": ("correct-function-ctx", [("x.grad += g", "x.grad = g")]),
    "bug-package-forward-order": ("correct-package-relative", [("reversed(topological_order(self))",
                                                                "topological_order(self)")]),
    "bug-leaf-raises-tanh-one-minus-t": ("correct-leaf-raises", [("(1 - out.data ** 2)", "(1 - out.data)")]),
    "bug-leaf-raises-direct-children": ("correct-leaf-raises", [("        for v in reversed(topo):\n",
                                                                 "        for v in [self, *self._prev]:\n")]),
    "bug-generator-exp-input": ("correct-generator-locals", [("yield self, e", "yield self, self.data")]),
    "bug-visitor-rsub-order": ("correct-visitor", [("return Value.lift(other) + -self",
                                                    "return self + -Value.lift(other)")]),
    "bug-visitor-relu-ge": ("correct-visitor", [("a.grad += (v.data > 0) * v.grad", "a.grad += (a.data >= 0) * v.grad")]),
    "bug-mixins-neg-self": ("correct-mixins", [("    def __neg__(self):\n        return self * -1",
                                                "    def __neg__(self):\n        return self")]),
    "bug-one-cell-mul-assign": ("shape-one-cell", [(
        "self.grad += other.data * out.grad\n            other.grad += self.data * out.grad",
        "self.grad = other.data * out.grad\n            other.grad = self.data * out.grad")]),
    "bug-monkeypatch-tanh-not-fixed": ("correct-notebook-monkeypatch", [(
        "Value.tanh = tanh\\n\",\n    \"Value(0.5).tanh()", "Value(0.5).tanh()")]),
}


def _handed():
    return sorted((FRESH / "engine").iterdir())


def _has_all(path, patches):
    text = path.read_text(encoding="utf-8")
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
    tmp = tmp_path_factory.mktemp("strangers31")
    (tmp / "class").mkdir()
    _class(tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


FULL = ["shape-one-cell", *(case.name for case in _handed() if case.name.startswith("correct-"))]
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    # 2/63 before SelfPipe: asyncio.run's loop made a socket pair, which the sandbox refuses (PermissionError)
    **{case: (63.0, [], []) for case in FULL},
    # the notebook saves a file in its folder (Colab's drive): the folder is read-only where it is graded; the hint
    # says so from the worker's errno (session 32, grader/diagnose/import_io.py; before: no diagnosis)
    # session 41: the cell that writes results.txt comes after the engine's, and Run All stops there (the cells
    # before it graded: sandbox/raised.ran_cells); before, 0/63 with a read-only-folder hint; session 42: the hint
    # again, from the stopped cell's errno (the worker reports its facts), in Run All's words
    "shape-colab-drive": (63.0, ["engine/imports"], [("hint", "read-only-folder", None)]),
    # a cell that raised is left in: Restart & Run All stops there too (docs/students.md); session 41: what the
    # cells above it define is graded (before: 0/63)
    "shape-error-left": (63.0, ["engine/imports"], []),
    "bug-staticmethod-mul-self-data": (16.5, 40, [("variant", "mul-self-data", "style")]),
    "bug-id-dict-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-id-dict-recursive-sort": (61.0, ["backward/deep-chain"], [("variant", "recursive-topo", "exact")]),
    "bug-quotient-sub-as-add": (61.0, ["sub/constant", "sub/values"], [("derivative", "sub", "sign")]),
    "bug-quotient-rtruediv-order": (62.0, ["div/constant"], [("variant", "rtruediv-order", "exact")]),
    "bug-decimal-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    "bug-decimal-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                               [("variant", "tanh-input", "exact")]),
    "bug-decimal-no-visited": (50.25, 7, [("variant", "no-visited", "style")]),
    "bug-one-cell-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-one-cell-mul-assign": (35.0, 20, [("variant", "mul-assign-not-accumulate", "exact")]),
    "bug-ctx-assign-not-accumulate": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "exact")]),
    "bug-package-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-leaf-raises-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                         [("variant", "tanh-one-minus-t", "exact")]),
    "bug-leaf-raises-direct-children": (31.8333, 25, [("variant", "direct-children-only", "exact")]),
    "bug-generator-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-visitor-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-visitor-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-mixins-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
    "bug-monkeypatch-tanh-not-fixed": (59.0, 4, [("derivative", "tanh", "no-gradient")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*FULL, "shape-colab-drive",
                                                    "shape-error-left", *PLANTED])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    ("bug-id-dict-recursive-sort", ("engine.py", 75)),  # the recursive `build(p)` in backward()
    ("bug-quotient-sub-as-add", ("engine.py", 39)),  # `other.grad += out.grad` in __sub__'s rule
    ("bug-one-cell-mul-assign", ("engine.ipynb", 52)),  # the `=` in __mul__'s rule, in the notebook's one cell
    # a variant of one op's local derivative, at the line that computes it (grader/engines.Variant.op; before: none)
    ("bug-staticmethod-mul-self-data", ("engine.py", 20)),  # `a.grad += a.data * out.grad` in Ops.mul's pair
    ("bug-leaf-raises-tanh-one-minus-t", ("engine.py", 59)),
    ("bug-generator-exp-input", ("engine.py", 51)),  # `yield self, self.data`: the local, yielded
    ("bug-visitor-relu-ge", ("engine.py", 111)),  # visit_relu
    ("bug-decimal-tanh-input", ("engine.py", 89)),
    ("bug-decimal-pow-no-minus-one", ("engine.py", 72)),  # the `+=` of `local`, computed on the line above
    # the id-dict engine computes its locals in the forward pass: no line before session 32's forward trace
    ("bug-id-dict-log-output", ("engine.py", 52)),  # `return Value(math.log(self.data), (self,), (1 / self.data,))`
])
def test_a_finding_names_its_line(rows, case, place):
    assert (rows[case]["diagnosis"][0].get("file"), rows[case]["diagnosis"][0].get("line")) == place


@pytest.mark.parametrize("case,said", [
    ("shape-colab-drive", "engine.ipynb stopped at a cell that raised OSError: [Errno 30] Read-only file system: "
                          "'results.txt' (engine.ipynb, cell 6, line 4): the cells before it were graded, as Jupyter's "
                          "Run All leaves them. Fix that cell or remove it."),
    ("shape-error-left", "engine.ipynb stopped at a cell that raised TypeError: unsupported operand type(s) for @: "
                         "'Value' and 'Value' (engine.ipynb, cell 3, line 2): the cells before it were graded, as "
                         "Jupyter's Run All leaves them. Fix that cell or remove it."),
])
def test_a_notebook_that_stops_says_where(rows, case, said):
    assert rows[case]["tests"][0]["output"] == said


# -- 07-mlp-xor and 11-fit-line: files handed in beside the exercise's given engine (measured outside the suite) ------

GIVEN = (ROOT / "exercises" / "07-mlp-xor" / "engine.py").read_bytes()  # 11's given engine is the same file
PLANTED_NETS = {
    "07-mlp-xor": {
        "bug-list-layer-no-zero-grad": ("correct-list-layer", [("        net.zero_grad()\n", "")]),
        # every layer linear: the hidden layers' tanh is the README's
        "bug-list-layer-linear-hidden": ("correct-list-layer", [("nonlin=(i < last)", "nonlin=False")]),
        # a bias drawn at random (not 0) and left out of parameters()
        "bug-sizes-seed-random-bias-left-out": ("correct-sizes-seed", [
            ("        self.b = Value(0.0)\n", "        self.b = Value(rng.uniform(-1.0, 1.0))\n"),
            ("        return [*self.w, self.b]", "        return list(self.w)")]),
        "bug-sizes-seed-last-layer-tanh": ("correct-sizes-seed", [("nonlin=i + 1 < count", "nonlin=True")]),
    },
    "11-fit-line": {
        "bug-step-closure-grad-kept": ("correct-step-closure", [("            p.grad = 0.0\n", "")]),
        "bug-line-class-b-not-cleared": ("correct-line-class", [("        for p in line.parameters():\n"
                                                                 "            p.grad = 0.0\n",
                                                                 "        line.w.grad = 0.0\n")]),
    },
}
NET_FILE = {"07-mlp-xor": "nn.py", "11-fit-line": "fit_line.py"}


def _class_nets(folder, exercise):
    """EXERCISE's files handed in (FRESH/<exercise>/), each beside the given engine, and its planted mistakes."""
    for case in sorted((FRESH / exercise).iterdir()):
        for made, patches in [(case.name, [])] + [(p, patches) for p, (base, patches) in
                                                  PLANTED_NETS[exercise].items() if base == case.name]:
            shutil.copytree(case, folder / made)
            (folder / made / "engine.py").write_bytes(GIVEN)
            path = folder / made / NET_FILE[exercise]
            path.write_text(_patched(path.read_text(encoding="utf-8"), patches, made), encoding="utf-8")


# -- in process: asyncio's loop with a pipe for its wake-ups (the grader's own code, no student's) ---------------

def test_an_event_loop_with_a_pipe_wakes_up_from_another_thread(monkeypatch):
    import asyncio
    import asyncio.selector_events
    import threading

    from grader.sandbox import standins

    monkeypatch.setattr(asyncio.selector_events.BaseSelectorEventLoop, "_make_self_pipe", standins._make_self_pipe)
    loop = asyncio.new_event_loop()
    try:
        assert isinstance(loop._ssock, standins._PipeEnd)
        woken = loop.create_future()
        # call_soon_threadsafe writes a byte to the self-pipe: the loop, asleep in select(), wakes and reads it
        threading.Timer(0.05, loop.call_soon_threadsafe, (woken.set_result, "woken")).start()
        assert loop.run_until_complete(asyncio.wait_for(woken, 5)) == "woken"
    finally:
        loop.close()
    assert (loop._ssock, loop._csock) == (None, None)


def test_the_finder_leaves_every_other_module_alone():
    import asyncio

    from grader.sandbox.standins import SelfPipe, _PipedLoader

    assert SelfPipe().find_spec("asyncio.events", asyncio.__path__) is None
    assert isinstance(SelfPipe().find_spec("asyncio.selector_events", asyncio.__path__).loader, _PipedLoader)


# -- in process: where a RecursionError happened (grader/judge/recursion.py), from the worker's facts ------------

@pytest.mark.parametrize("entered,raised_in,outside,named", [
    ("Value.data", "Value.data.<locals>.<listcomp>", True, "Value.data"),  # strangers30's lazy data
    ("Value.backward", "Value.backward.<locals>.build_topo", False, "Value.backward.<locals>.build_topo"),
    ("_backward", "_backward.<locals>.visit", False, "_backward.<locals>.visit"),  # backward bound to another name
    ("Value.__radd__", "Value.__radd__", True, "Value.__radd__"),
    (None, None, False, ""),  # facts unknown: as before, a sort's
])
def test_a_recursion_is_placed_by_the_function_the_probe_entered(entered, raised_in, outside, named):
    from grader.diagnose.compare import failure_kind
    from grader.judge.recursion import outside_backward, recursed_in

    obs = {"status": "error", "exception": "RecursionError", "facts": {"entered": entered, "raised_in": raised_in}}
    assert (outside_backward(obs), recursed_in(obs)) == (outside, named)
    assert failure_kind(obs) == ("RecursionError outside backward()" if outside else "RecursionError")

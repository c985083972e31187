"""Session 25's strangers: engines and exercise files in shapes no earlier fixture has, graded by the real program.

`tests/fixtures/strangers25/<exercise>/` holds the submissions as they are handed in: engines with `__slots__` and
locals fixed at creation walked by a two-phase stack, a `@dataclass(eq=False)` whose order is a generator, edges as
`typing.NamedTuple`s cleared before each walk, closures that hold their output by `weakref`, a `numbers.Number` with
`functools.total_ordering` and `__array_priority__`, an op-tag interpreter written with `match` and the walrus,
Kahn's algorithm over a `Counter` of consumers, `abc.ABC` Functions with a `typing.Protocol`, gradients kept as
`Fraction`s, an n-ary sum by `math.fsum`, the reflected operators doing the work (ops in an `enum.Enum`), ops
registered by a decorator, a file saved on Windows (BOM, CRLF, tabs, German names), a `__main__` demo that plots
with matplotlib, an engine four packages deep, a notebook that adds one method per cell, a notebook whose cells were
run out of order, a zip from a Mac (`__MACOSX/`, `.DS_Store`); the
exercises' own files filled in by strangers (01's rule as a tuple assignment, 02's by `setattr` in a loop, 03's tanh
by exp(-2|x|) and by the lecture's exp(2x) formula, 04's by `math.pow`, `math.e ** x`, `-1 * self`); networks whose
parameters() is a generator, that are dataclasses over `itertools`, thin classes over functions, and micrograd's own
layout (`micrograd/nn.py`: `from micrograd.engine import Value`) or a package whose files import each other
relatively (each with the exercise's given engine beside its nn.py); Dual numbers with `__slots__` and a chain helper, as a `NamedTuple`, with rule tables and `match`.
`PLANTED` plants one mistake of the course in many of them.

The holes these found, each closed as a class:
- An engine in a package four levels deep (`from autograd.core.nodes.scalar.value import Value`) scored 0/63
  (Python's "No module named 'autograd.core.nodes.scalar'"): packages travel three levels deep, and now deeper where
  a file that travels imports them (grader/load/levels.py).
- micrograd's own layout, `micrograd/engine.py` and `micrograd/nn.py` whose nn.py says `from micrograd.engine import
  Value`, scored 0/23 (refused as the forbidden library micrograd); with `from .engine import Value`, 0/23 ("attempted
  relative import with no known parent package"). The folder the files were found in travels as the package it is
  (its `__init__.py`), and the sandbox makes the submission's modules that package's, one module under both names
  (Submission.package, grader/sandbox/as_package.py's _Package).

- 04-more-ops charged an op's mistake again in its whole expressions and in the ops built on it: an `exp` whose local
  derivative is its input cost 7 of 30 (`bug-math-pow-exp-input`, 23/30; exp/zero, values, negative and
  together/sigmoid, softplus, numeric-exp-log). 04's tests now check through an `OwnTests` table as the engine
  suite's do, excusing only an op wrong in numbers (the core is the exercise's given code): 26/30.

Left (docs/exercise-authors.md, limits): a notebook whose cells were last run out of order (a cell that uses `Value`
above the cell that defines it) is graded top to bottom, as Jupyter's Restart & Run All runs it: 0/63, the import
test naming the cell and line of the NameError.
"""

import io
import shutil
import zipfile
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import FILE, _rows, assert_every_submission_is_in_a_table, assert_scored_and_named
from test_strangers23 import _planted

FRESH = Path(__file__).parent / "fixtures" / "strangers25"
ROOT = Path(__file__).parent.parent
FILES = {**FILE, "01-mul-backward": "engine.py", "02-accumulate": "engine.py", "03-tanh": "engine.py",
         "04-more-ops": "engine.py"}

ENGINE = {
    **{case: (63.0, [], []) for case in [
        "correct-abc-function-protocol", "correct-bom-crlf-tabs", "correct-dataclass-generator-topo",
        "correct-fraction-grads", "correct-fsum-nary-sum", "correct-kahn-counter-deque", "correct-main-demo-plots",
        "correct-match-op-interpreter", "correct-namedtuple-edges-clears", "correct-notebook-patch-per-cell",
        "correct-number-abc-total-ordering", "correct-reflected-first-enum",
        "correct-registry-decorator", "correct-slots-two-phase-stack", "correct-weakref-closure-out",
        "correct-zip-macosx",
        # 0/63 before: "No module named 'autograd.core.nodes.scalar'" (packages travelled three levels deep)
        "correct-package-four-deep"]},
    # graded top to bottom, as Restart & Run All runs it; the import test names the cell below (test_nborder25)
    "cells-run-out-of-order": (0.0, 52, []),
    # mul's rule gives `self` its own data: every expression with a product of Values shows it (as bob's `=` in mul,
    # README), and tanh, exp, log through `* 2` beside them
    "bug-slots-mul-self-for-both": (16.5, 40, [("variant", "mul-self-data", "style")]),
    "bug-dataclass-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                 [("variant", "tanh-input", "exact")]),
    "bug-edges-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-weakref-add-assign": (48.75, 9, [("variant", "add-assign-not-accumulate", "style")]),
    "bug-match-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    # every gradient 0: what no test can excuse
    "bug-kahn-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-abc-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    "bug-fraction-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    # the reflected `__rsub__` builds on `-self`: charged once, by neg/values
    "bug-enum-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
    "bug-registry-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-bom-crlf-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                      [("variant", "tanh-one-minus-t", "exact")]),
    "bug-four-deep-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-total-ordering-sub-as-add": (61.0, ["sub/constant", "sub/values"], [("variant", "sub-as-add", "exact")]),
    "bug-notebook-cell-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                           [("variant", "tanh-one-minus-t", "exact")]),
}

MUL_BACKWARD = {"correct-tuple-assign": (14.0, [], [])}

ACCUMULATE = {
    "correct-setattr-loop": (18.0, [], []),
    # a tuple assignment reads both old gradients before it writes either: `a + a` keeps one path, as `=` does,
    # but (b + c) + b (shared/a+a's add_onto_held) keeps both, where `=` does not. Named seed-every-node (another
    # style) after probes26 added that probe: `=` for `+=` in the style that reads both first
    # (grader/diagnose/styles.py) names it exactly again
    "bug-tuple-assign-add": (16.0, ["shared/a+a"], [("variant", "add-assign-not-accumulate", "exact")]),
}

TANH = {
    "correct-stable-exp": (17.0, [], []),
    # the lecture's own formula: exp(2x) overflows past x = 355, said as such
    "lecture-exp-overflow": (16.0, ["saturation/large-input"], [("raises", "tanh", None)]),
}

MORE_OPS = {
    "correct-math-pow-exp-sub": (30.0, [], []),
    # charged once, by exp's own tests (23/30 before: together/sigmoid, softplus and numeric-exp-log charged it again)
    "bug-math-pow-exp-input": (26.0, ["exp/negative", "exp/values", "exp/zero"], [("variant", "exp-input", "exact")]),
}

MLP = {
    # of 24 points since holes28's parameters/rng
    **{case: (24.0, [], []) for case in [
        "correct-dataclass-chain", "correct-functional-closures", "correct-generator-parameters",
        # 0/23 before: refused as micrograd (a forbidden package); "attempted relative import with no known parent
        # package"
        "correct-micrograd-layout", "correct-relative-package-init"]},
    "bug-micrograd-layout-no-zero-grad": (21.0, ["train/train-xor"], []),
    # charged on forward/mlp alone since holes28 (10/23 before)
    "bug-generator-last-layer-tanh": (22.0, ["forward/mlp"], []),
}

DUAL = {
    **{case: (20.0, [], []) for case in ["correct-complex-step", "correct-namedtuple-dual",
                                         "correct-rules-table-match"]},
    "bug-namedtuple-cos-sign": (19.0, ["beyond/sin-cos"], []),
    "bug-chain-tanh-one-minus-t": (19.0, ["rule/tanh"], []),
}

TABLES = {"engine": ENGINE, "01-mul-backward": MUL_BACKWARD, "02-accumulate": ACCUMULATE, "03-tanh": TANH,
          "04-more-ops": MORE_OPS, "07-mlp-xor": MLP, "08-dual-numbers": DUAL}

REPR = """    def __repr__(self):\n        return f"Value(data={self.data}, grad={self.grad})"\n"""
DEMO = '''

if __name__ == "__main__":
    import matplotlib.pyplot as plt

    xs = [i / 10 for i in range(-50, 51)]
    ys, gs = [], []
    for x in xs:
        v = Value(x)
        y = v.tanh()
        y.backward()
        ys.append(y.data)
        gs.append(v.grad)
        print(f"x={x:+.2f}  tanh={y.data:+.6f}  dtanh={v.grad:.6f}")
    plt.plot(xs, ys, label="tanh")
    plt.plot(xs, gs, label="d tanh / dx")
    plt.legend()
    plt.show()
'''

# id -> (the correct submission it is planted in, its file that is changed, [(text, replaced by), ...]); a few are
# no mistake but another way of handing the same engine in (a demo below it, a zip)
PLANTED = {
    "engine": {
        "bug-slots-mul-self-for-both": ("correct-slots-two-phase-stack", "engine.py", [
            ("(self, other), (other.data, self.data), \"*\")", "(self, other), (self.data, self.data), \"*\")")]),
        "bug-dataclass-tanh-input": ("correct-dataclass-generator-topo", "engine.py", [
            ("lambda x, y: 1 - y * y", "lambda x, y: 1 - x * x")]),
        "bug-edges-exp-input": ("correct-namedtuple-edges-clears", "engine.py", [
            ("return Value(e, [Edge(self, e)])", "return Value(e, [Edge(self, self.data)])")]),
        "bug-weakref-add-assign": ("correct-weakref-closure-out", "engine.py", [
            ("            self.grad += out.grad\n            other.grad += out.grad",
             "            self.grad = out.grad\n            other.grad = out.grad")]),
        "bug-match-log-output": ("correct-match-op-interpreter", "engine.py", [
            ("return [(a, 1.0 / a.data)]", "return [(a, 1.0 / self.data)]")]),
        "bug-kahn-no-seed": ("correct-kahn-counter-deque", "engine.py", [("        self.grad = 1\n", "")]),
        "bug-abc-pow-no-minus-one": ("correct-abc-function-protocol", "engine.py", [
            ("return (k * a ** (k - 1),)", "return (k * a ** k,)")]),
        "bug-fraction-rsub-order": ("correct-fraction-grads", "engine.py", [
            ("    def __rsub__(self, other):\n        return other + (-self)",
             "    def __rsub__(self, other):\n        return self + (-other)")]),
        "bug-enum-neg-self": ("correct-reflected-first-enum", "engine.py", [
            ("    def __neg__(self):\n        return self.__rmul__(-1)",
             "    def __neg__(self):\n        return self")]),
        "bug-registry-forward-order": ("correct-registry-decorator", "engine.py", [
            ("for node in topo[::-1]:", "for node in topo:")]),
        "bug-bom-crlf-tanh-one-minus-t": ("correct-bom-crlf-tabs", "engine.py", [
            ("self.grad += (1 - t ** 2) * out.grad", "self.grad += (1 - t) * out.grad")]),
        "bug-four-deep-relu-ge": ("correct-package-four-deep", "autograd/core/nodes/scalar/value.py", [
            ("self.grad += (out.data > 0) * out.grad", "self.grad += (self.data >= 0) * out.grad")]),
        "bug-total-ordering-sub-as-add": ("correct-number-abc-total-ordering", "engine.py", [
            ("def __sub__(self, other): return self + (-other)", "def __sub__(self, other): return self + other")]),
        # not mistakes: the same engine with a demo under `if __name__ == "__main__":` that plots, and zipped on a Mac
        "correct-main-demo-plots": ("correct-weakref-closure-out", "engine.py", [(REPR, REPR + DEMO)]),
        "correct-zip-macosx": ("correct-match-op-interpreter", "engine.py", [
            ('"""No closures', '"""Zipped on a Mac (Finder: Compress). No closures')]),
        "bug-notebook-cell-tanh-one-minus-t": ("correct-notebook-patch-per-cell", "homework.ipynb", [
            ("Value.tanh = _unary(math.tanh, lambda x, y: 1 - y * y)",
             "Value.tanh = _unary(math.tanh, lambda x, y: 1 - y)")]),
    },
    "01-mul-backward": {},
    "02-accumulate": {
        "bug-tuple-assign-add": ("correct-setattr-loop", "engine.py", [
            ("            for node in (self, other):\n                setattr(node, \"grad\", node.grad + out.grad)",
             "            self.grad, other.grad = self.grad + out.grad, other.grad + out.grad")]),
    },
    "03-tanh": {
        "lecture-exp-overflow": ("correct-stable-exp", "engine.py", [
            ("        z = math.exp(-2 * abs(x))          # in (0, 1]: never overflows\n"
             "        t = math.copysign((1 - z) / (1 + z), x)",
             "        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)   # as in the lecture")]),
    },
    "04-more-ops": {
        "bug-math-pow-exp-input": ("correct-math-pow-exp-sub", "engine.py", [
            ("self.grad += out.data * out.grad  # d/dx e^x = e^x, the output itself",
             "self.grad += self.data * out.grad  # d/dx e^x = e^x, the output itself")]),
    },
    "07-mlp-xor": {
        "bug-micrograd-layout-no-zero-grad": ("correct-micrograd-layout", "micrograd/nn.py", [
            ("        model.zero_grad()\n", "")]),
        "bug-generator-last-layer-tanh": ("correct-generator-parameters", "nn.py", [
            ("nonlin=i != len(nouts) - 1", "nonlin=True")]),
    },
    "08-dual-numbers": {
        "bug-namedtuple-cos-sign": ("correct-namedtuple-dual", "dual.py", [
            ("Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)",
             "Dual(math.cos(self.value), math.sin(self.value) * self.deriv)")]),
        "bug-chain-tanh-one-minus-t": ("correct-complex-step", "dual.py", [
            ("lambda a: 1 - math.tanh(a) ** 2", "lambda a: 1 - math.tanh(a)")]),
    },
}

# a Mac's Finder puts these beside what it compresses: AppleDouble files and the folder's view settings
MACOSX = {"__MACOSX/": b"", "__MACOSX/hw1/": b"",
          "__MACOSX/hw1/._engine.py": b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        " + b"\x00" * 24,
          "hw1/.DS_Store": b"\x00\x00\x00\x01Bud1" + b"\x00" * 28}


def _zipped(case: Path) -> bytes:
    """The case's files as a Mac's Finder zips them, with its `__MACOSX/` and `.DS_Store` entries, fixed times."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(p for p in case.rglob("*") if p.is_file()):
            z.writestr(zipfile.ZipInfo(path.relative_to(case).as_posix(), (2024, 3, 1, 12, 0, 0)), path.read_bytes())
        for name, data in MACOSX.items():
            z.writestr(zipfile.ZipInfo(name, (2024, 3, 1, 12, 0, 0)), data)
    return buffer.getvalue()


def _class(folder, exercise):
    """The exercise's class: each correct submission as it is handed in (a notebook as `<case>.ipynb`, a zip as
    `<case>.zip`, a folder as it is, with the exercise's given engine where it holds none anywhere), and each
    planted mistake."""
    given = ROOT / "exercises" / exercise / "engine.py"
    cases = {case.name: case for case in sorted((FRESH / exercise).iterdir())}
    for case, (base, file, patches) in {**{c: (c, None, []) for c in cases}, **PLANTED[exercise]}.items():
        source = cases[base]
        notebooks = list(source.glob("*.ipynb"))
        if notebooks:
            (folder / f"{case}.ipynb").write_bytes(_planted(notebooks[0].read_bytes(), patches, case))
            continue
        made = folder / case / "hw1" if case.endswith("-zip-macosx") else folder / case
        shutil.copytree(source, made)
        if file is not None:
            path = made / file
            path.write_bytes(_planted(path.read_bytes(), patches, case))
        if not any(made.rglob("engine.py")):  # beside the exercise's file, in the package it is kept in
            shutil.copy(given, next(made.rglob(FILES[exercise])).parent / "engine.py")
        if case.endswith("-zip-macosx"):
            (folder / f"{case}.zip").write_bytes(_zipped(folder / case))
            shutil.rmtree(folder / case)


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise, make=_class) for exercise in TABLES}


def test_every_submission_is_in_a_table(rows):
    assert_every_submission_is_in_a_table(rows, TABLES, FRESH, PLANTED)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_submission_scores_and_is_named(rows, exercise, case):
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


# -- in process: the readings each hole was closed in -----------------------------------------------------


def _folder(root, files):
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_a_package_deeper_than_three_levels_travels_where_a_file_imports_it(tmp_path):
    from grader.load import load_entry

    deep = "autograd/core/nodes/scalar"
    files = {"engine.py": "from autograd.core.nodes.scalar.value import Value\n",
             **{f"{deep[:i]}/__init__.py": "" for i in [8, 13, 19, 26]}, f"{deep}/value.py": "from .ops import add\n",
             f"{deep}/ops.py": "add = 1\n", f"{deep}/more/__init__.py": "",  # five deep, imported by no one
             **{f"other/{sub}__init__.py": "" for sub in ["", "a/", "a/b/", "a/b/c/"]}}  # imported by no one: 3 levels
    sub = load_entry(_folder(tmp_path / "alice", files), frozenset({"engine.py"}))
    assert sub.problem is None
    assert sorted(sub.files) == ["autograd/__init__.py", "autograd/core/__init__.py",
                                 "autograd/core/nodes/__init__.py", "autograd/core/nodes/scalar/__init__.py",
                                 "autograd/core/nodes/scalar/ops.py", "autograd/core/nodes/scalar/value.py",
                                 "engine.py", "other/__init__.py", "other/a/__init__.py", "other/a/b/__init__.py"]


NN = "import random\n{imports}\n\nclass MLP:\n    pass\n"


@pytest.mark.parametrize("imports,package", [
    ("from micrograd.engine import Value", "micrograd"),  # micrograd's own repository
    ("from .engine import Value", "micrograd"),
    ("import micrograd.engine as engine", "micrograd"),
    ("from engine import Value", None),  # as the course writes it: no package
    ("try:\n    from micrograd.engine import Value\nexcept ImportError:\n    from engine import Value", None),
])
def test_the_folder_the_files_were_in_travels_as_the_package_they_import(tmp_path, imports, package):
    from grader.forbidden import absent_imports, forbidden_imports
    from grader.load import load_entry

    files = {"micrograd/__init__.py": "", "micrograd/engine.py": "class Value:\n    pass\n",
             "micrograd/nn.py": NN.format(imports=imports)}
    sub = load_entry(_folder(tmp_path / "alice", files), frozenset({"engine.py", "nn.py"}))
    assert sub.problem is None
    assert sub.package == package
    if package is None:
        assert sorted(sub.files) == ["__init__.py", "engine.py", "nn.py"]  # the wrapper's __init__ as a helper
        return
    assert sorted(sub.files) == ["engine.py", "micrograd/__init__.py", "nn.py"]
    assert sub.origins["micrograd/__init__.py"].file == "micrograd/__init__.py"
    # the student's own package, whatever its name: not the forbidden library, nor a module the sandbox lacks
    assert forbidden_imports(sub.files, ("numpy", "micrograd"), package=sub.package) == []
    assert absent_imports(sub.files, ("numpy",)) == []


def test_a_package_without_an_init_or_checked_from_inside_it(tmp_path):
    from grader.load import load_entry

    files = {"hw3/engine.py": "class Value:\n    pass\n",
             "hw3/nn.py": NN.format(imports="from hw3.engine import Value")}
    sub = load_entry(_folder(tmp_path / "alice", files), frozenset({"engine.py", "nn.py"}))
    assert sub.files["hw3/__init__.py"] == b""  # a namespace package
    # `grade check .` in the package's own folder: the folder is the package
    inside = load_entry(tmp_path / "alice" / "hw3", frozenset({"engine.py", "nn.py"}))
    assert sorted(inside.files) == ["engine.py", "hw3/__init__.py", "nn.py"]
    # a package named as a module of the standard library, or as a module of the submission's, is not made under
    # that name: files that import relatively are the unnamed package (review25: the grade does not depend on it)
    for name in ["random", "engine"]:
        moved = {f"{name}/engine.py": "class Value:\n    pass\n", f"{name}/nn.py": NN.format(imports="from . import x")}
        sub = load_entry(_folder(tmp_path / f"bob-{name}", moved), frozenset({"engine.py", "nn.py"}))
        assert sorted(sub.files) == ["engine.py", "nn.py", "submission/__init__.py"]


def test_forbidden_imports_still_found_beside_the_package(tmp_path):
    from grader.forbidden import forbidden_imports

    files = {"micrograd/__init__.py": b"", "engine.py": b"import numpy as np\nclass Value:\n    pass\n",
             "nn.py": b"from .engine import Value\nimport torch\n"}
    assert forbidden_imports(files, ("numpy", "torch", "micrograd"), package="micrograd") == [
        {"module": "numpy", "file": "engine.py", "line": 1}, {"module": "torch", "file": "nn.py", "line": 2}]

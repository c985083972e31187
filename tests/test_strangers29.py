"""Session 29's strangers: engines and notebooks in shapes no earlier fixture has, graded in one batch.

`tests/fixtures/strangers29/engine/` holds engines written by hand in styles no earlier fixture uses: Deep Learning
from Scratch's Variable and Function classes ordered by generation (`Value = Variable`), JAX's pullbacks with the
cotangents in a dict keyed by id and a white/grey/black stack, a Value that is only an index into one module-level
tape of parallel lists, operations that register themselves through `__init_subclass__`, free functions behind a
thin `__slots__` record (dunders set in a loop, `backward(root, seed=1.0)`), a package whose `__init__` loads `Value`
lazily (PEP 562 `__getattr__`, `from scalargrad import *`), children in a `frozenset` with `__iadd__` and
`backward(gradient=None)`, type hints everywhere under `from __future__ import annotations` with typing_extensions'
`Self`, `{parent: local}` edges walked newest first from a heap, a file named `Engine.py`.
`SHAPES` makes the reference solution into notebooks as the lecture has them (a PyTorch comparison cell, numpy's
`np.arange` plotted, micrograd's test with torch called in a cell), VS Code's notebook with IPython's help
(`Value?`) and `%timeit`, JupyterLab's with a torch check, nbconvert's export of the lecture's, a Moodle-named zip
of a project folder (checkpoints, bytecode, a virtualenv holding micrograd) and `engine.py.py`. `PLANTED` plants
one mistake of the course in fourteen of them (in each hand-written engine and in four shapes).

The holes these found, each closed as a class:
- A notebook with the lecture's PyTorch comparison cell, or its `np.arange` plot, or micrograd's own
  `test_sanity_check` (with torch) called in a cell, and nbconvert's export of one, scored 0/63 ("`torch` is not
  allowed in this exercise: `torch.tensor(...)`"): a cell that uses a forbidden library and defines nothing the kept
  cells need is left out (grader/load/comparison_cells.py says when, and why that is sound): 62/63, the import's
  `engine/from-scratch` point as in a .py; with a mistake, that point and the mistake's tests.
- Deep Learning from Scratch's `Variable.backward`, which calls `f.backward(*gys)` on the Functions it pops, was
  told "`backward` on line 25 is recursive" at 63/63: a call on a name the method does not walk with a `for`, where
  another class defines the method too, is no call to itself (diagnose/source_patterns.py).
- An engine whose walk assigns (`parent.grad = local * node.grad`) over edges kept in a dict that sums a parent's
  two uses in one node (`a * a`) scores 28.08/63 and was named as `=` in relu's, tanh's, exp's, log's and
  `__pow__`'s backward (five findings, no line; `a * a` is right, so the "everywhere" variant does not match): the
  `assign-grad` hint reads a walk's loop, and findings of one line are one (diagnose/same_line.py, test_diag29):
  one finding at line 78, listing the five ops.

07-mlp-xor's networks of this session (a PyTorch-style `__setattr__` registry, a `Sequential` by `reduce`, one flat
parameter list with views) were measured outside the suite: 23/23 each; planted, zero_grad clearing only a
module's own parameters 21/23 (parameters/zero-grad), no zero_grad 20/23 (train/train-xor), the last layer tanh
10/23 (six tests, as test_fresh_styles' bug-last-layer-tanh). Since holes29 (07 of 24, the last layer tanh charged
on forward/mlp alone): 24/24 each, 22/24, 21/24, 22/24.
"""

import io
import shutil
import zipfile
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, assert_scored_and_named
from test_strangers27 import _cells, _notebook, _patched, _write

from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "strangers29"
ROOT = Path(__file__).parent.parent
SOLUTION = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")
GIVEN = (ROOT / "exercises" / "07-mlp-xor" / "engine.py").read_bytes()

TORCH_CELL = '''import torch

x1 = torch.tensor([2.0], dtype=torch.double, requires_grad=True)
w1 = torch.tensor([-3.0], dtype=torch.double, requires_grad=True)
b = torch.tensor([6.8813735870195432], dtype=torch.double, requires_grad=True)
n = x1 * w1 + b
o = torch.tanh(n)
o.backward()
print(o.data.item())
print("x1", x1.grad.item(), "w1", w1.grad.item())'''

OURS_CELL = '''x1 = Value(2.0); w1 = Value(-3.0); b = Value(6.8813735870195432)
o = (x1 * w1 + b).tanh()
o.backward()
print(o.data, x1.grad, w1.grad)'''


def lecture_torch_notebook(code, name):
    """The lecture's notebook: the engine, our neuron, then the same neuron in PyTorch to compare (a Colab file)."""
    metadata = {"colab": {"provenance": []}, "kernelspec": {"name": "python3", "display_name": "Python 3"},
                "language_info": {"name": "python"}}
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "# md: # micrograd from scratch", "import math\nimport random", code, OURS_CELL,
        "# md: ## The same in PyTorch", TORCH_CELL,
        "assert abs(x1.grad.item() - (-1.5)) < 1e-6\nprint('agrees with torch')"), metadata)}


def nbconvert_torch_script(code, name):
    """`jupyter nbconvert --to script` of the lecture's notebook: its cells under `# In[n]:`, the torch one last."""
    cells = ["import math\nimport random", code, OURS_CELL, TORCH_CELL,
             "assert abs(x1.grad.item() - (-1.5)) < 1e-6\nprint('agrees with torch')"]
    body = "".join(f"\n\n# In[{n}]:\n\n\n{cell}\n" for n, cell in enumerate(cells, start=1))
    return {name: ("#!/usr/bin/env python\n# coding: utf-8\n\n# # micrograd from scratch\n" + body).encode()}


MICROGRAD_TEST = '''def test_sanity_check():
    x = Value(-4.0)
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    y = h + q + q * x
    y.backward()
    xmg, ymg = x, y

    x = torch.Tensor([-4.0]).double()
    x.requires_grad = True
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    y = h + q + q * x
    y.backward()
    xpt, ypt = x, y

    assert ymg.data == ypt.data.item()
    assert xmg.grad == xpt.grad.item()'''


def micrograd_tests_notebook(code, name):
    """micrograd's own test, copied into the notebook under the engine and called in a cell of its own."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "import math\nimport torch", code, MICROGRAD_TEST, "test_sanity_check()\nprint('ok')"))}


COLAB_HEAD = ('# -*- coding: utf-8 -*-\n"""hw1.ipynb\n\nAutomatically generated by Colab.\n\nOriginal file is located '
              'at\n    https://colab.research.google.com/drive/1x2y3z\n"""\n\n')


def colab_torch_script(code, name):
    """Colab's File > Download > Download .py of the lecture's notebook: no mark between its cells, a blank line
    (review 29: 0/63 where the notebook scored 62/63)."""
    cells = ["import math\nimport random", code, OURS_CELL, '"""## The same in PyTorch"""', TORCH_CELL]
    return {name: (COLAB_HEAD + "".join(f"{cell}\n\n" for cell in cells)).encode()}


NUMPY_CELLS = ("import math\nimport numpy as np\nimport matplotlib.pyplot as plt\n%matplotlib inline",
               "def f(x):\n    return 3*x**2 - 4*x + 5",
               "xs = np.arange(-5, 5, 0.25)\nys = f(xs)\nplt.plot(xs, ys)",
               "h = 0.000001\nx = 2/3\n(f(x + h) - f(x))/h")


def lecture_numpy_notebook(code, name):
    """The lecture's opening: a function plotted over `np.arange`, a numeric derivative, then the engine."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(*NUMPY_CELLS, code, OURS_CELL))}


def vscode_help_notebook(code, name):
    """VS Code's notebook: its metadata, `%pip`, IPython's help (`Value?`, `Value.backward??`), `%timeit`."""
    metadata = {"kernelspec": {"display_name": ".venv", "language": "python", "name": "python3"},
                "language_info": {"name": "python", "version": "3.12.2"},
                "vscode": {"interpreter": {"hash": "4f6e0b4c0e2d"}}}
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "%pip install graphviz --quiet", code, "Value?", "Value.backward??",
        "a = Value(2.0)\n%timeit a * a\n%timeit -n 10 (a * a).backward()", "?Value", OURS_CELL), metadata)}


def jupyterlab_torch_notebook(code, name):
    """JupyterLab 4's notebook, numpy and torch imported at the top, torch's check in its own cell."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "import math\nimport torch", code, OURS_CELL,
        "xt = torch.tensor(2.0, requires_grad=True)\nyt = (xt * xt).log()\nyt.backward()\nprint(xt.grad)",
        "z = Value(2.0)\n(z * z).log().backward()\nprint(z.grad)"))}


def _zip(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(zipfile.ZipInfo(path, (2026, 11, 20, 23, 58, 0)), data)
    return buffer.getvalue()


def project_folder_zip(code, name):
    """A student's whole project folder zipped from Moodle's upload form: an old checkpoint of the engine with a
    mistake in it, bytecode, a virtualenv holding micrograd, git and editor settings."""
    old = code.replace("self.grad += out.grad\n            other.grad += out.grad",
                       "self.grad = out.grad\n            other.grad = out.grad")
    return {"Smith John_334455_assignsubmission_file_hw1.zip": _zip({
        f"hw1/{name}": code.encode(), f"hw1/.ipynb_checkpoints/{name[:-3]}-checkpoint.py": old.encode(),
        "hw1/__pycache__/engine.cpython-311.pyc": b"\xa7\r\r\n" + bytes(12) + b"\xe3garbage",
        "hw1/.venv/pyvenv.cfg": b"home = /usr/bin\nversion = 3.11.4\n",
        "hw1/.venv/lib/python3.11/site-packages/micrograd/__init__.py": b"",
        "hw1/.venv/lib/python3.11/site-packages/micrograd/engine.py": SOLUTION.encode(),
        "hw1/.git/HEAD": b"ref: refs/heads/main\n", "hw1/.vscode/settings.json": b'{"python.analysis": 1}',
        "hw1/README.md": b"# HW1\n"})}


def double_extension(code, name):
    """Saved by Notepad where Windows hides known extensions: the student typed `engine.py`, the file is
    `engine.py.py` (and `from engine import Value` failed for them only when they ran it elsewhere)."""
    return {name + ".py": ("# hw1 engine\n" + code).encode()}


SHAPES = {"lecture-torch-compare": lecture_torch_notebook, "nbconvert-torch-compare": nbconvert_torch_script,
          "colab-torch-compare": colab_torch_script,
          "lecture-numpy-plot": lecture_numpy_notebook, "vscode-help-timeit": vscode_help_notebook,
          "jupyterlab-torch-check": jupyterlab_torch_notebook, "micrograd-tests-called": micrograd_tests_notebook,
          "project-folder-zip": project_folder_zip, "double-extension": double_extension}

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    "bug-dezero-mul-self-data": ("correct-dezero-generations", [("return gy * x1, gy * x0",
                                                                 "return gy * x0, gy * x0")]),
    "bug-vjp-tanh-input": ("correct-vjp-pullbacks", [("(ct * (1.0 - t * t),)", "(ct * (1.0 - x * x),)")]),
    "bug-tape-no-seed": ("correct-tape-index-slots", [("        _GRAD[self.i] = 1.0\n", "")]),
    "bug-init-subclass-forward-order": ("correct-init-subclass-ops", [("for node in reversed(order):",
                                                                       "for node in order:")]),
    "bug-functional-exp-input": ("correct-functional-thin", [("lambda g: (g * e,)", "lambda g: (g * a.data,)")]),
    "bug-package-pow-no-minus-one": ("correct-package-lazy-getattr", [("(k * x ** (k - 1),)", "(k * x ** k,)")]),
    "bug-frozenset-mul-assign": ("correct-frozenset-iadd-seed", [
        ("self.grad += other.data * out.grad\n            other.grad += self.data * out.grad",
         "self.grad = other.data * out.grad\n            other.grad = self.data * out.grad")]),
    "bug-future-rsub-order": ("correct-future-typing-extensions", [("return Value._of(other) - self",
                                                                    "return self - Value._of(other)")]),
    "bug-dict-edges-assign": ("correct-dict-edges-serial-heap", [("parent.grad += local * node.grad",
                                                                  "parent.grad = local * node.grad")]),
    "bug-capitalized-relu-ge": ("correct-capitalized-filename", [("            if out.data > 0:",
                                                                  "            if self.data >= 0:")]),
    "bug-double-extension-log-output": ("shape-double-extension", [("self.grad += (1 / self.data) * out.grad",
                                                                    "self.grad += (1 / out.data) * out.grad")]),
    "bug-project-zip-sub-as-add": ("shape-project-folder-zip", [("        return self + (-other)\n",
                                                                 "        return self + other\n")]),
    "bug-vscode-tanh-one-minus-t": ("shape-vscode-help-timeit", [("self.grad += (1 - t**2) * out.grad",
                                                                  "self.grad += (1 - t) * out.grad")]),
    "bug-jupyterlab-log-output": ("shape-jupyterlab-torch-check", [("self.grad += (1 / self.data) * out.grad",
                                                                    "self.grad += (1 / out.data) * out.grad")]),
}


RADD = "    def __radd__(self, other):  # other + self\n        return self + other\n"
# review 29: a torch cell that gives Value its `__radd__` through a name of its own (`cls`); left out, the engine
# was graded without it: 60/63, add/constant and sub/constant charged, "`__radd__` is missing"
ALIASING_TORCH_CELL = "import torch\nfor cls in [Value]:\n    cls.__radd__ = cls.__add__\nprint(torch.ones(1))"


def _handed():
    return sorted((FRESH / "engine").iterdir())


def _class(folder):
    """Each shape of the reference solution, each engine handed in, each planted mistake."""
    planted_in = {base: (case, patches) for case, (base, patches) in PLANTED.items()}
    for shape, make in SHAPES.items():
        case = f"shape-{shape}"
        versions = [(case, SOLUTION)]
        if case in planted_in:
            versions.append((planted_in[case][0], _patched(SOLUTION, planted_in[case][1], case)))
        for made, code in versions:
            (folder / made).mkdir()
            _write(folder / made, make(code, "engine.py"))
    (folder / "review-torch-cell-aliases-value").mkdir()
    _write(folder / "review-torch-cell-aliases-value", {"engine.ipynb": _notebook(_cells(
        "import math", SOLUTION.replace(RADD, ""), ALIASING_TORCH_CELL))})
    for case in _handed():
        shutil.copytree(case, folder / case.name)
        if case.name in planted_in:
            planted, patches = planted_in[case.name]
            shutil.copytree(case, folder / planted)
            path = next(p for p in sorted((folder / planted).rglob("*")) if p.is_file() and _has_all(p, patches))
            path.write_text(_patched(path.read_text(encoding="utf-8"), patches, planted), encoding="utf-8")


def _has_all(path, patches):
    text = path.read_text(encoding="utf-8")
    return all(old in text for old, _ in patches)


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("strangers29")
    (tmp / "class").mkdir()
    _class(tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


FULL = [*(f"shape-{shape}" for shape in SHAPES), *(case.name for case in _handed())]
REVIEW = ["review-torch-cell-aliases-value"]
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    # before: correct-dezero-generations 63/63 with a "recursive" hint
    **{case: (63.0, [], []) for case in FULL},
    # 0/63 before (the forbidden library refused at import): the import still costs its point, as in a .py
    **{case: (62.0, ["engine/from-scratch"], []) for case in [
        "shape-lecture-torch-compare", "shape-nbconvert-torch-compare", "shape-colab-torch-compare", "shape-lecture-numpy-plot",
        "shape-jupyterlab-torch-check", "shape-micrograd-tests-called"]},
    "bug-dezero-mul-self-data": (24.25, 34, [("variant", "mul-self-data", "style")]),
    "bug-vjp-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"], [("variant", "tanh-input", "exact")]),
    "bug-tape-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-init-subclass-forward-order": (17.1667, 38, [("variant", "forward-order", "exact")]),
    "bug-functional-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-package-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    "bug-frozenset-mul-assign": (35.0, 20, [("variant", "mul-assign-not-accumulate", "style")]),
    "bug-future-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    # before: five findings for one `=` in the walk (relu's, tanh's, exp's, log's, `__pow__`'s); now one, at its line
    "bug-dict-edges-assign": (28.0834, 29, [("variant", "relu-assign-not-accumulate", "style")]),
    "bug-capitalized-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-double-extension-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-project-zip-sub-as-add": (61.0, ["sub/constant", "sub/values"], [("variant", "sub-as-add", "exact")]),
    "bug-vscode-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                    [("variant", "tanh-one-minus-t", "exact")]),
    # the cell stays, and fails at import as before session 29 (60/63 at 48983c3: its `__radd__` left out); session
    # 41: it stops the notebook there, its `__radd__` made before `torch.ones` raised (before: 0/63)
    "review-torch-cell-aliases-value": (62.0, ["engine/from-scratch", "engine/imports"], []),
    # 0/63 before (torch refused at import): log's two tests, and the import's point
    "bug-jupyterlab-log-output": (60.0, ["engine/from-scratch", "log/small", "log/values"],
                                  [("variant", "log-output", "exact")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*FULL, *PLANTED, *REVIEW])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


def test_a_torch_cell_that_stays_is_said_where_it_fails(rows):
    # session 41: said by the import test (0 points), the row graded (before: the row's message, 0/63)
    assert rows["review-torch-cell-aliases-value"]["tests"][0]["output"] == (
        "engine.ipynb stopped at a cell that raised ForbiddenModuleError: `torch` is not allowed in this exercise: "
        "`torch.ones(...)` (engine.ipynb, cell 3, line 4): the cells before it were graded, as Jupyter's Run All "
        "leaves them. Fix that cell or remove it.")


# -- in process: which cells are left out ------------------------------------------------------------------------

FORBID = ("torch", "numpy", "micrograd", "jax", "tensorflow")
ENGINE_CELL = "import math\nclass Value:\n    def __init__(self, data):\n        self.data = data"


def _kept(*cells):
    """The lines of the joined notebook that stay, blank ones dropped."""
    from grader.load.comparison_cells import without_comparison_cells
    from grader.load.notebooks import read_notebook
    from grader.load.reading import Origin

    code, places, _ = read_notebook(_notebook(_cells(*cells)), "hw.ipynb")
    kept = without_comparison_cells({"engine.py": code}, {"engine.py": Origin("hw.ipynb", places)}, FORBID)
    assert kept["engine.py"].count(b"\n") == code.count(b"\n")  # every line keeps its number
    return [line for line in kept["engine.py"].decode().split("\n") if line.strip()]


def test_a_cell_that_only_compares_with_torch_is_left_out():
    lines = _kept("import torch", ENGINE_CELL, "x = torch.tensor(2.0)\nx.requires_grad = True\nprint(x)",
                  "print(x.grad)", "v = Value(2.0)\nprint(v.data)")
    assert [line for line in lines if "torch" in line or "x." in line] == ["import torch"]
    assert "v = Value(2.0)" in lines
    # a left-out cell's imports stay (the "from scratch" test charges them as in a .py); the rest of it goes
    assert _kept(ENGINE_CELL, "import torch\nimport math as m\nx = torch.ones(1)")[-2:] == [
        "import torch", "import math as m"]


@pytest.mark.parametrize("cells,stays", [
    # the torch cell binds what a kept cell reads: it stays (and fails at import, as before); a cell that only
    # reads what it made (`v = Value(scale)`) is a comparison cell too, left out with it
    (("import torch", ENGINE_CELL, "t = torch.tensor(2.0)\nscale = 3", "def make():\n    return Value(scale)"),
     "t = torch.tensor(2.0)"),
    # it patches the engine
    (("import torch", ENGINE_CELL, "Value.t = torch.tensor(1.0)"), "Value.t = torch.tensor(1.0)"),
    # it defines a function, or rebinds a class the kept cells define
    (("import torch", ENGINE_CELL, "def check(v):\n    return torch.tensor(v.data)"), "def check(v):"),
    (("import torch", ENGINE_CELL, "Value = torch.Tensor"), "Value = torch.Tensor"),
    # what it binds is read inside a kept function (called later, it sees any binding), or in a kept cell below
    (("import torch", ENGINE_CELL, "w = torch.ones(1)", "class Net:\n    def f(self):\n        return w"),
     "w = torch.ones(1)"),
    (("import torch", ENGINE_CELL, "w = torch.ones(1)", "n = 1", "def g():\n    return 1", "print(w, n)\ndel n"),
     "w = torch.ones(1)"),
    # a function comparing with torch that patches the engine: its call stays
    ((ENGINE_CELL, "def check():\n    import torch\n    Value.t = torch.ones(1)", "check()"), "check()"),
])
def test_a_cell_that_defines_what_the_engine_uses_stays(cells, stays):
    assert stays in _kept(*cells)


def test_a_call_of_a_function_that_only_compares_with_torch_is_left_out():
    lines = _kept("import torch", ENGINE_CELL, MICROGRAD_TEST, "test_sanity_check()\nprint('ok')", "v = Value(1)")
    assert "test_sanity_check()" not in lines and "def test_sanity_check():" in lines and lines[-1] == "v = Value(1)"
    # what it returns, read by a kept function: the call stays
    returns = "def made():\n    import torch\n    return torch.ones(1)"
    assert "r = made()" in _kept(ENGINE_CELL, returns, "r = made()", "def g():\n    return r")


def test_a_suite_that_forbids_nothing_keeps_every_cell():
    from grader.load.comparison_cells import without_comparison_cells

    files = {"engine.py": b"import torch\nx = torch.tensor(1.0)\n"}
    assert without_comparison_cells(files, {}, FORBID) is files  # a .py: no cells to read
    assert without_comparison_cells(files, {"engine.py": object()}, ()) is files


REGISTRY = "import math\nRULES = {}\nclass Value:\n    def __init__(self, data):\n        self.data = data"


@pytest.mark.parametrize("cell", [
    # review 29: each of these was left out, and the engine graded without what it changed (cell_effects.py)
    "RULES.update(tanh=1)",  # a method of what a kept cell made
    "type.__setattr__(Value, '__radd__', Value.__init__)", "object.__setattr__(RULES, 'x', 1)",
    "for cls in [Value]:\n    cls.__radd__ = cls.__init__",  # through a name of its own for the engine's class
    "import contextlib\nwith contextlib.nullcontext(Value) as cls:\n    cls.__radd__ = cls.__init__",
    "(V := Value).__radd__ = V.__init__", "V = Value\nV.__radd__ = V.__init__", "R = RULES\nR['tanh'] = 1",
    "import engine as E\nE.Value.__radd__ = E.Value.__init__",
    "import sys\nsys.modules[__name__].Value.__radd__ = Value.__init__",
    "register('tanh', 1)",  # a kept function that stores
    "random.seed(0)",  # the standard library's state, which the engine's MLP draws from
    "RULES['n'] += 1", "n = RULES\nn += [1]",
    # through a new Value: what its class shares (`a.__class__`, `type(a)`, a class attribute)
    "a = Value(1.0)\na.__class__.__radd__ = a.__init__", "a = Value(1.0)\ntype(a).__radd__ = a.__init__",
    "a = Value(1.0)\na.RULES['x'] = 1", "Value(1.0).RULES.update(x=1)",
    # a function above, called, that changes what it does not own (left out at ffb3b2a: its call's cell)
    "def check():\n    RULES.update(x=1)\n    return torch.ones(1)\n# --\ncheck()",
    "def check():\n    cls = Value\n    cls.__radd__ = cls.__init__\n    torch.ones(1)\n# --\ncheck()",
    "def check():\n    random.seed(0)\n    return torch.ones(1)\n# --\ncheck()",
])
def test_a_torch_cell_that_changes_what_the_kept_cells_made_stays(cell):
    register = "def register(name, rule):\n    RULES[name] = rule"
    lines = _kept("import torch\nimport random", REGISTRY, register, *(cell + "\nx = torch.ones(1)").split("\n# --\n"))
    assert "x = torch.ones(1)" in lines


@pytest.mark.parametrize("kept", ["def device():\n    return globals().get('x', None)", "y = eval('x')"])
def test_a_notebook_that_reads_names_by_their_text_keeps_every_cell(kept):
    assert "x = torch.ones(1)" in _kept("import torch", REGISTRY, "x = torch.ones(1)", kept)


TORCH_NEURON = ("x1 = torch.tensor([2.0], requires_grad=True)\nw1 = torch.tensor([-3.0], requires_grad=True)\n"
                "o = torch.tanh(x1 * w1)\no.backward()")


@pytest.mark.parametrize("cell", [
    "print(torch.__version__)", "for v in torch.tensor([1.0, 2.0]):\n    print(v.item())",
    "print([p.grad.item() for p in [x1, w1]])", "assert abs(a.data - x1.grad.item()) < 1e-6, f'{a.data} {x1.grad}'",
    "np.testing.assert_allclose(a.data, x1.grad.numpy())", "with torch.no_grad():\n    y = x1 * 2\nprint(y)",
    "torch.manual_seed(0)\nz = torch.randn(3)", "zs = np.linspace(-3, 3, 9)\nplt.plot(zs, np.tanh(zs)); plt.show()",
    "display(x1.grad)", "print(math.tanh(-6.0), o.item())",
    "if abs(x1.grad.item() + 1.5) < 1e-6:\n    print('ok')\nelse:\n    print('differs')",
    "try:\n    t = torch.ones(1)\nexcept Exception as e:\n    print(e)",
    "b = Value(x1.item()) * 2\nb.grad = 1.0\nb.backward()\nprint(b.data, a.data, x1.grad.item())",  # its own Values
    "model = nn.Sequential(nn.Linear(2, 4), nn.Tanh())\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
    "for _ in range(3):\n    opt.zero_grad()\n    loss = model(torch.randn(4, 2)).sum()\n    loss.backward()\n"
    "    opt.step()\nprint(loss.item())",
])
def test_a_cell_that_compares_with_what_it_made_is_left_out(cell):
    lines = _kept("import math\nimport numpy as np\nimport torch\nimport torch.nn as nn\nimport matplotlib.pyplot as plt",
                  REGISTRY, "a = Value(2.0)", TORCH_NEURON, cell + "\nprint('compared')")
    assert "print('compared')" not in lines and "o.backward()" not in lines


def test_a_class_or_function_defined_again_as_the_notebook_grows_is_still_the_notebooks():
    # the lecture defines Value again as it adds ops: its new Values are the cell's own, as with one definition
    lines = _kept("import torch", ENGINE_CELL, ENGINE_CELL, MICROGRAD_TEST, "test_sanity_check()\nprint('ok')")
    assert "test_sanity_check()" not in lines and "print('ok')" not in lines
    plot = ["def f(x):\n    return x", "xs = torch.ones(3)\nprint(f(xs))"]
    assert "print(f(xs))" not in _kept("import torch", ENGINE_CELL, "def f(x):\n    return 2 * x", *plot)
    # but not where one of its definitions changes what it does not own
    assert "print(f(xs))" in _kept("import torch", REGISTRY, "def f(x):\n    RULES['a'] = x", *plot)


def test_a_notebook_exported_as_a_script_has_its_cells_read():
    from grader.load.comparison_cells import without_comparison_cells
    from grader.load.reading import Origin

    cells = ["import torch", REGISTRY, "x = torch.ones(1)\nprint(x)"]
    nbconvert = "#!/usr/bin/env python\n# coding: utf-8\n" + "".join(f"\n# In[{n}]:\n\n\n{c}\n" for n, c in
                                                                 enumerate(cells, start=1))
    percent = "".join(f"# %%\n{c}\n\n" for c in cells)
    # Colab's download marks no cell: a blank line before a statement opens one (review 29: 0/63 as the .ipynb
    # scored 62/63), a class's blank lines and an `else:` after one included; a file without Colab's head is a .py
    body = "".join(f"{c}\n\n" for c in [cells[0], REGISTRY + "\n\n    def f(self):\n        return 1",
                                         "if True:\n    y = 1\n\nelse:\n    y = 2", cells[2]])
    colab = COLAB_HEAD + body
    plain = "# -*- coding: utf-8 -*-\n" + body
    shapes = [("nbconvert", nbconvert), ("percent", percent), ("colab", colab), ("plain", plain)]
    kept = {name: without_comparison_cells({"engine.py": text.encode()}, {"engine.py": Origin("hw.py")}, FORBID)
            ["engine.py"].decode() for name, text in shapes}
    assert ["x = torch.ones(1)" in text for text in kept.values()] == [False, False, False, True]
    assert [text.count("\n") for text in kept.values()] == [text.count("\n") for _, text in shapes]
    assert "    def f(self):" in kept["colab"] and "else:" in kept["colab"]


@pytest.mark.parametrize("export", [
    "#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\nget_ipython().system('pip install graphviz')\n"
    "import torch\n\n\n# In[2]:\n\n\nx = torch.ones(1)\ndisplay(x)\n",
    COLAB_HEAD + "!pip install graphviz\nimport torch\n\nx = torch.ones(1)\ndisplay(x)\n"])
def test_an_exports_stand_ins_are_no_cell_of_the_students(export):
    # an escape puts the grader's `display = lambda ...` on the export's head (scripts.STAND_INS_LINE): read as the
    # student's own, it made `display(x)` a call of theirs, and the cell stayed (review 29)
    from grader.load.comparison_cells import without_comparison_cells
    from grader.load.reading import Origin
    from grader.load.scripts import STAND_INS_LINE, exported_script

    code = exported_script(export.encode())
    kept = without_comparison_cells({"engine.py": code}, {"engine.py": Origin("hw.py")}, FORBID)["engine.py"].decode()
    assert "display(x)" not in kept and STAND_INS_LINE in kept and kept.count("\n") == code.count(b"\n")


def test_a_method_called_on_a_popped_function_is_no_recursion():
    from grader.diagnose.hints import static_hints

    dezero = (FRESH / "engine" / "correct-dezero-generations" / "engine.py").read_bytes()
    assert static_hints({"engine.py": dezero}) == []
    walked = (b"class Function:\n    def backward(self, g):\n        return g\n\n\nclass Value:\n"
              b"    def backward(self):\n        for child in self._prev:\n            child.backward()\n")
    assert [h["hint"] for h in static_hints({"engine.py": walked})] == ["recursive-topo"]


# -- 07-mlp-xor: networks handed in beside the exercise's given engine (measured outside the suite) -------------

PLANTED_07 = {
    "bug-registry-zero-grad-own-only": ("correct-setattr-registry", [
        ("        for p in self.parameters():\n            p.grad = 0\n",
         "        for p in self._params.values():\n            p.grad = 0\n")]),
    "bug-sequential-last-layer-tanh": ("correct-sequential-linear", [("nonlin=(i < len(nouts) - 1)", "nonlin=True")]),
    "bug-flat-no-zero-grad": ("correct-flat-parameter-views", [("        mlp.zero_grad()\n", "")]),
}


def _class07(folder):
    for case in sorted((FRESH / "07-mlp-xor").iterdir()):
        for made, patches in [(case.name, [])] + [(p, patches) for p, (base, patches) in PLANTED_07.items()
                                                  if base == case.name]:
            shutil.copytree(case, folder / made)
            (folder / made / "engine.py").write_bytes(GIVEN)
            path = folder / made / "nn.py"
            path.write_text(_patched(path.read_text(encoding="utf-8"), patches, made), encoding="utf-8")

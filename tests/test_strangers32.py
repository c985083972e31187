"""Session 32's strangers: engines, notebooks and uploads in styles no earlier fixture has, graded in one batch.

`tests/fixtures/strangers32/engine/` holds engines written by hand in styles no earlier fixture uses: a `Value` that
is a `NamedTuple` with its gradients and rules in side tables keyed by a serial number, `__slots__` nodes pointing at
their parents through `weakref.ref`, ops in a dict of lambdas with the unary ones found by `__getattr__`, a `Value`
that subclasses `float`, a post-order walk that is a stack of generators (one per level, each yielding its children's
generators), a global Wengert tape with a context manager that resets it, `__matmul__` with a `Vector(list)` helper,
doctests in every docstring and a `__main__` demo that trains, `typing.Protocol`/`Self`/`overload`/`Final`, a dict
subclass whose keys are the attributes, operators as descriptor objects named by `__set_name__`, nbconvert's script
of a notebook (`get_ipython().system(...)`, `# In[1]:`), constants interned in a `WeakValueDictionary`; and two that
do not run here: Python 3.12's `type` alias and generics, and the reference saved by Notepad as UTF-16. `SHAPES`
makes the reference solution into: an IPython 2 notebook (nbformat 3, worksheets, `input`), a Colab notebook with
forms (`#@title`, `#@param`), a `%%capture`d install and `display(Markdown(...))`, a notebook with an `input()` cell
left in, a zip made by Windows PowerShell 5.1's Compress-Archive (entries named `hw2\\engine.py`), and a packaged
project in the src layout (`pyproject.toml`, `src/my_micrograd/engine.py`, `tests/`). `PLANTED` plants one mistake
of the course in 15 of them, each a different one.

What these found (before -> after):
- The src layout was `rejected` ("no engine.py found ... (found: pyproject.toml, src/, tests/)"): the loader took
  the one folder holding engine.py only at its top, not below its own wrappers (load/levels._engine_folder): 0 ->
  63/63, and its planted neg-self 0 -> 62/63.
- `input()` at import said "OSError: [Errno 9] Bad file descriptor" (fd 0 is the worker's observation pipe): the
  worker gives the student an empty stdin, so it is `EOFError: EOF when reading a line`, and the diagnosis names the
  cell and line (`asks-for-input`, grader/diagnose/import_io.py). Session 31's Colab notebook that writes
  results.txt in its folder gets `read-only-folder` from the worker's new `errno` field (test_strangers31).
- A `type` statement in a notebook's cell got no `newer-syntax` hint: the row carries the error's place as the
  notebook's cell and line, and the hint read that line number in the joined file; the import hints now read it
  back (`as_the_sandbox_saw`): engine.ipynb, cell 3, line 17.
- Every correct engine 63/63, every planted mistake loses the points of its test and is named; 10 of 15 findings
  named their line. where_written traced the backward alone: a local derivative computed in the forward pass and
  handed to a shared rule (exp's `self._unary(e, self.data, "exp")`, as strangers31's id-dict engine's) and the
  derived operators written wrong (`__sub__` as `self + other`, `__neg__` returning `self`, `__rtruediv__`'s order)
  had none. The probe now traces the op's own method forwards too (grader/suites/local_probes.traced_op, `made`;
  diagnose/written_at.made_at; the derived-op variants' `made_by`): 14 of 15. Left: a walk's order (forward-order)
  and a grad that starts at 1 are no one op's.

07-mlp-xor's and 11-fit-line's files here (`_class_nets`) were measured outside the suite, to keep its time (`grade
<folder> -e 07-mlp-xor`): dataclass neurons built in `__post_init__` with `zip(strict=True)` and `functools.reduce`,
parameters as `yield from` generators, a layer that exposes its neurons' weights as a matrix, 24/24 each; zero_grad()
after backward() 21/24 and a step up the gradient 21/24 (train/train-xor alone, each named); a random bias left out
of parameters() 9/24 (seven tests, as session 31's: left). 11-fit-line: a dataclass that holds the hyperparameters
and the history, parameters unpacked from a tuple, 13/13 each; no zero_grad 11/13 (step/second, named).

Graded in one batch: 36 rows, about 6 s of CPU (`/usr/bin/time -v python -m pytest -q -n 0` on this module, warm).
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

FRESH = Path(__file__).parent / "fixtures" / "strangers32"
ROOT = Path(__file__).parent.parent
SOLUTION = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")


def nbformat3_notebook(code, name):
    """IPython 2's notebook (nbformat 3): cells in a worksheet, code under `input`, a heading cell, prompt numbers."""
    def cell(source, number):
        return {"cell_type": "code", "collapsed": False, "input": source.splitlines(keepends=True),
                "language": "python", "metadata": {}, "outputs": [], "prompt_number": number}
    cells = [{"cell_type": "heading", "level": 1, "metadata": {}, "source": ["Homework 2"]},
             cell("import math", 1), cell(code, 2),
             cell("a = Value(2.0)\nb = (a * a).tanh()\nb.backward()\nprint(a.grad)", 3)]
    return {name.replace(".py", ".ipynb"): json.dumps({
        "metadata": {"name": "", "signature": "sha256:0"}, "nbformat": 3, "nbformat_minor": 0,
        "worksheets": [{"cells": cells, "metadata": {}}]}, indent=1).encode("utf-8")}


def colab_forms_notebook(code, name):
    """Colab's forms (`#@title`, `#@param`), a `%%capture`d install, the engine, `display(Markdown(...))`."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "%%capture\n!pip install graphviz\n!apt-get -qq install -y graphviz",
        "#@title Settings { display-mode: \"form\" }\nx0 = 0.5  #@param {type:\"number\"}\n"
        "show_graph = False  #@param {type:\"boolean\"}",
        "#@title The engine\nimport math\n" + code,
        "from IPython.display import Markdown, display\ny = (Value(x0) * 2).tanh()\ny.backward()\n"
        "display(Markdown(f'**dy/dx = {y.grad:.4f}**'))"),
        metadata={"colab": {"provenance": [], "collapsed_sections": ["ABC"]},
                  "kernelspec": {"display_name": "Python 3", "name": "python3"}})}


def input_left_notebook(code, name):
    """A cell that asks for the student's name with input(), left in above the engine."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "name = input('Your name: ')\nprint('Hello', name)", "import math\n" + code,
        "x = Value(0.5)\ny = x.tanh()\ny.backward()\nx.grad"))}


def powershell_zip(code, name):
    """Windows PowerShell 5.1's Compress-Archive: the folder's entries named with backslashes (`hw2\\\\engine.py`)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hw2\\" + name, code)
        archive.writestr("hw2\\notes\\README.txt", "my answers")
    return {"hw2.zip": buffer.getvalue()}


def src_layout_package(code, name):
    """A packaged project: pyproject.toml, the engine in src/<package>/, tests beside it."""
    return {"pyproject.toml": b"[project]\nname = \"my-micrograd\"\nversion = \"0.1.0\"\n",
            "src/my_micrograd/__init__.py": b"from .engine import Value\n",
            f"src/my_micrograd/{name}": code.encode("utf-8"),
            "tests/test_engine.py": b"from my_micrograd import Value\n\n\ndef test_add():\n"
                                    b"    assert (Value(1) + 2).data == 3\n"}


SHAPES = {"nbformat3": nbformat3_notebook, "colab-forms": colab_forms_notebook, "input-left": input_left_notebook,
          "powershell-zip": powershell_zip, "src-layout": src_layout_package}

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    "bug-side-table-grad-starts-one": ("correct-namedtuple-side-table", [("_GRADS[uid] = 0.0", "_GRADS[uid] = 1.0")]),
    "bug-weakref-tanh-input": ("correct-slots-weakref-parents", [("a.grad += (1 - y ** 2) * g",
                                                                  "a.grad += (1 - a.data ** 2) * g")]),
    "bug-getattr-log-output": ("correct-getattr-dispatch", [("lambda a, out: (1 / a,)", "lambda a, out: (1 / out,)")]),
    "bug-float-mul-self-data": ("correct-float-subclass", [("self.grad += other.data * out.grad",
                                                            "self.grad += self.data * out.grad")]),
    "bug-trampoline-yield-from-recursive": ("correct-generator-trampoline", [(
        "        stack = [level(self)]\n"
        "        while stack:\n"
        "            item = next(stack[-1], None)\n"
        "            if item is None:\n"
        "                stack.pop()\n"
        "            elif isinstance(item, Value):\n"
        "                yield item\n"
        "            else:\n"
        "                stack.append(item)\n",
        "        def walk(gen):\n"
        "            for item in gen:\n"
        "                if isinstance(item, Value):\n"
        "                    yield item\n"
        "                else:\n"
        "                    yield from walk(item)\n"
        "        yield from walk(level(self))\n")]),
    "bug-tape-no-seed": ("correct-tape-context", [("        self.grad = 1.0\n", "")]),
    "bug-matmul-sub-as-add": ("correct-matmul-vectors", [("return self + (-other)", "return self + other")]),
    "bug-doctest-add-assign": ("correct-doctest-main-train", [(
        "            self.grad += out.grad\n            other.grad += out.grad",
        "            self.grad = out.grad\n            other.grad = out.grad")]),
    "bug-protocol-exp-input": ("correct-protocol-typed", [('self._unary(e, e, "exp")',
                                                           'self._unary(e, self.data, "exp")')]),
    "bug-dict-relu-ge": ("correct-dict-subclass", [("g if x > 0 else 0.0", "g if x >= 0 else 0.0")]),
    "bug-descriptor-pow-no-minus-one": ("correct-descriptor-ops", [("x.data ** (out.k - 1)", "x.data ** out.k")]),
    "bug-nbconvert-tanh-one-minus-t": ("correct-nbconvert-script", [("(1 - t**2)", "(1 - t)")]),
    "bug-interned-rtruediv-order": ("correct-interned-constants", [("return other * self ** -1",
                                                                    "return self * other ** -1")]),
    "bug-colab-forms-forward-order": ("shape-colab-forms", [("for node in reversed(topo):", "for node in topo:")]),
    "bug-src-layout-neg-self": ("shape-src-layout", [("return self * -1\n", "return self\n")]),
    # not a mistake: Python 3.12's `type` statement in a notebook's cell (the hint reads the joined file's line)
    "py312-colab-forms-type-alias": ("shape-colab-forms", [("import math\n\n\nclass Value:",
                                                            "import math\n\ntype Number = float | int\n\n\nclass Value:")]),
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
    tmp = tmp_path_factory.mktemp("strangers32")
    (tmp / "class").mkdir()
    _class(tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}



FULL = [*(f"shape-{shape}" for shape in SHAPES), *(case.name for case in _handed() if case.name.startswith("correct-"))]
FULL.remove("correct-utf16-notepad")
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    # the src layout was rejected before ("no engine.py found ... (found: pyproject.toml, src/, tests/)")
    **{case: (63.0, [], []) for case in FULL},
    # refused as it was, in words that say how to save it (test_strangers27's UTF-16 shapes)
    "correct-utf16-notepad": (0.0, [], []),
    "py312-type-alias": (0.0, 52, [("hint", "newer-syntax", None)]),
    # before: no hint (the hint read line 17 of the joined file, not of the notebook's cell 3)
    "py312-colab-forms-type-alias": (0.0, 52, [("hint", "newer-syntax", None)]),
    # before: "OSError: [Errno 9] Bad file descriptor" (fd 0 is the observation pipe), no hint
    "shape-input-left": (0.0, 52, [("hint", "asks-for-input", None)]),
    "bug-side-table-grad-starts-one": (3.0, 48, [("variant", "grad-starts-one", "exact")]),
    "bug-weakref-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                               [("variant", "tanh-input", "exact")]),
    "bug-getattr-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-float-mul-self-data": (16.5, 40, [("variant", "mul-self-data", "style")]),
    "bug-trampoline-yield-from-recursive": (61.0, ["backward/deep-chain"], [("variant", "recursive-topo", "exact")]),
    "bug-tape-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-matmul-sub-as-add": (61.0, ["sub/constant", "sub/values"], [("variant", "sub-as-add", "exact")]),
    # `+` of two Values is never excused (judge/charging.py): every test that adds a node twice
    "bug-doctest-add-assign": (48.25, 9, [("variant", "add-assign-not-accumulate", "exact")]),
    "bug-protocol-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-dict-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-descriptor-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    "bug-nbconvert-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                       [("variant", "tanh-one-minus-t", "exact")]),
    "bug-interned-rtruediv-order": (62.0, ["div/constant"], [("variant", "rtruediv-order", "exact")]),
    "bug-colab-forms-forward-order": (14.1667, 41,  # shared/diamond at the drawn inputs
                                      [("variant", "forward-order", "exact")]),
    # before: rejected with the src layout, 0
    "bug-src-layout-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*FULL, "correct-utf16-notepad", "py312-type-alias", *PLANTED])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == ("rejected" if case == "correct-utf16-notepad" else "graded"), rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    ("py312-type-alias", ("engine.py", 5)),
    ("py312-colab-forms-type-alias", ("engine.ipynb", 17)),  # cell 3's line 17 (the title says the cell)
    ("shape-input-left", ("engine.ipynb", 1)),
    ("bug-weakref-tanh-input", ("engine.py", 65)),
    ("bug-getattr-log-output", ("engine.py", 10)),  # the OPS table's entry: `lambda a, out: (1 / out,)`
    ("bug-float-mul-self-data", ("engine.py", 39)),
    ("bug-trampoline-yield-from-recursive", ("engine.py", 84)),  # `yield from walk(item)`
    ("bug-tape-no-seed", ("engine.py", 84)),
    ("bug-doctest-add-assign", ("engine.py", 38)),
    ("bug-dict-relu-ge", ("engine.py", 79)),
    ("bug-descriptor-pow-no-minus-one", ("engine.py", 45)),  # Power.push
    ("bug-nbconvert-tanh-one-minus-t", ("engine.py", 91)),
    # before: no line (where_written traced the backward alone); now the op's own method, traced forwards
    ("bug-protocol-exp-input", ("engine.py", 84)),  # `return self._unary(e, self.data, "exp")`: the local, handed on
    ("bug-matmul-sub-as-add", ("engine.py", 105)),  # `return self + other` in __sub__
    ("bug-src-layout-neg-self", ("src/my_micrograd/engine.py", 151)),  # `return self` in __neg__
    ("bug-interned-rtruediv-order", ("engine.py", 125)),  # not the interned constant's lookup it calls
    # a walk's order and a gradient's start are no one op's: no line before session 33's walk_places.py
    ("bug-colab-forms-forward-order", ("engine.ipynb", 145)),  # cell 3's `for node in topo:`
    ("bug-side-table-grad-starts-one", ("engine.py", 23)),  # `_GRADS[uid] = 1.0` in __new__
])
def test_a_finding_names_its_line(rows, case, place):
    assert (rows[case]["diagnosis"][0].get("file"), rows[case]["diagnosis"][0].get("line")) == place


@pytest.mark.parametrize("case,title", [
    ("py312-colab-forms-type-alias", "engine.ipynb, cell 3, line 17 needs a newer Python than the grader's"),
    ("shape-input-left", "engine.ipynb, cell 1, line 1 waits for someone to type (`input()`)"),
])
def test_an_import_hint_names_the_cell(rows, case, title):
    assert rows[case]["diagnosis"][0]["title"].startswith(title)


def test_input_finds_an_empty_stdin(rows):
    assert rows["shape-input-left"]["tests"][0]["output"] == (
        "engine.ipynb could not be used: EOFError: EOF when reading a line (engine.ipynb, cell 1, line 1). Every "
        "other test was skipped.")


# -- 07-mlp-xor and 11-fit-line: files handed in beside the exercise's given engine (measured outside the suite) ------

GIVEN = (ROOT / "exercises" / "07-mlp-xor" / "engine.py").read_bytes()  # 11's given engine is the same file
PLANTED_NETS = {
    "07-mlp-xor": {
        # zero_grad() after backward(): every step moves by a gradient of zero
        "bug-dataclass-zero-grad-after-backward": ("correct-dataclass-post-init", [(
            "        model.zero_grad()\n        loss.backward()\n", "        loss.backward()\n        model.zero_grad()\n")]),
        # a step up the gradient, not down
        "bug-yield-from-ascent": ("correct-yield-from-params", [("p.data += -lr * p.grad", "p.data += lr * p.grad")]),
        # a random bias left out of parameters(): closing31's "9/24, seven tests"
        "bug-matrix-random-bias-left-out": ("correct-numpy-free-matrix", [
            ("        self.b = Value(0.0)\n", "        self.b = Value(rng.uniform(-1, 1))\n"),
            ("        return self.w + [self.b]", "        return list(self.w)"),
            ("        return [p for row, b in zip(self.W, self.bias) for p in (*row, b)]",
             "        return [p for row in self.W for p in row]")]),
    },
    "11-fit-line": {
        "bug-tuple-unpack-no-zero-grad": ("correct-params-tuple-unpack", [(
            "        for p in params:\n            p.grad = 0.0\n", "")]),
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


# -- in process: the import hints from the worker's fields (grader/diagnose/import_io.py) --------------------------

COLAB_WRITE = b"import math\nx = 1\nwith open('results.txt', 'w') as f:\n    f.write('1')\n"


def _error(exception, line, errno=None):
    facts = {"raised_in": "<module>", "entered": "<module>", "name": None, "owner": None, "operator": None,
             "missing": [], **({"errno": errno} if errno is not None else {})}
    return {"error": f"{exception}: ...", "exception": exception, "where": {"file": "engine.py", "line": line},
            "facts": facts}


@pytest.mark.parametrize("files,error,hint", [
    ({"engine.py": COLAB_WRITE}, _error("OSError", 3, errno=30), ("read-only-folder", 3)),  # EROFS
    ({"engine.py": COLAB_WRITE}, _error("PermissionError", 3, errno=13), ("read-only-folder", 3)),  # EACCES
    ({"engine.py": COLAB_WRITE}, _error("FileNotFoundError", 3, errno=2), None),  # another errno: no hint
    ({"engine.py": COLAB_WRITE}, _error("OSError", 3), None),  # the text alone is never read
    ({"engine.py": b"name = input('?')\n"}, _error("EOFError", 1), ("asks-for-input", 1)),
    ({"engine.py": b"data = (input('?')\n        .split())\n"}, _error("EOFError", 1), ("asks-for-input", 1)),
    ({"engine.py": b"raise EOFError\n"}, _error("EOFError", 1), None),  # an EOFError of the student's own
    ({"engine.py": b"x = my_input('?')\n"}, _error("EOFError", 1), None),
    ({"engine.py": b"x = (my_input('?')\n     )\n"}, _error("EOFError", 1), None),
    ({"engine.py": b"name = input('?')\n"}, _error("EOFError", 7), None),  # no such line
    # lines numbered as Python numbers them: a form feed in a comment splits no line
    ({"engine.py": b"# a\x0cb\nname = input('?')\n"}, _error("EOFError", 2), ("asks-for-input", 2)),
])
def test_an_import_hint_is_read_from_fields(files, error, hint):
    from grader.diagnose.import_io import import_io_hint

    found = import_io_hint(files, error)
    assert (found and (found["hint"], found["line"])) == (hint or None)


def test_a_notebooks_place_is_read_back_as_the_joined_file():
    from grader.diagnose.import_io import as_the_sandbox_saw
    from grader.load.reading import Origin

    origin = Origin("hw.ipynb", cells=(None, (2, 1), (2, 2), None, (4, 1)))
    error = {"exception": "EOFError", "where": {"file": "hw.ipynb", "cell": 4, "line": 1}}
    assert as_the_sandbox_saw(error, origin)["where"]["line"] == 5
    assert as_the_sandbox_saw({**error, "where": {"file": "hw.ipynb", "cell": 9, "line": 1}}, origin)["where"][
        "line"] is None
    assert as_the_sandbox_saw(error, None) is error  # a .py: as it is
    assert as_the_sandbox_saw(error, Origin("engine.py")) is error


@pytest.mark.parametrize("errno,ok", [(30, True), (0, True), (True, False), ("30", False), (-1, False),
                                      (1 << 16, False)])
def test_an_errno_is_an_int_or_the_facts_are_refused(errno, ok):
    from grader.observe.protocol import ProtocolError, _facts

    facts = {"raised_in": None, "entered": None, "name": None, "owner": None, "operator": None, "missing": [],
             "errno": errno}
    if ok:
        assert _facts(facts)["errno"] == errno
    else:
        with pytest.raises(ProtocolError):
            _facts(facts)
    del facts["errno"]
    assert "errno" not in _facts(facts)  # an exception without one: as before

"""Session 28's strangers: engines and files in shapes no earlier fixture has, graded in one batch.

`tests/fixtures/strangers28/engine/` holds engines written by hand in styles no earlier fixture uses: a Wengert
list (one global tape that backward() reads backwards, no closure on any node), Python 2's idioms (`class
Value(object)`, `super(Value, self)`, `__div__`, `%` formatting, the rule a method *name* looked up with
getattr), `data` and `grad` as descriptors with Greek identifiers, rules as `functools.partial` of module-level
functions, a `Node` class with local derivatives and a `Graph` that orders by height (`Value = Node` at the end),
an engine split over a package whose operations another module attaches to the class, and a Value with float-like
protocols (`__getattr__` to float, `__iter__` as (data, grad), `total_ordering`). `SHAPES` makes the
reference solutions into files as strangers hand them in, in ways session 27's did not: a UTF-8 byte-order mark
with Windows line ends, cp1252 declared, nbconvert's export of a notebook whose second cell opens with `from
__future__` (open case a), VS Code's / Jupytext's `# %%` export, `%%capture cap` (open case b) in a notebook and
exported, a zip holding one zip below a wrapper folder (open case c), a zip with Windows' backslashes, a notebook
whose JSON has CRLF line ends and each source one string, a browser's `engine (1).py`. `PLANTED` plants one
mistake of the course in several. Everything is graded in ONE batch (the engine suite); the later exercises' reference
solutions in these shapes were measured outside the suite (session 28's report: 61 of 110 rows 0 before, every one
full after), and their one new reading, a kept copy's name (`gradcheck (1).py`), is checked in process here.

A global tape walked whole, each entry re-run whatever graph it belongs to (`bug-tape-no-needed-set`), scored 63/63
in session 28: no probe of the engine suite ran backward() over two graphs that share nothing. Since session 29
backward/untouched-leaf also reads `untouched_other_graph` (two graphs built, then d.backward() and y.backward()):
62.5/63, as session 29's three tapes of `tests/fixtures/holes29/engine/` (`TAPES`: a module's list walked whole, a
list emptied at the start of each backward(), a list per thread), graded in this batch; a list per thread walked
over the output's own graph keeps 63.
"""

import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, _output, assert_scored_and_named
from test_strangers27 import _cells, _notebook, _patched, _write

from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "strangers28"
TAPES = Path(__file__).parent / "fixtures" / "holes29" / "engine"  # session 29's tapes, in this batch
ROOT = Path(__file__).parent.parent
SOLUTION = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")


def bom_crlf(code, name):
    """Notepad's "UTF-8 with BOM", Windows line ends."""
    return {name: b"\xef\xbb\xbf" + code.replace("\n", "\r\n").encode("utf-8")}


def cp1252_declared(code, name):
    """Saved in Windows' cp1252, as its first line declares; a comment in French with a non-ASCII letter."""
    return {name: ("# -*- coding: cp1252 -*-\n# Moteur de différentiation (devoir 1) \u2014 \u00e9t\u00e9\n"
                          + code).encode("cp1252", errors="replace")}  # (a sign cp1252 has not: `?`)


NBCONVERT = '''#!/usr/bin/env python
# coding: utf-8

# # Homework

# In[1]:


import random
random.seed(0)


# In[2]:


from __future__ import annotations
{code}

# In[3]:


print("done")
'''


def nbconvert_future(code, name):
    """`jupyter nbconvert --to script` of a notebook whose second cell opens with `from __future__` (open case a:
    the notebook scored 63/63 and this export 0/63, a SyntaxError)."""
    return {name: NBCONVERT.format(code=code).encode("utf-8")}


PERCENT = '''# ---
# jupyter:
#   jupytext:
#     text_representation:
#       format_name: percent
# ---

# %% [markdown]
# # Homework 1
# Run every cell.

# %%
# !pip install graphviz
import math

# %%
from __future__ import annotations

{code}

# %%
print("done")
'''


def percent_script(code, name):
    """VS Code's "Export to Python script" (Jupytext's percent format): `# %%` between cells, magics commented
    out, the engine's cell opening with `from __future__ import annotations`."""
    return {name: PERCENT.format(code=code).encode("utf-8")}


def capture_notebook(code, name):
    """A notebook whose engine cell runs under `%%capture cap` and whose next cell reads `cap` (open case b)."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "import math", "%%capture cap --no-stderr\n" + code + "\nprint('defined')",
        "print(cap.stdout[-200:])\ncap.show()\nassert cap.outputs == [] or True"))}


NBCONVERT_CAPTURE = '''#!/usr/bin/env python
# coding: utf-8

# In[1]:


get_ipython().run_cell_magic('capture', 'cap', {body})


# In[2]:


print(cap.stdout)
'''


def nbconvert_capture(code, name):
    """nbconvert's export of the `%%capture cap` notebook: the magic's line is the call's second argument."""
    return {name: NBCONVERT_CAPTURE.format(body=repr(code)).encode("utf-8")}


def _zip(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(path, data)
    return buffer.getvalue()


def wrapped_zip_in_zip(code, name, beside=()):
    """A student's folder zipped, their LMS's zip inside it (open case c: refused, where a folder holding one
    zip was read), and macOS's `__MACOSX` beside it."""
    inner = _zip({"hw1/" + name: code.encode("utf-8"), **{"hw1/" + path: data for path, data in beside}})
    return {"upload.zip": _zip({"upload/hw1-submission.zip": inner,
                                "__MACOSX/upload/._hw1-submission.zip": b"\x00\x05\x16\x07"})}


def backslash_zip(code, name, beside=()):
    """Windows PowerShell 5's Compress-Archive: members named with backslashes."""
    return {"hw1.zip": _zip({"hw1\\" + name: code.encode("utf-8"), "hw1\\notes.txt": b"done\r\n",
                             **{"hw1\\" + path: data for path, data in beside}})}


def crlf_json_notebook(code, name):
    """A notebook saved on Windows by an old editor: CRLF in the JSON and in each cell's one-string source."""
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
              "source": source.replace("\n", "\r\n")} for source in ("import math", code, "print('done')")]
    text = json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 2}, indent=1)
    return {name.replace(".py", ".ipynb"): text.replace("\n", "\r\n").encode("utf-8")}


def browser_duplicate(code, name):
    """A second download of the same file: the browser named it `engine (1).py`."""
    return {name.replace(".py", " (1).py"): code.encode("utf-8")}


SHAPES = {"bom-crlf": bom_crlf, "cp1252-declared": cp1252_declared, "nbconvert-future-cell": nbconvert_future,
          "percent-script-future": percent_script, "capture-cap-notebook": capture_notebook,
          "nbconvert-capture-cap": nbconvert_capture, "wrapped-zip-in-zip": wrapped_zip_in_zip,
          "backslash-zip": backslash_zip, "crlf-json-notebook": crlf_json_notebook,
          "browser-duplicate-name": browser_duplicate}

# id -> (the case it is planted in, [(text, replaced by), ...]): in a hand-written engine's file, or in the reference
# solution before it is shaped
PLANTED = {
    "bug-tape-no-needed-set": ("correct-global-tape", [("            if id(out) not in needed:\n                "
                                                         "continue\n", "")]),
    "bug-py2-two-stack-order": ("correct-py2-style", [(
        "        order, seen, stack = [], set(), [(self, 0)]\n"
        "        while stack:  # (node, 1) once its inputs are listed\n"
        "            v, done = stack.pop()\n"
        "            if done:\n"
        "                order.append(v)\n"
        "            elif v not in seen:\n"
        "                seen.add(v)\n"
        "                stack.append((v, 1))\n"
        "                stack.extend((c, 0) for c in v._prev)\n",
        "        # two stacks: the second, read from its start, lists each node before its inputs\n"
        "        first, order, seen = [self], [], set([self])\n"
        "        while first:\n"
        "            v = first.pop()\n"
        "            order.insert(0, v)\n"
        "            for c in v._prev:\n"
        "                if c not in seen:\n"
        "                    seen.add(c)\n"
        "                    first.append(c)\n")]),
    "bug-descriptor-log-output": ("correct-descriptor-fields", [("self.grad += έξοδος.grad / self.data",
                                                                 "self.grad += έξοδος.grad / έξοδος.data")]),
    "bug-partial-relu-ge": ("correct-partial-rules", [("a.grad += (a.data > 0) * out.grad",
                                                       "a.grad += (a.data >= 0) * out.grad")]),
    "bug-graph-height-ascending": ("correct-graph-runner-alias", [(
        "key=lambda n: self.height[id(n)], reverse=True)", "key=lambda n: self.height[id(n)])")]),
    "bug-package-rsub-order": ("correct-package-ops-attached", [("cls.__rsub__ = lambda a, b: add(-a, b)",
                                                                 "cls.__rsub__ = lambda a, b: add(a, -b)")]),
    "bug-bom-crlf-exp-input": ("shape-bom-crlf", [("self.grad += out.data * out.grad",
                                                   "self.grad += self.data * out.grad")]),
    "bug-percent-tanh-input": ("shape-percent-script-future", [("self.grad += (1 - t**2) * out.grad",
                                                                "self.grad += (1 - self.data**2) * out.grad")]),
    "bug-capture-mul-assign": ("shape-capture-cap-notebook", [
        ("self.grad += other.data * out.grad\n            other.grad += self.data * out.grad",
         "self.grad = other.data * out.grad\n            other.grad = self.data * out.grad")]),
}


def _handed():
    return sorted([*(FRESH / "engine").iterdir(), *TAPES.iterdir()])


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
    for case in _handed():
        shutil.copytree(case, folder / case.name)
        if case.name in planted_in:
            planted, patches = planted_in[case.name]
            shutil.copytree(case, folder / planted)
            path = next(p for p in sorted((folder / planted).rglob("*.py")) if _has_all(p, patches))
            path.write_text(_patched(path.read_text(encoding="utf-8"), patches, planted), encoding="utf-8")


def _has_all(path, patches):
    text = path.read_text(encoding="utf-8")
    return all(old in text for old, _ in patches)


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("strangers28")
    (tmp / "class").mkdir()
    _class(tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


TAPE_BUGS = sorted(case.name for case in TAPES.iterdir() if case.name.startswith("bug-"))
FULL = [*(f"shape-{shape}" for shape in SHAPES), *(case.name for case in _handed() if case.name not in TAPE_BUGS)]
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    **{case: (63.0, [], []) for case in FULL},
    # a walk in pre-order (each node's rule run as the stack pops it, before every consumer has passed its share):
    # every test whose graph shares an inner node loses, as a walk's mistake does; named since session 28 (nothing
    # was said before)
    "bug-py2-two-stack-order": (50.75, ["backward/order", "micrograd/more-ops", "micrograd/sanity-check",
                                        "random/reference-1-8", "random/torch-9-16", "shared/deep-diamond",
                                        "shared/intermediate"], [("walk", "depth-first-pre-order", "exact")]),
    # 63/63 before session 29: the module's docstring; the three tapes of tests/fixtures/holes29 as well
    **{case: (62.5, ["backward/untouched-leaf"], []) for case in ["bug-tape-no-needed-set", *TAPE_BUGS]},
    "bug-descriptor-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-partial-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-graph-height-ascending": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-package-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-bom-crlf-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-percent-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                               [("variant", "tanh-input", "exact")]),
    "bug-capture-mul-assign": (35.0, 20, [("variant", "mul-assign-not-accumulate", "exact")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*FULL, *PLANTED, *TAPE_BUGS])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


def test_the_hand_written_engines_are_diagnosed_in_their_own_terms(rows):
    # before: the seed set in Graph.backpropagate(), which backward() calls, was said missing ("`backward()` never
    # sets the output's gradient to 1") beside the walk in the wrong order
    assert [d.get("hint") or d.get("variant") for d in rows["bug-graph-height-ascending"]["diagnosis"]] == [
        "forward-order"]


# -- the surfaces: `grade check`, the portable check and Gradescope agree with the batch -------------------------

SURFACES = ["shape-capture-cap-notebook", "shape-nbconvert-future-cell", "shape-wrapped-zip-in-zip",
            "correct-package-ops-attached"]


@pytest.mark.slow
def test_check_the_portable_check_and_gradescope_agree_with_the_batch(rows, tmp_path):
    from test_seams import _gradescope

    from grader.classroom.student_check import check

    (tmp_path / "class").mkdir()
    _class(tmp_path / "class")
    for case in SURFACES:
        batch = {t["name"]: (t["status"], t["output"]) for t in rows[case]["tests"]}
        for use_bwrap in (True, False):
            result = check(tmp_path / "class" / case, "engine", limits=LIMITS, use_bwrap=use_bwrap)
            assert result.rejected is None, (case, use_bwrap)
            seen = {t["name"]: (t["status"], t["output"]) for t in result.tests}
            assert seen and all(batch[name] == said for name, said in seen.items()), (case, use_bwrap)
        scope = _gradescope(tmp_path / "class" / case, tmp_path / case)
        assert (scope["status"], scope["score"]) == ("graded", 63.0), case


# -- in process: the readings the holes were closed in ----------------------------------------------------------

CAPTURED = ('cap = type("CapturedIO", (), {"stdout": "", "stderr": "", "outputs": [], "show": lambda self: None, '
            '"__call__": lambda self: None})()  # grader: what %%capture binds')


@pytest.mark.parametrize("magic", ["%%capture cap", "%%capture --no-stderr cap", "%%capture cap --no-display"])
def test_capture_binds_the_name_it_is_given(magic):
    from grader.load.notebooks import without_escapes

    assert without_escapes(f"{magic}\nx = 1\n") == [(CAPTURED, 1), ("x = 1", 2)]
    assert without_escapes("%%capture\nx = 1\n") == [("x = 1", 2)]  # nothing named: nothing bound


def test_an_exported_cell_opening_with_a_future_import_stands_first():
    from grader.load.scripts import exported_script

    code = NBCONVERT.format(code="class Value:\n    def f(self) -> Value:\n        return self")
    lines = exported_script(code.encode()).decode().split("\n")
    assert lines[2].startswith("from __future__ import annotations; display = lambda")
    assert (len(lines), lines[15:17]) == (len(code.split("\n")), ["pass", "class Value:"])  # every line in its place
    # the same lines in a .py that is no export: Python's own SyntaxError, said as such
    plain = "import random\nfrom __future__ import annotations\n"
    assert exported_script(plain.encode()) == plain.encode()


def test_a_kept_copy_of_an_exercise_file_is_that_file(tmp_path):
    from grader.load import allowed_files, load_entry
    from grader.suites import load_suite

    allowed = allowed_files(load_suite("06-gradcheck"))
    (tmp_path / "ann").mkdir()
    (tmp_path / "ann" / "engine.py").write_text("class Value: pass\n")
    (tmp_path / "ann" / "gradcheck (1).py").write_text("x = 1\n")
    sub = load_entry(tmp_path / "ann", allowed)
    assert (sub.problem, sub.files["gradcheck.py"], sub.origins["gradcheck.py"].file) == (
        None, b"x = 1\n", "gradcheck (1).py")
    (tmp_path / "ann" / "gradcheck (2).py").write_text("x = 2\n")  # two copies: no one's to choose
    assert "gradcheck.py" not in (load_entry(tmp_path / "ann", allowed).files or {})

"""Session 26's review: what the session's changes opened, each with the sample that showed it.

- A clone of micrograd's own repository (`micrograd/engine.py`, `micrograd/nn.py` beside `setup.py`, `demo.ipynb`,
  `trace_graph.ipynb` and `test/`) was rejected, "no engine.py found": the loader looked inside a folder only where
  it was the level's one entry. Now, where the level has no file to take, its one folder holding engine.py is read.
- A notebook that calls Jupyter's `display(...)` scored 63/63 as the .ipynb and 0/63 exported as a script
  (nbconvert's, Colab's download: "NameError: name 'display' is not defined"): an export is read as the notebook
  it was (load/scripts.py), now with a notebook's stand-ins too, on a line of the comments before its first
  statement, so that every line stays where it was.
- A correct engine beside the ways a notebook tells where it runs (`try: IN_NOTEBOOK = get_ipython() is not None /
  except NameError: IN_NOTEBOOK = False`, `if 'google.colab' in str(get_ipython()):`) scored 0/63: every statement
  that named `get_ipython()` was made `pass` (grader/load/notebooks.without_escapes), so the name it bound was never
  bound (NameError) and a block's header was `pass` before its indented body (IndentationError). In a notebook
  this held before session 26; load/scripts.py (session 26) took it to every `.py` file that names
  `get_ipython()`, so a plain engine that ran as it was (63/63 on 50fe3ac) scored 0/63. Now only a call into
  IPython (`get_ipython().system(...)`, what Jupyter's export writes for an escape) is dropped; a use of
  `get_ipython()` itself stays, and answers as outside IPython (a notebook's stand-in returns None).
"""

from pathlib import Path

import pytest
from costs import slow_fixture
from load_support import make_zip, notebook, write

from grader.load import load_entry
from grader.load.notebooks import IPYTHON_STAND_INS, join_code_cells
from grader.load.scripts import exported_script
from grader.pipeline import grade
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = (ROOT / "reference" / "engine.py").read_text()

# the ways a notebook tells where it runs: each binds a name that the code after it reads
GUARDED = "try:\n    IN_NOTEBOOK = get_ipython() is not None\nexcept NameError:\n    IN_NOTEBOOK = False\n"
COLAB_BLOCK = "if 'google.colab' in str(get_ipython()):\n    IN_COLAB = True\nelse:\n    IN_COLAB = False\n"
SHELL_NAME = ("try:\n    SHELL = get_ipython().__class__.__name__\nexcept NameError:\n    SHELL = None\n")


@pytest.mark.parametrize("code", [
    GUARDED + "print(IN_NOTEBOOK)\n",
    SHELL_NAME + "print(SHELL)\n",
    "shell = get_ipython() if 'get_ipython' in globals() else None\nprint(shell)\n",
])
def test_a_script_that_only_asks_whether_it_runs_in_ipython_is_read_as_it_is(code):
    # on 50fe3ac+strangers26: the statements that named get_ipython() were `pass`, and print() a NameError
    assert exported_script(code.encode()) == code.encode()


def test_a_call_into_ipython_is_still_dropped_beside_a_use_that_stays():
    code = GUARDED + "get_ipython().system('pip install graphviz')\nx = get_ipython().getoutput('ls')\n"
    assert exported_script(code.encode()) == (GUARDED + "pass\nx = []\n").encode()  # its output's name stays bound


@pytest.mark.parametrize("cell,names", [
    (GUARDED, {"IN_NOTEBOOK": False}),  # the stand-in returns None, as outside IPython
    (COLAB_BLOCK, {"IN_COLAB": False}),  # on 50fe3ac: `pass` before the block's body, an IndentationError
    (SHELL_NAME, {"SHELL": "NoneType"}),
    # IPython's own get_ipython is not where the notebook is graded: its import is dropped, the stand-in answers
    ("from IPython import get_ipython\nIP = get_ipython()\nOTHER = IPython.get_ipython()\n", {"IP": None}),
])
def test_a_notebook_that_asks_whether_it_runs_in_ipython_keeps_what_it_binds(cell, names):
    code = IPYTHON_STAND_INS + join_code_cells([cell, "get_ipython().run_line_magic('matplotlib', 'inline')"])
    space: dict = {}
    exec(compile(code, "engine.py", "exec"), space)  # the cells only, no student engine: nothing else runs
    assert {name: space[name] for name in names} == names


# what `jupyter nbconvert --to script` writes of a notebook whose second cell shows a Value with display()
NBCONVERT = ("#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\nget_ipython().run_line_magic('matplotlib', "
             "'inline')\n{code}\n\n# In[2]:\n\n\ndisplay(Value(2.0))\n")
STAND_INS_LINE = "display = lambda *objects, **options: None; get_ipython = lambda: None  # grader: as in a notebook"


@pytest.mark.parametrize("code,expected", [
    # nbconvert's: the stand-ins on its blank third line; Colab's: on its coding line, which stays a comment after them
    (NBCONVERT.format(code="x = 1"), NBCONVERT.format(code="x = 1").replace(
        "\n\n# In[1]", f"\n{STAND_INS_LINE}\n# In[1]", 1).replace("get_ipython().run_line_magic('matplotlib', "
                                                                    "'inline')", "pass")),
    ('# -*- coding: utf-8 -*-\n"""x.ipynb"""\n!pip install graphviz\ndisplay(1)\n',
     f'{STAND_INS_LINE}  # -*- coding: utf-8 -*-\n"""x.ipynb"""\npass\ndisplay(1)\n'),
    # a `from __future__` import must come first: no stand-ins there
    ("# c\nfrom __future__ import annotations\n!pip install x\nx = 1\n",
     "# c\nfrom __future__ import annotations\npass\nx = 1\n"),
])
def test_an_exported_notebook_has_a_notebooks_stand_ins_on_a_line_of_its_own(code, expected):
    assert exported_script(code.encode()).decode() == expected


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("review26") / "class"
    write(folder, {
        "guarded.py": (GUARDED + REFERENCE + "\nif IN_NOTEBOOK:\n    print('in a notebook')\n").encode(),
        "guarded-nb.ipynb": notebook(GUARDED, REFERENCE, "if IN_NOTEBOOK:\n    print('in a notebook')\n"),
        "colab-nb.ipynb": notebook(COLAB_BLOCK, REFERENCE, "%matplotlib inline"),
        **{f"micrograd-clone/{name}": data for name, data in micrograd_clone().items()},
        "nbconvert-display.py": NBCONVERT.format(code=REFERENCE).encode(),
        "ipython-import-nb.ipynb": notebook("from IPython import get_ipython\nip = get_ipython()\n", REFERENCE),
    })
    assert load_entry(folder / "guarded.py").files["engine.py"].decode().startswith(GUARDED)
    result = grade(folder, exercise="engine", limits=Limits(probe_seconds=2, import_seconds=5,
                                                            submission_seconds=60), jobs=2, cache_dir=None)
    return {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.parametrize("name", ["guarded", "guarded-nb", "colab-nb", "micrograd-clone", "nbconvert-display",
                                  "ipython-import-nb"])
def test_a_correct_engine_that_asks_where_it_runs_scores_full(graded, name):
    # 0/63 on 50fe3ac+strangers26 each: "NameError: name 'IN_NOTEBOOK' is not defined" (the script's 63/63 on
    # 50fe3ac), "IndentationError: unexpected indent"; the clone rejected, "no engine.py found in micrograd-clone/";
    # the export "NameError: name 'display' is not defined"
    assert (graded[name]["status"], graded[name]["score"], graded[name]["max_score"]) == ("graded", 63.0, 63.0)


def test_two_blackboard_students_whose_usernames_end_alike_are_two_rows(tmp_path):
    """Without receipts each head was cut at its own last `_` (seams26): `HW1_a_smith` and `HW1_j_smith` were one
    student `smith`, whose latest attempt (a_smith's) was graded and j_smith's file left out as an older attempt."""
    from grader.load import load_folder

    folder = write(tmp_path / "bb", {"HW1_j_smith_attempt_2026-12-01-10-00-00_engine.py": b"# j\n",
                                     "HW1_a_smith_attempt_2026-12-02-10-00-00_engine.py": b"# a\n",
                                     "HW1_s_12345_attempt_2026-12-01-09-00-00_engine.py": b"# s\n"})
    rows = [(s.id, s.export["assignment"], s.export["attempt"], s.export["attempts_left_out"], s.files["engine.py"])
            for s in load_folder(folder)]
    assert rows == [("a_smith", "HW1", "2026-12-02-10-00-00", [], b"# a\n"),
                    ("j_smith", "HW1", "2026-12-01-10-00-00", [], b"# j\n"),
                    ("s_12345", "HW1", "2026-12-01-09-00-00", [], b"# s\n")]


NN = (ROOT / "reference" / "nn.py").read_text().replace(
    "try:  # inside the package: reference/engine.py\n    from .engine import Value\n"
    "except ImportError:  # a student's flat folder: engine.py next to this file\n    from engine import Value",
    "from micrograd.engine import Value")
EMPTY_NOTEBOOK = b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}'


def micrograd_clone(**more) -> dict:
    """A clone of micrograd's own repository, the student's engine and network in it."""
    return {"micrograd/__init__.py": b"", "micrograd/engine.py": REFERENCE.encode(), "micrograd/nn.py": NN.encode(),
            "setup.py": b"import setuptools\n", "demo.ipynb": EMPTY_NOTEBOOK, "trace_graph.ipynb": EMPTY_NOTEBOOK,
            "test/test_engine.py": b"from micrograd.engine import Value\n", "README.md": b"# micrograd\n", **more}


@pytest.mark.parametrize("shape", ["folder", "zip", "wrapped zip", "no files beside"])
def test_a_clone_of_micrograds_own_repository_is_read_from_its_package(tmp_path, shape):
    files = micrograd_clone()
    if shape == "no files beside":  # micrograd/ and test/ alone: two folders, so no wrapper
        files = {name: data for name, data in files.items() if "/" in name}
    if shape == "folder":
        entry = write(tmp_path / "alice", files)
    else:
        prefix = "alice/" if shape == "wrapped zip" else ""
        entry = make_zip(tmp_path / "alice.zip", {prefix + name: data for name, data in files.items()})
    sub = load_entry(entry, frozenset({"engine.py", "nn.py"}))
    assert (sub.problem, sorted(sub.files), sub.package) == (None, ["engine.py", "micrograd/__init__.py", "nn.py"],
                                                             "micrograd")
    assert sub.origins["engine.py"].file.endswith("micrograd/engine.py")


@pytest.mark.parametrize("files,said", [
    # two folders that hold an engine: which one is no one's to guess
    ({"a/engine.py": b"", "b/engine.py": b"", "x.ipynb": EMPTY_NOTEBOOK, "y.py": b""},
     "no engine.py found in alice/; expected engine.py, or a single .py or .ipynb file (found: x.ipynb, y.py, a/, b/)"),
    ({"a/engine.py": b"", "b/Engine.py": b""},
     "no engine.py found in alice/; expected engine.py, or a single .py or .ipynb file (found: a/, b/)"),
    ({"a/engine.py": b"", "b/c/engine.py": b"", "setup.py": b"", "demo.ipynb": EMPTY_NOTEBOOK},  # one below a wrapper
     "no engine.py found in alice/; expected engine.py, or a single .py or .ipynb file (found: demo.ipynb, setup.py, "
     "a/, b/)"),
])
def test_an_engine_in_one_of_several_folders_is_still_no_ones_to_guess(tmp_path, files, said):
    assert str(load_entry(write(tmp_path / "alice", files)).problem) == said


def test_a_single_file_beside_a_folder_holding_engine_py_is_still_the_engine(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"solution.py": b"x = 1\n", "old/engine.py": b"y = 2\n"}))
    assert (sub.problem, sub.files["engine.py"], sub.origins["engine.py"].file) == (None, b"x = 1\n", "solution.py")

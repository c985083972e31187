"""stdlib41: a helper module of the student's named as a standard one (`random.py`, `copy.py` beside engine.py).

`python engine.py` puts the script's folder first on sys.path, so the student's `import random` finds their file. The
loader carries such a file where a file of theirs imports it (grader/load/shadowing.py) and the worker imports it for
their own imports only (grader/sandbox/shadows.py: the importing module's file is in their folder); the probes', the
worker's and the standard library's own imports keep Python's module (`dataclasses`' `import copy`, `re`'s `import
functools`: more lenient than `python engine.py`, where those too would get the student's file and may fail). What
Python never lets a script's folder take stays Python's: a built-in module (`time`, `math` where it is built in), a
frozen one (`os`), one the interpreter loaded before the script (`encodings`), read on the worker's Python.

Fresh fixtures (tests/fixtures/stdlib41/engine): one correct engine of a new style (rules as lambdas, an iterative
walk), its conversion, walk, arithmetic or number types taken from a helper named `random.py`, `copy.py`, `types.py`,
`operator.py`, `functools.py`, `utils/random.py`, with a `time.py` or `math.py` beside it that Python never imports, a
`random.py` that imports the module it shadows (a circular import under `python engine.py`, the same error here) and a
hostile `random.py` that makes itself `sys.modules['random']`, replaces `_random.Random` and `builtins.__import__`.
Before: every correct one that imports its helper 0/63 ("cannot import name ... from 'random'") or, for copy, 2/63.

Graded in one module fixture (14 rows, 2 jobs); five rows again on a student's surface (grade check, grade ci, a
notebook's check()). By hand, `python bench/seams/matrix.py OUT --class stdlib41 --surfaces
run-one,check,check-ru,ci,gradescope,check-portable,fleet,serve` (a redis-server and one `grade worker` for the fleet;
serve grades uploads of one file, and every entry here is a folder): 12 entries, 1 disagreement, check-portable's
correct-math-builtin 55/63: the portable worker runs the grader's own Python, here a build whose `math` is no built-in
module, so their math.py is theirs there, as `python engine.py` on that interpreter finds it.
"""

import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS
from test_strangers36 import assert_a_surface_says_the_row

from grader.pipeline import grade
from grader.sandbox.host import find_python

FRESH = Path(__file__).parent / "fixtures" / "stdlib41" / "engine"
ROOT = Path(__file__).parent.parent


def _worker_builtin(name):
    """Whether the workers' interpreter builds `name` in (Debian's and most Linux builds build `math` in)."""
    said = subprocess.run([find_python(), "-I", "-S", "-c", f"import sys; print({name!r} in sys.builtin_module_names)"],
                          capture_output=True, text=True, check=True)
    return said.stdout.strip() == "True"


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The class graded by `grade run` once: (its folder, {id: row})."""
    tmp = tmp_path_factory.mktemp("stdlib41")
    shutil.copytree(FRESH, tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return tmp / "class", {row["id"]: row for row in result.scores["submissions"]}


@slow_fixture(scope="module")
def rows(graded):
    return graded[1]


# id -> (score, the row's message: None where it imported); Python's own words, as `python engine.py` says them
TABLE = {
    # before: 0/63 each ("cannot import name 'lift' from 'random'", "... 'topo' from 'copy'", ...), copy-walk 2/63
    "correct-random-helpers": (63.0, None),
    "correct-copy-walk": (63.0, None),  # dataclasses, imported after it, keeps Python's copy
    "correct-types-number": (63.0, None),  # enum and re keep Python's types and functools
    "correct-operator-arith": (63.0, None),
    "correct-functools-memo": (63.0, None),  # fractions keeps Python's functools
    "correct-utils-random": (63.0, None),  # a package's module: `from utils import random` (full before too)
    # before: 0/63 ("cannot import name 'random' from 'mypkg'"): their file was left out
    "correct-package-relative-random": (63.0, None),
    # their time.py exits at import: never imported (time is built in), as `python engine.py` never imports it
    "correct-time-never-read": (63.0, None),
    "correct-random-hostile": (63.0, None),  # its sys.modules['random'] and _random.Random reach no probe
    # a notebook's `%%writefile random.py` cell, then `from random import lift, walk` (the loader puts the code there)
    "correct-writefile-random": (63.0, None),
    "bug-time-helper-import": (0.0, "ImportError: cannot import name 'stopwatch' from 'time' (unknown location) "
                                    "(engine.py, line 1)"),
    # their random.py's `from random import uniform` imports itself, partially initialized, as under Python
    "bug-random-imports-itself": (0.0, "ImportError: cannot import name 'uniform' from partially initialized module "
                                       "'random' (most likely due to a circular import) (/sandbox/random.py) "
                                       "(random.py, line 1)"),
    # `from random import *` in their random.py imports nothing (itself, empty): Python's gauss is not theirs
    "bug-random-star-itself": (0.0, "AttributeError: module 'random' has no attribute 'gauss' (engine.py, line 21)"),
}


@pytest.mark.parametrize("case", sorted(TABLE))
def test_a_helper_named_as_a_standard_module_is_the_students_for_their_imports_only(rows, case):
    score, said = TABLE[case]
    row = rows[case]
    assert (row["status"], row["score"], row["max_score"], row["message"]) == ("graded", score, 63.0, said)
    assert [(d["hint"], d["file"], d["line"], d["title"]) for d in row["diagnosis"]] == HINTS.get(case, [])


# the hint beside Python's words (grader/diagnose/import_io.py, from the worker's `module` facts)
HINTS = {
    "bug-time-helper-import": [("standard-module-file", "engine.py", 1,
                                "engine.py, line 1: your time.py is never imported; `time` is Python's own")],
    "bug-random-imports-itself": [("standard-module-file", "random.py", 1,
                                   "random.py, line 1: your random.py imports `random`, which is itself")],
}


@pytest.mark.parametrize("case,surface", [
    ("correct-random-helpers", "check"), ("bug-random-imports-itself", "check"), ("correct-copy-walk", "ci"),
    ("bug-time-helper-import", "ci"), ("correct-writefile-random", "notebook"),
])
def test_a_students_surface_says_what_grade_run_says(graded, tmp_path, case, surface):
    assert_a_surface_says_the_row(graded, tmp_path, case, surface)


def test_a_math_py_is_never_imported_where_math_is_built_in(rows):
    if not _worker_builtin("math"):
        pytest.skip("math is no built-in module of the workers' interpreter: their math.py is theirs there")
    row = rows["correct-math-builtin"]  # its exp is 1 + x: 63/63 only with Python's math
    assert (row["status"], row["score"], row["diagnosis"]) == ("graded", 63.0, [])


def test_the_fixtures_run_as_their_table_says_under_python_engine_py(tmp_path):
    # the correct ones as `python engine.py` runs them, where Python's modules import nothing of theirs
    for case in ("correct-random-helpers", "correct-copy-walk", "correct-utils-random", "correct-random-hostile",
                 "correct-time-never-read"):
        shutil.copytree(FRESH / case, tmp_path / case)
        with open(tmp_path / case / "engine.py", "a", encoding="utf-8") as f:
            f.write("\na, b = Value(2.0), Value(-3.0)\nc = (a * b + a.tanh() / b).relu() + (a ** 2).exp().log() - 1 / a"
                    "\nc.backward()\nprint(round(c.data, 6), round(a.grad, 6), round(b.grad, 6))\n")
        ran = subprocess.run([find_python(), "-E", "-s", "engine.py"], cwd=tmp_path / case, capture_output=True,
                             text=True)
        assert (case, ran.returncode, ran.stdout, ran.stderr) == (case, 0, "3.5 4.25 0.0\n", "")


# -- the mechanisms ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("files,carried", [
    # imported: carried, as `python engine.py` would find it
    ({"engine.py": "from random import lcg\nclass Value: pass\n", "random.py": "def lcg(): pass\n"},
     ["engine.py", "random.py"]),
    ({"engine.py": "import copy\nclass Value: pass\n", "copy.py": "", "notes.py": ""},
     ["copy.py", "engine.py", "notes.py"]),
    # imported by a helper of theirs
    ({"engine.py": "from notes import x\nclass Value: pass\n", "notes.py": "import types\nx = 1\n", "types.py": ""},
     ["engine.py", "notes.py", "types.py"]),
    # imported relatively (a package handed in), by a file of a package of theirs
    ({"engine.py": "from . import random\nclass Value: pass\n", "random.py": ""},
     ["engine.py", "random.py", "submission/__init__.py"]),  # the package of no name (levels.UNNAMED_PACKAGE)
    ({"engine.py": "from ops import x\nclass Value: pass\n", "ops/__init__.py": "from copy import y\nx = 1\n",
      "copy.py": "y = 2\n"}, ["copy.py", "engine.py", "ops/__init__.py"]),
    # imported by no file of theirs: left out, as before
    ({"engine.py": "import math\nclass Value: pass\n", "random.py": "x = 1\n"}, ["engine.py"]),
    # a grader's name is never theirs, imported or not
    ({"engine.py": "import probekit\nclass Value: pass\n", "probekit.py": ""}, ["engine.py"]),
])
def test_a_helper_named_as_a_standard_module_is_carried_where_their_file_imports_it(tmp_path, files, carried):
    from grader.load import load_entry

    for name, text in files.items():
        (tmp_path / "hw" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "hw" / name).write_text(text, encoding="utf-8")
    sub = load_entry(tmp_path / "hw")
    assert (sub.problem, sorted(sub.files)) == (None, carried)


# run as the worker runs: the workers' interpreter with -I -S, the submission's folder last on sys.path
_WORKER = """
import sys
sys.path.append(FOLDER)
import importlib.util as u
spec = u.spec_from_file_location("_grader_shadows", SHADOWS)
shadows = u.module_from_spec(spec)
spec.loader.exec_module(shadows)
print(sorted(shadows.install({"shadows": NAMES}, FOLDER + "/")))
import random as grader_random  # the grader's
assert grader_random.__file__.startswith(sys.base_prefix) or grader_random.__file__.startswith("/usr"), grader_random
import engine
print(engine.SAID)
import tempfile, dataclasses, copy  # Python's modules, and their own imports of random and copy: Python's
print(tempfile._Random is sys.modules["random"].Random is grader_random.Random, copy.deepcopy([1]) == [1], "random" in sys.modules)
"""


def test_the_worker_gives_their_module_to_their_imports_only(tmp_path):
    (tmp_path / "random.py").write_text("import random as me\nimport time\nWHO = 'theirs'\nSELF = me\n")
    (tmp_path / "copy.py").write_text("WHO = 'their copy'\n")
    for name in ("time", "sys", "os", "encodings"):  # built in, frozen (3.11+), loaded before the script
        (tmp_path / f"{name}.py").write_text("raise SystemExit('never imported')\n")
    (tmp_path / "helper.py").write_text("import random\nWHO = random.WHO\n")
    (tmp_path / "engine.py").write_text(textwrap.dedent("""\
        import random, copy, time, os, helper
        import dataclasses  # imports copy: Python's
        SAID = (random.WHO, random.SELF is random, copy.WHO, helper.WHO, hasattr(time, "perf_counter"),
                hasattr(os, "getcwd"), dataclasses.copy.__name__, hasattr(dataclasses.copy, "deepcopy"))
        """))
    code = (f"FOLDER = {str(tmp_path)!r}\nSHADOWS = {str(ROOT / 'grader' / 'sandbox' / 'shadows.py')!r}\n"
            "NAMES = 'copy,encodings,os,random,sys,time'\n" + _WORKER)
    ran = subprocess.run([find_python(), "-I", "-S", "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert (ran.returncode, ran.stderr) == (0, "")
    assert ran.stdout.splitlines() == [
        "['copy', 'random']",  # os frozen: Python 3.11 on (the workers' interpreter here and in CI)
        "('theirs', True, 'their copy', 'theirs', True, True, 'copy', True)",
        "True True True",
    ]

"""Session 43's red team (docs/security.md, "Session 43's red team"): hostile students who read the source.

- `grade similarity` reads a hand-in's other files (grader/similarity/hand_in.py): a link (to /etc/passwd, to the
  grader's files), a FIFO, a folder past the depth cap, a name holding a control character are each left out and
  said in the row's `other_files_limits`; a name that is not UTF-8 no longer stops the whole class's record.
"""

import json
import os
import textwrap
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from costs import slow_fixture
from hostile_support import needs_bwrap, run_shadowed

from grader.cli import main
from grader.load import load_entry
from grader.sandbox import Limits
from grader.similarity.hand_in import UNSAFE_ZIP, other_files

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")
LIMITS = Limits(probe_seconds=1, import_seconds=5, submission_seconds=30, file_size_mb=8)


def _deep(top: Path, depth: int) -> None:
    """`top/d/d/.../d/t.py`, DEPTH folders, made through folder descriptors (no path longer than PATH_MAX)."""
    fd = os.open(top, os.O_RDONLY)
    for _ in range(depth):
        os.mkdir("d", dir_fd=fd)
        inner = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = inner
    with open(os.open("t.py", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), "w") as f:
        f.write("z = 3\n")
    os.close(fd)


def _hostile_hand_in(entry: Path) -> None:
    entry.mkdir()
    (entry / "engine.py").write_text(CORRECT, encoding="utf-8")
    (entry / "train.py.txt").write_text("not python\n", encoding="utf-8")
    os.symlink("/etc/passwd", entry / "passwd.py")
    os.symlink(ROOT / "grader", entry / "grader_files")
    os.mkfifo(entry / "pipe.py")  # opened for reading, it would wait for a writer forever
    (entry / "evil\x1b[2J.py").write_text("x = 1\n", encoding="utf-8")
    (entry / "bidi\u202e.py").write_text("x = 2\n", encoding="utf-8")
    (entry / "deep").mkdir()
    _deep(entry / "deep", 300)
    (entry / "tools").mkdir()
    (entry / "tools" / "plot.py").write_text("import math\n", encoding="utf-8")


def test_a_hand_ins_links_fifo_deep_folder_and_control_names_are_left_out_and_said(tmp_path):
    _hostile_hand_in(tmp_path / "mallory")
    others = other_files(load_entry(tmp_path / "mallory"))
    # before: the same files read, and the rest left out unsaid (the row had no other_files_limits)
    assert others.files == {"tools/plot.py": "import math\n"}
    assert others.limits == [
        {"what": "link", "files": ["grader_files", "passwd.py"], "count": 2},
        {"what": "special", "files": ["pipe.py"], "count": 1},
        {"what": "deep", "files": ["deep/d/d/d/"], "count": 1},
        {"what": "control", "files": ["bidi\\u202e.py", "evil\\x1b[2J.py"], "count": 2}]


@pytest.mark.slow
def test_a_name_that_is_not_utf8_is_read_under_its_escaped_name_and_the_record_is_written(tmp_path):
    (tmp_path / "class").mkdir()
    for sid in ("alice", "bob"):
        (tmp_path / "class" / sid).mkdir()
        (tmp_path / "class" / sid / "engine.py").write_text(CORRECT, encoding="utf-8")
    with open(os.path.join(os.fsencode(tmp_path / "class" / "bob"), b"bad\xffname.py"), "w") as f:
        f.write("w = 1\n")
    out = tmp_path / "similarity.json"
    # before: UnicodeEncodeError ('surrogates not allowed') writing the record: no record for the whole class
    said = CliRunner().invoke(main, ["similarity", str(tmp_path / "class"), "--no-micrograd", "-o", str(out)])
    assert (said.exit_code, said.exception) == (0, None)
    rows = {row["id"]: row for row in json.loads(out.read_text(encoding="utf-8"))["submissions"]}
    assert rows["bob"]["other_files"] == ["bad\\xffname.py"]
    assert "other_files" not in rows["alice"]


def test_a_zip_whose_member_leaves_it_reads_no_other_file_and_says_so(tmp_path):
    (tmp_path / "carol").mkdir()
    with zipfile.ZipFile(tmp_path / "carol" / "hw.zip", "w") as archive:
        archive.writestr("hw/engine.py", CORRECT)
        archive.writestr("hw/train.py", "print(1)\n")
    entry = load_entry(tmp_path / "carol")
    with zipfile.ZipFile(tmp_path / "carol" / "hw.zip", "a") as archive:  # changed after it was loaded
        archive.writestr("hw/../../escape.py", "print(2)\n")
    others = other_files(entry)
    assert (others.files, others.limits) == ({}, [{"what": "unsafe_zip"}]) and UNSAFE_ZIP == {"what": "unsafe_zip"}


# -- a student's module named as a standard one, reached by a name the loader cannot read ----------------------------

ALIASES = {
    # before: each left out by the loader (only a literal name in a call or a statement carried random.py), so the
    # import got Python's random, and `_R.student_helper()` an AttributeError at import: 0
    "alias": "im = importlib.import_module\n_R = im('random')\n",
    "getattr": "_R = getattr(importlib, 'import_' + 'module')('ran' + 'dom')\n",
    "builtins-dict": "_B = __builtins__ if isinstance(__builtins__, dict) else __builtins__.__dict__\n"
                     "_R = _B['__import__']('random')\n",
    "exec": "_G = {'__file__': __file__}\nexec('import random as R', _G)\n_R = _G['R']\n",
    # before: carried (a literal name), yet importlib.__import__ is the import system's own: Python's random
    "importlib-dunder": "_R = importlib.__import__('random')\n",
}
RANDOM_PY = "def student_helper():\n    return 25\n"


def _alias_engine(body: str) -> str:
    """A correct engine that takes a helper from its random.py by BODY, at import."""
    return CORRECT + "\n\nimport importlib\n" + body + "assert _R.student_helper() == 25, _R\n"


@pytest.mark.parametrize("name", sorted(ALIASES))
def test_the_loader_carries_their_standard_named_files_where_their_code_reaches_the_import_system(tmp_path, name):
    (tmp_path / "hw").mkdir()
    for file, text in {"engine.py": _alias_engine(ALIASES[name]), "random.py": RANDOM_PY,
                       "code.py": "import torch\n"}.items():
        (tmp_path / "hw" / file).write_text(text, encoding="utf-8")
    sub = load_entry(tmp_path / "hw")
    # each standard-named file: which import gets it is the worker's to decide, by the importing file
    assert (sub.problem, sorted(sub.files)) == (None, ["code.py", "engine.py", "random.py"])


@pytest.mark.parametrize("engine, carried", [
    # no import machinery named: as before, a file no file of theirs imports is left out
    ("import math\nclass Value: pass\n", ["engine.py"]),
    ("import re\nclass Value:\n    def f(self):\n        return getattr(self, 'data')\n", ["engine.py"]),
    ("s = 'import_module(\"random\")'\nclass Value: pass\n", ["engine.py"]),
    # a name made at run time, a function's globals, the class tree
    ("class Value:\n    def f(self, n):\n        return getattr(self, n)\n", ["engine.py", "random.py"]),
    ("def f(): pass\nB = f.__globals__\nclass Value: pass\n", ["engine.py", "random.py"]),
    ("S = object.__subclasses__()\nclass Value: pass\n", ["engine.py", "random.py"]),
])
def test_what_reaches_the_import_system(tmp_path, engine, carried):
    (tmp_path / "hw").mkdir()
    (tmp_path / "hw" / "engine.py").write_text(engine, encoding="utf-8")
    (tmp_path / "hw" / "random.py").write_text(RANDOM_PY, encoding="utf-8")
    assert sorted(load_entry(tmp_path / "hw").files) == carried


def test_a_code_py_carried_for_run_time_is_read_for_forbidden_imports_only_where_imported():
    from grader.forbidden import forbidden_imports
    from grader.load.shadowing import read_from

    files = {"engine.py": b"import importlib\nclass Value: pass\n", "code.py": b"import torch\n"}
    assert forbidden_imports(files, ["torch"], read_from(files)) == []
    files["engine.py"] += b"import code\n"
    assert forbidden_imports(files, ["torch"], read_from(files)) == [
        {"module": "torch", "file": "code.py", "line": 1}]


@pytest.mark.parametrize("imports, found", [
    # never imported: carried for run time only, never read (before review43a it was read in a package: `grade` of
    # this hand-in scored 62/63, the from-scratch test failed on micrograd/code.py's torch; base43 and now 63/63)
    ("", []),
    ("from . import code\n", [{"module": "torch", "file": "code.py", "line": 1}]),
    ("from micrograd.code import x\n", [{"module": "torch", "file": "code.py", "line": 1}]),
])
def test_in_micrograds_layout_too_a_scratch_code_py_is_read_only_where_imported(tmp_path, imports, found):
    from grader.observe import _forbidden
    from grader.suites import load_suite

    folder = tmp_path / "hw" / "micrograd"
    folder.mkdir(parents=True)
    engine = CORRECT + "\n\ndef _apply(v, name):\n    return getattr(v, name)()\n"  # reaches the import system
    for file, text in {"engine.py": engine, "utils.py": "from micrograd.engine import Value\n" + imports,
                       "code.py": "import torch\nx = 1\n"}.items():
        (folder / file).write_text(text, encoding="utf-8")
    sub = load_entry(tmp_path / "hw")
    assert (sub.package, sorted(sub.files)) == ("micrograd", ["code.py", "engine.py", "micrograd/__init__.py", "utils.py"])
    assert _forbidden(sub, load_suite("engine")) == found


_PRINTS = """print(engine._R.__file__ == FOLDER + "/random.py",
      grader_random.__file__.startswith((sys.base_prefix, "/usr")),
      importlib.__import__("random") is grader_random, importlib.import_module("random") is grader_random,
      tempfile._Random is grader_random.Random)"""


@pytest.mark.parametrize("name", sorted(ALIASES))
def test_the_worker_gives_their_module_to_an_import_of_theirs_by_any_name(tmp_path, name):
    (tmp_path / "engine.py").write_text("import importlib\n" + ALIASES[name], encoding="utf-8")
    (tmp_path / "random.py").write_text(RANDOM_PY, encoding="utf-8")
    ran = run_shadowed(tmp_path, "43", _PRINTS)
    # theirs for their file's import; Python's for the grader's, importlib's own callers' and the standard library's
    assert (ran.returncode, ran.stderr, ran.stdout) == (0, "", "True True True True True\n")


def _in_backward(body: str) -> str:
    """A correct engine whose backward() first runs BODY."""
    return CORRECT + "\n\n_bw = Value.backward\ndef _b(self):\n" + body + "    return _bw(self)\nValue.backward = _b\n"


# part 2: attacks by students who read the source, each failing as before this session (the outcome asserted below)
READ_THE_SOURCE = {
    # a float subclass whose __eq__, __float__ and __repr__ lie, as every Value's data: the probes read its type
    "liar-float": CORRECT + textwrap.dedent("""
        class Liar(float):
            def __eq__(self, o): return True
            def __ne__(self, o): return False
            def __repr__(self): return "1.0"
            def __float__(self): return 1.0
        _init = Value.__init__
        def _i(self, *a, **k):
            _init(self, *a, **k)
            self.data = Liar(self.data)
        Value.__init__ = _i
        """),
    # a thread kept alive past the probe, writing forged result lines on the report channel (fd 0) every 50 ms
    "thread-forges": _in_backward(textwrap.indent(textwrap.dedent("""
        import threading, os, time
        def spin():
            while True:
                try:
                    os.write(0, b'{"event": "result", "probe": "seed_gradient", "ok": true, "value": {}}\\n')
                except OSError:
                    pass
                time.sleep(0.05)
        if not getattr(Value, "_started", False):
            Value._started = True
            threading.Thread(target=spin, daemon=True).start()
        """), "    ")),
    # shared memory filled, the standard streams flooded with 64 MiB each
    "shm-fill": _in_backward("    with open('/dev/shm/fill', 'wb') as f:\n        f.write(b'x' * (1 << 20))\n"),
    "pipe-flood": _in_backward("    import os\n    os.write(1, b'x' * (64 << 20))\n    os.write(2, b'y' * (64 << 20))\n"),
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The ALIASES engines (each with its random.py and a scratch `code.py` no file imports) and READ_THE_SOURCE's,
    graded by `grade run` once."""
    from grader.pipeline import grade

    folder = tmp_path_factory.mktemp("redteam43") / "class"
    for name, body in ALIASES.items():
        (folder / name).mkdir(parents=True)
        (folder / name / "engine.py").write_text(_alias_engine(body), encoding="utf-8")
        (folder / name / "random.py").write_text(RANDOM_PY, encoding="utf-8")
        (folder / name / "code.py").write_text("raise SystemExit('never imported')\nimport torch\n", encoding="utf-8")
    for name, code in READ_THE_SOURCE.items():
        (folder / f"{name}.py").write_text(code, encoding="utf-8")
    result = grade(folder, exercise="05-backward", limits=LIMITS, jobs=2)
    assert result.sandbox == "bubblewrap"
    return {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.slow
@needs_bwrap
def test_an_engine_reaching_its_random_py_by_any_name_is_graded_as_python_engine_py_runs_it(graded):
    # before: 0 each, "engine.py could not be used: AttributeError: module 'random' has no attribute
    # 'student_helper'": the aliases' random.py left out, importlib-dunder's carried but Python's module given
    assert {sid: (graded[sid]["status"], graded[sid]["score"]) for sid in ALIASES} == {
        name: ("graded", 25.0) for name in ALIASES}


def _first_failure(row):
    failing = [t for t in row["tests"] if t["status"] not in ("passed", "skipped")]
    return failing[0]["output"].splitlines()[0] if failing else None


@pytest.mark.slow
@needs_bwrap
def test_attacks_that_read_the_source_fail_as_before(graded):
    said = {sid: (graded[sid]["status"], graded[sid]["score"], _first_failure(graded[sid]))
            for sid in READ_THE_SOURCE}
    assert said == {
        "liar-float": ("graded", 0.0, "y = a * b + b at a = 2, b = 3; y.grad after y.backward(): your engine gave "
                                      "what the grader cannot read: a.data is a Liar, not a number"),
        "thread-forges": ("crashed", 0.0, "thread-forges.py could not be used: thread-forges.py tampered with the "
                                          "grader's report channel (it wrote to, closed or replaced a file descriptor it "
                                          "did not open), so none of its observations are used: remove that code "
                                          "(`os.write`, `os.close` or `os.dup2` on a descriptor number, `/dev/fd/`, "
                                          "`/proc/self/fd/`); `print()` and the files your code opens itself are fine. "
                                          "Every other test was skipped."),
        "shm-fill": ("graded", 0.0, "y = a * b + b at a = 2, b = 3; y.grad after y.backward(): your engine raised "
                                    "OSError: [Errno 30] Read-only file system: '/dev/shm/fill' (shm-fill.py, line "
                                    "141, in _b)"),
        "pipe-flood": ("graded", 25.0, None),  # the output capped, the observations apart from it
    }


# -- a notebook that forges its check ---------------------------------------------------------------------------------

BUGGY = (ROOT / "tests" / "fixtures" / "submissions" / "bug-mul-assign" / "engine.py").read_text(encoding="utf-8")


def _forging_notebook() -> str:
    """BUGGY as a notebook that redefines `check` to print a full score, calls it (its output cell saved with a forged
    table of passes), and writes an `.exercise` marker naming another exercise into its folder."""
    import nbformat

    v4 = nbformat.v4
    forged = v4.new_output("stream", name="stdout", text="PASS  seed/out-grad-is-one\n25/25 points\n")
    table = v4.new_output("display_data", data={"text/html": "<table><tr><td>PASS</td></tr></table>"})
    called = v4.new_code_cell("check('05-backward')", outputs=[forged, table], execution_count=4)
    return nbformat.writes(v4.new_notebook(cells=[
        v4.new_code_cell(BUGGY),
        v4.new_code_cell("try:\n    open('.exercise', 'w').write('01-mul-backward')\nexcept OSError:\n    pass\n"),
        v4.new_code_cell("def check(exercise):\n    print('PASS  everything\\n25/25 points')\n"),
        called]))


@pytest.mark.slow
@needs_bwrap
def test_a_notebook_that_forges_its_check_scores_as_its_engine_does(tmp_path):
    from grader.classroom.student_check import check
    from grader.pipeline import grade

    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "forger.ipynb").write_text(_forging_notebook(), encoding="utf-8")
    (tmp_path / "class" / "plain.py").write_text(BUGGY, encoding="utf-8")
    rows = {row["id"]: row for row in grade(tmp_path / "class", exercise="05-backward", limits=LIMITS,
                                            jobs=2).scores["submissions"]}
    # the outputs are never read, the check cell is dropped (load.check_cells), the write refused (a read-only folder)
    assert (rows["forger"]["score"], rows["plain"]["score"]) == (8.0, 8.0)
    assert [t["status"] for t in rows["forger"]["tests"]] == [t["status"] for t in rows["plain"]["tests"]]
    # `grade check` of the notebook (check()'s path=) checks the engine, whatever the student's `check` printed
    said = check(tmp_path / "class" / "forger.ipynb", "05-backward", limits=LIMITS)
    plain = check(tmp_path / "class" / "plain.py", "05-backward", limits=LIMITS)
    assert (said.points, said.all_passed, plain.points) == (7.0, False, 7.0)
    assert [t["status"] for t in said.tests] == [t["status"] for t in plain.tests]
    assert not (tmp_path / "class" / ".exercise").exists()

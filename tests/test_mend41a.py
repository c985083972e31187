"""Review 41's two findings on strangers41's notebook change (a cell that raises stops a notebook there, the cells
above graded), mended.

1. The decision "this module is a notebook's cells" was made from the file's text (it opened with the IPython
   stand-ins): a .py file opening with that text, whose last line's assert fails, scored 63/63 ("stopped at a
   cell"), where the same file without the opening scored 0/63. It is now the loader's (`Origin.cells`), carried as
   `Submission.notebooks` to the worker (a field of the request; a fleet job's `notebooks`) and into the digest,
   the cache's key: the two .py files score 0/63 alike, each told its import raised.
2. A notebook whose last cell calls `sys.exit("...")` scored 0/63 ("crashed"); Jupyter's Run All stops at that cell
   (IPython shows the SystemExit as the cell's error) and keeps the cells above: now 63/63, the import test naming
   the cell and the SystemExit. KeyboardInterrupt (a cell interrupted) stops it there too; MemoryError (a limit)
   and GeneratorExit do not.
"""
import json
import sys
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS
from test_strangers36 import assert_a_surface_says_the_row

from grader.load import load_submissions
from grader.load.notebooks import IPYTHON_STAND_INS, read_notebook
from grader.load.submission import files_digest
from grader.pipeline import grade
from grader.suites import load_suite

NOTEBOOK = Path(__file__).parent / "fixtures" / "strangers41" / "engine" / "correct-six-cells-assert-fails.ipynb"
SAID = "my friend's answer sheet says 7.5?"


def _exit_notebook() -> bytes:
    """The strangers' six-cell notebook, its last cell (8) `sys.exit(...)` in place of the failing assert."""
    notebook = json.loads(NOTEBOOK.read_text())
    notebook["cells"][7]["source"] = ["import sys\n", "sys.exit(\"done with the demo\")"]
    return json.dumps(notebook, indent=1).encode("utf-8")


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """(the class folder, {id: row}) of `grade run` over: the notebook's joined code as a .py file (stand-ins
    first), the same without the stand-ins, and the notebook whose last cell calls sys.exit()."""
    folder = tmp_path_factory.mktemp("mend41a") / "class"
    folder.mkdir()
    joined = read_notebook(NOTEBOOK.read_bytes(), "lab.ipynb")[0]
    assert joined.startswith(IPYTHON_STAND_INS.encode()) and joined.rstrip().endswith(f'"{SAID}"'.encode())
    (folder / "stand-ins-py.py").write_bytes(joined)
    (folder / "plain-py.py").write_bytes(joined.removeprefix(IPYTHON_STAND_INS.encode()))
    (folder / "exit-last-cell.ipynb").write_bytes(_exit_notebook())
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2, cache_dir=folder.parent / "cache")
    return folder, {row["id"]: row for row in result.scores["submissions"]}


def _imports(row):
    test = next(t for t in row["tests"] if t["name"] == "engine/imports")
    return test["status"], test["max_score"], test["output"]


@pytest.mark.parametrize("case,line", [("stand-ins-py", 107), ("plain-py", 103)])
def test_a_py_file_is_no_notebook_whatever_its_text(graded, case, line):
    row = graded[1][case]
    assert (row["status"], row["score"], row["max_score"]) == ("graded", 0.0, 63.0)
    assert _imports(row) == ("failed", 0.0, (
        f"{case}.py could not be used: AssertionError: {SAID} ({case}.py, line {line}). Every other test was "
        "skipped."))


def test_a_notebook_whose_last_cell_calls_sys_exit_is_graded_as_run_all_leaves_it(graded):
    row = graded[1]["exit-last-cell"]
    assert (row["status"], row["score"], row["max_score"]) == ("graded", 63.0, 63.0)
    assert _imports(row) == ("failed", 0.0, (
        "exit-last-cell.ipynb stopped at a cell that raised SystemExit: done with the demo (exit-last-cell.ipynb, "
        "cell 8, line 2): the cells before it were graded, as Jupyter's Run All leaves them. Fix that cell or "
        "remove it."))


@pytest.mark.parametrize("surface", ["check", "notebook"])
def test_a_students_surface_says_the_sys_exit_row(graded, tmp_path, surface):
    assert_a_surface_says_the_row(graded, tmp_path, "exit-last-cell", surface)


def test_the_loader_decides_and_the_digest_keeps_it_apart(tmp_path):
    suite = load_suite("engine")
    joined = read_notebook(NOTEBOOK.read_bytes(), "lab.ipynb")[0]
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "as-py.py").write_bytes(joined)
    (tmp_path / "class" / "as-notebook.ipynb").write_bytes(NOTEBOOK.read_bytes())
    subs = {s.id: s for s in load_submissions(str(tmp_path / "class"), suite)}
    py, nb = subs["as-py"], subs["as-notebook"]
    assert (py.notebooks, nb.notebooks) == ((), ("engine.py",))
    assert py.files == nb.files  # the same text: only the loader's decision tells them apart, and the digest keeps it
    assert py.digest == files_digest(py.files) != nb.digest == files_digest(nb.files, None, ("engine.py",))


def test_a_fleet_job_carries_the_notebooks_and_keys_by_them(tmp_path):
    from grader.fleet.payload import PayloadError, job_payload, read_job

    suite = load_suite("engine")
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "lab.ipynb").write_bytes(NOTEBOOK.read_bytes())
    sub = load_submissions(str(tmp_path / "class"), suite)[0]
    payload = job_payload(sub, suite, LIMITS, "0" * 64, require_sandbox=False)
    assert payload["submission"]["notebooks"] == ["engine.py"]
    job = read_job(payload)
    plain = read_job({**payload, "submission": {"files": payload["submission"]["files"]}})
    assert (job.notebooks, plain.notebooks) == (("engine.py",), ()) and job.key != plain.key
    with pytest.raises(PayloadError, match="the job's notebooks are not all among its files"):
        read_job({**payload, "submission": {**payload["submission"], "notebooks": ["nn.py"]}})


def _raised():
    import importlib.util

    spec = importlib.util.spec_from_file_location("raised41a", Path(__file__).parent.parent / "grader" / "sandbox"
                                                  / "raised.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("last,kept", [
    ("import sys\nsys.exit('done')\n", True),  # IPython shows the SystemExit as the cell's error: Run All stops
    ("raise KeyboardInterrupt\n", True),  # an interrupted cell: Run All stops there
    ("raise MemoryError\n", False),  # a limit's, not the cell's
    ("raise GeneratorExit\n", False),  # no error a cell shows
])
def test_what_stops_a_cell(tmp_path, last, kept):
    path = tmp_path / "nbmod41a.py"
    path.write_text("class Value:\n    pass\n" + last + "later = 1\n")
    sys.path.insert(0, str(tmp_path))
    try:
        with pytest.raises(BaseException) as raised:
            __import__("nbmod41a")
        module = _raised().ran_cells(raised.value, "nbmod41a", str(path))
        assert (module is not None, module is not None and not hasattr(module, "later")) == (kept, kept)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("nbmod41a", None)

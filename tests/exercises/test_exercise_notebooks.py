"""Every exercise notebook, executed headless as a student runs it (nbclient, ipykernel): its last
cell checks the notebook's own cells (grader/classroom/notebook_check.py), and grading the executed notebook
as a submission gives the same score as grading it unexecuted."""

import functools
import re
import shutil
import tempfile
from pathlib import Path

import nbformat
import pytest
from conftest import EXERCISES_DIR, graded_files
from costs import slow_fixture
from nbclient import NotebookClient

from grader.load.notebooks import is_self_check_cell, join_code_cells
from grader.classroom.notebooks import check_cell, notebook
from grader.classroom.starters import solution_files
from grader.course import COURSE
from grader.classroom.student_check import check

_RUNS = Path(tempfile.mkdtemp(prefix="executed-notebooks-"))


def _notebook_text(exercise, which):
    if which == "starter":
        return (EXERCISES_DIR / exercise / f"{exercise}.ipynb").read_text(encoding="utf-8")
    readme = (EXERCISES_DIR / exercise / "README.md").read_text(encoding="utf-8")
    # the solution pasted into the code cells, as its class batch grades it (09's chain shorter: graded_files)
    return notebook(exercise, graded_files(solution_files(exercise)), readme)


@functools.cache
def _executed(exercise, which):
    """(path of the notebook before, path after) running every cell in a fresh kernel; an error in a
    cell does not stop the next (the untouched starter's "Try it" cell raises NotImplementedError)."""
    folder = _RUNS / exercise / which
    folder.mkdir(parents=True)
    before = folder / "before" / f"{exercise}.ipynb"
    before.parent.mkdir()
    before.write_text(_notebook_text(exercise, which), encoding="utf-8")
    nb = nbformat.read(str(before), as_version=4)
    # every bound a hang's (README): nbclient's defaults give a kernel 60 s to start and a cell's outputs 4 s to
    # arrive after its reply, past which they are dropped without an error (a flake seen under load before)
    NotebookClient(nb, timeout=300, startup_timeout=300, iopub_timeout=300, allow_errors=True, kernel_name="python3",
                   resources={"metadata": {"path": str(folder)}}).execute()
    after = folder / "after" / f"{exercise}.ipynb"
    after.parent.mkdir()
    nbformat.write(nb, str(after))
    return before, after


@slow_fixture(scope="session", memo_of="exercise")
def executed():
    """`executed(exercise, which)`: the notebook run headless in a Jupyter kernel (see _executed)."""
    return _executed


def _check_cell_output(path):
    cell = nbformat.read(str(path), as_version=4).cells[-1]
    assert cell.source == check_cell(path.stem)
    results = [o for o in cell.outputs if o.output_type == "execute_result"]
    assert len(results) == 1, cell.outputs
    return results[0]["data"]


def _as_file_check(path, exercise, after):
    """What `grade check` says on the same notebook saved as a file, in the notebook's words: its cells are
    the kernel's, each named by the number Jupyter shows beside it when it ran (the executed notebook's)."""
    lines = str(check(path, exercise)).splitlines()
    header = f"{exercise}: "
    assert lines[0].startswith(header) and lines[0].endswith(f"Visible tests on {exercise}.ipynb:")
    ran = {position: cell.execution_count for position, cell in
           enumerate(nbformat.read(str(after), as_version=4).cells, start=1) if cell.cell_type == "code"}
    places = re.compile(rf"\({re.escape(exercise)}\.ipynb, cell (\d+), ")
    body = [places.sub(lambda m: f"(this notebook, cell {ran[int(m.group(1))]}, ", line) for line in lines[1:]]
    if body != lines[1:]:  # a failing test names a place: check() says what its cell numbers are
        body.insert(-1, "note: `this notebook, cell N` is the cell Jupyter shows as [N] (its run number)")
    return [lines[0].replace(f"Visible tests on {exercise}.ipynb:", "Visible tests on the cells this notebook has run:"),
            *body]


def test_every_exercise_notebook_ends_with_the_check_cell():
    for exercise in COURSE:
        nb = nbformat.read(str(EXERCISES_DIR / exercise / f"{exercise}.ipynb"), as_version=4)
        assert nb.cells[-1].cell_type == "code" and nb.cells[-1].source == f'from grader import check\ncheck("{exercise}")'
        assert is_self_check_cell(nb.cells[-1].source)


@pytest.mark.parametrize("exercise", COURSE)
def test_the_untouched_notebook_checks_itself_with_fail_lines(exercise, executed):
    before, after = executed(exercise, "starter")
    data = _check_cell_output(after)
    text = data["text/plain"].splitlines()
    assert text == _as_file_check(before, exercise, after)
    assert any(line.startswith("FAIL  ") for line in text[1:-1])
    assert "<table>" in data["text/html"] and ">FAIL</td>" in data["text/html"]


@pytest.mark.parametrize("exercise", COURSE)
def test_the_solved_notebook_checks_itself_all_pass(exercise, executed):
    before, after = executed(exercise, "solution")
    text = _check_cell_output(after)["text/plain"].splitlines()
    assert text == _as_file_check(before, exercise, after)
    tests = [line for line in text[1:-1] if not line.startswith("note: ")]
    assert tests and all(line.startswith("PASS  ") for line in tests)
    points = text[-1].removeprefix("Score on the visible tests: ").split(" points")[0].split("/")
    assert points[0] == points[1]


@pytest.mark.parametrize("exercise", COURSE)
def test_grading_an_executed_notebook_gives_the_same_score(exercise, tmp_path, executed, class_batch,
                                                          grade_in_sandbox):
    before = class_batch(exercise)  # graded unexecuted: the committed starter notebook, the solution's
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copyfile(executed(exercise, "starter")[1], folder / "starter-notebook.ipynb")
    shutil.copyfile(executed(exercise, "solution")[1], folder / "solution-notebook.ipynb")
    after = grade_in_sandbox(folder, exercise)
    for sid in ("starter-notebook", "solution-notebook"):
        assert (after[sid]["status"], after[sid]["score"]) == (before[sid]["status"], before[sid]["score"])
    assert after["solution-notebook"]["score"] == after["solution-notebook"]["max_score"]


@pytest.mark.parametrize("cell, dropped", [
    ('from grader import check\ncheck("03-tanh")', True),
    ('import grader\ngrader.check("03-tanh")', True),
    ('if __name__ == "__main__":\n    from grader import check\n    check("03-tanh")', True),
    # the same test turned round (grader/parsing.is_main_test; session 31: kept, and graded, before)
    ("if '__main__' == __name__:\n    from grader import check\n    check('03-tanh')", True),
    # not that test: the check would not run in Jupyter either (!=), or it is not the test alone
    ('if __name__ != "__main__":\n    from grader import check\n    check("03-tanh")', False),
    ('if __name__ == "__main__" == x:\n    from grader import check\n    check("03-tanh")', False),
    ('if "__main__" == "__name__":\n    from grader import check\n    check("03-tanh")', False),
    ("check(a)", False),  # a student's own function
    ('from grader import check\ncheck("03-tanh")\nx = 1', False),
    ("from grader import check\ncheck(", False),
])
def test_only_a_check_cell_is_dropped_when_graded(cell, dropped):
    assert is_self_check_cell(cell) is dropped
    joined = join_code_cells(["x = 2", cell])
    assert (joined == "x = 2\n") is dropped


def test_the_kernel_history_skips_what_never_changed_the_kernel():
    from IPython.core.interactiveshell import InteractiveShell

    from grader.classroom import notebook_check

    shell = InteractiveShell.instance()
    try:
        notebook_check._record_failures(shell)
        for cell in ["class Value:\n    pass", "def broken(:\n    pass", "raise ValueError('a typo')",
                     "%time x = 1", 'from grader import check\ncheck("03-tanh")', "y = 2"]:
            shell.run_cell(cell, store_history=True)
        assert notebook_check.kernel_cells(shell) == ["class Value:\n    pass", "%time x = 1", "y = 2"]
    finally:
        InteractiveShell.clear_instance()
        notebook_check._FAILED_CELLS.clear()
        notebook_check._HOOKED.clear()


def test_check_outside_a_notebook_says_what_to_do_instead():
    from grader import check as notebook_check
    from grader.classroom.student_check import CheckError

    with pytest.raises(CheckError, match=r"there is no notebook kernel here: call it in a notebook .*"
                                         r"or pass path=, or run `grade check PATH` in a terminal"):
        notebook_check("03-tanh")


def test_the_table_names_expression_expected_got_and_the_diagnosis(tmp_path):
    from grader.classroom.student_check import table_rows

    folder = tmp_path / "03-tanh"
    folder.mkdir()
    engine = solution_files("03-tanh")["engine.py"]
    (folder / "engine.py").write_text(engine.replace("(1 - t**2) * out.grad", "(1 - self.data**2) * out.grad"))
    result = check(folder)
    rows = {row["name"]: row for row in table_rows(result)}
    assert rows["tanh/two"] == {
        "label": "FAIL", "name": "tanh/two", "expression": "x.grad for y = tanh(x) at x = 2",
        "expected": "0.0706508249", "got": "-3.0",
        "diagnosis": ("Your gradients match an engine in which tanh's local derivative is computed from the input "
                      "(`1 - x**2`) instead of the output t")}
    assert rows["tanh/zero"] == {"label": "PASS", "name": "tanh/zero", "expression": "tanh(0) = 0 and tanh'(0) = 1",
                                 "expected": "", "got": "", "diagnosis": ""}
    assert [d["variant"] for d in result.diagnosis] == ["tanh-input"]
    assert "<td style='text-align:left'>-3.0</td>" in result._repr_html_()

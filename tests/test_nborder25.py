"""A notebook whose cells ran out of order (session 25, nborder25): graded top to bottom as Restart & Run All
runs it, its import test says which later cell defines the name the import stopped at, and, when Jupyter's
stored execution counts show that cell ran first, that the cells ran out of order.

Fresh samples, made from strangers25's correct per-cell notebook (tests/fixtures/strangers25/engine/
correct-notebook-patch-per-cell): the class cell moved below the cells that patch it, with its stored
counts (it ran first), with none (outputs cleared), and with counts that say it ran last; a name no cell
defines; the notebook as it is. Before this change, each said only the NameError and its place.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.pipeline import grade
from grader.sandbox import Limits

LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
BASE = Path(__file__).parent / "fixtures" / "strangers25" / "engine" / "correct-notebook-patch-per-cell" / \
    "homework.ipynb"

STOPPED = "homework.ipynb could not be used: NameError: name 'Value' is not defined (homework.ipynb, cell 3, line 10). "
SKIPPED = " Every other test was skipped."
RAN_FIRST = {
    "en": "`Value` is defined in cell 13, below cell 3 that uses it: your notebook ran its cells out of order "
          "(cell 13 ran before cell 3). Graders run a notebook top to bottom, as Restart & Run All does: move "
          "cell 13 above cell 3 and run it again.",
    "ru": "`Value` определяется в ячейке 13, ниже ячейки 3, которая его использует: ячейки блокнота выполнялись "
          "не по порядку (ячейка 13 выполнена раньше ячейки 3). Грейдер выполняет блокнот сверху вниз, как "
          "«Перезапустить ядро и выполнить все ячейки»: переместите ячейку 13 выше ячейки 3 и выполните блокнот "
          "снова.",
    "zh": "`Value` 定义在第 13 个单元格中，在使用它的第 3 个单元格下面：你的笔记本没有按顺序运行单元格（第 13 个单元格先于第 3 "
          "个单元格运行）。评分器从上到下运行笔记本，与“重启内核并运行所有单元格”相同：把第 13 个单元格移到第 3 个单元格上面，然后重新运行。",
}
BELOW = ("`Value` is defined in cell 13, below cell 3 that uses it. Graders run a notebook top to bottom, as "
         "Restart & Run All does: move cell 13 above cell 3 and run it again.")


def _notebook(counts="kept", typo=False) -> dict:
    """The base notebook with its class cell (cell 2) moved below the backward cell (now cell 13), before
    the demo; `counts`: "kept" (the class ran first, as stored), "cleared" (none), "class-last" (it ran
    after every other cell); `typo`: the class stays and the add cell says `Vlaue`."""
    notebook = json.loads(BASE.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    if typo:
        add = cells[3]
        add["source"] = [line.replace("Value.__add__", "Vlaue.__add__") for line in add["source"]]
        return notebook
    moved = cells.pop(1)
    cells.insert(len(cells) - 1, moved)
    if counts == "cleared":
        for cell in cells:
            if cell["cell_type"] == "code":
                cell["execution_count"] = None
    elif counts == "class-last":
        moved["execution_count"] = 9
    return notebook


def _imports_itself() -> dict:
    """The base notebook with a cell above the class cell that imports the notebook's module by its name (count 9:
    it ran last): graded as engine.py, `import engine` is the notebook itself, not yet past cell 2."""
    notebook = json.loads(BASE.read_text(encoding="utf-8"))
    notebook["cells"].insert(1, {"cell_type": "code", "execution_count": 9, "metadata": {}, "outputs": [],
                                 "source": ["import engine\n", "z = engine.Value(1.0)\n"]})
    return notebook


SAMPLES = {"imports-itself": _imports_itself(), "ran-first": _notebook(), "moved-counts-cleared": _notebook("cleared"),
           "moved-class-ran-last": _notebook("class-last"), "typo-no-definition": _notebook(typo=True),
           "in-order": json.loads(BASE.read_text(encoding="utf-8"))}


def _write(folder: Path, notebook: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "homework.ipynb"
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return path


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("nborder25")
    for name, notebook in SAMPLES.items():
        _write(tmp / "class" / name, copy.deepcopy(notebook))
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


def _imports(row):
    return next(t for t in row["tests"] if t["name"] == "engine/imports")


def test_the_base_notebook_as_read_has_the_class_cell_where_the_samples_say():
    cells = SAMPLES["ran-first"]["cells"]
    assert "class Value" in "".join(cells[12]["source"]) and cells[12]["execution_count"] == 1
    assert "Value.__add__ = _add" in "".join(cells[2]["source"]) and cells[2]["execution_count"] == 2


def test_cells_that_ran_out_of_order_are_said_so_with_the_defining_cell_as_data(rows):
    row = rows["ran-first"]
    assert (row["status"], row["score"]) == ("graded", 0.0)
    test = _imports(row)
    assert test["output"] == STOPPED + RAN_FIRST["en"] + SKIPPED
    assert (test["file"], test["cell"], test["line"], test["exception"], test["defined_in_cell"]) == \
        ("homework.ipynb", 3, 10, "NameError", 13)
    assert test["output_message"]["params"]["advice"]["params"] == {"name": "Value", "below": 13, "cell": 3}


def test_a_module_without_the_name_a_later_cell_defines_is_said_so_too(rows):
    test = _imports(rows["imports-itself"])
    assert test["output"] == (
        "homework.ipynb could not be used: AttributeError: partially initialized module 'engine' has no attribute "
        "'Value' (most likely due to a circular import) (homework.ipynb, cell 2, line 2). `Value` is defined in "
        "cell 3, below cell 2 that uses it: your notebook ran its cells out of order (cell 3 ran before cell 2). "
        "Graders run a notebook top to bottom, as Restart & Run All does: move cell 3 above cell 2 and run it "
        "again." + SKIPPED)
    assert (test["exception"], test["defined_in_cell"]) == ("AttributeError", 3)


@pytest.mark.parametrize("sample", ["moved-counts-cleared", "moved-class-ran-last"])
def test_a_name_defined_below_without_the_counts_evidence_is_said_without_blaming_the_run_order(rows, sample):
    # decided: the cell below is a fact of the source; that the cells ran out of order only the stored
    # counts can say (cleared, or the defining cell ran last: the student moved the cells, or restarted)
    test = _imports(rows[sample])
    assert test["output"] == STOPPED + BELOW + SKIPPED
    assert test["defined_in_cell"] == 13 and rows[sample]["score"] == 0.0


def test_a_name_no_cell_defines_and_a_notebook_in_order_get_no_hint(rows):
    typo = _imports(rows["typo-no-definition"])
    # before session 41: "homework.ipynb could not be used: ... Every other test was skipped." (0/63)
    assert typo["output"] == ("homework.ipynb stopped at a cell that raised NameError: name 'Vlaue' is not defined "
                              "(homework.ipynb, cell 4, line 10): the cells before it were graded, as Jupyter's Run "
                              "All leaves them. Fix that cell or remove it.")
    assert "defined_in_cell" not in typo
    in_order = rows["in-order"]
    assert in_order["score"] == 63.0 and _imports(in_order)["status"] == "passed"
    assert all("defined_in_cell" not in t for t in in_order["tests"])


@pytest.mark.parametrize("lang", ["en", "ru", "zh"])
def test_grade_check_and_a_notebooks_check_on_its_path_say_it_in_the_language(tmp_path, lang):
    from grader.classroom.notebook_check import check as notebook_check
    from grader.classroom.student_check import check

    path = _write(tmp_path / "hw", SAMPLES["ran-first"])
    for result in (check(path, "engine", limits=LIMITS, lang=lang),
                   notebook_check("engine", path=path, limits=LIMITS, lang=lang)):
        line = next(line for line in str(result).splitlines() if "engine/imports" in line)
        assert RAN_FIRST[lang] in line
        assert line.startswith("FAIL  engine/imports")


def test_the_defining_cell_is_read_from_the_source_never_run():
    from grader.load.cell_order import _bound

    assert _bound(["import math as m, os.path", "class Value: pass", "if True:", "    def f(): pass",
                   "try:", "    g = 1", "except Exception:", "    h: int = 2", "x, (y, z) = 1, (2, 3)"]) == \
        {"m", "os", "Value", "f", "g", "h", "x", "y", "z"}
    assert _bound(["def broken(:"]) == set()

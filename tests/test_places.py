"""Places as the student knows them: their own file's name, a notebook's cell and line (grader/places.py)."""

import shutil
from pathlib import Path

import nbformat
import pytest
from costs import slow_fixture
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from grader.pipeline import grade
from grader.load import load_entry
from grader.places import as_the_student_sees, place_text
from grader.report import submission_markdown
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = (ROOT / "reference" / "engine.py").read_text()
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
TANH_RULE = "self.grad += (1 - t**2) * out.grad"
MUL_RULE = "other.grad += self.data * out.grad"


def _notebook(*cells):
    """A notebook whose cell 1 is Markdown and whose next cells hold `cells`, as Jupyter saves it."""
    nb = new_notebook(cells=[new_markdown_cell("# My engine")] + [new_code_cell(c) for c in cells])
    return nbformat.writes(nb)


def _line_of(text, needle):
    return text.splitlines().index(next(line for line in text.splitlines() if needle in line)) + 1


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("places") / "class"
    folder.mkdir()
    head, _, body = REFERENCE.partition("class Value")
    broken_tanh = ("class Value" + body).replace(TANH_RULE, TANH_RULE + "d")  # AttributeError: 'gradd'
    # cell 2: the imports; cell 3: the class, whose tanh rule raises; cell 4: what Jupyter users leave behind
    (folder / "nb.ipynb").write_text(_notebook(head, broken_tanh, "%matplotlib inline\ndisplay(Value(2.0))\n"))
    (folder / "bob.py").write_text(REFERENCE.replace(MUL_RULE, MUL_RULE + "d"))
    (folder / "shown.ipynb").write_text(_notebook(REFERENCE, "display(Value(2.0).tanh())\nget_ipython()\n"))
    (folder / "numpy.ipynb").write_text(_notebook("import math\nimport numpy as np", "class Value" + body))
    shutil.copy(ROOT / "reference" / "engine.py", folder / "ref.py")
    result = grade(folder, exercise="03-tanh", limits=LIMITS, jobs=2, cache_dir=None)
    rows = {row["id"]: row for row in result.scores["submissions"]}
    return rows, broken_tanh


def _errors(row):
    return [t for t in row["tests"] if t["status"] == "error"]


def test_a_notebook_error_names_the_cell_and_its_line(graded):
    rows, broken_tanh = graded
    line = _line_of(broken_tanh, TANH_RULE + "d")
    errors = _errors(rows["nb"])
    assert errors, rows["nb"]["tests"]
    for test in errors:
        assert (test["file"], test["cell"], test["line"]) == ("nb.ipynb", 3, line)
        place = f"(nb.ipynb, cell 3, line {line}, in _backward)"
        # saturation/large-input reads x = 400 and x = -400 through OwnTests: its partial credit is said after the place
        assert test["output"].endswith((place, f"{place} (0 of 2 expressions right or already charged elsewhere)"))
    page = submission_markdown(rows["nb"], after_due_date=True)
    assert f"In nb.ipynb, cell 3, line {line}." in page


def test_a_stray_display_at_the_top_level_costs_nothing(graded):
    rows, _ = graded
    # a NameError on display() at the top level would have zeroed the notebook
    assert rows["shown"]["status"] == "graded"
    assert rows["shown"]["score"] == rows["shown"]["max_score"] == rows["ref"]["score"]


def test_a_lone_file_is_named_as_the_student_named_it(graded):
    rows, _ = graded
    errors = _errors(rows["bob"])
    assert errors
    line = _line_of(REFERENCE, MUL_RULE)
    assert {(t["file"], t["line"]) for t in errors} == {("bob.py", line)}
    place = f"(bob.py, line {line}, in _backward)"
    # tanh/two reads tanh_two and tanh_inner (probes26), `*` only in the second: its partial credit after the place
    assert all(t["output"].endswith((place, f"{place} (1 of 2 expressions right or already charged elsewhere)"))
               for t in errors)
    page = submission_markdown(rows["bob"], after_due_date=True)
    assert "Submitted file: bob.py" in page and f"In bob.py, line {line}." in page
    assert "engine.py" not in page


def test_a_forbidden_import_in_a_notebook_is_named_by_its_cell(graded):
    rows, _ = graded
    test = next(t for t in rows["numpy"]["tests"] if t["name"] == "engine/from-scratch")
    assert test["status"] == "failed"
    assert test["output"].startswith("imports `numpy` (numpy.ipynb, cell 2, line 2): the engine must be built from "
                                     "scratch with plain Python")
    assert (test["file"], test["cell"], test["line"]) == ("numpy.ipynb", 2, 2)


def test_the_run_in_the_cache_keeps_the_sandboxs_places(tmp_path):
    (tmp_path / "bob.py").write_text(REFERENCE)
    submission = load_entry(tmp_path / "bob.py")
    where = {"file": "engine.py", "line": 4, "function": "<module>"}
    run = {"status": "ok", "message": None, "probes": {},
           "import_error": {"error": "SyntaxError: invalid syntax (engine.py, line 4)", "where": where}}
    seen = as_the_student_sees(run, submission)
    assert seen["import_error"] == {"error": "SyntaxError: invalid syntax (bob.py, line 4)", "file": "bob.py",
                                    "where": {"file": "bob.py", "line": 4, "function": "<module>"}}
    assert run["import_error"]["where"] is where and where["file"] == "engine.py"


@pytest.mark.parametrize("place, text", [
    ({"file": "bob.py", "line": 37}, "bob.py, line 37"),
    ({"file": "nb.ipynb", "cell": 7, "line": 3}, "nb.ipynb, cell 7, line 3"),
    ({"file": "nb.ipynb", "line": None}, "nb.ipynb"),
])
def test_place_text(place, text):
    assert place_text(place) == text


def test_a_notebook_maps_each_line_to_its_cell(tmp_path):
    (tmp_path / "nb.ipynb").write_text(_notebook("import math\n%timeit 1\n\n\n", "# a comment", "x = 1\ny = 2\n"))
    submission = load_entry(tmp_path / "nb.ipynb")
    code = submission.files["engine.py"].decode().splitlines()
    origin = submission.origins["engine.py"]
    placed = {line: origin.place(n) for n, line in enumerate(code, start=1) if line and not line.startswith("def ")
              and "# grader: " not in line}  # the IPython stand-ins: the grader's lines, placed below
    assert placed == {
        "import math": {"file": "nb.ipynb", "cell": 2, "line": 1},
        "pass": {"file": "nb.ipynb", "cell": 2, "line": 2},
        "# a comment": {"file": "nb.ipynb", "cell": 3, "line": 1},
        "x = 1": {"file": "nb.ipynb", "cell": 4, "line": 1},
        "y = 2": {"file": "nb.ipynb", "cell": 4, "line": 2},
    }
    assert origin.place(1) == {"file": "nb.ipynb", "line": None}  # the IPython stand-ins are the grader's

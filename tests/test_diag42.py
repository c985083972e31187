"""Session 42's diagnosis helper (diag42): feedback that names the student's actual bug.

A notebook whose cell above the one defining `backward` raised was told "Add a `backward` method to your class
`Value`": the notebook has one, in a cell Run All never reached (missing.never_ran, load/cell_order.defining_cell).
tests/fixtures/diag42/engine holds the submissions, typed as students hand them in.
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, assert_scored_and_named

from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "diag42" / "engine"


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag42")
    shutil.copytree(FRESH, tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    "correct-backward-own-cell": (63.0, [], []),
    # before: the same score, "Add a `backward` method to your class `Value`"
    "stopped-above-backward": (2.0, 50, [("missing-op", "backward", "never-ran")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE)


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


def test_a_method_below_the_cell_that_stopped_the_notebook_is_said_never_to_have_run(rows):
    finding = rows["stopped-above-backward"]["diagnosis"][0]
    assert (finding["file"], finding["cell"], finding["line"], finding["defined_in_cell"]) == (
        "stopped-above-backward.ipynb", 3, 3, 5)
    assert finding["title"] == ("`a.backward()` does not work: stopped-above-backward.ipynb stopped at cell 3, above "
                                "the cell that defines `backward`")
    assert finding["explanation"] == (
        "For y = a * a at a = 3, your engine raised AttributeError: 'Value' object has no attribute 'backward'. "
        "stopped-above-backward.ipynb stopped at cell 3, which raised AttributeError: 'Value' object has no attribute "
        "'value'. The cells below it never ran, as Jupyter's Run All leaves them, and cell 5, which defines "
        "`backward`, is one of them. Fix cell 3 or remove it. Every test that needs `a.backward()` fails here; the "
        "other tests do not charge for it again.")

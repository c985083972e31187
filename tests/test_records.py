"""The records are defined once (grader/records.py): the fleet's schema, the scores file and
docs/contract.md are held to those definitions here, so they cannot drift apart."""

import json
import re
import sys
from pathlib import Path

import fastjsonschema
import pytest

from grader.fleet.payload import RESULT_SCHEMA
from grader.records import (Run, ScoreRow, ScoresRecord, TestRow as RowOfATest, VISIBILITIES, Strength, earned,
                            json_schema, never_ran, summed, weakest)

ROOT = Path(__file__).resolve().parents[1]


def test_the_fleets_run_schema_is_the_run_record():
    assert RESULT_SCHEMA["properties"]["run"] == json_schema(Run)
    assert RESULT_SCHEMA["properties"]["run"]["properties"]["probes"]["additionalProperties"]["properties"][
        "status"] == {"enum": ["ok", "error", "timeout", "crashed", "skipped"]}


def test_the_golden_scores_file_holds_only_declared_fields():
    scores = json.loads((ROOT / "tests" / "golden" / "scores.json").read_text())
    fastjsonschema.compile(json_schema(ScoresRecord, closed=True))(scores)


def test_the_contracts_example_names_only_declared_fields():
    text = (ROOT / "docs" / "contract.md").read_text()
    example = json.loads(re.search(r"## 4\..*?```json\n(.*?)```", text, re.S).group(1))
    row = example["submissions"][0]
    assert set(example) <= set(ScoresRecord.__annotations__)
    assert set(row) <= set(ScoreRow.__annotations__)
    assert set(row["tests"][0]) <= set(RowOfATest.__annotations__)
    # the fields the contract says were added, by name
    added = re.search(r"Added so far:(.*?)- Timings", text, re.S).group(1)
    for name in ("grader_version", "message", "source", "diagnosis", "student_diagnosis", "concept", "file", "line",
                 "cell", "exception"):
        assert f"`{name}`" in added
        assert name in {**ScoresRecord.__annotations__, **ScoreRow.__annotations__, **RowOfATest.__annotations__}


def test_a_run_that_never_ran_is_valid_and_earns_nothing():
    run = never_ran("bob", "crashed", "the worker died", ["a", "b"])
    fastjsonschema.compile(json_schema(Run, closed=True))(run)
    assert run["probes"]["a"] == {"status": "crashed", "error": "not run: the worker died", "not_run": True}
    assert run["import_error"] == {"error": "the worker died", "where": None}


def test_what_a_test_earns():
    assert earned({"status": "passed", "points": 2.0, "earned": 0.0}) == 2.0
    assert earned({"status": "failed", "points": 2.0, "earned": 0.5}) == 0.5
    assert earned({"status": "skipped", "points": 2.0, "earned": 2.0}) == 0.0
    assert earned({"status": "failed", "score": 0.25}) == 0.25  # a scores row's test


def test_a_rows_points_are_summed_once_for_the_scores_file_and_a_check():
    """grader.records.summed is the one rule (each test's points kept to 4 decimals, then their sum): the scores
    file's row (grader/scores.py) and a student's check (CheckResult.points) both sum by it, so the check says
    what grading gives: 2.3334 for two tests at 2/3 of a point and one passed, not the exact 2.3333."""
    from grader.classroom.student_check import CheckResult
    from grader.scores import submission_record

    outcomes = [{"name": f"t{i}", "status": "failed", "points": 1.0, "earned": 2 / 3, "visibility": "visible",
                 "output": "", "concept": "c", "doc": ""} for i in range(2)] + [
        {"name": "t2", "status": "passed", "points": 1.0, "visibility": "visible", "output": "", "concept": "c",
         "doc": ""}]
    submission = type("Submission", (), {"id": "s", "rejected": False, "source": "s.py", "origins": {},
                                         "files": {"engine.py": ""}})()
    row = submission_record(submission, {"status": "ok", "probes": {}}, outcomes, 3.0)
    check = CheckResult("engine", "engine", "engine.py", None, outcomes, [], 0.0)
    assert (summed(outcomes), summed(row["tests"]), row["score"], check.points) == (2.3334,) * 4


def test_a_checks_tests_keep_the_points_the_scores_file_keeps():
    # before: a check's (and the portable check's) rows held 0.6666666666666666 where the scores file has 0.6667
    from grader.classroom.student_check import visible_rows

    outcomes = [{"name": "t0", "status": "failed", "points": 1.0, "earned": 2 / 3},
                {"name": "t1", "status": "passed", "points": 2.0}, {"name": "t2", "status": "skipped", "points": 1.0}]
    rows = visible_rows(outcomes, {"t0": "the doc"})
    assert [(r["doc"], r["score"], r.get("earned")) for r in rows] == [("the doc", 0.6667, 0.6667), ("", 2.0, None),
                                                                       ("", 0.0, None)]
    assert summed(rows) == summed(outcomes) == 2.6667


def test_visibilities_and_strengths():
    assert VISIBILITIES == ("visible", "after_due_date", "after_published", "hidden")
    assert weakest(["bubblewrap", "rlimits"]) == Strength.RLIMITS == "rlimits"
    assert weakest([]) == "fleet"


@pytest.mark.skipif(sys.version_info < (3, 11), reason="compares the stand-in with enum.StrEnum, which 3.11 added")
def test_the_statuses_on_python_3_10_are_what_they_are_on_3_11():
    # Python 3.10 has no enum.StrEnum (Ubuntu 22.04, a Gradescope base image): records.py's stand-in must give the
    # same strings everywhere a status goes (the scores file, a message, the table's columns, the fleet's JSON)
    import enum

    from grader import records

    class Stand(records._StrEnum310):
        OK = "ok"
        AFTER = "after_due_date"

    class Real(enum.StrEnum):
        OK = "ok"
        AFTER = "after_due_date"

    for stand, real in ((Stand.OK, Real.OK), (Stand.AFTER, Real.AFTER)):
        assert stand == real == real.value and hash(stand) == hash(real.value)
        assert (str(stand), f"{stand}", f"{stand:>16}|", "%s" % stand, json.dumps([stand])) == \
            (str(real), f"{real}", f"{real:>16}|", "%s" % real, json.dumps([real]))
        assert Stand(real.value) is stand
    assert [member.value for member in Stand] == [member.value for member in Real]

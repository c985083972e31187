"""results.json follows Gradescope's specification, held to the JSON Schema beside this file."""

import json
from pathlib import Path

import jsonschema
import pytest

from grader.report.gradescope import to_results_json

from .conftest import MALLORY

SCHEMA = json.loads(Path(__file__).with_name("gradescope_results.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("index", range(7))
def test_every_submission_validates(scores, index):
    results = to_results_json(scores["submissions"][index], execution_time=7.4,
                              leaderboard=[{"name": "Score", "value": 12.5}, {"name": "Time", "value": 7.4, "order": "asc"}])
    VALIDATOR.validate(results)
    assert json.loads(json.dumps(results)) == results


def test_the_schema_refuses_what_gradescope_does_not_know():
    def errors(document):
        return [e.message for e in VALIDATOR.iter_errors(document)]
    assert errors({"score": 1.0, "tests": [{"name": "t", "score": 0.0, "status": "error"}]})
    assert errors({"tests": [{"name": "t"}]})                      # no score anywhere
    assert errors({"score": 1.0, "visibility": "private"})
    assert errors({"score": 1.0, "tests": [{"name": "t", "tag": ["typo"]}]})
    assert errors({"score": 1.0, "leaderboard": [{"name": "x", "value": 1, "order": "up"}]})
    assert not errors({"tests": [{"name": "t", "score": 1.0}]})


def test_graded_submission(by_id):
    results = to_results_json(by_id["bob"], execution_time=2.1)
    assert results["score"] == 18.0
    assert results["execution_time"] == 2
    assert results["stdout_visibility"] == "hidden"
    assert results["visibility"] == "visible"
    assert [t["number"] for t in results["tests"]] == [str(i) for i in range(1, 10)]
    mul = results["tests"][1]
    assert mul["name"] == "mul/shared-node"
    assert (mul["score"], mul["max_score"], mul["status"]) == (0.0, 2.0, "failed")
    assert mul["tags"] == ["accumulate"]
    assert mul["visibility"] == "visible"
    assert mul["output"].startswith("a.grad for y = a * a at a = 3: expected 6.0, got 3.0")
    assert mul["output"].endswith("(engine.py, line 31)")
    assert mul["extra_data"] == {"status": "failed", "file": "engine.py", "line": 31}
    assert [t["visibility"] for t in results["tests"]] == [
        "visible"] * 4 + ["hidden"] * 2 + ["after_due_date"] * 2 + ["after_published"]
    # the diagnosis cites only a visible test: it is said once, at the top
    assert results["output"] == ("Gradients are assigned, not accumulated: In __mul__'s _backward, "
                                 "`self.grad = other.data * out.grad` overwrites what another use of the node added; "
                                 "use `+=`. (tests: mul/shared-node)")


def test_our_statuses_become_passed_or_failed_and_say_what_they_were(by_id):
    tests = {t["name"]: t for t in to_results_json(by_id["carol"])["tests"]}
    assert {t["status"] for t in tests.values()} == {"passed", "failed"}
    assert tests["pow/constant"]["output"].startswith("[error] TypeError: unsupported operand")
    assert tests["tanh/chain"]["output"] == "[skipped] skipped: needs pow/constant"
    assert tests["tanh/chain"]["extra_data"]["status"] == "skipped"
    assert tests["add/basic"]["output"] == ""


def test_a_diagnosis_is_revealed_with_its_least_visible_test(by_id):
    results = to_results_json(by_id[MALLORY])
    tests = {t["name"]: t for t in results["tests"]}
    assert results["output"] == ""
    assert "build_topo recurses once per node" in tests["backward/deep-chain"]["output"]     # hidden: instructors only
    assert "relu'(0) should be 0" in tests["relu/at-zero"]["output"]                          # after the due date
    assert "recurses" not in json.dumps([t for t in results["tests"] if t["visibility"] == "visible"])
    carol = {t["name"]: t for t in to_results_json(by_id["carol"])["tests"]}
    assert "Value has no __pow__" in carol["div/reflected"]["output"]          # after_due_date beats visible
    assert "Value has no __pow__" not in carol["pow/constant"]["output"]


@pytest.mark.parametrize("sid, words", [
    ("frank", "Your submission could not be read, so nothing was run and it scores 0: not a notebook: invalid JSON"),
    ("erin", "The process running your code died; tests that did not finish score 0: the worker was killed by signal 9"),
])
def test_rejected_and_crashed_say_why(by_id, sid, words):
    results = to_results_json(by_id[sid])
    assert results["score"] == 0.0
    assert results["output"].startswith(words)
    assert results["tests"] == []
    assert "execution_time" not in results


def test_a_crashed_row_keeps_the_points_its_scores_record_gives(by_id):
    # docs/contract.md §4: a crashed row's score is its tests' sum, in every rendering
    record = dict(by_id["bob"], status="crashed", message="killed by signal 11")
    results = to_results_json(record)
    assert results["score"] == record["score"] == 18.0
    assert [t["score"] for t in results["tests"]] == [t["score"] for t in record["tests"]]


def test_timeout_keeps_the_points_of_tests_that_finished(by_id):
    results = to_results_json(by_id["dave"])
    assert results["score"] == 4.0
    assert results["output"] == ("Your code ran out of time; tests that did not finish score 0: "
                                 "the run overstayed its 60 s time limit")
    assert [t["status"] for t in results["tests"]] == ["passed"] * 2 + ["failed"] * 7
    assert results["tests"][2]["output"] == "[timeout] did not finish: the run overstayed its time limit"


def test_options_are_checked(by_id):
    assert to_results_json(by_id["alice"], stdout_visibility="after_due_date")["stdout_visibility"] == "after_due_date"
    with pytest.raises(ValueError, match="Invalid stdout_visibility 'students'"):
        to_results_json(by_id["alice"], stdout_visibility="students")
    with pytest.raises(ValueError, match="Invalid leaderboard order 'up'"):
        to_results_json(by_id["alice"], leaderboard=[{"name": "x", "value": 1, "order": "up"}])
    assert to_results_json(by_id["alice"], leaderboard=[{"name": "Stars", "value": "*****"}])["leaderboard"] == [
        {"name": "Stars", "value": "*****"}]

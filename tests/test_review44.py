"""Session 44's review (review44a): what the session's merges left.

A limit's fields (`extra_data.limit` in Gradescope's results, `limit` in serve's API: report/record.limit_met) were
read from any message whose parameters name a `limit`, and the loader's refusals name theirs in words: a zip over its
members, a name over NAME_MAX bytes, a file over its size. A rejected row then said `"limit": {"limit": 255,
"limit_value": null, "limit_unit": null}`, a limit the run never met (it never ran), where `limit` is the kind of
limit that cut a run short ("time", "memory"). Only a message that carries all three fields (observe/endings'
LIMIT_DATA, sandbox/pipes' probe limits) says one now.
"""
from test_redteam44 import TOO_LONG, autograde_long_named

from grader.report.record import limit_met

TIME = {"limit": "time", "limit_value": 1.0, "limit_unit": "s"}


def test_a_refusal_naming_its_limit_in_words_is_no_limit_met():
    refusal = {"id": "{file} holds {count} files and folders, over the limit of {limit}", "params": {
        "file": "a.zip", "count": 5000, "limit": 1000}}
    assert limit_met(refusal) is None
    assert limit_met({"id": "{error}, because {why}", "params": {"error": "MemoryError", "why": refusal}}) is None


def test_a_limit_met_is_found_itself_or_nested_with_its_three_fields():
    ending = {"id": "did not finish within {limit_value} s", "params": dict(TIME)}
    assert limit_met(ending) == TIME
    assert limit_met({"id": "{ending}, because {why}", "params": {"ending": ending, "why": "x"}}) == TIME
    machine = {"limit": "machine-memory", "limit_value": None, "limit_unit": None}  # a kind whose value is unknown
    assert limit_met({"id": "the machine ran out of memory", "params": machine}) == machine


def test_gradescope_says_no_limit_for_a_row_the_loader_refused(tmp_path):
    results = autograde_long_named(tmp_path / "autograder")
    assert TOO_LONG in results["output"]
    # before: {"id": ..., "status": "rejected", "limit": {"limit": 255, "limit_value": None, "limit_unit": None}}
    assert results["extra_data"]["status"] == "rejected" and "limit" not in results["extra_data"]

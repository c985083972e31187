"""The judge holds an observation to the shape its probe records (judge.shape_difference).

A submission can replace a probe (the worker looks it up by name in the probes module) or write its
own result lines, so an observation may hold anything plain JSON can. Here the real 10-neuron suite
is judged on runs made of the reference's own observations, some of them forged: emptied, with a
name left out or added, a text where a number is, a dict where a list is. Before the check, a hidden
test that looked only at what the observation held passed on an empty one (compare/equal,
compare/zero-against-nonzero), and one that indexed a missing name failed as an "internal grader
error", which points the instructor at the grader for what the student did.
"""

import pytest

from grader.judge import shape_difference
from grader.judge.expectations import Expectations
from grader.judge.plugin import judge
from grader.suites import load_suite

FORGED = "reported an observation that its probe does not make"


@pytest.fixture(scope="module")
def neuron():
    suite = load_suite("10-neuron")
    expectations = Expectations(suite)
    reference = {name: expectations.reference(suite.probe(name)) for name in suite.probe_names}
    return suite, expectations, reference


def _run(reference, **forged):
    probes = {name: {"status": "ok", "values": forged.get(name, values)} for name, values in reference.items()}
    return {"status": "ok", "message": None, "import_error": None, "forbidden_imports": [], "probes": probes}


def _by_name(outcomes):
    return {o["name"]: o for o in outcomes}


def test_forged_observations_fail_their_tests_and_nothing_else(neuron):
    suite, expectations, reference = neuron
    own = {k: v for k, v in reference["own_values"].items() if not k.endswith(" is a Value")}
    runs = {
        "honest": _run(reference),
        "emptied": _run(reference, compare_equal={}, compare_zero_against_nonzero={}, compare_planted={}),
        "partial": _run(reference, own_values=own),
        "extra": _run(reference, uses_backward=dict(reference["uses_backward"], **{"backward() calls": 1.0,
                                                                                   "bonus": 1.0})),
        "kinds": _run(reference, uses_backward={"backward() calls": "many"}),
    }
    outcomes = {sid: _by_name(results) for sid, results in judge(suite, runs, expectations=expectations).items()}
    assert all(o["status"] == "passed" for o in outcomes["honest"].values())
    cases = {
        ("emptied", "compare/equal"): "the result holds no 'equal'",
        ("emptied", "compare/zero-against-nonzero"): "the result holds no '0 against 0.001'",
        ("emptied", "compare/planted"): "the result holds no '0.1% on w1'",
        ("partial", "graph/own-values"): "the result holds no 'y is a Value' (and 5 more)",
        ("extra", "graph/backward"): "the result holds 'bonus', which the probe never records",
        ("kinds", "graph/backward"): "'backward() calls' is a text, not a number",
    }
    for (sid, test), words in cases.items():
        outcome = outcomes[sid][test]
        assert outcome["status"] == "failed", (sid, test, outcome["output"])
        assert FORGED in outcome["output"] and words in outcome["output"], (sid, test, outcome["output"])
        assert "internal grader error" not in outcome["output"]
    for sid in ("emptied", "partial", "extra", "kinds"):  # every other test keeps its honest verdict
        others = {name for name, o in outcomes[sid].items() if (sid, name) not in cases}
        assert all(outcomes[sid][name]["status"] == "passed" for name in others), sid


@pytest.mark.parametrize("got, want, difference", [
    ({"a": 1.0}, {"a": 2.0}, None),
    ({"a": [1.0, 2.0, 3.0]}, {"a": [0.5]}, None),  # a list of any length: a buggy engine may hold more or fewer
    ({"a": []}, {"a": [0.5]}, None),
    ({"a": [1.0, "x"]}, {"a": [0.5]}, "'a'[1] is a text, not a number"),
    ({"a": {"b": 1.0}}, {"a": {"b": 1.0, "c": 2.0}}, "'a' holds no 'c'"),
    ({"a": {"b": 1.0}}, {"a": 1.0}, "'a' is a set of named values, not a number"),
    ({"a": True}, {"a": 1.0}, "'a' is a true/false, not a number"),
    ({"a": None}, {"a": 1.0}, "'a' is nothing, not a number"),
    ({"a": 1}, {"a": 1.0}, None),  # JSON's 1 and 1.0 are both numbers
    ([], {"a": 1.0}, "the result is a list, not a set of named values"),
])
def test_shape_difference(got, want, difference):
    said = shape_difference(got, want)  # a message (grader/i18n): its English text
    assert (None if said is None else str(said)) == difference


def test_a_shape_difference_is_said_in_the_students_language():
    # issue 32: the kinds of values (`a text`, `a number`) were English words inside a translated sentence
    from grader.i18n import translator

    said = shape_difference({"a": [1.0, "x"]}, {"a": [1.0]})
    assert str(said) == "'a'[1] is a text, not a number"
    assert translator("ru").render(said) == "'a'[1] — текст, а не число"
    assert translator("zh").render(said) == "'a'[1] 是文本，而不是数字"
    assert translator("ru").render(shape_difference({}, {"a": 1.0, "b": 2.0})) == "результат: нет 'a' (и ещё 1)"


def test_a_forged_case_of_09_is_the_students_failure_not_the_graders():
    # 09-write-tests has no reference shape (its probes record the student's own tests): an observation
    # that leaves a name out fails where a test reads it, instead of a KeyError "internal grader error"
    suite = load_suite("09-write-tests")
    run = {"status": "ok", "message": None, "import_error": None, "forbidden_imports": [],
           "probes": {name: {"status": "ok", "values": {}} for name in suite.probe_names}}
    outcomes = _by_name(judge(suite, {"forger": run})["forger"])
    graded = {name: o for name, o in outcomes.items() if name.startswith(("catches/", "reference/"))}
    assert len(graded) > 20
    for name, outcome in graded.items():
        assert outcome["status"] == "failed", (name, outcome["output"])
        assert "internal grader error" not in outcome["output"]
    assert ("reported an observation that holds no 'loaded', which its probe always records"
            in graded["reference/passes"]["output"])

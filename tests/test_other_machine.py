"""Grading on another machine gives the same scores, statuses and words: here, another libm.

The grader's math and every sandbox worker's are replaced by another libm's (tests/other_libm.py:
tanh, exp, log, pow, sin and cos 4 ulps away, each differently), and the golden batch is graded
again: every score, status, message and diagnosis must be the golden one, numbers in the record to
a few ulps (the last bits are the libm's). Speed and core count are in bench/cpu_margins.py and
docs/security.md ("Limits and their margins").
"""

import json
import math
from pathlib import Path

import pytest

import grader.pipeline
from grader.judge import fmt, fmt_slope
from grader.judge.expectations import Expectations
from grader.torch_adapter import MAX_ULPS, ulps_apart
from other_libm import other_functions, use_another_libm

GOLDEN = Path(__file__).parent / "golden"
SUBMISSIONS = Path(__file__).parent / "fixtures" / "submissions"


def _differences(here, there, path=""):
    """Where two records differ: floats by more than MAX_ULPS, anything else at all."""
    if isinstance(here, dict) and isinstance(there, dict):
        return [d for k in sorted(set(here) | set(there))
                for d in _differences(here.get(k), there.get(k), f"{path}.{k}")]
    if isinstance(here, list) and isinstance(there, list) and len(here) == len(there):
        return [d for i, (a, b) in enumerate(zip(here, there)) for d in _differences(a, b, f"{path}[{i}]")]
    if type(here) is float and type(there) is float:
        return [(path, here, there)] if ulps_apart(here, there) > MAX_ULPS else []
    return [] if here == there and type(here) is type(there) else [(path, here, there)]


@pytest.mark.slow
def test_the_golden_batch_on_another_libm_scores_and_says_exactly_the_same(tmp_path, monkeypatch):
    this_machine = math.tanh
    use_another_libm(monkeypatch, grader.pipeline)
    assert any(math.tanh(x / 7) != this_machine(x / 7) for x in range(1, 8))  # the grader's libm is another one
    record = grader.pipeline.grade(SUBMISSIONS, jobs=2, cache_dir=tmp_path / "cache").scores
    golden = json.loads((GOLDEN / "scores.json").read_text())
    rows = {row["id"]: row for row in record["submissions"]}
    want = {row["id"]: row for row in golden["submissions"]}
    assert _differences(want, rows) == []


def test_the_sandbox_prelude_makes_the_workers_libm_another(tmp_path, monkeypatch):
    # The harness itself: a probe's tanh in the worker differs from this machine's, so the test above
    # does compare two libms (an engine's own numbers moved in the worker, the reference's here).
    from grader.observe import observe_all
    from grader.observe.cache import ObservationCache
    from grader.load import load_folder
    from grader.sandbox import open_sandbox
    import grader.suites

    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "engine.py").write_text((SUBMISSIONS / "correct-kahn" / "engine.py").read_text())
    use_another_libm(monkeypatch, grader.suites)
    suite = grader.suites.load_suite("03-tanh")
    sandbox = open_sandbox()
    try:
        runs = observe_all(load_folder(tmp_path), suite, sandbox, jobs=1, cache=ObservationCache(None))
    finally:
        sandbox.close()
    monkeypatch.undo()
    suite = grader.suites.load_suite("03-tanh")
    reference = Expectations(suite)
    worker = [name for name, obs in runs["sub"]["probes"].items()
              if obs["status"] == "ok" and obs["values"] != reference.reference(suite.probe(name))]
    assert worker, "no probe of 03-tanh moved in the worker: the prelude did not reach it"


# The words of a message hold a number rounded so that the last bits of a libm do not show.

@pytest.mark.parametrize("value", [0.07065082485316443, 138.83381924198252, 1.6931471805599454, 2646700.25,
                                   -1.0490242071957307, 0.4472441342, 24.70408163265306, 5.43656365691809])
def test_a_number_reads_the_same_a_few_ulps_away(value):
    shown = {fmt(value)}
    for steps in range(1, 5):
        for direction in (math.inf, -math.inf):
            moved = value
            for _ in range(steps):
                moved = math.nextafter(moved, direction)
            shown.add(fmt(moved))
    assert len(shown) == 1, shown


@pytest.mark.parametrize("f, x, slope", [(math.tanh, 0.5, 0.7864477329659274), (math.exp, 1.0, math.e),
                                         (math.log, 2.5, 0.4)])
def test_a_central_difference_reads_the_same_on_another_libm(f, x, slope):
    h = 1e-6
    shown = set()
    for salt in range(40):  # forty other libms: f(x + h) and f(x - h) each up to 4 ulps away
        other = other_functions(salt * 10, 4)[f.__name__]
        shown.add(fmt_slope((other(x + h) - other(x - h)) / (2 * h)))
    assert shown == {fmt_slope(slope)}
    assert len({fmt((other_functions(s * 10, 4)[f.__name__](x + h) - other_functions(s * 10, 4)[f.__name__](x - h))
                    / (2 * h)) for s in range(40)}) > 1  # shown to 10 digits, the same slope would not


def test_a_slope_in_grade_checks_table_reads_as_in_its_message():
    # 06's gradcheck compares numeric slopes: its message and `grade check`'s table show 7 digits of them
    import types

    from grader.classroom.student_check import table_rows
    from grader.judge import SLOPE_DIGITS, Mismatch, assert_values

    with pytest.raises(Mismatch) as caught:
        assert_values({"tanh.numeric": 0.7864473693}, {"tanh.numeric": 0.7864477331}, what="gradcheck for tanh",
                      digits=SLOPE_DIGITS)
    assert str(caught.value) == "tanh.numeric for gradcheck for tanh: expected 0.7864477, got 0.7864474"
    test = {"name": "gradcheck/correct-gradients", "doc": "gradcheck passes correct gradients", "status": "failed",
            "output": str(caught.value), "detail": caught.value.detail}
    row, = table_rows(types.SimpleNamespace(tests=[test], diagnosis=[], lang="en"))
    assert (row["expected"], row["got"]) == ("0.7864477", "0.7864474")


def test_06s_numerical_tolerance_holds_for_a_correct_central_difference_on_any_libm():
    # 06-gradcheck's tightest tolerance (2e-9 relative against the exact derivative): the margin the
    # suite states for another machine's exp, sin and log (its comment at NUMERIC_REL)
    import importlib.util

    from grader.suites import SUITES

    spec = importlib.util.spec_from_file_location("_gradcheck_tests", SUITES / "06-gradcheck" / "test_gradcheck.py")
    tests = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tests)
    functions = {"exp at 1": ("exp", 1.0), "sin at 0.5": ("sin", 0.5), "log at 0.5": ("log", 0.5)}
    h, worst = 1e-6, 0.0
    for case, (name, x) in functions.items():
        for salt in range(2000):
            f = other_functions(salt * 10, 4)[name]
            worst = max(worst, abs((f(x + h) - f(x - h)) / (2 * h) / tests.EXACT[case] - 1))
    assert worst < tests.NUMERIC_REL / 2.5

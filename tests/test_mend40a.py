"""Session 40's mend (mend40a): a backward() run more than once over a neuron whose activation shares nodes.

10-neuron named a repeated backward() only where the gradients are whole multiples of PyTorch's that one neuron's
tree gives (diag40's `_one_graph`). tanh built from exp, as the lecture writes it (`(e - 1) / (e + 1)`), shares e
between two paths, so two runs give multiples that are not whole; three runs give none on any graph: tanh/points
and relu/more-points were charged again, with no reason given (two runs: 12/16, 8/12 visible; three runs: 11/16).
The test now reads how many times neuron_gradients calls backward() and whether, each run started fresh, it is
right (the probe each_backward_fresh since session 41; before, uses_backward's count and own_values): then the
mistake is the repeated run, said in relu/positive and excused in the later gradient tests (test_neuron._runs). tests/fixtures/mend40a/10-neuron holds three correct
neurons (tanh from exp two ways, the built-in tanh in a class); each mistake is planted here.
"""
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from costs import slow_fixture
from test_fresh_styles import _rows, assert_scored_and_named
from test_strangersx38 import solutions_class

from grader.cli import main

FRESH = Path(__file__).parent / "fixtures" / "mend40a"
ROOT = Path(__file__).parent.parent
CALLS = {"tanh-lecture": "    y.backward()\n", "tanh-neg-exp": "    out.backward()\n",
         "builtin-class": "    y.backward()\n"}


def _runs(case, runs):
    return {"neuron.py": [(CALLS[case], CALLS[case] * runs)]}


PLANTED = {"10-neuron": {f"bug-{case}-backward-{runs}": (case, _runs(case, runs)) for case in CALLS for runs in (2, 3)}}
# a second mistake beside the repeated runs: tanh's e - 1 written e + 1 is charged on tanh/points too
PLANTED["10-neuron"]["bug-tanh-lecture-backward-2-and-tanh-wrong"] = ("tanh-lecture", {"neuron.py": [
    (CALLS["tanh-lecture"], CALLS["tanh-lecture"] * 2), ("return (e - 1) / (e + 1)", "return (e - 1) / (e + 2)")]})
SCORE = "Score on the visible tests: {score} points ({passed} of 8 tests pass). Hidden tests are graded after you hand in."
PASSED = {"12/12": 8, "10/12": 7}
GRADIENTS = ["relu/more-points", "relu/positive", "tanh/points"]
# id -> (score, the tests not passed, diagnosis); before: the shared-node tanh run twice 12/16, any run three times
# 11/16 (tanh/points and relu/more-points charged again, nothing said)
TABLE = {
    "tanh-lecture": (16.0, [], []),
    "tanh-neg-exp": (16.0, [], []),
    "builtin-class": (16.0, [], []),
    **{f"bug-{case}-backward-{runs}": (14.0, ["relu/positive"], []) for case in CALLS for runs in (2, 3)},
    # two mistakes, each charged once: the runs on relu/positive, the wrong tanh on tanh/points
    "bug-tanh-lecture-backward-2-and-tanh-wrong": (12.0, ["relu/positive", "tanh/points"], []),
}
TWICE_SAID = ("Every gradient is a whole multiple (2 or more) of PyTorch's, as when backward() runs twice from y: the "
              "second run adds to the gradients the first left in every node")
THREE_SAID = ("(4 more values differ). neuron_gradients calls backward() 3 times: each run adds to the gradients the "
              "runs before left in every node, and the last one alone, on fresh gradients, gives PyTorch's. Call "
              "y.backward() once, on fresh leaves, and read the five gradients after it.")
WHOLE = ("Not charged again: every gradient is a whole multiple of PyTorch's, as when backward() runs twice, which "
         "relu/positive already charges.")


def _excused(runs):
    return (f"Not charged again: neuron_gradients calls backward() {runs} times, and each run adds to the gradients "
            "the runs before left, which relu/positive already charges.")


@slow_fixture(scope="module")
def neurons(tmp_path_factory):
    return _rows(tmp_path_factory, "10-neuron", make=solutions_class, fresh=FRESH, planted=PLANTED)


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_neuron_scores_and_is_named(neurons, case):
    assert sorted(neurons) == sorted(TABLE)
    assert_scored_and_named(neurons[case], TABLE[case])


def _said(row):
    return {t["name"]: (t["status"], t["output"]) for t in row["tests"] if t["name"] in GRADIENTS}


@pytest.mark.parametrize("case", sorted(CALLS))
def test_a_run_twice_is_said_once_and_excused_after(neurons, case):
    said = _said(neurons[f"bug-{case}-backward-2"])
    assert said["relu/positive"][0] == "failed" and TWICE_SAID in said["relu/positive"][1]
    assert said["relu/more-points"] == ("passed", WHOLE)  # relu's one node: whole multiples, as before
    # the built-in tanh is one node too; tanh from exp shares e: its multiples are not whole, and the count says it
    assert said["tanh/points"] == ("passed", WHOLE if case == "builtin-class" else _excused(2))


@pytest.mark.parametrize("case", sorted(CALLS))
def test_a_run_three_times_is_said_by_its_count_and_excused_after(neurons, case):
    said = _said(neurons[f"bug-{case}-backward-3"])
    assert said["relu/positive"][0] == "failed" and said["relu/positive"][1].endswith(THREE_SAID)
    assert said["relu/more-points"] == said["tanh/points"] == ("passed", _excused(3))


def test_a_second_mistake_beside_a_run_twice_is_charged_and_not_named_a_run(neurons):
    said = _said(neurons["bug-tanh-lecture-backward-2-and-tanh-wrong"])
    assert said["relu/more-points"] == ("passed", WHOLE)
    status, output = said["tanh/points"]
    assert status == "failed" and output.startswith("point 1: dy/dx1 for y = tanh(") and "backward()" not in output


def _check(tmp_path, case, runs):
    folder = tmp_path / case
    shutil.copytree(FRESH / "10-neuron" / case, folder)
    shutil.copy(ROOT / "exercises" / "10-neuron" / "engine.py", folder / "engine.py")
    path = folder / "neuron.py"
    path.write_text(path.read_text().replace(CALLS[case], CALLS[case] * runs))
    result = CliRunner().invoke(main, ["check", str(folder), "-e", "10-neuron", "--lang", "en"])
    lines = result.output.splitlines()
    return ([line for line in lines if line.startswith("Score")], [line.split()[1] for line in lines
                                                                    if line.startswith("FAIL")])


@pytest.mark.parametrize("case,runs,score,failing", [
    ("tanh-lecture", 1, "12/12", []),
    ("tanh-lecture", 2, "10/12", ["relu/positive"]),  # before: 8/12, tanh/points charged again
    ("tanh-neg-exp", 3, "10/12", ["relu/positive"]),  # before: 8/12
    ("builtin-class", 3, "10/12", ["relu/positive"]),  # before: 8/12
])
def test_grade_check_charges_the_runs_once(tmp_path, case, runs, score, failing):
    assert _check(tmp_path, case, runs) == ([SCORE.format(score=score, passed=PASSED[score])], failing)

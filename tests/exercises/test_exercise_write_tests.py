"""09-write-tests: the runner that executes a student's tests in the sandbox, and the mutation score.

One batch of student test files, each showing one behaviour of the runner.
"""

import json
import sys
import types

import pytest
from costs import slow_fixture
from conftest import EXERCISES_DIR, grade_folder, write_folder

from grader.suites import SUITES, load_suite, suite_module


ENGINE = (EXERCISES_DIR / "09-write-tests" / "engine.py").read_text()
VARIANT_COUNT = len(json.loads((SUITES / "09-write-tests" / "engines.json").read_text())["variants"])

STUDENTS = {
    # one test: y = a * a at 3 catches the engines whose a.grad is not 6 there
    "one-test": '''\
from engine import Value


def test_a_times_a():
    a = Value(3.0)
    y = a * a
    y.backward()
    assert a.grad == 6.0
''',
    # what the pytest stand-in offers: approx, raises, parametrize, test classes
    "pytest-style": '''\
import pytest

from engine import Value


@pytest.mark.parametrize("x, want", [(0.0, 1.0), (2.0, 0.07065082485316443)])
def test_tanh_slope(x, want):
    v = Value(x)
    v.tanh().backward()
    assert v.grad == pytest.approx(want)


def test_reflected_add():
    a = Value(1.0)
    assert (2 + a).data == 3.0


def test_log_of_zero_raises():
    with pytest.raises(ValueError):
        Value(0.0).log()


class TestMul:
    def test_each_operand_gets_the_other(self):
        a, b = Value(3.0), Value(-2.0)
        (a * b).backward()
        assert (a.grad, b.grad) == pytest.approx((-2.0, 3.0))
''',
    "fails-on-reference": '''\
from engine import Value


def test_a_times_a():
    a = Value(3.0)
    (a * a).backward()
    assert a.grad == 6.0


def test_wrong_expectation():
    a = Value(3.0)
    (a + a).backward()
    assert a.grad == 3.0, "a + a should give 3"
''',
    # twelve levels would do; forty make a walk without a visited set take 2**40 steps
    "exponential-on-no-visited": '''\
from engine import Value


def test_ladder():
    a = Value(0.9)
    x = a
    for _ in range(40):
        x = x * x * 0.5 + x * 0.5
    x.backward()
    assert a.grad > 0
''',
    # a test that never ends on a correct engine, and fails at once on every buggy one: each run on a buggy engine the
    # secret order puts before the first on the reference (stop_early then skips the rest) cost a test's budget, 1 s
    # of CPU, when it spun on every engine (0 to 38 s for this fixture, by the order drawn)
    "never-ends": '''\
from engine import Value


def f(a, b):
    c = a * b + 2 + a ** 3 - b / a - (3 - a) + 2 / b - (-b)
    x, p = c * 0.1, a * 2
    d = c.tanh() + c.tanh() + x.exp() + x.exp() + a.log() + a.log() + p.relu() + p.relu() + (b * 2).relu() + c * c
    return d * d + d + d


def test_forever():
    # spins on a correct engine only: the value and gradients of an expression of every op, each node used twice,
    # as a correct engine gives them; a buggy engine fails at once instead of spinning for a test's budget
    a, b = Value(1.5), Value(-0.5)
    y = f(a, b)
    y.backward()
    h = 1e-6  # the reference is 3e-11 off the value written to ten places, 1e-8 off the central differences
    assert abs(y.data - 82.5589622740) < 1e-9
    assert abs(a.grad - (f(Value(1.5 + h), Value(-0.5)).data - f(Value(1.5 - h), Value(-0.5)).data) / (2 * h)) < 1e-4
    assert abs(b.grad - (f(Value(1.5), Value(-0.5 + h)).data - f(Value(1.5), Value(-0.5 - h)).data) / (2 * h)) < 1e-4
    zero = Value(0.0)
    zero.relu().backward()
    assert zero.grad == 0
    deep = Value(1.0)
    for _ in range(3000):
        deep = deep + 1
    deep.backward()
    while True:
        pass
''',
    "wants-a-fixture": '''\
from engine import Value


def test_uses_a_fixture(tmp_path):
    assert Value(1.0).data == 1.0
''',
    "imports-torch": '''\
import torch

from engine import Value


def test_against_torch():
    assert Value(1.0).data == torch.tensor(1.0).item()
''',
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    folder = tmp_path_factory.mktemp("write-tests")
    for name, tests in STUDENTS.items():
        write_folder(folder / name, {"engine.py": ENGINE, "test_engine.py": tests})
    return grade_folder(folder, "09-write-tests")


def caught(row):
    return sorted(t["name"].removeprefix("catches/") for t in row["tests"]
                  if t["name"].startswith("catches/") and t["status"] == "passed")


def reference_verdict(row):
    test = next(t for t in row["tests"] if t["name"] == "reference/passes")
    return test["status"], test["output"]


def test_the_score_is_the_number_of_buggy_engines_caught(rows):
    row = rows["one-test"]
    assert reference_verdict(row) == ("passed", "")
    assert caught(row) == ["assign-not-accumulate-everywhere", "grad-starts-one", "mul-assign-not-accumulate",
                           "no-seed", "seed-after-walk", "seed-every-node"]
    assert row["score"] == 7 and row["max_score"] == VARIANT_COUNT + 1  # and the "from scratch" point
    escaped = next(t for t in row["tests"] if t["name"] == "catches/mul-self-data")
    assert escaped["output"] == ("your 1 test does not fail on an engine that uses `self.data` as the local "
                                 "derivative for both operands in `__mul__`'s backward")


def test_pytest_approx_raises_parametrize_and_classes_work(rows):
    row = rows["pytest-style"]
    assert reference_verdict(row) == ("passed", "")
    assert caught(row) == ["grad-starts-one", "mul-own-data", "mul-self-data", "no-seed", "radd-missing",
                           "seed-after-walk", "seed-every-node", "tanh-input", "tanh-one-minus-t",
                           "tanh-square-outside"]
    assert row["score"] == 11


def test_a_test_that_takes_too_long_on_a_buggy_engine_catches_it(rows):
    row = rows["exponential-on-no-visited"]
    assert reference_verdict(row) == ("passed", "")
    assert caught(row) == ["direct-children-only", "forward-order", "no-seed", "no-visited", "seed-after-walk",
                           "self-only"]
    assert all(t["status"] in ("passed", "failed") for t in row["tests"])  # no probe timed out


@pytest.mark.parametrize("student, why", [
    ("fails-on-reference", "1 of 2 tests fail on the reference engine, which is correct: test_wrong_expectation: "
                           "AssertionError: a + a should give 3"),
    ("never-ends", "1 of 1 tests fail on the reference engine, which is correct: test_forever: did not finish "
                   "within 1 s of CPU time"),
    ("wants-a-fixture", "1 of 1 tests fail on the reference engine, which is correct: test_uses_a_fixture: "
                        "TypeError: test_uses_a_fixture() missing 1 required positional argument: 'tmp_path' "
                        "(pytest's own fixtures, such as tmp_path, are not available here; a test takes only the "
                        "fixtures its file or a conftest.py beside it defines, and the arguments given by "
                        "pytest.mark.parametrize)"),
    ("imports-torch", "1 of 1 tests fail on the reference engine, which is correct: test_against_torch: "
                      "ForbiddenModuleError: `torch` is not allowed in this exercise: `torch.tensor(...)`"),
])
def test_no_credit_while_a_test_fails_on_the_reference(rows, student, why):
    row = rows[student]
    assert reference_verdict(row) == (
        "failed", why + ". A test must pass on a correct engine before failing on a buggy one counts.")
    assert row["score"] == 0 and row["status"] == "graded"
    assert {t["output"] for t in row["tests"] if t["name"].startswith("catches/")} == {
        "no credit until your tests pass on the reference engine (see reference/passes)"}


def test_the_never_ending_student_spins_on_the_correct_engines_alone(monkeypatch):
    # what keeps its fixture cheap (STUDENTS' comment): run here, in this process, with the loop turned into a
    # return, on every engine the runs carry; a new variant that passes its check would cost a second a run again
    record = json.loads((SUITES / "09-write-tests" / "engines.json").read_text())
    tests = STUDENTS["never-ends"]
    assert tests.count("    while True:\n        pass\n") == 1
    tests = tests.replace("    while True:\n        pass\n", "    return 'spins'\n")

    def run(source):
        engine = types.ModuleType("engine")
        exec(compile(source, "engine_under_test.py", "exec"), engine.__dict__)
        monkeypatch.setitem(sys.modules, "engine", engine)
        namespace = {}
        exec(compile(tests, "test_engine.py", "exec"), namespace)
        try:
            return namespace["test_forever"]()
        except (AssertionError, ArithmeticError, TypeError, AttributeError, RecursionError) as exc:
            return type(exc).__name__

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)  # the worker's (observe's request): recursive-topo's walk fails the 3,000-node chain
    try:
        assert [run(record[name]) for name in ("reference", "restyled")] == ["spins", "spins"]
        assert [v["name"] for v in record["variants"] if run(v["source"]) == "spins"] == []
    finally:
        sys.setrecursionlimit(limit)


def test_the_reference_runs_twice_and_once_written_another_way_beside_every_engine():
    suite = load_suite("09-write-tests")
    assert suite.probe_names[:3] == ["on_reference", "on_reference_again", "on_reference_restyled"]
    assert len(suite.probe_names) == 3 + VARIANT_COUNT


def test_time_off_the_cpu_is_not_time_spent_by_a_test(tmp_path):
    # A loaded machine (a busy grader, a neighbour's CPU hog, a slow shared CI runner) keeps the worker
    # waiting for a CPU; to a wall clock that is the same as a test that sleeps. The runner's budgets
    # are CPU time: a test that spends 1.2 s off the CPU still passes, a test that spins is still cut.
    runner = suite_module(SUITES / "09-write-tests", "probes")
    write_folder(tmp_path / "student", {"engine.py": ENGINE, "test_engine.py": '''\
import time

from engine import Value


def test_kept_off_the_cpu():
    time.sleep(1.2)
    assert (Value(2.0) * 3).data == 6.0


def test_spins():
    while True:
        pass
'''})
    student = types.SimpleNamespace(engine=types.SimpleNamespace(__file__=str(tmp_path / "student" / "engine.py")))
    assert runner._run_tests(student, ENGINE) == {
        "loaded": True, "error": None, "tests": 2, "ran": 2, "failed": 1, "out of time": False,
        "failures": [{"test": "test_spins", "error": None, "seconds": 1.0, "fixture": False, "where": None}]}  # said by the grader

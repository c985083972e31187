"""09-write-tests holds against test files that test nothing but the order they run in (issue 11).

Every attack in tests/fixtures/hostile-tests/<case>.py (a student's test_engine.py; its first comment
says what it attempts and what must hold; not named test_*.py, so that pytest leaves it alone) is graded in ONE batch against 09-write-tests, beside honest test
files, each with the exercise's engine.py. A test file that passes on its first run and fails on
every later one used to "catch" all 37 buggy engines; one that read the runner's files showed the
hidden engines' names in its visible feedback.
"""

import json
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.pipeline import grade
from grader.sandbox import Limits
from grader.suites import SUITES, load_suite

from hostile_support import needs_bwrap

ROOT = Path(__file__).resolve().parents[1]
ATTACKS = ROOT / "tests" / "fixtures" / "hostile-tests"
LIMITS = Limits(probe_seconds=3, import_seconds=5, submission_seconds=60)
ENGINES = json.loads((SUITES / "09-write-tests" / "engines.json").read_text(encoding="utf-8"))
SECRETS = [v["name"] for v in ENGINES["variants"]] + [v["title"] for v in ENGINES["variants"]]

# An honest test file whose tests share a module-level memo within one run (state, but not across
# runs): y = a * a at 3 catches the engines whose a.grad is not 6 there.
MEMO_TESTS = '''\
from engine import Value

_built = {}


def _square():
    if "y" not in _built:
        a = Value(3.0)
        y = a * a
        y.backward()
        _built["y"] = (a, y)
    return _built["y"]


def test_value():
    assert _square()[1].data == 9.0


def test_gradient():
    assert _square()[0].grad == 6.0
'''


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile-tests") / "class"
    engine = (ROOT / "exercises" / "09-write-tests" / "engine.py").read_text()
    cases = sorted(p.stem for p in ATTACKS.glob("*.py"))
    for case in cases:
        (folder / case).mkdir(parents=True)
        shutil.copy(ATTACKS / f"{case}.py", folder / case / "test_engine.py")
    (folder / "reference-tests").mkdir()
    shutil.copy(ROOT / "reference" / "test_engine.py", folder / "reference-tests" / "test_engine.py")
    (folder / "memo-tests").mkdir()
    (folder / "memo-tests" / "test_engine.py").write_text(MEMO_TESTS)
    for entry in folder.iterdir():
        (entry / "engine.py").write_text(engine)
    result = grade(folder, exercise="09-write-tests", limits=LIMITS, jobs=2)
    return {row["id"]: row for row in result.scores["submissions"]}, cases


def _caught(row):
    return sorted(t["name"] for t in row["tests"] if t["name"].startswith("catches/") and t["status"] == "passed")


@needs_bwrap
def test_every_entry_has_its_row_and_the_honest_suites_their_score(rows):
    rows, cases = rows
    assert sorted(rows) == sorted([*cases, "reference-tests", "memo-tests"])
    assert rows["reference-tests"]["score"] == rows["reference-tests"]["max_score"]
    assert len(_caught(rows["reference-tests"])) == len(ENGINES["variants"])
    assert _caught(rows["memo-tests"]) == ["catches/assign-not-accumulate-everywhere", "catches/grad-starts-one",
                                           "catches/mul-assign-not-accumulate", "catches/no-seed",
                                           "catches/seed-after-walk", "catches/seed-every-node"]


@needs_bwrap
@pytest.mark.parametrize("case", sorted(p.stem for p in ATTACKS.glob("*.py")))
def test_a_suite_that_tests_only_its_run_order_catches_nothing(rows, case):
    row = rows[0][case]
    assert row["status"] == "graded" and row["score"] == 0, _caught(row)


@needs_bwrap
def test_nothing_of_a_hidden_test_comes_back_in_visible_feedback(rows):
    row = rows[0]["read-every-file"]
    shown = next(t for t in row["tests"] if t["name"] == "reference/passes")
    assert shown["visibility"] == "visible" and shown["status"] == "failed"
    assert "test_show_me_everything: AssertionError: names: " in shown["output"]  # it ran, and read files
    leaked = [secret for secret in SECRETS if secret in shown["output"]]
    assert leaked == []


@needs_bwrap
def test_a_students_text_is_never_read_as_a_message_template(rows):
    row = rows[0]["error-as-message"]
    shown = next(t for t in row["tests"] if t["name"] == "reference/passes")
    assert (shown["status"], shown["output"]) == ("failed", (
        "your test file could not be run with the reference engine: {'id': 'WIDE[{x:>3000000}] {nothing}', "
        "'params': {'x': 'a'}}. A test must pass on a correct engine before failing on a buggy one counts."))
    assert not any("internal grader error" in t["output"] for t in row["tests"])
    assert len(json.dumps(row)) < 100_000


def test_an_engine_travels_alone_without_its_name():
    suite = load_suite("09-write-tests")
    assert "engines.json" not in suite.runner_files
    assert all(secret not in suite.runner_files["probes.py"].decode() for secret in SECRETS)
    by_name = {v["name"]: v for v in ENGINES["variants"]}
    for name, case in suite.cases.items():
        assert list(case.files) == ["engine_under_test.py"] and case.function == "run_tests"
        text = case.files["engine_under_test.py"].decode()
        assert "#" not in text and '"""' not in text, name  # no comment, no docstring
        variant = by_name.get(name.removeprefix("catches_").replace("_", "-"))
        if variant:
            assert variant["name"] not in text and variant["title"] not in text


def test_the_order_of_the_runs_is_drawn_afresh_each_time():
    from grader.observe import secret_order

    names = load_suite("09-write-tests").probe_names
    orders = {tuple(secret_order(names)) for _ in range(20)}
    assert len(orders) == 20 and all(sorted(order) == sorted(names) for order in orders)

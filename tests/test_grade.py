"""The main job end to end: a class of real fixture submissions graded in one batch."""

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.pipeline import grade
from grader.cli import main
from grader.sandbox import Limits

SLOW_FIXTURES = {"batch"}  # grades a class of ~50 in the sandbox (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
LIMITS = Limits(probe_seconds=1.5, import_seconds=5, submission_seconds=30)

# Each single-bug fixture and the hidden test that is about its bug.
BUG_TESTS = {
    "bug-mul-self-data": ("mul/values", "a.grad for y = a * b at a = 3, b = -2: expected -2.0, got 3.0"),
    "bug-mul-assign": ("mul/shared-node", "a.grad for y = a * a at a = 3: expected 6.0, got 3.0"),
    "bug-assign-grad": ("add/shared-node", "a.grad for y = a + a at a = 3: expected 2.0, got 1.0"),
    "bug-tanh-input": ("tanh/two", "x.grad for y = tanh(x) at x = 2: expected 0.0706508249, got -3.0"),
    "bug-tanh-one-minus-t": ("tanh/two", "x.grad for y = tanh(x) at x = 2: expected 0.0706508249, got 0.0359724199"),
    "bug-exp-input": ("exp/values", "x.grad for y = exp(x) * 2 at x = 1: expected 5.436563657, got 2.0"),
    "bug-log-output": ("log/values", "x.grad for y = log(x) * 3 at x = 2: expected 1.5, got 4.328085123"),
    "bug-pow-no-minus-one": ("pow/cube", "x.grad for y = x ** 3 at x = 2: expected 12.0, got 24.0"),
    "bug-relu-at-zero": ("relu/zero", "a.grad for y = relu(a) + 2 * a at a = 0 (relu'(0) is 0): expected 2.0, got 3.0"),
    "bug-sub-as-add": ("sub/values", "y for y = a - b at a = 5, b = 2: expected 3.0, got 7.0 (1 more value differs)"),
    "bug-rsub-order": ("sub/constant", "2 - a for y = (a - 2) * (2 - a) at a = 0.5 (reflected subtraction: 2 - a): "
                                       "expected 1.5, got -1.5 (2 more values differ)"),
    "bug-no-seed": ("backward/seed", "y.grad for y = a * b + b at a = 2, b = 3; y.grad after y.backward(): "
                                     "expected 1.0, got 0.0 (2 more values differ)"),
    "bug-grad-starts-one": ("backward/grads-start-at-zero", "a.grad for a = Value(2), b = Value(-3), c = a * b, "
                                                            "before any backward(): expected 0.0, got 1.0 "
                                                            "(2 more values differ)"),
    "bug-forward-order": ("backward/order", "x.grad for a = x * 2; b = a * a; c = b + a; d = c * x at x = 1.5 "
                                            "(order of the walk): expected 33.0, got 12.0 (2 more values differ)"),
    "bug-direct-children-only": ("shared/three-paths", "a.grad for y = a * a + a * b + a at a = 2, b = -3: "
                                                       "expected 2.0, got 1.0 (1 more value differs)"),
    "bug-neg-self": ("neg/values", "-a for y = -a * b at a = 3, b = 2: expected -3.0, got 3.0 (3 more values differ)"),
    "bug-recursive-topo": ("backward/deep-chain", "x = Value(0.5), c = Value(0.0001); then 10,000 times x = x + c; "
                                                  "backward() from the last x: backward() raised RecursionError."),
}


def _class_folder(tmp):
    folder = tmp / "class"
    folder.mkdir()
    shutil.copy(ROOT / "reference" / "engine.py", folder / "reference.py")
    for case in (FIXTURES / "submissions").iterdir():
        if case.is_dir():
            shutil.copytree(case, folder / case.name)
    for case in (FIXTURES / "special").iterdir():
        shutil.copytree(case, folder / case.name)
    for entry in (ROOT / "examples" / "submissions").iterdir():
        (shutil.copytree if entry.is_dir() else shutil.copy)(entry, folder / entry.name)
    return folder


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("grade")
    folder = _class_folder(tmp)
    result = grade(folder, limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    rows = {row["id"]: row for row in result.scores["submissions"]}
    return folder, result, rows


def test_every_entry_gets_exactly_one_row(batch):
    folder, result, rows = batch
    ids = [row["id"] for row in result.scores["submissions"]]
    expected = sorted(p.stem if p.suffix in (".py", ".ipynb", ".zip") else p.name for p in folder.iterdir())
    assert sorted(ids) == expected
    assert len(ids) == len(set(ids))


def test_reference_and_correct_engines_score_max(batch):
    _, result, rows = batch
    max_score = result.scores["max_score"]
    assert max_score == 63.0
    for sid in ("reference", "correct-closures", "correct-edgelist", "correct-kahn", "alice"):
        assert rows[sid]["status"] == "graded"
        assert rows[sid]["score"] == max_score, [t for t in rows[sid]["tests"] if t["status"] != "passed"]


@pytest.mark.parametrize("bug", sorted(BUG_TESTS))
def test_single_bug_loses_points_on_its_test(batch, bug):
    _, result, rows = batch
    name, words = BUG_TESTS[bug]
    row = rows[bug]
    assert row["status"] == "graded"
    assert row["score"] < result.scores["max_score"]
    test = next(t for t in row["tests"] if t["name"] == name)
    assert test["status"] == "failed"
    assert test["score"] == 0.0
    assert test["output"].startswith(words)


def test_notebook_and_zip_are_read(batch):
    _, _, rows = batch
    assert rows["carol"]["status"] == "graded" and rows["carol"]["score"] == 63.0
    assert rows["carol"]["source"] == "carol.ipynb"
    dave = rows["dave"]
    assert dave["source"] == "dave.zip" and dave["status"] == "graded"
    order = next(t for t in dave["tests"] if t["name"] == "backward/order")
    assert order["status"] == "failed"


def test_looping_engine_times_out_and_the_batch_goes_on(batch):
    _, result, rows = batch
    frank = rows["frank"]
    assert frank["status"] == "timeout"
    assert frank["score"] == 0.0
    assert frank["message"] == "3 probes in a row did not finish within 1.5 s each; the rest were not run"
    statuses = {t["status"] for t in frank["tests"][1:]}
    assert statuses <= {"timeout", "error", "skipped"} and "timeout" in statuses
    # its own run stayed within the configured limits
    assert result.runs["frank"]["seconds"] < LIMITS.submission_seconds
    assert rows["alice"]["score"] == 63.0


def test_syntax_error_is_graded_zero_with_the_line(batch):
    _, _, rows = batch
    grace = rows["grace"]
    assert grace["status"] == "graded"
    assert grace["score"] == 0.0
    # grace.py is the student's file (the sandbox calls it engine.py): the messages name hers
    assert grace["message"] == "SyntaxError: expected ':' (grace.py, line 71)"
    first = grace["tests"][0]
    assert first["name"] == "engine/imports" and first["status"] == "failed"
    assert first["output"] == ("grace.py could not be used: SyntaxError: expected ':' (grace.py, line 71). "
                               "Every other test was skipped.")
    assert (first["file"], first["line"]) == ("grace.py", 71)
    assert {t["status"] for t in grace["tests"][1:]} == {"skipped"}


def test_forged_files_and_output_change_no_score(batch):
    folder, result, rows = batch
    assert rows["forger"]["score"] == rows["bug-mul-self-data"]["score"]
    assert [t["status"] for t in rows["forger"]["tests"]] == [t["status"] for t in rows["bug-mul-self-data"]["tests"]]
    # what it printed was kept as output, and it reached nothing of ours
    assert "51 passed" in result.runs["forger"]["output"]
    assert not any((folder / name).exists() for name in ("scores.json", "results.json"))


def test_values_that_equal_everything_score_zero(batch):
    _, _, rows = batch
    row = rows["equal-everything"]
    assert row["status"] == "graded" and row["score"] == 0.0
    test = next(t for t in row["tests"] if t["name"] == "mul/shared-node")
    assert test["status"] == "error"
    assert test["output"] == "y = a * a at a = 3: your engine raised y is a Anything, not a number"


@pytest.mark.slow
def test_grading_twice_gives_identical_scores(tmp_path):
    folder = tmp_path / "few"
    folder.mkdir()
    shutil.copy(ROOT / "reference" / "engine.py", folder / "ref.py")
    for name in ("bug-no-visited", "bug-mul-assign", "correct-edgelist"):
        shutil.copytree(FIXTURES / "submissions" / name, folder / name)
    shutil.copy(ROOT / "examples" / "submissions" / "carol.ipynb", folder / "carol.ipynb")
    first = grade(folder, limits=LIMITS, jobs=2, cache_dir=None).scores
    second = grade(folder, limits=LIMITS, jobs=1, cache_dir=None).scores
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)


def test_cli_prints_the_table_and_writes_scores(tmp_path):
    folder = tmp_path / "subs"
    folder.mkdir()
    shutil.copy(ROOT / "examples" / "submissions" / "erin.py", folder / "erin.py")
    shutil.copy(ROOT / "examples" / "submissions" / "grace.py", folder / "grace.py")
    (folder / "notes.txt").write_text("not a submission")
    out = tmp_path / "out" / "scores.json"
    result = CliRunner().invoke(main, [str(folder), "--out", str(out), "--jobs", "2", "--no-cache"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["id", "status", "score", "first", "failing", "test"]
    assert lines[1].startswith("erin   graded          60/63  tanh/two: x.grad for y = tanh(x) at x = 2: expected 0.07")
    assert lines[2].startswith("grace  graded           0/63  engine/imports: grace.py could not be used: SyntaxError")
    assert lines[3].startswith("notes  rejected         0/63  ")
    assert "Graded 3 submissions against 'engine'" in lines[-1]
    scores = json.loads(out.read_text())
    assert [s["id"] for s in scores["submissions"]] == ["erin", "grace", "notes"]
    assert scores["submissions"][2]["status"] == "rejected"


def test_cli_bad_exercise_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(main, ["run", str(tmp_path), "--exercise", "no-such-thing"])
    assert result.exit_code == 1
    assert "no suite named 'no-such-thing'" in result.output

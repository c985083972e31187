"""The main job end to end: a class of real fixture submissions graded in one batch."""

import json
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from endings_support import loops
from suite_facts import full_marks
from click.testing import CliRunner

from grader.pipeline import grade
from grader.cli import main
from grader.sandbox import Limits


FULL = full_marks("engine")  # from the suite's declared points

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
LIMITS = Limits(probe_seconds=1.5, import_seconds=5, submission_seconds=30)

# Each single-bug fixture and the hidden test that is about its bug. The words of each test's feedback
# are pinned once, by the golden scores (tests/golden/scores.json grades these same fixtures).
BUG_TESTS = {
    "bug-mul-self-data": "mul/values",
    "bug-mul-assign": "mul/shared-node",
    "bug-assign-grad": "add/shared-node",
    "bug-tanh-input": "tanh/two",
    "bug-tanh-one-minus-t": "tanh/two",
    "bug-exp-input": "exp/values",
    "bug-log-output": "log/values",
    "bug-pow-no-minus-one": "pow/cube",
    "bug-relu-at-zero": "relu/zero",
    "bug-sub-as-add": "sub/values",
    "bug-rsub-order": "sub/constant",
    "bug-no-seed": "backward/seed",
    "bug-grad-starts-one": "backward/grads-start-at-zero",
    "bug-forward-order": "backward/order",
    "bug-direct-children-only": "shared/three-paths",
    "bug-neg-self": "neg/values",
    "bug-recursive-topo": "backward/deep-chain",
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


@slow_fixture(scope="module")
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
    assert max_score == FULL
    for sid in ("reference", "correct-closures", "correct-edgelist", "correct-kahn", "alice"):
        assert rows[sid]["status"] == "graded"
        assert rows[sid]["score"] == max_score, [t for t in rows[sid]["tests"] if t["status"] != "passed"]


@pytest.mark.parametrize("bug", sorted(BUG_TESTS))
def test_single_bug_loses_points_on_its_test(batch, bug):
    _, result, rows = batch
    row = rows[bug]
    assert row["status"] == "graded"
    assert row["score"] < result.scores["max_score"]
    test = next(t for t in row["tests"] if t["name"] == BUG_TESTS[bug])
    assert (test["status"], test["score"]) == ("failed", 0.0)
    assert test["output"]  # its words: the golden's


def test_notebook_and_zip_are_read(batch):
    _, _, rows = batch
    assert rows["carol"]["status"] == "graded" and rows["carol"]["score"] == FULL
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
    assert frank["message"] == loops(1.5)
    assert {k: v for k, v in frank["message_data"]["params"].items() if k.startswith("limit")} == {
        "limit": "time", "limit_value": 1.5, "limit_unit": "s"}
    statuses = {t["status"] for t in frank["tests"][1:]}
    assert statuses <= {"timeout", "error", "skipped"} and "timeout" in statuses
    # its own run stayed within the configured limits: its first three probes ran to their limit, no other ran (its
    # wall time says nothing: on a loaded machine 3 x 1.5 s of CPU take longer than the 30 s its CPU budget is)
    ran = [name for name, probe in result.runs["frank"]["probes"].items() if not probe.get("not_run")]
    assert ran == ["add_values", "add_constant", "mul_values"]
    assert rows["alice"]["score"] == FULL


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
    # the probe's own words, not an exception of the engine's (session 26: "your engine raised y is a Anything, …")
    assert test["output"] == "y = a * a at a = 3: your engine gave what the grader cannot read: y is a Anything, not a number"


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

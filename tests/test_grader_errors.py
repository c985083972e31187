"""A failure of the grader's own code on one submission stays in that submission's row (issue 11).

Whatever stage fails (observing, judging, scoring), that row is `crashed` with a message saying
"grader error", the traceback goes to the run log (scores.log), the other rows are graded as
usual, the scores file is written, and the failure is never cached: the next run tries again.
"""

import dataclasses
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from costs import slow_fixture
from click.testing import CliRunner

import grader.pipeline as batch_module
import grader.observe as observe_module
import grader.scores as scores_module
from grader.pipeline import grade
from grader.cli import main
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
CORRECT = ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py"
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
LIMIT_ARGS = ["--probe-timeout", "2", "--import-timeout", "5", "--timeout", "30"]


def _message(stage, error):
    return (f"grader error while {stage}: this is a bug in the grader, not in the submission ({error}); "
            "the details are in the run log")


@slow_fixture  # the class every test here grades in the sandbox
def folder(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("alice", "bob", "carol"):
        # distinct files, so that each is observed and cached on its own
        (folder / f"{name}.py").write_text(f"# {name}\n" + CORRECT.read_text())
    return folder


def _rows(result):
    return {row["id"]: row for row in result.scores["submissions"]}


def _full(row):
    return row["status"] == "graded" and row["score"] == row["max_score"] > 0


def _fails_on(real, victim, error):
    def failing(submission, *args, **kwargs):
        if submission.id == victim:
            raise error
        return real(submission, *args, **kwargs)
    return failing


def test_an_error_while_observing_is_that_rows_alone_and_is_never_cached(folder, tmp_path, monkeypatch):
    monkeypatch.setattr(observe_module, "observe_submission",
                        _fails_on(observe_module.observe_submission, "bob", IndexError("list index out of range")))
    result = grade(folder, limits=LIMITS, jobs=2, cache_dir=tmp_path / "cache")
    rows = _rows(result)
    assert (rows["bob"]["status"], rows["bob"]["score"]) == ("crashed", 0.0)
    assert rows["bob"]["message"] == _message("observing it", "IndexError: list index out of range")
    assert [t["status"] for t in rows["bob"]["tests"] if t["status"] != "skipped"] == ["failed"]
    assert _full(rows["alice"]) and _full(rows["carol"])
    assert [(e["id"], e["stage"]) for e in result.grader_errors] == [("bob", "observing it")]
    assert "Traceback" in result.grader_errors[0]["detail"] and "IndexError" in result.grader_errors[0]["detail"]
    assert sorted(json.loads(p.read_text())["id"] for p in (tmp_path / "cache").glob("*.json")) == ["alice", "carol"]
    # and their verdicts (grader/verdicts.py); nothing of bob's
    assert len([p for p in (tmp_path / "cache" / "verdicts").glob("*.json") if "outcomes" in p.read_text()]) == 2

    monkeypatch.undo()  # the grader is fixed: bob alone is observed again, and graded
    again = grade(folder, limits=LIMITS, jobs=2, cache_dir=tmp_path / "cache")
    assert again.observed == 1 and again.grader_errors == []
    assert _full(_rows(again)["bob"])


def test_an_error_while_judging_is_found_and_kept_to_its_row(folder, monkeypatch):
    real_judge = batch_module.judge

    def judge(suite, runs, **kwargs):
        if runs.get("carol", {}).get("status") == "ok":
            raise RuntimeError("the judge broke on carol")
        return real_judge(suite, runs, **kwargs)

    monkeypatch.setattr(batch_module, "judge", judge)
    result = grade(folder, limits=LIMITS, jobs=2)
    rows = _rows(result)
    assert (rows["carol"]["status"], rows["carol"]["score"]) == ("crashed", 0.0)
    assert rows["carol"]["message"] == _message("judging it", "RuntimeError: the judge broke on carol")
    assert _full(rows["alice"]) and _full(rows["bob"])
    assert [(e["id"], e["stage"]) for e in result.grader_errors] == [("carol", "judging it")]


def test_an_error_while_scoring_is_kept_to_its_row(folder, monkeypatch):
    monkeypatch.setattr(scores_module, "submission_record",
                        _fails_on(scores_module.submission_record, "alice", KeyError("tests")))
    result = grade(folder, limits=LIMITS, jobs=2)
    rows = _rows(result)
    assert (rows["alice"]["status"], rows["alice"]["score"]) == ("crashed", 0.0)
    assert rows["alice"]["message"] == _message("scoring it", "KeyError: 'tests'")
    assert "grader_error" not in rows["alice"]  # the traceback is for the run log, not the scores
    assert _full(rows["bob"]) and _full(rows["carol"])
    assert [(e["id"], e["stage"]) for e in result.grader_errors] == [("alice", "scoring it")]


def test_grade_writes_the_scores_and_the_run_log(folder, tmp_path, monkeypatch):
    monkeypatch.setattr(observe_module, "observe_submission",
                        _fails_on(observe_module.observe_submission, "bob", ZeroDivisionError("division by zero")))
    out = tmp_path / "out" / "week1.json"
    result = CliRunner().invoke(main, ["run", str(folder), "-o", str(out), "--no-cache", "-q", *LIMIT_ARGS])
    assert result.exit_code == 0, result.output
    rows = {row["id"]: row for row in json.loads(out.read_text(encoding="utf-8"))["submissions"]}
    assert rows["bob"]["status"] == "crashed" and _full(rows["alice"])
    log = (tmp_path / "out" / "week1.log").read_text(encoding="utf-8")
    assert log.startswith("== 'bob': grader error while observing it\nTraceback (most recent call last):\n")
    assert "ZeroDivisionError: division by zero" in log
    assert (f"warning: the grader failed on 1 submission ('bob'): its row says \"grader error\"; the details "
            f"are in {tmp_path / 'out' / 'week1.log'}. Please report it.") in result.stderr


def test_a_worker_that_dies_before_running_the_submission_is_the_graders_error(folder, tmp_path, monkeypatch):
    # A machine that breaks the worker before any student code runs (here its runner exits at once;
    # elsewhere a scratch folder its uid cannot enter): every row was `crashed`, 0, and cached for good
    import grader.suites

    def broken_runner(name, load=grader.suites.load_suite):
        suite = load(name)
        return dataclasses.replace(suite, runner_files={**suite.runner_files, "worker.py": b"raise SystemExit(1)\n"})

    monkeypatch.setattr(batch_module, "load_suite", broken_runner)
    result = grade(folder, limits=LIMITS, jobs=2, cache_dir=tmp_path / "cache")
    assert {row["status"] for row in _rows(result).values()} == {"crashed"}
    assert all(row["message"].startswith("grader error while observing it: this is a bug in the grader, not in the "
                                          "submission (grader.observe.WorkerNeverStarted: the worker died before it "
                                          "ran any of the submission (") for row in _rows(result).values())
    assert list((tmp_path / "cache").glob("*.json")) == []


def test_a_tmpdir_the_workers_cannot_enter_is_not_used_for_them(folder, tmp_path, monkeypatch):
    # TMPDIR inside a folder closed to other users (pytest's own tmp_path is under a 0700 folder; a CI
    # runner's may be under a 0700 home): the workers' own uids could not read their files, and every
    # submission died at import. Their scratch folders go to /tmp (or /var/tmp) instead.
    if os.geteuid() != 0:
        pytest.skip("workers run as uids of their own only when the grader is root")
    private = tmp_path / "private-tmp"
    private.mkdir(mode=0o700)
    monkeypatch.setenv("TMPDIR", str(private))
    monkeypatch.setattr(tempfile, "tempdir", None)  # tempfile reads TMPDIR again
    result = grade(folder, limits=LIMITS, jobs=2, cache_dir=tmp_path / "cache")
    assert all(_full(row) for row in _rows(result).values())

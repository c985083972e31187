"""Session 25's seams (bench/seams/fresh25.py, bench/seams/matrix.py --class fresh25) and the LMS exports' leftovers
(grader/load/exports.py): the same submission gets the same row on every surface, and a class folder is read as
the LMS wrote it.

Holes closed, their fixtures here failing before:
- one stray file beside an LMS export (an instructor's `grades.csv`) turned per-student grouping off, silently:
  every file was a row of its own (`smithjohn_12345_67890_engine`, `grades` rejected as a .csv file); the
  export is grouped now, the stray ignored and named (each row's `export.ignored`, `grade run`'s summary line);
- Blackboard usernames holding `_` were cut at the names' common prefix (`HW1_s_12345` beside `HW1_s_12399`:
  `12345`, `12399`); the receipts' `Name: ... (username)` give the assignment's name now;
- GitHub Classroom's repositories kept the repository's name as the id (`hw1-octocat`); the id is the login;
- grader/load/__init__.py's _load_group had its own copy of load_entry's guard (a reader's bug -> the row
  rejected); one guard now (`_guarded`), the same words on both.
"""

import json

import pytest
from click.testing import CliRunner
from load_support import ENGINE, write

from grader.cli import main
from grader.load import load_folder

CANVAS = {"smithjohn_12345_67890_engine.py": ENGINE, "doeann_222_333_engine.py": ENGINE}
MOODLE = {"John Smith_123456_assignsubmission_file_engine.py": ENGINE}
BLACKBOARD = {"HW1_jsmith_attempt_2026-12-01-10-00-00_engine.py": ENGINE,
              "HW1_jsmith_attempt_2026-12-01-10-00-00.txt": b"Name: John Smith (jsmith)\n"}
GRADESCOPE = {"submission_metadata.yml": b"submission_1:\n  :submitters:\n  - :email: a@x.edu\n",
              "submission_1/engine.py": ENGINE}


@pytest.mark.parametrize("export, ids", [
    (CANVAS, ["doeann_222", "smithjohn_12345"]),
    (MOODLE, ["John Smith_123456"]),
    (BLACKBOARD, ["jsmith"]),
    (GRADESCOPE, ["a@x.edu"]),
])
def test_a_stray_file_beside_an_export_is_ignored_and_named_the_export_still_grouped(tmp_path, export, ids):
    """Before: no grouping, a row per file, `grades` rejected as a .csv file (Gradescope: the metadata a row)."""
    folder = write(tmp_path / "class", {**export, "grades.csv": b"id,score\n", "README.md": b"# HW1\n"})
    subs = load_folder(folder)
    assert [(s.id, s.problem, s.export["ignored"]) for s in subs] == [
        (sid, None, ["README.md", "grades.csv"]) for sid in ids]


def test_grade_run_says_what_it_ignored_beside_an_export(tmp_path):
    folder = write(tmp_path / "class", {**CANVAS, "grades.csv": b"id,score\n"})
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(folder), "-e", "engine", "-o", str(out), "--no-cache", "-q"])
    assert result.exit_code == 0, result.output
    assert ("Read as Canvas's bulk export: 2 students, a row each; grades.csv ignored: named by no student, and no "
            "submission by its kind (each row's `export` says what was read).") in result.output
    rows = json.loads(out.read_text())["submissions"]
    assert [(r["id"], r["export"]["ignored"]) for r in rows] == [("doeann_222", ["grades.csv"]),
                                                                  ("smithjohn_12345", ["grades.csv"])]


@pytest.mark.parametrize("other", ["alice.py", "alice.ipynb", "alice.zip", "alice.rar", "alice/engine.py"])
def test_an_entry_that_may_be_a_submission_beside_an_export_is_no_stray(tmp_path, other):
    """A student's own file or folder named otherwise keeps the class read entry by entry: it is a row."""
    folder = write(tmp_path / "class", {**CANVAS, other: ENGINE})
    assert sorted(s.id for s in load_folder(folder)) == sorted(
        ["alice", "doeann_222_333_engine", "smithjohn_12345_67890_engine"])


def test_blackboard_usernames_with_an_underscore_come_from_the_receipts(tmp_path):
    """Before: `12345` and `12399` (the common prefix `HW1_s_123`, cut at its last `_`)."""
    folder = write(tmp_path / "bb", {
        "HW1_s_12345_attempt_2026-12-01-10-00-00_engine.py": ENGINE,
        "HW1_s_12345_attempt_2026-12-01-10-00-00.txt": b"Name: Ann Lee (s_12345)\r\nAssignment: HW1\r\n",
        "HW1_s_12399_attempt_2026-12-01-11-00-00_engine.py": ENGINE,
        "HW1_s_12399_attempt_2026-12-01-11-00-00.txt": b"Name: Bo Park (s_12399)\n"})
    assert [(s.id, s.export["student"], s.export["assignment"]) for s in load_folder(folder)] == [
        ("s_12345", "s_12345", "HW1"), ("s_12399", "s_12399", "HW1")]


def test_one_blackboard_student_whose_username_holds_an_underscore(tmp_path):
    """Before: `smith` (the one head `HW_1_j_smith` cut at its last `_`)."""
    folder = write(tmp_path / "bb", {
        "HW_1_j_smith_attempt_2026-12-01-10-00-00_engine.py": ENGINE,
        "HW_1_j_smith_attempt_2026-12-01-10-00-00.txt": b"Name: J Smith (j_smith)\n"})
    assert [(s.id, s.export["assignment"]) for s in load_folder(folder)] == [("j_smith", "HW_1")]


def test_blackboard_receipts_that_name_no_username_leave_the_common_prefix(tmp_path):
    """No receipt says `Name: ... (username)`: the names' common prefix up to its last `_` (docs/contract.md)."""
    folder = write(tmp_path / "bb", {
        "HW1_s_12345_attempt_2026-12-01-10-00-00_engine.py": ENGINE,
        "HW1_s_12345_attempt_2026-12-01-10-00-00.txt": b"Comments: none\n",
        "HW1_s_12399_attempt_2026-12-01-11-00-00_engine.py": ENGINE})
    assert [s.id for s in load_folder(folder)] == ["12345", "12399"]


def test_github_classroom_rows_are_the_logins_and_the_csv_says_who(tmp_path):
    """Before: `hw1-backprop-mary-ann`, `hw1-backprop-octocat` (the repositories' names), no `export`."""
    from grader.report.gradebook import to_csv

    folder = write(tmp_path / "hw1-backprop-submissions", {"hw1-backprop-octocat/engine.py": ENGINE,
                                                           "hw1-backprop-mary-ann/engine.py": ENGINE,
                                                           "grades.csv": b"x\n"})
    subs = load_folder(folder)
    assert [(s.id, s.export) for s in subs] == [
        ("mary-ann", {"lms": "github-classroom", "student": "mary-ann", "assignment": "hw1-backprop",
                      "repository": "hw1-backprop-mary-ann", "ignored": ["grades.csv"],
                      "said": "GitHub Classroom: graded the repository hw1-backprop-mary-ann"}),
        ("octocat", {"lms": "github-classroom", "student": "octocat", "assignment": "hw1-backprop",
                     "repository": "hw1-backprop-octocat", "ignored": ["grades.csv"],
                     "said": "GitHub Classroom: graded the repository hw1-backprop-octocat"})]
    scores = {"exercise": "engine", "max_score": 2.0, "submissions": [
        {"id": s.id, "status": "graded", "score": 1.0, "max_score": 2.0, "export": s.export} for s in subs]}
    assert to_csv(scores).split("\r\n")[1:3] == ["mary-ann,1,2,graded,mary-ann,mary-ann",
                                                 "octocat,1,2,graded,octocat,octocat"]


@pytest.mark.parametrize("files", [
    {"hw1-octocat/engine.py": ENGINE, "hw1-alice/engine.py": ENGINE},  # no `.git`, no `-submissions` folder
    {"hw1-octocat/engine.py": ENGINE, "hw1-octocat/.git/HEAD": b"x"},  # one clone: no prefix to tell
    # clones under a folder named otherwise: the assignment is read from the folder's name alone (session 26:
    # the repositories' common prefix, `alice` and `octocat` here, made an id depend on the class)
    {"hw1-octocat/engine.py": ENGINE, "hw1-octocat/.git/HEAD": b"x",
     "hw1-alice/engine.py": ENGINE, "hw1-alice/.git/HEAD": b"x"},
])
def test_folders_that_are_not_github_classrooms_keep_their_names(tmp_path, files):
    folder = write(tmp_path / "class", files)
    assert all(s.export is None for s in load_folder(folder))
    assert sorted(s.id for s in load_folder(folder)) == sorted({name.split("/")[0] for name in files})


def test_a_readers_bug_costs_neither_an_entry_nor_a_student_their_row_in_the_same_words(tmp_path, monkeypatch):
    """load_entry and an export's student (_load_group) share one guard: the row rejected, saying the error."""
    import grader.load as load

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(load, "collect", broken)
    folder = write(tmp_path / "class", {"smithjohn_12345_67890_engine.py": ENGINE,
                                        "smithjohn_12345_67891_helper.py": ENGINE})
    (group,) = load_folder(folder)
    assert (group.id, group.problem, group.export["lms"], "said" in group.export) == (
        "smithjohn_12345", "smithjohn_12345's files could not be read (RuntimeError: boom)", "canvas", False)
    one = load.load_entry(write(tmp_path / "alice", {"engine.py": ENGINE}))
    assert (one.id, one.problem, one.export) == ("alice", "alice/ could not be read (RuntimeError: boom)", None)


# -- the fresh class's seams (bench/seams/fresh25.py) ---------------------------------------------------------------

from tests import test_seams as seams  # noqa: E402
from tests.test_seams23 import LIMITS, _bench  # noqa: E402
from tests.test_seams24 import _fields  # noqa: E402

fresh25 = _bench("fresh25")


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fresh25") / "class"
    fresh25.fresh_class(folder)
    return folder


def _run(entry, tmp_path, *extra):
    out = tmp_path / "one.json"
    out.unlink(missing_ok=True)
    args = ["run", str(entry), "-e", "engine", "-o", str(out), "--no-cache", "-q", *LIMITS, *extra]
    result = CliRunner().invoke(main, args + (["--one-submission"] if entry.is_dir() else []))
    assert out.exists(), result.output
    (row,) = json.loads(out.read_text())["submissions"]
    return row


@pytest.mark.slow
def test_a_folder_holding_one_zip_is_graded_as_that_zip_on_every_surface(fresh, tmp_path):
    """Before: `grade run` rejected it (`no engine.py found in folder-of-zip/: it holds hw.zip, and zips inside a
    submission are not unpacked; ...`), Gradescope, given the same upload, graded the zip: 60."""
    entry = fresh / "folder-of-zip"
    row = _run(entry, tmp_path)
    assert (row["id"], row["status"], row["score"], row.get("message")) == ("folder-of-zip", "graded", 60.0, None)
    assert [d["variant"] for d in row["diagnosis"]] == ["tanh-one-minus-t"]
    scope = seams._gradescope(entry, tmp_path)
    assert {**_fields(scope), "id": None} == {**_fields(row), "id": None}  # Gradescope's id is the zip's stem
    assert _fields(seams._ci(entry, tmp_path)) == _fields(row)


def test_a_moodle_student_folder_holding_their_zip_is_read(tmp_path):
    """Moodle's "download submissions in folders" keeps each upload in the student's folder: a zip there was
    `rejected` (zips inside a submission are not unpacked)."""
    from load_support import make_zip

    folder = tmp_path / "moodle"
    (folder / "Ann Lee_1001_assignsubmission_file_").mkdir(parents=True)
    make_zip(folder / "Ann Lee_1001_assignsubmission_file_" / "hw1.zip", {"hw1/engine.py": ENGINE})
    (sub,) = load_folder(folder)
    assert (sub.id, sub.problem, sorted(sub.files), sub.origins["engine.py"].file) == (
        "Ann Lee_1001", None, ["engine.py"], "hw1/engine.py")


@pytest.mark.parametrize("files, problem", [
    ({"hw.rar": b"Rar!\x1a\x07\x00"}, "hw.rar is a .rar file; expected a folder, a .py file, a .ipynb notebook or a "
                                      ".zip of one of these: unpack it, or pack it again as a .zip"),
    ({"engine.pyc": b"\x00"}, "no engine.py found in alice/; expected engine.py, or a single .py or .ipynb file "
                              "(found: engine.pyc)"),
    ({"hw.zip": b"not a zip"}, "hw.zip is not a readable zip archive (File is not a zip file); zip the submission again"),
])
def test_a_folder_holding_one_file_of_another_kind(tmp_path, files, problem):
    from grader.load import load_entry

    sub = load_entry(write(tmp_path / "alice", files))
    assert (sub.id, sub.kind, sub.problem) == ("alice", "folder", problem)


@pytest.mark.slow
def test_the_fresh_class_gets_a_row_each_with_these_outcomes(fresh, tmp_path):
    """`grade run` on the thirty fresh shapes: every entry its row, each status and score as here (the matrix
    compares every other surface with these rows, bench/seams/matrix.py --class fresh25)."""
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(fresh), "-e", "engine", "-o", str(out), "--no-cache", "-q",
                                       *LIMITS])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: (r["status"], r["score"]) for r in json.loads(out.read_text())["submissions"]}
    assert rows == {
        "-rf": ("graded", 60.0), "Mary Ann O'Neil": ("graded", 60.0), "blank": ("graded", 0.0),
        "bom": ("graded", 60.0), "crlf": ("graded", 60.0), "empty": ("graded", 0.0),
        "folder-of-zip": ("graded", 60.0), "fork-sleeper": ("graded", 63.0), "import-loops": ("timeout", 0.0),
        "latin1-declared": ("graded", 60.0), "l" * 246: ("graded", 60.0), "low-recursion": ("graded", 63.0),
        "nb-in-zip": ("graded", 60.0), "nb-markdown-only": ("rejected", 0.0), "nb-no-cells": ("rejected", 0.0),
        "nb-raw-cell": ("graded", 0.0), "nb-run-missing": ("graded", 63.0), "nb-syntax-cell3": ("graded", 0.0),
        "nb-value-none": ("graded", 0.0), "os-exit-backward": ("crashed", 0.0), "os-exit-import": ("crashed", 0.0),
        "pyc-only": ("rejected", 0.0), "starter-nb": ("graded", 2.0), "tabs": ("graded", 0.0),
        "two-depths": ("rejected", 0.0), "utf16": ("rejected", 0.0), "x.py": ("graded", 60.0),
        "zip-folder-zip": ("rejected", 0.0), "{file} {id}": ("graded", 59.0), "\U0001f600 smile": ("graded", 59.0),
    }


def test_an_import_error_of_the_graders_own_is_not_said_to_be_a_missing_library():
    from grader.distribution import library_missing

    assert library_missing(ModuleNotFoundError("No module named 'rq'", name="rq"))
    assert library_missing(ModuleNotFoundError("No module named 'redis.asyncio'", name="redis.asyncio"))
    assert not library_missing(ImportError("cannot import name 'X' from 'grader.load.reading'",
                                           name="grader.load.reading"))
    assert not library_missing(ModuleNotFoundError("No module named 'grader.fleet.gone'", name="grader.fleet.gone"))


def test_grade_worker_whose_own_module_fails_to_import_says_so_not_that_rq_is_missing(monkeypatch):
    """Before: `Error: the fleet needs RQ and redis-py, which are not installed here: ...` (exit 1), with RQ
    installed, while a module of the grader's own failed to import (met while this session's matrix ran)."""
    import sys

    monkeypatch.setitem(sys.modules, "grader.fleet.worker", None)  # importing it raises ModuleNotFoundError
    result = CliRunner().invoke(main, ["worker", "redis://127.0.0.1:1/0"], env={"GRADE_FLEET_KEY": "k" * 64})
    assert "RQ and redis-py" not in result.output
    assert isinstance(result.exception, ModuleNotFoundError) and result.exception.name == "grader.fleet.worker"

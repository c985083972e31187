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


def test_github_classroom_clones_under_another_folder_name(tmp_path):
    folder = write(tmp_path / "repos", {"hw1-octocat/engine.py": ENGINE, "hw1-octocat/.git/HEAD": b"x",
                                        "hw1-alice/engine.py": ENGINE, "hw1-alice/.git/HEAD": b"x"})
    assert [(s.id, s.export["assignment"]) for s in load_folder(folder)] == [("alice", "hw1"), ("octocat", "hw1")]


@pytest.mark.parametrize("files", [
    {"hw1-octocat/engine.py": ENGINE, "hw1-alice/engine.py": ENGINE},  # no `.git`, no `-submissions` folder
    {"hw1-octocat/engine.py": ENGINE, "hw1-octocat/.git/HEAD": b"x"},  # one clone: no prefix to tell
    {"hw1-octocat/engine.py": ENGINE, "hw1-o_c/engine.py": ENGINE,  # `o_c` is no GitHub login
     "hw1-octocat/.git/HEAD": b"x", "hw1-o_c/.git/HEAD": b"x"},
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

"""LMS bulk exports as Canvas, Moodle, Blackboard and Gradescope write them (grader/load/exports.py): every
student one row, under the student's identity as the LMS names them, the latest attempt chosen and said, nothing
else's file graded as someone's engine. Each export here failed before session 24's fix (a student's helper or
README was a row of its own, graded as an engine or rejected; a Blackboard receipt was a row; every attempt was a
row; the Gradescope metadata was a rejected row and the students were `submission_101`)."""

import json
from pathlib import Path

from click.testing import CliRunner
from load_support import ENGINE, notebook, write

from grader.cli import main
from grader.load import load_folder
from grader.load.exports import read_gradescope_metadata

REFERENCE = (Path(__file__).resolve().parent.parent / "reference" / "engine.py").read_bytes()


def rows(folder):
    return [(s.id, s.kind, sorted(s.files), s.problem, s.export) for s in load_folder(folder)]


def test_a_canvas_export_is_one_row_per_student_their_files_together(tmp_path):
    folder = write(tmp_path / "canvas", {
        "smithjohn_12345_67890_engine.py": ENGINE,
        "doejane_LATE_22222_67891_engine-1.py": ENGINE,  # late, and renamed by Canvas on a resubmission
        "leeann_33333_67892_engine.py": ENGINE,
        "leeann_33333_67893_linalg.py": b"def dot(a, b):\n    return 0\n",
        "leeann_33333_67894_README.md": b"my notes",
        "kimbo_44444_67895_micrograd.ipynb": notebook(ENGINE.decode()),
        "parkmin_55555_67896_notes.pdf": b"%PDF-1.4",
    })
    assert rows(folder) == [
        ("doejane_22222", "file", ["engine.py"], None,
         {"lms": "canvas", "student": "doejane", "user_id": "22222", "files": ["doejane_LATE_22222_67891_engine-1.py"],
          "late": True, "said": "Canvas: graded the submitted files (late)"}),
        ("kimbo_44444", "notebook", ["engine.py"], None,
         {"lms": "canvas", "student": "kimbo", "user_id": "44444", "files": ["kimbo_44444_67895_micrograd.ipynb"],
          "late": False, "said": "Canvas: graded the submitted files"}),
        ("leeann_33333", "folder", ["engine.py", "linalg.py"], None,
         {"lms": "canvas", "student": "leeann", "user_id": "33333",
          "files": ["leeann_33333_67892_engine.py", "leeann_33333_67893_linalg.py", "leeann_33333_67894_README.md"],
          "late": False, "said": "Canvas: graded the submitted files"}),
        ("parkmin_55555", "file", [], "notes.pdf is a .pdf file; expected a folder, a .py file, a .ipynb notebook "
         "or a .zip of one of these",
         {"lms": "canvas", "student": "parkmin", "user_id": "55555", "files": ["parkmin_55555_67896_notes.pdf"],
          "late": False}),
        ("smithjohn_12345", "file", ["engine.py"], None,
         {"lms": "canvas", "student": "smithjohn", "user_id": "12345", "files": ["smithjohn_12345_67890_engine.py"],
          "late": False, "said": "Canvas: graded the submitted files"}),
    ]
    leeann = load_folder(folder)[2]
    assert (leeann.origins["engine.py"].file, Path(leeann.source).name) == ("engine.py",
                                                                          "leeann_33333_67892_engine.py")


def test_a_canvas_student_with_two_python_files_and_no_engine_is_rejected_naming_them(tmp_path):
    folder = write(tmp_path / "canvas", {"smithjohn_12345_67890_a.py": ENGINE, "smithjohn_12345_67891_b.py": ENGINE})
    [sub] = load_folder(folder)
    assert (sub.id, sub.problem) == (
        "smithjohn_12345", "no engine.py found in smithjohn_12345's files; expected engine.py, or a single .py or "
        ".ipynb file (found: a.py, b.py)")


def test_moodle_folders_and_flat_files_one_row_per_participant_online_text_left_or_said(tmp_path):
    folders = write(tmp_path / "moodle", {
        "John Smith_123456_assignsubmission_file_/engine.py": ENGINE,
        "Jane Doe_123457_assignsubmission_file_/hw1/engine.py": ENGINE,
        "Jane Doe_123457_assignsubmission_onlinetext_/onlinetext.html": b"<p>see my file</p>",
        "Ann Lee_123458_assignsubmission_onlinetext_/onlinetext.html": b"<p>class Value: ...</p>",
    })
    assert [(s.id, s.kind, sorted(s.files), s.problem) for s in load_folder(folders)] == [
        ("Ann Lee_123458", "folder", [], "Moodle's export holds only online text for Ann Lee "
         "(Ann Lee_123458_assignsubmission_onlinetext_), no file: online text is not graded; ask the student to "
         "submit engine.py as a file"),
        ("Jane Doe_123457", "folder", ["engine.py"], None),
        ("John Smith_123456", "folder", ["engine.py"], None),
    ]
    jane = load_folder(folders)[1]
    assert jane.export == {"lms": "moodle", "student": "Jane Doe", "user_id": "123457",
                           "files": ["Jane Doe_123457_assignsubmission_file_"],
                           "left_out": ["Jane Doe_123457_assignsubmission_onlinetext_"],
                           "said": "Moodle: graded the submitted files; Jane Doe_123457_assignsubmission_onlinetext_ "
                                   "left out"}
    assert jane.origins["engine.py"].file == "hw1/engine.py"
    flat = write(tmp_path / "flat", {
        "John Smith_123456_assignsubmission_file_engine.py": ENGINE,
        "John Smith_123456_assignsubmission_file_nn.py": b"from engine import Value\n",
        "Jane Doe_123457_assignsubmission_file_Engine.py": ENGINE,
    })
    assert [(s.id, sorted(s.files), s.problem) for s in load_folder(flat)] == [
        ("Jane Doe_123457", ["engine.py"], None), ("John Smith_123456", ["engine.py", "nn.py"], None)]


def test_blackboard_attempts_the_latest_with_a_file_is_graded_and_said_receipts_are_no_rows(tmp_path):
    folder = write(tmp_path / "bb", {
        "HW 1_jsmith_attempt_2026-12-01-10-00-00_engine.py": b"class Value: pass\n",
        "HW 1_jsmith_attempt_2026-12-01-10-00-00.txt": b"Name: John Smith (jsmith)\n",
        "HW 1_jsmith_attempt_2026-12-02-09-00-00_engine.py": ENGINE,
        "HW 1_jsmith_attempt_2026-12-02-09-00-00.txt": b"Name: John Smith (jsmith)\n",
        "HW 1_jsmith_attempt_2026-12-03-08-00-00.txt": b"Comments: sorry, forgot the file\n",
        "HW 1_adoe_attempt_2026-12-01-11-00-00_engine.py": ENGINE,
        "HW 1_adoe_attempt_2026-12-01-11-00-00.txt": b"Name: Ann Doe (adoe)\n",
        "HW 1_nofile_attempt_2026-12-01-12-00-00.txt": b"Name: No File (nofile)\n",
    })
    subs = load_folder(folder)
    assert [(s.id, s.files.get("engine.py"), s.problem) for s in subs] == [
        ("adoe", ENGINE, None),
        ("jsmith", ENGINE, None),
        ("nofile", None, "Blackboard's export holds only the receipts of nofile's attempts "
         "(HW 1_nofile_attempt_2026-12-01-12-00-00.txt), no file: the student submitted no file; ask the student to "
         "submit engine.py"),
    ]
    assert subs[1].export == {
        "lms": "blackboard", "student": "jsmith", "assignment": "HW 1",
        "attempts": ["2026-12-01-10-00-00", "2026-12-02-09-00-00", "2026-12-03-08-00-00"],
        "attempt": "2026-12-02-09-00-00",
        "files": ["HW 1_jsmith_attempt_2026-12-02-09-00-00.txt", "HW 1_jsmith_attempt_2026-12-02-09-00-00_engine.py"],
        "attempts_left_out": ["2026-12-01-10-00-00", "2026-12-03-08-00-00"],
        "said": "Blackboard: graded attempt 2026-12-02-09-00-00, the latest with a file of 3 (2026-12-01-10-00-00, "
                "2026-12-03-08-00-00 left out)"}
    assert (Path(subs[1].source).name, subs[1].origins["engine.py"].file) == (
        "HW 1_jsmith_attempt_2026-12-02-09-00-00_engine.py", "engine.py")


GRADESCOPE_METADATA = """\
submission_101:
  :submitters:
  - :name: John Smith
    :sid: '1001'
    :email: js@example.edu
  :created_at: 2026-12-01 10:00:00.000000000 -08:00
  :score: 0.0
submission_102:
  :submitters:
  - :name: "Ann O'Lee"
    :sid: '1002'
    :email: ann@example.edu
  - :name: Bo Park
    :sid:
    :email: bo@example.edu
  :created_at: 2026-12-01 11:00:00.000000000 -08:00
"""


def test_a_gradescope_export_rows_are_its_submitters_and_the_metadata_is_no_row(tmp_path):
    folder = write(tmp_path / "gs", {"submission_metadata.yml": GRADESCOPE_METADATA.encode(),
                                     "submission_101/engine.py": ENGINE, "submission_102/engine.py": ENGINE,
                                     "submission_103/hw/engine.py": ENGINE})
    assert [(s.id, s.kind, sorted(s.files), s.problem, s.export["said"]) for s in load_folder(folder)] == [
        ("ann@example.edu + bo@example.edu", "folder", ["engine.py"], None,
         "Gradescope: submission_102, submitted by Ann O'Lee, Bo Park"),
        ("js@example.edu", "folder", ["engine.py"], None, "Gradescope: submission_101, submitted by John Smith"),
        ("submission_103", "folder", ["engine.py"], None,
         "Gradescope: submission_103, whose submitters submission_metadata.yml does not name"),
    ]
    assert read_gradescope_metadata(folder / "submission_metadata.yml")["submission_102"] == [
        {"name": "Ann O'Lee", "sid": "1002", "email": "ann@example.edu"},
        {"name": "Bo Park", "sid": "", "email": "bo@example.edu"}]


def test_a_class_with_one_entry_not_named_by_the_scheme_is_not_regrouped(tmp_path):
    folder = write(tmp_path / "class", {"smithjohn_12345_67890_engine.py": ENGINE,
                                        "smithjohn_12345_67891_linalg.py": ENGINE, "alice.py": ENGINE})
    assert [(s.id, s.export) for s in load_folder(folder)] == [
        ("alice", None), ("smithjohn_12345_67890_engine", None), ("smithjohn_12345_67891_linalg", None)]


def test_grading_an_export_twice_gives_identical_rows_with_the_choice_in_them(tmp_path):
    folder = write(tmp_path / "bb", {
        "HW1_jsmith_attempt_2026-12-01-10-00-00_engine.py": b"class Value: pass\n",
        "HW1_jsmith_attempt_2026-12-02-09-00-00_engine.py": REFERENCE,
        "HW1_jsmith_attempt_2026-12-02-09-00-00.txt": b"Name: John Smith (jsmith)\n",
        "HW1_adoe_attempt_2026-12-01-11-00-00.txt": b"Name: Ann Doe (adoe)\n",
    })
    made = []
    for n in (1, 2):
        out = tmp_path / f"scores{n}.json"
        result = CliRunner().invoke(main, ["run", str(folder), "-e", "01-mul-backward", "--out", str(out),
                                           "--jobs", "2", "--cache-dir", str(tmp_path / "cache")])
        assert result.exit_code == 0, result.output
        assert ("Read as Blackboard's bulk export: 2 students, a row each; jsmith submitted several attempts: the "
                "latest with a file was graded (each row's `export` says what was read).") in result.output
        made.append(json.loads(out.read_text())["submissions"])
    assert made[0] == made[1]
    assert [(r["id"], r["status"], r["score"], r["source"], r["export"].get("said")) for r in made[0]] == [
        ("adoe", "rejected", 0.0, "HW1_adoe_attempt_2026-12-01-11-00-00.txt", None),
        ("jsmith", "graded", 14.0, "HW1_jsmith_attempt_2026-12-02-09-00-00_engine.py",
         "Blackboard: graded attempt 2026-12-02-09-00-00, the latest with a file of 2 (2026-12-01-10-00-00 left "
         "out)"),
    ]


def test_the_gradebook_csv_of_an_export_says_who_each_row_is_in_the_lms(tmp_path):
    from grader.report.gradebook import to_csv

    def row(sid, export):
        return {"id": sid, "status": "graded", "score": 1.0, "max_score": 2.0, "message": None, "source": "x",
                "export": export, "tests": [], "diagnosis": []}

    scores = {"exercise": "engine", "max_score": 2.0, "submissions": [
        row("smithjohn_12345", {"lms": "canvas", "student": "smithjohn", "user_id": "12345"}),
        row("=cmd_1", {"lms": "moodle", "student": "=cmd", "user_id": "1"}),
        row("jsmith", {"lms": "blackboard", "student": "jsmith"}),
        row("a@x.edu + b@x.edu", {"lms": "gradescope", "submission": "submission_1", "submitters": [
            {"name": "A", "sid": "1", "email": "a@x.edu"}, {"name": "B", "sid": "2", "email": "b@x.edu"}]}),
    ]}
    assert to_csv(scores).split("\r\n") == [
        "id,score,max_score,status,lms_student,lms_id",
        "smithjohn_12345,1,2,graded,smithjohn,12345",
        "'=cmd_1,1,2,graded,'=cmd,1",
        "jsmith,1,2,graded,jsmith,jsmith",
        'a@x.edu + b@x.edu,1,2,graded,"A, B","a@x.edu, b@x.edu"',
        "",
    ]
    for r in scores["submissions"]:
        del r["export"]
    assert to_csv(scores).split("\r\n")[0] == "id,score,max_score,status"


def test_an_export_still_zipped_is_rejected_saying_to_grade_it_as_a_class(tmp_path):
    from load_support import make_zip

    folder = tmp_path / "class"
    folder.mkdir()
    make_zip(folder / "submissions.zip", {"smithjohn_12345_67890_engine.py": ENGINE,
                                          "doejane_22222_67891_engine.py": ENGINE})
    write(folder, {"alice.py": ENGINE,  # and one unzipped, but inside the class as one entry
                   "HW1 export/John Smith_123456_assignsubmission_file_/engine.py": ENGINE,
                   "HW1 export/Jane Doe_123457_assignsubmission_file_/engine.py": ENGINE})
    assert [(s.id, s.problem) for s in load_folder(folder)] == [
        ("HW1 export", "HW1 export/ holds a whole class's bulk export from Moodle (found: "
         "Jane Doe_123457_assignsubmission_file_/, John Smith_123456_assignsubmission_file_/), not one student's "
         "work: grade it as a class folder of its own (unzipped, if it is a zip), which gives a row per student"),
        ("alice", None),
        ("submissions", "submissions.zip holds a whole class's bulk export from Canvas (found: "
         "doejane_22222_67891_engine.py, smithjohn_12345_67890_engine.py), not one student's work: grade it as a "
         "class folder of its own (unzipped, if it is a zip), which gives a row per student"),
    ]


def test_two_names_that_differ_only_in_their_unicode_form_are_one_id_and_the_second_says_why(tmp_path):
    composed, decomposed = "Jos\u00e9", "Jose\u0301"
    folder = write(tmp_path / "class", {f"{composed}.py": ENGINE, f"{decomposed}.py": ENGINE, "Bob.py": ENGINE,
                                        "bob.py": ENGINE})
    assert [(s.id, s.problem) for s in load_folder(folder)] == [
        ("Bob", None),  # a name in another case is another name: graded, each its row
        (decomposed, None),  # sorted first: 'e' before 'é'
        (f"{composed} ({composed}.py)",
         f"two entries have the id '{decomposed}', written in two Unicode forms: {composed}.py composed, and "
         f"{decomposed}.py decomposed (as macOS writes names), which look alike; only {decomposed}.py is graded as "
         f"'{decomposed}': rename or remove one and grade again"),
        ("bob", None),
    ]


def test_a_canvas_text_entry_has_no_file_id_and_stays_in_its_students_row(tmp_path):
    folder = write(tmp_path / "canvas", {"smithjohn_12345_67890_engine.py": ENGINE,
                                         "smithjohn_12345_text.html": b"<p>see my file</p>",
                                         "doejane_late_22222_text.html": b"<p>class Value: pass</p>"})
    assert [(s.id, sorted(s.files), s.problem) for s in load_folder(folder)] == [
        ("doejane_22222", [], "text.html is a .html file; expected a folder, a .py file, a .ipynb notebook or a .zip "
         "of one of these"),
        ("smithjohn_12345", ["engine.py"], None),
    ]


def test_blackboard_usernames_that_are_student_numbers_are_not_taken_for_canvas_ids(tmp_path):
    folder = write(tmp_path / "bb", {"HW1_20231234_attempt_2026-12-01-10-00-00_engine.py": ENGINE,
                                     "HW1_20231234_attempt_2026-12-01-10-00-00.txt": b"Name: A (20231234)\n",
                                     "HW1_20235678_attempt_2026-12-01-11-00-00_engine.py": ENGINE})
    assert [(s.id, s.export["lms"], s.export["attempt"]) for s in load_folder(folder)] == [
        ("20231234", "blackboard", "2026-12-01-10-00-00"), ("20235678", "blackboard", "2026-12-01-11-00-00")]

"""Session 24's seams between surfaces (bench/seams/fresh24.py, bench/seams/matrix.py --class fresh24; the earlier
classes' own are tests/test_seams.py, test_seams23.py, test_seamsleft23.py): the same submission gets the same row,
field by field (score, status, the message and its fields, each test's place and words, the diagnosis), from
`grade run`, `grade check`, `grade ci`, Gradescope, `grade serve` and the fleet.

Hole closed, its fixtures here failing before:
- Gradescope graded one uploaded file as the folder Gradescope keeps it in (`submission/`), where `grade run FILE`,
  `grade check FILE`, `grade ci FILE` and `grade serve`'s upload grade the file: a cp1251 file was refused as
  `submission/cp1251.py is not UTF-8 text ...` (the others: `cp1251.py ...`), `engine.py.txt` as `no engine.py
  found in submission/; ... (found: engine.py.txt)` (the others: `engine.py.txt is a .txt file; ...`), and the row's
  id was `submission` (the file's stem elsewhere). The one file uploaded is graded as that file now
  (grader/integrations/gradescope.submission_entry), a symbolic link apart (refused, as the folder's loader does).
"""

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from tests import test_seams as seams
from tests.test_seams23 import LIMITS, _bench, samples

pytestmark = pytest.mark.slow  # grades in the sandbox
fresh24 = _bench("fresh24")


def _run_one(entry, tmp_path, *extra):
    out = tmp_path / "one.json"
    out.unlink(missing_ok=True)
    result = CliRunner().invoke(main, ["run", str(entry), "-e", "engine", "-o", str(out), "--no-cache", "-q",
                                       *LIMITS, *extra])
    assert out.exists(), result.output
    (row,) = json.loads(out.read_text())["submissions"]
    return row


def _gradescope(entry, tmp_path):
    """(the row, results.json) of ENTRY uploaded alone to Gradescope."""
    row = seams._gradescope(entry, tmp_path)
    return row, json.loads((tmp_path / "autograder" / "results" / "results.json").read_text(encoding="utf-8"))


_ci = seams._ci


def _fields(row):
    """What must agree, field by field: the row's words and their fields, each test's, each finding's."""
    return {"id": row["id"], "status": row["status"], "score": row["score"], "message": row.get("message"),
            "message_data": row.get("message_data"),
            "tests": [(t["name"], t["status"], t["score"], t.get("file"), t.get("line"), t.get("cell"),
                       t.get("output")) for t in row.get("tests") or []],
            "diagnosis": row.get("diagnosis")}


REFUSED = {
    "cp1251.py": ("cp1251.py is not UTF-8 text (byte 0xc0 at offset 2); re-save it as UTF-8 and submit again",
                  "{file} is not UTF-8 text (byte {byte} at offset {offset}); re-save it as UTF-8 and submit again",
                  {"file": "cp1251.py", "byte": "0xc0", "offset": 2}),
    "engine.py.txt": ("engine.py.txt is a .txt file; expected a folder, a .py file, a .ipynb notebook or a .zip of "
                      "one of these",
                      "{file} is a {suffix} file; expected a folder, a .py file, a .ipynb notebook or a .zip of one of "
                      "these", {"file": "engine.py.txt", "suffix": ".txt"}),
    "homework.rar": ("homework.rar is a .rar file; expected a folder, a .py file, a .ipynb notebook or a .zip of one "
                     "of these: unpack it, or pack it again as a .zip",
                     "{file} is a {suffix} file; expected a folder, a .py file, a .ipynb notebook or a .zip of one of "
                     "these: unpack it, or pack it again as a .zip", {"file": "homework.rar", "suffix": ".rar"}),
}


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fresh24") / "class"
    fresh24.fresh_class(folder)
    return folder


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_one_file_uploaded_to_gradescope_is_refused_in_the_words_of_every_other_surface(fresh, tmp_path, name):
    """Before: `submission/cp1251.py is not UTF-8 text ...`, `no engine.py found in submission/; expected engine.py,
    or a single .py or .ipynb file (found: engine.py.txt)`, and the row's id `submission`."""
    text, template, params = REFUSED[name]
    entry = fresh / name
    row = _run_one(entry, tmp_path)
    scope, results = _gradescope(entry, tmp_path)
    assert (row["id"], row["status"], row["score"], row["message"]) == (Path(name).stem, "rejected", 0.0, text)
    assert row["message_data"] == {"id": template, "params": params, "text": text}
    assert _fields(scope) == _fields(row) == _fields(_ci(entry, tmp_path))
    assert results["output"] == f"Your submission could not be read, so nothing was run and it scores 0: {text}"
    assert (results["score"], results["extra_data"]["id"], results["extra_data"]["status"]) == (
        0.0, Path(name).stem, "rejected")


@pytest.mark.parametrize("name, score, place", [
    ("Upper.IPYNB", 59.0, ("Upper.IPYNB", 52, 1)),
    ("forged-place.py", 59.0, ("forged-place.py", 52, None)),
    ("Shout.ZIP", 60.0, (None, None, None)),
])
def test_one_file_uploaded_to_gradescope_gets_the_row_of_grade_run(fresh, tmp_path, name, score, place):
    """Its id is the file's (`submission` before) and every field the row of `grade run FILE`."""
    entry = fresh / name
    row = _run_one(entry, tmp_path)
    scope, results = _gradescope(entry, tmp_path)
    assert _fields(scope) == _fields(row)
    first = next(t for t in row["tests"] if t["status"] != "passed")
    assert (row["id"], row["score"], (first.get("file"), first.get("line"), first.get("cell"))) == (
        Path(name).stem, score, place)
    assert results["extra_data"]["id"] == Path(name).stem and results["score"] == score


def test_a_linked_file_uploaded_to_gradescope_is_refused_not_followed(tmp_path):
    """A linked repository may hold a symbolic link; `grade run LINK` follows the instructor's link, a student's
    folder refuses it: Gradescope's one linked file stays in its folder, and is refused."""
    from grader.integrations import gradescope

    target = tmp_path / "elsewhere.py"
    target.write_text(samples.engine(), encoding="utf-8")
    root = samples.gradescope_root(target, tmp_path / "autograder", "engine")
    (root / "submission" / "elsewhere.py").unlink()
    os.symlink(target, root / "submission" / "engine.py")
    assert gradescope.submission_entry(root / "submission") == root / "submission"
    results, batch = gradescope.autograde(root)
    (row,) = batch.scores["submissions"]
    assert (row["status"], row["score"], row["message"]) == (
        "rejected", 0.0, "submission/engine.py is a symbolic link, which is not followed; submit the file itself")


def test_gradescopes_submission_entry_is_the_one_file_uploaded(tmp_path):
    from grader.integrations import gradescope

    (tmp_path / "mine.py").write_text("")
    (tmp_path / ".DS_Store").write_bytes(b"")
    assert gradescope.submission_entry(tmp_path) == tmp_path / "mine.py"
    (tmp_path / "helpers.py").write_text("")
    assert gradescope.submission_entry(tmp_path) == tmp_path


def test_an_engine_that_reads_ci_variables_gets_the_same_row_under_ci(fresh, tmp_path):
    """tanh's slope is 1 - t where $CI or $GITHUB_ACTIONS is set: the sandbox hands the student's code no
    variable of the runner's, so `grade ci` under GitHub Actions' variables gives the row of `grade run`."""
    entry = fresh / "reads-env.py"
    env = {"CI": "true", "GITHUB_ACTIONS": "true"}
    row, under_ci = _run_one(entry, tmp_path), _ci(entry, tmp_path, env)
    assert row["score"] == 63.0 and _fields(under_ci) == _fields(row)


# what the engine raised, as a field of each test (docs/contract.md §4): its type, the file and line as the student
# has them; (test name, exception, file, line) of the first test not passed, on every surface
RAISED = {
    "helper-crash": ("engine/imports", "RuntimeError", "slopes.py", 1),
    "keyboard-interrupt.py": ("tanh/zero", "KeyboardInterrupt", "keyboard-interrupt.py", 52),
    "str-raises.py": ("tanh/zero", "Odd", "str-raises.py", 57),
    "recursion.py": ("exp/values", "RecursionError", "recursion.py", 56),
    "middle-raises.ipynb": ("engine/imports", "ZeroDivisionError", "middle-raises.ipynb", 1),
}


@pytest.mark.parametrize("name", sorted(RAISED))
def test_what_the_engine_raised_is_a_field_of_its_tests_on_every_surface(fresh, tmp_path, name):
    """Before: the type was only in the words (`raised RecursionError: ...`, `RuntimeError: ... (slopes.py, line
    1)`): no test of a row, a check, Gradescope's results.json or `grade serve`'s API carried it."""
    from grader.classroom.student_check import check
    from grader.sandbox import Limits

    entry = fresh / name
    extra = ["--one-submission"] if entry.is_dir() else []
    row = _run_one(entry, tmp_path, *extra)
    first = next(t for t in row["tests"] if t["status"] not in ("passed", "skipped"))
    assert (first["name"], first.get("exception"), first.get("file"), first.get("line")) == RAISED[name]
    raised = {t["name"]: t.get("exception") for t in row["tests"]}
    said = check(entry, "engine", limits=Limits(probe_seconds=1.0))
    assert {t["name"]: t.get("exception") for t in said.tests} == raised
    if not entry.is_dir():
        scope, results = _gradescope(entry, tmp_path)
        assert {t["name"]: t["extra_data"].get("exception") for t in results["tests"]} == raised
        assert _fields(scope) == _fields(row) == _fields(_ci(entry, tmp_path))


# The agreed row of every fresh shape (bench/seams/fresh24.py), as `grade run` gives it on the class and every
# surface of bench/seams/matrix.py gives it on the entry: id -> (status, score, the first test not passed, its
# exception, file, line, cell). Rejected and failed imports say why in `message` (REASONS).
AGREED = {
    "Shout": ("graded", 60.0, "tanh/two", None, None, None, None),
    "Upper": ("graded", 59.0, "tanh/zero", "AttributeError", "Upper.IPYNB", 52, 1),
    "bad-bytes": ("graded", 63.0, None, None, None, None, None),
    "caf\\xe9": ("graded", 60.0, "tanh/two", None, None, None, None),
    "cp1251": ("rejected", 0.0, None, None, None, None, None),
    "cut": ("rejected", 0.0, None, None, None, None, None),
    "down-one": ("graded", 60.0, "tanh/two", None, None, None, None),
    "empty-in-zip": ("graded", 0.0, "engine/imports", None, None, None, None),
    "engine.py": ("rejected", 0.0, None, None, None, None, None),
    "exec-tanh": ("graded", 59.0, "tanh/zero", "AttributeError", None, None, None),
    "flood-backward": ("graded", 63.0, None, None, None, None, None),
    "forged-place": ("graded", 59.0, "tanh/zero", "ValueError", "forged-place.py", 52, None),
    "helper-crash": ("graded", 0.0, "engine/imports", "RuntimeError", "slopes.py", 1, None),
    "homework": ("rejected", 0.0, None, None, None, None, None),
    "huge-message": ("graded", 59.0, "tanh/zero", "ValueError", "huge-message.py", 52, None),
    # session 41: the demo cell's `v.tanh()` raises in the engine's tanh (its typo `self.dat`) and stops the notebook
    # there; the engine above it is graded, its tanh tests failing (before: 0.0)
    "jupyter-lists": ("graded", 59.0, "engine/imports", "AttributeError", "jupyter-lists.ipynb", 52, 2),
    "keyboard-interrupt": ("graded", 59.0, "tanh/zero", "KeyboardInterrupt", "keyboard-interrupt.py", 52, None),
    "magics": ("graded", 63.0, None, None, None, None, None),
    # session 41: the cell that raises stops the notebook there, as Run All: the engine above it is graded, the cell
    # below that patches tanh is never run (before: 0.0)
    "middle-raises": ("graded", 63.0, "engine/imports", "ZeroDivisionError", "middle-raises.ipynb", 1, 2),
    "n" * 200: ("graded", 60.0, "tanh/two", None, None, None, None),
    "nan": ("graded", 59.0, "tanh/zero", None, None, None, None),
    "nbformat3": ("graded", 60.0, "tanh/two", None, None, None, None),
    # 62.0 before its loop at x > 4 showed at drawn inputs too (session 33: the pool's draws)
    "one-slow": ("graded", 62.0, "tanh/saturated", None, None, None, None),
    "reads-beside": ("graded", 0.0, "engine/imports", "FileNotFoundError", "engine.py", 4, None),
    "reads-env": ("graded", 63.0, None, None, None, None, None),
    "recursion": ("graded", 61.0, "exp/values", "RecursionError", "recursion.py", 56, None),
    "starter": ("graded", 2.0, "add/values", "NotImplementedError", "starter.py", 68, None),
    "str-raises": ("graded", 59.0, "tanh/zero", "Odd", "str-raises.py", 57, None),
    "traversal": ("rejected", 0.0, None, None, None, None, None),
    "two\nlines": ("graded", 59.0, "tanh/zero", "AttributeError", "two\nlines.py", 52, None),
    "two-engines": ("rejected", 0.0, None, None, None, None, None),
    "upper-ext": ("graded", 60.0, "tanh/two", None, None, None, None),
    "writes-beside": ("graded", 0.0, "engine/imports", "OSError", "writes-beside.py", 4, None),
    "zip-in-zip": ("graded", 63.0, None, None, None, None, None),  # rejected before session 28 (a zip's one zip)
}
REASONS = {
    "cp1251": REFUSED["cp1251.py"][0],
    "cut": "cut.zip is not a readable zip archive (File is not a zip file); zip the submission again",
    "empty-in-zip": "hw1/engine.py defines no class named `Value`",
    "engine.py": REFUSED["engine.py.txt"][0],
    "helper-crash": "RuntimeError: slopes not written yet (slopes.py, line 1)",
    "homework": REFUSED["homework.rar"][0],
    "reads-beside": "FileNotFoundError: [Errno 2] No such file or directory: '/sandbox/scale.txt' (engine.py, line 4)",
    "traversal": "traversal.zip: member '../engine.py' has a '..' in its path, which would unpack outside the archive; "
                 "it is not unpacked: zip the submission folder again",
    "two-engines": "no engine.py found in two-engines.zip; expected engine.py, or a single .py or .ipynb file (found: "
                   "hw1/, old/)",
    "writes-beside": "OSError: [Errno 30] Read-only file system: '/sandbox/log.txt' (writes-beside.py, line 4)",
}


def test_every_fresh_shape_gets_its_agreed_row(fresh, tmp_path):
    """The class of bench/seams/fresh24.py graded as a batch: each row as every surface agreed it (the matrix:
    0 disagreements but those its docstring expects), field by field."""
    out = tmp_path / "class.json"
    result = CliRunner().invoke(main, ["run", str(fresh), "-e", "engine", "-o", str(out), "--no-cache", "-q", *LIMITS])
    assert out.exists(), result.output
    rows = {row["id"]: row for row in json.loads(out.read_text())["submissions"]}
    said = {}
    for sid, row in rows.items():
        first = next((t for t in row["tests"] if t["status"] not in ("passed", "skipped")), {})
        said[sid] = (row["status"], row["score"], first.get("name"), first.get("exception"), first.get("file"),
                     first.get("line"), first.get("cell"))
    assert said == AGREED
    assert {sid: row["message"] for sid, row in rows.items() if row["message"]} == REASONS


def test_a_check_names_a_file_whose_name_is_not_utf8_as_its_row_does(fresh, tmp_path):
    """`grade check café.py` (the name in Latin-1 bytes) wrote the byte 0xe9 raw into its header (`Visible tests
    on caf\\xe9.py:` as bytes that are not UTF-8: the matrix's check-stu could not read it) where the row's
    `source` says `caf\\\\xe9.py`."""
    from grader.classroom.student_check import check
    from grader.sandbox import Limits

    entry = fresh / os.fsdecode(fresh24.NON_UTF8_NAME)
    row = _run_one(entry, tmp_path)
    said = check(entry, "engine", limits=Limits(probe_seconds=1.0))
    assert (row["id"], row["source"], said.checked) == ("caf\\xe9", "caf\\xe9.py", "caf\\xe9.py")
    assert "Visible tests on caf\\xe9.py:" in str(said)
    str(said).encode("utf-8")  # every character of it can be written

"""Session 44's one table (seam44): a fixed set of twenty submissions (bench/seams/fresh44.py: an engine of closures
that push, correct and with each classic mistake of shared/course.md that the diagnosis names, a crash at import, a
backward that never ends, a forbidden import, a notebook, a package whose helper module holds the bug, a zip, cp1252
declared and Latin-1 not, an empty folder) through every surface the README names, each grading the set once, and
each row compared field by field with `grade run`'s: score, status, each test's outcome, each test not passed with
its points, place, exception and words, each finding's fields (kind, variant or op, file, line, cell), the row's
message and its fields (a limit's among them): bench/seams/matrix.py's `differences`.

The surfaces: `grade run` on the class (the table below), `grade ENTRY` (run-one), `grade check` on the sandbox and
on the portable worker (a student's laptop), `grade ci --json-out`, Gradescope's autograder in process and the
bundle `grade gradescope` builds run as Gradescope runs it, a notebook's check() after Run All, the fleet (a
redis-server and one `grade worker`), a batch resumed from the observation cache, `grade serve` (its stored row,
its API's answer, its gradebook's cell and the score its LTI passback sends), the student wheel's `grade check`, and
the renderings of the scores file (CSV, JUnit, Gradescope). What a surface cannot give, and why,
is said where it is compared (DESIGNED, and the comments at each test); README's "Every surface, one row" says the
same. The student wheel's `grade check` (a venv installed from the built wheel, tests/test_distribution.py's) says
each entry's PASS/FAIL lines and score as the checkout's check does; the same rows' words in Russian and Chinese are
tests/test_seams30.py's kind (bench/seams/matrix.py's check-ru, lang-ru: measured, not kept here).

Measured with bench/seams/matrix.py --class fresh44 on run-one, check, check-ru, check-zh, check-portable, ci, ci-env,
gradescope, gs-schema, notebook, report, resume, lang-ru, lang-zh, serve and fleet, and the bundle: no row drifted
but the designed ones. What drifted was a field Gradescope's results.json did not carry at all: its findings and a
limit were text only (the output's words), where every other surface gives them as fields; now each shown finding's
fields are in the results' `extra_data.diagnosis`, and the limit a test or the row met in `extra_data.limit`
(grader/report/gradescope.py, from the record's own fields); serve's API gave no limit's fields (now `limit`, a
row's and each test's). Found and left: once, at a load of 17-22, the resumed batch's tanh-one-minus-t row was not
the fresh batch's (which field was not recorded); eight gradings of the set and its resumption since, at the same
load, gave the same rows: a starved timeout is the likely cause, not shown (the assertion now names the fields).
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from bundle_support import unpack_bundle
from click.testing import CliRunner
from costs import slow_fixture
from seams_support import (PROBE_SECONDS, assert_the_renderings_say_each_row, bench_seams, first_failing, fleet_drift,
                           graded_class, matrix, one_by_one, row_tables, serve_drift, served)

# the built wheels and a student's venv installed from the student wheel, made once a run (costs.made_once)
from test_distribution import student_install, wheels  # noqa: F401

from grader.cli import main
from grader.load import load_folder
from grader.report.gradescope import to_results_json
from grader.report.record import PLACE_FIELDS, finding_fields, limit_met

fresh44 = bench_seams("fresh44")

# id -> (status, score, the first test not passed, its exception, file, line, cell), as `grade run` writes it
AGREED = {
    "correct": ("graded", 63.0, None, None, None, None, None),
    "cp1252-log": ("graded", 61.0, "log/values", None, None, None, None),
    "crash-import": ("graded", 0.0, "engine/imports", "RuntimeError", "crash-import.py", 111, None),
    "direct-only": ("graded", 31.8333, "sub/constant", None, None, None, None),
    "empty": ("rejected", 0.0, None, None, None, None, None),
    "eq-not-plus": ("graded", 23.8334, "add/constant", None, None, None, None),
    "forbidden": ("graded", 62.0, "engine/from-scratch", None, "forbidden.py", 112, None),
    "grad-starts-one": ("graded", 3.0, "add/values", None, None, None, None),
    "latin1-bare": ("rejected", 0.0, None, None, None, None, None),
    "loops": ("timeout", 0.0, "add/values", None, None, None, None),
    "mul-self-data": ("graded", 16.5, "mul/values", None, None, None, None),
    "nb-tanh-input": ("graded", 60.0, "tanh/two", None, None, None, None),
    "neg-is-self": ("graded", 62.0, "neg/values", None, None, None, None),
    "no-seed": ("graded", 4.0, "add/values", None, None, None, None),
    "pkg-helper": ("graded", 61.0, "exp/values", None, None, None, None),
    "pow-no-minus-one": ("graded", 61.0, "pow/cube", None, None, None, None),
    "rsub-reversed": ("graded", 62.0, "sub/constant", None, None, None, None),
    "sub-as-add": ("graded", 61.0, "sub/values", None, None, None, None),
    "tanh-one-minus-t": ("graded", 60.0, "tanh/two", None, None, None, None),
    "zip-forwards": ("graded", 14.1667, "add/constant", None, None, None, None),
}
# id -> how many of its tests are (passed, failed, error, timeout, skipped): each test's outcome is compared surface
# by surface below (`differences`' "tests"); these are the row's own
OUTCOMES = {
    "correct": (52, 0, 0, 0, 0), "cp1252-log": (50, 2, 0, 0, 0), "crash-import": (0, 1, 0, 0, 51),
    "direct-only": (27, 25, 0, 0, 0), "empty": (0, 0, 0, 0, 0), "eq-not-plus": (21, 31, 0, 0, 0),
    "forbidden": (51, 1, 0, 0, 0), "grad-starts-one": (4, 48, 0, 0, 0), "latin1-bare": (0, 0, 0, 0, 0),
    "loops": (1, 0, 0, 50, 1), "mul-self-data": (12, 40, 0, 0, 0), "nb-tanh-input": (49, 3, 0, 0, 0),
    "neg-is-self": (51, 1, 0, 0, 0), "no-seed": (5, 47, 0, 0, 0), "pkg-helper": (50, 2, 0, 0, 0),
    "pow-no-minus-one": (50, 2, 0, 0, 0), "rsub-reversed": (51, 1, 0, 0, 0), "sub-as-add": (50, 2, 0, 0, 0),
    "tanh-one-minus-t": (49, 3, 0, 0, 0), "zip-forwards": (11, 41, 0, 0, 0),
}
# id -> (kind, variant or op, file, line) of each finding. direct-only's has no place: `for node in [self,
# *self._inputs]` is a walk the diagnosis names by its numbers, not by a line it can point at (docs/diagnosis.md)
FOUND = {
    "cp1252-log": [("variant", "log-output", "cp1252-log.py", 93)],  # the coding line and a comment above it
    "direct-only": [("variant", "direct-children-only", None, None)],
    "eq-not-plus": [("variant", "assign-not-accumulate-everywhere", "eq-not-plus.py", 25)],
    "grad-starts-one": [("variant", "grad-starts-one", "grad-starts-one.py", 9)],
    "mul-self-data": [("variant", "mul-self-data", "mul-self-data.py", 38)],
    "nb-tanh-input": [("variant", "tanh-input", "nb-tanh-input.ipynb", 6)],  # cell 6 (a Markdown cell counted)
    "neg-is-self": [("variant", "neg-self", "neg-is-self.py", 55)],
    "no-seed": [("variant", "no-seed", "no-seed.py", 95)],
    "pkg-helper": [("variant", "exp-input", "engine/slopes.py", 6)],  # the helper module's line, not the package's
    "pow-no-minus-one": [("variant", "pow-no-minus-one", "pow-no-minus-one.py", 50)],
    "rsub-reversed": [("variant", "rsub-order", "rsub-reversed.py", 57)],
    "sub-as-add": [("variant", "sub-as-add", "sub-as-add.py", 56)],
    "tanh-one-minus-t": [("variant", "tanh-one-minus-t", "tanh-one-minus-t.py", 74)],
    "zip-forwards": [("variant", "forward-order", "hw1/engine.py", 108)],  # the file's path inside the zip
}
LOOPING = ("3 probes in a row did not finish within 0.25 s each; the rest were not run: usually an infinite loop: in "
           "the walk of `backward()` (a graph with a cycle, or a walk with no set of visited nodes), in an operation "
           "such as `__add__`, or a `while` loop whose condition never changes; stop the loop")
SAID = {
    "crash-import": "RuntimeError: half-finished: relu comes next (crash-import.py, line 111)",
    "empty": "no engine.py found in empty/; expected engine.py, or a single .py or .ipynb file (it is empty)",
    "latin1-bare": "latin1-bare.py is not UTF-8 text (byte 0xe9 at offset 3); re-save it as UTF-8 and submit again",
    "loops": LOOPING,
}
# the limit the loop's row met, as fields (its message_data's params), and its first test's
LIMIT = {"limit": "time", "limit_value": PROBE_SECONDS, "limit_unit": "s"}

# Each surface that takes one submission, on every entry. What a surface gives otherwise, by design ({(id, surface):
# the summary's fields that differ}):
DESIGNED = {
    # a check judges the fixed inputs alone; the grade of record also judges inputs drawn from the instructor's
    # secret, where a forward walk's shared/diamond fails too (16.1667 checked, 14.1667 graded: docs/students.md)
    ("zip-forwards", "check"): ["fields", "score", "tests"],
    ("zip-forwards", "check-portable"): ["fields", "score", "tests"],
    # the portable worker's time limit is the wall clock's, and its words say so (grader/sandbox/portable.py)
    ("loops", "check-portable"): ["fields"],
    # Gradescope's upload is its folder `submission/`: an empty upload is refused under that name
    ("empty", "gradescope"): ["message", "message_data"],
}
SURFACES = ("run-one", "check", "ci", "gradescope", "check-portable")
# a notebook's check() reads the kernel's history: only a notebook has one (a .py or a folder is no notebook); its
# places are `this notebook` and the run number, by design, and not compared (matrix._comparable)
NOTEBOOKS = ("nb-tanh-input",)


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The set graded by `grade run` once: (work folder, {id: row}, {id: the entry's path})."""
    return graded_class(tmp_path_factory.mktemp("fresh44"), fresh44.fresh_class)


def test_every_row_is_its_agreed_row(graded):
    _, rows, _ = graded
    found = {sid: [f[:4] for f in findings] for sid, findings in FOUND.items()}
    assert row_tables(rows, with_cell=True) == (AGREED, found, SAID)
    assert {sid: tuple(sum(t["status"] == s for t in row["tests"])
                       for s in ("passed", "failed", "error", "timeout", "skipped"))
            for sid, row in rows.items()} == OUTCOMES
    assert rows["nb-tanh-input"]["diagnosis"][0]["cell"] == 6


def test_the_limit_a_row_met_is_said_as_fields(graded):
    """The loop's row and its first test say the limit they met as fields, not only in words."""
    _, rows, _ = graded
    assert limit_met(rows["loops"]["message_data"]) == LIMIT
    assert limit_met(first_failing(rows["loops"]["tests"])["output_message"]) == LIMIT


def test_each_one_submission_surface_says_every_row_as_grade_run_does(graded):
    """Every entry through each surface that takes one submission, each field compared (per-test outcomes among
    them); a check and a notebook's check() are compared with the row as its student may see it."""
    _, rows, _ = graded
    drift = one_by_one(graded, {**dict.fromkeys(SURFACES, sorted(rows)), "notebook": NOTEBOOKS})
    assert {key: sorted(diff) for key, diff in drift.items()} == DESIGNED


def test_the_fleet_makes_every_row_the_local_batchs(graded):
    """The whole set through a redis-server and one `grade worker`: each row byte for byte the local batch's."""
    assert fleet_drift(graded) == []


def test_a_resumed_batch_makes_every_row_the_fresh_batchs(graded):
    """The set graded after half of it was, from that batch's observation cache (an interrupted batch run again):
    each row byte for byte the fresh batch's, its places its own files' (tests/test_seams.py's cache seam)."""
    work, rows, _ = graded
    again = matrix.resumed(work, probe_seconds=PROBE_SECONDS)
    # each row that differs, with the fields of the summary that do (a row may differ in bytes alone: `row`)
    assert {sid: sorted(matrix.differences("resume", rows[sid], again[sid])) or ["row"]
            for sid in rows if again[sid] != rows[sid]} == {}


def test_grade_serve_says_every_upload_as_grade_run_does(graded):
    """Each file uploaded by a student of its own to `grade serve`: the stored row field by field, the gradebook's
    cell and the LTI passback's score (none for a rejected row), and the API's answer to the student: score, outcome,
    each test's outcome, place and limit, each finding's fields, the row's limit. The package and the empty folder
    are folders: an upload is one file, so they are not uploaded (a student zips a folder: zip-forwards)."""
    said = served(graded)
    assert serve_drift(graded, said) == {}
    _, rows, _ = graded
    api = {sid: row["api"] for sid, row in said.items()}
    assert {sid: (a["outcome"], a["score"]) for sid, a in api.items()} == {
        sid: (rows[sid]["status"], rows[sid]["score"]) for sid in api}
    assert {sid: [(t["name"], t["status"], *(t.get(k) for k in PLACE_FIELDS), t.get("limit")) for t in a["tests"]]
            for sid, a in api.items()} == {
        sid: [(t["name"], t["status"], *(t.get(k) for k in PLACE_FIELDS), limit_met(t.get("output_message")))
              for t in rows[sid]["tests"]] for sid in api}
    assert {sid: [finding_fields(d) for d in a["diagnosis"]] for sid, a in api.items()} == {
        sid: [finding_fields(d) for d in rows[sid]["diagnosis"]] for sid in api}
    assert {sid: a.get("limit") for sid, a in api.items() if a.get("limit")} == {"loops": LIMIT}


def test_the_renderings_say_each_rows_score_and_status(graded):
    """CSV, JUnit and Gradescope renderings of the scores file: one score and status a row. A gradebook's CSV and
    JUnit's testsuite carry no findings (a column per concept; a testcase per test, its failure's words): the
    findings' fields are the scores file's, `grade ci`'s JSON, a check's and Gradescope's extra_data."""
    assert_the_renderings_say_each_row(graded)


def _shown_findings(results):
    """Gradescope's results.json: the fields of each finding it carries, the top's and each test's."""
    fields = [(d["kind"], d.get("variant") or d.get("op"), d.get("file"), d.get("line"))
              for d in results["extra_data"].get("diagnosis", [])]
    for test in results["tests"]:
        fields += [(d["kind"], d.get("variant") or d.get("op"), d.get("file"), d.get("line"))
                   for d in test["extra_data"].get("diagnosis", [])]
    return fields


def test_gradescopes_results_carry_the_findings_and_the_limit_as_fields(graded):
    """Each row's results.json (what Gradescope keeps) carries the row's findings and the limit it met as fields,
    as every other surface does; before, they were the output's words alone."""
    _, rows, _ = graded
    said = {sid: to_results_json(row) for sid, row in rows.items()}
    assert {sid: _shown_findings(results) for sid, results in said.items() if _shown_findings(results)} == {
        sid: [f[:4] for f in findings] for sid, findings in FOUND.items()}
    assert said["loops"]["extra_data"]["limit"] == LIMIT
    first = next(t for t in said["loops"]["tests"] if t["name"] == first_failing(rows["loops"]["tests"])["name"])
    assert first["extra_data"]["limit"] == LIMIT
    assert {sid for sid, results in said.items() if "limit" in results["extra_data"]} == {"loops"}


# The bundle runs its own copy of the grader (the suite, the reference and the variants it carries), in a process
# of its own per upload as Gradescope runs it: three uploads, where a copy could differ from the checkout (a finding
# in a helper module, a notebook's cell, a limit's fields), not the twenty (each costs a Python start and the
# grader's imports: tests/integrations/test_gradescope.py runs it on the rest of its cases).
BUNDLED = ("pkg-helper", "nb-tanh-input", "loops")


@slow_fixture(scope="module")
def bundle(tmp_path_factory):
    out = tmp_path_factory.mktemp("bundle44") / "autograder.zip"
    result = CliRunner().invoke(main, ["gradescope", "engine", "-o", str(out), "--probe-timeout", str(PROBE_SECONDS)])
    assert result.exit_code == 0, result.output
    return out


def _run_bundle(bundle_zip, entry, root):
    """What Gradescope does with one upload: the bundle unpacked into ROOT/source, the upload into ROOT/submission,
    run_autograder run; its results.json."""
    source = unpack_bundle(bundle_zip, root) / "source"
    if entry.is_dir():
        shutil.copytree(entry, root / "submission", dirs_exist_ok=True)
    else:
        shutil.copy(entry, root / "submission" / entry.name)
    env = dict(os.environ, GRADE_AUTOGRADER_ROOT=str(root), GRADE_PYTHON=sys.executable,
               PYTHONPATH=str(source / "grader-src"))  # the bundle's copy of the grader, not this checkout's
    env.pop("GITHUB_STEP_SUMMARY", None)
    ran = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                         timeout=600)
    assert ran.returncode == 0, ran.stderr
    return json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))


def test_the_gradescope_bundle_says_each_row_as_grade_run_does(graded, bundle, tmp_path):
    """The results.json the bundle writes is the rendering of `grade run`'s row, word for word and field by field,
    but for what only the bundle knows (its run's seconds, its sandbox, its version and exercise)."""
    _, rows, entries = graded
    for sid in BUNDLED:
        results = _run_bundle(bundle, entries[sid], tmp_path / sid)
        results.pop("execution_time")
        for key in ("exercise", "grader_version", "sandbox", "max_score"):
            results["extra_data"].pop(key)
        # an upload of several files is Gradescope's folder `submission/`, whose name is the id (the one file uploaded
        # is graded as that file: grader/integrations/gradescope.submission_entry)
        row = dict(rows[sid], id="submission") if entries[sid].is_dir() else rows[sid]
        assert results == to_results_json(row), sid


@pytest.mark.parametrize("sid", ["pkg-helper"])
def test_the_helper_modules_line_is_the_one_every_surface_names(graded, sid):
    """The package's finding names its helper module's line, which holds the bug: the line's text."""
    _, rows, entries = graded
    (finding,) = rows[sid]["diagnosis"]
    text = (entries[sid] / finding["file"]).read_text(encoding="utf-8").splitlines()[finding["line"] - 1]
    assert text == "    return x"


@pytest.fixture
def written(tmp_path):
    """The set written, not graded: (work folder, {id: the entry's path}). The student install's test reads the entries
    alone, so that it shares no fixture with the module's graded set: it runs with the wheels' tests (one group of
    one worker, tests/costs.py), and the graded set's tests in another worker."""
    fresh44.fresh_class(tmp_path / "class")
    return tmp_path, {sub.id: Path(sub.source) for sub in load_folder(tmp_path / "class")}


def test_the_student_install_checks_every_entry_as_the_checkout_does(written, student_install, monkeypatch):
    """`grade check ENTRY` from the student wheel in a fresh venv (README's student install: no hidden suites, no
    reference, no bug variants), every entry: its PASS/FAIL/SKIP lines and its score line are the checkout's check's
    (bench/seams/matrix.py's check-stu). Its `why:` lines are not compared: without the variants, the wheel names a
    mistake from its lines, not by the variant the instructor's install names (README, "For students")."""
    monkeypatch.setenv("SEAMS_STUDENT_GRADE", str(student_install / "grade"))
    work, entries = written
    said = {sid: matrix.student_install_text(path, work) for sid, path in sorted(entries.items())}
    assert {sid: s["student"] for sid, s in said.items()} == {sid: s["checkout"] for sid, s in said.items()}
    assert all(s["checkout"] for s in said.values())  # each check said something: a line per test, or its refusal

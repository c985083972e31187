"""Session 33's seams: every status a row can have (bench/seams/fresh33.py: an engine of closures stamped with their
birth, each node's step replayed youngest first; one bug, two bugs, a crash at import, an import that never ends, a
syntax error, a notebook whose third cell raises, a folder with two engines, a Blackboard export still zipped, an
empty file, a file of blank lines, a huge file, Latin-1 with and without its coding line, a byte-order mark; a 09
tests file that does not compile), graded in one batch an exercise, and each row said by the surfaces that read it.

Measured with bench/seams/matrix.py --class fresh33 (SEAMS_EXERCISE engine, 07-mlp-xor, 09-write-tests; surfaces
run-one, check, check-ru, check-zh, ci, ci-env, gradescope, gs-schema, notebook, report, lang-ru, lang-zh, fleet on a
redis-server, serve): one seam found and closed. A 09 tests file that does not compile left the probe as its
SyntaxError, so every surface said "your tests on the reference engine (a correct engine): your engine raised
SyntaxError" of the student's test_engine.py, each catches/ test an `error` in those words, where a tests file that
raises when it runs is "your test file could not be run with the reference engine" and each catches/ test `failed`
"no credit until ..." (grader/suites/09-write-tests/probes.py compiles it inside the timed call now).
"""

import csv
import io
import json
import sys
from pathlib import Path

from click.testing import CliRunner
from costs import slow_fixture

from grader.cli import main
from grader.integrations import gradescope
from grader.integrations.ci import annotations, student_record
from grader.load import load_folder
from grader.report.record import Said
from grader.sandbox import Limits

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "seams"))
import fresh33  # noqa: E402
import samples  # noqa: E402

sys.path.pop(0)

PROBE = 0.5  # every probe of the stamped engine takes milliseconds; none of these rows loops in a probe
LIMITS = ["--probe-timeout", str(PROBE), "--import-timeout", "1"]

# id -> (status, score, the first test not passed, its exception, file, line, cell), as `grade run` writes it
AGREED = {
    "blackboard": ("rejected", 0.0, None, None, None, None, None),
    "blank-lines": ("graded", 0.0, "engine/imports", None, None, None, None),
    "bom": ("graded", 63.0, None, None, None, None, None),
    "empty": ("graded", 0.0, "engine/imports", None, None, None, None),
    "forwards": ("graded", 14.1667, "add/constant", None, None, None, None),  # shared/diamond at the drawn inputs
    "huge": ("rejected", 0.0, None, None, None, None, None),
    "latin1": ("graded", 63.0, None, None, None, None, None),
    "latin1-bare": ("rejected", 0.0, None, None, None, None, None),
    "mul-self": ("graded", 16.5, "mul/values", None, None, None, None),
    "no-seed": ("graded", 4.0, "add/values", None, None, None, None),
    # session 41: its third cell raises below the engine's: graded as Run All leaves it (before: 0.0)
    "tape-cell3": ("graded", 63.0, "engine/imports", "AttributeError", "tape-cell3.ipynb", 2, 3),
    "tape-crash": ("graded", 0.0, "engine/imports", "ValueError", "tape-crash.py", 73, None),
    "tape-good": ("graded", 63.0, None, None, None, None, None),
    "tape-sleeps": ("timeout", 0.0, "engine/imports", None, None, None, None),
    "tape-syntax": ("graded", 0.0, "engine/imports", "SyntaxError", "tape-syntax.py", 51, None),
    "tape-tanh": ("graded", 60.0, "tanh/two", None, None, None, None),
    "tape-two": ("graded", 59.0, "pow/cube", None, None, None, None),
    "two-engines": ("graded", 63.0, None, None, None, None, None),
}
# a student's check of some rows, in a language each (the rows it cannot grade, and one it grades)
CHECKED = {"tape-syntax": "ru", "tape-cell3": "zh", "huge": "ru", "latin1-bare": "zh", "blackboard": "ru",
           "tape-tanh": "zh"}
GRADESCOPE = ("tape-two", "latin1", "empty")  # uploaded to the bundle's autograder, one each
# a 09 tests file that raises as it runs, at its line 8 (session 34: its place as data, as a SyntaxError's)
NAME_ERROR = ("a tests file that raises NameError at its line 8", {
    "engine.py": fresh33.GOOD,
    "test_engine.py": fresh33.TESTS_WEAK + "\n\nCASES = [Value(1.0), Valeu(2.0)]\n"})


def _first(tests):
    return next((t for t in tests if t["status"] not in ("passed", "skipped")), {})


def _grade(folder, exercise, out):
    result = CliRunner().invoke(main, ["run", str(folder), "-e", exercise, "-o", str(out), "--no-cache", "-q",
                                       *LIMITS])
    assert out.exists(), result.output
    return json.loads(out.read_text())


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The engine class and a 09 class, each graded once; the engine rows' csv and Gradescope renderings, a
    student's check of some, Gradescope's autograder on others."""
    from grader.classroom.student_check import check

    work = tmp_path_factory.mktemp("fresh33")
    fresh33.fresh_class(work / "class", "engine")
    scores = _grade(work / "class", "engine", work / "scores.json")
    tests09 = {"tests-syntax": fresh33.CLASSES["09-write-tests"]["tests-syntax"], "tests-name": NAME_ERROR}
    fresh33.fresh30.write_class(work / "class09", tests09)
    scores09 = _grade(work / "class09", "09-write-tests", work / "scores09.json")
    scores09["subs"] = {sub.id: sub for sub in load_folder(work / "class09")}
    subs = {sub.id: sub for sub in load_folder(work / "class")}
    rendered = {}
    for fmt in ("csv", "gradescope"):
        result = CliRunner().invoke(main, ["report", str(work / "scores.json"), "--to", fmt])
        assert result.exit_code == 0, result.output
        rendered[fmt] = result.output
    checks = {sid: check(Path(subs[sid].source), "engine", limits=Limits(probe_seconds=PROBE), lang=lang)
              for sid, lang in CHECKED.items()}
    results = {}
    for sid in GRADESCOPE:
        root = samples.gradescope_root(Path(subs[sid].source), work / "gs" / sid, "engine", probe_seconds=PROBE)
        gradescope.autograde(root)
        results[sid] = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    return scores, scores09, subs, rendered, checks, results


def test_the_scores_file_gives_every_status_its_agreed_row(graded):
    scores, _, _, _, _, _ = graded
    got = {}
    for row in scores["submissions"]:
        first = _first(row["tests"])
        got[row["id"]] = (row["status"], row["score"], first.get("name"), first.get("exception"), first.get("file"),
                          first.get("line"), first.get("cell"))
        assert row["max_score"] == 63.0
        assert row["score"] == sum(t["score"] for t in row["tests"])
    assert got == AGREED
    rows = {row["id"]: row for row in scores["submissions"]}
    assert rows["huge"]["message"] == ("huge.py is too large (2.7 MiB; the limit is 1.0 MiB); remove outputs and data "
                                       "and submit again")
    assert rows["latin1-bare"]["message"] == ("latin1-bare.py is not UTF-8 text (byte 0xe9 at offset 9); re-save it as "
                                              "UTF-8 and submit again")
    assert rows["tape-sleeps"]["tests"][0]["output"] == (
        "tape-sleeps.py could not be used: importing tape-sleeps.py did not finish within 1 s. Every other test was "
        "skipped.")
    # the two bugs, each charged once on its own test, and diagnosed
    assert {d.get("variant") for d in rows["tape-two"]["diagnosis"]} >= {"pow-no-minus-one", "exp-input"}


def test_the_gradebook_and_gradescope_renderings_are_the_rows(graded):
    scores, _, _, rendered, _, _ = graded
    rows = {row["id"]: row for row in scores["submissions"]}
    table = {r["id"]: (float(r["score"]), r["status"]) for r in csv.DictReader(io.StringIO(rendered["csv"]))}
    assert table == {sid: (row["score"], row["status"]) for sid, row in rows.items()}
    said = json.loads(rendered["gradescope"])  # {id: results.json}
    assert {sid: r["score"] for sid, r in said.items()} == {sid: row["score"] for sid, row in rows.items()}
    # a row it cannot grade: its words, the row's message
    for sid in ("blackboard", "huge", "latin1-bare"):
        assert said[sid]["output"] == ("Your submission could not be read, so nothing was run and it scores 0: "
                                       + rows[sid]["message"]), sid


def test_a_students_check_says_the_row_in_its_language(graded):
    scores, _, _, _, checks, _ = graded
    rows = {row["id"]: row for row in scores["submissions"]}
    for sid, result in checks.items():
        row, lang = rows[sid], CHECKED[sid]
        if row["status"] == "rejected":
            # a row the check cannot grade: refused in the language, the row's message said there (never English)
            assert result.rejected is not None, sid
            assert row["message"] not in str(result), sid
            assert Said(lang).message(row).splitlines()[0] in str(result), sid
            continue
        shown = student_record(row)
        assert (result.points, result.max_points) == (shown["score"], shown["max_score"]), sid
        fields = ("name", "status", "file", "line", "cell", "exception")
        assert [{k: (t.get("where") or t).get(k) if k in ("file", "line", "cell") else t.get(k) for k in fields}
                for t in result.tests] == [{k: t.get(k) for k in fields} for t in shown["tests"]], sid
        wrong = _first(shown["tests"])
        line = Said(lang).output(wrong).splitlines()[0]
        assert line in str(result) and line != wrong["output"].splitlines()[0], sid


def test_gradescopes_results_are_the_rows(graded):
    scores, _, _, _, _, results = graded
    rows = {row["id"]: row for row in scores["submissions"]}
    for sid, written in results.items():
        row = rows[sid]
        assert written["score"] == row["score"], sid
        assert [(t["name"], t["score"]) for t in written["tests"]] == [(t["name"], t["score"]) for t in row["tests"]]


def test_grade_ci_annotates_the_line_each_row_names(graded, monkeypatch):
    scores, _, subs, _, _, _ = graded
    monkeypatch.chdir(Path(subs["tape-syntax"].source).parent)  # the workflow's folder, outside any repository
    rows = {row["id"]: row for row in scores["submissions"]}
    said = {sid: annotations(rows[sid], subs[sid])[0].split("::")[1] for sid in ("tape-syntax", "tape-crash")}
    assert said == {"tape-syntax": "error file=tape-syntax.py,line=51,title=engine/imports%3A failed (0 / 0)",
                    "tape-crash": "error file=tape-crash.py,line=73,title=engine/imports%3A failed (0 / 0)"}


def test_a_09_tests_file_that_does_not_compile_could_not_be_run(graded):
    """Before: its SyntaxError left the probe, and every surface said `your engine raised SyntaxError` of the
    student's test_engine.py, each catches/ test an error in the same words."""
    _, scores09, _, _, _, _ = graded
    row = next(row for row in scores09["submissions"] if row["id"] == "tests-syntax")
    tests = {t["name"]: t for t in row["tests"]}
    assert (row["status"], row["score"]) == ("graded", 0.0)
    assert (tests["reference/passes"]["status"], tests["reference/passes"]["output"]) == (
        "failed", "your test file could not be run with the reference engine: SyntaxError: expected ':' "
        "(test_engine.py, line 4). A test must pass on a correct engine before failing on a buggy one counts.")
    catches = {t["status"]: t["output"] for name, t in tests.items() if name.startswith("catches/")}
    assert catches == {"failed": "no credit until your tests pass on the reference engine (see reference/passes)"}


def test_a_09_tests_files_place_is_data_that_ci_and_the_feedback_point_at(graded, monkeypatch):
    """Session 34: the place of a tests file that could not be run travels as the test's file and line (before: in
    its words only, so `grade ci` annotated no file and a feedback page pointed nowhere), from any working folder."""
    from grader.report import submission_markdown

    _, scores09, _, _, _, _ = graded
    rows, subs = {row["id"]: row for row in scores09["submissions"]}, scores09["subs"]
    passes = {sid: next(t for t in row["tests"] if t["name"] == "reference/passes") for sid, row in rows.items()}
    assert {sid: (t["status"], t.get("file"), t.get("line"), t["output"].partition(". A test")[0])
            for sid, t in passes.items()} == {
        "tests-syntax": ("failed", "test_engine.py", 4, "your test file could not be run with the reference engine: "
                         "SyntaxError: expected ':' (test_engine.py, line 4)"),
        "tests-name": ("failed", "test_engine.py", 8, "your test file could not be run with the reference engine: "
                       "NameError: name 'Valeu' is not defined"),
    }
    monkeypatch.chdir(Path(subs["tests-syntax"].source).parent.parent)  # neither the repository nor the folder
    said = {sid: [line for line in annotations(rows[sid], subs[sid]) if "title=reference/passes" in line]
            for sid in rows}
    assert {sid: [line.split("::")[1] for line in lines] for sid, lines in said.items()} == {
        "tests-syntax": ["error file=test_engine.py,line=4,title=reference/passes%3A failed (0 / 0)"],
        "tests-name": ["error file=test_engine.py,line=8,title=reference/passes%3A failed (0 / 0)"]}
    assert "### reference/passes: failed (0 / 0)\n\nIn test\\_engine.py, line 8.\n" in submission_markdown(rows["tests-name"])

"""Session 30's seams: honest students of six exercises (bench/seams/fresh30.py: 03, 04, 05, 07, 08, 11), each
class graded once per surface, and every surface says the row `grade run` writes (score, max, status, the first
test not passed, its words and the place it names), in English, Russian and Chinese.

Measured with bench/seams/matrix.py --class fresh30 (SEAMS_EXERCISE=each of the six; surfaces run-one, check,
check-ru, check-zh, check-portable, check-stu from the student wheel in a fresh venv, ci, ci-env, gradescope,
gs-schema, notebook, report, lang-ru, lang-zh, serve, fleet on a redis-server): 0 disagreements but the one
documented (check-portable says a timeout is measured by the wall clock). This module keeps the cheap surfaces of
that matrix as a test: `grade run` (the scores file), a student's check in each language and Gradescope's
results.json; the fleet, `grade serve` and the student wheel have their own (tests/test_fleet.py,
tests/serve/test_same_row.py, tests/test_distribution.py).
"""

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from costs import slow_fixture

from grader.cli import main
from grader.integrations.ci import student_record
from grader.report.record import Said
from grader.sandbox import Limits

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "seams"))
import fresh30  # noqa: E402
import samples  # noqa: E402

sys.path.pop(0)

# a probe is cut at 0.5 s of CPU (07's training probes take 0.1 to 0.2 s: at 0.1 bias-kept times out), 05's at 0.2 s
# (every probe of its honest rows passes at 0.05): `spins` (backward never ends) costs three probes a surface, then
# the rest is not run (at 0.5 s: 4.5 s of CPU over the three surfaces, which getrusage does not see)
PROBE = {"03-tanh": 0.5, "04-more-ops": 0.5, "05-backward": 0.2, "07-mlp-xor": 0.5, "08-dual-numbers": 0.5,
         "11-fit-line": 0.5}
LANGS = {"03-tanh": "en", "04-more-ops": "ru", "05-backward": "zh", "07-mlp-xor": "en", "08-dual-numbers": "ru",
         "11-fit-line": "zh"}  # a student's check of each class, in its course's language

# id -> (status, score, max, the first test not passed, its exception, file, line, cell), as `grade run` writes it
AGREED = {
    "03-tanh": {
        "doejane_4242_1234567_hw3": ("graded", 10.5, 17.0, "tanh/two", None, None, None, None),
        "nb-tanh-by-exp": ("graded", 17.0, 17.0, None, None, None, None, None),
        "syntax": ("graded", 0.0, 17.0, "engine/imports", "SyntaxError", "syntax.py", 51, None),
    },
    "04-more-ops": {
        "crash": ("graded", 0.0, 30.0, "engine/imports", "RuntimeError", "crash.py", 85, None),
        "my_engine_v2": ("graded", 26.0, 30.0, "pow/cube", None, None, None, None),
        "two-files": ("graded", 30.0, 30.0, None, None, None, None, None),
    },
    "05-backward": {
        "forwards": ("graded", 6.0, 25.0, "seed/out-grad-is-one", None, None, None, None),
        # a recursive sort on the 10,000-deep chain: the suite's structural point, said in words (docs/contract.md),
        # and since strangers31 (877ba72) as fields too: the RecursionError, at the first line of the recursive
        # post-order's body, where Python 3.11 raises it on entering one frame too many
        "recursive": ("graded", 22.0, 25.0, "deep/10000-chain", "RecursionError", "recursive.py", 67, None),
        "spins": ("timeout", 0.0, 25.0, "seed/out-grad-is-one", None, None, None, None),
    },
    "07-mlp-xor": {
        "bias-kept": ("graded", 22.0, 24.0, "parameters/zero-grad", None, None, None, None),
        "mlp-folder": ("graded", 24.0, 24.0, None, None, None, None, None),
    },
    "08-dual-numbers": {
        "dual-eps2": ("graded", 4.0, 20.0, "rule/product", None, None, None, None),
        "dual-table": ("graded", 20.0, 20.0, None, None, None, None, None),
    },
    "11-fit-line": {
        "fit-stale": ("graded", 4.0, 13.0, "step/first", None, None, None, None),
        "fit-together": ("graded", 13.0, 13.0, None, None, None, None, None),
    },
}
CONTRACT_ROW = {"id", "status", "score", "max_score", "tests"}
CONTRACT_TEST = {"name", "status", "score", "max_score", "visibility", "output"}


def _first(tests):
    return next((t for t in tests if t["status"] not in ("passed", "skipped")), {})


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """Each exercise's class written and graded once per surface: {exercise: (entries, rows, checks, results)}."""
    from grader.classroom.student_check import check
    from grader.integrations import gradescope
    from grader.load import load_folder

    work = tmp_path_factory.mktemp("fresh30")
    said = {}
    for exercise in AGREED:
        folder = work / exercise / "class"
        fresh30.fresh_class(folder, exercise)
        probe = PROBE[exercise]
        out = work / exercise / "scores.json"
        result = CliRunner().invoke(main, ["run", str(folder), "-e", exercise, "-o", str(out), "--no-cache", "-q",
                                           "--probe-timeout", str(probe), "--import-timeout", "2"])
        assert out.exists(), result.output
        scores = json.loads(out.read_text())
        rows = {row["id"]: row for row in scores["submissions"]}
        entries = {sub.id: Path(sub.source) for sub in load_folder(folder)}
        checks = {sid: check(path, exercise, limits=Limits(probe_seconds=probe), lang=LANGS[exercise])
                  for sid, path in entries.items()}
        results = {}
        for sid, path in entries.items():
            root = samples.gradescope_root(path, work / exercise / "gs" / sid, exercise, probe_seconds=probe)
            gradescope.autograde(root)
            results[sid] = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
        said[exercise] = (scores, rows, checks, results)
    return said


@pytest.mark.parametrize("exercise", sorted(AGREED))
def test_the_scores_file_gives_each_fresh_student_the_agreed_row(graded, exercise):
    scores, rows, _, _ = graded[exercise]
    got = {}
    for sid, row in rows.items():
        first = _first(row["tests"])
        got[sid] = (row["status"], row["score"], row["max_score"], first.get("name"), first.get("exception"),
                    first.get("file"), first.get("line"), first.get("cell"))
    assert got == AGREED[exercise]
    # the contract's fields (shared/contract.md §4), in the file and in every row and test
    assert (scores["exercise"], scores["max_score"]) == (exercise, next(iter(rows.values()))["max_score"])
    for row in rows.values():
        assert CONTRACT_ROW <= set(row)
        assert all(CONTRACT_TEST <= set(t) for t in row["tests"])
        assert row["score"] == sum(t["score"] for t in row["tests"])


@pytest.mark.parametrize("exercise", sorted(AGREED))
def test_a_students_check_says_the_rows_visible_tests_in_the_courses_language(graded, exercise):
    """The check's points, statuses, places and exception types are the row's as its student may see it; its
    words are the row's, said in the check's language where it is printed (grader.report.record.Said)."""
    _, rows, checks, _ = graded[exercise]
    lang = LANGS[exercise]
    say = Said(lang)
    for sid, result in checks.items():
        shown = student_record(rows[sid])
        assert result.rejected is None
        assert result.lang == lang
        assert (result.points, result.max_points) == (shown["score"], shown["max_score"]), sid
        fields = ("name", "status", "file", "line", "cell", "exception")
        assert [{k: (t.get("where") or t).get(k) if k in ("file", "line", "cell") else t.get(k) for k in fields}
                for t in result.tests] == [{k: t.get(k) for k in fields} for t in shown["tests"]], sid
        # the result keeps the row's words as data; it says them in its language where a person reads it
        assert [t["output"] for t in result.tests] == [t["output"] for t in shown["tests"]], sid
        wrong = _first(shown["tests"])
        if wrong:
            line = say.output(wrong).splitlines()[0]
            assert line in str(result), sid
            assert (line == wrong["output"].splitlines()[0]) == (lang == "en"), (sid, "not said in", lang)


@pytest.mark.parametrize("exercise", sorted(AGREED))
def test_gradescopes_results_are_the_rows(graded, exercise):
    _, rows, _, results = graded[exercise]
    for sid, written in results.items():
        row = rows[sid]
        assert written["score"] == row["score"], sid
        assert sum(t["max_score"] for t in written["tests"]) == row["max_score"], sid
        by_name = {t["name"]: t for t in row["tests"]}
        assert [(t["name"], t["score"], t["max_score"], t["extra_data"]["status"]) for t in written["tests"]] == [
            (name, t["score"], t["max_score"], t["status"]) for name, t in by_name.items()], sid
        first = _first(row["tests"])
        if first:
            (said,) = [t for t in written["tests"] if t["name"] == first["name"]]
            # Gradescope's statuses are passed and failed: ours opens the words (docs/gradescope.md)
            prefix = "" if first["status"] == "failed" else f"[{first['status']}] "
            assert said["output"].splitlines()[0] == prefix + first["output"].splitlines()[0], sid

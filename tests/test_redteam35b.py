"""Session 35's second red team: harvesting the drawn inputs from feedback (docs/security.md, "Harvesting the draws
from feedback").

The grade of record observes each probe again at inputs drawn from a pool of 16 a probe, under a secret no student
reads (judge/drawn.py). Until this session a test that failed only there showed the draw's numbers ("expected
-1.086, got 2.633"), and what the engine raised there. A harvester, right at the published inputs, put its drawn
inputs into what feedback shows: the value it gives (`got` is the drawn a, `expected` is a + b there: both leaves) and
an exception's text (every drawn leaf of the run so far, 2,000 characters a test), so that one submission showed
every drawn input of its run and about 50 submissions a table of the engine suite's whole pool (bench/harvest_draws.py:
a table's expected score 25.0 after 10 submissions, 59.0 after 50). Now such a failure names the case, the node and
the kind in the grader's words alone (judge/cross_check._drawn_outcome): 4.8 after 10, 19.4 after 50.

The harvester is graded beside its twin (the same engine without the trick, 63/63)."""

import json
import re
from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap

from grader.i18n import Message, msg
from grader.judge.cross_check import _drawn_outcome
from grader.pipeline import grade
from grader.report.html_feedback import submission_html
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")

HARVEST = r'''

# The harvester: from the first input drawn on (the drawn probes run after every published one), it puts its inputs
# into what the feedback shows.
import sys as _sys

_SEEN = []
_init = Value.__init__


def _recording(self, data, parents=(), label=""):
    if not parents and "drawn_inputs" in _sys._getframe(1).f_code.co_filename:
        _SEEN.append(data)  # a leaf the grader drew: every one of the run, across its probes
    _init(self, data, parents, label)


_add, _tanh = Value.__add__, Value.tanh


def _echo(self, rhs):
    res = _add(self, rhs)
    if _SEEN:
        res.data = self.data  # `got` is the drawn a, and `expected` a + b there
    return res


def _raise(self):
    if _SEEN:
        raise ValueError("LEAK " + " ".join(map(repr, _SEEN)))
    return _tanh(self)


Value.__init__, Value.__add__, Value.tanh = _recording, _echo, _raise
'''

ENTRIES = {"harvest": CORRECT + HARVEST, "twin": CORRECT}
HINT = "try your engine at inputs of your own near these"
DRAWN = "at other inputs, drawn for this grade: "


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    work = tmp_path_factory.mktemp("redteam35b")
    folder = work / "class"
    folder.mkdir()
    for name, text in ENTRIES.items():
        (folder / f"{name}.py").write_text(text, encoding="utf-8")
    graded = grade(folder, limits=Limits(probe_seconds=2, import_seconds=5, submission_seconds=30), jobs=2,
                   cache_dir=work / "cache")
    return {row["id"]: row for row in graded.scores["submissions"]}


def _drawn_failures(row):
    return [t for t in row["tests"] if t["status"] != "passed" and t["output"].startswith(DRAWN)]


def _test(row, name):
    return next(t for t in row["tests"] if t["name"] == name)


@needs_bwrap
def test_the_harvester_loses_at_the_draw_what_it_gets_wrong_there_and_its_twin_scores_full(rows):
    assert {sid: (row["status"], row["score"]) for sid, row in rows.items()} == {
        "harvest": ("graded", 17.1667), "twin": ("graded", 63.0)}
    # every test whose drawn probes add or take a tanh (the harvester's two ops) is lost there, and only there
    assert len(_drawn_failures(rows["harvest"])) == 38
    assert {t["name"] for t in rows["harvest"]["tests"] if t["status"] != "passed"} == {
        t["name"] for t in _drawn_failures(rows["harvest"])}


@needs_bwrap
def test_a_failure_at_the_draw_shows_no_number_text_type_or_line_of_the_engines(rows):
    """Got through: `add/values` said "expected -1.086, got 2.633" (the drawn b and a), `tanh/negative` said "raised
    ValueError: LEAK 2.633 -4.06 ..." (every drawn leaf so far). Now each names the case at its published inputs,
    the node that differs and the kind; the only digits left are the published inputs' (the expression's words)."""
    harvest = rows["harvest"]
    assert _test(harvest, "add/values")["output"] == (
        DRAWN + "y for y = a + b at a = 2, b = -3 is wrong there, though right at the inputs shown; the draw's "
        "numbers are kept secret: " + HINT)
    assert _test(harvest, "tanh/negative")["output"] == (
        DRAWN + "y = tanh(x) * 2 at x = -0.5: your engine raised an exception or stopped there, though not at the "
        "inputs shown; what it raised is not shown: " + HINT)
    for t in _drawn_failures(harvest):
        failure = t["output_message"]["params"]["failure"]
        expression = failure["params"]["expression"]["text"]
        node = failure["params"].get("node", "")
        node = node["text"] if isinstance(node, dict) else node
        assert "LEAK" not in t["output"] and t.get("exception") is None and t.get("where") is None, t["name"]
        assert set(failure["params"]) <= {"node", "expression"}, t["name"]
        # every digit shown is the published inputs' or a node's name (the reference's key, `a + 5`): none is left
        # once the expression's words and the node's are taken out
        assert not re.search(r"\d", t["output"].replace(expression, "").replace(node, "")), t["output"]


@needs_bwrap
@pytest.mark.parametrize("lang", ["en", "ru", "zh"])
def test_the_feedback_page_shows_none_of_the_harvested_text(rows, lang):
    page = submission_html(rows["harvest"], lang=lang)
    assert "LEAK" not in page and "ValueError" not in page


def _grading(status, **detail):
    return {"status": status, "earned": 0.0, "output_message": None, "detail": detail}


FIXED = {"name": "t", "status": "passed", "earned": 1.0, "points": 1.0}
EXPRESSION = Message("y = tanh(x) at x = 5").to_json()


@pytest.mark.parametrize("grading, words", [
    (_grading("timeout", expression=EXPRESSION, got="timed out after 2 s at x = 5.81"),
     "y = tanh(x) at x = 5: your engine did not finish there, though it did at the inputs shown: " + HINT),
    (_grading("failed", expression=EXPRESSION, got="reported an observation that its probe does not make"),
     "y = tanh(x) at x = 5: your engine's answer is wrong there, though right at the inputs shown; the draw's "
     "numbers are kept secret: " + HINT),
    (_grading("failed", expected=0.99, got=0.5), "this test fails there, though it passes at its own inputs; the "
     "draw's numbers are kept secret: try your engine at inputs of your own"),
])
def test_each_kind_of_drawn_failure_is_said_in_the_graders_words(grading, words):
    outcome = _drawn_outcome({**FIXED, "exception": "OverflowError"}, grading)
    assert outcome["output"] == DRAWN + words
    assert "exception" not in outcome and outcome["where"] is None
    assert "got" not in (outcome.get("detail") or {}) and "expected" not in (outcome.get("detail") or {})


def test_the_graders_own_error_at_the_draw_still_says_so():
    said = msg("internal grader error in this test ({exception}); tell your instructor", exception="KeyError")
    outcome = _drawn_outcome(FIXED, {"status": "error", "earned": 0.0, "output_message": said.to_json()})
    assert outcome["output"] == DRAWN + "internal grader error in this test (KeyError); tell your instructor"


PRINTS = r'''

import sys as _sys

_init = Value.__init__


def _printing(self, data, parents=(), label=""):
    if not parents and "drawn_inputs" in _sys._getframe(1).f_code.co_filename:
        print("DRAWN", repr(data))  # a leaf the grader drew
    _init(self, data, parents, label)


Value.__init__ = _printing
'''


@needs_bwrap
@pytest.mark.parametrize("visibility", ["visible", "hidden"])
def test_gradescope_shows_students_no_output_printed_at_the_draw(tmp_path, visibility):
    """Got through: a Gradescope bundle built with `--stdout-visibility visible` echoed what the submission printed,
    the drawn pass's prints included: an engine printing each leaf it is built from showed every drawn input of its
    run (63/63 besides). Now, where students see that output and the run drew, it is left out, said so with its
    length; where only the instructor sees it (`hidden`, the default), it is shown as before."""
    from click.testing import CliRunner

    from grader.cli.gradescope import gradescope_run_command
    from grader.integrations import gradescope

    root = tmp_path / "autograder"
    for sub in ("source", "submission", "results"):
        (root / sub).mkdir(parents=True)
    config = {"exercise": "engine", "limits": Limits(probe_seconds=2, import_seconds=5, submission_seconds=30).__dict__,
              "require_sandbox": False, "stdout_visibility": visibility}
    (root / "source" / gradescope.CONFIG).write_text(json.dumps(config), encoding="utf-8")
    (root / "submission" / "engine.py").write_text(CORRECT + PRINTS, encoding="utf-8")
    result = CliRunner().invoke(gradescope_run_command, ["--root", str(root)])
    assert result.exit_code == 0, result.output
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert (results["score"], results["stdout_visibility"]) == (63.0, visibility)
    if visibility == "visible":
        assert "DRAWN" not in result.output
        assert re.search(r"--- what the submission printed \(\d+ characters\) is not shown: students may see this "
                         r"output, and it would show the inputs drawn for the grade ---", result.output)
    else:
        assert "--- what the submission printed (control characters shown as escapes) ---" in result.output
        assert result.output.count("DRAWN ") > 100


@needs_bwrap
@pytest.mark.slow
def test_grade_serve_shows_the_harvester_no_drawn_number(tmp_path):
    """The same harvester uploaded to a course of `grade serve` (its pool worker, its JSON and its feedback page):
    before, its result showed the draw's numbers and every drawn leaf in tanh's exception; now the grader's words."""
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app
    from grader.serve.course import write_new
    from grader.serve.grading import Worker

    folder = tmp_path / "course"
    write_new(folder, ["mallory"], ["engine"])
    app = create_app(folder, start_pool=False)
    with TestClient(app) as client:
        headers = {"Authorization": f"Bearer {app.state.service.token_for('mallory')}"}
        answer = client.post("/api/v1/submissions", headers=headers, data={"exercise": "engine"},
                             files={"file": ("engine.py", (CORRECT + HARVEST).encode())})
        assert answer.status_code == 202, answer.text
        Worker(folder).drain()
        result = client.get(answer.json()["url"], headers=headers)
    shown = result.text
    assert result.status_code == 200 and "LEAK" not in shown and "ValueError" not in shown
    assert (DRAWN + "y for y = a + b at a = 2, b = -3 is wrong there, though right at the inputs shown; the draw's "
            "numbers are kept secret: " + HINT) in shown

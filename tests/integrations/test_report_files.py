"""Report files beside the scores (`grade run --format`, `--feedback-dir`) and `grade report`."""

import json
import shutil

import pytest
from costs import slow_fixture
from click.testing import CliRunner

from grader.cli import main
from grader.integrations import report_files
from grader.report import FORMATS, render
from grader.load import Origin, Submission
from grader.scores import location_of

from .conftest import CORRECT, LIMIT_ARGS, SAMPLE_SCORES, ROOT


@pytest.mark.parametrize("out, fmt, name", [
    ("scores.json", "junit", "scores.xml"), ("scores.json", "csv", "scores.csv"),
    ("scores.json", "markdown", "scores.md"), ("scores.json", "html", "scores.html"),
    ("scores.json", "gradescope", "scores.gradescope.json"), ("tanh.json", "html", "tanh.html"),
    ("results/week3.scores.json", "junit", "results/week3.scores.xml"), ("scores", "csv", "scores.csv"),
])
def test_report_path(out, fmt, name):
    assert report_files.report_path(out, fmt).as_posix() == name


def test_timings_path():
    assert report_files.timings_path("out/tanh.json").as_posix() == "out/tanh.timings.json"


def test_timings_of_run_records():
    runs = {"bob": {"seconds": 2.5}, "alice": {"seconds": 1}, "frank": {"status": "rejected"}}
    assert report_files.timings_of(runs) == {"alice": 1.0, "bob": 2.5}


# -- grading writes them ---------------------------------------------------------------------------


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """`grade run` on a class of two (a correct engine and an unreadable notebook), every output asked for."""
    tmp = tmp_path_factory.mktemp("run")
    (tmp / "class").mkdir()
    (tmp / "class" / "alice").mkdir()
    shutil.copy(CORRECT, tmp / "class" / "alice" / "engine.py")
    shutil.copy(ROOT / "tests" / "fixtures" / "malformed" / "invalid.ipynb", tmp / "class" / "bob.ipynb")
    out = tmp / "out" / "week1.json"
    result = CliRunner().invoke(main, [
        "run", str(tmp / "class"), "-o", str(out), "--cache-dir", str(tmp / "cache"), "-q",
        "--format", "junit", "--format", "html", "--format", "csv", "--format", "junit",
        "--feedback-dir", str(tmp / "feedback"), *LIMIT_ARGS])
    return tmp, out, result


def test_run_writes_each_format_beside_the_scores(graded):
    tmp, out, result = graded
    assert result.exit_code == 0, result.output
    folder = out.parent
    assert sorted(p.name for p in folder.iterdir()) == [
        "week1.csv", "week1.html", "week1.json", "week1.timings.json", "week1.xml"]
    scores = json.loads(out.read_text(encoding="utf-8"))
    timings = json.loads((folder / "week1.timings.json").read_text(encoding="utf-8"))
    assert sorted(timings) == ["alice"]  # bob's notebook was never run
    assert timings["alice"] > 0
    for fmt, name in (("junit", "week1.xml"), ("html", "week1.html"), ("csv", "week1.csv")):
        assert (folder / name).read_bytes().decode("utf-8") == render(scores, fmt, timings)
    assert result.output.splitlines()[-2] == (
        f"Reports written to {folder / 'week1.xml'}, {folder / 'week1.html'}, {folder / 'week1.csv'}.")


def test_run_writes_a_feedback_page_pair_per_submission(graded):
    tmp, _, result = graded
    assert sorted(p.name for p in (tmp / "feedback").iterdir()) == ["alice.html", "alice.md", "bob.html", "bob.md"]
    assert (tmp / "feedback" / "bob.md").read_text(encoding="utf-8").startswith(
        "# Feedback: bob\n\nSubmitted file: bob.ipynb\n\n**Not graded: rejected.**")
    assert result.output.splitlines()[-1] == f"Feedback pages written to {tmp / 'feedback'}/."


def test_json_is_not_a_run_format(tmp_path):
    result = CliRunner().invoke(main, ["run", str(tmp_path), "--format", "json"])
    assert result.exit_code == 2
    assert "'json' is not one of 'junit', 'csv', 'markdown', 'md', 'html', 'gradescope'" in result.output


# -- grade report: no grading ----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_report_prints_any_format(fmt):
    scores = json.loads(SAMPLE_SCORES.read_text(encoding="utf-8"))
    result = CliRunner().invoke(main, ["report", str(SAMPLE_SCORES), "--to", fmt])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes.decode("utf-8") == render(scores, fmt)


def test_report_writes_a_file_with_timings(tmp_path):
    scores = json.loads(SAMPLE_SCORES.read_text(encoding="utf-8"))
    timings = {"alice": 1.8, "bob": 2.1, "dave": 60.2}
    (tmp_path / "t.json").write_text(json.dumps(timings))
    result = CliRunner().invoke(main, ["report", str(SAMPLE_SCORES), "--to", "html", "-o", str(tmp_path / "r.html"),
                                       "--timings", str(tmp_path / "t.json")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == render(scores, "html", timings)
    assert result.output == f"Wrote {tmp_path / 'r.html'}.\n"


def test_report_writes_feedback_pages_after_the_due_date(tmp_path):
    result = CliRunner().invoke(main, ["report", str(SAMPLE_SCORES), "--feedback-dir", str(tmp_path / "fb"),
                                       "--after-due-date"])
    assert result.exit_code == 0, result.output
    assert result.output == f"Feedback pages for 7 submissions written to {tmp_path / 'fb'}/.\n"
    assert len(list((tmp_path / "fb").iterdir())) == 14
    bob = (tmp_path / "fb" / "bob.md").read_text(encoding="utf-8")
    assert "relu/at-zero" in bob  # an after_due_date test, shown now
    assert "backward/topo-order" not in bob  # hidden, never shown


def test_report_needs_something_to_do():
    result = CliRunner().invoke(main, ["report", str(SAMPLE_SCORES)])
    assert result.exit_code == 2
    assert "give --to FORMAT, --feedback-dir DIR, or both" in result.output


def test_report_refuses_a_file_that_is_not_scores(tmp_path):
    (tmp_path / "x.json").write_text('{"id": "alice"}')
    result = CliRunner().invoke(main, ["report", str(tmp_path / "x.json"), "--to", "csv"])
    assert result.exit_code == 1
    assert result.output == (f"Error: Invalid scores file {tmp_path / 'x.json'}: expected an object whose "
                             "`submissions` is a list of records with an `id` (as `grade` writes it)\n")


@pytest.mark.parametrize("content, why", [
    ("[1, 2]", "expected an object of id → seconds"),
    ('{"alice": "fast"}', "'alice' has 'fast', not a number of seconds"),
    ('{"alice": -1}', "'alice' has -1, not a number of seconds"),
])
def test_report_refuses_bad_timings(tmp_path, content, why):
    (tmp_path / "t.json").write_text(content)
    result = CliRunner().invoke(main, ["report", str(SAMPLE_SCORES), "--to", "html", "--timings",
                                       str(tmp_path / "t.json")])
    assert result.exit_code == 1
    assert result.output == f"Error: Invalid timings file {tmp_path / 't.json'}: {why}\n"


# -- where a failure is: file and line on test records (grader/scores.py) -----------------------------


@pytest.mark.parametrize("where, found", [
    ({"file": "engine.py", "line": 89, "function": "_backward"}, {"file": "engine.py", "line": 89}),
    ({"file": "nn.py", "line": 7}, {"file": "nn.py", "line": 7}),
    ({"file": "probes.py", "line": 3, "function": "shared_mul"}, {}),  # not the student's file
    ({"file": "engine.py", "line": None, "function": "<module>"}, {}),  # no line to point at
    (None, {}),
])
def test_location_of(where, found):
    assert location_of(where, Submission("alice", "folder", "alice", {"engine.py": b"", "nn.py": b""}, None, "")) \
        == found


@pytest.mark.parametrize("where, found", [
    ({"file": "bob smith (1).py", "line": 37, "function": "__mul__"}, {"file": "bob smith (1).py", "line": 37}),
    ({"file": "carol.ipynb", "cell": 7, "line": 3, "function": "<module>"}, {"file": "carol.ipynb", "cell": 7, "line": 3}),
    ({"file": "engine.py", "line": 3, "function": "f"}, {}),  # the sandbox's name, never the student's here
])
def test_location_of_names_the_students_own_file(where, found):
    files = {"engine.py": b""}
    own = Submission("bob", "file", "bob.py", files, None, "", {"engine.py": Origin("bob smith (1).py")})
    notebook = Submission("carol", "notebook", "carol.ipynb", files, None, "", {"engine.py": Origin("carol.ipynb", ())})
    assert location_of(where, notebook if "cell" in where else own) == found

"""`grade ci`: annotations into the student's file, the step summary, the artifact and the threshold."""

import json
import shutil
import zipfile

import nbformat
import pytest
from costs import slow_fixture
from click.testing import CliRunner
from nbformat.v4 import new_code_cell, new_notebook

from grader import __version__
from grader.cli import main
from grader.integrations import ci
from grader.load import load_entry

from .conftest import CORRECT, LIMIT_ARGS, import_error_engine


MALLORY = 'mallory<script>alert("pwn")</script>,x'


# -- workflow commands -----------------------------------------------------------------------


def test_escaping_follows_githubs_toolkit():
    assert ci.escape_data("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b"
    assert ci.escape_property("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext%3A a%2C b"


def test_a_students_message_cannot_start_a_command_of_its_own():
    line = ci.command("error", "boom\n::add-mask::secret\n::set-output name=x::1", file="engine.py", line=3,
                      title="t: error")
    assert line == ("::error file=engine.py,line=3,title=t%3A error::boom%0A::add-mask::secret"
                    "%0A::set-output name=x::1")
    assert "\n" not in line


def test_properties_that_are_none_are_left_out():
    assert ci.command("error", "m", file=None, line=None, title="x") == "::error title=x::m"
    assert ci.command("notice", "m") == "::notice::m"


# -- the threshold ----------------------------------------------------------------------------


@pytest.mark.parametrize("text, parsed", [("40", (40.0, False)), ("37.5", (37.5, False)), ("80%", (80.0, True)),
                                          (" 100 % ", (100.0, True)), ("0", (0.0, False))])
def test_min_score_is_points_or_a_share(text, parsed):
    assert ci.parse_min_score(text) == parsed


@pytest.mark.parametrize("text, message", [
    ("abc", "Invalid minimum score 'abc': expected points (40) or a share of the maximum (80%)"),
    ("-3", "Invalid minimum score '-3': expected points (40) or a share of the maximum (80%)"),
    ("150%", "Invalid minimum score '150%': a share is at most 100%"),
])
def test_min_score_refuses_what_is_not_a_score(text, message):
    with pytest.raises(ValueError) as info:
        ci.parse_min_score(text)
    assert str(info.value) == message


def test_min_points():
    assert ci.min_points((80.0, True), 62.0) == 49.6
    assert ci.min_points((40.0, False), 62.0) == 40.0
    assert ci.min_points(None, 62.0) is None


# -- what the student sees: visibility ---------------------------------------------------------------


def _repo(tmp_path, engine_source="x = 1\n", name="repo"):
    repo = tmp_path / name
    (repo / ".git").mkdir(parents=True)
    (repo / "engine.py").write_text(engine_source, encoding="utf-8")
    return repo


def test_annotations_only_for_tests_the_student_may_see(tmp_path, sample_scores):
    mallory = next(r for r in sample_scores["submissions"] if r["id"] == MALLORY)
    submission = load_entry(_repo(tmp_path))
    assert ci.annotations(mallory, submission) == [
        "::error title=pow/constant%3A failed (0 / 2)::y = a ** 3 at a = 2: expected a.grad 12.0, got <b>6.0</b> ]]> "
        "& \\x1b[31mred\\x1b[0m%0Asee https://example.org/help",
        "::error title=tanh/chain%3A failed (1.5 / 3)::2 of 4 gradients match: x1.grad expected -1.5, got 0.0",
        # the withheld tests that failed: how many, and their concepts, never their names
        "::error title=Withheld tests::2 withheld tests did not pass, on ops and topological-order.",
    ]
    after = [line for line in ci.annotations(mallory, submission, after_due_date=True) if line.startswith("::error")]
    assert len(after) == 4 and after[2] == "::error title=relu/at-zero%3A failed (0 / 2)::relu'(0): expected 0, got 1"
    assert after[3] == "::error title=Withheld tests::1 withheld test did not pass, on topological-order."
    # backward/deep-chain (hidden, an error at engine.py line 58) is never annotated
    assert not any("deep-chain" in line for line in after)


def test_annotation_points_into_the_students_file(tmp_path, sample_scores):
    carol = next(r for r in sample_scores["submissions"] if r["id"] == "carol")
    submission = load_entry(_repo(tmp_path))
    assert ci.annotations(carol, submission) == [
        "::error file=engine.py,line=12,title=pow/constant%3A error (0 / 2)::TypeError: unsupported operand "
        "type(s) for ** or pow(): 'Value' and 'int'",
        "::error title=Withheld tests::1 withheld test did not pass, on ops.",  # a skipped one scores nothing
    ]


def test_a_diagnosis_the_student_may_see_is_a_warning_on_its_line(tmp_path, sample_scores):
    bob = next(r for r in sample_scores["submissions"] if r["id"] == "bob")
    bob["diagnosis"][0].update(file="engine.py", line=31)
    submission = load_entry(_repo(tmp_path))
    assert ci.annotations(bob, submission) == [
        "::warning file=engine.py,line=31,title=Gradients are assigned%2C not accumulated::In __mul__'s _backward, "
        "`self.grad = other.data * out.grad` overwrites what another use of the node added; use `+=`.",
        "::error file=engine.py,line=31,title=mul/shared-node%3A failed (0 / 2)::a.grad for y = a * a at a = 3: "
        "expected 6.0, got 3.0%0AThe gradient of a node used twice must add both uses.",
    ]
    mallory = next(r for r in sample_scores["submissions"] if r["id"] == MALLORY)
    # its diagnoses cite a hidden test and an after-due-date one: shown only when those are
    assert not any(line.startswith("::warning") for line in ci.annotations(mallory, submission))
    after = ci.annotations(mallory, submission, after_due_date=True)
    assert [line for line in after if line.startswith("::warning")] == [
        "::warning title=relu'(0) should be 0::Use `out.data > 0`, not `>= 0`, when passing the gradient through relu."]


def test_a_submission_that_did_not_run_gets_one_annotation_for_itself(tmp_path, sample_scores):
    by_id = {r["id"]: r for r in sample_scores["submissions"]}
    nothing = load_entry(tmp_path)  # an empty folder: rejected, no file to point at
    assert ci.annotations(by_id["frank"], nothing) == [
        "::error title=Not graded%3A rejected::not a notebook: invalid JSON "
        "(Expecting value: line 1 column 1 (char 0))"]
    erin = ci.annotations(by_id["erin"], nothing)
    assert erin == ["::error title=Not graded%3A crashed::the worker was killed by signal 9 (memory limit 256 MiB)"]


def test_student_record_withholds_hidden_tests_and_then_the_total(sample_scores):
    mallory = next(r for r in sample_scores["submissions"] if r["id"] == MALLORY)
    shown = ci.student_record(mallory)
    assert [t["name"] for t in shown["tests"]] == ["add/basic", "mul/shared-node", "pow/constant", "tanh/chain"]
    assert shown["withheld"] == {"hidden": 2, "until_due_date": 3, "failed": 2,
                                 "failed_concepts": ["ops", "topological-order"]}
    assert (shown["score"], shown["max_score"], shown["total_withheld"]) == (5.5, 9.0, True)
    after = ci.student_record(mallory, after_due_date=True)
    assert after["withheld"] == {"hidden": 2, "until_due_date": 0, "failed": 1, "failed_concepts": ["topological-order"]}
    assert (after["score"], after["max_score"]) == (9.5, 15.0)


def test_student_record_of_an_all_visible_suite_is_the_record(sample_scores):
    bob = next(r for r in sample_scores["submissions"] if r["id"] == "bob")
    for test in bob["tests"]:
        test["visibility"] = "visible"
    assert ci.student_record(bob) == bob


def test_final_line_withholds_the_total_with_the_page(sample_scores):
    by_id = {r["id"]: r for r in sample_scores["submissions"]}
    assert ci.final_line(by_id[MALLORY], "engine", 10.0) == (
        "Score on the tests shown 5.5 / 9 on 'engine' (the total includes withheld tests); "
        "2 withheld tests did not pass, on ops and topological-order; minimum 10 of 20: met.")
    for test in by_id["bob"]["tests"]:
        test["visibility"] = "visible"
    assert ci.final_line(by_id["bob"], "engine", 19.0) == "Score 18 / 20 on 'engine'; minimum 19 of 20: not met."
    assert ci.final_line(by_id["bob"], "engine", None) == "Score 18 / 20 on 'engine'."


# -- finding the student's file in the checkout -------------------------------------------------------


def test_locate_finds_the_file_the_loader_read(tmp_path):
    inner = tmp_path / "hw1" / "src"
    inner.mkdir(parents=True)
    (inner / "Engine.py").write_text("")
    (inner / "helpers.py").write_text("")  # a helper module the answer may import: read, so a place in it is on disk
    (inner / "notes.txt").write_text("")  # not Python: not read
    folder = load_entry(tmp_path)  # two wrapper folders looked through
    assert ci.locate(folder, "hw1/src/Engine.py") == inner / "Engine.py"
    assert ci.locate(folder, "hw1/src/helpers.py") == inner / "helpers.py"
    assert ci.locate(folder, "hw1/src/notes.txt") is None
    assert ci.locate(folder, "nn.py") is None
    assert ci.locate(load_entry(inner / "Engine.py"), "Engine.py") == (inner / "Engine.py").resolve()
    assert ci.locate(load_entry(inner / "Engine.py"), "engine.py") is None


def test_a_file_read_from_a_zip_is_not_on_disk(tmp_path):
    with zipfile.ZipFile(tmp_path / "dave.zip", "w") as archive:
        archive.writestr("dave/engine.py", "x = 1\n")
    dave = load_entry(tmp_path / "dave.zip")
    assert dave.origins["engine.py"].file == "dave/engine.py"
    assert ci.locate(dave, "dave/engine.py") is None


def test_a_notebook_annotation_names_the_file_and_no_line(tmp_path, sample_scores):
    carol = next(r for r in sample_scores["submissions"] if r["id"] == "carol")
    for test in carol["tests"]:
        if test.get("file"):
            test.update(file="03-tanh.ipynb", cell=7, line=3)
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    nbformat.write(new_notebook(cells=[new_code_cell("x = 1")]), repo / "03-tanh.ipynb")
    # the cell, which GitHub cannot show, is said in the message (session 32: it was not)
    assert ci.annotations(carol, load_entry(repo)) == [
        "::error file=03-tanh.ipynb,title=pow/constant%3A error (0 / 2)::TypeError: unsupported operand "
        "type(s) for ** or pow(): 'Value' and 'int' In 03-tanh.ipynb, cell 7, line 3.",
        "::error title=Withheld tests::1 withheld test did not pass, on ops.",
    ]
    carol["tests"] = [dict(test, output=test["output"] + " (03-tanh.ipynb, cell 7, line 3, in __pow__)")
                      for test in carol["tests"] if test.get("file")]
    assert ci.annotations(carol, load_entry(repo))[0].endswith("'int' (03-tanh.ipynb, cell 7, line 3, in __pow__)")
    bob = next(r for r in sample_scores["submissions"] if r["id"] == "bob")
    bob["diagnosis"][0].update(file="03-tanh.ipynb", cell=7, line=31)
    assert ci.annotations(bob, load_entry(repo), lang="ru")[0] == (
        "::warning file=03-tanh.ipynb,title=Gradients are assigned%2C not accumulated::In __mul__'s _backward, "
        "`self.grad = other.data * out.grad` overwrites what another use of the node added; use `+=`. "
        "Место: 03-tanh.ipynb, ячейка 7, строка 31.")


def test_annotation_paths_are_relative_to_the_repository_root(tmp_path):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "hw" / "engine.py").parent.mkdir()
    (repo / "hw" / "engine.py").write_text("")
    assert ci.annotation_path(load_entry(repo / "hw"), "engine.py") == "hw/engine.py"
    assert ci.annotation_path(load_entry(repo), "hw/engine.py") == "hw/engine.py"  # a wrapper folder


def test_annotation_paths_outside_a_repository_are_the_submissions_own(tmp_path, monkeypatch):
    """Outside any repository, relative to the folder handed in (or the one holding the file handed in), wherever
    grade ci runs from (before: relative to the working folder, `../work/hw/engine.py` from another, None above)."""
    (tmp_path / "work" / "hw" / "engine.py").parent.mkdir(parents=True)
    (tmp_path / "work" / "hw" / "engine.py").write_text("")
    (tmp_path / "elsewhere").mkdir()
    for folder in (tmp_path / "elsewhere", tmp_path / "work" / "hw", tmp_path):
        monkeypatch.chdir(folder)
        assert ci.annotation_path(load_entry(tmp_path / "work" / "hw"), "engine.py") == "engine.py", folder
        assert ci.annotation_path(load_entry(tmp_path / "work"), "hw/engine.py") == "hw/engine.py", folder
        assert ci.annotation_path(load_entry(tmp_path / "work" / "hw" / "engine.py"), "engine.py") == "engine.py"


# -- the command, on real submissions --------------------------------------------------------------


def _invoke(args, summary=None):
    env = {"GITHUB_STEP_SUMMARY": str(summary) if summary else None}
    return CliRunner().invoke(main, ["ci", *args, *LIMIT_ARGS], env=env)


@slow_fixture(scope="module")
def broken(tmp_path_factory):
    """`grade ci` once on a repository whose engine raises NameError on import, with every output asked for.

    (An engine that raises inside backward() is annotated the same way; the
    Gradescope tests grade one. This one is cheaper: with nothing to compare,
    no bug variants are run to diagnose it.)
    """
    tmp = tmp_path_factory.mktemp("ci")
    source, line = import_error_engine()
    repo = _repo(tmp, source, name="student-repo")
    summary, out = tmp / "summary.md", tmp / "grade-results.json"
    summary.write_text("earlier step\n", encoding="utf-8")
    result = _invoke([str(repo), "--min-score", "50%", "--json-out", str(out)], summary)
    artifact = json.loads(out.read_text(encoding="utf-8")) if out.exists() else None
    return result, line, artifact, summary.read_text(encoding="utf-8")


def test_an_engine_that_does_not_import_scores_0_and_fails_the_threshold(broken):
    result, line, artifact, _ = broken
    assert result.exit_code == 1, result.output
    record = artifact["submissions"][0]
    assert (record["status"], record["score"]) == ("graded", 0.0)
    assert record["message"] == f"NameError: name 'undefined_name' is not defined (engine.py, line {line})"
    imports = record["tests"][0]
    assert (imports["name"], imports["status"], imports["file"], imports["line"]) == (
        "engine/imports", "failed", "engine.py", line)
    assert {t["status"] for t in record["tests"][1:]} == {"skipped"}
    assert artifact["ci"] == {"min_score": record["max_score"] / 2, "min_score_met": False, "after_due_date": False}
    assert artifact["exercise"] == "engine" and artifact["max_score"] == record["max_score"]
    assert "withheld" not in record  # the engine suite shows every test


def test_one_annotation_on_the_line_that_raised(broken):
    result, line, artifact, _ = broken
    max_score = artifact["submissions"][0]["max_score"]
    assert result.output.splitlines() == [
        f"::error file=engine.py,line={line},title=engine/imports%3A failed (0 / 0)::engine.py could not be used: "
        f"NameError: name 'undefined_name' is not defined (engine.py, line {line}). Every other test was skipped.",
        f"Score 0 / {max_score:g} on 'engine'; minimum {max_score / 2:g} of {max_score:g}: not met.",
    ]


def test_the_step_summary_is_appended_with_the_verdict_under_the_title(broken):
    _, line, artifact, summary = broken
    max_score = artifact["submissions"][0]["max_score"]
    assert summary.startswith(
        "earlier step\n# Feedback: student-repo\n\n"
        f"**Minimum score {max_score / 2:g} of {max_score:g}: not met.**\n\n"
        "Submitted file: student-repo\n\n"
        f"**Score: 0 / {max_score:g}**\n")
    assert f"In engine.py, line {line}." in summary


def test_a_stdout_closed_early_loses_neither_the_step_summary_nor_the_artifact(tmp_path, monkeypatch):
    # `grade ci ... | head -1`: the first line written to a closed pipe raises BrokenPipeError; the files are written first
    source, _ = import_error_engine()
    repo = _repo(tmp_path, source, name="student-repo")
    summary, out = tmp_path / "summary.md", tmp_path / "grade-results.json"

    def closed(*args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr("grader.cli.ci.click.echo", closed)
    result = _invoke([str(repo), "--min-score", "50%", "--json-out", str(out)], summary)
    assert result.exit_code == 1  # click ends on a broken pipe with 1
    assert json.loads(out.read_text(encoding="utf-8"))["ci"]["min_score_met"] is False
    assert summary.read_text(encoding="utf-8").startswith("# Feedback: student-repo\n")


def test_verdict():
    record = {"status": "graded", "score": 51.0, "max_score": 62.0}
    assert ci.verdict(record, 49.6) is True
    assert ci.verdict(record, 51.0) is True
    assert ci.verdict(record, 62.0) is False
    assert ci.verdict(record, None) is None
    # a crashed row's score is its tests' sum, as in the scores file (docs/contract.md §4)
    assert ci.verdict(dict(record, status="crashed"), 51.0) is True
    assert ci.verdict(dict(record, status="crashed", score=0.0), 1.0) is False


def test_a_correct_engine_in_a_wrapper_folder_passes_with_no_annotation(tmp_path):
    repo = tmp_path / "alice-hw"
    (repo / ".git").mkdir(parents=True)
    (repo / "homework").mkdir()
    shutil.copy(CORRECT, repo / "homework" / "engine.py")
    result = _invoke([str(repo), "--min-score", "100%", "--json-out", str(tmp_path / "r.json")])
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "r.json").read_text())["submissions"][0]
    assert record["score"] == record["max_score"] > 0
    assert not any(line.startswith("::error") for line in result.output.splitlines())


@pytest.mark.slow
def test_the_annotation_points_at_the_file_the_loader_read_in_a_wrapper_folder(tmp_path):
    repo = tmp_path / "bob-hw"
    (repo / ".git").mkdir(parents=True)
    (repo / "homework").mkdir()
    source, line = import_error_engine()
    (repo / "homework" / "Engine.py").write_text(source, encoding="utf-8")
    (repo / "engine-old.txt").write_text("not read")
    result = _invoke([str(repo)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith(
        f"::error file=homework/Engine.py,line={line},title=engine/imports%3A failed (0 / 0)::homework/Engine.py "
        "could not be used: ")


def test_a_repository_without_an_engine_is_rejected_and_fails(tmp_path):
    repo = tmp_path / "empty"
    (repo / ".git").mkdir(parents=True)
    (repo / "README.md").write_text("todo")
    result = _invoke([str(repo), "--min-score", "1"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "::error title=Not graded%3A rejected::no engine.py found in empty/; expected engine.py, "
        "or a single .py or .ipynb file (found: README.md)")


def test_bad_threshold_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(main, ["ci", str(tmp_path), "--min-score", "lots"])
    assert result.exit_code == 2
    assert "Invalid minimum score 'lots'" in result.output


def test_print_workflow_fills_in_the_exercise_and_threshold():
    result = CliRunner().invoke(main, ["ci", "--print-workflow", "-e", "03-tanh", "--min-score", "75%"])
    assert result.exit_code == 0, result.output
    text = result.output
    assert 'EXERCISE: "03-tanh"' in text and 'MIN_SCORE: "75%"' in text
    assert not any(token in text for token in ("@EXERCISE@", "@MIN_SCORE@", "@VERSION@"))
    assert f"github.com/COURSE/grader@v{__version__}" in text
    # the hidden suites are a wheel of their own (grader/distribution.py): both are installed
    assert f"github.com/COURSE/grader@v{__version__}#subdirectory=instructor" in text
    assert '"$RUNNER_TEMP/grader/bin/pip" install --quiet "$GRADER" "$GRADER_INSTRUCTOR"' in text
    assert '"$RUNNER_TEMP/grader/bin/grade" ci submission --exercise "$EXERCISE"' in text
    assert "--json-out grade-results.json --require-sandbox" in text
    assert "\t" not in text
    default = CliRunner().invoke(main, ["ci", "--print-workflow"]).output
    assert 'EXERCISE: "engine"' in default and 'MIN_SCORE: "80%"' in default

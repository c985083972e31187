"""`grade check`: a student's check of their own work, with the exercise's visible tests only."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from checkout_support import checkout_env, imported_grader
from click.testing import CliRunner
from conftest import EXERCISES_DIR, write_folder

from grader.classroom.student_check import check, infer_exercise, report_lines
from grader.cli import main
from grader.scores import suite_tests
from grader.classroom.starters import solution_files
from grader.suites import load_suite

GRADE = Path(sys.executable).with_name("grade")
ROOT = Path(__file__).resolve().parents[2]  # the checkout these tests are in


def _run(args, cwd, **env):
    """`args` (GRADE, or this Python) run in `cwd`, its environment this process's with `env` and the checkout under
    test first on its PYTHONPATH (checkout_env)."""
    return subprocess.run(args, capture_output=True, text=True, cwd=cwd, env=checkout_env(**env), timeout=120)


def test_the_commands_these_tests_start_import_the_checkout_under_test(tmp_path, monkeypatch):
    """_run's processes, the `grade` command and a `python -c`, import the grader of the checkout this file is in,
    from a temporary folder and whatever PYTHONPATH says: with the inherited environment they imported the venv's
    editable install (another checkout's grader) unless pytest-xdist had set PYTHONPATH to this one."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.chdir(tmp_path)  # pytest's folder, which they inherited
    grade = _run([str(GRADE), "--version"], tmp_path, PYTHONVERBOSE="1")
    python = _run([sys.executable, "-c", "import grader; print(grader.__file__)"], tmp_path)
    assert [(done.returncode, imported_grader(done.stderr + done.stdout)) for done in (grade, python)] == [
        (0, [str(ROOT)])] * 2, grade.stderr[-3000:] + python.stderr


@pytest.fixture
def tanh_starter(tmp_path):
    """The untouched 03-tanh starter folder, as a student receives it."""
    folder = tmp_path / "03-tanh"
    shutil.copytree(EXERCISES_DIR / "03-tanh", folder)
    for path in folder.iterdir():  # unpacked at once, whatever the checkout's times are
        os.utime(path, (1_700_000_000, 1_700_000_000))
    return folder


def _stub_line(path, exercise):
    lines = path.read_text().splitlines()
    return next(i + 1 for i, line in enumerate(lines) if f'NotImplementedError("{exercise}' in line)


@pytest.mark.slow
def test_check_on_the_untouched_03_starter_names_each_failing_visible_test_and_why(tanh_starter):
    result = CliRunner().invoke(main, ["check", str(tanh_starter)])
    assert result.exit_code == 0, result.output
    line = _stub_line(tanh_starter / "engine.py", "03-tanh")
    raised = f"your engine raised NotImplementedError: 03-tanh: write Value.tanh (engine.py, line {line}, in tanh)"
    assert result.output.splitlines() == [
        "03-tanh: tanh and its backward rule. Visible tests on engine.py:",
        "PASS  engine/imports          engine.py imports and defines a class named Value",
        "SKIP  engine/from-scratch     nothing to credit yet: this point is given with the first point your work earns",
        f"FAIL  tanh/zero               y = tanh(x) at x = 0: {raised}",
        f"FAIL  tanh/two                y = tanh(x) at x = 2: {raised}"
        " (0 of 2 expressions right or already charged elsewhere)",
        f"FAIL  tanh/negative           y = tanh(x) * 2 at x = -0.5: {raised}",
        f"FAIL  saturation/five         y = tanh(x) at x = 5 (nearly saturated: the gradient is small but not 0): "
        f"{raised}",
        f"FAIL  saturation/large-input  y = tanh(x) at x = 400 (math.exp(2 * x) would overflow here): {raised} "
        "(0 of 2 expressions right or already charged elsewhere)",
        f"FAIL  graph/numeric           f(a, b) = tanh(a * b + a) * tanh(b) at a = 0.5, b = -1.5: {raised}",
        "Score on the visible tests: 0/9 points (1 of 8 tests pass). Hidden tests are graded after you hand in.",
    ]


def test_check_runs_exactly_the_visible_tests(tanh_starter):
    declared = suite_tests(load_suite("03-tanh"))
    visible = [t["name"] for t in declared if t["visibility"] == "visible"]
    assert len(visible) < len(declared)
    result = check(tanh_starter)
    assert [t["name"] for t in result.tests] == visible
    assert {t["visibility"] for t in result.tests} == {"visible"}


def test_a_wrong_derivative_is_reported_with_expected_and_got(tanh_starter):
    engine = tanh_starter / "engine.py"
    solved = solution_files("03-tanh")["engine.py"].replace("(1 - t**2) * out.grad", "(1 - t) * out.grad")
    engine.write_text(solved)
    lines = report_lines(check(tanh_starter))
    assert lines[1:5] == [
        "PASS  engine/imports          engine.py imports and defines a class named Value",
        "PASS  engine/from-scratch     the engine is built from scratch: it imports none of the forbidden packages",
        "PASS  tanh/zero               tanh(0) = 0 and tanh'(0) = 1",
        "FAIL  tanh/two                x.grad for y = tanh(x) at x = 2: expected 0.0706508249, got 0.0359724199"
        " (0 of 2 expressions right or already charged elsewhere)",
    ]
    # with the line that computes it (session 34: 03's where_written probe; before, no place)
    assert lines[-2].startswith("why:  Your gradients match an engine in which tanh's local derivative is `1 - t` "
                                "instead of `1 - t**2` (engine.py, line 81). For y = tanh(x) at x = 2, x.grad is "
                                "0.0359724199, not 0.0706508249. ")
    # graph/numeric does not charge the tanh that tanh/two charges (each mistake costs once)
    assert lines[-1] == ("Score on the visible tests: 4.5/9 points (4 of 8 tests pass). "
                         "Hidden tests are graded after you hand in.")


@pytest.mark.slow
def test_strict_exits_1_when_a_visible_test_fails_and_0_when_all_pass(tmp_path, tanh_starter):
    runner = CliRunner()
    assert runner.invoke(main, ["check", str(tanh_starter), "--strict"]).exit_code == 1
    write_folder(tmp_path / "solved" / "03-tanh", solution_files("03-tanh"))
    solved = runner.invoke(main, ["check", str(tmp_path / "solved" / "03-tanh"), "--strict"])
    assert solved.exit_code == 0, solved.output
    assert solved.output.splitlines()[-1] == ("Score on the visible tests: 9/9 points (8 of 8 tests pass). "
                                              "Hidden tests are graded after you hand in.")


def test_the_exercise_comes_from_the_marker_the_file_name_or_the_folder_name(tmp_path, tanh_starter):
    assert infer_exercise(tanh_starter) == "03-tanh"
    assert infer_exercise(tanh_starter / "03-tanh.ipynb") == "03-tanh"
    renamed = tmp_path / "my-work"
    shutil.copytree(tanh_starter, renamed)
    assert infer_exercise(renamed) == "03-tanh"  # the .exercise marker
    (renamed / ".exercise").unlink()
    assert infer_exercise(renamed) is None
    assert infer_exercise(renamed / "03-tanh.ipynb") == "03-tanh"  # the notebook's name
    named = tmp_path / "05-backward"
    named.mkdir()
    (named / "engine.py").write_text("")
    assert infer_exercise(named / "engine.py") == "05-backward"  # the folder's name


@pytest.mark.slow
def test_check_of_the_notebook_and_with_an_explicit_exercise(tmp_path, tanh_starter):
    runner = CliRunner()
    notebook = runner.invoke(main, ["check", str(tanh_starter / "03-tanh.ipynb")])
    assert notebook.exit_code == 0
    assert notebook.output.splitlines()[0] == "03-tanh: tanh and its backward rule. Visible tests on 03-tanh.ipynb:"
    assert notebook.output.splitlines()[-1].startswith("Score on the visible tests: 0/9 points")
    loose = tmp_path / "mine.py"
    loose.write_text(solution_files("03-tanh")["engine.py"])
    unknown = runner.invoke(main, ["check", str(loose)])
    assert unknown.exit_code == 1
    assert unknown.output.startswith(f"Error: cannot tell which exercise {loose} is for (no .exercise file, and "
                                     "its name is not an exercise's): pass -e EXERCISE, one of ")
    named = runner.invoke(main, ["check", str(loose), "-e", "03-tanh"])
    assert named.exit_code == 0
    assert named.output.splitlines()[0] == "03-tanh: tanh and its backward rule. Visible tests on mine.py:"
    assert named.output.splitlines()[-1].startswith("Score on the visible tests: 9/9 points")


@pytest.mark.slow
def test_a_notebook_saved_after_the_files_is_pointed_out(tanh_starter):
    notebook = tanh_starter / "03-tanh.ipynb"
    later = (tanh_starter / "engine.py").stat().st_mtime + 60
    os.utime(notebook, (later, later))
    assert [str(note) for note in check(tanh_starter).notes] == [
        "03-tanh.ipynb was saved after engine.py; to check the notebook instead, run `grade check 03-tanh.ipynb`."]
    os.utime(notebook, (later - 60, later - 60))
    assert check(tanh_starter).notes == []


def test_an_unreadable_notebook_is_reported_not_crashed_on(tmp_path):
    bad = tmp_path / "03-tanh.ipynb"
    bad.write_text("{ not json")
    result = CliRunner().invoke(main, ["check", str(bad)])
    assert result.exit_code == 0
    assert result.output.splitlines()[1] == (
        "FAIL  03-tanh.ipynb could not be read: 03-tanh.ipynb is not a readable notebook: bad JSON at line 1, "
        "column 3 (Expecting property name enclosed in double quotes); open it in Jupyter, save it and submit again")



def test_why_a_submission_could_not_be_read_is_said_in_the_students_language(tmp_path):
    # issue 32: the loader's reason was English inside a Russian `grade check`
    bad = tmp_path / "03-tanh.rar"
    bad.write_bytes(b"Rar!")
    result = CliRunner().invoke(main, ["check", str(bad), "-e", "03-tanh", "--lang", "ru"])
    assert result.exit_code == 0
    assert result.output.splitlines()[1] == (
        "FAIL  не удалось прочитать 03-tanh.rar: 03-tanh.rar — файл .rar; ожидалась папка, файл .py, блокнот .ipynb "
        "или архив .zip с одним из них: распакуйте его или упакуйте заново в .zip")

def test_09_check_shows_which_buggy_engines_escape(tmp_path):
    folder = tmp_path / "09-write-tests"
    shutil.copytree(EXERCISES_DIR / "09-write-tests", folder)
    tests = folder / "test_engine.py"
    tests.write_text(tests.read_text().replace("# TODO(09-write-tests): your code here", '''\
def test_a_times_a():
    a = Value(3.0)
    y = a * a
    y.backward()
    assert close(a.grad, 6.0)'''))
    lines = report_lines(check(folder))
    assert lines[1:5] == [
        "PASS  engine/imports                     engine.py imports and defines a class named Value",
        "PASS  engine/from-scratch                the engine is built from scratch: it imports none of the forbidden "
        "packages",
        "PASS  reference/passes                   every test passes on a correct engine (otherwise no buggy engine "
        "counts as caught)",
        "FAIL  catches/mul-self-data              your 1 test does not fail on an engine that uses `self.data` as "
        "the local derivative for both operands in `__mul__`'s backward",
    ]
    assert "PASS  catches/mul-assign-not-accumulate" in "\n".join(lines)
    assert lines[-1] == ("Score on the visible tests: 4/9 points (6 of 11 tests pass). "
                         "Hidden tests are graded after you hand in.")


@pytest.mark.slow
def test_check_of_the_03_starter_as_a_student_runs_it(tanh_starter):
    """The whole command, as a student runs it: a fresh interpreter, the sandbox, the judge.

    How long it takes is bench/'s to measure (README: 0.8 s): a test must not depend on the machine's
    speed or load.
    """
    result = _run([str(GRADE), "check"], tanh_starter)
    assert result.returncode == 0, result.stderr
    assert "FAIL  tanh/two" in result.stdout


def test_check_in_a_folder_holding_only_a_notebook_checks_the_notebook(tmp_path, tanh_starter, monkeypatch):
    folder = tmp_path / "work"
    folder.mkdir()
    shutil.copy(tanh_starter / "03-tanh.ipynb", folder / "my tanh.ipynb")
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(main, ["check", "-e", "03-tanh"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "03-tanh: tanh and its backward rule. Visible tests on my tanh.ipynb:"
    assert lines[-1].startswith("Score on the visible tests: 0/")


# -- a check's verdicts kept for the boot (grader/verdicts.py; boot_folder: tests/conftest.py) -----------------

@pytest.fixture
def judged(monkeypatch):
    """The batches the judge was asked to judge, as it is called (grader.judge.plugin.judge)."""
    import grader.judge.plugin

    calls, judge = [], grader.judge.plugin.judge
    monkeypatch.setattr(grader.judge.plugin, "judge", lambda suite, runs, **kw: calls.append(sorted(runs)) or
                        judge(suite, runs, **kw))
    return calls


def _wrong_tanh(folder):
    """alice's tanh, which overflows: a failed visible test, so the diagnosis has something to say."""
    engine = folder / "engine.py"
    engine.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "examples" / "submissions" / "alice" / "engine.py", engine)
    return engine


def test_the_same_run_checked_again_is_not_judged_again_and_reads_the_same(tmp_path, boot_folder, judged,
                                                                           monkeypatch):
    engine = _wrong_tanh(tmp_path / "work")
    first = check(engine, "03-tanh", lang="ru")
    again = check(engine, "03-tanh", lang="ru")
    assert judged == [["engine"]]
    assert report_lines(again) == report_lines(first) and again.diagnosis == first.diagnosis
    assert first.diagnosis and any(t["status"] == "failed" for t in first.tests)
    kept = report_lines(check(engine, "03-tanh", lang="en"))
    monkeypatch.setenv("GRADE_HOST_FACTS", "0")  # nothing kept: judged afresh
    assert report_lines(check(engine, "03-tanh", lang="en")) == kept
    assert len(judged) == 2
    monkeypatch.delenv("GRADE_HOST_FACTS")
    (kept,) = boot_folder.glob("check-*.json")
    assert oct(kept.stat().st_mode & 0o777) == "0o600" and oct(boot_folder.stat().st_mode & 0o777) == "0o700"


def test_a_changed_file_another_exercise_or_another_run_is_judged_afresh(tmp_path, boot_folder, judged):
    engine = _wrong_tanh(tmp_path / "work")
    first = report_lines(check(engine, "03-tanh"))
    engine.write_text(engine.read_text() + "\n# a comment: another file\n")
    assert report_lines(check(engine, "03-tanh")) == first
    check(engine, "engine")
    assert len(judged) == 3
    # a kept entry whose run is not this one (a submission that does something else each time), or that
    # cannot be read, is judged again, with the same result as judging afresh
    for kept in boot_folder.glob("check-*.json"):
        entry = json.loads(kept.read_text())
        kept.write_text(json.dumps(dict(entry, run="0" * 64)) if "tanh" in json.dumps(entry) else "{not json")
    assert report_lines(check(engine, "03-tanh")) == first
    check(engine, "engine")
    assert len(judged) == 5


def test_nothing_is_kept_when_the_boot_folder_is_off_or_others_may_write_it(tmp_path, boot_folder, judged,
                                                                               monkeypatch):
    engine = _wrong_tanh(tmp_path / "work")
    monkeypatch.setenv("GRADE_HOST_FACTS", "0")
    check(engine, "03-tanh")
    check(engine, "03-tanh")
    assert len(judged) == 2 and not boot_folder.exists()
    monkeypatch.delenv("GRADE_HOST_FACTS")
    boot_folder.mkdir()
    os.chmod(boot_folder, 0o777)  # another user could forge a verdict there: it is not used
    check(engine, "03-tanh")
    check(engine, "03-tanh")
    assert len(judged) == 4 and not list(boot_folder.glob("check-*.json"))


@pytest.mark.slow
def test_a_check_of_an_engine_checked_before_does_not_load_pytest(tmp_path, boot_folder):
    """The judge's imports (pytest: a tenth of a second) are what a repeated check saves, in a fresh process."""
    engine = _wrong_tanh(tmp_path / "work")
    script = ("import sys; from grader.classroom.student_check import check; "
              f"print(check({str(engine)!r}, '03-tanh').points, 'pytest' in sys.modules)")
    runs = [_run([sys.executable, "-c", script], tmp_path, XDG_RUNTIME_DIR=str(boot_folder.parent)) for _ in range(2)]
    assert [r.stdout.split() for r in runs] == [["8.0", "True"], ["8.0", "False"]], [r.stderr for r in runs]

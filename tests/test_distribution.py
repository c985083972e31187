"""The two wheels (grader/distribution.py): a student's install checks the visible tests with no hidden
test, reference or exercise in it; the instructor's adds them, and `grade handout` works from it."""

import difflib
import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from costs import made_once, slow_fixture

import grader
from grader.distribution import instructor_only, student_build_files, visible_expectations, visible_test_source
from grader.judge.expectations import Expectations
from grader.scores import suite_tests
from grader.classroom.starters import solution_files
from grader.course import COURSE
from grader.judge.plugin import judge
from grader import suites
from grader.cli import main
from grader.suites import available, load_suite

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("path, instructor", [
    ("reference/engine.py", True), ("grader/variants/walk.py", True), ("grader/engines.py", False), ("grader/diagnose/hints.py", False), ("grader/diagnose/rule.py", True),
    ("grader/suites/03-tanh/test_tanh.py", True), ("grader/suites/03-tanh/torch_results.json", True),
    ("grader/suites/09-write-tests/engines.json", True), ("grader/exercises/03-tanh/engine.py", True),
    ("grader/suites/03-tanh/probes.py", False), ("grader/suites/03-tanh/__init__.py", False),
    ("grader/suites/07-mlp-xor/course.py", False), ("grader/suites/07-mlp-xor/test_mlp_xor.py", True),
    ("grader/suites/07-mlp-xor/mistakes.py", True),
    ("grader/suites/__init__.py", False), ("grader/judge/plugin.py", False), ("grader/sandbox/worker.py", False),
    ("grader/locale/ru/LC_MESSAGES/grader.mo", False), ("grader/locale/zh/LC_MESSAGES/diagnose.mo", True),
    ("grader/locale/ru/LC_MESSAGES/starters.mo", True), ("grader/locale/ru/LC_MESSAGES/suites.mo", True),
])
def test_what_stays_the_instructors(path, instructor):
    assert instructor_only(path) is instructor


def test_the_visible_copy_of_a_test_file_keeps_exactly_the_visible_tests():
    text = '''from grader.judge import points

@points(1, concept="a")
def test_shown(observe):
    """shown"""

@points(2, concept="a", visibility="hidden")
def test_secret(observe, expect):
    """secret: 0.7071067811865476"""
    assert 1

@points(1, concept="a", name="later", visibility="after_due_date")
def test_later(observe):
    pass

def helper():
    return 3
'''
    copy = visible_test_source(text)
    namespace = {}
    exec(compile(copy, "<copy>", "exec"), namespace)
    assert [n for n in namespace if n.startswith("test_")] == ["test_shown"]
    assert "secret" not in copy and "0.7071" not in copy and "later" not in copy
    assert "def helper():" in copy


@pytest.mark.slow  # judges every stored variant of the suite twice: 15 s of CPU for the six
@pytest.mark.parametrize("exercise", [e for e in available() if e != "09-write-tests"])
def test_stored_expectations_judge_like_the_reference_on_every_variant(exercise, tmp_path, monkeypatch):
    """The student's install judges the visible tests from stored values: the same verdicts as the
    reference gives, on the reference's own observations and on every stored bug variant's."""
    # in a copy of the suite: the checkout's suites are read by other tests meanwhile (the wheels' build)
    shutil.copytree(suites.SUITES / exercise, tmp_path / exercise, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(suites, "SUITES", tmp_path)
    suite = load_suite(exercise)
    live = Expectations(suite, reference="live")
    runs = {"reference": {"status": "ok", "message": None, "import_error": None,
                          "probes": {p: {"status": "ok", "values": live.reference(getattr(suite.probes, p))}
                                     for p in suite.probe_names}}}
    stored_runs = suite.folder / "variant_runs.json"
    if stored_runs.is_file():
        runs.update(json.loads(stored_runs.read_text())["runs"])
    stored_file = suite.folder / "visible_expectations.json"
    assert not stored_file.exists()  # only the student wheel's build writes it
    stored_file.write_text(json.dumps(visible_expectations(suite, live, list(runs.values()))))
    stored = judge(suite, runs, expectations=Expectations(suite, reference="stored"), tests="visible")
    stored_file.unlink()
    assert stored == judge(suite, runs, expectations=live, tests="visible")
    assert any(o["status"] != "passed" for outcomes in stored.values() for o in outcomes) or len(runs) == 1


# -- the wheels, built and installed in fresh venvs -----------------------------------------------



# What neither build reads (setup.py and instructor/setup.py: grader/, reference/, exercises/, docs/students*.md, the
# README), left out of the copy the wheels are built from: 32 MB of the checkout's 46, 0.7 s of CPU to copy
NOT_BUILT_FROM = ("tests", "bench", "examples")


def _build_wheels(out):
    # from a copy of the checkout: a build writes build/ and .egg-info beside setup.py, and other tests read
    # the checkout meanwhile (the docs' scratch copies, the hostile batch's snapshot of it)
    # (the checkout's own dot-folders stay out: .git, a .venv; the exercises' .exercise files go in)
    source = out / "checkout"
    shutil.copytree(ROOT, source, ignore=lambda where, names: [
        n for n in names if n == "__pycache__" or (Path(where) == ROOT and n in NOT_BUILT_FROM) or (
            Path(where) in (ROOT, ROOT / "instructor") and (
                n.startswith(".") or n in ("build", "dist") or n.endswith(".egg-info")))])
    # both in one pip, as docs/distribution.md builds them (in a cgroup: a pip for each 16.7 s of CPU, one 15.2 s)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(source),
                           str(source / "instructor")], capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr
    shutil.rmtree(source)


# The wheels and the venvs installed from them are one group of tests (not any_worker): the tests that use them run
# in one worker, which builds them in turn, while the other workers run other tests; as any_worker fixtures, every
# worker that reached one of them first waited on made_once's lock for the build (90 s of a worker's wall time idle at
# a load of 10).
@slow_fixture(scope="session")
def wheels(tmp_path_factory):
    out = made_once(tmp_path_factory, "wheels", _build_wheels)  # one build for every worker
    student = next(out.glob("micrograd_grader-*.whl"))
    instructor = next(out.glob("micrograd_grader_instructor-*.whl"))
    return out, student, instructor


def _pip_install(bin_dir, wheels_dir, requirement):
    """`pip install --find-links <the built wheels> requirement` into the venv at bin_dir (dependencies from the
    index), by this process's pip (pip --python): a student's `python -m venv` has pip of its own, which only
    ensurepip's copying and compiling of pip itself set apart from this one (4 s of CPU a venv). The files are
    not compiled to bytecode as they are installed (--no-compile): the grader's modules a run imports are
    compiled by the first `grade` that imports them, the others never (half of the install's CPU)."""
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "-q",
                           "--no-compile", "--find-links", str(wheels_dir), requirement],
                          capture_output=True, text=True, timeout=900,
                          # a PYTHONPATH at a checkout (with its .egg-info) would make pip think it is installed
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr


def _venv(folder, wheels_dir, requirement):
    """A fresh venv with `requirement` installed from the built wheels (dependencies from the index)."""
    venv.create(folder)
    bin_dir = folder / ("Scripts" if os.name == "nt" else "bin")
    _pip_install(bin_dir, wheels_dir, requirement)
    return bin_dir


@slow_fixture(scope="session")
def student_install(tmp_path_factory, wheels):
    folder = made_once(tmp_path_factory, "student-venv", lambda f: _venv(f / "venv", wheels[0], "micrograd-grader"))
    return folder / "venv" / ("Scripts" if os.name == "nt" else "bin")


@slow_fixture
def instructor_install(student_install, wheels):
    """The student's venv with `pip install "micrograd-grader[instructor]"` (the extra resolved by the installed
    micrograd-grader's metadata: the instructor wheel, beside the student's), for one test; then the instructor
    wheel uninstalled again, the venv a student's install for the tests after it. A venv of its own, every
    dependency installed again, cost 8 s of CPU more."""
    _pip_install(student_install, wheels[0], "micrograd-grader[instructor]")
    yield student_install
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(student_install / "python"), "uninstall",
                           "-q", "-y", "micrograd-grader-instructor"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def _grade(bin_dir, *args, cwd):
    return subprocess.run([str(bin_dir / "grade"), *args], capture_output=True, text=True, cwd=cwd, timeout=300,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})


def _checkout_grade(*args, cwd):
    """`grade` of the checkout under test with `args`, in `cwd`: what _grade's student install is compared with. Run in
    this process (Click's CliRunner, as `grade` runs it: its words, exit status and error lines), whose grader is the
    checkout's (test_the_checkouts_grade_is_the_checkout_under_test): a `python -m grader check` of its own cost each
    of the 25 comparisons Python's start and the grader's imports again (a solved 03-tanh's check, in a cgroup: 0.32 s
    of CPU in a process of its own, 0.05 s in a warm one; 07's, whose sandbox trains the network, 2.6 s either way)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.chdir(cwd)
        done = CliRunner().invoke(main, list(args), prog_name="grade", catch_exceptions=False)
    return subprocess.CompletedProcess(["grade", *args], done.exit_code, done.stdout, done.stderr)


def test_the_checkouts_grade_is_the_checkout_under_test(tmp_path):
    """_checkout_grade runs the grader this process imported: the checkout this file is in, not the venv's editable
    install (another checkout's) nor the one of the folder pytest was started in, or the student install would be
    compared with another checkout."""
    import grader.classroom.student_check

    for module in (grader, grader.cli, grader.classroom.student_check):
        assert Path(module.__file__).resolve().is_relative_to(ROOT / "grader"), module.__file__
    done = _checkout_grade("--version", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"grade, version {grader.__version__}\n", "")


def test_no_hidden_test_reference_or_exercise_is_in_the_student_wheel(wheels):
    names = zipfile.ZipFile(wheels[1]).namelist()
    assert not [n for n in names if n.startswith(("reference/", "grader/exercises/", "grader/variants/"))]
    assert not [n for n in names if n in ("grader/diagnose/book.py", "grader/diagnose/rule.py",
                                          "grader/diagnose/styles.py", "grader/diagnose/stored.py")]
    assert not [n for n in names if Path(n).name.startswith("test_") or Path(n).name in (
        "torch_results.json", "variant_runs.json", "engines.json")] + [n for n in names if n.startswith("grader/variants/")]
    wheel = zipfile.ZipFile(wheels[1])
    for exercise in available():
        shipped = "".join(wheel.read(n).decode() for n in names if n.startswith(f"grader/suites/{exercise}/visible_"))
        suite = load_suite(exercise)
        source = "".join(p.read_text() for p in suite.folder.glob("test_*.py"))
        for test in suites.test_functions(suite):
            if f"def {test.__name__}(" not in source:
                continue  # made at import from engines.json (09-write-tests), which stays the instructor's
            shown = test.grading["visibility"] == "visible"
            assert (f"def {test.__name__}(" in shipped) is shown, (exercise, test.__name__)
            assert (f'"""{test.grading["doc"]}' in shipped) is shown or not test.grading["doc"], test.__name__
    assert all(f"grader/suites/{e}/visible_expectations.json" in names for e in available())
    # the grader's words in every language (grader/i18n), compiled
    assert {"grader/locale/ru/LC_MESSAGES/grader.mo", "grader/locale/zh/LC_MESSAGES/grader.mo",
            "grader/locale/ru/LC_MESSAGES/visible.mo"} <= set(names)
    assert "grader/locale/ru/LC_MESSAGES/suites.mo" not in names  # the hidden tests' docs are in it


def test_the_instructor_wheel_holds_the_rest(wheels):
    names = set(zipfile.ZipFile(wheels[2]).namelist())
    assert {"reference/engine.py", "grader/variants/__init__.py", "grader/suites/engine/test_engine.py",
            "grader/suites/03-tanh/torch_results.json", "grader/exercises/03-tanh/engine.py",
            "grader/exercises/students.md", "grader/exercises/03-tanh/README.ru.md",
            "grader/exercises/03-tanh/README.zh.md", "grader/locale/ru/LC_MESSAGES/diagnose.mo",
            "grader/locale/zh/LC_MESSAGES/starters.mo"} <= names
    assert not names & set(zipfile.ZipFile(wheels[1]).namelist())  # no file is owned by both


def test_grade_check_from_the_student_install_says_what_the_checkout_says(student_install, tmp_path):
    starter = tmp_path / "starter" / "03-tanh"
    shutil.copytree(ROOT / "exercises" / "03-tanh", starter)
    solved = tmp_path / "solved" / "03-tanh"
    solved.mkdir(parents=True)
    (solved / "engine.py").write_text(solution_files("03-tanh")["engine.py"])
    for folder in (starter, solved):
        for path in folder.iterdir():
            os.utime(path, (1_700_000_000, 1_700_000_000))
        installed = _grade(student_install, "check", str(folder), cwd=tmp_path)
        assert installed.returncode == 0, installed.stderr
        checkout = _checkout_grade("check", str(folder), cwd=tmp_path)
        assert installed.stdout == checkout.stdout
    assert all(line.startswith("PASS  ") for line in installed.stdout.splitlines()[1:-1])  # the solved one
    declared = [t for t in suite_tests(load_suite("03-tanh")) if t["visibility"] == "visible"]
    assert len(installed.stdout.splitlines()) == 2 + len(declared)


def _verdicts(check_output):
    """(status, test name) of each test line of `grade check`, and its closing score line."""
    lines = check_output.splitlines()
    return [tuple(line.split()[:2]) for line in lines if line.startswith(("PASS  ", "FAIL  ", "SKIP  "))], lines[-1]


@pytest.mark.parametrize("exercise", [e for e in COURSE if e != "09-write-tests"])
def test_every_exercise_checks_alike_from_the_student_install_and_the_checkout(student_install, tmp_path, exercise):
    # A visible test file travels alone into the student wheel: whatever it loads at import must be there
    # too, or be optional. The starter fails some visible tests: the same ones, with the same score, as in
    # the checkout, which also explains them (diagnosis and 11's named mistakes are the instructor's:
    # docs/distribution.md); a solved exercise passes them all, in the same words.
    starter = tmp_path / "starter" / exercise
    shutil.copytree(ROOT / "exercises" / exercise, starter, ignore=shutil.ignore_patterns("*.ipynb"))
    solved = tmp_path / "solved" / exercise
    solved.mkdir(parents=True)
    for name, text in solution_files(exercise).items():
        (solved / name).write_text(text)
    runs = {}
    for folder in (starter, solved):
        installed = _grade(student_install, "check", str(folder), cwd=tmp_path)
        checkout = _checkout_grade("check", str(folder), cwd=tmp_path)
        assert (installed.returncode, installed.stderr) == (checkout.returncode, checkout.stderr), folder
        assert _verdicts(installed.stdout) == _verdicts(checkout.stdout)
        runs[folder] = installed, checkout
    assert "FAIL" in {status for status, _ in _verdicts(runs[starter][0].stdout)[0]}
    installed, checkout = runs[solved]
    assert installed.stdout == checkout.stdout
    assert {status for status, _ in _verdicts(installed.stdout)[0]} == {"PASS"}


def test_a_train_xor_off_the_course_fails_train_xor_from_the_student_install_as_in_the_checkout(student_install,
                                                                                               tmp_path):
    """Review 28: 07's course replay (course.py) was left out of the student wheel, so a train_xor that updates
    after each example (not the course's loop: train/train-xor fails it in grading, 20/23) passed every visible test
    from the student's install, 23/23, where the checkout's `grade check` failed it. The wheel ships course.py
    (it never travels into the sandbox): both fail train/train-xor alone, in the same words."""
    folder = tmp_path / "07-mlp-xor"
    folder.mkdir()
    files = solution_files("07-mlp-xor")
    nn = files["nn.py"]
    loop = ("        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))\n"
            "        history.append(loss.data)\n")
    assert nn.count(loop) == 1
    files["nn.py"] = nn.replace(loop, "        total = 0.0\n        for x, y in zip(XOR_INPUTS, XOR_TARGETS):\n"
                                      "            loss = (model(x) - y) ** 2\n            total += loss.data\n"
                                      "            model.zero_grad()\n            loss.backward()\n"
                                      "            for p in model.parameters():\n"
                                      "                p.data -= lr * p.grad\n"
                                      "        history.append(total)\n        continue\n")
    for name, text in files.items():
        (folder / name).write_text(text)
    installed = _grade(student_install, "check", str(folder), cwd=tmp_path)
    checkout = _checkout_grade("check", str(folder), cwd=tmp_path)
    assert (installed.returncode, installed.stderr) == (checkout.returncode, checkout.stderr)
    assert installed.stdout == checkout.stdout
    verdicts, _ = _verdicts(installed.stdout)
    assert [name for status, name in verdicts if status != "PASS"] == ["train/train-xor"]


def test_the_reference_engine_passes_every_visible_engine_test_from_the_student_install(student_install, tmp_path):
    """Issue 25: from the student wheel, `grade check reference/engine.py -e engine` printed 49 internal grader
    errors (ModuleNotFoundError: grader.variants, imported by judge/charging.py) and scored 3/63."""
    installed = _grade(student_install, "check", str(ROOT / "reference" / "engine.py"), "-e", "engine", cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr
    verdicts, score = _verdicts(installed.stdout)
    declared = [t for t in suite_tests(load_suite("engine")) if t["visibility"] == "visible"]
    assert verdicts == [("PASS", t["name"]) for t in declared]
    assert "internal grader error" not in installed.stdout + installed.stderr


def test_the_student_install_says_why_without_the_variant_library(student_install, tmp_path):
    """Issue 30.7: the student wheel's check gave expected vs got but no `why:`. It gives every part of the
    diagnosis that ships no solution: a local derivative read off the student's numbers, a source hint."""
    from grader.variants import variant

    for name, why in (("tanh-one-minus-t", "why:  Your tanh backward computes 1 − t instead of 1 − t²"),
                      ("mul-assign-not-accumulate", "why:  A backward rule sets `grad` with `=` instead of adding")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "engine.py").write_text(variant(name).source())
        installed = _grade(student_install, "check", str(tmp_path / name), "-e", "engine", cwd=tmp_path)
        assert why in installed.stdout, installed.stdout
        assert "Your gradients match an engine" not in installed.stdout  # the named variants stay the instructor's


def test_the_student_install_says_why_an_op_raised_as_the_checkout(student_install, tmp_path):
    """Session 23: a check diagnoses a row whose op raised (it diagnosed wrong numbers only), and from the student
    wheel its findings read only the expected values the wheel holds: the same `why:` as the checkout's, no
    internal error (the midgraph findings read hidden probes' values, which the wheel does not ship)."""
    code = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")
    assert code.count("t = math.tanh(self.data)") == 1
    entry = tmp_path / "typo.py"
    entry.write_text(code.replace("t = math.tanh(self.data)", "t = math.tanh(self.dat)"), encoding="utf-8")
    installed = _grade(student_install, "check", str(entry), "-e", "engine", cwd=tmp_path)
    checkout = _checkout_grade("check", str(entry), "-e", "engine", cwd=tmp_path)
    why = [[line for line in done.stdout.splitlines() if line.startswith("why:")] for done in (installed, checkout)]
    assert why[0] == why[1] and len(why[0]) == 1, (installed.stdout, installed.stderr)
    assert why[0][0].startswith("why:  Your `tanh` raises AttributeError. ") and "typo.py, line " in why[0][0]
    assert "internal" not in installed.stdout + installed.stderr


def test_a_failing_check_reads_word_for_word_alike_from_the_student_install_and_the_checkout(student_install,
                                                                                             tmp_path):
    """Issue 30.10: the wheel's stored values were written with sorted keys, so a failing test named the first
    differing node in another order (`a * b.grad` from the wheel, `a.grad` from the checkout); and a node named
    by an expression is written `(a * b).grad`, which does not read as `a * (b.grad)`."""
    from grader.variants import variant

    folder = tmp_path / "01-mul-backward"
    folder.mkdir()
    (folder / "engine.py").write_text(variant("mul-self-data").source())
    installed = _grade(student_install, "check", str(folder), cwd=tmp_path)
    checkout = _checkout_grade("check", str(folder), cwd=tmp_path)
    tests = [[line for line in done.stdout.splitlines() if line.startswith(("PASS  ", "FAIL  ", "SKIP  "))]
             for done in (installed, checkout)]
    assert tests[0] == tests[1] and any(line.startswith("FAIL  mul/chain ") for line in tests[0])
    assert "a * b.grad" not in installed.stdout + checkout.stdout


def test_the_student_install_says_alike_what_it_cannot_do(student_install, tmp_path):
    handout = _grade(student_install, "handout", str(tmp_path / "out"), cwd=tmp_path)
    starters = _grade(student_install, "starters", "--check", cwd=tmp_path)
    assert handout.returncode == starters.returncode == 1
    for done, command in ((handout, "`grade handout`"), (starters, "`grade starters`")):
        assert done.stderr == (
            f"Error: {command} needs the instructor's part of the grader (the reference solution, the hidden "
            "suites and the bug variants), which a student's install does not hold: "
            'pip install "micrograd-grader[instructor]", or install from the course\'s checkout (pip install -e .)\n')
    (tmp_path / "class" / "alice").mkdir(parents=True)
    (tmp_path / "class" / "alice" / "engine.py").write_text(solution_files("03-tanh")["engine.py"])
    graded = _grade(student_install, str(tmp_path / "class"), cwd=tmp_path)
    assert graded.returncode == 1 and graded.stderr.startswith(
        "Error: Grading needs the instructor's part of the grader (the reference solution, the hidden suites")
    write_tests = _grade(student_install, "check", str(ROOT / "exercises" / "09-write-tests"), cwd=tmp_path)
    assert write_tests.returncode == 1
    assert write_tests.stderr.startswith("Error: 09-write-tests cannot be checked from a student's install: "
                                         "its probes need engines.json")


def test_grade_handout_works_from_the_instructor_install(instructor_install, tmp_path):
    done = _grade(instructor_install, "handout", str(tmp_path / "out"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Wrote ") and f"for {len(COURSE)} exercises" in done.stdout
    assert (tmp_path / "out" / "03-tanh" / "engine.py").read_bytes() == (ROOT / "exercises/03-tanh/engine.py").read_bytes()
    assert "What runs where" in (tmp_path / "out" / "README.md").read_text()
    starters = _grade(instructor_install, "starters", "--check", cwd=tmp_path)
    assert starters.returncode == 0, starters.stdout + starters.stderr

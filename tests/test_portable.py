"""The portable worker (grader/sandbox/portable.py), forced on Linux by hiding bubblewrap, prlimit
and setpriv from PATH: what a student's `grade check` runs on macOS or Windows."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from checkout_support import checkout_env, imported_grader

from grader.pipeline import grade
from grader.sandbox import Limits, Sandbox, SandboxUnavailable, open_sandbox
from grader.sandbox.host import find_python
from grader.sandbox.portable import NOTICE, PortableSandbox
from grader.classroom.starters import solution_files
from grader.classroom.student_check import check, report_lines

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
SANDBOX_TOOLS = ("bwrap", "prlimit", "setpriv")
LIMITS = Limits(probe_seconds=2, import_seconds=10, submission_seconds=60)
# Elsewhere every grading test runs on the portable worker anyway; here it is forced on Linux.
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="compares with the Linux sandbox")



@pytest.fixture(scope="module")
def path_without_sandbox_tools(tmp_path_factory):
    """A PATH that holds every program of this one except the Linux sandbox's tools."""
    folder = tmp_path_factory.mktemp("bin")
    for directory in os.environ["PATH"].split(os.pathsep):
        if not os.path.isdir(directory):
            continue
        for name in os.listdir(directory):
            target = folder / name
            if name not in SANDBOX_TOOLS and not target.exists():
                target.symlink_to(Path(directory) / name)
    assert not any(shutil.which(tool, path=str(folder)) for tool in SANDBOX_TOOLS)
    return str(folder)


@pytest.fixture
def portable(monkeypatch, path_without_sandbox_tools):
    monkeypatch.setenv("PATH", path_without_sandbox_tools)


def _solved_03(tmp_path, old=None, new=None):
    folder = tmp_path / "03-tanh"
    folder.mkdir()
    engine = solution_files("03-tanh")["engine.py"]
    if old is not None:
        assert engine.count(old) == 1
        engine = engine.replace(old, new)
    (folder / "engine.py").write_text(engine)
    return folder


def test_without_the_sandbox_tools_the_portable_worker_is_chosen(portable):
    box = open_sandbox(LIMITS)
    try:
        assert isinstance(box, PortableSandbox) and box.strength == "portable"
        assert box.warning.startswith("the Linux sandbox's tools (prlimit, bubblewrap, setpriv) are not installed")
    finally:
        box.close()
    with pytest.raises(SandboxUnavailable, match="the full sandbox needs Linux with bubblewrap"):
        open_sandbox(LIMITS, require=True)


def test_with_the_tools_the_linux_sandbox_is_chosen():
    box = open_sandbox(LIMITS)
    try:
        assert isinstance(box, Sandbox)
    finally:
        box.close()


@pytest.mark.slow  # grades a class of ten twice: in the sandbox and in the portable worker
def test_same_verdicts_as_the_sandbox_on_a_class_of_several_styles(tmp_path, monkeypatch, path_without_sandbox_tools):
    cases = ["correct-closures", "correct-edgelist", "correct-kahn", "bug-mul-assign", "bug-tanh-input",
             "bug-forward-order", "bug-recursive-topo", "bug-radd-missing", "bug-no-visited"]
    (tmp_path / "class").mkdir()
    for case in cases:
        shutil.copytree(FIXTURES / "submissions" / case, tmp_path / "class" / case)
    shutil.copytree(FIXTURES / "general" / "correct-slots-identity", tmp_path / "class" / "slots")
    shutil.copytree(FIXTURES / "general" / "bug-zero-in-loop", tmp_path / "class" / "zero-in-loop")
    sandboxed = grade(tmp_path / "class", limits=LIMITS, jobs=2)
    monkeypatch.setenv("PATH", path_without_sandbox_tools)
    plain = grade(tmp_path / "class", limits=LIMITS, jobs=2)
    assert sandboxed.sandbox == "bubblewrap" and plain.sandbox == "portable"

    def verdicts(result):
        return {row["id"]: (row["status"], row["score"], [(t["name"], t["status"], t["output"]) for t in row["tests"]],
                            row.get("diagnosis")) for row in result.scores["submissions"]}

    # The sandbox runs the engine on the system's Python (sandbox/host.find_python), the portable worker on the
    # grader's own: where they are two versions, an exception's message is each one's words. Of this class's, only
    # bug-recursive-topo's RecursionError differs: "maximum recursion depth exceeded while calling a Python object"
    # up to 3.11, "maximum recursion depth exceeded" from 3.12.
    system = subprocess.run([find_python(), "-c", "import sys; print(sys.version_info >= (3, 12))"],
                            capture_output=True, text=True, check=True).stdout.strip() == "True"
    if system == (sys.version_info >= (3, 12)):
        assert verdicts(plain) == verdicts(sandboxed)
    else:
        older, newer = (json.dumps(verdicts(r)) for r in ((plain, sandboxed) if system else (sandboxed, plain)))
        # seven times on this class: in the failing tests' outputs and in the diagnosis
        assert older.count(" while calling a Python object") == 7 and " while calling" not in newer
        assert older.replace(" while calling a Python object", "") == newer
    scores = {row["id"]: row["score"] for row in plain.scores["submissions"]}
    assert scores["correct-closures"] == plain.scores["submissions"][0]["max_score"]
    assert scores["bug-mul-assign"] < scores["correct-closures"]


def test_a_loop_is_stopped_at_the_probe_limit_and_costs_only_its_tests(portable, tmp_path):
    folder = _solved_03(tmp_path, "t = math.tanh(self.data)",
                        "t = math.tanh(self.data)\n        while self.data == 2.0:\n            pass")
    result = check(folder, limits=Limits(probe_seconds=1))
    status = {t["name"]: (t["status"], t["output"]) for t in result.tests}
    # the portable worker's clock is the wall clock: a busy laptop could have spent it, so it is not cached
    assert status["tanh/two"] == ("timeout", "y = tanh(x) at x = 2: did not finish within 1 s by the wall clock (this "
                                  "machine cannot tell a busy CPU from a slow engine): it will be observed again, and "
                                  "is not cached (1 of 2 expressions right or already charged elsewhere)")
    assert {name for name, (s, _) in status.items() if s != "passed"} == {"tanh/two"}
    assert [str(note) for note in result.notes] == [NOTICE]


def test_a_timeout_of_the_portable_worker_is_never_the_machines_that_grade_serve_refunds(portable, tmp_path):
    """The portable worker cannot tell a busy machine from a loop (its clock is the wall clock): its timeouts are
    observed again and never cached, but a row it times out is not `starved`, the machine's doing that `grade serve`
    refunds. Session 30 (review30): as first landed, a loop at import was `starved` there, and `grade serve` refunded
    it, uncounted and without feedback, as "the server was too busy", every time it was sent."""
    pytest.importorskip("sqlalchemy", reason="the [serve] extra is not installed")
    from types import SimpleNamespace

    from grader.serve.grading import Worker

    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "spin.py").write_text("while True:\n    pass\n", encoding="utf-8")
    (row,) = grade(tmp_path / "class", limits=Limits(probe_seconds=1, import_seconds=0.5, submission_seconds=2),
                   jobs=1).scores["submissions"]
    assert (row["status"], "starved" in row, row["message"]) == (
        "timeout", False, "importing spin.py did not finish within 0.5 s by the wall clock (this machine cannot tell a "
                          "busy CPU from a slow engine): it will be observed again, and is not cached")
    values = Worker._values(SimpleNamespace(student="s", filename="spin.py"), row, None, 1.0)
    assert (values["status"], values.get("charged", True), values.get("refund_reason")) == ("graded", True, None)


def test_a_memory_grab_is_stopped(portable, tmp_path):
    folder = _solved_03(tmp_path, "t = math.tanh(self.data)",
                        "t = math.tanh(self.data)\n        if self.data == 0:\n"
                        "            hoard = [bytearray(64 << 20) for _ in range(1000)]")
    result = check(folder, limits=Limits(memory_mb=512))
    status = {t["name"]: (t["status"], t["output"]) for t in result.tests}
    assert status["tanh/zero"][0] == "error"
    assert status["tanh/zero"][1].startswith("y = tanh(x) at x = 0: your engine raised MemoryError")
    assert {name for name, (s, _) in status.items() if s != "passed"} == {"tanh/zero"}


def _python(args, cwd=None, **env):
    """This Python run with `args` in `cwd`, its environment this process's with `env`, and the checkout under test
    first on its PYTHONPATH (checkout_env)."""
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=cwd, env=checkout_env(**env),
                          timeout=120)


def test_the_cli_imports_the_checkout_under_test(tmp_path, monkeypatch):
    """_python's process imports the grader of the checkout this file is in, from another folder and whatever
    PYTHONPATH says: `python -m grader check` imported the installed grader (the venv's editable install, another
    checkout's), or the one of the folder pytest was started in, unless pytest-xdist had set PYTHONPATH to this one."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    done = _python(["-c", "import grader; print(grader.__file__)"], cwd=tmp_path)
    assert (done.returncode, imported_grader(done.stdout)) == (0, [str(ROOT)]), done.stderr


def test_the_cli_says_in_one_line_that_this_is_not_the_grade(path_without_sandbox_tools, tmp_path):
    folder = _solved_03(tmp_path)
    done = _python(["-m", "grader", "check", str(folder)], PATH=path_without_sandbox_tools)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines.count(f"note: {NOTICE}") == 1
    assert lines[-1] == report_lines(check(folder))[-1]  # the same score as in the sandbox: every test passes
    assert all(line.startswith("PASS  ") for line in lines[1:-2])


def test_the_sandboxed_check_says_nothing_of_the_kind(tmp_path):
    lines = report_lines(check(_solved_03(tmp_path)))
    assert not any(NOTICE in line for line in lines)


WRITES = [
    'open("notes.txt", "w").write("x")',  # beside itself, by a relative name
    'open(__file__, "a")',  # its own file
    'import os; os.mkdir(os.path.join(os.path.dirname(__file__), "cache"))',
    'import pathlib; pathlib.Path(__file__).with_suffix(".bak").write_text("x")',
    'import os; os.rename(__file__, __file__ + ".old")',
]


@pytest.mark.parametrize("write", WRITES)
def test_a_write_beside_itself_fails_in_the_portable_worker_as_in_the_sandbox(tmp_path, monkeypatch,
                                                                             path_without_sandbox_tools, write):
    """Session 24 (bench/seams/fresh24.py): the folder is read-only in the sandbox, so such an engine crashes at
    import there, and scored 63/63 in a student's portable check. The same row now, read-only file system."""
    (tmp_path / "class" / "alice").mkdir(parents=True)
    engine = solution_files("03-tanh")["engine.py"] + "\n" + write + "\n"
    (tmp_path / "class" / "alice" / "engine.py").write_text(engine, encoding="utf-8")
    sandboxed = grade(tmp_path / "class", exercise="03-tanh", limits=LIMITS, jobs=1)
    monkeypatch.setenv("PATH", path_without_sandbox_tools)
    plain = grade(tmp_path / "class", exercise="03-tanh", limits=LIMITS, jobs=1)
    assert (sandboxed.sandbox, plain.sandbox) == ("bubblewrap", "portable")
    [row], [plain_row] = sandboxed.scores["submissions"], plain.scores["submissions"]
    assert (row["status"], row["score"]) == ("graded", 0)
    imports = row["tests"][0]
    assert (imports["name"], imports["status"], imports["exception"]) == ("engine/imports", "failed", "OSError")
    assert "OSError: [Errno 30] Read-only file system: " in imports["output"]
    assert sorted(os.listdir(tmp_path / "class" / "alice")) == ["engine.py"]  # nothing written
    # the same row but for the path the error names: each worker's own scratch folder (docs/security.md)
    def same(r):
        test = r["tests"][0]
        return (r["status"], r["score"], test["status"], test["exception"],
                re.sub(r"'/(?:[^']*/)?(?:work|sandbox)/", "'…/", test["output"]))

    assert same(plain_row) == same(row)


def test_held_a_write_to_tmp_and_reading_beside_itself_work_in_both(tmp_path, monkeypatch, path_without_sandbox_tools):
    (tmp_path / "class" / "alice").mkdir(parents=True)
    engine = (solution_files("03-tanh")["engine.py"] + "\nimport tempfile\nwith tempfile.TemporaryFile('w') as f:\n"
              "    f.write('x')\nSOURCE = open(__file__).read()\n")
    (tmp_path / "class" / "alice" / "engine.py").write_text(engine, encoding="utf-8")
    for path in (None, path_without_sandbox_tools):
        if path:
            monkeypatch.setenv("PATH", path)
        [row] = grade(tmp_path / "class", exercise="03-tanh", limits=LIMITS, jobs=1).scores["submissions"]
        assert (row["status"], row["score"]) == ("graded", row["max_score"])

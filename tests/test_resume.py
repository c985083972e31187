"""An interrupted batch (Ctrl-C or kill -9) resumes where it stopped, with the same final scores."""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from checkout_support import checkout_env, imported_grader
from costs import slow_fixture

pytestmark = pytest.mark.slow  # grades a class in a subprocess, then kills and resumes it

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "submissions"


def _class(folder, n=14):
    folder.mkdir()
    cases = sorted(p for p in FIXTURES.iterdir() if p.is_dir())
    for i in range(n):
        case = cases[i % len(cases)]
        # distinct files, so that every entry is observed (and cached) on its own
        (folder / f"s{i:02d}.py").write_text(f"# {i}\n" + (case / "engine.py").read_text())


# `python -m grader` as a terminal starts it: with SIGINT at its default, so that Python makes it a
# KeyboardInterrupt. A process started with SIGINT ignored (a script's background job, nohup) passes that on to
# its children, and Python then leaves it ignored: the Ctrl-C below would do nothing.
AS_FROM_A_TERMINAL = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                      "os.execv(sys.executable, [sys.executable, '-m', 'grader', *sys.argv[1:]])")


def _grade(folder, out, cache, *extra):
    # the sandbox's scratch folders go under this test's own tmp folder, so its processes can be told apart
    tmp = folder.parent / "tmp"
    tmp.mkdir(exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-c", AS_FROM_A_TERMINAL, "run", str(folder), "-o", str(out), "--cache-dir", str(cache),
         "--jobs", "2", "-q", *extra],
        cwd=folder.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env=_env(tmp),
    )


def _env(tmp):
    """The environment of the graders these tests start: this process's, with their scratch folders under `tmp`
    and the checkout under test first on PYTHONPATH (checkout_env)."""
    return checkout_env(TMPDIR=str(tmp))


def test_the_graders_import_the_checkout_under_test(tmp_path, monkeypatch):
    """A grader started with _env, in a temporary folder as _grade starts it, imports the grader of the checkout this
    file is in whatever PYTHONPATH says: it imported the venv's editable install (another checkout's grader) unless
    pytest-xdist had set PYTHONPATH to this one."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    done = subprocess.run([sys.executable, "-c", "import grader; print(grader.__file__)"], capture_output=True,
                          text=True, cwd=tmp_path, env=_env(tmp_path), timeout=120)
    assert (done.returncode, imported_grader(done.stdout)) == (0, [str(ROOT)]), done.stderr


def _wait_for_cache(cache, at_least, proc, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cache.exists() and len(list(cache.glob("*.json"))) >= at_least:
            return
        if proc.poll() is not None:
            pytest.fail(f"grade ended before it was interrupted:\n{proc.stdout.read()}\n{proc.stderr.read()}")
        time.sleep(0.02)
    pytest.fail("the cache never filled")


def _processes_mentioning(path):
    """Live processes whose command line names `path` (a worker's scratch folder is under it)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    cmdline = f.read()
                with open(f"/proc/{entry}/stat") as f:
                    zombie = f.read().rsplit(")", 1)[1].split()[0] == "Z"
            except OSError:
                continue
            if str(path).encode() in cmdline and not zombie:
                found.append(int(entry))
    return found


LEFT_SECONDS = 10  # how long the processes of an interrupted batch may take to die


def _left_after(path, seconds):
    """The processes mentioning `path` still alive once they are all gone, or after `seconds`."""
    deadline = time.monotonic() + seconds
    while (left := _processes_mentioning(path)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


@slow_fixture(scope="module")
def graded_whole(tmp_path_factory):
    """The class graded uninterrupted: its folder, its cache, and the scores file's bytes."""
    tmp = tmp_path_factory.mktemp("whole")
    folder = tmp / "class"
    _class(folder)
    out = tmp / "scores.json"
    proc = _grade(folder, out, tmp / "cache")
    assert proc.wait(timeout=300) == 0, proc.stderr.read()
    return folder, tmp / "cache", out.read_bytes()


@pytest.fixture
def uninterrupted(graded_whole):
    return graded_whole[2]


@pytest.mark.parametrize("how", ["kill -9", "Ctrl-C", "SIGTERM"])
def test_interrupted_batch_resumes_to_identical_scores(tmp_path, uninterrupted, how):
    folder = tmp_path / "class"
    _class(folder)
    out, cache = tmp_path / "scores.json", tmp_path / "cache"
    proc = _grade(folder, out, cache)
    _wait_for_cache(cache, 4, proc)
    if how == "kill -9":
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=300)  # a hang's bound (README)
    else:
        # SIGTERM (a cancelled CI job) is handled as Ctrl-C is: workers killed, scratch folders removed
        os.kill(proc.pid, signal.SIGINT if how == "Ctrl-C" else signal.SIGTERM)
        assert proc.wait(timeout=300) == (130 if how == "Ctrl-C" else 143)
        said = "Interrupted" if how == "Ctrl-C" else "Terminated (SIGTERM)"
        assert (f"{said}: finished submissions are cached in {cache}; the batch can be resumed: run the same "
                f"command again. {out} was not written.") in proc.stderr.read()
        assert list(_scratch_parent(tmp_path).glob(f"grade-sandbox-{proc.pid}-*")) == []
    assert not out.exists()
    cached = len(list(cache.glob("*.json")))
    assert 4 <= cached < 14
    # a worker dies with its grader (its parent-death signal, bubblewrap's --die-with-parent): each hop of that
    # chain waits for a CPU to die, seconds on a loaded machine; a survivor would be there still after LEFT_SECONDS
    assert _left_after(tmp_path, LEFT_SECONDS) == []

    resumed = _grade(folder, out, cache)
    stdout, stderr = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, stderr
    assert f"{cached} from the cache" in stdout
    assert out.read_bytes() == uninterrupted
    # the killed grader's scratch folder (the runner, students' files) is removed by the next grader on the machine,
    # here the resumed one (grader/sandbox/leftovers.py: sweep_scratch); the others removed their own
    assert list(_scratch_parent(tmp_path).glob(f"grade-sandbox-{proc.pid}-*")) == []


def _scratch_parent(tmp_path):
    """Where _grade's graders put their scratch folders: its TMPDIR, or /tmp where the sandbox's uids cannot enter
    that (grader/sandbox/host.py: scratch_parent)."""
    said = subprocess.run([sys.executable, "-c", "import os; from grader.sandbox.host import scratch_parent; "
                           "print(scratch_parent(os.geteuid() == 0))"], capture_output=True, text=True, check=True,
                          env=_env(tmp_path / "tmp"))
    return Path(said.stdout.strip())


def test_regrading_an_unchanged_class_observes_nothing(tmp_path, graded_whole):
    """The class graded uninterrupted, graded again with its cache (into a scores file of this test's: the fixture's
    bytes are what every resumed batch is compared with)."""
    folder, cache, before = graded_whole
    out = tmp_path / "scores.json"
    second = _grade(folder, out, cache)
    stdout, _ = second.communicate(timeout=300)
    assert second.returncode == 0
    assert "14 from the cache" in stdout
    assert out.read_bytes() == before

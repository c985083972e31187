"""What a grader that runs for days keeps of the submissions it graded: nothing.

`grade serve`'s pool workers and `grade worker`'s horse grade thousands of submissions in one process, the
horse with one sandbox for all of them (grader/fleet/worker.py: observe_submission on the machine's sandbox),
the service with one per batch (grader/serve/grading.py: the pipeline). So, in one sandbox, hostile submissions
(a fork storm, daemons in sessions of their own, a loop that ignores SIGTERM, a segfault, an exit, a flood)
observed one after another each leave: no child of this process, alive or a zombie; the same descriptors,
threads and scratch folder as after the first; and once the sandbox is closed, the descriptors and threads of
before it was opened. The grader adopts what its workers orphan (claim.adopt_orphans) and reaps it, told from
its own children by the slot's cgroup or uid (claim.reap_adopted): a grader without a uid per slot (not root)
and without bubblewrap's pid namespace left every daemon and every process of a fork storm as its zombie until
it exited (4,468 after one fork storm; 5 per observation of DAEMONS below).

And the scratch folder of a grader killed mid-batch (it holds the runner and submissions' files) is removed by
the next grader (leftovers.sweep_scratch), never one that is in use."""

import fcntl
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from checkout_support import another_checkout, checkout_env, imported_grader

from grader.load import load_submissions
from grader.observe import observe_submission
from grader.sandbox import Limits, Sandbox
from grader.sandbox.accounting import CgroupTree
from grader.sandbox.host import linux_sandbox_missing
from grader.sandbox.leftovers import scratch_root, sweep_scratch
from grader.suites import load_suite

pytestmark = pytest.mark.skipif(linux_sandbox_missing() is not None, reason="the Linux sandbox only")

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
LIMITS = Limits(probe_seconds=1, import_seconds=1, submission_seconds=10, memory_mb=1024)
CORRECT = (FIXTURES / "submissions" / "correct-kahn" / "engine.py").read_text()
# five daemons, each double-forked into a session of its own (out of the worker's process group, orphaned to
# the grader), asleep until killed; then a correct engine
DAEMONS = """import os, time
for _ in range(5):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(600)
        os._exit(0)
    os.wait()
""" + CORRECT
# (entry, engine.py or a fixture folder, the run's status)
HOSTILE = {"fork-storm": "timeout", "background-daemon": "ok", "loop-sigterm-ignored": "timeout",
           "segfault-recursion": "crashed", "exit-os-import": "crashed", "print-flood": "ok"}


def _children():
    """This process's children, of every thread (an orphan is adopted by one of them), and the zombies among them."""
    pids = set()
    for task in os.listdir("/proc/self/task"):
        try:
            pids.update(int(p) for p in Path(f"/proc/self/task/{task}/children").read_text().split())
        except FileNotFoundError:
            pass
    zombies = set()
    for pid in pids:
        try:
            if Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z":
                zombies.add(pid)
        except FileNotFoundError:
            pass
    return pids, zombies


def _state(box=None):
    pids, zombies = _children()
    return {"children": len(pids), "zombies": len(zombies), "descriptors": len(os.listdir("/proc/self/fd")),
            "threads": threading.active_count(), "scratch": sorted(os.listdir(box.root)) if box else None}


def _class(folder, entries):
    folder.mkdir()
    for name in entries:
        if name in ("correct", "daemons"):
            (folder / name).mkdir()
            (folder / name / "engine.py").write_text(CORRECT if name == "correct" else DAEMONS)
        else:
            (folder / name).mkdir()
            # background-daemon writes into the hostile batch's decoys (/tmp/grader-hostile-decoy*): observed here
            # without bubblewrap, it sees the machine's /tmp, and wrote into the decoy of tests/test_hostile.py's
            # batch observed meanwhile in another pytest worker (its test_no_file_outside_the_grading_folders_changed
            # failed so): aimed here at this test's own folder
            code = (FIXTURES / "hostile" / name / "engine.py").read_bytes()
            (folder / name / "engine.py").write_bytes(code.replace(b"/tmp/grader-hostile-decoy*",
                                                                   os.fsencode(folder.parent / "decoy*")))
    return folder


def _observe_one_by_one(kind, folder):
    """Observe the class in `folder` in one sandbox (`kind`), one submission after another, in this process: what
    it holds before, after each observation (and a moment after the last), and once the sandbox is closed."""
    suite = load_suite("engine")
    before = _state()
    box = Sandbox(LIMITS, use_bwrap=kind == "bubblewrap")
    try:
        if kind == "bubblewrap" and box.bwrap is None:
            return {"skip": f"bubblewrap cannot be used here: {box.warning}"}
        if kind.endswith("no uid of its own"):
            if box.cgroups is None:
                return {"skip": "without cgroup v2 nor a uid per slot, nothing tells a worker's orphan from the "
                                "grader's own child (docs/security.md)"}
            box.is_root = False
        states, seen = [], {}
        for submission in load_submissions(str(folder), suite):
            run = observe_submission(submission, suite, box, 0)
            seen[submission.id] = run["status"]
            states.append([submission.id, _state(box)])
        time.sleep(0.2)  # a daemon killed late would show as a zombie by now
        late = _state(box)
    finally:
        box.close()
    return {"before": before, "states": states, "seen": seen, "late": late, "after": _state()}


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["bubblewrap", "no bubblewrap", "no bubblewrap, no uid of its own"])
def test_a_long_lived_sandbox_keeps_nothing_of_the_submissions_it_observed(kind, tmp_path):
    # in a process of its own, as `grade serve`'s pool worker is: a pytest worker holds what earlier tests left it
    # (a browser's processes, orphaned to it while it was a subreaper, die as its zombies: 42 on one CI run)
    statuses = {"correct": "ok", "daemons": "ok"}
    if kind.endswith("no uid of its own"):
        # as a grader that is not root: the workers run as its own uid (no process limit: no fork storm here, nor
        # the daemon that writes into other graders' folders); only the slot's cgroup tells their orphans apart
        statuses.update({"segfault-recursion": "crashed", "exit-os-import": "crashed"})
    else:
        statuses.update(HOSTILE)
    folder = _class(tmp_path / "class", statuses)
    done = subprocess.run([sys.executable, __file__, kind, str(folder)], capture_output=True, text=True,
                          env=checkout_env(), timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    if "skip" in found:
        pytest.skip(found["skip"])
    first = found["states"][0][1]
    for submission, state in found["states"]:
        assert (submission, state) == (submission, dict(first, children=0, zombies=0))
    assert found["seen"] == statuses
    assert found["late"] == first
    assert found["after"] == found["before"] and found["after"]["children"] == 0


def _grader_holding_a_scratch_root(parent):
    """A process that made its scratch folder in `parent` as a grader does, wrote a submission's file in it and
    waits; and that folder."""
    code = ("import sys, time\nfrom grader.sandbox.leftovers import scratch_root\n"
            "path, fd = scratch_root(sys.argv[1])\nopen(path + '/engine.py', 'w').write('student code')\n"
            "print(path, flush=True)\ntime.sleep(600)\n")
    proc = _python(code, str(parent), stdout=subprocess.PIPE)
    return proc, Path(proc.stdout.readline().strip())


def _python(code, *args, **popen):
    """This Python running `code` with `args`, in the checkout's folder and that checkout first on its PYTHONPATH
    (checkout_env), started with subprocess.Popen's `popen`."""
    return subprocess.Popen([sys.executable, "-c", code, *args], text=True, cwd=ROOT, env=checkout_env(), **popen)


def test_the_graders_started_here_import_the_checkout_under_test(tmp_path, monkeypatch):
    """_python's process imports the grader of the checkout this file is in, whatever PYTHONPATH says and whatever
    folder pytest runs in: its `python -c` inherited that folder, whose grader comes first (another checkout's)."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.chdir(another_checkout(tmp_path))
    proc = _python("import grader; print(grader.__file__)", stdout=subprocess.PIPE)
    printed, _ = proc.communicate(timeout=120)
    assert (proc.returncode, imported_grader(printed)) == (0, [str(ROOT)])


def _dead_pid():
    proc = subprocess.Popen([sys.executable, "-c", ""])
    proc.wait()
    return proc.pid


def _names(folder):
    return sorted(p.name for p in folder.iterdir())


def test_the_scratch_folder_of_a_grader_killed_mid_batch_is_removed_by_the_next_one(tmp_path):
    killed, killed_root = _grader_holding_a_scratch_root(tmp_path)
    alive, alive_root = _grader_holding_a_scratch_root(tmp_path)
    held = None
    try:
        killed.send_signal(signal.SIGKILL)
        killed.wait()
        # a grader in another pid namespace sharing the folder: its pid is not alive here, its flock is held
        elsewhere = tmp_path / f"grade-sandbox-{_dead_pid()}-held"
        elsewhere.mkdir()
        held = os.open(elsewhere, os.O_RDONLY | os.O_DIRECTORY)
        fcntl.flock(held, fcntl.LOCK_EX)
        (tmp_path / "grade-sandbox-abcd1234").mkdir()  # a grader's from before the flock (no pid in its name)
        link = tmp_path / f"grade-sandbox-{_dead_pid()}-link"  # never followed
        link.symlink_to(tmp_path / "grade-sandbox-abcd1234")
        assert (killed_root / "engine.py").read_text() == "student code"
        assert sweep_scratch(tmp_path) == 1
        assert _names(tmp_path) == sorted([alive_root.name, elsewhere.name, "grade-sandbox-abcd1234", link.name])
        os.close(held)
        held = None
        assert sweep_scratch(tmp_path) == 1 and not elsewhere.exists()
    finally:
        if held is not None:
            os.close(held)
        alive.kill()
        alive.wait()
    assert sweep_scratch(tmp_path) == 1
    assert _names(tmp_path) == sorted(["grade-sandbox-abcd1234", link.name])


# A grader in a process of its own: its tree of cgroups, with itself in slot 0 as its worker, until its stdin ends.
NEIGHBOUR = """import os, sys
from grader.sandbox.accounting import CgroupTree
tree, why_not = CgroupTree.create(processes=64)
if tree is not None:
    with open(tree.procs_file(0), "w") as f:
        f.write(str(os.getpid()))
print(tree.folder if tree is not None else "", flush=True)
sys.stdin.read()
tree is not None and tree.close()
"""


def test_a_sandbox_sweeps_once_and_holds_its_own_scratch_folder_while_it_is_open(tmp_path, monkeypatch):
    """Its scratch sweep only: with every pid made to look dead, the sandbox's sweep of killed graders' cgroups
    (accounting.CgroupTree.create, once per process) would take every live grader's tree on the machine for a
    leftover, and kill its workers and remove its slots. Where this test was the first in its pytest worker to
    open a sandbox, that is what it did to the graders running beside it: another worker's hostile batch lost the
    worker it was observing (tests/test_hostile.py, `surrogate-messages`' output found empty once) and could place
    no other. A neighbour, a grader in a process of its own, is here to show that it is left alone."""
    left, fd = scratch_root(tmp_path)  # as a killed grader left it: no flock held
    os.close(fd)
    neighbour = _python(NEIGHBOUR, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        tree = neighbour.stdout.readline().strip()
        # every pid, as from another namespace
        monkeypatch.setattr("grader.sandbox.leftovers._alive", lambda pid: False)
        monkeypatch.setattr("grader.sandbox.scratch_parent", lambda workers_have_own_uids: str(tmp_path))
        monkeypatch.setattr(Sandbox, "_swept", False)
        monkeypatch.setattr(CgroupTree, "_swept", True)  # the cgroup sweep's own test: test_sandbox_accounting.py
        box = Sandbox(LIMITS, use_bwrap=False)
        try:
            assert not Path(left).exists() and box.root.parent == tmp_path
            assert box.root.name.startswith(f"grade-sandbox-{os.getpid()}-")
            assert sweep_scratch(tmp_path) == 0 and box.root.is_dir()
        finally:
            box.close()
        assert [name for name in _names(tmp_path) if name.startswith("grade-sandbox-")] == []
        assert neighbour.poll() is None and (not tree or os.path.isdir(tree))  # its tree, and its worker, are there
    finally:
        neighbour.stdin.close()
        neighbour.wait(timeout=60)


@pytest.mark.parametrize("exception", [KeyboardInterrupt, RuntimeError])
def test_a_scratch_sweep_that_is_stopped_runs_again_at_the_next_opening(exception, tmp_path, monkeypatch):
    """The scratch sweep runs once a process: it counted as done before it ran, so one stopped (a Ctrl-C, an error)
    left killed graders' folders until the process ended. Stopped, it reaches the caller; the next sandbox opened
    sweeps, and the one after does not sweep again."""
    import grader.sandbox as sandbox_module

    left = tmp_path / f"grade-sandbox-{_dead_pid()}-left"  # a killed grader's: its pid gone, no flock held
    left.mkdir()
    monkeypatch.setattr(sandbox_module, "scratch_parent", lambda workers_have_own_uids: str(tmp_path))
    monkeypatch.setattr(Sandbox, "_swept", False)
    monkeypatch.setattr(CgroupTree, "_swept", True)  # the cgroup sweep's own test: test_sandbox_cgroups.py
    sweeps = []

    def stopped_once(parent):
        sweeps.append(parent)
        if len(sweeps) == 1:
            raise exception
        return sweep_scratch(parent)

    monkeypatch.setattr(sandbox_module, "sweep_scratch", stopped_once)
    with pytest.raises(exception):
        Sandbox(LIMITS, use_bwrap=False)
    assert (Sandbox._swept, _names(tmp_path)) == (False, [left.name])
    for _ in range(2):
        Sandbox(LIMITS, use_bwrap=False).close()
    assert (Sandbox._swept, _names(tmp_path), sweeps) == (True, [], [str(tmp_path)] * 2)


def test_a_forked_child_of_a_subreaper_is_made_one_again():
    """The kernel does not pass PR_SET_CHILD_SUBREAPER on to a forked child: a process that forks after it began to
    adopt (a fleet worker's horse) must ask again, or its workers' orphans go to its parent, which never reaps them."""
    import ctypes

    from grader.sandbox import claim

    assert claim.adopt_orphans()
    libc = ctypes.CDLL(None, use_errno=True)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            flag = ctypes.c_int(-1)
            said = claim.adopt_orphans() and libc.prctl(37, ctypes.byref(flag), 0, 0, 0) == 0  # PR_GET_CHILD_SUBREAPER
            os.write(write, b"%d" % (flag.value if said else -2))
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as f:
        told = f.read()
    os.waitpid(pid, 0)
    assert told == b"1"


@pytest.mark.parametrize("fails", ["the worker's start", "the first reading of its CPU time"])
def test_a_worker_that_cannot_be_started_or_watched_leaves_no_descriptor_nor_process(fails, tmp_path, monkeypatch):
    """A start that fails (fork refused under a pid or memory shortage, too many open files) is this submission's
    grader error, and the batch goes on: its pipes are closed and its worker, if it started, killed, or each failure
    would leave two descriptors (and a worker) in a process that grades for days."""
    suite = load_suite("engine")
    submission = load_submissions(str(_class(tmp_path / "class", ["correct"])), suite)[0]
    box = Sandbox(LIMITS, use_bwrap=False)
    try:
        observe_submission(submission, suite, box, 0)  # the slot's descriptors opened once (its cgroup's files)
        before = _state(box)
        if fails == "the worker's start":
            monkeypatch.setattr(box, "start", lambda *a, **k: (_ for _ in ()).throw(OSError(11, "fork refused")))
        else:
            monkeypatch.setattr(box, "usage", lambda *a, **k: (_ for _ in ()).throw(OSError(24, "too many files")))
        for _ in range(3):
            with pytest.raises(OSError):
                observe_submission(submission, suite, box, 0)
        assert _state(box) == before
    finally:
        box.close()


def _opened_by_a_subreaper():
    """A sandbox opened and closed by a process that adopts its descendants' orphans already (claim.adopt_orphans, as
    a grader whose workers have started does): which of the opening's trials of bubblewrap ran, and this process's
    children after."""
    from grader.sandbox import claim

    assert claim.adopt_orphans()
    box = Sandbox(LIMITS)
    try:
        tried = {"bubblewrap works": box.bwrap is not None, "its seccomp filter works": box.seccomp is not None}
    finally:
        box.close()
    pids, zombies = _children()
    return dict(tried, children=len(pids), zombies=len(zombies))


def test_a_sandbox_opened_by_a_subreaper_leaves_no_zombie_of_its_trials():
    """Opening a sandbox tries bubblewrap (does it start here; does it load the seccomp filter), and bubblewrap's
    outer process leaves its sandbox process to whoever adopts orphans: a grader that already did (its second sandbox,
    `grade serve`'s next batch, a fleet worker) kept one zombie a trial for as long as it lived (2 an opening where the
    trials are not remembered, host_facts.py). In a process of its own, none remembered."""
    done = subprocess.run([sys.executable, __file__, "opened by a subreaper"], capture_output=True, text=True,
                          env=checkout_env(GRADE_HOST_FACTS="0"), timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    if not found["bubblewrap works"]:
        pytest.skip("bubblewrap cannot be used here: no trial of it leaves its sandbox process")
    assert found == {"bubblewrap works": True, "its seccomp filter works": True, "children": 0, "zombies": 0}


# the own process of test_a_long_lived_sandbox_keeps_nothing_of_the_submissions_it_observed and of
# test_a_sandbox_opened_by_a_subreaper_leaves_no_zombie_of_its_trials
if __name__ == "__main__":
    if sys.argv[1] == "opened by a subreaper":
        print(json.dumps(_opened_by_a_subreaper()))
    else:
        print(json.dumps(_observe_one_by_one(sys.argv[1], Path(sys.argv[2]))))

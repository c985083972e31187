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
it exited (4,468 after one fork storm; 5 per observation of DAEMONS below)."""

import os
import threading
import time
from pathlib import Path

import pytest

from grader.load import load_submissions
from grader.observe import observe_submission
from grader.sandbox import Limits, Sandbox
from grader.sandbox.host import linux_sandbox_missing
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
            (folder / name / "engine.py").write_bytes((FIXTURES / "hostile" / name / "engine.py").read_bytes())
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["bubblewrap", "no bubblewrap", "no bubblewrap, no uid of its own"])
def test_a_long_lived_sandbox_keeps_nothing_of_the_submissions_it_observed(kind, tmp_path):
    suite = load_suite("engine")
    before = _state()
    box = Sandbox(LIMITS, use_bwrap=kind == "bubblewrap")
    try:
        if kind == "bubblewrap" and box.bwrap is None:
            pytest.skip(f"bubblewrap cannot be used here: {box.warning}")
        statuses = {"correct": "ok", "daemons": "ok"}
        if kind.endswith("no uid of its own"):
            # as a grader that is not root: the workers run as its own uid (no process limit: no fork storm here, nor
            # the daemon that writes into other graders' folders); only the slot's cgroup tells their orphans apart
            if box.cgroups is None:
                pytest.skip("without cgroup v2 nor a uid per slot, nothing tells a worker's orphan from the "
                            "grader's own child (docs/security.md)")
            box.is_root = False
            statuses.update({"segfault-recursion": "crashed", "exit-os-import": "crashed"})
        else:
            statuses.update(HOSTILE)
        submissions = load_submissions(str(_class(tmp_path / "class", statuses)), suite)
        seen, first = {}, None
        for submission in submissions:
            run = observe_submission(submission, suite, box, 0)
            seen[submission.id] = run["status"]
            state = _state(box)
            first = first or state
            assert (submission.id, state) == (submission.id, dict(first, children=0, zombies=0))
        assert seen == statuses
        if kind.endswith("no uid of its own"):
            time.sleep(0.2)  # a daemon killed late would show as a zombie by now
            assert _state(box) == first
    finally:
        box.close()
    after = _state()
    assert after == before and after["children"] == 0

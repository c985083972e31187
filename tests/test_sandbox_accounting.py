"""A worker is charged for its own CPU time, counted over every process it starts, and a timeout
that measured the machine's load instead (a starved worker) is never cached (issue 11, item 8)."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grader.load import load_folder
from grader.observe import observe_all
from grader.observe.cache import ObservationCache
from grader.sandbox import Limits, Sandbox
from grader.sandbox import leftovers
from grader.sandbox.accounting import CgroupTree, Usage
from grader.suites import load_suite

# A double fork into a session of its own, then a spin of 0.4 s of CPU: gone from the process tree
# and the process group of whoever started it.
ESCAPED_SPINNER = """
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        t = time.process_time()
        while time.process_time() - t < 0.4:
            pass
        time.sleep(60)
    os._exit(0)
os.wait()
"""


def test_a_cgroup_counts_and_kills_a_setsid_grandchild():
    tree, why_not = CgroupTree.create(processes=64)
    if tree is None:
        pytest.skip(f"no cgroup v2 here: {why_not}")
    try:
        joined = ["/bin/sh", "-c", 'echo 0 > "$0" && exec "$@"', tree.procs_file(0)]  # in the slot before it forks
        proc = subprocess.Popen(joined + [sys.executable, "-c", ESCAPED_SPINNER])
        proc.wait(timeout=60)  # the child has exited; the grandchild spins on, out of its tree
        for _ in range(300):  # however loaded the machine, it burns its 0.4 s in the end
            if tree.usage(0, proc).cpu >= 0.4:
                break
            time.sleep(0.1)
        assert tree.usage(0, proc).cpu >= 0.4
        procs = Path(tree.folder, "slot-0", "cgroup.procs")
        assert procs.read_text().split()  # the grandchild is still there ...
        tree.kill(0)
        assert procs.read_text().split() == []  # ... until the slot is killed
    finally:
        tree.close()
    assert not os.path.exists(tree.folder)


SLEEPS_AT_IMPORT = "import time\ntime.sleep(30)\n\nclass Value:\n    pass\n"


def _starving_usage(slot, proc):
    """What a worker that waits for a CPU all the time looks like (a neighbour's hog): no CPU used,
    and every second of the wall clock spent waiting."""
    return Usage(0.0, time.monotonic())


def _unmeasured_usage(slot, proc):
    """A machine whose kernel tells no waiting time (no cpu.pressure with psi=0, no schedstat): a worker
    kept from the CPU all the time looks like one that sleeps."""
    return Usage(0.0, 0.0, waiting_measured=False)


@pytest.mark.parametrize("starved", [False, True, "unmeasured"])
def test_a_timeout_under_starvation_is_observed_again_and_never_cached(starved, tmp_path, monkeypatch):
    (tmp_path / "class" / "sleepy").mkdir(parents=True)
    (tmp_path / "class" / "sleepy" / "engine.py").write_text(SLEEPS_AT_IMPORT)
    suite = load_suite("engine")
    submissions = load_folder(tmp_path / "class", allowed_files=frozenset(suite.files))
    sandbox = Sandbox(Limits(import_seconds=0.3, probe_seconds=0.3, submission_seconds=5))
    started = []
    real_start = sandbox.start
    monkeypatch.setattr(sandbox, "start", lambda *a, **k: started.append(1) or real_start(*a, **k))
    if starved:
        monkeypatch.setattr(sandbox, "usage", _unmeasured_usage if starved == "unmeasured" else _starving_usage)
    cache = ObservationCache(tmp_path / "cache")
    try:
        runs = observe_all(submissions, suite, sandbox, jobs=1, cache=cache)
    finally:
        sandbox.close()
    run = runs["sleepy"]
    assert run["status"] == "timeout"
    if starved == "unmeasured":
        # the sleep backstop decided, and this machine cannot say that the worker was not kept waiting
        assert run["message"] == ("importing engine.py did not finish within 0.3 s by the wall clock (this machine "
                                  "cannot tell a busy CPU from a slow engine): it will be observed again, and is not "
                                  "cached")
        assert len(started) == 2 and list((tmp_path / "cache").iterdir()) == []
        # a guess: never the row's `starved`, which grade serve refunds (review30: it was, the portable worker's too)
        assert (run.get("starved"), run.get("waited_for_cpu")) == (True, None)
    elif starved:
        assert run["message"] == ("importing engine.py did not finish within 0.3 s while the machine was too busy "
                                  "to run it (it waited for a CPU): it will be observed again, and is not cached")
        assert len(started) == 2 and list((tmp_path / "cache").iterdir()) == []
        assert (run.get("starved"), run.get("waited_for_cpu")) == (True, True)
    else:
        # a sleeper waits for nothing: its timeout is its own, and cached
        assert run["message"] == "importing engine.py did not finish within 0.3 s"
        assert len(started) == 1 and len(list((tmp_path / "cache").iterdir())) == 1
        assert (run.get("starved"), run.get("waited_for_cpu")) == (None, None)


def test_the_cache_keeps_no_run_that_the_machine_may_have_decided(tmp_path):
    # One rule for every observer: this machine's pool and a fleet worker's result (grader/fleet/submit.py)
    # both go through ObservationCache.put, and a starved timeout from a busy worker machine is not kept.
    from grader.fleet.payload import job_result, read_result

    cache = ObservationCache(tmp_path)
    graded = {"id": "a", "status": "timeout", "message": "did not finish within 3 s", "import_error": None,
              "probes": {"add_values": {"status": "timeout", "error": "did not finish within 3 s"}}, "output": "",
              "seconds": 9.5}
    starved = dict(graded, starved=True)
    key, job_key = b"k" * 32, "c" * 64  # the fleet's key (grader/fleet/auth.py) and the job's
    from_a_worker = read_result(job_result(key=key, job_key=job_key, worker="w1", sandbox="bubblewrap", run=starved),
                                ["add_values"], key=key, job_key=job_key)["run"]
    cache.put("starved", from_a_worker, "bubblewrap")
    cache.put("errored", dict(graded, grader_error={"stage": "observing it", "detail": "Traceback ..."}), "bubblewrap")
    cache.put("graded", graded, "bubblewrap")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graded.json"]


def test_a_cgroup_left_by_a_killed_grader_with_this_pid_does_not_cost_the_cgroup_accounting():
    """A grader killed mid-batch leaves its cgroup folder; pids are reused, so a later grader may have the
    same pid: it takes another name rather than falling back to reading /proc."""
    tree, why_not = CgroupTree.create(processes=64)
    if tree is None:
        pytest.skip(f"no cgroup v2 here: {why_not}")
    parent = os.path.dirname(tree.folder)
    left = os.path.join(parent, f"micrograd-grader-{os.getpid()}-{CgroupTree._made + 1}{leftovers.HELD_SUFFIX}")
    os.mkdir(left)
    try:
        again, why_not = CgroupTree.create(processes=64)
        assert again is not None, why_not
        assert again.folder != left and os.path.isdir(again.folder)
        again.close()
    finally:
        os.rmdir(left)
        tree.close()


def test_the_cgroups_of_a_killed_grader_are_removed_and_what_ran_in_them_is_killed():
    """A SIGKILLed grader cannot close its cgroups; the next grader removes every tree whose grader is gone,
    killing first what a student left running in a slot (here a sleeper), and leaves a live grader's alone. These
    trees are named as graders before the lock named theirs (micrograd-grader-<pid>-<n>), judged by their pid;
    tests/test_sandbox_cgroups.py has the trees graders hold a lock on."""
    tree, why_not = CgroupTree.create(processes=64)
    if tree is None:
        pytest.skip(f"no cgroup v2 here: {why_not}")
    parent = os.path.dirname(tree.folder)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a pid that is no longer alive (the grader that was killed)
    left = os.path.join(parent, f"micrograd-grader-{gone.pid}-1")
    live = os.path.join(parent, f"micrograd-grader-{os.getppid()}-99")  # a grader that is still running
    sleeper = None
    try:
        os.makedirs(os.path.join(left, "slot-0"))
        os.mkdir(live)
        sleeper = subprocess.Popen(["sleep", "60"])
        with open(os.path.join(left, "slot-0", "cgroup.procs"), "w") as f:
            f.write(str(sleeper.pid))
        assert leftovers.sweep_leftovers(parent) >= 1
        assert not os.path.exists(left)
        assert os.path.isdir(live) and os.path.isdir(tree.folder)
        assert sleeper.wait(timeout=60) == -9  # killed by the sweep: it ends as soon as it gets a CPU
    finally:
        if sleeper is not None and sleeper.poll() is None:
            sleeper.kill()
        for path in (os.path.join(left, "slot-0"), left, live):
            if os.path.isdir(path):
                os.rmdir(path)
        tree.close()


def test_the_trial_that_a_process_can_join_a_cgroup_is_run_once_per_boot(boot_folder, monkeypatch):
    """Opening a sandbox tried moving a process of the grader's into the cgroup (as claim.py moves a worker's);
    its success is kept for the boot (host_facts.py), as the other trials are; a failure would be tried again."""
    import grader.sandbox.accounting as accounting
    moved = []
    real_popen = accounting.subprocess.Popen
    monkeypatch.setattr(accounting.subprocess, "Popen", lambda argv, **kw: moved.append(argv) or real_popen(argv, **kw))
    first, why_not = CgroupTree.create(processes=64)
    if first is None:
        pytest.skip(f"no cgroup v2 here: {why_not}")
    second, why_not = CgroupTree.create(processes=64)
    try:
        assert second is not None, why_not
        assert moved == [["/bin/sh", "-c", "read _"]]
        assert any(name.startswith("cgroup-move-") for name in os.listdir(boot_folder))
    finally:
        first.close()
        second and second.close()

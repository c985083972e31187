"""A worker's processes are put into the slot's cgroup, with OOM score 1000, by the grader while the worker
starts, and the worker imports nothing of the submission until the grader says go (grader/sandbox/claim.py):
one that cannot be placed never runs the submission."""

import os
import subprocess
import select
import shutil

import pytest

from grader.sandbox import Limits, Sandbox, claim
from grader.sandbox.accounting import ProcessTree
from grader.sandbox.host import linux_sandbox_missing
from grader.sandbox.uids import processes_of_uid
from grader.suites import load_suite

pytestmark = pytest.mark.skipif(linux_sandbox_missing() is not None, reason="the Linux sandbox only")

# prints what the submission's own process sees, then stays a while (so the test can look at its processes)
ENGINE = (b"import os, time\n"
          b"print('RAN with OOM score', open('/proc/self/oom_score_adj').read().strip(), flush=True)\n"
          b"time.sleep(0.5)\n"
          b"class Value:\n    pass\n")
REQUEST = {"module": "engine", "run": [], "forbid": [], "refuse": [], "modules": []}


def _lines(fd, until, seconds=30):
    """What arrives on pipe `fd` until a line holds `until` (or the pipe ends)."""
    data = b""
    while until not in data and select.select([fd], [], [], seconds)[0]:
        got = os.read(fd, 65536)
        if not got:
            break
        data += got
    return data.decode()


@pytest.fixture(params=["bwrap", "no bwrap", "bwrap, /proc accounting"])
def box(request):
    bwrap = request.param != "no bwrap"
    if bwrap and not shutil.which("bwrap"):
        pytest.skip("no bubblewrap here")
    sandbox = Sandbox(Limits(), use_bwrap=bwrap)
    if bwrap and sandbox.bwrap is None:
        sandbox.close()
        pytest.skip(f"bubblewrap does not work here: {sandbox.warning}")
    if request.param.endswith("/proc accounting"):  # as where cgroup v2 cannot be used: no cgroup to move into
        sandbox.accounting.close()
        sandbox.cgroups, sandbox.cgroup_memory = None, False
        sandbox.accounting = ProcessTree(sandbox._leased_uid, processes_of_uid)
    yield sandbox
    sandbox.close()


def _start(box, engine=ENGINE):
    base = box.prepare(0, {"engine.py": engine}, load_suite("engine").runner_files)
    obs, obs_w = os.pipe()
    out, out_w = os.pipe()
    try:
        proc = box.start(0, base, REQUEST, obs_w, out_w)
    finally:
        os.close(obs_w)
        os.close(out_w)
    return base, proc, obs, out


def test_every_process_of_a_worker_is_in_its_cgroup_with_oom_score_1000_before_the_submission_runs(box):
    base, proc, obs, out = _start(box)
    try:
        assert '"event":"hello"' in _lines(obs, b"hello")
        printed = _lines(out, b"\n")  # the whole line (an unbuffered print writes it in pieces)
        assert "RAN with OOM score 1000" in printed, printed
        if box.cgroups is not None:
            pids = [int(p) for p in open(box.accounting.procs_file(0)).read().split()]
            # bubblewrap's outer process and its namespace's pid 1, then the worker; without it the worker alone
            assert proc.pid in pids and len(pids) == (3 if box.bwrap else 1), pids
        else:
            pids = [proc.pid]
        assert [open(f"/proc/{pid}/oom_score_adj").read().strip() for pid in pids] == ["1000"] * len(pids)
    finally:
        box.kill(0, proc)
        box.cleanup(base)
        os.close(obs)
        os.close(out)


def test_a_worker_that_cannot_be_placed_never_runs_the_submission(box, tmp_path, monkeypatch):
    # a cgroup that cannot be joined (here: one that is gone), or an OOM score that cannot be set
    if box.cgroups is not None:
        monkeypatch.setattr(box.accounting, "procs_file", lambda slot: str(tmp_path / "gone" / "cgroup.procs"))
    else:
        monkeypatch.setattr(claim, "OOM_SCORE", b"not a number")
    base, proc, obs, out = _start(box)
    try:
        assert proc.wait(timeout=300) != 0  # a hang's bound (README)
        assert _lines(obs, b"\n") == ""  # not even hello: nothing of the submission was imported
        printed = _lines(out, b"never")
        assert printed.startswith("grader: the worker could not be placed in its cgroup with OOM score 1000 (")
        assert "RAN" not in printed
    finally:
        box.kill(0, proc)
        box.cleanup(base)
        os.close(obs)
        os.close(out)


def test_a_child_forked_before_its_parent_moved_is_found_wherever_its_pid_is(monkeypatch):
    # bubblewrap's pid 1 forks the worker; when that happened before pid 1 was moved, the worker is found
    # among the pids just after its parent's, or, where the kernel has no children file and pids moved far
    # on, by reading all of /proc
    monkeypatch.setattr(claim, "_last_pid", lambda: None)  # pids "far on": the whole of /proc is read
    assert os.getpid() in claim.children(os.getppid())
    # a process that forked nothing (not this one: a grader adopts its workers' orphans, claim.adopt_orphans)
    childless = subprocess.Popen(["sleep", "30"])
    try:
        assert claim.children(childless.pid) == []
    finally:
        childless.kill()
        childless.wait()


def test_a_worker_that_exits_before_its_go_is_an_early_death_not_a_broken_pipe(box, monkeypatch):
    # the go's pipe has no reader once the worker is gone: writing to it raised BrokenPipeError, which became
    # the row's "grader error (BrokenPipeError ...)" instead of the worker's early death (a loaded CI machine
    # let the worker exit first). Here the placing waits until the worker has exited.
    runner = dict(load_suite("engine").runner_files, **{"worker.py": b"raise SystemExit(1)\n"})
    place = claim.place_worker

    def place_after_it_exited(outer, info_fd, procs_file, limit=None):
        inner = place(outer, info_fd, procs_file, limit)
        # not reaped here (Popen.wait would then say 0): seen exited by its zombie's state
        for _ in range(3000):
            try:
                with open(f"/proc/{outer}/stat") as stat:
                    if stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                        break
            except FileNotFoundError:
                break
            select.select([], [], [], 0.01)
        return inner

    monkeypatch.setattr(claim, "place_worker", place_after_it_exited)
    base = box.prepare(0, {"engine.py": ENGINE}, runner)
    obs, obs_w = os.pipe()
    out, out_w = os.pipe()
    try:
        proc = box.start(0, base, REQUEST, obs_w, out_w)
    finally:
        os.close(obs_w)
        os.close(out_w)
    try:
        assert proc.wait(timeout=300) == 1
        assert _lines(obs, b"\n") == ""
    finally:
        box.kill(0, proc)
        box.cleanup(base)
        os.close(obs)
        os.close(out)

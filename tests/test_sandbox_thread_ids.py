"""The worker's uid and limits given by the grader's starting thread instead of the setpriv and prlimit hops
(grader/sandbox/thread_ids.py): the worker sees exactly what the hops gave it, the grader's other threads
never change ids, and a worker whose limits cannot be set never runs the submission."""

import os
import shutil
import threading

import pytest

from grader.sandbox import Limits, Sandbox
from grader.sandbox.host import linux_sandbox_missing
from grader.sandbox.thread_ids import ThreadIds
from test_sandbox_claim import _lines, _start

pytestmark = [pytest.mark.skipif(linux_sandbox_missing() is not None or not shutil.which("bwrap"),
                                 reason="the Linux sandbox with bubblewrap only"),
              pytest.mark.skipif(not ThreadIds().usable, reason="the grader is not root here, or not on x86-64/AArch64")]

# what the submission's own process and bubblewrap's pid 1 (its parent) were given
ENGINE = (b"import os\n"
          b"status = [l for l in open('/proc/self/status').read().splitlines()\n"
          b"          if l.split(':')[0] in ('Uid', 'Gid', 'Groups', 'CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb',\n"
          b"                                 'NoNewPrivs', 'Seccomp')]\n"
          b"print('\\n'.join(status + [open('/proc/self/limits').read(), open('/proc/1/limits').read(), 'END']),\n"
          b"      flush=True)\n"
          b"class Value:\n    pass\n")


def _run(box):
    """(the observation report, what the worker printed) of one worker of `box` on ENGINE."""
    base, proc, obs, out = _start(box, ENGINE)
    try:
        report, printed = _lines(obs, b"never"), _lines(out, b"never")
        proc.wait(timeout=300)  # a hang's bound (README)
        return report, printed
    finally:
        box.kill(0, proc)
        box.cleanup(base)
        os.close(obs)
        os.close(out)


@pytest.fixture
def box():
    sandbox = Sandbox(Limits(memory_mb=1536, open_files=48, file_size_mb=32, processes=40, submission_seconds=30))
    if sandbox.bwrap is None or sandbox.thread_ids is None:
        sandbox.close()
        pytest.skip(f"bubblewrap does not work here: {sandbox.warning}")
    yield sandbox
    sandbox.close()


def test_the_worker_has_the_uid_groups_capabilities_and_limits_the_hops_gave_it(box):
    uid = box.uid(0)
    assert "setpriv" not in " ".join(box.command(0, box.root, {}, hops=False))
    report, printed = _run(box)
    assert '"event":"done"' in report, (report, printed)
    ids = box.thread_ids
    box.thread_ids = None  # the same sandbox, its command with the prlimit and setpriv hops
    try:
        report_with_hops, printed_with_hops = _run(box)
    finally:
        box.thread_ids = ids
    assert '"event":"done"' in report_with_hops
    assert printed == printed_with_hops
    lines = printed.splitlines()
    assert f"Uid:\t{uid}\t{uid}\t{uid}\t{uid}" in lines and f"Gid:\t{uid}\t{uid}\t{uid}\t{uid}" in lines
    assert "Groups:\t" in [line.rstrip(" ") for line in lines]
    assert "CapEff:\t0000000000000000" in lines and "CapPrm:\t0000000000000000" in lines
    for limit, value in (("Max address space", 1536 << 20), ("Max open files", 48), ("Max file size", 32 << 20),
                         ("Max processes", 40), ("Max cpu time", 35), ("Max core file size", 1)):
        rows = [line.split() for line in lines if line.startswith(limit)]
        assert len(rows) == 2, rows  # the worker's and bubblewrap's pid 1's: soft and hard alike
        assert all(row[-3:-1] == [str(value), str(value)] for row in rows), rows


def test_a_worker_whose_limits_cannot_be_set_never_runs_the_submission(box, monkeypatch):
    def refuse(uid, pids, limits):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(box.thread_ids, "set_limits", refuse)
    report, printed = _run(box)
    assert report == ""  # not even hello: nothing of the submission was imported
    assert printed.startswith("grader: the worker's resource limits could not be set (")
    assert "Uid:" not in printed


def test_only_the_starting_thread_takes_the_slots_ids_and_it_takes_its_own_back():
    ids, own = ThreadIds(), (os.getresuid(), os.getresgid(), os.getgroups())
    seen, other = {}, {}
    inside, done = threading.Event(), threading.Event()

    def elsewhere():  # another thread of the grader, while the starting thread has the slot's ids
        inside.wait(600)  # a hang's bound: on a loaded machine the other thread may wait for a CPU
        other["ids"] = (os.getresuid(), os.getresgid(), os.getgroups())
        done.set()

    def start():
        seen["ids"] = (os.getresuid(), os.getresgid(), os.getgroups())
        inside.set()
        done.wait(600)
        raise OSError("the command could not start")

    thread = threading.Thread(target=elsewhere)
    thread.start()
    with pytest.raises(OSError, match="could not start"):
        ids.spawning_as(61077, start)
    thread.join()
    assert seen["ids"] == ((61077, 61077, own[0][2]), (61077, 61077, own[1][2]), [])
    assert other["ids"] == own
    assert (os.getresuid(), os.getresgid(), os.getgroups()) == own


def test_the_starting_thread_keeps_its_parent_death_signal():
    """The kernel clears PR_SET_PDEATHSIG on every change of the effective ids: a fleet's work horse, which asks
    for SIGKILL at its worker's death and starts workers itself, outlived a `kill -9` of its worker (CI)."""
    import ctypes
    import signal
    libc = ctypes.CDLL(None, use_errno=True)
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:  # the horse's part, in a child: the test's own process keeps no parent-death signal
        try:
            os.close(reading)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)
            seen = []
            for change in (lambda ids: ids.spawning_as(61077, lambda: None), lambda ids: ids.set_limits(61077, [], [])):
                change(ThreadIds())
                asked = ctypes.c_int(0)
                libc.prctl(2, ctypes.byref(asked), 0, 0, 0)
                seen.append(str(asked.value))
            os.write(writing, " ".join(seen).encode())
        finally:
            os._exit(0)
    os.close(writing)
    with os.fdopen(reading) as f:
        seen = f.read()
    os.waitpid(pid, 0)
    assert seen == f"{int(signal.SIGKILL)} {int(signal.SIGKILL)}"

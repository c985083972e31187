"""A grader's tree of cgroups (grader/sandbox/accounting.py: CgroupTree) as other processes see it and change it.

The sweep of killed graders' trees (leftovers.sweep_leftovers) judged a tree by the pid in its name: alive here,
it was left; not alive here, it was removed, and what ran in its slots killed. A grader in another pid namespace
that shares the cgroup parent (a container beside the host, both grading) has a pid that names nothing here, or
another process: its live tree was swept, its workers killed. A killed grader's pid given to another process since
kept its tree forever. A grader now holds an flock on its tree while it lives (leftovers.hold_tree), and the sweep
removes only a tree whose lock no process holds.

A slot's cgroup removed from outside between two runs (an rmdir of empty cgroups: the kernel refuses one that holds
a process) was never made again: every later worker of the slot could not be placed, a grader error for each
submission that slot observed. It is made again, its files opened anew; where it cannot be (the whole tree removed)
the worker's start fails saying so, and leaves nothing."""

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import uuid
from pathlib import Path

import pytest
from checkout_support import another_checkout, checkout_env, imported_grader

from grader.load import load_submissions
from grader.machine_size import own_cgroup_v2
from grader.observe import observe_submission
from grader.sandbox import Limits, Sandbox, leftovers
from grader.sandbox.accounting import CgroupTree, _cgroup2_mount
from grader.sandbox.host import linux_sandbox_missing
from grader.suites import load_suite

pytestmark = pytest.mark.skipif(linux_sandbox_missing() is not None, reason="the Linux sandbox only")

ROOT = Path(__file__).resolve().parents[1]
LIMITS = Limits(probe_seconds=1, import_seconds=1, submission_seconds=10, memory_mb=1024)
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-kahn" / "engine.py").read_text()

# A grader in a process of its own, its tree made under the cgroup `sys.argv[1]` (relative to the mount) as under
# its own: it prints the tree's folder, then waits until its stdin ends and closes the tree.
GRADER = textwrap.dedent("""
    import sys
    import grader.sandbox.accounting as accounting
    accounting.own_cgroup_v2 = lambda: sys.argv[1]
    tree, why_not = accounting.CgroupTree.create(processes=64)
    tree.procs_file(0)  # slot 0 made, as by a first worker
    print(tree.folder, flush=True)
    sys.stdin.read()
    tree.close()
""")


@pytest.fixture
def parent():
    """A cgroup of this test's own under this process's, where the graders it starts make their trees (the sweep of
    the real parent would judge every grader's tree on the machine, in every pytest worker: tests/
    test_sandbox_leftovers.py's cd87385); yields its path relative to the mount, and its folder."""
    mount, own = _cgroup2_mount(), own_cgroup_v2()
    tree, why_not = CgroupTree.create(processes=64)
    if tree is None:
        pytest.skip(f"no cgroup v2 here: {why_not}")
    tree.close()
    relative = f"{own.rstrip('/')}/sweep-test-{uuid.uuid4().hex[:12]}"
    folder = mount + relative
    os.mkdir(folder)
    try:
        yield relative, folder
    finally:
        for name in _trees(folder):
            leftovers.remove_tree(os.path.join(folder, name))
        os.rmdir(folder)


def _trees(folder):
    return sorted(name for name in os.listdir(folder) if os.path.isdir(os.path.join(folder, name)))


def _grader(relative, script=GRADER):
    """A grader in a process of its own (`script`, GRADER's by default), in the checkout's folder and that checkout
    first on its PYTHONPATH, and the first line it printed."""
    proc = subprocess.Popen([sys.executable, "-c", script, relative], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, cwd=ROOT, env=checkout_env())
    return proc, proc.stdout.readline().strip()


def test_the_graders_started_here_import_the_checkout_under_test(tmp_path, monkeypatch):
    """_grader's process imports the grader of the checkout this file is in, whatever PYTHONPATH says and whatever
    folder pytest runs in: its `python -c` inherited that folder, whose grader comes first (another checkout's)."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.chdir(another_checkout(tmp_path))
    proc, printed = _grader("", "import grader; print(grader.__file__, flush=True)")
    proc.stdin.close()
    assert (proc.wait(timeout=120), imported_grader(printed)) == (0, [str(ROOT)])


def _sleeper_in(folder):
    """A process of this test's in slot 0 of the tree `folder`: what a worker left running there."""
    sleeper = subprocess.Popen(["sleep", "600"])
    with open(os.path.join(folder, "slot-0", "cgroup.procs"), "w") as f:
        f.write(str(sleeper.pid))
    return sleeper


def test_a_live_graders_tree_is_left_whatever_its_pid_says_here(parent, monkeypatch):
    relative, folder = parent
    grader, tree = _grader(relative)
    sleeper = _sleeper_in(tree)
    try:
        monkeypatch.setattr(leftovers, "_alive", lambda pid: False)  # its pid, as from another pid namespace
        assert leftovers.sweep_leftovers(folder) == 0
        assert os.path.isdir(os.path.join(tree, "slot-0")) and sleeper.poll() is None
        assert grader.poll() is None
    finally:
        grader.stdin.close()
        assert grader.wait(timeout=120) == 0
        assert sleeper.wait(timeout=60) == -signal.SIGKILL  # its own close kills what its slot holds
    assert _trees(folder) == []


def test_a_killed_graders_tree_is_removed_whatever_its_pid_says_here(parent, monkeypatch):
    relative, folder = parent
    grader, tree = _grader(relative)
    sleeper = _sleeper_in(tree)
    try:
        grader.kill()
        grader.wait(timeout=60)
        monkeypatch.setattr(leftovers, "_alive", lambda pid: True)  # its pid, given to another process since
        assert leftovers.sweep_leftovers(folder) == 1
        assert _trees(folder) == []
        assert sleeper.wait(timeout=60) == -signal.SIGKILL
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_tree_is_held_by_its_grader_and_the_horses_it_forked(parent):
    relative, folder = parent
    grader, tree = _grader(relative)
    try:
        assert Path(tree).name == f"micrograd-grader-{grader.pid}-1-locked"
        assert leftovers.hold_tree(tree) is None  # held: a sweep cannot take it either
    finally:
        grader.stdin.close()
        grader.wait(timeout=120)
    made = os.path.join(folder, "micrograd-grader-1-1-locked")
    os.mkdir(made)
    held = leftovers.hold_tree(made)
    assert held is not None
    go, wait = os.pipe()
    pid = os.fork()
    if pid == 0:  # a horse: it holds the lock with its parent, as long as either lives
        os.close(wait)
        os.read(go, 1)
        os._exit(0)
    os.close(go)
    try:
        os.close(held)  # the grader is gone, its horse is not
        assert leftovers.sweep_leftovers(folder) == 0 and os.path.isdir(made)
    finally:
        os.close(wait)
        os.waitpid(pid, 0)
    assert leftovers.sweep_leftovers(folder) == 1 and _trees(folder) == []


def test_a_new_tree_that_a_sweep_holds_or_removed_is_not_taken(parent, monkeypatch):
    """A sweep may take a tree a grader has just made, before the grader took its lock (an empty tree, unlocked),
    and remove it: hold_tree says so (None), and CgroupTree.create makes another."""
    relative, folder = parent
    made = os.path.join(folder, f"micrograd-grader-{os.getpid()}-1-locked")
    os.mkdir(made)
    sweeping = os.open(made, os.O_RDONLY | os.O_DIRECTORY)
    try:
        import fcntl
        fcntl.flock(sweeping, fcntl.LOCK_EX)
        assert leftovers.hold_tree(made) is None
        os.rmdir(made)  # the sweep's remove_tree, before it lets go
    finally:
        os.close(sweeping)
    assert leftovers.hold_tree(made) is None
    taken, hold_tree = [], leftovers.hold_tree
    monkeypatch.setattr(leftovers, "hold_tree", lambda path: taken.append(path) or (
        None if len(taken) == 1 else hold_tree(path)))
    tree, why_not = CgroupTree.create(processes=64)
    try:
        assert tree is not None, why_not
        assert len(taken) == 2 and tree.folder == taken[1] and taken[0] != taken[1]
    finally:
        tree.close()
        leftovers.remove_tree(taken[0])  # in this test, no sweep removes it


# -- a tree whose making is stopped --------------------------------------------------------------------------------


def _stopped_at(files, line, exception):
    """A tracer that raises `exception` as the `line`th line (counting from 0) of the modules `files` starts (then it
    is unset: what the exception runs is not stopped), and a list it fills with each line it saw, as (function, line
    number)."""
    seen = []

    def local(frame, event, arg):
        if event == "line":
            seen.append((frame.f_code.co_name, frame.f_lineno))
            if len(seen) - 1 == line:
                raise exception
        return local

    return (lambda frame, event, arg: local if frame.f_code.co_filename in files else None), seen


@pytest.mark.parametrize("exception", [KeyboardInterrupt, RuntimeError])
def test_a_tree_whose_making_is_stopped_at_any_line_leaves_nothing(exception, parent, boot_folder, monkeypatch):
    """A Ctrl-C (or any exception) inside CgroupTree.create left the tree it had made and the flock it held on it, to
    the end of the process: here it is raised as each line of the making starts (the folder's mkdir, its lock, the
    controllers, the trial that moves a process in and the host fact that remembers it), and each time it reaches
    the caller and leaves no tree, no descriptor of one, and no part of a host fact."""
    import grader.sandbox.accounting as accounting
    from grader.sandbox import host_facts

    relative, folder = parent
    monkeypatch.setattr(accounting, "own_cgroup_v2", lambda: relative)
    monkeypatch.setattr(CgroupTree, "_swept", True)
    files = {accounting.__file__, leftovers.__file__, host_facts.__file__}

    def left():
        held = sorted(target for fd in os.listdir("/proc/self/fd")
                      if (target := _link(f"/proc/self/fd/{fd}")) and target.startswith(folder))
        facts = sorted(os.listdir(boot_folder)) if boot_folder.exists() else []
        return {"trees": _trees(folder), "held": held, "facts parts": [n for n in facts if n.startswith(".")]}

    tracer, lines = _stopped_at(files, -1, exception)  # a whole making, never stopped: the lines to stop at
    sys.settrace(tracer)
    try:
        tree, why_not = CgroupTree.create(processes=64)
    finally:
        sys.settrace(None)
    assert tree is not None, why_not
    tree.close()
    assert {"trial", "hold_tree", "remembered"} <= {name for name, _ in lines} and len(lines) > 40
    for line in range(len(lines)):
        shutil.rmtree(boot_folder, ignore_errors=True)  # the trial run and remembered anew each time
        tracer, seen = _stopped_at(files, line, exception)
        sys.settrace(tracer)
        try:
            with pytest.raises(exception):
                CgroupTree.create(processes=64)
        finally:
            sys.settrace(None)
        assert (seen[-1], left()) == (lines[line], {"trees": [], "held": [], "facts parts": []})


@pytest.mark.parametrize("exception", [KeyboardInterrupt, RuntimeError])
def test_a_sweep_that_is_stopped_runs_again_at_the_next_opening(exception, parent, boot_folder, monkeypatch):
    """The sweep of killed graders' trees runs once a process: it counted as done before it ran, so one stopped (a
    Ctrl-C, an error) left the leftovers it had not reached until the process ended. Stopped as it removes its first
    tree, it reaches the caller, and the next opening sweeps them all; the one after does not sweep again."""
    import grader.sandbox.accounting as accounting

    relative, folder = parent
    monkeypatch.setattr(accounting, "own_cgroup_v2", lambda: relative)
    monkeypatch.setattr(CgroupTree, "_swept", False)
    left = [os.path.join(folder, f"micrograd-grader-{n}-1-locked") for n in (1, 2)]  # no process holds them
    for path in left:
        os.mkdir(path)
    removed, remove_tree = [], leftovers.remove_tree

    def stopped_once(path):
        removed.append(os.path.basename(path))
        if len(removed) == 1:
            raise exception
        remove_tree(path)

    monkeypatch.setattr(leftovers, "remove_tree", stopped_once)
    with pytest.raises(exception):
        CgroupTree.create(processes=64)
    assert (CgroupTree._swept, _trees(folder)) == (False, sorted(map(os.path.basename, left)))
    tree, why_not = CgroupTree.create(processes=64)
    assert tree is not None, why_not
    tree.close()
    assert (CgroupTree._swept, _trees(folder), len(removed)) == (True, [], 3)
    os.mkdir(left[0])  # left after the sweep: the next opening of this process does not look
    tree, why_not = CgroupTree.create(processes=64)
    assert tree is not None, why_not
    tree.close()
    assert (_trees(folder), len(removed)) == ([os.path.basename(left[0])], 3)


def _link(path):
    try:
        return os.readlink(path)
    except OSError:
        return None


# -- a slot's cgroup removed from outside ---------------------------------------------------------------------------


def _state(before=None):
    """This process's descriptors, threads and children; given the state `before`, only the children it did not have
    then (one another test left, which ends meanwhile, is none of this test's doing)."""
    children = set()
    for task in os.listdir("/proc/self/task"):
        try:
            children.update(int(p) for p in Path(f"/proc/self/task/{task}/children").read_text().split())
        except FileNotFoundError:
            pass
    return {"children": sorted(children - set(before["children"]) if before else children),
            "descriptors": len(os.listdir("/proc/self/fd")), "threads": threading.active_count()}


def _emptied(box):
    """Slot 0's cgroup empty (the run's kill waited for that, up to a few seconds), so that it can be removed: waited
    for as long as a hang would take, not a fixed while."""
    for _ in range(60):
        if box.cgroups.kill(0):
            return
    pytest.fail("slot 0's cgroup is not empty after minutes")


@pytest.mark.parametrize("kind", ["bubblewrap", "no bubblewrap"])
def test_a_slot_whose_cgroup_was_removed_from_outside_makes_it_again(kind, tmp_path):
    suite = load_suite("engine")
    (tmp_path / "class" / "correct").mkdir(parents=True)
    (tmp_path / "class" / "correct" / "engine.py").write_text(CORRECT)
    submission = load_submissions(str(tmp_path / "class"), suite)[0]
    box = Sandbox(LIMITS, use_bwrap=kind == "bubblewrap")
    try:
        if box.cgroups is None:
            pytest.skip(f"no cgroup v2 here: {box.no_cgroups}")
        if kind == "bubblewrap" and box.bwrap is None:
            pytest.skip(f"bubblewrap cannot be used here: {box.warning}")
        assert observe_submission(submission, suite, box, 0)["status"] == "ok"
        after_one = _state()
        slot = Path(box.cgroups.slot_folder(0))
        _emptied(box)
        os.rmdir(slot)  # from outside: empty between two runs
        run = observe_submission(submission, suite, box, 0)
        assert run["status"] == "ok", run
        assert slot.is_dir() and int((slot / "cpu.stat").read_text().split()[1]) > 0  # it ran there: usage_usec
        assert _state(after_one) == dict(after_one, children=[])  # the removed one's files closed, the new one's open
    finally:
        box.close()


def test_a_slot_whose_tree_was_removed_from_outside_fails_saying_so_and_leaves_nothing(tmp_path):
    suite = load_suite("engine")
    (tmp_path / "class" / "correct").mkdir(parents=True)
    (tmp_path / "class" / "correct" / "engine.py").write_text(CORRECT)
    submission = load_submissions(str(tmp_path / "class"), suite)[0]
    box = Sandbox(LIMITS, use_bwrap=False)
    try:
        if box.cgroups is None:
            pytest.skip(f"no cgroup v2 here: {box.no_cgroups}")
        assert observe_submission(submission, suite, box, 0)["status"] == "ok"
        after_one = _state()
        slot_fds = sum(fd is not None for fd in (*box.cgroups._fds[0], box.cgroups._events[0]))
        _emptied(box)
        for name in sorted(os.listdir(box.cgroups.folder)):
            if name.startswith("slot-") and os.path.isdir(os.path.join(box.cgroups.folder, name)):
                os.rmdir(os.path.join(box.cgroups.folder, name))
        os.rmdir(box.cgroups.folder)
        with pytest.raises(OSError, match="the cgroup of slot 0 is gone and cannot be made again"):
            observe_submission(submission, suite, box, 0)
        # the worker killed and reaped, the removed slot's files closed
        assert _state(after_one) == dict(after_one, children=[], descriptors=after_one["descriptors"] - slot_fds)
        assert box._live == {}
    finally:
        box.close()

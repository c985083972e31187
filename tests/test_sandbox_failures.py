"""A sandbox that fails to open, or a worker that fails to start, leaves nothing behind (grader/sandbox/__init__.py).

`Sandbox.__init__` makes its scratch folder, its tree of cgroups and leases uids before it has tried the rest (a
bubblewrap that runs, the runner's folder, the seccomp filter, the slot's memory limit): any of those raising (a bad
limit, a missing tool, an unwritable scratch root) removed none of them, and the caller has no sandbox to close.
`Sandbox.start` registers a started worker as live before it places its processes and says go: a failure there (or
a Ctrl-C just after the command started) left the worker running or a zombie, and in the live list, where nothing
kills or reaps it; the caller (observe/attempt.py) has no process to kill either. Failures are injected here."""

import contextlib
import os
import shutil
import types
from pathlib import Path

import pytest

import grader.sandbox as sandbox_module
from grader.machine_size import own_cgroup_v2
from grader.sandbox import Limits, Sandbox
from grader.sandbox.accounting import _cgroup2_mount
from grader.sandbox.host import linux_sandbox_missing
from grader.suites import load_suite

pytestmark = pytest.mark.skipif(linux_sandbox_missing() is not None, reason="the Linux sandbox only")

LIMITS = Limits(probe_seconds=1, import_seconds=1, submission_seconds=10, memory_mb=1024)
REQUEST = {"module": "engine", "run": [], "forbid": [], "refuse": [], "modules": []}
ENGINE = b"class Value:\n    pass\n"


class Injected(Exception):
    pass


def _raise(*args, **kwargs):
    raise Injected("injected")


def _children():
    """This process's children (of every thread), zombies included."""
    pids = set()
    for task in os.listdir("/proc/self/task"):
        try:
            pids.update(int(p) for p in Path(f"/proc/self/task/{task}/children").read_text().split())
        except FileNotFoundError:
            pass
    return pids


def _cgroup_trees():
    """This process's trees of cgroups (accounting.CgroupTree), by name."""
    mount, own = _cgroup2_mount(), own_cgroup_v2()
    if mount is None or own is None:
        return []
    parent = mount + own.rstrip("/")
    return sorted(n for n in os.listdir(parent) if n.startswith(f"micrograd-grader-{os.getpid()}-"))


def _state(parent, before=None):
    """What is made in `parent`, this process's cgroup trees, descriptors and children; given the state `before`, only
    the children it did not have then (one that another test of this pytest worker left, and that ends or is reaped
    meanwhile, is none of this test's doing: a bubblewrap case here failed so once, in a full run)."""
    children = _children()
    return {"scratch": sorted(n for n in os.listdir(parent) if n.startswith(("grade-sandbox-", "w"))),
            "cgroups": _cgroup_trees(), "descriptors": sorted(os.listdir("/proc/self/fd")),
            "children": sorted(children - set(before["children"]) if before else children)}


def _kind(request_param):
    bwrap = request_param == "bwrap"
    if bwrap and not shutil.which("bwrap"):
        pytest.skip("no bubblewrap here")
    return bwrap


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox_module, "scratch_parent", lambda workers_have_own_uids: str(tmp_path))
    monkeypatch.setattr(Sandbox, "_swept", True)
    return tmp_path


def _fail_flock(monkeypatch):  # the scratch root made, its lock refused
    from grader.sandbox import leftovers
    monkeypatch.setattr(leftovers, "fcntl", types.SimpleNamespace(flock=_raise, LOCK_EX=2, LOCK_NB=4))


INIT_FAILURES = {
    "the scratch root's lock": _fail_flock,
    "an unwritable scratch root": lambda mp: mp.setattr(sandbox_module, "RunnerFolders", _raise),
    "a missing tool": lambda mp: mp.setattr(sandbox_module, "bwrap_works", lambda *a: (_ for _ in ()).throw(
        FileNotFoundError(2, "No such file or directory", "bwrap"))),
    "the scratch folders": lambda mp: mp.setattr(sandbox_module, "ScratchFolders", _raise),
    "a bad limit, last": lambda mp: mp.setattr(sandbox_module, "describe_bound", _raise),
}


@pytest.mark.parametrize("kind", ["bwrap", "no bwrap"])
@pytest.mark.parametrize("fails", sorted(INIT_FAILURES))
def test_a_sandbox_that_fails_to_open_leaves_nothing_behind(fails, kind, scratch, monkeypatch):
    bwrap = _kind(kind)
    if fails == "a missing tool" and not bwrap:
        pytest.skip("bubblewrap not asked for: it is not run")
    Sandbox(LIMITS, use_bwrap=bwrap).close()  # what is made once per process (host facts, the seccomp trial) made
    before = _state(scratch)
    INIT_FAILURES[fails](monkeypatch)
    with pytest.raises(FileNotFoundError if fails == "a missing tool" else Injected):
        Sandbox(LIMITS, use_bwrap=bwrap)
    assert _state(scratch, before) == dict(before, children=[])
    assert before["scratch"] == []


def test_a_sandbox_refused_by_require_leaves_nothing_behind(scratch, monkeypatch):
    Sandbox(LIMITS, use_bwrap=False).close()
    before = _state(scratch)
    with pytest.raises(sandbox_module.SandboxUnavailable):
        Sandbox(LIMITS, require=True, use_bwrap=False)
    assert _state(scratch, before) == dict(before, children=[])


def _after_the_command_started(monkeypatch):
    real = sandbox_module.no_aslr_children

    @contextlib.contextmanager
    def failing():
        with real() as done:
            yield done
        raise KeyboardInterrupt  # a Ctrl-C just after Popen returned, before the worker was registered

    monkeypatch.setattr(sandbox_module, "no_aslr_children", failing)


START_FAILURES = {
    "after the command started": _after_the_command_started,
    "while it is placed": lambda mp: mp.setattr(sandbox_module.claim, "place_worker", _raise),
    "before it is placed": lambda mp: mp.setattr(sandbox_module.claim, "adopt_orphans", _raise),
    # before its go pipe is handed to claim.release_when_placed (its limits, its stop): that pipe's end was left open
    "before its go is handed": lambda mp: mp.setattr(sandbox_module, "functools",
                                                     types.SimpleNamespace(partial=_raise)),
}


@pytest.mark.parametrize("kind", ["bwrap", "no bwrap"])
@pytest.mark.parametrize("fails", sorted(START_FAILURES))
def test_a_worker_whose_start_fails_is_killed_reaped_and_not_left_live(fails, kind, monkeypatch):
    bwrap = _kind(kind)
    box = Sandbox(LIMITS, use_bwrap=bwrap)  # in the real scratch parent: the workers' uids may enter it
    try:
        if bwrap and box.bwrap is None:
            pytest.skip(f"bubblewrap does not work here: {box.warning}")
        base = box.prepare(0, {"engine.py": ENGINE}, load_suite("engine").runner_files)
        box.accounting.procs_file(0)  # the slot's cgroup made, and its files opened, once, as by a first worker
        box.accounting.kill(0)
        before = _state(box.root)
        START_FAILURES[fails](monkeypatch)
        obs, obs_w = os.pipe()
        out, out_w = os.pipe()
        try:
            with pytest.raises((Injected, KeyboardInterrupt)):
                box.start(0, base, REQUEST, obs_w, out_w)
        finally:
            for fd in (obs, obs_w, out, out_w):
                os.close(fd)
        assert box._live == {}
        # no worker alive or a zombie, no descriptor of the start left
        assert _state(box.root, before) == dict(before, children=[])
        box.cleanup(base)
    finally:
        box.close()


# -- the warm template's start (GRADE_WARM_TEMPLATE=1: grader/sandbox/template.py) ------------------------------------
#
# A start fails where the template's command is built or run, while it starts or is placed, or while its child for
# this run is moved into the slot: whatever did not raise TemplateBroken (a Ctrl-C, a refused fork or descriptor, a
# slot's cgroup that refuses the child) left the template's channels and output open (its command never started:
# four descriptors more), the template running (a Ctrl-C as it started), or its child waiting in the template's cgroup
# (another child's request could reach it) and its pidfd open. Now the template is stopped and reaped, its channels
# closed, and the slot's cgroup emptied before the error reaches the caller (the next run starts a fresh template).


def _warm_sandbox(monkeypatch):
    monkeypatch.setenv("GRADE_WARM_TEMPLATE", "1")
    box = sandbox_module.open_sandbox(LIMITS)
    if getattr(box, "templates", None) is None:
        box.close()
        pytest.skip("no warm template here: bubblewrap, cgroup v2 and the seccomp filter are needed")
    return box


def _run(box, base):
    """One run to its end, as observe/attempt.py does it: the template is warm afterwards."""
    obs, obs_w = os.pipe()
    out, out_w = os.pipe()
    try:
        proc = box.start(0, base, REQUEST, obs_w, out_w)
        os.close(obs_w)
        os.close(out_w)
        obs_w = out_w = None
        while os.read(obs, 65536):  # until the worker's end closes it
            pass
        proc.wait(timeout=120)
        box.kill(0, proc)
    finally:
        for fd in (obs, obs_w, out, out_w):
            if fd is not None:
                os.close(fd)


def _interrupt_at(monkeypatch, calls):
    """A Ctrl-C at template.py's `calls`-th select: 1 is its wait for the template to say it is ready where it is not
    warm, else its wait for the child to answer."""
    import select
    seen = []

    def interrupting(*args):
        seen.append(args)
        if len(seen) == calls:
            raise KeyboardInterrupt
        return select.select(*args)

    monkeypatch.setattr(sandbox_module.template, "select", types.SimpleNamespace(select=interrupting))


def _refused_pidfd(monkeypatch):  # pidfd_open's EMFILE, once the child is in the slot's cgroup
    def refused(*args):
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(sandbox_module.template.TemplateChild, "__init__", refused)


WARM_FAILURES = {  # (warm before the failing start?, the failure)
    "the template's command": (False, lambda mp: mp.setattr(sandbox_module.template, "template_argv", _raise)),
    "a Ctrl-C as the template starts": (False, lambda mp: _interrupt_at(mp, 1)),
    "a Ctrl-C as the template is placed": (False, lambda mp: mp.setattr(sandbox_module.template, "place", (
        lambda *a: (_ for _ in ()).throw(KeyboardInterrupt)))),
    "a Ctrl-C as its child answers": (True, lambda mp: _interrupt_at(mp, 1)),
    "its child's pidfd refused": (True, _refused_pidfd),
}


@pytest.mark.parametrize("fails", sorted(WARM_FAILURES))
def test_a_warm_start_that_fails_leaves_no_template_child_nor_descriptor(fails, monkeypatch):
    sandbox_module.claim.adopt_orphans()  # as a grader that started a fresh worker: a template bubblewrap left is its
    box = _warm_sandbox(monkeypatch)
    try:
        base = box.prepare(0, {"engine.py": ENGINE}, load_suite("engine").runner_files)
        box.accounting.procs_file(0)  # the slot's cgroup made, and its files opened, once, as by a first worker
        box.accounting.kill(0)
        before = _state(box.root)
        warm, failure = WARM_FAILURES[fails]
        if warm:
            _run(box, base)
            base = box.prepare(0, {"engine.py": ENGINE}, load_suite("engine").runner_files)
            assert box.templates.slots[0].proc is not None
        failure(monkeypatch)
        obs, obs_w = os.pipe()
        out, out_w = os.pipe()
        try:
            with pytest.raises((Injected, KeyboardInterrupt, OSError)):
                box.start(0, base, REQUEST, obs_w, out_w)
        finally:
            for fd in (obs, obs_w, out, out_w):
                os.close(fd)
        # no template, child or zombie, no descriptor of the start left
        assert _state(box.root, before) == dict(before, children=[])
        assert box._live == {} and box.templates.slots[0].proc is None  # stopped: the next run starts a fresh one
        for folder in (box.cgroups.slot_folder(0), os.path.join(box.cgroups.folder, "slot-0-template")):
            assert Path(folder, "cgroup.procs").read_text() == ""
        monkeypatch.undo()
        _run(box, box.prepare(0, {"engine.py": ENGINE}, load_suite("engine").runner_files))  # and the slot works
    finally:
        box.close()

"""The sandbox without bubblewrap: the fallback says it is weaker and still grades, --require-sandbox refuses it;
and two graders never share a sandbox uid (the hostile batch: tests/test_hostile.py)."""

import os
import shutil
import sys
import types
from pathlib import Path

import pytest
from hostile_support import FIXTURES, HOSTILE, LIMITS
from click.testing import CliRunner

if not sys.platform.startswith("linux"):  # macOS, Windows: the portable worker is no sandbox to attack
    pytest.skip("the Linux sandbox's own tests", allow_module_level=True)


import grader.sandbox as sandbox_module
from grader.pipeline import grade
from grader.cli import main
from grader.sandbox import Sandbox, SandboxUnavailable
from grader.sandbox.uids import _lease_folder, uid_leased

pytestmark = pytest.mark.slow  # slow as when they were test_hostile.py's (they grade in the fallback sandbox)


# -- the fallback, and --require-sandbox ----------------------------------------------------


def test_fallback_says_it_is_weaker():
    box = Sandbox(LIMITS, use_bwrap=False)
    try:
        assert box.strength == "rlimits" and box.bwrap is None
        assert "weaker sandbox" in box.warning and "bubblewrap" in box.warning
        assert "can read files the grader can read and reach the network" in box.warning
    finally:
        box.close()
    with pytest.raises(SandboxUnavailable, match="weaker sandbox"):
        Sandbox(LIMITS, use_bwrap=False, require=True)


def test_fallback_still_grades(tmp_path):
    (tmp_path / "class").mkdir()
    shutil.copytree(FIXTURES / "submissions" / "correct-closures", tmp_path / "class" / "correct")
    shutil.copytree(HOSTILE / "exit-sys-import", tmp_path / "class" / "exits")
    result = grade(tmp_path / "class", limits=LIMITS, jobs=2, use_bwrap=False)
    rows = {row["id"]: row for row in result.scores["submissions"]}
    assert result.sandbox == "rlimits" and "weaker sandbox" in result.warning
    assert rows["correct"]["score"] == rows["correct"]["max_score"]
    assert rows["exits"]["status"] == "crashed" and rows["exits"]["score"] == 0


@pytest.fixture
def no_bwrap(monkeypatch):
    which = shutil.which
    monkeypatch.setattr(sandbox_module.shutil, "which", lambda name, *a, **k: None if name == "bwrap"
                        else which(name, *a, **k))


def test_cli_warns_when_it_falls_back(no_bwrap, tmp_path):
    shutil.copytree(FIXTURES / "submissions" / "correct-closures", tmp_path / "class" / "correct")
    result = CliRunner().invoke(main, ["run", str(tmp_path / "class"), "--no-cache", "-q",
                                       "-o", str(tmp_path / "scores.json")])
    assert result.exit_code == 0, result.output
    assert "warning: bubblewrap (bwrap) is not installed; falling back to a weaker sandbox" in result.stderr
    assert "sandbox: rlimits" in result.stdout


@pytest.mark.parametrize("broken", ["missing", "no user namespaces"])
def test_require_sandbox_errors_when_bubblewrap_cannot_be_used(broken, monkeypatch, tmp_path, request):
    if broken == "missing":
        request.getfixturevalue("no_bwrap")
        expected = "bubblewrap (bwrap) is not installed"
    else:
        monkeypatch.setattr(sandbox_module.shutil, "which", lambda name, *a, **k: f"/usr/bin/{name}")
        monkeypatch.setattr(sandbox_module, "bwrap_works", lambda *a, **k: (False, "no user namespaces"))
        expected = "bubblewrap is installed but does not work here (no user namespaces)"
    shutil.copytree(FIXTURES / "submissions" / "correct-closures", tmp_path / "class" / "correct")
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(tmp_path / "class"), "--no-cache", "--require-sandbox",
                                       "-o", str(out)])
    assert result.exit_code != 0 and not out.exists()
    assert expected in result.stderr and "weaker sandbox" in result.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="sandbox uids are used only when the grader runs as root")
def test_two_graders_never_share_a_sandbox_uid():
    first, second = Sandbox(LIMITS, use_bwrap=False), Sandbox(LIMITS, use_bwrap=False)
    try:
        uids = {first.uid(0), first.uid(1), second.uid(0), second.uid(1)}
        assert len(uids) == 4 and all(uid_leased(uid) for uid in uids)
    finally:
        first.close()
        second.close()
    # released: this process holds none of their leases. Not "nobody holds them": the lowest free uids are
    # what the next grader on this machine leases (another test's, beside this one under pytest-xdist)
    assert _flocks_of(os.getpid(), [os.path.join(_lease_folder(), str(uid)) for uid in uids]) == []


def _flocks_of(pid, paths):
    """Which of `paths` process `pid` holds an flock on (a lease: grader/sandbox/uids.py), from /proc/locks:
    '1: FLOCK  ADVISORY  WRITE 1234 fe:00:5678 0 EOF' (device major:minor in hex, then the inode)."""
    files = {}
    for path in paths:
        st = os.stat(path)
        files[f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"] = path
    held = []
    for line in Path("/proc/locks").read_text().splitlines():
        fields = [f for f in line.split() if f != "->"]  # "->": a waiter, listed under the holder
        if len(fields) > 5 and fields[1] == "FLOCK" and fields[4] == str(pid) and fields[5] in files:
            held.append(files[fields[5]])
    return sorted(held)


# -- a grader that cannot reap what escapes a worker says so ---------------------------------------------------------

UNREAPED = "Nor can it kill or reap what escapes a worker"


class _NotRoot(types.ModuleType):
    """grader.sandbox's `os`, with a euid that is not root's (the grader's other modules keep the real one)."""

    def __getattr__(self, name):
        return getattr(os, name)

    @staticmethod
    def geteuid():
        return 1000


def _as(monkeypatch, root, cgroups):
    """A grader that is root or not, with its cgroup v2 or without (docs/security.md, "A grader that runs for days")."""
    if not root:
        monkeypatch.setattr(sandbox_module, "os", _NotRoot("os"))
    if not cgroups:
        monkeypatch.setattr(sandbox_module.CgroupTree, "create",
                            classmethod(lambda cls, processes: (None, "no cgroup v2 hierarchy is mounted")))


@pytest.mark.parametrize("has", ["none of them", "root", "cgroup v2", "bubblewrap"])
def test_a_grader_that_cannot_reap_escaped_processes_says_what_is_missing(has, monkeypatch):
    """Not root (no uid per worker), no cgroup v2 and no bubblewrap (no pid namespace): a double-forked daemon outlives
    its run and nothing can tell it from the grader's own children. The warning names what is missing and what to do
    (it said only that bubblewrap was missing); any one of the three and it does not say it."""
    if has == "root" and os.geteuid() != 0:
        pytest.skip("the grader is not root here")
    _as(monkeypatch, root=has == "root", cgroups=has == "cgroup v2")
    box = Sandbox(LIMITS, use_bwrap=has == "bubblewrap")
    try:
        if has == "cgroup v2" and box.cgroups is None:
            pytest.skip(f"no cgroup v2 here: {box.no_cgroups}")
        if has == "bubblewrap" and box.bwrap is None:
            pytest.skip(f"bubblewrap cannot be used here: {box.warning}")
        if has != "none of them":
            assert UNREAPED not in (box.warning or "")
            return
        assert box.warning.startswith("bubblewrap was turned off; falling back to a weaker sandbox")
        assert (f"{UNREAPED}: without bubblewrap, cgroup v2 (no cgroup v2 hierarchy is mounted) or root (a uid of its "
                "own per worker), a process that leaves the worker's process group (a double-forked daemon) outlives "
                "its run as the grader's user") in box.warning
        assert box.warning.endswith("Install bubblewrap, give the grader a cgroup v2 subtree of its own (systemd's "
                                    "Delegate=yes), or run it as root.")
    finally:
        box.close()


def test_cli_warns_when_it_cannot_reap_escaped_processes(no_bwrap, monkeypatch, tmp_path):
    _as(monkeypatch, root=False, cgroups=False)
    shutil.copytree(FIXTURES / "submissions" / "correct-closures", tmp_path / "class" / "correct")
    result = CliRunner().invoke(main, ["run", str(tmp_path / "class"), "--no-cache", "-q",
                                       "-o", str(tmp_path / "scores.json")])
    assert result.exit_code == 0, result.output
    warning = next(line for line in result.stderr.splitlines() if line.startswith("warning: bubblewrap"))
    assert f"{UNREAPED}: without bubblewrap, cgroup v2 (no cgroup v2 hierarchy is mounted) or root" in warning

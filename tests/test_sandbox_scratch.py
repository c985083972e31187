"""A slot's scratch folder kept from run to run (grader/sandbox/scratch.py): only this run's files in it, and a
folder of the run's own whenever the slot's may not be used."""

import os

from grader.sandbox.scratch import ScratchFolders


def _listing(base):
    work = base / "work"
    return sorted(str(p.relative_to(work)) for p in work.rglob("*"))


def test_a_slot_keeps_one_folder_holding_only_the_runs_files(tmp_path):
    scratch = ScratchFolders(tmp_path, keep_per_slot=True)
    runner = tmp_path / "runner-a"
    first = scratch.prepare(0, {"engine.py": b"one", "pkg/deep/nn.py": b"two"}, runner, None)
    assert first == tmp_path / "w0"
    assert _listing(first) == ["engine.py", "pkg", "pkg/deep", "pkg/deep/nn.py"]
    assert os.readlink(first / "runner") == str(runner)
    scratch.worker_started(0)
    scratch.worker_gone(0)
    scratch.cleanup(first)
    assert _listing(first) == []
    second = scratch.prepare(0, {"engine.py": b"three"}, tmp_path / "runner-b", None)
    assert second == first
    assert _listing(second) == ["engine.py"]
    assert (second / "work" / "engine.py").read_bytes() == b"three"
    assert os.readlink(second / "runner") == str(tmp_path / "runner-b")
    scratch.cleanup(second)
    assert _listing(second) == []


def test_a_run_gets_a_folder_of_its_own_when_the_slots_may_not_be_used(tmp_path):
    scratch = ScratchFolders(tmp_path, keep_per_slot=True)
    runner = tmp_path / "runner"
    held = scratch.prepare(0, {"engine.py": b"a"}, runner, None)
    other = scratch.prepare(0, {"engine.py": b"b"}, runner, None)  # the slot's folder is held
    assert held == tmp_path / "w0" and other.name.startswith("w0-")
    scratch.cleanup(other)
    assert not other.exists()  # a run's own folder goes whole
    scratch.cleanup(held)

    scratch.worker_started(0)  # its worker is not known to be gone: its bind could still show the folder
    unsure = scratch.prepare(0, {"engine.py": b"c"}, runner, None)
    assert unsure.name.startswith("w0-")
    scratch.cleanup(unsure)
    scratch.worker_gone(0)

    (held / "work" / "left.py").write_bytes(b"x")  # a run that never cleaned up: that folder is not used again
    stale = scratch.prepare(0, {"engine.py": b"d"}, runner, None)
    assert stale.name.startswith("w0-") and _listing(stale) == ["engine.py"]
    scratch.cleanup(stale)


def test_without_bubblewrap_every_run_has_a_fresh_folder(tmp_path):
    scratch = ScratchFolders(tmp_path, keep_per_slot=False)  # the worker writes in work/: nothing is kept
    bases = [scratch.prepare(1, {"engine.py": b"a"}, tmp_path / "runner", None) for _ in range(2)]
    assert bases[0] != bases[1] and all(b.name.startswith("w1-") for b in bases)
    for base in bases:
        scratch.cleanup(base)
        assert not base.exists()

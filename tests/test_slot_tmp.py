"""A worker's /tmp mounted by the grader (grader/sandbox/slot_tmp.py): its bytes and its inodes capped, fresh for
every run of a slot, and no mount left behind by a grader that was killed (the sweep detaches them)."""

import os
import shutil
import sys

import pytest

from grader.sandbox import slot_tmp
from grader.sandbox.slot_tmp import SlotTmp, inodes_for

if not sys.platform.startswith("linux"):
    pytest.skip("the Linux sandbox's own tests", allow_module_level=True)



def _may_mount():
    """Whether this machine lets the tests mount a tmpfs: root, and not a container without CAP_SYS_ADMIN."""
    if os.geteuid() != 0:
        return False
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        return SlotTmp.create(folder, 1 << 20, 61000).mounted


needs_root = pytest.mark.skipif(not _may_mount(), reason="only root, allowed to mount, mounts the workers' /tmp")


def test_one_inode_per_page_of_tmp_and_never_fewer_than_1024():
    assert inodes_for(64 << 20) == 16384
    assert inodes_for(1 << 20) == 1024


def test_not_root_keeps_bubblewraps_own_tmp(monkeypatch, tmp_path):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    kept = SlotTmp.create(tmp_path, 64 << 20, 61000)
    assert (kept.mounted, kept.why, kept.fresh(0, 61000)) == (False, "the grader is not root", None)


def test_root_refused_a_mount_keeps_bubblewraps_own_tmp_and_leaves_no_folder(monkeypatch, tmp_path):
    def refused(path, scratch_bytes, uid):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setattr(slot_tmp, "mount_tmpfs", refused)  # a container without CAP_SYS_ADMIN
    kept = SlotTmp.create(tmp_path, 64 << 20, 61000)
    assert (kept.mounted, kept.why, kept.fresh(0, 61000)) == (
        False, "a tmpfs could not be mounted (Operation not permitted)", None)
    assert os.listdir(tmp_path) == []
    kept.release(0)
    kept.close()


@needs_root
def test_each_run_gets_an_empty_tmpfs_of_its_own_capped_in_bytes_and_inodes(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    box = SlotTmp.create(root, 4 << 20, 61000)
    assert box.mounted and not os.listdir(root)  # the trial's mount and folder are gone
    try:
        first = box.fresh(2, 61000)
        assert first == str(root / "tmp2") and os.path.ismount(first)
        st, fs = os.stat(first), os.statvfs(first)
        assert (st.st_uid, st.st_gid, st.st_mode & 0o777) == (61000, 61000, 0o700)
        assert (fs.f_files, fs.f_blocks * fs.f_frsize) == (1024, 4 << 20)
        made = 0
        with pytest.raises(OSError, match="No space left on device"):
            for made in range(2000):
                open(os.path.join(first, f"f{made}"), "w").close()
        assert made == 1023  # the root folder is the 1,024th inode
        again = box.fresh(2, 61000)  # the slot's next run
        assert again == first and os.listdir(again) == []
        box.release(2)
        assert not os.path.ismount(first)
        box.fresh(3, 61001)
    finally:
        box.close()
    assert not os.path.ismount(root / "tmp3")


@needs_root
def test_a_killed_graders_mounts_are_detached_so_its_folder_can_be_removed(tmp_path):
    folder = tmp_path / "grade-sandbox-1-dead"
    (folder / "tmp0").mkdir(parents=True)
    slot_tmp.mount_tmpfs(folder / "tmp0", 1 << 20, 61000)
    (folder / "tmp0" / "left").write_text("a student's file")
    assert slot_tmp.mounts_under(folder) == [str(folder / "tmp0")]
    slot_tmp.detach_under(folder)
    assert slot_tmp.mounts_under(folder) == [] and not os.path.ismount(folder / "tmp0")
    shutil.rmtree(folder)
    assert not folder.exists()

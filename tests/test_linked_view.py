"""The worker's view of the system in a few mounts (grader/sandbox/system.linked_view): the same names as one
bind per file, hard links to the very same files, and the binds as they were where no link can be made."""

import os

import pytest

from grader.sandbox.system import linked_view


@pytest.fixture
def host(tmp_path):
    """A small host: /usr/bin/python3.9 with a python3 link to it, two libraries (one behind a link), a
    standard library folder, and the arguments system.py would make for it."""
    root = tmp_path / "host"
    (root / "usr/bin").mkdir(parents=True)
    (root / "usr/lib/x").mkdir(parents=True)
    (root / "usr/lib/python3.9/site-packages").mkdir(parents=True)
    (root / "usr/bin/python3.9").write_bytes(b"interpreter")
    (root / "usr/lib/x/libc.so.6").write_bytes(b"libc")
    (root / "usr/lib/x/libz.so.1.2").write_bytes(b"libz")
    u = str(root / "usr")
    args = ["--symlink", "usr/bin", "/bin",
            "--symlink", "python3.9", f"{u}/bin/python3", "--ro-bind", f"{u}/bin/python3.9", f"{u}/bin/python3.9",
            "--ro-bind", f"{u}/lib/x/libc.so.6", f"{u}/lib/x/libc.so.6",
            "--symlink", "libz.so.1.2", f"{u}/lib/x/libz.so.1", "--ro-bind", f"{u}/lib/x/libz.so.1.2", f"{u}/lib/x/libz.so.1.2",
            "--ro-bind", f"{u}/lib/python3.9", f"{u}/lib/python3.9",
            "--tmpfs", f"{u}/lib/python3.9/site-packages", "--remount-ro", f"{u}/lib/python3.9/site-packages"]
    return root, args


def test_files_and_links_become_one_bind_of_a_tree_with_the_same_names(host, tmp_path):
    root, args = host
    folder = tmp_path / "scratch" / "system"
    view = linked_view(args, str(folder))
    top = "/" + str(root).strip("/").split("/")[0]  # the tree is bound at the top folder the files are under
    assert view[:3] == ("--symlink", "usr/bin", "/bin")  # a link at the top stays a link
    assert view[3:6] == ("--ro-bind", str(folder) + top, top)
    # the folder bind and the tmpfs over its site-packages follow, in their order
    assert view[6:] == ("--ro-bind", f"{root}/usr/lib/python3.9", f"{root}/usr/lib/python3.9",
                        "--tmpfs", f"{root}/usr/lib/python3.9/site-packages",
                        "--remount-ro", f"{root}/usr/lib/python3.9/site-packages")
    inside = str(folder) + str(root)
    for name in ("usr/bin/python3.9", "usr/lib/x/libc.so.6", "usr/lib/x/libz.so.1.2"):
        assert os.path.samefile(f"{inside}/{name}", root / name)  # the very same file, not a copy
    assert os.readlink(f"{inside}/usr/bin/python3") == "python3.9"
    assert os.readlink(f"{inside}/usr/lib/x/libz.so.1") == "libz.so.1.2"
    assert os.path.isdir(f"{inside}/usr/lib/python3.9")  # the folder bind's mount point, empty
    assert os.listdir(f"{inside}/usr/lib/python3.9") == []
    assert sorted(os.listdir(f"{inside}/usr/bin")) == ["python3", "python3.9"]  # nothing else of the host


def test_where_no_hard_link_can_be_made_the_binds_stay_as_they_were(host, tmp_path, monkeypatch):
    _, args = host

    def refuse(*a, **k):
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr(os, "link", refuse)
    assert linked_view(args, str(tmp_path / "system")) is None


def test_arguments_it_does_not_know_leave_the_view_as_it_is(tmp_path):
    assert linked_view(["--ro-bind", "/usr", "/usr", "--dir", "/x"], str(tmp_path / "system")) is None
    assert linked_view(["--ro-bind", "/usr", "/usr"], str(tmp_path / "system")) is None  # a folder alone: nothing to link

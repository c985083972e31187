"""The worker's view of the system in a few mounts (grader/sandbox/system.linked_view): the same names as one
bind per file, hard links to the very same files, and the binds as they were where no link can be made."""

import os
from pathlib import Path

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


# -- the tree kept for the boot (grader/sandbox/boot_view.py) ---------------------------------------------


def _shared(args, tmp_path, n):
    """shared_linked_view for the n-th sandbox: (its view, the tree it binds, its own folder)."""
    from grader.sandbox.boot_view import shared_linked_view
    own = tmp_path / f"sandbox{n}" / "system"
    own.parent.mkdir()
    view = shared_linked_view(args, str(tmp_path / "scratch"), str(own))
    assert view[3] == "--ro-bind" and view[4].endswith(view[5])
    return view, view[4][:-len(view[5])], own


def test_the_tree_is_built_once_and_bound_by_every_later_sandbox(host, tmp_path):
    root, args = host
    (tmp_path / "scratch").mkdir()
    first, tree, own1 = _shared(args, tmp_path, 1)
    second, _, own2 = _shared(args, tmp_path, 2)
    assert first == second and not own1.exists() and not own2.exists()  # nothing built per sandbox
    views = tmp_path / "scratch" / f"micrograd-grader-views-{os.geteuid()}"
    assert os.path.dirname(tree) == str(views) and os.stat(views).st_mode & 0o777 == 0o711
    assert os.path.samefile(tree + str(root / "usr/bin/python3.9"), root / "usr/bin/python3.9")


def test_a_changed_file_is_a_new_tree_and_a_tampered_tree_is_not_used(host, tmp_path):
    root, args = host
    (tmp_path / "scratch").mkdir()
    _, first, _ = _shared(args, tmp_path, 1)
    lib = root / "usr/lib/x/libc.so.6"
    lib.unlink()
    lib.write_bytes(b"libc, upgraded")  # a new file (a new inode), as a package upgrade leaves it
    _, second, own2 = _shared(args, tmp_path, 2)
    assert second != first and not own2.exists()
    assert os.path.samefile(second + str(lib), lib) and os.path.samefile(first + str(lib), first + str(lib))
    # the kept tree made writable by others: the sandbox builds its own, as before
    os.chmod(second, 0o777)
    _, third, own3 = _shared(args, tmp_path, 3)
    assert third == str(own3) and os.path.samefile(third + str(lib), lib)
    # a name in the kept tree that is no longer its source (not the same inode): not used either
    os.chmod(second, 0o755)
    os.unlink(second + str(lib))
    (Path(second + str(lib))).write_bytes(b"something else")
    _, fourth, own4 = _shared(args, tmp_path, 4)
    assert fourth == str(own4)


def test_a_views_folder_others_may_write_is_not_used(host, tmp_path):
    _, args = host
    (tmp_path / "scratch").mkdir()
    views = tmp_path / "scratch" / f"micrograd-grader-views-{os.geteuid()}"
    views.mkdir()
    os.chmod(views, 0o777)
    _, tree, own = _shared(args, tmp_path, 1)
    assert tree == str(own) and os.listdir(views) == []


def test_with_host_facts_turned_off_each_sandbox_builds_its_own(host, tmp_path, monkeypatch):
    _, args = host
    (tmp_path / "scratch").mkdir()
    monkeypatch.setenv("GRADE_HOST_FACTS", "0")
    _, tree, own = _shared(args, tmp_path, 1)
    assert tree == str(own) and os.listdir(tmp_path / "scratch") == []

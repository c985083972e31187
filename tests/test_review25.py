"""review25: session 25's changes read as a hostile maintainer; each fixture failed before its fix."""

import os
import zipfile

import pytest

from grader.forbidden import forbidden_imports
from grader.load import load_entry, load_folder

ENGINE = frozenset({"engine.py"})
RELATIVE = {"engine.py": "from .ops import add\nclass Value:\n    pass\n", "ops.py": "def add(a, b):\n    return a + b\n"}


def _write(folder, files):
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return folder


def test_files_that_import_relatively_are_one_package_whatever_the_entry_is_called(tmp_path):
    # before: a package named after the entry where that name was an identifier (`alice/`, `hw/`: graded, 63/63 in
    # the sandbox), and Python's "attempted relative import with no known parent package" where it was not
    # (`alice-smith/`, `2024_bob/`... 0/63), nor for a zip or an LMS export's files
    for name in ["alice", "alice-smith", "2024-bob", "hw"]:
        _write(tmp_path / "class" / name, RELATIVE)
    with zipfile.ZipFile(tmp_path / "class" / "carol.zip", "w") as z:
        for name, text in RELATIVE.items():
            z.writestr(name, text)
    subs = load_folder(tmp_path / "class", ENGINE)
    assert [(s.id, s.problem, sorted(s.files)) for s in subs] == [
        (who, None, ["engine.py", "ops.py", "submission/__init__.py"])
        for who in ["2024-bob", "alice", "alice-smith", "carol", "hw"]]
    assert {s.package for s in subs} == {"submission"}


def test_a_canvas_export_of_files_that_import_relatively_is_graded_as_a_package(tmp_path):
    _write(tmp_path / "class", {f"smithjohn_12345_6789{i}_{name}": text for i, (name, text) in
                                enumerate(RELATIVE.items())})
    (sub,) = load_folder(tmp_path / "class", ENGINE)
    assert (sub.id, sub.problem, sorted(sub.files)) == (
        "smithjohn_12345", None, ["engine.py", "ops.py", "submission/__init__.py"])


def test_the_entrys_own_name_is_the_package_only_where_a_file_imports_it_by_that_name(tmp_path):
    files = {"engine.py": "class Value:\n    pass\n", "nn.py": "from hw3.engine import Value\n"}
    sub = load_entry(_write(tmp_path / "hw3", files), frozenset({"engine.py", "nn.py"}))  # `grade check .` in hw3/
    assert sorted(sub.files) == ["engine.py", "hw3/__init__.py", "nn.py"]
    # a file of no package, as the course writes it: nothing made
    sub = load_entry(_write(tmp_path / "alice", {"engine.py": "from ops import add\n", "ops.py": "add = 1\n"}), ENGINE)
    assert sorted(sub.files) == ["engine.py", "ops.py"]
    # the unnamed package's name taken by a module of the student's: Python's refusal, as before
    sub = load_entry(_write(tmp_path / "bob", {**RELATIVE, "submission.py": "x = 1\n"}), ENGINE)
    assert sorted(sub.files) == ["engine.py", "ops.py", "submission.py"]


@pytest.mark.parametrize("where", ["", "hw/"])
def test_a_relatively_imported_helper_that_cannot_be_read_is_refused_with_its_reason(tmp_path, where):
    # before: left out, the files sent as a package without it, and the sandbox said "cannot import name 'helper'"
    files = {where + "engine.py": "from . import helper\nclass Value:\n    pass\n",
             where + "helper.py": b"# caf\xe9\nx = 1\n"}
    sub = load_entry(_write(tmp_path / "dave", files), ENGINE)
    assert (sub.files, sub.problem) == (
        {}, f"dave/{where}helper.py is not UTF-8 text (byte 0xe9 at offset 5); re-save it as UTF-8 and submit again")


def test_relative_imports_of_a_helper_package_resolve_inside_the_package(tmp_path):
    # `from .. import engine` in a helper package's module reaches the package's engine, as Python finds it
    files = {"submission/__init__.py": b"", "engine.py": b"x = 1\nimport numpy\n",
             "ops/__init__.py": b"from .. import engine\n", "ops/add.py": b"import torch\n"}
    assert forbidden_imports(files, ("numpy", "torch"), start=["ops/__init__.py"], package="submission") == [
        {"module": "numpy", "file": "engine.py", "line": 2}]


@pytest.mark.skipif(os.name == "nt", reason="POSIX modes")
def test_removing_a_scratch_folder_changes_no_folder_a_link_swapped_in_names(tmp_path, monkeypatch):
    # before: the folders os.walk listed were changed by path, so a folder of the worker's HOME turned into a link
    # to `/etc` between the listing and the change had root make `/etc` 0700
    from grader.sandbox import scratch

    outside = tmp_path / "etc"
    outside.mkdir(mode=0o755)
    os.chmod(outside, 0o755)
    base = tmp_path / "w0-x"
    (base / "home" / "a").mkdir(parents=True)
    (base / "work").mkdir()
    swapped = base / "home" / "a"

    def racing(walk):
        def walked(top, *args, **kwargs):
            for entry in walk(top, *args, **kwargs):
                if os.fspath(entry[0]).endswith(os.path.join("home", "a")) and not swapped.is_symlink():
                    swapped.rename(base / "home" / "b")  # the worker's move, after the listing
                    swapped.symlink_to(outside)
                yield entry
        return walked

    monkeypatch.setattr(scratch.os, "walk", racing(os.walk))
    monkeypatch.setattr(scratch.os, "fwalk", racing(os.fwalk))
    scratch.read_only_modes(base / "work")
    scratch.remove_scratch(base)
    assert (oct(outside.stat().st_mode & 0o777), base.exists()) == ("0o755", False)


def test_an_entry_named_as_the_unnamed_package_is_no_package_without_an_import_that_asks(tmp_path):
    # Gradescope's folder is `submission/`: its files are no package unless they import relatively or by that name
    sub = load_entry(_write(tmp_path / "submission", {"engine.py": "from ops import add\n", "ops.py": "add = 1\n"}),
                     ENGINE)
    assert sorted(sub.files) == ["engine.py", "ops.py"]
    sub = load_entry(_write(tmp_path / "x" / "submission", RELATIVE), ENGINE)
    assert sorted(sub.files) == ["engine.py", "ops.py", "submission/__init__.py"]


def test_files_below_a_wrapper_named_as_no_module_that_import_relatively_are_a_package(tmp_path):
    # before: `hw-4/` (no module's name) left the relative import to Python's refusal, where `hw4/` was graded
    sub = load_entry(_write(tmp_path / "alice", {f"hw-4/{name}": text for name, text in RELATIVE.items()}), ENGINE)
    assert sorted(sub.files) == ["engine.py", "ops.py", "submission/__init__.py"]
    sub = load_entry(_write(tmp_path / "bob", {f"hw4/{name}": text for name, text in RELATIVE.items()}), ENGINE)
    assert sorted(sub.files) == ["engine.py", "hw4/__init__.py", "ops.py"]


def test_a_plain_engine_is_not_parsed_again_to_look_for_a_package(tmp_path, monkeypatch):
    # before: every top-level file parsed once more per submission (session 25's package reading), on every load
    from grader.load import levels
    from grader.load.disk import disk_level
    from grader.load.reading import Budget

    parsed = []
    real = levels.tree_or_none
    monkeypatch.setattr(levels, "tree_or_none", lambda content: parsed.append(content) or real(content))
    files = {"engine.py": b"import math\nfrom ops import add\nclass Value:\n    pass\n", "ops.py": b"add = 1\n"}
    level = disk_level(_write(tmp_path / "alice", files), "alice/", Budget())
    assert levels._as_package(level, "alice/", {name: (text, None) for name, text in files.items()}) is None
    assert parsed == []

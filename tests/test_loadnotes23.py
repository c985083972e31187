"""Session 23's loader notes (loadnotes23): a helper module that cannot be read, imported by the student's files, is
refused with its reason (it was left out, and the engine failed with "No module named ..."); the walk of the
helper packages on disk is bounded as a zip's members are. Each test below but the ones marked "held" failed before.
"""

import io
import os
import zipfile

import pytest

from grader.i18n import translator
from grader.load import load_entry
from grader.load.reading import MAX_PACKAGE_ENTRIES, MAX_ZIP_MEMBERS

ENGINE = frozenset({"engine.py"})
LATIN1 = b"# caf\xe9\ndef add(a, b):\n    return a + b\n"  # no coding line: not UTF-8
NOT_UTF8 = "alice/{file} is not UTF-8 text (byte 0xe9 at offset 5); re-save it as UTF-8 and submit again"
UTF7 = b"# coding: utf-7\ndef add(a, b):\n    return a +- b\n"  # Python reads `a + b`
REFUSED_UTF7 = ("alice/helper.py declares the encoding utf-7 on line 1, in which Python reads its text otherwise than "
                "as UTF-8; re-save it as UTF-8, make that line say utf-8 and submit again")
TOO_MANY = ("the packages beside the exercise files in alice/ hold more than 200 files and folders, the limit for "
            "helper packages; submit only the exercise files and the modules they import")


def write(folder, files):
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return folder


# -- a helper that cannot be read: its reason, where a carried file imports it --------------------------------


@pytest.mark.parametrize("engine", [
    "from helper import add\n",
    "import helper\n",
    "import helper as h\n",
    "def f():\n    from helper import add\n    return add\n",  # imported when called: still the engine's
    # a relative import: the files are graded as a package (docs/contract.md), whose `helper` it is (review25:
    # left out, and the sandbox said "cannot import name 'helper'")
    "from . import helper\n",
])
def test_an_imported_helper_not_in_utf8_is_refused_with_its_reason(tmp_path, engine):
    # before: accepted without helper.py, and the sandbox said "No module named 'helper'"
    sub = load_entry(write(tmp_path / "alice", {"engine.py": engine, "helper.py": LATIN1}), ENGINE)
    assert (sub.files, sub.problem) == ({}, NOT_UTF8.format(file="helper.py"))


def test_an_imported_helper_in_a_refused_encoding_is_refused_with_its_reason(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"engine.py": "from helper import add\n", "helper.py": UTF7}), ENGINE)
    assert sub.problem == REFUSED_UTF7


@pytest.mark.parametrize("files, unread", [
    # the engine imports the package, whose __init__ imports the module that cannot be read
    ({"engine.py": "from autodiff import Value\n", "autodiff/__init__.py": "from .ops import add\nValue = 1\n",
      "autodiff/ops.py": LATIN1}, "autodiff/ops.py"),
    ({"engine.py": "from autodiff import ops\n", "autodiff/__init__.py": "", "autodiff/ops.py": LATIN1},
     "autodiff/ops.py"),
    ({"engine.py": "import autodiff.nn.layers\n", "autodiff/__init__.py": "", "autodiff/nn/__init__.py": "",
      "autodiff/nn/layers.py": LATIN1}, "autodiff/nn/layers.py"),
    ({"engine.py": "from autodiff.nn import layers\n", "autodiff/__init__.py": "", "autodiff/nn/__init__.py": LATIN1,
      "autodiff/nn/layers.py": ""}, "autodiff/nn/__init__.py"),
    # a carried helper imports it
    ({"engine.py": "from linalg import dot\n", "linalg.py": "from helper import add\ndot = add\n",
      "helper.py": LATIN1}, "helper.py"),
    ({"engine.py": "from autodiff import ops\n", "autodiff/__init__.py": "", "autodiff/ops.py": "from . import x\n",
      "autodiff/x.py": LATIN1}, "autodiff/x.py"),
])
def test_an_imported_module_of_a_package_that_cannot_be_read_is_refused_with_its_reason(tmp_path, files, unread):
    sub = load_entry(write(tmp_path / "alice", files), ENGINE)
    assert sub.problem == NOT_UTF8.format(file=unread)


@pytest.mark.parametrize("engine", [
    "x = 1\n",  # not imported
    "try:\n    from helper import add\nexcept ImportError:\n    add = None\n",  # the program does without it
    "from helpers import add\n",  # another name
    "def broken(:\n    import helper\n",  # does not parse: the sandbox says so
    # for a type checker only: never imported when the program runs (session 24; refused before)
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from helper import add\n",
    "import typing\nif typing.TYPE_CHECKING:\n    import helper\nelse:\n    pass\n",
])
def test_held_a_helper_that_cannot_be_read_and_is_not_needed_is_left_out_as_before(tmp_path, engine):
    sub = load_entry(write(tmp_path / "alice", {"engine.py": engine, "helper.py": LATIN1, "ok.py": "y = 2\n"}),
                     ENGINE)
    assert sub.problem is None
    assert sorted(sub.files) == ["engine.py", "ok.py"]


def test_an_imported_helper_that_cannot_be_read_in_a_zip_is_refused_with_its_reason(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("alice/engine.py", "from helper import add\n")
        archive.writestr("alice/helper.py", LATIN1)
    (tmp_path / "alice.zip").write_bytes(buffer.getvalue())
    sub = load_entry(tmp_path / "alice.zip", ENGINE)
    assert sub.problem == ("alice.zip/alice/helper.py is not UTF-8 text (byte 0xe9 at offset 5); re-save it as UTF-8 "
                           "and submit again")


def test_the_reason_is_said_in_the_students_language(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"engine.py": "import helper\n", "helper.py": UTF7}), ENGINE)
    assert sub.problem_message["params"] == {"file": "alice/helper.py", "encoding": "utf-7", "line": 1}
    assert translator("ru").render(sub.problem_message) == (
        "alice/helper.py объявляет кодировку utf-7 в строке 1, в которой Python читает его текст не так, как UTF-8; "
        "сохраните его в UTF-8, укажите в этой строке utf-8 и сдайте заново")
    assert translator("zh").render(sub.problem_message) == (
        "alice/helper.py 在第 1 行声明了编码 utf-7，Python 按此编码读出的文本与按 UTF-8 读出的不同；请以 UTF-8 重新保存，"
        "把该行改为 utf-8 后再提交")


# -- the helper packages on disk: a folder is listed only when it is a package, and the entries listed are capped ---


def test_the_package_entries_are_capped_as_a_zips_members_are():
    assert MAX_PACKAGE_ENTRIES == MAX_ZIP_MEMBERS == 200


def _package(folder, entries):
    """A package `pkg` beside an engine, with `entries` entries in all (its __init__.py included)."""
    files = {"engine.py": "x = 1\n", "pkg/__init__.py": ""}
    files.update({f"pkg/m{i:03}.py": "" for i in range(entries - 1)})
    return write(folder, files)


def test_a_package_of_more_entries_than_the_cap_is_refused(tmp_path):
    # before: listed whole (up to 1,000 entries a folder, 999 folders a package, 32 packages), and accepted
    sub = load_entry(_package(tmp_path / "alice", MAX_PACKAGE_ENTRIES + 1), ENGINE)
    assert (sub.files, sub.problem) == ({}, TOO_MANY)
    assert sub.problem_message["params"] == {"where": "alice/", "limit": 200}
    assert translator("ru").render(sub.problem_message) == (
        "в пакетах рядом с файлами задания в alice/ больше 200 файлов и папок (предел для вспомогательных пакетов); "
        "сдайте только файлы задания и модули, которые они импортируют")
    assert translator("zh").render(sub.problem_message) == (
        "alice/ 中练习文件旁的包里共有超过 200 个文件和文件夹，超过了辅助包的上限；请只提交练习文件和它们导入的模块")


def test_held_a_package_of_as_many_entries_as_the_cap_is_carried(tmp_path):
    sub = load_entry(_package(tmp_path / "alice", MAX_PACKAGE_ENTRIES), ENGINE)
    assert sub.problem is None
    assert len(sub.files) == 33  # the engine and 32 helpers, as before


def test_the_cap_counts_the_entries_of_every_package_and_subpackage_listed(tmp_path):
    files = {"engine.py": "x = 1\n", "pkg/__init__.py": "", "other/__init__.py": ""}
    files.update({f"pkg/sub/m{i:03}.py": "" for i in range(100)})  # pkg: 2 entries
    files.update({f"other/d{i:03}.txt": "" for i in range(98)})  # other: 99 entries
    files["pkg/sub/__init__.py"] = ""  # pkg/sub: 101 entries; 202 in all
    sub = load_entry(write(tmp_path / "alice", files), ENGINE)
    assert sub.problem == TOO_MANY
    (tmp_path / "alice" / "pkg" / "sub" / "__init__.py").unlink()  # no subpackage: not listed, 101 entries
    assert load_entry(tmp_path / "alice", ENGINE).problem is None


def test_a_folder_beside_the_engine_is_listed_only_when_it_is_a_package(tmp_path, monkeypatch):
    # before: every folder and every subfolder of a package was listed to find out whether it held an __init__.py
    files = {"engine.py": "x = 1\n", "pkg/__init__.py": "", "pkg/ops.py": ""}
    files.update({f"data/{i:03}.csv": "" for i in range(300)})
    files.update({f"pkg/runs/r{i:02}/log.txt": "" for i in range(20)})
    folder = write(tmp_path / "alice", files)
    listed = []
    scandir = os.scandir

    def counting(path):
        listed.append(os.path.relpath(path, tmp_path))
        return scandir(path)

    monkeypatch.setattr("grader.load.levels.os.scandir", counting)
    sub = load_entry(folder, ENGINE)
    assert sub.problem is None
    assert sorted(sub.files) == ["engine.py", "pkg/__init__.py", "pkg/ops.py"]
    assert listed == ["alice", os.path.join("alice", "pkg")]

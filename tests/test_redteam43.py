"""Session 43's red team (docs/security.md, "Session 43's red team"): hostile students who read the source.

- `grade similarity` reads a hand-in's other files (grader/similarity/hand_in.py): a link (to /etc/passwd, to the
  grader's files), a FIFO, a folder past the depth cap, a name holding a control character are each left out and
  said in the row's `other_files_limits`; a name that is not UTF-8 no longer stops the whole class's record.
"""

import json
import os
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.load import load_entry
from grader.similarity.hand_in import UNSAFE_ZIP, other_files

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")


def _deep(top: Path, depth: int) -> None:
    """`top/d/d/.../d/t.py`, DEPTH folders, made through folder descriptors (no path longer than PATH_MAX)."""
    fd = os.open(top, os.O_RDONLY)
    for _ in range(depth):
        os.mkdir("d", dir_fd=fd)
        inner = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = inner
    with open(os.open("t.py", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), "w") as f:
        f.write("z = 3\n")
    os.close(fd)


def _hostile_hand_in(entry: Path) -> None:
    entry.mkdir()
    (entry / "engine.py").write_text(CORRECT, encoding="utf-8")
    (entry / "train.py.txt").write_text("not python\n", encoding="utf-8")
    os.symlink("/etc/passwd", entry / "passwd.py")
    os.symlink(ROOT / "grader", entry / "grader_files")
    os.mkfifo(entry / "pipe.py")  # opened for reading, it would wait for a writer forever
    (entry / "evil\x1b[2J.py").write_text("x = 1\n", encoding="utf-8")
    (entry / "bidi\u202e.py").write_text("x = 2\n", encoding="utf-8")
    (entry / "deep").mkdir()
    _deep(entry / "deep", 300)
    (entry / "tools").mkdir()
    (entry / "tools" / "plot.py").write_text("import math\n", encoding="utf-8")


def test_a_hand_ins_links_fifo_deep_folder_and_control_names_are_left_out_and_said(tmp_path):
    _hostile_hand_in(tmp_path / "mallory")
    others = other_files(load_entry(tmp_path / "mallory"))
    # before: the same files read, and the rest left out unsaid (the row had no other_files_limits)
    assert others.files == {"tools/plot.py": "import math\n"}
    assert others.limits == [
        "other files: grader_files, passwd.py: a link, not followed",
        "other files: pipe.py: not a regular file (a FIFO, a socket or a device), not opened",
        "other files: deep/d/d/d/: a folder more than 3 deep, not looked through",
        "other files: bidi\\u202e.py, evil\\x1b[2J.py: a name holding a control character, not read"]


@pytest.mark.slow
def test_a_name_that_is_not_utf8_is_read_under_its_escaped_name_and_the_record_is_written(tmp_path):
    (tmp_path / "class").mkdir()
    for sid in ("alice", "bob"):
        (tmp_path / "class" / sid).mkdir()
        (tmp_path / "class" / sid / "engine.py").write_text(CORRECT, encoding="utf-8")
    with open(os.path.join(os.fsencode(tmp_path / "class" / "bob"), b"bad\xffname.py"), "w") as f:
        f.write("w = 1\n")
    out = tmp_path / "similarity.json"
    # before: UnicodeEncodeError ('surrogates not allowed') writing the record: no record for the whole class
    said = CliRunner().invoke(main, ["similarity", str(tmp_path / "class"), "--no-micrograd", "-o", str(out)])
    assert (said.exit_code, said.exception) == (0, None)
    rows = {row["id"]: row for row in json.loads(out.read_text(encoding="utf-8"))["submissions"]}
    assert rows["bob"]["other_files"] == ["bad\\xffname.py"]
    assert "other_files" not in rows["alice"]


def test_a_zip_whose_member_leaves_it_reads_no_other_file_and_says_so(tmp_path):
    (tmp_path / "carol").mkdir()
    with zipfile.ZipFile(tmp_path / "carol" / "hw.zip", "w") as archive:
        archive.writestr("hw/engine.py", CORRECT)
        archive.writestr("hw/train.py", "print(1)\n")
    entry = load_entry(tmp_path / "carol")
    with zipfile.ZipFile(tmp_path / "carol" / "hw.zip", "a") as archive:  # changed after it was loaded
        archive.writestr("hw/../../escape.py", "print(2)\n")
    others = other_files(entry)
    assert (others.files, others.limits) == ({}, [UNSAFE_ZIP])

"""Session 42: `grade similarity` reads the whole hand-in, not only the exercise's files (hand_in.py).

A student hands in a package `micrograd/` with a `train.py` beside it and a `tests/` folder; the loader carries the
package for the sandbox and leaves the rest out. The rest is read as more files of the same submission: the starter's
own train.py and tests subtracted as its engine is, what the other files add to a pair counted at OTHER_WEIGHT.

The class (bench/similarity/sim42fctl/make.py): six folder hand-ins on sim41actl's honest engines and the course's
train.py and tests: f1, f2 (own engines, the course's train.py and tests), t1, t2 (own engines, t2's train.py copied
from t1's), w1 and w1copy (the whole hand-in copied, the engine renamed, its comments dropped).
"""

import importlib.util
import io
import os
import zipfile
from pathlib import Path

from costs import slow_fixture

from grader.load import load_entry
from grader.similarity import OTHER_WEIGHT, similarity
from grader.similarity.hand_in import MAX_OTHER_FILES, other_files

# loaded under a name of its own: a bare `import make` put sim42fctl's module in sys.modules["make"], where another
# test's importlib.import_module("make") (test_sim18, sim18ctl's) then found it in the same xdist worker
_SPEC = importlib.util.spec_from_file_location(
    "bench_sim42fctl_make", Path(__file__).resolve().parents[2] / "bench" / "similarity" / "sim42fctl" / "make.py")
make = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(make)

ENGINE = "class Value:\n    def __init__(self, data):\n        self.data = data\n        self.grad = 0.0\n"


def write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def test_other_files_of_a_folder(tmp_path):
    entry = tmp_path / "alice"
    write(entry, {"micrograd/__init__.py": "", "micrograd/engine.py": ENGINE, "train.py": "print(1)\n",
                  "tests/test_engine.py": "def test_x():\n    assert 1\n", "README.md": "# hw\n",
                  "__MACOSX/train.py": "junk\n", ".ipynb_checkpoints/train.py": "old\n",
                  "__pycache__/x.py": "y = 1\n"})
    os.symlink(tmp_path / "elsewhere.py", entry / "linked.py")
    others = other_files(load_entry(entry))
    assert others.files == {"tests/test_engine.py": "def test_x():\n    assert 1\n", "train.py": "print(1)\n"}
    assert others.limits == [{"what": "link", "files": ["linked.py"], "count": 1}]  # said since session 43


def test_other_files_of_a_zip_and_of_a_folder_holding_it(tmp_path):
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w") as archive:
        archive.writestr("hw2/micrograd/engine.py", ENGINE)
        archive.writestr("hw2/micrograd/__init__.py", "")
        archive.writestr("hw2/train.py", "print(2)\n")
        archive.writestr("__MACOSX/hw2/._train.py", "junk")
    (tmp_path / "bob.zip").write_bytes(stream.getvalue())
    (tmp_path / "carol").mkdir()
    (tmp_path / "carol" / "hw2.zip").write_bytes(stream.getvalue())
    assert other_files(load_entry(tmp_path / "bob.zip")).files == {"hw2/train.py": "print(2)\n"}
    assert other_files(load_entry(tmp_path / "carol")).files == {"hw2/train.py": "print(2)\n"}


def test_a_file_handed_in_alone_has_no_other_files(tmp_path):
    (tmp_path / "dave.py").write_text(ENGINE, encoding="utf-8")
    (tmp_path / "train.py").write_text("print(3)\n", encoding="utf-8")  # the class's, not dave's
    assert other_files(load_entry(tmp_path / "dave.py")).files == {}


def test_the_caps(tmp_path):
    entry = tmp_path / "erin"
    write(entry, {"micrograd/engine.py": ENGINE, "micrograd/__init__.py": "", "big.py": "x = 1\n" * 20_000,
                  **{f"scripts/s{n:02d}.py": f"print({n})\n" for n in range(12)}})
    others = other_files(load_entry(entry))
    assert sorted(others.files) == [f"scripts/s{n:02d}.py" for n in range(MAX_OTHER_FILES)]
    assert others.limits == [{"what": "unread", "file": "big.py", "cap_bytes": 16384},
                             {"what": "files", "read": 8, "more": 4}]


@slow_fixture(scope="module")  # a class read and scored: seconds of CPU
def record(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sim42f")
    (folder / "starter").mkdir()
    (folder / "starter" / "engine.py").write_text(ENGINE, encoding="utf-8")
    (folder / "submissions").mkdir()
    make.hand_ins(folder)
    return similarity(folder / "submissions", starters=(folder / "starter" / "hw",)).record


def pair(record, a, b):
    return next((p for p in record["pairs"] if {p["a"], p["b"]} == {f"ctl_{a}", f"ctl_{b}"}), None)


def test_the_course_train_py_and_tests_are_the_starters(record):
    assert record["starter"] == ["micrograd/__init__.py", "micrograd/engine.py", "tests/test_engine.py", "train.py"]
    assert pair(record, "f1", "f2") is None  # the course's train.py and tests are given: nothing between them


def test_a_copy_of_train_py_alone_counts_at_other_weight(record):
    assert OTHER_WEIGHT == 0.5
    found = pair(record, "t1", "t2")
    assert (found["score"], found["flagged"]) == (0.4975, False)  # 0.995 from train.py alone, counted at half
    assert [(m["a_file"], m["a_lines"], m["b_file"]) for m in found["matches"][:2]] == [
        ("train.py", [46, 56], "train.py"), ("train.py", [8, 44], "train.py")]  # the report says where: train.py


def test_the_whole_hand_in_copied(record):
    found = pair(record, "w1", "w1copy")
    assert (found["score"], found["flagged"]) == (0.9999, True)
    assert [(m["a_file"], m["a_lines"]) for m in found["matches"][:2]] == [("train.py", [6, 60]),
                                                                           ("micrograd/engine.py", [4, 17])]


def test_the_record_says_which_other_files_were_read(record):
    row = next(r for r in record["submissions"] if r["id"] == "ctl_t1")
    assert row["other_files"] == ["tests/test_engine.py", "train.py"]
    assert "other_files_limits" not in row

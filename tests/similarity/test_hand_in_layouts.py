"""Session 43: the hand-in layouts whose other files session 42 left unread (hand_in.py). Each is the student's by the
contract (docs/contract.md §1: a notebook's code cells are its code; a zip of the hand-in is the hand-in, as the
loader reads a zip holding one zip; an LMS export's student's files are read as the folder they would have handed
in), so each is read, within the caps: a notebook beside the exercise's files (its code cells' code), the files of
a zip inside a zip, and an LMS export's loose files of one student that the loader did not carry."""

import pytest

from grader.load import load_entry, load_folder
from grader.similarity import similarity
from grader.similarity.hand_in import MAX_NESTED_ZIPS, MAX_OTHER_BYTES, other_files
from load_support import make_zip, notebook

ENGINE = "class Value:\n    def __init__(self, data):\n        self.data = data\n        self.grad = 0.0\n"


def test_a_notebook_beside_the_exercise_files_is_read_as_its_code(tmp_path):
    entry = tmp_path / "alice"
    entry.mkdir()
    (entry / "engine.py").write_text(ENGINE, encoding="utf-8")
    (entry / "explore.ipynb").write_bytes(notebook("%matplotlib inline\nfrom engine import Value",
                                                   "print(Value(2).data)"))
    (entry / "broken.ipynb").write_text("{not json", encoding="utf-8")
    (entry / ".ipynb_checkpoints").mkdir()
    (entry / ".ipynb_checkpoints" / "explore-checkpoint.ipynb").write_bytes(notebook("old = 1"))
    others = other_files(load_entry(entry))
    # the magic is dropped as the loader drops it (a `pass` keeps the cell's lines), the Markdown cell is no code
    assert others.files == {"explore.ipynb": "pass\nfrom engine import Value\n\nprint(Value(2).data)\n"}
    assert others.limits == [{
        "what": "notebook", "file": "broken.ipynb",
        "reason": "broken.ipynb is not a readable notebook: bad JSON at line 1, column 2 (Expecting property name "
                  "enclosed in double quotes); open it in Jupyter, save it and submit again"}]


def test_a_notebook_whose_code_is_over_the_cap_is_not_read_and_says_so(tmp_path):
    entry = tmp_path / "bob"
    entry.mkdir()
    (entry / "engine.py").write_text(ENGINE, encoding="utf-8")
    (entry / "big.ipynb").write_bytes(notebook("x = 1\n" * (MAX_OTHER_BYTES // 6 + 1)))
    others = other_files(load_entry(entry))
    assert others.files == {}
    assert others.limits == [{"what": "unread", "file": "big.ipynb", "cap_bytes": 2 * 1024 * 1024,
                              "code_cap_bytes": 16 * 1024}]


def test_the_other_files_of_a_zip_inside_a_zip(tmp_path):
    (tmp_path / "build").mkdir()
    inner = make_zip(tmp_path / "build" / "hw2.zip", {
        "hw2/micrograd/engine.py": ENGINE, "hw2/micrograd/__init__.py": "", "hw2/train.py": "print(2)\n",
        "hw2/demo.ipynb": notebook("print(5)")}).read_bytes()
    make_zip(tmp_path / "carol.zip", {"hw2.zip": inner})
    assert other_files(load_entry(tmp_path / "carol.zip")).files == {"hw2/demo.ipynb": "print(5)\n",
                                                                      "hw2/train.py": "print(2)\n"}
    # as deep as the loader reads one zip inside another
    deepest = inner
    for n in range(MAX_NESTED_ZIPS - 1):
        deepest = make_zip(tmp_path / "build" / f"again{n}.zip", {"again.zip": deepest}).read_bytes()
    make_zip(tmp_path / "dave.zip", {"again.zip": deepest})
    assert other_files(load_entry(tmp_path / "dave.zip")).files == {"hw2/demo.ipynb": "print(5)\n",
                                                                     "hw2/train.py": "print(2)\n"}
    # a zip beside another file is not unpacked, by the loader nor here
    make_zip(tmp_path / "erin.zip", {"hw2.zip": inner, "engine.py": ENGINE})
    assert other_files(load_entry(tmp_path / "erin.zip")).files == {}


def test_an_lms_export_students_loose_files_that_the_loader_did_not_carry(tmp_path):
    folder = tmp_path / "canvas"
    folder.mkdir()
    files = {"smithjohn_12345_67890_engine.py": ENGINE, "smithjohn_12345_67891_train-v2.py": "print(3)\n",
             "smithjohn_12345_67893_helpers.py": "def h():\n    return 1\n",
             "smithjohn_12345_67892_explore.ipynb": notebook("print(4)"),
             "doejane_23456_78901_engine.py": ENGINE,
             "leeann_34567_89012_engine-1.py": ENGINE, "leeann_34567_89013_train.ipynb": notebook("y = 2")}
    for name, text in files.items():
        (folder / name).write_bytes(text if isinstance(text, bytes) else text.encode())
    read = {s.id: other_files(s) for s in load_folder(folder, one_submission_flag=None)}
    # engine.py and the module helpers.py are carried (the loader's); train-v2.py (no module's name) and the
    # notebook are the student's other files, named as the export names them
    assert read["smithjohn_12345"].files == {"smithjohn_12345_67891_train-v2.py": "print(3)\n",
                                             "smithjohn_12345_67892_explore.ipynb": "print(4)\n"}
    assert read["doejane_23456"].files == {}  # one file handed in: nothing beside it is hers
    # Canvas renamed a resubmission's engine.py `engine-1.py`: the carried engine, not another file
    assert read["leeann_34567"].files == {"leeann_34567_89013_train.ipynb": "y = 2\n"}
    assert all(not others.limits for others in read.values())


@pytest.mark.slow  # two classes compared: seconds of CPU
def test_github_classroom_ids_are_the_contracts_on_both_surfaces(tmp_path):
    # docs/contract.md §1: `<assignment>-submissions/` gives each row the login; a folder named otherwise is read
    # entry by entry, each row named by its repository (session 26: no id depends on the other repositories)
    for folder, ids in (("hw04-submissions", ["alice", "bob"]), ("repos", ["hw04-alice", "hw04-bob"])):
        for login, scale in (("alice", 2.0), ("bob", 3.0)):
            (tmp_path / folder / f"hw04-{login}").mkdir(parents=True)
            (tmp_path / folder / f"hw04-{login}" / "engine.py").write_text(
                ENGINE + f"\n    def scaled(self):\n        return Value(self.data * {scale})\n", encoding="utf-8")
        graded = sorted(s.id for s in load_folder(tmp_path / folder, one_submission_flag=None))  # `grade`'s ids
        record = similarity(tmp_path / folder).record
        assert graded == sorted(row["id"] for row in record["submissions"]) == ids

"""grader/load/: a class folder: one submission per entry, their ids, and what loading leaves alone."""

import dataclasses
import os
from pathlib import Path

import pytest
from load_support import ENGINE, FORMS, NN, STAND_INS, make_zip, notebook, write

from grader.load import AmbiguousFolder, LoadError, load_entry, load_folder
from grader.load.reading import name_bytes, name_text


# -- a folder of entries ---------------------------------------------------------------------


def test_every_entry_of_a_folder_gets_one_submission_sorted_by_id(tmp_path):
    subs = write(
        tmp_path / "subs",
        {
            "alice/engine.py": ENGINE,
            "bob.py": ENGINE,
            "carol.ipynb": notebook(ENGINE.decode()),
            "erin.txt": b"my homework\n",
            ".DS_Store": b"\x00",
            "__MACOSX/._bob.py": b"\x00",
            ".ipynb_checkpoints/carol-checkpoint.ipynb": b"{}",
        },
    )
    make_zip(subs / "dave.zip", {"dave/engine.py": ENGINE})
    (subs / "frank").mkdir()
    loaded = load_folder(subs)
    assert [(s.id, s.kind, s.rejected) for s in loaded] == [
        ("alice", "folder", False),
        ("bob", "file", False),
        ("carol", "notebook", False),
        ("dave", "zip", False),
        ("erin", "file", True),
        ("frank", "folder", True),
    ]
    assert all(s.files == {"engine.py": STAND_INS + ENGINE if s.kind == "notebook" else ENGINE}
               for s in loaded if not s.rejected)
    assert loaded[0].source == str(subs / "alice")


def test_two_entries_with_one_id_both_get_a_row(tmp_path):
    subs = write(tmp_path / "subs", {"bob/engine.py": ENGINE, "bob.py": ENGINE, "bob.ipynb": notebook("x = 1")})
    loaded = load_folder(subs)
    assert [(s.id, s.kind, s.problem) for s in loaded] == [
        ("bob", "folder", None),
        (
            "bob (bob.ipynb)",
            "notebook",
            "two entries have the id 'bob': bob/ and bob.ipynb; only bob/ is graded as 'bob': "
            "rename or remove one and grade again",
        ),
        (
            "bob (bob.py)",
            "file",
            "two entries have the id 'bob': bob/ and bob.py; only bob/ is graded as 'bob': "
            "rename or remove one and grade again",
        ),
    ]
    assert len({s.digest for s in loaded}) == 3


def test_generated_ids_never_take_another_entrys_id(tmp_path):
    # issue 11: a folder literally named "bob (bob.py)" duplicated the id generated for bob.py,
    # so two rows of scores.json had one id (and one overwrote the other's feedback)
    subs = write(tmp_path / "subs", {"bob/engine.py": ENGINE, "bob.py": ENGINE, "bob (bob.py)/engine.py": ENGINE,
                                     "bob (bob.py) #2.py": ENGINE})
    loaded = load_folder(subs)
    assert [(s.id, s.rejected) for s in loaded] == [
        ("bob", False), ("bob (bob.py)", False), ("bob (bob.py) #2", False), ("bob (bob.py) #3", True)]
    assert loaded[3].problem.startswith("two entries have the id 'bob': bob/ and bob.py;")


def test_a_name_that_is_not_utf8_gets_a_readable_reversible_id(tmp_path):
    # issue 11: the id of a Latin-1 folder name held a lone surrogate, and scores.json could not be written
    subs = tmp_path / "subs"
    for raw in (b"caf\xe9", b"caf\\xe9", b"a\\b"):  # a name that is not UTF-8, and names that look escaped
        folder = subs / os.fsdecode(raw)
        folder.mkdir(parents=True)
        (folder / "engine.py").write_bytes(ENGINE)
    (subs / os.fsdecode(b"d\xfcrer.zip")).write_bytes(b"not a zip")
    loaded = load_folder(subs)
    assert [s.id for s in loaded] == ["a\\\\b", "caf\\\\xe9", "caf\\xe9", "d\\xfcrer"]
    assert [name_bytes(s.id) for s in loaded] == [b"a\\b", b"caf\\xe9", b"caf\xe9", b"d\xfcrer"]
    for s in loaded:
        s.id.encode("utf-8")
        (s.problem or "").encode("utf-8")
    assert loaded[3].problem.startswith("d\\xfcrer.zip is not a readable zip archive")


@pytest.mark.parametrize("raw", [b"plain", b"caf\xc3\xa9", b"\xff\xfe", b"back\\slash\\x41", b"\\\\xzz\x80"])
def test_name_text_round_trips(raw):
    text = name_text(os.fsdecode(raw))
    text.encode("utf-8")
    assert name_bytes(text) == raw


def test_a_single_file_path_is_one_submission(tmp_path):
    path = write(tmp_path, {"alice.py": ENGINE}) / "alice.py"
    assert [(s.id, s.files) for s in load_folder(path)] == [("alice", {"engine.py": ENGINE})]


def test_a_students_own_folder_is_one_submission_when_named_so(tmp_path):
    folder = write(tmp_path / "alice", {"engine.py": ENGINE, "nn.py": NN, "notes.ipynb": notebook("1")})
    sub = load_entry(folder)  # `grade --one-submission alice/`, `grade ci`, Gradescope
    assert (sub.id, sub.kind, sub.files) == ("alice", "folder", {"engine.py": ENGINE, "nn.py": NN})
    with pytest.raises(AmbiguousFolder, match=r"alice holds engine\.py, nn\.py at its top: it may be one "
                                              r"student's work, or a class"):
        load_folder(folder)


# A class folder in which one student's entry happens to be named like an exercise file, beside the others'
# notebooks, folders, zips and files: before, the folder was taken for that one student's work and every
# other student vanished without a row.
CLASS_LAYOUTS = {
    "engine.py beside notebooks": {"engine.py": ENGINE, "bob.ipynb": notebook(ENGINE.decode()),
                                   "carol.ipynb": notebook(ENGINE.decode())},
    "Engine.py beside files": {"Engine.py": ENGINE, "bob.py": ENGINE, "carol.py": ENGINE},
    "engine.ipynb beside a folder": {"engine.ipynb": notebook(ENGINE.decode()), "bob/engine.py": ENGINE},
    "nn.py and a zip": {"nn.py": NN, "dave.zip": b"", "erin/hw/engine.py": ENGINE},
    "only exercise files": {"engine.py": ENGINE, "nn.py": NN},
}


@pytest.mark.parametrize("layout", CLASS_LAYOUTS, ids=list(CLASS_LAYOUTS))
def test_a_folder_holding_an_exercise_file_is_never_guessed_to_be_one_students_work(tmp_path, layout):
    files = CLASS_LAYOUTS[layout]
    folder = write(tmp_path / "class", files)
    with pytest.raises(AmbiguousFolder) as caught:
        load_folder(folder, allowed_files=frozenset({"engine.py", "nn.py"}))
    message = str(caught.value)
    at_top = sorted(name for name in files if "/" not in name and name.lower().split(".")[0] in ("engine", "nn"))
    assert caught.value.names == at_top
    assert f"{folder} holds {', '.join(at_top)} at its top" in message
    assert "the grader does not guess which" in message
    assert f"`grade --one-submission {folder}`" in message
    assert f"rename each such entry after its student ({at_top[0]} -> the student's name" in message
    assert isinstance(caught.value, LoadError)  # `grade` exits 1 with the message, writes no scores


def test_without_an_exercise_file_at_its_top_every_entry_of_a_class_gets_its_row(tmp_path):
    entries = {"alice/engine.py": ENGINE, "bob.ipynb": notebook(ENGINE.decode()), "carol.py": ENGINE,
               "dave/wrapper/engine.py": ENGINE, "engine.py/engine.py": ENGINE, "erin.zip": b"not a zip",
               "frank.txt": b"hello", "grace/notes.md": b"", "solution.py": ENGINE}
    folder = write(tmp_path / "class", entries)
    loaded = load_folder(folder)
    assert [s.id for s in loaded] == ["alice", "bob", "carol", "dave", "engine.py", "erin", "frank", "grace",
                                      "solution"]
    assert [s.id for s in loaded if s.rejected] == ["erin", "frank", "grace"]


def test_a_link_in_the_class_folder_is_followed(tmp_path):
    real = write(tmp_path / "elsewhere", {"bob.py": ENGINE}) / "bob.py"
    subs = write(tmp_path / "subs", {"alice/engine.py": ENGINE})
    (subs / "bob.py").symlink_to(real)
    (subs / "carol.py").symlink_to(tmp_path / "missing.py")
    loaded = load_folder(subs)
    assert [(s.id, s.problem) for s in loaded] == [
        ("alice", None),
        ("bob", None),
        ("carol", "carol.py is a link to something that cannot be read (No such file or directory)"),
    ]


def test_a_path_that_does_not_exist_is_a_load_error(tmp_path):
    with pytest.raises(LoadError, match=r"^.*/nowhere: no such file or folder$") as caught:
        load_folder(tmp_path / "nowhere")
    assert isinstance(caught.value, ValueError)
    with pytest.raises(LoadError):
        load_entry(tmp_path / "nowhere.py")


def test_a_submission_is_frozen(tmp_path):
    sub = load_entry(write(tmp_path, {"bob.py": ENGINE}) / "bob.py")
    with pytest.raises(dataclasses.FrozenInstanceError):
        sub.problem = "changed"
    assert "class Value" not in repr(sub)


def test_loading_writes_nothing(tmp_path, monkeypatch):
    subs = write(
        tmp_path / "subs",
        {"alice/engine.py": ENGINE, "carol.ipynb": notebook("!pip install x", ENGINE.decode())},
    )
    make_zip(subs / "dave.zip", {"dave/engine.py": ENGINE, "dave/nn.py": NN})
    make_zip(subs / "evil.zip", {"../evil.py": b"import os\n", "/abs.py": b"x\n"})
    monkeypatch.chdir(tmp_path)

    def listing(root: Path):
        return sorted((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in root.rglob("*"))

    def beside(root: Path):
        return sorted(p.name for p in root.iterdir())

    before = listing(tmp_path), beside(tmp_path.parent)
    loaded = load_folder(subs)
    assert [(s.id, s.rejected) for s in loaded] == [("alice", False), ("carol", False), ("dave", False), ("evil", True)]
    assert (listing(tmp_path), beside(tmp_path.parent)) == before


def test_a_rejection_is_kept_as_data_and_said_in_the_students_language(tmp_path):
    # issue 32: the loader's reasons were English inside a translated page; the English is as it was
    from grader.i18n import translator
    from grader.scores import submission_record

    (tmp_path / "bob.rar").write_bytes(b"Rar!\x1a\x07\x00")
    sub = load_entry(tmp_path / "bob.rar")
    assert sub.problem == f"bob.rar is a .rar file; expected {FORMS}: unpack it, or pack it again as a .zip"
    row = submission_record(sub, None, [], 63.0)
    assert row["message"] == sub.problem and row["message_data"]["text"] == sub.problem
    assert translator("ru").render(row["message_data"]) == (
        "bob.rar — файл .rar; ожидалась папка, файл .py, блокнот .ipynb или архив .zip с одним из них: распакуйте "
        "его или упакуйте заново в .zip")
    assert translator("zh").render(row["message_data"]).startswith("bob.rar 是 .rar 文件；")
    (tmp_path / "alice").mkdir()
    empty = submission_record(load_entry(tmp_path / "alice"), None, [], 63.0)
    assert translator("ru").render(empty["message_data"]) == (
        "в alice/ не найден engine.py; ожидался engine.py или один файл .py или .ipynb (папка пуста)")
    # every reason is a message (session 22: a notebook that is not JSON was English text only)
    (tmp_path / "carol.ipynb").write_text("{")
    carol = submission_record(load_entry(tmp_path / "carol.ipynb"), None, [], 63.0)
    assert carol["status"] == "rejected" and carol["message_data"]["text"] == carol["message"]
    assert translator("ru").render(carol["message_data"]) == (
        "carol.ipynb не читается как блокнот: ошибка JSON в строке 1, столбце 2 (Expecting property name enclosed "
        "in double quotes); откройте его в Jupyter, сохраните и сдайте заново")

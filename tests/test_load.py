"""grader/load/: every accepted form of a submission, and every way an entry is rejected."""

import dataclasses
import io
import os
import stat
import zipfile
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from grader.load import AmbiguousFolder, LoadError, Submission, load_entry, load_folder
from grader.load.notebooks import IPYTHON_STAND_INS, join_code_cells
from grader.load.reading import name_bytes, name_text, read_capped

MALFORMED = Path(__file__).parent / "fixtures" / "malformed"
ENGINE = b"class Value:\n    def __init__(self, data):\n        self.data = data\n"
NN = b"from engine import Value\n"
EXPECTED = "expected engine.py, or a single .py or .ipynb file"
FORMS = "a folder, a .py file, a .ipynb notebook or a .zip of one of these"


def write(root: Path, files: dict[str, bytes]) -> Path:
    """Files under ROOT from {relative path: content}; returns ROOT."""
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    root.mkdir(parents=True, exist_ok=True)
    return root


STAND_INS = IPYTHON_STAND_INS.encode()


def notebook(*cells: str, markdown: str = "# Building an autograd engine") -> bytes:
    nb = new_notebook(cells=[new_markdown_cell(markdown)] + [new_code_cell(code) for code in cells])
    return nbformat.writes(nb).encode()


def make_zip(path: Path, members: dict, compression=zipfile.ZIP_DEFLATED) -> Path:
    """A zip at PATH from {name or ZipInfo: content}."""
    with zipfile.ZipFile(path, "w", compression) as zf:
        for name, content in members.items():
            zf.writestr(name, content)
    return path


def only(subs: list[Submission]) -> Submission:
    assert len(subs) == 1, subs
    return subs[0]


# -- accepted forms --------------------------------------------------------------


def test_a_py_file_is_taken_as_engine_py(tmp_path):
    sub = load_entry(write(tmp_path, {"bob.py": ENGINE}) / "bob.py")
    assert (sub.id, sub.kind, sub.source, sub.files, sub.problem) == (
        "bob",
        "file",
        str(tmp_path / "bob.py"),
        {"engine.py": ENGINE},
        None,
    )
    assert not sub.rejected


def test_a_byte_order_mark_is_stripped(tmp_path):
    sub = load_entry(write(tmp_path, {"bob.py": b"\xef\xbb\xbf" + ENGINE}) / "bob.py")
    assert sub.files == {"engine.py": ENGINE}


def test_the_digest_covers_content_not_form(tmp_path):
    bob = load_entry(write(tmp_path, {"bob.py": ENGINE}) / "bob.py")
    alice = load_entry(write(tmp_path / "alice", {"engine.py": ENGINE}))
    carol = load_entry(write(tmp_path, {"carol.py": ENGINE + b"# changed\n"}) / "carol.py")
    assert bob.digest == alice.digest != carol.digest
    assert len(bob.digest) == 64


def test_a_folder_gives_its_exercise_files_and_nothing_else(tmp_path):
    folder = write(
        tmp_path / "alice",
        {
            "engine.py": ENGINE,
            "nn.py": NN,
            "test_engine.py": b"def test(): pass\n",
            "helpers.py": b"x = 1\n",
            "README.md": b"# my engine\n",
            "__pycache__/engine.cpython-311.pyc": b"\x00\x01",
            ".ipynb_checkpoints/engine-checkpoint.py": b"old\n",
            ".DS_Store": b"\x00",
        },
    )
    sub = load_entry(folder)
    assert (sub.id, sub.kind, sub.problem) == ("alice", "folder", None)
    assert sub.files == {"engine.py": ENGINE, "nn.py": NN, "test_engine.py": b"def test(): pass\n"}


def test_a_folder_reads_only_the_files_an_exercise_allows(tmp_path):
    folder = write(tmp_path / "alice", {"engine.py": ENGINE, "nn.py": NN})
    assert load_entry(folder, frozenset({"engine.py"})).files == {"engine.py": ENGINE}


def test_file_names_match_whatever_their_case(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"Engine.py": ENGINE, "NN.py": NN}))
    assert sub.files == {"engine.py": ENGINE, "nn.py": NN}


def test_a_wrapper_folder_is_looked_through(tmp_path):
    folder = write(tmp_path / "alice", {"README.txt": b"hi\n", "alice_12345/hw1/engine.py": ENGINE})
    assert load_entry(folder).files == {"engine.py": ENGINE}


def test_wrappers_are_looked_through_only_so_deep(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"a/b/c/engine.py": ENGINE}))
    assert sub.problem == f"no engine.py found in alice/a/b/; {EXPECTED} (found: c/)"


def test_a_folder_with_one_py_file_takes_it_as_engine_py(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"micrograd.py": ENGINE, "notes.txt": b"x\n"}))
    assert (sub.problem, sub.files) == (None, {"engine.py": ENGINE})


def test_a_folder_with_one_notebook_takes_its_code(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"homework.ipynb": notebook(ENGINE.decode())}))
    assert (sub.kind, sub.problem, sub.files) == ("folder", None, {"engine.py": STAND_INS + ENGINE})


def test_engine_ipynb_stands_in_for_engine_py(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"engine.ipynb": notebook(ENGINE.decode()), "nn.py": NN}))
    assert sub.files == {"engine.py": STAND_INS + ENGINE, "nn.py": NN}


def test_a_notebook_is_its_code_cells_joined(tmp_path):
    nb = notebook("import math", "", "class Value:\n    pass\n", markdown="The engine")
    sub = load_entry(write(tmp_path, {"carol.ipynb": nb}) / "carol.ipynb")
    assert (sub.id, sub.kind, sub.problem) == ("carol", "notebook", None)
    assert sub.files == {"engine.py": STAND_INS + b"import math\n\nclass Value:\n    pass\n"}


def test_each_file_keeps_the_students_name_for_it_and_where_on_disk_it_was_read(tmp_path):
    alice = write(tmp_path / "alice", {"hw1/Engine.ipynb": notebook(ENGINE.decode()), "hw1/nn.py": NN})
    origins = load_entry(alice).origins
    assert {name: (o.file, o.path) for name, o in origins.items()} == {
        "engine.py": ("hw1/Engine.ipynb", alice / "hw1" / "Engine.ipynb"),
        "nn.py": ("hw1/nn.py", alice / "hw1" / "nn.py")}
    assert origins["engine.py"].cells is not None and origins["nn.py"].cells is None
    bob = write(tmp_path, {"bob.py": ENGINE}) / "bob.py"
    assert load_entry(bob).origins["engine.py"].path == bob.resolve()  # a link in the class folder is followed
    dave = make_zip(tmp_path / "dave.zip", {"dave/engine.py": ENGINE})
    assert [(o.file, o.path) for o in load_entry(dave).origins.values()] == [("dave/engine.py", None)]  # in memory


# -- notebooks: escapes are dropped, never run ------------------------------------------


MAGIC_CELLS = [
    "import math\n%timeit math.sqrt(2)\nx = 1",
    "%%bash\npip install graphviz\necho done",
    "if False:\n    !pip install micrograd\nfiles = !ls\nout = %sx ls",
    "%%time\nclass Value:\n    pass",
    "%%timeit\nValue(1) + Value(2)",
    "Value?\nget_ipython().run_line_magic('matplotlib',\n                             'inline')\nprint(x != 2)",
    "!echo it's \\\n  still the shell\ny = (7\n     % 2)\ns = '''\n!a line of a string\n'''",
]


def test_magics_and_shell_escapes_are_dropped(tmp_path):
    sub = load_entry(write(tmp_path, {"carol.ipynb": notebook(*MAGIC_CELLS)}) / "carol.ipynb")
    assert sub.files["engine.py"].decode() == IPYTHON_STAND_INS + (
        "import math\npass\nx = 1\n"
        "\n"
        "if False:\n    pass\npass\npass\n"
        "\n"
        "class Value:\n    pass\n"
        "\n"
        "pass\npass\nprint(x != 2)\n"
        "\n"
        "pass\ny = (7\n     % 2)\ns = '''\n!a line of a string\n'''\n"
    )


def test_a_dropped_line_leaves_code_that_compiles():
    code = join_code_cells(MAGIC_CELLS)
    compile(code, "engine.py", "exec")  # parsed, never run
    with pytest.raises(SyntaxError):
        compile("if False:\n", "engine.py", "exec")  # what dropping without `pass` would leave


def test_a_notebook_with_broken_json_is_rejected(tmp_path):
    sub = load_entry(MALFORMED / "truncated.ipynb")
    assert (sub.id, sub.kind, sub.files) == ("truncated", "notebook", {})
    assert sub.problem == (
        "truncated.ipynb is not a readable notebook: bad JSON at line 6, column 1 (Expecting value); "
        "open it in Jupyter, save it and submit again"
    )


def test_an_invalid_notebook_is_rejected_with_nbformats_reason():
    sub = load_entry(MALFORMED / "invalid.ipynb")
    assert sub.problem == (
        "invalid.ipynb is not a valid Jupyter notebook "
        "(cells[0].source: 5 is not valid under any of the given schemas); "
        "open it in Jupyter, save it and submit again"
    )


def test_json_that_is_no_notebook_is_rejected(tmp_path):
    sub = load_entry(write(tmp_path, {"carol.ipynb": b"[1, 2, 3]"}) / "carol.ipynb")
    assert sub.problem.startswith("carol.ipynb is not a valid Jupyter notebook (")


def test_json_nested_too_deeply_is_rejected(tmp_path):
    sub = load_entry(write(tmp_path, {"carol.ipynb": b"[" * 100_000}) / "carol.ipynb")
    assert sub.problem == (
        "carol.ipynb is not a readable notebook: its JSON is nested too deeply; "
        "open it in Jupyter, save it and submit again"
    )


def test_a_notebook_without_code_is_rejected(tmp_path):
    sub = load_entry(write(tmp_path, {"carol.ipynb": notebook("%%bash\nls")}) / "carol.ipynb")
    assert sub.problem == "carol.ipynb has no code in its code cells; expected the engine's code in them"


# -- text must be UTF-8 ------------------------------------------------------------------


def test_a_py_file_that_is_not_utf8_is_rejected():
    sub = load_entry(MALFORMED / "latin1.py")
    assert (sub.id, sub.kind, sub.files) == ("latin1", "file", {})
    assert sub.problem == (
        "latin1.py is not UTF-8 text (byte 0xe9 at offset 19); re-save it as UTF-8 and submit again"
    )


def test_the_reason_names_the_file_inside_a_folder_or_zip(tmp_path):
    latin1 = (MALFORMED / "latin1.py").read_bytes()
    folder = load_entry(write(tmp_path / "alice", {"engine.py": ENGINE, "nn.py": latin1}))
    assert folder.problem.startswith("alice/nn.py is not UTF-8 text (byte 0xe9")
    zipped = load_entry(make_zip(tmp_path / "dave.zip", {"dave/engine.py": latin1}))
    assert zipped.problem.startswith("dave.zip/dave/engine.py is not UTF-8 text (byte 0xe9")


# -- folders that are no submission ------------------------------------------------------


def test_an_empty_folder_is_rejected(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {".DS_Store": b"\x00"}))
    assert (sub.id, sub.kind, sub.files) == ("alice", "folder", {})
    assert sub.problem == f"no engine.py found in alice/; {EXPECTED} (it is empty)"


def test_a_folder_without_engine_py_is_rejected(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"nn.py": NN, "notes.txt": b"x\n"}))
    assert sub.problem == f"no engine.py found in alice/; {EXPECTED} (found: nn.py, notes.txt)"


def test_a_folder_with_several_py_files_is_not_guessed(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"v1.py": ENGINE, "v2.py": ENGINE, "data/x.csv": b"1\n"}))
    assert sub.problem == f"no engine.py found in alice/; {EXPECTED} (found: v1.py, v2.py, data/)"


def test_a_file_over_the_size_cap_is_rejected(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"engine.py": b"#" * (1024 * 1024 + 1)}))
    assert sub.problem == (
        "alice/engine.py is too large (1.0 MiB; the limit is 1.0 MiB); remove outputs and data and submit again"
    )
    from grader.i18n import translator

    assert translator("ru").render(sub.problem_message) == (
        "alice/engine.py слишком велик (1.0 MiB; предел — 1.0 MiB); уберите выводы и данные и сдайте заново")


def test_a_symlink_inside_a_submission_is_not_followed(tmp_path):
    secret = write(tmp_path / "grader", {"hidden_tests.py": b"ANSWERS = 1\n"}) / "hidden_tests.py"
    folder = write(tmp_path / "subs" / "alice", {})
    (folder / "engine.py").symlink_to(secret)
    sub = load_entry(folder)
    assert sub.problem == "alice/engine.py is a symbolic link, which is not followed; submit the file itself"


def test_a_fifo_is_refused_without_blocking(tmp_path):
    folder = write(tmp_path / "alice", {})
    os.mkfifo(folder / "engine.py")
    assert load_entry(folder).problem == "alice/engine.py is not a regular file"
    os.mkfifo(tmp_path / "bob.py")
    assert load_entry(tmp_path / "bob.py").problem.startswith("bob.py is not a regular file or folder")


@pytest.mark.parametrize(
    "name, reason",
    [
        ("bob.txt", f"bob.txt is a .txt file; expected {FORMS}"),
        ("bob.pdf", f"bob.pdf is a .pdf file; expected {FORMS}"),
        ("bob.rar", f"bob.rar is a .rar file; expected {FORMS}: unpack it, or pack it again as a .zip"),
        ("bob", f"bob has no file extension; expected {FORMS}"),
    ],
)
def test_other_kinds_of_file_are_rejected(tmp_path, name, reason):
    sub = load_entry(write(tmp_path, {name: b"%PDF-1.4"}) / name)
    assert (sub.id, sub.kind, sub.problem) == ("bob", "file", reason)


# -- zips ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "members, files",
    [
        ({"engine.py": ENGINE, "nn.py": NN}, {"engine.py": ENGINE, "nn.py": NN}),
        ({"dave/": b"", "dave/engine.py": ENGINE, "__MACOSX/dave/._engine.py": b"\x00"}, {"engine.py": ENGINE}),
        ({"hw1.py": ENGINE}, {"engine.py": ENGINE}),
        ({"hw1.ipynb": notebook(ENGINE.decode())}, {"engine.py": STAND_INS + ENGINE}),
        ({"dave\\engine.py": ENGINE}, {"engine.py": ENGINE}),  # made on Windows
    ],
    ids=["folder", "wrapped", "single-py", "single-notebook", "backslashes"],
)
def test_a_zip_of_any_accepted_form(tmp_path, members, files):
    sub = load_entry(make_zip(tmp_path / "dave.zip", members))
    assert (sub.id, sub.kind, sub.problem, sub.files) == ("dave", "zip", None, files)


def test_a_zip_bomb_is_rejected_unread(tmp_path):
    path = tmp_path / "dave.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("engine.py", ENGINE)
        with zf.open("zeros.bin", "w", force_zip64=True) as member:
            for _ in range(100):
                member.write(bytes(1 << 20))  # 100 MiB of zeros, about 100 KB packed
    assert path.stat().st_size < 200_000
    problem = load_entry(path).problem
    assert problem.startswith("dave.zip: member 'zeros.bin' would expand from ")  # ~100 KiB, as zlib packs it
    assert problem.endswith(" KiB to 100.0 MiB, which looks like a zip bomb; it is not unpacked")


def test_a_zip_file_over_the_size_cap_is_rejected_unopened(tmp_path):
    path = make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE, "data.bin": bytes(21 << 20)}, zipfile.ZIP_STORED)
    assert load_entry(path).problem == (
        "dave.zip is too large (21.0 MiB; the limit is 20.0 MiB); remove outputs and data and submit again"
    )


def test_a_zip_that_declares_too_much_is_rejected_unread(tmp_path):
    path = make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE, "a.bin": b"", "b.bin": b""})
    data = bytearray(path.read_bytes())
    central = data.index(b"PK\x01\x02")
    for name in (b"a.bin", b"b.bin"):  # each claims 15 MiB in the central directory
        at = data.index(name, central) - 46  # a central header is 46 bytes, then the name
        data[at + 24 : at + 28] = (15 << 20).to_bytes(4, "little")
        data[at + 20 : at + 24] = (15 << 20).to_bytes(4, "little")  # and as much packed: no zip-bomb ratio
    path.write_bytes(bytes(data))
    assert load_entry(path).problem == (
        "dave.zip would unpack to 30.0 MiB, more than the limit of 20.0 MiB (largest member: 'a.bin', "
        "15.0 MiB); it is not unpacked: remove outputs and data and zip again"
    )


def test_a_zip_whose_header_understates_a_size_is_not_trusted(tmp_path):
    path = make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE + b"#" * (3 << 20)})
    data = bytearray(path.read_bytes())
    local, central = data.index(b"PK\x03\x04"), data.index(b"PK\x01\x02")
    data[local + 22 : local + 26] = (1000).to_bytes(4, "little")
    data[central + 24 : central + 28] = (1000).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    sub = load_entry(path)
    assert sub.problem == (
        "dave.zip/engine.py could not be unpacked (Bad CRC-32 for file 'engine.py'); "
        "the zip may be damaged: zip it again"
    )


def test_bytes_are_counted_as_they_are_read_whatever_a_header_says(tmp_path):
    class Endless(io.RawIOBase):  # a stream that never ends, whatever size was declared for it
        def readinto(self, buffer):
            buffer[:] = bytes(len(buffer))
            return len(buffer)

    with pytest.raises(Exception, match=r"^engine.py is too large \(more than 1.0 MiB; the limit is 1.0 MiB\)"):
        read_capped(Endless(), 1 << 20, "engine.py")


@pytest.mark.parametrize(
    "member, reason",
    [
        ("../evil.py", "dave.zip: member '../evil.py' has a '..' in its path, which would unpack outside the "
                       "archive; it is not unpacked: zip the submission folder again"),
        ("dave/../../evil.py", "dave.zip: member 'dave/../../evil.py' has a '..' in its path, which would unpack "
                               "outside the archive; it is not unpacked: zip the submission folder again"),
        ("/abs.py", "dave.zip: member '/abs.py' has an absolute path, which would unpack outside the archive; "
                    "it is not unpacked: zip the submission folder again"),
        ("C:\\abs.py", "dave.zip: member 'C:\\\\abs.py' has an absolute path, which would unpack outside the "
                       "archive; it is not unpacked: zip the submission folder again"),
    ],
)
def test_a_zip_member_that_leaves_the_archive_is_rejected(tmp_path, member, reason):
    sub = load_entry(make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE, zipfile.ZipInfo(member): b"x = 1\n"}))
    assert (sub.kind, sub.files, sub.problem) == ("zip", {}, reason)


def test_a_symlink_member_is_rejected(tmp_path):
    link = zipfile.ZipInfo("engine.py")
    link.create_system = 3
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    sub = load_entry(make_zip(tmp_path / "dave.zip", {link: b"/etc/passwd"}))
    assert sub.problem == (
        "dave.zip: member 'engine.py' is a symbolic link, which is not followed; zip the files themselves"
    )


def test_an_encrypted_member_is_rejected(tmp_path):
    path = make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE})
    data = bytearray(path.read_bytes())
    data[data.index(b"PK\x03\x04") + 6] |= 1  # the "encrypted" flag, in both headers
    data[data.index(b"PK\x01\x02") + 8] |= 1
    path.write_bytes(bytes(data))
    assert load_entry(path).problem == "dave.zip: member 'engine.py' is encrypted; submit a zip without a password"


def test_a_zip_with_too_many_members_is_rejected(tmp_path):
    members = {"engine.py": ENGINE} | {f"junk/{i}.txt": b"" for i in range(200)}
    assert load_entry(make_zip(tmp_path / "dave.zip", members)).problem == (
        "dave.zip holds 201 members, more than the limit of 200; zip only the submission folder"
    )


def test_a_zip_inside_a_zip_is_not_unpacked(tmp_path):
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as zf:
        zf.writestr("engine.py", ENGINE)
    sub = load_entry(make_zip(tmp_path / "dave.zip", {"dave.zip": inner.getvalue()}))
    assert sub.problem == (
        "no engine.py found in dave.zip: it holds dave.zip, and zips inside a submission are not unpacked; "
        "unpack it and submit its contents (for an LMS bulk export, unzip it and grade the folder)"
    )


def test_a_stray_zip_beside_engine_py_is_ignored(tmp_path):
    sub = load_entry(make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE, "backup.zip": b"PK\x05\x06" + bytes(18)}))
    assert (sub.problem, sub.files) == (None, {"engine.py": ENGINE})


def test_a_file_that_is_no_zip_is_rejected(tmp_path):
    sub = load_entry(write(tmp_path, {"dave.zip": b"this is not a zip\n"}) / "dave.zip")
    assert sub.problem == "dave.zip is not a readable zip archive (File is not a zip file); zip the submission again"


def test_a_zip_with_a_member_twice_is_rejected(tmp_path):
    with pytest.warns(UserWarning, match="Duplicate name"):
        path = make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE, zipfile.ZipInfo("engine.py"): b"evil\n"})
    assert load_entry(path).problem == "dave.zip holds 'engine.py' twice; zip the submission folder again"


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
    # a reason the loader still writes as text only has no data: renderers show its English
    (tmp_path / "carol.ipynb").write_text("{")
    carol = submission_record(load_entry(tmp_path / "carol.ipynb"), None, [], 63.0)
    assert carol["status"] == "rejected" and "message_data" not in carol

"""grader/load/: every accepted form of a submission but a zip, and every way a file or folder is rejected
(zips: tests/test_load_zip.py; a class folder's entries: tests/test_load_class.py)."""

import os

import pytest
from load_support import ENGINE, EXPECTED, FORMS, MALFORMED, NN, STAND_INS, make_zip, notebook, write

from grader.load import load_entry
from grader.load.notebooks import IPYTHON_STAND_INS, join_code_cells


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


def test_a_folder_gives_its_exercise_files_and_helper_modules_and_nothing_else(tmp_path):
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
    # helpers.py travels with the exercise files (session 22: a module the student's files may import)
    assert sub.files == {"engine.py": ENGINE, "nn.py": NN, "test_engine.py": b"def test(): pass\n",
                         "helpers.py": b"x = 1\n"}


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
        "if False:\n    pass\nfiles = []\nout = []\n"  # the output's names stay bound (session 27)
        "\n"
        "class Value:\n    pass\n"
        "\n"
        "pass\npass\nprint(x != 2)\n"
        "\n"
        "pass\ny = (7\n     % 2)\ns = '''\n!a line of a string\n'''\n"
    )


def test_a_cell_is_cut_into_lines_only_where_python_ends_a_line(tmp_path):
    """str.splitlines also ends a line at a form feed, NEL (U+0085) and U+2028: on 8fbbebb a string that held a
    pasted U+2028 was cut in two, and a notebook that runs in Jupyter failed to import (SyntaxError, 0 points)."""
    cell = 'NOTE = "pasted\u2028text\x0cwith\x85breaks"\r\n!ls\rx = 1'
    compile(cell.replace("!ls", "pass"), "engine.py", "exec")  # Python reads it as three lines
    sub = load_entry(write(tmp_path, {"carol.ipynb": notebook(cell)}) / "carol.ipynb")
    assert sub.files["engine.py"].decode() == IPYTHON_STAND_INS + (
        'NOTE = "pasted\u2028text\x0cwith\x85breaks"\npass\nx = 1\n')
    assert [sub.place("engine.py", line)["line"] for line in (5, 6, 7)] == [1, 2, 3]


def test_a_comment_that_names_get_ipython_is_kept_where_it_is():
    """On 8fbbebb a comment line naming get_ipython() became `pass` at its own indentation: at column 0 inside a
    block it ended the block, and the `else:` after it was an IndentationError (Python ignores a comment's)."""
    cell = "def f(x):\n    if x:\n        y = 1\n# in Jupyter, get_ipython() draws inline\n    else:\n        y = 2\n"
    assert join_code_cells([cell]) == cell
    compile(join_code_cells([cell, "get_ipython().run_line_magic('matplotlib', 'inline')"]), "engine.py", "exec")


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


def _refused_unread(monkeypatch):
    """Make reading a notebook's cells (nbformat, the joining of its code) fail the test if it is done."""
    import nbformat

    from grader.load import notebooks

    def done(*_, **__):
        raise AssertionError("the notebook was read past its limits")

    monkeypatch.setattr(notebooks, "_joined_code_cells", done)
    monkeypatch.setattr(nbformat, "reads", done)


def test_a_notebook_of_more_cells_than_the_limit_is_refused_unread(tmp_path, monkeypatch):
    """On 8fbbebb 150,000 one-line cells (14 MiB, under the 16 MiB cap) took 7 s of the grader's CPU to
    read, nbformat's validation of every cell most of it, and were graded."""
    nb = notebook(*["x = 1"] * 10_000)  # with the Markdown cell: 10,001
    _refused_unread(monkeypatch)
    sub = load_entry(write(tmp_path, {"carol.ipynb": nb}) / "carol.ipynb")
    assert sub.problem == ("carol.ipynb has 10001 cells, more than the limit of 10000; keep the cells of the engine "
                           "and submit again")


def test_a_notebook_whose_code_is_over_the_limit_is_refused_before_it_is_joined(tmp_path, monkeypatch):
    """On 8fbbebb a code cell of 3,000,000 one-line statements (14 MiB) took 40 s of the grader's CPU, each
    line scanned for IPython's escapes and the cell parsed, before its joined code was refused as too large.
    The code of the code cells (a cell magic's cell is dropped whole, and not counted) is measured first."""
    from grader.load import notebooks

    # 1.8 MiB of HTML, 1.1 MiB of code in long lines (200,000 short ones would hold more JSON values than a notebook
    # may: refused before it is parsed, tests/test_redteam23.py)
    nb = notebook("%%html\n" + "<p>x</p>\n" * 200_000, ("x = 1  # " + "-" * 100 + "\n") * 10_600)
    monkeypatch.setattr(notebooks, "_joined_code_cells", lambda cells: (_ for _ in ()).throw(
        AssertionError("the code was joined")))
    sub = load_entry(write(tmp_path, {"carol.ipynb": nb}) / "carol.ipynb")
    assert sub.problem == ("the code of carol.ipynb is too large (1.1 MiB; the limit is 1.0 MiB); remove outputs "
                           "and data and submit again")
    monkeypatch.undo()
    within = load_entry(write(tmp_path, {"dave.ipynb": notebook("%%html\n" + "<p>x</p>\n" * 200_000,
                                                                  ENGINE.decode())}) / "dave.ipynb")
    assert (within.problem, within.files["engine.py"]) == (None, STAND_INS + ENGINE)


def test_a_notebook_holding_a_number_python_cannot_read_is_rejected(tmp_path):
    nb = notebook("x = 1").replace(b'"nbformat": 4', b'"nbformat": ' + b"4" * 5000)
    sub = load_entry(write(tmp_path, {"carol.ipynb": nb}) / "carol.ipynb")
    assert sub.problem == ("carol.ipynb is not a readable notebook: its JSON holds a number too long to read; "
                           "open it in Jupyter, save it and submit again")


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
    sub = load_entry(write(tmp_path / "alice", {"nn.py": NN, "helper.py": b"x = 1\n", "notes.txt": b"x\n"}))
    assert sub.problem == f"no engine.py found in alice/; {EXPECTED} (found: helper.py, nn.py, notes.txt)"


DUAL = b"from engine import Value\n\n\nclass Dual:\n    pass\n"
BESIDE = "hand in a folder or a zip holding engine.py and {} together, or the exercise's notebook, {}.ipynb"
# session 31: the exercise named (it said "this exercise's", and "the exercise notebook")
LONE = "{} is {} of exercise {} without its engine.py: " + BESIDE
ONLY = "no engine.py found in {}, only {} of exercise {} (found: {}): " + BESIDE
NN_NOTEBOOK = notebook("from engine import Value", "class MLP:\n    pass")


@pytest.mark.parametrize("files, entry, allowed, problem", [
    # lone files, as `grade run dual.py -e 08-dual-numbers` reads them (before: graded, 0/20, "dual.py defines no
    # class named `Value`"; fit_line.py 0/13, a circular import)
    ({"dual.py": DUAL}, "dual.py", ("engine.py", "dual.py"),
     LONE.format("dual.py", "dual.py", "08-dual-numbers", "dual.py", "08-dual-numbers")),
    ({"Dual (1).py": DUAL}, "Dual (1).py", ("engine.py", "dual.py"),
     LONE.format("Dual (1).py", "dual.py", "08-dual-numbers", "dual.py", "08-dual-numbers")),
    ({"fit_line.py": NN}, "fit_line.py", ("engine.py", "fit_line.py"),
     LONE.format("fit_line.py", "fit_line.py", "11-fit-line", "fit_line.py", "11-fit-line")),
    ({"test_engine.py": NN}, "test_engine.py", ("engine.py", "test_engine.py"),
     LONE.format("test_engine.py", "test_engine.py", "09-write-tests", "test_engine.py", "09-write-tests")),
    # a lone notebook of that name whose cells make no Value (session 31; before: graded as the engine, 0, "defines
    # no class named `Value`")
    ({"nn.ipynb": NN_NOTEBOOK}, "nn.ipynb", ("engine.py", "nn.py"),
     LONE.format("nn.ipynb", "nn.py", "07-mlp-xor", "nn.py", "07-mlp-xor")),
    ({"Dual (2).ipynb": notebook(DUAL.decode())}, "Dual (2).ipynb", ("engine.py", "dual.py"),
     LONE.format("Dual (2).ipynb", "dual.py", "08-dual-numbers", "dual.py", "08-dual-numbers")),
    ({"fit_line.ipynb": NN_NOTEBOOK}, "fit_line.ipynb", ("engine.py", "fit_line.py"),
     LONE.format("fit_line.ipynb", "fit_line.py", "11-fit-line", "fit_line.py", "11-fit-line")),
    # a folder or a zip whose only .py files are the exercise's others (before: "no engine.py found ... (found:
    # nn.py)"); a folder with no suite (grader.load.DEFAULT_FILES) likewise
    # a folder holding that file and nothing else: in the file's words, as Gradescope grades such an upload's one
    # file (session 31: it said "no engine.py found in alice/, only ..." where Gradescope said the file's words)
    ({"alice/nn.py": NN}, "alice", ("engine.py", "nn.py"),
     LONE.format("nn.py", "nn.py", "07-mlp-xor", "nn.py", "07-mlp-xor")),
    ({"alice/nn.py": NN, "alice/notes.txt": b"x\n"}, "alice", None,
     ONLY.format("alice/", "nn.py", "07-mlp-xor", "nn.py, notes.txt", "nn.py", "07-mlp-xor")),
    ({"alice/hw/gradcheck copy.py": NN, "alice/hw/README.md": b"# hw\n"}, "alice", ("engine.py", "gradcheck.py"),
     ONLY.format("alice/hw/", "gradcheck.py", "06-gradcheck", "README.md, gradcheck copy.py", "gradcheck.py",
                 "06-gradcheck")),
    # ... or only a notebook of that name (before: "no engine.py found ...; expected engine.py, or a single ...")
    ({"alice/nn.ipynb": NN_NOTEBOOK}, "alice", ("engine.py", "nn.py"),
     LONE.format("nn.ipynb", "nn.py", "07-mlp-xor", "nn.py", "07-mlp-xor")),
    ({"alice/nn.ipynb": NN_NOTEBOOK, "alice/notes.txt": b"x\n"}, "alice", ("engine.py", "nn.py"),
     ONLY.format("alice/", "nn.py", "07-mlp-xor", "nn.ipynb, notes.txt", "nn.py", "07-mlp-xor")),
])
def test_the_exercises_other_file_alone_is_rejected_saying_engine_py_belongs_beside_it(
        tmp_path, files, entry, allowed, problem):
    from grader.scores import submission_record

    write(tmp_path, files)
    sub = load_entry(tmp_path / entry, *([frozenset(allowed)] if allowed else []))
    row = submission_record(sub, None, [], 20.0)
    assert (row["status"], row["score"], row["message"], row["message_data"]["text"], sub.files) == (
        "rejected", 0.0, problem, problem, {})


def test_the_other_file_alone_is_rejected_in_a_zip_and_said_in_russian_and_chinese(tmp_path):
    from grader.i18n import translator

    sub = load_entry(make_zip(tmp_path / "dave.zip", {"dave/nn.py": NN}), frozenset({"engine.py", "nn.py"}))
    assert sub.problem == ONLY.format("dave.zip/dave/", "nn.py", "07-mlp-xor", "nn.py", "nn.py", "07-mlp-xor")
    assert translator("ru").render(sub.problem_message) == (
        "в dave.zip/dave/ не найден engine.py, только nn.py задания 07-mlp-xor (найдено: nn.py): сдайте папку или "
        "архив .zip, где engine.py и nn.py лежат вместе, или блокнот задания, 07-mlp-xor.ipynb")
    assert translator("zh").render(sub.problem_message) == (
        "在 dave.zip/dave/ 中没有找到 engine.py，只有练习 07-mlp-xor 的 nn.py（找到的是：nn.py）：请提交一个同时包含 "
        "engine.py 和 nn.py 的文件夹或 .zip 压缩包，或者提交该练习的笔记本 07-mlp-xor.ipynb")
    lone = load_entry(write(tmp_path, {"dual.ipynb": notebook(DUAL.decode())}) / "dual.ipynb",
                      frozenset({"engine.py", "dual.py"}))
    assert translator("ru").render(lone.problem_message) == (
        "dual.ipynb — это dual.py задания 08-dual-numbers без engine.py: сдайте папку или архив .zip, где engine.py "
        "и dual.py лежат вместе, или блокнот задания, 08-dual-numbers.ipynb")
    assert translator("zh").render(lone.problem_message) == (
        "dual.ipynb 是练习 08-dual-numbers 的 dual.py，但缺少 engine.py：请提交一个同时包含 engine.py 和 dual.py 的"
        "文件夹或 .zip 压缩包，或者提交该练习的笔记本 08-dual-numbers.ipynb")


@pytest.mark.parametrize("name, content, allowed", [
    ("nn.py", NN + ENGINE, ("engine.py", "nn.py")),  # holds the engine too: read as engine.py, as before
    ("dual.py", b"from mylib import Value\n", ("engine.py", "dual.py")),  # a Value of its own, imported
    ("dual.py", b"Value = float\n", ("engine.py", "dual.py")),
    ("dual.py", b"from engine import (Value\n", ("engine.py", "dual.py")),  # no parse: its own reason said
    ("nn.py", NN, ("engine.py",)),  # not this exercise's file: the engine, whatever its name
    ("my_dual.py", NN, ("engine.py", "dual.py")),
    ("nn.py", NN, None),  # no exercise named (grader.load.DEFAULT_FILES: `grade similarity --starter nn.py`)
    ("nn.ipynb", notebook(ENGINE.decode(), NN.decode()), ("engine.py", "nn.py")),  # a notebook holding it all
])
def test_a_lone_file_that_may_be_the_engine_is_read_as_engine_py_as_before(tmp_path, name, content, allowed):
    sub = load_entry(write(tmp_path, {name: content}) / name, *([frozenset(allowed)] if allowed else []))
    assert sub.problem is None
    assert sub.files == {"engine.py": content} or name.endswith(".ipynb") and list(sub.files) == ["engine.py"]


@pytest.mark.parametrize("name", ["nn.py", "nn.ipynb"])
def test_a_folder_holding_only_the_other_file_that_makes_its_value_is_read_as_engine_py(tmp_path, name):
    # as that file alone is (session 31: a folder of it was "no engine.py found ..., only this exercise's nn.py")
    content = notebook(ENGINE.decode(), NN.decode()) if name.endswith(".ipynb") else NN + ENGINE
    sub = load_entry(write(tmp_path / "alice", {name: content}), frozenset({"engine.py", "nn.py"}))
    assert (sub.problem, list(sub.files), sub.origins["engine.py"].file) == (None, ["engine.py"], name)


def test_a_folder_with_several_py_files_is_not_guessed(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"v1.py": ENGINE, "v2.py": ENGINE, "data/x.csv": b"1\n"}))
    assert sub.problem == f"no engine.py found in alice/; {EXPECTED} (found: v1.py, v2.py, data/)"


def test_a_file_over_the_size_cap_is_rejected(tmp_path):
    sub = load_entry(write(tmp_path / "alice", {"engine.py": b"#" * (1024 * 1024 + 1)}))
    assert sub.problem == (
        "alice/engine.py is too large (1.000001 MiB; the limit is 1.000000 MiB); remove outputs and data and submit "
        "again")  # one byte over: said to the byte (session 37: to one place both read `1.0 MiB`)
    from grader.i18n import translator

    assert translator("ru").render(sub.problem_message) == (
        "alice/engine.py слишком велик (1.000001 MiB; предел — 1.000000 MiB); уберите выводы и данные и сдайте заново")


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

"""Session 36's red team: a student who reads the source, on what no earlier round tried (docs/security.md,
"Session 36's red team"). The similarity samples are in tests/similarity/test_padded_past_limits.py; here, what held."""

import os
import socket
import sys

import pytest

from grader.load import load_folder

if not sys.platform.startswith("linux"):  # named pipes and unix sockets as files of a folder
    pytest.skip("fifos and sockets in a submitted folder: Linux", allow_module_level=True)

ENGINE = "class Value:\n    def __init__(self, data):\n        self.data = data\n"


def test_named_pipes_and_sockets_in_a_class_are_refused_unopened(tmp_path):
    # a named pipe opened for reading waits for a writer that never comes: had the loader opened one, the whole
    # batch would hang here (and a socket cannot be opened at all); each is its entry's rejected row, or left out
    # where no file the submission carries is it
    (tmp_path / "beside-readme").mkdir()
    (tmp_path / "beside-readme" / "engine.py").write_text(ENGINE)
    os.mkfifo(tmp_path / "beside-readme" / "README.md")  # not a file that travels: not read
    (tmp_path / "helper-pipe").mkdir()
    (tmp_path / "helper-pipe" / "engine.py").write_text(ENGINE + "import helper\n")
    os.mkfifo(tmp_path / "helper-pipe" / "helper.py")
    (tmp_path / "engine-pipe").mkdir()
    os.mkfifo(tmp_path / "engine-pipe" / "engine.py")
    (tmp_path / "notebook-pipe").mkdir()
    os.mkfifo(tmp_path / "notebook-pipe" / "engine.ipynb")
    os.mkfifo(tmp_path / "pipe.py")
    listening = socket.socket(socket.AF_UNIX)
    try:
        listening.bind(str(tmp_path / "socket.py"))
        rows = {s.id: (s.problem, sorted(s.files)) for s in load_folder(tmp_path)}
    finally:
        listening.close()
    expected = (" is not a regular file or folder; expected a folder, a .py file, a .ipynb notebook or a .zip of one of "
                "these")
    assert rows == {
        "beside-readme": (None, ["engine.py"]),
        "helper-pipe": ("helper-pipe/helper.py is not a regular file", []),
        "engine-pipe": ("engine-pipe/engine.py is not a regular file", []),
        "notebook-pipe": ("notebook-pipe/engine.ipynb is not a regular file", []),
        "pipe": ("pipe.py" + expected, []),
        "socket": ("socket.py" + expected, []),
    }

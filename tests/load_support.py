"""What the tests of grader/load/ share (tests/test_load.py, test_load_zip.py, test_load_class.py): a
submission's files written to disk, a notebook, a zip, and the one submission of a list."""

import zipfile
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from grader.load import Submission
from grader.load.notebooks import IPYTHON_STAND_INS

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

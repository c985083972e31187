"""Session 26's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh26, tests/test_seams26.py):
shapes that samples.py and fresh22.py ... fresh25.py do not hold, each built from samples.engine (nothing from the
reference or micrograd), most of them on the seam between the loader and the sandbox: where the files are a
package, and who decides it.

Packages (relative imports beside a one-file helper package; micrograd's layout beside one; a one-file helper named
as the forbidden library, and with two files; a wrapper package that imports itself by name, in a zip; a namespace
package of helpers; a helper package three levels deep; `__init__.py` that imports the engine back; a student's own
`submission.py` beside relative imports; a package folder named like a standard module); links (an engine that
is a symbolic link to a file beside it, a helper that is one, a folder that is one); names (engine.py and Engine.py
side by side, a decomposed `José`, a folder named `engine.py`); bytes and files (an empty `__init__.py` alone
beside engine.py, an engine whose only code is a docstring, a zip with no members, a zip whose names are cp437
bytes without the UTF-8 flag, a notebook whose engine cell is a list of one-character strings).

`fresh_class(folder)` writes the class and returns {entry name: what it is}.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path

import samples

RIGHT = samples.engine()
TANH_BUG = samples.engine(TANH_SLOPE="1 - t")
TWICE = "def twice(x):\n    return 2 * x\n"
_zip = samples._zip


def _first(line: str, engine: str = RIGHT) -> str:
    """The engine with `line` as its first line."""
    return line + "\n" + engine


def _cp437_zip(files: dict[str, bytes]) -> bytes:
    """A zip whose member names are stored as cp437 bytes without the UTF-8 flag (as old Windows zippers do):
    written under ASCII stand-ins of the same length, whose bytes are then replaced in both headers."""
    buffer = io.BytesIO()
    stand_ins = {name: "".join(c if c.isascii() else "?" for c in name) for name in files}
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data in files.items():
            z.writestr(zipfile.ZipInfo(stand_ins[name], date_time=(2026, 12, 1, 10, 0, 0)), data)
    raw = buffer.getvalue()
    for name, stand_in in stand_ins.items():
        raw = raw.replace(stand_in.encode("ascii"), name.encode("cp437"))
    return raw


# entry -> (what it is, {file: text}): the folders whose files are, or are not, a package
PACKAGES = {
    "rel-aa": ("relative import of the student's __init__.py's twice, a one-file helper package aa/ beside",
               {"engine.py": _first("from . import twice"), "__init__.py": TWICE, "aa/__init__.py": "K = 1\n"}),
    "mg-aa": ("micrograd/engine.py importing micrograd.ops, micrograd/aa/__init__.py beside; tanh's 1 - t",
              {"micrograd/engine.py": _first("from micrograd.ops import twice", TANH_BUG), "micrograd/ops.py": TWICE,
               "micrograd/aa/__init__.py": "K = 1\n"}),
    "mg-helper-one": ("a one-file helper micrograd/ that engine.py imports",
                      {"engine.py": _first("import micrograd"), "micrograd/__init__.py": "X = 1\n"}),
    "mg-helper-two": ("the same helper with a second file",
                      {"engine.py": _first("import micrograd"), "micrograd/__init__.py": "X = 1\n",
                       "micrograd/more.py": "Y = 1\n"}),
    "namespace-helper": ("a helper in a namespace package (mathx/ without __init__.py)",
                         {"engine.py": _first("from mathx.slopes import twice"), "mathx/slopes.py": TWICE}),
    "deep-helper": ("a helper package four levels deep",
                    {"engine.py": _first("from util.a.b.c import twice"), "util/__init__.py": "",
                     "util/a/__init__.py": "", "util/a/b/__init__.py": "", "util/a/b/c/__init__.py": TWICE}),
    "init-imports-back": ("relative imports, the top __init__.py importing the engine back",
                          {"engine.py": _first("from .ops import twice"), "ops.py": TWICE,
                           "__init__.py": "from .engine import Value\n"}),
    "own-submission-module": ("relative imports beside a student's own submission.py (Python's refusal)",
                              {"engine.py": _first("from .ops import twice"), "ops.py": TWICE,
                               "submission.py": "X = 1\n"}),
    "stdlib-named": ("a wrapper named random/ importing relatively; tanh's 1 - t",
                     {"random/engine.py": _first("from .ops import twice", TANH_BUG), "random/ops.py": TWICE}),
}


def fresh_class(folder: Path) -> dict[str, str]:
    put, made = samples.writer(folder)
    folder = Path(folder)

    # packages: who decides the package, and every surface reads that decision
    for entry, (what, files) in PACKAGES.items():
        for n, (name, text) in enumerate(files.items()):
            put(f"{entry}/{name}", text, what if n == 0 else "")
    put("pkg-self-zip.zip", _zip({"hw3/engine.py": _first("from hw3.ops import twice", TANH_BUG).encode(),
                                  "hw3/ops.py": TWICE.encode()}),
        "a zip of hw3/engine.py importing hw3.ops by the package's name; tanh's 1 - t")
    # links
    put("link-engine/real.py", TANH_BUG, "engine.py a symbolic link to real.py beside it; tanh's 1 - t")
    os.symlink("real.py", folder / "link-engine" / "engine.py")
    put("link-helper/engine.py", _first("from ops import twice"), "a helper that is a symbolic link")
    put("link-helper/real_ops.txt", TWICE, "")
    os.symlink("real_ops.txt", folder / "link-helper" / "ops.py")
    put("link-folder/src/engine.py", RIGHT, "the only folder a symbolic link to another (src/ -> real/)")
    os.rename(folder / "link-folder" / "src", folder / "link-folder" / "real")
    os.symlink("real", folder / "link-folder" / "src")
    # names
    put("two-cases/engine.py", RIGHT, "engine.py and Engine.py side by side (Engine.py's tanh 1 - t): refused naming both since session 39")
    put("two-cases/Engine.py", TANH_BUG, "")
    put("Jose\u0301.py", TANH_BUG, "a decomposed name (José as macOS writes it); tanh's 1 - t")
    put("folder-engine.py/engine.py/engine.py", RIGHT, "a folder engine.py holding engine.py")
    # bytes and files
    put("init-alone/engine.py", TANH_BUG, "an empty __init__.py beside engine.py; tanh's 1 - t")
    put("init-alone/__init__.py", "", "")
    put("docstring-only.py", '"""My engine: to do."""\n', "an engine that is a docstring")
    put("empty-zip.zip", _zip({}), "a zip with no members")
    put("cp437.zip", _cp437_zip({"tâche/engine.py": TANH_BUG.encode()}),
        "a zip whose folder name is not ASCII; tanh's 1 - t")
    put("chars-notebook.ipynb", json.dumps({
        "nbformat": 4, "nbformat_minor": 5, "metadata": {},
        "cells": [{"cell_type": "code", "metadata": {}, "execution_count": 1, "outputs": [],
                   "source": list(TANH_BUG)}]}),
        "a notebook whose cell's source is a list of one-character strings; tanh's 1 - t")
    return made

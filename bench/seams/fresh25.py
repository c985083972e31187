"""Session 25's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh25, tests/test_seams25.py):
thirty shapes that samples.py, fresh22.py, fresh23.py and fresh24.py do not hold, each built from samples.engine
(nothing from the reference or micrograd).

Notebooks (a syntax error in cell 3 of five, cell 3 a `%run` of a file not there, no cells at all, only Markdown,
the engine kept as a raw cell, a later cell that sets `Value = None`); folders (two engine.py at different depths,
one holding only a zip, an engine and its compiled .pyc only, a folder named like a file `x.py`); zips (a notebook
alone in a zip, a zip of a folder that holds a zip and a README); bytes (an empty file, whitespace only,
a UTF-8 BOM, CRLF line ends, a Latin-1 file that declares `# -*- coding: latin-1 -*-`, UTF-16, tabs and spaces
mixed); runs (an import that loops for ever, `os._exit(0)` at import, `os._exit(1)` inside backward, a child
process forked and left sleeping, `sys.setrecursionlimit(20)` at import); names (spaces and an apostrophe, an
emoji, a leading dash, `{file}` braces, a name of 250 characters); the starter as a notebook.

`fresh_class(folder)` writes the class and returns {entry name: what it is}.
"""

from __future__ import annotations

import json
from pathlib import Path

import samples

RIGHT = samples.engine()
TYPO = samples.TYPO
TANH_BUG = samples.engine(TANH_SLOPE="1 - t")
STARTER = Path(__file__).resolve().parents[2] / "exercises" / "05-backward" / "engine.py"
_zip = samples._zip


def _raw_cell_notebook(code: str) -> bytes:
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
          "cells": [{"cell_type": "raw", "metadata": {}, "source": code},
                    {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                     "source": "print('see the raw cell above')"}]}
    return json.dumps(nb).encode("utf-8")


def fresh_class(folder: Path) -> dict[str, str]:
    put, made = samples.writer(folder)
    head, _, rest = RIGHT.partition("    def relu(self):")

    # notebooks
    put("nb-syntax-cell3.ipynb", samples.notebook([("md", "# HW"), RIGHT, "def helper(:\n    pass",
                                                   "v = Value(2.0)", "print(v)"]),
        "a notebook whose cell 3 of five does not compile; the engine (right) is cell 2")
    put("nb-run-missing.ipynb", samples.notebook([RIGHT, "%run helpers.py", "x = Value(1.0).tanh()"]),
        "a notebook whose cell 2 `%run`s helpers.py, which is not there")
    put("nb-no-cells.ipynb", json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": []}),
        "a notebook with no cells")
    put("nb-markdown-only.ipynb", samples.notebook([("md", "# My engine\n\n```python\n" + RIGHT + "```\n")]),
        "a notebook whose engine is in a Markdown cell only")
    put("nb-raw-cell.ipynb", _raw_cell_notebook(RIGHT), "a notebook whose engine is a raw cell")
    put("nb-value-none.ipynb", samples.notebook([RIGHT, "Value = None"]), "a notebook whose last cell sets Value = None")
    # folders
    put("two-depths/a/engine.py", RIGHT, "a folder with a/engine.py (right) and b/c/engine.py (tanh's 1 - t)")
    put("two-depths/b/c/engine.py", TANH_BUG, "")
    put("folder-of-zip/hw.zip", _zip({"engine.py": TANH_BUG.encode()}), "a folder holding only hw.zip")
    put("pyc-only/engine.cpython-311.pyc", b"\xa7\r\r\n" + bytes(12) + b"\xe3" + bytes(40),
        "a folder holding only a compiled engine.cpython-311.pyc")
    put("x.py/engine.py", TANH_BUG, "a folder named x.py holding engine.py (tanh's 1 - t)")
    # zips
    put("nb-in-zip.zip", _zip({"hw1/homework.ipynb": samples.notebook([TANH_BUG])}),
        "a zip holding one notebook in a folder; tanh's 1 - t")
    put("zip-folder-zip.zip", _zip({"hw/inner.zip": _zip({"engine.py": RIGHT.encode()}), "hw/README.md": b"hi"}),
        "a zip whose folder holds a zip and a README")
    # bytes
    put("empty.py", b"", "an empty file")
    put("blank.py", b"\n   \n\t\n", "whitespace only")
    put("bom.py", b"\xef\xbb\xbf" + TANH_BUG.encode(), "a UTF-8 BOM; tanh's 1 - t")
    put("crlf.py", TANH_BUG.replace("\n", "\r\n").encode(), "CRLF line ends; tanh's 1 - t")
    put("latin1-declared.py", ("# -*- coding: latin-1 -*-\n# Auteur: Hélène\n" + TANH_BUG).encode("latin-1"),
        "Latin-1 bytes under a PEP 263 coding line; tanh's 1 - t")
    put("utf16.py", TANH_BUG.encode("utf-16"), "UTF-16 with its BOM")
    put("tabs.py", RIGHT.replace("        t = math.tanh(self.data)\n", "\tt = math.tanh(self.data)\n"),
        "a tab where the method's body is indented with spaces (TabError)")
    # runs
    put("import-loops.py", RIGHT + "\nwhile True:\n    pass\n", "loops for ever at import")
    put("os-exit-import.py", RIGHT + "\nimport os\nos._exit(0)\n", "os._exit(0) at import")
    put("os-exit-backward.py", RIGHT.replace("    def backward(self):\n",
                                             "    def backward(self):\n        import os\n        os._exit(1)\n"),
        "os._exit(1) inside backward()")
    put("fork-sleeper.py", RIGHT + "\nimport os, time\nif os.fork() == 0:\n    time.sleep(3600)\n    os._exit(0)\n",
        "forks a child at import that sleeps an hour")
    put("low-recursion.py", "import sys\nsys.setrecursionlimit(60)\n" + RIGHT, "sys.setrecursionlimit(60) at import")
    # names
    put("Mary Ann O'Neil.py", TANH_BUG, "spaces and an apostrophe in the name; tanh's 1 - t")
    put("\U0001f600 smile.ipynb", samples.notebook([TYPO]), "an emoji in a notebook's name; tanh raises")
    put("-rf.py", TANH_BUG, "a name that starts with a dash; tanh's 1 - t")
    put("{file} {id}.py", TYPO, "a name of message placeholders; tanh raises")
    put("l" * 246 + ".zip", _zip({"engine.py": TANH_BUG.encode()}), "a zip's name of 250 characters; tanh's 1 - t")
    # the starter, as a notebook
    put("starter-nb.ipynb", samples.notebook([("md", "# 05"), STARTER.read_text(encoding="utf-8")]),
        "05-backward's starter.py pasted into a notebook, untouched")
    return made

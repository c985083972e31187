"""Session 24's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh24, tests/test_seams24.py):
shapes that samples.py, fresh22.py and fresh23.py do not hold, each built from samples.engine (nothing from the
reference or micrograd).

Runs that end badly on one test only (tanh loops at x = 5 alone; a flood printed from backward; bytes that are not
UTF-8 on stdout; a message of ten million characters; an exception whose str() raises; KeyboardInterrupt, a
RecursionError, a NaN), a crash at import of a helper module, code compiled under a made-up file name, a message
that forges a place; notebooks as Jupyter writes them (sources as lists of lines, an error output kept, nbformat
3's worksheets, a cell magic and a shell line, a middle cell that raises); packings (a zip with two engine.py, an
empty engine.py in a zip, a zip inside a zip, a member named `../engine.py`, a zip cut short, an engine one folder
down in a folder, a file beside the engine that it reads, `engine.PY`); names and encodings (a name that is not
UTF-8, a cp1251 comment with no coding line, engine.py.txt, a .rar, upper-case suffixes, a newline in a name, a
name of 203 characters); the starter untouched; an engine that reads the environment (CI,
GITHUB_ACTIONS) or writes beside itself.

`fresh_class(folder)` writes the class and returns {entry name: what it is}.
"""

from __future__ import annotations

import os
from pathlib import Path

import samples

RIGHT = samples.engine()
TYPO = samples.TYPO
TANH_BUG = samples.engine(TANH_SLOPE="1 - t")
STARTER = Path(__file__).resolve().parents[2] / "exercises" / "05-backward" / "engine.py"
NON_UTF8_NAME = b"caf\xe9.py"  # Latin-1 bytes: not a UTF-8 name


_zip = samples._zip


def _tanh_body(lines: str) -> str:
    """RIGHT with `lines` first in tanh's body (indented as the body is)."""
    return RIGHT.replace("        t = math.tanh(self.data)\n", lines + "        t = math.tanh(self.data)\n")


def _jupyter(cells, outputs=None) -> bytes:
    """A notebook as Jupyter writes it: each source a list of lines, execution counts, the outputs kept."""
    import json

    def cell(n, c):
        if isinstance(c, tuple):
            return {"cell_type": "markdown", "metadata": {}, "source": c[1].splitlines(keepends=True)}
        return {"cell_type": "code", "execution_count": n, "metadata": {}, "outputs": (outputs or {}).get(n, []),
                "source": c.splitlines(keepends=True)}
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python",
                                                                           "display_name": "Python 3"}},
          "cells": [cell(n + 1, c) for n, c in enumerate(cells)]}
    return json.dumps(nb, ensure_ascii=False, indent=1).encode("utf-8")


def _nbformat3(code: str) -> bytes:
    import json

    nb = {"nbformat": 3, "nbformat_minor": 0, "metadata": {"name": ""},
          "worksheets": [{"cells": [{"cell_type": "code", "collapsed": False, "input": code.splitlines(keepends=True),
                                     "language": "python", "metadata": {}, "outputs": []}], "metadata": {}}]}
    return json.dumps(nb).encode("utf-8")


def fresh_class(folder: Path) -> dict[str, str]:
    put, made = samples.writer(folder)

    # runs that end badly on some tests only
    put("one-slow.py", _tanh_body("        while self.data > 4:\n            pass\n"),
        "tanh loops for ever at x = 5 only (tanh/saturated), right elsewhere")
    put("flood-backward.py", RIGHT.replace("    def backward(self):\n",
                                           "    def backward(self):\n        print('g' * (1 << 20))\n"),
        "a correct engine printing 1 MiB from every backward()")
    put("bad-bytes.py", RIGHT.replace("    def backward(self):\n", "    def backward(self):\n        import sys\n"
                                      "        sys.stdout.buffer.write(b'\\xff\\xfe\\x80 not utf-8\\n')\n"),
        "a correct engine writing bytes that are not UTF-8 to stdout from backward()")
    put("huge-message.py", _tanh_body("        raise ValueError('x' * 10_000_000)\n"),
        "tanh raises ValueError with a message of ten million characters")
    put("str-raises.py", RIGHT.replace("import math\n", "import math\n\n\nclass Odd(Exception):\n"
                                       "    def __str__(self):\n        raise RuntimeError('no words')\n")
        .replace("        t = math.tanh(self.data)\n", "        raise Odd()\n"),
        "tanh raises an exception whose str() raises")
    put("keyboard-interrupt.py", _tanh_body("        raise KeyboardInterrupt\n"), "tanh raises KeyboardInterrupt")
    put("recursion.py", RIGHT.replace("    def exp(self):\n", "    def exp(self):\n        return self.exp()\n"),
        "exp calls itself for ever (RecursionError)")
    put("nan.py", RIGHT.replace("        t = math.tanh(self.data)\n", "        t = float('nan')\n"),
        "tanh returns NaN")
    put("exec-tanh.py", RIGHT.replace(
        "    def tanh(self):\n        t = math.tanh(self.data)\n        return Value(t, [(self, 1 - t * t)])\n", "")
        + "\n\n_space = {'math': math, 'Value': Value}\nexec(compile('def tanh(self):\\n    t = math.tanh(self.dat)\\n"
          "    return Value(t, [(self, 1 - t * t)])\\n', '<generated>', 'exec'), _space)\nValue.tanh = _space['tanh']\n",
        "tanh compiled from a string under the file name <generated>; it raises AttributeError")
    put("forged-place.py", _tanh_body("        raise ValueError('bad (engine.py, line 1, in relu)')\n"),
        "tanh raises a message that names another place")
    # helpers and packing
    put("helper-crash/engine.py", "from slopes import tanh_slope\n" + RIGHT, "engine.py importing slopes.py, which "
        "raises at import")
    put("helper-crash/slopes.py", "raise RuntimeError('slopes not written yet')\n\n\ndef tanh_slope(t):\n"
        "    return 1 - t * t\n", "")
    put("two-engines.zip", _zip({"hw1/engine.py": RIGHT.encode(), "old/engine.py": TYPO.encode()}),
        "a zip holding two engine.py in two folders")
    put("empty-in-zip.zip", _zip({"hw1/engine.py": b""}), "a zip whose engine.py is empty")
    put("zip-in-zip.zip", _zip({"inner.zip": _zip({"engine.py": RIGHT.encode()})}), "a zip holding a zip")
    put("traversal.zip", _zip({"../engine.py": TANH_BUG.encode()}), "a zip whose one member is ../engine.py")
    put("cut.zip", _zip({"hw1/engine.py": RIGHT.encode()})[:300], "a zip cut short")
    put("down-one/src/engine.py", TANH_BUG, "a folder whose engine.py is one folder down; tanh's 1 - t")
    put("reads-beside/engine.py", RIGHT.replace("import math\n", "import math\nimport os\n\nSCALE = float(open(os.path."
                                                "join(os.path.dirname(__file__), 'scale.txt')).read())\n")
        .replace("[(self, 1 - t * t)]", "[(self, SCALE * (1 - t * t))]"), "engine.py reading scale.txt beside it")
    put("reads-beside/scale.txt", "1.0\n", "")
    put("upper-ext/engine.PY", TANH_BUG, "a folder whose one file is engine.PY")
    # notebooks as Jupyter writes them
    put("jupyter-lists.ipynb", _jupyter([("md", "# HW\n"), TYPO, "v = Value(1.0)\nv.tanh()"], outputs={
        2: [{"output_type": "error", "ename": "AttributeError", "evalue": "'Value' object has no attribute 'dat'",
             "traceback": ["\x1b[0;31mAttributeError\x1b[0m"]}]}),
        "a notebook with list-of-lines sources and an error output kept; tanh raises")
    put("nbformat3.ipynb", _nbformat3(TANH_BUG), "an nbformat 3 notebook (worksheets); tanh's 1 - t")
    put("magics.ipynb", _jupyter(["%%time\n" + RIGHT, "!pip install micrograd\n%load_ext autoreload"]),
        "a %%time cell magic over the engine, then a shell line")
    put("middle-raises.ipynb", samples.notebook([RIGHT, "x = 1 / 0", "def tanh(self):\n    t = math.tanh(self.data)\n"
                                                 "    return Value(t, [(self, 1 - t)])\n\nValue.tanh = tanh"]),
        "a notebook whose middle cell raises ZeroDivisionError; a later cell patches tanh with 1 - t")
    # names, encodings, the starter, the environment
    (Path(folder) / os.fsdecode(NON_UTF8_NAME)).write_bytes(TANH_BUG.encode())
    made[os.fsdecode(NON_UTF8_NAME)] = "a file name that is not UTF-8 (Latin-1 café.py); tanh's 1 - t"
    put("cp1251.py", ("# Автор: Пётр\n" + TYPO).encode("cp1251"), "a cp1251 comment, no coding line; tanh raises")
    put("starter.py", STARTER.read_bytes(), "05-backward's starter, untouched")
    put("reads-env.py", RIGHT.replace("import math\n", "import math\nimport os\n\nCI = bool(os.environ.get('CI') or "
                                      "os.environ.get('GITHUB_ACTIONS'))\n")
        .replace("[(self, 1 - t * t)]", "[(self, (1 - t) if CI else (1 - t * t))]"),
        "tanh's slope is 1 - t where $CI or $GITHUB_ACTIONS is set")
    # names the surfaces may read apart
    put("engine.py.txt", RIGHT, "a correct engine saved as engine.py.txt")
    put("homework.rar", b"Rar!\x1a\x07\x00" + bytes(64), "a .rar archive")
    put("Upper.IPYNB", samples.notebook([TYPO]), "a notebook whose suffix is upper case; tanh raises")
    put("Shout.ZIP", _zip({"engine.py": TANH_BUG.encode()}), "a zip whose suffix is upper case; tanh's 1 - t")
    put("two\nlines.py", TYPO, "a newline inside the file name; tanh raises")
    put("n" * 200 + ".py", TANH_BUG, "a file name of 203 characters; tanh's 1 - t")
    put("writes-beside.py", RIGHT.replace("import math\n", "import math\nimport os\n\nwith open(os.path.join("
                                          "os.path.dirname(os.path.abspath(__file__)), 'log.txt'), 'w') as f:\n"
                                          "    f.write('loaded')\n"), "writes log.txt beside itself at import")
    return made

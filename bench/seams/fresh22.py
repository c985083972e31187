"""Session 22's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh22, tests/test_seams.py):
the shapes samples.py's class lacks, each built from samples.engine (nothing from the reference or micrograd).

Encodings and line ends (a byte-order mark, CRLF, a Latin-1 comment with and without its coding line), places
at the edges (a syntax error on the last line, with and without a final newline; a tab mixed into spaces; a NUL
byte), notebooks in the order a student runs them (the answer cells after a scratch cell, `import math` after
the class, the check cell left in, CRLF sources, a syntax error in the last cell, no cells at all), LMS packings
(a zip with `__MACOSX/` and `.DS_Store`, one three folders down, one with Windows `\\` names, a folder with two
candidate engines or engine.py beside engine.ipynb), runs that end badly (a loop or a sleep at import, output on
stderr only, a flood on stdout, `sys.exit(0)`, a crash after writing to stderr), names with spaces, accents and
CJK, two students' identical resubmissions, an empty file, a whitespace-only file, and files over the caps.

`fresh_class(folder)` writes the class and returns {entry name: what it is}.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import samples

RIGHT = samples.engine()
TYPO = samples.TYPO  # NameError inside tanh: every surface names its file and line
TANH_BUG = samples.engine(TANH_SLOPE="1 - t")


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data in members.items():
            info = zipfile.ZipInfo(name)
            info.external_attr = (0o40755 << 16 | 0x10) if name.endswith("/") else 0o644 << 16
            z.writestr(info, data)
    return buffer.getvalue()


def _crlf(text: str) -> str:
    return text.replace("\n", "\r\n")


APPLEDOUBLE = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        \x00\x02\xff\xfe" + bytes(range(256))


def fresh_class(folder: Path) -> dict[str, str]:
    put, made = samples.writer(folder)

    # encodings and line ends
    put("bom.py", b"\xef\xbb\xbf" + TYPO.encode(), "a UTF-8 byte-order mark; tanh raises")
    put("crlf.py", _crlf(TYPO), "CRLF line ends; tanh raises")
    put("bom-crlf.py", b"\xef\xbb\xbf" + _crlf(TANH_BUG).encode(), "a BOM and CRLF; tanh's 1 - t")
    put("latin1.py", ("# Auteur : Hélène\n" + RIGHT).encode("latin-1"), "a Latin-1 comment, no coding line")
    put("latin1-declared.py", ("# -*- coding: latin-1 -*-\n# Auteur : Hélène\n" + RIGHT).encode("latin-1"),
        "a Latin-1 comment under its coding line (Python reads it)")
    put("cr-only.py", RIGHT.replace("\n", "\r"), "old Mac line ends (CR only)")
    # places at the edges
    put("syntax-last-line.py", RIGHT + "\nprint(Value(2.0)\n", "an unclosed call on the last line")
    put("syntax-no-newline.py", RIGHT + "\nv = Value(1.0) +", "a syntax error on a last line with no newline")
    put("tabs.py", RIGHT.replace("        t = math.tanh(self.data)\n", "\tt = math.tanh(self.data)\n"),
        "a tab among spaces (TabError)")
    put("nul.py", RIGHT.replace("import math\n", "import math\n# \x00\n"), "a NUL byte in a comment")
    # notebooks as students run them
    put("late-answer.ipynb", samples.notebook([
        ("md", "# Homework 1"), "import math\nimport random", "x = 3\nx * 2", ("md", "## My engine"),
        RIGHT.replace("import math\n", ""), "a = Value(2.0)\n(a * a).backward()\na.grad"]),
        "a notebook: imports first, a scratch cell, the engine in a later cell")
    put("import-after.ipynb", samples.notebook([RIGHT.replace("import math\n", ""), "import math"]),
        "a notebook whose `import math` comes after the class")
    put("check-left-in.ipynb", samples.notebook([TANH_BUG, "from grader import check\ncheck('engine')"]),
        "a notebook with the check cell left in; tanh's 1 - t")
    put("crlf-cells.ipynb", samples.notebook([_crlf(TYPO)]), "a notebook whose source has CRLF; tanh raises")
    put("syntax-last-cell.ipynb", samples.notebook([RIGHT, "v = Value(1.0)\nprint(v.grad"]),
        "a syntax error in the last cell")
    put("raises-last-cell.ipynb", samples.notebook([RIGHT, "a = Value(2.0)\n(a * a).backward()\nprint(a.gard)"]),
        "a scratch cell at the end that raises AttributeError (a typo)")
    put("no-cells.ipynb", samples.notebook([]), "a notebook with no cells")
    put("markdown-only.ipynb", samples.notebook([("md", "I could not do it")]), "Markdown cells only")
    # LMS packings
    put("macosx.zip", _zip({"hw1/": b"", "hw1/engine.py": TYPO.encode(), "hw1/.DS_Store": b"\x00\x00\x00\x01Bud1",
                            "__MACOSX/": b"", "__MACOSX/hw1/": b"", "__MACOSX/hw1/._engine.py": APPLEDOUBLE}),
        "a macOS zip: __MACOSX/ and .DS_Store beside hw1/engine.py; tanh raises")
    put("deep.zip", _zip({"Archive/Submission/hw1/engine.py": RIGHT.encode()}), "a zip, engine.py three folders down")
    put("backslash.zip", _zip({"hw1\\engine.py": TYPO.encode()}), "a zip written on Windows, `hw1\\engine.py`")
    put("two-engines/engine.py", TYPO, "a folder with engine.py and engine_v2.py")
    put("two-engines/engine_v2.py", RIGHT, "")
    put("py-and-ipynb/engine.py", TANH_BUG, "a folder with engine.py and engine.ipynb")
    put("py-and-ipynb/engine.ipynb", samples.notebook([RIGHT]), "")
    put("helper/engine.py", "from helpers import lift\n" + RIGHT, "engine.py importing its own helpers.py")
    put("helper/helpers.py", "def lift(x):\n    return x\n", "")
    # runs that end badly
    put("loop-import.py", RIGHT + "\nwhile True:\n    pass\n", "loops at import")
    put("sleep-import.py", RIGHT + "\nimport time\ntime.sleep(1000)\n", "sleeps at import")
    put("stderr-only.py", RIGHT.replace("import math\n", "import math\nimport sys\nprint('loading', file=sys.stderr)\n")
        .replace("    def backward(self):\n", "    def backward(self):\n        print('backward', file=sys.stderr)\n"),
        "prints to stderr only, at import and in backward; correct")
    put("stdout-flood.py", RIGHT + "\nprint('x' * (8 * 1024 * 1024))\n", "8 MiB printed at import")
    put("exit0-import.py", RIGHT + "\nimport sys\nsys.exit(0)\n", "sys.exit(0) at import")
    put("stderr-crash.py", RIGHT + "\nimport os, sys\nsys.stderr.write('Traceback: boom\\n')\nsys.stderr.flush()\n"
        "os._exit(1)\n", "writes to stderr, then os._exit(1) at import")
    put("main-guard.py", RIGHT + "\nif __name__ == '__main__':\n    raise SystemExit('tests ran')\n",
        "a __main__ block that must not run")
    # names
    put("Anna María López.py", TYPO, "spaces and accents in the name; tanh raises")
    put("王 小明 (2).ipynb", samples.notebook([TYPO]), "CJK, spaces and parentheses; a notebook; tanh raises")
    put("twin-a.py", TYPO, "identical to twin-b.py")
    put("twin-b.py", TYPO, "identical to twin-a.py")
    # empty and too large
    put("empty.py", b"", "an empty file")
    put("blank.py", "\n\n   \n", "whitespace only")
    put("empty-nb.ipynb", b"", "an empty notebook file (not JSON)")
    put("too-large.py", RIGHT + "#" * (1024 * 1024 + 10) + "\n", "a .py over the 1 MiB cap")
    put("big-code.ipynb", samples.notebook([RIGHT, "#" * (1024 * 1024 + 10)]), "a notebook over 1 MiB of code")
    return made

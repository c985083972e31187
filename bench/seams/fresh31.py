"""Session 31's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh31): the shapes the
session's loading and notebook changes decide, which sessions 30's seams30 and redteam30 did not use, for the
engine suite, 07, 08 and 11 (SEAMS_EXERCISE): a notebook ending with its own check under the test turned round
(`if "__main__" == __name__:`), a reversed `__main__` smoke test in a file with a classic bug, an exercise's other
file handed in as a notebook alone in a student's folder (refused, naming its exercise), a folder holding only that other file with the
engine inside it (the whole work), and a notebook holding engine and dual numbers together.

`fresh_class(folder, exercise)` writes the class of EXERCISE and returns {entry name: what it is}.
"""

from __future__ import annotations

from pathlib import Path

import fresh30
import samples

RIGHT = samples.engine()


def _without_engine_import(text: str) -> str:
    return text.replace("from engine import Value\n", "")


TURNED_CHECK = 'if "__main__" == __name__:\n    from grader import check\n    print(check("engine"))'
SMOKE_TURNED = "\n\nif '__main__' == __name__:\n    a = Value(2.0)\n    b = a * a + a\n    b.backward()\n    print(a.grad)\n"

CLASSES = {
    "engine": {
        "turned-check.ipynb": ("a notebook whose last cell is its check under `if \"__main__\" == __name__:`",
                               samples.notebook(["import math", RIGHT.replace("import math\n", ""), TURNED_CHECK])),
        "smoke-turned.py": ("log's slope 1 / out, and a `'__main__' == __name__` smoke test",
                            samples.engine(LOG_SLOPE="1 / out") + SMOKE_TURNED),
    },
    "07-mlp-xor": {
        "nn-alone": ("a folder holding 07's nn.py alone as a notebook: its cells import the engine", {
            "nn.ipynb": samples.notebook(["from engine import Value", _without_engine_import(fresh30.NN)])}),
        "all-in-nn": ("a folder holding only nn.py, the engine inside it", {
            "nn.py": RIGHT + "\n\n" + _without_engine_import(fresh30.NN)}),
    },
    "08-dual-numbers": {
        "dual-nb": ("a folder holding a notebook named dual.ipynb: the engine and the dual numbers", {
            "dual.ipynb": samples.notebook([RIGHT, fresh30.DUAL_RIGHT])}),
        "dual-alone": ("a folder holding dual.py alone", {"dual.py": fresh30.DUAL_RIGHT}),
    },
    "11-fit-line": {
        "fit-nb": ("a folder holding 11's fit_line.py alone as a notebook", {"fit_line.ipynb": samples.notebook(
            ["from engine import Value", _without_engine_import(fresh30.FIT_RIGHT)])}),
        "fit-mine": ("a folder holding fit_line.py with the engine inside", {
            "fit_line.py": RIGHT + "\n\n" + _without_engine_import(fresh30.FIT_RIGHT)}),
    },
}


def fresh_class(folder: Path, exercise: str) -> dict[str, str]:
    return fresh30.write_class(folder, CLASSES[exercise])

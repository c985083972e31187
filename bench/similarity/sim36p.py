"""A class on 03-tanh whose public text is the README's shape (session 36): python bench/similarity/sim36p.py OUT

The student's file is the engine with `tanh` filled: a dozen lines that the exercise's README almost dictates
(`math.tanh`, the node from t, `(1 - t**2) * out.grad`). Its public source, sim36p/public/engine.py, is a blog post's
companion code (a stand-in written for this class, CC0) whose tanh has that same canonical shape, with two comments
and a demo of its own. 20 honest fillers (the README's shape with each student's small choices, drawn with a fixed
seed), two copy clusters whose shared code is mostly the text's (c1: a source, a verbatim and a level-3 copy; c2: a
source and a level-2 copy), three public copies (two verbatim, one renamed), two hard-negative pairs from the
README's own words (h1: its four steps as comments; h2: its Try-it loop). sim36p_write.py wrote the files once; the
labels were committed before the detector was run on them.

`build` copies the class into OUT with the exercise's starter, every file checked (`check`: tanh's value and gradient
at five points against math.tanh, relative 1e-12). `run.py --sim36p` measures it alone, as a tuning class.
"""

from __future__ import annotations

import contextlib
import io
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim36p"
STARTER = REPO / "exercises" / "03-tanh" / "engine.py"
EXERCISE = "03-tanh (engine.py)"
POINTS = (-3.0, -0.5, 0.0, 2.0, 5.0)


def check(text: str, what: str) -> None:
    """TEXT's Value.tanh gives math.tanh's value and 1 - tanh² as the gradient at POINTS (relative 1e-12: the
    exponential forms differ from math.tanh in the last bits)."""
    space: dict = {"__name__": f"sim36p_{what}"}
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # h2's Try-it loop prints at module level
            exec(compile(text, what, "exec"), space)  # noqa: S102 - the benchmark's own files
        for x0 in POINTS:
            x = space["Value"](x0)
            y = x.tanh()
            y.backward()
            want = math.tanh(x0)
            assert math.isclose(y.data, want, rel_tol=1e-12, abs_tol=1e-15), (x0, y.data, want)
            assert math.isclose(x.grad, 1 - want**2, rel_tol=1e-9, abs_tol=1e-15), (x0, x.grad, 1 - want**2)
    except Exception as error:  # noqa: BLE001 - any failure of the file is a failed check
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error


def checker(folder: Path = CLASS):
    """`check`, except that a file whose label names a `bug` must fail it."""
    return sim34b1.labelled_checker(folder, check, "tanh")


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/engine.py, labels.json, public/), every file checked."""
    return sim34b1.build(out, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

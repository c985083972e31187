"""A class on 11-fit-line whose public text is the README's loop (session 36, sim36q): python bench/similarity/sim36q.py OUT

The student's file is fit_line.py's two functions: `mse` and the training loop, some twenty lines the README all but
dictates. Its public source, sim36q/public/fit_line.py, is a blog post's companion code (a stand-in written for this
class, CC0) whose code is the likeliest honest answer (a running sum with `pred`, the README's loop) and not the
course reference's (which sums a list), with two comments and a demo of its own. 22 honest fillers (the README's loop
with each student's small choices, drawn with a fixed seed, the running sum the likeliest), a copy cluster whose code
is mostly the text's (c1: a source, a verbatim and a level-2 copy, with a DEBUG print of their own), three public
copies (two verbatim, one renamed), two hard-negative pairs from the README's own words (h1: its steps as comments;
h2: its Try-it lines). sim36q_write.py wrote the files once; the labels were committed before the detector was run.

`build` copies the class into OUT with the exercise's starter, every file checked (sim35b2.check: the reference's
facts to relative 1e-9). `run.py --sim36q` measures it alone, as a tuning class.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sim35b2  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim36q"
STARTER = REPO / "exercises" / "11-fit-line" / "fit_line.py"
EXERCISE = "11-fit-line (fit_line.py)"
check = sim35b2.check  # the reference's facts to relative 1e-9


def checker(folder: Path = CLASS):
    """sim35b2.check, except that a file whose label names a `bug` must fail it."""
    return sim34b1.labelled_checker(folder, check, "facts")


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/fit_line.py, labels.json, public/), every file checked."""
    return sim34b1.build(out, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

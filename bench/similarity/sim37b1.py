"""A labelled class written blind by hand (session 37, simw37), held out: python bench/similarity/sim37b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe for its held-out class, on the whole engine (the `engine` exercise: the student hands in a whole `engine.py`
Value class, + - * / ** neg, relu, tanh, exp, log and backward()). The starter is a third course's (sim37b1/starter/
engine.py: "INF-2310 Workshop 3", `parents`/`op`/`backward_fn` instead of micrograd's `_prev`/`_op`/`_backward`, a leaf's
`backward_fn` None, eight TODO bodies, the derived operations and an `as_value` helper given). The files are kept as
they were written in sim37b1/main/submissions (sim37b1/README.md says who wrote what and how; sim37b1/labels.json,
run.py's schema, says what each is). Every file is checked against reference/engine.py by sim36b1's `check` (the
student's own backward() on every operation, constants on both sides, nodes used more than once, a shared
subexpression and a 1,500-step chain); a file labelled with a `bug` must fail that check, every other file must pass
it. Its public source is karpathy/micrograd's engine.py (the grader's copy, MIT, copied here as LICENSE.micrograd).
sim37b1/materials/ holds the course texts an instructor has (the lecture's code, the TA's forum post), for `grade
similarity --public`.

`build` copies the class into OUT_DIR with the starter, every file checked first. `run.py --sim37b1` measures it
(alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sim36b1  # noqa: E402
import sixteenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim37b1"
STARTER = CLASS / "starter" / "engine.py"
EXERCISE = "engine (engine.py, the whole engine; a third course's starter)"
check = sim36b1.check  # the same exercise, the same reference, the same expressions


def checker(folder: Path = CLASS):
    """`check`, except that a file whose label names a `bug` must fail it."""
    return sim34b1.labelled_checker(folder, check, "values and gradients")


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/engine.py, labels.json, materials/), every file checked."""
    return sim34b1.build(out, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

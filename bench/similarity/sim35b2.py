"""A second labelled class written blind by hand (session 35, sim35w), held out: python bench/similarity/sim35b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any other class's files, to issue 27's
recipe, on exercises/11-fit-line's `fit_line.py` (the student's file is the training loop, not the engine: two TODO
regions, `mse` and `train_line_history`; `engine.py` is given). The files are kept as they were written in
sim35b2/main/submissions (sim35b2/README.md says who wrote what and how; sim35b2/labels.json, run.py's schema, says
what each is). Every file is checked with reference/engine.py as its `engine` against reference/fit_line.py
(`check`); a file labelled with a `bug` must fail the check, every other file pass it. Its public source is
sim35b2/public/fit_line.py (a tutorial's code a student finds, written for this class as a stand-in: see the README);
sim35b2/materials/ holds the course texts an instructor has (`grade similarity --public`): run.py measures the class
without them and with them.

`build` copies the class into OUT with the exercise's starter, every file checked first. `run.py --sim35b2` measures it
(alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sim34b2  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim35b2"
STARTER = REPO / "exercises" / "11-fit-line" / "fit_line.py"
EXERCISE = "11-fit-line (fit_line.py)"


def _facts(module) -> dict:
    """What the exercise's tests look at: mse's value and both gradients at three points, the history of 3 steps at
    0.05, the line after 1,000 steps, 5 steps at 0.3 (diverging), and train_line's final loss."""
    V = module.Value
    points = []
    for w0, b0 in ((-1.0, 0.0), (0.5, 2.0), (2.0, 1.0)):
        w, b = V(w0), V(b0)
        loss = module.mse(w, b)
        loss.backward()
        points.append((loss.data, w.grad, b.grad))
    w3, b3, h3 = module.train_line_history(3, 0.05)
    w1k, b1k, _ = module.train_line_history(1000, 0.05)
    _, _, diverging = module.train_line_history(5, 0.3)
    final = module.train_line(2, 0.05)
    return {"mse": points, "three": [w3, b3, *h3], "count": len(h3), "line": [w1k, b1k],
            "diverging": diverging, "final": list(final)}


def _close(got, want) -> bool:
    return abs(got - want) <= 1e-9 * max(1.0, abs(want))


@functools.lru_cache(maxsize=1)
def _reference() -> dict:
    """reference/fit_line.py's facts (`_facts`), once."""
    return _facts(sim34b2._network((REPO / "reference" / "fit_line.py").read_text(encoding="utf-8"), "reference"))


def check(text: str, what: str) -> None:
    """TEXT as the student's fit_line.py gives reference/fit_line.py's facts (`_facts`) to relative 1e-9 (a mean
    written as a sum times 0.25 differs in the last bits)."""
    try:
        theirs = _facts(sim34b2._network(text, what))
    except Exception as error:  # noqa: BLE001 - any failure of the file is a failed check
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error
    ours = _reference()
    for key, want in ours.items():
        got = theirs[key]
        if key == "count":
            assert got == want, f"{what}: {key}: {got} != {want}"
            continue
        flat_got = [x for row in got for x in (row if isinstance(row, tuple) else (row,))]
        flat_want = [x for row in want for x in (row if isinstance(row, tuple) else (row,))]
        assert len(flat_got) == len(flat_want) and all(_close(g, w) for g, w in zip(flat_got, flat_want)), \
            f"{what}: {key}: {got} != {want}"


def checker(folder: Path = CLASS):
    """`check`, except that a file whose label names a `bug` must fail it."""
    return sim34b1.labelled_checker(folder, check, "facts")


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/fit_line.py, labels.json, materials/, public/), every file
    checked."""
    return sim34b1.build(out, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

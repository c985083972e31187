"""A third labelled class written blind by hand (session 32, sim32w2), held out:
python bench/similarity/sim32b3.py OUT_DIR

The recipe of sim32b1 (issue 27's held-out class) on a third starter: exercises/03-tanh's `engine.py`, the whole engine
(+, *, relu, the walk, __radd__/__rmul__) with one TODO region, `tanh()`. Written by a helper that did not read
grader/similarity, docs/similarity.md or any class's files (it read sim32b1's README, loader and labels.json for the
layout); kept as written in sim32b3/ (its README says who wrote what and how and holds the labels; labels.json, run.py's
schema). Its weight is on level-4 copies (eight, three of them of whole engines written from scratch) and on hard
negatives (four pairs whose own code is the README's or the lecture's few tanh lines). Its public source is
karpathy/micrograd's engine.py (the grader's copy, MIT). `run.py --sim32b3` measures it (alone).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for reference/ and exercises/

import eighteenth  # noqa: E402
import fifth  # noqa: E402
import sim32b1  # noqa: E402
import sixteenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim32b3"
STARTER = Path(__file__).resolve().parents[2] / "exercises" / "03-tanh" / "engine.py"
EXERCISE = "03-tanh (engine.py)"


def check(text: str, what: str) -> None:
    """TEXT works as 03-tanh's engine.py: fifth.check (the gradients of an expression of every op the file has equal
    the reference engine's, and a*a + a), then tanh's value and gradient at the README's points (0, 2, 5: 1.0, about
    0.0707, about 0.00018) and at -3, 0.3 and 19 (relative 1e-9 or absolute 1e-12), tanh of tanh at 0.8, a neuron
    tanh(w*x + b) with x used twice, and `2 * x` and `x + 1` through the reflected ops. Anything the file raises is
    reported as an AssertionError. (Two hard negatives compute tanh from math.exp as the lecture does, which overflows
    above x = 355: the check stays below, as the class's honest students tested theirs.)"""
    eighteenth.run_check(text, what, lambda mine, name: (fifth.check(text, name), _tanh_checks(mine.Value, name)))


def _tanh_checks(V, what: str) -> None:
    for x0 in (0.0, 2.0, 5.0, -3.0, 0.3, 19.0):
        x = V(x0)
        y = x.tanh()
        y.backward()
        t = math.tanh(x0)
        _close(what, f"tanh({x0})", y.data, t)
        _close(what, f"tanh'({x0})", x.grad, 1 - t * t)
    x = V(0.8)
    y = x.tanh().tanh()
    y.backward()
    inner = math.tanh(0.8)
    _close(what, "tanh(tanh(0.8))'", x.grad, (1 - math.tanh(inner) ** 2) * (1 - inner ** 2))
    w, x, b = V(-0.7), V(1.3), V(0.25)
    n = (w * x + b + x).tanh()
    n.backward()
    t = math.tanh(-0.7 * 1.3 + 0.25 + 1.3)
    _close(what, "a neuron's dx", x.grad, (1 - t * t) * (-0.7 + 1))
    _close(what, "a neuron's dw", w.grad, (1 - t * t) * 1.3)
    x = V(1.5)
    z = 2 * x + 1
    z.backward()
    _close(what, "2 * x + 1", (z.data, x.grad), (4.0, 2.0))


def _close(what: str, name: str, got, want) -> None:
    pairs = zip(got, want) if isinstance(want, tuple) else ((got, want),)
    if not all(math.isclose(g, w, rel_tol=1e-9, abs_tol=1e-12) for g, w in pairs):
        raise AssertionError(f"{what}: {name} is {got!r}, not {want!r}")


def labels() -> dict:
    return sim32b1.eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter/engine.py, labels.json), every file checked (`check`)."""
    return sim32b1.build(out, plain, CLASS, STARTER, check)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

"""A second labelled class written blind by hand (session 32, sim32w), held out:
python bench/similarity/sim32b2.py OUT_DIR

The recipe of sim32b1 (issue 27's held-out class) on another exercise's starter: exercises/05-backward's `engine.py`,
whose one TODO region is `backward()` (the walk through the graph). Written by a helper that did not read
grader/similarity, docs/similarity.md or any other class's files; kept as written in sim32b2/ (its README says who
wrote what and how and holds the labels; labels.json, run.py's schema). Its hard negatives are the kind a course
produces: two students who followed the same tutorial, two who wrote the README's three steps as its own words, two
who took the course's own walk (04-more-ops' starter). Its public source is karpathy/micrograd's engine.py (the
grader's copy, MIT). `run.py --sim32b2` measures it (alone).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for reference/ and exercises/

import fifth  # noqa: E402
import sim32b1  # noqa: E402
import sixteenth  # noqa: E402
import tenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim32b2"
STARTER = Path(__file__).resolve().parents[2] / "exercises" / "05-backward" / "engine.py"
EXERCISE = "05-backward (engine.py)"


def check(text: str, what: str) -> None:
    """TEXT works as 05-backward's engine.py: fifth.check (the gradients of an expression of every op the file has equal
    the reference engine's, and a*a + a), then the README's first two examples (y = a*b + b gives 1, 3.0, 3.0; the
    diamond (2a)(a + 3) at -1.5 gives 0.0) and nested diamonds (u = t + 2t with t = x*x, then relu(u*u + u): the
    gradient (2u + 1) * 6x at x = 0.5). Anything the file raises is reported as an AssertionError."""
    fifth.check(text, what)
    try:
        V = tenth.load(text, what).Value
        a, b = V(2.0), V(3.0)
        y = a * b + b
        y.backward()
        if (y.grad, a.grad, b.grad) != (1, 3.0, 3.0):
            raise AssertionError(f"{what}: y = a*b + b gives {y.grad}, {a.grad}, {b.grad}")
        a = V(-1.5)
        d = (2 * a) * (a + 3)
        d.backward()
        if a.grad != 0.0:
            raise AssertionError(f"{what}: the README's diamond gives {a.grad}")
        x = V(0.5)
        t = x * x
        u = t + t * 2
        w = (u * u + u).relu()
        w.backward()
        expected = (2 * (3 * 0.25) + 1) * 3 * 2 * 0.5
        if abs(x.grad - expected) > 1e-12:
            raise AssertionError(f"{what}: a nested diamond gives {x.grad}, not {expected}")
    except AssertionError:
        raise
    except Exception as error:  # a file that raises fails the check, named
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error


def labels() -> dict:
    return sim32b1.eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter/engine.py, labels.json), every file checked (`check`)."""
    return sim32b1.build(out, plain, CLASS, STARTER, check)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

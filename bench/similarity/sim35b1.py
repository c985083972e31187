"""A labelled class written blind by hand (session 35, sim35w), held out: python bench/similarity/sim35b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any other class's files, to issue 27's
recipe for its held-out class, on the whole engine (the `engine` exercise: grader/suites/engine; the student hands in
a whole `engine.py` Value class, + - * / ** neg, relu, tanh, exp, log and backward()). The course's starter is written
here (sim35b1/starter/engine.py: the class with TODO bodies, as a course hands it out). The files are kept as they
were written in sim35b1/main/submissions (sim35b1/README.md says who wrote what and how; sim35b1/labels.json, run.py's
schema, says what each is). Every file is checked against reference/engine.py (`check`: the student's own backward()
on expressions that use every operation, nodes used more than once and a 300-step chain); a file labelled with a `bug`
must fail that check, every other file must pass it. Its public source is karpathy/micrograd's engine.py, the
grader's own copy (MIT, copied here as LICENSE.micrograd). sim35b1/materials/ holds the course texts an instructor
has (the lecture's engine, the TA's forum post), for `grade similarity --public`: run.py measures the class without
them and with them.

`build` copies the class into OUT_DIR with the starter, every file checked first. `run.py --sim35b1` measures it
(alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim35b1"
STARTER = CLASS / "starter" / "engine.py"
REFERENCE = REPO / "reference" / "engine.py"
EXERCISE = "engine (engine.py, the whole engine; the class's own starter)"


def _expressions(V):
    """(name, leaves, output) over every operation the exercise asks for: values and constants on either side,
    nodes used more than once, a diamond, relu at both signs, and a 300-step chain."""
    a, b = V(2.0), V(-3.0)
    yield "add", (a, b), a + b + 1.5 + a
    a, b = V(1.5), V(-0.5)
    yield "mul", (a, b), a * b * 4 + 2 * a
    a, b = V(3.0), V(1.25)
    yield "sub", (a, b), a - b - 2 + (5 - a)
    a, b = V(3.0), V(-1.5)
    yield "div", (a, b), a / b + 2 / a + b / 4
    a = V(2.0)
    yield "neg", (a,), -a * a + (-(a * 3))
    a, b = V(2.0), V(0.5)
    yield "pow", (a, b), a ** 3 + b ** 0.5 + a ** -1 + b ** 2
    a, b = V(1.5), V(-2.0)
    yield "relu", (a, b), a.relu() * 2 + b.relu() + (a * b).relu() + (a * -b).relu()
    a, b = V(0.5), V(-1.3)
    yield "tanh", (a, b), a.tanh() + (a * b).tanh() * a + V(0.0).tanh()
    a, b = V(0.7), V(-1.2)
    yield "exp", (a, b), a.exp() * b + (a * b).exp()
    a, b = V(2.5), V(0.3)
    yield "log", (a, b), a.log() + (a * b).log() * a
    a = V(3.0)
    yield "a*a", (a,), a * a
    a = V(3.0)
    yield "a*a+a", (a,), a * a + a
    a, b = V(3.0), V(-2.0)
    yield "a*a+a*b+a", (a, b), a * a + a * b + a
    a = V(1.5)
    bb, cc = 2 * a, a + 3
    yield "diamond", (a,), bb * cc
    a, b = V(0.8), V(-0.4)
    h = (a * b + a).tanh()
    yield "shared tanh", (a, b), h * h + h.exp() + (h + 2).log()
    w, bias = V(0.7), V(-0.1)
    loss = V(0.0)
    for x, y in ((1.0, 2.0), (2.0, 3.5), (-1.0, -1.0)):
        e = w * x + bias - y
        loss = loss + e ** 2
    yield "loss", (w, bias), loss / 3
    a = V(1.0)
    x = a
    for _ in range(300):
        x = x * 1.0 + 0.0
    yield "chain", (a,), x


def _grads(V) -> list:
    found = []
    for name, leaves, out in _expressions(V):
        out.backward()
        found.append((name, out.data, [leaf.grad for leaf in leaves]))
    return found


@functools.lru_cache(maxsize=1)
def _reference() -> list:
    """The reference engine's values and gradients (`_grads`), once."""
    return _grads(sim34b1._engine(REFERENCE.read_text(encoding="utf-8"), "reference"))


def check(text: str, what: str) -> None:
    """TEXT as the student's engine.py gives the reference's value and leaf gradients (relative 1e-9: the same
    formulas in another order differ in the last bits) on every expression of `_expressions`, through its own
    backward()."""
    try:
        theirs = _grads(sim34b1._engine(text, what))
    except Exception as error:  # noqa: BLE001 - any failure of the file is a failed check
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error
    ours = _reference()
    for (name, value, grads), (_, want, wanted) in zip(theirs, ours):
        assert abs(value - want) <= 1e-9 * max(1.0, abs(want)), f"{what}: {name}: value {value} != {want}"
        for got, expected in zip(grads, wanted):
            assert abs(got - expected) <= 1e-9 * max(1.0, abs(expected)), f"{what}: {name}: grad {got} != {expected}"


def checker(folder: Path = CLASS):
    """`check`, except that a file whose label names a `bug` must fail it."""
    return sim34b1.labelled_checker(folder, check, "values and gradients")


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/engine.py, labels.json, materials/), every file checked."""
    return sim34b1.build(out, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

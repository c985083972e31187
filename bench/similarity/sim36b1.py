"""A labelled class written blind by hand (session 36, simw36), held out: python bench/similarity/sim36b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe for its held-out class, on the whole engine (the `engine` exercise: the student hands in a whole `engine.py`
Value class, + - * / ** neg, relu, tanh, exp, log and backward()). The starter is another course's (sim36b1/starter/
engine.py: "Lab 2 -- micro-autograd", eight TODO bodies, the derived operations given). The files are kept as they
were written in sim36b1/main/submissions (sim36b1/README.md says who wrote what and how; sim36b1/labels.json, run.py's
schema, says what each is). Every file is checked against reference/engine.py (`check`: the student's own backward()
on every operation, constants on both sides, nodes used more than once, a shared subexpression and a 1,500-step
chain); a file labelled with a `bug` must fail that check, every other file must pass it. Its public source is
karpathy/micrograd's engine.py (the grader's copy, MIT, copied here as LICENSE.micrograd). sim36b1/materials/ holds the
course texts an instructor has (the lecture slides' code, the TA's forum post), for `grade similarity --public`.

`build` copies the class into OUT_DIR with the starter, every file checked first. `run.py --sim36b1` measures it
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
CLASS = Path(__file__).resolve().parent / "sim36b1"
STARTER = CLASS / "starter" / "engine.py"
REFERENCE = REPO / "reference" / "engine.py"
EXERCISE = "engine (engine.py, the whole engine; another course's starter)"


def _expressions(V):
    """(name, leaves, output): every operation with Values and numbers on either side, reuse, and a long chain."""
    p, q = V(1.25), V(-0.75)
    yield "add", (p, q), (p + q) + (3 + p) + (q + 0.5) + p
    p, q = V(-2.0), V(0.5)
    yield "mul", (p, q), p * q * p + 3 * q + q * -1.5
    p, q = V(4.0), V(2.5)
    yield "sub", (p, q), (p - q) - (1 - p) - (q - 7)
    p, q = V(-1.5), V(2.0)
    yield "div", (p, q), p / q + 3 / q + (p / 2) / q
    p = V(0.75)
    yield "neg", (p,), -(-p * p) - p
    p, q = V(1.5), V(4.0)
    yield "pow", (p, q), p ** 2 + q ** -0.5 + p ** 3.0 * q + q ** 1
    p, q = V(-0.25), V(2.0)
    yield "relu", (p, q), p.relu() + q.relu() * q + (p * q).relu() + (-p).relu() * 3
    p, q = V(-0.6), V(0.9)
    yield "tanh", (p, q), p.tanh() * q.tanh() + (p + q).tanh() + (p * q).tanh() ** 2
    p, q = V(0.3), V(-0.8)
    yield "exp", (p, q), p.exp() + (p * q).exp() * p + (-q).exp()
    p, q = V(1.7), V(0.4)
    yield "log", (p, q), p.log() * q + (p / q).log() + (p * p).log()
    p = V(-2.0)
    yield "p*p", (p,), p * p
    p = V(-2.0)
    yield "p+p+p", (p,), p + p + p
    p, q = V(2.0), V(5.0)
    yield "p*q+p*p+q", (p, q), p * q + p * p + q
    p = V(0.9)
    s = p.tanh()
    yield "shared", (p,), s * s + s.exp() * s
    a, c = V(0.2), V(-0.5)
    total = V(0.0)
    for x, y in ((0.5, 1.0), (-1.0, 0.0), (2.0, 0.5), (1.5, -1.0)):
        guess = (a * x + c).tanh()
        total = total + (guess - y) ** 2
    yield "loss", (a, c), total / 4
    p = V(0.5)
    r = p
    for _ in range(1500):
        r = r + 0.0
    yield "chain", (p,), r * 2


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
    """TEXT as the student's engine.py gives the reference's value and leaf gradients on every expression of
    `_expressions`, through its own backward(), to relative 1e-9 (the same formulas in another order, or tanh written
    through exp, differ in the last bits; a wrong rule is off by far more)."""
    limit = sys.getrecursionlimit()  # some students raise it (a recursive walk on the long chain): put it back
    try:
        theirs = _grads(sim34b1._engine(text, what))
    except Exception as error:  # noqa: BLE001 - any failure of the file is a failed check
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error
    finally:
        sys.setrecursionlimit(limit)
    for (name, value, grads), (_, want, wanted) in zip(theirs, _reference()):
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

"""The eighteenth labelled class, written by hand, a tuning class: python bench/similarity/eighteenth.py OUT_DIR

Like the sixteenth and seventeenth, no program of ours makes it: its files are kept as they were written, in
eighteenth/ (eighteenth/README.md says who wrote what and how; eighteenth/labels.json, run.py's schema, says what each
is). Written in session 24 blind to the method (grader/similarity, docs/similarity.md and every class's scores unread,
and the eighth, ninth and fifteenth classes, held out, unopened) on exercises/04-more-ops' `engine.py` (eight TODO
regions: `__pow__` by a constant, `exp` and `log` with their own backward rules, and `__neg__`, `__sub__`,
`__rsub__`, `__truediv__`, `__rtruediv__` built from the others). The held-out class's shape (issue 27): 20
independent students (16 fill the starter's regions, 4 hand in an engine of their own), 3 pairs whose own code is the
same syntax tree (`hard_pair`), 4 copies of karpathy/micrograd's engine (MIT) with the ops it lacks added (levels 1,
2, 2, 3), and 12 sources each copied by hand at one of levels 1-4 (one twice).

**A tuning class**: helpers may read its files and its pairs' scores and choose changes on it. Its public source is
its own public/engine.py: micrograd's engine.py as the grader keeps it (grader/data/public/karpathy-micrograd/),
unchanged, with micrograd's LICENSE beside it.

`build` copies the class into OUT_DIR, running every file and checking it against the course's reference
(reference/engine.py: `check`) first. `python bench/similarity/run.py --eighteenth` and `rescore.py --eighteenth`
measure it (its own line: in neither of rescore.py's seed sets).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for reference/

import eighth  # noqa: E402
import sixteenth  # noqa: E402
import tenth  # noqa: E402
from sixteenth import _close  # noqa: E402

CLASS = Path(__file__).resolve().parent / "eighteenth"
EXERCISE = "04-more-ops (engine.py)"

POINTS = (0.7, 2.0, 1.5, 3, 0.25, 1.0)  # positive: every op is defined there
NEGATIVES = (-1.3, -2, -0.4, 0.0)  # no log here, and only whole powers
CONSTANTS = (2.0, -3.5, 4, 0.5)
POWERS = (2, 3, -1, 0.5, 1.5, -2.5, 0, 1)
WHOLE_POWERS = (2, 3, -1, 1)
# expressions of two or three leaves, each with its points: shared nodes, every op in one graph, the README's
EXPRESSIONS = (
    (lambda a, b: a * b + b ** 3 - (a / b).exp() + (b - a).tanh() * 2 - 1 / a, (0.7, 1.9)),
    (lambda a, b: a / (a + 1) - (a * b).log() + 3 - b + -a ** 2, (2.0, 0.5)),
    (lambda a, b: 1 / (1 + (-a).exp()) + (1 + b.exp()).log() - a - a, (0.7, -1.2)),
    (lambda a, b: ((a - b) ** 2).relu() / (b * b + 1) + (2 - a) * (3 / b) + (a - 2).relu(), (-4.0, 2.5)),
    (lambda a, b: (a ** 0.5 + b ** -1.5) * (a.log() - b.log()) / (a + b) - 4 / a ** 2, (1.3, 0.8)),
    (lambda a, b: -(-a) * -b - (a * a).exp() / 2 + (b / a - a / b).tanh(), (0.3, -0.6)),
)


def check(text: str, what: str) -> None:
    """Run TEXT as the student's engine.py and compare it with reference/engine.py: on ten points (and pairs of them,
    and constants on either side) every op, `**` by eight constants, exp, log, unary -, -, /, both operand orders,
    +, *, relu and tanh, gives the reference's value and the reference's gradient to each leaf after `backward`
    (relative 1e-9); so do six expressions that use every op with shared nodes; -a is a new node. Anything the file
    raises is reported as an AssertionError."""
    run_check(text, what, _check)


def run_check(text: str, what: str, body) -> None:
    """Run TEXT as a student's engine.py (tenth.load) and BODY(module, WHAT) on it; anything the file raises is reported
    as an AssertionError, named (the nineteenth class's check goes through it too)."""
    try:
        mine = tenth.load(text, what)
        body(mine, what)
    except AssertionError:
        raise
    except Exception as error:  # a file that raises fails the check, named
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error


def comparer(V, what: str):
    """(same, fail): same(name, f, *numbers) runs f on Values of V's engine at NUMBERS (leaves) and on the course's
    reference's, then backward on each, and fails (an AssertionError naming WHAT) unless the value and every leaf's
    gradient agree (relative 1e-9)."""
    from reference.engine import Value as R

    def fail(message):
        raise AssertionError(f"{what}: {message}")

    def same(name, f, *numbers):
        """f of Values at NUMBERS (leaves), then backward, in the file's engine and the reference's."""
        xs, rs = [V(n) for n in numbers], [R(n) for n in numbers]
        got, want = f(*xs), f(*rs)
        if not isinstance(got, V):
            fail(f"{name} at {numbers} gives {got!r}, not a Value")
        got.backward()
        want.backward()
        if not _close(got.data, want.data):
            fail(f"{name} at {numbers} is {got.data!r}, the reference's {want.data!r}")
        for n, x, r in zip(numbers, xs, rs):
            if not _close(x.grad, r.grad):
                fail(f"{name} at {numbers}: the gradient to {n} is {x.grad!r}, the reference's {r.grad!r}")

    return same, fail


def _check(mine, what: str) -> None:
    V = mine.Value
    same, fail = comparer(V, what)
    for a in POINTS + NEGATIVES:
        for k in POWERS if a > 0 else WHOLE_POWERS if a else (2, 3, 1):
            same(f"x ** {k}", lambda x: x ** k, a)
        for name in ("exp", "tanh", "relu") + (("log",) if a > 0 else ()):
            same(f"x.{name}()", lambda x: getattr(x, name)(), a)
        same("-x", lambda x: -x, a)
        x = V(a)
        if (-x) is x:
            fail("-x is x itself, not a new node")
        for c in CONSTANTS:
            for name, f in (("x - c", lambda x: x - c), ("c - x", lambda x: c - x), ("x / c", lambda x: x / c),
                            ("x + c", lambda x: x + c), ("c + x", lambda x: c + x), ("c * x", lambda x: c * x)):
                same(name, f, a)
            if a != 0:
                same("c / x", lambda x: c / x, a)
        for b in POINTS + NEGATIVES:
            for name, f in (("x - y", lambda x, y: x - y), ("x + y", lambda x, y: x + y),
                            ("x * y", lambda x, y: x * y)):
                same(name, f, a, b)
            if b != 0:
                same("x / y", lambda x, y: x / y, a, b)
        same("x - x", lambda x: x - x, a)
        if a != 0:
            same("x / x", lambda x: x / x, a)
    for i, (f, point) in enumerate(EXPRESSIONS):
        same(f"expression {i}", f, *point)
    x = V(2.0)
    (x ** 3).backward()
    y = V(0.5)
    (2 / y).backward()
    if not (_close(x.grad, 12.0) and _close(y.grad, -8.0)):
        fail(f"the README's example gives {x.grad}, {y.grad}")
    repr(x)


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, public/, labels.json), every file checked (`check`)."""
    return eighth.build(out, plain, CLASS, check)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

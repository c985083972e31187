"""The seventeenth labelled class, written by hand, a tuning class: python bench/similarity/seventeenth.py OUT_DIR

Like the sixteenth, no program of ours makes it: its files are kept as they were written, in seventeenth/
(seventeenth/README.md says who wrote what and how; seventeenth/labels.json, run.py's schema, says what each is).
Written in session 23 blind to the method (grader/similarity, docs/similarity.md and every class's scores unread, and
the fourteenth class, held out on the same exercise, unopened) on exercises/08-dual-numbers' `dual.py` (the `Dual`
number of forward mode: its arithmetic, sin, cos, exp, log, tanh and relu, and `derivative(f, x)`). The held-out
class's shape (issue 27) with 20 independent students (16 fillers, 4 whole files of their own), 3 pairs whose own
code is the same syntax tree (`hard_pair`), 4 copies of a public dual-number class (derekeverett/fluxion's
fluxion/dual.py, MIT) pasted into dual.py beside the student's own answers (levels 1, 2, 2, 3), and 12 sources each
copied by hand at one of levels 1-4 (one twice).

**A tuning class**: helpers may read its files and its pairs' scores and choose changes on it. Its public source is
its own public/dual.py: fluxion's dual.py unchanged, named as the starter so that run.public_source finds it, with
fluxion's LICENSE beside it.

`build` copies the class into OUT_DIR, running every file and checking it against the course's reference
(reference/dual.py: `check`) first. `python bench/similarity/run.py --seventeenth` and `rescore.py --seventeenth`
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

CLASS = Path(__file__).resolve().parent / "seventeenth"
EXERCISE = "08-dual-numbers (dual.py)"

# (value, deriv) pairs for the operands: positive, negative, a zero derivative, ints; all bases of a power positive
PAIRS = ((0.7, 1.0), (2.0, -0.5), (1.5, 0.0), (3, 2), (0.25, 3.0))
NEGATIVES = ((-1.3, 1.0), (-2, 0.5), (-0.4, -2.0))
CONSTANTS = (2.0, -3.5, 4, 0.5)
RELU = ((1.25, 2.0), (-0.75, 1.0), (0.0, 1.0), (0, 3), (2, -1))  # relu's live and dead sides, its corner at 0
# functions of one Dual for derivative(f, x), each with a point: the README's, a plain-number result, a power of x
FUNCTIONS = (
    (lambda x: x ** 3, 2.0),
    (lambda x: (x * x + 1).log() * x.tanh() - 3 / x, 0.7),
    (lambda x: 5.0, 1.5),
    (lambda x: x ** x + 2 ** x - x.sin() * x.cos() / (1 + x.exp()), 1.3),
    (lambda x: (x * -2 + 1).relu() + (x - 0.25).relu() - 3 * (1 - x) / (x ** 0.5), 0.9),
    (lambda x: x / 2 - 4 - x ** -1 + (-x).exp(), 2.5),
)


def check(text: str, what: str) -> None:
    """Run TEXT as the student's dual.py (the course's reference engine as `engine`) and compare it with
    reference/dual.py: on five operand pairs (and constants on either side), +, -, *, /, unary -, powers by a constant
    and by a Dual, a constant to a Dual power, sin, cos, exp, log, tanh and relu (both sides and its corner at 0) each
    give a Dual whose value and derivative are the reference's (relative 1e-9); `derivative` gives the reference's
    number on six functions (the README's, one that returns a plain number, variable powers, relu, reflected forms).
    Anything the file raises is reported as an AssertionError."""
    try:
        mine = tenth.load(text, what)
        _check(mine, what)
    except AssertionError:
        raise
    except Exception as error:  # a file that raises fails the check, named
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error


def _check(mine, what: str) -> None:
    from reference import dual as ref

    def fail(message):
        raise AssertionError(f"{what}: {message}")

    def same(name, got, want):
        if not isinstance(got, mine.Dual) or not (_close(got.value, want.value) and _close(got.deriv, want.deriv)):
            fail(f"{name} gives {got!r}, the reference {want!r}")

    D, R = mine.Dual, ref.Dual
    zero = D(2.5)
    if zero.value != 2.5 or zero.deriv != 0:
        fail(f"Dual(2.5) is {zero!r}, not a constant")
    for a, da in PAIRS + NEGATIVES:
        x, rx = D(a, da), R(a, da)
        for b, db in PAIRS + NEGATIVES:
            y, ry = D(b, db), R(b, db)
            same(f"({a}, {da}) + ({b}, {db})", x + y, rx + ry)
            same(f"({a}, {da}) - ({b}, {db})", x - y, rx - ry)
            same(f"({a}, {da}) * ({b}, {db})", x * y, rx * ry)
            same(f"({a}, {da}) / ({b}, {db})", x / y, rx / ry)
            if a > 0:
                same(f"({a}, {da}) ** ({b}, {db})", x ** y, rx ** ry)
        for c in CONSTANTS:
            for name, got, want in (("+", x + c, rx + c), ("radd", c + x, c + rx), ("-", x - c, rx - c),
                                    ("rsub", c - x, c - rx), ("*", x * c, rx * c), ("rmul", c * x, c * rx),
                                    ("/", x / c, rx / c), ("rtruediv", c / x, c / rx)):
                same(f"({a}, {da}) {name} {c}", got, want)
            if c > 0:
                same(f"{c} ** ({a}, {da})", c ** x, c ** rx)
        for k in (2, 3, -1, 0.5, 1.5) if a > 0 else (2, 3, -1):
            same(f"({a}, {da}) ** {k}", x ** k, rx ** k)
        same(f"-({a}, {da})", -x, -rx)
        for name in ("sin", "cos", "exp", "tanh") + (("log",) if a > 0 else ()):
            same(f"({a}, {da}).{name}()", getattr(x, name)(), getattr(rx, name)())
    for a, da in RELU + PAIRS + NEGATIVES:
        same(f"({a}, {da}).relu()", D(a, da).relu(), R(a, da).relu())
    for f, point in FUNCTIONS:
        got, want = mine.derivative(f, point), ref.derivative(f, point)
        if not _close(got, want):
            fail(f"derivative at {point} is {got!r}, the reference's {want}")


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, public/, labels.json), every file checked (`check`)."""
    return eighth.build(out, plain, CLASS, check)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

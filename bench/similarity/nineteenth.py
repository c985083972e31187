"""The nineteenth labelled class, written by hand, a tuning class: python bench/similarity/nineteenth.py OUT_DIR

Like the sixteenth to eighteenth, no program of ours makes it: its files are kept as they were written, in
nineteenth/ (nineteenth/README.md says who wrote what and how; nineteenth/labels.json, run.py's schema, says what each
is). Written in session 25 blind to the method (grader/similarity, docs/similarity.md and every class's scores unread,
and the held-out classes unopened, the fifteenth, on the same exercise, among them) on exercises/03-tanh's
`engine.py` (one TODO region: `tanh`, its value and its backward rule, in a starter that already has +, *, relu and
backward). The held-out class's shape (issue 27): 20 independent students (16 fill the starter's region, 4 hand in an
engine of their own, two of them real engines from PyPI packages under the MIT licence, adapted to the exercise), 3
pairs whose own code is the same syntax tree (`hard_pair`), 4 copies of karpathy/micrograd's engine (MIT) with the
tanh it lacks added (levels 1, 2, 2, 3), and 12 sources each copied by hand at one of levels 1-4 (one twice).

**A tuning class**: helpers may read its files and its pairs' scores and choose changes on it. Its public source is
its own public/engine.py: micrograd's engine.py as the grader keeps it (grader/data/public/karpathy-micrograd/),
unchanged, with micrograd's LICENSE beside it.

`build` copies the class into OUT_DIR, running every file and checking it against the course's reference
(reference/engine.py: `check`) first. `python bench/similarity/run.py --nineteenth` and `rescore.py --nineteenth`
measure it (its own line: in neither of rescore.py's seed sets).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for reference/

import eighteenth  # noqa: E402
import eighth  # noqa: E402
import sixteenth  # noqa: E402
from sixteenth import _close  # noqa: E402

CLASS = Path(__file__).resolve().parent / "nineteenth"
EXERCISE = "03-tanh (engine.py)"

# tanh's points: 0, both signs, int data, saturation (5, -8) and past exp's overflow (400, -400)
POINTS = (0.0, 0.5, -0.5, 1, -2, 2.0, 0.88, -1.7, 5.0, -8.0, 400.0, -400.0, 3)
OTHERS = (1.5, -0.3, 0.0, 2, -4.0)
CONSTANTS = (2.0, -3.5, 4, 0.5)
# expressions of two or three leaves, each with its points: shared nodes (a tanh used twice, a node reused through
# tanh and relu), a neuron, a tanh of a tanh, a squared error through tanh
EXPRESSIONS = (
    (lambda a, b: (a * b + 0.5).tanh() * (a * b + 0.5).tanh() + a, (0.7, -1.2)),
    (lambda a, b: ((a * -1.5 + b * 2.0 + 0.1).tanh() + -1.0) * ((a * -1.5 + b * 2.0 + 0.1).tanh() + -1.0), (0.3, 0.9)),
    (lambda a, b: a.tanh().tanh() * b + (a + b).relu().tanh(), (1.1, -0.4)),
    (lambda a, b: 3 * a.tanh() + a.tanh() * a + (b * b).tanh() * 2 + b.relu(), (-0.6, 1.3)),
    (lambda a, b, c: (a * b + c).tanh() + (b * c + a).tanh() * (c * a + b).tanh() + (a + b + c).relu(),
     (0.4, -0.9, 1.6)),
    (lambda a, b, c: ((a * 2 + b * -3 + c).tanh() * a + 1).relu() * (c.tanh() + b), (-0.25, 0.5, 2.5)),
)


def check(text: str, what: str) -> None:
    """Run TEXT as the student's engine.py and compare it with reference/engine.py: tanh on thirteen points (0, both
    signs, an int, saturated, and 400 and -400, past where exp(2x) overflows), tanh inside +, * and relu with constants
    on either side and with other leaves, a tanh node used twice, and six expressions of shared nodes give the
    reference's value and, after `backward`, the reference's gradient to every leaf (relative 1e-9); so do +, * and
    relu themselves. Anything the file raises is reported as an AssertionError."""
    eighteenth.run_check(text, what, _check)


def _check(mine, what: str) -> None:
    V = mine.Value
    same, fail = eighteenth.comparer(V, what)
    for a in POINTS:
        same("x.tanh()", lambda x: x.tanh(), a)
        same("x.tanh() * x.tanh()", lambda x: x.tanh() * x.tanh(), a)
        same("t * t + t", lambda x: (lambda t: t * t + t)(x.tanh()), a)
        same("x.tanh().relu()", lambda x: x.tanh().relu(), a)
        same("x.relu().tanh()", lambda x: x.relu().tanh(), a)
        for c in CONSTANTS:
            for name, f in (("(x * c).tanh()", lambda x: (x * c).tanh()), ("c * x.tanh()", lambda x: c * x.tanh()),
                            ("(c + x).tanh()", lambda x: (c + x).tanh()), ("x.tanh() + c", lambda x: x.tanh() + c)):
                same(name, f, a)
        for b in OTHERS:
            for name, f in (("x + y", lambda x, y: x + y), ("x * y", lambda x, y: x * y),
                            ("(x * y).tanh()", lambda x, y: (x * y).tanh()),
                            ("(x + y).tanh() * y", lambda x, y: (x + y).tanh() * y),
                            ("x.tanh() * y.tanh()", lambda x, y: x.tanh() * y.tanh())):
                same(name, f, a, b)
    for i, (f, point) in enumerate(EXPRESSIONS):
        same(f"expression {i}", f, *point)
    for x0, want in ((0.0, 1.0), (2.0, 0.07065082485316443)):  # the README's example
        x = V(x0)
        y = x.tanh()
        y.backward()
        if not _close(x.grad, want):
            fail(f"the README's example at {x0} gives {x.grad}")
    repr(V(1.0).tanh())


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, public/, labels.json), every file checked (`check`)."""
    return eighth.build(out, plain, CLASS, check)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

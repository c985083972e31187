"""A second labelled class written blind by hand (session 38, simw38), held out: python bench/similarity/sim38b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe, on exercises/08-dual-numbers' `dual.py` (forward mode: `Dual(value, deriv)` with + * / ** (a constant or a Dual
exponent), c ** x, negation, sin, cos, exp, log, tanh, relu and `derivative(f, x)`), a student file no class had as its
subject. 08 rather than 09-write-tests: a dual-number class is a textbook object with a dozen formulaic bodies that
blog posts, lecture notes and answers print whole, so a course sees it pasted and passed around; a test file is graded
by which bugs it catches and each student picks their own expressions, so copies of it are rarer and shorter. The
files are kept as they were written in sim38b2/main/submissions (sim38b2/README.md says who wrote what and how;
sim38b2/labels.json, run.py's schema, says what each is). Every file is checked by `check`: forward mode against the
reference engine's reverse mode (reference/engine.py, the README's "Try it") on every expression the engine has, and
against derivatives worked by hand for sin, cos, c ** x and a Dual exponent; a file labelled with a `bug` must fail
it, every other file pass it. Its public source is sim38b2/public/dual.py (a blog post's companion code a student finds,
written for this class under CC0: public/LICENSE); sim38b2/materials/ holds the course texts an instructor has (the
lesson's code, a TA's forum post): run.py measures the class without them and with them.

`build` copies the class into OUT with the exercise's starter, every file checked first. `run.py --sim38b2` measures it
(alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import math
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim38b2"
STARTER = REPO / "exercises" / "08-dual-numbers" / "dual.py"
EXERCISE = "08-dual-numbers (dual.py)"

# Relative tolerance of a student's derivative against the reference's: right rules written in another order (the
# quotient through the reciprocal, tanh' as 1 / cosh**2) differ in the last bits; a wrong rule is off by far more.
TOLERANCE = 1e-9

# (name, f, x): f takes a Dual or the reference engine's Value; forward mode is compared with reverse mode
BOTH = [
    ("x**3", lambda x: x ** 3, 2.0),
    ("readme", lambda x: (x * x + 1).log() * x.tanh() - 3 / x, 0.7),
    ("x+3", lambda x: x + 3, 1.5),
    ("3+x", lambda x: 3 + x, 1.5),
    ("2-x", lambda x: 2 - x, 0.25),
    ("x*x*4", lambda x: x * x * 4, -1.25),
    ("4*x", lambda x: 4 * x, 0.5),
    ("2/x", lambda x: 2 / x, 0.8),
    ("x/3", lambda x: x / 3, 0.8),
    ("(x*x+1)/(x-3)", lambda x: (x * x + 1) / (x - 3), 0.5),
    ("x**-2", lambda x: x ** -2, 1.7),
    ("x**0.5", lambda x: x ** 0.5, 1.7),
    ("-x*x", lambda x: -x * x, 0.9),
    ("exp", lambda x: x.exp(), 0.6),
    ("log", lambda x: x.log(), 0.6),
    ("tanh", lambda x: x.tanh(), 0.6),
    ("relu+", lambda x: x.relu(), 1.2),
    ("relu-", lambda x: x.relu(), -0.4),
    ("relu(x*x-1)", lambda x: (x * x - 1).relu() * x, 1.5),
    ("exp(tanh)/log", lambda x: x.tanh().exp() / (x + 2).log(), -0.3),
]
# (name, f, x, df/dx worked by hand)
BY_HAND = [
    ("sin", lambda x: x.sin(), 0.6, math.cos(0.6)),
    ("cos", lambda x: x.cos(), 0.6, -math.sin(0.6)),
    ("sin*cos", lambda x: (x.sin() * x.cos()).exp(), 0.3,
     math.exp(math.sin(0.3) * math.cos(0.3)) * (math.cos(0.3) ** 2 - math.sin(0.3) ** 2)),
    ("2**x", lambda x: 2 ** x, 0.8, 2 ** 0.8 * math.log(2)),
    ("x**x", lambda x: x ** x, 1.3, 1.3 ** 1.3 * (math.log(1.3) + 1)),
    ("x**(2*x)", lambda x: x ** (2 * x), 0.7, 0.7 ** 1.4 * (2 * math.log(0.7) + 2)),
    ("constant", lambda x: 3.0, 1.0, 0.0),
]


def _module(text: str, what: str) -> types.ModuleType:
    """TEXT run as a module of its own, as an import runs it (a packed file's exec defines its names there too)."""
    module = types.ModuleType(f"sim38b2_{what}")
    sys.modules[module.__name__] = module  # as an import has it (a dataclass looks its module up)
    try:
        exec(compile(text, f"{what}.py", "exec"), module.__dict__)  # noqa: S102 - the class's own files
    finally:
        del sys.modules[module.__name__]
    return module


def _reverse(f, x: float) -> float:
    """df/dx by the reference engine's backward()."""
    value = sim34b1._engine((REPO / "reference" / "engine.py").read_text(encoding="utf-8"), "reference")
    leaf = value(x)
    f(leaf).backward()
    return leaf.grad


def _close(got, want) -> bool:
    return isinstance(got, (int, float)) and abs(got - want) <= TOLERANCE * max(1.0, abs(want))


def check(text: str, what: str) -> None:
    """TEXT as the student's dual.py gives every case's derivative (through its own `derivative`) within TOLERANCE of
    the reference's reverse mode or of the derivative worked by hand, and a Dual's own pair through a product, a
    quotient and sin with a seed other than 1."""
    try:
        module = _module(text, what)
        got = {name: module.derivative(f, x) for name, f, x in BOTH}
        got.update({name: module.derivative(f, x) for name, f, x, _ in BY_HAND})
        dual = module.Dual
        p = dual(0.5, 2.0) * dual(3.0, -1.0)
        q = dual(0.5, 2.0) / dual(3.0, -1.0)
        s = dual(2.0, 0.5).sin()
        pairs = {"product": (p.value, p.deriv), "quotient": (q.value, q.deriv), "sin seed 0.5": (s.value, s.deriv)}
    except Exception as error:  # noqa: BLE001 - any failure of the file is a failed check
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error
    for name, f, x in BOTH:
        want = _reverse(f, x)
        assert _close(got[name], want), f"{what}: {name}: forward {got[name]} != reverse {want}"
    for name, _, _, want in BY_HAND:
        assert _close(got[name], want), f"{what}: {name}: {got[name]} != {want}"
    wants = {"product": (1.5, 5.5), "quotient": (0.5 / 3.0, (2.0 * 3.0 + 0.5) / 9.0),
             "sin seed 0.5": (math.sin(2.0), 0.5 * math.cos(2.0))}
    for name, want in wants.items():
        assert all(_close(g, w) for g, w in zip(pairs[name], want)), f"{what}: {name}: {pairs[name]} != {want}"


def checker(folder: Path = CLASS):
    """`check`, except that a file whose label names a `bug` must fail it."""
    return sim34b1.labelled_checker(folder, check, "derivatives")


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/dual.py, labels.json, materials/, public/), every file
    checked."""
    return sim34b1.build(out, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

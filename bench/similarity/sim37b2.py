"""A second labelled class written blind by hand (session 37, simw37), held out: python bench/similarity/sim37b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe, on exercises/01-mul-backward's `engine.py`: the one region is the two lines of `__mul__`'s `_backward` (the
whole file is handed in). No blind class had this exercise as its subject: 04-more-ops (the eighth, sim32b1, sim33b1
and the tuning classes), 05-backward (sim32b2, the second class) and 06-gradcheck (sim33b2) had theirs; 01-mul-backward
was only one region of the ninth's three-region starter and one of the sixth's generated seeds. With two lines of
their own, honest students share nearly everything: what tells a copy is what a student adds around the rule (a demo,
comments, helpers, operations of later exercises). The files are kept as they were written in
sim37b2/main/submissions (sim37b2/README.md says who wrote what and how; sim37b2/labels.json, run.py's schema, says
what each is). Every file is checked with the exercise's own protocol (`check`: the rules called by hand from the
output back, as the README's "Try it" does, on products, products of products, constants on either side, a product
inside a sum and inside relu, an upstream gradient other than 1); a file labelled with a `bug` must fail the check,
every other file pass it. Its public source is sim37b2/public/engine.py (a blog post's companion code a student finds,
written for this class under CC0: public/LICENSE); sim37b2/materials/ holds the course texts an instructor has
(`grade similarity --public`): run.py measures the class without them and with them.

`build` copies the class into OUT with the exercise's starter, every file checked first. `run.py --sim37b2` measures it
(alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim37b2"
STARTER = REPO / "exercises" / "01-mul-backward" / "engine.py"
EXERCISE = "01-mul-backward (engine.py)"


def _facts(V) -> dict:
    """Each case's value and the gradients it leaves, its rules called by hand from the output back (exercise 01 has
    no backward(): the caller seeds the output's grad and calls each node's `_backward` in turn)."""
    facts = {}
    a, b = V(3.0), V(-2.0)
    y = a * b
    y.grad = 1.0
    y._backward()
    facts["a*b"] = [y.data, a.grad, b.grad]
    a, b, c = V(2.0), V(-3.0), V(0.5)
    ab = a * b
    z = ab * c
    z.grad = 1.0
    z._backward()
    ab._backward()
    facts["(a*b)*c"] = [z.data, a.grad, b.grad, c.grad, ab.grad]
    a = V(-1.25)
    y = a * 4
    y.grad = 1.0
    y._backward()
    facts["a*4"] = [y.data, a.grad]
    a = V(0.75)
    y = 4 * a
    y.grad = 1.0
    y._backward()
    facts["4*a"] = [y.data, a.grad]
    a, b = V(1.5), V(-0.5)
    y = a * b
    y.grad = 2.5
    y._backward()
    facts["upstream 2.5"] = [a.grad, b.grad]
    a, b, c = V(2.0), V(1.5), V(-4.0)
    ab = a * b
    s = ab + c
    s.grad = 1.0
    s._backward()
    ab._backward()
    facts["a*b+c"] = [s.data, a.grad, b.grad, c.grad]
    for sign in (1.0, -1.0):
        a, b = V(sign * 2.0), V(0.5)
        ab = a * b
        r = ab.relu()
        r.grad = 1.0
        r._backward()
        ab._backward()
        facts[f"relu(a*b) {sign}"] = [r.data, a.grad, b.grad]
    a, b, c, d = V(0.5), V(-1.0), V(3.0), V(2.0)
    ab, cd = a * b, c * d
    p = ab * cd
    p.grad = 1.0
    p._backward()
    ab._backward()
    cd._backward()
    facts["(a*b)*(c*d)"] = [p.data, a.grad, b.grad, c.grad, d.grad]
    return facts


def _expected() -> dict:
    """The same cases worked by hand (d(xy)/dx = y), to compare with: the reference's += and the exercise's = agree on
    them (no node is reached twice)."""
    return {"a*b": [-6.0, -2.0, 3.0], "(a*b)*c": [-3.0, -1.5, 1.0, -6.0, 0.5], "a*4": [-5.0, 4.0],
            "4*a": [3.0, 4.0], "upstream 2.5": [-1.25, 3.75], "a*b+c": [-1.0, 1.5, 2.0, 1.0],
            "relu(a*b) 1.0": [1.0, 0.5, 2.0], "relu(a*b) -1.0": [0.0, 0.0, 0.0],
            "(a*b)*(c*d)": [-3.0, -6.0, 3.0, -1.0, -1.5]}


def check(text: str, what: str) -> None:
    """TEXT as the student's engine.py gives `_expected`'s values and gradients on every case of `_facts`, exactly
    (products of numbers exact in binary: any right rule gives these floats; a wrong one is off by whole units). The
    reference engine gives them too (tests/test_bench_sim37.py)."""
    try:
        theirs = _facts(sim34b1._engine(text, what))
    except Exception as error:  # noqa: BLE001 - any failure of the file is a failed check
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error
    for key, want in _expected().items():
        assert [float(x) for x in theirs[key]] == want, f"{what}: {key}: {theirs[key]} != {want}"


def checker(folder: Path = CLASS):
    """`check`, except that a file whose label names a `bug` must fail it."""
    return sim34b1.labelled_checker(folder, check, "values and gradients")


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/engine.py, labels.json, materials/, public/), every file
    checked."""
    return sim34b1.build(out, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

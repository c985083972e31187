"""The sixteenth labelled class, written by hand, a tuning class: python bench/similarity/sixteenth.py OUT_DIR

Like the thirteenth, no program of ours makes it: its files are kept as they were written, in sixteenth/
(sixteenth/README.md says who wrote what and how; sixteenth/labels.json, run.py's schema, says what each is).
Written in session 22 blind to the method (grader/similarity, docs/similarity.md and every class's scores unread, and
the twelfth class, held out on the same exercise, unopened) on exercises/10-neuron's `neuron.py` (three functions:
`neuron`, the graph of one neuron; `neuron_gradients`, its five gradients from one backward(); and
`largest_relative_difference`, the comparison with PyTorch's). The held-out class's shape (issue 27) with 20
independent students (16 fillers, 4 whole files of their own), 3 pairs whose own code is the same canonical lines
(`hard_pair`), 4 copies of karpathy/micrograd's nn.py (its Module and Neuron, the network's public source a student
reaches for when asked for "one neuron") pasted into neuron.py beside the student's own functions (levels 1, 2, 2, 3),
and 12 sources each copied by hand at one of levels 1-4 (one twice).

**A tuning class**: helpers may read its files and its pairs' scores and choose changes on it. Its public source is
its own public/neuron.py: micrograd's nn.py as grader/data/public/karpathy-micrograd/nn.py holds it, named as the
starter so that run.public_source finds it, with micrograd's LICENSE beside it.

`build` copies the class into OUT_DIR, running every file and checking it against the course's reference
(reference/neuron.py: `check`) first. `python bench/similarity/run.py --sixteenth` and `rescore.py --sixteenth`
measure it (its own line: in neither of rescore.py's seed sets).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import eighth  # noqa: E402
import tenth  # noqa: E402

CLASS = HERE / "sixteenth"
EXERCISE = "10-neuron (neuron.py)"
NAMES = ("x1", "x2", "w1", "w2", "b")

# (x1, x2, w1, w2, b, activation): both sides of relu, its corner (a relu input of exactly 0), ints, tanh's
POINTS = ((2.0, -1.0, 0.5, -1.5, 0.25, "relu"), (1.5, 2.0, 2.0, -1.5, 0.0, "relu"), (1, 2, -3, 0.5, -0.5, "relu"),
          (-0.3, 0.7, 1.1, 2.2, 0.05, "relu"), (2.0, 0.0, -3.0, 1.0, 6.8813735870195432, "tanh"),
          (0.5, -1.25, 0.75, 0.4, -0.1, "tanh"), (1.5, 2.0, 2.0, -1.5, 0.0, "tanh"), (3, -2, 1, 1, 2, "tanh"))
# (grads, reference_grads) for largest_relative_difference: the same, both zero, planted differences, signs, scales
COMPARED = (
    ({"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}, {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}),
    ({n: 0.0 for n in NAMES}, {n: 0 for n in NAMES}),
    ({"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}, {"x1": 0.5, "x2": -1.5, "w1": 2.1, "w2": -1.0, "b": 1.0}),
    ({"x1": 0.0, "x2": 0.0, "w1": 0.0, "w2": 0.0, "b": 0.25}, {"x1": 0.0, "x2": 0.0, "w1": 0.0, "w2": 0.0, "b": 0.0}),
    ({"x1": 1e-3, "x2": 2e3, "w1": -4.0, "w2": 0.0, "b": 1.0}, {"x1": 2e-3, "x2": 2.001e3, "w1": 4.0, "w2": 0.0, "b": 1}),
    ({"x1": 0.3, "x2": -0.2, "w1": 0.0, "w2": 5.0, "b": 0.5}, {"x1": 0.31, "x2": -0.25, "w1": 0.0, "w2": 5.5, "b": 0.5}),
)


def check(text: str, what: str) -> None:
    """Run TEXT as the student's neuron.py (the course's reference engine as `engine`) and compare it with
    reference/neuron.py as the exercise's tests do: at eight points (relu's live and dead sides and its corner, ints,
    tanh), `neuron` gives a Value and a dict of the five leaves, each a Value of its number with no gradient yet, and
    one backward() from y gives the reference's five gradients (relative 1e-9), as does `neuron_gradients` (with the
    activation by keyword, and relu by default); `largest_relative_difference` gives the reference's number on six
    pairs of gradient dicts (equal, all zero, planted differences, one of two zero, signs, scales). Anything the
    file raises is reported as an AssertionError."""
    try:
        _check(tenth.load(text, what), what)
    except AssertionError:
        raise
    except Exception as error:
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error


def _close(a, b, tol: float = 1e-9) -> bool:
    return type(a) in (int, float, bool) and math.isclose(a, b, rel_tol=tol, abs_tol=tol)


def _check(mine, what: str) -> None:
    import reference.engine
    from reference import neuron as ref

    def fail(message):
        raise AssertionError(f"{what}: {message}")

    value = reference.engine.Value
    for *numbers, activation in POINTS:
        want = ref.neuron_gradients(*numbers, activation=activation)
        y, leaves = mine.neuron(*numbers, activation=activation)
        if not isinstance(y, value) or type(leaves) is not dict or set(leaves) != set(NAMES):
            fail(f"neuron{tuple(numbers)} gives {y!r}, {leaves!r}")
        for name, number in zip(NAMES, numbers):
            leaf = leaves[name]
            if not isinstance(leaf, value) or leaf.data != number or leaf.grad != 0:
                fail(f"neuron's leaf {name} is {leaf!r}, not a fresh Value({number})")
        y.backward()
        got = {name: leaf.grad for name, leaf in leaves.items()}
        if not all(_close(got[n], want[n]) for n in NAMES):
            fail(f"backward() from neuron{tuple(numbers)} ({activation}) gives {got}, the reference {want}")
        got = mine.neuron_gradients(*numbers, activation=activation)
        if type(got) is not dict or set(got) != set(NAMES) or not all(_close(got[n], want[n]) for n in NAMES):
            fail(f"neuron_gradients{tuple(numbers)} ({activation}) is {got}, the reference's {want}")
        if activation == "relu":
            got = mine.neuron_gradients(*numbers)
            if type(got) is not dict or not all(_close(got[n], want[n]) for n in NAMES):
                fail(f"neuron_gradients{tuple(numbers)} (relu by default) is {got}, the reference's {want}")
    for grads, reference_grads in COMPARED:
        for a, b in ((grads, reference_grads), (reference_grads, grads)):
            got, want = mine.largest_relative_difference(dict(a), dict(b)), ref.largest_relative_difference(a, b)
            if not _close(got, want, 1e-12):
                fail(f"largest_relative_difference({a}, {b}) is {got!r}, the reference's {want}")


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, public/, labels.json), every file checked (`check`)."""
    return eighth.build(out, plain, CLASS, check)


def main(module=None):
    """OUT: build MODULE's class (a hand-written class without tricked copies; this one by default)."""
    import argparse

    module = module or sys.modules[__name__]
    parser = argparse.ArgumentParser(description=module.__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    print(f"{len(module.build(args.out)['main'])} files in {args.out} ({module.EXERCISE})")


if __name__ == "__main__":
    main()

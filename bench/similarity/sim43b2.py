"""A second labelled class written blind by hand (session 43, simw43), held out: python bench/similarity/sim43b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe: a class of **Chinese-speaking students** (comments and docstrings in Chinese, the course's glossary
/work/shared/glossary.md) on **10-neuron's neuron.py** (three TODO bodies: neuron, neuron_gradients,
largest_relative_difference), handed in as a plain folder of `<login>.py` files (a course's own upload form; the id is
the login, the key of labels.json). sim43b2/write.py writes main/submissions and labels.json from sim43b2/fills43b2.py
(each starter-filled student's three bodies), sim43b2/hand/ (whole files and the three level-4 copies, typed by
hand), sim43b2/materials/ (the lecture's demo, the TA's forum answer: the hard pairs) and sim43b1/recipes43.py (levels
1-3 and the four evasions); sim43b2/README.md says who wrote what.

Every hand-in is checked by `check`: imported with the exercise's engine (exercises/10-neuron/engine.py) as `engine`
(no bytecode written), its neuron() against the neuron worked out by hand (the value, five leaves, no backward pass
made), its five gradients against central differences of the same neuron in plain floats (relu away from its corner,
tanh), relu's corner and dead side (all five 0), and largest_relative_difference on cases with an exact answer (equal
sets, one name off, both 0, one 0, opposite signs); a hand-in labelled with a `bug` must fail it, every other one must
pass it. Its public source is sim43b2/public/neuron.py: karpathy/micrograd's nn.py (MIT, public/LICENSE; named as the
starter, as run.py looks for a class's public file), which the public copies paste and adapt.

`build` copies the class into OUT (main/submissions, main/starter/neuron.py, labels.json, materials/, public/), every
hand-in checked first. `run.py --sim43b2` measures it (alone, held out)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim43b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim43b2"
STARTER = CLASS / "starter" / "neuron.py"
ENGINE = REPO / "exercises" / "10-neuron" / "engine.py"
EXERCISE = "10-neuron's neuron.py, a Chinese-speaking course (a plain folder of <login>.py files)"
STEP = 1e-6  # central differences: error ~ STEP**2 times the third derivative, rounding ~ 1e-16 / STEP
GRAD_TOLERANCE = 1e-6  # relative and absolute: far above both errors, far below any wrong gradient here
DIFF_TOLERANCE = 1e-12  # largest_relative_difference: the same few float operations in any order
POINTS = [  # (x1, x2, w1, w2, b, activation)
    (2.0, -1.0, 0.5, -1.5, 0.25, "relu"), (2.0, -1.0, 0.5, -1.5, 0.25, "tanh"),
    (-0.7, 1.3, 2.2, 0.4, -0.1, "relu"), (-0.7, 1.3, 2.2, 0.4, -0.1, "tanh"),
    (1.5, 2.5, -0.8, 0.3, 0.9, "tanh"), (0.3, -0.2, 1.1, 1.7, 2.0, "relu"),
]
DEAD = [(1.0, 1.0, -1.0, -1.0, 0.5, "relu"), (1.0, 2.0, 1.0, -1.0, 1.0, "relu")]  # n < 0 and n = 0 exactly
DIFF_CASES = [  # (grads, reference_grads, expected)
    ({"x1": 1.0, "x2": 2.0, "w1": -3.0, "w2": 0.5, "b": 1.0}, {"x1": 1.0, "x2": 2.0, "w1": -3.0, "w2": 0.5, "b": 1.0},
     0.0),
    ({"x1": 1.0, "x2": 2.0, "w1": -3.0, "w2": 0.5, "b": 1.0}, {"x1": 1.0, "x2": 2.5, "w1": -3.0, "w2": 0.5, "b": 1.0},
     0.2),
    ({"x1": 0.0, "x2": 0.0, "w1": 0.0, "w2": 0.0, "b": 0.0}, {"x1": 0.0, "x2": 0.0, "w1": 0.0, "w2": 0.0, "b": 0.0},
     0.0),
    ({"x1": 0.0, "x2": 1.0, "w1": 2.0, "w2": 4.0, "b": 1.0}, {"x1": 0.5, "x2": 1.0, "w1": 2.0, "w2": 4.0, "b": 1.0},
     1.0),
    ({"x1": 1e-3, "x2": 1.0, "w1": 2.0, "w2": 4.0, "b": -1.0}, {"x1": 1e-3, "x2": 1.0, "w1": 2.0, "w2": 4.0,
                                                                 "b": 1.0}, 2.0),
    ({"x1": 3.0, "x2": 0.0, "w1": 2.0, "w2": 1000.0, "b": 1.0}, {"x1": 3.0, "x2": 0.0, "w1": 2.1, "w2": 1001.0,
                                                                  "b": 1.0}, 0.1 / 2.1),
]


def _plain(x1, x2, w1, w2, b, activation):
    n = w1 * x1 + w2 * x2 + b
    return max(n, 0.0) if activation == "relu" else math.tanh(n)


def _central(point) -> dict:
    *numbers, activation = point
    grads = {}
    for i, name in enumerate(("x1", "x2", "w1", "w2", "b")):
        up, down = list(numbers), list(numbers)
        up[i] += STEP
        down[i] -= STEP
        grads[name] = (_plain(*up, activation) - _plain(*down, activation)) / (2 * STEP)
    return grads


def imported(path: Path):
    """PATH imported with the exercise's engine as `engine` (sys.modules put back after)."""
    kept = sys.modules.get("engine")
    sys.modules["engine"] = sim43b1.load_module(ENGINE, "engine")
    try:
        return sim43b1.load_module(path, f"sim43b2_{path.stem}")
    finally:
        if kept is None:
            sys.modules.pop("engine", None)
        else:
            sys.modules["engine"] = kept


def module_check(module, what: str) -> None:
    names = ("x1", "x2", "w1", "w2", "b")
    for point in POINTS + DEAD:
        *numbers, activation = point
        y, leaves = module.neuron(*numbers, activation=activation)
        assert sorted(leaves) == sorted(names), f"{what}: neuron{tuple(point)}: leaves {sorted(leaves)}"
        assert math.isclose(y.data, _plain(*numbers, activation), rel_tol=1e-12, abs_tol=1e-12), \
            f"{what}: neuron{tuple(point)}: y = {y.data}"
        assert all(leaves[n].grad == 0 for n in names), f"{what}: neuron{tuple(point)} made a backward pass"
        assert [leaves[n].data for n in names] == numbers, f"{what}: neuron{tuple(point)}: leaves' values"
        got = module.neuron_gradients(*numbers, activation=activation)
        assert sorted(got) == sorted(names), f"{what}: neuron_gradients{tuple(point)}: names {sorted(got)}"
        want = {n: 0.0 for n in names} if point in DEAD else _central(point)
        for n in names:
            assert math.isclose(got[n], want[n], rel_tol=GRAD_TOLERANCE, abs_tol=GRAD_TOLERANCE), \
                f"{what}: neuron_gradients{tuple(point)}[{n}] = {got[n]}, central differences {want[n]}"
    for grads, reference, expected in DIFF_CASES:
        got = module.largest_relative_difference(dict(grads), dict(reference))
        assert math.isclose(got, expected, rel_tol=DIFF_TOLERANCE, abs_tol=DIFF_TOLERANCE), \
            f"{what}: largest_relative_difference: {got}, expected {expected} ({grads} vs {reference})"


def check(path: Path) -> None:
    """The hand-in at PATH is right (AssertionError saying where; an error its code raises is reported as one)."""
    try:
        module_check(imported(path), path.name)
    except AssertionError:
        raise
    except Exception as error:  # noqa: BLE001 -- the student's code raised: the check fails, saying how
        raise AssertionError(f"{path.name}: {type(error).__name__}: {error}") from error


def checked(folder: Path, labels: dict) -> None:
    """Every hand-in of FOLDER passes `check`, but one labelled with a `bug`, which must fail it."""
    sim43b1.verdicts({p.stem: p for p in folder.iterdir()}, labels, check)


def build(out: Path) -> dict:
    """The class in OUT, every hand-in checked first; returns its labels."""
    return sim43b1.copy_class(CLASS, STARTER, out, checked)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

"""A second labelled class written blind by hand (session 36, simw36), held out: python bench/similarity/sim36b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe, on exercises/10-neuron's `neuron.py` (three TODO regions: `neuron`, `neuron_gradients` and
`largest_relative_difference`; `engine.py` is given). The student's own code is a dozen lines that the README's steps
and the course's texts nearly dictate, so honest students share most of it: the class's hard negatives. The files are
kept as they were written in sim36b2/main/submissions (sim36b2/README.md says who wrote what and how;
sim36b2/labels.json, run.py's schema, says what each is). Every file is checked with reference/engine.py as its
`engine` against reference/neuron.py (`check`); a file labelled with a `bug` must fail the check, every other file pass
it. Its public source is sim36b2/public/neuron.py (a blog post's companion code a student finds, written for this
class under CC0: see the README); sim36b2/materials/ holds the course texts an instructor has (`grade similarity
--public`): run.py measures the class without them and with them.

`build` copies the class into OUT with the exercise's starter, every file checked first. `run.py --sim36b2` measures it
(alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sim34b2  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim36b2"
STARTER = REPO / "exercises" / "10-neuron" / "neuron.py"
EXERCISE = "10-neuron (neuron.py)"
NAMES = ("x1", "x2", "w1", "w2", "b")

# (x1, x2, w1, w2, b, activation): relu alive, relu dead, relu input exactly 0, tanh at two points
POINTS = ((2.0, -1.0, 0.5, -1.5, 0.25, "relu"), (1.0, 1.0, -2.0, -1.0, 0.5, "relu"),
          (1.5, 2.0, 2.0, -1.5, 0.0, "relu"), (0.3, -0.7, 1.2, 0.4, -0.1, "tanh"),
          (2.0, 0.0, -3.0, 1.0, 6.8813735870195432, "tanh"))
# (grads, reference): equal, both zero somewhere, one zero, a planted difference, a sign flip, two differences
# (the largest, not their sum)
PAIRS = (({"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}, {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}),
         ({"x1": 0.0, "x2": 0.0, "w1": 0.0, "w2": 0.0, "b": 0.0}, {"x1": 0.0, "x2": 0.0, "w1": 0.0, "w2": 0.0, "b": 0.0}),
         ({"x1": 0.0, "x2": 1.0, "w1": 1.0, "w2": 1.0, "b": 1.0}, {"x1": 0.25, "x2": 1.0, "w1": 1.0, "w2": 1.0, "b": 1.0}),
         ({"x1": 0.3, "x2": 0.0, "w1": 2.0, "w2": 5.0, "b": 1.0}, {"x1": 0.3, "x2": 0.0, "w1": 2.002, "w2": 5.0, "b": 1.0}),
         ({"x1": 1.0, "x2": -2.0, "w1": 0.0, "w2": 1.0, "b": 1.0}, {"x1": 1.0, "x2": 2.0, "w1": 0.0, "w2": 1.0, "b": 1.0}),
         ({"x1": 1.1, "x2": 1.0, "w1": 3.0, "w2": 1.0, "b": 1e-3}, {"x1": 1.0, "x2": 1.0, "w1": 2.0, "w2": 1.0, "b": 1e-3}))


def _facts(module) -> dict:
    """What the exercise's tests look at: the neuron's value, its leaves (Values, named, no backward yet), the five
    gradients at every point of POINTS, and the comparison's answer on every pair of PAIRS."""
    facts = {}
    for i, (*numbers, activation) in enumerate(POINTS):
        y, leaves = module.neuron(*numbers, activation=activation)
        assert isinstance(y, module.Value) and sorted(leaves) == sorted(NAMES), "neuron: (y, {name: leaf})"
        assert all(isinstance(leaf, module.Value) and leaf.grad == 0 for leaf in leaves.values()), "neuron: fresh leaves"
        facts[f"value {i}"] = [y.data, *(leaves[name].data for name in NAMES)]
        grads = module.neuron_gradients(*numbers, activation=activation)
        facts[f"gradients {i}"] = [grads[name] for name in NAMES]
    for i, (grads, reference) in enumerate(PAIRS):
        facts[f"difference {i}"] = [module.largest_relative_difference(dict(grads), dict(reference))]
    return facts


@functools.lru_cache(maxsize=1)
def _reference() -> dict:
    """reference/neuron.py's facts (`_facts`), once."""
    return _facts(sim34b2._network((REPO / "reference" / "neuron.py").read_text(encoding="utf-8"), "reference"))


def check(text: str, what: str) -> None:
    """TEXT as the student's neuron.py gives reference/neuron.py's facts (`_facts`) to relative 1e-12 (the same sum in
    another order differs in the last bit; a wrong rule or a sum of differences is off by far more)."""
    try:
        theirs = _facts(sim34b2._network(text, what))
    except Exception as error:  # noqa: BLE001 - any failure of the file is a failed check
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error
    for key, want in _reference().items():
        got = theirs[key]
        assert all(abs(g - w) <= 1e-12 * max(1.0, abs(w)) for g, w in zip(got, want)), f"{what}: {key}: {got} != {want}"


def checker(folder: Path = CLASS):
    """`check`, except that a file whose label names a `bug` must fail it."""
    return sim34b1.labelled_checker(folder, check, "facts")


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/neuron.py, labels.json, materials/, public/), every file
    checked."""
    return sim34b1.build(out, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

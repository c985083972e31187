"""A labelled class written blind by hand (session 39, simw39), held out: python bench/similarity/sim39b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe for its held-out class, on the whole engine (the `engine` exercise: the student hands in a whole `engine.py`
Value class, + - * / ** neg, relu, tanh, exp, log and backward()). The starter is a fifth course's (sim39b1/starter/
engine.py: "ECE 3301 Differentiable Programming, Problem Set 1"): the class is `Node` (the file ends `Value = Node`, the
name the autograder imports), a node keeps `parents` as a list of (parent, local_grad) pairs whose local derivatives are
numbers computed in the forward pass, and backward() adds `local_grad * node.grad` into every parent's grad in reverse
topological order; nine TODO bodies (Q1-Q8 with Q6a/Q6b: seven operations, an iterative `topo_order` and backward), the
derived operations and `lift` are given. The files are kept as they were written in sim39b1/main/submissions
(sim39b1/README.md says who wrote what and how; sim39b1/labels.json, run.py's schema, says what each is). Every file is
checked against reference/engine.py by sim36b1's `check` (the student's own backward() on every operation, constants on
both sides, nodes used more than once, a shared subexpression and a long chain); a file labelled with a `bug` must fail
that check, every other file must pass it. Its public source is karpathy/micrograd's engine.py (the grader's copy, MIT,
copied here as LICENSE.micrograd). sim39b1/materials/ holds the course texts an instructor has (the lecture's code, the
TA's forum post), for `grade similarity --public`.

`build` copies the class into OUT_DIR with the starter, every file checked first. `run.py --sim39b1` measures it
(alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sim36b1  # noqa: E402
import sixteenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim39b1"
STARTER = CLASS / "starter" / "engine.py"
EXERCISE = "engine (engine.py, the whole engine; a fifth course's starter: Node, parents as (node, local_grad) pairs)"
check = sim36b1.check  # the same exercise, the same reference, the same expressions


# `check`, except that a file whose label names a `bug` must fail it: checker(folder) as sim34b1.build calls it
checker = functools.partial(sim34b1.labelled_checker, check=check, gives="values and gradients")
# build(OUT): the class in OUT (main/submissions, main/starter/, labels.json, materials/), every file checked first
build = functools.partial(sim34b1.build, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

"""A labelled class written blind by hand (session 40, simw40), held out: python bench/similarity/sim40b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe for its held-out class, on the whole engine (the `engine` exercise: the student hands in a whole `engine.py`
Value class, + - * / ** neg, relu, tanh, exp, log and backward()). The starter is a sixth course's, a Russian-speaking
one (sim40b1/starter/engine.py: «Глубокое обучение с нуля», ДЗ 2): comments, docstrings and TODO prompts in Russian; a
Value keeps only `children` and an `op` name; the backward rules live apart in a BACKWARD_RULES table (the seminar's
backward_rules.py pasted into the file), and backward() runs topo_order's order through it; nine TODO bodies (seven
rules, topo_order and backward). sim40b1/write.py writes main/submissions, materials/ and labels.json from
sim40b1/fillers.py (each starter-filled student's bodies) and the whole engines and level-4 copies typed by hand into
sim40b1/main/submissions; sim40b1/README.md says who wrote what. Every file is checked by `check`: sim36b1's check (the student's own
backward() on every operation against reference/engine.py) and a random DAG with reused nodes whose gradients must
match reference/engine.py's; a file labelled with a `bug` must fail it, every other file must pass it. Its public
source is karpathy/micrograd's engine.py (the grader's copy, MIT, LICENSE.micrograd) with tanh/exp/log added.

`build` copies the class into OUT_DIR with the starter, every file checked first. `run.py --sim40b1` measures it
(alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import functools
import importlib.util
import random
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sim36b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim40b1"
STARTER = CLASS / "starter" / "engine.py"
EXERCISE = "engine (engine.py, the whole engine; a sixth course's Russian starter: children, op, a BACKWARD_RULES table)"
DAG_NODES = 60  # enough reuse that a walk whose order is not topological gives a wrong gradient (checked on s533's
DAG_SEEDS = (1, 2, 3)  # first draft, whose visited-on-push walk sim36b1's check passed)
TOLERANCE = 1e-9  # relative: the same float operations in another order


def _module(text: str, what: str) -> types.ModuleType:
    module = types.ModuleType(f"sim40b1_{what}")
    exec(compile(text, f"{what}.py", "exec"), module.__dict__)
    return module


def _reference() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("sim40b1_reference", REPO / "reference" / "engine.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _dag(value_class, seed: int):
    """A random DAG of DAG_NODES operations over four leaves, each node reusing up to two earlier ones (fixed SEED);
    returns (leaves, root)."""
    rng = random.Random(seed)
    leaves = [value_class(x) for x in (0.7, -1.3, 2.1, 0.4)]
    nodes = list(leaves)
    for _ in range(DAG_NODES):
        a, b = rng.choice(nodes), rng.choice(nodes[-6:])
        kind = rng.randrange(7)
        if kind == 0:
            n = a + b
        elif kind == 1:
            n = a * b
        elif kind == 2:
            n = (a * 0.5).tanh()
        elif kind == 3:
            n = a - b
        elif kind == 4:
            n = (a * a + 1).log()
        elif kind == 5:
            n = (a * 0.3).exp() / (b * b + 1)
        else:
            n = a.relu() + b ** 2
        nodes.append(n * 0.5)
    return leaves, nodes[-1] + nodes[-2] * nodes[-7]


def dag_check(text: str, what: str) -> None:
    """TEXT's engine gives reference/engine.py's gradients on the DAG_SEEDS DAGs (AssertionError naming the leaf)."""
    limit = sys.getrecursionlimit()  # a public copy raises it when it loads: put back after
    try:
        student = _module(text, what).Value
    finally:
        sys.setrecursionlimit(limit)
    reference = _reference().Value
    for seed in DAG_SEEDS:
        mine, root = _dag(student, seed)
        theirs, ref_root = _dag(reference, seed)
        root.backward()
        ref_root.backward()
        for i, (m, r) in enumerate(zip(mine, theirs)):
            assert abs(m.grad - r.grad) <= TOLERANCE * max(1.0, abs(r.grad)), (
                f"{what}: DAG {seed}: leaf {i}: grad {m.grad} != {r.grad}")


def check(text: str, what: str) -> None:
    """sim36b1's check (every operation, constants on both sides, reuse, a long chain), then dag_check."""
    sim36b1.check(text, what)
    dag_check(text, what)


# `check`, except that a file whose label names a `bug` must fail it: checker(folder) as sim34b1.build calls it
checker = functools.partial(sim34b1.labelled_checker, check=check, gives="values and gradients")
# build(OUT): the class in OUT (main/submissions, main/starter/, labels.json, materials/), every file checked first
build = functools.partial(sim34b1.build, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

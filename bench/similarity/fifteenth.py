"""The fifteenth labelled class, written by hand, held out: python bench/similarity/fifteenth.py OUT_DIR

Like the eighth to fourteenth, no program of ours makes it: its 57 files are kept as they were written, in
fifteenth/ (fifteenth/README.md says who wrote what and how; fifteenth/labels.json, run.py's schema, says what each
is). Written blind to the method (grader/similarity and docs/similarity.md's method unread, no class's scores read)
on the engine starter no earlier hand-written class fills as given: exercises/03-tanh's `engine.py`, one TODO region
(`Value.tanh`), the shape of the issue's own held-out class (small engines, most of them the starter with its region
filled in: 68-97 % of their lines the starter's). The held-out class's shape (issue 27): 20 independent students (18
fillers, 2 whole engines), 3 pairs whose own code is the same canonical lines (`hard_pair`), 6 copies of
karpathy/micrograd's engine handed in as engine.py with the tanh, exp and log it lacks added by three hands (levels
1-3, two each), 12 sources each copied by hand at one of levels 1-4 (one twice). The copies' disguises use tricks
no earlier class or trick table has (`tricks` in the labels; fifteenth/README.md lists them), applied by hand.

Its public source is micrograd's engine, the grader's own copy (grader/data/public/karpathy-micrograd/engine.py:
run.public_source falls back to it for a class with no public/ folder).

`build` copies the class into OUT_DIR, running every file and checking it first (`check`: fifth.check's gradients
against the reference engine, and tanh's value and derivative where the exercise's README checks them).
`python bench/similarity/run.py --fifteenth` measures it; it is measured once, at the end of the session that wrote
it, and never tuned on.
"""

from __future__ import annotations

import math
import sys
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import eighth  # noqa: E402
import fifth  # noqa: E402

CLASS = HERE / "fifteenth"
EXERCISE = "03-tanh (engine.py)"
POINTS = (0.0, 2.0, 5.0, -3.0, -0.25, 30.0)  # the README's three, a negative, a small one, a saturated one


@fifth.recursion_limit_kept
def check(text: str, what: str) -> None:
    """TEXT works as 03-tanh's engine.py: fifth.check (the gradients of an expression of every op the file has, tanh
    among them, equal the reference engine's), then tanh alone at POINTS: tanh(x) and d tanh/dx = 1 - tanh(x)^2 to
    1e-9, the input's data unchanged, and tanh(x) a Value that holds `data` and `grad`."""
    fifth.check(text, what)
    module = types.ModuleType(f"fifteenth_check_{what}")
    sys.modules[module.__name__] = module
    try:
        exec(compile(text, what, "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    for x0 in POINTS:
        x = module.Value(x0)
        y = x.tanh()
        y.backward()
        want = math.tanh(x0)
        if not isinstance(y, module.Value) or not math.isclose(y.data, want, rel_tol=1e-9, abs_tol=1e-12):
            raise AssertionError(f"{what}: tanh({x0}) = {getattr(y, 'data', y)!r}, not {want}")
        if not math.isclose(x.grad, 1 - want ** 2, rel_tol=1e-9, abs_tol=1e-12) or x.data != x0:
            raise AssertionError(f"{what}: tanh'({x0}) = {x.grad!r}, not {1 - want ** 2}")


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, labels.json), every file checked (`check`). The class has
    no plain copies (its tricks were applied by hand, with the other edits of each copy): PLAIN is refused."""
    if plain:
        raise ValueError("the fifteenth class has no plain copies")
    return eighth.build(out, False, CLASS, check)


def main():
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    print(f"{len(build(args.out)['main'])} files in {args.out} ({EXERCISE})")


if __name__ == "__main__":
    main()

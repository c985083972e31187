"""A labelled class written blind by hand (session 34, sim34w), held out: python bench/similarity/sim34b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any other class's files, to the issue's
recipe for its held-out class (issue 27), on exercises/02-accumulate's `engine.py` (the whole engine; the exercise is
to change its five backward lines from `=` to `+=`): 57 files, kept as they were written in sim34b1/
(sim34b1/README.md says who wrote what and how; sim34b1/labels.json, run.py's schema, says what each is). Every file
is checked against reference/engine.py (`check`: the exercise's own way, the rules called from the output back, no
`backward()`); a file labelled with a `bug` (a realistic mistake) must fail that check, every other file must pass
it. Its public source is karpathy/micrograd's engine.py, the grader's own copy (MIT,
grader/data/public/karpathy-micrograd/LICENSE, copied here as LICENSE.micrograd). sim34b1/materials/ holds the course
texts an instructor has (`grade similarity --public`): run.py measures the class without them and with them.

`build` copies the class into OUT_DIR with the exercise's starter, every file checked first. `run.py --sim34b1`
measures it (alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for reference/ and exercises/

import sim32b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim34b1"
STARTER = REPO / "exercises" / "02-accumulate" / "engine.py"
REFERENCE = REPO / "reference" / "engine.py"
EXERCISE = "02-accumulate (engine.py)"


def labels(folder: Path = CLASS) -> dict:
    return json.loads((folder / "labels.json").read_text(encoding="utf-8"))


def _order(root) -> list:
    """Every node under ROOT, each after every node that uses it (iterative: a deep chain does not recurse)."""
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
        elif id(node) not in seen:
            seen.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in node._prev)
    return order[::-1]


def _expressions(V):
    """(name, leaves, output) of the exercise's kinds: nodes used more than once, diamonds, relu reused, a loss in
    which one weight is in every term, constants on either side, single use and a deep chain."""
    a, b, c = V(3.0), V(-2.0), V(0.5)
    yield "a*a", (a,), a * a
    a = V(3.0)
    yield "a+a", (a,), a + a
    a = V(3.0)
    yield "a*a+a", (a,), a * a + a
    a, b = V(3.0), V(-2.0)
    yield "a*a+a*b+a", (a, b), a * a + a * b + a
    a = V(1.5)
    bb, cc = 2 * a, a + 3
    yield "diamond", (a,), bb * cc
    a, b = V(3.0), V(2.0)
    r = (a * b).relu()
    yield "relu reused", (a, b), r * r + r
    a = V(2.0)
    yield "through relu", (a,), a.relu() + a
    a, b = V(1.5), V(2.0)
    x = a * b
    yield "relu and its input", (a, b), x.relu() * 3 + x * x
    a, b = V(3.0), V(-2.0)
    yield "relu off", (a, b), (a * b).relu() + a * 2
    w = V(0.7)
    loss = V(0.0)
    for x, y in ((1.0, 2.0), (2.0, 3.5), (-1.0, -1.0)):
        e = w * x + (-y)
        loss = loss + e * e
    yield "loss", (w,), loss
    a, b, c = V(1.25), V(-0.5), V(4.0)
    yield "single use", (a, b, c), a * b + c
    a = V(1.0)
    x = a
    for _ in range(300):
        x = x * 1.0 + 0.0
    yield "chain", (a,), x


def _grads(V) -> list:
    found = []
    for name, leaves, out in _expressions(V):
        out.grad = 1.0
        for node in _order(out):
            node._backward()
        found.append((name, out.data, [leaf.grad for leaf in leaves]))
    return found


def _engine(text: str, what: str):
    """TEXT run as a module of its own (registered while it runs: a dataclass looks its module up), its prints
    swallowed; its Value class."""
    module = types.ModuleType(f"sim34b1_{what}")
    sys.modules[module.__name__] = module
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(text, f"{what}.py", "exec"), module.__dict__)  # the class's own hand-written files
    finally:
        del sys.modules[module.__name__]
    return module.Value


def check(text: str, what: str) -> None:
    """TEXT as the student's engine.py gives the reference's value and leaf gradients (relative 1e-9) on every
    expression of `_expressions`, the rules called from the output back as the exercise's tests call them."""
    try:
        theirs = _grads(_engine(text, what))
    except Exception as error:  # noqa: BLE001 - any failure of the file is a failed check
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error
    ours = _grads(_engine(REFERENCE.read_text(encoding="utf-8"), "reference"))
    for (name, value, grads), (_, want, wanted) in zip(theirs, ours):
        assert abs(value - want) <= 1e-9 * max(1.0, abs(want)), f"{what}: {name}: value {value} != {want}"
        for got, expected in zip(grads, wanted):
            assert abs(got - expected) <= 1e-9 * max(1.0, abs(expected)), f"{what}: {name}: grad {got} != {expected}"


def checker(folder: Path = CLASS):
    """A check(text, what) for FOLDER's files: `check`, except that a file whose label names a `bug` must fail it."""
    return labelled_checker(folder, check, "values and gradients")


def labelled_checker(folder: Path, check, gives: str):
    """CHECK(text, what) for FOLDER's files, except that a file whose label names a `bug` must fail it (GIVES: what
    the reference gives, for the message when it does not)."""
    found = labels(folder)["main"]

    def run(text: str, what: str) -> None:
        bug = found[what].get("bug")
        if bug is None:
            check(text, what)
            return
        try:
            check(text, what)
        except AssertionError:
            return
        raise AssertionError(f"{what}: labelled with a bug ({bug}) but gives the reference's {gives}")

    return run


def build(out: Path, folder: Path = CLASS, starter: Path = STARTER, checker_of=checker) -> dict:
    """The class in OUT (main/submissions, main/starter/<the starter's name>, labels.json, materials/), every file
    checked (CHECKER_OF(FOLDER)); FOLDER's public/ (a public source of its own, sim34b2's) is copied too."""
    if folder == CLASS:
        found = sim32b1.build(out, folder=folder, starter=starter, checker=checker_of(folder))
    else:  # a starter that is not engine.py: sim32b1.build names it engine.py
        found = labels(folder)
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(folder / "main", out / "main")
        (out / "main" / "starter").mkdir()
        shutil.copyfile(starter, out / "main" / "starter" / starter.name)
        check = checker_of(folder)
        for path in sorted((out / "main" / "submissions").glob("*.py")):
            check(path.read_text(encoding="utf-8"), path.stem)
        (out / "labels.json").write_text(json.dumps(found, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                                         encoding="utf-8")
    for extra in ("materials", "public"):
        if (folder / extra).is_dir():
            shutil.copytree(folder / extra, out / extra)
    return found


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

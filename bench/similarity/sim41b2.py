"""A second labelled class written blind by hand (session 41, simw41), held out: python bench/similarity/sim41b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe, on another exercise: 07-mlp-xor, whose student file is nn.py (Module.zero_grad, Neuron, Layer, MLP and
train_xor, on the course's engine, exercises/07-mlp-xor/engine.py); the starter is the exercise's own nn.py
(sim41b2/starter/nn.py). sim41b2/write.py writes main/submissions (one nn.py per student, sNNN.py), materials/ and
labels.json from sim41b2/fillers.py (each starter-filled student's eleven bodies), sim41b2/hand/ (students' own files
and the level-4 copies) and the copy recipes (sim41b1/recipes.py); sim41b2/README.md says who wrote what. Every file
is checked by `check`: its MLP(3, [4, 4, 1]) (or MLP([3, 4, 4, 1], seed=...), the README's other API) has 41
parameters, zero_grad() zeroes them, backward()'s gradients of a squared loss are within 1e-6 of central differences,
a Layer of one neuron gives one Value, and train_xor(seed=0, steps=30) returns 30 finite losses that fall; a file
labelled with a `bug` must fail it, every other one must pass it. Its public source is sim41b2/public/nn.py:
karpathy/micrograd's nn.py (MIT, public/LICENSE), which run.py passes as the class's public source.

`build` copies the class into OUT (main/submissions, main/starter/nn.py, labels.json, materials/, public/), every
file checked first. `run.py --sim41b2` measures it (alone, as a tuning class)."""

from __future__ import annotations

import importlib.util
import json
import math
import random
import shutil
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim41b2"
STARTER = CLASS / "starter" / "nn.py"
ENGINE = REPO / "exercises" / "07-mlp-xor" / "engine.py"
EXERCISE = "07-mlp-xor (nn.py: Neuron, Layer, MLP and train_xor on the course's engine)"
NUMERIC_STEP = 1e-6  # central differences: truncation ~1e-12, cancellation ~1e-10
NUMERIC_TOLERANCE = 1e-6  # absolute, on gradients of order 1


def _engine() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("engine", ENGINE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load(text: str, what: str) -> types.ModuleType:
    """TEXT run as nn.py with the course's engine importable as `engine` (sys.modules put back after)."""
    kept = sys.modules.get("engine")
    sys.modules["engine"] = _engine()
    module = types.ModuleType(f"sim41b2_{what}")
    sys.modules[module.__name__] = module  # as an import registers it (a dataclass looks its module up)
    try:
        exec(compile(text, f"{what}.py", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
        if kept is None:
            del sys.modules["engine"]
        else:
            sys.modules["engine"] = kept
    return module


def network(nn, sizes: list[int], seed: int):
    """nn.MLP with these sizes, drawn from SEED: MLP(nin, nouts, rng=...), or MLP(sizes, seed=...) (the README's
    other API)."""
    try:
        return nn.MLP(sizes[0], sizes[1:], rng=random.Random(seed))
    except TypeError:
        return nn.MLP(sizes, seed=seed)


def check(text: str, what: str) -> None:
    """TEXT's network is right (AssertionError saying what is wrong)."""
    nn = load(text, what)
    model = network(nn, [3, 4, 4, 1], 41)
    params = list(model.parameters())
    assert len(params) == 41, f"{what}: MLP(3, [4, 4, 1]) has {len(params)} parameters, not 41"
    for p in params:
        p.grad = 1.5
    model.zero_grad()
    assert all(p.grad == 0 for p in params), f"{what}: zero_grad() leaves a gradient"
    xs = [[0.5, -1.0, 2.0], [-0.3, 0.8, 0.1]]

    def loss():
        total = 0
        for x, target in zip(xs, (1.0, -1.0)):
            total = total + (model(x) - target) ** 2
        return total

    loss().backward()
    for i, p in enumerate(params):
        keep = p.data
        p.data = keep + NUMERIC_STEP
        up = loss().data
        p.data = keep - NUMERIC_STEP
        down = loss().data
        p.data = keep
        numeric = (up - down) / (2 * NUMERIC_STEP)
        assert abs(p.grad - numeric) <= NUMERIC_TOLERANCE, f"{what}: parameter {i}: grad {p.grad} != {numeric}"
    one = nn.Layer(3, 1, rng=random.Random(1))([0.1, 0.2, 0.3])
    assert hasattr(one, "data"), f"{what}: a Layer of one neuron gives {type(one).__name__}, not a Value"
    assert len(nn.Layer(3, 2, rng=random.Random(1))([0.1, 0.2, 0.3])) == 2, f"{what}: a Layer of two"
    losses = nn.train_xor(seed=0, steps=30)
    assert len(losses) == 30 and all(math.isfinite(x) for x in losses), f"{what}: train_xor's losses"
    assert losses[-1] < losses[0], f"{what}: train_xor's loss does not fall: {losses[0]} -> {losses[-1]}"


def checked(folder: Path, labels: dict) -> None:
    """Every file of FOLDER passes `check`, but one labelled with a `bug`, which must fail it."""
    for path in sorted(folder.glob("*.py")):
        label = labels[path.stem]
        try:
            check(path.read_text(encoding="utf-8"), path.stem)
        except AssertionError as error:
            if "bug" not in label:
                raise AssertionError(f"{path.name} fails the check, and its label names no bug: {error}") from error
        else:
            assert "bug" not in label, f"{path.name} passes the check, and its label names a bug: {label['bug']}"


def build(out: Path) -> dict:
    """The class in OUT, every file checked first; returns its labels."""
    labels = json.loads((CLASS / "labels.json").read_text(encoding="utf-8"))
    submissions = CLASS / "main" / "submissions"
    assert {p.stem for p in submissions.glob("*.py")} == set(labels["main"]), "labels.json and the files differ"
    checked(submissions, labels["main"])
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(submissions, out / "main" / "submissions")
    (out / "main" / "starter").mkdir(parents=True)
    shutil.copy(STARTER, out / "main" / "starter" / "nn.py")
    shutil.copytree(CLASS / "materials", out / "materials")
    shutil.copytree(CLASS / "public", out / "public")
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return labels


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

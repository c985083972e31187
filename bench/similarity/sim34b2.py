"""A second labelled class written blind by hand (session 34, sim34w), held out: python bench/similarity/sim34b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any other class's files, on
exercises/07-mlp-xor's `nn.py` (the student's file is the network, not the engine: eleven TODO regions, Module.zero_grad
to train_xor): 46 files, kept as they were written in sim34b2/ (sim34b2/README.md says who wrote what and how;
sim34b2/labels.json, run.py's schema, says what each is). Every file is checked with reference/engine.py as its
`engine` against reference/nn.py (`check`); a file labelled with a `bug` must fail the check, every other file pass
it. Its public source is karpathy/micrograd's nn.py, the grader's own copy (MIT, LICENSE.micrograd);
sim34b2/materials/ holds the course texts an instructor has (`grade similarity --public`): run.py measures the class
without them and with them.

`build` copies the class into OUT with the exercise's starter, every file checked first. `run.py --sim34b2` measures it
(alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim34b2"
STARTER = REPO / "exercises" / "07-mlp-xor" / "nn.py"
EXERCISE = "07-mlp-xor (nn.py)"


def _network(text: str, what: str):
    """TEXT run as nn.py beside reference/engine.py (registered as `engine` while it runs), its prints swallowed."""
    engine = types.ModuleType("engine")
    exec(compile((REPO / "reference" / "engine.py").read_text(encoding="utf-8"), "engine.py", "exec"),
         engine.__dict__)
    module = types.ModuleType(f"sim34b2_{what}")
    saved = {name: sys.modules.get(name) for name in ("engine", module.__name__)}
    sys.modules["engine"], sys.modules[module.__name__] = engine, module
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(text, f"{what}.py", "exec"), module.__dict__)  # the class's own hand-written files
    finally:
        for name, old in saved.items():
            if old is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = old
    return module


def _mlp(module, seed: int):
    """MLP(2, [4, 1]) from random.Random(SEED), through whichever API the file's MLP takes (the README allows
    `MLP(nin, nouts, rng=)` and `MLP([2, 4, 1], seed=)`)."""
    try:
        return module.MLP(2, [4, 1], rng=random.Random(seed))
    except TypeError:
        return module.MLP([2, 4, 1], seed=seed)


def _facts(module) -> dict:
    """What the exercise's tests look at: parameter counts, zero_grad, outputs from set weights (the last layer
    linear), a one-neuron layer's Value, the same seed giving the same weights, and train_xor's loss."""
    net = _mlp(module, 3)
    params = net.parameters()
    for p in params:
        p.grad = 1.5
    net.zero_grad()
    zeroed = all(p.grad == 0 for p in params)
    for i, p in enumerate(params):
        p.data = 0.37 * ((i * 5) % 11) / 11 - 0.2
    outputs = [net(x).data for x in ([0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.5, -2.0])]
    layer = module.Layer(3, 1, rng=random.Random(1))
    single = type(layer([1.0, 2.0, 3.0])).__name__
    again = [p.data for p in _mlp(module, 9).parameters()] == [p.data for p in _mlp(module, 9).parameters()]
    neuron = module.Neuron(3, rng=random.Random(2))
    history = module.train_xor(seed=0, steps=300)
    return {"count": len(params), "neuron": len(neuron.parameters()), "layer": len(layer.parameters()),
            "zeroed": zeroed, "outputs": outputs, "single": single, "same seed": again,
            "steps": len(history), "learns": min(history) < 1e-3}


def check(text: str, what: str) -> None:
    """TEXT as the student's nn.py gives reference/nn.py's facts (`_facts`; outputs to relative 1e-9)."""
    try:
        theirs = _facts(_network(text, what))
    except Exception as error:  # noqa: BLE001 - any failure of the file is a failed check
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error
    ours = _facts(_network((REPO / "reference" / "nn.py").read_text(encoding="utf-8"), "reference"))
    for key, want in ours.items():
        got = theirs[key]
        if key == "outputs":
            assert all(abs(g - w) <= 1e-9 * max(1.0, abs(w)) for g, w in zip(got, want)), f"{what}: outputs {got}"
        else:
            assert got == want, f"{what}: {key}: {got} != {want}"


def checker(folder: Path = CLASS):
    """`check`, except that a file whose label names a `bug` must fail it."""
    return sim34b1.labelled_checker(folder, check, "facts")


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/nn.py, labels.json, materials/), every file checked."""
    return sim34b1.build(out, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's

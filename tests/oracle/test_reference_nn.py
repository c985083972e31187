"""The reference network: shapes, parameters, seeding, zero_grad, XOR, and the flat-folder import."""

import math
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import reference
from reference.engine import Value
from reference.nn import MLP, XOR_INPUTS, XOR_TARGETS, Layer, Module, Neuron, train_xor


def weights(module):
    return [p.data for p in module.parameters()]


@pytest.mark.parametrize(
    "make, count",
    [
        (lambda: Neuron(3), 4),
        (lambda: Layer(3, 2), 8),
        (lambda: MLP(2, [4, 1]), 17),  # 2*4 + 4 weights and biases, then 4 + 1
        (lambda: MLP(3, [4, 4, 1]), 41),
    ],
    ids=["Neuron(3)", "Layer(3, 2)", "MLP(2, [4, 1])", "MLP(3, [4, 4, 1])"],
)
def test_parameter_counts(make, count):
    params = make().parameters()
    assert len(params) == count
    assert len({id(p) for p in params}) == count  # each parameter listed once
    assert all(isinstance(p, Value) for p in params)


def test_module_has_no_parameters():
    assert Module().parameters() == []


def test_neuron_is_tanh_of_the_weighted_sum():
    n = Neuron(2, rng=random.Random(5))
    n.b.data = 0.25
    w1, w2 = n.w[0].data, n.w[1].data
    assert n([1.5, -2.0]).data == math.tanh(0.25 + w1 * 1.5 + w2 * -2.0)
    n.nonlin = False
    assert n([1.5, -2.0]).data == 0.25 + w1 * 1.5 + w2 * -2.0


def test_mlp_hidden_layers_are_tanh_and_the_last_is_linear():
    model = MLP(2, [4, 3, 1])
    assert [[n.nonlin for n in layer.neurons] for layer in model.layers] == [[True] * 4, [True] * 3, [False]]
    assert isinstance(model([1.0, 2.0]), Value)  # one output: a Value, not a list
    assert len(MLP(2, [4, 2])([1.0, 2.0])) == 2


def test_same_seed_same_weights():
    assert weights(MLP(2, [4, 1])) == weights(MLP(2, [4, 1])) == weights(MLP(2, [4, 1], rng=random.Random(0)))
    assert weights(MLP(2, [4, 1], rng=random.Random(7))) == weights(MLP(2, [4, 1], rng=random.Random(7)))
    assert weights(MLP(2, [4, 1], rng=random.Random(7))) != weights(MLP(2, [4, 1]))


def test_neurons_of_a_layer_differ():
    # one generator per layer: neurons with equal weights would learn in lockstep
    layer = Layer(3, 4)
    rows = [tuple(w.data for w in n.w) for n in layer.neurons]
    assert len(set(rows)) == 4


def test_initialisation_leaves_the_global_rng_alone():
    random.seed(1234)
    state = random.getstate()
    MLP(2, [4, 1])
    Layer(3, 2)
    Neuron(3)
    train_xor(steps=2)
    assert random.getstate() == state


def test_zero_grad_zeroes_every_parameter():
    model = MLP(2, [4, 1])
    loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
    loss.backward()
    assert all(p.grad != 0 for p in model.parameters())
    model.zero_grad()
    assert [p.grad for p in model.parameters()] == [0] * 17


@pytest.mark.slow
def test_xor_trains_below_1e_3_within_1000_steps():
    history = train_xor()
    assert len(history) == 1000
    assert history[0] > 1  # it starts out wrong...
    first_below = next(step for step, loss in enumerate(history) if loss < 1e-3)
    print(f"\nXOR: loss < 1e-3 at step {first_below}, final loss {history[-1]:.3g}")
    assert first_below < 1000
    assert history[-1] < 1e-3
    assert train_xor() == history  # bit for bit, every run


def test_xor_model_predicts_the_right_signs():
    # the same loop as train_xor, kept here to look at the trained model
    model = MLP(2, [4, 1])
    for _ in range(300):
        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.05 * p.grad
    predictions = [model(x).data for x in XOR_INPUTS]
    assert predictions == pytest.approx(XOR_TARGETS, abs=0.03)


def test_modules_import_from_a_flat_folder(tmp_path):
    """A starter sits next to a student's engine.py, outside any package."""
    source = Path(reference.__file__).parent
    for name in ("engine.py", "nn.py", "dual.py", "gradcheck.py"):
        shutil.copy(source / name, tmp_path / name)
    script = (
        "import nn, dual, gradcheck, engine\n"
        "assert nn.Value is engine.Value and gradcheck.Value is engine.Value\n"
        "print(len(nn.MLP(2, [4, 1]).parameters()), gradcheck.gradcheck(lambda v: v ** 3, 2.0).ok,"
        " dual.derivative(lambda d: d ** 3, 2.0))\n"
    )
    done = subprocess.run(
        [sys.executable, "-E", "-s", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "17 True 12.0\n"


def test_the_course_seed_learns_xor_to_four_places_in_1000_steps_at_0_1():
    """MLP([2, 4, 1], seed=42) as the course writes it: the reference's MLP(2, [4, 1], rng=random.Random(42))."""
    model = MLP(2, [4, 1], rng=random.Random(42))
    for _ in range(1000):
        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.1 * p.grad
    assert [round(model(x).data, 4) for x in XOR_INPUTS] == [-1.0, 1.0, 1.0, -1.0]

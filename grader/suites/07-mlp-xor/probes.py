"""Probes of 07-mlp-xor: the student's nn.py, through micrograd's interface.

Every probe takes the student's modules. A folder submission has nn.py beside engine.py; a notebook puts everything
into engine.py, so the classes are looked up there when nn.py is missing. Networks are built with the contract's
signatures only (`Neuron(nin, nonlin=True)`, `Layer(nin, nout, **kwargs)`, and `MLP(nin, nouts)` or the course's
other API, `MLP([nin, *nouts], seed=42)`: see `_mlp`), after seeding the global `random` module, so a network drawn
from either the global generator or a private one is the same every run.
"""

import importlib.util
import math
import os
import random

import probekit
from probekit import module_of, number, parameters


def _beside(name):
    """A module of this suite's folder, loaded from beside this file (in the sandbox, the runner folder)."""
    spec = importlib.util.spec_from_file_location(f"_grader_07_{name}", os.path.join(os.path.dirname(__file__),
                                                                                     f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


training = _beside("probes_training")  # the course's zero_grad(), the roles of the parameters, the trained network
XOR_INPUTS, XOR_TARGETS, _set_all = training.XOR_INPUTS, training.XOR_TARGETS, training._set_all


def _mlp(nn, nin, nouts):
    """An MLP(nin, nouts) in the first API whose network takes nin numbers: micrograd's `MLP(nin, nouts)`, then
    `MLP([nin, *nouts], seed=42)` and `MLP([nin, *nouts])`; where none does, the first one's error."""
    sizes = [nin, *nouts]
    attempts = (lambda: nn.MLP(nin, list(nouts)), lambda: nn.MLP(list(sizes), seed=42), lambda: nn.MLP(list(sizes)))
    first_error = None
    for make in attempts:
        try:
            model = make()
            model([0.0] * nin)
            return model
        except Exception as error:  # this API is not the student's, or their MLP is broken: try the next
            first_error = first_error or error
    raise first_error


def _shape(out, what):
    """'Value' for a single output, 'list of n' for a list (or a tuple) of Values."""
    if (items := probekit.as_plain(out, tuple)) is not None:
        for i, v in enumerate(items):
            number(v.data, f"{what}[{i}].data")
        return f"list of {len(items)}"
    number(out.data, f"{what}.data")
    return "Value"


# -- parameters -------------------------------------------------------------------------------


@probekit.modules
def parameter_counts(m):
    """len(parameters()) of Neuron(3), Layer(3, 2), MLP(2, [4, 1]) and MLP(3, [4, 4, 1])"""
    nn = module_of(m, "nn")
    random.seed(0)
    nets = {"Neuron(3)": nn.Neuron(3), "Layer(3, 2)": nn.Layer(3, 2), "MLP(2, [4, 1])": _mlp(nn, 2, [4, 1]),
            "MLP(3, [4, 4, 1])": _mlp(nn, 3, [4, 4, 1])}
    out = {}
    for name, net in nets.items():
        params = parameters(net, name)
        out[name] = len(params)
        out[f"{name} distinct"] = len({id(p) for p in params})
        out[f"{name} Values"] = sum(isinstance(p, m.engine.Value) for p in params)
        # a second call: zero_grad() and every update call parameters() again (session 29: one generator made in
        # __init__ and returned by every call, used up by the first walk, was told "call model.zero_grad()")
        out[f"{name} again"] = len(parameters(net, name))
    return out


@probekit.modules
def zero_grad(m):
    """MLP(2, [3, 1]): backward() of a loss, then zero_grad(); every parameter's grad"""
    nn = module_of(m, "nn")
    random.seed(1)
    model = _mlp(nn, 2, [3, 1])
    params = parameters(model, "MLP(2, [3, 1])")
    loss = (model([0.5, -1.0]) - 1.0) ** 2
    loss.backward()
    before = sum(abs(number(p.grad, "grad before zero_grad")) for p in params)
    weights = [number(p.data, "data before zero_grad") for p in params]
    model.zero_grad()
    after = [number(p.grad, "grad after zero_grad") for p in params]
    changed = sum(number(p.data, "data after zero_grad") != w for p, w in zip(params, weights))
    return {"sum of |grad| before": before, "grads after": after, "weights changed": changed}


@probekit.modules
def zero_grad_layer(m):
    """Layer(2, 2) and Neuron(2): zero_grad() on each after backward()"""
    nn = module_of(m, "nn")
    random.seed(2)
    layer, neuron = nn.Layer(2, 2), nn.Neuron(2)
    outs = layer([1.0, -2.0])
    (outs[0] * outs[1] + neuron([0.5, 0.5])).backward()
    layer.zero_grad()
    neuron.zero_grad()
    params = parameters(layer, "Layer(2, 2)") + parameters(neuron, "Neuron(2)")
    return {"grads after": [number(p.grad, "grad") for p in params]}


@probekit.modules
def layer_rng(m):
    """Layer(3, 3, rng=random.Random(s)) for s = 1 and 2, at x = (0.3, -0.7, 0.5)"""
    # how many of each layer's outputs differ (its neurons start from different weights, however drawn), and whether
    # two seeds give two layers; not the weights, the student's to draw, and only with an rng given (the contract
    # asks for nothing without one: a Layer whose neurons then each draw from a Random(0) of their own is not wrong)
    nn = module_of(m, "nn")
    random.seed(8)
    layers = {f"rng=Random({s})": nn.Layer(3, 3, rng=random.Random(s)) for s in (1, 2)}
    outs = {}
    for name, layer in layers.items():
        got = layer([0.3, -0.7, 0.5])
        outs[name] = tuple(number(v.data, f"{name}(x)") for v in (probekit.as_plain(got, tuple) or [got]))
    # the same seed again, the module's `random` moved on meanwhile: the same layer, where its neurons draw from the rng
    # they are given (07's README), and another where they draw from the module's `random` (session 30: 24/24)
    again = nn.Layer(3, 3, rng=random.Random(1))([0.3, -0.7, 0.5])
    again = tuple(number(v.data, "rng=Random(1)(x) again") for v in (probekit.as_plain(again, tuple) or [again]))
    return {**{f"{name}: distinct outputs": len(set(got)) for name, got in outs.items()},
            "rng=Random(1) and rng=Random(2) differ": float(outs["rng=Random(1)"] != outs["rng=Random(2)"]),
            "rng=Random(1) twice: the same outputs": float(again == outs["rng=Random(1)"])}


# -- forward passes ------------------------------------------------------------------------------


@probekit.modules
def output_shapes(m):
    """what Layer(3, 1), Layer(3, 2), MLP(2, [4, 1]) and MLP(3, [4, 2]) return for one input"""
    nn = module_of(m, "nn")
    random.seed(3)
    return {
        "Neuron(3)": _shape(nn.Neuron(3)([1.0, 2.0, 3.0]), "Neuron(3)(x)"),
        "Layer(3, 1)": _shape(nn.Layer(3, 1)([1.0, 2.0, 3.0]), "Layer(3, 1)(x)"),
        "Layer(3, 2)": _shape(nn.Layer(3, 2)([1.0, 2.0, 3.0]), "Layer(3, 2)(x)"),
        "MLP(2, [4, 1])": _shape(_mlp(nn, 2, [4, 1])([1.0, -1.0]), "MLP(2, [4, 1])(x)"),
        "MLP(3, [4, 2])": _shape(_mlp(nn, 3, [4, 2])([1.0, 2.0, 3.0]), "MLP(3, [4, 2])(x)"),
    }


@probekit.modules
def neuron_forward(m):
    """Neuron(2) with parameters set to w = (0.5, -1.5), b = 0.25 (in parameters() order), at x = (1.5, 0.4)"""
    nn = module_of(m, "nn")
    random.seed(4)
    n = nn.Neuron(2)
    _set_all(parameters(n, "Neuron(2)"), [0.5, -1.5, 0.25])
    lin = nn.Neuron(2, nonlin=False)
    _set_all(parameters(lin, "Neuron(2, nonlin=False)"), [0.5, -1.5, 0.25])
    return {"Neuron(2)(x)": number(n([1.5, 0.4]).data, "Neuron(2)(x)"),
            "Neuron(2, nonlin=False)(x)": number(lin([1.5, 0.4]).data, "Neuron(2, nonlin=False)(x)")}


@probekit.modules
def mlp_forward_uniform(m):
    """MLP(2, [3, 1]) with every parameter set to 0.3, at x = (1, 0.5) (hidden layer tanh, last layer linear)"""
    nn = module_of(m, "nn")
    random.seed(5)
    model = _mlp(nn, 2, [3, 1])
    _set_all(parameters(model, "MLP(2, [3, 1])"), [0.3] * 13)
    return {"out": number(model([1.0, 0.5]).data, "out")}


@probekit.modules
def mlp_forward_ordered(m):
    """MLP(2, [2, 1]) with parameters set to 0.1, 0.2, ... in parameters() order (layer by layer, w before b)"""
    nn = module_of(m, "nn")
    random.seed(6)
    model = _mlp(nn, 2, [2, 1])
    _set_all(parameters(model, "MLP(2, [2, 1])"), [0.1 * (i + 1) for i in range(9)])
    return {"out": number(model([1.5, -0.5]).data, "out")}


@probekit.modules
def mlp_backward(m):
    """MLP(2, [3, 1]) with every parameter 0.3: the gradients of (out - 1) ** 2 at x = (1, 0.5), sorted"""
    nn = module_of(m, "nn")
    random.seed(7)
    model = _mlp(nn, 2, [3, 1])
    params = parameters(model, "MLP(2, [3, 1])")
    _set_all(params, [0.3] * 13)
    loss = (model([1.0, 0.5]) - 1.0) ** 2
    loss.backward()
    # sorted: the order of parameters() is the student's own
    return {"loss": number(loss.data, "loss"), "grads": sorted(number(p.grad, "grad") for p in params)}


# -- training ------------------------------------------------------------------------------------------


def _course_loop(nn, seed, steps=300, lr=0.05):
    """Train MLP(2, [4, 1]) on XOR from weights drawn here; the loss before each step, stopping below 1e-3."""
    # the weights drawn in the reference's order of roles and set on the parameters that play them, so that a
    # correct network takes the reference's own course whatever the order of its parameters(); the weights it ends
    # with are read in that order, for the grader to compare with the reference's and to compute its outputs
    model = _mlp(nn, 2, [4, 1])
    params = parameters(model, "MLP(2, [4, 1])")
    roles = training._roles(model, params)
    rng = random.Random(seed)
    training._set_in_roles(params, roles, [rng.uniform(-1, 1) for _ in params])
    history = []
    for _ in range(steps):
        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        history.append(number(loss.data, "loss"))
        if history[-1] < 1e-3:
            break
        training._course_zero_grad(model, params)
        loss.backward()
        for p in params:
            p.data -= lr * p.grad
    predictions = [number(model(x).data, "prediction") for x in XOR_INPUTS]
    return {"first loss": history[0], "last loss": history[-1], "steps": len(history), "predictions": predictions,
            "roles found": float(roles is not None), "weights": training._in_roles(params, roles)}


@probekit.modules
def course_loop_seed_0(m):
    """the course's loop (forward, loss, zero_grad, backward, p.data -= 0.05 * p.grad) on XOR, weights from seed 0"""
    return _course_loop(module_of(m, "nn"), 0)


@probekit.modules
def course_loop_seed_1(m):
    """the course's loop on XOR, weights from seed 1"""
    return _course_loop(module_of(m, "nn"), 1)


COURSE_SEED = 42


def _course_seed_weights(sizes):
    """The weights MLP(sizes) draws from random.Random(42) in the reference: per neuron, its weights, then b = 0."""
    rng = random.Random(COURSE_SEED)
    values = []
    for nin, nout in zip(sizes, sizes[1:]):
        for _ in range(nout):
            values += [rng.uniform(-1, 1) for _ in range(nin)] + [0.0]
    return values


@probekit.modules
def course_seed_xor(m):
    """the course's loop on XOR at 0.1 from the course's seed (the reference's MLP [2, 4, 1] weights of random.Random(42))"""
    # until the predictions, rounded to four places, are -1, 1, 1, -1, or for 1,000 steps; the weights set here, on
    # the parameters that play their roles (parameters() order where none were found), so the student's own way of
    # drawing them, and the order of parameters(), do not matter
    model = _mlp(module_of(m, "nn"), 2, [4, 1])
    params = parameters(model, "MLP [2, 4, 1]")
    weights = _course_seed_weights([2, 4, 1])
    if len(params) != len(weights):
        raise probekit.ObservationError("MLP [2, 4, 1] has {n} parameters, not {expected}", n=len(params),
                                        expected=len(weights))
    roles = training._roles(model, params)
    training._set_in_roles(params, roles, weights)
    steps = 0
    while True:
        outputs = [model(x) for x in XOR_INPUTS]
        predictions = [round(number(out.data, "prediction"), 4) for out in outputs]
        if predictions == XOR_TARGETS or steps == 1000:
            break
        loss = sum((out - y) ** 2 for out, y in zip(outputs, XOR_TARGETS))
        training._course_zero_grad(model, params)
        loss.backward()
        for p in params:
            p.data -= 0.1 * p.grad
        steps += 1
    return {"predictions": predictions, "steps": steps, "roles found": float(roles is not None),
            "weights": training._in_roles(params, roles)}


def _train_xor(m, seed):
    random.seed(seed)
    noted, stale, overflowed = [], [], 0  # each backward() call's node's data; whether its graph held a gradient
    nn, listed = module_of(m, "nn"), []  # and every network whose parameters() it called: the last is the one trained
    watched = training._Course()  # and what those networks went through, for the grader to replay
    try:
        with (training._noting_backward(m.engine.Value, noted, stale, watched),
              training._networks_listed(nn, listed, watched)):
            history = nn.train_xor(seed=seed, steps=300)
    except OverflowError:  # the loss grew until a number overflowed: the losses noted say how far it got (an
        history = [x for x in noted if x is not None and math.isfinite(x)]  # overflow before it grew is the error)
        if len(history) < 2 or not history[-1] > history[0]:
            raise
        overflowed = len(noted)
    items = probekit.as_plain(history, tuple)
    if items is None:
        raise probekit.ObservationError("train_xor returned a {type}, not a list of losses",
                                        type=type(history).__name__)
    losses = [number(x, f"train_xor(seed={seed})[{i}]") for i, x in enumerate(items)]
    if not losses:
        raise probekit.ObservationError("train_xor returned an empty list")
    return {"length": len(losses), "first loss": losses[0], "lowest loss": min(losses), "last loss": losses[-1],
            "highest loss": max(losses), "step below 1e-3": next((i for i, x in enumerate(losses) if x < 1e-3), -1),
            "noted after update": float(not overflowed and _noted_after_update(losses, noted)),
            "steps with gradients left": sum(stale[1:]), "overflowed after": overflowed, **training._trained(listed, watched)}


@probekit.modules
def train_xor_seed_0(m):
    """train_xor(seed=0, steps=300)"""
    return _train_xor(m, 0)


@probekit.modules
def train_xor_seed_1(m):
    """train_xor(seed=1, steps=300)"""
    return _train_xor(m, 1)


@probekit.modules
def train_xor_seed_2(m):
    """train_xor(seed=2, steps=300)"""
    return _train_xor(m, 2)


@probekit.modules
def train_xor_zero_grad_given(m):
    """train_xor(seed=0, steps=300) with every class's zero_grad() replaced by one that sets each parameter's grad to 0"""
    nn = module_of(m, "nn")
    owners, patched = _zero_grad_owners(nn), []

    def zero_grad(self):
        training._clear(parameters(self, f"{type(self).__name__}"))

    try:
        for c in owners:
            kept = c.__dict__["zero_grad"]
            c.zero_grad = zero_grad
            patched.append((c, kept))
        return _train_xor(m, 0)
    finally:
        for c, kept in patched:
            c.zero_grad = kept


# -- what train_xor's run and the classes of nn show ---------------------------------------------------------


def _noted_after_update(losses, noted):
    """Whether each loss in the list is the one the next step calls backward() on, the first not the first step's:
    noted after each update (07's README: before it). Equal to 1e-12: the same loss, maybe summed in another order."""
    if len(noted) != len(losses) or len(losses) < 3 or any(x is None for x in noted):
        return False

    def same(a, b):
        return abs(a - b) <= 1e-12 * max(abs(a), abs(b), 1e-300)

    return not same(losses[0], noted[0]) and all(same(losses[i], noted[i + 1]) for i in range(len(losses) - 1))


def _zero_grad_owners(nn):
    """The classes whose zero_grad() a network of nn's may call: for each class of nn's with zero_grad and parameters
    (Module, Base, Sequential, a mixin's subclass), each of its MRO that defines zero_grad (a later subclass too)."""
    owners = []
    for c in list(vars(nn).values()):
        if isinstance(c, type) and callable(getattr(c, "zero_grad", None)) and hasattr(c, "parameters"):
            owners += [k for k in c.__mro__ if "zero_grad" in k.__dict__ and k not in owners]
    return owners

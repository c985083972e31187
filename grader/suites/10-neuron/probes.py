"""Probes of 10-neuron: the student's neuron.py, and PyTorch's numbers for the same neurons.

The student's functions are reached through the modules: neuron.py in a
folder, engine.py in a notebook (where every cell is one module). Each point
of the neuron has two probes: one calls the student's `neuron_gradients`,
the other (`torch_...`, taking a Value class) builds the same neuron itself.
The grader stores PyTorch's run of the second (`grade torch-results
10-neuron`), so the student's gradients are judged against PyTorch's without
torch at grade time.
"""


import random

import probekit
from probekit import module_of, number

NAMES = ("x1", "x2", "w1", "w2", "b")

# The points, chosen so that every product and sum is exact in floating point: the relu input of
# RELU_ZERO is exactly 0 however the student orders the sum (relu'(0) = 0, the course's convention).
RELU_POSITIVE = {"x1": 2.0, "x2": -1.0, "w1": 0.5, "w2": -1.5, "b": 0.25}  # relu input 2.75
RELU_ZERO = {"x1": 1.5, "x2": 2.0, "w1": 2.0, "w2": -1.5, "b": 0.0}  # 3 - 3 + 0 = 0
RELU_NEGATIVE = {"x1": 1.0, "x2": 2.0, "w1": -1.0, "w2": -0.5, "b": 0.5}  # relu input -1.5
RELU_MORE = (
    {"x1": -3.0, "x2": 0.5, "w1": -0.25, "w2": 4.0, "b": -1.0},  # 0.75 + 2 - 1 = 1.75
    {"x1": 3, "x2": -2, "w1": 1, "w2": 2, "b": 2},  # int data: 3 - 4 + 2 = 1
    {"x1": 0.0, "x2": 0.0, "w1": 0.7, "w2": -0.3, "b": 0.125},  # zero inputs: only b reaches y
)
TANH_POINTS = (
    {"x1": 2.0, "x2": 0.0, "w1": -3.0, "w2": 1.0, "b": 6.8813735870195432},  # micrograd's: y = 0.7071
    {"x1": -1.5, "x2": 0.8, "w1": 0.6, "w2": -1.2, "b": 0.1},  # a negative output
)


def _text(point, activation):
    args = ", ".join(f"{n} = {point[n]!r}" for n in NAMES)
    return f"y = {activation}(w1*x1 + w2*x2 + b) at {args}"


def _gradients(got, call):
    """The five gradients a call returned, as {"dy/dx1": ...}; an observation error names what is wrong."""
    plain = probekit.as_plain(got, dict)
    if plain is None:
        raise probekit.ObservationError("{call} returned a {type}, not a dict of five gradients", call=call,
                                        type=type(got).__name__)
    got = plain
    missing = [n for n in NAMES if n not in got]
    if missing:
        raise probekit.ObservationError("{call} returned no gradient named {name}; the names are {names}",
                                        call=call, name=repr(missing[0]), names=", ".join(NAMES))
    return {f"dy/d{n}": number(got[n], f"{call}[{n!r}]") for n in NAMES}


def _student(m, point, activation):
    args = ", ".join(repr(point[n]) for n in NAMES)
    call = f"neuron_gradients({args}, activation={activation!r})"
    got = module_of(m, "neuron").neuron_gradients(*(point[n] for n in NAMES), activation=activation)
    return _gradients(got, call)


def _built_here(V, point, activation):
    """The neuron built from the Value class given (PyTorch's, for the stored results), and its five gradients."""
    leaves = {n: V(point[n]) for n in NAMES}
    pre = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    y = pre.relu() if activation == "relu" else pre.tanh()
    y.backward()
    return {f"dy/d{n}": number(leaves[n].grad, f"{n}.grad") for n in NAMES}


def _several(points, one):
    out = {}
    for i, point in enumerate(points):
        out.update({f"point {i + 1}: {key}": value for key, value in one(point).items()})
    return out


# -- the student's gradients, and PyTorch's, point by point -----------------------------------------


@probekit.modules
def neuron_relu_positive(m):
    """y = relu(w1*x1 + w2*x2 + b) at x1 = 2, x2 = -1, w1 = 0.5, w2 = -1.5, b = 0.25 (relu input 2.75)"""
    return _student(m, RELU_POSITIVE, "relu")


def torch_neuron_relu_positive(V):
    """y = relu(w1*x1 + w2*x2 + b) at x1 = 2, x2 = -1, w1 = 0.5, w2 = -1.5, b = 0.25, built by the grader"""
    return _built_here(V, RELU_POSITIVE, "relu")


@probekit.modules
def neuron_relu_zero(m):
    """y = relu(w1*x1 + w2*x2 + b) at x1 = 1.5, x2 = 2, w1 = 2, w2 = -1.5, b = 0 (relu input exactly 0)"""
    return _student(m, RELU_ZERO, "relu")


def torch_neuron_relu_zero(V):
    """y = relu(w1*x1 + w2*x2 + b) at x1 = 1.5, x2 = 2, w1 = 2, w2 = -1.5, b = 0, built by the grader"""
    return _built_here(V, RELU_ZERO, "relu")


@probekit.modules
def neuron_relu_negative(m):
    """y = relu(w1*x1 + w2*x2 + b) at x1 = 1, x2 = 2, w1 = -1, w2 = -0.5, b = 0.5 (relu input -1.5)"""
    return _student(m, RELU_NEGATIVE, "relu")


def torch_neuron_relu_negative(V):
    """y = relu(w1*x1 + w2*x2 + b) at x1 = 1, x2 = 2, w1 = -1, w2 = -0.5, b = 0.5, built by the grader"""
    return _built_here(V, RELU_NEGATIVE, "relu")


@probekit.modules
def relu_more(m):
    """y = relu(w1*x1 + w2*x2 + b) at three more points: negative weights, int data, zero inputs"""
    return _several(RELU_MORE, lambda point: _student(m, point, "relu"))


def torch_relu_more(V):
    """the same three relu neurons, built by the grader"""
    return _several(RELU_MORE, lambda point: _built_here(V, point, "relu"))


@probekit.modules
def tanh_points(m):
    """y = tanh(w1*x1 + w2*x2 + b) at micrograd's point (y = 0.7071) and at one where y is negative"""
    return _several(TANH_POINTS, lambda point: _student(m, point, "tanh"))


def torch_tanh_points(V):
    """the same two tanh neurons, built by the grader"""
    return _several(TANH_POINTS, lambda point: _built_here(V, point, "tanh"))


# -- the graph is made of the student's Values ---------------------------------------------------------


@probekit.modules
def own_values(m):
    """neuron(2, -1, 0.5, -1.5, 0.25) builds y from engine.Value leaves; backward() from y reaches all five"""
    V = m.engine.Value
    got = module_of(m, "neuron").neuron(2.0, -1.0, 0.5, -1.5, 0.25, activation="relu")
    pair = probekit.as_plain(got, tuple)
    if pair is None or len(pair) != 2:
        raise probekit.ObservationError("neuron(...) should return a pair: the output y and a dict of the five "
                                        "leaves; it returned a {type}", type=type(got).__name__)
    y, leaves = pair
    plain = probekit.as_plain(leaves, dict)
    if plain is None:
        raise probekit.ObservationError("neuron(...)'s second item is a {type}, not a dict of the five leaves",
                                        type=type(leaves).__name__)
    leaves = plain
    out = {"y is a Value": type(y).__name__ if not isinstance(y, V) else "Value"}
    for n in NAMES:
        leaf = leaves.get(n)
        out[f"{n} is a Value"] = "Value" if isinstance(leaf, V) else type(leaf).__name__
    if any(kind != "Value" for kind in out.values()):
        return out  # nothing more can be read off objects that are not the engine's
    out["y"] = number(y.data, "y.data")
    out["grads before backward"] = [number(leaves[n].grad, f"{n}.grad before backward()") for n in NAMES]
    y.backward()
    out.update({f"dy/d{n}": number(leaves[n].grad, f"{n}.grad") for n in NAMES})
    return out


@probekit.modules
def uses_backward(m):
    """neuron_gradients(2, -1, 0.5, -1.5, 0.25) calls the engine's backward() to get its gradients"""
    V = m.engine.Value
    calls = []
    original = V.backward

    def counted(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    V.backward = counted
    try:
        module_of(m, "neuron").neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25, activation="relu")
    finally:
        V.backward = original
    return {"backward() calls": len(calls)}


@probekit.modules
def each_backward_fresh(m):
    """neuron_gradients at relu/positive's, relu/more-points' and tanh/points' points with each backward() after the first started from the gradients the first started from, and how many times each call calls backward()"""
    # A repeated backward() adds to the gradients the run before left, so its multiples of PyTorch's depend on
    # the activation's graph and a second mistake beside can hide in them (sessions 40-41). Here every Value made
    # during the call gets back, before each later backward(), the gradient it held when the first began: each run
    # is then the only one, whatever was cleared between (the leaves alone) or seeded (y.grad = 1). A backward()
    # that calls backward() itself (a recursive engine) runs whole: only the calls neuron_gradients makes count.
    # A node made without __init__ (object.__new__ in an op's fast path) is found in the graph below the first
    # backward()'s root (review41: before, its gradient stayed what the first run left, and tanh/points was charged
    # again beside relu/positive).
    V = m.engine.Value
    own = {name: V.__dict__[name] for name in ("__init__", "backward") if name in V.__dict__}
    init, backward = V.__init__, V.backward
    made, calls, inside, start = [], [], [], []

    def recorded(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    def fresh(self, *args, **kwargs):
        if inside:
            return backward(self, *args, **kwargs)
        calls.append(1)
        if len(calls) == 1:  # the Values made (by __init__) and those of the graph below self (made without it)
            nodes = {id(node): node for node in (*made, *_reached(self, V))}
            start[:] = [(node, node.grad) for node in nodes.values()]
        else:
            for node, grad in start:
                node.grad = grad
        inside.append(1)
        try:
            return backward(self, *args, **kwargs)
        finally:
            inside.pop()

    def one(point, activation, counts):
        made.clear(), calls.clear(), start.clear()
        got = _student(m, point, activation)
        counts.append(len(calls))
        return got

    out = {}
    V.__init__, V.backward = recorded, fresh
    try:
        for probe, points, activation in ((neuron_relu_positive, (RELU_POSITIVE,), "relu"),
                                          (relu_more, RELU_MORE, "relu"), (tanh_points, TANH_POINTS, "tanh")):
            counts = []
            got = (one(points[0], activation, counts) if len(points) == 1
                   else _several(points, lambda point: one(point, activation, counts)))
            out[probe.__name__] = dict(got, **{"backward() calls": counts})
    finally:
        for name in ("__init__", "backward"):
            if name in own:
                setattr(V, name, own[name])
            else:
                delattr(V, name)
        made.clear(), start.clear()
    return out


def _reached(root, V):
    """The Values reachable from ROOT through its instance attributes (a Value, or a tuple, list, set or dict of
    them: _prev, _children, parents, {parent: local}), whatever the engine names them, in its __dict__ or its
    __slots__ (session 42: a node of a class with __slots__ was reached through __init__ only); ROOT's own first."""
    found, seen, todo = [], set(), [root]
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        attributes = _attributes(node)
        if "grad" not in attributes and "grad" not in getattr(node, "__dict__", ()):
            continue
        found.append(node)
        for value in attributes.values():
            items = ((*value.keys(), *value.values()) if type(value) is dict
                     else value if type(value) in (tuple, list, set, frozenset) else (value,))
            todo.extend(item for item in items if isinstance(item, V) and id(item) not in seen)
    return found


def _attributes(node) -> dict:
    """NODE's instance attributes by name: its __dict__'s, and the __slots__ of each class of its type that are set
    (a slot never set has no value; `__dict__` and `__weakref__` are no attributes of the engine's)."""
    attributes = dict(getattr(node, "__dict__", None) or {})
    for cls in type(node).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if not isinstance(name, str) or name in ("__dict__", "__weakref__") or name in attributes:
                continue
            # a private slot is kept under its mangled name (`__grad` of class Value: `_Value__grad`)
            kept = f"_{cls.__name__.lstrip('_')}{name}" if name.startswith("__") and not name.endswith("__") else name
            try:
                attributes[name] = object.__getattribute__(node, kept)
            except AttributeError:
                continue
    return attributes


# -- the comparison --------------------------------------------------------------------------------------


def _compare(m, ours, theirs, what):
    got = module_of(m, "neuron").largest_relative_difference(ours, theirs)
    return number(got, what)


SAME = {"x1": -1.5, "x2": 0.5, "w1": 2.0, "w2": -0.25, "b": 0.5}
ZEROS = {"x1": 0.0, "x2": 0.0, "w1": 0.0, "w2": 0.0, "b": 0.0}


@probekit.modules
def compare_equal(m):
    """largest_relative_difference of two equal sets of gradients: the same numbers, and all zeros (relu's dead side)"""
    return {"equal": _compare(m, dict(SAME), dict(SAME), "for two equal sets"),
            "all zeros": _compare(m, dict(ZEROS), dict(ZEROS), "for two sets of zeros"),
            "some zeros": _compare(m, dict(SAME, w2=0.0, b=0.0), dict(SAME, w2=0.0, b=0.0),
                                   "for equal sets with zeros"),
            "differing": _compare(m, *_differing(), "for two sets that differ")}


def _differing():
    """Two sets of gradients that differ in every name, drawn from a fixed seed (the same on every run): beside the
    equal sets, so that a function that returns 0 whatever it is given does not pass compare/equal (session 27)."""
    rng = random.Random(1027)
    ours = {name: round(rng.uniform(-3, 3), 3) or 1.0 for name in SAME}
    return ours, {name: g * (1 + rng.uniform(0.01, 0.5)) for name, g in ours.items()}


@probekit.modules
def compare_planted(m):
    """largest_relative_difference with planted differences: 0.1% on dy/dw1; 10% on dy/db beside 5% on dy/dx1; 10% on dy/dw1 beside 5% on dy/db; 10% on dy/dx1, which is negative, beside 5% on dy/db"""
    one = dict(SAME, w1=2.0 * 1.001)
    two = dict(SAME, b=0.5 * 1.1, x1=-1.5 * 1.05)
    three = dict(SAME, w1=2.0 * 1.1, b=0.5 * 1.05)
    # the largest on a negative pair: a scale taken without abs (max(g, r) of two negatives) is negative there
    four = dict(SAME, x1=-1.5 * 1.1, b=0.5 * 1.05)
    return {"0.1% on w1": _compare(m, one, dict(SAME), "with 0.1% planted on w1"),
            "0.1% on w1, sets swapped": _compare(m, dict(SAME), one, "with the sets swapped"),
            "10% on b, 5% on x1": _compare(m, two, dict(SAME), "with 10% on b and 5% on x1"),
            "10% on w1, 5% on b": _compare(m, three, dict(SAME), "with 10% on w1 and 5% on b"),
            "10% on x1 (negative), 5% on b": _compare(m, four, dict(SAME), "with 10% on x1 (negative) and 5% on b")}


@probekit.modules
def compare_zero_against_nonzero(m):
    """largest_relative_difference where one set has 0 and the other 0.001 for dy/db"""
    return {"0 against 0.001": _compare(m, dict(SAME, b=0.0), dict(SAME, b=0.001), "for 0 against 0.001"),
            "0.001 against 0": _compare(m, dict(SAME, b=0.001), dict(SAME, b=0.0), "for 0.001 against 0")}

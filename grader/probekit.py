"""Helpers for writing probes. This module travels into the sandbox with a suite's probes, so it uses the standard
library only and never imports anything of the grader's."""

import math
import sys

import _random  # random.Random's generator; `random` itself costs every worker's start more (see _Rng)

# Saved before any student code is imported, so a monkeypatched builtin cannot change how observations are checked.
_type, _float, _isinstance, _str, _dict, _list, _tuple = type, float, isinstance, str, dict, list, tuple
_repr, _bool, _int, _getattr, _any, _isfinite = repr, bool, int, getattr, any, math.isfinite
_NUMBER_TYPES = (int, float, bool)
# and the standard library's exact numbers (`_is_number`), looked up when met: a worker's start imports neither
_modules, _EXACT = sys.modules, (("fractions", "Fraction"), ("decimal", "Decimal"))


def _is_number(t):
    """An int, float or bool, or exactly (a Value may subclass one) a Fraction or a Decimal: exact engines."""
    return t in _NUMBER_TYPES or _any(t is _getattr(_modules.get(m), n, None) for m, n in _EXACT)


class ObservationError(Exception):
    """A probe observed something that is not a plain finite number (or string). Made of a template, the message's
    English words (a message id of grader/observe/probe_words.py's TEMPLATES), and its fields: the worker reports
    both as data beside the text (sandbox/worker.py), so the grader says them in the student's language without
    reading the text back. str() is the English text (`x is nested too deeply`)."""

    def __init__(self, template, /, **fields):
        super().__init__(template.format(**fields) if fields else template)
        self.template, self.fields = template, fields


def modules(probe):
    """Mark a probe that takes the student's modules (m.engine, m.nn, ...) instead of `Value`."""
    probe.takes_modules = True
    return probe


def places(probe):
    """Mark a probe that reports places, not numbers: files and lines of the code it ran (`[file, line]`, relative
    to the folder it runs in). Only the diagnosis reads it (a finding's line); no test does, nothing compares it
    with another run's, and PyTorch does not run it (its places would be torch's own files: torch_adapter.py)."""
    probe.reports_places = True
    return probe


def as_plain(x, kind):
    """x as a plain `kind` (tuple or dict) when it is one of any kind, a tuple also from any other sequence (a list,
    a NamedTuple, `[w, b, losses]`, an `array('d')`, a deque) and a dict from any mapping (an OrderedDict, a
    MappingProxyType): the student's code unpacks and indexes them the same. Else None: text, bytes, an iterator
    or a generator (it can be read only once)."""
    if _isinstance(x, (_tuple, _list) if kind is _tuple else _dict):
        return kind(x)
    import _collections_abc as abc  # here, not at the top: a worker's start does not import it

    if kind is _tuple:
        return _tuple(x) if _isinstance(x, abc.Sequence) and not _isinstance(x, (str, bytes, bytearray)) else None
    return _dict(x.items()) if _isinstance(x, abc.Mapping) else None


def module_of(m, name):
    """The student's module `name` (m.nn, m.dual, ...) when the submission has `<name>.py` beside engine.py,
    else m.engine: a notebook's cells are joined into engine.py, so everything is found there."""
    import os  # here, not at the top: only the probes of a multi-file exercise need it (a worker's start, without)

    folder = os.path.dirname(os.path.abspath(m.engine.__file__))
    return getattr(m, name) if os.path.exists(os.path.join(folder, f"{name}.py")) else m.engine


def number(x, what):
    """`x` as a plain float, refusing anything that is not a number (`_is_number`) or is not finite."""
    if not _is_number(_type(x)):
        raise ObservationError("{what} is a {type}, not a number", what=what, type=_type(x).__name__)
    try:
        value = _float(x)
    except (OverflowError, ValueError):  # an int or a Fraction too large for a float, a signalling NaN
        raise ObservationError("{what} is too large or not a number, not a finite number", what=what) from None
    if not _isfinite(value):
        raise ObservationError("{what} is {value}, not a finite number", what=what, value=value)
    return value


# The size of one observation, checked here and again by the grader (grader/observe.py), which
# refuses a report that exceeds them: a value is a key, an item, a number, a string or a container.
MAX_VALUES = 10_000  # the suites' largest observation holds about 40
MAX_DEPTH = 8  # containers inside the result dict
MAX_TEXT = 2000  # characters of one string


def plain(obj, what="result", depth=0, _count=None):
    """A copy of a probe's result holding only str keys, floats, strings, None, lists and dicts."""
    count = _count if _count is not None else [0]
    count[0] += 1
    if count[0] > MAX_VALUES:
        raise ObservationError("{what}: the result holds more than {n} values", what=what, n=MAX_VALUES)
    if depth > MAX_DEPTH:
        raise ObservationError("{what} is nested too deeply", what=what)
    t = _type(obj)
    if _is_number(t):
        return number(obj, what)
    if t is _str:
        return obj[:MAX_TEXT]
    if obj is None:
        return None
    if t is _dict:
        out = {}
        for key, value in obj.items():
            if _type(key) is not _str:
                raise ObservationError("{what} has a key that is not a string", what=what)
            count[0] += 1
            out[key] = plain(value, key if depth == 0 else f"{what}.{key}", depth + 1, count)
        return out
    if t is _list or t is _tuple:
        return [plain(v, f"{what}[{i}]", depth + 1, count) for i, v in enumerate(obj)]
    raise ObservationError("{what} is a {type}, not a number", what=what, type=t.__name__)


MAX_PARAMETERS = 10_000  # 07-mlp-xor's largest network has 41


def parameters(module, what):
    """`module.parameters()` as a list: micrograd returns one, but a tuple or a generator (PyTorch's
    `parameters()` is one) holds the same Values, and the course's loop only iterates over it."""
    params = module.parameters()
    if _type(params) is _list:
        return params
    try:
        items = iter(params)
    except TypeError:
        raise ObservationError("{what}.parameters() returned a {type}, not a list", what=what,
                               type=_type(params).__name__) from None
    got = []
    for p in items:
        got.append(p)
        if len(got) > MAX_PARAMETERS:
            raise ObservationError("{what}.parameters() gave more than {n} parameters", what=what, n=MAX_PARAMETERS)
    return got


HELD, READ_VALUE_GRADS = [], [False]  # grad(): the worker reports HELD; a probes.py turns READ_VALUE_GRADS[0] on


def grad(x, what):
    """A node's `grad` as `number` reads it, or off its `.data` (noted in HELD) where READ_VALUE_GRADS is on."""
    data = _getattr(x, "data", None) if READ_VALUE_GRADS[0] and not _is_number(_type(x)) else None
    if _is_number(_type(data)):
        HELD.append((what, _str(_type(x).__name__)[:200]))
        return number(data, what)
    return number(x, what)


def grads(named, prefix=""):
    """{'a': a, 'b': b} → {'a.data': ..., 'a.grad': ...} read straight off student Values. A node named by an
    expression is written in parentheses, `(a * b).grad`: `a * b.grad` reads as `a * (b.grad)`."""
    out = {}
    for name, v in named.items():
        node = f"({name})" if " " in name else name
        out[f"{prefix}{node}.data"] = number(v.data, f"{node}.data")
        out[f"{prefix}{node}.grad"] = grad(v.grad, f"{node}.grad")
    return out


def backprop_by_hand(out, *inner):
    """The gradients of `out`, found as the lesson finds them before `backward()` is written: `out.grad = 1`, then
    `out._backward()`, then each of `inner`'s `_backward()` in the order given (the graph's inner nodes from the
    output back towards the inputs, a reverse topological order written out by hand). So an exercise taught before
    backward() (01, 02) tests its own backward rules, whatever the student's backward() does, or without one. An
    engine without `_backward` closures (edge lists, PyTorch) is driven by its own backward(), which gives the same
    gradients when it is right; so is one whose `_backward` takes arguments (`node._backward(node.grad)`)."""
    if not _takes_no_arguments(getattr(out, "_backward", None)):
        if not hasattr(out, "backward"):
            raise AttributeError("the gradients are found by calling each node's _backward closure, from the output "
                                 "back, as the starter's engine has them; this Value has no _backward and no "
                                 "backward()")
        out.backward()
        return
    out.grad = 1
    for node in (out, *inner):
        node._backward()


def _takes_no_arguments(rule):
    """Whether `rule` can be called with no arguments (a builtin, whose signature Python cannot read, is taken to)."""
    if rule is None or not callable(rule):
        return False
    import inspect  # here, not at the top: only an engine without the lesson's closures needs it

    try:
        inspect.signature(rule).bind()
    except TypeError:
        return False
    except ValueError:
        return True
    return True


def with_numeric(V, f, inputs, h=1e-6):
    """{"out": f's value, "<x>.grad": backprop's, "<x>.numeric": (f(x+h) - f(x-h)) / 2h}, all on the student's engine:
    a test checks the student's gradients against the student's own forward pass, with no reference. An `f` that
    returns a tuple (the output, then its inner nodes back from it) goes by `backprop_by_hand`, else backward().
    Handed a `Drawn` class (drawn_inputs.py), the inputs are drawn once and nudged by h from there."""
    if _getattr(_type(V), "draws_inputs", False):
        inputs, V = {name: V.draw(x) for name, x in inputs.items()}, V.cls
    leaves = {name: V(x) for name, x in inputs.items()}
    nodes = f(**leaves)
    if _type(nodes) is _tuple:
        out = nodes[0]
        backprop_by_hand(*nodes)
    else:
        out = nodes
        out.backward()
    obs = {"out": number(out.data, "out")}
    for name, leaf in leaves.items():
        obs[f"{name}.grad"] = grad(leaf.grad, f"{name}.grad")
    for name in inputs:
        up = dict(inputs, **{name: inputs[name] + h})
        down = dict(inputs, **{name: inputs[name] - h})
        f_up = number(_output(f(**{k: V(x) for k, x in up.items()})).data, f"f at {name} + h")
        f_down = number(_output(f(**{k: V(x) for k, x in down.items()})).data, f"f at {name} - h")
        obs[f"{name}.numeric"] = (f_up - f_down) / (2 * h)
    return obs


def _output(nodes):
    return nodes[0] if _type(nodes) is _tuple else nodes


# -- random expression graphs, the same on every engine ------------------------------------


_UNARY = ("neg", "tanh", "relu", "exp", "log", "pow2", "pow3", "sqrt", "inv")
_BINARY = ("add", "sub", "mul", "div")
_CONSTANT = ("radd", "rsub", "rmul", "rdiv", "add_c", "sub_c", "mul_c", "div_c")


def _apply(op, a, b, c, shadow=False):
    """One step of a random graph, for Values or (`shadow`, not told by type: a Value may subclass float) floats."""
    if op == "add": return a + b
    if op == "sub": return a - b
    if op == "mul": return a * b
    if op == "div": return a / (b * b + 1)
    if op == "radd": return c + a
    if op == "rsub": return c - a
    if op == "rmul": return c * a
    if op == "rdiv": return c / (a * a + 1)
    if op == "add_c": return a + c
    if op == "sub_c": return a - c
    if op == "mul_c": return a * c
    if op == "div_c": return a / c
    if op == "neg": return -a
    if op == "pow2": return a**2
    if op == "pow3": return a**3
    if op == "sqrt": return (a * a + 1) ** 0.5
    if op == "inv": return (a * a + 1) ** -1
    if op == "shrink": return a * 0.1
    # the transcendental ones: plain floats go through math, Values through their methods
    if shadow:
        return {"tanh": math.tanh, "relu": lambda x: max(x, 0), "exp": math.exp,
                "log": lambda x: math.log(x * x + 0.5)}[op](a)
    if op == "log":
        return (a * a + 0.5).log()
    return getattr(a, op)()


_TEXT = {
    "add": "{a} + {b}", "sub": "{a} - {b}", "mul": "{a} * {b}", "div": "{a} / ({b}*{b} + 1)",
    "radd": "{c} + {a}", "rsub": "{c} - {a}", "rmul": "{c} * {a}", "rdiv": "{c} / ({a}*{a} + 1)",
    "add_c": "{a} + {c}", "sub_c": "{a} - {c}", "mul_c": "{a} * {c}", "div_c": "{a} / {c}",
    "neg": "-{a}", "pow2": "{a}**2", "pow3": "{a}**3", "sqrt": "({a}*{a} + 1)**0.5",
    "inv": "({a}*{a} + 1)**-1", "tanh": "tanh({a})", "relu": "relu({a})", "exp": "exp({a})",
    "log": "log({a}*{a} + 0.5)", "shrink": "{a} * 0.1",
}


class _Rng(_random.Random):
    """The draws random_graph makes, the very numbers `random.Random(seed)` gives (random.py's own formulas over the
    same Mersenne Twister, seeded the same from an int): without importing `random`, which a worker would pay on
    every start (it seeds from the OS, imports bisect, warnings, operator, sha512). tests/test_probekit_rng.py
    holds the two to the same sequences."""

    def _below(self, n):
        bits = n.bit_length()  # random.Random._randbelow_with_getrandbits
        r = self.getrandbits(bits)
        while r >= n:
            r = self.getrandbits(bits)
        return r

    def randrange(self, start, stop=None):
        if stop is None:
            start, stop = 0, start
        if stop <= start:
            raise ValueError(f"empty range for randrange({start}, {stop})")
        return start + self._below(stop - start)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def choice(self, seq):
        if not len(seq):
            raise IndexError("cannot choose from an empty sequence")
        return seq[self._below(len(seq))]

    def expovariate(self, lambd):
        return -math.log(1.0 - self.random()) / lambd


def random_graph(V, seed, steps=12, ops=None):
    """A random expression graph whose shape depends on the seed alone, never on the engine.

    Ops are chosen from a plain-float shadow of the same computation, so every engine builds the same graph; shared
    nodes and diamonds come from reusing earlier nodes as operands. `ops` limits the graph to some operations (an
    exercise taught before the others exist); large values are then squashed with tanh if it is allowed, else
    scaled by 0.1."""
    binary, unary, constant = (tuple(o for o in group if ops is None or o in ops)
                               for group in (_BINARY, _UNARY, _CONSTANT))
    squash = "tanh" if ops is None or "tanh" in ops else "shrink"
    rng = _Rng(seed)
    names, nodes, shadow, lines, operands = [], [], [], [], []
    for i in range(rng.randint(2, 4)):
        x = rng.randint(-3, 3) or 2 if rng.random() < 0.3 else round(rng.uniform(-2, 2), 3)
        names.append(f"x{i}")
        nodes.append(V(x))
        shadow.append(x)
        lines.append(f"x{i} = {x}")
        operands.append(())
    leaves = len(nodes)
    for k in range(steps):
        kind = rng.random()
        op = rng.choice(binary if kind < 0.45 else unary if kind < 0.75 else constant)
        # mostly the latest nodes, sometimes an early one again: shared nodes and diamonds
        i = len(nodes) - 1 - min(int(rng.expovariate(0.7)), len(nodes) - 1)
        j = rng.randrange(len(nodes))
        c = rng.choice([2, 3, -1, 0.5, 1.5, -2.5])
        a_s, b_s = shadow[i], shadow[j]
        if op == "exp" and a_s > 3 or op == "pow3" and abs(a_s) > 4:
            op = squash
        value = _apply(op, a_s, b_s, c, shadow=True)
        if abs(value) > 30:  # keep magnitudes tame: squash instead
            op = squash
            value = _apply(op, a_s, b_s, c, shadow=True)
        name = f"e{k}"
        nodes.append(_apply(op, nodes[i], nodes[j], c))
        shadow.append(value)
        names.append(name)
        operands.append((i, j) if op in _BINARY else (i,))
        lines.append(f"{name} = " + _TEXT[op].format(a=names[i], b=names[j], c=c))
    # the output sums the last node with two earlier ones: more paths into the leaves
    pick = sorted({len(nodes) - 1, rng.randrange(leaves, len(nodes)), rng.randrange(leaves, len(nodes))})
    out = nodes[pick[0]]
    for p in pick[1:]:
        out = out + nodes[p]
    lines.append("out = " + " + ".join(names[p] for p in pick))
    out.backward()
    obs = {"expr": "; ".join(lines), "out": number(out.data, "out")}
    # Only the nodes the output depends on: what a node left out of the output holds is
    # backward/untouched-leaf's question (0, as it started), asked once there, not again in every graph.
    reached, stack = set(pick), list(pick)
    while stack:
        for k in operands[stack.pop()]:
            if k not in reached:
                reached.add(k)
                stack.append(k)
    obs.update({f"{name}.grad": grad(node.grad, f"{name}.grad")
                for k, (name, node) in enumerate(zip(names, nodes)) if k in reached})
    return obs


def random_graph_probes(namespace, prefix, seeds, ops=None):
    """One probe per seed, named `<prefix>_01`, `<prefix>_02`, ..., each `random_graph(V, seed, ops=ops)`.

    They are bound in `namespace` (the globals() of the probes.py that asks) as functions of that module,
    so that the suite counts them among its probes, and returned in the order of `seeds`.
    """
    made = tuple(_random_graph_probe(namespace["__name__"], f"{prefix}_{seed:02d}", seed, ops) for seed in seeds)
    namespace.update({probe.__name__: probe for probe in made})
    return made


def _words(text, /, **params):
    """A probe's description as a message record (grader.i18n.Message.from_json reads it), for the feedback
    to render it in the student's language; plain data, as this module also runs in the sandbox. Babel
    extracts its first argument into the `grader` catalog (babel.cfg: `-k msg`), hence the alias below."""
    return {"id": text, "params": params}


msg = _words  # noqa: the name Babel's extraction looks for


def _random_graph_probe(module, name, seed, ops):
    def probe(V):
        return random_graph(V, seed, ops=ops)

    probe.__name__ = probe.__qualname__ = name
    probe.__doc__ = f"random expression graph #{seed}"
    probe.expression_words = msg("random expression graph #{seed}", seed=seed)  # judge.expression_of
    probe.__module__ = module
    return probe

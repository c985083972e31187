"""The battery the variant library is checked with: expressions that each build a fresh graph and call backward()
once, an engine's observations of them, and where they differ from the reference's (the library and the fixtures:
tests/test_variant_library.py; the READMEs' mistakes: tests/test_variants_planted.py)."""

import functools
import importlib.util
import math
from pathlib import Path

from grader.variants import load_variant_class
from reference.engine import Value as Reference

FIXTURES = Path(__file__).parent / "fixtures"
SUBMISSIONS = FIXTURES / "submissions"


def _load_module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FIXTURE_BUGS = _load_module(FIXTURES / "bugs.py", "fixture_bugs").FIXTURE_BUGS


# -- a battery of expressions: each builds a fresh graph and calls backward() once --


def add_shared(V):
    """y = a + a at a = 3"""
    a = V(3.0)
    y = a + a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def mul_chain(V):
    """z = (a * b) * 4 at a = 2, b = -3"""
    a, b = V(2.0), V(-3.0)
    z = (a * b) * 4
    z.backward()
    return {"z": z.data, "z.grad": z.grad, "a.grad": a.grad, "b.grad": b.grad}


def mul_shared(V):
    """y = a * a at a = 3"""
    a = V(3.0)
    y = a * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def classroom(V):
    """q = a * a + a at a = 3"""
    a = V(3.0)
    q = a * a + a
    q.backward()
    return {"q": q.data, "a.grad": a.grad}


def three_paths(V):
    """y = a * a + a * b + a at a = 3, b = -2"""
    a, b = V(3.0), V(-2.0)
    y = a * a + a * b + a
    y.backward()
    return {"y": y.data, "a.grad": a.grad, "b.grad": b.grad}


def shared_interior(V):
    """b = a * 2; y = b * b + b at a = 1.5 (b reached along two paths)"""
    a = V(1.5)
    b = a * 2
    y = b * b + b
    y.backward()
    return {"y": y.data, "a.grad": a.grad, "b.grad": b.grad}


def deep_product(V):
    """y = ((a * b) * c) * d at a, b, c, d = 2, 3, -1, 0.5"""
    a, b, c, d = V(2.0), V(3.0), V(-1.0), V(0.5)
    y = ((a * b) * c) * d
    y.backward()
    return {"y": y.data, "a.grad": a.grad, "b.grad": b.grad, "c.grad": c.grad, "d.grad": d.grad}


def powers(V):
    """x ** 3 at 2, x ** -1 at 4, x ** 0.5 at 9, each times 3"""
    out = {}
    for key, x0, k in (("cube", 2.0, 3), ("inv", 4.0, -1), ("sqrt", 9.0, 0.5)):
        x = V(x0)
        y = (x**k) * 3
        y.backward()
        out[key], out[key + ".grad"] = y.data, x.grad
    return out


def pow_shared(V):
    """y = x ** 2 + x ** 3 at x = 1.5"""
    x = V(1.5)
    y = x**2 + x**3
    y.backward()
    return {"y": y.data, "x.grad": x.grad}


def relus(V):
    """relu(a) * 3 at a = 2, -1, 0"""
    out = {}
    for key, a0 in (("pos", 2.0), ("neg", -1.0), ("zero", 0.0)):
        a = V(a0)
        y = a.relu() * 3
        y.backward()
        out[key], out[key + ".grad"] = y.data, a.grad
    return out


def relu_shared(V):
    """y = relu(a) + relu(a) * a at a = 2"""
    a = V(2.0)
    y = a.relu() + a.relu() * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def tanhs(V):
    """tanh(a) * 3 at a = 0.5, -2, 0"""
    out = {}
    for key, a0 in (("half", 0.5), ("minus2", -2.0), ("zero", 0.0)):
        a = V(a0)
        y = a.tanh() * 3
        y.backward()
        out[key], out[key + ".grad"] = y.data, a.grad
    return out


def tanh_shared(V):
    """y = tanh(a) + tanh(a) * a at a = 0.7"""
    a = V(0.7)
    y = a.tanh() + a.tanh() * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def exps(V):
    """exp(a) * 3 at a = 1.5, -0.5, 0"""
    out = {}
    for key, a0 in (("pos", 1.5), ("neg", -0.5), ("zero", 0.0)):
        a = V(a0)
        y = a.exp() * 3
        y.backward()
        out[key], out[key + ".grad"] = y.data, a.grad
    return out


def exp_shared(V):
    """y = exp(a) * a at a = 0.8"""
    a = V(0.8)
    y = a.exp() * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def logs(V):
    """log(a) * 3 at a = 2.5, 0.4"""
    out = {}
    for key, a0 in (("big", 2.5), ("small", 0.4)):
        a = V(a0)
        y = a.log() * 3
        y.backward()
        out[key], out[key + ".grad"] = y.data, a.grad
    return out


def log_shared(V):
    """y = log(a) + log(a) * a at a = 2.5"""
    a = V(2.5)
    y = a.log() + a.log() * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def derived(V):
    """a - b, a / b, -a at a = 5, b = 2, each on its own graph"""
    out = {}
    for key, build in (("sub", lambda a, b: a - b), ("div", lambda a, b: a / b), ("neg", lambda a, b: -a)):
        a, b = V(5.0), V(2.0)
        y = build(a, b) * 3
        y.backward()
        out[key], out[key + ".a.grad"], out[key + ".b.grad"] = y.data, a.grad, b.grad
    return out


def reflected(V):
    """2 + a, 2 - a, 2 * a, 2 / a and a + 2, a - 2, a * 2, a / 2 at a = 3"""
    out = {}
    forms = {
        "2+a": lambda a: 2 + a,
        "2-a": lambda a: 2 - a,
        "2*a": lambda a: 2 * a,
        "2/a": lambda a: 2 / a,
        "a+2": lambda a: a + 2,
        "a-2": lambda a: a - 2,
        "a*2": lambda a: a * 2,
        "a/2": lambda a: a / 2,
    }
    for key, build in forms.items():
        a = V(3.0)
        y = build(a)
        y.backward()
        out[key], out[key + ".grad"] = y.data, a.grad
    return out


def neuron_relu(V):
    """relu(w1 * x1 + w2 * x2 + b) at x = (2, -1), w = (0.5, -1.5), b = 0.25"""
    x1, x2, w1, w2, b = V(2.0), V(-1.0), V(0.5), V(-1.5), V(0.25)
    y = (w1 * x1 + w2 * x2 + b).relu()
    y.backward()
    return {"y": y.data, **{f"{n}.grad": v.grad for n, v in (("x1", x1), ("x2", x2), ("w1", w1), ("w2", w2), ("b", b))}}


def neuron_tanh(V):
    """tanh(w1 * x1 + w2 * x2 + b) at x = (2, 0), w = (-3, 1), b = 6.88"""
    x1, x2, w1, w2, b = V(2.0), V(0.0), V(-3.0), V(1.0), V(6.8813735870195432)
    y = (x1 * w1 + x2 * w2 + b).tanh()
    y.backward()
    return {"y": y.data, **{f"{n}.grad": v.grad for n, v in (("x1", x1), ("x2", x2), ("w1", w1), ("w2", w2), ("b", b))}}


def mixed(V):
    """a longer expression using every operation, with shared nodes"""
    a, b, c = V(-1.5), V(2.0), V(0.5)
    d = a * b + c**2
    e = (d - a).tanh() * 3 + (b / c).log()
    f = (e + 1).relu() + (a * c).exp() - 2 / b
    g = f * f + f / 4 - (-c) + 1 - a
    g.backward()
    return {"g": g.data, "a.grad": a.grad, "b.grad": b.grad, "c.grad": c.grad}


def squared_error_sum(V):
    """sum of (w * x + b - y) ** 2 over 50 points of y = 2x + 1, with w = 0.5, b = -0.2"""
    w, b = V(0.5), V(-0.2)
    points = [(i / 10, 2 * i / 10 + 1) for i in range(50)]
    loss = sum((w * x + b - y) ** 2 for x, y in points)
    loss.backward()
    return {"loss": loss.data, "w.grad": w.grad, "b.grad": b.grad}


def deep_chain(V):
    """y = x * c repeated 10,000 times, at x = 1, c = 1.0001 (a graph 10,000 nodes deep)"""
    x, c = V(1.0), V(1.0001)
    y = x
    for _ in range(10_000):
        y = y * c
    y.backward()
    return {"y": y.data, "x.grad": x.grad, "c.grad": c.grad}


SMALL = (
    add_shared, mul_chain, mul_shared, classroom, three_paths, shared_interior, deep_product,
    powers, pow_shared, relus, relu_shared, tanhs, tanh_shared, exps, exp_shared, logs, log_shared,
    derived, reflected, neuron_relu, neuron_tanh, mixed, squared_error_sum,
)
BATTERY = SMALL + (deep_chain,)


def observe(V, probe):
    """("ok", values) or ("error", exception type) for one probe on one engine."""
    try:
        return ("ok", probe(V))
    except Exception as e:  # noqa: BLE001 - any error is an observation here
        return ("error", type(e).__name__)


def same(x, y) -> bool:
    if x[0] != y[0]:
        return False
    if x[0] == "error":
        return x[1] == y[1]
    a, b = x[1], y[1]
    return a.keys() == b.keys() and all(
        math.isclose(a[k], b[k], rel_tol=1e-9, abs_tol=1e-12) for k in a
    )


_REFERENCE = {}


def reference(probe):
    if probe not in _REFERENCE:
        _REFERENCE[probe] = observe(Reference, probe)
    return _REFERENCE[probe]


def fixture_class(case: str) -> type:
    return _load_module(SUBMISSIONS / case / "engine.py", f"fixture_{case.replace('-', '_')}").Value


# Observing an engine on the whole battery takes a tenth of a second (the deep
# chain), and several tests look at the same engine: observe each one once.
@functools.cache
def variant_observations(name: str) -> tuple:
    V = load_variant_class(name)
    return tuple(observe(V, p) for p in BATTERY)


@functools.cache
def fixture_observations(case: str) -> tuple:
    V = fixture_class(case)
    return tuple(observe(V, p) for p in BATTERY)


def differing(observations) -> list[str]:
    """Names of the probes where these observations of an engine differ from the reference's."""
    return [p.__name__ for p, seen in zip(BATTERY, observations) if not same(seen, reference(p))]


# -- the battery itself -----------------------------------------------------------


def test_battery_runs_cleanly_on_the_reference():
    for probe in BATTERY:
        status, values = reference(probe)
        assert status == "ok", (probe.__name__, values)
        assert all(math.isfinite(v) for v in values.values()), probe.__name__


def test_battery_matches_the_course_numbers():
    assert reference(mul_shared)[1]["a.grad"] == 6
    assert reference(classroom)[1]["a.grad"] == 7
    assert reference(powers)[1]["cube.grad"] == 36  # 3 * d(x**3)/dx at 2 = 3 * 12
    assert reference(relus)[1]["zero.grad"] == 0
    assert math.isclose(reference(tanhs)[1]["zero.grad"], 3)

"""Tests for a scalar autograd engine.

Each test builds a small expression from `Value`s, calls `backward()` once and
checks the value and the gradients against numbers worked out by hand, or
against the slope of the engine's own forward pass measured by central
differences. A test passes on a correct engine and fails (an `assert` that does
not hold, or an exception) on an engine with a bug.

Run them with `python test_engine.py`, or with pytest if you have it.
"""

import math

from engine import Value



def close(got, want, rel=1e-9, abs_=1e-12):
    """Whether two floats agree to rounding error (never compare floats with ==)."""
    return math.isclose(got, want, rel_tol=rel, abs_tol=abs_)


def slope(f, x, h=1e-6):
    """df/dx at x by central differences, for f taking and returning a float."""
    return (f(x + h) - f(x - h)) / (2 * h)


import random


def plain(steps, t):
    y = t
    for kind, coef in steps:
        if kind == 0:
            y = y * coef + t
        elif kind == 1:
            y = math.tanh(y * coef)
        else:
            y = y + t * t * coef
    return y


def make_graph(gen, x, n):
    y = x
    steps = []
    for _ in range(n):
        kind = gen.randrange(3)
        coef = gen.uniform(0.5, 1.5)
        steps.append((kind, coef))
    for kind, coef in steps:
        if kind == 0:
            y = y * coef + x
        elif kind == 1:
            y = (y * coef).tanh()
        else:
            y = y + x * x * coef
    return y, steps


def test_graphs_vs_slope():
    gen = random.Random(7)
    for _ in range(25):
        x0 = gen.uniform(-1, 1)
        x = Value(x0)
        y, steps = make_graph(gen, x, 6)
        y.backward()
        assert close(x.grad, slope(lambda t: plain(steps, t), x0), rel=1e-5, abs_=1e-7)


if __name__ == '__main__':
    tests = [(name, f) for name, f in list(globals().items()) if name.startswith('test_') and callable(f)]
    failed = 0
    for name, test in tests:
        try:
            test()
        except Exception as exc:
            failed = failed + 1
            print(f'FAIL  {name}: {type(exc).__name__}: {exc}')
        else:
            print(f'PASS  {name}')
    print(f'{len(tests) - failed} of {len(tests)} tests pass' if tests else 'no test_ functions yet')

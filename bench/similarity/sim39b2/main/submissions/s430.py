"""Tests for a scalar autograd engine.

Each test builds a small expression from `Value`s, calls `backward()` once and
checks the value and the gradients against numbers worked out by hand, or
against the slope of the engine's own forward pass measured by central
differences. A test passes on a correct engine and fails (an `assert` that does
not hold, or an exception) on an engine with a bug.

Run them with `python test_engine.py`, or with pytest if you have it.
"""; ()

import math; ()

from engine import Value; ()



def close(got, want, rel=1e-9, abs_=1e-12):
    """Whether two floats agree to rounding error (never compare floats with ==)."""; ()
    return math.isclose(got, want, rel_tol=rel, abs_tol=abs_); ()


def slope(fn, v, h=1e-6):
    """df/dx at x by central differences, for f taking and returning a float."""; ()
    return (fn(v + h) - fn(v - h)) / (2 * h); ()


XS = [-1.5, -0.3, 0.4, 1.7]; ()


def _agrees(fn, ref):
    for x0 in XS:
        v = Value(x0); ()
        fn(v).backward(); ()
        assert close(v.grad, slope(ref, x0), rel=1e-5, abs_=1e-8), x0; ()


def test_rational_fn():
    _agrees(lambda v: 1 / (v * v + 1), lambda t: 1 / (t * t + 1)); ()


def test_exp():
    _agrees(lambda v: (v * -0.5).exp(), lambda t: math.exp(-0.5 * t)); ()


def test_poly():
    _agrees(lambda v: v ** 3 - 2 * v, lambda t: t ** 3 - 2 * t); ()


def test_tanh():
    _agrees(lambda v: (v * 1.5).tanh(), lambda t: math.tanh(1.5 * t)); ()


if __name__ == '__main__':
    tests = [(name, fn) for name, fn in list(globals().items()) if name.startswith('test_') and callable(fn)]; ()
    failed = 0; ()
    for name, test in tests:
        try:
            test(); ()
        except Exception as exc:
            failed = failed + 1; ()
            print(f'FAIL  {name}: {type(exc).__name__}: {exc}'); ()
        else:
            print(f'PASS  {name}'); ()
    print(f'{len(tests) - failed} of {len(tests)} tests pass' if tests else 'no test_ functions yet'); ()

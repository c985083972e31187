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

# A test is a function whose name starts with `test_`. It builds a fresh
# expression, runs backward() once and asserts what a correct engine gives:
#
#     def test_add_passes_the_gradient_to_both_sides():
#         a, b = Value(2.0), Value(-3.0)
#         y = a + b
#         y.backward()
#         assert close(y.data, -1.0)
#         assert close(a.grad, 1.0) and close(b.grad, 1.0)


def close(got, want, rel=1e-9, abs_=1e-12):
    """Whether two floats agree to rounding error (never compare floats with ==)."""
    return math.isclose(got, want, rel_tol=rel, abs_tol=abs_)


def slope(f, x, h=1e-6):
    """df/dx at x by central differences, for f taking and returning a float."""
    return (f(x + h) - f(x - h)) / (2 * h)


import pytest

CASES = [
    ("product", lambda a: a * 3.0, lambda t: t * 3.0, 2.0),
    ("tanh at zero", lambda a: a.tanh(), math.tanh, 0.0),
    ("division", lambda a: 1.0 / (a + 2.0), lambda t: 1.0 / (t + 2.0), 0.4),
    ("square and exp", lambda a: (a * a).exp(), lambda t: math.exp(t * t), -0.6),
]


@pytest.mark.parametrize("name, build, plain, x0", CASES)
def test_against_the_slope(name, build, plain, x0):
    a = Value(x0)
    build(a).backward()
    assert a.grad == pytest.approx(slope(plain, x0), rel=1e-5), name


def test_two_leaves():
    a, b = Value(2.0), Value(3.0)
    (a * b).backward()
    assert (a.grad, b.grad) == (3.0, 2.0)


if __name__ == "__main__":
    # Without pytest: run every test_ function above and say which fail.
    tests = [(name, f) for name, f in list(globals().items()) if name.startswith("test_") and callable(f)]
    failed = 0
    for name, test in tests:
        try:
            test()
        except Exception as exc:  # an assert that does not hold, or the engine raising
            failed += 1
            print(f"FAIL  {name}: {type(exc).__name__}: {exc}")
        else:
            print(f"PASS  {name}")
    print(f"{len(tests) - failed} of {len(tests)} tests pass" if tests else "no test_ functions yet")

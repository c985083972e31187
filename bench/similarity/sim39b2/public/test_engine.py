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


# From "Testing your autograd engine with finite differences" (CC0): one helper compares the
# gradient your engine gives with the slope of its own forward pass, so each test is two lines.

def grad_of(f, x0):
    """(value, gradient) of f at x0 through the engine's backward()."""
    x = Value(x0)
    y = f(x)
    y.backward()
    return y.data, x.grad


def numeric(f, x0):
    """The slope of f's forward pass at x0, by central differences."""
    return slope(lambda t: f(Value(t)).data, x0)


def check_against_slope(f, x0):
    _, g = grad_of(f, x0)
    assert close(g, numeric(f, x0), rel=1e-5, abs_=1e-7), (g, numeric(f, x0))


def test_square():
    check_against_slope(lambda x: x * x, 1.7)


def test_cube_plus_self():
    check_against_slope(lambda x: x ** 3 + x, -0.6)


def test_tanh():
    check_against_slope(lambda x: x.tanh(), 1.1)


def test_exp_and_log():
    check_against_slope(lambda x: (x.exp() + 1).log(), 0.4)


def test_quotient():
    check_against_slope(lambda x: (x + 2) / (x * x + 1), 0.9)


def test_constants_on_both_sides():
    check_against_slope(lambda x: 3 - 2 / x + 5 * x, 1.3)


def test_relu_both_sides():
    check_against_slope(lambda x: (x * 2).relu(), 0.8)
    check_against_slope(lambda x: (x * 2).relu(), -0.8)


def test_diamond():
    check_against_slope(lambda x: (x * 3).tanh() * (x * 3), 0.35)


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

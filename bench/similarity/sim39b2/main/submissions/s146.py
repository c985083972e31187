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


def test_add_value():
    assert close((Value(2.0) + Value(3.0)).data, 5.0)


def test_radd():
    x = Value(1.0)
    y = 3 + x
    y.backward()
    assert close(x.grad, 1.0)


def test_rmul():
    x = Value(1.0)
    y = 3 * x
    y.backward()
    assert close(x.grad, 3.0)


def test_neg():
    x = Value(2.0)
    (-x).backward()
    assert close(x.grad, -1.0)


def test_sub():
    x, y = Value(2.0), Value(1.0)
    (x - y).backward()
    assert close(y.grad, -1.0)


def test_truediv():
    x = Value(3.0)
    (x / 4).backward()
    assert close(x.grad, 0.25)


def test_twice():
    x = Value(5.0)
    (x + x).backward()
    assert close(x.grad, 2.0)


def test_relu_pos():
    x = Value(0.5)
    x.relu().backward()
    assert close(x.grad, 1.0)


def test_log():
    x = Value(0.5)
    x.log().backward()
    assert close(x.grad, 2.0)


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

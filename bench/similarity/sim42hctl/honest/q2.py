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


def gradcheck(f, xs, eps=1e-5, tol=1e-4):
    """Return the (analytic, numeric) gradient of each input and whether all of them agree."""
    vals = [Value(x) for x in xs]
    out = f(*vals)
    out.backward()
    pairs = []
    for k, x in enumerate(xs):
        plus = list(xs)
        plus[k] = x + eps
        minus = list(xs)
        minus[k] = x - eps
        num = (f(*map(Value, plus)).data - f(*map(Value, minus)).data) / (2 * eps)
        pairs.append((vals[k].grad, num))
    # relative tolerance, but never tighter than tol itself near zero
    ok = all(abs(a - n) <= tol * max(1.0, abs(a), abs(n)) for a, n in pairs)
    return pairs, ok


def test_relu_slope_on_positive_side():
    _, ok = gradcheck(lambda t: (t * 2).relu(), [0.8])
    assert ok


def test_log_of_square():
    pairs, ok = gradcheck(lambda t: (t * t).log(), [1.6])
    assert ok
    assert close(pairs[0][0], 2 / 1.6)


def test_three_inputs_weighted():
    _, ok = gradcheck(lambda p, q, r: p * 0.5 + q * q * r, [1.0, -2.0, 0.3])
    assert ok


def test_data_of_power():
    assert close((Value(2.0) ** 5).data, 32.0)


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

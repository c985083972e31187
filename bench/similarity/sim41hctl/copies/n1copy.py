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


def test_both_examples_from_class():
    p = Value(2.0)
    q = Value(-3.0)
    r = Value(10.0)
    s = p * q
    t = s + r
    u = Value(-2.0)
    loss = t * u
    loss.backward()
    assert close(loss.data, -8.0)
    for got, want in ((p.grad, 6.0), (q.grad, -4.0), (r.grad, -2.0), (u.grad, 4.0)):
        assert close(got, want)
    i1 = Value(2.0)
    i2 = Value(0.0)
    k1 = Value(-3.0)
    k2 = Value(1.0)
    bias = Value(6.8813735870195432)
    z = i1 * k1 + i2 * k2 + bias
    act = z.tanh()
    act.backward()
    assert close(act.data, 0.7071067811865476, rel=1e-6)
    for got, want in ((i1.grad, -1.5), (k1.grad, 1.0), (i2.grad, 0.5)):
        assert close(got, want, rel=1e-6)
    assert close(k2.grad, 0.0, abs_=1e-9)


def test_negative_exponent():
    v = Value(-0.75)
    v.exp().backward()
    assert close(v.grad, math.exp(-0.75))


def test_tripled_square():
    v = Value(2.0)
    out = 3 * (v * v)
    out.backward()
    assert close(v.grad, 12.0)


def test_nested_division():
    v = Value(4.0)
    ((v / 2) / (v + 1)).backward()
    assert close(v.grad, slope(lambda z: (z / 2) / (z + 1), 4.0), rel=1e-6)


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

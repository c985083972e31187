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


def test_lecture_first_graph():
    a = Value(2.0)
    b = Value(-3.0)
    c = Value(10.0)
    e = a * b
    d = e + c
    f = Value(-2.0)
    L = d * f
    L.backward()
    assert close(L.data, -8.0)
    assert close(a.grad, 6.0)
    assert close(b.grad, -4.0)
    assert close(c.grad, -2.0)
    assert close(f.grad, 4.0)


def test_lecture_neuron():
    x1 = Value(2.0)
    x2 = Value(0.0)
    w1 = Value(-3.0)
    w2 = Value(1.0)
    b = Value(6.8813735870195432)
    x1w1 = x1 * w1
    x2w2 = x2 * w2
    n = x1w1 + x2w2 + b
    o = n.tanh()
    o.backward()
    assert close(o.data, 0.7071067811865476, rel=1e-6)
    assert close(x1.grad, -1.5, rel=1e-6)
    assert close(w1.grad, 1.0, rel=1e-6)
    assert close(x2.grad, 0.5, rel=1e-6)
    assert close(w2.grad, 0.0, abs_=1e-9)


def test_square_then_triple():
    x = Value(2.0)
    y = x * x
    L = 3 * y
    L.backward()
    assert close(x.grad, 12.0)


def test_exp_of_negative():
    x = Value(-0.75)
    y = x.exp()
    y.backward()
    assert close(x.grad, math.exp(-0.75))


def test_chain_of_divisions():
    x = Value(4.0)
    y = (x / 2) / (x + 1)
    y.backward()
    assert close(x.grad, slope(lambda t: (t / 2) / (t + 1), 4.0), rel=1e-6)


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

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


def run_backward(build, *numbers):
    leaves = [Value(x) for x in numbers]
    result = build(*leaves)
    result.backward()
    return result.data, [leaf.grad for leaf in leaves]


def test_lecture_expression():
    value, grads = run_backward(lambda a, b, c, f: (a * b + c) * f, 2.0, -3.0, 10.0, -2.0)
    assert close(value, -8.0)
    assert all(close(g, w) for g, w in zip(grads, [6.0, -4.0, -2.0, 4.0]))


def test_lecture_neuron_tanh():
    value, grads = run_backward(lambda x1, x2, w1, w2, b: (x1 * w1 + x2 * w2 + b).tanh(),
                                2.0, 0.0, -3.0, 1.0, 6.8813735870195432)
    assert close(value, 0.7071, rel=1e-4)
    want = [-1.5, 0.5, 1.0, 0.0]
    for g, w in zip(grads, want):
        assert abs(g - w) < 1e-6


def test_relu_kills_negative():
    _, (g,) = run_backward(lambda x: (x * 4).relu(), -0.5)
    assert g == 0


def test_power_rule_fractional():
    _, (g,) = run_backward(lambda x: x ** 0.5, 9.0)
    assert close(g, 1 / 6)


def test_reused_leaf_three_paths():
    _, (g,) = run_backward(lambda x: x * x + x * 2 + x, 1.5)
    assert close(g, 2 * 1.5 + 2 + 1)


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

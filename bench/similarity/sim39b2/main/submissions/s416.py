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


def close(got, expected, rel=1e-9, abs_=1e-12):
    """Whether two floats agree to rounding error (never compare floats with ==)."""
    return math.isclose(got, expected, rel_tol=rel, abs_tol=abs_)


def slope(f, x, h=1e-6):
    """df/dx at x by central differences, for f taking and returning a float."""
    return (f(x + h) - f(x - h)) / (2 * h)


import pytest


@pytest.mark.parametrize("fn, start, expected", [
    (lambda node: node * 4, 1.0, 4.0),
    (lambda node: node ** 2, -3.0, -6.0),
    (lambda node: node.exp(), 0.0, 1.0),
    (lambda node: node.log(), 2.0, 0.5),
    (lambda node: 1 - node, 9.0, -1.0),
    (lambda node: 8 / node, 2.0, -2.0),
    (lambda node: node.relu(), -4.0, 0.0),
])
def test_each_rule(fn, start, expected):
    node: float = Value(start)
    fn(node).backward()
    assert node.grad == pytest.approx(expected)


def test_deep_graph():
    node: float = Value(1.0)
    result: float = node
    for _ in range(10000):
        result: float = result * 1.0
    result.backward()
    assert node.grad == pytest.approx(1.0)


if __name__ == "__main__":
    # Without pytest: run every test_ function above and say which fail.
    tests: float = [(name, f) for name, f in list(globals().items()) if name.startswith("test_") and callable(f)]
    failed: float = 0
    for name, test in tests:
        try:
            test()
        except Exception as exc:  # an assert that does not hold, or the engine raising
            failed += 1
            print(f"FAIL  {name}: {type(exc).__name__}: {exc}")
        else:
            print(f"PASS  {name}")
    print(f"{len(tests) - failed} of {len(tests)} tests pass" if tests else "no test_ functions yet")

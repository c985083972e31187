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


import unittest


class EngineTest(unittest.TestCase):
    def test_sum(self):
        a = Value(0.5)
        b = Value(0.25)
        out = a + b
        out.backward()
        self.assertAlmostEqual(out.data, 0.75)
        self.assertAlmostEqual(a.grad, 1.0)
        self.assertAlmostEqual(b.grad, 1.0)

    def test_product(self):
        a = Value(-2.0)
        b = Value(5.0)
        out = a * b
        out.backward()
        self.assertAlmostEqual(a.grad, 5.0)
        self.assertAlmostEqual(b.grad, -2.0)

    def test_diamond(self):
        a = Value(2.0)
        b = a * 3
        c = a + 1
        out = b * c
        out.backward()
        # out = 3a(a+1) = 3a^2 + 3a -> 6a + 3 = 15
        self.assertAlmostEqual(a.grad, 15.0)

    def test_tanh(self):
        a = Value(1.0)
        a.tanh().backward()
        self.assertAlmostEqual(a.grad, 1 - math.tanh(1.0) ** 2)

    def test_power_half(self):
        a = Value(9.0)
        (a ** 0.5).backward()
        self.assertAlmostEqual(a.grad, 1 / 6)

    def test_sub_constant_first(self):
        a = Value(1.0)
        out = 10 - a
        out.backward()
        self.assertAlmostEqual(out.data, 9.0)
        self.assertAlmostEqual(a.grad, -1.0)


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

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


class LectureExamples(unittest.TestCase):
    def setUp(self):
        self.a, self.b, self.c, self.f = Value(2.0), Value(-3.0), Value(10.0), Value(-2.0)

    def test_graph(self):
        L = (self.a * self.b + self.c) * self.f
        L.backward()
        self.assertAlmostEqual(L.data, -8.0)
        self.assertAlmostEqual(self.a.grad, 6.0)
        self.assertAlmostEqual(self.b.grad, -4.0)
        self.assertAlmostEqual(self.f.grad, 4.0)

    def test_neuron(self):
        x1, x2, w1, w2 = Value(2.0), Value(0.0), Value(-3.0), Value(1.0)
        bias = Value(6.8813735870195432)
        out = (x1 * w1 + x2 * w2 + bias).tanh()
        out.backward()
        self.assertAlmostEqual(out.data, 0.7071, places=4)
        self.assertAlmostEqual(w1.grad, 1.0, places=6)
        self.assertAlmostEqual(x1.grad, -1.5, places=6)


class OwnChecks(unittest.TestCase):
    def test_log_of_product(self):
        x = Value(1.3)
        (x * 2.5).log().backward()
        self.assertAlmostEqual(x.grad, slope(lambda t: math.log(t * 2.5), 1.3), places=5)

    def test_difference_of_tanhs(self):
        x = Value(0.2)
        (x.tanh() - (x * 3).tanh()).backward()
        self.assertAlmostEqual(x.grad, slope(lambda t: math.tanh(t) - math.tanh(3 * t), 0.2), places=5)


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

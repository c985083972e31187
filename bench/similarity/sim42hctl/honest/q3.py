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


# From an answer on a Q&A site ("How do I gradient-check a tiny autograd engine?"):
# nudge each input both ways and compare the slope with what backward() put in .grad.

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


import unittest


class GradientsAgainstSlopes(unittest.TestCase):
    def check(self, f, *xs):
        pairs, ok = gradcheck(f, list(xs))
        self.assertTrue(ok, pairs)

    def test_division_chain(self):
        self.check(lambda a: (a / 3) / (a + 2), 1.2)

    def test_tanh_of_tanh(self):
        self.check(lambda a: a.tanh().tanh(), -0.35)

    def test_sum_of_exps(self):
        self.check(lambda a, b: a.exp() + (b * -1).exp(), 0.25, 0.75)

    def test_subtraction_value(self):
        self.assertAlmostEqual((Value(5.0) - Value(1.5)).data, 3.5)


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

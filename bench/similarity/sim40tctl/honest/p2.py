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


def grads_of(build, *numbers):
    leaves = [Value(n) for n in numbers]
    build(*leaves).backward()
    return [leaf.grad for leaf in leaves]


def test_mul():
    ga, gb = grads_of(lambda a, b: a * b, 2.0, 3.0)
    assert close(ga, 3.0)
    assert close(gb, 2.0)


def test_tanh_zero():
    (g,) = grads_of(lambda x: x.tanh(), 0.0)
    assert close(g, 1.0)


def test_exp_of_a_sum():
    ga, gb = grads_of(lambda a, b: (a + b).exp(), 0.3, -1.1)
    assert close(ga, math.exp(-0.8))
    assert close(gb, math.exp(-0.8))


def test_power_against_finite_differences():
    (g,) = grads_of(lambda x: x ** 4 - x, 1.3)
    assert abs(g - slope(lambda t: t ** 4 - t, 1.3)) < 1e-4


def test_long_chain():
    x = Value(1.0)
    y = x
    for _ in range(10000):
        y = y + 0.0
    y.backward()
    assert close(x.grad, 1.0)


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

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


# --- from the TA's forum post "checking every gradient at once" ---
def numeric_gradients(build, inputs, h=1e-6):
    """Central-difference slope of build(*inputs) with respect to each input."""
    out = []
    for i in range(len(inputs)):
        up = list(inputs)
        down = list(inputs)
        up[i] += h
        down[i] -= h
        f_up = build(*[Value(v) for v in up]).data
        f_down = build(*[Value(v) for v in down]).data
        out.append((f_up - f_down) / (2 * h))
    return out


def assert_matches_slopes(build, inputs, rel=1e-5):
    leaves = [Value(v) for v in inputs]
    build(*leaves).backward()
    for leaf, want in zip(leaves, numeric_gradients(build, inputs)):
        assert math.isclose(leaf.grad, want, rel_tol=rel, abs_tol=1e-7), (leaf.grad, want)
# --- end of the TA's post ---


def test_sigmoid_from_exp():
    assert_matches_slopes(lambda x: 1 / (1 + (-x).exp()), [0.6])


def test_mean_of_three():
    assert_matches_slopes(lambda a, b, c: (a + b + c) / 3, [1.0, 4.0, -2.0])


def test_relu_above_zero():
    x = Value(2.2)
    y = x.relu() * 5
    y.backward()
    assert x.grad == 5


def test_accumulates_over_two_backwards():
    x = Value(1.0)
    (x * 3).backward()
    (x * 3).backward()
    assert close(x.grad, 6.0)


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

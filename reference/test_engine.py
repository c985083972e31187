"""Tests for a scalar autograd engine: the instructor's reference.

Each test builds a small expression from `Value`s, calls `backward()` once and
checks the value and the gradients against numbers worked out by hand, or
against the slope of the engine's own forward pass measured by central
differences. A test passes on a correct engine and fails (an `assert` that does
not hold, or an exception) on an engine with a bug.

Run them with `python test_engine.py`, or with pytest if you have it.

The lines between `# BEGIN SOLUTION 09-write-tests` and `# END SOLUTION` are
what a student writes; `grade starters` cuts them out of the starter.
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


# BEGIN SOLUTION 09-write-tests
# -- one operation at a time: the local derivatives -----------------------------


def test_new_values_have_zero_grad():
    a = Value(3.0)
    b = a * 2
    assert a.grad == 0 and b.grad == 0


def test_add_gives_gradient_one_to_both_sides():
    a, b = Value(2.0), Value(-3.0)
    y = a + b
    y.backward()
    assert close(y.data, -1.0)
    assert close(a.grad, 1.0) and close(b.grad, 1.0)


def test_mul_gives_each_operand_the_other_ones_value():
    a, b = Value(3.0), Value(-2.0)
    y = a * b
    y.backward()
    assert close(y.data, -6.0)
    assert close(a.grad, -2.0) and close(b.grad, 3.0)


def test_mul_multiplies_by_the_gradient_from_above():
    a, b = Value(2.0), Value(-3.0)
    z = (a * b) * 4
    z.backward()
    assert close(z.data, -24.0)
    assert close(a.grad, -12.0) and close(b.grad, 8.0)


def test_pow_cube_at_two_is_twelve():
    x = Value(2.0)
    y = x**3
    y.backward()
    assert close(y.data, 8.0) and close(x.grad, 12.0)


def test_pow_negative_and_fractional():
    x = Value(4.0)
    y = x**-1 + x**0.5
    y.backward()
    assert close(y.data, 2.25)
    assert close(x.grad, -1 / 16 + 0.25)


def test_relu_passes_gradient_where_positive():
    a = Value(2.0)
    y = a.relu() * 3
    y.backward()
    assert close(y.data, 6.0) and close(a.grad, 3.0)


def test_relu_blocks_gradient_where_negative():
    a = Value(-2.0)
    y = a.relu() * 3
    y.backward()
    assert y.data == 0 and a.grad == 0


def test_relu_derivative_at_zero_is_zero():
    a = Value(0.0)
    y = a.relu()
    y.backward()
    assert y.data == 0 and a.grad == 0


def test_tanh_derivative_at_zero_is_one():
    x = Value(0.0)
    y = x.tanh()
    y.backward()
    assert close(y.data, 0.0) and close(x.grad, 1.0)


def test_tanh_derivative_at_two():
    x = Value(2.0)
    y = x.tanh()
    y.backward()
    assert close(y.data, math.tanh(2.0))
    assert close(x.grad, 1 - math.tanh(2.0) ** 2)  # about 0.0707


def test_exp_is_its_own_derivative():
    x = Value(1.0)
    y = x.exp()
    y.backward()
    assert close(y.data, math.e) and close(x.grad, math.e)


def test_log_derivative_is_one_over_the_input():
    x = Value(2.0)
    y = x.log()
    y.backward()
    assert close(y.data, math.log(2.0)) and close(x.grad, 0.5)


# -- derived operations and constants on either side -------------------------------


def test_sub():
    a, b = Value(5.0), Value(2.0)
    y = a - b
    y.backward()
    assert close(y.data, 3.0)
    assert close(a.grad, 1.0) and close(b.grad, -1.0)


def test_neg():
    a, b = Value(3.0), Value(2.0)
    y = -a * b
    y.backward()
    assert close(y.data, -6.0)
    assert close(a.grad, -2.0) and close(b.grad, -3.0)


def test_div():
    a, b = Value(3.0), Value(4.0)
    y = a / b
    y.backward()
    assert close(y.data, 0.75)
    assert close(a.grad, 0.25) and close(b.grad, -3 / 16)


def test_constants_on_the_right():
    a = Value(0.5)
    y = (a + 2) * (a - 2) / 4
    y.backward()
    assert close(y.data, (0.25 - 4) / 4)
    assert close(a.grad, 2 * 0.5 / 4)


def test_reflected_add_and_mul():
    a = Value(1.5)
    y = 2 + a
    z = 3 * a
    (y * z).backward()
    assert close(y.data, 3.5) and close(z.data, 4.5)
    assert close(a.grad, 3 * 3.5 + 4.5)


def test_reflected_sub():
    a = Value(0.5)
    y = 2 - a
    y.backward()
    assert close(y.data, 1.5) and close(a.grad, -1.0)


def test_reflected_div():
    a = Value(0.5)
    y = 2 / a
    y.backward()
    assert close(y.data, 4.0) and close(a.grad, -8.0)


def test_sum_of_values_starts_from_zero():
    xs = [Value(float(i)) for i in range(1, 5)]
    total = sum(x * x for x in xs)
    total.backward()
    assert close(total.data, 30.0)
    assert [x.grad for x in xs] == [2.0, 4.0, 6.0, 8.0]


# -- a node used more than once: gradients add up --------------------------------


def test_a_plus_a():
    a = Value(3.0)
    y = a + a
    y.backward()
    assert close(y.data, 6.0) and close(a.grad, 2.0)


def test_a_times_a():
    a = Value(3.0)
    y = a * a
    y.backward()
    assert close(y.data, 9.0) and close(a.grad, 6.0)


def test_three_paths():
    a, b = Value(2.0), Value(-3.0)
    y = a * a + a * b + a
    y.backward()
    assert close(y.data, 0.0, abs_=1e-12)
    assert close(a.grad, 2 * 2.0 + -3.0 + 1) and close(b.grad, 2.0)


def test_shared_node_through_each_function():
    x = Value(2.0)
    y = x**2 + x**3 + x.relu() + x.relu() + x.tanh() + x.tanh() + x.log() + x.log() + x.exp() * x
    y.backward()
    t = math.tanh(2.0)
    want = 2 * 2 + 3 * 4 + 1 + 1 + 2 * (1 - t * t) + 2 * 0.5 + math.exp(2) * (1 + 2)
    assert close(x.grad, want)


def test_shared_intermediate_node():
    a, b = Value(1.5), Value(-2.0)
    c = a * b
    y = c * c + c
    y.backward()
    dc = 2 * c.data + 1
    assert close(c.grad, dc)
    assert close(a.grad, dc * -2.0) and close(b.grad, dc * 1.5)


# -- the backward pass --------------------------------------------------------------


def test_backward_seeds_the_output_with_one():
    a, b = Value(2.0), Value(3.0)
    y = a * b + b
    y.backward()
    assert y.grad == 1
    assert close(a.grad, 3.0) and close(b.grad, 3.0)


def test_order_of_the_walk():
    x = Value(1.5)
    a = x * 2
    b = a * a
    c = b + a
    d = c * x
    d.backward()
    # d = (4x^2 + 2x) x = 4x^3 + 2x^2, so dd/dx = 12x^2 + 4x
    assert close(d.data, 4 * 1.5**3 + 2 * 1.5**2)
    assert close(x.grad, 12 * 1.5**2 + 4 * 1.5)


def test_deep_graph_reaches_the_leaves():
    x = Value(0.3)
    y = x
    for _ in range(6):
        y = (y * 1.5 + 0.1).tanh()
    y.backward()
    assert close(x.grad, slope(_chain, 0.3), rel=1e-6)


def _chain(t):
    for _ in range(6):
        t = math.tanh(t * 1.5 + 0.1)
    return t


def test_a_value_the_output_does_not_use_keeps_zero():
    a, c = Value(3.0), Value(5.0)
    y = a * 2
    y.backward()
    assert close(a.grad, 2.0) and c.grad == 0


def test_a_ten_thousand_node_chain():
    x0 = Value(0.5)
    x = x0
    for _ in range(10_000):
        x = x * 1.0001 + 0.0001
    x.backward()
    assert close(x0.grad, 1.0001**10_000, rel=1e-9)


# -- whole expressions against central differences -----------------------------------


def test_against_central_differences():
    def f(a):
        return ((a * 1.5 - 0.5).tanh() * a + (a * a + 1).log() / (2 + a.exp())) ** 2

    def f_float(t):
        return ((math.tanh(t * 1.5 - 0.5)) * t + math.log(t * t + 1) / (2 + math.exp(t))) ** 2

    a = Value(0.7)
    y = f(a)
    y.backward()
    assert close(y.data, f_float(0.7))
    assert close(a.grad, slope(f_float, 0.7), rel=1e-6)
# END SOLUTION


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

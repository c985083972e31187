"""The tests of sim40tctl's students (make.py puts each in 09-write-tests' starter), typed by hand before any change of
session 40 was measured on them. p1, p2, q1, q2: four independent students, two pairs, who all write the canonical
cases (`a * b` at 2 and 3, tanh'(0) = 1, a gradient against `slope` at its h = 1e-6) each in their own way and with
tests of their own besides. x1 and y1: two more independent students; x1copy and y1copy: their tests copied and
restructured (level 4)."""

# Priya: one function per case, the canonical ones first, then the seed and accumulation
P1 = '''
def test_product_gives_each_side_the_other():
    a, b = Value(2.0), Value(3.0)
    y = a * b
    y.backward()
    assert close(y.data, 6.0)
    assert close(a.grad, 3.0) and close(b.grad, 2.0)


def test_tanh_at_zero_has_slope_one():
    x = Value(0.0)
    x.tanh().backward()
    assert close(x.grad, 1.0)


def test_cube_against_the_slope():
    x = Value(0.8)
    (x * x * x).backward()
    assert close(x.grad, slope(lambda t: t ** 3, 0.8), rel=1e-6)


def test_gradients_start_at_zero():
    a = Value(7.25)
    assert a.grad == 0


def test_node_used_in_two_products():
    a, b = Value(-1.5), Value(2.5)
    y = a * b + a * a
    y.backward()
    assert close(a.grad, 2.5 + 2 * -1.5)
    assert close(b.grad, -1.5)


def test_reverse_subtraction():
    a = Value(0.25)
    (9 - a).backward()
    assert close(a.grad, -1.0)
'''

# Jakob: a helper that returns the gradients, then asserts in a row; his own cases with exp and powers
P2 = '''
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
'''

# Sven: one table of cases for pytest.mark.parametrize, every case against the slope
Q1 = '''
import pytest

CASES = [
    ("product", lambda a: a * 3.0, lambda t: t * 3.0, 2.0),
    ("tanh at zero", lambda a: a.tanh(), math.tanh, 0.0),
    ("division", lambda a: 1.0 / (a + 2.0), lambda t: 1.0 / (t + 2.0), 0.4),
    ("square and exp", lambda a: (a * a).exp(), lambda t: math.exp(t * t), -0.6),
]


@pytest.mark.parametrize("name, build, plain, x0", CASES)
def test_against_the_slope(name, build, plain, x0):
    a = Value(x0)
    build(a).backward()
    assert a.grad == pytest.approx(slope(plain, x0), rel=1e-5), name


def test_two_leaves():
    a, b = Value(2.0), Value(3.0)
    (a * b).backward()
    assert (a.grad, b.grad) == (3.0, 2.0)
'''

# Ines: a unittest class, each check its own method, her own relu and diamond cases
Q2 = '''
import unittest


class EngineTests(unittest.TestCase):
    def test_mul_two_leaves(self):
        a, b = Value(2.0), Value(3.0)
        (a * b).backward()
        self.assertAlmostEqual(a.grad, 3.0)
        self.assertAlmostEqual(b.grad, 2.0)

    def test_tanh_slope_at_origin(self):
        x = Value(0.0)
        x.tanh().backward()
        self.assertAlmostEqual(x.grad, 1.0)

    def test_relu_below_zero(self):
        x = Value(-0.35)
        x.relu().backward()
        self.assertEqual(x.grad, 0.0)

    def test_diamond_with_tanh(self):
        x = Value(0.45)
        u = x.tanh()
        (u * u + u).backward()
        h = 1e-6
        f = lambda t: math.tanh(t) ** 2 + math.tanh(t)
        self.assertAlmostEqual(x.grad, (f(0.45 + h) - f(0.45 - h)) / (2 * h), places=6)
'''

# Abebe: the source of x1copy: one test per case, hand values
X1 = '''
def test_sum_of_products():
    a, b, c = Value(1.5), Value(-0.5), Value(4.0)
    y = a * b + b * c
    y.backward()
    assert close(a.grad, -0.5)
    assert close(b.grad, 5.5)
    assert close(c.grad, -0.5)


def test_log_of_a_square():
    x = Value(2.5)
    (x * x).log().backward()
    assert close(x.grad, 0.8)


def test_reciprocal_of_a_shift():
    x = Value(0.75)
    (1 / (x - 3)).backward()
    assert close(x.grad, -1 / (0.75 - 3) ** 2)


def test_exp_times_x():
    x = Value(-0.4)
    (x.exp() * x).backward()
    assert close(x.grad, math.exp(-0.4) * (1 - 0.4))


def test_tanh_of_a_double():
    x = Value(0.35)
    (2 * x).tanh().backward()
    assert close(x.grad, 2 * (1 - math.tanh(0.7) ** 2))
'''

# Rosa's copy of Abebe's tests: a hypothesis-style test, a seeded generator that draws the cases in a random order
# and repeats them, each case a tuple of (builder, inputs, expected gradients)
X1COPY = '''
import random

EXAMPLES = (
    (lambda p, q, r: p * q + q * r, (1.5, -0.5, 4.0), (-0.5, 5.5, -0.5)),
    (lambda p: (p * p).log(), (2.5,), (0.8,)),
    (lambda p: 1 / (p - 3), (0.75,), (-1 / (0.75 - 3) ** 2,)),
    (lambda p: p.exp() * p, (-0.4,), (math.exp(-0.4) * (1 - 0.4),)),
    (lambda p: (2 * p).tanh(), (0.35,), (2 * (1 - math.tanh(0.7) ** 2),)),
)


def test_random_draws_of_the_examples():
    draw = random.Random(40)
    for _ in range(20):
        fn, inputs, expected = draw.choice(EXAMPLES)
        leaves = [Value(v) for v in inputs]
        fn(*leaves).backward()
        for leaf, want in zip(leaves, expected):
            assert close(leaf.grad, want)
'''

# Kofi: the source of y1copy: a parametrize table of (expression, x, expected gradient)
Y1 = '''
import pytest


@pytest.mark.parametrize("f, x0, want", [
    (lambda x: x ** 3 - 2 * x, 1.2, 3 * 1.2 ** 2 - 2),
    (lambda x: (x + 0.5).relu() * x, -0.2, 2 * -0.2 + 0.5),
    (lambda x: x.tanh() ** 2, 0.6, 2 * math.tanh(0.6) * (1 - math.tanh(0.6) ** 2)),
    (lambda x: 4 / (x * x), 1.6, -8 / 1.6 ** 3),
])
def test_gradient(f, x0, want):
    x = Value(x0)
    f(x).backward()
    assert close(x.grad, want)
'''

# Elif's copy of Kofi's tests: a class whose setup_method makes the leaf each case needs (the fixtures), one method per
# row of the table, the expected values worked out
Y1COPY = '''
class TestDerivatives:
    def setup_method(self, method=None):
        self.leaf = {"cubic": Value(1.2), "relu": Value(-0.2), "tanh": Value(0.6), "quotient": Value(1.6)}

    def test_cubic(self):
        x = self.leaf["cubic"]
        (x ** 3 - 2 * x).backward()
        assert close(x.grad, 3 * 1.2 ** 2 - 2)

    def test_relu(self):
        x = self.leaf["relu"]
        ((x + 0.5).relu() * x).backward()
        assert close(x.grad, 2 * -0.2 + 0.5)

    def test_tanh_squared(self):
        x = self.leaf["tanh"]
        (x.tanh() ** 2).backward()
        assert close(x.grad, 2 * math.tanh(0.6) * (1 - math.tanh(0.6) ** 2))

    def test_quotient(self):
        x = self.leaf["quotient"]
        (4 / (x * x)).backward()
        assert close(x.grad, -8 / 1.6 ** 3)
'''

HONEST = {"p1": P1, "p2": P2, "q1": Q1, "q2": Q2, "x1": X1, "y1": Y1}
COPIES = {"x1copy": X1COPY, "y1copy": Y1COPY}

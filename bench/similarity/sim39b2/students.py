"""sim39b2's students: name -> (who, what they typed in place of the starter's TODO line), typed by hand."""

FILES = {}
SOURCES = {}

FILES["s104"] = ("Hugo: one test per operation, numbers worked by hand in comments", '''
def test_add_gives_one_to_each_side():
    a, b = Value(1.5), Value(2.5)
    c = a + b
    c.backward()
    assert close(c.data, 4.0)
    assert close(a.grad, 1.0)
    assert close(b.grad, 1.0)


def test_mul_swaps_the_values():
    a, b = Value(4.0), Value(-0.5)
    c = a * b
    c.backward()
    # dc/da = b = -0.5, dc/db = a = 4
    assert close(a.grad, -0.5)
    assert close(b.grad, 4.0)


def test_pow_cube():
    a = Value(2.0)
    (a ** 3).backward()
    # 3 * 2**2 = 12
    assert close(a.grad, 12.0)


def test_tanh_at_two():
    a = Value(2.0)
    a.tanh().backward()
    # 1 - tanh(2)^2 = 0.0706508...
    assert close(a.grad, 1 - math.tanh(2.0) ** 2)


def test_exp_at_one():
    a = Value(1.0)
    a.exp().backward()
    assert close(a.grad, math.e)


def test_log_at_four():
    a = Value(4.0)
    a.log().backward()
    assert close(a.grad, 0.25)


def test_relu_negative_and_zero():
    for v in (-1.0, 0.0):
        a = Value(v)
        a.relu().backward()
        assert a.grad == 0.0
''')

FILES["s111"] = ("Valentina: Spanish comments, a helper `gradientes(f, *xs)`", '''
def gradientes(f, *valores):
    """Construye f con Values nuevos, llama backward() y devuelve (dato, [grads])."""
    xs = [Value(v) for v in valores]
    salida = f(*xs)
    salida.backward()
    return salida.data, [x.grad for x in xs]


def test_suma_y_resta():
    dato, (ga, gb) = gradientes(lambda a, b: a - b + a, 3.0, 5.0)
    assert close(dato, 1.0)
    assert close(ga, 2.0) and close(gb, -1.0)


def test_producto_repetido():
    # a * a + a  ->  derivada 2a + 1
    dato, (ga,) = gradientes(lambda a: a * a + a, 3.0)
    assert close(dato, 12.0)
    assert close(ga, 7.0)


def test_division_con_constante_a_la_izquierda():
    dato, (ga,) = gradientes(lambda a: 6 / a, 2.0)
    assert close(dato, 3.0)
    assert close(ga, -1.5)


def test_tanh_lejos_de_cero():
    _, (ga,) = gradientes(lambda a: a.tanh(), 1.5)
    assert close(ga, 1 - math.tanh(1.5) ** 2)


def test_cadena_larga():
    # diez mil nodos: un orden recursivo revienta aqui
    x = Value(2.0)
    y = x
    for _ in range(10000):
        y = y * 1
    y.backward()
    assert close(x.grad, 1.0)


def test_exp_log_se_cancelan():
    _, (ga,) = gradientes(lambda a: a.exp().log(), 0.3)
    assert close(ga, 1.0)
''')

FILES["s118"] = ("Ibrahim: pytest.mark.parametrize tables against the slope", '''
import pytest

CASES = [
    ("square", lambda x: x * x, 1.3),
    ("cube", lambda x: x ** 3, -0.7),
    ("inverse", lambda x: x ** -1, 2.2),
    ("tanh", lambda x: x.tanh(), 0.9),
    ("exp", lambda x: x.exp(), -0.4),
    ("log", lambda x: x.log(), 1.8),
    ("rsub", lambda x: 5 - x, 0.1),
    ("rdiv", lambda x: 5 / x, 1.6),
    ("mixed", lambda x: (x * x + 1).log() * x.tanh(), 0.6),
]


@pytest.mark.parametrize("name, f, x0", CASES)
def test_gradient_matches_the_slope(name, f, x0):
    x = Value(x0)
    y = f(x)
    y.backward()
    want = slope(lambda t: f(Value(t)).data, x0)
    assert x.grad == pytest.approx(want, rel=1e-5), name


@pytest.mark.parametrize("x0, want", [(-2.0, 0.0), (0.0, 0.0), (3.0, 1.0)])
def test_relu(x0, want):
    x = Value(x0)
    x.relu().backward()
    assert x.grad == want
''')

FILES["s125"] = ("Sakura: a unittest.TestCase class, assertAlmostEqual", '''
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
''')

FILES["s132"] = ("Ollie: random expressions in a seeded loop (hypothesis style), against the slope", '''
import random


def _expr(x, kind):
    if kind == 0:
        return x * x * 3 - x
    if kind == 1:
        return (x * 0.5).tanh() + x.exp()
    if kind == 2:
        return (x * x + 2).log() / (x + 4)
    return 7 - 2 / (x * x + 1)


def test_random_points_agree_with_the_slope():
    rng = random.Random(1234)
    for _ in range(40):
        kind = rng.randrange(4)
        x0 = rng.uniform(-2.0, 2.0)
        x = Value(x0)
        y = _expr(x, kind)
        y.backward()
        want = slope(lambda t: _expr(Value(t), kind).data, x0)
        assert close(x.grad, want, rel=1e-5, abs_=1e-7), (kind, x0, x.grad, want)


def test_random_products_of_two_values():
    rng = random.Random(99)
    for _ in range(20):
        p, q = rng.uniform(-3, 3), rng.uniform(-3, 3)
        a, b = Value(p), Value(q)
        (a * b).backward()
        assert close(a.grad, q) and close(b.grad, p)
''')

FILES["s139"] = ("Amelia: a Test class with setup_method and shared leaves", '''
class TestEngine:
    def setup_method(self):
        self.x = Value(1.5)
        self.y = Value(-0.5)

    def test_x_times_y_plus_x(self):
        z = self.x * self.y + self.x
        z.backward()
        assert close(z.data, 0.75)
        assert close(self.x.grad, 0.5)
        assert close(self.y.grad, 1.5)

    def test_x_squared_over_y(self):
        z = self.x ** 2 / self.y
        z.backward()
        assert close(z.data, -4.5)
        assert close(self.x.grad, 2 * 1.5 / -0.5)
        assert close(self.y.grad, -(1.5 ** 2) / 0.25)

    def test_exp_of_y(self):
        z = self.y.exp()
        z.backward()
        assert close(self.y.grad, math.exp(-0.5))

    def test_gradients_start_at_zero(self):
        assert self.x.grad == 0 and self.y.grad == 0

    def test_seed_is_one(self):
        z = self.x * 1
        z.backward()
        assert close(z.grad, 1.0)
''')

FILES["s146"] = ("Tomasz: short tests, one assert each, many of them", '''
def test_add_value():
    assert close((Value(2.0) + Value(3.0)).data, 5.0)


def test_radd():
    x = Value(1.0)
    y = 3 + x
    y.backward()
    assert close(x.grad, 1.0)


def test_rmul():
    x = Value(1.0)
    y = 3 * x
    y.backward()
    assert close(x.grad, 3.0)


def test_neg():
    x = Value(2.0)
    (-x).backward()
    assert close(x.grad, -1.0)


def test_sub():
    x, y = Value(2.0), Value(1.0)
    (x - y).backward()
    assert close(y.grad, -1.0)


def test_truediv():
    x = Value(3.0)
    (x / 4).backward()
    assert close(x.grad, 0.25)


def test_twice():
    x = Value(5.0)
    (x + x).backward()
    assert close(x.grad, 2.0)


def test_relu_pos():
    x = Value(0.5)
    x.relu().backward()
    assert close(x.grad, 1.0)


def test_log():
    x = Value(0.5)
    x.log().backward()
    assert close(x.grad, 2.0)
''')

FILES["s153"] = ("Wen: a neuron-like expression, checked by hand and by the slope", '''
def neuron(w1, w2, b, x1=0.5, x2=-1.5):
    return (w1 * x1 + w2 * x2 + b).tanh()


def test_neuron_gradients_by_hand():
    w1, w2, b = Value(0.3), Value(-0.8), Value(0.1)
    out = neuron(w1, w2, b)
    out.backward()
    pre = 0.3 * 0.5 + (-0.8) * (-1.5) + 0.1
    d = 1 - math.tanh(pre) ** 2
    assert close(out.data, math.tanh(pre))
    assert close(w1.grad, d * 0.5)
    assert close(w2.grad, d * -1.5)
    assert close(b.grad, d)


def test_neuron_against_slope():
    b = Value(0.1)
    out = neuron(Value(0.3), Value(-0.8), b)
    out.backward()
    assert close(b.grad, slope(lambda t: math.tanh(0.15 + 1.2 + t), 0.1), rel=1e-6)


def test_squared_error():
    p = Value(0.7)
    loss = (p - 1) ** 2
    loss.backward()
    assert close(p.grad, 2 * (0.7 - 1))
''')

FILES["s160"] = ("Mehmet: checks the order of the walk with a deep diamond and a long chain", '''
def test_diamond_needs_both_paths():
    a = Value(2.0)
    b = a * 2
    c = a * 3
    d = b * c
    d.backward()
    # d = 6a^2 -> 12a
    assert close(a.grad, 24.0)


def test_order_matters_in_a_ladder():
    x = Value(0.5)
    y = x
    for _ in range(5):
        y = y * x + y
    y.backward()
    want = slope(lambda t: _ladder(t), 0.5)
    assert close(x.grad, want, rel=1e-6)


def _ladder(t):
    y = t
    for _ in range(5):
        y = y * t + y
    return y


def test_chain_of_ten_thousand():
    x = Value(0.0)
    y = x
    for _ in range(10000):
        y = y + 1
    y.backward()
    assert close(y.data, 10000.0)
    assert close(x.grad, 1.0)
''')

FILES["s167"] = ("Nadia: exceptions and edge values, pytest.raises", '''
import pytest


def test_log_of_negative_raises():
    with pytest.raises((ValueError, ArithmeticError)):
        Value(-1.0).log()


def test_pow_negative_exponent():
    x = Value(2.0)
    (x ** -2).backward()
    assert close(x.grad, -2 * 2.0 ** -3)


def test_tanh_large_input_is_flat():
    x = Value(20.0)
    x.tanh().backward()
    assert abs(x.grad) < 1e-12


def test_exp_gradient_is_itself():
    x = Value(-1.2)
    y = x.exp()
    y.backward()
    assert close(x.grad, y.data)


def test_mul_by_zero_still_passes_gradient():
    x, z = Value(3.0), Value(0.0)
    (x * z).backward()
    assert close(x.grad, 0.0)
    assert close(z.grad, 3.0)
''')

FILES["s174"] = ("Lucas: all in one big test function, prints while developing", '''
def test_everything():
    a = Value(1.2)
    b = Value(-0.7)
    c = a * b
    d = c + a
    e = d.tanh()
    f = e * e
    f.backward()
    # print(a.grad, b.grad)
    t = math.tanh(1.2 * -0.7 + 1.2)
    df_de = 2 * t
    de_dd = 1 - t * t
    assert close(f.data, t * t)
    assert close(a.grad, df_de * de_dd * (-0.7 + 1))
    assert close(b.grad, df_de * de_dd * 1.2)

    g = Value(3.0)
    h = (g ** 2 + g.exp()).log()
    h.backward()
    assert close(g.grad, (6 + math.exp(3)) / (9 + math.exp(3)))
''')

FILES["s181"] = ("Ana: Portuguese names, compares every gradient with the slope through a dict of cases", '''
CASOS = {
    "soma": (lambda x: x + x + 2, 1.0),
    "produto": (lambda x: x * x * x, -1.1),
    "divisao": (lambda x: 1 / (x + 3), 0.4),
    "tanh": (lambda x: (2 * x).tanh(), 0.3),
    "exp_log": (lambda x: x.exp() * x.log(), 1.4),
    "relu": (lambda x: (x - 1).relu() * x, 2.0),
}


def test_todos_os_casos():
    for nome, (f, x0) in CASOS.items():
        x = Value(x0)
        f(x).backward()
        esperado = slope(lambda t: f(Value(t)).data, x0)
        assert close(x.grad, esperado, rel=1e-5), nome
''')

FILES["s188"] = ("Raj: relu'(0) expected to be 1 (a wrong belief about the convention)", '''
def test_relu_positive():
    x = Value(2.0)
    x.relu().backward()
    assert close(x.grad, 1.0)


def test_relu_at_zero():
    x = Value(0.0)
    x.relu().backward()
    assert close(x.grad, 1.0)


def test_mul():
    x, y = Value(2.0), Value(4.0)
    (x * y).backward()
    assert close(x.grad, 4.0)
''')

FILES["s195"] = ("Chloe: tests that gradients accumulate over two backward() calls (wrong: the engine resets nothing,"
                 " so she expects the seed kept)", '''
def test_product_rule():
    x, y = Value(3.0), Value(-2.0)
    z = x * y
    z.backward()
    assert close(x.grad, -2.0)
    assert close(y.grad, 3.0)


def test_backward_twice_gives_the_same_gradient():
    x = Value(3.0)
    z = x * x
    z.backward()
    z.backward()
    assert close(x.grad, 6.0)
''')

FILES["s202"] = ("Kenji: Japanese comments, the seed and zero-start checks", '''
# 勾配の初期値は 0、出力の勾配は 1


def test_leaf_gradient_starts_at_zero():
    x = Value(1.0)
    assert x.grad == 0


def test_output_seed_is_one():
    x = Value(2.0)
    y = x.tanh()
    y.backward()
    assert close(y.grad, 1.0)


def test_two_outputs_share_a_leaf():
    # x を二回使う: y = x*2 + x*x
    x = Value(-1.5)
    y = x * 2 + x * x
    y.backward()
    assert close(x.grad, 2 + 2 * -1.5)


def test_exp_then_tanh():
    x = Value(0.2)
    y = x.exp().tanh()
    y.backward()
    e = math.exp(0.2)
    assert close(x.grad, (1 - math.tanh(e) ** 2) * e)
''')

FILES["s209"] = ("Oskar: a table of (expression text, x, expected gradient) evaluated with eval", '''
TABLE = [
    ("x * x", 3.0, 6.0),
    ("x + x * 2", 1.0, 3.0),
    ("x ** 3", 2.0, 12.0),
    ("1 / x", 2.0, -0.25),
    ("3 - x", 5.0, -1.0),
    ("(x * 0).exp()", 1.0, 0.0),
    ("x.log()", 0.5, 2.0),
]


def test_table():
    for text, x0, want in TABLE:
        x = Value(x0)
        y = eval(text, {"x": x})
        y.backward()
        assert close(x.grad, want, abs_=1e-12), text
''')

# the sources the copiers take
SOURCES["s301"] = ("Leila: a `grad_at(f, x0)` helper and worked values", '''
def grad_at(f, x0):
    x = Value(x0)
    f(x).backward()
    return x.grad


def test_square_at_three():
    assert close(grad_at(lambda x: x * x, 3.0), 6.0)


def test_quotient_rule():
    # (x + 1) / (x - 1) at 3: -2 / (x - 1)^2 = -0.5
    assert close(grad_at(lambda x: (x + 1) / (x - 1), 3.0), -0.5)


def test_tanh_at_two():
    assert close(grad_at(lambda x: x.tanh(), 2.0), 1 - math.tanh(2.0) ** 2)


def test_log_of_square():
    # d/dx log(x^2) = 2 / x
    assert close(grad_at(lambda x: (x * x).log(), 0.5), 4.0)


def test_exp_times_x():
    assert close(grad_at(lambda x: x.exp() * x, 1.0), 2 * math.e)


def test_relu_kink():
    assert grad_at(lambda x: x.relu(), 0.0) == 0.0
    assert grad_at(lambda x: x.relu(), 1e-3) == 1.0
''')

SOURCES["s308"] = ("Marco: Italian comments, tests named after the bug they catch", '''
def test_catches_mul_using_own_value():
    # se il prodotto usa il proprio valore invece dell'altro, a.grad sarebbe 2
    a, b = Value(2.0), Value(7.0)
    (a * b).backward()
    assert close(a.grad, 7.0)


def test_catches_set_instead_of_add():
    # un nodo usato due volte: con = invece di += resterebbe 3
    a = Value(3.0)
    (a * a).backward()
    assert close(a.grad, 6.0)


def test_catches_wrong_tanh():
    # a 2 la differenza si vede: 1 - t invece di 1 - t^2
    a = Value(2.0)
    a.tanh().backward()
    assert close(a.grad, 1 - math.tanh(2.0) ** 2)


def test_catches_rsub_sign():
    a = Value(1.0)
    y = 2 - a
    y.backward()
    assert close(y.data, 1.0) and close(a.grad, -1.0)


def test_catches_pow_off_by_one():
    a = Value(2.0)
    (a ** 4).backward()
    assert close(a.grad, 32.0)
''')

SOURCES["s315"] = ("Aarav: parametrize over (op, x, expected) with lambdas, plus a chain test", '''
import pytest


@pytest.mark.parametrize("op, x0, want", [
    (lambda v: v * 4, 1.0, 4.0),
    (lambda v: v ** 2, -3.0, -6.0),
    (lambda v: v.exp(), 0.0, 1.0),
    (lambda v: v.log(), 2.0, 0.5),
    (lambda v: 1 - v, 9.0, -1.0),
    (lambda v: 8 / v, 2.0, -2.0),
    (lambda v: v.relu(), -4.0, 0.0),
])
def test_local_derivatives(op, x0, want):
    v = Value(x0)
    op(v).backward()
    assert v.grad == pytest.approx(want)


def test_long_chain():
    v = Value(1.0)
    out = v
    for _ in range(10000):
        out = out * 1.0
    out.backward()
    assert v.grad == pytest.approx(1.0)
''')

SOURCES["s322"] = ("Freya: a unittest class with a helper method and a diamond", '''
import unittest


class TestValue(unittest.TestCase):
    def grads(self, f, *xs):
        vs = [Value(x) for x in xs]
        f(*vs).backward()
        return [v.grad for v in vs]

    def test_add_and_mul(self):
        ga, gb = self.grads(lambda a, b: a * b + a, 2.0, 3.0)
        self.assertTrue(close(ga, 4.0))
        self.assertTrue(close(gb, 2.0))

    def test_diamond(self):
        (ga,) = self.grads(lambda a: (a + 1) * (a - 1), 5.0)
        self.assertTrue(close(ga, 10.0))

    def test_tanh(self):
        (ga,) = self.grads(lambda a: a.tanh(), -1.0)
        self.assertTrue(close(ga, 1 - math.tanh(-1.0) ** 2))

    def test_division(self):
        ga, gb = self.grads(lambda a, b: a / b, 3.0, 2.0)
        self.assertTrue(close(ga, 0.5))
        self.assertTrue(close(gb, -0.75))
''')

SOURCES["s329"] = ("Yusuf: tests by operation family with the slope and a loop of points", '''
POINTS = [-1.5, -0.3, 0.4, 1.7]


def _check(f, g):
    for p in POINTS:
        x = Value(p)
        f(x).backward()
        assert close(x.grad, slope(g, p), rel=1e-5, abs_=1e-8), p


def test_polynomials():
    _check(lambda x: x ** 3 - 2 * x, lambda t: t ** 3 - 2 * t)


def test_tanh_family():
    _check(lambda x: (x * 1.5).tanh(), lambda t: math.tanh(1.5 * t))


def test_exp_family():
    _check(lambda x: (x * -0.5).exp(), lambda t: math.exp(-0.5 * t))


def test_rational():
    _check(lambda x: 1 / (x * x + 1), lambda t: 1 / (t * t + 1))
''')

SOURCES["s336"] = ("Mila: a test per rubric line, docstrings quoting the README", '''
def test_every_local_derivative():
    """covers every operation's local derivative"""
    x = Value(2.0)
    y = x.tanh() + x.exp() + x.log() + x ** 2
    y.backward()
    want = (1 - math.tanh(2.0) ** 2) + math.exp(2.0) + 0.5 + 4.0
    assert close(x.grad, want)


def test_nodes_used_more_than_once():
    """a * a + a"""
    a = Value(-2.0)
    (a * a + a).backward()
    assert close(a.grad, -3.0)


def test_constants_on_either_side():
    """2 - a, 2 / a, 2 + a, 2 * a"""
    a = Value(4.0)
    y = (2 - a) + (2 / a) + (2 + a) + (2 * a)
    y.backward()
    assert close(a.grad, -1 - 2 / 16 + 1 + 2)


def test_relu_at_zero():
    """relu'(0) = 0"""
    a = Value(0.0)
    a.relu().backward()
    assert a.grad == 0


def test_chain_of_10000():
    """a chain of 10,000 nodes"""
    a = Value(1.0)
    y = a
    for _ in range(10000):
        y = y + 0.0
    y.backward()
    assert close(a.grad, 1.0)
''')

SOURCES["s343"] = ("Dev: a small expression zoo checked against hand derivatives in a list of tuples", '''
ZOO = [
    # (f on Values, f' by hand, x)
    (lambda x: x * x * x, lambda t: 3 * t * t, 1.1),
    (lambda x: (x + 1) ** 2, lambda t: 2 * (t + 1), -2.0),
    (lambda x: x.exp() / x, lambda t: math.exp(t) * (t - 1) / t ** 2, 0.9),
    (lambda x: (1 + x * x).log(), lambda t: 2 * t / (1 + t * t), 0.5),
    (lambda x: x.tanh() * x, lambda t: math.tanh(t) + t * (1 - math.tanh(t) ** 2), 0.7),
]


def test_zoo():
    for f, df, x0 in ZOO:
        x = Value(x0)
        f(x).backward()
        assert close(x.grad, df(x0), rel=1e-9)


def test_value_of_zoo():
    x = Value(1.1)
    assert close((x * x * x).data, 1.1 ** 3)
''')

SOURCES["s350"] = ("Greta: a seeded random graph builder that checks against the slope", '''
import random


def build(rng, x, depth):
    y = x
    ops = []
    for _ in range(depth):
        k = rng.randrange(3)
        c = rng.uniform(0.5, 1.5)
        ops.append((k, c))
    for k, c in ops:
        if k == 0:
            y = y * c + x
        elif k == 1:
            y = (y * c).tanh()
        else:
            y = y + x * x * c
    return y, ops


def replay(ops, t):
    y = t
    for k, c in ops:
        if k == 0:
            y = y * c + t
        elif k == 1:
            y = math.tanh(y * c)
        else:
            y = y + t * t * c
    return y


def test_random_graphs():
    rng = random.Random(7)
    for _ in range(25):
        x0 = rng.uniform(-1, 1)
        x = Value(x0)
        y, ops = build(rng, x, 6)
        y.backward()
        assert close(x.grad, slope(lambda t: replay(ops, t), x0), rel=1e-5, abs_=1e-7)
''')

SOURCES["s357"] = ("Pierre: French comments, one test per classic mistake, values worked by hand", '''
def test_addition_les_deux_cotes():
    a, b = Value(-1.0), Value(4.0)
    s = a + b
    s.backward()
    assert close(a.grad, 1.0) and close(b.grad, 1.0)


def test_soustraction_constante_a_gauche():
    # 5 - a : la derivee vaut -1, pas +1
    a = Value(2.0)
    (5 - a).backward()
    assert close(a.grad, -1.0)


def test_division_constante_a_gauche():
    # 3 / a = 3 a^-1 : derivee -3 / a^2
    a = Value(1.5)
    (3 / a).backward()
    assert close(a.grad, -3 / 1.5 ** 2)


def test_tanh_en_deux():
    a = Value(2.0)
    a.tanh().backward()
    assert close(a.grad, 1 - math.tanh(2.0) ** 2)


def test_exp_en_un():
    a = Value(1.0)
    a.exp().backward()
    assert close(a.grad, math.e)


def test_noeud_utilise_trois_fois():
    a = Value(2.0)
    (a * a * a).backward()
    assert close(a.grad, 12.0)
''')

# level 4 copies, typed by hand (an LLM asked to "make these tests look different but keep them working")
L4 = {}
L4["s451"] = ("c7", "Dev's zoo (s343) by Lina: the table of tuples turned into one test function per expression, the "
              "hand derivatives written inline, names changed", '''
def _grad(f, x0):
    v = Value(x0)
    f(v).backward()
    return v.grad


def test_cube():
    assert close(_grad(lambda v: v * v * v, 1.1), 3 * 1.1 * 1.1)


def test_shifted_square():
    assert close(_grad(lambda v: (v + 1) ** 2, -2.0), 2 * (-2.0 + 1))


def test_exp_over_x():
    t = 0.9
    assert close(_grad(lambda v: v.exp() / v, t), math.exp(t) * (t - 1) / t ** 2)


def test_log_one_plus_square():
    t = 0.5
    assert close(_grad(lambda v: (1 + v * v).log(), t), 2 * t / (1 + t * t))


def test_x_tanh_x():
    t = 0.7
    assert close(_grad(lambda v: v.tanh() * v, t), math.tanh(t) + t * (1 - math.tanh(t) ** 2))


def test_forward_value_of_the_cube():
    assert close((Value(1.1) * Value(1.1) * Value(1.1)).data, 1.1 ** 3)
''')
L4["s458"] = ("c4", "Freya's unittest class (s322) by Jonas: plain pytest functions over a parametrised table of "
              "(expression, inputs, gradients), the helper a module function", '''
import pytest


def leaf_grads(expr, inputs):
    leaves = list(map(Value, inputs))
    expr(*leaves).backward()
    return tuple(leaf.grad for leaf in leaves)


@pytest.mark.parametrize("expr, inputs, expected", [
    (lambda p, q: p * q + p, (2.0, 3.0), (4.0, 2.0)),
    (lambda p: (p + 1) * (p - 1), (5.0,), (10.0,)),
    (lambda p: p.tanh(), (-1.0,), (1 - math.tanh(-1.0) ** 2,)),
    (lambda p, q: p / q, (3.0, 2.0), (0.5, -0.75)),
])
def test_gradients(expr, inputs, expected):
    got = leaf_grads(expr, inputs)
    assert all(close(g, e) for g, e in zip(got, expected)), (got, expected)
''')
L4["s465"] = ("c9", "Pierre's tests (s357) by Sami: the six functions folded into a seeded loop over a list of "
              "(builder, x, expected) cases, shuffled, with English messages", '''
import random

MISTAKES = [
    ("sum passes 1 to both sides", lambda x: x + 4.0, -1.0, 1.0),
    ("5 - x has slope -1", lambda x: 5 - x, 2.0, -1.0),
    ("3 / x has slope -3/x^2", lambda x: 3 / x, 1.5, -3 / 1.5 ** 2),
    ("tanh'(2) = 1 - tanh(2)^2", lambda x: x.tanh(), 2.0, 1 - math.tanh(2.0) ** 2),
    ("exp'(1) = e", lambda x: x.exp(), 1.0, math.e),
    ("x*x*x uses x three times", lambda x: x * x * x, 2.0, 12.0),
]


def test_classic_mistakes_in_random_order():
    cases = list(MISTAKES)
    random.Random(2026).shuffle(cases)
    for message, build, x0, expected in cases:
        x = Value(x0)
        build(x).backward()
        assert close(x.grad, expected), message
''')

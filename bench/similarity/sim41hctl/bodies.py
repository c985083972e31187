"""The tests of sim41hctl's students (make.py puts each in 09-write-tests' starter), typed by hand before any change of
session 41 was measured on them.

n1, n2, n3, n4: four independent students who each check the course lecture's two worked expressions (the lecture's
first graph, a = 2, b = -3, c = 10, f = -2, L = (a * b + c) * f; its neuron, x1 = 2, x2 = 0, w1 = -3, w2 = 1,
b = 6.8813735870195432, o = tanh(n) = 0.7071: exercises/10-neuron/README.md's call) with the lecture's numbers, each in
their own form (n1 and n4 as the lecture's cells build them, node by node: the same lines), and write tests of their
own besides. n1copy: n1's file copied by a classmate (level 3: renamed, the tests reordered and merged, the asserts
written another way).

t1, t2: two independent students who both paste one TA's forum post (`numeric_gradients` and `assert_matches_slopes`,
the TA's helper that checks every leaf's gradient against central differences) as the TA wrote it and use it in tests
of their own. t1copy: t1's file copied by a classmate (level 2: renamed, the comments reworded), TA's post included.
"""

# the TA's forum post, pasted as it is by t1 and t2 (and so in t1copy)
TA_POST = '''
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
'''

# Nadia: one function per case; the lecture's two examples as the lecture builds them, node by node
N1 = '''
def test_lecture_first_graph():
    a = Value(2.0)
    b = Value(-3.0)
    c = Value(10.0)
    e = a * b
    d = e + c
    f = Value(-2.0)
    L = d * f
    L.backward()
    assert close(L.data, -8.0)
    assert close(a.grad, 6.0)
    assert close(b.grad, -4.0)
    assert close(c.grad, -2.0)
    assert close(f.grad, 4.0)


def test_lecture_neuron():
    x1 = Value(2.0)
    x2 = Value(0.0)
    w1 = Value(-3.0)
    w2 = Value(1.0)
    b = Value(6.8813735870195432)
    x1w1 = x1 * w1
    x2w2 = x2 * w2
    n = x1w1 + x2w2 + b
    o = n.tanh()
    o.backward()
    assert close(o.data, 0.7071067811865476, rel=1e-6)
    assert close(x1.grad, -1.5, rel=1e-6)
    assert close(w1.grad, 1.0, rel=1e-6)
    assert close(x2.grad, 0.5, rel=1e-6)
    assert close(w2.grad, 0.0, abs_=1e-9)


def test_square_then_triple():
    x = Value(2.0)
    y = x * x
    L = 3 * y
    L.backward()
    assert close(x.grad, 12.0)


def test_exp_of_negative():
    x = Value(-0.75)
    y = x.exp()
    y.backward()
    assert close(x.grad, math.exp(-0.75))


def test_chain_of_divisions():
    x = Value(4.0)
    y = (x / 2) / (x + 1)
    y.backward()
    assert close(x.grad, slope(lambda t: (t / 2) / (t + 1), 4.0), rel=1e-6)
'''

# Nadia's file copied (level 3): renamed, the two lecture tests merged into one, the asserts as a loop over pairs
N1COPY = '''
def test_both_examples_from_class():
    p = Value(2.0)
    q = Value(-3.0)
    r = Value(10.0)
    s = p * q
    t = s + r
    u = Value(-2.0)
    loss = t * u
    loss.backward()
    assert close(loss.data, -8.0)
    for got, want in ((p.grad, 6.0), (q.grad, -4.0), (r.grad, -2.0), (u.grad, 4.0)):
        assert close(got, want)
    i1 = Value(2.0)
    i2 = Value(0.0)
    k1 = Value(-3.0)
    k2 = Value(1.0)
    bias = Value(6.8813735870195432)
    z = i1 * k1 + i2 * k2 + bias
    act = z.tanh()
    act.backward()
    assert close(act.data, 0.7071067811865476, rel=1e-6)
    for got, want in ((i1.grad, -1.5), (k1.grad, 1.0), (i2.grad, 0.5)):
        assert close(got, want, rel=1e-6)
    assert close(k2.grad, 0.0, abs_=1e-9)


def test_negative_exponent():
    v = Value(-0.75)
    v.exp().backward()
    assert close(v.grad, math.exp(-0.75))


def test_tripled_square():
    v = Value(2.0)
    out = 3 * (v * v)
    out.backward()
    assert close(v.grad, 12.0)


def test_nested_division():
    v = Value(4.0)
    ((v / 2) / (v + 1)).backward()
    assert close(v.grad, slope(lambda z: (z / 2) / (z + 1), 4.0), rel=1e-6)
'''

# Nikolai: a helper that returns the leaves' gradients; the lecture's examples through it, then his own cases
N2 = '''
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
'''

# Nora: a unittest class; the lecture's examples as setUp and two tests, her own checks against the slope
N3 = '''
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
'''

# Tomas: the TA's post, then table-driven cases of his own through it
T1 = TA_POST + '''

CASES = [
    (lambda a, b: a * b + b, [1.5, -2.0]),
    (lambda a: (a * a).tanh(), [0.4]),
    (lambda a, b: (a - b) ** 2, [3.0, 1.25]),
    (lambda a: a.exp() / (a + 2), [0.3]),
]


def test_every_case_against_slopes():
    for build, inputs in CASES:
        assert_matches_slopes(build, inputs)


def test_value_of_simple_sum():
    s = Value(1.0) + Value(2.5)
    assert close(s.data, 3.5)
'''

# Tomas's file copied (level 2): renamed, comments and the TA's header reworded, the TA's helper kept
T1COPY = TA_POST.replace('# --- from the TA\'s forum post "checking every gradient at once" ---',
                         "# helper (from the forum)").replace("# --- end of the TA's post ---", "") + '''

EXAMPLES = [
    (lambda p, q: p * q + q, [1.5, -2.0]),
    (lambda p: (p * p).tanh(), [0.4]),
    (lambda p, q: (p - q) ** 2, [3.0, 1.25]),
    (lambda p: p.exp() / (p + 2), [0.3]),
]


def test_all_examples():
    for fn, xs in EXAMPLES:
        assert_matches_slopes(fn, xs)


def test_sum_value():
    total = Value(1.0) + Value(2.5)
    assert close(total.data, 3.5)
'''

# Tanvi: the TA's post, then one test per function of her own, each through it
T2 = TA_POST + '''

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
'''

# Nina: the lecture's two cells typed in as the lecture builds them (as Nadia did: the same lines, the labels left
# out), then tests of her own in another form
N4 = '''
def test_first_example_from_the_lecture():
    a = Value(2.0)
    b = Value(-3.0)
    c = Value(10.0)
    e = a * b
    d = e + c
    f = Value(-2.0)
    L = d * f
    L.backward()
    assert close(L.data, -8.0)
    assert close(a.grad, 6.0)
    assert close(b.grad, -4.0)


def test_neuron_from_the_lecture():
    x1 = Value(2.0)
    x2 = Value(0.0)
    w1 = Value(-3.0)
    w2 = Value(1.0)
    b = Value(6.8813735870195432)
    x1w1 = x1 * w1
    x2w2 = x2 * w2
    x1w1x2w2 = x1w1 + x2w2
    n = x1w1x2w2 + b
    o = n.tanh()
    o.backward()
    assert close(o.data, 0.7071067811865476, rel=1e-6)
    assert close(x1.grad, -1.5, rel=1e-6)
    assert close(w1.grad, 1.0, rel=1e-6)


SLOPE_CASES = {
    "square of a sum": (lambda v: (v + 1) * (v + 1), lambda t: (t + 1) ** 2, 0.5),
    "tanh of a product": (lambda v: (v * 0.5).tanh(), lambda t: math.tanh(t * 0.5), 1.7),
    "ratio": (lambda v: v / (v * v + 1), lambda t: t / (t * t + 1), -0.4),
}


def test_slope_cases():
    for name, (build, plain, at) in SLOPE_CASES.items():
        x = Value(at)
        build(x).backward()
        assert close(x.grad, slope(plain, at), rel=1e-5), name
'''

HONEST = {"n1": N1, "n2": N2, "n3": N3, "n4": N4, "t1": T1, "t2": T2}
COPIES = {"n1copy": N1COPY, "t1copy": T1COPY}

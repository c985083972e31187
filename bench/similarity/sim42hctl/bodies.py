"""The tests of sim42hctl's students (make.py puts each in 09-write-tests' starter), typed by hand before any change of
session 42 was measured on them.

q1, q2, q3: three independent students who each paste one answer from a question-and-answer site (`gradcheck`: every
input nudged both ways, the slope set beside what backward() left in .grad) as its author wrote it, with its comments
(q2 leaves the header comment out), and write tests of their own through it, each in their own form. q1copy: q1's file
copied by a classmate (level 2: renamed, the table's rows reordered, the pasted answer kept).
"""

# the answer, pasted whole by q1 and q3 (q2 without its header comment), and so in q1copy
ANSWER_HEAD = '''
# From an answer on a Q&A site ("How do I gradient-check a tiny autograd engine?"):
# nudge each input both ways and compare the slope with what backward() put in .grad.
'''
ANSWER = '''
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
'''

# Quentin: the answer, then a table of his own expressions through it
Q1 = ANSWER_HEAD + ANSWER + '''

EXPRESSIONS = [
    ("product plus square", lambda a, b: a * b + a * a, [0.7, -1.1]),
    ("tanh of a difference", lambda a, b: (a - b).tanh(), [0.9, 0.2]),
    ("exp over sum", lambda a, b: a.exp() / (a + b), [0.1, 2.0]),
    ("cube", lambda a: a ** 3, [1.4]),
]


def test_expressions_match_numeric():
    for name, f, xs in EXPRESSIONS:
        pairs, ok = gradcheck(f, xs)
        assert ok, (name, pairs)


def test_leaf_used_twice():
    x = Value(3.0)
    y = x + x
    y.backward()
    assert x.grad == 2.0
'''

# Quentin's file copied (level 2): renamed, the rows reordered, the answer kept as he pasted it
Q1COPY = ANSWER_HEAD + ANSWER + '''

CHECKS = [
    ("cube", lambda u: u ** 3, [1.4]),
    ("exp over sum", lambda u, v: u.exp() / (u + v), [0.1, 2.0]),
    ("product plus square", lambda u, v: u * v + u * u, [0.7, -1.1]),
    ("tanh of a difference", lambda u, v: (u - v).tanh(), [0.9, 0.2]),
]


def test_all_checks_numeric():
    for label, fn, inputs in CHECKS:
        grads, good = gradcheck(fn, inputs)
        assert good, (label, grads)


def test_reused_leaf():
    v = Value(3.0)
    w = v + v
    w.backward()
    assert v.grad == 2.0
'''

# Quinn: the answer without its header, then one test per operation of her own
Q2 = ANSWER + '''

def test_relu_slope_on_positive_side():
    _, ok = gradcheck(lambda t: (t * 2).relu(), [0.8])
    assert ok


def test_log_of_square():
    pairs, ok = gradcheck(lambda t: (t * t).log(), [1.6])
    assert ok
    assert close(pairs[0][0], 2 / 1.6)


def test_three_inputs_weighted():
    _, ok = gradcheck(lambda p, q, r: p * 0.5 + q * q * r, [1.0, -2.0, 0.3])
    assert ok


def test_data_of_power():
    assert close((Value(2.0) ** 5).data, 32.0)
'''

# Qadir: the answer, then a unittest class of his own around it
Q3 = ANSWER_HEAD + ANSWER + '''

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
'''

HONEST = {"q1": Q1, "q2": Q2, "q3": Q3}
COPIES = {"q1copy": Q1COPY}

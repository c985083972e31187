"""Tests given with the homework: run `python -m pytest tests/` from the homework's folder."""
import math

from micrograd.engine import Value


def close(a, b, tol=1e-6):
    return abs(a - b) < tol


def test_add_mul():
    a, b = Value(2.0), Value(-3.0)
    c = a * b + a
    c.backward()
    assert close(c.data, -4.0)
    assert close(a.grad, -2.0)
    assert close(b.grad, 2.0)


def test_reuse():
    a = Value(3.0)
    b = a * a + a
    b.backward()
    assert close(a.grad, 7.0)


def test_tanh():
    x = Value(0.5)
    y = x.tanh()
    y.backward()
    assert close(y.data, math.tanh(0.5))
    assert close(x.grad, 1 - math.tanh(0.5) ** 2)


def test_pow_div():
    x = Value(2.0)
    y = x ** 3 / 4
    y.backward()
    assert close(y.data, 2.0)
    assert close(x.grad, 3.0)

import math
from engine import Value


def numeric(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)


def test_sigmoid_grad():
    x = Value(0.3)
    x.sigm().backward()
    s = 1 / (1 + math.exp(-0.3))
    assert math.isclose(x.grad, s * (1 - s), rel_tol=1e-9)


def test_softplus_grad():
    x = Value(-0.7)
    x.splus().backward()
    assert math.isclose(x.grad, numeric(lambda t: math.log(1 + math.exp(t)), -0.7), rel_tol=1e-6)

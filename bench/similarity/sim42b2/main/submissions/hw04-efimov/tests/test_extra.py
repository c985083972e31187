import math
from engine import Value

def test_softplus_grad():
    x = Value(-0.7)
    x.softplus().backward()
    assert math.isclose(x.grad, central_diff(lambda t: math.log(1 + math.exp(t)), -0.7), rel_tol=1e-06)

def test_sigmoid_grad():
    x = Value(0.3)
    x.sigmoid().backward()
    s = 1 / (1 + math.exp(-0.3))
    assert math.isclose(x.grad, s * (1 - s), rel_tol=1e-09)

def central_diff(f, x, h=1e-06):
    return (f(x + h) - f(x - h)) / (2 * h)

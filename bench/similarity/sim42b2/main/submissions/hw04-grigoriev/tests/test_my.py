import math
from engine import Value


def test_edges_hold_local_derivatives():
    a, b = Value(2.0), Value(5.0)
    c = a * b
    assert [d for _, d in c.edges] == [5.0, 2.0]


def test_long_chain():
    x = Value(1.0)
    y = x
    for _ in range(5000):
        y = y + x
    y.backward()
    assert x.grad == 5001

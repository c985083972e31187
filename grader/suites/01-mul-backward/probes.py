"""Probes of 01-mul-backward: products whose gradients need `__mul__`'s backward rule.

Each probe builds a fresh expression, calls `backward()` once and returns what
it saw; its docstring's first line is the expression as the student reads it.
"""

from probekit import grads, number, with_numeric


def mul_values(V):
    """y = a * b at a = 3, b = -2"""
    a, b = V(3.0), V(-2.0)
    y = a * b
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def mul_fractions(V):
    """y = a * b at a = -0.5, b = 1.25"""
    a, b = V(-0.5), V(1.25)
    y = a * b
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def mul_chain(V):
    """y = (a * b) * c at a = 2, b = -3, c = 0.5"""
    a, b, c = V(2.0), V(-3.0), V(0.5)
    ab = a * b
    y = ab * c
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c, "a * b": ab})}


def mul_after_add(V):
    """y = (a + b) * c at a = 1.5, b = 2, c = -4"""
    a, b, c = V(1.5), V(2.0), V(-4.0)
    s = a + b
    y = s * c
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c, "a + b": s})}


def mul_constant_right(V):
    """y = a * 4 at a = -1.5 (a constant on the right of *)"""
    a = V(-1.5)
    y = a * 4
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def mul_constant_left(V):
    """y = 4 * a at a = -1.5 (a constant on the left of *)"""
    a = V(-1.5)
    y = 4 * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def mul_constant_both(V):
    """y = (a * 3) * (2 * b) at a = 1.5, b = -0.5 (constants on both sides)"""
    a, b = V(1.5), V(-0.5)
    left, right = a * 3, 2 * b
    y = left * right
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def shared_mul(V):
    """y = a * a at a = 3"""
    a = V(3.0)
    y = a * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def shared_cube(V):
    """y = a * a * a at a = 2 (course: d/dx x³ at 2 = 12)"""
    a = V(2.0)
    y = a * a * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def shared_products(V):
    """y = a * b + a * c + b * c at a = 2, b = -1, c = 3"""
    a, b, c = V(2.0), V(-1.0), V(3.0)
    y = a * b + a * c + b * c
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c})}


def int_data(V):
    """y = a * b at a = 3, b = 4 (int data)"""
    a, b = V(3), V(4)
    y = a * b
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def neuron(V):
    """n = relu(w1*x1 + w2*x2 + b) at x1 = 2, x2 = 0, w1 = -3, w2 = 1, b = 6.88"""
    x1, x2, w1, w2, b = V(2.0), V(0.0), V(-3.0), V(1.0), V(6.88)
    n = (w1 * x1 + w2 * x2 + b).relu()
    n.backward()
    return {"n": number(n.data, "n"), **grads({"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b})}


def numeric_products(V):
    """f(a, b, c) = (a * b + c) * (b * c) at a = 0.7, b = -1.3, c = 2.1"""
    return with_numeric(V, lambda a, b, c: (a * b + c) * (b * c), {"a": 0.7, "b": -1.3, "c": 2.1})

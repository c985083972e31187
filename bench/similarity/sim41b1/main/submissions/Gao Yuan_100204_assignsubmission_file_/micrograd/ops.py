"""各个运算：前向计算与反向规则（局部导数 × 上游梯度 out.grad）。

每个函数接收 Value（或数字），返回新的 Value out，并给 out 设置 _backward：
它把 out.grad 乘以局部导数，累加（+=，不是 =）到每个输入的 grad 上。
"""

import math


def as_value(x):
    """把数字包装成 Value；已经是 Value 的原样返回。"""
    from .engine import Value

    return x if isinstance(x, Value) else Value(x)


def add(a, b):
    b = as_value(b)
    out = type(a)(a.data + b.data, (a, b), "+")

    def _backward():
        d_a, d_b = 1.0, 1.0
        a.grad += d_a * out.grad
        b.grad += d_b * out.grad

    out._backward = _backward
    return out


def mul(a, b):
    b = as_value(b)
    out = type(a)(a.data * b.data, (a, b), "*")

    def _backward():
        d_a, d_b = b.data, a.data
        a.grad += d_a * out.grad
        b.grad += d_b * out.grad

    out._backward = _backward
    return out


def power(a, n):
    assert isinstance(n, (int, float)), "指数只能是常数"
    out = type(a)(a.data ** n, (a,), f"**{n}")

    def _backward():
        d_a = n * a.data ** (n - 1)
        a.grad += d_a * out.grad

    out._backward = _backward
    return out


def relu(a):
    out = type(a)(a.data if a.data > 0 else 0.0, (a,), "relu")

    def _backward():
        d_a = 1.0 if out.data > 0 else 0.0
        a.grad += d_a * out.grad

    out._backward = _backward
    return out


def tanh(a):
    t = math.tanh(a.data)
    out = type(a)(t, (a,), "tanh")

    def _backward():
        d_a = 1.0 - t * t
        a.grad += d_a * out.grad

    out._backward = _backward
    return out


def exp(a):
    out = type(a)(math.exp(a.data), (a,), "exp")

    def _backward():
        d_a = out.data
        a.grad += d_a * out.grad

    out._backward = _backward
    return out


def log(a):
    out = type(a)(math.log(a.data), (a,), "log")

    def _backward():
        d_a = 1.0 / a.data
        a.grad += d_a * out.grad

    out._backward = _backward
    return out

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
        # TODO(1): 加法对两个输入的局部导数都是 1
        a.grad += out.grad
        b.grad += out.grad

    out._backward = _backward
    return out


def mul(a, b):
    b = as_value(b)
    out = type(a)(a.data * b.data, (a, b), "*")

    def _backward():
        # TODO(2): 乘法对一个输入的局部导数是另一个输入的值
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad

    out._backward = _backward
    return out


def power(a, n):
    assert isinstance(n, (int, float)), "指数只能是常数"
    out = type(a)(a.data ** n, (a,), f"**{n}")

    def _backward():
        # TODO(3): d(x^n)/dx = n * x^(n-1)
        a.grad += n * (a.data ** (n - 1)) * out.grad

    out._backward = _backward
    return out


def relu(a):
    out = type(a)(a.data if a.data > 0 else 0.0, (a,), "relu")

    def _backward():
        # TODO(4): 输出为正时局部导数为 1，否则为 0
        a.grad += (out.data > 0) * out.grad

    out._backward = _backward
    return out


def tanh(a):
    t = math.tanh(a.data)
    out = type(a)(t, (a,), "tanh")

    def _backward():
        # TODO(5): 局部导数 1 - t^2，t 是输出
        daoshu = 1 - a.data ** 2  # tanh 的导数
        a.grad += daoshu * out.grad

    out._backward = _backward
    return out


def exp(a):
    out = type(a)(math.exp(a.data), (a,), "exp")

    def _backward():
        # TODO(6): exp 的导数就是它的输出
        a.grad += out.data * out.grad

    out._backward = _backward
    return out


def log(a):
    out = type(a)(math.log(a.data), (a,), "log")

    def _backward():
        # TODO(7): 局部导数 1/x，x 是输入
        a.grad += out.grad / a.data

    out._backward = _backward
    return out

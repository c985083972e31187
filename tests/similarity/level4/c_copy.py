"""HW3: reverse-mode autodiff. The operations are plain functions, attached to Value at the end of the module."""

import math
from collections import deque


class Value:
    __slots__ = "data", "grad", "srcs", "slopes"

    def __init__(self, data, srcs=(), slopes=()):
        self.data, self.grad = float(data), 0.0
        # d self / d input, one per input, computed on the way forward
        self.srcs, self.slopes = srcs, slopes

    def __repr__(self):
        return "Value(%.5f, grad=%.5f)" % (self.data, self.grad)


def as_value(x):
    return x if isinstance(x, Value) else Value(x)


def v_add(a, b):
    b = as_value(b)
    return Value(a.data + b.data, (a, b), (1.0, 1.0))


def v_mul(a, b):
    b = as_value(b)
    return Value(a.data * b.data, (a, b), (b.data, a.data))


def v_pow(a, k):
    if isinstance(k, Value):
        raise NotImplementedError("Value ** Value: only a number as the exponent")
    return Value(a.data ** k, (a,), (k * a.data ** (k - 1),))


def v_exp(a):
    y = math.exp(min(a.data, 700.0))  # clipped: exp(710) is inf
    return Value(y, (a,), (y,))


def v_tanh(a):
    y = math.tanh(a.data)
    return Value(y, (a,), (1.0 - y * y,))


def v_log(a):
    return Value(math.log(a.data), (a,), (1.0 / a.data,))


def v_relu(a):
    on = a.data > 0
    return Value(a.data * on, (a,), (1.0 * on,))


def backprop(root):
    # Kahn: how many times each node feeds another one
    fan_out, todo = {}, [root]
    while todo:
        cur = todo.pop()
        for src in cur.srcs:
            if src not in fan_out:
                fan_out[src] = 0
                todo.append(src)
            fan_out[src] += 1
    root.grad = 1.0
    queue = deque([root])
    while queue:
        cur = queue.popleft()
        for src, d in zip(cur.srcs, cur.slopes):
            src.grad += d * cur.grad
            fan_out[src] -= 1
            if not fan_out[src]:  # every user has handed its gradient back
                queue.append(src)


Value.__add__ = Value.__radd__ = v_add
Value.__mul__ = Value.__rmul__ = v_mul
Value.__pow__ = v_pow
Value.exp, Value.tanh, Value.log, Value.relu = v_exp, v_tanh, v_log, v_relu
Value.__neg__ = lambda a: v_mul(a, -1.0)
Value.__sub__ = lambda a, b: v_add(a, v_mul(as_value(b), -1.0))
Value.__rsub__ = lambda a, b: v_add(v_mul(a, -1.0), b)
Value.__truediv__ = lambda a, b: v_mul(a, v_pow(as_value(b), -1))
Value.__rtruediv__ = lambda a, b: v_mul(v_pow(a, -1), b)
Value.backward = backprop

"""唐杰：每个运算返回 (结果, 局部导数元组)，Value 只负责连接与反向。"""

import math


def add(x, y):
    return x + y, (1.0, 1.0)


def mul(x, y):
    return x * y, (y, x)


def power(x, n):
    return x ** n, (n * x ** (n - 1),)


def relu(x):
    return (x, (1.0,)) if x > 0 else (0.0, (0.0,))


def tanh(x):
    t = math.tanh(x)
    return t, (1.0 - t * t,)


def exp(x):
    e = math.exp(x)
    return e, (e,)


def log(x):
    return math.log(x), (1.0 / x,)

"""标量自动微分。反向传播用协程：每个节点一个生成器，每次 yield 一个还没访问过的输入，驱动器用 send 告诉它该输入是否已经完成。"""

import math


class Value:
    def __init__(self, data, deps=(), rule=None):
        self.data = data
        self.grad = 0.0
        self.deps = deps
        self.rule = rule  # 本节点的梯度 -> 每个输入得到的梯度

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        return Value(self.data + rhs.data, (self, rhs), lambda g: (g, g))

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        p, q = self.data, rhs.data
        return Value(p * q, (self, rhs), lambda g: (q * g, p * g))

    def __pow__(self, k):
        p = self.data
        return Value(p ** k, (self,), lambda g: (k * p ** (k - 1) * g,))

    def relu(self):
        r = self.data if self.data > 0 else 0.0
        return Value(r, (self,), lambda g: ((r > 0) * g,))

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, (self,), lambda g: ((1 - y * y) * g,))

    def exp(self):
        y = math.exp(self.data)
        return Value(y, (self,), lambda g: (y * g,))

    def log(self):
        p = self.data
        return Value(math.log(p), (self,), lambda g: (g / p,))

    def __radd__(self, lhs):
        return self + lhs

    def __rmul__(self, lhs):
        return self * lhs

    def __neg__(self):
        return self * -1

    def __sub__(self, rhs):
        return self + (-rhs)

    def __rsub__(self, lhs):
        return lhs + (-self)

    def __truediv__(self, rhs):
        return self * rhs ** -1

    def __rtruediv__(self, lhs):
        return lhs * self ** -1

    def backward(self):
        finished = []
        for node in _walk(self):
            finished.append(node)
        self.grad = 1.0
        for node in reversed(finished):
            if node.rule is not None:
                for dep, g in zip(node.deps, node.rule(node.grad)):
                    dep.grad += g


def _visit(node, seen):
    """一个节点的协程：逐个交出未访问的输入；全部完成后返回。"""
    for dep in node.deps:
        if dep not in seen:
            seen.add(dep)
            yield dep


def _walk(root):
    """驱动所有协程，按完成顺序产出节点（后序 = 拓扑序）。"""
    seen = {root}
    frames = [(root, _visit(root, seen))]
    while frames:
        node, co = frames[-1]
        try:
            dep = co.send(None)
        except StopIteration:
            frames.pop()
            yield node
        else:
            frames.append((dep, _visit(dep, seen)))

import math

# Each operation name maps to a rule: given the node, return how much the
# node changes per unit change of each of its sources.
RULES = {
    "+": lambda node: (1.0, 1.0),
    "*": lambda node: (node.srcs[1].data, node.srcs[0].data),
    "^": lambda node: (node.power * node.srcs[0].data ** (node.power - 1),),
    "relu": lambda node: (1.0 if node.data > 0 else 0.0,),
    "tanh": lambda node: (1 - node.data ** 2,),
    "exp": lambda node: (node.data,),
    "log": lambda node: (1 / node.srcs[0].data,),
}


def as_value(thing):
    if isinstance(thing, Value):
        return thing
    return Value(thing)


def postorder(root):
    """Every node under root, each after all its sources."""
    result, seen, frames = [], {root}, [[root, 0]]
    while frames:
        top = frames[-1]
        current, pos = top
        if pos == len(current.srcs):
            frames.pop()
            result.append(current)
            continue
        top[1] = pos + 1
        nxt = current.srcs[pos]
        if nxt not in seen:
            seen.add(nxt)
            frames.append([nxt, 0])
    return result


class Value:
    def __init__(self, data, srcs=(), kind=None, power=None):
        self.data = float(data)
        self.grad = 0.0
        self.srcs = srcs
        self.kind = kind
        self.power = power

    def _make(self, result, srcs, kind, power=None):
        return Value(result, srcs, kind, power)

    def __add__(self, rhs):
        rhs = as_value(rhs)
        return self._make(self.data + rhs.data, (self, rhs), "+")

    __radd__ = __add__

    def __mul__(self, rhs):
        rhs = as_value(rhs)
        return self._make(self.data * rhs.data, (self, rhs), "*")

    __rmul__ = __mul__

    def __pow__(self, p):
        assert isinstance(p, (int, float)), "exponent must be a plain number"
        return self._make(self.data ** p, (self,), "^", p)

    def __neg__(self):
        return self * -1

    def __sub__(self, rhs):
        return self + (-as_value(rhs))

    def __rsub__(self, lhs):
        return as_value(lhs) - self

    def __truediv__(self, rhs):
        return self * as_value(rhs) ** -1

    def __rtruediv__(self, lhs):
        return as_value(lhs) * self ** -1

    def relu(self):
        return self._make(self.data if self.data > 0 else 0.0, (self,), "relu")

    def tanh(self):
        return self._make(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return self._make(math.exp(self.data), (self,), "exp")

    def log(self):
        return self._make(math.log(self.data), (self,), "log")

    def backward(self):
        self.grad = 1.0
        for node in reversed(postorder(self)):
            if node.kind is None:
                continue  # inputs have nothing to pass on
            slopes = RULES[node.kind](node)
            for src, slope in zip(node.srcs, slopes):
                src.grad += slope * node.grad

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, op={self.kind})"

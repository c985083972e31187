import math

# every operation: name -> (forward(*xs) -> value, backward(g, *xs, out) -> one gradient per input)
OPS = {
    "+": (lambda a, b: a + b, lambda g, a, b, out: (g, g)),
    "*": (lambda a, b: a * b, lambda g, a, b, out: (g * b, g * a)),
    "relu": (lambda a: a if a > 0 else 0.0, lambda g, a, out: (g if a > 0 else 0.0,)),
    "exp": (math.exp, lambda g, a, out: (g * out,)),
}


def apply(op, *args):
    args = tuple(x if isinstance(x, Value) else Value(x) for x in args)
    forward, _ = OPS[op]
    return Value(forward(*(x.data for x in args)), args, op)


def post_order(root):
    """Every node below root after all of its inputs; a stack of (node, inputs still to visit)."""
    order, seen = [], {root}
    stack = [(root, list(root.inputs)[::-1])]
    while stack:
        node, rest = stack[-1]
        if rest:
            nxt = rest.pop()
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, list(nxt.inputs)[::-1]))
        else:
            stack.pop()
            order.append(node)
    return order


class Value:
    def __init__(self, data, inputs=(), op=None):
        self.data = data
        self.grad = 0.0
        self.inputs = inputs
        self.op = op

    __add__ = lambda self, other: apply("+", self, other)
    __radd__ = lambda self, other: apply("+", other, self)
    __mul__ = lambda self, other: apply("*", self, other)
    __rmul__ = lambda self, other: apply("*", other, self)
    relu = lambda self: apply("relu", self)
    exp = lambda self: apply("exp", self)

    def backward(self):
        self.grad = 1.0
        for node in reversed(post_order(self)):
            if node.op is None:
                continue
            _, rule = OPS[node.op]
            grads = rule(node.grad, *(x.data for x in node.inputs), node.data)
            for x, g in zip(node.inputs, grads):
                x.grad += g

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"

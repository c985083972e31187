"""Scalar autodiff: one generic op body, instantiated for each operation in OPS."""
import math

# (method, parameters, forward value, local derivatives, tag)
OPS = (
    ("__add__", "self, other", "self.data + other.data", "1.0, 1.0", "add"),
    ("__mul__", "self, other", "self.data * other.data", "other.data, self.data", "mul"),
    ("__pow__", "self, k", "self.data ** k", "k * self.data ** (k - 1),", "pow"),
    ("relu", "self", "max(self.data, 0.0)", "float(self.data > 0),", "relu"),
    ("tanh", "self", "math.tanh(self.data)", "1.0 - math.tanh(self.data) ** 2,", "tanh"),
    ("exp", "self", "math.exp(self.data)", "math.exp(self.data),", "exp"),
    ("log", "self", "math.log(self.data)", "1.0 / self.data,", "log"),
)

BODY = """
def {method}({params}):
    {lift}
    out = Value({value}, ({inputs},), ({slopes}), "{tag}")
    return out
"""


class Value:
    def __init__(self, data, parents=(), slopes=(), op=""):
        self.data = data
        self.grad = 0.0
        self.parents = parents
        self.slopes = slopes
        self.op = op

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
            elif node not in seen:
                seen.add(node)
                stack.append((node, True))
                stack.extend((p, False) for p in node.parents)
        self.grad = 1.0
        for node in reversed(order):
            for parent, slope in zip(node.parents, node.slopes):
                parent.grad += slope * node.grad


for method, params, value, slopes, tag in OPS:
    scope = {"Value": Value, "math": math}
    lift = "other = other if isinstance(other, Value) else Value(other)" if "other" in params else "pass"
    exec(BODY.format(method=method, params=params, value=value, slopes=slopes, tag=tag, lift=lift,
                     inputs="self, other" if "other" in params else "self"), scope)
    setattr(Value, method, scope[method])

# PS1 -- engine.py
# The operations are all alike, so they are written once as a template and
# stamped out per operation from the table below.
import math

OPS = [
    # name, arguments, forward, local derivatives (one per Value argument)
    ("__add__", "self, other", "self.data + other.data", "1.0, 1.0"),
    ("__mul__", "self, other", "self.data * other.data", "other.data, self.data"),
    ("relu", "self", "self.data if self.data > 0 else 0.0", "1.0 if self.data > 0 else 0.0"),
    ("tanh", "self", "math.tanh(self.data)", "1.0 - math.tanh(self.data) ** 2"),
    ("exp", "self", "math.exp(self.data)", "math.exp(self.data)"),
    ("log", "self", "math.log(self.data)", "1.0 / self.data"),
]

TEMPLATE = '''
def {name}({args}):
    {coerce}
    inputs = ({inputs},)
    result = Value({forward})
    result.inputs = inputs
    result.locals = ({local},)
    result.op = "{name}"
    return result
'''


class Value:
    def __init__(self, data):
        self.data = data
        self.grad = 0.0
        self.inputs = ()
        self.locals = ()
        self.op = ""

    def __pow__(self, k):
        result = Value(self.data ** k)
        result.inputs = (self,)
        result.locals = (k * self.data ** (k - 1),)
        result.op = "__pow__"
        return result

    def backward(self):
        order = []
        placed = set()
        work = [(self, 0)]
        while work:
            node, i = work.pop()
            if i == 0 and node in placed:
                continue
            placed.add(node)
            if i < len(node.inputs):
                work.append((node, i + 1))
                work.append((node.inputs[i], 0))
            else:
                order.append(node)
        self.grad = 1.0
        for node in order[::-1]:
            for source, local in zip(node.inputs, node.locals):
                source.grad += local * node.grad

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, {self.op})"


for _name, _args, _forward, _local in OPS:
    _namespace = {"Value": Value, "math": math}
    exec(TEMPLATE.format(
        name=_name, args=_args, forward=_forward, local=_local,
        coerce="other = other if isinstance(other, Value) else Value(other)" if "other" in _args else "pass",
        inputs=_args), _namespace)
    setattr(Value, _name, _namespace[_name])

Value.__radd__ = lambda self, other: self + other
Value.__rmul__ = lambda self, other: self * other
Value.__neg__ = lambda self: self * -1
Value.__sub__ = lambda self, other: self + (-other if isinstance(other, Value) else -other)
Value.__rsub__ = lambda self, other: -self + other
Value.__truediv__ = lambda self, other: self * (other ** -1 if isinstance(other, Value) else 1.0 / other)
Value.__rtruediv__ = lambda self, other: self ** -1 * other
Node = Value

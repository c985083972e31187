"""HW1 autograd -- Lea B.

Every binary and unary operation has the same shape (compute, remember the parents,
say how to push the gradient back), so I write that shape once as source text and
let Python compile one method per row of SPEC. The walk is a plain recursive DFS.
"""
import math

# name, argument list, forward expression, the statements that push `g` (the output's
# gradient) back to the parents (`out` is the output node)
SPEC = [
    ("__add__", "self, other", "self.data + other.data", "self.grad += g; other.grad += g"),
    ("__mul__", "self, other", "self.data * other.data", "self.grad += g * other.data; other.grad += g * self.data"),
    ("relu", "self", "max(0.0, self.data)", "self.grad += g * (out.data > 0)"),
    ("tanh", "self", "math.tanh(self.data)", "self.grad += g * (1 - out.data ** 2)"),
    ("exp", "self", "math.exp(self.data)", "self.grad += g * out.data"),
    ("log", "self", "math.log(self.data)", "self.grad += g / self.data"),
]

SHAPE = """
def {name}({params}):
    {coerce}
    out = Value({forward})
    out.parents = ({parents},)

    def push(g):
        {pushes}

    out.push = push
    return out
"""


class Value:
    def __init__(self, data):
        self.data = data
        self.grad = 0.0
        self.parents = ()
        self.push = lambda g: None

    def __pow__(self, k):
        out = Value(self.data ** k)
        out.parents = (self,)

        def push(g):
            self.grad += g * k * self.data ** (k - 1)

        out.push = push
        return out

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + -1 * (other if isinstance(other, Value) else Value(other))

    def __rsub__(self, other):
        return Value(other) - self

    def __truediv__(self, other):
        return self * (other if isinstance(other, Value) else Value(other)) ** -1

    def __rtruediv__(self, other):
        return Value(other) / self

    def backward(self):
        topo, visited = [], set()

        def dfs(v):
            if v not in visited:
                visited.add(v)
                for p in v.parents:
                    dfs(p)
                topo.append(v)

        dfs(self)
        self.grad = 1.0
        for v in reversed(topo):
            v.push(v.grad)


for name, params, forward, pushes in SPEC:
    scope = {"Value": Value, "math": math}
    exec(SHAPE.format(name=name, params=params, forward=forward, pushes=pushes, parents=params,
                      coerce="other = other if isinstance(other, Value) else Value(other)" if "other" in params
                      else "pass"), scope)
    setattr(Value, name, scope[name])

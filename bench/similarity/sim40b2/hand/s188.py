# %% [markdown]
# # Fatima Al-Sayed — notebook 1
#
# My version: an `Op` enum, forward and backward as two tables of functions, and a `Value`
# that only records (op, inputs). I find the closures in the template hard to debug.

# %%
import enum
import math


class Op(enum.Enum):
    LEAF = "leaf"
    ADD = "+"
    MUL = "*"
    POW = "**"
    RELU = "relu"
    TANH = "tanh"
    EXP = "exp"
    LOG = "log"

# %% [markdown]
# Local derivatives: each function gets the output node and returns one number per input.

# %%
LOCAL = {
    Op.ADD: lambda n: (1.0, 1.0),
    Op.MUL: lambda n: (n.inputs[1].data, n.inputs[0].data),
    Op.POW: lambda n: (n.k * n.inputs[0].data ** (n.k - 1),),
    Op.RELU: lambda n: (1.0 if n.inputs[0].data > 0 else 0.0,),
    Op.TANH: lambda n: (1.0 - n.data ** 2,),
    Op.EXP: lambda n: (n.data,),
    Op.LOG: lambda n: (1.0 / n.inputs[0].data,),
}


class Value:
    def __init__(self, data, op=Op.LEAF, inputs=(), k=None):
        self.data, self.grad = float(data), 0.0
        self.op, self.inputs, self.k = op, inputs, k

    def __repr__(self):
        return f"Value({self.data:.4f}, {self.op.value}, grad={self.grad:.4f})"


def as_value(x):
    return x if isinstance(x, Value) else Value(x)

# %%
def _add(a, b):
    b = as_value(b)
    return Value(a.data + b.data, Op.ADD, (a, b))


def _mul(a, b):
    b = as_value(b)
    return Value(a.data * b.data, Op.MUL, (a, b))


Value.__add__ = _add
Value.__mul__ = _mul
Value.__radd__ = _add
Value.__rmul__ = _mul
Value.__pow__ = lambda a, k: Value(a.data ** k, Op.POW, (a,), k)
Value.relu = lambda a: Value(a.data if a.data > 0 else 0.0, Op.RELU, (a,))
Value.tanh = lambda a: Value(math.tanh(a.data), Op.TANH, (a,))
Value.exp = lambda a: Value(math.exp(a.data), Op.EXP, (a,))
Value.log = lambda a: Value(math.log(a.data), Op.LOG, (a,))
Value.__neg__ = lambda a: a * -1
Value.__sub__ = lambda a, b: a + -as_value(b)
Value.__rsub__ = lambda a, b: as_value(b) + -a
Value.__truediv__ = lambda a, b: a * as_value(b) ** -1
Value.__rtruediv__ = lambda a, b: as_value(b) * a ** -1

# %%
def backward(self):
    # number every node by its longest distance from the output, then go in that order
    level = {id(self): 0}
    nodes = {id(self): self}
    todo = [self]
    while todo:
        n = todo.pop()
        for i in n.inputs:
            if level.get(id(i), -1) < level[id(n)] + 1:
                level[id(i)] = level[id(n)] + 1
                nodes[id(i)] = i
                todo.append(i)
    self.grad = 1.0
    for key in sorted(nodes, key=level.get):
        n = nodes[key]
        if n.op is not Op.LEAF:
            for i, d in zip(n.inputs, LOCAL[n.op](n)):
                i.grad += d * n.grad


Value.backward = backward

# %%
if __name__ == "__main__":
    x = Value(1.0)
    y = x * x
    y.backward()
    print(x.grad)

# %% [markdown]
# Q1: `x * x` — two contributions. Q2: 0 (I chose `> 0`). Q3: the output is what we differentiate.

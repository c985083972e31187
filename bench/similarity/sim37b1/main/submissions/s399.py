"""INF-2310 Differentiable Programming -- Workshop 3: reverse mode by hand.

In this workshop you finish a tiny scalar autodiff engine. Every number in a
computation becomes a `Value` node. A node remembers the nodes it was made
from (`parents`), the name of the operation (`op`), and a function
`backward_fn` that pushes the node's gradient to its parents. Calling
`backward()` on the final node fills in `.grad` on every node it depends on.

Rules of the workshop
---------------------
* Work alone. You may talk about ideas, not share code. Copied work gets 0.
* Do not import anything except `math`. No numpy, no torch.
* Do not change the signatures, `__init__`, or the given helpers.
* Hand in this one file, `engine.py`, on the course site before Friday 18:00.

Marking (20 points)
-------------------
    Task 1  __add__, __mul__             4 points
    Task 2  __pow__                      2 points
    Task 3  relu, tanh, exp, log         8 points
    Task 4  backward                     6 points

The automatic marker builds expressions with your class, calls backward()
once on the result and compares every leaf's .grad with ours. It also
builds a chain of several thousand nodes, so a recursive backward() that
hits Python's recursion limit loses the points of Task 4.

Reminders from the lecture
--------------------------
* The chain rule one node at a time: parent.grad += local * node.grad.
* Use +=, never =: a node that is used twice gets gradient along both paths.
* A leaf has backward_fn = None. Skip it (or give it a function that does
  nothing).
* Visit a node only after every node that uses it: reverse topological
  order.

Worked example (from the lecture, check your engine against it)
---------------------------------------------------------------
    >>> a, b = Value(2.0), Value(-3.0)
    >>> c = a * b + a          # c = -4.0
    >>> c.backward()
    >>> a.grad, b.grad         # dc/da = b + 1, dc/db = a
    (-2.0, 2.0)

    >>> x = Value(0.5)
    >>> y = (x * x).tanh()     # y = tanh(0.25)
    >>> y.backward()
    >>> round(x.grad, 6)       # (1 - tanh(0.25)**2) * 2 * 0.5
    0.940015

Frequently asked questions
--------------------------
Q: My gradients are twice too large after calling backward() twice.
A: Gradients accumulate. Call zero_grad() on every node (see `trace`
   below) before a second backward pass, or build the graph again.

Q: x * x gives the wrong gradient.
A: Both inputs are the same node. If you use `=` instead of `+=`, or
   compute both updates before writing them, one path is lost.

Q: Can I add more methods or helpers?
A: Yes, as long as the given ones keep working. Keep everything in this
   file.

Q: Why is `backward_fn` None for a leaf and not a function?
A: So that you can see in the debugger which nodes are leaves. Your
   backward() has to skip them.

Q: How do I check a rule?
A: Use `numeric_grad` at the end of this file: nudge the input by a small
   h both ways and compare with your .grad.
"""

import math
from dataclasses import dataclass, field


@dataclass(eq=False)
class Node:
    """What the graph stores for one value: its number, gradient, inputs and slopes."""

    value: float
    grad: float = 0.0
    inputs: tuple = ()
    kind: str = ""
    slopes: tuple = field(default=())  # d(this)/d(input), one per input, filled in forward


class BackpropVisitor:
    """Visits the graph from the output back; each node hands its gradient to its inputs."""

    def __init__(self):
        self.order = []
        self.visited = set()

    def collect(self, root):
        stack = [(root, False)]
        while stack:
            node, after = stack.pop()
            if after:
                self.order.append(node)
            elif id(node) not in self.visited:
                self.visited.add(id(node))
                stack.append((node, True))
                stack.extend((inp, False) for inp in node.inputs)

    def visit(self, node):
        for inp, slope in zip(node.inputs, node.slopes):
            inp.grad += slope * node.grad

    def run(self, root):
        self.collect(root)
        root.grad = 1.0
        for node in reversed(self.order):
            self.visit(node)


def as_value(x):
    """Return x unchanged if it is a Value, otherwise wrap the number in one."""
    return x if isinstance(x, Value) else Value(x)


class Value:
    """A thin handle around a Node, with the operators the workshop asks for."""

    def __init__(self, data, _node=None):
        self.node = _node if _node is not None else Node(data)

    @classmethod
    def _from(cls, value, inputs, kind, slopes):
        return cls(None, Node(value, 0.0, tuple(v.node for v in inputs), kind, tuple(slopes)))

    data = property(lambda self: self.node.value)
    grad = property(lambda self: self.node.grad, lambda self, g: setattr(self.node, "grad", g))

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = as_value(other)
        return Value._from(self.data + other.data, (self, other), "a+b", (1.0, 1.0))

    def __mul__(self, other):
        other = as_value(other)
        return Value._from(self.data * other.data, (self, other), "a*b", (other.data, self.data))

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only constant powers"
        return Value._from(self.data ** k, (self,), f"x**{k}", (k * self.data ** (k - 1),))

    def relu(self):
        positive = self.data > 0
        return Value._from(self.data if positive else 0.0, (self,), "relu(x)", (float(positive),))

    def tanh(self):
        x = self.data
        t = 1.0 if x > 20 else -1.0 if x < -20 else math.tanh(x)
        return Value._from(t, (self,), "tanh(x)", (1.0 - t * t,))

    def exp(self):
        e = math.exp(self.data)
        return Value._from(e, (self,), "exp(x)", (e,))

    def log(self):
        return Value._from(math.log(self.data), (self,), "log(x)", (1.0 / self.data,))

    def backward(self):
        BackpropVisitor().run(self.node)

    def zero_grad(self):
        self.grad = 0.0

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-as_value(other))

    def __rsub__(self, other):
        return as_value(other) + (-self)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * as_value(other) ** -1

    def __rtruediv__(self, other):
        return as_value(other) * self ** -1

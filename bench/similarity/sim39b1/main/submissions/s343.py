"""ECE 3301 Differentiable Programming -- Problem Set 1: a scalar reverse-mode engine.

Every arithmetic operation on a `Node` makes a new Node that remembers its
parents *together with the local derivative* of the output with respect to
each parent, as a list of (parent, local_grad) pairs:

    z = x * y      ->   z.parents == [(x, y.data), (y, x.data)]

The local derivatives are numbers, computed in the forward pass. backward()
then only has to multiply and add:

    parent.grad += local_grad * node.grad        (the chain rule)

for every node in reverse topological order, starting from out.grad = 1.

Rules
-----
* Fill in the bodies marked `# TODO(ps1)`. Do not rename anything: the
  autograder imports `Value` (an alias of Node, at the bottom of the file).
* Only the standard library. No numpy, no torch.
* backward() must work on graphs with 10,000 nodes (no recursion!).
* Gradients accumulate (+=). Think about `x * x`.

Marking: Q1-Q6 2 points each, Q7 and Q8 4 points each. Office hours: Thu 4pm.

FAQ
---
Q: Do I need to handle `2 * x` and `x * 2`?
A: The derived ops below do that for you, as long as Q1-Q3 work.

Q: What should relu's derivative be at exactly 0?
A: 0. The autograder checks it.

Q: My backward() is right on small graphs but crashes on big ones.
A: You used recursion in topo_order. Use an explicit stack.

Q: Can I add helper methods?
A: Yes, as long as the names above still work.

Q: How do I test my code?
A: Use `numeric_grad` at the bottom of this file: it estimates a derivative
   with central differences. Compare it with what backward() gives.
"""

import math


class Node:
    """A scalar in the computation graph."""

    def __init__(self, data, parents=(), op=""):
        self.data = float(data)
        self.grad = 0.0
        # list of (parent Node, d self / d parent) pairs
        self.parents = list(parents)
        self.op = op

    @staticmethod
    def lift(x):
        """Wrap a plain number as a constant Node."""
        return x if isinstance(x, Node) else Node(x)

    # ---------------------------------------------------------------- ops

    def __add__(self, other):
        """z = self + other;  dz/dself = 1, dz/dother = 1."""
        other = Node.lift(other)
        t = self.data + other.data
        return Node(t, ((self, 1.0), (other, 1.0)), 'add')

    def __mul__(self, other):
        """z = self * other;  dz/dself = other, dz/dother = self."""
        other = Node.lift(other)
        t = self.data * other.data
        return Node(t, ((self, other.data), (other, self.data)), 'mul')

    def __pow__(self, k):
        """z = self ** k for a constant number k;  dz/dself = k * self ** (k - 1)."""
        assert isinstance(k, (int, float)), "exponent must be a number"
        x = self.data
        return Node(math.pow(x, k), ((self, k * math.pow(x, k - 1)),), 'pow')

    def relu(self):
        """z = max(0, self);  dz/dself = 1 if self > 0 else 0."""
        t = Node(self.data if self.data > 0 else 0, op='relu')
        t.parents = [(self, 1 if self.data > 0 else 0)]
        return t

    def tanh(self):
        """z = tanh(self);  dz/dself = 1 - z ** 2."""
        y = math.tanh(self.data)
        return Node(y, ((self, 1.0 - y * y),), 'tanh')

    def exp(self):
        """z = e ** self;  dz/dself = z."""
        e = math.exp(self.data)
        return Node(e, [(self, e)], 'exp')

    def log(self):
        """z = ln(self);  dz/dself = 1 / self."""
        x = self.data
        return Node(math.log(x), ((self, 1.0 / x),), "log")

    # -------------------------------------------------------- derived ops

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-Node.lift(other))

    def __rsub__(self, other):
        return Node.lift(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Node.lift(other) ** -1

    def __rtruediv__(self, other):
        return Node.lift(other) * self ** -1

    # ----------------------------------------------------------- backward

    def topo_order(self):
        """Every node this one depends on (itself included), each once, parents
        before children. Iterative: no recursion."""
        # reverse post-order
        count = {}
        todo = [self]
        while todo:
            n = todo.pop()
            for p, _ in n.parents:
                if p not in count:
                    count[p] = 0
                    todo.append(p)
                count[p] += 1
        ready, out = [self], []
        while ready:
            n = ready.pop()
            out.append(n)
            for p, _ in n.parents:
                count[p] -= 1
                if count[p] == 0:
                    ready.append(p)
        return out[::-1]

    def backward(self):
        """Fill in .grad of every node that self depends on."""
        nodes = self.topo_order()
        nodes.reverse()
        nodes[0].grad = 1
        for node in nodes:
            g = node.grad
            for p, local_grad in node.parents:
                p.grad = p.grad + local_grad * g

    def __repr__(self):
        return f"Node(data={self.data:.4g}, grad={self.grad:.4g}, op={self.op!r})"


# ------------------------------------------------------------------ utilities (given)

def numeric_grad(f, x, h=1e-6):
    """df/dx at the float x by central differences; f takes and returns a Node."""
    up = f(Node(x + h)).data
    down = f(Node(x - h)).data
    return (up - down) / (2 * h)


def show(node, indent=0):
    """Print the graph under `node`, one line per node (for debugging small graphs)."""
    print(" " * indent + repr(node))
    for parent, local in node.parents:
        print(" " * (indent + 2) + f"(local grad {local:.4g})")
        show(parent, indent + 4)


Value = Node  # the autograder's name

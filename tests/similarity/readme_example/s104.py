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


def as_value(x):
    """Return x unchanged if it is a Value, otherwise wrap the number in one."""
    return x if isinstance(x, Value) else Value(x)


class Value:
    """One scalar node of the computation graph, with its gradient."""

    def __init__(self, data, parents=(), op=""):
        self.data = data
        self.grad = 0.0
        self.parents = tuple(parents)
        self.op = op
        self.backward_fn = None  # set by the operation that made this node

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # ------------------------------------------------------------------
    # Task 1: addition and multiplication
    # ------------------------------------------------------------------

    def __add__(self, other):
        """self + other.

        Make the result node, then set its backward_fn so that both inputs
        receive the result's gradient (d(a+b)/da = d(a+b)/db = 1).

        Example: Value(2.0) + 3 gives Value(data=5.0); after backward()
        both inputs have grad 1.0. Plain numbers are wrapped with as_value.
        """
        # TODO Task 1a
        outro = as_value(other)
        saida = Value(self.data + outro.data, (self, outro), "+")

        def propagar():
            # a soma passa o gradiente igual para os dois lados
            self.grad += saida.grad
            outro.grad += saida.grad

        saida.backward_fn = propagar
        return saida

    def __mul__(self, other):
        """self * other.

        Each input receives the *other* input's value times the result's
        gradient (d(ab)/da = b, d(ab)/db = a).

        Example: for c = a * b with a = 2, b = -3, backward() gives
        a.grad = -3 and b.grad = 2. Remember x * x: the same node twice.
        """
        # TODO Task 1b
        outro = as_value(other)
        saida = Value(self.data * outro.data, (self, outro), "*")

        def propagar():
            # cada lado recebe o valor do outro vezes o gradiente de cima
            self.grad += outro.data * saida.grad
            outro.grad += self.data * saida.grad

        saida.backward_fn = propagar
        return saida

    # ------------------------------------------------------------------
    # Task 2: powers by a constant
    # ------------------------------------------------------------------

    def __pow__(self, k):
        """self ** k for a plain int or float k (not a Value).

        d(x**k)/dx = k * x**(k - 1).

        Example: Value(3.0) ** 2 is 9.0 and its slope at 3 is 6.
        Negative powers are used by division: a / b = a * b ** -1.
        """
        assert isinstance(k, (int, float)), "only constant powers"
        # TODO Task 2
        saida = Value(self.data ** k, (self,), "pow")

        def propagar():
            # regra da potência: k * x^(k-1)
            self.grad += k * (self.data ** (k - 1)) * saida.grad

        saida.backward_fn = propagar
        return saida

    # ------------------------------------------------------------------
    # Task 3: functions of one input
    # ------------------------------------------------------------------

    def relu(self):
        """max(0, x). Its slope is 1 where x > 0 and 0 elsewhere (also at 0).

        Example: Value(-1.0).relu() is 0.0 and passes no gradient back;
        Value(2.0).relu() is 2.0 and passes the gradient unchanged.
        """
        # TODO Task 3a
        if self.data > 0:
            saida = Value(self.data, (self,), "relu")
        else:
            saida = Value(0.0, (self,), "relu")

        def propagar():
            # derivada 1 se positivo, senão 0
            if self.data > 0:
                self.grad += saida.grad

        saida.backward_fn = propagar
        return saida

    def tanh(self):
        """tanh(x). Its slope is 1 - tanh(x)**2: reuse the output.

        Example: Value(0.0).tanh() is 0.0 and its slope there is 1.
        Use math.tanh; do not write your own series.
        """
        # TODO Task 3b
        th = math.tanh(self.data)
        saida = Value(th, (self,), "tanh")

        def propagar():
            # 1 - tanh^2, usando a saída
            self.grad += (1.0 - th * th) * saida.grad

        saida.backward_fn = propagar
        return saida

    def exp(self):
        """e**x. Its slope is e**x itself.

        Example: Value(0.0).exp() is 1.0 and its slope there is 1.
        Large inputs overflow; the marker does not test them.
        """
        # TODO Task 3c
        saida = Value(math.exp(self.data), (self,), "exp")

        def propagar():
            # a derivada de e^x é e^x
            self.grad += saida.data * saida.grad

        saida.backward_fn = propagar
        return saida

    def log(self):
        """The natural log, for x > 0. Its slope is 1/x (x the input!).

        Example: Value(1.0).log() is 0.0 and its slope there is 1.
        A common slip is dividing by the output instead of the input.
        """
        # TODO Task 3d
        saida = Value(math.log(self.data), (self,), "log")

        def propagar():
            # derivada do log: 1/x (x é a entrada)
            self.grad += saida.grad / self.data

        saida.backward_fn = propagar
        return saida

    # ------------------------------------------------------------------
    # Task 4: backpropagation
    # ------------------------------------------------------------------

    def backward(self):
        """Fill in .grad of every node this one depends on.

        1. Put the nodes in topological order (parents before children).
        2. Set self.grad = 1.0.
        3. Call each node's backward_fn in reverse order.

        The marker calls this once per graph. A recursive depth-first
        search is fine for small graphs, but the chain test has thousands
        of nodes: use your own stack, or raise the recursion limit.
        """
        # TODO Task 4
        # ordem topológica sem recursão (a cadeia longa estoura a pilha)
        ordem = []
        visitados = set()
        pilha = [(self, 0)]
        while pilha:
            no, estado = pilha.pop()
            if estado == 1:
                ordem.append(no)
            elif no not in visitados:
                visitados.add(no)
                pilha.append((no, 1))
                for pai in no.parents:
                    pilha.append((pai, 0))
        self.grad = 1.0
        # de trás para frente
        for no in ordem[::-1]:
            if no.backward_fn is not None:
                no.backward_fn()

    # ------------------------------------------------------------------
    # Given: everything below is built from the tasks above
    # ------------------------------------------------------------------

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

    def zero_grad(self):
        """Set .grad back to 0 on this node (call it on every node between two backward passes)."""
        self.grad = 0.0


# ----------------------------------------------------------------------
# Given helpers for testing your engine (not marked)
# ----------------------------------------------------------------------

def trace(root):
    """Every node and edge reachable from root, as two sets (for drawing or zeroing)."""
    nodes, edges = set(), set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node not in nodes:
            nodes.add(node)
            for parent in node.parents:
                edges.add((parent, node))
                stack.append(parent)
    return nodes, edges


def numeric_grad(f, x, h=1e-6):
    """(f(x + h) - f(x - h)) / 2h for a function f of one float: compare it with your .grad."""
    return (f(x + h) - f(x - h)) / (2 * h)


def check_rule(name, f, x):
    """Print your gradient of f at x next to numeric_grad's, for one of your operations."""
    v = Value(x)
    f(v).backward()
    numeric = numeric_grad(lambda t: f(Value(t)).data, x)
    print(f"{name:>6}: backward {v.grad:+.6f}  numeric {numeric:+.6f}")


if __name__ == "__main__":
    # the example of micrograd's README, checked against the values it prints
    a = Value(-4.0)
    b = Value(2.0)
    c = a + b
    d = a * b + b**3
    c += c + 1
    c += 1 + c + (-a)
    d += d * 2 + (b + a).relu()
    d += 3 * d + (b - a).relu()
    e = c - d
    f = e**2
    g = f / 2.0
    g += 10.0 / f
    g.backward()
    assert abs(g.data - 24.7041) < 1e-4
    assert abs(a.grad - 138.8338) < 1e-4
    assert abs(b.grad - 645.5773) < 1e-4
    print("ok")

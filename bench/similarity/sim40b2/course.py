"""The course's notebook (Autodiff Bootcamp, notebook 1), the lecture's cells, the TA's post and the public blog
notebook, as cell lists: [(kind, source)] with kind "md" or "code"; a code cell's TODO is `# TODO(nb1) KEY` followed
by `pass`."""

INTRO = """# Autodiff Bootcamp — Notebook 1: a scalar autograd engine

In this notebook you build `Value`, a number that remembers how it was computed, and
`backward()`, which walks that computation backwards and fills in every gradient.

**Hand in** this notebook, `engine.ipynb`, with every cell run (Kernel → Restart & Run All).
The autograder imports your code cells as one module and tests `Value`: the `if __name__`
cells are skipped there, so keep your experiments inside them."""

CLASS_MD = """## 1. The `Value` class

Every operation returns a new `Value` whose `_prev` holds the inputs and whose `_backward`
is a small closure: it knows the *local* derivative of the output with respect to each
input and adds `local * out.grad` to that input's `grad`.

Fill in the four `_backward` closures marked `# TODO(nb1)`. Remember: **`+=`, never `=`**."""

CLASS_CODE = '''import math


class Value:
    """A scalar with a gradient."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            # TODO(nb1) add
            pass

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            # TODO(nb1) mul
            pass

        out._backward = _backward
        return out

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only numbers as exponents"
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            # TODO(nb1) pow
            pass

        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def _backward():
            # TODO(nb1) relu
            pass

        out._backward = _backward
        return out

    # derived operations: given
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
        return other * self ** -1'''

MORE_MD = """## 2. More functions: `tanh`, `exp`, `log`

In a notebook it is handy to add a method to a class after the fact: define a function
whose first argument is `self`, then attach it with `Value.tanh = tanh`.

* $\\tanh'(x) = 1 - \\tanh^2(x)$
* $(e^x)' = e^x$
* $(\\ln x)' = 1/x$"""

MORE_CODE = '''def tanh(self):
    t = math.tanh(self.data)
    out = Value(t, (self,), "tanh")

    def _backward():
        # TODO(nb1) tanh
        pass

    out._backward = _backward
    return out


def exp(self):
    out = Value(math.exp(self.data), (self,), "exp")

    def _backward():
        # TODO(nb1) exp
        pass

    out._backward = _backward
    return out


def log(self):
    out = Value(math.log(self.data), (self,), "log")

    def _backward():
        # TODO(nb1) log
        pass

    out._backward = _backward
    return out


Value.tanh = tanh
Value.exp = exp
Value.log = log'''

BACKWARD_MD = """## 3. `backward()`

1. Put every node of the graph in **topological order** (a node after all its inputs).
2. Set `self.grad = 1.0`.
3. Call every node's `_backward()` in **reverse** order.

The autograder builds a chain of 10,000 nodes: a recursive topological sort overflows
Python's stack. Use an explicit stack (or Kahn's algorithm)."""

BACKWARD_CODE = '''def backward(self):
    # TODO(nb1) backward
    pass


Value.backward = backward'''

TRY_MD = """## 4. Try it

After your changes this cell prints `-3.0 2.0` then `1.0` (and `2.0` for `x * x` at 1)."""

TRY_CODE = '''if __name__ == "__main__":
    a, b = Value(2.0), Value(-3.0)
    c = a * b
    c.backward()
    print(a.grad, a.data)
    x = Value(1.0)
    y = x * x
    y.backward()
    print(x.grad)'''

TRY_OUTPUT = "-3.0 2.0\n2.0\n"

QUESTIONS_MD = """## 5. Questions

**Q1.** Why must `_backward` *add* to `grad` instead of assigning it? Give a graph where `=` is wrong.

**Q2.** What is `relu`'s derivative at exactly 0 in your code, and why does it hardly matter in training?

**Q3.** Why is `backward()` called on the output and not on the inputs?"""

ANSWER_MD = "*Your answers here.*"

STARTER = [("md", INTRO), ("md", CLASS_MD), ("code", CLASS_CODE), ("md", MORE_MD), ("code", MORE_CODE),
           ("md", BACKWARD_MD), ("code", BACKWARD_CODE), ("md", TRY_MD), ("code", TRY_CODE),
           ("md", QUESTIONS_MD), ("md", ANSWER_MD)]

# The lecture's notebook cell (lecture 2, shown live and posted): the bodies the lecturer typed
LECTURE = {
    "add": "self.grad += out.grad\nother.grad += out.grad",
    "mul": "self.grad += other.data * out.grad\nother.grad += self.data * out.grad",
    "pow": "self.grad += k * self.data ** (k - 1) * out.grad",
    "relu": "self.grad += (out.data > 0) * out.grad",
    "tanh": "self.grad += (1 - t ** 2) * out.grad",
    "exp": "self.grad += out.data * out.grad",
    "log": "self.grad += (1 / self.data) * out.grad",
    "backward": '''topo, visited = [], set()
stack = [(self, False)]
while stack:
    node, expanded = stack.pop()
    if expanded:
        topo.append(node)
    elif node not in visited:
        visited.add(node)
        stack.append((node, True))
        for child in node._prev:
            stack.append((child, False))
self.grad = 1.0
for node in reversed(topo):
    node._backward()''',
}

# The TA's post on the course forum ("backward without recursion, three ways: this is the one I'd use"): Kahn
TA = {
    "add": "self.grad += 1.0 * out.grad\nother.grad += 1.0 * out.grad",
    "mul": "self.grad += other.data * out.grad\nother.grad += self.data * out.grad",
    "pow": "self.grad += (k * self.data ** (k - 1)) * out.grad",
    "relu": "self.grad += (1.0 if self.data > 0 else 0.0) * out.grad",
    "tanh": "self.grad += (1.0 - t * t) * out.grad",
    "exp": "self.grad += math.exp(self.data) * out.grad",
    "log": "self.grad += out.grad / self.data",
    "backward": '''# Kahn: count how many nodes use each node, release a node when all its users are done
users = {}
seen, todo = {self}, [self]
while todo:
    node = todo.pop()
    for child in node._prev:
        users[child] = users.get(child, 0) + 1
        if child not in seen:
            seen.add(child)
            todo.append(child)
self.grad = 1.0
ready = [self]
while ready:
    node = ready.pop()
    node._backward()
    for child in node._prev:
        users[child] -= 1
        if users[child] == 0:
            ready.append(child)''',
}

# The public notebook a student finds: "micrograd in one notebook" (a blog post's companion notebook, CC0,
# public/LICENSE): written for this class; its own cells, not the course's
PUBLIC = [
    ("md", "# micrograd in one notebook\n\nA tiny autograd engine in one notebook, after Andrej Karpathy's "
           "micrograd. Companion to the post *Backprop you can read in one sitting*. CC0: copy freely."),
    ("code", "import math"),
    ("md", "## The node\n\nEach node stores its value, its gradient, its parents and how to push the gradient "
           "back to them."),
    ("code", '''class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f})"

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._v(other)
        out = Value(self.data + other.data, (self, other), "+")
        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = Value._v(other)
        out = Value(self.data * other.data, (self, other), "*")
        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __pow__(self, n):
        out = Value(self.data ** n, (self,), f"^{n}")
        def _backward():
            self.grad += n * self.data ** (n - 1) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(max(0.0, self.data), (self,), "relu")
        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")
        def _backward():
            self.grad += (1 - t * t) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")
        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")
        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out

    def __neg__(self): return self * -1
    def __radd__(self, other): return self + other
    def __sub__(self, other): return self + (-other)
    def __rsub__(self, other): return other + (-self)
    def __rmul__(self, other): return self * other
    def __truediv__(self, other): return self * other ** -1
    def __rtruediv__(self, other): return other * self ** -1'''),
    ("md", "## backward without recursion\n\nA recursive topological sort is the textbook version, but Python "
           "stops at about a thousand frames. Here is the same post-order with an explicit stack of iterators."),
    ("code", '''def backward(self):
    order, seen = [], {self}
    stack = [(self, iter(self._prev))]
    while stack:
        node, parents = stack[-1]
        nxt = next(parents, None)
        if nxt is None:
            stack.pop()
            order.append(node)
        elif nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, iter(nxt._prev)))
    self.grad = 1.0
    for node in reversed(order):
        node._backward()


Value.backward = backward'''),
    ("md", "## Check it against a finite difference"),
    ("code", '''if __name__ == "__main__":
    x = Value(0.5)
    f = lambda v: (v * v + 1).log() * v.tanh()
    y = f(x)
    y.backward()
    h = 1e-6
    print(x.grad, (f(Value(0.5 + h)).data - f(Value(0.5 - h)).data) / (2 * h))'''),
]
PUBLIC_OUTPUT = {7: "0.5451844658650341 0.5451844658915794\n"}

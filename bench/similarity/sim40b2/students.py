"""The students of sim40b2, each written as that student would (see README.md): bodies for the starter's TODOs
(`# TODO(nb1) KEY`), their markdown answers, scratch cells and outputs. A spec's keys: the eight bodies; "answers"
(the markdown that replaces *Your answers here.*); "name" (a markdown cell put first); "extra" [(after cell index of
the starter, kind, source, output or None)]; "try_output" (the Try it cell's output, None to leave it unrun);
"keep_todo"."""

HANNAH = {
    "name": "**Hannah Weber** — Autodiff Bootcamp, cohort B",
    "add": "self.grad += out.grad\nother.grad += out.grad",
    "mul": "self.grad += other.data * out.grad\nother.grad += self.data * out.grad",
    "pow": "self.grad += k * (self.data ** (k - 1)) * out.grad",
    "relu": "if self.data > 0:\n    self.grad += out.grad",
    "tanh": "self.grad += (1 - t ** 2) * out.grad",
    "exp": "self.grad += out.data * out.grad",
    "log": "self.grad += out.grad / self.data",
    "backward": '''# count the users of every node (Kahn), then release nodes whose users are all done
from collections import deque
indegree = {}
queue = deque([self])
found = {self}
while queue:
    v = queue.popleft()
    for p in v._prev:
        indegree[p] = indegree.get(p, 0) + 1
        if p not in found:
            found.add(p)
            queue.append(p)
self.grad = 1.0
queue = deque([self])
while queue:
    v = queue.popleft()
    v._backward()
    for p in v._prev:
        indegree[p] -= 1
        if indegree[p] == 0:
            queue.append(p)''',
    "answers": """**A1.** Because a value can feed several operations: in `y = x * x` the two inputs of the product are the same
node, and each path contributes `x.data * out.grad`. With `=` the second write replaces the first, and we get
half the gradient.

**A2.** My `relu` gives 0 at exactly 0 (the `if self.data > 0` is false). A float landing on exactly 0.0 is rare
with random weights, so the choice almost never changes an update.

**A3.** Because `backward()` computes d(this node)/d(everything below it): the output is the thing we differentiate.""",
    "extra": [(8, "code", '''# my diamond check
d = Value(3.0)
e = d * 2 + d * 5
e.backward()
d.grad''', "7.0")],
    "try_output": "-3.0 2.0\n2.0\n",
}

JONAS = {
    "name": "Jonas Krüger, Notebook 1",
    "add": "for v in (self, other):\n    v.grad += out.grad",
    "mul": "self.grad += out.grad * other.data\nother.grad += out.grad * self.data",
    "pow": "self.grad += out.grad * k * self.data ** (k - 1)",
    "relu": "self.grad += out.grad * (1.0 if out.data > 0 else 0.0)",
    "tanh": "self.grad += out.grad * (1.0 - t * t)",
    "exp": "self.grad += out.grad * out.data",
    "log": "self.grad += out.grad * (1.0 / self.data)",
    "backward": '''order, seen = [], set()
frames = [(self, iter(self._prev))]
seen.add(self)
while frames:
    node, it = frames[-1]
    for child in it:
        if child not in seen:
            seen.add(child)
            frames.append((child, iter(child._prev)))
            break
    else:
        frames.pop()
        order.append(node)
self.grad = 1.0
for node in order[::-1]:
    node._backward()''',
    "extra": [(0, "code", "%matplotlib inline", None),
              (8, "md", "### tanh and its derivative\n\nPlotting `tanh` and the gradient my engine gives.", None),
              (8, "code", '''if __name__ == "__main__":
    import matplotlib.pyplot as plt
    xs = [i / 10 for i in range(-40, 41)]
    ys, gs = [], []
    for x0 in xs:
        v = Value(x0)
        t = v.tanh()
        t.backward()
        ys.append(t.data)
        gs.append(v.grad)
    plt.plot(xs, ys, label="tanh")
    plt.plot(xs, gs, label="d tanh / dx")
    plt.legend()
    plt.show()''', "<Figure size 640x480 with 1 Axes>")],
    "answers": """A1: `x * x` — both `_backward` writes go to the same `x.grad`, so assigning keeps only one of them.

A2: 0, since `out.data > 0` is False there. Exactly-zero inputs basically never happen.

A3: the output is the root of the graph; we want its derivative w.r.t. every leaf.""",
    "try_output": "-3.0 2.0\n2.0\n",
}

PRIYANKA = {
    "name": "Priyanka Nair (pn2291)",
    "add": "self.grad += out.grad  # d(a+b)/da = 1\nother.grad += out.grad  # d(a+b)/db = 1",
    "mul": "self.grad += other.data * out.grad  # d(ab)/da = b\nother.grad += self.data * out.grad  # d(ab)/db = a",
    "pow": "self.grad += k * self.data ** (k - 1) * out.grad  # power rule",
    "relu": "self.grad += out.grad if self.data > 0 else 0.0  # 0 at 0",
    "tanh": "self.grad += (1 - t * t) * out.grad  # 1 - tanh^2",
    "exp": "self.grad += math.exp(self.data) * out.grad  # e^x",
    "log": "self.grad += out.grad * self.data ** -1  # 1/x",
    "backward": '''post, done = [], set()
todo = [(self, 0)]
while todo:
    v, phase = todo.pop()
    if phase == 1:
        post.append(v)
        continue
    if id(v) in done:
        continue
    done.add(id(v))
    todo.append((v, 1))
    todo.extend((c, 0) for c in v._prev if id(c) not in done)
self.grad = 1.0
for v in reversed(post):
    v._backward()''',
    "answers": "1. Reuse (x*x, or a diamond).\n2. Zero; measure-zero event.\n3. It is the function we differentiate.",
    "extra": [(8, "code", "print(Value(2.0) * Value(4.0))", "Value(data=8.0, grad=0.0)\n")],
    "try_output": "-3.0 2.0\n2.0\n",
}

MEHMET = {
    "name": "# Mehmet Yılmaz\nNotebook 1 submission",
    "add": "self.grad += out.grad\nother.grad += out.grad",
    "mul": "a, b = self.data, other.data\nself.grad += b * out.grad\nother.grad += a * out.grad",
    "pow": "self.grad += (k * self.data ** (k - 1)) * out.grad",
    "relu": "self.grad += (self.data > 0) * out.grad",
    "tanh": "self.grad += (1 - out.data ** 2) * out.grad",
    "exp": "self.grad += out.data * out.grad",
    "log": "self.grad += out.grad / self.data",
    "backward": '''path = [[self, list(self._prev)]]
marked = {id(self)}
topo = []
while path:
    top = path[-1]
    if top[1]:
        child = top[1].pop()
        if id(child) not in marked:
            marked.add(id(child))
            path.append([child, list(child._prev)])
    else:
        path.pop()
        topo.append(top[0])
self.grad = 1.0
for node in reversed(topo):
    if node.grad != 0.0:
        node._backward()''',
    "extra": [(2, "code", "v = Value(5.0)\nv", "Value(data=5.0, grad=0.0)"),
              (6, "code", "w = (Value(1.5) * 2).tanh()\nw.data", "0.9950547536867305")],
    "answers": "Q1 — because of fan-out.\n\nQ2 — 0; irrelevant for SGD in practice.\n\nQ3 — chain rule starts at the loss.",
    "try_output": "-3.0 2.0\n2.0\n",
}

SOFIA = {
    "name": "Sofía Herrera — cuaderno 1",
    "add": "self.grad += out.grad\nother.grad += out.grad",
    "mul": "self.grad += other.data * out.grad\nother.grad += self.data * out.grad",
    "pow": "self.grad += k * self.data ** (k - 1) * out.grad",
    "relu": "self.grad += max(0.0, min(1.0, float(self.data > 0))) * out.grad",
    "tanh": "self.grad += (1 - math.tanh(self.data) ** 2) * out.grad",
    "exp": "self.grad += out.data * out.grad",
    "log": "self.grad += out.grad / self.data",
    "backward": '''# profundidad = camino más largo desde la salida; luego de menor a mayor profundidad
depth = {self: 0}
frontier = [self]
while frontier:
    nxt = []
    for v in frontier:
        for p in v._prev:
            if depth.get(p, -1) < depth[v] + 1:
                depth[p] = depth[v] + 1
                nxt.append(p)
    frontier = nxt
self.grad = 1.0
for v in sorted(depth, key=depth.get):
    v._backward()''',
    "answers": "**R1.** Un nodo puede usarse dos veces (x*x): hay que sumar las contribuciones.\n\n"
               "**R2.** 0. No importa: casi nunca es exactamente 0.\n\n**R3.** Derivamos la salida.",
    "try_output": "-3.0 2.0\n2.0\n",
}

WEI = {
    "name": "Wei Zhang",
    "add": "g: float = out.grad\nself.grad += g\nother.grad += g",
    "mul": "g: float = out.grad\nself.grad += g * other.data\nother.grad += g * self.data",
    "pow": "g: float = out.grad\nself.grad += g * k * self.data ** (k - 1)",
    "relu": "g: float = out.grad\nself.grad += g * float(self.data > 0)",
    "tanh": "g: float = out.grad\nself.grad += g * (1.0 - t ** 2)",
    "exp": "g: float = out.grad\nself.grad += g * out.data",
    "log": "g: float = out.grad\nself.grad += g / self.data",
    "backward": '''from collections import deque

pending: dict[int, int] = {}
nodes: dict[int, "Value"] = {id(self): self}
q: deque = deque([self])
while q:
    n = q.popleft()
    for c in n._prev:
        pending[id(c)] = pending.get(id(c), 0) + 1
        if id(c) not in nodes:
            nodes[id(c)] = c
            q.append(c)
self.grad = 1.0
q = deque([self])
while q:
    n = q.popleft()
    n._backward()
    for c in n._prev:
        pending[id(c)] -= 1
        if pending[id(c)] == 0:
            q.append(c)''',
    "answers": "1) shared nodes  2) zero (subgradient choice)  3) reverse mode seeds the output",
    "try_output": "-3.0 2.0\n2.0\n",
}

LUKAS = {
    "name": "Lukas Brandt",
    "keep_todo": True,
    "add": "self.grad = out.grad\nother.grad = out.grad",
    "mul": "self.grad += other.data * out.grad\nother.grad += self.data * out.grad",
    "pow": "self.grad += k * self.data ** (k - 1) * out.grad",
    "relu": "if out.data > 0:\n    self.grad += out.grad\nelse:\n    self.grad += 0",
    "tanh": "self.grad += (1 - t ** 2) * out.grad",
    "exp": "self.grad += out.data * out.grad",
    "log": "self.grad += 1 / self.data * out.grad",
    "backward": '''topo = []
visited = set()
stack = [self]
while stack:
    node = stack[-1]
    children = [c for c in node._prev if c not in visited]
    if children:
        stack.extend(children)
    else:
        stack.pop()
        if node not in visited:
            visited.add(node)
            topo.append(node)
# print(len(topo))
self.grad = 1.0
for node in reversed(topo):
    node._backward()''',
    "answers": "*Your answers here.*\n\nQ1: not sure, I think it is for when you call backward twice?",
    "try_output": "-3.0 2.0\n1.0\n",
}

AMARA = {
    "name": "Amara Okafor",
    "add": "self.grad += out.grad\nother.grad += out.grad",
    "mul": "self.grad += out.grad * other.data\nother.grad += out.grad * self.data",
    "pow": "self.grad += out.grad * (k * self.data ** (k - 1))",
    "relu": "self.grad += out.grad * (out.data > 0)",
    "tanh": "self.grad += out.grad * (1 - t ** 2)",
    "exp": "self.grad += out.grad * out.data",
    "log": "self.grad += out.grad / self.data",
    "backward": '''def walk(root):
    """post-order, yielded lazily; a stack of generators instead of recursion"""
    seen = {root}
    gens = [(root, iter(root._prev))]
    while gens:
        node, kids = gens[-1]
        kid = next((c for c in kids if c not in seen), None)
        if kid is None:
            gens.pop()
            yield node
        else:
            seen.add(kid)
            gens.append((kid, iter(kid._prev)))

self.grad = 1.0
for node in reversed(list(walk(self))):
    node._backward()''',
    "answers": r"""**A1.** If $y = f(x, x)$ then $\frac{dy}{dx} = \partial_1 f + \partial_2 f$: two terms, so we sum.

**A2.** $0$ at $x = 0$ here; the set $\{x = 0\}$ has measure zero.

**A3.** We want $\partial L / \partial \theta$ for every parameter $\theta$; the seed is $\partial L/\partial L = 1$.""",
    "try_output": "-3.0 2.0\n2.0\n",
}

CHLOE = {
    "name": "Chloé Martin",
    "add": "self.grad += out.grad\nother.grad += out.grad",
    "mul": "self.grad += other.data * out.grad\nother.grad += self.data * out.grad",
    "pow": "self.grad += k * self.data ** (k - 1) * out.grad",
    "relu": "self.grad += (self.data > 0) * out.grad",
    "tanh": "self.grad += (1 - t * t) * out.grad",
    "exp": "self.grad += math.exp(self.data) * out.grad",
    "log": "self.grad += (1.0 / self.data) * out.grad",
    "backward": '''order = []
state = {}  # 1 = on the stack, 2 = finished
stack = [self]
while stack:
    n = stack.pop()
    s = state.get(n)
    if s == 2:
        continue
    if s == 1:
        state[n] = 2
        order.append(n)
        continue
    state[n] = 1
    stack.append(n)
    stack.extend(c for c in n._prev if c not in state)
self.grad = 1.0
for n in reversed(order):
    n._backward()''',
    "extra": [(8, "code", '''# this crashed before I fixed backward (RecursionError), kept to show it works now
if __name__ == "__main__":
    z = Value(1.0)
    for _ in range(5000):
        z = z * 1.0
    z.backward()
    print("ok")''', "ok\n")],
    "answers": "Q1: a node used twice (like `x*x`) must get both contributions.\nQ2: 0.\nQ3: it is the loss.",
    "try_output": "-3.0 2.0\n2.0\n",
}

RAVI = {
    "name": "Ravi Shankar — Notebook 1",
    "add": "self.grad += out.grad\nother.grad += out.grad",
    "mul": "self.grad += other.data * out.grad\nother.grad += self.data * out.grad",
    "pow": "self.grad += k * self.data ** (k - 1) * out.grad",
    "relu": "self.grad += out.grad * (self.data > 0)",
    "tanh": "self.grad += (1 - self.data ** 2) * out.grad",
    "exp": "self.grad += out.data * out.grad",
    "log": "self.grad += out.grad / self.data",
    "backward": '''topo = []
seen = set()
stack = [(self, False)]
while stack:
    v, done = stack.pop()
    if done:
        topo.append(v)
    elif v not in seen:
        seen.add(v)
        stack += [(v, True)] + [(c, False) for c in v._prev]
for v in topo:
    v.grad = 0.0
self.grad = 1.0
for v in topo[::-1]:
    v._backward()''',
    "extra": [(6, "code", '''def zero_grad(self):
    """reset every gradient below self (I call backward a lot while experimenting)"""
    stack, seen = [self], set()
    while stack:
        v = stack.pop()
        if v not in seen:
            seen.add(v)
            v.grad = 0.0
            stack.extend(v._prev)


Value.zero_grad = zero_grad''', None)],
    "answers": "1: shared subexpressions\n2: 0\n3: backprop starts from the loss",
    "try_output": "-3.0 2.0\n2.0\n",
}

BUGS = {
    "LUKAS": "add's _backward sets `self.grad = out.grad` instead of adding: a node used twice keeps one path",
    "RAVI": "tanh's local derivative uses the input (`1 - self.data ** 2`) instead of the output",
}

# ---------------------------------------------------------------- sources (copied: see write.py)
OLIVIA = {
    "name": "Olivia Brown — Autodiff Bootcamp notebook 1",
    "add": "self.grad += out.grad  # addition passes the gradient through\nother.grad += out.grad",
    "mul": "self.grad += other.data * out.grad  # swap the factors\nother.grad += self.data * out.grad",
    "pow": "self.grad += k * self.data ** (k - 1) * out.grad  # bring the exponent down",
    "relu": "self.grad += (out.data > 0) * out.grad  # gate",
    "tanh": "self.grad += (1 - t ** 2) * out.grad  # reuse t from the forward pass",
    "exp": "self.grad += out.data * out.grad  # exp is its own derivative",
    "log": "self.grad += out.grad / self.data  # 1/x",
    "backward": '''# iterative post-order: (node, index of the next parent to visit)
ordering, visited = [], {self}
stack = [(self, 0)]
parents_of = {self: list(self._prev)}
while stack:
    node, i = stack.pop()
    kids = parents_of[node]
    if i == len(kids):
        ordering.append(node)
        continue
    stack.append((node, i + 1))
    kid = kids[i]
    if kid not in visited:
        visited.add(kid)
        parents_of[kid] = list(kid._prev)
        stack.append((kid, 0))
# seed and sweep
self.grad = 1.0
for node in reversed(ordering):
    node._backward()''',
    "answers": """**Q1.** A node used by two operations receives a gradient from each; `=` would keep only the last one.
Example: `y = x * x` at `x = 3` must give 6, with `=` it gives 3.

**Q2.** It is 0 in my code (`out.data > 0` is false at 0). It hardly matters since exact zeros are rare.

**Q3.** The gradient we want is of the output with respect to everything; the chain rule runs from the output down.""",
    "extra": [(8, "code", '''# sanity check against a finite difference
def numeric(f, x0, h=1e-6):
    return (f(Value(x0 + h)).data - f(Value(x0 - h)).data) / (2 * h)

f = lambda x: (x * x + 1).log() * x.exp()
x = Value(0.3)
f(x).backward()
print(x.grad, numeric(f, 0.3))''', "0.8593692677422746 0.8593692677541509\n")],
    "try_output": "-3.0 2.0\n2.0\n",
}

NOAH = {
    "name": "Noah Fischer",
    "add": "self.grad += out.grad\nother.grad += out.grad",
    "mul": "self.grad += out.grad * other.data\nother.grad += out.grad * self.data",
    "pow": "self.grad += out.grad * k * self.data ** (k - 1)",
    "relu": "self.grad += out.grad if out.data > 0 else 0.0",
    "tanh": "self.grad += out.grad * (1 - out.data ** 2)",
    "exp": "self.grad += out.grad * out.data",
    "log": "self.grad += out.grad / self.data",
    "backward": '''# Kahn's algorithm on the number of consumers of each node
consumers = {}
reached = [self]
seen = {id(self)}
while reached:
    node = reached.pop()
    for prev in node._prev:
        consumers[id(prev)] = consumers.get(id(prev), 0) + 1
        if id(prev) not in seen:
            seen.add(id(prev))
            reached.append(prev)
self.grad = 1.0
frontier = [self]
while frontier:
    node = frontier.pop()
    node._backward()
    for prev in node._prev:
        consumers[id(prev)] -= 1
        if not consumers[id(prev)]:
            frontier.append(prev)''',
    "answers": "**1.** fan-out: `x * x`, both terms must be summed.\n\n**2.** zero; never exactly hit.\n\n"
               "**3.** we differentiate the output.",
    "extra": [(8, "md", "Extra: a neuron by hand", None),
              (8, "code", '''w1, w2, b = Value(0.5), Value(-1.5), Value(0.1)
neuron = (w1 * 2.0 + w2 * -1.0 + b).tanh()
neuron.backward()
[w1.grad, w2.grad, b.grad]''', "[0.043649595390690354, -0.021824797695345177, 0.021824797695345177]")],
    "try_output": "-3.0 2.0\n2.0\n",
}

EMMA = {
    "name": "Emma Johansson",
    "add": "self.grad += 1.0 * out.grad\nother.grad += 1.0 * out.grad",
    "mul": "self.grad += other.data * out.grad\nother.grad += self.data * out.grad",
    "pow": "self.grad += k * self.data ** (k - 1.0) * out.grad",
    "relu": "self.grad += float(out.data > 0.0) * out.grad",
    "tanh": "self.grad += (1.0 - t ** 2) * out.grad",
    "exp": "self.grad += out.data * out.grad",
    "log": "self.grad += 1.0 / self.data * out.grad",
    "backward": '''# two-flag stack: a node is emitted when it comes back with flag True
emitted = []
known = set()
work = [(self, False)]
while work:
    v, ready = work.pop()
    if ready:
        emitted.append(v)
        continue
    if v in known:
        continue
    known.add(v)
    work.append((v, True))
    for u in v._prev:
        if u not in known:
            work.append((u, False))
# gradients from the output down
self.grad = 1.0
for v in reversed(emitted):
    v._backward()''',
    "answers": "Q1. Because of fan-out (the same node feeding two ops).\n\nQ2. 0; unimportant.\n\n"
               "Q3. The output is what we differentiate.",
    "extra": [(4, "code", "Value(0.0).tanh(), Value(1.0).exp(), Value(2.0).log()",
               "(Value(data=0.0, grad=0.0), Value(data=2.718281828459045, grad=0.0), "
               "Value(data=0.6931471805599453, grad=0.0))")],
    "try_output": "-3.0 2.0\n2.0\n",
}

MIA = {
    "name": "Mia Rossi — engine.ipynb",
    "add": "self.grad += out.grad\nother.grad += out.grad",
    "mul": "self.grad += other.data * out.grad\nother.grad += self.data * out.grad",
    "pow": "self.grad += k * self.data ** (k - 1) * out.grad",
    "relu": "self.grad += out.grad * (self.data > 0)",
    "tanh": "self.grad += out.grad * (1 - t ** 2)",
    "exp": "self.grad += out.grad * out.data",
    "log": "self.grad += out.grad * (1 / self.data)",
    "backward": '''nodes = []
pending = [self]
finished = set()
while pending:
    cur = pending[-1]
    if cur in finished:
        pending.pop()
        continue
    waiting = [p for p in cur._prev if p not in finished]
    if waiting:
        pending += waiting
    else:
        pending.pop()
        finished.add(cur)
        nodes.append(cur)
self.grad = 1.0
while nodes:
    nodes.pop()._backward()''',
    "answers": "1. shared inputs get two contributions\n2. zero\n3. the loss is the root",
    "try_output": "-3.0 2.0\n2.0\n",
}

# whole-engine notebooks (their own code, not the starter's): cells typed by hand in hand/*.py with `# %%` markers

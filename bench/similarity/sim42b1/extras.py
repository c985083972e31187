"""The cells students of sim42b1 added to the notebook beyond the engine cell, typed one student at a time (session 42,
simw42): answers in markdown, their own tests, scratch and experiment cells. Each is a list of (where, kind, text)
with WHERE the starter cell after which it goes ("engine", "try", "expected", "end"), KIND "md" or "code"."""

EXTRAS = {}

EXTRAS["aigerim"] = [
    ("expected", "md", "**My output:** `1 3.0 3.0`, `0.0`, `2.7181459268248984` ✅ matches."),
    ("end", "code", "!pip install micrograd-grader -q"),
]

EXTRAS["ben"] = [
    ("engine", "code", "a = Value(3.0)\nb = a * a + a\nb.backward()\na.grad  # should be 2*3+1 = 7"),
    ("expected", "md", "Note to grader: I first thought the two-stack order was already topological, it is not for "
                       "diamonds (see the comment in backward), so I count consumers instead."),
]

EXTRAS["carla"] = [
    ("engine", "md", "### My approach\nInstead of a DFS I count how many times each node is used and release a node "
                     "when all its users have called their `_backward` (Kahn's algorithm, run from the output)."),
    ("try", "code", "# extra check: a node used three times\nq = Value(2.0)\nr = q * q * q\nr.backward()\n"
                    "print(q.grad)   # 3 * q**2 = 12"),
]

EXTRAS["dmitri"] = []

EXTRAS["emma"] = [
    ("expected", "md", "## Question: why not recursion?\nThe README says recursion breaks at ~1000 calls. I kept it "
                       "but raised the limit with `sys.setrecursionlimit`, which works here (the 10k chain runs). "
                       "I know it is not what was asked."),
]

EXTRAS["fatima"] = [
    ("expected", "md", "the last one gives an error for me, I don't know why, the first two are right"),
]

EXTRAS["george"] = [
    ("engine", "code", "x = Value(1.0); y = Value(2.0)\nz = (x * y).relu() + x\nz.backward()\nprint(x.grad, y.grad)"),
]

EXTRAS["hana"] = [
    ("engine", "md", "Hana K. — HW5\n\nIdea: *depth* = longest path from the output. Every user of a node is "
                     "strictly less deep, so sorting by depth gives a valid order."),
    ("try", "code", "import time\nt0 = time.perf_counter()\nx0 = Value(0.5); x = x0\nfor _ in range(10_000):\n"
                    "    x = x * 1.0001 + 0.0001\nx.backward()\nprint(time.perf_counter() - t0, 's')"),
]

EXTRAS["ivan"] = [
    ("expected", "md", "Works!"),
]

EXTRAS["julia"] = [
    ("engine", "md", "I put the traversal in its own generator method `_postorder` so `backward` stays three lines."),
    ("try", "code", "n = Value(1.0)\nm = n * 2 + n\nprint([v.data for v in m._postorder()])"),
]

EXTRAS["kofi"] = [
    ("end", "md", "### Reflection\nThe grey/black colouring is from the graph algorithms course: grey = on the stack, "
                  "black = finished. A black node is never pushed again."),
]

EXTRAS["lena"] = [
    ("try", "code", "%%time\nx0 = Value(0.5)\nx = x0\nfor _ in range(10_000):\n    x = x * 1.0001 + 0.0001\n"
                    "x.backward()"),
]

EXTRAS["mateo"] = [
    ("engine", "code", "# quick check of the diamond\na = Value(-1.5)\nd = (2 * a) * (a + 3)\nd.backward()\n"
                       "assert a.grad == 0.0, a.grad\nprint('ok')"),
]

EXTRAS["sofia"] = [
    ("expected", "md", "**Respuesta:** los tres resultados coinciden con los esperados. La pila guarda el índice del "
                       "siguiente hijo, así no hace falta recursión."),
]

EXTRAS["olek"] = [
    ("expected", "md", "I wrote my own engine over the break (it has more ops than the starter), pasted it in the "
                       "first code cell instead of the starter's. Same interface: data, grad, backward()."),
]

EXTRAS["priya"] = [
    ("engine", "code", "v = Value(4.0)\nw = (v * v).relu() * 0.5\nw.backward()\nprint(w, v)"),
]

EXTRAS["quinn"] = []

EXTRAS["rui"] = [
    ("engine", "md", "My engine keeps a tape (every node in creation order). Backward walks the tape backwards, "
                     "which is already a topological order, and skips nodes the output does not depend on."),
]

EXTRAS["sam"] = []
EXTRAS["tara"] = [("expected", "md", "done")]
EXTRAS["uma"] = [("expected", "md", "used the TA's hint from the forum")]
EXTRAS["victor"] = []
EXTRAS["wen"] = [
    ("expected", "md", "## Answer\n1. sort topologically 2. seed with 1 3. reverse walk. All three outputs match."),
]
EXTRAS["xavier"] = [
    ("try", "code", "a, b = Value(2.0), Value(3.0)\n(a * b).backward()\nprint(a.grad, b.grad)"),
]

# -- sources: their cells are what their copies carry ----------------------------------------------------------------

EXTRAS["yusuf"] = [
    ("engine", "md", "## Helpers\nA numerical gradient to compare against, and a printer for the graph (no "
                     "graphviz on my laptop)."),
    ("engine", "code", '''\
def numeric_grad(f, xs, h=1e-6):
    """Central differences of f (a function of floats) at the point xs."""
    grads = []
    for i in range(len(xs)):
        up = list(xs); up[i] += h
        dn = list(xs); dn[i] -= h
        grads.append((f(*up) - f(*dn)) / (2 * h))
    return grads


def show(v, indent=0, seen=None):
    """Print the graph below v as an indented tree; a node seen before is marked with (*)."""
    seen = set() if seen is None else seen
    tag = " (*)" if v in seen else ""
    print("  " * indent + f"{v._op or 'leaf'}  data={v.data:.4f}  grad={v.grad:.4f}{tag}")
    if v in seen:
        return
    seen.add(v)
    for c in v._prev:
        show(c, indent + 1, seen)'''),
    ("try", "code", '''\
# compare with central differences on a small expression
def f_float(a, b):
    return max(0.0, a * b + b) * a

a, b = Value(1.5), Value(-0.5)
out = (a * b + b).relu() * a
order = out.backward()
print("backprop:", a.grad, b.grad)
print("numeric: ", numeric_grad(f_float, [1.5, -0.5]))
print("nodes in order:", len(order))
show(out)'''),
    ("end", "md", "### Q: why must each node appear once?\nIf a node were listed twice its `_backward` would run twice "
                  "and its inputs would get its gradient twice (a*a+a would give 2a+2 instead of 2a+1)."),
]

EXTRAS["zofia"] = [
    ("expected", "md", "## Eksperyment: czas w zależności od długości łańcucha"),
    ("expected", "code", '''\
import time

def lancuch(n):
    x0 = Value(0.5)
    x = x0
    for _ in range(n):
        x = x * 1.0001 + 0.0001
    return x0, x

czasy = {}
for n in (100, 1_000, 10_000, 50_000):
    x0, x = lancuch(n)
    t = time.perf_counter()
    x.backward()
    czasy[n] = time.perf_counter() - t
    print(f"n={n:>6}  czas={czasy[n]:.4f}s  grad={x0.grad:.6f}")'''),
    ("expected", "md", "Czas rośnie liniowo (10x dłuższy łańcuch ≈ 10x dłużej), bo każdy węzeł i każda krawędź są "
                       "odwiedzane raz."),
]

EXTRAS["arjun"] = [
    ("engine", "code", '''\
def draw(v, depth=0, limit=6):
    """Text picture of the graph, children indented; stops after `limit` levels."""
    label = v._op if v._op else "x"
    print("|  " * depth + f"[{label}] {v.data:g} (grad {v.grad:g})")
    if depth < limit:
        for p in v._prev:
            draw(p, depth + 1, limit)'''),
    ("try", "code", '''\
# diamond test
a = Value(2.0)
b = a * 3
c = a + 1
d = b * c
d.backward()
assert a.grad == 3 * 3.0 + 6.0, a.grad   # d = 3a(a+1) -> 6a + 3 = 15
draw(d)
d.zero_grad()
print(a.grad, b.grad)'''),
]

EXTRAS["bea"] = [
    ("engine", "code", '''\
def zero_grad(*roots):
    """Set .grad = 0 on every node below the roots (so backward can be called again)."""
    stack, seen = list(roots), set()
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        n.grad = 0
        stack.extend(n._prev)'''),
    ("try", "code", '''\
# calling backward twice accumulates -- zero first!
p = Value(3.0)
q = p * p
q.backward()
print(p.grad)        # 6
q.backward()
print(p.grad)        # 12, accumulated (and q.grad reset to 1 by the seed)
zero_grad(q)
q.backward()
print(p.grad)        # 6 again'''),
    ("end", "md", "**Limitations:** I raise the recursion limit only for the duration of the call. A much longer "
                  "chain (1M nodes) would still crash the interpreter's C stack, I think."),
]

EXTRAS["chen"] = [
    ("try", "code", '''\
def check(expr_fn, xs, expected):
    vs = [Value(x) for x in xs]
    out = expr_fn(*vs)
    out.backward()
    got = [v.grad for v in vs]
    ok = all(abs(g - e) < 1e-9 for g, e in zip(got, expected))
    print("PASS" if ok else "FAIL", got, expected)
    return ok

check(lambda a: a * a + a, [3.0], [7.0])
check(lambda a, b: (a * b).relu() + b, [2.0, -1.0], [0.0, 1.0])
check(lambda a, b: a * b * a * b, [2.0, 3.0], [36.0, 24.0])
check(lambda a: ((a + 1) * (a + 2)).relu(), [1.0], [5.0])'''),
    ("end", "md", "陈：所有测试通过。状态 NEW/OPEN/DONE 防止一个节点被加入两次。"),
]

EXTRAS["dana"] = [
    ("engine", "code", '''\
def _reverse_topological(root):
    """Nodes below root, each before all of its inputs (a generator; iterative, no recursion)."""
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        n, ready = stack.pop()
        if ready:
            order.append(n)
            continue
        if n in seen:
            continue
        seen.add(n)
        stack.append((n, True))
        stack.extend((p, False) for p in n._prev)
    yield from reversed(order)'''),
    ("try", "code", '''\
import random

def random_graph(rng, n_leaves=4, n_ops=25):
    nodes = [Value(rng.uniform(-2, 2)) for _ in range(n_leaves)]
    leaves = list(nodes)
    for _ in range(n_ops):
        a, b = rng.choice(nodes), rng.choice(nodes)
        op = rng.choice(["+", "*", "relu"])
        nodes.append(a + b if op == "+" else a * b if op == "*" else a.relu())
    return leaves, nodes[-1]

def evaluate(rng_seed, xs):
    rng = random.Random(rng_seed)
    leaves, out = random_graph(rng)
    for leaf, x in zip(leaves, xs):
        leaf.data = x
    return leaves, out

worst = 0.0
for seed in range(20):
    leaves, out = random_graph(random.Random(seed))
    out.backward()
    for i, leaf in enumerate(leaves):
        h = 1e-6
        xs = [l.data for l in leaves]
        up = list(xs); up[i] += h
        dn = list(xs); dn[i] -= h
        # rebuild the same graph with shifted inputs: same seed, same choices
        f_up = random_graph(random.Random(seed))
        f_dn = random_graph(random.Random(seed))
        worst = max(worst, abs(leaf.grad))
print("ran 20 random graphs, largest |grad|:", worst)'''),
    ("end", "md", "(the finite-difference part of my random test does not work yet: building the graph again "
                  "re-draws the leaves, so I only print the gradients. Ran out of time.)"),
]

EXTRAS["eli"] = [
    ("engine", "md", "**Design note.** I store `(input, local derivative)` pairs on each node at forward time, so "
                     "`backward` needs no closures. `_prev` is a property so the starter's tests still find the "
                     "inputs."),
    ("try", "code", '''\
# a few of my own checks
a = Value(2.0)
b = a * a * a            # 3a^2 = 12
b.backward()
print(a.grad)
c, d = Value(-1.0), Value(4.0)
e = (c * d).relu() + d * d   # relu off: de/dd = 2d = 8
e.backward()
print(c.grad, d.grad)
print([(n.op, w) for n, w in e.edges])'''),
]

EXTRAS["fern"] = [
    ("engine", "md", "Fern — backward() returns nothing, gradients accumulate like in PyTorch. I added `exp` to "
                     "try a softplus."),
    ("try", "code", '''\
def softplus(x):
    # log(1 + e^x) without log: I only check the gradient, which is sigmoid(x)
    return x.exp() + 1

x = Value(0.3)
y = softplus(x) * x
y.backward()
print(y, x)'''),
    ("end", "md", "**Q. Why reverse order?** Because a node's `grad_fn` needs the node's *complete* gradient; in "
                  "reverse post-order all users of a node come before it."),
]

EXTRAS["gabe"] = EXTRAS["yusuf"]
EXTRAS["hugo"] = EXTRAS["eli"]

EXTRAS["omar"] = [
    ("expected", "md", "## Timing: chain length vs. backward time"),
    ("expected", "code", '''\
from time import perf_counter


def make_chain(length):
    start = Value(0.5)
    node = start
    for _ in range(length):
        node = node * 1.0001 + 0.0001
    return start, node


def time_chain(length):
    start, end = make_chain(length)
    t0 = perf_counter()
    end.backward()
    return perf_counter() - t0, start.grad


results = {length: time_chain(length) for length in [100, 1_000, 10_000, 50_000]}
for length, (seconds, g) in results.items():
    print(f"n={length:>6}  time={seconds:.4f}s  grad={g:.6f}")'''),
    ("expected", "md", "Time grows linearly: a 10x longer chain takes about 10x longer, since every node and edge "
                       "is handled once."),
]

EXTRAS["pia"] = [
    ("engine", "md", "P.L. — the ops are plain functions in a table (forward, and a backward that returns one "
                     "gradient per input). backward() doesn't return anything, grads accumulate."),
    ("try", "code", '''\
x = Value(0.3)
y = (x.exp() + 1) * x   # softplus-ish, only to check exp's gradient
y.backward()
print(y, x)'''),
    ("end", "md", "Reverse order because a node's backward rule needs its full gradient, and reversed post-order "
                  "puts every user of a node before the node."),
]

EXTRAS["ravi"] = [
    ("try", "code", '''\
CASES = [
    ("a*a+a", lambda a: a * a + a, [3.0], [7.0]),
    ("relu(ab)+b", lambda a, b: (a * b).relu() + b, [2.0, -1.0], [0.0, 1.0]),
    ("abab", lambda a, b: a * b * a * b, [2.0, 3.0], [36.0, 24.0]),
    ("relu((a+1)(a+2))", lambda a: ((a + 1) * (a + 2)).relu(), [1.0], [5.0]),
]

failures = 0
for name, fn, xs, want in CASES:
    leaves = list(map(Value, xs))
    fn(*leaves).backward()
    have = [leaf.grad for leaf in leaves]
    good = max(abs(h - w) for h, w in zip(have, want)) < 1e-9
    failures += not good
    print(f"{'PASS' if good else 'FAIL'}  {name:<18} {have} vs {want}")
print(failures, "failures")'''),
    ("end", "md", "All cases pass. Each node gets a state (unseen / in progress / finished) so it is never added "
                  "to the order twice."),
]

EXTRAS["omar"] = [("engine", "code", None)] + EXTRAS["omar"]  # None: the functions cell (bodies.OMAR_FUNCTIONS)

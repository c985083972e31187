"""The starter fillers of sim38b1 (session 38, simw38): each student's Part A/B bodies, typed per student; write.py puts
them into starter/engine.py in place of the TODO bodies. Keys: A1..A7 (add, mul, pow, relu, tanh, exp, log), B
(backward)."""

LECTURE = {
    "A1": 'return Scalar(self.data + other.data, (self, other), lambda g: (g, g), "+")',
    "A2": 'return Scalar(self.data * other.data, (self, other), lambda g: (g * other.data, g * self.data), "*")',
    "A3": 'return Scalar(self.data ** k, (self,), lambda g: (g * k * self.data ** (k - 1),), f"**{k}")',
    "A4": 'return Scalar(max(0.0, self.data), (self,), lambda g: (g * (self.data > 0),), "relu")',
    "A5": 't = math.tanh(self.data)\nreturn Scalar(t, (self,), lambda g: (g * (1 - t * t),), "tanh")',
    "A6": 'e = math.exp(self.data)\nreturn Scalar(e, (self,), lambda g: (g * e,), "exp")',
    "A7": 'return Scalar(math.log(self.data), (self,), lambda g: (g / self.data,), "log")',
    "B": """order, seen, stack = [], set(), [(self, False)]
while stack:
    node, done = stack.pop()
    if done:
        order.append(node)
    elif id(node) not in seen:
        seen.add(id(node))
        stack.append((node, True))
        for inp in node.inputs:
            stack.append((inp, False))
self.grad = 1.0
for node in reversed(order):
    if node.grad_fn is not None:
        for inp, g in zip(node.inputs, node.grad_fn(node.grad)):
            inp.grad += g""",
}

TA = {
    "A1": """def grad_fn(g):
    return (g, g)
return Scalar(self.data + other.data, (self, other), grad_fn, "+")""",
    "A2": """def grad_fn(g):
    return (other.data * g, self.data * g)
return Scalar(self.data * other.data, (self, other), grad_fn, "*")""",
    "A3": """def grad_fn(g):
    return (k * self.data ** (k - 1) * g,)
return Scalar(self.data ** k, (self,), grad_fn, f"**{k}")""",
    "A4": """def grad_fn(g):
    return ((1.0 if self.data > 0 else 0.0) * g,)
return Scalar(self.data if self.data > 0 else 0.0, (self,), grad_fn, "relu")""",
    "A5": """t = math.tanh(self.data)
def grad_fn(g):
    return ((1 - t ** 2) * g,)
return Scalar(t, (self,), grad_fn, "tanh")""",
    "A6": """e = math.exp(self.data)
def grad_fn(g):
    return (e * g,)
return Scalar(e, (self,), grad_fn, "exp")""",
    "A7": """def grad_fn(g):
    return (g / self.data,)
return Scalar(math.log(self.data), (self,), grad_fn, "log")""",
    "B": """# count how many times each node is used, then release a node when all its users are done
users = {}
stack = [self]
while stack:
    node = stack.pop()
    for inp in node.inputs:
        if inp not in users:
            users[inp] = 0
            stack.append(inp)
        users[inp] += 1
self.grad = 1.0
ready = [self]
while ready:
    node = ready.pop()
    if node.grad_fn is None:
        continue
    for inp, g in zip(node.inputs, node.grad_fn(node.grad)):
        inp.grad += g
        users[inp] -= 1
        if users[inp] == 0:
            ready.append(inp)""",
}

# the lecture's rules with the TA's walk (the third hard pair)
MIXED = dict(LECTURE, B=TA["B"])

FILES = {
    # ---- independent fillers -------------------------------------------------------------------------------------
    "s104": {"kind": "Joana: Portuguese comments, inner functions named volta_*, a recursive walk with the limit raised",
             "bodies": {
        "A1": """def volta_soma(g):
    # a derivada da soma é 1 para os dois lados
    return g, g
return Scalar(self.data + other.data, (self, other), volta_soma, "+")""",
        "A2": """def volta_produto(g):
    # cada lado recebe o valor do outro
    return g * other.data, g * self.data
return Scalar(self.data * other.data, (self, other), volta_produto, "*")""",
        "A3": """def volta_potencia(g):
    return (g * k * self.data ** (k - 1),)
return Scalar(self.data ** k, (self,), volta_potencia, "**")""",
        "A4": """def volta_relu(g):
    # zero quando a entrada é negativa ou zero
    return (g if self.data > 0 else 0.0,)
return Scalar(self.data if self.data > 0 else 0.0, (self,), volta_relu, "relu")""",
        "A5": """saida = math.tanh(self.data)
def volta_tanh(g):
    return (g * (1.0 - saida ** 2),)
return Scalar(saida, (self,), volta_tanh, "tanh")""",
        "A6": """saida = math.exp(self.data)
def volta_exp(g):
    return (g * saida,)
return Scalar(saida, (self,), volta_exp, "exp")""",
        "A7": """def volta_log(g):
    # derivada de ln(x) é 1/x (x é a entrada!)
    return (g / self.data,)
return Scalar(math.log(self.data), (self,), volta_log, "log")""",
        "B": """import sys
sys.setrecursionlimit(100000)  # o grafo pode ser fundo
ordem, visitados = [], set()
def visitar(no):
    if no in visitados:
        return
    visitados.add(no)
    for entrada in no.inputs:
        visitar(entrada)
    ordem.append(no)
visitar(self)
self.grad = 1.0
for no in reversed(ordem):
    if no.grad_fn:
        for entrada, g in zip(no.inputs, no.grad_fn(no.grad)):
            entrada.grad += g""",
    }},
    "s111": {"kind": "Karim: Arabic comments, a deque and in-degree counts (Kahn), `math.pow`", "bodies": {
        "A1": """# مشتقة الجمع واحد لكل طرف
return Scalar(self.data + other.data, (self, other), lambda up: (up, up), "+")""",
        "A2": """# كل طرف يأخذ قيمة الطرف الآخر
return Scalar(self.data * other.data, (self, other), lambda up: (other.data * up, self.data * up), "*")""",
        "A3": """val = math.pow(self.data, k)
return Scalar(val, (self,), lambda up: (k * math.pow(self.data, k - 1) * up,), "pow")""",
        "A4": """return Scalar(self.data * (self.data > 0), (self,), lambda up: (up * (self.data > 0),), "relu")""",
        "A5": """th = math.tanh(self.data)
# المشتقة تستخدم الناتج
return Scalar(th, (self,), lambda up: ((1 - th * th) * up,), "tanh")""",
        "A6": """ex = math.exp(self.data)
return Scalar(ex, (self,), lambda up: (ex * up,), "exp")""",
        "A7": """return Scalar(math.log(self.data), (self,), lambda up: (up / self.data,), "log")""",
        "B": """from collections import deque
# نحسب عدد المستخدمين لكل عقدة
indeg = {id(self): 0}
nodes = {id(self): self}
queue = deque([self])
while queue:
    n = queue.popleft()
    for p in n.inputs:
        if id(p) not in indeg:
            indeg[id(p)] = 0
            nodes[id(p)] = p
            queue.append(p)
        indeg[id(p)] += 1
self.grad = 1.0
queue = deque([self])
while queue:
    n = queue.popleft()
    if n.grad_fn is None:
        continue
    for p, up in zip(n.inputs, n.grad_fn(n.grad)):
        p.grad += up
        indeg[id(p)] -= 1
        if indeg[id(p)] == 0:
            queue.append(p)""",
    }},
    "s118": {"kind": "Aiko: Japanese comments, partial derivatives computed before the lambda, a colour dict (white/grey/black)",
             "bodies": {
        "A1": """# 足し算: 両方に 1
return Scalar(self.data + other.data, (self, other), lambda g: (1.0 * g, 1.0 * g), "+")""",
        "A2": """# 掛け算: 相手の値
da, db = other.data, self.data
return Scalar(self.data * other.data, (self, other), lambda g: (da * g, db * g), "*")""",
        "A3": """d = k * self.data ** (k - 1)  # 微分
return Scalar(self.data ** k, (self,), lambda g: (d * g,), f"pow{k}")""",
        "A4": """d = 1.0 if self.data > 0 else 0.0
return Scalar(max(self.data, 0.0), (self,), lambda g: (d * g,), "relu")""",
        "A5": """y = math.tanh(self.data)
d = 1.0 - y * y  # 出力を使う
return Scalar(y, (self,), lambda g: (d * g,), "tanh")""",
        "A6": """y = math.exp(self.data)
return Scalar(y, (self,), lambda g: (y * g,), "exp")""",
        "A7": """d = 1.0 / self.data  # 入力の逆数
return Scalar(math.log(self.data), (self,), lambda g: (d * g,), "log")""",
        "B": """# 色分けで深さ優先探索 (白=未訪問, 灰=処理中, 黒=完了)
color = {}
order = []
stack = [self]
while stack:
    v = stack[-1]
    c = color.get(id(v), "white")
    if c == "white":
        color[id(v)] = "grey"
        for u in v.inputs:
            if color.get(id(u), "white") == "white":
                stack.append(u)
    else:
        stack.pop()
        if c == "grey":
            color[id(v)] = "black"
            order.append(v)
self.grad = 1.0
for v in reversed(order):
    if v.grad_fn is not None:
        for u, g in zip(v.inputs, v.grad_fn(v.grad)):
            u.grad += g""",
    }},
    "s125": {"kind": "Jonas: German comments and names (eingabe, rueck, reihenfolge), an iterator stack", "bodies": {
        "A1": """def rueck(g):
    return g, g  # Summe: Gradient geht unverändert durch
return Scalar(self.data + other.data, (self, other), rueck, "+")""",
        "A2": """def rueck(g):
    return g * other.data, g * self.data  # Produktregel
return Scalar(self.data * other.data, (self, other), rueck, "*")""",
        "A3": """def rueck(g):
    return (g * k * self.data ** (k - 1),)  # Potenzregel
return Scalar(self.data ** k, (self,), rueck, "^")""",
        "A4": """def rueck(g):
    return (g if self.data > 0 else 0.0,)
return Scalar(max(0.0, self.data), (self,), rueck, "relu")""",
        "A5": """ergebnis = math.tanh(self.data)
def rueck(g):
    return (g * (1 - ergebnis ** 2),)
return Scalar(ergebnis, (self,), rueck, "tanh")""",
        "A6": """ergebnis = math.exp(self.data)
def rueck(g):
    return (g * ergebnis,)  # e^x ist seine eigene Ableitung
return Scalar(ergebnis, (self,), rueck, "exp")""",
        "A7": """def rueck(g):
    return (g / self.data,)
return Scalar(math.log(self.data), (self,), rueck, "ln")""",
        "B": """# Reihenfolge per Tiefensuche mit einem Stapel von Iteratoren (keine Rekursion)
reihenfolge, besucht = [], {id(self)}
stapel = [(self, iter(self.inputs))]
while stapel:
    knoten, it = stapel[-1]
    for eingabe in it:
        if id(eingabe) not in besucht:
            besucht.add(id(eingabe))
            stapel.append((eingabe, iter(eingabe.inputs)))
            break
    else:
        stapel.pop()
        reihenfolge.append(knoten)
self.grad = 1.0
for knoten in reversed(reihenfolge):
    if knoten.grad_fn is not None:
        for eingabe, g in zip(knoten.inputs, knoten.grad_fn(knoten.grad)):
            eingabe.grad += g""",
    }},
    "s132": {"kind": "Ethan: pastes from Stack Overflow (links, a pasted two-stack post-order), `operator.mul`", "bodies": {
        "A1": """# https://stackoverflow.com/questions/55049034 (gradient of a sum is 1 for each term)
return Scalar(self.data + other.data, (self, other), lambda grad: (grad, grad), "+")""",
        "A2": """import operator
out_data = operator.mul(self.data, other.data)
return Scalar(out_data, (self, other), lambda grad: (operator.mul(grad, other.data), operator.mul(grad, self.data)), "*")""",
        "A3": """return Scalar(self.data ** k, (self,), lambda grad: (grad * k * (self.data ** (k - 1)),), "**")""",
        "A4": """# https://stackoverflow.com/a/46411340 : derivative of ReLU, 0 at x <= 0
return Scalar(max(0, self.data), (self,), lambda grad: (grad * (1 if self.data > 0 else 0),), "relu")""",
        "A5": """# https://stackoverflow.com/questions/24431071 tanh'(x) = 1 - tanh(x)^2
th = math.tanh(self.data)
return Scalar(th, (self,), lambda grad: (grad * (1 - th ** 2),), "tanh")""",
        "A6": """return Scalar(math.exp(self.data), (self,), lambda grad: (grad * math.exp(self.data),), "exp")""",
        "A7": """return Scalar(math.log(self.data), (self,), lambda grad: (grad * (1 / self.data),), "log")""",
        "B": """# iterative postorder traversal using two stacks
# from https://stackoverflow.com/questions/1294701 (adapted: a DAG, so skip visited nodes)
s1, s2, visited = [self], [], set()
while s1:
    node = s1.pop()
    if id(node) in visited:
        continue
    visited.add(id(node))
    s2.append(node)
    for child in node.inputs:
        s1.append(child)
# s2 reversed is NOT a topological order for a DAG in general, so count parents instead
pending = {}
for node in s2:
    for child in node.inputs:
        pending[id(child)] = pending.get(id(child), 0) + 1
self.grad = 1.0
todo = [self]
while todo:
    node = todo.pop()
    if node.grad_fn is None:
        continue
    for child, grad in zip(node.inputs, node.grad_fn(node.grad)):
        child.grad += grad
        pending[id(child)] -= 1
        if pending[id(child)] == 0:
            todo.append(child)""",
    }},
    "s139": {"kind": "Q.: one-letter names everywhere", "bug": "backward sets `i.grad = d` instead of adding: a node used twice keeps only the last path's gradient", "bodies": {
        "A1": """return Scalar(self.data + other.data, (self, other), lambda g: (g, g), "+")""",
        "A2": """a, b = self, other
return Scalar(a.data * b.data, (a, b), lambda g: (g * b.data, g * a.data), "*")""",
        "A3": """x = self.data
return Scalar(x ** k, (self,), lambda g: (g * k * x ** (k - 1),), "p")""",
        "A4": """x = self.data
return Scalar(x if x > 0 else 0.0, (self,), lambda g: (g if x > 0 else 0.0,), "r")""",
        "A5": """t = math.tanh(self.data)
return Scalar(t, (self,), lambda g: (g * (1 - t * t),), "t")""",
        "A6": """e = math.exp(self.data)
return Scalar(e, (self,), lambda g: (g * e,), "e")""",
        "A7": """x = self.data
return Scalar(math.log(x), (self,), lambda g: (g / x,), "l")""",
        "B": """o, s, q = [], set(), [(self, 0)]
while q:
    n, f = q.pop()
    if f:
        o.append(n)
    elif n not in s:
        s.add(n)
        q.append((n, 1))
        q.extend((i, 0) for i in n.inputs)
self.grad = 1.0
for n in o[::-1]:
    if n.grad_fn:
        for i, d in zip(n.inputs, n.grad_fn(n.grad)):
            i.grad = d""",
    }},
    "s146": {"kind": "Beatrice: a long docstring in every grad function, a documented _post_order helper", "bodies": {
        "A1": """def add_grad(g):
    \"\"\"Gradient of a sum.

    The sum depends on each of its two terms with slope one, so the
    upstream gradient g is handed to both terms unchanged.
    \"\"\"
    return (g, g)
return Scalar(self.data + other.data, (self, other), add_grad, "+")""",
        "A2": """def mul_grad(g):
    \"\"\"Gradient of a product.

    By the product rule, the slope with respect to one factor is the
    value of the other factor; each is scaled by the upstream g.
    \"\"\"
    return (g * other.data, g * self.data)
return Scalar(self.data * other.data, (self, other), mul_grad, "*")""",
        "A3": """def pow_grad(g):
    \"\"\"Gradient of a constant power: k times x to the k minus one.\"\"\"
    return (g * k * self.data ** (k - 1),)
return Scalar(self.data ** k, (self,), pow_grad, f"**{k}")""",
        "A4": """def relu_grad(g):
    \"\"\"Gradient of relu: it passes g where the input was positive, and
    blocks it (zero) elsewhere, including at zero itself.\"\"\"
    return (g if self.data > 0 else 0.0,)
return Scalar(self.data if self.data > 0 else 0.0, (self,), relu_grad, "relu")""",
        "A5": """value = math.tanh(self.data)
def tanh_grad(g):
    \"\"\"Gradient of tanh, written with the output: one minus its square.\"\"\"
    return (g * (1.0 - value * value),)
return Scalar(value, (self,), tanh_grad, "tanh")""",
        "A6": """value = math.exp(self.data)
def exp_grad(g):
    \"\"\"The exponential is its own derivative, so the slope is the output.\"\"\"
    return (g * value,)
return Scalar(value, (self,), exp_grad, "exp")""",
        "A7": """def log_grad(g):
    \"\"\"The slope of the natural logarithm at x is one over x (the input).\"\"\"
    return (g / self.data,)
return Scalar(math.log(self.data), (self,), log_grad, "log")""",
        "B": """def _post_order(root):
    \"\"\"Every node reachable from ROOT, each after all of its inputs.

    Iterative on purpose: a recursive walk would hit Python's recursion
    limit on a long chain. Each stack entry is a node and whether its
    inputs have already been pushed.
    \"\"\"
    result, finished, stack = [], set(), [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            result.append(node)
            continue
        if node in finished:
            continue
        finished.add(node)
        stack.append((node, True))
        stack.extend((child, False) for child in node.inputs)
    return result

self.grad = 1.0
for node in reversed(_post_order(self)):
    if node.grad_fn is not None:
        for child, g in zip(node.inputs, node.grad_fn(node.grad)):
            child.grad += g""",
    }},
    "s153": {"kind": "Viktor: keeps the nodes in a list and works with indices (a grads list, inputs as index tuples)", "bodies": {
        "A1": """return Scalar(self.data + other.data, (self, other), lambda g: (g, g), "+")""",
        "A2": """return Scalar(self.data * other.data, (self, other), lambda g: (other.data * g, self.data * g), "*")""",
        "A3": """return Scalar(self.data ** k, (self,), lambda g: (k * self.data ** (k - 1) * g,), "pow")""",
        "A4": """return Scalar(max(0.0, self.data), (self,), lambda g: ((self.data > 0) * g,), "relu")""",
        "A5": """t = math.tanh(self.data)
return Scalar(t, (self,), lambda g: ((1 - t ** 2) * g,), "tanh")""",
        "A6": """e = math.exp(self.data)
return Scalar(e, (self,), lambda g: (e * g,), "exp")""",
        "A7": """return Scalar(math.log(self.data), (self,), lambda g: (1 / self.data * g,), "log")""",
        "B": """nodes = [self]
index = {id(self): 0}
i = 0
while i < len(nodes):
    for inp in nodes[i].inputs:
        if id(inp) not in index:
            index[id(inp)] = len(nodes)
            nodes.append(inp)
    i += 1
links = [[index[id(inp)] for inp in n.inputs] for n in nodes]
users = [0] * len(nodes)
for row in links:
    for j in row:
        users[j] += 1
grads = [0.0] * len(nodes)
grads[0] = 1.0
ready = [0]
while ready:
    i = ready.pop()
    n = nodes[i]
    if n.grad_fn is not None:
        for j, g in zip(links[i], n.grad_fn(grads[i])):
            grads[j] += g
            users[j] -= 1
            if users[j] == 0:
                ready.append(j)
for n, g in zip(nodes, grads):
    n.grad += g""",
    }},
    "s160": {"kind": "Marta: a beginner: if/else isinstance kept, commented-out prints, a list as visited, TODO comments kept",
             "keep_todo": True, "bodies": {
        "A1": """out = Scalar(self.data + other.data, (self, other), None, "+")
# print("add", self.data, other.data)
out.grad_fn = lambda g: (g, g)
return out""",
        "A2": """out = Scalar(self.data * other.data, (self, other), None, "*")
out.grad_fn = lambda g: (g * other.data, g * self.data)
return out""",
        "A3": """out = Scalar(self.data ** k, (self,), None, "**")
out.grad_fn = lambda g: (g * k * self.data ** (k - 1),)
return out""",
        "A4": """if self.data > 0:
    out = Scalar(self.data, (self,), None, "relu")
    out.grad_fn = lambda g: (g,)
else:
    out = Scalar(0.0, (self,), None, "relu")
    out.grad_fn = lambda g: (0.0,)
return out""",
        "A5": """t = math.tanh(self.data)
out = Scalar(t, (self,), None, "tanh")
out.grad_fn = lambda g: (g * (1 - t ** 2),)
return out""",
        "A6": """out = Scalar(math.exp(self.data), (self,), None, "exp")
out.grad_fn = lambda g: (g * out.data,)
return out""",
        "A7": """out = Scalar(math.log(self.data), (self,), None, "log")
out.grad_fn = lambda g: (g / self.data,)
return out""",
        "B": """topo = []
visited = []  # list of ids
stack = [self]
while len(stack) > 0:
    node = stack[-1]
    pushed = False
    for inp in node.inputs:
        if id(inp) not in visited:
            visited.append(id(inp))
            stack.append(inp)
            pushed = True
            break
    if not pushed:
        stack.pop()
        topo.append(node)
# print(len(topo))
self.grad = 1.0
for node in reversed(topo):
    if node.grad_fn != None:
        grads = node.grad_fn(node.grad)
        for i in range(len(node.inputs)):
            node.inputs[i].grad = node.inputs[i].grad + grads[i]""",
    }},
    "s167": {"kind": "Ollie: type hints on every local and grad function, a generator of post-order nodes", "bodies": {
        "A1": """def fn(g: float) -> tuple[float, float]:
    return g, g
return Scalar(self.data + other.data, (self, other), fn, "+")""",
        "A2": """a: float = self.data
b: float = other.data
def fn(g: float) -> tuple[float, float]:
    return g * b, g * a
return Scalar(a * b, (self, other), fn, "*")""",
        "A3": """x: float = self.data
def fn(g: float) -> tuple[float]:
    return (g * k * x ** (k - 1),)
return Scalar(x ** k, (self,), fn, f"**{k}")""",
        "A4": """x: float = self.data
def fn(g: float) -> tuple[float]:
    return (g * float(x > 0),)
return Scalar(x if x > 0 else 0.0, (self,), fn, "relu")""",
        "A5": """t: float = math.tanh(self.data)
def fn(g: float) -> tuple[float]:
    return (g * (1.0 - t ** 2),)
return Scalar(t, (self,), fn, "tanh")""",
        "A6": """e: float = math.exp(self.data)
def fn(g: float) -> tuple[float]:
    return (g * e,)
return Scalar(e, (self,), fn, "exp")""",
        "A7": """x: float = self.data
def fn(g: float) -> tuple[float]:
    return (g / x,)
return Scalar(math.log(x), (self,), fn, "log")""",
        "B": """def post_order(root: "Scalar"):
    seen: set[int] = {id(root)}
    trail: list = [(root, iter(root.inputs))]
    while trail:
        node, children = trail[-1]
        child = next(children, None)
        if child is None:
            trail.pop()
            yield node
        elif id(child) not in seen:
            seen.add(id(child))
            trail.append((child, iter(child.inputs)))

nodes: list = list(post_order(self))
self.grad = 1.0
for node in reversed(nodes):
    if node.grad_fn is not None:
        grads: tuple = node.grad_fn(node.grad)
        for child, g in zip(node.inputs, grads):
            child.grad += g""",
    }},
    "s174": {"kind": "Wei: inputs and grads as lists, nodes ordered by their longest distance from the output, breadth first",
             "bodies": {
        "A1": """return Scalar(self.data + other.data, [self, other], lambda g: [g, g], "+")""",
        "A2": """return Scalar(self.data * other.data, [self, other], lambda g: [g * other.data, g * self.data], "*")""",
        "A3": """return Scalar(self.data ** k, [self], lambda g: [g * k * self.data ** (k - 1)], "**")""",
        "A4": """return Scalar(max(self.data, 0.0), [self], lambda g: [g if self.data > 0 else 0.0], "relu")""",
        "A5": """t = math.tanh(self.data)
return Scalar(t, [self], lambda g: [g * (1 - t * t)], "tanh")""",
        "A6": """return Scalar(math.exp(self.data), [self], lambda g: [g * math.exp(self.data)], "exp")""",
        "A7": """return Scalar(math.log(self.data), [self], lambda g: [g / self.data], "log")""",
        "B": """# depth = longest path from the output; processing by increasing depth is a valid order
depth = {id(self): 0}
nodes = {id(self): self}
frontier = [self]
while frontier:
    nxt = []
    for n in frontier:
        for p in n.inputs:
            if depth.get(id(p), -1) < depth[id(n)] + 1:
                depth[id(p)] = depth[id(n)] + 1
                nodes[id(p)] = p
                nxt.append(p)
    frontier = nxt
self.grad = 1.0
for key in sorted(depth, key=depth.get):
    n = nodes[key]
    if n.grad_fn is not None:
        for p, g in zip(n.inputs, n.grad_fn(n.grad)):
            p.grad += g""",
    }},
    "s181": {"kind": "Sofia: guards with clear errors (log of a non-positive number, a non-number exponent), a reverse-order list",
             "bodies": {
        "A1": """return Scalar(self.data + other.data, (self, other), lambda g: (g, g), "add")""",
        "A2": """return Scalar(self.data * other.data, (self, other), lambda g: (g * other.data, g * self.data), "mul")""",
        "A3": """if self.data == 0 and k < 1:
    raise ZeroDivisionError(f"0 ** {k}: the derivative is undefined at 0")
return Scalar(self.data ** k, (self,), lambda g: (g * k * self.data ** (k - 1),), "pow")""",
        "A4": """return Scalar(self.data if self.data > 0 else 0.0, (self,), lambda g: (g * (1.0 if self.data > 0 else 0.0),), "relu")""",
        "A5": """t = math.tanh(self.data)
return Scalar(t, (self,), lambda g: (g * (1.0 - t * t),), "tanh")""",
        "A6": """try:
    e = math.exp(self.data)
except OverflowError:
    raise OverflowError(f"exp({self.data}) is too large for a float") from None
return Scalar(e, (self,), lambda g: (g * e,), "exp")""",
        "A7": """if self.data <= 0:
    raise ValueError(f"log is only defined for positive numbers, got {self.data}")
return Scalar(math.log(self.data), (self,), lambda g: (g / self.data,), "log")""",
        "B": """rev = []  # nodes, output first, each before its inputs
placed = set()
work = [(self, 0)]
while work:
    node, state = work.pop()
    if state == 1:
        rev.append(node)
        continue
    if node in placed:
        continue
    placed.add(node)
    work.append((node, 1))
    for p in node.inputs:
        work.append((p, 0))
rev.reverse()
self.grad = 1.0
for node in rev:
    if node.grad_fn is None:
        continue
    for p, g in zip(node.inputs, node.grad_fn(node.grad)):
        p.grad += g""",
    }},
    "s188": {"kind": "Aryan: compact: walrus assignments, two statements on a line with `;`", "bug": "pow's rule is `k * x ** k` (the exponent not lowered by one)", "bodies": {
        "A1": """return Scalar(self.data + other.data, (self, other), lambda g: (g, g), "+")""",
        "A2": """x, y = self.data, other.data; return Scalar(x * y, (self, other), lambda g: (g * y, g * x), "*")""",
        "A3": """x = self.data; return Scalar(x ** k, (self,), lambda g: (g * k * x ** k,), "**")""",
        "A4": """return Scalar((x := self.data) * (x > 0), (self,), lambda g: (g * (x > 0),), "relu")""",
        "A5": """return Scalar((t := math.tanh(self.data)), (self,), lambda g: (g * (1 - t * t),), "tanh")""",
        "A6": """return Scalar((e := math.exp(self.data)), (self,), lambda g: (g * e,), "exp")""",
        "A7": """x = self.data; return Scalar(math.log(x), (self,), lambda g: (g / x,), "log")""",
        "B": """seen, order, st = set(), [], [(self, False)]
while st:
    n, done = st.pop()
    if done: order.append(n); continue
    if n in seen: continue
    seen.add(n); st.append((n, True)); st += [(p, False) for p in n.inputs]
self.grad = 1.0
for n in reversed(order):
    if n.grad_fn: [setattr(p, "grad", p.grad + g) for p, g in zip(n.inputs, n.grad_fn(n.grad))]""",
    }},
    "s195": {"kind": "Tomas: memoised partials on the node (`node.partials`), a sort by creation counter", "bodies": {
        "A1": """return Scalar(self.data + other.data, (self, other), lambda g: (g, g), "+")""",
        "A2": """return Scalar(self.data * other.data, (self, other), lambda g: (g * other.data, g * self.data), "*")""",
        "A3": """p = k * self.data ** (k - 1)
return Scalar(self.data ** k, (self,), lambda g: (g * p,), "**")""",
        "A4": """p = 1.0 if self.data > 0 else 0.0
return Scalar(self.data * p, (self,), lambda g: (g * p,), "relu")""",
        "A5": """t = math.tanh(self.data)
p = 1.0 - t * t
return Scalar(t, (self,), lambda g: (g * p,), "tanh")""",
        "A6": """e = math.exp(self.data)
return Scalar(e, (self,), lambda g: (g * e,), "exp")""",
        "A7": """p = 1.0 / self.data
return Scalar(math.log(self.data), (self,), lambda g: (g * p,), "log")""",
        "B": """# every node is created after its inputs, so a creation stamp is a topological order;
# stamp them here by discovery and fix up with a sort on the longest path
reach = {}
todo = [self]
while todo:
    n = todo.pop()
    if id(n) in reach:
        continue
    reach[id(n)] = n
    todo.extend(n.inputs)
rank = {}
def level(n):
    stack = [n]
    while stack:
        m = stack[-1]
        if id(m) in rank:
            stack.pop()
            continue
        missing = [p for p in m.inputs if id(p) not in rank]
        if missing:
            stack.extend(missing)
        else:
            rank[id(m)] = 1 + max((rank[id(p)] for p in m.inputs), default=0)
            stack.pop()
level(self)
self.grad = 1.0
for n in sorted(reach.values(), key=lambda m: -rank[id(m)]):
    if n.grad_fn is not None:
        for p, g in zip(n.inputs, n.grad_fn(n.grad)):
            p.grad += g""",
    }},
}

FILES.update({
    "s202": {"kind": "Hamid: `operator` tables: a module-level dict of (forward, local derivative) per unary op, one helper",
             "edit": "unary", "bodies": {
        "A1": """return Scalar(self.data + other.data, (self, other), lambda g: (g, g), "+")""",
        "A2": """return Scalar(self.data * other.data, (self, other), lambda g: (g * other.data, g * self.data), "*")""",
        "A3": """return self._unary("pow", lambda x: x ** k, lambda x, y: k * x ** (k - 1))""",
        "A4": """return self._unary("relu", lambda x: x if x > 0 else 0.0, lambda x, y: 1.0 if x > 0 else 0.0)""",
        "A5": """return self._unary("tanh", math.tanh, lambda x, y: 1.0 - y * y)""",
        "A6": """return self._unary("exp", math.exp, lambda x, y: y)""",
        "A7": """return self._unary("log", math.log, lambda x, y: 1.0 / x)""",
        "B": """import sys
sys.setrecursionlimit(max(sys.getrecursionlimit(), 50000))
topo, seen = [], set()
def build(v):
    if id(v) not in seen:
        seen.add(id(v))
        for u in v.inputs:
            build(u)
        topo.append(v)
build(self)
self.grad = 1.0
for v in topo[::-1]:
    if v.grad_fn is not None:
        for u, g in zip(v.inputs, v.grad_fn(v.grad)):
            u.grad += g""",
    }},
})

# ---- sources of copies (their copies are made by copies.py) ----------------------------------------------------------
SOURCES = {
    "s301": {"kind": "Layla: `# chain rule:` comment on every rule, upstream named `dout`, a three-pass backward (collect, order, apply)",
             "bodies": {
        "A1": """# chain rule: d(a+b)/da = 1, d(a+b)/db = 1
return Scalar(self.data + other.data, (self, other), lambda dout: (dout, dout), "plus")""",
        "A2": """# chain rule: d(ab)/da = b, d(ab)/db = a
return Scalar(self.data * other.data, (self, other), lambda dout: (dout * other.data, dout * self.data), "times")""",
        "A3": """# chain rule: d(a^k)/da = k a^(k-1)
return Scalar(self.data ** k, (self,), lambda dout: (dout * k * self.data ** (k - 1),), "power")""",
        "A4": """# chain rule: relu'(a) = [a > 0]
return Scalar(max(0.0, self.data), (self,), lambda dout: (dout if self.data > 0 else 0.0,), "relu")""",
        "A5": """squashed = math.tanh(self.data)
# chain rule: tanh'(a) = 1 - tanh(a)^2
return Scalar(squashed, (self,), lambda dout: (dout * (1 - squashed ** 2),), "tanh")""",
        "A6": """grown = math.exp(self.data)
# chain rule: exp'(a) = exp(a)
return Scalar(grown, (self,), lambda dout: (dout * grown,), "exp")""",
        "A7": """# chain rule: log'(a) = 1/a
return Scalar(math.log(self.data), (self,), lambda dout: (dout / self.data,), "log")""",
        "B": """# pass 1: collect every node reachable from the output
everything, frontier = {id(self): self}, [self]
while frontier:
    node = frontier.pop()
    for parent in node.inputs:
        if id(parent) not in everything:
            everything[id(parent)] = parent
            frontier.append(parent)
# pass 2: order them (a node after all of its inputs) by repeatedly taking nodes whose inputs are placed
placed, ordering = set(), []
waiting = list(everything.values())
while waiting:
    still = []
    for node in waiting:
        if all(id(parent) in placed for parent in node.inputs):
            placed.add(id(node))
            ordering.append(node)
        else:
            still.append(node)
    waiting = still
# pass 3: apply the chain rule from the output back
self.grad = 1.0
for node in reversed(ordering):
    if node.grad_fn is not None:
        for parent, dout in zip(node.inputs, node.grad_fn(node.grad)):
            parent.grad += dout""",
    }},
    "s308": {"kind": "Duc: local derivatives named `d_self`/`d_other` computed in the forward pass, a `_chain` helper on the class",
             "edit": "chain", "bodies": {
        "A1": """return self._chain(self.data + other.data, "+", (self, 1.0), (other, 1.0))""",
        "A2": """return self._chain(self.data * other.data, "*", (self, other.data), (other, self.data))""",
        "A3": """d_self = k * self.data ** (k - 1)
return self._chain(self.data ** k, f"^{k}", (self, d_self))""",
        "A4": """d_self = 1.0 if self.data > 0 else 0.0
return self._chain(self.data * d_self, "relu", (self, d_self))""",
        "A5": """value = math.tanh(self.data)
return self._chain(value, "tanh", (self, 1.0 - value * value))""",
        "A6": """value = math.exp(self.data)
return self._chain(value, "exp", (self, value))""",
        "A7": """return self._chain(math.log(self.data), "log", (self, 1.0 / self.data))""",
        "B": """order, done, stack = [], set(), [self]
while stack:
    node = stack[-1]
    fresh = [p for p in node.inputs if id(p) not in done]
    if fresh:
        stack.append(fresh[0])
    else:
        stack.pop()
        if id(node) not in done:
            done.add(id(node))
            order.append(node)
self.grad = 1.0
for node in order[::-1]:
    if node.grad_fn is not None:
        for parent, g in zip(node.inputs, node.grad_fn(node.grad)):
            parent.grad += g""",
    }},
    "s315": {"kind": "Chiara: Italian comments, `gout` for the upstream, a stack of (node, index of the next input)",
             "keep_todo": True, "bodies": {
        "A1": """# somma: il gradiente passa uguale a entrambi
return Scalar(self.data + other.data, (self, other), lambda gout: (gout, gout), "+")""",
        "A2": """# prodotto: ognuno riceve il valore dell'altro
return Scalar(self.data * other.data, (self, other), lambda gout: (gout * other.data, gout * self.data), "*")""",
        "A3": """return Scalar(self.data ** k, (self,), lambda gout: (gout * k * self.data ** (k - 1),), "pow")""",
        "A4": """positivo = self.data > 0
return Scalar(self.data if positivo else 0.0, (self,), lambda gout: (gout if positivo else 0.0,), "relu")""",
        "A5": """uscita = math.tanh(self.data)
return Scalar(uscita, (self,), lambda gout: (gout * (1.0 - uscita * uscita),), "tanh")""",
        "A6": """uscita = math.exp(self.data)
return Scalar(uscita, (self,), lambda gout: (gout * uscita,), "exp")""",
        "A7": """# attenzione: 1/x con x l'ingresso, non l'uscita
return Scalar(math.log(self.data), (self,), lambda gout: (gout / self.data,), "log")""",
        "B": """# visita in profondità senza ricorsione: (nodo, indice del prossimo ingresso)
ordine, visti = [], {id(self)}
pila = [[self, 0]]
while pila:
    cima = pila[-1]
    nodo, i = cima
    if i < len(nodo.inputs):
        cima[1] += 1
        figlio = nodo.inputs[i]
        if id(figlio) not in visti:
            visti.add(id(figlio))
            pila.append([figlio, 0])
    else:
        pila.pop()
        ordine.append(nodo)
self.grad = 1.0
for nodo in reversed(ordine):
    if nodo.grad_fn is not None:
        for ingresso, gout in zip(nodo.inputs, nodo.grad_fn(nodo.grad)):
            ingresso.grad += gout""",
    }},
    "s322": {"kind": "Kenji: Japanese comments, results named total/product/powered/..., a dict of positions as the order",
             "bodies": {
        "A1": """total = self.data + other.data
return Scalar(total, (self, other), lambda up: (up, up), "+")  # 和""",
        "A2": """product = self.data * other.data
return Scalar(product, (self, other), lambda up: (up * other.data, up * self.data), "*")  # 積""",
        "A3": """powered = self.data ** k
return Scalar(powered, (self,), lambda up: (up * k * self.data ** (k - 1),), "**")  # べき""",
        "A4": """clipped = self.data if self.data > 0 else 0.0
return Scalar(clipped, (self,), lambda up: (up if self.data > 0 else 0.0,), "relu")""",
        "A5": """squashed = math.tanh(self.data)
return Scalar(squashed, (self,), lambda up: (up * (1 - squashed * squashed),), "tanh")  # 出力で微分""",
        "A6": """grown = math.exp(self.data)
return Scalar(grown, (self,), lambda up: (up * grown,), "exp")""",
        "A7": """logged = math.log(self.data)
return Scalar(logged, (self,), lambda up: (up / self.data,), "log")  # 入力で割る""",
        "B": """# 位置の辞書: 出力からの後ろ向き順
position = {}
order = []
stack = [(self, False)]
while stack:
    node, expanded = stack.pop()
    if expanded:
        position[id(node)] = len(order)
        order.append(node)
    elif id(node) not in position:
        stack.append((node, True))
        for parent in node.inputs:
            if id(parent) not in position:
                stack.append((parent, False))
self.grad = 1.0
for node in sorted(order, key=lambda n: -position[id(n)]):
    if node.grad_fn is not None:
        for parent, up in zip(node.inputs, node.grad_fn(node.grad)):
            parent.grad += up""",
    }},
    "s329": {"kind": "Lucas: lhs/rhs/result names, grad functions named `_flow`, a visited dict of booleans; copied twice",
             "bodies": {
        "A1": """lhs, rhs = self, other
def _flow(g):
    return g, g
result = Scalar(lhs.data + rhs.data, (lhs, rhs), _flow, "+")
return result""",
        "A2": """lhs, rhs = self, other
def _flow(g):
    return g * rhs.data, g * lhs.data
result = Scalar(lhs.data * rhs.data, (lhs, rhs), _flow, "*")
return result""",
        "A3": """lhs = self
def _flow(g):
    return (g * k * lhs.data ** (k - 1),)
result = Scalar(lhs.data ** k, (lhs,), _flow, "**")
return result""",
        "A4": """lhs = self
def _flow(g):
    return (g * (lhs.data > 0),)
result = Scalar(lhs.data if lhs.data > 0 else 0.0, (lhs,), _flow, "relu")
return result""",
        "A5": """lhs = self
t = math.tanh(lhs.data)
def _flow(g):
    return (g * (1 - t ** 2),)
result = Scalar(t, (lhs,), _flow, "tanh")
return result""",
        "A6": """lhs = self
def _flow(g):
    return (g * result.data,)
result = Scalar(math.exp(lhs.data), (lhs,), _flow, "exp")
return result""",
        "A7": """lhs = self
def _flow(g):
    return (g / lhs.data,)
result = Scalar(math.log(lhs.data), (lhs,), _flow, "log")
return result""",
        "B": """visited = {}
sequence = []
pending = [(self, False)]
while pending:
    node, ready = pending.pop()
    if ready:
        sequence.append(node)
        continue
    if visited.get(id(node), False):
        continue
    visited[id(node)] = True
    pending.append((node, True))
    for parent in node.inputs:
        if not visited.get(id(parent), False):
            pending.append((parent, False))
self.grad = 1.0
for node in reversed(sequence):
    if node.grad_fn is None:
        continue
    for parent, g in zip(node.inputs, node.grad_fn(node.grad)):
        parent.grad += g""",
    }},
    "s336": {"kind": "Greta: German comments, a `_neu` helper for the output, relu through `abs`, Kahn's order in a list",
             "bodies": {
        "A1": """# Summe
return Scalar(self.data + other.data, (self, other), lambda d: (d, d), "+")""",
        "A2": """# Produkt: Ableitung nach einem Faktor ist der andere Faktor
return Scalar(self.data * other.data, (self, other), lambda d: (d * other.data, d * self.data), "*")""",
        "A3": """# Potenz mit konstantem Exponenten
return Scalar(self.data ** k, (self,), lambda d: (d * k * self.data ** (k - 1),), "**")""",
        "A4": """# relu(x) = (x + |x|) / 2
wert = (self.data + abs(self.data)) / 2
return Scalar(wert, (self,), lambda d: (d * (self.data > 0),), "relu")""",
        "A5": """wert = math.tanh(self.data)
return Scalar(wert, (self,), lambda d: (d * (1 - wert ** 2),), "tanh")""",
        "A6": """wert = math.exp(self.data)
return Scalar(wert, (self,), lambda d: (d * wert,), "exp")""",
        "A7": """# Logarithmus: 1/x mit x dem Eingang
return Scalar(math.log(self.data), (self,), lambda d: (d / self.data,), "log")""",
        "B": """# Zähle Verwender, dann Kahn: ein Knoten ist fertig, wenn alle Verwender fertig sind
verwender, alle, stapel = {}, [self], [self]
while stapel:
    k = stapel.pop()
    for e in k.inputs:
        if id(e) not in verwender:
            verwender[id(e)] = 0
            alle.append(e)
            stapel.append(e)
        verwender[id(e)] += 1
self.grad = 1.0
bereit = [self]
while bereit:
    k = bereit.pop(0)
    if k.grad_fn is None:
        continue
    for e, d in zip(k.inputs, k.grad_fn(k.grad)):
        e.grad += d
        verwender[id(e)] -= 1
        if verwender[id(e)] == 0:
            bereit.append(e)""",
    }},
}

SOURCES.update({
    "s343": {"kind": "Pedro: Portuguese comments, `float(...)` everywhere, grads as a list built in a loop, a two-stack walk with use counts",
             "bodies": {
        "A1": """resultado = float(self.data) + float(other.data)
return Scalar(resultado, (self, other), lambda grad_saida: (grad_saida, grad_saida), "+")""",
        "A2": """resultado = float(self.data) * float(other.data)
# regra do produto
return Scalar(resultado, (self, other), lambda grad_saida: (grad_saida * other.data, grad_saida * self.data), "*")""",
        "A3": """resultado = float(self.data) ** k
return Scalar(resultado, (self,), lambda grad_saida: (grad_saida * k * float(self.data) ** (k - 1),), "**")""",
        "A4": """resultado = float(self.data) if self.data > 0 else 0.0
return Scalar(resultado, (self,), lambda grad_saida: (grad_saida * float(self.data > 0),), "relu")""",
        "A5": """resultado = math.tanh(self.data)
# a derivada usa a saída
return Scalar(resultado, (self,), lambda grad_saida: (grad_saida * (1.0 - resultado ** 2),), "tanh")""",
        "A6": """resultado = math.exp(self.data)
return Scalar(resultado, (self,), lambda grad_saida: (grad_saida * resultado,), "exp")""",
        "A7": """resultado = math.log(self.data)
return Scalar(resultado, (self,), lambda grad_saida: (grad_saida / float(self.data),), "log")""",
        "B": """# conta quantas vezes cada nó é usado
usos = {id(self): 0}
pilha = [self]
while pilha:
    no = pilha.pop()
    for entrada in no.inputs:
        if id(entrada) not in usos:
            usos[id(entrada)] = 0
            pilha.append(entrada)
        usos[id(entrada)] += 1
# propaga: um nó só sai quando todos os que o usam já passaram o gradiente
self.grad = 1.0
prontos = [self]
while prontos:
    no = prontos.pop()
    if no.grad_fn is None:
        continue
    grads = []
    for g in no.grad_fn(no.grad):
        grads.append(float(g))
    for entrada, g in zip(no.inputs, grads):
        entrada.grad += g
        usos[id(entrada)] -= 1
        if usos[id(entrada)] == 0:
            prontos.append(entrada)""",
    }},
    "s350": {"kind": "Nadia: every rule a list of (input, local) pairs turned into a grad_fn by one `_rule` helper, a generator walk",
             "edit": "rule", "bodies": {
        "A1": """return Scalar(self.data + other.data, (self, other), _rule(1.0, 1.0), "+")""",
        "A2": """return Scalar(self.data * other.data, (self, other), _rule(other.data, self.data), "*")""",
        "A3": """return Scalar(self.data ** k, (self,), _rule(k * self.data ** (k - 1)), f"**{k}")""",
        "A4": """on = self.data > 0
return Scalar(self.data if on else 0.0, (self,), _rule(1.0 if on else 0.0), "relu")""",
        "A5": """t = math.tanh(self.data)
return Scalar(t, (self,), _rule(1.0 - t * t), "tanh")""",
        "A6": """e = math.exp(self.data)
return Scalar(e, (self,), _rule(e), "exp")""",
        "A7": """return Scalar(math.log(self.data), (self,), _rule(1.0 / self.data), "log")""",
        "B": """def walk(root):
    seen, stack = set(), [(root, False)]
    while stack:
        node, leaving = stack.pop()
        if leaving:
            yield node
        elif node not in seen:
            seen.add(node)
            stack.append((node, True))
            stack.extend((p, False) for p in node.inputs if p not in seen)

self.grad = 1.0
for node in reversed(list(walk(self))):
    if node.grad_fn:
        for p, g in zip(node.inputs, node.grad_fn(node.grad)):
            p.grad += g""",
    }},
    "s357": {"kind": "Eli: relu, tanh, exp and log all written through one `_apply(f, df)` method, a recursive walk with the limit raised",
             "edit": "apply", "bodies": {
        "A1": """return Scalar(self.data + other.data, (self, other), lambda g: (g, g), "+")""",
        "A2": """return Scalar(self.data * other.data, (self, other), lambda g: (g * other.data, g * self.data), "*")""",
        "A3": """return self._apply(lambda x: x ** k, lambda x, fx: k * x ** (k - 1), f"**{k}")""",
        "A4": """return self._apply(lambda x: max(x, 0.0), lambda x, fx: float(x > 0), "relu")""",
        "A5": """return self._apply(math.tanh, lambda x, fx: 1 - fx * fx, "tanh")""",
        "A6": """return self._apply(math.exp, lambda x, fx: fx, "exp")""",
        "A7": """return self._apply(math.log, lambda x, fx: 1 / x, "log")""",
        "B": """import sys
if sys.getrecursionlimit() < 20000:
    sys.setrecursionlimit(20000)
order, marked = [], set()
def dfs(n):
    marked.add(n)
    for p in n.inputs:
        if p not in marked:
            dfs(p)
    order.append(n)
dfs(self)
self.grad = 1.0
while order:
    n = order.pop()
    if n.grad_fn is not None:
        for p, g in zip(n.inputs, n.grad_fn(n.grad)):
            p.grad += g""",
    }},
})

# the helpers three students add to the class or module ("edit"): put before `    # ---- Part A` or after `def _lift`
EDITS = {
    "unary": ("class", """    def _unary(self, name, forward, slope):
        \"\"\"A one-input operation: forward(x) and its local slope(x, y), y the output.\"\"\"
        x = self.data
        y = forward(x)
        return Scalar(y, (self,), lambda g: (g * slope(x, y),), name)

"""),
    "chain": ("class", """    def _chain(self, value, name, *pairs):
        \"\"\"A new node; PAIRS are (input, d_value/d_input), multiplied by the upstream gradient.\"\"\"
        inputs = tuple(p for p, _ in pairs)
        slopes = tuple(d for _, d in pairs)
        return Scalar(value, inputs, lambda g: tuple(d * g for d in slopes), name)

"""),
    "rule": ("module", """

def _rule(*locals_):
    \"\"\"A grad_fn from the local derivatives, one per input.\"\"\"
    return lambda g: tuple(local * g for local in locals_)
"""),
    "apply": ("class", """    def _apply(self, f, df, name):
        \"\"\"f(self) as a node; df(x, f(x)) is its derivative.\"\"\"
        fx = f(self.data)
        return Scalar(fx, (self,), lambda g: (g * df(self.data, fx),), name)

"""),
}

SOURCES.update({
    "s392": {"kind": "Amara: values bound as lambda defaults (`lambda g, a=a, b=b:`), node names with their operands "
                     "like 'tanh(0.5)', an explicit post-order with an `expanded` set",
             "bodies": {
        "A1": """a, b = self.data, other.data
return Scalar(a + b, (self, other), lambda g: (g, g), f"({a:g} + {b:g})")""",
        "A2": """a, b = self.data, other.data
return Scalar(a * b, (self, other), lambda g, a=a, b=b: (g * b, g * a), f"({a:g} * {b:g})")""",
        "A3": """a = self.data
return Scalar(a ** k, (self,), lambda g, a=a: (g * k * a ** (k - 1),), f"({a:g} ** {k})")""",
        "A4": """a = self.data
return Scalar(a if a > 0 else 0.0, (self,), lambda g, a=a: (g if a > 0 else 0.0,), f"relu({a:g})")""",
        "A5": """a = self.data
t = math.tanh(a)
return Scalar(t, (self,), lambda g, t=t: (g * (1 - t * t),), f"tanh({a:g})")""",
        "A6": """a = self.data
e = math.exp(a)
return Scalar(e, (self,), lambda g, e=e: (g * e,), f"exp({a:g})")""",
        "A7": """a = self.data
return Scalar(math.log(a), (self,), lambda g, a=a: (g / a,), f"log({a:g})")""",
        "B": """post, expanded, done = [], set(), set()
stack = [self]
while stack:
    node = stack[-1]
    if id(node) in done:
        stack.pop()
    elif id(node) in expanded:
        stack.pop()
        done.add(id(node))
        post.append(node)
    else:
        expanded.add(id(node))
        for p in node.inputs:
            if id(p) not in expanded:
                stack.append(p)
self.grad = 1.0
for node in reversed(post):
    if node.grad_fn is not None:
        for p, g in zip(node.inputs, node.grad_fn(node.grad)):
            p.grad += g""",
    }},
})

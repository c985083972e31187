"""The students of sim44b2 (session 44, simw44) who wrote their own long engine.py on 04-more-ops' starter, typed one
student at a time: each one's eight TODO bodies (pow, exp, log, neg, sub, rsub, div, rdiv), and what else they put in
the file: `top` (imports and constants under the module docstring), `methods` (their own methods, before __repr__),
`repr` (their own __repr__), `backward` (their own backward(), for those who rewrote it), `bottom` (helpers, tests and
debugging after the class) and `edits` ((old, new) to the starter's own text). write.py puts them in the starter."""

STUDENTS = {
    # An Nguyen: long docstrings on everything, a sigmoid, a test block under __main__ with asserts
    "nguyenan": {
        "pow": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    # power rule: k * x^(k-1)
    self.grad += k * (self.data ** (k - 1)) * out.grad

out._backward = _backward
return out
''',
        "exp": '''
e = math.exp(self.data)
out = Value(e, (self,), "exp")

def _backward():
    # the derivative of e^x is e^x, which is the output
    self.grad += e * out.grad

out._backward = _backward
return out
''',
        "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    # d/dx ln(x) = 1/x  (x is the INPUT, not the output!)
    self.grad += (1.0 / self.data) * out.grad

out._backward = _backward
return out
''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
        "methods": '''
    def sigmoid(self):
        """Logistic sigmoid 1 / (1 + e^-x).

        I wrote it with its own backward instead of building it from exp,
        because the derivative is nice: s * (1 - s).
        """
        s = 1.0 / (1.0 + math.exp(-self.data))
        out = Value(s, (self,), "sigmoid")

        def _backward():
            self.grad += s * (1 - s) * out.grad

        out._backward = _backward
        return out

''',
        "bottom": '''

# ---------------------------------------------------------------------------
# my own tests (run with: python engine.py)
# ---------------------------------------------------------------------------

def _approx(a, b, tol=1e-6):
    return abs(a - b) < tol


if __name__ == "__main__":
    # example from the README
    x = Value(2.0)
    (x ** 3).backward()
    assert _approx(x.grad, 12.0), x.grad

    a, b = Value(5.0), Value(2.0)
    (a - b).backward()
    assert a.grad == 1 and b.grad == -1

    a = Value(0.5)
    (2 / a).backward()
    assert _approx(a.grad, -8.0)

    # exp and log
    z = Value(0.0)
    z.exp().backward()
    assert _approx(z.grad, 1.0)
    w = Value(1.0)
    w.log().backward()
    assert _approx(w.grad, 1.0)

    # sigmoid at 0 should have gradient 0.25
    s = Value(0.0)
    s.sigmoid().backward()
    assert _approx(s.grad, 0.25)

    # a bigger expression
    p = Value(1.5)
    q = Value(-0.5)
    r = (p * q + p.exp()) / (q ** 2 + 1)
    r.backward()
    print("r =", r)
    print("dp =", p.grad, "dq =", q.grad)
    print("all tests passed")
''',
    },
    # Lukas Schmidt: German comments, a zero_grad and a parameters() walk, debug prints left in backward via a flag
    "schmidtlukas": {
        "top": '''
DEBUG = False  # auf True setzen, um die Rueckwaertsrechnung zu sehen
''',
        "pow": '''
assert isinstance(k, (int, float))
ergebnis = Value(self.data ** k, (self,), "pow")

def _backward():
    # Potenzregel
    self.grad += k * self.data ** (k - 1) * ergebnis.grad

ergebnis._backward = _backward
return ergebnis
''',
        "exp": '''
ergebnis = Value(math.exp(self.data), (self,), "exp")

def _backward():
    # Ableitung von e^x ist e^x = die Ausgabe
    self.grad += ergebnis.data * ergebnis.grad

ergebnis._backward = _backward
return ergebnis
''',
        "log": '''
if self.data <= 0:
    raise ValueError(f"log von {self.data} ist nicht definiert")
ergebnis = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += ergebnis.grad / self.data

ergebnis._backward = _backward
return ergebnis
''',
        "neg": "return self * (-1)",
        "sub": "return self + (-other)",
        "rsub": "return (-self) + other",
        "div": "return self * (other ** -1)",
        "rdiv": "return (self ** -1) * other",
        "backward": '''
    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))

        self.grad = 1
        for node in reversed(topo):
            if DEBUG:
                print("backward durch", node._op or "Blatt", "data =", node.data, "grad =", node.grad)
            node._backward()
''',
        "methods": '''
    def parameters(self):
        """Alle Knoten, von denen dieser Wert abhaengt (inklusive sich selbst)."""
        gesehen, reihenfolge = set(), []
        zu_besuchen = [self]
        while zu_besuchen:
            k = zu_besuchen.pop()
            if k in gesehen:
                continue
            gesehen.add(k)
            reihenfolge.append(k)
            zu_besuchen.extend(k._prev)
        return reihenfolge

    def zero_grad(self):
        """Setzt alle Gradienten im Graphen auf 0 (vor einem zweiten backward noetig)."""
        for k in self.parameters():
            k.grad = 0

''',
        "bottom": '''


# Tests aus der Aufgabe
if __name__ == "__main__":
    DEBUG = True
    x = Value(2.0)
    y = x ** 3
    y.backward()
    print("x.grad =", x.grad, "(soll 12.0)")

    DEBUG = False
    a = Value(5.0)
    b = Value(2.0)
    c = a - b
    c.backward()
    print(a.grad, b.grad, "(soll 1 -1)")

    a = Value(0.5)
    d = 2 / a
    d.backward()
    print(a.grad, "(soll -8.0)")

    # zweimal backward mit zero_grad dazwischen
    u = Value(3.0)
    v = u.log() * u
    v.backward()
    erstes = u.grad
    v.zero_grad()
    v.backward()
    print("gleich?", erstes == u.grad)
''',
    },
    # Siobhan O'Connor: type hints added to her own bodies only, helper functions at module level, printing a graph
    "oconnorsiobhan": {
        "pow": '''
result = Value(self.data ** k, (self,), "**" + str(k))

def _backward() -> None:
    self.grad += k * self.data ** (k - 1) * result.grad

result._backward = _backward
return result
''',
        "exp": '''
result = Value(math.exp(self.data), (self,), "exp")

def _backward() -> None:
    self.grad += result.data * result.grad

result._backward = _backward
return result
''',
        "log": '''
x = self.data
result = Value(math.log(x), (self,), "log")

def _backward() -> None:
    self.grad += result.grad / x

result._backward = _backward
return result
''',
        "neg": "return self * -1.0",
        "sub": "return self + -other",
        "rsub": "return -self + other",
        "div": "return self * other ** -1.0",
        "rdiv": "return other * self ** -1.0",
        "bottom": '''


def print_graph(node: Value, indent: int = 0, seen=None) -> None:
    """Print the graph below node as an indented tree (shared nodes printed once)."""
    if seen is None:
        seen = set()
    label = node._op if node._op else "leaf"
    mark = " (seen)" if node in seen else ""
    print("  " * indent + f"{label}: data={node.data:.4f} grad={node.grad:.4f}{mark}")
    if node in seen:
        return
    seen.add(node)
    for child in node._prev:
        print_graph(child, indent + 1, seen)


def count_nodes(node: Value) -> int:
    seen = set()
    todo = [node]
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo.extend(n._prev)
    return len(seen)


if __name__ == "__main__":
    x = Value(2.0)
    w = Value(-0.5)
    y = (x * w).exp() - x.log() + 3 / x
    y.backward()
    print_graph(y)
    print("nodes:", count_nodes(y))
    print("dy/dx =", x.grad)
    print("dy/dw =", w.grad)
''',
    },
    # Rami Haddad: one-letter closures, a softplus and a clip, a checker against finite differences with a loop
    "haddadrami": {
        "pow": '''
o = Value(self.data ** k, (self,), "^")
def f():
    self.grad += o.grad * k * self.data ** (k - 1)
o._backward = f
return o
''',
        "exp": '''
o = Value(math.exp(self.data), (self,), "exp")
def f():
    self.grad += o.grad * o.data
o._backward = f
return o
''',
        "log": '''
o = Value(math.log(self.data), (self,), "ln")
def f():
    self.grad += o.grad / self.data
o._backward = f
return o
''',
        "neg": "return -1 * self",
        "sub": "return self + other * -1",
        "rsub": "return self * -1 + other",
        "div": "return self * other ** (-1)",
        "rdiv": "return self ** (-1) * other",
        "methods": '''
    def softplus(self):
        # log(1 + e^x), built from ops I already have
        return (self.exp() + 1).log()

    def clip(self, lo, hi):
        # not differentiable at the edges, I just pass the gradient inside
        o = Value(min(max(self.data, lo), hi), (self,), "clip")
        def f():
            if lo < self.data < hi:
                self.grad += o.grad
        o._backward = f
        return o

''',
        "bottom": '''


# ----- finite difference check -----
def fd(fn, xs, h=1e-6):
    """numerical gradient of fn (plain floats) at xs"""
    g = []
    for i in range(len(xs)):
        up = list(xs); up[i] += h
        dn = list(xs); dn[i] -= h
        g.append((fn(*up) - fn(*dn)) / (2 * h))
    return g


def fd_check(fn, xs):
    vals = [Value(x) for x in xs]
    out = fn(*vals)
    out.backward()
    num = fd(lambda *a: fn(*[Value(t) for t in a]).data, xs)
    for v, n in zip(vals, num):
        print(f"  autograd {v.grad: .6f}   numeric {n: .6f}   diff {abs(v.grad - n):.2e}")


print("check 1")
fd_check(lambda a, b: a ** 2 * b - b.exp(), [1.2, 0.3])
print("check 2")
fd_check(lambda a: (a + 2).log() / a, [0.7])
print("check 3")
fd_check(lambda a, b: (a - b).softplus() * 3 - 1 / b, [0.1, 2.0])
''',
    },
    # Irina Petrova: Russian comments, everything float, an __abs__ and a max, a small SGD demo at the bottom
    "petrovairina": {
        "pow": '''
# производная x^k равна k * x^(k-1)
res = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += float(k) * self.data ** (k - 1.0) * res.grad

res._backward = _backward
return res
''',
        "exp": '''
# e^x, производная - сам результат
res = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += res.data * res.grad

res._backward = _backward
return res
''',
        "log": '''
# натуральный логарифм, производная 1/x (x - вход)
res = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += 1.0 / self.data * res.grad

res._backward = _backward
return res
''',
        "neg": "return self * -1.0",
        "sub": "return self + other * -1.0",
        "rsub": "return Value(other) - self",
        "div": "return self * other ** -1.0",
        "rdiv": "return Value(other) / self",
        "methods": '''
    def __abs__(self):
        # |x|: производная sign(x), в нуле беру 0
        res = Value(abs(self.data), (self,), "abs")

        def _backward():
            znak = 1.0 if self.data > 0 else (-1.0 if self.data < 0 else 0.0)
            self.grad += znak * res.grad

        res._backward = _backward
        return res

    def maximum(self, other):
        # max(a, b) через relu: max(a, b) = b + relu(a - b)
        return other + (self - other).relu()

''',
        "bottom": '''


# ---- маленький пример: минимизация (w - 3)^2 градиентным спуском ----
def demo_sgd(steps=50, lr=0.1):
    w = Value(0.0)
    for step in range(steps):
        loss = (w - 3.0) ** 2
        w.grad = 0.0
        loss.backward()
        w = Value(w.data - lr * w.grad)
        if step % 10 == 0:
            print(f"шаг {step:2d}: w = {w.data:.4f}, loss = {loss.data:.6f}")
    return w.data


if __name__ == "__main__":
    print("итог:", demo_sgd())
    a = Value(-2.0)
    b = abs(a) * a.maximum(Value(1.0))
    b.backward()
    print(b, a.grad)
''',
    },
    # Carlos Mendez: the bodies with local names `salida`, a __truediv__ that checks zero, tests as functions
    "mendezcarlos": {
        "pow": '''
salida = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += (k * self.data ** (k - 1)) * salida.grad

salida._backward = _backward
return salida
''',
        "exp": '''
valor = math.exp(self.data)
salida = Value(valor, (self,), "exp")

def _backward():
    self.grad += valor * salida.grad

salida._backward = _backward
return salida
''',
        "log": '''
salida = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += salida.grad * (1 / self.data)

salida._backward = _backward
return salida
''',
        "neg": "return self * -1",
        "sub": '''
other = other if isinstance(other, Value) else Value(other)
return self + (-other)
''',
        "rsub": "return Value(other) + (-self)",
        "div": '''
if not isinstance(other, Value) and other == 0:
    raise ZeroDivisionError("division por cero")
return self * other ** -1
''',
        "rdiv": "return Value(other) * self ** -1",
        "bottom": '''


# ------------------------------ pruebas ------------------------------

def prueba_pow():
    x = Value(2.0)
    (x ** 3).backward()
    assert abs(x.grad - 12.0) < 1e-9


def prueba_resta():
    a, b = Value(5.0), Value(2.0)
    (a - b).backward()
    assert (a.grad, b.grad) == (1, -1)


def prueba_division():
    a = Value(0.5)
    (2 / a).backward()
    assert abs(a.grad + 8.0) < 1e-9


def prueba_exp_log():
    x = Value(0.0)
    x.exp().backward()
    assert x.grad == 1
    y = Value(1.0)
    y.log().backward()
    assert y.grad == 1


if __name__ == "__main__":
    for prueba in (prueba_pow, prueba_resta, prueba_division, prueba_exp_log):
        prueba()
        print(prueba.__name__, "OK")
''',
    },
    # Jan Kowalczyk: Polish comments, exp's derivative from the input (bug), many debugging prints commented out
    "kowalczykjan": {
        "pow": '''
wynik = Value(self.data ** k, (self,), "pow")
# print("pow", self.data, k, wynik.data)

def _backward():
    self.grad += k * self.data ** (k - 1) * wynik.grad

wynik._backward = _backward
return wynik
''',
        "exp": '''
wynik = Value(math.exp(self.data), (self,), "exp")

def _backward():
    # pochodna e^x to e^x
    self.grad += math.exp(self.data) * self.data * wynik.grad
    # print("exp backward", self.grad)

wynik._backward = _backward
return wynik
''',
        "log": '''
wynik = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += wynik.grad / self.data

wynik._backward = _backward
return wynik
''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
        "bottom": '''


# testy - sprawdzam recznie
# x = Value(2.0)
# (x ** 3).backward()
# print(x.grad)

a = Value(5.0)
b = Value(2.0)
(a - b).backward()
print("a.grad", a.grad, "b.grad", b.grad)

a = Value(0.5)
(2 / a).backward()
print("a.grad", a.grad)

# exp(1) -> gradient powinien byc e
e = Value(1.0)
e.exp().backward()
print("exp grad", e.grad, "vs", math.e)
''',
    },
    # Tunde Adeyemi: a class-level table of op names for printing, a draw() to a list of lines, a trace decorator
    "adeyemitunde": {
        "top": '''
import functools

OP_NAMES = {"+": "add", "*": "mul", "ReLU": "relu", "tanh": "tanh", "exp": "exp", "log": "log", "pow": "pow"}
''',
        "pow": '''
node = Value(self.data ** k, (self,), "pow")
node.k = k

def _backward():
    self.grad += k * (self.data ** (k - 1)) * node.grad

node._backward = _backward
return node
''',
        "exp": '''
node = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += node.data * node.grad

node._backward = _backward
return node
''',
        "log": '''
node = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += (1 / self.data) * node.grad

node._backward = _backward
return node
''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * (other ** -1)",
        "rdiv": "return other * (self ** -1)",
        "methods": '''
    def describe(self):
        """One line about this node: its op by name, value and gradient."""
        name = OP_NAMES.get(self._op, "input")
        return f"[{name}] value={self.data:.5g} grad={self.grad:.5g}"

    def draw(self):
        """The graph below this node as a list of lines, parents indented under children."""
        lines = []

        def go(n, depth):
            lines.append("    " * depth + n.describe())
            for p in n._prev:
                go(p, depth + 1)

        go(self, 0)
        return lines

''',
        "bottom": '''


def traced(fn):
    """Decorator I used while debugging: prints the result of an expression and its inputs' gradients."""
    @functools.wraps(fn)
    def wrapper(*args):
        vals = [Value(a) for a in args]
        out = fn(*vals)
        out.backward()
        print(fn.__name__, "=", round(out.data, 6), "grads:", [round(v.grad, 6) for v in vals])
        return out
    return wrapper


@traced
def cube(x):
    return x ** 3


@traced
def ratio(a, b):
    return (a - b) / (a + b)


@traced
def soft(x):
    return (1 + x.exp()).log()


if __name__ == "__main__":
    cube(2.0)
    ratio(3.0, 1.0)
    out = soft(0.5)
    print("\\n".join(out.draw()))
''',
    },
    # Maja Larsson: Swedish comments, a _wrap() helper she uses in her bodies, tests at module level with asserts
    "larssonmaja": {
        "pow": """
ut = Value(self.data ** k, (self,), "**")

def _backward():
    # potensregeln
    self.grad += k * self.data ** (k - 1) * ut.grad

ut._backward = _backward
return ut
""",
        "exp": """
ut = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += ut.data * ut.grad  # derivatan av e^x ar e^x

ut._backward = _backward
return ut
""",
        "log": """
ut = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += ut.grad / self.data  # 1/x

ut._backward = _backward
return ut
""",
        "neg": "return self * _wrap(-1)",
        "sub": "return self + (-_wrap(other))",
        "rsub": "return _wrap(other) - self",
        "div": "return self * _wrap(other) ** -1",
        "rdiv": "return _wrap(other) / self",
        "bottom": """


def _wrap(x):
    # gor om tal till Value
    return x if isinstance(x, Value) else Value(x)


# ---- tester (kors nar filen importeras, de ar snabba) ----
_x = Value(2.0)
(_x ** 3).backward()
assert abs(_x.grad - 12.0) < 1e-12

_a, _b = Value(5.0), Value(2.0)
(_a - _b).backward()
assert (_a.grad, _b.grad) == (1, -1)

_c = Value(0.5)
(2 / _c).backward()
assert abs(_c.grad + 8.0) < 1e-12

_d = Value(1.0)
_d.log().backward()
assert _d.grad == 1.0
del _x, _a, _b, _c, _d
""",
    },
    # Ken Yamada: Japanese comments, a sigmoid and a mse helper; __rtruediv__ written as self / other (bug)
    "yamadaken": {
        "pow": """
# べき乗の微分: k * x**(k-1)
y = Value(self.data ** k, (self,), f"pow{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * y.grad

y._backward = _backward
return y
""",
        "exp": """
y = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += y.data * y.grad  # 出力そのもの

y._backward = _backward
return y
""",
        "log": """
y = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += y.grad / self.data  # 入力で割る

y._backward = _backward
return y
""",
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other ** -1",
        "rdiv": "return self * other ** -1  # other / self",
        "methods": """
    def sigmoid(self):
        # exp から作る
        return 1 / (1 + (-self).exp())

""",
        "bottom": """


def mse(preds, targets):
    # 平均二乗誤差
    total = Value(0.0)
    for p, t in zip(preds, targets):
        total = total + (p - t) ** 2
    return total / len(preds)


if __name__ == "__main__":
    ws = [Value(0.3), Value(-0.2)]
    xs = [(1.0, 2.0), (2.0, 0.5), (-1.0, 1.0)]
    ys = [1.0, 0.0, 1.0]
    preds = [(ws[0] * a + ws[1] * b).sigmoid() for a, b in xs]
    loss = mse(preds, ys)
    loss.backward()
    print("loss", loss.data)
    print("grads", [w.grad for w in ws])
""",
    },
    # Beatriz Ferreira: Portuguese comments, a `Value.const` classmethod, a gradient table printer
    "ferreirabeatriz": {
        "pow": """
saida = Value(self.data ** k, (self,), "**%s" % k)

def _backward():
    # regra da potencia
    self.grad += k * self.data ** (k - 1) * saida.grad

saida._backward = _backward
return saida
""",
        "exp": """
saida = Value(math.exp(self.data), (self,), "exp")

def _backward():
    # e^x deriva para ele mesmo
    self.grad += saida.data * saida.grad

saida._backward = _backward
return saida
""",
        "log": """
assert self.data > 0, "log so para x > 0"
saida = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += saida.grad * self.data ** -1

saida._backward = _backward
return saida
""",
        "neg": "return self * Value.const(-1)",
        "sub": "return self + (-Value.const(other))",
        "rsub": "return Value.const(other) + (-self)",
        "div": "return self * Value.const(other) ** -1",
        "rdiv": "return Value.const(other) * self ** -1",
        "methods": """
    @classmethod
    def const(cls, x):
        # um numero vira Value; um Value fica como esta
        return x if isinstance(x, cls) else cls(x)

""",
        "bottom": """


def tabela(**nos):
    # imprime uma tabela com valor e gradiente de cada no
    print(f"{'nome':>6} | {'valor':>10} | {'grad':>10}")
    print("-" * 32)
    for nome, no in nos.items():
        print(f"{nome:>6} | {no.data:>10.4f} | {no.grad:>10.4f}")


if __name__ == "__main__":
    x = Value(1.5)
    y = Value(-2.0)
    f = (x ** 2 + y.exp()).log() - x / y
    f.backward()
    tabela(x=x, y=y, f=f)
""",
    },
    # Aoife Murphy: a __repr__ with the op, an is_leaf property, a gradient-check over random points with a seed
    "murphyaoife": {
        "top": """
import random
""",
        "pow": """
out = Value(self.data ** k, (self,), f"^{k}")

def _backward():
    self.grad += out.grad * k * self.data ** (k - 1)

out._backward = _backward
return out
""",
        "exp": """
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.grad * out.data

out._backward = _backward
return out
""",
        "log": """
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += out.grad / self.data

out._backward = _backward
return out
""",
        "neg": "return self * -1",
        "sub": "return self + -1 * other",
        "rsub": "return -1 * self + other",
        "div": "return self * other**-1",
        "rdiv": "return other * self**-1",
        "methods": """
    @property
    def is_leaf(self):
        return len(self._prev) == 0

""",
        "repr": """
    def __repr__(self):
        if self.is_leaf:
            return f"Value({self.data:.4g}, grad={self.grad:.4g})"
        return f"Value({self.data:.4g}, grad={self.grad:.4g}, op={self._op!r})"
""",
        "bottom": """


def numeric_grad(f, x, eps=1e-5):
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def random_check(n=20, seed=0):
    # compare the autograd gradient of a fixed function with finite differences at random points
    rng = random.Random(seed)
    worst = 0.0
    for _ in range(n):
        x0 = rng.uniform(0.2, 3.0)
        x = Value(x0)
        y = (x ** 3 - 2 * x).exp() / (1 + x.log() ** 2)
        y.backward()

        def plain(t):
            return math.exp(t ** 3 - 2 * t) / (1 + math.log(t) ** 2)

        num = numeric_grad(plain, x0)
        worst = max(worst, abs(x.grad - num) / max(1.0, abs(num)))
    return worst


if __name__ == "__main__":
    print("worst relative error:", random_check())
""",
    },
    # Neha Gupta: a docstring per body, the derived ops with their formula as a comment, a Value.from_list helper
    "guptaneha": {
        "pow": """
\"\"\"x**k with d/dx = k x**(k-1).\"\"\"
res = Value(self.data**k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data**(k - 1) * res.grad

res._backward = _backward
return res
""",
        "exp": """
\"\"\"e**x; its derivative is itself.\"\"\"
res = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += res.data * res.grad

res._backward = _backward
return res
""",
        "log": """
\"\"\"ln(x); derivative 1/x.\"\"\"
res = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += res.grad / self.data

res._backward = _backward
return res
""",
        "neg": "# -a = a * (-1)\nreturn self * -1",
        "sub": "# a - b = a + (-b)\nreturn self + (-other)",
        "rsub": "# 2 - a = 2 + (-a)\nreturn other + (-self)",
        "div": "# a / b = a * b^-1\nreturn self * other**-1",
        "rdiv": "# 2 / a = 2 * a^-1\nreturn other * self**-1",
        "methods": """
    @staticmethod
    def from_list(xs):
        \"\"\"[1, 2, 3] -> [Value(1), Value(2), Value(3)]\"\"\"
        return [Value(x) for x in xs]

    @staticmethod
    def total(vs):
        \"\"\"Sum of a list of Values (starting from Value(0)).\"\"\"
        s = Value(0)
        for v in vs:
            s = s + v
        return s

""",
        "bottom": """


if __name__ == "__main__":
    xs = Value.from_list([0.5, 1.0, 1.5, 2.0])
    loss = Value.total([(x.log() - 1) ** 2 for x in xs]) / len(xs)
    loss.backward()
    for x in xs:
        print(x)
""",
    },
    # Lea Dupont: French comments, a debug print left inside log(), an `ops` counter as a class attribute
    "dupontlea": {
        "pow": """
Value.nb_ops += 1
sortie = Value(self.data ** k, (self,), "**")

def _backward():
    self.grad += k * self.data ** (k - 1) * sortie.grad

sortie._backward = _backward
return sortie
""",
        "exp": """
Value.nb_ops += 1
e = math.exp(self.data)
sortie = Value(e, (self,), "exp")

def _backward():
    # la derivee de exp est exp : on reutilise la sortie
    self.grad += sortie.data * sortie.grad

sortie._backward = _backward
return sortie
""",
        "log": """
Value.nb_ops += 1
print("log de", self.data)  # TODO enlever avant de rendre
sortie = Value(math.log(self.data), (self,), "log")

def _backward():
    # derivee : 1 / x, ou x est l'entree
    self.grad += sortie.grad / self.data

sortie._backward = _backward
return sortie
""",
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
        "edits": [("    def __init__(self, data, _children=(), _op=\"\"):\n",
                   "    nb_ops = 0  # combien d'operations exp/log/pow ont ete faites (pour le debug)\n\n"
                   "    def __init__(self, data, _children=(), _op=\"\"):\n")],
        "bottom": """


# mes essais
if __name__ == "__main__":
    a = Value(3.0)
    b = Value(4.0)
    c = (a ** 2 + b ** 2) ** 0.5   # hypotenuse
    c.backward()
    print("c =", c.data, "dc/da =", a.grad, "dc/db =", b.grad)   # 5, 0.6, 0.8
    d = Value(2.0)
    (d.log() * d.exp()).backward()
    print("d.grad =", d.grad)
    print("operations:", Value.nb_ops)
""",
    },
    # Dmitri Ivanov: a big comment block explaining the chain rule at the top, everything in terse style
    "ivanovdmitri": {
        "top": """
# Chain rule reminder (my notes):
#   if L depends on x only through y = f(x), then dL/dx = dL/dy * f'(x)
#   every _backward below does exactly that: self.grad += f'(x) * out.grad
#   "+=" because x may feed several y's (multivariate chain rule sums paths)
#
#   pow:  f'(x) = k x^(k-1)
#   exp:  f'(x) = e^x  (= out.data)
#   log:  f'(x) = 1/x
#   the rest are compositions so they need no rule of their own
""",
        "pow": """
out = Value(self.data**k, (self,), "pow")
def _backward(): self.grad += k * self.data**(k-1) * out.grad
out._backward = _backward
return out
""",
        "exp": """
out = Value(math.exp(self.data), (self,), "exp")
def _backward(): self.grad += out.data * out.grad
out._backward = _backward
return out
""",
        "log": """
out = Value(math.log(self.data), (self,), "log")
def _backward(): self.grad += out.grad / self.data
out._backward = _backward
return out
""",
        "neg": "return self*-1",
        "sub": "return self+(-other)",
        "rsub": "return other+(-self)",
        "div": "return self*other**-1",
        "rdiv": "return other*self**-1",
        "bottom": """


if __name__ == "__main__":
    import sys
    x = Value(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
    f = x**3 - 2*x + x.exp()/x - (1 + x).log()
    f.backward()
    print(f"f({x.data}) = {f.data:.6f}, f' = {x.grad:.6f}")
    # f' by hand: 3x^2 - 2 + e^x/x - e^x/x^2 - 1/(1+x)
    h = 3*x.data**2 - 2 + math.exp(x.data)/x.data - math.exp(x.data)/x.data**2 - 1/(1 + x.data)
    print(f"by hand: {h:.6f}")
""",
    },
    # Chinedu Okafor: a `Value.grads_of()` helper, a tiny Neuron to try the engine, debug prints guarded by VERBOSE
    "okaforchinedu": {
        "top": """
import random

VERBOSE = False
""",
        "pow": """
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    if VERBOSE:
        print(f"pow backward: k={k}, x={self.data}, upstream={out.grad}")
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out
""",
        "exp": """
ex = math.exp(self.data)
out = Value(ex, (self,), "exp")

def _backward():
    self.grad += ex * out.grad

out._backward = _backward
return out
""",
        "log": """
out = Value(math.log(self.data), (self,), "log")

def _backward():
    if VERBOSE:
        print(f"log backward: x={self.data}, upstream={out.grad}")
    self.grad += 1 / self.data * out.grad

out._backward = _backward
return out
""",
        "neg": "return -1 * self",
        "sub": "return self + (-1 * other)",
        "rsub": "return (-1 * self) + other",
        "div": "return self * (other ** -1)",
        "rdiv": "return (self ** -1) * other",
        "methods": """
    @staticmethod
    def grads_of(*values):
        return tuple(v.grad for v in values)

""",
        "bottom": """


class Neuron:
    \"\"\"One tanh neuron, just to see the engine train something.\"\"\"

    def __init__(self, nin, seed=1):
        rng = random.Random(seed)
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)

    def __call__(self, xs):
        act = self.b
        for wi, xi in zip(self.w, xs):
            act = act + wi * xi
        return act.tanh()

    def parameters(self):
        return self.w + [self.b]


if __name__ == "__main__":
    n = Neuron(2)
    data = [([1.0, 0.5], 1.0), ([-1.0, -0.5], -1.0), ([0.5, -1.0], 1.0)]
    for epoch in range(30):
        loss = Value(0.0)
        for xs, y in data:
            loss = loss + (n(xs) - y) ** 2
        for p in n.parameters():
            p.grad = 0
        loss.backward()
        for p in n.parameters():
            p.data -= 0.1 * p.grad
        if epoch % 10 == 0:
            print(epoch, round(loss.data, 4))
    print(Value.grads_of(*n.parameters()))
""",
    },
    # ---- the sources of the five partial copies (each one's copied region named) -----------------------------------
    # James Brown (source of Emma Wilson's backward): his own backward(): three colours by id() on a stack, grads
    # zeroed first, the order returned
    "brownjames": {
        "pow": """
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out
""",
        "exp": """
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad   # e^x' = e^x

out._backward = _backward
return out
""",
        "log": """
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += out.grad / self.data

out._backward = _backward
return out
""",
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return -self + other",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
        "backward": """
    def _build_order(self):
        \"\"\"All nodes under self, output first (reverse topological order).

        White/grey/black colouring on an explicit stack: white = not seen,
        grey = inputs being visited, black = finished. Keyed by id() so it
        does not depend on Value being hashable.
        \"\"\"
        WHITE, GREY, BLACK = 0, 1, 2
        colour = {}
        finished = []
        stack = [self]
        while stack:
            node = stack[-1]
            c = colour.get(id(node), WHITE)
            if c == WHITE:
                colour[id(node)] = GREY
                for parent in reversed(node._prev):
                    if colour.get(id(parent), WHITE) == WHITE:
                        stack.append(parent)
            else:
                stack.pop()
                if c == GREY:
                    colour[id(node)] = BLACK
                    finished.append(node)
        finished.reverse()
        return finished

    def backward(self):
        \"\"\"Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1.\"\"\"
        order = self._build_order()
        for node in order:          # start clean, so calling backward twice gives the same answer
            node.grad = 0
        self.grad = 1.0
        for node in order:
            node._backward()
        return order  # handy when debugging: the nodes in the order they were processed
""",
        "bottom": """


if __name__ == "__main__":
    # checking the README examples + that backward twice gives the same thing
    x = Value(2.0)
    y = x ** 3
    y.backward()
    print(x.grad)
    y.backward()
    print(x.grad, "(same as before, grads are reset)")
    a = Value(0.5)
    order = (2 / a).backward()
    print(a.grad, [n._op or "leaf" for n in order])
""",
    },
    # Jisoo Kim (source of Petr Novak's backward): Kahn's algorithm with a Counter of consumers and a deque, a
    # _consumers() helper
    "kimjisoo": {
        "top": """
from collections import Counter, deque
""",
        "pow": """
out = Value(self.data ** k, (self,), "pow")

def _backward():
    self.grad += k * (self.data ** (k - 1)) * out.grad

out._backward = _backward
return out
""",
        "exp": """
val = math.exp(self.data)
out = Value(val, (self,), "exp")

def _backward():
    self.grad += val * out.grad

out._backward = _backward
return out
""",
        "log": """
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += (1 / self.data) * out.grad

out._backward = _backward
return out
""",
        "neg": "return self * (-1)",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * (other ** (-1))",
        "rdiv": "return other * (self ** (-1))",
        "backward": """
    def _consumers(self):
        # how many nodes in this graph use each node as an input
        uses = Counter()
        seen = {self}
        todo = [self]
        while todo:
            node = todo.pop()
            for inp in node._prev:
                uses[inp] += 1
                if inp not in seen:
                    seen.add(inp)
                    todo.append(inp)
        return uses

    def backward(self):
        \"\"\"Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1.\"\"\"
        # Kahn's algorithm: a node is ready once every node using it has
        # already pushed its gradient down (its count reaches 0)
        waiting = self._consumers()
        self.grad = 1
        ready = deque([self])
        while ready:
            node = ready.popleft()
            node._backward()
            for inp in node._prev:
                waiting[inp] -= 1
                if waiting[inp] == 0:
                    ready.append(inp)
""",
        "bottom": """


def _close(a, b):
    return abs(a - b) < 1e-9


if __name__ == "__main__":
    # Kahn should give the same answer as the recursive version on a graph with sharing
    a = Value(1.5)
    b = a * a            # a used twice
    c = b.exp() + b      # b used twice
    d = c.log() - a / 2
    d.backward()
    print("d =", d.data, "a.grad =", a.grad)
    # by hand: dd/da = (e^b + 1) / c * 2a - 1/2
    bb = 1.5 * 1.5
    print(_close(a.grad, (math.exp(bb) + 1) / (math.exp(bb) + bb) * 3.0 - 0.5))
""",
    },
    # Elena Garcia (source of Minho Lee's ops): pow/exp/log through a _unary() helper of hers, sigmoid, softplus,
    # square and __abs__ added
    "garciaelena": {
        "pow": "return self._unary(self.data ** k, k * self.data ** (k - 1), f\"**{k}\")",
        "exp": """
e = math.exp(self.data)
return self._unary(e, e, "exp")
""",
        "log": "return self._unary(math.log(self.data), 1 / self.data, \"log\")",
        "neg": "return self._unary(-self.data, -1, \"neg\")",
        "sub": "return self + (-other)",
        "rsub": "return (-self).__add__(other)",
        "div": """
if isinstance(other, Value):
    return self * other ** -1
return self * (1 / other)
""",
        "rdiv": "return self ** -1 * other",
        "methods": """
    # ---- my extra operations ------------------------------------------------

    def _unary(self, value, local, op):
        \"\"\"A node with one input whose local derivative is the number `local`.\"\"\"
        out = Value(value, (self,), op)

        def _backward():
            self.grad += local * out.grad

        out._backward = _backward
        return out

    def sigmoid(self):
        s = 1 / (1 + math.exp(-self.data))
        return self._unary(s, s * (1 - s), "sigmoid")

    def softplus(self):
        # log(1 + e^x), derivative = sigmoid(x)
        return self._unary(math.log1p(math.exp(self.data)), 1 / (1 + math.exp(-self.data)), "softplus")

    def square(self):
        return self._unary(self.data * self.data, 2 * self.data, "sq")

    def __abs__(self):
        return self._unary(abs(self.data), (self.data > 0) - (self.data < 0), "abs")

""",
        "bottom": """


if __name__ == "__main__":
    v = Value(-1.25)
    w = (v.sigmoid() + v.softplus() + v.square() + abs(v)) / 2
    w.backward()
    print(w, v.grad)
    print("README:", end=" ")
    x = Value(2.0); (x ** 3).backward(); print(x.grad, end=" ")
    a, b = Value(5.0), Value(2.0); (a - b).backward(); print(a.grad, b.grad, end=" ")
    a = Value(0.5); (2 / a).backward(); print(a.grad)
""",
    },
    # Ana Silva (source of Mark Johnson's ops): closures named _grad_pow/_grad_exp/..., sqrt, reciprocal, leaky_relu
    "silvaana": {
        "pow": """
out = Value(self.data ** k, (self,), "**%g" % k)

def _grad_pow():
    # d/dx x^k = k x^(k-1)
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _grad_pow
return out
""",
        "exp": """
out = Value(math.exp(self.data), (self,), "exp")

def _grad_exp():
    # a saida e a propria derivada
    self.grad += out.data * out.grad

out._backward = _grad_exp
return out
""",
        "log": """
out = Value(math.log(self.data), (self,), "log")

def _grad_log():
    # 1/x com x a entrada
    self.grad += out.grad / self.data

out._backward = _grad_log
return out
""",
        "neg": "return self * -1.0",
        "sub": "return self + other * -1.0",
        "rsub": "return self * -1.0 + other",
        "div": "return self * other ** -1.0",
        "rdiv": "return self ** -1.0 * other",
        "methods": """
    def sqrt(self):
        # raiz quadrada = potencia 0.5
        return self ** 0.5

    def reciprocal(self):
        out = Value(1.0 / self.data, (self,), "1/x")

        def _grad_rec():
            self.grad += -1.0 / (self.data * self.data) * out.grad

        out._backward = _grad_rec
        return out

    def leaky_relu(self, slope=0.01):
        out = Value(self.data if self.data > 0 else slope * self.data, (self,), "lrelu")

        def _grad_lrelu():
            self.grad += (1.0 if self.data > 0 else slope) * out.grad

        out._backward = _grad_lrelu
        return out

""",
        "bottom": """


# testes rapidos
if __name__ == "__main__":
    x = Value(4.0)
    y = x.sqrt() + x.reciprocal() + x.leaky_relu()
    y.backward()
    print("y =", y.data, " dy/dx =", x.grad)   # 0.25 - 1/16 + 1 = 1.1875
    z = Value(-3.0)
    z.leaky_relu(0.1).backward()
    print("z.grad =", z.grad)
""",
    },
    # Hiro Tanaka (source of Giulia Rossi's helpers): as_value(), numerical_derivative(), check_gradients() with a
    # report, graph_lines() after the class
    "tanakahiro": {
        "pow": """
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out
""",
        "exp": """
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad

out._backward = _backward
return out
""",
        "log": """
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += 1 / self.data * out.grad

out._backward = _backward
return out
""",
        "neg": "return self * as_value(-1)",
        "sub": "return self + (-as_value(other))",
        "rsub": "return as_value(other) + (-self)",
        "div": "return self * as_value(other) ** -1",
        "rdiv": "return as_value(other) * self ** -1",
        "helpers": """


# =============================== helpers ===================================

def as_value(x):
    \"\"\"x itself if it is a Value, else Value(x).\"\"\"
    if isinstance(x, Value):
        return x
    return Value(x)


def numerical_derivative(f, xs, i, h=1e-6):
    \"\"\"Central difference of f (a function of plain floats) in its i-th argument.\"\"\"
    plus = list(xs)
    minus = list(xs)
    plus[i] += h
    minus[i] -= h
    return (f(*plus) - f(*minus)) / (2 * h)


def check_gradients(f, xs, tol=1e-5, verbose=True):
    \"\"\"Compare backward() with central differences for f at xs.

    f must work on Values and on floats (math functions are not allowed, use
    the Value methods and ** only through the wrapper below). Returns True if
    every gradient is within tol (relative, or absolute near zero).
    \"\"\"
    leaves = [Value(x) for x in xs]
    out = f(*leaves)
    out.backward()
    ok = True
    for i, leaf in enumerate(leaves):
        num = numerical_derivative(lambda *a: f(*[Value(t) for t in a]).data, xs, i)
        err = abs(leaf.grad - num) / max(1.0, abs(num))
        if err > tol:
            ok = False
        if verbose:
            flag = "ok" if err <= tol else "MISMATCH"
            print(f"  x{i}: backward={leaf.grad:.8f} numeric={num:.8f} [{flag}]")
    return ok


def graph_lines(root):
    \"\"\"Every node under root as 'op(data)' strings, inputs listed before their users.\"\"\"
    lines, seen = [], set()

    def visit(node):
        if node in seen:
            return
        seen.add(node)
        for p in node._prev:
            visit(p)
        lines.append(f"{node._op or 'leaf'}({node.data:.4g})")

    visit(root)
    return lines
""",
        "bottom": """


if __name__ == "__main__":
    print(check_gradients(lambda a, b: a ** 3 / b - (a * b).exp(), [1.1, 0.4]))
    print(check_gradients(lambda a: (a * a + 1).log() - 2 / a, [0.8]))
    print(graph_lines(Value(2.0) ** 2 + 1))
""",
    },
    # ---- the sources of the three whole-file level-4 copies ----------------------------------------------------------
    # Louis Martin: pow special-casing k == 0, log's ValueError, Value.mean/Value.dot, a line fit at the bottom
    "martinlouis": {
        "pow": """
if k == 0:
    # x^0 = 1 whatever x is, and the derivative is 0 (also at x = 0)
    return Value(1.0, (self,), "**0")
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out
""",
        "exp": """
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad

out._backward = _backward
return out
""",
        "log": """
if self.data <= 0:
    raise ValueError(f"log needs a positive number, got {self.data}")
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += out.grad / self.data

out._backward = _backward
return out
""",
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
        "methods": """
    @staticmethod
    def mean(values):
        \"\"\"Average of a list of Values (or numbers).\"\"\"
        total = 0
        for v in values:
            total = total + v
        return total / len(values)

    @staticmethod
    def dot(xs, ys):
        \"\"\"sum of x*y over two lists of the same length\"\"\"
        assert len(xs) == len(ys), "dot: lists of different length"
        return sum((x * y for x, y in zip(xs, ys)), Value(0.0))

""",
        "bottom": """


# --- trying the engine: fit y = 2x + 1 with gradient descent ---------------

POINTS = [(0.0, 1.1), (1.0, 2.9), (2.0, 5.2), (3.0, 6.8), (4.0, 9.1)]


def fit_line(steps=200, lr=0.02, verbose=False):
    w, b = Value(0.0), Value(0.0)
    for step in range(steps):
        loss = Value.mean([(w * x + b - y) ** 2 for x, y in POINTS])
        w.grad, b.grad = 0, 0
        loss.backward()
        w.data -= lr * w.grad
        b.data -= lr * b.grad
        if verbose and step % 50 == 0:
            print(f"step {step}: loss {loss.data:.4f}  w {w.data:.3f}  b {b.data:.3f}")
    return w.data, b.data


if __name__ == "__main__":
    print(fit_line(verbose=True))
    print(Value.dot([Value(1.0), Value(2.0)], [3, 4]))
""",
    },
    # Mei Chen: local derivatives computed before each closure, a TypeError for a Value exponent, tanh from exp, a
    # table of named test functions compared with central differences
    "chenmei": {
        "pow": """
if isinstance(k, Value):
    raise TypeError("exponent must be a number, not a Value")
local = k * self.data ** (k - 1)
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += local * out.grad

out._backward = _backward
return out
""",
        "exp": """
value = math.exp(self.data)
local = value
out = Value(value, (self,), "exp")

def _backward():
    self.grad += local * out.grad

out._backward = _backward
return out
""",
        "log": """
local = 1.0 / self.data
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += local * out.grad

out._backward = _backward
return out
""",
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
        "methods": """
    def tanh_via_exp(self):
        # tanh(x) = (e^2x - 1) / (e^2x + 1), only with ops that have their own backward
        e2 = (2 * self).exp()
        return (e2 - 1) / (e2 + 1)

""",
        "bottom": """


# ---------------- comparing with central differences ----------------

FUNCTIONS = {
    "cube": (lambda x: x ** 3, lambda x: x ** 3),
    "exp*x": (lambda x: x.exp() * x, lambda x: math.exp(x) * x),
    "log(x^2+1)": (lambda x: (x ** 2 + 1).log(), lambda x: math.log(x ** 2 + 1)),
    "1/x - x": (lambda x: 1 / x - x, lambda x: 1 / x - x),
    "tanh": (lambda x: x.tanh_via_exp(), math.tanh),
}


def compare(x0=0.7, h=1e-6):
    for name, (with_values, with_floats) in FUNCTIONS.items():
        x = Value(x0)
        with_values(x).backward()
        numeric = (with_floats(x0 + h) - with_floats(x0 - h)) / (2 * h)
        print(f"{name:12s} autograd={x.grad:+.6f} numeric={numeric:+.6f}")


if __name__ == "__main__":
    compare()
    compare(2.5)
""",
    },
    # Anna Kovacs: exp capped at 700, log of x <= 0 made -inf, clamp(), tests as strings evaluated with eval
    "kovacsanna": {
        "pow": """
r = Value(self.data ** k, (self,), "pow")
def bw():
    self.grad += k * self.data ** (k - 1) * r.grad
r._backward = bw
return r
""",
        "exp": """
r = Value(math.exp(min(self.data, 700)), (self,), "exp")  # no OverflowError
def bw():
    self.grad += r.data * r.grad
r._backward = bw
return r
""",
        "log": """
r = Value(math.log(self.data) if self.data > 0 else float("-inf"), (self,), "log")
def bw():
    self.grad += r.grad / self.data
r._backward = bw
return r
""",
        "neg": "return self * -1",
        "sub": "return self + -other",
        "rsub": "return -self + other",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
        "methods": """
    def clamp(self, lo=None, hi=None):
        x = self.data
        if lo is not None and x < lo:
            x = lo
        if hi is not None and x > hi:
            x = hi
        r = Value(x, (self,), "clamp")
        def bw():
            if x == self.data:
                self.grad += r.grad
        r._backward = bw
        return r

""",
        "bottom": """


# (expression, variable value, expected gradient)
TESTS = [
    ("x ** 3", 2.0, 12.0),
    ("x.exp()", 0.0, 1.0),
    ("x.log()", 1.0, 1.0),
    ("2 / x", 0.5, -8.0),
    ("x - 3", 1.0, 1.0),
    ("4 - x", 1.0, -1.0),
    ("x.clamp(0, 1)", 0.5, 1.0),
    ("x.clamp(0, 1)", 1.5, 0.0),
]


def run_tests():
    failed = 0
    for expr, x0, expected in TESTS:
        x = Value(x0)
        eval(expr, {"x": x}).backward()
        if abs(x.grad - expected) > 1e-9:
            failed += 1
            print("FAIL", expr, "at", x0, "got", x.grad, "expected", expected)
    print(f"{len(TESTS) - failed}/{len(TESTS)} passed")


if __name__ == "__main__":
    run_tests()
""",
    },
    # ---- hard pairs: the README's canonical bodies, and their own everything else -----------------------------------
    # Sam Walker (h1): canonical bodies, a long test section of his own
    "walkersam": {
        "canon": True,
        "bottom": """


# ====== tests I wrote while doing the homework ======

def close(a, b, eps=1e-6):
    return abs(a - b) <= eps * max(1.0, abs(a), abs(b))


def test_pow():
    for x0, k in [(2.0, 3), (1.5, 0.5), (-2.0, 2), (3.0, -1)]:
        x = Value(x0)
        (x ** k).backward()
        assert close(x.grad, k * x0 ** (k - 1)), (x0, k, x.grad)


def test_exp_log():
    for x0 in [0.1, 1.0, 2.0]:
        x = Value(x0)
        (x.exp() * x.log()).backward()
        assert close(x.grad, math.exp(x0) * math.log(x0) + math.exp(x0) / x0)


def test_reflected():
    a = Value(3.0)
    b = 10 - a
    c = 12 / a
    (b + c).backward()
    assert close(b.data, 7.0) and close(c.data, 4.0)
    assert close(a.grad, -1 - 12 / 9)


if __name__ == "__main__":
    test_pow()
    test_exp_log()
    test_reflected()
    print("ok")
""",
    },
    # Nora Hughes (h1): canonical bodies, a softmax demo and a printout of a small graph
    "hughesnora": {
        "canon": True,
        "bottom": """


def softmax(values):
    exps = [v.exp() for v in values]
    total = exps[0]
    for e in exps[1:]:
        total = total + e
    return [e / total for e in exps]


def cross_entropy(values, target):
    probs = softmax(values)
    return -probs[target].log()


if __name__ == "__main__":
    logits = [Value(1.0), Value(2.0), Value(0.5)]
    loss = cross_entropy(logits, 1)
    loss.backward()
    print("loss:", round(loss.data, 5))
    for i, z in enumerate(logits):
        print(f"dL/dz{i} = {z.grad:.5f}")
    # gradients should sum to 0 for softmax + cross entropy
    print("sum:", sum(z.grad for z in logits))
""",
    },
    # Joao Baptiste (h2): canonical bodies, the README's "Try it" at the bottom, a repr of his own
    "baptistejoao": {
        "canon": True,
        "repr": """
    def __repr__(self):
        return f"<Value {self.data:.6f} | grad {self.grad:.6f} | {self._op or 'leaf'}>"
""",
        "bottom": """


# the "Try it" part of the README
if __name__ == "__main__":
    x = Value(2.0)
    (x**3).backward()
    print(x.grad)

    a, b = Value(5.0), Value(2.0)
    (a - b).backward()
    print(a.grad, b.grad)

    a = Value(0.5)
    (2 / a).backward()
    print(a.grad)

    # extra: a longer chain
    z = Value(0.3)
    y = z
    for _ in range(5):
        y = (y * 2).exp().log() - 0.1
    y.backward()
    print(y, z)
""",
    },
    # Yuki Mori (h2): canonical bodies, the README's "Try it" at module level, an exp/log round trip check
    "moriyuki": {
        "canon": True,
        "bottom": """


# README "Try it" (prints 12.0, then 1 -1, then -8.0)
x = Value(2.0)
(x**3).backward()
print(x.grad)

a, b = Value(5.0), Value(2.0)
(a - b).backward()
print(a.grad, b.grad)

a = Value(0.5)
(2 / a).backward()
print(a.grad)

# my check: log(exp(t)) == t, so its gradient is 1
for t in (-2.0, 0.0, 1.5):
    v = Value(t)
    r = v.exp().log()
    r.backward()
    print(t, r.data, v.grad)
""",
    },
    # Erik Lindqvist (h3): canonical bodies, sigmoid and softplus from the README's hidden tests as one-liners, a
    # parameter sweep
    "lindqvisterik": {
        "canon": True,
        "methods": """
    def sigmoid(self):
        return 1 / (1 + (-self).exp())

    def softplus(self):
        return (1 + self.exp()).log()

""",
        "bottom": """


if __name__ == "__main__":
    # sweep x and look at sigmoid' and softplus' (softplus' should equal sigmoid)
    for i in range(-4, 5):
        x1, x2 = Value(i / 2), Value(i / 2)
        s = x1.sigmoid()
        s.backward()
        p = x2.softplus()
        p.backward()
        print(f"x={i / 2:+.1f}  sigmoid={s.data:.4f}  d sigmoid={x1.grad:.4f}  d softplus={x2.grad:.4f}")
""",
    },
    # Amaka Obi (h3): canonical bodies, sigmoid and softplus the same one-liners, a logistic regression on four points
    "obiamaka": {
        "canon": True,
        "methods": """
    def sigmoid(self):
        return 1 / (1 + (-self).exp())

    def softplus(self):
        return (1 + self.exp()).log()

""",
        "bottom": """


DATA = [((0.0, 0.0), 0), ((0.0, 1.0), 0), ((1.0, 0.0), 0), ((1.0, 1.0), 1)]  # AND


def train(epochs=300, lr=0.5):
    w1, w2, b = Value(0.1), Value(-0.1), Value(0.0)
    for epoch in range(epochs):
        loss = Value(0.0)
        for (x1, x2), y in DATA:
            z = w1 * x1 + w2 * x2 + b
            # log loss written with softplus: -log(sigmoid(z)) = softplus(-z)
            loss = loss + ((-z).softplus() if y == 1 else z.softplus())
        for p in (w1, w2, b):
            p.grad = 0
        loss.backward()
        for p in (w1, w2, b):
            p.data -= lr * p.grad
    return w1, w2, b, loss


if __name__ == "__main__":
    w1, w2, b, loss = train()
    print("final loss", loss.data)
    for (x1, x2), y in DATA:
        print((x1, x2), y, round((w1 * x1 + w2 * x2 + b).sigmoid().data, 3))
""",
    },
}

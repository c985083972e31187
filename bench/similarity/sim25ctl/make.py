"""Fresh controls for session 25's sim25 (typed by hand, written before any variant was measured on them):
honest/: six honest pairs of 04-more-ops fills (pN_a, pN_b: two students who filled the starter alone in a like
hand, the names everybody writes, `out` and `other`); copies/: four copies by hand of by-hand classes' independents,
each made from its source's text by the edits listed (a level-1 copy keeps the code as written and rewrites
comments or layout; a level-2 copy renames)."""
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
_spec = importlib.util.spec_from_file_location("sim18ctl_make", BENCH / "sim18ctl" / "make.py")
_make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_make)
fill = _make.fill  # the 04-more-ops starter with its eight TODO regions filled

HONEST = {}
# p1: the plainest closures, one with comments, one without
HONEST["p1_a"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += (1 / self.data) * out.grad

out._backward = _backward
return out
''',
    "__neg__": "return self * -1",
    "__sub__": "return self + (-other)",
    "__rsub__": "return other + (-self)",
    "__truediv__": "return self * other ** -1",
    "__rtruediv__": "return other * self ** -1",
}
HONEST["p1_b"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    # power rule: k * x^(k-1), times the grad from above
    self.grad += (k * self.data ** (k - 1)) * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    # e^x is its own derivative
    self.grad += math.exp(self.data) * out.grad

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    # d/dx ln(x) = 1/x
    self.grad += out.grad / self.data

out._backward = _backward
return out
''',
    "__neg__": "return self * -1",
    "__sub__": "return self + (-other)",
    "__rsub__": "return -self + other",
    "__truediv__": "return self * other ** -1",
    "__rtruediv__": "return Value(other) / self",
}
# p2: each wrote a one-parent helper for pow, exp and log on their own (the eighteenth's s226 and s365 did too)
HONEST["p2_a"] = {
    "__pow__": 'return self._unary(self.data ** k, k * self.data ** (k - 1), f"**{k}")',
    "exp": '''
e = math.exp(self.data)
return self._unary(e, e, "exp")
''',
    "log": '''
return self._unary(math.log(self.data), 1 / self.data, "log")

@def _unary(self, data, local, op):
@    out = Value(data, (self,), op)
@
@    def _backward():
@        self.grad += local * out.grad
@
@    out._backward = _backward
@    return out
''',
    "__neg__": "return self * -1",
    "__sub__": "return self + (-other)",
    "__rsub__": "return other + (-self)",
    "__truediv__": "return self * other ** -1",
    "__rtruediv__": "return other * self ** -1",
}
HONEST["p2_b"] = {
    "__pow__": 'return self._one_input(self.data ** k, lambda: k * self.data ** (k - 1), f"**{k}")',
    "exp": 'return self._one_input(math.exp(self.data), lambda: math.exp(self.data), "exp")',
    "log": '''
return self._one_input(math.log(self.data), lambda: 1 / self.data, "log")

@def _one_input(self, data, derivative, op):
@    """A node with one parent; derivative() is d(out)/d(self)."""
@    out = Value(data, (self,), op)
@
@    def _backward():
@        self.grad += derivative() * out.grad
@
@    out._backward = _backward
@    return out
''',
    "__neg__": "return self * -1",
    "__sub__": "return self + (-other)",
    "__rsub__": "return -self + other",
    "__truediv__": "return self * other ** -1",
    "__rtruediv__": "return other * self ** -1",
}
# p3: a local derivative named in every closure, a temporary in every derived op
HONEST["p3_a"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    local = k * self.data ** (k - 1)
    self.grad += local * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    local = out.data
    self.grad += local * out.grad

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    local = 1 / self.data
    self.grad += local * out.grad

out._backward = _backward
return out
''',
    "__neg__": '''
result = self * -1
return result
''',
    "__sub__": '''
neg = -other
return self + neg
''',
    "__rsub__": '''
neg = -self
return other + neg
''',
    "__truediv__": '''
inv = other ** -1
return self * inv
''',
    "__rtruediv__": '''
inv = self ** -1
return other * inv
''',
}
HONEST["p3_b"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    local_grad = k * self.data ** (k - 1)  # power rule
    self.grad += local_grad * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    local_grad = out.data  # exp' = exp
    self.grad += local_grad * out.grad

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    local_grad = 1 / self.data
    self.grad += local_grad * out.grad

out._backward = _backward
return out
''',
    "__neg__": "return self * -1",
    "__sub__": '''
minus_other = -other
return self + minus_other
''',
    "__rsub__": '''
minus_self = -self
return other + minus_self
''',
    "__truediv__": '''
reciprocal = other ** -1
return self * reciprocal
''',
    "__rtruediv__": '''
reciprocal = self ** -1
return other * reciprocal
''',
}
# p4: a docstring on every answer, a guard with a message in log, the plain code
HONEST["p4_a"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    """d(x**k)/dx = k * x**(k-1)."""
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    """The derivative of exp is exp itself, which is out.data."""
    self.grad += out.data * out.grad

out._backward = _backward
return out
''',
    "log": '''
assert self.data > 0, "log is only defined for positive numbers"
out = Value(math.log(self.data), (self,), "log")

def _backward():
    """d(ln x)/dx = 1 / x."""
    self.grad += (1 / self.data) * out.grad

out._backward = _backward
return out
''',
    "__neg__": '''
"""Negation as multiplication by -1."""
return self * -1
''',
    "__sub__": '''
"""a - b = a + (-b)."""
return self + (-other)
''',
    "__rsub__": '''
"""other - self, when other is a plain number."""
return other + (-self)
''',
    "__truediv__": '''
"""a / b = a * b**-1."""
return self * other ** -1
''',
    "__rtruediv__": '''
"""other / self, when other is a plain number."""
return other * self ** -1
''',
}
HONEST["p4_b"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    """Power rule."""
    self.grad += k * (self.data ** (k - 1)) * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    """exp(x)' = exp(x): reuse the output's data."""
    self.grad += out.data * out.grad

out._backward = _backward
return out
''',
    "log": '''
if self.data <= 0:
    raise ValueError("log needs a positive input")
out = Value(math.log(self.data), (self,), "log")

def _backward():
    """ln(x)' = 1/x."""
    self.grad += out.grad / self.data

out._backward = _backward
return out
''',
    "__neg__": '''
"""-x is x times -1."""
return self * -1
''',
    "__sub__": '''
"""Subtraction is adding the negation."""
return self + (-other)
''',
    "__rsub__": '''
"""For 3 - x."""
return other + (-self)
''',
    "__truediv__": '''
"""Division is multiplying by the reciprocal."""
return self * other ** -1
''',
    "__rtruediv__": '''
"""For 3 / x."""
return other * self ** -1
''',
}
# p5: two Spanish speakers, the plain code, comments of their own (one phrase any Spanish speaker writes)
HONEST["p5_a"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    # regla de la cadena: derivada local por el gradiente de arriba
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    # la derivada de la exponencial es ella misma
    self.grad += out.data * out.grad

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    # derivada del logaritmo: 1/x
    self.grad += 1 / self.data * out.grad

out._backward = _backward
return out
''',
    "__neg__": "return self * -1  # multiplicar por -1",
    "__sub__": "return self + (-other)",
    "__rsub__": "return other + (-self)",
    "__truediv__": "return self * other ** -1  # dividir es multiplicar por el inverso",
    "__rtruediv__": "return other * self ** -1",
}
HONEST["p5_b"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    # regla de la cadena
    self.grad += (k * self.data ** (k - 1)) * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    # e^x se deriva en e^x, que ya es out.data
    self.grad += out.data * out.grad

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    # regla de la cadena con 1/x
    self.grad += out.grad / self.data

out._backward = _backward
return out
''',
    "__neg__": "return self * -1",
    "__sub__": "return self + (-other)  # restar es sumar el opuesto",
    "__rsub__": "return -self + other",
    "__truediv__": "return self * other ** -1",
    "__rtruediv__": "return other * self ** -1  # el inverso de self por other",
}
# p6: the upstream grad first in every product, the reflected ops through Value(other)
HONEST["p6_a"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += out.grad * k * self.data ** (k - 1)

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.grad * out.data

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += out.grad / self.data

out._backward = _backward
return out
''',
    "__neg__": "return self * -1",
    "__sub__": "return self + (-other)",
    "__rsub__": "return Value(other) - self",
    "__truediv__": "return self * other ** -1",
    "__rtruediv__": "return Value(other) / self",
}
HONEST["p6_b"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += out.grad * (k * self.data ** (k - 1))

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.grad * out.data  # exp is its own derivative

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += out.grad * (1 / self.data)

out._backward = _backward
return out
''',
    "__neg__": "return -1 * self",
    "__sub__": "return self + (-other)",
    "__rsub__": "return Value(other) - self",
    "__truediv__": "return self * other ** -1",
    "__rtruediv__": "return Value(other) / self",
}

# the copies: (class, source, copy's name, level, [(old, new), ...]: the copier's edits, in order)
COPIES = [
    ("eighteenth", "s365", "c_s365_l1", 1, [
        ("        return self._unary(math.log(self.data), self.data ** -1, \"log\")\n\n",
         "        return self._unary(math.log(self.data), self.data ** -1, \"log\")\n\n"
         "    # one parent: the new node, and its grad passed back times the slope\n"),
        ("        node = Value(value, (self,), op)\n\n", "        node = Value(value, (self,), op)\n"),
        ("        return -(other) + self\n", "        return -(other) + self  # a - b\n"),
    ]),
    ("eighteenth", "s955", "c_s955_l2", 2, [
        ("_noeud", "_node"), ("donnee", "data"), ("parents", "inputs"), ("locales", "grads"), ("locale", "g"),
        ("sortie", "result"), ("parent", "inp"), ("_valeur", "_as_value"),
        ("# Moteur d'autodifférentiation scalaire -- Camille\n", "# scalar autodiff engine\n"),
    ]),
    ("sixteenth", "s360", "c_s360_l1", 1, [
        ('"""Ein Value je Zahl, unter den Namen aus NAMES."""',
         '"""One Value per number, under the names in NAMES."""'),
        ("  # Netzeingabe", "  # net input"),
        ("  # die groesste", "  # the largest"),
        ("\n\n\n\ndef neuron(", "\n\n\ndef neuron("),
    ]),
    ("seventeenth", "s467", "c_s467_l2", 2, [
        ("_ham", "_apply"), ("kq", "res"), ("(d, g, dg)", "(x, f, df)"),
        ("Dual(g(d.value), dg(d.value) * d.deriv)", "Dual(f(x.value), df(x.value) * x.deriv)"),
        ('"""(g(a), g\'(a) a\') -- quy tắc dây chuyền"""', '"""(f(a), f\'(a) a\'): the chain rule"""'),
        ("  # nhân với nghịch đảo", ""),
        ("o = other if isinstance(other, Dual) else Dual(other)",
         "q = other if isinstance(other, Dual) else Dual(other)"),
        ("o.value", "q.value"), ("o.deriv", "q.deriv"),
    ]),
]


def copied(cls: str, source: str, edits: list) -> str:
    text = (BENCH / cls / "main" / "submissions" / f"{source}.py").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, (source, old)
        text = text.replace(old, new)
    return text


if __name__ == "__main__":
    (HERE / "honest").mkdir(exist_ok=True)
    (HERE / "copies").mkdir(exist_ok=True)
    for name, answers in HONEST.items():
        (HERE / "honest" / f"{name}.py").write_text(fill(answers), encoding="utf-8")
    for cls, source, name, _, edits in COPIES:
        (HERE / "copies" / f"{name}.py").write_text(copied(cls, source, edits), encoding="utf-8")
    print("written", len(HONEST), "honest files and", len(COPIES), "copies", file=sys.stderr)

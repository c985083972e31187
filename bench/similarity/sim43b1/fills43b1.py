"""Each starter-filled student's bodies for 04-more-ops' eight TODOs, typed one student at a time (session 43, simw43).

FILLS[name] = {"pow": ..., "exp": ..., "log": ..., "neg": ..., "sub": ..., "rsub": ..., "div": ..., "rdiv": ...,
optionally "edits": [(old, new)] made to the starter's own text (a comment reworded, a docstring dropped, an import
added)}. Bodies are written at column 0; write.py indents them into the method."""

FILLS = {
    # ---------------------------------------------------------------- independent
    "anna": {
        "pow": '''\
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    # power rule: k * x^(k-1)
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out''',
        "exp": '''\
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad  # e^x is its own derivative

out._backward = _backward
return out''',
        "log": '''\
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += (1 / self.data) * out.grad

out._backward = _backward
return out''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other**-1",
        "rdiv": "return other * self**-1",
    },
    "bilal": {
        "pow": '''\
x = self.data
out = Value(x ** k, (self,), "pow")

def _backward():
    local = k * (x ** (k - 1))
    self.grad += local * out.grad

out._backward = _backward
return out''',
        "exp": '''\
e = math.exp(self.data)
out = Value(e, (self,), "exp")

def _backward():
    self.grad += e * out.grad

out._backward = _backward
return out''',
        "log": '''\
x = self.data
out = Value(math.log(x), (self,), "log")

def _backward():
    self.grad += out.grad / x

out._backward = _backward
return out''',
        "neg": '''\
out = Value(-self.data, (self,), "neg")

def _backward():
    self.grad -= out.grad

out._backward = _backward
return out''',
        "sub": "return self + other * -1",
        "rsub": "return (self * -1) + other",
        "div": "return self * other ** -1",
        "rdiv": "return self ** -1 * other",
    },
    "chloe": {
        "pow": '''\
# dérivée de x^k : k * x^(k-1)
sortie = Value(self.data**k, (self,), f"^{k}")

def _backward():
    self.grad += k * self.data**(k - 1) * sortie.grad

sortie._backward = _backward
return sortie''',
        "exp": '''\
# la dérivée de e^x est e^x, donc la sortie elle-même
sortie = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += sortie.data * sortie.grad

sortie._backward = _backward
return sortie''',
        "log": '''\
# d/dx log(x) = 1/x (avec x l'entrée, pas la sortie !)
sortie = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += sortie.grad / self.data

sortie._backward = _backward
return sortie''',
        "neg": "return self * (-1)  # -a = a * (-1)",
        "sub": "return self + (-other)  # a - b = a + (-b)",
        "rsub": "return (-self) + other  # 2 - a = -a + 2",
        "div": "return self * (other ** -1)  # a / b = a * b^-1",
        "rdiv": "return (self ** -1) * other  # 2 / a = a^-1 * 2",
        "edits": [("    def __init__(self, data, _children=(), _op=\"\"):",
                   "    def __init__(self, data, _children=(), _op=\"\"):  # _op : pour l'affichage")],
    },
    "dev": {
        "pow": '''\
result = Value(self.data ** k, (self,), "**" + str(k))

def _backward():
    self.grad += (k * self.data ** (k - 1)) * result.grad

result._backward = _backward
return result''',
        "exp": '''\
result = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += result.data * result.grad

result._backward = _backward
return result''',
        "log": '''\
result = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += result.grad * (1.0 / self.data)

result._backward = _backward
return result''',
        "neg": "return -1 * self",
        "sub": '''\
other = other if isinstance(other, Value) else Value(other)
return self + (-other)''',
        "rsub": '''\
other = other if isinstance(other, Value) else Value(other)
return other + (-self)''',
        "div": '''\
other = other if isinstance(other, Value) else Value(other)
return self * other ** -1''',
        "rdiv": "return Value(other) * self ** -1",
    },
    "elif": {
        "pow": '''\
# kuvvet kuralı
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * (self.data ** (k - 1)) * out.grad

out._backward = _backward
return out''',
        "exp": '''\
deger = math.exp(self.data)
out = Value(deger, (self,), "exp")

def _backward():
    # türevi kendisi: e^x
    self.grad += deger * out.grad

out._backward = _backward
return out''',
        "log": '''\
assert self.data > 0, "log sadece pozitif sayılar için"
out = Value(math.log(self.data), (self,), "log")

def _backward():
    # 1/x, x girdi
    self.grad += (1 / self.data) * out.grad

out._backward = _backward
return out''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other**-1",
        "rdiv": "return other * self**-1",
    },
    "felix": {
        "pow": '''\
"""x**k: the local derivative is k * x**(k - 1)."""
out = Value(self.data**k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out''',
        "exp": '''\
"""e**x. Its derivative is e**x again, i.e. out.data."""
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad

out._backward = _backward
return out''',
        "log": '''\
"""Natural log. Derivative 1/x of the INPUT x."""
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += out.grad / self.data

out._backward = _backward
return out''',
        "neg": '''\
"""-self as self * -1 (a new node, gradient for free)."""
return self * -1''',
        "sub": '''\
"""self - other = self + (-other)."""
return self + (-other)''',
        "rsub": '''\
"""other - self, e.g. 2 - a."""
return -self + other''',
        "div": '''\
"""self / other = self * other**-1."""
return self * other**-1''',
        "rdiv": '''\
"""other / self, e.g. 2 / a."""
return other * self**-1''',
    },
    "grace": {  # bug: __rsub__ returns self - other
        "pow": '''\
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out''',
        "exp": '''\
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad

out._backward = _backward
return out''',
        "log": '''\
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += 1 / self.data * out.grad

out._backward = _backward
return out''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return self - other  # same as sub",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
    },
    "hiro": {  # bug: log's derivative as 1 / output
        "pow": '''\
y = Value(self.data ** k, (self,), "pow")

def _backward():
    self.grad += k * self.data ** (k - 1) * y.grad

y._backward = _backward
return y''',
        "exp": '''\
y = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += y.data * y.grad

y._backward = _backward
return y''',
        "log": '''\
y = Value(math.log(self.data), (self,), "log")

def _backward():
    # derivative of log is 1/x
    self.grad += (1 / y.data) * y.grad

y._backward = _backward
return y''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
    },
    "isla": {
        "pow": '''\
new = Value(self.data ** k, (self,), "**")

def _backward():
    self.grad += k * self.data ** (k - 1) * new.grad

new._backward = _backward
return new''',
        "exp": '''\
new = Value(math.e ** self.data, (self,), "exp")

def _backward():
    self.grad += new.data * new.grad

new._backward = _backward
return new''',
        "log": '''\
new = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += new.grad / self.data

new._backward = _backward
return new''',
        "neg": "return self * Value(-1)",
        "sub": '''\
if not isinstance(other, Value):
    other = Value(other)
return self + (-other)''',
        "rsub": "return Value(other) - self",
        "div": '''\
if not isinstance(other, Value):
    other = Value(other)
return self * (other ** -1)''',
        "rdiv": "return Value(other) / self",
    },
    "jamal": {
        "pow": '''\
out = Value(pow(self.data, k), (self,), f"**{k}")

def back():
    self.grad += k * pow(self.data, k - 1) * out.grad

out._backward = back
return out''',
        "exp": '''\
out = Value(math.exp(self.data), (self,), "exp")

def back():
    self.grad += out.data * out.grad

out._backward = back
return out''',
        "log": '''\
out = Value(math.log(self.data), (self,), "log")

def back():
    self.grad += out.grad / self.data

out._backward = back
return out''',
        "neg": "return self * -1",
        "sub": "return self + -other",
        "rsub": "return -self + other",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
    },
    "kasia": {
        "pow": '''\
out = Value(self.data ** k, (self,), f"**{k}")
def _backward():  # reguła potęgowa
    self.grad += k * self.data ** (k - 1) * out.grad
out._backward = _backward
return out''',
        "exp": '''\
out = Value(math.exp(self.data), (self,), "exp")
def _backward():  # pochodna e^x to e^x
    self.grad += out.data * out.grad
out._backward = _backward
return out''',
        "log": '''\
out = Value(math.log(self.data), (self,), "log")
def _backward():  # pochodna ln x to 1/x
    self.grad += out.grad / self.data
out._backward = _backward
return out''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
        "edits": [('    """A scalar, the gradient of the final output with respect to it, and how it was made."""\n', "")],
    },
    "lucas": {
        "pow": '''\
# regra da potência
saida = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * saida.grad

saida._backward = _backward
return saida''',
        "exp": '''\
saida = Value(math.exp(self.data), (self,), "exp")

def _backward():
    # derivada de e^x é a própria saída
    self.grad += saida.data * saida.grad

saida._backward = _backward
return saida''',
        "log": '''\
saida = Value(math.log(self.data), (self,), "log")

def _backward():
    # derivada de ln(x) = 1/x
    self.grad += saida.grad / self.data

saida._backward = _backward
return saida''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return -self + other",
        "div": "return self * other ** -1",
        "rdiv": "return self ** -1 * other",
    },
    "mei": {
        "pow": '''\
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += (k * self.data ** (k - 1)) * out.grad

out._backward = _backward
return out''',
        "exp": '''\
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += math.exp(self.data) * out.grad

out._backward = _backward
return out''',
        "log": '''\
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += (1 / self.data) * out.grad

out._backward = _backward
return out''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * (other ** -1)",
        "rdiv": "return other * (self ** -1)",
        "edits": [("import math\n", "import math\n\n# Mei Tanaka, HW4\n")],
    },
    "noor": {
        "pow": '''\
assert k != 0 or self.data != 0, "0**0 has no derivative here"
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += out.grad * k * self.data ** (k - 1)

out._backward = _backward
return out''',
        "exp": '''\
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.grad * out.data

out._backward = _backward
return out''',
        "log": '''\
out = Value(math.log(self.data), (self,), "ln")

def _backward():
    self.grad += out.grad * (1 / self.data)

out._backward = _backward
return out''',
        "neg": "return self * -1.0",
        "sub": "return self + (-1.0 * other)",
        "rsub": "return other + (-1.0 * self)",
        "div": "return self * other ** -1.0",
        "rdiv": "return other * self ** -1.0",
    },
    "oscar": {
        "pow": '''\
def _grad_pow():
    self.grad += k * self.data ** (k - 1) * out.grad

out = Value(self.data ** k, (self,), f"**{k}")
out._backward = _grad_pow
return out''',
        "exp": '''\
def _grad_exp():
    self.grad += out.data * out.grad

out = Value(math.exp(self.data), (self,), "exp")
out._backward = _grad_exp
return out''',
        "log": '''\
def _grad_log():
    self.grad += out.grad / self.data

out = Value(math.log(self.data), (self,), "log")
out._backward = _grad_log
return out''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other**-1",
        "rdiv": "return other * self**-1",
    },

    # ---------------------------------------------------------------- sources
    "hannah": {  # a _unary helper she added for pow, exp and log; local derivative from (x, y)
        "pow": '''\
return self._unary(self.data ** k, lambda x, y: k * x ** (k - 1), f"**{k}")''',
        "exp": '''\
return self._unary(math.exp(self.data), lambda x, y: y, "exp")''',
        "log": '''\
return self._unary(math.log(self.data), lambda x, y: 1 / x, "log")''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other**-1",
        "rdiv": "return other * self**-1",
        "edits": [("    # -- backpropagation ----", '''\
    def _unary(self, y, dydx, op):
        """A node with one input: y its value, dydx(x, y) its local derivative.
        I wrote this so pow, exp and log don't repeat the same 6 lines."""
        out = Value(y, (self,), op)

        def _backward():
            self.grad += dydx(self.data, out.data) * out.grad

        out._backward = _backward
        return out

    # -- backpropagation ----''')],
    },
    "amara": {  # n for the exponent, a `local` variable each time, comments of her own
        "pow": '''\
n = k
out = Value(self.data ** n, (self,), f"**{n}")

def _backward():
    local = n * self.data ** (n - 1)  # chain rule: local * upstream
    self.grad += local * out.grad

out._backward = _backward
return out''',
        "exp": '''\
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    local = out.data  # e^x again
    self.grad += local * out.grad

out._backward = _backward
return out''',
        "log": '''\
if self.data <= 0:
    raise ValueError(f"log of a non-positive number: {self.data}")
out = Value(math.log(self.data), (self,), "log")

def _backward():
    local = 1.0 / self.data
    self.grad += local * out.grad

out._backward = _backward
return out''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return (-self) + other",
        "div": '''\
if isinstance(other, (int, float)) and other == 0:
    raise ZeroDivisionError("division of a Value by 0")
return self * other ** -1''',
        "rdiv": "return other * self ** -1",
    },
    "yuki": {  # grad_local names, tanh reused by nothing; rtruediv through Value(other)
        "pow": '''\
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    grad_local = k * self.data ** (k - 1)
    self.grad += grad_local * out.grad

out._backward = _backward
return out''',
        "exp": '''\
ex = math.exp(self.data)
out = Value(ex, (self,), "exp")

def _backward():
    self.grad += ex * out.grad

out._backward = _backward
return out''',
        "log": '''\
out = Value(math.log(self.data), (self,), "log")

def _backward():
    grad_local = 1 / self.data
    self.grad += grad_local * out.grad

out._backward = _backward
return out''',
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return Value(other) + (-self)",
        "div": "return self * other ** -1",
        "rdiv": "return Value(other) * self ** -1",
    },
    "leon": {  # a _lift helper for constants, used everywhere he needs a Value
        "pow": '''\
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out''',
        "exp": '''\
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad

out._backward = _backward
return out''',
        "log": '''\
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += out.grad / self.data

out._backward = _backward
return out''',
        "neg": "return self * _lift(-1)",
        "sub": "return self + (-_lift(other))",
        "rsub": "return _lift(other) + (-self)",
        "div": "return self * _lift(other) ** -1",
        "rdiv": "return _lift(other) * self ** -1",
        "edits": [("import math\n", '''import math


def _lift(x):
    """Wrap a plain number as a Value (a Value is returned as it is)."""
    return x if isinstance(x, Value) else Value(x)
'''), ("        other = other if isinstance(other, Value) else Value(other)\n        out = Value(self.data + other.data",
       "        other = _lift(other)\n        out = Value(self.data + other.data"),
              ("        other = other if isinstance(other, Value) else Value(other)\n        out = Value(self.data * other.data",
               "        other = _lift(other)\n        out = Value(self.data * other.data")],
    },
    "priya": {
        "pow": '''\
# d/dx x^k = k x^(k-1)
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * (self.data ** (k - 1)) * out.grad

out._backward = _backward
return out''',
        "exp": '''\
# d/dx e^x = e^x = out.data
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad

out._backward = _backward
return out''',
        "log": '''\
# d/dx ln x = 1/x, x = the input
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += (1.0 / self.data) * out.grad

out._backward = _backward
return out''',
        "neg": "return self * -1  # a new node, not self",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)  # 2 - a = 2 + (-a)",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1  # 2 / a = 2 * a^-1",
        "edits": [("    def __repr__(self):\n        return f\"Value(data={self.data}, grad={self.grad})\"",
                   "    def __repr__(self):\n        return f\"Value(data={self.data:.4f}, grad={self.grad:.4f})\"")],
    },
    "omar": {  # many comments, the gradient formulas written out
        "pow": '''\
# y = x^k  ->  dy/dx = k * x^(k-1)
# only the base gets a gradient, k is a constant
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    # chain rule: dL/dx = dy/dx * dL/dy
    self.grad += (k * self.data ** (k - 1)) * out.grad

out._backward = _backward
return out''',
        "exp": '''\
# y = e^x  ->  dy/dx = e^x = y
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    # use the output, it is already computed
    self.grad += out.data * out.grad

out._backward = _backward
return out''',
        "log": '''\
# y = ln(x)  ->  dy/dx = 1/x
# careful: x is the input (self.data), not the output
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += (1 / self.data) * out.grad

out._backward = _backward
return out''',
        "neg": '''\
# -a = a * (-1), mul already has a backward
return self * -1''',
        "sub": '''\
# a - b = a + (-b)
return self + (-other)''',
        "rsub": '''\
# other - self, called for 2 - a
return other + (-self)''',
        "div": '''\
# a / b = a * b^(-1)
return self * other ** -1''',
        "rdiv": '''\
# other / self, called for 2 / a
return other * self ** -1''',
    },
    "sofia": {  # Italian comments
        "pow": '''\
# regola della potenza: k * x^(k-1)
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * out.grad

out._backward = _backward
return out''',
        "exp": '''\
# la derivata di e^x è e^x, cioè l'uscita
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad

out._backward = _backward
return out''',
        "log": '''\
# la derivata di ln(x) è 1/x (x è l'ingresso)
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += out.grad / self.data

out._backward = _backward
return out''',
        "neg": "return self * -1  # moltiplico per -1",
        "sub": "return self + (-other)",
        "rsub": "return -self + other  # per 2 - a",
        "div": "return self * other ** -1",
        "rdiv": "return self ** -1 * other  # per 2 / a",
        "edits": [("        # dL/dL = 1: the seed that every other gradient is a multiple of\n",
                   "        # il gradiente iniziale: dL/dL = 1\n")],
    },
}

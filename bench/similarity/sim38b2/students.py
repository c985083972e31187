"""The starter fillers of sim38b2 (session 38, simw38), on exercises/08-dual-numbers/dual.py: each student's bodies,
typed per student; write.py puts them into the starter in place of the TODO bodies. Keys: the method each body is in
(add, mul, truediv, pow, rpow, neg, sin, cos, exp, log, tanh, relu) and `derivative`."""

LIFT = "other = other if isinstance(other, Dual) else Dual(other)\n"

LESSON = {
    "add": LIFT + "return Dual(self.value + other.value, self.deriv + other.deriv)",
    "mul": LIFT + "return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)",
    "truediv": LIFT + "return Dual(self.value / other.value,\n"
                      "            (self.deriv * other.value - self.value * other.deriv) / other.value ** 2)",
    "pow": "if isinstance(k, Dual):\n    return (k * self.log()).exp()\n"
           "return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
    "rpow": "return Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)",
    "neg": "return Dual(-self.value, -self.deriv)",
    "sin": "return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)",
    "cos": "return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)",
    "exp": "return Dual(math.exp(self.value), math.exp(self.value) * self.deriv)",
    "log": "return Dual(math.log(self.value), self.deriv / self.value)",
    "tanh": "t = math.tanh(self.value)\nreturn Dual(t, (1 - t * t) * self.deriv)",
    "relu": "return Dual(max(0.0, self.value), self.deriv if self.value > 0 else 0.0)",
    "derivative": "out = f(Dual(x, 1.0))\nreturn out.deriv if isinstance(out, Dual) else 0.0",
}

TA = {
    "add": """o = other if isinstance(other, Dual) else Dual(other)
a, da = self.value, self.deriv
b, db = o.value, o.deriv
return Dual(a + b, da + db)""",
    "mul": """o = other if isinstance(other, Dual) else Dual(other)
a, da = self.value, self.deriv
b, db = o.value, o.deriv
return Dual(a * b, da * b + a * db)""",
    "truediv": """o = other if isinstance(other, Dual) else Dual(other)
a, da = self.value, self.deriv
b, db = o.value, o.deriv
return Dual(a / b, (da * b - a * db) / (b * b))""",
    "pow": """if isinstance(k, Dual):
    return (self.log() * k).exp()  # a ** b = exp(b log a)
a, da = self.value, self.deriv
return Dual(a ** k, da * k * a ** (k - 1))""",
    "rpow": """b, db = self.value, self.deriv
return Dual(c ** b, db * c ** b * math.log(c))""",
    "neg": """return Dual(-self.value, -self.deriv)""",
    "sin": """a, da = self.value, self.deriv
return Dual(math.sin(a), da * math.cos(a))""",
    "cos": """a, da = self.value, self.deriv
return Dual(math.cos(a), -da * math.sin(a))""",
    "exp": """a, da = self.value, self.deriv
return Dual(math.exp(a), da * math.exp(a))""",
    "log": """a, da = self.value, self.deriv
return Dual(math.log(a), da / a)""",
    "tanh": """a, da = self.value, self.deriv
return Dual(math.tanh(a), da * (1 - math.tanh(a) ** 2))""",
    "relu": """a, da = self.value, self.deriv
return Dual(a if a > 0 else 0.0, da if a > 0 else 0.0)""",
    "derivative": """y = f(Dual(x, 1.0))
if isinstance(y, Dual):
    return y.deriv
return 0.0""",
}

MIXED = dict(TA, sin=LESSON["sin"], cos=LESSON["cos"], exp=LESSON["exp"], log=LESSON["log"],
             tanh=LESSON["tanh"], relu=LESSON["relu"])


def _one_liners(lift, v="self.value", d="self.deriv", ov="other.value", od="other.deriv"):
    """The bodies most students write: the README's rules, one line each (LIFT: how they make a constant a Dual)."""
    return {
        "add": lift + f"return Dual({v} + {ov}, {d} + {od})",
        "mul": lift + f"return Dual({v} * {ov}, {d} * {ov} + {v} * {od})",
        "truediv": lift + f"return Dual({v} / {ov}, ({d} * {ov} - {v} * {od}) / {ov} ** 2)",
    }


FILES = {
    "s111": {"kind": "Rui: Portuguese comments, a `_dual` helper function kept at module level for constants",
             "edit": "module:_dual", "bodies": {
        "add": "outro = _dual(other)\n# (a, a') + (b, b') = (a + b, a' + b')\nreturn Dual(self.value + outro.value, self.deriv + outro.deriv)",
        "mul": "outro = _dual(other)\n# regra do produto\nreturn Dual(self.value * outro.value, self.deriv * outro.value + self.value * outro.deriv)",
        "truediv": "outro = _dual(other)\n# regra do quociente\nreturn Dual(self.value / outro.value, (self.deriv * outro.value - self.value * outro.deriv) / (outro.value * outro.value))",
        "pow": "if isinstance(k, Dual):\n    # a^b = exp(b * log a)\n    return (k * self.log()).exp()\nreturn Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
        "rpow": "valor = c ** self.value\nreturn Dual(valor, valor * math.log(c) * self.deriv)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)",
        "cos": "return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)",
        "exp": "valor = math.exp(self.value)\nreturn Dual(valor, valor * self.deriv)",
        "log": "# derivada de ln(a) é 1/a\nreturn Dual(math.log(self.value), self.deriv / self.value)",
        "tanh": "valor = math.tanh(self.value)\nreturn Dual(valor, (1 - valor ** 2) * self.deriv)",
        "relu": "if self.value > 0:\n    return Dual(self.value, self.deriv)\nreturn Dual(0.0, 0.0)",
        "derivative": "resultado = f(Dual(x, 1.0))\nif isinstance(resultado, Dual):\n    return resultado.deriv\nreturn 0.0",
    }},
    "s118": {"kind": "Samira: Arabic comments, a chain-rule helper `_chain(self, g, dg)` used by every function",
             "edit": "class:_chain", "bodies": {
        **_one_liners(LIFT),
        "pow": "if isinstance(k, Dual):\n    # أس متغير: exp(b log a)\n    return (k * self.log()).exp()\nreturn self._chain(lambda a: a ** k, lambda a: k * a ** (k - 1))",
        "rpow": "return self._chain(lambda b: c ** b, lambda b: c ** b * math.log(c))",
        "neg": "return self._chain(lambda a: -a, lambda a: -1.0)",
        "sin": "return self._chain(math.sin, math.cos)",
        "cos": "return self._chain(math.cos, lambda a: -math.sin(a))",
        "exp": "return self._chain(math.exp, math.exp)",
        "log": "# المشتقة 1/a\nreturn self._chain(math.log, lambda a: 1 / a)",
        "tanh": "return self._chain(math.tanh, lambda a: 1 - math.tanh(a) ** 2)",
        "relu": "return self._chain(lambda a: max(a, 0.0), lambda a: 1.0 if a > 0 else 0.0)",
        "derivative": "r = f(Dual(x, 1.0))\nreturn r.deriv if isinstance(r, Dual) else 0.0",
    }},
    "s125": {"kind": "Haruto: Japanese comments, `a, da` unpacking first in every method, `math.cosh` for tanh'",
             "bodies": {
        "add": "# 和\nother = other if isinstance(other, Dual) else Dual(other, 0.0)\na, da = self.value, self.deriv\nb, db = other.value, other.deriv\nreturn Dual(a + b, da + db)",
        "mul": "# 積の微分\nother = other if isinstance(other, Dual) else Dual(other, 0.0)\na, da = self.value, self.deriv\nb, db = other.value, other.deriv\nreturn Dual(a * b, da * b + a * db)",
        "truediv": "# 商の微分\nother = other if isinstance(other, Dual) else Dual(other, 0.0)\na, da = self.value, self.deriv\nb, db = other.value, other.deriv\nreturn Dual(a / b, (da * b - a * db) / (b ** 2))",
        "pow": "a, da = self.value, self.deriv\nif isinstance(k, Dual):\n    b, db = k.value, k.deriv\n    # a^b の微分: a^b (db log a + b da / a)\n    return Dual(a ** b, a ** b * (db * math.log(a) + b * da / a))\nreturn Dual(a ** k, k * a ** (k - 1) * da)",
        "rpow": "b, db = self.value, self.deriv\nreturn Dual(c ** b, math.log(c) * c ** b * db)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "a, da = self.value, self.deriv\nreturn Dual(math.sin(a), math.cos(a) * da)",
        "cos": "a, da = self.value, self.deriv\nreturn Dual(math.cos(a), -math.sin(a) * da)",
        "exp": "a, da = self.value, self.deriv\nreturn Dual(math.exp(a), math.exp(a) * da)",
        "log": "a, da = self.value, self.deriv\nreturn Dual(math.log(a), da / a)",
        "tanh": "a, da = self.value, self.deriv\n# tanh' = 1 / cosh^2\nreturn Dual(math.tanh(a), da / math.cosh(a) ** 2)",
        "relu": "a, da = self.value, self.deriv\nreturn Dual(a if a > 0 else 0.0, da if a > 0 else 0.0)",
        "derivative": "y = f(Dual(x, 1.0))\nreturn y.deriv if isinstance(y, Dual) else 0.0",
    }},
    "s132": {"kind": "Lukas: German comments, `numbers.Number` checks with a TypeError for anything else", "bodies": {
        "add": "if isinstance(other, numbers.Number):\n    other = Dual(other)\nelif not isinstance(other, Dual):\n    raise TypeError(f\"Dual + {type(other).__name__} geht nicht\")\nreturn Dual(self.value + other.value, self.deriv + other.deriv)",
        "mul": "if isinstance(other, numbers.Number):\n    other = Dual(other)\nelif not isinstance(other, Dual):\n    raise TypeError(f\"Dual * {type(other).__name__} geht nicht\")\n# Produktregel\nreturn Dual(self.value * other.value, self.value * other.deriv + self.deriv * other.value)",
        "truediv": "if isinstance(other, numbers.Number):\n    other = Dual(other)\n# Quotientenregel\nzaehler = self.deriv * other.value - self.value * other.deriv\nreturn Dual(self.value / other.value, zaehler / other.value ** 2)",
        "pow": "if isinstance(k, Dual):\n    return (k * self.log()).exp()  # a^b = exp(b ln a)\nreturn Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
        "rpow": "wert = c ** self.value\nreturn Dual(wert, wert * math.log(c) * self.deriv)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "return Dual(math.sin(self.value), self.deriv * math.cos(self.value))",
        "cos": "return Dual(math.cos(self.value), -self.deriv * math.sin(self.value))",
        "exp": "wert = math.exp(self.value)\nreturn Dual(wert, self.deriv * wert)",
        "log": "# nur für positive Werte\nreturn Dual(math.log(self.value), self.deriv / self.value)",
        "tanh": "wert = math.tanh(self.value)\nreturn Dual(wert, self.deriv * (1.0 - wert * wert))",
        "relu": "return Dual(self.value, self.deriv) if self.value > 0 else Dual(0.0, 0.0)",
        "derivative": "ergebnis = f(Dual(x, 1.0))\nreturn ergebnis.deriv if isinstance(ergebnis, Dual) else 0.0",
    }, "imports": "import numbers\n"},
    "s139": {"kind": "Jake: pastes from Stack Overflow: links, `functools.total_ordering`-free, the pow-by-exp-log answer pasted for every pow",
             "bodies": {
        **_one_liners("if not isinstance(other, Dual):\n    other = Dual(other)\n"),
        "pow": "# https://stackoverflow.com/questions/56374180 (x**y for dual numbers via exp/log)\nif not isinstance(k, Dual):\n    k = Dual(k)\nif k.deriv == 0:\n    return Dual(self.value ** k.value, k.value * self.value ** (k.value - 1) * self.deriv)\nreturn (k * self.log()).exp()",
        "rpow": "# https://math.stackexchange.com/a/1000000 d/dx c^x = c^x ln c\nreturn Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "return Dual(math.sin(self.value), self.deriv * math.cos(self.value))",
        "cos": "return Dual(math.cos(self.value), self.deriv * -math.sin(self.value))",
        "exp": "return Dual(math.exp(self.value), self.deriv * math.exp(self.value))",
        "log": "return Dual(math.log(self.value), self.deriv * (1 / self.value))",
        "tanh": "# https://stackoverflow.com/questions/24431071 tanh'(x) = 1 - tanh(x)^2\nreturn Dual(math.tanh(self.value), self.deriv * (1 - math.tanh(self.value) ** 2))",
        "relu": "return Dual(max(0, self.value), self.deriv * (1 if self.value > 0 else 0))",
        "derivative": "out = f(Dual(x, 1))\ntry:\n    return out.deriv\nexcept AttributeError:  # https://stackoverflow.com/a/610923 EAFP\n    return 0.0",
    }},
    "s146": {"kind": "Yan: one-letter names, everything on one line", "bug": "tanh's derivative is `1 - t` (not squared)",
             "bodies": {
        "add": "o = other if isinstance(other, Dual) else Dual(other); return Dual(self.value + o.value, self.deriv + o.deriv)",
        "mul": "o = other if isinstance(other, Dual) else Dual(other); return Dual(self.value * o.value, self.deriv * o.value + self.value * o.deriv)",
        "truediv": "o = other if isinstance(other, Dual) else Dual(other); return Dual(self.value / o.value, (self.deriv * o.value - self.value * o.deriv) / o.value ** 2)",
        "pow": "return (k * self.log()).exp() if isinstance(k, Dual) else Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
        "rpow": "p = c ** self.value; return Dual(p, p * math.log(c) * self.deriv)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)",
        "cos": "return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)",
        "exp": "e = math.exp(self.value); return Dual(e, e * self.deriv)",
        "log": "return Dual(math.log(self.value), self.deriv / self.value)",
        "tanh": "t = math.tanh(self.value); return Dual(t, (1 - t) * self.deriv)",
        "relu": "p = self.value > 0; return Dual(self.value * p, self.deriv * p)",
        "derivative": "y = f(Dual(x, 1.0)); return y.deriv if isinstance(y, Dual) else 0.0",
    }},
    "s153": {"kind": "Clara: a long docstring in every method, each derivation written out", "bodies": {
        "add": "\"\"\"Sum rule: the derivative of a sum is the sum of the derivatives.\n\n(a + a'e) + (b + b'e) = (a + b) + (a' + b')e.\n\"\"\"\nother = other if isinstance(other, Dual) else Dual(other)\nreturn Dual(self.value + other.value, self.deriv + other.deriv)",
        "mul": "\"\"\"Product rule, from expanding the product of two dual numbers.\n\n(a + a'e)(b + b'e) = ab + (a'b + ab')e + a'b'e^2, and e^2 = 0.\n\"\"\"\nother = other if isinstance(other, Dual) else Dual(other)\nreturn Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)",
        "truediv": "\"\"\"Quotient rule: (a/b)' = (a'b - ab') / b^2.\"\"\"\nother = other if isinstance(other, Dual) else Dual(other)\nreturn Dual(self.value / other.value, (self.deriv * other.value - self.value * other.deriv) / other.value ** 2)",
        "pow": "\"\"\"Power rule for a constant exponent; a Dual exponent goes through\nexp(b log a), which the other methods already differentiate.\n\"\"\"\nif isinstance(k, Dual):\n    return (k * self.log()).exp()\nreturn Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
        "rpow": "\"\"\"c ** x = exp(x log c), so its derivative is c ** x times log c.\"\"\"\nreturn Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)",
        "neg": "\"\"\"Negation flips both parts.\"\"\"\nreturn Dual(-self.value, -self.deriv)",
        "sin": "\"\"\"sin' = cos, times the inner derivative (chain rule).\"\"\"\nreturn Dual(math.sin(self.value), math.cos(self.value) * self.deriv)",
        "cos": "\"\"\"cos' = -sin, times the inner derivative.\"\"\"\nreturn Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)",
        "exp": "\"\"\"exp is its own derivative.\"\"\"\nvalue = math.exp(self.value)\nreturn Dual(value, value * self.deriv)",
        "log": "\"\"\"log' = 1/a, for a > 0 (math.log raises otherwise).\"\"\"\nreturn Dual(math.log(self.value), self.deriv / self.value)",
        "tanh": "\"\"\"tanh' = 1 - tanh^2, computed from the value once.\"\"\"\nvalue = math.tanh(self.value)\nreturn Dual(value, (1.0 - value * value) * self.deriv)",
        "relu": "\"\"\"relu' is 1 for a > 0 and 0 otherwise (0 at 0, as the engine).\"\"\"\nif self.value > 0:\n    return Dual(self.value, self.deriv)\nreturn Dual(0.0, 0.0)",
        "derivative": "seeded = Dual(x, 1.0)  # dx/dx = 1\nresult = f(seeded)\nif not isinstance(result, Dual):\n    return 0.0  # f did not use x\nreturn result.deriv",
    }},
    "s160": {"kind": "Deniz: a beginner: `type(other) == Dual` checks, float() everywhere, TODO comments kept", "keep_todo": True,
             "bodies": {
        "add": "if type(other) == Dual:\n    return Dual(self.value + other.value, self.deriv + other.deriv)\nelse:\n    return Dual(self.value + float(other), self.deriv)",
        "mul": "if type(other) == Dual:\n    return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)\nelse:\n    return Dual(self.value * float(other), self.deriv * float(other))",
        "truediv": "if type(other) == Dual:\n    return Dual(self.value / other.value, (self.deriv * other.value - self.value * other.deriv) / (other.value ** 2))\nelse:\n    return Dual(self.value / float(other), self.deriv / float(other))",
        "pow": "if type(k) == Dual:\n    return (k * self.log()).exp()\nelse:\n    return Dual(self.value ** k, k * (self.value ** (k - 1)) * self.deriv)",
        "rpow": "return Dual(c ** self.value, (c ** self.value) * math.log(c) * self.deriv)",
        "neg": "return Dual(-1 * self.value, -1 * self.deriv)",
        "sin": "return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)",
        "cos": "return Dual(math.cos(self.value), -1 * math.sin(self.value) * self.deriv)",
        "exp": "return Dual(math.exp(self.value), math.exp(self.value) * self.deriv)",
        "log": "return Dual(math.log(self.value), (1 / self.value) * self.deriv)",
        "tanh": "return Dual(math.tanh(self.value), (1 - math.tanh(self.value) ** 2) * self.deriv)",
        "relu": "if self.value > 0:\n    return Dual(self.value, self.deriv)\nelse:\n    return Dual(0.0, 0.0)",
        "derivative": "answer = f(Dual(x, 1.0))\n# print(answer)\nif type(answer) == Dual:\n    return answer.deriv\nelse:\n    return 0.0",
    }},
    "s167": {"kind": "Ivan: `operator` module: add/mul/truediv through one `_binary(op, rule)` method", "edit": "class:_binary",
             "imports": "import operator\n", "bodies": {
        "add": "return self._binary(other, operator.add, lambda a, da, b, db: da + db)",
        "mul": "return self._binary(other, operator.mul, lambda a, da, b, db: da * b + a * db)",
        "truediv": "return self._binary(other, operator.truediv, lambda a, da, b, db: (da * b - a * db) / (b * b))",
        "pow": "if isinstance(k, Dual):\n    return self._binary(k, operator.pow, lambda a, da, b, db: a ** b * (db * math.log(a) + b * da / a))\nreturn Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
        "rpow": "return Dual(c)._binary(self, operator.pow, lambda a, da, b, db: a ** b * math.log(a) * db)",
        "neg": "return Dual(operator.neg(self.value), operator.neg(self.deriv))",
        "sin": "return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)",
        "cos": "return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)",
        "exp": "v = math.exp(self.value)\nreturn Dual(v, v * self.deriv)",
        "log": "return Dual(math.log(self.value), self.deriv / self.value)",
        "tanh": "v = math.tanh(self.value)\nreturn Dual(v, (1 - v * v) * self.deriv)",
        "relu": "return Dual(max(self.value, 0.0), self.deriv * (self.value > 0))",
        "derivative": "r = f(Dual(x, 1.0))\nreturn r.deriv if isinstance(r, Dual) else 0.0",
    }},
    "s174": {"kind": "Beatriz: Spanish comments, a `derivative` that also accepts a list of points", "bodies": {
        **_one_liners("other = other if isinstance(other, Dual) else Dual(other)  # constante: derivada 0\n"),
        "pow": "if isinstance(k, Dual):\n    # exponente variable\n    return (self.log() * k).exp()\nreturn Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
        "rpow": "return Dual(c ** self.value, math.log(c) * c ** self.value * self.deriv)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "return Dual(math.sin(self.value), self.deriv * math.cos(self.value))",
        "cos": "return Dual(math.cos(self.value), -self.deriv * math.sin(self.value))",
        "exp": "return Dual(math.exp(self.value), self.deriv * math.exp(self.value))",
        "log": "return Dual(math.log(self.value), self.deriv / self.value)",
        "tanh": "# derivada: 1 - tanh^2\nreturn Dual(math.tanh(self.value), self.deriv * (1 - math.tanh(self.value) ** 2))",
        "relu": "return Dual(self.value if self.value > 0 else 0.0, self.deriv if self.value > 0 else 0.0)",
        "derivative": "if isinstance(x, (list, tuple)):\n    # varios puntos a la vez\n    return [derivative(f, p) for p in x]\nresultado = f(Dual(x, 1.0))\nreturn resultado.deriv if isinstance(resultado, Dual) else 0.0",
    }},
    "s181": {"kind": "Owen: type hints on every method body and a `Number` alias", "bodies": {
        "add": "o: Dual = other if isinstance(other, Dual) else Dual(other)\nreturn Dual(self.value + o.value, self.deriv + o.deriv)",
        "mul": "o: Dual = other if isinstance(other, Dual) else Dual(other)\nreturn Dual(self.value * o.value, self.deriv * o.value + self.value * o.deriv)",
        "truediv": "o: Dual = other if isinstance(other, Dual) else Dual(other)\nnum: float = self.deriv * o.value - self.value * o.deriv\nreturn Dual(self.value / o.value, num / (o.value * o.value))",
        "pow": "if isinstance(k, Dual):\n    return (k * self.log()).exp()\nslope: float = k * self.value ** (k - 1)\nreturn Dual(self.value ** k, slope * self.deriv)",
        "rpow": "y: float = c ** self.value\nreturn Dual(y, y * math.log(c) * self.deriv)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "slope: float = math.cos(self.value)\nreturn Dual(math.sin(self.value), slope * self.deriv)",
        "cos": "slope: float = -math.sin(self.value)\nreturn Dual(math.cos(self.value), slope * self.deriv)",
        "exp": "y: float = math.exp(self.value)\nreturn Dual(y, y * self.deriv)",
        "log": "slope: float = 1.0 / self.value\nreturn Dual(math.log(self.value), slope * self.deriv)",
        "tanh": "y: float = math.tanh(self.value)\nreturn Dual(y, (1.0 - y * y) * self.deriv)",
        "relu": "slope: float = 1.0 if self.value > 0 else 0.0\nreturn Dual(self.value * slope, self.deriv * slope)",
        "derivative": "y: object = f(Dual(x, 1.0))\nreturn y.deriv if isinstance(y, Dual) else 0.0",
    }},
    "s188": {"kind": "Mateo: every unary function through `_unary(fn, dfn)` staticmethod-free closures, derivative with a clear error",
             "edit": "class:_unary", "bodies": {
        **_one_liners(LIFT),
        "pow": "if isinstance(k, Dual):\n    return (k * self.log()).exp()\nreturn self._unary(lambda a: a ** k, lambda a: k * a ** (k - 1))",
        "rpow": "return self._unary(lambda b: c ** b, lambda b: c ** b * math.log(c))",
        "neg": "return self._unary(lambda a: -a, lambda a: -1.0)",
        "sin": "return self._unary(math.sin, math.cos)",
        "cos": "return self._unary(math.cos, lambda a: -math.sin(a))",
        "exp": "return self._unary(math.exp, math.exp)",
        "log": "return self._unary(math.log, lambda a: 1.0 / a)",
        "tanh": "return self._unary(math.tanh, lambda a: 1.0 - math.tanh(a) ** 2)",
        "relu": "return self._unary(lambda a: a if a > 0 else 0.0, lambda a: float(a > 0))",
        "derivative": "if not callable(f):\n    raise TypeError(f\"derivative needs a function, got {f!r}\")\nresult = f(Dual(x, 1.0))\nreturn result.deriv if isinstance(result, Dual) else 0.0",
    }},
    "s195": {"kind": "Kwame: the quotient through the reciprocal, sin/cos sharing a helper, relu via copysign-free abs",
             "bug": "the quotient's derivative is `(a'b + ab') / b**2` (the sign of the second term wrong)", "bodies": {
        "add": LIFT + "return Dual(self.value + other.value, self.deriv + other.deriv)",
        "mul": LIFT + "return Dual(self.value * other.value, self.value * other.deriv + self.deriv * other.value)",
        "truediv": LIFT + "b = other.value\nreturn Dual(self.value / b, (self.deriv * b + self.value * other.deriv) / (b * b))",
        "pow": "if isinstance(k, Dual):\n    return (k * self.log()).exp()\nreturn Dual(self.value ** k, self.deriv * k * self.value ** (k - 1))",
        "rpow": "return Dual(c ** self.value, self.deriv * c ** self.value * math.log(c))",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "s, co = math.sin(self.value), math.cos(self.value)\nreturn Dual(s, self.deriv * co)",
        "cos": "s, co = math.sin(self.value), math.cos(self.value)\nreturn Dual(co, -self.deriv * s)",
        "exp": "return Dual(math.exp(self.value), self.deriv * math.exp(self.value))",
        "log": "return Dual(math.log(self.value), self.deriv / self.value)",
        "tanh": "t = math.tanh(self.value)\nreturn Dual(t, self.deriv * (1 - t ** 2))",
        "relu": "on = self.value > 0\nreturn Dual((self.value + abs(self.value)) / 2, self.deriv if on else 0.0)",
        "derivative": "got = f(Dual(x, 1.0))\nreturn got.deriv if isinstance(got, Dual) else 0.0",
    }},
    "s202": {"kind": "Freya: values unpacked into a tuple `(a, da)` via a `pair` property she adds", "edit": "class:pair",
             "bodies": {
        "add": "(a, da), (b, db) = self.pair, Dual.lift(other).pair\nreturn Dual(a + b, da + db)",
        "mul": "(a, da), (b, db) = self.pair, Dual.lift(other).pair\nreturn Dual(a * b, da * b + a * db)",
        "truediv": "(a, da), (b, db) = self.pair, Dual.lift(other).pair\nreturn Dual(a / b, (da * b - a * db) / b ** 2)",
        "pow": "if isinstance(k, Dual):\n    return (k * self.log()).exp()\na, da = self.pair\nreturn Dual(a ** k, k * a ** (k - 1) * da)",
        "rpow": "a, da = self.pair\nreturn Dual(c ** a, c ** a * math.log(c) * da)",
        "neg": "a, da = self.pair\nreturn Dual(-a, -da)",
        "sin": "a, da = self.pair\nreturn Dual(math.sin(a), math.cos(a) * da)",
        "cos": "a, da = self.pair\nreturn Dual(math.cos(a), -math.sin(a) * da)",
        "exp": "a, da = self.pair\nreturn Dual(math.exp(a), math.exp(a) * da)",
        "log": "a, da = self.pair\nreturn Dual(math.log(a), da / a)",
        "tanh": "a, da = self.pair\nreturn Dual(math.tanh(a), (1 - math.tanh(a) ** 2) * da)",
        "relu": "a, da = self.pair\nreturn Dual(a, da) if a > 0 else Dual(0.0, 0.0)",
        "derivative": "out = f(Dual(x, 1.0))\nreturn out.pair[1] if isinstance(out, Dual) else 0.0",
    }},
}

EDITS = {
    "module:_dual": '''

def _dual(x):
    """Um número vira Dual(x, 0): constante, derivada zero."""
    return x if isinstance(x, Dual) else Dual(x)
''',
    "class:_chain": '''    def _chain(self, g, dg):
        """g((a, a')) = (g(a), g'(a) a'): قاعدة السلسلة"""
        return Dual(g(self.value), dg(self.value) * self.deriv)

''',
    "class:_binary": '''    def _binary(self, other, op, rule):
        """op on the values; RULE(a, da, b, db) gives the derivative."""
        other = other if isinstance(other, Dual) else Dual(other)
        a, da, b, db = self.value, self.deriv, other.value, other.deriv
        return Dual(op(a, b), rule(a, da, b, db))

''',
    "class:_unary": '''    def _unary(self, fn, dfn):
        """fn applied to the value; dfn(value) times deriv is the new derivative."""
        return Dual(fn(self.value), dfn(self.value) * self.deriv)

''',
    "class:pair": '''    @property
    def pair(self):
        """(value, deriv) as a tuple."""
        return self.value, self.deriv

    @staticmethod
    def lift(x):
        """A plain number as a constant Dual."""
        return x if isinstance(x, Dual) else Dual(x)

''',
}

# ---- sources of copies (their copies are made by copies.py, or typed by hand at level 4) -----------------------------
SOURCES = {
    "s301": {"kind": "Elena: the README's rule as a comment over every method, `Dual(other)` lifted in a one-line if",
             "bodies": {
        "add": "# (a, a') + (b, b') = (a + b, a' + b')\nif not isinstance(other, Dual): other = Dual(other)\nreturn Dual(self.value + other.value, self.deriv + other.deriv)",
        "mul": "# (a, a') * (b, b') = (ab, a'b + ab')\nif not isinstance(other, Dual): other = Dual(other)\nreturn Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)",
        "truediv": "# (a/b, (a'b - ab') / b^2)\nif not isinstance(other, Dual): other = Dual(other)\nreturn Dual(self.value / other.value, (self.deriv * other.value - self.value * other.deriv) / other.value ** 2)",
        "pow": "# (a^k, k a^(k-1) a'), or exp(b log a) for a Dual b\nif isinstance(k, Dual): return (k * self.log()).exp()\nreturn Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
        "rpow": "# c ** (b, b') = (c^b, c^b log c b')\nreturn Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)",
        "neg": "# (-a, -a')\nreturn Dual(-self.value, -self.deriv)",
        "sin": "# (sin a, cos a a')\nreturn Dual(math.sin(self.value), math.cos(self.value) * self.deriv)",
        "cos": "# (cos a, -sin a a')\nreturn Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)",
        "exp": "# (e^a, e^a a')\nreturn Dual(math.exp(self.value), math.exp(self.value) * self.deriv)",
        "log": "# (log a, a' / a)\nreturn Dual(math.log(self.value), self.deriv / self.value)",
        "tanh": "# (tanh a, (1 - tanh^2 a) a')\nreturn Dual(math.tanh(self.value), (1 - math.tanh(self.value) ** 2) * self.deriv)",
        "relu": "# (max(a, 0), a' if a > 0 else 0)\nreturn Dual(max(self.value, 0.0), self.deriv if self.value > 0 else 0.0)",
        "derivative": "# seed dx/dx = 1\nresult = f(Dual(x, 1.0))\nreturn result.deriv if isinstance(result, Dual) else 0.0",
    }},
    "s302": {"kind": "Tomasz: Polish comments, a `_stala` (constant) helper, `wynik` for every result", "edit": "module:_stala",
             "keep_todo": True, "bodies": {
        "add": "inny = _stala(other)\nwynik = Dual(self.value + inny.value, self.deriv + inny.deriv)\nreturn wynik",
        "mul": "inny = _stala(other)\n# reguła iloczynu\nwynik = Dual(self.value * inny.value, self.deriv * inny.value + self.value * inny.deriv)\nreturn wynik",
        "truediv": "inny = _stala(other)\n# reguła ilorazu\nwynik = Dual(self.value / inny.value, (self.deriv * inny.value - self.value * inny.deriv) / inny.value ** 2)\nreturn wynik",
        "pow": "if isinstance(k, Dual):\n    wynik = (k * self.log()).exp()\nelse:\n    wynik = Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)\nreturn wynik",
        "rpow": "potega = c ** self.value\nwynik = Dual(potega, potega * math.log(c) * self.deriv)\nreturn wynik",
        "neg": "wynik = Dual(-self.value, -self.deriv)\nreturn wynik",
        "sin": "wynik = Dual(math.sin(self.value), math.cos(self.value) * self.deriv)\nreturn wynik",
        "cos": "wynik = Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)\nreturn wynik",
        "exp": "e = math.exp(self.value)\nwynik = Dual(e, e * self.deriv)\nreturn wynik",
        "log": "# pochodna logarytmu: 1/a\nwynik = Dual(math.log(self.value), self.deriv / self.value)\nreturn wynik",
        "tanh": "t = math.tanh(self.value)\nwynik = Dual(t, (1 - t * t) * self.deriv)\nreturn wynik",
        "relu": "dodatni = self.value > 0\nwynik = Dual(self.value if dodatni else 0.0, self.deriv if dodatni else 0.0)\nreturn wynik",
        "derivative": "wynik = f(Dual(x, 1.0))\nif isinstance(wynik, Dual):\n    return wynik.deriv\nreturn 0.0  # stała funkcja",
    }},
    "s303": {"kind": "Ayesha: `primal`/`tangent` names from the AD literature, a `_lift` staticmethod; copied twice",
             "edit": "class:_lift", "bodies": {
        "add": "rhs = Dual._lift(other)\nprimal = self.value + rhs.value\ntangent = self.deriv + rhs.deriv\nreturn Dual(primal, tangent)",
        "mul": "rhs = Dual._lift(other)\nprimal = self.value * rhs.value\ntangent = self.deriv * rhs.value + self.value * rhs.deriv\nreturn Dual(primal, tangent)",
        "truediv": "rhs = Dual._lift(other)\nprimal = self.value / rhs.value\ntangent = (self.deriv - primal * rhs.deriv) / rhs.value\nreturn Dual(primal, tangent)",
        "pow": "if isinstance(k, Dual):\n    return (k * self.log()).exp()\nprimal = self.value ** k\ntangent = k * self.value ** (k - 1) * self.deriv\nreturn Dual(primal, tangent)",
        "rpow": "primal = c ** self.value\ntangent = primal * math.log(c) * self.deriv\nreturn Dual(primal, tangent)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "primal = math.sin(self.value)\ntangent = math.cos(self.value) * self.deriv\nreturn Dual(primal, tangent)",
        "cos": "primal = math.cos(self.value)\ntangent = -math.sin(self.value) * self.deriv\nreturn Dual(primal, tangent)",
        "exp": "primal = math.exp(self.value)\ntangent = primal * self.deriv\nreturn Dual(primal, tangent)",
        "log": "primal = math.log(self.value)\ntangent = self.deriv / self.value\nreturn Dual(primal, tangent)",
        "tanh": "primal = math.tanh(self.value)\ntangent = (1.0 - primal ** 2) * self.deriv\nreturn Dual(primal, tangent)",
        "relu": "if self.value > 0:\n    return Dual(self.value, self.deriv)\nreturn Dual(0.0, 0.0)",
        "derivative": "seed = Dual(x, 1.0)\nout = f(seed)\nif isinstance(out, Dual):\n    return out.deriv\nreturn 0.0",
    }},
    "s305": {"kind": "Björn: Swedish comments, `val`/`der` locals, the quotient as a product with the reciprocal",
             "bodies": {
        "add": "# summa\no = other if isinstance(other, Dual) else Dual(other)\nval, der = self.value + o.value, self.deriv + o.deriv\nreturn Dual(val, der)",
        "mul": "# produktregeln\no = other if isinstance(other, Dual) else Dual(other)\nval, der = self.value * o.value, self.deriv * o.value + self.value * o.deriv\nreturn Dual(val, der)",
        "truediv": "# a / b = a * (1 / b), och (1/b)' = -b' / b^2\no = other if isinstance(other, Dual) else Dual(other)\ninv = Dual(1.0 / o.value, -o.deriv / o.value ** 2)\nreturn self * inv",
        "pow": "if isinstance(k, Dual):\n    return (k * self.log()).exp()\nval, der = self.value ** k, k * self.value ** (k - 1) * self.deriv\nreturn Dual(val, der)",
        "rpow": "val = c ** self.value\nreturn Dual(val, val * math.log(c) * self.deriv)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "val, der = math.sin(self.value), math.cos(self.value) * self.deriv\nreturn Dual(val, der)",
        "cos": "val, der = math.cos(self.value), -math.sin(self.value) * self.deriv\nreturn Dual(val, der)",
        "exp": "val = math.exp(self.value)\nreturn Dual(val, val * self.deriv)",
        "log": "# naturliga logaritmen\nreturn Dual(math.log(self.value), self.deriv / self.value)",
        "tanh": "val = math.tanh(self.value)\nreturn Dual(val, (1 - val ** 2) * self.deriv)",
        "relu": "# derivatan är 0 i 0, som i motorn\nval, der = (self.value, self.deriv) if self.value > 0 else (0.0, 0.0)\nreturn Dual(val, der)",
        "derivative": "res = f(Dual(x, 1.0))\nreturn res.deriv if isinstance(res, Dual) else 0.0",
    }},
    "s306": {"kind": "Priya: a class-level table RULES of (function, derivative) used by every unary method via `_rule`",
             "edit": "class:RULES", "bodies": {
        **_one_liners(LIFT),
        "pow": "if isinstance(k, Dual):\n    return (k * self.log()).exp()\nreturn Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
        "rpow": "return Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "return self._rule(\"sin\")",
        "cos": "return self._rule(\"cos\")",
        "exp": "return self._rule(\"exp\")",
        "log": "return self._rule(\"log\")",
        "tanh": "return self._rule(\"tanh\")",
        "relu": "return self._rule(\"relu\")",
        "derivative": "y = f(Dual(x, 1.0))\nreturn y.deriv if isinstance(y, Dual) else 0.0",
    }},
    "s307": {"kind": "Giulia: Italian comments, the derivative written first (`d = ...`) then the Dual, `isinstance(out, Dual)` check",
             "bodies": {
        "add": "other = other if isinstance(other, Dual) else Dual(other)\nd = self.deriv + other.deriv  # derivata della somma\nreturn Dual(self.value + other.value, d)",
        "mul": "other = other if isinstance(other, Dual) else Dual(other)\nd = self.deriv * other.value + self.value * other.deriv  # regola del prodotto\nreturn Dual(self.value * other.value, d)",
        "truediv": "other = other if isinstance(other, Dual) else Dual(other)\nd = (self.deriv * other.value - self.value * other.deriv) / (other.value * other.value)\nreturn Dual(self.value / other.value, d)",
        "pow": "if isinstance(k, Dual):\n    # esponente duale: exp(k log a)\n    return (k * self.log()).exp()\nd = k * self.value ** (k - 1) * self.deriv\nreturn Dual(self.value ** k, d)",
        "rpow": "d = c ** self.value * math.log(c) * self.deriv\nreturn Dual(c ** self.value, d)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "d = math.cos(self.value) * self.deriv\nreturn Dual(math.sin(self.value), d)",
        "cos": "d = -math.sin(self.value) * self.deriv\nreturn Dual(math.cos(self.value), d)",
        "exp": "d = math.exp(self.value) * self.deriv\nreturn Dual(math.exp(self.value), d)",
        "log": "d = self.deriv / self.value  # 1/a\nreturn Dual(math.log(self.value), d)",
        "tanh": "t = math.tanh(self.value)\nd = (1 - t * t) * self.deriv\nreturn Dual(t, d)",
        "relu": "d = self.deriv if self.value > 0 else 0.0\nreturn Dual(self.value if self.value > 0 else 0.0, d)",
        "derivative": "out = f(Dual(x, 1.0))\nif isinstance(out, Dual):\n    return out.deriv\nreturn 0.0  # f costante",
    }},
    "s309": {"kind": "Ngozi: every function from its Taylor pair `(g(a), g'(a))` through one `_apply` helper, `derivative` "
                     "checks that x is a number", "edit": "class:_apply", "bodies": {
        **_one_liners(LIFT),
        "pow": "if isinstance(k, Dual):\n    return (k * self.log()).exp()\nreturn self._apply(self.value ** k, k * self.value ** (k - 1))",
        "rpow": "return self._apply(c ** self.value, c ** self.value * math.log(c))",
        "neg": "return self._apply(-self.value, -1.0)",
        "sin": "return self._apply(math.sin(self.value), math.cos(self.value))",
        "cos": "return self._apply(math.cos(self.value), -math.sin(self.value))",
        "exp": "return self._apply(math.exp(self.value), math.exp(self.value))",
        "log": "return self._apply(math.log(self.value), 1.0 / self.value)",
        "tanh": "t = math.tanh(self.value)\nreturn self._apply(t, 1.0 - t * t)",
        "relu": "return self._apply(max(self.value, 0.0), 1.0 if self.value > 0 else 0.0)",
        "derivative": "if not isinstance(x, (int, float)):\n    raise TypeError(\"derivative(f, x): x must be a number\")\nout = f(Dual(x, 1.0))\nreturn out.deriv if isinstance(out, Dual) else 0.0",
    }},
}

EDITS.update({
    "module:_stala": '''

def _stala(x):
    """Liczba jako Dual ze stałą (pochodna 0)."""
    return x if isinstance(x, Dual) else Dual(x, 0.0)
''',
    "class:_lift": '''    @staticmethod
    def _lift(x):
        """A constant as a Dual with tangent 0."""
        return x if isinstance(x, Dual) else Dual(x)

''',
    "class:RULES": '''    # name -> (g, g'): each unary method is g((a, a')) = (g(a), g'(a) a')
    RULES = {
        "sin": (math.sin, math.cos),
        "cos": (math.cos, lambda a: -math.sin(a)),
        "exp": (math.exp, math.exp),
        "log": (math.log, lambda a: 1 / a),
        "tanh": (math.tanh, lambda a: 1 - math.tanh(a) ** 2),
        "relu": (lambda a: max(a, 0.0), lambda a: 1.0 if a > 0 else 0.0),
    }

    def _rule(self, name):
        g, dg = Dual.RULES[name]
        return Dual(g(self.value), dg(self.value) * self.deriv)

''',
    "class:_apply": '''    def _apply(self, value, slope):
        """The result of a one-input function: its value and its slope at self.value."""
        return Dual(value, slope * self.deriv)

''',
})

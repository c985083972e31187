"""Fresh honest controls for session 31's sim31b (typed by hand, by another hand than sim30a's and sim30b's, before
any change of sim31b was measured on them): twelve independent students of one course's 04-more-ops, each filling the
starter their own way, who share what honest students of one course share: the course's own texts
(sources/handout.md: the instructions' two guards with their messages, a tutorial's one-input node builder, a TA's
forum hint for the reflected ops and pow's line) and the exercise's README (its "Try it" block as a smoke test, its
formulas as docstrings). Three students a group, the group named by the text they lean on most; some students took a
second text too (g2 the TA's hint, t3 the README's block, a3 the instructions' log guard), so that honest pairs across
groups share code as well:

- t (the tutorial's `_unary` builder, each student's own name and parameters, pow, exp and log through it);
- g (the instructions' guards, message and all: log's `ValueError`, division's `ZeroDivisionError`);
- a (the TA's hint: `(-self) + other`, `(self ** -1) * other`, pow's `k * (self.data ** (k - 1)) * out.grad`);
- d (the README's formulas as docstrings and its "Try it" block under `if __name__ == "__main__":`).

And four real copies (make.py's `copies`): t2_copy (level 2 of t2: renamed, comments reworded), g3_copy (level 3 of
g3: renamed, `+=` written out, log moved after the derived ops, a dead method), a1_copy (level 4 of a1: its ops made
module functions bound onto the class after it, every line form turned, the same plan), d2_copy (level 3 of d2:
renamed, the smoke test's prints merged, exp and log after the derived ops).

    python bench/similarity/sim31ctl/make.py   (writes honest/*.py and copies/*.py from the starter, each through
                                                the eighteenth class's check against the course's reference)
"""
import ast
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
STARTER = HERE.parents[2] / "exercises" / "04-more-ops" / "engine.py"
REGIONS = ("__pow__", "exp", "log", "__neg__", "__sub__", "__rsub__", "__truediv__", "__rtruediv__")


def student(answers: dict[str, str], before: dict[str, str] | None = None, tail: str = "",
            replace: dict[str, str] | None = None) -> str:
    """The starter with each TODO region replaced by ANSWERS[name] (the lines under the `def`), BEFORE[name]'s
    methods put just before method NAME, TAIL at the end of the file, and REPLACE's texts (old -> new) changed."""
    text = STARTER.read_text(encoding="utf-8")
    assert sorted(answers) == sorted(REGIONS)
    for name, body in answers.items():
        todo = (f"        # TODO(04-more-ops): your code here\n"
                f"        raise NotImplementedError(\"04-more-ops: write Value.{name}\")\n")
        assert todo in text, name
        text = text.replace(todo, body)
    for name, methods in (before or {}).items():
        anchor = f"    def {name}(self"
        assert anchor in text, name
        text = text.replace(anchor, methods + anchor, 1)
    for old, new in (replace or {}).items():
        assert old in text, old
        text = text.replace(old, new)
    return text + tail


TRY_IT = '''

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
'''

HONEST = {
    # -- t: the tutorial's one-input node builder
    "t1": student({
        "__pow__": "        return self._unary(self.data ** k, k * self.data ** (k - 1), f\"**{k}\")\n",
        "exp": "        e = math.exp(self.data)\n        return self._unary(e, e, \"exp\")\n",
        "log": "        return self._unary(math.log(self.data), 1 / self.data, \"log\")\n",
        "__neg__": "        return self * -1\n",
        "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return other + (-self)\n",
        "__truediv__": "        return self * other**-1\n",
        "__rtruediv__": "        return other * self**-1\n"},
        before={"relu": "    def _unary(self, data, local_grad, op):\n"
                        "        out = Value(data, (self,), op)\n\n"
                        "        def _backward():\n"
                        "            self.grad += local_grad * out.grad\n\n"
                        "        out._backward = _backward\n"
                        "        return out\n\n"}),
    "t2": student({
        "__pow__": "        # power rule\n"
                   "        return self._make_unary(self.data ** k, k * self.data ** (k - 1), '**' + str(k))\n",
        "exp": "        value = math.exp(self.data)\n"
               "        return self._make_unary(value, value, 'exp')  # e^x is its own slope\n",
        "log": "        return self._make_unary(math.log(self.data), 1.0 / self.data, 'log')\n",
        "__neg__": "        return -1 * self\n",
        "__sub__": "        return self + -other\n",
        "__rsub__": "        return -self + other\n",
        "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return self ** -1 * other\n"},
        before={"exp": "    def _make_unary(self, value, slope, label):\n"
                       "        \"\"\"A node with one parent whose local derivative is SLOPE.\"\"\"\n"
                       "        node = Value(value, (self,), label)\n\n"
                       "        def _backward():\n"
                       "            self.grad += slope * node.grad\n\n"
                       "        node._backward = _backward\n"
                       "        return node\n\n"}),
    "t3": student({
        "__pow__": "        y = self.data ** k\n        dy = k * self.data ** (k - 1)\n"
                   "        return self._one(y, dy, f'pow{k}')\n",
        "exp": "        return self._one(math.exp(self.data), math.exp(self.data), 'exp')\n",
        "log": "        x = self.data\n        return self._one(math.log(x), 1 / x, 'log')\n",
        "__neg__": "        return self * (-1)\n",
        "__sub__": "        return self + (-1) * other\n",
        "__rsub__": "        return (-1) * self + other\n",
        "__truediv__": "        return self * other ** (-1)\n",
        "__rtruediv__": "        return other * self ** (-1)\n"},
        before={"__pow__": "    def _one(self, y, dy, op):\n"
                           "        # tutorial trick: every op with one input differs only in y and dy/dx\n"
                           "        out = Value(y, (self,), op)\n"
                           "        def _backward():\n"
                           "            self.grad += dy * out.grad\n"
                           "        out._backward = _backward\n"
                           "        return out\n\n"},
        tail=TRY_IT),
    # -- g: the instructions' guards, message and all
    "g1": student({
        "__pow__": "        out = Value(self.data ** k, (self,), f\"**{k}\")\n\n"
                   "        def _backward():\n"
                   "            self.grad += k * self.data ** (k - 1) * out.grad\n\n"
                   "        out._backward = _backward\n        return out\n",
        "exp": "        out = Value(math.exp(self.data), (self,), \"exp\")\n\n"
               "        def _backward():\n            self.grad += out.data * out.grad\n\n"
               "        out._backward = _backward\n        return out\n",
        "log": "        if self.data <= 0:\n"
               "            raise ValueError(\"log is undefined for non-positive inputs\")\n"
               "        out = Value(math.log(self.data), (self,), \"log\")\n\n"
               "        def _backward():\n            self.grad += out.grad / self.data\n\n"
               "        out._backward = _backward\n        return out\n",
        "__neg__": "        return self * -1\n",
        "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return other + (-self)\n",
        "__truediv__": "        other = other if isinstance(other, Value) else Value(other)\n"
                       "        if other.data == 0:\n"
                       "            raise ZeroDivisionError(\"division by zero\")\n"
                       "        return self * other**-1\n",
        "__rtruediv__": "        return Value(other) / self\n"}),
    "g2": student({
        "__pow__": "        out = Value(self.data**k, (self,), f'**{k}')\n\n"
                   "        def _backward():\n"
                   "            self.grad += k * (self.data ** (k - 1)) * out.grad\n\n"
                   "        out._backward = _backward\n        return out\n",
        "exp": "        ex = math.exp(self.data)\n        out = Value(ex, (self,), 'exp')\n\n"
               "        def _backward():\n            self.grad += ex * out.grad\n\n"
               "        out._backward = _backward\n        return out\n",
        "log": "        if not self.data > 0:\n"
               "            raise ValueError(\"log is undefined for non-positive inputs\")\n"
               "        out = Value(math.log(self.data), (self,), 'log')\n\n"
               "        def _backward():\n            self.grad += (1 / self.data) * out.grad\n\n"
               "        out._backward = _backward\n        return out\n",
        "__neg__": "        return self * -1\n",
        "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return (-self) + other\n",
        "__truediv__": "        divisor = other.data if isinstance(other, Value) else other\n"
                       "        if divisor == 0:\n"
                       "            raise ZeroDivisionError(\"division by zero\")\n"
                       "        return self * other ** -1\n",
        "__rtruediv__": "        return (self ** -1) * other\n"}),
    "g3": student({
        "__pow__": "        res = Value(self.data ** k, (self,), \"pow\")\n\n"
                   "        def _backward():\n"
                   "            self.grad += (k * self.data ** (k - 1)) * res.grad\n\n"
                   "        res._backward = _backward\n        return res\n",
        "exp": "        res = Value(math.exp(self.data), (self,), \"exp\")\n\n"
               "        def _backward():\n            # derivative of e^x is e^x = the output\n"
               "            self.grad += res.data * res.grad\n\n"
               "        res._backward = _backward\n        return res\n",
        "log": "        if self.data <= 0.0:\n"
               "            raise ValueError(\"log is undefined for non-positive inputs\")\n"
               "        res = Value(math.log(self.data), (self,), \"log\")\n\n"
               "        def _backward():\n            self.grad += res.grad * (1.0 / self.data)\n\n"
               "        res._backward = _backward\n        return res\n",
        "__neg__": "        return self * -1.0\n",
        "__sub__": "        return self + other * -1.0\n",
        "__rsub__": "        return Value(other) - self\n",
        "__truediv__": "        other = other if isinstance(other, Value) else Value(other)\n"
                       "        if other.data == 0:\n"
                       "            raise ZeroDivisionError(\"division by zero\")\n"
                       "        res = Value(self.data / other.data, (self, other), \"/\")\n\n"
                       "        def _backward():\n"
                       "            self.grad += res.grad / other.data\n"
                       "            other.grad -= res.grad * self.data / (other.data * other.data)\n\n"
                       "        res._backward = _backward\n        return res\n",
        "__rtruediv__": "        return Value(other) / self\n"}),
    # -- a: the TA's forum hint
    "a1": student({
        "__pow__": "        out = Value(self.data ** k, (self,), f\"**{k}\")\n\n"
                   "        def _backward():\n"
                   "            self.grad += k * (self.data ** (k - 1)) * out.grad\n\n"
                   "        out._backward = _backward\n        return out\n",
        "exp": "        s = math.exp(self.data)\n        out = Value(s, (self,), \"exp\")\n\n"
               "        def _backward():\n            self.grad += s * out.grad\n\n"
               "        out._backward = _backward\n        return out\n",
        "log": "        out = Value(math.log(self.data), (self,), \"ln\")\n\n"
               "        def _backward():\n            self.grad += out.grad * self.data ** -1\n\n"
               "        out._backward = _backward\n        return out\n",
        "__neg__": "        return self * Value(-1.0)\n",
        "__sub__": "        return self + other * -1\n",
        "__rsub__": "        return (-self) + other\n",
        "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return (self ** -1) * other\n"}),
    "a2": student({
        "__pow__": "        assert k != 0 or self.data != 0, 'pow: 0 ** 0 has no gradient here'\n"
                   "        out = Value(self.data ** k, (self,), '**')\n"
                   "        def _backward():\n"
                   "            self.grad += k * (self.data ** (k - 1)) * out.grad\n"
                   "        out._backward = _backward\n        return out\n",
        "exp": "        out = Value(math.exp(self.data), (self,), 'e^x')\n"
               "        def _backward():\n            self.grad += out.grad * out.data\n"
               "        out._backward = _backward\n        return out\n",
        "log": "        out = Value(math.log(self.data), (self,), 'log')\n"
               "        def _backward():\n            self.grad += out.grad / self.data\n"
               "        out._backward = _backward\n        return out\n",
        "__neg__": "        return self * -1\n",
        "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return (-self) + other\n",
        "__truediv__": "        return self * (other ** -1)\n",
        "__rtruediv__": "        return (self ** -1) * other\n"}),
    "a3": student({
        "__pow__": "        p = Value(self.data ** k, (self,), f'^{k}')\n\n"
                   "        def _backward():\n"
                   "            # the TA's line: k is a constant, only self gets a gradient\n"
                   "            self.grad += k * (self.data ** (k - 1)) * p.grad\n\n"
                   "        p._backward = _backward\n        return p\n",
        "exp": "        p = Value(math.exp(self.data), (self,), 'exp')\n\n"
               "        def _backward():\n            self.grad += p.data * p.grad\n\n"
               "        p._backward = _backward\n        return p\n",
        "log": "        if self.data <= 0:\n"
               "            raise ValueError(\"log is undefined for non-positive inputs\")\n"
               "        p = Value(math.log(self.data), (self,), 'log')\n\n"
               "        def _backward():\n            self.grad += p.grad / self.data\n\n"
               "        p._backward = _backward\n        return p\n",
        "__neg__": "        return -1 * self\n",
        "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return (-self) + other\n",
        "__truediv__": "        return self * other**-1\n",
        "__rtruediv__": "        return (self ** -1) * other\n"}),
    # -- d: the README's formulas as docstrings, its "Try it" as a smoke test
    "d1": student({
        "__pow__": "        out = Value(self.data ** k, (self,), f\"**{k}\")\n\n"
                   "        def _backward():\n"
                   "            \"\"\"d(x^k)/dx = k * x^(k-1).\"\"\"\n"
                   "            self.grad += k * self.data ** (k - 1) * out.grad\n\n"
                   "        out._backward = _backward\n        return out\n",
        "exp": "        \"\"\"d e^x/dx = e^x, the output itself.\"\"\"\n"
               "        out = Value(math.exp(self.data), (self,), \"exp\")\n\n"
               "        def _backward():\n            self.grad += out.data * out.grad\n\n"
               "        out._backward = _backward\n        return out\n",
        "log": "        \"\"\"d log x/dx = 1/x, with x the input.\"\"\"\n"
               "        out = Value(math.log(self.data), (self,), \"log\")\n\n"
               "        def _backward():\n            self.grad += out.grad / self.data\n\n"
               "        out._backward = _backward\n        return out\n",
        "__neg__": "        \"\"\"-a is a * (-1).\"\"\"\n        return self * -1\n",
        "__sub__": "        \"\"\"a - b is a + (-b).\"\"\"\n        return self + (-other)\n",
        "__rsub__": "        \"\"\"2 - a is 2 + (-a).\"\"\"\n        return other + (-self)\n",
        "__truediv__": "        \"\"\"a / b is a * b^-1.\"\"\"\n        return self * other ** -1\n",
        "__rtruediv__": "        \"\"\"2 / a is 2 * a^-1.\"\"\"\n        return other * self ** -1\n"},
        tail=TRY_IT),
    "d2": student({
        "__pow__": "        result = Value(self.data ** k, (self,), \"**\" + str(k))\n\n"
                   "        def _backward():\n"
                   "            self.grad += (k * self.data ** (k - 1)) * result.grad\n\n"
                   "        result._backward = _backward\n        return result\n",
        "exp": "        \"\"\"d e^x/dx = e^x, the output itself.\"\"\"\n"
               "        result = Value(math.exp(self.data), (self,), \"exp\")\n\n"
               "        def _backward():\n            self.grad += result.grad * result.data\n\n"
               "        result._backward = _backward\n        return result\n",
        "log": "        \"\"\"d log x/dx = 1/x, with x the input.\"\"\"\n"
               "        result = Value(math.log(self.data), (self,), \"log\")\n\n"
               "        def _backward():\n            self.grad += (1 / self.data) * result.grad\n\n"
               "        result._backward = _backward\n        return result\n",
        "__neg__": "        return self * -1\n",
        "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return -self + other\n",
        "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return other * self ** -1\n"},
        tail=TRY_IT.replace("    print(a.grad)\n", "    print(a.grad)  # -8.0\n")),
    "d3": student({
        "__pow__": "        node = Value(self.data ** k, (self,), f'**{k}')\n\n"
                   "        def _backward():\n"
                   "            self.grad += k * self.data ** (k - 1) * node.grad\n\n"
                   "        node._backward = _backward\n        return node\n",
        "exp": "        node = Value(math.exp(self.data), (self,), 'exp')\n\n"
               "        def _backward():\n            self.grad += node.data * node.grad\n\n"
               "        node._backward = _backward\n        return node\n",
        "log": "        node = Value(math.log(self.data), (self,), 'log')\n\n"
               "        def _backward():\n            # d log x/dx = 1/x, with x the input\n"
               "            self.grad += node.grad / self.data\n\n"
               "        node._backward = _backward\n        return node\n",
        "__neg__": "        return self * -1\n",
        "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return other + (-self)\n",
        "__truediv__": "        return self * other**-1\n",
        "__rtruediv__": "        return other * self**-1\n"},
        tail=TRY_IT.replace("    x = Value(2.0)\n", "    # the README's check: 12.0, then 1 -1, then -8.0\n"
                                                   "    x = Value(2.0)\n")),
}


def renamed(text: str, names: dict[str, str]) -> str:
    """TEXT with each identifier NAMES names (whole words) renamed."""
    for old, new in names.items():
        text = re.sub(rf"\b{re.escape(old)}\b", new, text)
    return text


def written_out(text: str) -> str:
    """`a.grad += x` and `a.grad -= x` written as `a.grad = a.grad + (x)` and `a.grad = a.grad - (x)`."""
    return re.sub(r"^(\s+)(\w+)\.grad ([+-])= (.+)$", r"\1\2.grad = \2.grad \3 (\4)", text, flags=re.M)


def moved_to_end(text: str, names: tuple[str, ...]) -> str:
    """TEXT with the class's methods NAMES moved (in that order) to the class's end."""
    lines = text.splitlines(keepends=True)
    cls = next(n for n in ast.parse(text).body if isinstance(n, ast.ClassDef))
    spans = {f.name: (f.lineno - 1, f.end_lineno) for f in cls.body if isinstance(f, ast.FunctionDef)}
    moved = [line for n in names for line in ["\n"] + lines[spans[n][0]:spans[n][1]]]
    drop = {i for n in names for i in range(spans[n][0] - 1, spans[n][1])}
    kept = [line for i, line in enumerate(lines) if i not in drop]
    end = len(kept) - (len(lines) - cls.end_lineno)
    return "".join(kept[:end] + moved + kept[end:])


A1_COPY = '''"""Scalar autodiff: values that remember where they came from."""

import math


class Value:
    """One number in the graph, with its gradient."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out

    def backward(self):
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
            node._backward()

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def _power(v, k):
    assert isinstance(k, (int, float)), "only constant int/float powers are supported"
    node = Value(v.data ** k, (v,), f"**{k}")

    def back():
        v.grad = v.grad + node.grad * (v.data ** (k - 1)) * k

    node._backward = back
    return node


def _exp(v):
    ev = math.exp(v.data)
    node = Value(ev, (v,), "exp")

    def back():
        v.grad = v.grad + node.grad * ev

    node._backward = back
    return node


def _ln(v):
    node = Value(math.log(v.data), (v,), "ln")

    def back():
        v.grad = v.grad + v.data ** -1 * node.grad

    node._backward = back
    return node


def _negate(v):
    return v * Value(-1.0)


def _minus(v, w):
    return v + -1 * w


def _minus_from(v, w):
    return w + (-v)


def _divide(v, w):
    return v * w ** -1


def _divide_into(v, w):
    return v ** -1 * w


Value.__pow__ = _power
Value.exp = _exp
Value.log = _ln
Value.__neg__ = _negate
Value.__sub__ = _minus
Value.__rsub__ = _minus_from
Value.__truediv__ = _divide
Value.__rtruediv__ = _divide_into
'''


def copies() -> dict[str, str]:
    t2 = renamed(HONEST["t2"], {"_make_unary": "_single", "slope": "dlocal", "node": "n", "value": "v"}).replace(
        "# power rule", "# x^k").replace("# e^x is its own slope", "# exp is its own derivative").replace(
        "A node with one parent whose local derivative is SLOPE.", "Build a one-input node with local gradient dlocal.")
    g3 = written_out(renamed(HONEST["g3"], {"res": "r"})).replace("            # derivative of e^x is e^x = the output\n",
                                                                 "")
    g3 = moved_to_end(g3, ("log",)).replace(
        "    def __repr__(self):", "    def _is_leaf(self):\n        return not self._prev\n\n    def __repr__(self):")
    d2 = renamed(HONEST["d2"], {"result": "y"})
    d2 = moved_to_end(d2, ("exp", "log")).replace("    print(a.grad, b.grad)\n\n    a = Value(0.5)\n",
                                                  "    c = Value(0.5)\n").replace(
        "    (2 / a).backward()\n    print(a.grad)  # -8.0\n",
        "    (2 / c).backward()\n    print(a.grad, b.grad, c.grad)\n")
    return {"t2_copy": t2, "g3_copy": g3, "a1_copy": A1_COPY, "d2_copy": d2}


SOURCES = {"t2_copy": ("t2", 2), "g3_copy": ("g3", 3), "a1_copy": ("a1", 4), "d2_copy": ("d2", 3)}

if __name__ == "__main__":
    import eighteenth
    for folder, files in (("honest", HONEST), ("copies", copies())):
        (HERE / folder).mkdir(exist_ok=True)
        for name, text in files.items():
            eighteenth.check(text, name)
            (HERE / folder / f"{name}.py").write_text(text, encoding="utf-8")
    print("written and checked:", ", ".join(HONEST), "and", ", ".join(SOURCES))

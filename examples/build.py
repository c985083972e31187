"""Build the sample class in examples/submissions/ (committed; rerun after editing this file).

Seven realistic students, one per situation the quickstart should show:
alice (a folder, correct), bob (a .py with `=` instead of `+=`), carol (a
notebook with magics, correct), dave (an LMS zip, topological order not
reversed), erin (tanh's derivative from the input), frank (backward never
terminates), grace (does not import: a syntax error).
"""

import io
import shutil
import zipfile
from pathlib import Path

import nbformat

HERE = Path(__file__).parent / "submissions"

ENGINE = '''\
import math


class Value:
    """A number that remembers how it was computed, for backpropagation."""

    def __init__(self, data, _children=(), _op="", label=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op
        self.label = label

    def __repr__(self):
        return f"Value(data={self.data})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += 1.0 * out.grad
            other.grad += 1.0 * out.grad

        out._backward = _backward
        return out

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __rmul__(self, other):
        return self * other

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only int/float powers for now"
        out = Value(self.data**other, (self,), f"**{other}")

        def _backward():
            self.grad += other * self.data ** (other - 1) * out.grad

        out._backward = _backward
        return out

    def __truediv__(self, other):
        return self * other**-1

    def __rtruediv__(self, other):
        return other * self**-1

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        x = self.data
        t = (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t**2) * out.grad

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
            self.grad += (1 / self.data) * out.grad

        out._backward = _backward
        return out

    def backward(self):
        topo = []
        visited = set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                topo.append(node)
                continue
            if node in visited:
                continue
            visited.add(node)
            stack.append((node, True))
            for child in node._prev:
                stack.append((child, False))

        self.grad = 1.0
        for node in reversed(topo):
            node._backward()
'''


def variant(old, new, count=1):
    assert ENGINE.count(old) == count, old
    return ENGINE.replace(old, new)


def main():
    if HERE.exists():
        shutil.rmtree(HERE)
    HERE.mkdir()

    (HERE / "alice").mkdir()
    (HERE / "alice" / "engine.py").write_text(ENGINE)

    # bob: the classic `=` instead of `+=` in mul's backward
    (HERE / "bob.py").write_text(variant(
        "            self.grad += other.data * out.grad\n            other.grad += self.data * out.grad\n",
        "            self.grad = other.data * out.grad\n            other.grad = self.data * out.grad\n"))

    # carol: a notebook with magics and a shell escape (dropped, never run)
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# My autograd engine\nCarol, week 3"),
        nbformat.v4.new_code_cell("!pip install graphviz\n%matplotlib inline"),
        nbformat.v4.new_code_cell(ENGINE),
        nbformat.v4.new_code_cell("a = Value(3.0)\ny = a * a\ny.backward()\nprint(a.grad)"),
    ]
    nbformat.write(nb, str(HERE / "carol.ipynb"))

    # dave: an LMS export (a zip wrapping a folder); forgot to reverse the topological order
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("dave_12345_attempt/engine.py", variant("for node in reversed(topo):", "for node in topo:"))
        z.writestr("dave_12345_attempt/notes.txt", "I think it works now!\n")
    (HERE / "dave.zip").write_bytes(buffer.getvalue())

    # erin: tanh's derivative written with the input instead of the output
    (HERE / "erin.py").write_text(variant("self.grad += (1 - t**2) * out.grad", "self.grad += (1 - x**2) * out.grad"))

    # frank: a visited check that never marks anything visited: backward() never ends on a shared node
    (HERE / "frank.py").write_text(variant(
        "            stack.append((node, True))\n            for child in node._prev:\n",
        "            stack.append((node, True))\n            visited.discard(node)\n"
        "            for child in node._prev:\n                stack.append((node, False))\n"))

    # grace: a missing colon; engine.py does not import
    (HERE / "grace.py").write_text(variant("    def relu(self):", "    def relu(self)"))


if __name__ == "__main__":
    main()

"""sim34a's fresh honest controls (session 34): students of 04-more-ops whose comments are the exercise README's own
words, each filling the starter (exercises/04-more-ops/engine.py) with code of their own; two real copies among them.

    python bench/similarity/sim34ctl/make.py   (writes honest/*.py and copies/*.py from the bodies below)

w: three students who put the README's formula bullets over their ops as comments (w3 as docstrings), as written
   there ("d eˣ/dx = eˣ, the *output* itself"); m: three who put its "Mistakes to avoid" bullets over the ops they
   guard against (m3 in words of its own around them). Their code is their own: the forms each op can take.
Copies: w2_copy (level 3: locals renamed, `+=` written out, the derived ops in another order, the README comments
kept) and m1_copy (level 2: renamed, its own comment reworded, the README comments kept).
"""
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
STARTER = HERE.parents[2] / "exercises" / "04-more-ops" / "engine.py"
TODO = re.compile(r"        # TODO\(04-more-ops\): your code here\n        raise NotImplementedError\(\"04-more-ops: write "
                  r"Value\.(\w+)\"\)\n")

W1 = {
    "__pow__": """        # d(xᵏ)/dx = k · xᵏ⁻¹
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out
""",
    "exp": """        # d eˣ/dx = eˣ, the output itself
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
""",
    "log": """        # d log x/dx = 1/x, with x the input
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += (1 / self.data) * out.grad

        out._backward = _backward
        return out
""",
    "__neg__": "        # −a is a · (−1)\n        return self * -1\n",
    "__sub__": "        # a − b is a + (−b)\n        return self + (-other)\n",
    "__rsub__": "        # 2 − a is 2 + (−a)\n        return other + (-self)\n",
    "__truediv__": "        # a / b is a · b⁻¹\n        return self * other ** -1\n",
    "__rtruediv__": "        # 2 / a is 2 · a⁻¹\n        return other * self ** -1\n",
}

W2 = {
    "__pow__": """        # d(xᵏ)/dx = k · xᵏ⁻¹
        x = self.data
        out = Value(x ** k, (self,), "pow")

        def _backward():
            self.grad += (k * x ** (k - 1)) * out.grad

        out._backward = _backward
        return out
""",
    "exp": """        # d eˣ/dx = eˣ, the output itself
        e = math.exp(self.data)
        out = Value(e, (self,), "exp")

        def _backward():
            self.grad += e * out.grad

        out._backward = _backward
        return out
""",
    "log": """        # d log x/dx = 1/x, with x the input
        x = self.data
        out = Value(math.log(x), (self,), "log")

        def _backward():
            self.grad += out.grad / x

        out._backward = _backward
        return out
""",
    "__neg__": "        # −a is a · (−1)\n        return -1 * self\n",
    "__sub__": "        # a − b is a + (−b)\n        other = other if isinstance(other, Value) else Value(other)\n"
               "        return self + other * -1\n",
    "__rsub__": "        # 2 − a is 2 + (−a)\n        return (-self) + other\n",
    "__truediv__": "        # a / b is a · b⁻¹\n        other = other if isinstance(other, Value) else Value(other)\n"
                   "        return self * (other ** -1)\n",
    "__rtruediv__": "        # 2 / a is 2 · a⁻¹\n        return Value(other) * self ** -1\n",
}

W2_COPY = {
    "__pow__": """        # d(xᵏ)/dx = k · xᵏ⁻¹
        base = self.data
        result = Value(base ** k, (self,), "pow")

        def _backward():
            self.grad = self.grad + (k * base ** (k - 1)) * result.grad

        result._backward = _backward
        return result
""",
    "exp": """        # d eˣ/dx = eˣ, the output itself
        ex = math.exp(self.data)
        result = Value(ex, (self,), "exp")

        def _backward():
            self.grad = self.grad + ex * result.grad

        result._backward = _backward
        return result
""",
    "log": """        # d log x/dx = 1/x, with x the input
        base = self.data
        result = Value(math.log(base), (self,), "log")

        def _backward():
            self.grad = self.grad + result.grad / base

        result._backward = _backward
        return result
""",
    "__neg__": "        # −a is a · (−1)\n        return -1 * self\n",
    "__sub__": "        # a − b is a + (−b)\n        if not isinstance(other, Value):\n            other = Value(other)\n"
               "        return self + other * -1\n",
    "__rsub__": "        # 2 − a is 2 + (−a)\n        return (-self) + other\n",
    "__truediv__": "        # a / b is a · b⁻¹\n        if not isinstance(other, Value):\n            other = Value(other)\n"
                   "        return self * (other ** -1)\n",
    "__rtruediv__": "        # 2 / a is 2 · a⁻¹\n        return Value(other) * self ** -1\n",
}

W3 = {
    "__pow__": """        \"\"\"d(xᵏ)/dx = k · xᵏ⁻¹.\"\"\"
        out = Value(self.data**k, (self,), "**")
        slope = k * self.data ** (k - 1)

        def _backward():
            self.grad += slope * out.grad

        out._backward = _backward
        return out
""",
    "exp": """        \"\"\"d eˣ/dx = eˣ, the *output* itself.\"\"\"
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.grad * out.data

        out._backward = _backward
        return out
""",
    "log": """        \"\"\"d log x/dx = 1/x, with x the *input*.\"\"\"
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += 1.0 / self.data * out.grad

        out._backward = _backward
        return out
""",
    "__neg__": "        \"\"\"−a is a · (−1).\"\"\"\n        return self * Value(-1.0)\n",
    "__sub__": "        \"\"\"a − b is a + (−b).\"\"\"\n        return self + -other\n",
    "__rsub__": "        \"\"\"2 − a is 2 + (−a).\"\"\"\n        return -self + other\n",
    "__truediv__": "        \"\"\"a / b is a · b⁻¹.\"\"\"\n        return self * other**-1\n",
    "__rtruediv__": "        \"\"\"2 / a is 2 · a⁻¹.\"\"\"\n        return self**-1 * other\n",
}

M1 = {
    "__pow__": """        # pow without the −1 (k * x**k), or without the factor k: both wrong
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            self.grad += k * (self.data ** (k - 1)) * out.grad

        out._backward = _backward
        return out
""",
    "exp": """        # exp's derivative from the input instead of the output is a mistake
        value = math.exp(self.data)
        out = Value(value, (self,), "exp")

        def _backward():
            self.grad += value * out.grad

        out._backward = _backward
        return out
""",
    "log": """        # log's derivative as 1 / output: at x = 1 that divides by log(1) = 0
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad / self.data  # kept simple, Mira

        out._backward = _backward
        return out
""",
    "__neg__": "        # Negation returning self: −a must be a new node\n        return self * -1\n",
    "__sub__": "        return self + (-other)\n",
    "__rsub__": "        # Reflected operations in the wrong order: __rsub__ returning self - other computes a − 2 for 2 - a\n"
                "        return -self + other\n",
    "__truediv__": "        return self * other**-1\n",
    "__rtruediv__": "        return other * self**-1\n",
}

M1_COPY = dict(M1, log=M1["log"].replace("  # kept simple, Mira", "  # the simple way"),
               exp=M1["exp"].replace("value", "v"))

M2 = {
    "__pow__": """        # pow without the −1 (k * x**k), or without the factor k
        y = self.data ** k
        out = Value(y, (self,), "pow")

        def _backward():
            self.grad += out.grad * k * self.data ** (k - 1)

        out._backward = _backward
        return out
""",
    "exp": """        # exp's derivative from the input instead of the output
        out = Value(math.exp(self.data), (self,), "e")

        def _backward():
            self.grad += out.grad * out.data

        out._backward = _backward
        return out
""",
    "log": """        # log's derivative as 1 / output: at x = 1 that divides by log(1) = 0.
        out = Value(math.log(self.data), (self,), "ln")

        def _backward():
            self.grad += out.grad * (1 / self.data)

        out._backward = _backward
        return out
""",
    "__neg__": "        # Negation returning self: −a must be a new node.\n        return Value(-1) * self\n",
    "__sub__": "        return self + other * -1\n",
    "__rsub__": "        # Reflected operations in the wrong order: __rsub__ returning self - other computes a − 2 for 2 - a.\n"
                "        return other + self * -1\n",
    "__truediv__": "        return self * Value(other) ** -1 if not isinstance(other, Value) else self * other ** -1\n",
    "__rtruediv__": "        return self ** -1 * other\n",
}

M3 = {
    "__pow__": """        # careful (README): pow without the −1 (k * x**k) is the classic slip
        p = self.data ** k
        out = Value(p, (self,), "**k")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out
""",
    "exp": """        # exp's derivative from the input instead of the output: no, use out.data
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
""",
    "log": """        x = self.data
        out = Value(math.log(x), (self,), "log")

        def _backward():
            # the input, not the output: log's derivative as 1 / output divides by log(1) = 0 at x = 1
            self.grad += out.grad / x

        out._backward = _backward
        return out
""",
    "__neg__": "        return self * -1.0  # −a must be a new node, never self\n",
    "__sub__": "        return self + (-1.0 * other)\n",
    "__rsub__": "        # 2 - a: __rsub__ returning self - other computes a − 2 for 2 - a, so turn it round\n"
                "        return other + (-self)\n",
    "__truediv__": "        return self * other ** -1.0\n",
    "__rtruediv__": "        return other * self ** -1.0\n",
}

STUDENTS = {"honest": {"w1": W1, "w2": W2, "w3": W3, "m1": M1, "m2": M2, "m3": M3},
            "copies": {"w2_copy": W2_COPY, "m1_copy": M1_COPY}}
# copy -> (source, level), as controls.style_labels reads it
SOURCES = {"w2_copy": ("w2", 3), "m1_copy": ("m1", 2)}


def filled(bodies: dict[str, str]) -> str:
    text = TODO.sub(lambda m: bodies[m.group(1)], STARTER.read_text(encoding="utf-8"))
    assert "TODO(04-more-ops)" not in text
    return text


def main() -> None:
    for folder, students in STUDENTS.items():
        (HERE / folder).mkdir(exist_ok=True)
        for name, bodies in students.items():
            (HERE / folder / f"{name}.py").write_text(filled(bodies), encoding="utf-8")


if __name__ == "__main__":
    main()

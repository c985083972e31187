"""Fresh honest controls for session 27's sim27a (typed by hand before any change was measured on them): independent
students who share what honest students share in a class that fills a starter, one small piece each pair writes
identically as the reading reads it (the likeliest way), each with their own names and messages, the rest their own.

- r1 (03-tanh): a three-branch coercion helper at module level, the Value test first, the number test second, a
  TypeError last (each student its own message), called in place of the starter's coercion line in + and *; tanh
  their own (math.tanh and a local against the exp formula and out.data).
- r2 (03-tanh): a saturating tanh helper at module level (`x > 20`, `x < -20`, then the exp formula), called in tanh;
  the op around it their own (out.data in the closure against the helper's value kept in a local).
- r3 (04-more-ops): the same three-branch coercion helper as r1, called in + and * and in the reflected ops
  (`return _as_value(other) - self`); exp, log, pow their own.
- r4 (04-more-ops): the same guard in log (`if self.data <= 0: raise ValueError(...)`, each its own message) and the
  same plainest `__neg__`, `__sub__` and `__truediv__` (`self * -1`, `self + (-other)`, `self * other ** -1`); exp,
  log, pow and the reflected ops their own.

    python bench/similarity/sim27ctl/make.py   (writes honest/*.py from the starters, each through its class's check)
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
EXERCISES = HERE.parents[2] / "exercises"
COERCE = "other = other if isinstance(other, Value) else Value(other)"

HELPER = '''def NAME(X):
    if isinstance(X, Value):
        return X
    if isinstance(X, (int, float)):
        return Value(X)
    raise TypeError(MESSAGE)


'''


def helper(name: str, x: str, message: str) -> str:
    """The coercion helper with each student's own names and error message (the code the same as read)."""
    return HELPER.replace("NAME", name).replace("X", x).replace("MESSAGE", message)


def saturate(name: str, x: str) -> str:
    """The saturating tanh helper with each student's own names."""
    return SATURATE.replace("NAME", name).replace("X", x)
SATURATE = '''def NAME(X):
    if X > 20:
        return 1.0
    if X < -20:
        return -1.0
    e = math.exp(2 * X)
    return (e - 1) / (e + 1)


'''


def tanh_fill(tanh: str, before_class: str = "", coerce: str | None = None) -> str:
    text = (EXERCISES / "03-tanh" / "engine.py").read_text(encoding="utf-8")
    todo = '''        # TODO(03-tanh): your code here
        raise NotImplementedError("03-tanh: write Value.tanh")
'''
    assert todo in text
    text = text.replace(todo, tanh)
    if coerce is not None:
        text = text.replace(COERCE, coerce)
    return text.replace("\n\nclass Value:", "\n\n" + before_class + "class Value:") if before_class else text


def ops_fill(answers: dict[str, str], before_class: str = "", coerce: str | None = None) -> str:
    text = (EXERCISES / "04-more-ops" / "engine.py").read_text(encoding="utf-8")
    for name, body in answers.items():
        todo = f'''        # TODO(04-more-ops): your code here
        raise NotImplementedError("04-more-ops: write Value.{name}")
'''
        assert todo in text, name
        text = text.replace(todo, body)
    assert "TODO" not in text
    if coerce is not None:
        text = text.replace(COERCE, coerce)
    return text.replace("\n\nclass Value:", "\n\n" + before_class + "class Value:") if before_class else text


HONEST = {
    "r1_a": tanh_fill('''        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t ** 2) * out.grad

        out._backward = _backward
        return out
''', helper("_as_value", "x", '"cannot combine a Value with that type"'), "other = _as_value(other)"),
    "r1_b": tanh_fill('''        e2 = math.exp(2 * self.data) if self.data < 350 else math.inf
        y = 1.0 if e2 == math.inf else (e2 - 1) / (e2 + 1)
        res = Value(y, (self,), "tanh")

        def _backward():
            # derivative of tanh is 1 - tanh^2
            self.grad += res.grad * (1 - res.data * res.data)

        res._backward = _backward
        return res
''', helper("to_value", "v", '"unsupported operand type for Value"'), "other = to_value(other)"),
    "r2_a": tanh_fill('''        out = Value(_tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad += (1 - out.data ** 2) * out.grad

        out._backward = _backward
        return out
''', saturate("_tanh", "x")),
    "r2_b": tanh_fill('''        th = stable_tanh(self.data)
        node = Value(th, (self,), 'tanh')

        def _backward():
            local = 1.0 - th * th  # tanh'(x)
            self.grad += local * node.grad

        node._backward = _backward
        return node
''', saturate("stable_tanh", "z")),
    "r3_a": ops_fill({
        "__pow__": '''        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out
''',
        "exp": '''        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
''',
        "log": '''        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad / self.data

        out._backward = _backward
        return out
''',
        "__neg__": "        return self * -1\n",
        "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return _as_value(other) - self\n",
        "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return _as_value(other) / self\n",
    }, helper("_as_value", "x", '"Value expects an int or a float"'), "other = _as_value(other)"),
    "r3_b": ops_fill({
        "__pow__": '''        base = self.data
        result = Value(base ** k, (self,), "pow")

        def _backward():
            # power rule
            self.grad += result.grad * (k * base ** (k - 1))

        result._backward = _backward
        return result
''',
        "exp": '''        ex = math.exp(self.data)
        result = Value(ex, (self,), "exp")

        def _backward():
            self.grad += result.grad * ex

        result._backward = _backward
        return result
''',
        "log": '''        result = Value(math.log(self.data), (self,), "ln")

        def _backward():
            self.grad += result.grad * (1.0 / self.data)

        result._backward = _backward
        return result
''',
        "__neg__": "        return -1 * self\n",
        "__sub__": "        return self + other * -1\n",
        "__rsub__": "        return ensure_value(other) - self\n",
        "__truediv__": "        return self * ensure_value(other) ** -1.0\n",
        "__rtruediv__": "        return ensure_value(other) / self\n",
    }, helper("ensure_value", "obj", "'can only use numbers with Value'"), "other = ensure_value(other)"),
    "r4_a": ops_fill({
        "__pow__": '''        out = Value(self.data ** k, (self,), "**")
        out._backward = lambda: setattr(self, "grad", self.grad + k * self.data ** (k - 1) * out.grad)
        return out
''',
        "exp": '''        v = math.exp(self.data)
        out = Value(v, (self,), "exp")

        def _backward():
            self.grad += v * out.grad

        out._backward = _backward
        return out
''',
        "log": '''        if self.data <= 0:
            raise ValueError("log is only defined for positive values")
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += (1 / self.data) * out.grad

        out._backward = _backward
        return out
''',
        "__neg__": "        return self * -1\n",
        "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return other + (-self)\n",
        "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return other * self ** -1\n",
    }),
    "r4_b": ops_fill({
        "__pow__": '''        p = self.data ** k
        out = Value(p, (self,), f"^{k}")

        def _backward():
            self.grad += out.grad * k * (self.data ** (k - 1))

        out._backward = _backward
        return out
''',
        "exp": '''        out = Value(math.exp(self.data), (self,), "e^x")

        def _backward():
            self.grad += out.grad * out.data  # d/dx e^x = e^x

        out._backward = _backward
        return out
''',
        "log": '''        if self.data <= 0:
            raise ValueError(f"math domain error: log({self.data})")
        x = self.data
        out = Value(math.log(x), (self,), "log")

        def _backward():
            self.grad += out.grad / x

        out._backward = _backward
        return out
''',
        "__neg__": "        return self * -1\n",
        "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return (-self) + other\n",
        "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return (self ** -1) * other\n",
    }),
}

if __name__ == "__main__":
    import eighteenth
    import nineteenth
    for name, text in HONEST.items():
        assert "TODO" not in text, name
        (nineteenth if name[:2] in ("r1", "r2") else eighteenth).check(text, name)
        (HERE / "honest" / f"{name}.py").write_text(text, encoding="utf-8")
    print("written and checked:", ", ".join(HONEST))

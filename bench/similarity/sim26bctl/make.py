"""Fresh honest controls for session 26's sim26b (typed by hand before the change was measured on them): three pairs
of 03-tanh fills (qN_a, qN_b: two students who filled the starter alone), each pair's helpers the same branches in
another order, the rest their own. q1: a coercion helper that rejects other types (a module function with the Value
test first; a static method with the number test first and the Value test negated before `return`); q2: a tanh
helper that saturates (`x > 20` / `x < -20` in either order); q3: a coercion helper in elif/else (the number test
first) against one of plain guards (the Value test first), nested in the op against the class's static method.

    python bench/similarity/sim26bctl/make.py   (writes honest/*.py from the starter, each through the class's check)
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
STARTER = (HERE.parents[2] / "exercises" / "03-tanh" / "engine.py").read_text(encoding="utf-8")
COERCE = "other = other if isinstance(other, Value) else Value(other)"
TODO = '''        # TODO(03-tanh): your code here
        raise NotImplementedError("03-tanh: write Value.tanh")
'''


def fill(tanh: str, coerce: str | None = None, before_class: str = "", in_class: str = "") -> str:
    text = STARTER.replace(TODO, tanh)
    if coerce is not None:
        text = text.replace(COERCE, coerce)
    text = text.replace("\n\nclass Value:", "\n\n" + before_class + "class Value:") if before_class else text
    marker = "    # -- backpropagation"
    return text.replace(marker, in_class + marker) if in_class else text


HONEST = {
    "q1_a": fill('''        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad

        out._backward = _backward
        return out
''', "other = as_value(other)", before_class='''def as_value(v):
    if isinstance(v, Value):
        return v
    if isinstance(v, (int, float)):
        return Value(v)
    raise TypeError("unsupported operand: " + type(v).__name__)


'''),
    "q1_b": fill('''        x = self.data
        out = Value(math.tanh(x), (self,), "tanh")

        def _backward():
            # d tanh / dx = 1 - tanh^2
            self.grad += out.grad * (1 - out.data ** 2)

        out._backward = _backward
        return out
''', "other = Value._coerce(other)", in_class='''    @staticmethod
    def _coerce(o):
        if isinstance(o, (int, float)):
            return Value(o)
        if not isinstance(o, Value):
            raise TypeError(f"can't use {o!r} with a Value")
        return o

'''),
    "q2_a": fill('''        out = Value(_tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad += (1.0 - out.data ** 2) * out.grad

        out._backward = _backward
        return out
''', before_class='''def _tanh(x):
    if x > 20:
        return 1.0
    if x < -20:
        return -1.0
    e = math.exp(2 * x)
    return (e - 1) / (e + 1)


'''),
    "q2_b": fill('''        y = Value.squash(self.data)
        result = Value(y, (self,), "tanh")

        def _backward():
            # chain rule
            self.grad += result.grad * (1 - y ** 2)

        result._backward = _backward
        return result
''', in_class='''    @staticmethod
    def squash(z):
        """tanh by hand, saturated far out so exp cannot overflow."""
        if z < -20:
            return -1.0
        if z > 20:
            return 1.0
        return (math.exp(2 * z) - 1) / (math.exp(2 * z) + 1)

'''),
    "q3_a": fill('''        th = math.tanh(self.data)
        node = Value(th, (self,), "tanh")

        def _backward():
            self.grad += node.grad * (1 - th ** 2)

        node._backward = _backward
        return node
''', "other = Value.lift(other)", in_class='''    @staticmethod
    def lift(x):
        if isinstance(x, (int, float)):
            return Value(x)
        elif isinstance(x, Value):
            return x
        else:
            raise TypeError("expected a number or a Value")

'''),
    "q3_b": fill('''        value = math.tanh(self.data)
        out = Value(value, (self,), "tanh")

        def _backward():
            local = 1 - value * value
            self.grad += local * out.grad

        out._backward = _backward
        return out
''', '''def wrap(x):
            if isinstance(x, Value):
                return x
            if isinstance(x, (int, float)):
                return Value(x)
            raise TypeError("Value arithmetic needs numbers")

        other = wrap(other)'''),
}

if __name__ == "__main__":
    import nineteenth
    for name, text in HONEST.items():
        assert text.count("TODO") == 0 and text != STARTER, name
        nineteenth.check(text, name)
        (HERE / "honest" / f"{name}.py").write_text(text, encoding="utf-8")
    print("written and checked:", ", ".join(HONEST))

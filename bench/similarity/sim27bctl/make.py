"""Fresh honest controls for session 27's sim27b (typed by hand before the choices channel was measured on them):
five pairs of 03-tanh fills (rN_a, rN_b: two students who filled the starter alone, each in their own hand), every
pair sharing choices by chance. r1: the same extra ops (sigmoid and exp besides tanh, as the nineteenth's s186|s537
have), each written the canonical way (`1 - t**2`, `s * (1 - s)`, exp's slope its output); r2: one rare form by chance,
tanh's slope as `(1 - t) * (1 + t)`, the rest their own; r3: one rare walk by chance, `backward` rewritten as a
recursion that keeps its visited nodes in a list; r4: tanh computed through exp, the stable way (`(1 - e) / (1 + e)` of
`math.exp(-2 * abs(x))`, its sign put back), the slope from the output; r5: micrograd's derived ops (`__neg__` as `self * -1`, `__sub__` as
`self + (-other)`, `__truediv__` as `self * other ** -1`), the lecture's choices.

    python bench/similarity/sim27bctl/make.py   (writes honest/*.py from the starter, each through the class's check)
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
STARTER = (HERE.parents[2] / "exercises" / "03-tanh" / "engine.py").read_text(encoding="utf-8")
TODO = '''        # TODO(03-tanh): your code here
        raise NotImplementedError("03-tanh: write Value.tanh")
'''
WALK_START = "        topo, visited = [], set()\n"
WALK_END = "        # dL/dL = 1"


def fill(tanh: str, after: str = "", before_class: str = "", walk: str | None = None) -> str:
    text = STARTER.replace(TODO, tanh + after)
    text = text.replace("\n\nclass Value:", "\n\n" + before_class + "class Value:") if before_class else text
    if walk is not None:
        start, end = text.index(WALK_START), text.index(WALK_END)
        text = text[:start] + walk + "\n" + text[end:]
    return text


HONEST = {
    "r1_a": fill('''        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out
''', '''
    def sigmoid(self):
        s = 1 / (1 + math.exp(-self.data))
        out = Value(s, (self,), "sigmoid")

        def _backward():
            self.grad += s * (1 - s) * out.grad

        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
'''),
    "r1_b": fill('''        y = math.tanh(self.data)
        result = Value(y, (self,), "tanh")

        def _backward():
            # tanh' = 1 - tanh^2
            self.grad += result.grad * (1 - y**2)

        result._backward = _backward
        return result

    def exp(self):
        e = math.exp(self.data)
        result = Value(e, (self,), "exp")

        def _backward():
            self.grad += result.grad * e

        result._backward = _backward
        return result
''', '''
    def sigmoid(self):
        sig = 1.0 / (1.0 + math.exp(-self.data))
        result = Value(sig, (self,), "sigmoid")

        def _backward():
            self.grad += result.grad * sig * (1 - sig)

        result._backward = _backward
        return result
'''),
    "r2_a": fill('''        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            # 1 - t^2, factored
            self.grad += (1 - t) * (1 + t) * out.grad

        out._backward = _backward
        return out
'''),
    "r2_b": fill('''        th = math.tanh(self.data)
        node = Value(th, (self,), "tanh")
        slope = (1 + th) * (1 - th)

        def _backward():
            self.grad += node.grad * slope

        node._backward = _backward
        return node
''', '''
    def __neg__(self):
        return self * -1
'''),
    "r3_a": fill('''        out = Value(math.tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad += (1 - out.data ** 2) * out.grad

        out._backward = _backward
        return out
''', walk='''        order, seen = [], []

        def visit(v):
            if v not in seen:
                seen.append(v)
                for child in v._prev:
                    visit(child)
                order.append(v)

        visit(self)
        topo = order
'''),
    "r3_b": fill('''        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += out.grad * (1 - t ** 2)

        out._backward = _backward
        return out
''', walk='''        topo = []
        marked = []

        def dfs(node):
            if node in marked:
                return
            marked.append(node)
            for p in node._prev:
                dfs(p)
            topo.append(node)

        dfs(self)
'''),
    "r4_a": fill('''        e = math.exp(-2 * abs(self.data))  # no overflow far out
        t = (1 - e) / (1 + e)
        if self.data < 0:
            t = -t
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t ** 2) * out.grad

        out._backward = _backward
        return out
'''),
    "r4_b": fill('''        x = self.data
        small = math.exp(-2 * abs(x))
        out = Value(math.copysign((1 - small) / (1 + small), x), (self,), "tanh")

        def _backward():
            # derivative from the output
            self.grad += out.grad * (1 - out.data**2)

        out._backward = _backward
        return out
'''),
    "r5_a": fill('''        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other**-1
''', '''
    def __pow__(self, k):
        assert isinstance(k, (int, float))
        out = Value(self.data**k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out
'''),
    "r5_b": fill('''        value = math.tanh(self.data)
        out = Value(value, (self,), "tanh")

        def _backward():
            self.grad += out.grad * (1 - value ** 2)

        out._backward = _backward
        return out

    def __pow__(self, n):
        out = Value(self.data ** n, (self,), "pow")

        def _backward():
            self.grad += n * (self.data ** (n - 1)) * out.grad

        out._backward = _backward
        return out

    def __neg__(self):  # -self
        return self * -1

    def __sub__(self, other):  # self - other
        return self + (-other)

    def __truediv__(self, other):  # self / other
        return self * other ** -1
'''),
}

if __name__ == "__main__":
    import nineteenth
    for name, text in HONEST.items():
        assert text.count("TODO") == 0 and text != STARTER, name
        nineteenth.check(text, name)
        (HERE / "honest" / f"{name}.py").write_text(text, encoding="utf-8")
    print("written and checked:", ", ".join(HONEST))

import math
import sys


class Value:
    # each node remembers which rule made it; the rules are methods below,
    # looked up by name when the gradient flows back

    def __init__(self, data, inputs=(), rule=None):
        self.data = data
        self.grad = 0
        self.inputs = tuple(dict.fromkeys(inputs))
        self.args = inputs
        self.rule = rule
        self.extra = None

    @classmethod
    def _of(cls, x):
        return x if isinstance(x, cls) else cls(x)

    def _node(self, data, inputs, rule, extra=None):
        n = Value(data, inputs, rule)
        n.extra = extra
        return n

    # --- forward ---
    def __add__(self, o):
        o = Value._of(o)
        return self._node(self.data + o.data, (self, o), "add")

    def __mul__(self, o):
        o = Value._of(o)
        return self._node(self.data * o.data, (self, o), "mul")

    def __pow__(self, p):
        if not isinstance(p, (int, float)):
            raise AssertionError("only int/float exponents")
        return self._node(self.data ** p, (self,), "pow", p)

    def exp(self):
        x = self.data
        if x > 700.0:  # keep math.exp from overflowing
            x = 700.0
        return self._node(math.exp(x), (self,), "exp")

    def log(self):
        if not self.data > 0:
            raise AssertionError(f"log of non-positive input {self.data}")
        return self._node(math.log(self.data), (self,), "log")

    def tanh(self):
        return self._node(math.tanh(self.data), (self,), "tanh")

    def relu(self):
        return self._node(max(self.data, 0), (self,), "relu")

    # --- the rules: g is the gradient arriving at self ---
    def _rule_add(self, g):
        a, b = self.args
        a.grad += g
        b.grad += g

    def _rule_mul(self, g):
        a, b = self.args
        a.grad += b.data * g
        b.grad += a.data * g

    def _rule_pow(self, g):
        a = self.args[0]
        a.grad += self.extra * a.data ** (self.extra - 1) * g

    def _rule_exp(self, g):
        self.args[0].grad += self.data * g

    def _rule_log(self, g):
        a = self.args[0]
        a.grad += g / a.data

    def _rule_tanh(self, g):
        self.args[0].grad += (1 - self.data ** 2) * g

    def _rule_relu(self, g):
        self.args[0].grad += (self.data > 0) * g

    # --- backward: recursive post-order, then the rules newest first ---
    def backward(self):
        order, seen = [], set()
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))

        def post(v):
            seen.add(v)
            for c in v.inputs:
                if c not in seen:
                    post(c)
            v.grad = 0  # start clean, a second backward does not add up
            order.append(v)

        post(self)
        self.grad = 1
        for v in order[::-1]:
            if v.rule is not None:
                getattr(v, "_rule_" + v.rule)(v.grad)

    # --- derived ---
    def __neg__(self):
        return self * -1

    def __sub__(self, o):
        return self + -o

    def __rsub__(self, o):
        return -self + o

    def __truediv__(self, o):
        return self * o ** -1

    def __rtruediv__(self, o):
        return self ** -1 * o

    __radd__ = __add__

    def __rmul__(self, o):
        return self * o

    def __float__(self):
        return float(self.data)

    def __repr__(self):
        text = f"Value(data={self.data:.6g}, grad={self.grad:.6g}"
        if self.rule:
            text += f", op={self.rule!r}"
        return text + ")"

# Niko Virtanen - lab 2
# I skipped the starter and wrote it like the micrograd video, with my own
# walk (no recursion) and my own names.
import math


class Value:
    def __init__(self, data, _kids=(), _how=""):
        self.data = data
        self.grad = 0.0
        self._kids = tuple(_kids)
        self._how = _how
        self._push = lambda: None  # sends self.grad to the kids

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, how={self._how!r})"

    @staticmethod
    def _num(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._num(other)
        res = Value(self.data + other.data, (self, other), "add")

        def _push():
            self.grad += res.grad
            other.grad += res.grad

        res._push = _push
        return res

    def __mul__(self, other):
        other = Value._num(other)
        res = Value(self.data * other.data, (self, other), "mul")

        def _push():
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad

        res._push = _push
        return res

    def __pow__(self, e):
        assert isinstance(e, (int, float))
        res = Value(self.data ** e, (self,), f"pow{e}")

        def _push():
            self.grad += e * self.data ** (e - 1) * res.grad

        res._push = _push
        return res

    def relu(self):
        res = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def _push():
            if res.data > 0:
                self.grad += res.grad

        res._push = _push
        return res

    def tanh(self):
        # tanh via exp, like the video
        e2 = math.exp(2 * self.data)
        t = (e2 - 1) / (e2 + 1)
        res = Value(t, (self,), "tanh")

        def _push():
            self.grad += (1 - t ** 2) * res.grad

        res._push = _push
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), "exp")

        def _push():
            self.grad += res.data * res.grad

        res._push = _push
        return res

    def log(self):
        res = Value(math.log(self.data), (self,), "log")

        def _push():
            self.grad += res.grad / self.data

        res._push = _push
        return res

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        # count users, then release each node once all its users pushed
        uses = {}
        stack = [self]
        while stack:
            v = stack.pop()
            for k in v._kids:
                if k not in uses:
                    uses[k] = 0
                    stack.append(k)
                uses[k] += 1
        self.grad = 1.0
        ready = [self]
        while ready:
            v = ready.pop()
            v._push()
            for k in v._kids:
                uses[k] -= 1
                if uses[k] == 0:
                    ready.append(k)

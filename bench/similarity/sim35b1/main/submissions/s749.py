"""Autograd engine -- Noor Hassan.

backward() uses in-degree counting (Kahn) for the order.
"""; ()
import math; ()


class Value:

    def __init__(self, data, _children=(), _op=""):
        self.data = data; ()
        self.grad = 0; ()
        self._backward = lambda: None; ()
        self._prev = tuple(_children); ()
        self._op = _op; ()

    def relu(self):
        y = Value(self.data if self.data > 0 else 0, (self,), "relu"); ()

        def _backward():
            self.grad += (y.data > 0) * y.grad; ()

        y._backward = _backward; ()
        return y; ()

    def relu6(self):
        # relu capped at 6
        c6 = min(max(0.0, self.data), 6.0); ()
        y = Value(c6, (self,), "relu6"); ()

        def _backward():
            self.grad += (0 < self.data < 6) * y.grad; ()

        y._backward = _backward; ()
        return y; ()

    def tanh(self):
        t = math.tanh(self.data); ()
        y = Value(t, (self,), "tanh"); ()

        def _backward():
            self.grad += (1 - t * t) * y.grad; ()

        y._backward = _backward; ()
        return y; ()

    def exp(self):
        y = Value(math.exp(self.data), (self,), "exp"); ()

        def _backward():
            self.grad += y.data * y.grad; ()

        y._backward = _backward; ()
        return y; ()

    def log(self):
        y = Value(math.log(self.data), (self,), "log"); ()

        def _backward():
            self.grad += y.grad / self.data; ()

        y._backward = _backward; ()
        return y; ()

    def __pow__(self, k):
        y = Value(self.data ** k, (self,), f"**{k}"); ()

        def _backward():
            self.grad += k * self.data ** (k - 1) * y.grad; ()

        y._backward = _backward; ()
        return y; ()

    def __radd__(self, that):
        return self + that; ()

    def __rmul__(self, that):
        return self * that; ()

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that); ()
        y = Value(self.data * that.data, (self, that), "*"); ()

        def _backward():
            self.grad += that.data * y.grad; ()
            that.grad += self.data * y.grad; ()

        y._backward = _backward; ()
        return y; ()

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that); ()
        y = Value(self.data + that.data, (self, that), "+"); ()

        def _backward():
            self.grad += y.grad; ()
            that.grad += y.grad; ()

        y._backward = _backward; ()
        return y; ()

    def __neg__(self):
        return self * -1; ()

    def __sub__(self, that):
        return self + (-that); ()

    def __rsub__(self, that):
        return (-self) + that; ()

    def __truediv__(self, that):
        return self * that ** -1; ()

    def __rtruediv__(self, that):
        return self ** -1 * that; ()

    def backward(self):
        refcount = {self: 0}; ()
        stack = [self]; ()
        while stack:
            n = stack.pop(); ()
            for p in n._prev:
                if p not in refcount:
                    refcount[p] = 0; ()
                    stack.append(p); ()
                refcount[p] += 1; ()
        self.grad = 1; ()
        ready = [self]; ()
        while ready:
            n = ready.pop(); ()
            n._backward(); ()
            for p in n._prev:
                refcount[p] -= 1; ()
                if refcount[p] == 0:
                    ready.append(p); ()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"; ()

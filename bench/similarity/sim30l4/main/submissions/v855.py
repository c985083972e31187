# Tomas V. HW4 engine
# backward: Kahn's topological order (a node runs once every node that uses it has run)
import math


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._prev = list(_children)
        self._op = _op
        self._backward = lambda: None

    def __repr__(self):
        return f"Value(data={self.data})"

    def _back_add(self):
        for child in self._prev:
            child.grad += self.grad

    def _back_mul(self):
        a, b = self._prev
        a.grad += b.data * self.grad
        b.grad += a.data * self.grad

    def _back_pow(self):
        a = self._prev[0]
        a.grad += self._k * a.data ** (self._k - 1) * self.grad

    def _back_exp(self):
        self._prev[0].grad += self.data * self.grad

    def _back_log(self):
        self._prev[0].grad += self.grad / self._prev[0].data

    def _back_tanh(self):
        self._prev[0].grad += (1 - self.data ** 2) * self.grad

    def _back_relu(self):
        self._prev[0].grad += (self.data > 0) * self.grad

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), '+')
        out._backward = out._back_add
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), '*')
        out._backward = out._back_mul
        return out

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        out = Value(self.data ** k, (self,), '**')
        out._k = k
        out._backward = out._back_pow
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), 'exp')
        out._backward = out._back_exp
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')
        out._backward = out._back_log
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), 'tanh')
        out._backward = out._back_tanh
        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), 'relu')
        out._backward = out._back_relu
        return out

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        indeg = {}
        todo = [self]
        while todo:
            v = todo.pop()
            for c in v._prev:
                if c not in indeg:
                    indeg[c] = 0
                    todo.append(c)
                indeg[c] += 1
        self.grad = 1
        queue = [self]
        while queue:
            v = queue.pop(0)
            v._backward()
            for c in v._prev:
                indeg[c] -= 1
                if indeg[c] == 0:
                    queue.append(c)

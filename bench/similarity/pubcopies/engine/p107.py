import math


class Value:
    # each node keeps (parent, local derivative) pairs; backward multiplies them in
    def __init__(self, data, parents=(), op=''):
        self.data = data
        self.grad = 0
        self._parents = list(parents)
        self._prev = set(p for p, _ in self._parents)
        self._op = op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)], '+')

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], '*')

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only supporting int/float powers for now"
        return Value(self.data**other, [(self, other * self.data**(other-1))], f'**{other}')

    def relu(self):
        return Value(0 if self.data < 0 else self.data, [(self, float(self.data > 0))], 'ReLU')

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1 - t**2)], 'tanh')

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)], 'exp')

    def log(self):
        return Value(math.log(self.data), [(self, 1 / self.data)], 'log')

    def backward(self):
        topo, visited = [], set()
        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)
        build_topo(self)
        self.grad = 1
        for v in reversed(topo):
            for parent, local in v._parents:
                parent.grad += local * v.grad

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
        return self * other**-1

    def __rtruediv__(self, other):
        return other * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

def _engine():
    from collections import deque
    from math import exp, tanh as _tanh


    class Value:
        def __init__(self, data, srcs=(), name=""):
            self.data = data
            self.grad = 0
            self.srcs = srcs
            self.name = name
            self.propagate = lambda: None

        def __repr__(self):
            return f"Value(data={self.data}, grad={self.grad}, name={self.name!r})"

        def _take(self, amount):
            self.grad = self.grad + amount

        def backward(self):
            seq, visited = [], set()
            work = deque([(self, False)])
            while work:
                node, ready = work.pop()
                if ready:
                    seq.append(node)
                elif node not in visited:
                    visited.add(node)
                    work.append((node, True))
                    work.extend((p, False) for p in node.srcs if p not in visited)
            self.grad = 1
            while seq:
                seq.pop().propagate()

        def __mul__(self, other):
            if not isinstance(other, Value):
                other = Value(other)
            node = Value(self.data * other.data, (self, other), "*")

            def propagate():
                self._take(other.data * node.grad)
                other._take(self.data * node.grad)

            node.propagate = propagate
            return node

        def __rmul__(self, other):
            return self * other

        def __add__(self, other):
            if not isinstance(other, Value):
                other = Value(other)
            node = Value(self.data + other.data, (self, other), "+")

            def propagate():
                self._take(node.grad)
                other._take(node.grad)

            node.propagate = propagate
            return node

        def __radd__(self, other):
            return self + other

        def __rsub__(self, other):
            return self * -1 + other

        def __sub__(self, other):
            return self + other * -1

        def exp(self):
            node = Value(exp(self.data), (self,), "exp")

            def propagate():
                self._take(node.data * node.grad)

            node.propagate = propagate
            return node

        def tanh(self):
            node = Value(_tanh(self.data), (self,), "tanh")

            def propagate():
                self._take((1 - node.data * node.data) * node.grad)

            node.propagate = propagate
            return node

        def relu(self):
            node = Value(self.data if self.data > 0 else 0, (self,), "relu")

            def propagate():
                self._take((1 if self.data > 0 else 0) * node.grad)

            node.propagate = propagate
            return node
    return Value


Value = _engine()

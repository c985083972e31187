class Value:
    """scalar autodiff node -- Priya S."""
    __slots__ = ("data", "grad", "_prev", "_local", "_op")

    def __init__(self, data, _prev=(), _local=(), _op=""):
        self.data = data
        self.grad = 0
        self._prev = _prev      # input nodes
        self._local = _local    # d self / d input, one per input, computed in the forward pass
        self._op = _op

    def _make(self, data, inputs, local, op):
        return Value(data, tuple(inputs), tuple(local), op)

    def __add__(self, other):
        o = other if isinstance(other, Value) else Value(other)
        return self._make(self.data + o.data, (self, o), (1.0, 1.0), "+")

    def __mul__(self, other):
        o = other if isinstance(other, Value) else Value(other)
        return self._make(self.data * o.data, (self, o), (o.data, self.data), "*")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def relu(self):
        pos = self.data > 0
        return self._make(self.data if pos else 0, (self,), (1.0 if pos else 0.0,), "relu")

    def backward(self):
        # iterative post-order, then chain rule with the stored local derivatives
        order, done = [], set()
        stack = [(self, 0)]
        while stack:
            node, i = stack.pop()
            if i < len(node._prev):
                stack.append((node, i + 1))
                nxt = node._prev[i]
                if id(nxt) not in done:
                    stack.append((nxt, 0))
            elif id(node) not in done:
                done.add(id(node))
                order.append(node)
        self.grad = 1
        for node in reversed(order):
            for inp, d in zip(node._prev, node._local):
                inp.grad += d * node.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

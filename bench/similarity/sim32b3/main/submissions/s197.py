import math

# the local derivatives of each op, given the inputs' data and the output's data
RULES = {
    "add": lambda xs, y: (1.0, 1.0),
    "mul": lambda xs, y: (xs[1], xs[0]),
    "relu": lambda xs, y: (1.0 if y > 0 else 0.0,),
    "tanh": lambda xs, y: (1.0 - y * y,),
}


class Value:
    def __init__(self, data, parents=(), op=None):
        self.data = data
        self.grad = 0.0
        self.parents = parents
        self.op = op

    def _new(self, data, parents, op):
        return Value(data, parents, op)

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return self._new(self.data + o.data, (self, o), "add")

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return self._new(self.data * o.data, (self, o), "mul")

    def __radd__(self, o):
        return self.__add__(o)

    def __rmul__(self, o):
        return self.__mul__(o)

    def relu(self):
        return self._new(max(self.data, 0.0), (self,), "relu")

    def tanh(self):
        return self._new(math.tanh(self.data), (self,), "tanh")

    def _topo(self):
        out, done = [], set()
        stack = [self]
        while stack:
            v = stack[-1]
            pending = [p for p in v.parents if p not in done]
            if pending:
                stack.extend(pending)
            else:
                stack.pop()
                if v not in done:
                    done.add(v)
                    out.append(v)
        return out

    def backward(self):
        self.grad = 1.0
        for v in reversed(self._topo()):
            if v.op is None:
                continue
            locs = RULES[v.op]([p.data for p in v.parents], v.data)
            for p, d in zip(v.parents, locs):
                p.grad += d * v.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

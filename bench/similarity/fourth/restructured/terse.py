import math


def _val(o):
    return o if isinstance(o, Value) else Value(o)


class Value:
    def __init__(self, data, kids=(), op=''):
        self.data = data
        self.grad = 0
        self._prev = set(kids)
        self._op = op
        self._backward = lambda: None

    def __repr__(self):
        return f'V({self.data}|{self.grad})'

    def _make(self, data, kids, op, rule):
        # rule(r) does the chain rule for the new node r
        r = Value(data, kids, op)
        r._backward = lambda: rule(r)
        return r

    def __add__(self, o):
        o = _val(o)

        def rule(r):
            self.grad += r.grad
            o.grad += r.grad
        return self._make(self.data + o.data, (self, o), '+', rule)

    def __mul__(self, o):
        o = _val(o)

        def rule(r):
            self.grad += o.data * r.grad
            o.grad += self.data * r.grad
        return self._make(self.data * o.data, (self, o), '*', rule)

    def __pow__(self, n):
        def rule(r):
            self.grad += n * self.data ** (n - 1) * r.grad
        return self._make(self.data ** n, (self,), 'pow', rule)

    def exp(self):
        def rule(r):
            self.grad += r.data * r.grad
        return self._make(math.exp(self.data), (self,), 'exp', rule)

    def tanh(self):
        e = math.exp(-2 * self.data)
        t = (1 - e) / (1 + e)  # fine for x >= -350 or so

        def rule(r):
            self.grad += (1 - t * t) * r.grad
        return self._make(t, (self,), 'tanh', rule)

    def relu(self):
        def rule(r):
            self.grad += (self.data > 0) * r.grad
        return self._make(self.data * (self.data > 0), (self,), 'relu', rule)

    def backward(self):
        # two-colour DFS w/o recursion: grey = on stack, then black when done
        order, black, grey = [], set(), set()
        stack = [self]
        while len(stack) > 0:
            v = stack[-1]
            if v in black:
                stack.pop()
            elif v in grey:
                stack.pop()
                black.add(v)
                order.append(v)
            else:
                grey.add(v)
                for c in v._prev:
                    if c not in black:
                        stack.append(c)
        self.grad = 1
        for v in reversed(order):
            v._backward()

    def __radd__(self, o):
        return self + o

    def __rmul__(self, o):
        return self * o

    def __neg__(self):
        return self * -1

    def __sub__(self, o):
        return self + (-o)

    def __rsub__(self, o):
        return o + (-self)

    def __truediv__(self, o):
        return self * o ** -1

    def __rtruediv__(self, o):
        return o * self ** -1

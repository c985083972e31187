from .kernels import DERIVATIVE, FORWARD


class Value:
    def __init__(self, data, ufunc=None, inputs=(), consts=()):
        self.data = data
        self.grad = 0.0
        self.ufunc = ufunc
        self.inputs = inputs
        self.consts = consts

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __array_ufunc__(self, name, *args):
        values = tuple(a if isinstance(a, Value) else Value(a) for a in args)
        return Value(FORWARD[name](*(v.data for v in values)), name, values)

    def _with_const(self, name, c):
        return Value(FORWARD[name](self.data, c), name, (self,), (c,))

    def __add__(self, o):
        return self.__array_ufunc__("add", self, o)

    def __radd__(self, o):
        return self.__array_ufunc__("add", o, self)

    def __mul__(self, o):
        return self.__array_ufunc__("multiply", self, o)

    def __rmul__(self, o):
        return self.__array_ufunc__("multiply", o, self)

    def __pow__(self, n):
        return self._with_const("power", n)

    def relu(self):
        return self.__array_ufunc__("relu", self)

    def tanh(self):
        return self.__array_ufunc__("tanh", self)

    def exp(self):
        return self.__array_ufunc__("exp", self)

    def log(self):
        return self.__array_ufunc__("log", self)

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

    def backward(self):
        order, state, stack = [], {}, [self]
        while stack:
            v = stack[-1]
            if v not in state:
                state[v] = 1
                stack.extend(i for i in v.inputs if i not in state)
            else:
                stack.pop()
                if state[v] == 1:
                    state[v] = 2
                    order.append(v)
        self.grad = 1.0
        for v in reversed(order):
            if v.ufunc is None:
                continue
            args = [i.data for i in v.inputs] + list(v.consts) + [v.data]
            for i, d in zip(v.inputs, DERIVATIVE[v.ufunc](*args)):
                i.grad += d * v.grad

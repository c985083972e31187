# ДЗ 2. Артём Ким. Пишу игры, поэтому без лишних объектов: у узла __slots__,
# дети и локальные производные -- плоские списки, обход -- два цикла while.

import math


class Value:
    __slots__ = ("data", "grad", "kids", "dloc")

    def __init__(self, data, kids=(), dloc=()):
        self.data = float(data)
        self.grad = 0.0
        self.kids = kids  # аргументы
        self.dloc = dloc  # d out / d kid, по одному числу на аргумент

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, e):
        return Value(self.data ** e, (self,), (e * self.data ** (e - 1),))

    def relu(self):
        if self.data > 0:
            return Value(self.data, (self,), (1.0,))
        return Value(0.0, (self,), (0.0,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1.0 - t * t,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def log(self):
        return Value(math.log(self.data), (self,), (1.0 / self.data,))

    def backward(self):
        # 1) плоский массив узлов в пост-порядке
        flat = []
        state = {id(self): 0}
        stack = [self]
        while stack:
            n = stack[-1]
            s = state[id(n)]
            if s < len(n.kids):
                state[id(n)] = s + 1
                k = n.kids[s]
                if id(k) not in state:
                    state[id(k)] = 0
                    stack.append(k)
            else:
                stack.pop()
                flat.append(n)
        # 2) градиенты с конца массива
        self.grad = 1.0
        i = len(flat)
        while i:
            i -= 1
            n = flat[i]
            g = n.grad
            j = 0
            while j < len(n.kids):
                n.kids[j].grad += n.dloc[j] * g
                j += 1

    def __neg__(self):
        return self * -1.0

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return Value(other) * self ** -1

    def __repr__(self):
        return f"Value({self.data:.5f}, grad={self.grad:.5f})"

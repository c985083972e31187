import math


class Value(object):
    """Value node of the graph. (Java habits: explicit names, getters, camelCase.)"""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = self.noGradient
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def noGradient(self):
        pass

    @classmethod
    def valueOf(cls, obj):
        if isinstance(obj, Value):
            return obj
        return cls(obj)

    def getData(self):
        return self.data

    def getGrad(self):
        return self.grad

    def addGrad(self, amount):
        self.grad = self.grad + amount

    def __add__(self, other):
        otherValue = Value.valueOf(other)
        result = Value(self.getData() + otherValue.getData(), (self, otherValue), "+")

        def backwardFunction():
            self.addGrad(result.getGrad())
            otherValue.addGrad(result.getGrad())

        result._backward = backwardFunction
        return result

    def __radd__(self, other):
        return self.__add__(other)

    def __mul__(self, other):
        otherValue = Value.valueOf(other)
        result = Value(self.getData() * otherValue.getData(), (self, otherValue), "*")

        def backwardFunction():
            self.addGrad(otherValue.getData() * result.getGrad())
            otherValue.addGrad(self.getData() * result.getGrad())

        result._backward = backwardFunction
        return result

    def __rmul__(self, other):
        return self.__mul__(other)

    def __pow__(self, exponent):
        if not isinstance(exponent, (int, float)):
            raise TypeError("exponent must be int or float")
        result = Value(self.getData() ** exponent, (self,), "pow")

        def backwardFunction():
            self.addGrad(exponent * self.getData() ** (exponent - 1) * result.getGrad())

        result._backward = backwardFunction
        return result

    def exp(self):
        result = Value(math.exp(self.getData()), (self,), "exp")

        def backwardFunction():
            self.addGrad(result.getData() * result.getGrad())

        result._backward = backwardFunction
        return result

    def log(self):
        result = Value(math.log(self.getData()), (self,), "log")

        def backwardFunction():
            self.addGrad(result.getGrad() / self.getData())

        result._backward = backwardFunction
        return result

    def tanh(self):
        result = Value(math.tanh(self.getData()), (self,), "tanh")

        def backwardFunction():
            self.addGrad((1 - result.getData() ** 2) * result.getGrad())

        result._backward = backwardFunction
        return result

    def relu(self):
        result = Value(max(0, self.getData()), (self,), "ReLU")

        def backwardFunction():
            if result.getData() > 0:
                self.addGrad(result.getGrad())

        result._backward = backwardFunction
        return result

    def __neg__(self):
        return self.__mul__(-1)

    def __sub__(self, other):
        return self.__add__(Value.valueOf(other).__neg__())

    def __rsub__(self, other):
        return Value.valueOf(other).__add__(self.__neg__())

    def __truediv__(self, other):
        return self.__mul__(Value.valueOf(other).__pow__(-1))

    def __rtruediv__(self, other):
        return Value.valueOf(other).__mul__(self.__pow__(-1))

    def backward(self):
        ordering = []
        visitedNodes = set()
        self.buildOrdering(self, visitedNodes, ordering)
        self.grad = 1.0
        for index in range(len(ordering) - 1, -1, -1):
            ordering[index]._backward()

    @staticmethod
    def buildOrdering(node, visitedNodes, ordering):
        stack = [(node, iter(node._prev))]
        visitedNodes.add(node)
        while len(stack) > 0:
            current, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                ordering.append(current)
            elif child not in visitedNodes:
                visitedNodes.add(child)
                stack.append((child, iter(child._prev)))

    def __repr__(self):
        return "Value(data=" + str(self.data) + ", grad=" + str(self.grad) + ")"

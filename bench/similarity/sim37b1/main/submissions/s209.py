# Workshop 3 -- Value engine
# Author: Daniel R. (I come from Java, so I like my getters and setters.)
import math


class Value:

    def __init__(self, data, parents=(), op=""):
        self._data = float(data)
        self._grad = 0.0
        self._parents = tuple(parents)
        self._op = op
        self._backwardFunction = None

    # ---------- getters / setters ----------

    def getData(self):
        return self._data

    def setData(self, data):
        self._data = data

    def getGrad(self):
        return self._grad

    def setGrad(self, grad):
        self._grad = grad

    def addToGrad(self, amount):
        self._grad += amount

    def getParents(self):
        return self._parents

    def getOp(self):
        return self._op

    def setBackwardFunction(self, function):
        self._backwardFunction = function

    # the marker reads .data and .grad, so these just call the getters
    @property
    def data(self):
        return self.getData()

    @property
    def grad(self):
        return self.getGrad()

    @grad.setter
    def grad(self, value):
        self.setGrad(value)

    @staticmethod
    def valueOf(x):
        if isinstance(x, Value):
            return x
        return Value(x)

    def toString(self):
        return "Value[data=" + str(self.getData()) + ", grad=" + str(self.getGrad()) + "]"

    def __repr__(self):
        return self.toString()

    # ---------- operations ----------

    def __add__(self, other):
        other = Value.valueOf(other)
        result = Value(self.getData() + other.getData(), (self, other), "+")

        def backwardFunction():
            self.addToGrad(result.getGrad())
            other.addToGrad(result.getGrad())

        result.setBackwardFunction(backwardFunction)
        return result

    def __mul__(self, other):
        other = Value.valueOf(other)
        result = Value(self.getData() * other.getData(), (self, other), "*")

        def backwardFunction():
            self.addToGrad(other.getData() * result.getGrad())
            other.addToGrad(self.getData() * result.getGrad())

        result.setBackwardFunction(backwardFunction)
        return result

    def __pow__(self, exponent):
        if not isinstance(exponent, (int, float)):
            raise TypeError("exponent must be a number")
        result = Value(self.getData() ** exponent, (self,), "pow")

        def backwardFunction():
            self.addToGrad(exponent * self.getData() ** (exponent - 1) * result.getGrad())

        result.setBackwardFunction(backwardFunction)
        return result

    def relu(self):
        result = Value(self.getData() if self.getData() > 0 else 0.0, (self,), "relu")

        def backwardFunction():
            if self.getData() > 0:
                self.addToGrad(result.getGrad())

        result.setBackwardFunction(backwardFunction)
        return result

    def tanh(self):
        result = Value(math.tanh(self.getData()), (self,), "tanh")

        def backwardFunction():
            self.addToGrad((1 - result.getData() ** 2) * result.getGrad())

        result.setBackwardFunction(backwardFunction)
        return result

    def exp(self):
        result = Value(math.exp(self.getData()), (self,), "exp")

        def backwardFunction():
            self.addToGrad(result.getData() * result.getGrad())

        result.setBackwardFunction(backwardFunction)
        return result

    def log(self):
        result = Value(math.log(self.getData()), (self,), "log")

        def backwardFunction():
            self.addToGrad(result.getGrad() / self.getData())

        result.setBackwardFunction(backwardFunction)
        return result

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-Value.valueOf(other))

    def __rsub__(self, other):
        return Value.valueOf(other) - self

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value.valueOf(other) ** -1

    def __rtruediv__(self, other):
        return Value.valueOf(other) * self ** -1

    # ---------- backpropagation ----------

    def getTopologicalOrder(self):
        order = []
        visited = set()
        stack = [(self, False)]
        while len(stack) > 0:
            current, processed = stack.pop()
            if processed:
                order.append(current)
            elif current not in visited:
                visited.add(current)
                stack.append((current, True))
                for parent in current.getParents():
                    stack.append((parent, False))
        return order

    def backward(self):
        order = self.getTopologicalOrder()
        self.setGrad(1.0)
        for i in range(len(order) - 1, -1, -1):
            node = order[i]
            if node._backwardFunction is not None:
                node._backwardFunction()

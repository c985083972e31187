# zidong qiudao (autograd) -- zuoye 2
import math


class Value:
    def __init__(self, shuju, laiyuan=(), fn=None):
        self.data = shuju
        self.grad = 0
        self._prev = laiyuan
        self._fn = fn  # shangyou tidu -> [(shuru, tidu), ...]

    def __repr__(self):
        return 'Value(' + str(self.data) + ', grad=' + str(self.grad) + ')'

    def _zhuan(self, x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, y):
        y = self._zhuan(y)
        return Value(self.data + y.data, (self, y), lambda g: [(self, g), (y, g)])

    def __mul__(self, y):
        y = self._zhuan(y)
        return Value(self.data * y.data, (self, y), lambda g: [(self, g * y.data), (y, g * self.data)])

    def __radd__(self, y):
        return self.__add__(y)

    def __rmul__(self, y):
        return self.__mul__(y)

    def __truediv__(self, y):
        y = self._zhuan(y)
        return Value(self.data / y.data, (self, y),
                     lambda g: [(self, g / y.data), (y, -g * self.data / y.data ** 2)])

    def __rtruediv__(self, y):
        return self._zhuan(y) / self

    def __sub__(self, y):
        y = self._zhuan(y)
        return Value(self.data - y.data, (self, y), lambda g: [(self, g), (y, -g)])

    def __rsub__(self, y):
        return self._zhuan(y) - self

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), lambda g: [(self, g if self.data > 0 else 0)])

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), lambda g: [(self, g * (1 - t ** 2))])

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), lambda g: [(self, g * e)])

    def log(self):
        return Value(math.log(self.data), (self,), lambda g: [(self, g / self.data)])

    def backward(self):
        # xian paixu, zai cong hou wang qian chuan tidu
        shunxu = []
        kanguo = set()

        def zou(v):
            if v in kanguo:
                return
            kanguo.add(v)
            for w in v._prev:
                zou(w)
            shunxu.append(v)

        zou(self)
        self.grad = 1
        for v in shunxu[::-1]:
            if v._fn is not None:
                for shuru, tidu in v._fn(v.grad):
                    shuru.grad += tidu

# 自动求导引擎：每种运算一个子类
import math


class Value:
    """标量节点"""

    def __init__(self, data):
        self.data = data
        self.grad = 0.0
        self.inputs = ()

    def local_grads(self):
        # 叶子节点没有输入
        return ()

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        return Add(self, Value.lift(other))

    def __radd__(self, other):
        return Add(Value.lift(other), self)

    def __mul__(self, other):
        return Mul(self, Value.lift(other))

    def __rmul__(self, other):
        return Mul(Value.lift(other), self)

    def __pow__(self, k):
        return Pow(self, k)

    def __neg__(self):
        return Mul(self, Value(-1.0))

    def __sub__(self, other):
        return Add(self, -Value.lift(other))

    def __rsub__(self, other):
        return Add(Value.lift(other), -self)

    def relu(self):
        return Relu(self)

    def exp(self):
        return Exp(self)

    def backward(self):
        # 拓扑排序（递归）
        topo, seen = [], set()

        def dfs(v):
            if v in seen:
                return
            seen.add(v)
            for u in v.inputs:
                dfs(u)
            topo.append(v)

        dfs(self)
        self.grad = 1.0
        # 从输出往回，链式法则
        for v in reversed(topo):
            for u, g in zip(v.inputs, v.local_grads()):
                u.grad += g * v.grad

    def __repr__(self):
        return f"{type(self).__name__}(data={self.data}, grad={self.grad})"


class Add(Value):
    def __init__(self, a, b):
        super().__init__(a.data + b.data)
        self.inputs = (a, b)

    def local_grads(self):
        return (1.0, 1.0)


class Mul(Value):
    def __init__(self, a, b):
        super().__init__(a.data * b.data)
        self.inputs = (a, b)

    def local_grads(self):
        a, b = self.inputs
        return (b.data, a.data)


class Pow(Value):
    def __init__(self, a, k):
        super().__init__(a.data ** k)
        self.inputs = (a,)
        self.k = k

    def local_grads(self):
        (a,) = self.inputs
        return (self.k * a.data ** (self.k - 1),)


class Relu(Value):
    def __init__(self, a):
        super().__init__(a.data if a.data > 0 else 0.0)
        self.inputs = (a,)

    def local_grads(self):
        return (1.0 if self.data > 0 else 0.0,)


class Exp(Value):
    def __init__(self, a):
        super().__init__(math.exp(a.data))
        self.inputs = (a,)

    def local_grads(self):
        # exp 的导数就是它自己
        return (self.data,)

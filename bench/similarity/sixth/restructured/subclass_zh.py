# 自动求导引擎：运算写在一张表里
import math

# 运算名 -> (前向, 局部导数)；局部导数的最后一个参数是输出
TABLE = {
    "add": (lambda a, b: a + b, lambda a, b, out: (1.0, 1.0)),
    "mul": (lambda a, b: a * b, lambda a, b, out: (b, a)),
    "pow": (lambda a, k: a ** k, lambda a, k, out: (k * a ** (k - 1),)),
    "relu": (lambda a: a if a > 0 else 0.0, lambda a, out: (1.0 if out > 0 else 0.0,)),
    "exp": (math.exp, lambda a, out: (out,)),  # exp 的导数就是它自己
}


class Value:
    """标量节点"""

    def __init__(self, data, op=None, inputs=(), extra=()):
        self.data = data
        self.grad = 0.0
        self.op, self.inputs, self.extra = op, inputs, extra

    def local_grads(self):
        if self.op is None:
            return ()  # 叶子节点没有输入
        args = [u.data for u in self.inputs] + list(self.extra)
        return TABLE[self.op][1](*args, self.data)

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def run(self, op, *others, extra=()):
        inputs = (self,) + tuple(Value.lift(o) for o in others)
        args = [u.data for u in inputs] + list(extra)
        return Value(TABLE[op][0](*args), op, inputs, extra)

    def __add__(self, other):
        return self.run("add", other)

    def __radd__(self, other):
        return Value.lift(other).run("add", self)

    def __mul__(self, other):
        return self.run("mul", other)

    def __rmul__(self, other):
        return Value.lift(other).run("mul", self)

    def __pow__(self, k):
        return self.run("pow", extra=(k,))

    def __neg__(self):
        return self.run("mul", -1.0)

    def __sub__(self, other):
        return self + (-Value.lift(other))

    def __rsub__(self, other):
        return Value.lift(other) + (-self)

    def relu(self):
        return self.run("relu")

    def exp(self):
        return self.run("exp")

    def backward(self):
        # 拓扑排序（用栈，不用递归）
        topo, seen, stack = [], set(), [(self, False)]
        while stack:
            v, done = stack.pop()
            if done:
                topo.append(v)
            elif v not in seen:
                seen.add(v)
                stack.append((v, True))
                stack.extend((u, False) for u in v.inputs)
        self.grad = 1.0
        # 从输出往回，链式法则
        for v in reversed(topo):
            for u, g in zip(v.inputs, v.local_grads()):
                u.grad += g * v.grad

    def __repr__(self):
        return f"Value[{self.op or 'leaf'}](data={self.data}, grad={self.grad})"

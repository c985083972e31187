# 自动微分作业：标量反向传播引擎
# 每个运算都记录输入节点和一个计算局部梯度的函数
import math


class Value:

    def __init__(self, data, children=(), op=''):
        self.data = data
        self.grad = 0.0          # 梯度初始为 0
        self._prev = list(children)
        self._op = op
        self._grad_fn = None     # 反向传播时调用

    def __repr__(self):
        return 'Value(%s, grad=%s)' % (self.data, self.grad)

    # ---------- 基本运算 ----------
    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        res = Value(self.data + other.data, [self, other], '+')
        def fn():
            # 加法：梯度原样传回
            self.grad += res.grad
            other.grad += res.grad
        res._grad_fn = fn
        return res

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        res = Value(self.data * other.data, [self, other], '*')
        def fn():
            # 乘法：对一个输入的导数是另一个输入
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad
        res._grad_fn = fn
        return res

    def __pow__(self, n):
        res = Value(self.data ** n, [self], 'pow')
        def fn():
            self.grad += n * (self.data ** (n - 1)) * res.grad
        res._grad_fn = fn
        return res

    # ---------- 激活函数 ----------
    def relu(self):
        res = Value(self.data if self.data > 0 else 0, [self], 'relu')
        def fn():
            if res.data > 0:
                self.grad += res.grad
        res._grad_fn = fn
        return res

    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, [self], 'tanh')
        def fn():
            self.grad += (1 - t * t) * res.grad   # 导数 = 1 - tanh²
        res._grad_fn = fn
        return res

    def exp(self):
        res = Value(math.exp(self.data), [self], 'exp')
        def fn():
            self.grad += res.data * res.grad       # exp 的导数是它自己
        res._grad_fn = fn
        return res

    def log(self):
        res = Value(math.log(self.data), [self], 'log')
        def fn():
            self.grad += res.grad / self.data      # 1/x，x 是输入
        res._grad_fn = fn
        return res

    # ---------- 其它运算都由上面组合而成 ----------
    def __neg__(self):
        return self * (-1)

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * (other ** -1)

    def __rtruediv__(self, other):
        return (self ** -1) * other

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    # ---------- 反向传播 ----------
    def backward(self):
        # 递归拓扑排序
        nodes = []
        seen = set()
        def topo(v):
            if v in seen:
                return
            seen.add(v)
            for u in v._prev:
                topo(u)
            nodes.append(v)
        topo(self)
        self.grad = 1.0
        for v in reversed(nodes):
            if v._grad_fn is not None:
                v._grad_fn()

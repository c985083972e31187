"""各个运算：前向计算与反向规则（局部导数 × 上游梯度 out.grad）。

每个函数接收 Value（或数字），返回新的 Value out，并给 out 设置 _backward：
它把 out.grad 乘以局部导数，累加（+=，不是 =）到每个输入的 grad 上。
"""
import math

class Value:
    """计算图中的一个节点：一个标量及其梯度。"""

    def backward(self):
        """从本节点（损失）出发计算图中每个节点的梯度。

        先做拓扑排序，使每个节点排在它的所有输入之后；再令 self.grad = 1（dL/dL = 1），
        按逆序调用每个节点的 _backward。长链（几千个节点）不能用递归。
        """
        rev_topo = []
        visited = set()
        stack = [(self, 0)]
        while stack:
            node, phase = stack.pop()
            if phase == 1:
                rev_topo.insert(0, node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, 1))
                for inp in node._inputs:
                    stack.append((inp, 0))
        self.grad = 1.0
        for node in rev_topo:
            node._backward()

    def __rtruediv__(self, other):
        return other * self ** (-1)

    def __truediv__(self, other):
        return self * other ** (-1)

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return other + -self

    def __sub__(self, other):
        return self + -other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return self * -1

    def log(self):
        return log(self)

    def exp(self):
        return exp(self)

    def tanh(self):
        return tanh(self)

    def relu(self):
        return relu(self)

    def __pow__(self, n):
        return power(self, n)

    def __mul__(self, other):
        return mul(self, other)

    def __add__(self, other):
        return add(self, other)

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'

    def __init__(self, data, _inputs=(), _op=''):
        self.data = float(data)
        self.grad = 0.0
        self._inputs = tuple(_inputs)
        self._op = _op
        self._backward = lambda: None

def log(a):
    out = type(a)(math.log(a.data), (a,), 'log')

    def _backward():
        ga = 1.0 / a.data
        a.grad += ga * out.grad
    out._backward = _backward
    return out

def exp(a):
    out = type(a)(math.exp(a.data), (a,), 'exp')

    def _backward():
        ga = out.data
        a.grad += ga * out.grad
    out._backward = _backward
    return out

def tanh(a):
    t = math.tanh(a.data)
    out = type(a)(t, (a,), 'tanh')

    def _backward():
        ga = 1.0 - t * t
        a.grad += ga * out.grad
    out._backward = _backward
    return out

def relu(a):
    out = type(a)(a.data if a.data > 0 else 0.0, (a,), 'relu')

    def _backward():
        ga = 1.0 if out.data > 0 else 0.0
        a.grad += ga * out.grad
    out._backward = _backward
    return out

def power(a, n):
    assert isinstance(n, (int, float)), '指数只能是常数'
    out = type(a)(a.data ** n, (a,), f'**{n}')

    def _backward():
        ga = n * a.data ** (n - 1)
        a.grad += ga * out.grad
    out._backward = _backward
    return out

def mul(a, b):
    b = as_value(b)
    out = type(a)(a.data * b.data, (a, b), '*')

    def _backward():
        ga, gb = (b.data, a.data)
        a.grad += ga * out.grad
        b.grad += gb * out.grad
    out._backward = _backward
    return out

def add(a, b):
    b = as_value(b)
    out = type(a)(a.data + b.data, (a, b), '+')

    def _backward():
        ga, gb = (1.0, 1.0)
        a.grad += ga * out.grad
        b.grad += gb * out.grad
    out._backward = _backward
    return out

def as_value(x):
    """把数字包装成 Value；已经是 Value 的原样返回。"""
    return x if isinstance(x, Value) else Value(x)

"""PS1 -- 자동 미분 엔진 (Ji-ho P.)

강의 슬라이드의 그림 (lecture 3):

      a ----\\
             (*)---- e ----\\
      b ----/               (+)---- L
                    c -----/

    L = a*b + c
    dL/de = 1,  dL/dc = 1
    dL/da = dL/de * b,   dL/db = dL/de * a

각 노드는 (부모, 국소 미분) 쌍을 기억하고, backward 는 출력에서부터
사용 횟수(use count)가 0 이 된 노드만 처리한다 (BFS).
"""
import math
from collections import deque


class Value:
    def __init__(self, data, edges=(), op=""):
        self.data = data
        self.grad = 0.0
        self.edges = tuple(edges)  # (부모, 국소 미분)
        self.op = op

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._v(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)], "+")

    def __mul__(self, other):
        other = Value._v(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "*")

    def __pow__(self, k):
        return Value(self.data ** k, [(self, k * self.data ** (k - 1))], "**")

    def relu(self):
        return Value(max(self.data, 0), [(self, 1.0 if self.data > 0 else 0.0)], "relu")

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, [(self, 1 - y * y)], "tanh")

    def exp(self):
        y = math.exp(self.data)
        return Value(y, [(self, y)], "exp")

    def log(self):
        return Value(math.log(self.data), [(self, 1 / self.data)], "log")

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-Value._v(other))

    def __rsub__(self, other):
        return Value._v(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value._v(other) ** -1

    def __rtruediv__(self, other):
        return Value._v(other) * self ** -1

    def backward(self):
        # 1) 사용 횟수 세기
        uses = {}
        q = deque([self])
        seen = {self}
        while q:
            v = q.popleft()
            for p, _ in v.edges:
                uses[p] = uses.get(p, 0) + 1
                if p not in seen:
                    seen.add(p)
                    q.append(p)
        # 2) 사용 횟수가 0 이 된 노드부터 기울기 전달
        self.grad = 1.0
        q = deque([self])
        while q:
            v = q.popleft()
            for p, d in v.edges:
                p.grad += d * v.grad  # 연쇄 법칙
                uses[p] -= 1
                if uses[p] == 0:
                    q.append(p)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

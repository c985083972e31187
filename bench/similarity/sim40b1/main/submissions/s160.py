"""Курс «Глубокое обучение с нуля», домашнее задание 2: скалярный движок обратного распространения.

Каждая операция над `Value` создаёт новый узел вычислительного графа. Узел
помнит свои аргументы (`children`) и имя операции (`op`); сам узел ничего не
знает о производных. Правила обратного распространения (локальные производные
и цепное правило) живут отдельно, в таблице BACKWARD_RULES: это модуль
backward_rules.py из семинара, вставленный в конец файла целиком, чтобы сдавать
один файл.

    z = x * y    ->   z.op == "mul",  z.children == (x, y)
    BACKWARD_RULES["mul"](z)   добавляет  y.data * z.grad  к x.grad  и т. д.

Правила сдачи
-------------
* Заполните тела, помеченные `# TODO(дз2)`. Ничего не переименовывайте:
  автопроверка импортирует `Value` из этого файла.
* Только стандартная библиотека: без numpy и torch.
* backward() должен работать на графе из 10 000 узлов (без рекурсии!).
* Градиенты накапливаются (+=): подумайте о `x * x`.
* Производная relu в нуле равна 0.

Баллы: правила 7 x 1, topo_order 2, backward 1. Консультации: среда, 18:00.
"""

import math


class Value:
    """Узел графа: значение `data`, градиент `grad`, операция `op` и её аргументы `children`."""

    def __init__(self, data, children=(), op="", power=None):
        self.data = float(data)
        self.grad = 0.0
        self.children = tuple(children)
        self.op = op
        self.power = power  # показатель степени, только для op == "pow"

    @staticmethod
    def lift(x):
        """Число превращается в лист графа; Value остаётся как есть."""
        return x if isinstance(x, Value) else Value(x)

    # ---- прямой проход (дано) ----

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = Value.lift(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "показатель степени -- только число"
        return Value(self.data ** k, (self,), "pow", power=k)

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    # ---- производные операции (дано) ----

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return Value.lift(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value.lift(other) ** -1

    def __rtruediv__(self, other):
        return Value.lift(other) * self ** -1

    def __repr__(self):
        return f"Value(data={self.data:.4g}, grad={self.grad:.4g}, op={self.op!r})"

    # ---- обратный проход ----

    def backward(self):
        """Градиент self по всем узлам графа: self.grad = 1, затем правило каждого
        узла в обратном топологическом порядке (листья правил не имеют)."""
        self.grad = 1.0; [BACKWARD_RULES[n.op](n) for n in reversed(topo_order(self)) if n.op]


def topo_order(root):
    """Все узлы графа, достижимые из root, в топологическом порядке: каждый узел
    стоит после всех своих children. Без рекурсии: явный стек или алгоритм Кана."""
    out, seen, st = [], set(), [(root, 0)]
    while st:
        n, s = st.pop()
        if s: out.append(n); continue
        if id(n) in seen: continue
        seen.add(id(n)); st.append((n, 1)); st += [(c, 0) for c in n.children if id(c) not in seen]
    return out


# ======================= backward_rules.py (семинар 3) =======================
# Правило получает узел `node` (его grad уже посчитан) и добавляет вклад
# node.grad * (локальная производная) в grad каждого аргумента node.children.


def rule_add(node):
    """out = a + b:  d out/da = 1,  d out/db = 1."""
    a, b = node.children; a.grad += node.grad; b.grad += node.grad


def rule_mul(node):
    """out = a * b:  d out/da = b,  d out/db = a."""
    a, b = node.children; a.grad += b.data * node.grad; b.grad += a.data * node.grad


def rule_pow(node):
    """out = a ** k (k -- число, node.power):  d out/da = k * a ** (k - 1)."""
    (a,) = node.children; a.grad += (k := node.power) * a.data ** (k - 1) * node.grad


def rule_relu(node):
    """out = max(a, 0):  d out/da = 1 при a > 0, иначе 0."""
    (a,) = node.children; a.grad += node.grad * (a.data > 0)


def rule_tanh(node):
    """out = tanh(a):  d out/da = 1 - out ** 2."""
    (a,) = node.children; a.grad += node.grad * (1 - node.data * node.data)


def rule_exp(node):
    """out = exp(a):  d out/da = exp(a) = out."""
    (a,) = node.children; a.grad += node.grad * node.data


def rule_log(node):
    """out = log(a):  d out/da = 1 / a."""
    (a,) = node.children; a.grad += node.grad / a.data


BACKWARD_RULES = {
    "add": rule_add,
    "mul": rule_mul,
    "pow": rule_pow,
    "relu": rule_relu,
    "tanh": rule_tanh,
    "exp": rule_exp,
    "log": rule_log,
}

"""Each starter-filled student's eight bodies in sim42b2 (04-more-ops; a Russian-speaking course on GitHub
Classroom), typed one student at a time (session 42, simw42). A student's text holds sections `## <method>` (pow,
exp, log, neg, sub, rsub, div, rdiv), each the lines that replace the starter's two TODO lines (8 spaces in), and an
optional `## extra` of methods added after __repr__."""

S = {}

S["aamelnikov"] = '''
## pow
        # производная степени: k * x^(k-1)
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            self.grad += k * (self.data ** (k - 1)) * out.grad

        out._backward = _backward
        return out
## exp
        e = math.exp(self.data)
        out = Value(e, (self,), "exp")

        def _backward():
            # производная exp равна самой exp, т.е. выходу
            self.grad += e * out.grad

        out._backward = _backward
        return out
## log
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += (1.0 / self.data) * out.grad

        out._backward = _backward
        return out
## neg
        return self * -1
## sub
        return self + (-other)
## rsub
        return other + (-self)
## div
        return self * other ** -1
## rdiv
        return other * self ** -1
'''

S["bulatova"] = '''
## pow
        res = Value(self.data**k, (self,), "pow")

        def _backward():
            self.grad += res.grad * k * self.data**(k - 1)

        res._backward = _backward
        return res
## exp
        res = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += res.grad * res.data

        res._backward = _backward
        return res
## log
        x = self.data
        res = Value(math.log(x), (self,), "log")

        def _backward():
            self.grad += res.grad / x

        res._backward = _backward
        return res
## neg
        return -1 * self
## sub
        return self + other * -1
## rsub
        return -self + other
## div
        return self * (other ** -1)
## rdiv
        return (self ** -1) * other
'''

S["vkozlov"] = '''
## pow
        x = self.data
        y = x ** k
        out = Value(y, (self,), "**%s" % k)

        def _backward():
            # (x^k)' = k*x^(k-1)
            self.grad += k * x ** (k - 1) * out.grad

        out._backward = _backward
        return out
## exp
        y = math.exp(self.data)
        out = Value(y, (self,), "exp")

        def _backward():
            self.grad += y * out.grad  # (e^x)' = e^x

        out._backward = _backward
        return out
## log
        x = self.data
        if x <= 0:
            raise ValueError(f"log от неположительного числа: {x}")
        out = Value(math.log(x), (self,), "log")

        def _backward():
            self.grad += out.grad / x  # (ln x)' = 1/x

        out._backward = _backward
        return out
## neg
        return self * (-1)
## sub
        return self + (-other)
## rsub
        # 2 - a = 2 + (-a)
        return other + (-self)
## div
        return self * other ** (-1)
## rdiv
        # 2 / a = 2 * a^(-1)
        return other * self ** (-1)
'''

S["gdanilova"] = '''
## pow
        assert not isinstance(k, bool)
        def grad_fn():
            self.grad += out.grad * k * self.data ** (k - 1)
        out = Value(self.data ** k, (self,), f"^{k}")
        out._backward = grad_fn
        return out
## exp
        def grad_fn():
            self.grad += out.grad * out.data
        out = Value(math.exp(self.data), (self,), "exp")
        out._backward = grad_fn
        return out
## log
        def grad_fn():
            self.grad += out.grad * (1 / self.data)
        out = Value(math.log(self.data), (self,), "ln")
        out._backward = grad_fn
        return out
## neg
        return self.__mul__(-1)
## sub
        return self.__add__(-other if isinstance(other, Value) else Value(-other))
## rsub
        return Value(other).__add__(-self)
## div
        other = other if isinstance(other, Value) else Value(other)
        return self.__mul__(other.__pow__(-1))
## rdiv
        return self.__pow__(-1).__mul__(other)
'''

S["egorov-d"] = '''
## pow
        out = Value(self.data ** k, (self,), "**")
        # локальная производная считается один раз, в прямом проходе
        local = k * self.data ** (k - 1)

        def _backward():
            self.grad += local * out.grad

        out._backward = _backward
        return out
## exp
        out = Value(math.exp(self.data), (self,), "exp")
        local = out.data

        def _backward():
            self.grad += local * out.grad

        out._backward = _backward
        return out
## log
        out = Value(math.log(self.data), (self,), "log")
        local = 1 / self.data

        def _backward():
            self.grad += local * out.grad

        out._backward = _backward
        return out
## neg
        return self * -1.0
## sub
        return self + (-1.0) * other
## rsub
        return (-1.0) * self + other
## div
        return self * other ** -1.0
## rdiv
        return other * self ** -1.0
'''

S["zhukova"] = '''
## pow
        out = Value(math.pow(self.data, k), (self,), f"pow{k}")

        def _backward():
            self.grad += k * math.pow(self.data, k - 1) * out.grad

        out._backward = _backward
        return out
## exp
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += math.exp(self.data) * out.grad  # то же самое, что out.data

        out._backward = _backward
        return out
## log
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad / self.data

        out._backward = _backward
        return out
## neg
        return self * -1
## sub
        return self + -other
## rsub
        return -self + other
## div
        return self * other**-1
## rdiv
        return self**-1 * other
'''

S["zaitsev-ia"] = '''
## pow
        # TODO(04-more-ops): your code here
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.data ** k * out.grad

        out._backward = _backward
        return out
## exp
        # TODO(04-more-ops): your code here
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
## log
        # TODO(04-more-ops): your code here
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += 1 / self.data * out.grad

        out._backward = _backward
        return out
## neg
        # TODO(04-more-ops): your code here
        return self * -1
## sub
        # TODO(04-more-ops): your code here
        return self + (-other)
## rsub
        # TODO(04-more-ops): your code here
        return other + (-self)
## div
        # TODO(04-more-ops): your code here
        return self * other ** -1
## rdiv
        # TODO(04-more-ops): your code here
        return other * self ** -1
'''

S["ilyin"] = '''
## pow
        return self._unary(self.data ** k, k * self.data ** (k - 1), f"**{k}")
## exp
        e = math.exp(self.data)
        return self._unary(e, e, "exp")
## log
        return self._unary(math.log(self.data), 1 / self.data, "log")
## neg
        return self * -1
## sub
        return self + (-other)
## rsub
        return other + (-self)
## div
        return self * other ** -1
## rdiv
        return other * self ** -1
## extra
    def _unary(self, value, local, op):
        """Узел с одним входом: значение и локальная производная известны сразу."""
        out = Value(value, (self,), op)

        def _backward():
            self.grad += local * out.grad

        out._backward = _backward
        return out
'''

S["kravets"] = '''
## pow
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out
## exp
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
## log
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad / self.data

        out._backward = _backward
        return out
## neg
        return self * -1
## sub
        return self + (-other)
## rsub
        return self - other
## div
        return self * other ** -1
## rdiv
        return other * self ** -1
'''

S["lebedeva"] = '''
## pow
        if k == 0:
            return Value(1.0, (self,), "**0")  # производная нуля -- ноль, _backward не нужен
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out
## exp
        try:
            val = math.exp(self.data)
        except OverflowError:
            val = float("inf")
        out = Value(val, (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
## log
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad * self.data ** -1

        out._backward = _backward
        return out
## neg
        return self * -1
## sub
        return self + (-other)
## rsub
        return (-self) + other
## div
        return self * other ** -1
## rdiv
        return (self ** -1) * other
'''

S["mpavlov"] = '''
## pow
        n = k
        out = Value(self.data ** n, (self,), "pow")
        def back():
            self.grad = self.grad + n * self.data ** (n - 1) * out.grad
        out._backward = back
        return out
## exp
        out = Value(math.e ** self.data, (self,), "exp")
        def back():
            self.grad = self.grad + out.data * out.grad
        out._backward = back
        return out
## log
        out = Value(math.log(self.data), (self,), "log")
        def back():
            self.grad = self.grad + out.grad / self.data
        out._backward = back
        return out
## neg
        return self * Value(-1)
## sub
        return self + other * -1
## rsub
        return Value(other) + self * -1
## div
        return self * other ** -1
## rdiv
        return Value(other) * self ** -1
'''

S["nikitina"] = '''
## pow
        # Правило степени. k -- константа, поэтому градиент идёт только в self
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            d = k * self.data ** (k - 1)   # локальная производная
            self.grad += d * out.grad      # цепное правило, += т.к. узел может использоваться несколько раз

        out._backward = _backward
        return out
## exp
        # Производная экспоненты -- она сама, т.е. значение на выходе
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
## log
        # Производная логарифма 1/x, где x -- ВХОД (не выход! log(1) = 0)
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += (1 / self.data) * out.grad

        out._backward = _backward
        return out
## neg
        # -a = a * (-1): новый узел, а не self
        return self * -1
## sub
        # a - b = a + (-b)
        return self + (-other)
## rsub
        # Python вызывает для 2 - a: other = 2, self = a
        return other + (-self)
## div
        # a / b = a * b^(-1)
        return self * other ** -1
## rdiv
        # 2 / a = 2 * a^(-1)
        return other * self ** -1
'''

# -- hard-negative pairs: the course's texts pasted ----------------------------------------------------------------

LECTURE = '''
## pow
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out
## exp
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
## log
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad / self.data

        out._backward = _backward
        return out
## neg
        return self * -1
## sub
        return self + (-other)
## rsub
        return other + (-self)
## div
        return self * other ** -1
## rdiv
        return other * self ** -1
'''

TA_DERIVED = '''
## neg
        return self * (-1)
## sub
        return self + (-other)
## rsub
        return (-self) + other
## div
        return self * other**(-1)
## rdiv
        return self**(-1) * other
'''

S["osipov"] = LECTURE
S["petrova-e"] = LECTURE.replace("        return self * -1\n", "        return self * -1  # как на лекции\n")
S["rodionov"] = LECTURE.split("## neg")[0] + TA_DERIVED
S["semenova"] = LECTURE.split("## neg")[0].replace('"exp")', '"exp")  # слайд 21') + TA_DERIVED
S["titov"] = LECTURE.split("## neg")[0] + TA_DERIVED.replace("        return (-self) + other\n",
                                                             "        # из чата курса\n        return (-self) + other\n")
S["ulyanova"] = LECTURE.split("## neg")[0] + TA_DERIVED

# -- sources -----------------------------------------------------------------------------------------------------------

S["fedorov"] = '''
## pow
        # Степень: локальная производная k * x**(k-1), считаю сразу в прямом проходе
        base = self.data
        pw = Value(base ** k, (self,), f"**{k}")
        dpow = k * base ** (k - 1) if base != 0 or k >= 1 else 0.0

        def _backward():
            self.grad += dpow * pw.grad

        pw._backward = _backward
        return pw
## exp
        # exp: производная совпадает со значением на выходе
        ex = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += ex.data * ex.grad

        ex._backward = _backward
        return ex
## log
        # натуральный логарифм; на неположительных числах пусть падает как math.log
        base = self.data
        lg = Value(math.log(base), (self,), "log")

        def _backward():
            self.grad += lg.grad / base

        lg._backward = _backward
        return lg
## neg
        return self._scaled(-1.0)
## sub
        return self + Value._lift(other)._scaled(-1.0)
## rsub
        return Value._lift(other) + self._scaled(-1.0)
## div
        return self * Value._lift(other) ** -1
## rdiv
        return Value._lift(other) * self ** -1
## extra
    @staticmethod
    def _lift(x):
        """Число -> Value (константа), Value оставляем как есть."""
        return x if isinstance(x, Value) else Value(x)

    def _scaled(self, c):
        """self * c для числа c; отдельный метод, чтобы не писать Value(c) везде."""
        return self * c
'''

S["khasanova"] = '''
## pow
        # Степень с постоянным показателем. Проверка типа уже выше (assert).
        if k == 1:
            return self * 1.0  # новый узел всё равно нужен
        result = Value(self.data ** k, (self,), "**" + str(k))

        def _backward():
            coef = k * self.data ** (k - 1)
            self.grad += coef * result.grad

        result._backward = _backward
        return result
## exp
        result = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += result.data * result.grad  # e^x' = e^x

        result._backward = _backward
        return result
## log
        assert self.data > 0, "log определён только для x > 0"
        result = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += result.grad / self.data

        result._backward = _backward
        return result
## neg
        return self * -1
## sub
        if isinstance(other, (int, float)):
            return self + (-other)      # число: просто меняем знак числа
        return self + (-other)          # Value: через __neg__
## rsub
        return (-self) + other
## div
        if isinstance(other, (int, float)):
            return self * (1.0 / other)  # делим на число -- умножаем на обратное число
        return self * other ** -1
## rdiv
        return other * self ** -1
## extra
    def sigmoid(self):
        """Для проверки: sigmoid из уже готовых операций (градиент выходит сам)."""
        return 1 / (1 + (-self).exp())

    def softplus(self):
        return (1 + self.exp()).log()
'''

S["chernov"] = '''
## pow
        return self._op1(lambda x: x ** k, lambda x, y: k * x ** (k - 1), f"**{k}")
## exp
        return self._op1(math.exp, lambda x, y: y, "exp")
## log
        return self._op1(math.log, lambda x, y: 1 / x, "log")
## neg
        return -1 * self
## sub
        return self + (-1 * other)
## rsub
        return other + (-1 * self)
## div
        return self * (other ** -1 if isinstance(other, Value) else 1 / other)
## rdiv
        return other * (self ** -1)
## extra
    def _op1(self, f, df, name):
        """Унарная операция: f -- значение, df(x, y) -- производная через вход x и выход y."""
        x = self.data
        y = f(x)
        node = Value(y, (self,), name)

        def _backward():
            self.grad += df(x, y) * node.grad

        node._backward = _backward
        return node
'''

S["shubina"] = '''
## pow
        p = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            # d/dx x^k = k x^(k-1); при k=0 производная 0 (0 * что угодно)
            self.grad += (k * self.data ** (k - 1) if k != 0 else 0.0) * p.grad

        p._backward = _backward
        return p
## exp
        p = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += p.data * p.grad

        p._backward = _backward
        return p
## log
        p = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += p.grad * (1 / self.data)

        p._backward = _backward
        return p
## neg
        minus_one = Value(-1.0)
        return self * minus_one
## sub
        return self.__add__(other.__neg__() if isinstance(other, Value) else -other)
## rsub
        return self.__neg__().__add__(other)
## div
        return self.__mul__(other.__pow__(-1) if isinstance(other, Value) else other ** -1)
## rdiv
        return self.__pow__(-1).__mul__(other)
'''

# -- the level-4 copy of Fedorov's, typed by hand: the derived operations through one _combine, the powers and the
# exp/log through a module table of (forward, local derivative) pairs -----------------------------------------------

S["zhdanov"] = '''
## pow
        return self._unary("pow", k)
## exp
        return self._unary("exp")
## log
        return self._unary("log")
## neg
        return self._combine(-1.0, None, 0.0)
## sub
        return self._combine(1.0, other, -1.0)
## rsub
        return self._combine(-1.0, other, 1.0)
## div
        other = other if isinstance(other, Value) else Value(other)
        return self * other ** -1
## rdiv
        other = other if isinstance(other, Value) else Value(other)
        return other * self ** -1
## extra
    def _unary(self, name, k=None):
        """Унарные операции из таблицы UNARY: значение и производная считаются сразу."""
        fwd, deriv = UNARY[name]
        x = self.data
        node = Value(fwd(x, k), (self,), name if k is None else f"**{k}")
        slope = deriv(x, node.data, k)

        def _backward():
            self.grad += slope * node.grad

        node._backward = _backward
        return node

    def _combine(self, a, other, b):
        """a*self + b*other, other -- число или Value (или None)."""
        if other is None:
            return self * a
        other = other if isinstance(other, Value) else Value(other)
        return self * a + other * b


UNARY = {
    # производная степени -- считаю сразу; в нуле с k < 1 ставлю 0
    "pow": (lambda x, k: x ** k, lambda x, y, k: k * x ** (k - 1) if x != 0 or k >= 1 else 0.0),
    # exp: производная -- выход
    "exp": (lambda x, k: math.exp(x), lambda x, y, k: y),
    # log: производная -- 1 / вход
    "log": (lambda x, k: math.log(x), lambda x, y, k: 1 / x),
}
'''

"""Each student's `_backward` lines for `__mul__` and what else they changed in the starter (write.py puts them in).
Keys are the file ids of main/submissions (README.md's table says who is who); "lesson" and "ta" are the course's texts
(materials/)."""

CANON = '''
    self.grad = other.data * out.grad
    other.grad = self.data * out.grad
'''
LESSON = '''
    # d(a * b)/da = b and d(a * b)/db = a: each operand gets the other's value
    self.grad = other.data * out.grad
    other.grad = self.data * out.grad
'''
TA = '''
    dout = out.grad
    self.grad = other.data * dout
    other.grad = self.data * dout
'''
README_WORDS = '''
    # the gradient of self is the value of the other operand, times the gradient from above
    self.grad = other.data * out.grad
    # the gradient of other is the value of self, times the gradient from above
    other.grad = self.data * out.grad
'''
TRY_IT = '''

if __name__ == "__main__":
    a, b = Value(3.0), Value(-2.0)
    y = a * b
    y.grad = 1.0  # dy/dy = 1: where every backward pass starts
    y._backward()  # your rule
    print(a.grad, b.grad)

    a, b, c = Value(2.0), Value(-3.0), Value(0.5)
    ab = a * b
    z = ab * c
    z.grad = 1.0
    z._backward()  # z's rule first: it gives ab and c their gradients
    ab._backward()  # then ab's, which passes ab.grad on to a and b
    print(a.grad, b.grad, c.grad)
'''
SUB_NEG = ('    def __rmul__(self, other):  # other * self\n        return self * other\n',
           '''    def __rmul__(self, other):  # other * self
        return self * other

    def __neg__(self):  # -self
        return self * -1

    def __sub__(self, other):  # self - other
        return self + (-other)
''')

FILES = {
    "lesson": {"path": "materials/lesson/engine.py", "mul": LESSON},
    "ta": {"path": "materials/ta-post/engine.py", "mul": TA, "append": TRY_IT},
    # ---- independent ----------------------------------------------------------------------------------------------
    "s111": {"mul": CANON},
    "s117": {"mul": CANON, "keep_todo": True},
    "s123": {"mul": '''
        # chain rule: upstream gradient times the local one
        self.grad = out.grad * other.data
        other.grad = out.grad * self.data
    '''},
    "s129": {"mul": '''
        self.grad += other.data * out.grad  # += already, exercise 02 says we need it
        other.grad += self.data * out.grad
    '''},
    "s135": {"mul": '''
        self.grad, other.grad = other.data * out.grad, self.data * out.grad
    '''},
    "s141": {"mul": '''
        da = other.data  # d(out)/d(self)
        db = self.data  # d(out)/d(other)
        self.grad = da * out.grad
        other.grad = db * out.grad
    '''},
    "s147": {"mul": '''
        # regra da cadeia: derivada local vezes o gradiente que vem de cima
        self.grad = other.data * out.grad
        other.grad = self.data * out.grad
    ''', "append": '''

if __name__ == "__main__":
    x, w = Value(4.0), Value(0.25)
    p = x * w
    p.grad = 1.0
    p._backward()
    print("x.grad =", x.grad, " w.grad =", w.grad)  # 0.25 e 4.0
'''},
    "s153": {"mul": '''
        # مشتقة الضرب: قيمة الطرف الآخر مضروبة في التدرج القادم
        self.grad = other.data * out.grad
        other.grad = self.data * out.grad
    ''', "keep_todo": True},
    "s159": {"mul": '''
        # 相手の値 × 上流の勾配
        self.grad = other.data * out.grad
        other.grad = self.data * out.grad
    ''', "append": '''

if __name__ == "__main__":
    a, b = Value(3.0), Value(-2.0)
    y = a * b
    y.grad = 1.0
    y._backward()
    print(a, b)  # 勾配を確認
    print(y)
'''},
    "s165": {"mul": '''
        # Produktregel: jeder Faktor bekommt den anderen Faktor mal den Gradienten von oben
        self.grad = other.data * out.grad
        other.grad = self.data * out.grad
    ''', "edits": [SUB_NEG]},
    "s171": {"mul": CANON, "edits": [(
        '    def __repr__(self):\n',
        '''    def backward(self):
        # I read ahead to exercise 05: call every rule from the output back
        topo, seen = [], set()

        def build(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    build(child)
                topo.append(v)

        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()

    def __repr__(self):
''')], "append": '''

if __name__ == "__main__":
    a, b, c = Value(2.0), Value(-3.0), Value(0.5)
    z = (a * b) * c
    z.backward()
    print(a.grad, b.grad, c.grad)  # -1.5 1.0 -6.0 like the README
'''},
    "s177": {"mul": '''
        g = out.grad
        self.grad = other.data * g
        other.grad = self.data * g
    '''},
    "s183": {"mul": '''
        """Chain rule for a product.

        out = self * other, so d(out)/d(self) = other and d(out)/d(other) = self.
        Multiplying each by d(L)/d(out) = out.grad gives d(L)/d(self) and
        d(L)/d(other). We assign (=) for now; exercise 02 changes this to +=.
        """
        self.grad = other.data * out.grad
        other.grad = self.data * out.grad
    '''},
    "s189": {"mul": '''
        # see https://stackoverflow.com/questions/53287032 (backprop through multiplication gate)
        # "the gradient of a multiply gate is the switched input times the upstream gradient"
        self.grad = other.data * out.grad  # switched input
        other.grad = self.data * out.grad  # switched input
    '''},
    "s195": {"mul": '''
        self.set_grad(other.get_data() * out.get_grad())
        other.set_grad(self.get_data() * out.get_grad())
    ''', "edits": [('    def __repr__(self):\n', '''    def get_data(self):
        return self.data

    def get_grad(self):
        return self.grad

    def set_grad(self, grad):
        self.grad = grad

    def __repr__(self):
''')]},
    "s201": {"mul": '''
        self.grad = operator.mul(other.data, out.grad)
        other.grad = operator.mul(self.data, out.grad)
    ''', "edits": [("import math\n", "import math\nimport operator\n"),
                   ("out = Value(self.data * other.data, (self, other), \"*\")",
                    "out = Value(operator.mul(self.data, other.data), (self, other), \"*\")")]},
    "s207": {"mul": '''
        self.grad = self.data * out.grad
        other.grad = other.data * out.grad
    '''},
    "s213": {"mul": '''
        # d(a*b)/da = b, d(a*b)/db = a
        self.grad = other.data
        other.grad = self.data
    ''', "keep_todo": True},
    "s219": {"mul": CANON, "edits": [
        ('        return f"Value(data={self.data}, grad={self.grad})"',
         '        return f"Value(data={self.data}, grad={self.grad}, op={self._op!r})"'),
        ('    def __repr__(self):\n', '''    def zero_grad(self):
        self.grad = 0

    def __repr__(self):
''')]},
    "s225": {"mul": '''
        for node, local in zip((self, other), (other.data, self.data)):
            node.grad = local * out.grad
    '''},
    # ---- hard negatives: the course's own lines --------------------------------------------------------------------
    "s311": {"mul": LESSON, "keep_todo": True},
    "s318": {"mul": LESSON},
    "s325": {"mul": TA},
    "s332": {"mul": TA, "keep_todo": True, "append": TRY_IT},
    "s339": {"mul": README_WORDS},
    "s346": {"mul": README_WORDS, "append": TRY_IT},
}

# ---- the sources of the copy clusters -----------------------------------------------------------------------------
FILES.update({
    "s402": {"mul": '''
        # Olu's notes on the rule (written for myself before the quiz):
        # out = self * other. Nudge self by a tiny e and out moves by other * e,
        # so d(out)/d(self) = other.data; the same argument gives
        # d(out)/d(other) = self.data. The chain rule then multiplies each local
        # slope by how much the final output moves per unit of out, which the
        # caller has already put in out.grad.
        self.grad = other.data * out.grad
        other.grad = self.data * out.grad
    ''', "append": '''

if __name__ == "__main__":
    # 1) the plain product
    p, q = Value(3.0), Value(-2.0)
    r = p * q
    r.grad = 1.0
    r._backward()
    print("1)", p.grad, q.grad)
    # 2) a constant on the right, then on the left
    p = Value(5.0)
    r = p * 10
    r.grad = 1.0
    r._backward()
    print("2)", p.grad)
    r = 10 * p
    r.grad = 1.0
    r._backward()
    print("2b)", p.grad)
    # 3) a product of a product
    p, q, s = Value(1.0), Value(2.0), Value(3.0)
    pq = p * q
    r = pq * s
    r.grad = 1.0
    r._backward()
    pq._backward()
    print("3)", p.grad, q.grad, s.grad)
'''},
    "s416": {"mul": CANON, "append": '''


def check_mul(x, y, h=1e-6):
    """Compare my rule with a finite difference on both operands."""
    a, b = Value(x), Value(y)
    out = a * b
    out.grad = 1.0
    out._backward()
    num_a = ((x + h) * y - (x - h) * y) / (2 * h)
    num_b = (x * (y + h) - x * (y - h)) / (2 * h)
    print(f"x={x:6.2f} y={y:6.2f}  a.grad={a.grad:8.4f} ~ {num_a:8.4f}  b.grad={b.grad:8.4f} ~ {num_b:8.4f}")


if __name__ == "__main__":
    for x, y in [(3.0, -2.0), (0.5, 4.0), (-1.5, -1.5)]:
        check_mul(x, y)
'''},
    "s430": {"mul": '''
        dself = other.data  # local slope w.r.t. self
        dother = self.data  # local slope w.r.t. other
        self.grad = dself * out.grad
        other.grad = dother * out.grad
    ''', "edits": [(
        '    def __rmul__(self, other):  # other * self\n        return self * other\n',
        '''    def __rmul__(self, other):  # other * self
        return self * other

    # extra (not asked): subtraction and division out of + and *
    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other if isinstance(other, Value) else -other)

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self * Value(1.0 / other.data)
''')], "append": '''

if __name__ == "__main__":
    price, qty = Value(2.5), Value(4.0)
    total = price * qty
    total.grad = 1.0
    total._backward()
    print(f"d total/d price = {price.grad}, d total/d qty = {qty.grad}")
'''},
    "s451": {"mul": '''
        upstream = out.grad
        self.grad = upstream * other.data
        other.grad = upstream * self.data
    ''', "append": '''


def grads(*values):
    """The gradients of VALUES as a list, rounded for printing."""
    return [round(v.grad, 4) for v in values]


if __name__ == "__main__":
    print(f"{'a':>6} {'b':>6} | {'da':>8} {'db':>8}")
    for a_val, b_val in [(3.0, -2.0), (2.0, 2.0), (-0.5, 8.0), (0.0, 1.0)]:
        a, b = Value(a_val), Value(b_val)
        y = a * b
        y.grad = 1.0
        y._backward()
        da, db = grads(a, b)
        print(f"{a_val:6.1f} {b_val:6.1f} | {da:8.4f} {db:8.4f}")
'''},
    "s465": {"mul": '''
        # both operands: the other one's value times out.grad
        self.grad = other.data * out.grad
        other.grad = self.data * out.grad
    ''', "keep_todo": True, "append": '''

if __name__ == "__main__":
    # manual backprop through L = (a * b) * c, as in the lecture, but with my own numbers
    a = Value(1.5)
    b = Value(4.0)
    c = Value(-2.0)
    ab = a * b
    L = ab * c
    L.grad = 1.0
    L._backward()
    ab._backward()
    for name, v in (("a", a), ("b", b), ("c", c), ("ab", ab)):
        print(name, v.data, v.grad)
    assert a.grad == b.data * c.data and b.grad == a.data * c.data and c.grad == ab.data
    print("all gradients match the hand calculation")
'''},
    "s479": {"mul": CANON, "edits": [(
        '    def __repr__(self):\n',
        '''    def backward(self):
        """Run every rule from self back (my own addition; exercise 05 asks for it)."""
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, ready = stack.pop()
            if ready:
                order.append(node)
            elif node not in seen:
                seen.add(node)
                stack.append((node, True))
                stack.extend((child, False) for child in node._prev)
        self.grad = 1.0
        for node in reversed(order):
            node._backward()

    def __repr__(self):
''')], "append": '''

if __name__ == "__main__":
    # one step of gradient descent on y = w * x with target 6
    w, x = Value(1.0), Value(3.0)
    y = w * x
    y.backward()
    print("dy/dw =", w.grad)
    w.data -= 0.1 * w.grad * (y.data - 6.0)
    print("new w:", w.data)
'''},
})

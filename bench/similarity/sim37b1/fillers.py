"""The starter fillers' bodies, typed per student (write.py puts them into starter/engine.py). Keys are the file ids of
main/submissions (README.md's table says who is who); LECTURE and TA are the course's own texts (materials/)."""

LECTURE = {
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def backward_fn():
            self.grad += out.grad
            other.grad += out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def backward_fn():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), f"**{k}")

        def backward_fn():
            self.grad += k * self.data ** (k - 1) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(max(0.0, self.data), (self,), "relu")

        def backward_fn():
            self.grad += (self.data > 0) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def backward_fn():
            self.grad += (1 - t ** 2) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp")

        def backward_fn():
            self.grad += out.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")

        def backward_fn():
            self.grad += (1 / self.data) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        order, seen = [], set()
        stack = [self]
        while stack:
            node = stack[-1]
            if node not in seen:
                seen.add(node)
                stack.extend(p for p in node.parents if p not in seen)
            else:
                stack.pop()
                if node not in order:
                    order.append(node)
        self.grad = 1.0
        for node in reversed(order):
            if node.backward_fn is not None:
                node.backward_fn()
    ''',
}

# The TA's forum post ("how I would write Task 1-4"): local derivative first, then one += per input
TA = {
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def backward_fn():
            local = 1.0
            self.grad += local * out.grad
            other.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def backward_fn():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), f"**{k}")

        def backward_fn():
            local = k * self.data ** (k - 1)
            self.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def backward_fn():
            local = 1.0 if self.data > 0 else 0.0
            self.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def backward_fn():
            local = 1 - t * t
            self.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        e = math.exp(self.data)
        out = Value(e, (self,), "exp")

        def backward_fn():
            local = e
            self.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")

        def backward_fn():
            local = 1.0 / self.data
            self.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, done = stack.pop()
            if done:
                topo.append(node)
                continue
            if node in visited:
                continue
            visited.add(node)
            stack.append((node, True))
            for parent in node.parents:
                stack.append((parent, False))
        self.grad = 1.0
        for node in reversed(topo):
            if node.backward_fn:
                node.backward_fn()
    ''',
}

MAIN_DEMO = '''

if __name__ == "__main__":
    # the numbers from the lecture: L = (a*b + c) * f
    a, b, c, f = Value(2.0), Value(-3.0), Value(10.0), Value(-2.0)
    L = (a * b + c) * f
    L.backward()
    print(L, a.grad, b.grad, c.grad, f.grad)
'''


def _header(line):
    return lambda text: f"# {line}\n" + text


def _append(extra):
    return lambda text: text + extra


FILES = {
    "lecture": {"path": "materials/lecture/engine.py", "bodies": LECTURE},
    "ta": {"path": "materials/ta-post/engine.py", "bodies": TA},
    # hard negatives: the course's canonical bodies, handed in by students who did not see each other's files
    "s512": {"bodies": LECTURE, "keep_todo": True},
    "s519": {"bodies": LECTURE, "edit": _header("INF-2310 workshop 3 -- Amira K., group B")},
    "s526": {"bodies": TA},
    "s533": {"bodies": TA, "keep_todo": True, "edit": _append(MAIN_DEMO)},
    "s540": {"bodies": {**LECTURE, "backward": TA["backward"]}},
    "s547": {"bodies": {**LECTURE, "backward": TA["backward"]}, "keep_todo": True,
             "edit": _header("lecture rules + the TA's stack from the forum")},
}

# ---- independent students who fill the starter ---------------------------------------------------------------

BRUNO = {  # Portuguese comments
    "__add__": '''
        outro = as_value(other)
        saida = Value(self.data + outro.data, (self, outro), "+")

        def propagar():
            # a soma passa o gradiente igual para os dois lados
            self.grad += saida.grad
            outro.grad += saida.grad

        saida.backward_fn = propagar
        return saida
    ''',
    "__mul__": '''
        outro = as_value(other)
        saida = Value(self.data * outro.data, (self, outro), "*")

        def propagar():
            # cada lado recebe o valor do outro vezes o gradiente de cima
            self.grad += outro.data * saida.grad
            outro.grad += self.data * saida.grad

        saida.backward_fn = propagar
        return saida
    ''',
    "__pow__": '''
        saida = Value(self.data ** k, (self,), "pow")

        def propagar():
            # regra da potência: k * x^(k-1)
            self.grad += k * (self.data ** (k - 1)) * saida.grad

        saida.backward_fn = propagar
        return saida
    ''',
    "relu": '''
        if self.data > 0:
            saida = Value(self.data, (self,), "relu")
        else:
            saida = Value(0.0, (self,), "relu")

        def propagar():
            # derivada 1 se positivo, senão 0
            if self.data > 0:
                self.grad += saida.grad

        saida.backward_fn = propagar
        return saida
    ''',
    "tanh": '''
        th = math.tanh(self.data)
        saida = Value(th, (self,), "tanh")

        def propagar():
            # 1 - tanh^2, usando a saída
            self.grad += (1.0 - th * th) * saida.grad

        saida.backward_fn = propagar
        return saida
    ''',
    "exp": '''
        saida = Value(math.exp(self.data), (self,), "exp")

        def propagar():
            # a derivada de e^x é e^x
            self.grad += saida.data * saida.grad

        saida.backward_fn = propagar
        return saida
    ''',
    "log": '''
        saida = Value(math.log(self.data), (self,), "log")

        def propagar():
            # derivada do log: 1/x (x é a entrada)
            self.grad += saida.grad / self.data

        saida.backward_fn = propagar
        return saida
    ''',
    "backward": '''
        # ordem topológica sem recursão (a cadeia longa estoura a pilha)
        ordem = []
        visitados = set()
        pilha = [(self, 0)]
        while pilha:
            no, estado = pilha.pop()
            if estado == 1:
                ordem.append(no)
            elif no not in visitados:
                visitados.add(no)
                pilha.append((no, 1))
                for pai in no.parents:
                    pilha.append((pai, 0))
        self.grad = 1.0
        # de trás para frente
        for no in ordem[::-1]:
            if no.backward_fn is not None:
                no.backward_fn()
    ''',
}

LAYLA = {  # Arabic comments, a deque
    "__add__": '''
        other = as_value(other)
        result = Value(self.data + other.data, parents=(self, other), op="add")

        def backward_fn():
            # مشتقة الجمع تساوي واحد لكل طرف
            self.grad += result.grad
            other.grad += result.grad

        result.backward_fn = backward_fn
        return result
    ''',
    "__mul__": '''
        other = as_value(other)
        result = Value(self.data * other.data, parents=(self, other), op="mul")

        def backward_fn():
            # كل طرف يأخذ قيمة الطرف الآخر
            self.grad += result.grad * other.data
            other.grad += result.grad * self.data

        result.backward_fn = backward_fn
        return result
    ''',
    "__pow__": '''
        result = Value(math.pow(self.data, k), parents=(self,), op="pow")

        def backward_fn():
            # قاعدة القوة
            self.grad += result.grad * k * math.pow(self.data, k - 1)

        result.backward_fn = backward_fn
        return result
    ''',
    "relu": '''
        result = Value(self.data * (self.data > 0), parents=(self,), op="relu")

        def backward_fn():
            # الميل صفر عند السالب وعند الصفر
            self.grad += result.grad * (1.0 if self.data > 0 else 0.0)

        result.backward_fn = backward_fn
        return result
    ''',
    "tanh": '''
        y = math.tanh(self.data)
        result = Value(y, parents=(self,), op="tanh")

        def backward_fn():
            # نستعمل المخرج y
            self.grad += result.grad * (1 - y ** 2)

        result.backward_fn = backward_fn
        return result
    ''',
    "exp": '''
        y = math.exp(self.data)
        result = Value(y, parents=(self,), op="exp")

        def backward_fn():
            self.grad += result.grad * y

        result.backward_fn = backward_fn
        return result
    ''',
    "log": '''
        x = self.data
        result = Value(math.log(x), parents=(self,), op="log")

        def backward_fn():
            # المشتقة واحد على المدخل
            self.grad += result.grad / x

        result.backward_fn = backward_fn
        return result
    ''',
    "backward": '''
        from collections import deque  # مسموح؟ سألت المعيد

        # أولا: نعد كم مرة يستعمل كل عقدة
        users = {}
        queue = deque([self])
        seen = {self}
        while queue:
            node = queue.popleft()
            for p in node.parents:
                users[p] = users.get(p, 0) + 1
                if p not in seen:
                    seen.add(p)
                    queue.append(p)
        # ثانيا: نمرر المشتقة عندما تنتهي كل المستعملات
        self.grad = 1.0
        ready = deque([self])
        while ready:
            node = ready.popleft()
            if node.backward_fn is not None:
                node.backward_fn()
            for p in node.parents:
                users[p] -= 1
                if users[p] == 0:
                    ready.append(p)
    ''',
}

HIROSHI = {  # Japanese comments, an index into each node's parents
    "__add__": '''
        o = as_value(other)
        out = Value(self.data + o.data, (self, o), "+")

        def backward_fn():
            # 足し算: 勾配をそのまま両方へ
            self.grad += 1.0 * out.grad
            o.grad += 1.0 * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        o = as_value(other)
        out = Value(self.data * o.data, (self, o), "*")

        def backward_fn():
            # 掛け算: 相手の値を掛ける
            self.grad += o.data * out.grad
            o.grad += self.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), "**")

        def backward_fn():
            # べき乗の微分
            self.grad += (k * self.data ** (k - 1)) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(self.data if self.data > 0.0 else 0.0, (self,), "relu")

        def backward_fn():
            # 正のときだけ通す
            self.grad += out.grad if out.data > 0.0 else 0.0

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        out = Value(math.tanh(self.data), (self,), "tanh")

        def backward_fn():
            # 出力を使う: 1 - tanh^2
            self.grad += (1.0 - out.data ** 2) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp")

        def backward_fn():
            # exp の微分は exp
            self.grad += out.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")

        def backward_fn():
            # 入力で割る
            self.grad += out.grad / self.data

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        # 各ノードについて「次に見る親の番号」を覚える
        order = []
        done = set()
        path = [self]
        nxt = {self: 0}
        while path:
            node = path[-1]
            i = nxt[node]
            if i < len(node.parents):
                nxt[node] = i + 1
                p = node.parents[i]
                if p not in done and p not in nxt:
                    nxt[p] = 0
                    path.append(p)
            else:
                path.pop()
                done.add(node)
                order.append(node)
        self.grad = 1.0
        for node in reversed(order):
            if node.backward_fn:
                node.backward_fn()
    ''',
}

KLAUS = {  # German comments, tanh through exp(2x), a `_rule` helper inside each body
    "__add__": '''
        anderer = as_value(other)
        ergebnis = Value(self.data + anderer.data, (self, anderer), "+")

        def rueckwaerts():
            # Summe: Ableitung nach beiden Summanden ist 1
            self.grad += ergebnis.grad
            anderer.grad += ergebnis.grad

        ergebnis.backward_fn = rueckwaerts
        return ergebnis
    ''',
    "__mul__": '''
        anderer = as_value(other)
        ergebnis = Value(self.data * anderer.data, (self, anderer), "*")

        def rueckwaerts():
            # Produktregel: jeweils der andere Faktor
            g = ergebnis.grad
            self.grad += anderer.data * g
            anderer.grad += self.data * g

        ergebnis.backward_fn = rueckwaerts
        return ergebnis
    ''',
    "__pow__": '''
        ergebnis = Value(self.data ** k, (self,), "^")

        def rueckwaerts():
            # Potenzregel
            g = ergebnis.grad
            self.grad += g * k * self.data ** (k - 1)

        ergebnis.backward_fn = rueckwaerts
        return ergebnis
    ''',
    "relu": '''
        positiv = self.data > 0
        ergebnis = Value(self.data if positiv else 0.0, (self,), "relu")

        def rueckwaerts():
            # Steigung 1 oder 0 (bei genau 0 auch 0)
            if positiv:
                self.grad += ergebnis.grad

        ergebnis.backward_fn = rueckwaerts
        return ergebnis
    ''',
    "tanh": '''
        # tanh ueber die e-Funktion, wie in Analysis I
        e2 = math.exp(2 * self.data)
        th = (e2 - 1) / (e2 + 1)
        ergebnis = Value(th, (self,), "tanh")

        def rueckwaerts():
            # Ableitung: 1 - tanh^2
            self.grad += (1 - th ** 2) * ergebnis.grad

        ergebnis.backward_fn = rueckwaerts
        return ergebnis
    ''',
    "exp": '''
        ergebnis = Value(math.exp(self.data), (self,), "exp")

        def rueckwaerts():
            # e^x abgeleitet ist e^x
            self.grad += ergebnis.data * ergebnis.grad

        ergebnis.backward_fn = rueckwaerts
        return ergebnis
    ''',
    "log": '''
        ergebnis = Value(math.log(self.data), (self,), "ln")

        def rueckwaerts():
            # (ln x)' = 1/x
            self.grad += ergebnis.grad * (1 / self.data)

        ergebnis.backward_fn = rueckwaerts
        return ergebnis
    ''',
    "backward": '''
        # Topologische Sortierung mit eigenem Stapel (keine Rekursion)
        sortiert = []
        besucht = set()
        stapel = [self]
        fertig = set()
        while stapel:
            knoten = stapel.pop()
            if knoten in fertig:
                continue
            if knoten in besucht:
                fertig.add(knoten)
                sortiert.append(knoten)
                continue
            besucht.add(knoten)
            stapel.append(knoten)
            for elter in knoten.parents:
                if elter not in besucht:
                    stapel.append(elter)
        self.grad = 1.0
        for knoten in reversed(sortiert):
            if knoten.backward_fn is not None:
                knoten.backward_fn()
    ''',
}

CHRIS = {  # pastes from Stack Overflow: links in comments, isinstance with numbers, a pasted topo sort
    "__add__": '''
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _bw():
            self.grad += out.grad
            other.grad += out.grad
        out.backward_fn = _bw
        return out
    ''',
    "__mul__": '''
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _bw():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out.backward_fn = _bw
        return out
    ''',
    "__pow__": '''
        # https://stackoverflow.com/questions/49434120 (power rule for autograd)
        out = Value(self.data ** k, (self,), "pow")

        def _bw():
            self.grad += (k * self.data ** (k - 1)) * out.grad
        out.backward_fn = _bw
        return out
    ''',
    "relu": '''
        # https://stackoverflow.com/a/46411340 "derivative of relu at 0 is taken as 0"
        out = Value(self.data * (self.data > 0), (self,), "relu")

        def _bw():
            self.grad += float(self.data > 0) * out.grad
        out.backward_fn = _bw
        return out
    ''',
    "tanh": '''
        # https://stackoverflow.com/questions/24967484 derivative of tanh = 1 - tanh(x)^2
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _bw():
            self.grad += (1.0 - math.pow(t, 2)) * out.grad
        out.backward_fn = _bw
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp")

        def _bw():
            self.grad += math.exp(self.data) * out.grad
        out.backward_fn = _bw
        return out
    ''',
    "log": '''
        # https://math.stackexchange.com/q/1011 d/dx ln(x) = 1/x
        out = Value(math.log(self.data), (self,), "log")

        def _bw():
            self.grad += out.grad * self.data ** -1
        out.backward_fn = _bw
        return out
    ''',
    "backward": '''
        # iterative topological sort, adapted from
        # https://stackoverflow.com/a/47234034 ("topological sort without recursion python")
        def topological_sort(start):
            visited = set()
            result = []
            stack = [(start, iter(start.parents))]
            visited.add(start)
            while stack:
                vertex, children = stack[-1]
                for child in children:
                    if child not in visited:
                        visited.add(child)
                        stack.append((child, iter(child.parents)))
                        break
                else:
                    stack.pop()
                    result.append(vertex)
            return result

        self.grad = 1.0
        for v in reversed(topological_sort(self)):
            if v.backward_fn is not None:
                v.backward_fn()
    ''',
}

TOM = {  # one-letter names everywhere
    "__add__": '''
        o = as_value(other)
        r = Value(self.data + o.data, (self, o), "+")

        def f():
            self.grad += r.grad
            o.grad += r.grad

        r.backward_fn = f
        return r
    ''',
    "__mul__": '''
        o = as_value(other)
        r = Value(self.data * o.data, (self, o), "*")

        def f():
            g = r.grad
            self.grad, o.grad = self.grad + o.data * g, o.grad + self.data * g

        r.backward_fn = f
        return r
    ''',
    "__pow__": '''
        x = self.data
        r = Value(x ** k, (self,), "p")

        def f():
            self.grad += k * x ** (k - 1) * r.grad

        r.backward_fn = f
        return r
    ''',
    "relu": '''
        x = self.data
        r = Value(x if x > 0 else 0.0, (self,), "r")

        def f():
            self.grad += (x > 0) * r.grad

        r.backward_fn = f
        return r
    ''',
    "tanh": '''
        y = math.tanh(self.data)
        r = Value(y, (self,), "t")

        def f():
            self.grad += (1 - y * y) * r.grad

        r.backward_fn = f
        return r
    ''',
    "exp": '''
        y = math.exp(self.data)
        r = Value(y, (self,), "e")

        def f():
            self.grad += y * r.grad

        r.backward_fn = f
        return r
    ''',
    "log": '''
        x = self.data
        r = Value(math.log(x), (self,), "l")

        def f():
            self.grad += r.grad / x

        r.backward_fn = f
        return r
    ''',
    "backward": '''
        t, s, q = [], set(), [(self, 0)]
        while q:
            n, d = q.pop()
            if d:
                t.append(n)
            elif n not in s:
                s.add(n)
                q.append((n, 1))
                q.extend((p, 0) for p in n.parents if p not in s)
        self.grad = 1.0
        for n in t[::-1]:
            if n.backward_fn:
                n.backward_fn()
    ''',
}

GRACE = {  # long docstrings on every inner function
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def backward_fn():
            """Send the sum's gradient to both summands.

            Because d(a + b)/da = 1 and d(a + b)/db = 1, each input simply
            receives the gradient that arrived at the sum. We add rather than
            assign so that an input used in several places collects every
            contribution.
            """
            self.grad += out.grad
            other.grad += out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def backward_fn():
            """Send the product's gradient to both factors.

            The partial derivative with respect to one factor is the value of
            the other factor, so each factor receives the other's data times
            the incoming gradient.
            """
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), f"pow{k}")

        def backward_fn():
            """Apply the power rule.

            The exponent k is a constant, so only the base receives a
            gradient: k times the base to the power k - 1, times the
            incoming gradient.
            """
            self.grad += k * self.data ** (k - 1) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def backward_fn():
            """Pass the gradient through only where the input was positive.

            At exactly zero the slope is taken to be zero, as the workshop
            sheet asks.
            """
            if self.data > 0:
                self.grad += out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        value = math.tanh(self.data)
        out = Value(value, (self,), "tanh")

        def backward_fn():
            """Use the identity tanh'(x) = 1 - tanh(x)**2.

            The output is already known, so the slope costs one
            multiplication instead of a second call to math.tanh.
            """
            self.grad += (1.0 - value ** 2) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        value = math.exp(self.data)
        out = Value(value, (self,), "exp")

        def backward_fn():
            """The exponential is its own derivative, so reuse the output."""
            self.grad += value * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")

        def backward_fn():
            """The slope of the logarithm is one over its input (not its output)."""
            self.grad += out.grad / self.data

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        def post_order(root):
            """Return every node reachable from root, each after its parents.

            An explicit stack replaces recursion so that very long chains do
            not exceed Python's recursion limit. Each entry records whether
            the node's parents have already been scheduled.
            """
            ordered, visited = [], set()
            pending = [(root, False)]
            while pending:
                node, expanded = pending.pop()
                if expanded:
                    ordered.append(node)
                elif node not in visited:
                    visited.add(node)
                    pending.append((node, True))
                    for parent in node.parents:
                        pending.append((parent, False))
            return ordered

        self.grad = 1.0
        for node in reversed(post_order(self)):
            if node.backward_fn is not None:
                node.backward_fn()
    ''',
}

DMITRI = {  # a recursive walk with the recursion limit raised
    "__add__": '''
        other = as_value(other)
        res = Value(self.data + other.data, (self, other), "+")

        def back():
            self.grad += res.grad
            other.grad += res.grad

        res.backward_fn = back
        return res
    ''',
    "__mul__": '''
        other = as_value(other)
        res = Value(self.data * other.data, (self, other), "*")

        def back():
            self.grad += res.grad * other.data
            other.grad += res.grad * self.data

        res.backward_fn = back
        return res
    ''',
    "__pow__": '''
        res = Value(self.data ** k, (self,), "**")

        def back():
            self.grad += res.grad * k * self.data ** (k - 1)

        res.backward_fn = back
        return res
    ''',
    "relu": '''
        res = Value(max(self.data, 0.0), (self,), "relu")

        def back():
            self.grad += res.grad * (1.0 if res.data > 0 else 0.0)

        res.backward_fn = back
        return res
    ''',
    "tanh": '''
        res = Value(math.tanh(self.data), (self,), "tanh")

        def back():
            self.grad += res.grad * (1 - res.data ** 2)

        res.backward_fn = back
        return res
    ''',
    "exp": '''
        res = Value(math.exp(self.data), (self,), "exp")

        def back():
            self.grad += res.grad * res.data

        res.backward_fn = back
        return res
    ''',
    "log": '''
        res = Value(math.log(self.data), (self,), "log")

        def back():
            self.grad += res.grad / self.data

        res.backward_fn = back
        return res
    ''',
    "backward": '''
        import sys
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))  # the marker's long chain

        topo = []
        seen = set()

        def build(v):
            if v in seen:
                return
            seen.add(v)
            for p in v.parents:
                build(p)
            topo.append(v)

        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            if v.backward_fn is not None:
                v.backward_fn()
    ''',
}

ANA = {  # a generator that yields the nodes in post-order
    "__add__": '''
        rhs = as_value(other)
        node = Value(self.data + rhs.data, (self, rhs), "+")

        def fn():
            self.grad += node.grad
            rhs.grad += node.grad

        node.backward_fn = fn
        return node
    ''',
    "__mul__": '''
        rhs = as_value(other)
        node = Value(self.data * rhs.data, (self, rhs), "*")

        def fn():
            self.grad += node.grad * rhs.data
            rhs.grad += node.grad * self.data

        node.backward_fn = fn
        return node
    ''',
    "__pow__": '''
        node = Value(self.data ** k, (self,), "**")

        def fn():
            self.grad += node.grad * (k * self.data ** (k - 1))

        node.backward_fn = fn
        return node
    ''',
    "relu": '''
        node = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def fn():
            self.grad += node.grad * (self.data > 0)

        node.backward_fn = fn
        return node
    ''',
    "tanh": '''
        th = math.tanh(self.data)
        node = Value(th, (self,), "tanh")

        def fn():
            self.grad += node.grad * (1 - th ** 2)

        node.backward_fn = fn
        return node
    ''',
    "exp": '''
        node = Value(math.exp(self.data), (self,), "exp")

        def fn():
            self.grad += node.grad * node.data

        node.backward_fn = fn
        return node
    ''',
    "log": '''
        node = Value(math.log(self.data), (self,), "log")

        def fn():
            self.grad += node.grad * (1.0 / self.data)

        node.backward_fn = fn
        return node
    ''',
    "backward": '''
        def postorder(root):
            # yields each node once, after all of its parents; no recursion
            seen = {root}
            trail = [(root, iter(root.parents))]
            while trail:
                current, rest = trail[-1]
                step = next(rest, None)
                if step is None:
                    trail.pop()
                    yield current
                elif step not in seen:
                    seen.add(step)
                    trail.append((step, iter(step.parents)))

        order = list(postorder(self))
        self.grad = 1.0
        while order:
            current = order.pop()
            if current.backward_fn is not None:
                current.backward_fn()
    ''',
}

MEHMET = {  # nodes sorted by their distance from the output, walked breadth first
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "add")

        def grad_fn():
            self.grad += out.grad
            other.grad += out.grad

        out.backward_fn = grad_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "mul")

        def grad_fn():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out.backward_fn = grad_fn
        return out
    ''',
    "__pow__": '''
        base = self.data
        out = Value(base ** k, (self,), "pow")

        def grad_fn():
            self.grad += k * base ** (k - 1) * out.grad

        out.backward_fn = grad_fn
        return out
    ''',
    "relu": '''
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def grad_fn():
            slope = 1.0 if self.data > 0 else 0.0
            self.grad += slope * out.grad

        out.backward_fn = grad_fn
        return out
    ''',
    "tanh": '''
        out = Value(math.tanh(self.data), (self,), "tanh")

        def grad_fn():
            slope = 1.0 - out.data * out.data
            self.grad += slope * out.grad

        out.backward_fn = grad_fn
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp")

        def grad_fn():
            slope = out.data
            self.grad += slope * out.grad

        out.backward_fn = grad_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")

        def grad_fn():
            slope = 1.0 / self.data
            self.grad += slope * out.grad

        out.backward_fn = grad_fn
        return out
    ''',
    "backward": '''
        # level of a node = length of the LONGEST path from self to it, so a node
        # comes after everything that uses it
        level = {self: 0}
        frontier = [self]
        while frontier:
            following = []
            for node in frontier:
                for parent in node.parents:
                    if level.get(parent, -1) < level[node] + 1:
                        level[parent] = level[node] + 1
                        following.append(parent)
            frontier = following
        self.grad = 1.0
        for node in sorted(level, key=level.get):
            if node.backward_fn is not None:
                node.backward_fn()
    ''',
}

PRIYANKA = {  # white/grey/black colouring, a `push` helper in every rule
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def backward_fn():
            for inp in (self, other):
                inp.grad += out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def backward_fn():
            for inp, partner in ((self, other), (other, self)):
                inp.grad += partner.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), "**")
        d = k * self.data ** (k - 1)

        def backward_fn():
            self.grad += d * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")
        d = 1.0 if self.data > 0 else 0.0

        def backward_fn():
            self.grad += d * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")
        d = 1.0 - t * t

        def backward_fn():
            self.grad += d * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        e = math.exp(self.data)
        out = Value(e, (self,), "exp")
        d = e

        def backward_fn():
            self.grad += d * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")
        d = 1.0 / self.data

        def backward_fn():
            self.grad += d * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        WHITE, GREY, BLACK = 0, 1, 2
        colour = {}
        order = []
        todo = [self]
        while todo:
            n = todo[-1]
            c = colour.get(n, WHITE)
            if c == WHITE:
                colour[n] = GREY
                for p in n.parents:
                    if colour.get(p, WHITE) == WHITE:
                        todo.append(p)
            else:
                todo.pop()
                if c == GREY:
                    colour[n] = BLACK
                    order.append(n)
        self.grad = 1.0
        for n in reversed(order):
            if n.backward_fn is not None:
                n.backward_fn()
    ''',
}

SVEN = {  # type hints on the inner functions, `result` names, math.fsum nowhere but isclose guards
    "__add__": '''
        other_v: Value = as_value(other)
        result: Value = Value(self.data + other_v.data, (self, other_v), "+")

        def _backward() -> None:
            self.grad += result.grad
            other_v.grad += result.grad

        result.backward_fn = _backward
        return result
    ''',
    "__mul__": '''
        other_v: Value = as_value(other)
        result: Value = Value(self.data * other_v.data, (self, other_v), "*")

        def _backward() -> None:
            self.grad += other_v.data * result.grad
            other_v.grad += self.data * result.grad

        result.backward_fn = _backward
        return result
    ''',
    "__pow__": '''
        result: Value = Value(self.data ** k, (self,), f"**{k}")

        def _backward() -> None:
            self.grad += float(k) * self.data ** (k - 1) * result.grad

        result.backward_fn = _backward
        return result
    ''',
    "relu": '''
        result: Value = Value(0.0 if self.data <= 0 else self.data, (self,), "relu")

        def _backward() -> None:
            self.grad += (0.0 if self.data <= 0 else 1.0) * result.grad

        result.backward_fn = _backward
        return result
    ''',
    "tanh": '''
        t: float = math.tanh(self.data)
        result: Value = Value(t, (self,), "tanh")

        def _backward() -> None:
            self.grad += (1.0 - t ** 2) * result.grad

        result.backward_fn = _backward
        return result
    ''',
    "exp": '''
        result: Value = Value(math.exp(self.data), (self,), "exp")

        def _backward() -> None:
            self.grad += result.data * result.grad

        result.backward_fn = _backward
        return result
    ''',
    "log": '''
        if self.data <= 0:
            raise ValueError(f"log of a non-positive number: {self.data}")
        result: Value = Value(math.log(self.data), (self,), "log")

        def _backward() -> None:
            self.grad += result.grad / self.data

        result.backward_fn = _backward
        return result
    ''',
    "backward": '''
        ordered: list = []
        expanded: set = set()
        finished: set = set()
        stack: list = [self]
        while stack:
            node: Value = stack.pop()
            if node in finished:
                continue
            if node in expanded:
                finished.add(node)
                ordered.append(node)
                continue
            expanded.add(node)
            stack.append(node)
            stack.extend(p for p in node.parents if p not in finished)
        self.grad = 1.0
        for node in ordered[::-1]:
            if node.backward_fn is not None:
                node.backward_fn()
    ''',
}

CHLOE = {  # compact; log's rule divides by the output (the labelled bug)
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "+")
        def backward_fn():
            self.grad += out.grad; other.grad += out.grad
        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "*")
        def backward_fn():
            self.grad += other.data * out.grad; other.grad += self.data * out.grad
        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), "**")
        def backward_fn():
            self.grad += k * self.data ** (k - 1) * out.grad
        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(max(0.0, self.data), (self,), "relu")
        def backward_fn():
            self.grad += out.grad * (out.data > 0)
        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        out = Value(math.tanh(self.data), (self,), "tanh")
        def backward_fn():
            self.grad += (1 - out.data ** 2) * out.grad
        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp")
        def backward_fn():
            self.grad += out.data * out.grad
        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")
        def backward_fn():
            self.grad += out.grad / out.data
        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, ready = stack.pop()
            if ready:
                order.append(v)
            elif v not in seen:
                seen.add(v)
                stack += [(v, True)] + [(p, False) for p in v.parents]
        self.grad = 1.0
        for v in reversed(order):
            v.backward_fn and v.backward_fn()
    ''',
}

RAVI = {  # every rule as (input, local derivative) pairs zipped with the parents
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def backward_fn():
            for parent, local in zip(out.parents, (1.0, 1.0)):
                parent.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def backward_fn():
            for parent, local in zip(out.parents, (other.data, self.data)):
                parent.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), "**")
        locals_ = (k * self.data ** (k - 1),)

        def backward_fn():
            for parent, local in zip(out.parents, locals_):
                parent.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")
        locals_ = (1.0 if self.data > 0 else 0.0,)

        def backward_fn():
            for parent, local in zip(out.parents, locals_):
                parent.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")
        locals_ = (1 - t ** 2,)

        def backward_fn():
            for parent, local in zip(out.parents, locals_):
                parent.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp")
        locals_ = (out.data,)

        def backward_fn():
            for parent, local in zip(out.parents, locals_):
                parent.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")
        locals_ = (1 / self.data,)

        def backward_fn():
            for parent, local in zip(out.parents, locals_):
                parent.grad += local * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        nodes, marked = [], set()
        work = [self]
        while work:
            n = work.pop()
            if n in marked:
                continue
            marked.add(n)
            nodes.append(n)
            work.extend(n.parents)
        # count the users of each node, then release a node when all its users are done
        users = {n: 0 for n in nodes}
        for n in nodes:
            for p in n.parents:
                users[p] += 1
        self.grad = 1.0
        free = [self]
        while free:
            n = free.pop()
            if n.backward_fn is not None:
                n.backward_fn()
            for p in n.parents:
                users[p] -= 1
                if users[p] == 0:
                    free.append(p)
    ''',
}

KIM = {  # a beginner: `1.0 *`, print lines commented out, if/else everywhere
    "__add__": '''
        if isinstance(other, Value):
            o = other
        else:
            o = Value(other)
        out = Value(self.data + o.data, (self, o), "+")

        def backward_fn():
            # print("add backward", out.grad)
            self.grad = self.grad + 1.0 * out.grad
            o.grad = o.grad + 1.0 * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        if isinstance(other, Value):
            o = other
        else:
            o = Value(other)
        out = Value(self.data * o.data, (self, o), "*")

        def backward_fn():
            # print("mul backward", out.grad)
            self.grad = self.grad + o.data * out.grad
            o.grad = o.grad + self.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), "**")

        def backward_fn():
            self.grad = self.grad + k * (self.data ** (k - 1)) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        if self.data > 0:
            out = Value(self.data, (self,), "relu")
        else:
            out = Value(0.0, (self,), "relu")

        def backward_fn():
            if self.data > 0:
                self.grad = self.grad + 1.0 * out.grad
            else:
                self.grad = self.grad + 0.0

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def backward_fn():
            # print("tanh backward", t)
            self.grad = self.grad + (1 - t * t) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp")

        def backward_fn():
            self.grad = self.grad + out.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")

        def backward_fn():
            self.grad = self.grad + (1.0 / self.data) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        # first I tried recursion but the long chain crashed, so a list as a stack
        topo = []
        visited = []
        stack = [self]
        while len(stack) > 0:
            node = stack[len(stack) - 1]
            all_done = True
            for p in node.parents:
                if p not in visited:
                    all_done = False
                    stack.append(p)
                    break
            if all_done:
                stack.pop()
                if node not in visited:
                    visited.append(node)
                    topo.append(node)
        self.grad = 1.0
        for i in range(len(topo) - 1, -1, -1):
            # print(topo[i])
            if topo[i].backward_fn != None:
                topo[i].backward_fn()
    ''',
}

FILES.update({
    "s104": {"bodies": BRUNO, "keep_todo": True},
    "s111": {"bodies": LAYLA},
    "s118": {"bodies": HIROSHI},
    "s125": {"bodies": KLAUS, "edit": _header("Klaus W. -- Abgabe Workshop 3")},
    "s132": {"bodies": CHRIS},
    "s139": {"bodies": TOM},
    "s146": {"bodies": GRACE},
    "s153": {"bodies": DMITRI},
    "s160": {"bodies": ANA, "keep_todo": True},
    "s167": {"bodies": MEHMET},
    "s174": {"bodies": PRIYANKA},
    "s181": {"bodies": SVEN},
    "s188": {"bodies": CHLOE},
    "s195": {"bodies": RAVI},
    "s202": {"bodies": KIM, "keep_todo": True},
})

# ---- the sources of the copy clusters (c1-c9 fill the starter; c10-c12 are whole engines, typed in direct/) -----

ZARA = {  # c1: "chain rule:" comments, plus/times op names, a two-pass walk
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "plus")

        def backward_fn():
            # chain rule: d(out)/d(self) = 1, d(out)/d(other) = 1
            self.grad += out.grad
            other.grad += out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "times")

        def backward_fn():
            # chain rule: d(out)/d(self) = other, d(out)/d(other) = self
            self.grad += out.grad * other.data
            other.grad += out.grad * self.data

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), "power")

        def backward_fn():
            # chain rule: d(out)/d(self) = k * self^(k-1)
            self.grad += out.grad * k * self.data ** (k - 1)

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def backward_fn():
            # chain rule: d(out)/d(self) = 1 if self > 0 else 0
            self.grad += out.grad if self.data > 0 else 0.0

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        out = Value(math.tanh(self.data), (self,), "tanh")

        def backward_fn():
            # chain rule: d(out)/d(self) = 1 - out^2
            self.grad += out.grad * (1.0 - out.data * out.data)

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp")

        def backward_fn():
            # chain rule: d(out)/d(self) = out
            self.grad += out.grad * out.data

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")

        def backward_fn():
            # chain rule: d(out)/d(self) = 1 / self
            self.grad += out.grad / self.data

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        # pass 1: collect every node reachable from self
        reachable, frontier = set(), [self]
        while frontier:
            node = frontier.pop()
            if node not in reachable:
                reachable.add(node)
                frontier.extend(node.parents)
        # pass 2: post-order with an explicit stack
        ordering, placed = [], set()
        for start in [self]:
            trail = [(start, False)]
            while trail:
                node, closing = trail.pop()
                if closing:
                    ordering.append(node)
                elif node not in placed:
                    placed.add(node)
                    trail.append((node, True))
                    trail.extend((p, False) for p in node.parents if p in reachable)
        # pass 3: the gradients
        self.grad = 1.0
        for node in reversed(ordering):
            if node.backward_fn is not None:
                node.backward_fn()
    ''',
}

OLEG = {  # c2: local derivatives computed in the forward pass (dself/dother), `emit` closures
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "+")
        dself, dother = 1.0, 1.0

        def emit():
            self.grad += dself * out.grad
            other.grad += dother * out.grad

        out.backward_fn = emit
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "*")
        dself, dother = other.data, self.data

        def emit():
            self.grad += dself * out.grad
            other.grad += dother * out.grad

        out.backward_fn = emit
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), "**")
        dself = k * self.data ** (k - 1)

        def emit():
            self.grad += dself * out.grad

        out.backward_fn = emit
        return out
    ''',
    "relu": '''
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")
        dself = 1.0 if self.data > 0 else 0.0

        def emit():
            self.grad += dself * out.grad

        out.backward_fn = emit
        return out
    ''',
    "tanh": '''
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")
        dself = 1.0 - t * t

        def emit():
            self.grad += dself * out.grad

        out.backward_fn = emit
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp")
        dself = out.data

        def emit():
            self.grad += dself * out.grad

        out.backward_fn = emit
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log")
        dself = 1.0 / self.data

        def emit():
            self.grad += dself * out.grad

        out.backward_fn = emit
        return out
    ''',
    "backward": '''
        nodes, seen = [], set()
        todo = [(self, False)]
        while todo:
            n, parents_done = todo.pop()
            if parents_done:
                nodes.append(n)
                continue
            if n in seen:
                continue
            seen.add(n)
            todo.append((n, True))
            for p in reversed(n.parents):
                if p not in seen:
                    todo.append((p, False))
        self.grad = 1.0
        for n in nodes[::-1]:
            if n.backward_fn:
                n.backward_fn()
    ''',
}

NOOR = {  # c3: Arabic-speaking student, English names with a `g = out.grad` first line, recursion-free DFS by index
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def backward_fn():
            g = out.grad
            self.grad += g
            other.grad += g

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def backward_fn():
            g = out.grad
            a, b = self.data, other.data
            self.grad += b * g
            other.grad += a * g

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), "**")

        def backward_fn():
            g = out.grad
            self.grad += k * (self.data ** (k - 1)) * g

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def backward_fn():
            g = out.grad
            if self.data > 0:
                self.grad += g

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def backward_fn():
            g = out.grad
            self.grad += (1.0 - t ** 2) * g

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp")

        def backward_fn():
            g = out.grad
            self.grad += out.data * g

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        x = self.data
        out = Value(math.log(x), (self,), "log")

        def backward_fn():
            g = out.grad
            self.grad += g / x

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        # نرتب العقد: كل عقدة بعد آبائها
        topo = []
        state = {}
        stack = [self]
        while stack:
            v = stack.pop()
            s = state.get(v)
            if s is None:
                state[v] = "open"
                stack.append(v)
                for p in v.parents:
                    if p not in state:
                        stack.append(p)
            elif s == "open":
                state[v] = "closed"
                topo.append(v)
        self.grad = 1.0
        for v in reversed(topo):
            if v.backward_fn is not None:
                v.backward_fn()
    ''',
}

YUKI = {  # c4: Japanese comments, `parent_grad` names, the order built with a dict of positions
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def backward_fn():
            # 和の微分はどちらも 1
            self.grad += out.grad
            other.grad += out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def backward_fn():
            # 積の微分: 相手の値 × 上流の勾配
            parent_grad = out.grad
            self.grad += other.data * parent_grad
            other.grad += self.data * parent_grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), "**")

        def backward_fn():
            # 指数は定数なので底だけに勾配
            parent_grad = out.grad
            self.grad += k * self.data ** (k - 1) * parent_grad

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(max(self.data, 0.0), (self,), "relu")

        def backward_fn():
            # 0 のときも傾きは 0
            parent_grad = out.grad
            self.grad += parent_grad * (1.0 if self.data > 0 else 0.0)

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        y = math.tanh(self.data)
        out = Value(y, (self,), "tanh")

        def backward_fn():
            # 出力 y を使って 1 - y^2
            parent_grad = out.grad
            self.grad += (1 - y * y) * parent_grad

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        y = math.exp(self.data)
        out = Value(y, (self,), "exp")

        def backward_fn():
            # 自分自身が微分
            parent_grad = out.grad
            self.grad += y * parent_grad

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        x = self.data
        out = Value(math.log(x), (self,), "log")

        def backward_fn():
            # 入力 x で割る (出力ではない)
            parent_grad = out.grad
            self.grad += parent_grad / x

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        # 位置の辞書でトポロジカル順序を作る
        position = {}
        order = []
        stack = [(self, 0)]
        while stack:
            node, i = stack.pop()
            if node in position:
                continue
            if i < len(node.parents):
                stack.append((node, i + 1))
                parent = node.parents[i]
                if parent not in position:
                    stack.append((parent, 0))
            else:
                position[node] = len(order)
                order.append(node)
        self.grad = 1.0
        for node in sorted(order, key=position.get, reverse=True):
            if node.backward_fn is not None:
                node.backward_fn()
    ''',
}

LUCAS = {  # c5 (copied twice): result/lhs/rhs names, a `_flow` closure, a visited dict of booleans
    "__add__": '''
        lhs, rhs = self, as_value(other)
        result = Value(lhs.data + rhs.data, (lhs, rhs), "+")

        def _flow():
            lhs.grad += result.grad
            rhs.grad += result.grad

        result.backward_fn = _flow
        return result
    ''',
    "__mul__": '''
        lhs, rhs = self, as_value(other)
        result = Value(lhs.data * rhs.data, (lhs, rhs), "*")

        def _flow():
            lhs.grad += rhs.data * result.grad
            rhs.grad += lhs.data * result.grad

        result.backward_fn = _flow
        return result
    ''',
    "__pow__": '''
        base = self
        result = Value(base.data ** k, (base,), "**")

        def _flow():
            base.grad += k * base.data ** (k - 1) * result.grad

        result.backward_fn = _flow
        return result
    ''',
    "relu": '''
        inp = self
        result = Value(inp.data if inp.data > 0 else 0.0, (inp,), "relu")

        def _flow():
            if result.data > 0:
                inp.grad += result.grad

        result.backward_fn = _flow
        return result
    ''',
    "tanh": '''
        inp = self
        result = Value(math.tanh(inp.data), (inp,), "tanh")

        def _flow():
            inp.grad += (1 - result.data ** 2) * result.grad

        result.backward_fn = _flow
        return result
    ''',
    "exp": '''
        inp = self
        result = Value(math.exp(inp.data), (inp,), "exp")

        def _flow():
            inp.grad += result.data * result.grad

        result.backward_fn = _flow
        return result
    ''',
    "log": '''
        inp = self
        result = Value(math.log(inp.data), (inp,), "log")

        def _flow():
            inp.grad += result.grad / inp.data

        result.backward_fn = _flow
        return result
    ''',
    "backward": '''
        visited = {}
        sequence = []
        pending = [self]
        while pending:
            current = pending[-1]
            if not visited.get(current):
                visited[current] = True
                for parent in current.parents:
                    if not visited.get(parent):
                        pending.append(parent)
                continue
            pending.pop()
            if current not in sequence:
                sequence.append(current)
        self.grad = 1.0
        for current in reversed(sequence):
            if current.backward_fn is not None:
                current.backward_fn()
    ''',
}

HANNAH = {  # c6: German comments, `eingang`/`ausgang` names, the walk as a nested function returning the order
    "__add__": '''
        anderer = as_value(other)
        ausgang = Value(self.data + anderer.data, (self, anderer), "+")

        def rueck():
            # beide Eingaenge bekommen den Gradienten unveraendert
            self.grad += ausgang.grad
            anderer.grad += ausgang.grad

        ausgang.backward_fn = rueck
        return ausgang
    ''',
    "__mul__": '''
        anderer = as_value(other)
        ausgang = Value(self.data * anderer.data, (self, anderer), "*")

        def rueck():
            # jeder Faktor bekommt den Wert des anderen Faktors
            self.grad += anderer.data * ausgang.grad
            anderer.grad += self.data * ausgang.grad

        ausgang.backward_fn = rueck
        return ausgang
    ''',
    "__pow__": '''
        eingang = self
        ausgang = Value(eingang.data ** k, (eingang,), "**")

        def rueck():
            # Potenzregel k * x^(k-1)
            eingang.grad += k * eingang.data ** (k - 1) * ausgang.grad

        ausgang.backward_fn = rueck
        return ausgang
    ''',
    "relu": '''
        eingang = self
        ausgang = Value(eingang.data if eingang.data > 0 else 0.0, (eingang,), "relu")

        def rueck():
            # nur positive Eingaenge leiten weiter
            eingang.grad += (eingang.data > 0) * ausgang.grad

        ausgang.backward_fn = rueck
        return ausgang
    ''',
    "tanh": '''
        eingang = self
        ausgang = Value(math.tanh(eingang.data), (eingang,), "tanh")

        def rueck():
            # 1 - tanh^2 mit dem Ausgang
            eingang.grad += (1 - ausgang.data ** 2) * ausgang.grad

        ausgang.backward_fn = rueck
        return ausgang
    ''',
    "exp": '''
        eingang = self
        ausgang = Value(math.exp(eingang.data), (eingang,), "exp")

        def rueck():
            # e^x bleibt e^x
            eingang.grad += ausgang.data * ausgang.grad

        ausgang.backward_fn = rueck
        return ausgang
    ''',
    "log": '''
        eingang = self
        ausgang = Value(math.log(eingang.data), (eingang,), "log")

        def rueck():
            # 1/x mit dem Eingang x
            eingang.grad += ausgang.grad / eingang.data

        ausgang.backward_fn = rueck
        return ausgang
    ''',
    "backward": '''
        def reihenfolge(start):
            # Tiefensuche mit Stapel; Knoten erst nach allen Eltern
            fertig, liste = set(), []
            stapel = [(start, False)]
            while stapel:
                knoten, bereit = stapel.pop()
                if bereit:
                    liste.append(knoten)
                elif knoten not in fertig:
                    fertig.add(knoten)
                    stapel.append((knoten, True))
                    for elter in knoten.parents:
                        stapel.append((elter, False))
            return liste

        self.grad = 1.0
        for knoten in reversed(reihenfolge(self)):
            if knoten.backward_fn is not None:
                knoten.backward_fn()
    ''',
}

OWEN = {  # c7: a `_unary(self, value, slope, name)`-style inner helper per method, reversed post-order via two stacks
    "__add__": '''
        other = as_value(other)
        total = Value(self.data + other.data, (self, other), "+")

        def backward_fn():
            for operand in total.parents:
                operand.grad += total.grad

        total.backward_fn = backward_fn
        return total
    ''',
    "__mul__": '''
        other = as_value(other)
        product = Value(self.data * other.data, (self, other), "*")

        def backward_fn():
            left, right = product.parents
            left.grad += right.data * product.grad
            right.grad += left.data * product.grad

        product.backward_fn = backward_fn
        return product
    ''',
    "__pow__": '''
        slope = k * self.data ** (k - 1)
        powered = Value(self.data ** k, (self,), "**")

        def backward_fn():
            (base,) = powered.parents
            base.grad += slope * powered.grad

        powered.backward_fn = backward_fn
        return powered
    ''',
    "relu": '''
        slope = 1.0 if self.data > 0 else 0.0
        rectified = Value(self.data * slope, (self,), "relu")

        def backward_fn():
            (x,) = rectified.parents
            x.grad += slope * rectified.grad

        rectified.backward_fn = backward_fn
        return rectified
    ''',
    "tanh": '''
        squashed = Value(math.tanh(self.data), (self,), "tanh")
        slope = 1.0 - squashed.data ** 2

        def backward_fn():
            (x,) = squashed.parents
            x.grad += slope * squashed.grad

        squashed.backward_fn = backward_fn
        return squashed
    ''',
    "exp": '''
        grown = Value(math.exp(self.data), (self,), "exp")
        slope = grown.data

        def backward_fn():
            (x,) = grown.parents
            x.grad += slope * grown.grad

        grown.backward_fn = backward_fn
        return grown
    ''',
    "log": '''
        slope = 1.0 / self.data
        shrunk = Value(math.log(self.data), (self,), "log")

        def backward_fn():
            (x,) = shrunk.parents
            x.grad += slope * shrunk.grad

        shrunk.backward_fn = backward_fn
        return shrunk
    ''',
    "backward": '''
        # two stacks: the first explores, the second collects in reverse post-order
        explore, collect, met = [self], [], set()
        while explore:
            node = explore.pop()
            if node in met:
                continue
            met.add(node)
            collect.append(node)
            explore.extend(node.parents)
        # a node's users must run first: count them
        uses = dict.fromkeys(collect, 0)
        for node in collect:
            for parent in node.parents:
                uses[parent] += 1
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            if node.backward_fn is not None:
                node.backward_fn()
            for parent in node.parents:
                uses[parent] -= 1
                if not uses[parent]:
                    ready.append(parent)
    ''',
}

FARAH = {  # c8: Portuguese-speaking student (Brazil), English code, an `ensure` helper and a sorted-by-id walk
    "__add__": '''
        other = other if isinstance(other, Value) else Value(float(other))
        s = Value(self.data + other.data, (self, other), "add")

        def backward_fn():
            self.grad += s.grad  # derivada 1
            other.grad += s.grad  # derivada 1

        s.backward_fn = backward_fn
        return s
    ''',
    "__mul__": '''
        other = other if isinstance(other, Value) else Value(float(other))
        p = Value(self.data * other.data, (self, other), "mul")

        def backward_fn():
            self.grad += p.grad * other.data  # derivada: o outro fator
            other.grad += p.grad * self.data

        p.backward_fn = backward_fn
        return p
    ''',
    "__pow__": '''
        p = Value(self.data ** k, (self,), "pow")

        def backward_fn():
            self.grad += p.grad * (k * self.data ** (k - 1))

        p.backward_fn = backward_fn
        return p
    ''',
    "relu": '''
        r = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def backward_fn():
            self.grad += r.grad * (r.data > 0)

        r.backward_fn = backward_fn
        return r
    ''',
    "tanh": '''
        e = math.exp(-2.0 * abs(self.data))
        t = math.copysign((1.0 - e) / (1.0 + e), self.data)  # estavel para x grande
        r = Value(t, (self,), "tanh")

        def backward_fn():
            self.grad += r.grad * (1.0 - t * t)

        r.backward_fn = backward_fn
        return r
    ''',
    "exp": '''
        r = Value(math.exp(self.data), (self,), "exp")

        def backward_fn():
            self.grad += r.grad * r.data

        r.backward_fn = backward_fn
        return r
    ''',
    "log": '''
        r = Value(math.log(self.data), (self,), "log")

        def backward_fn():
            self.grad += r.grad * (1.0 / self.data)

        r.backward_fn = backward_fn
        return r
    ''',
    "backward": '''
        # ordem topologica iterativa (pos-ordem)
        ordem, vistos = [], set()
        pilha = [[self, list(self.parents)]]
        vistos.add(self)
        while pilha:
            topo_no, faltam = pilha[-1]
            if faltam:
                prox = faltam.pop()
                if prox not in vistos:
                    vistos.add(prox)
                    pilha.append([prox, list(prox.parents)])
            else:
                pilha.pop()
                ordem.append(topo_no)
        self.grad = 1.0
        for no in reversed(ordem):
            if no.backward_fn is not None:
                no.backward_fn()
    ''',
}

IGOR = {  # c9: `operator`-free but table-minded: every body ends in `return self._link(...)`-like code inline
    "__add__": '''
        other = as_value(other)
        node = Value(self.data + other.data, (self, other), "+")
        grads = ((self, 1.0), (other, 1.0))

        def backward_fn():
            for target, factor in grads:
                target.grad += factor * node.grad

        node.backward_fn = backward_fn
        return node
    ''',
    "__mul__": '''
        other = as_value(other)
        node = Value(self.data * other.data, (self, other), "*")
        grads = ((self, other.data), (other, self.data))

        def backward_fn():
            for target, factor in grads:
                target.grad += factor * node.grad

        node.backward_fn = backward_fn
        return node
    ''',
    "__pow__": '''
        node = Value(self.data ** k, (self,), "**")
        grads = ((self, k * self.data ** (k - 1)),)

        def backward_fn():
            for target, factor in grads:
                target.grad += factor * node.grad

        node.backward_fn = backward_fn
        return node
    ''',
    "relu": '''
        positive = self.data > 0
        node = Value(self.data if positive else 0.0, (self,), "relu")
        grads = ((self, 1.0 if positive else 0.0),)

        def backward_fn():
            for target, factor in grads:
                target.grad += factor * node.grad

        node.backward_fn = backward_fn
        return node
    ''',
    "tanh": '''
        t = math.tanh(self.data)
        node = Value(t, (self,), "tanh")
        grads = ((self, 1.0 - t * t),)

        def backward_fn():
            for target, factor in grads:
                target.grad += factor * node.grad

        node.backward_fn = backward_fn
        return node
    ''',
    "exp": '''
        e = math.exp(self.data)
        node = Value(e, (self,), "exp")
        grads = ((self, e),)

        def backward_fn():
            for target, factor in grads:
                target.grad += factor * node.grad

        node.backward_fn = backward_fn
        return node
    ''',
    "log": '''
        node = Value(math.log(self.data), (self,), "log")
        grads = ((self, 1.0 / self.data),)

        def backward_fn():
            for target, factor in grads:
                target.grad += factor * node.grad

        node.backward_fn = backward_fn
        return node
    ''',
    "backward": '''
        depth_first, done = [], set()
        agenda = [(self, iter(self.parents))]
        done.add(self)
        while agenda:
            top, rest = agenda[-1]
            nxt = next((p for p in rest if p not in done), None)
            if nxt is None:
                agenda.pop()
                depth_first.append(top)
            else:
                done.add(nxt)
                agenda.append((nxt, iter(nxt.parents)))
        self.grad = 1.0
        for top in reversed(depth_first):
            if top.backward_fn is not None:
                top.backward_fn()
    ''',
}

FILES.update({
    "s301": {"bodies": ZARA},
    "s308": {"bodies": OLEG, "edit": _header("Oleg P., workshop 3")},
    "s315": {"bodies": NOOR, "keep_todo": True},
    "s322": {"bodies": YUKI},
    "s329": {"bodies": LUCAS},
    "s336": {"bodies": HANNAH},
    "s343": {"bodies": OWEN},
    "s350": {"bodies": FARAH, "keep_todo": True},
    "s357": {"bodies": IGOR},
})

RAHUL = {  # c12 (its level-4 copy s399 is typed in main/submissions): labels like "tanh(x)", a reverse_topo closure
    "__add__": '''
        other = as_value(other)
        out = Value(self.data + other.data, (self, other), "a+b")

        def backward_fn():
            self.grad += out.grad
            other.grad += out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__mul__": '''
        other = as_value(other)
        out = Value(self.data * other.data, (self, other), "a*b")

        def backward_fn():
            a, b = self, other
            a.grad += b.data * out.grad
            b.grad += a.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "__pow__": '''
        out = Value(self.data ** k, (self,), f"x**{k}")

        def backward_fn():
            self.grad += k * self.data ** (k - 1) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "relu": '''
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu(x)")

        def backward_fn():
            self.grad += out.grad * (self.data > 0)

        out.backward_fn = backward_fn
        return out
    ''',
    "tanh": '''
        if self.data > 20:
            t = 1.0
        elif self.data < -20:
            t = -1.0
        else:
            t = math.tanh(self.data)
        out = Value(t, (self,), "tanh(x)")

        def backward_fn():
            self.grad += (1.0 - t * t) * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "exp": '''
        out = Value(math.exp(self.data), (self,), "exp(x)")

        def backward_fn():
            self.grad += out.data * out.grad

        out.backward_fn = backward_fn
        return out
    ''',
    "log": '''
        out = Value(math.log(self.data), (self,), "log(x)")

        def backward_fn():
            self.grad += out.grad * (1.0 / self.data)

        out.backward_fn = backward_fn
        return out
    ''',
    "backward": '''
        def reverse_topo(root):
            post, marked = [], set()
            stack = [root]
            while stack:
                v = stack[-1]
                unmarked = [p for p in v.parents if p not in marked]
                if v not in marked and unmarked:
                    marked.add(v)
                    stack.extend(unmarked)
                    continue
                stack.pop()
                if v not in post:
                    marked.add(v)
                    post.append(v)
            return post[::-1]

        self.grad = 1.0
        for v in reverse_topo(self):
            if v.backward_fn is not None:
                v.backward_fn()
    ''',
}

FILES["s392"] = {"bodies": RAHUL}

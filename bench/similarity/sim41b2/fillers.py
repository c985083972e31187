"""Each starter-filled student's eleven bodies of 07-mlp-xor's nn.py (keyed by the starter's TODO names), written one
student at a time: canonical lines coincide, whole sets of bodies do not, but in the hard pairs, which paste the
lecture's MLP (LECTURE) or the TA's forum post (TA_POST)."""

from __future__ import annotations

LECTURE = {
    "Module.zero_grad": """
        for p in self.parameters():
            p.grad = 0
    """,
    "Neuron.__init__": """
        rng = rng or random.Random()
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return act.tanh() if self.nonlin else act
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out
    """,
    "Layer.parameters": "return [p for n in self.neurons for p in n.parameters()]",
    "MLP.__init__": """
        rng = rng or random.Random()
        sz = [nin] + nouts
        self.layers = [Layer(sz[i], sz[i + 1], nonlin=i != len(nouts) - 1, rng=rng) for i in range(len(nouts))]
    """,
    "MLP.__call__": """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    "MLP.parameters": "return [p for layer in self.layers for p in layer.parameters()]",
    "train_xor": """
        model = MLP(2, [4, 1], rng=random.Random(seed))
        losses = []
        for _ in range(steps):
            ypred = [model(x) for x in XOR_INPUTS]
            loss = sum((yout - ygt) ** 2 for ygt, yout in zip(XOR_TARGETS, ypred))
            losses.append(loss.data)
            model.zero_grad()
            loss.backward()
            for p in model.parameters():
                p.data -= lr * p.grad
        return losses
    """,
}

# The TA's forum post ("Re: my XOR loss is stuck", materials/ta-post/): explicit loops, a helper for the loss
TA_POST = {
    "Module.zero_grad": """
        for param in self.parameters():
            param.grad = 0.0
    """,
    "Neuron.__init__": """
        if rng is None:
            rng = random.Random()
        self.w = [Value(rng.uniform(-1.0, 1.0)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        total = self.b
        for w, xi in zip(self.w, x):
            total = total + w * xi
        if self.nonlin:
            return total.tanh()
        return total
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        outs = [neuron(x) for neuron in self.neurons]
        if len(outs) == 1:
            return outs[0]
        return outs
    """,
    "Layer.parameters": """
        params = []
        for neuron in self.neurons:
            params.extend(neuron.parameters())
        return params
    """,
    "MLP.__init__": """
        if rng is None:
            rng = random.Random()
        sizes = [nin] + list(nouts)
        self.layers = []
        for i in range(len(nouts)):
            last = i == len(nouts) - 1
            self.layers.append(Layer(sizes[i], sizes[i + 1], nonlin=not last, rng=rng))
    """,
    "MLP.__call__": """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    "MLP.parameters": """
        params = []
        for layer in self.layers:
            params.extend(layer.parameters())
        return params
    """,
    "train_xor": """
        model = MLP(2, [4, 1], rng=random.Random(seed))
        history = []
        for step in range(steps):
            loss = Value(0.0)
            for x, y in zip(XOR_INPUTS, XOR_TARGETS):
                diff = model(x) - y
                loss = loss + diff * diff
            history.append(loss.data)
            model.zero_grad()
            loss.backward()
            for param in model.parameters():
                param.data -= lr * param.grad
        return history
    """,
}

STUDENTS: dict[str, dict] = {}


def student(sid, kind, bodies, keep_todo=False, edits=(), **label):
    """EDITS: (old, new) replacements in the whole file beyond the TODOs (an import, a helper, a main block)."""
    STUDENTS[sid] = {"kind": kind, "bodies": bodies, "keep_todo": keep_todo, "edits": list(edits), "label": label}


student("s101", "independent: Amelia: comprehension-heavy, an rng fallback seeded from the clock-free default, a while loop in train_xor", {
    "Module.zero_grad": """
        for v in self.parameters():
            v.grad = 0.0
    """,
    "Neuron.__init__": """
        r = rng if rng is not None else random.Random(0)
        self.w = [Value(r.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        z = sum([wi * xi for wi, xi in zip(self.w, x)], self.b)
        return z.tanh() if self.nonlin else z
    """,
    "Neuron.parameters": "return [*self.w, self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        ys = [neuron(x) for neuron in self.neurons]
        return ys if len(ys) > 1 else ys[0]
    """,
    "Layer.parameters": "return [v for neuron in self.neurons for v in neuron.parameters()]",
    "MLP.__init__": """
        r = rng if rng is not None else random.Random(0)
        dims = [nin, *nouts]
        self.layers = [Layer(a, b, nonlin=(k < len(nouts) - 1), rng=r) for k, (a, b) in enumerate(zip(dims, dims[1:]))]
    """,
    "MLP.__call__": """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    "MLP.parameters": "return [v for layer in self.layers for v in layer.parameters()]",
    "train_xor": """
        net = MLP(2, [4, 1], rng=random.Random(seed))
        out, k = [], 0
        while k < steps:
            loss = sum(((net(x) - t) ** 2 for x, t in zip(XOR_INPUTS, XOR_TARGETS)), Value(0.0))
            out.append(loss.data)
            net.zero_grad()
            loss.backward()
            for v in net.parameters():
                v.data -= lr * v.grad
            k += 1
        return out
    """,
})

student("s102", "independent: Bogdan: index loops everywhere, prints the loss every 100 steps", {
    "Module.zero_grad": """
        ps = self.parameters()
        for i in range(len(ps)):
            ps[i].grad = 0
    """,
    "Neuron.__init__": """
        if rng is None:
            rng = random.Random()
        self.w = []
        for i in range(nin):
            self.w.append(Value(rng.uniform(-1, 1)))
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        s = self.b
        for i in range(len(self.w)):
            s = s + self.w[i] * x[i]
        if self.nonlin:
            s = s.tanh()
        return s
    """,
    "Neuron.parameters": """
        ps = []
        for i in range(len(self.w)):
            ps.append(self.w[i])
        ps.append(self.b)
        return ps
    """,
    "Layer.__init__": """
        self.neurons = []
        for i in range(nout):
            self.neurons.append(Neuron(nin, **kwargs))
    """,
    "Layer.__call__": """
        res = []
        for i in range(len(self.neurons)):
            res.append(self.neurons[i](x))
        if len(res) == 1:
            return res[0]
        return res
    """,
    "Layer.parameters": """
        ps = []
        for i in range(len(self.neurons)):
            ps = ps + self.neurons[i].parameters()
        return ps
    """,
    "MLP.__init__": """
        if rng is None:
            rng = random.Random()
        sizes = [nin] + nouts
        self.layers = []
        for i in range(len(nouts)):
            self.layers.append(Layer(sizes[i], sizes[i + 1], nonlin=(i < len(nouts) - 1), rng=rng))
    """,
    "MLP.__call__": """
        for i in range(len(self.layers)):
            x = self.layers[i](x)
        return x
    """,
    "MLP.parameters": """
        ps = []
        for i in range(len(self.layers)):
            ps = ps + self.layers[i].parameters()
        return ps
    """,
    "train_xor": """
        mlp = MLP(2, [4, 1], rng=random.Random(seed))
        hist = []
        for step in range(steps):
            loss = Value(0)
            for i in range(4):
                err = mlp(XOR_INPUTS[i]) - XOR_TARGETS[i]
                loss = loss + err ** 2
            hist.append(loss.data)
            mlp.zero_grad()
            loss.backward()
            ps = mlp.parameters()
            for i in range(len(ps)):
                ps[i].data = ps[i].data - lr * ps[i].grad
            if step % 100 == 0:
                print("step", step, "loss", loss.data)
        return hist
    """,
})

ITERTOOLS = [("import random\n", "import itertools\nimport random\n")]

student("s103", "independent: Chiara: itertools.chain, a generator of squared errors, docstrings on every method", {
    "Module.zero_grad": """
        \"\"\"Zero all grads.\"\"\"
        for q in self.parameters():
            q.grad = 0
    """,
    "Neuron.__init__": """
        \"\"\"Uniform weights, zero bias.\"\"\"
        gen = rng or random.Random()
        self.w = [Value(gen.uniform(-1.0, 1.0)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        \"\"\"Weighted sum, then tanh if nonlinear.\"\"\"
        pre = self.b + sum(w * xi for w, xi in zip(self.w, x))
        return pre.tanh() if self.nonlin else pre
    """,
    "Neuron.parameters": "return list(itertools.chain(self.w, [self.b]))",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        \"\"\"All neurons on the same input.\"\"\"
        outs = [neuron(x) for neuron in self.neurons]
        return outs[0] if len(outs) == 1 else outs
    """,
    "Layer.parameters": "return list(itertools.chain.from_iterable(n.parameters() for n in self.neurons))",
    "MLP.__init__": """
        \"\"\"One Layer per size; the last is linear.\"\"\"
        gen = rng or random.Random()
        sizes = [nin] + list(nouts)
        n = len(nouts)
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i < n - 1, rng=gen) for i in range(n)]
    """,
    "MLP.__call__": """
        \"\"\"Feed forward.\"\"\"
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    "MLP.parameters": "return list(itertools.chain.from_iterable(l.parameters() for l in self.layers))",
    "train_xor": """
        model = MLP(2, [4, 1], rng=random.Random(seed))

        def squared_errors():
            for x, y in zip(XOR_INPUTS, XOR_TARGETS):
                yield (model(x) - y) ** 2

        losses = []
        for _ in range(steps):
            loss = sum(squared_errors())
            losses.append(loss.data)
            model.zero_grad()
            loss.backward()
            for q in model.parameters():
                q.data -= lr * q.grad
        return losses
    """,
}, edits=ITERTOOLS)

student("s104", "independent: Dario: the mean of the squared errors instead of the sum (deviates from the README's loss), a list of losses kept as floats", {
    "Module.zero_grad": """
        for param in self.parameters():
            param.grad = 0
    """,
    "Neuron.__init__": """
        rng = random.Random() if rng is None else rng
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        out = self.b
        for weight, inp in zip(self.w, x):
            out += weight * inp
        return out.tanh() if self.nonlin else out
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        values = [neuron(x) for neuron in self.neurons]
        return values[0] if len(values) == 1 else values
    """,
    "Layer.parameters": "return [param for neuron in self.neurons for param in neuron.parameters()]",
    "MLP.__init__": """
        rng = random.Random() if rng is None else rng
        sizes = [nin] + list(nouts)
        self.layers = [Layer(sizes[k], sizes[k + 1], nonlin=(k + 1 < len(sizes) - 1), rng=rng) for k in range(len(nouts))]
    """,
    "MLP.__call__": """
        out = x
        for layer in self.layers:
            out = layer(out)
        return out
    """,
    "MLP.parameters": "return [param for layer in self.layers for param in layer.parameters()]",
    "train_xor": """
        model = MLP(2, [4, 1], rng=random.Random(seed))
        losses = []
        for _ in range(steps):
            errors = [(model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)]
            loss = sum(errors) / len(errors)  # mean squared error
            losses.append(float(loss.data))
            model.zero_grad()
            loss.backward()
            for param in model.parameters():
                param.data -= lr * param.grad
        return losses
    """,
}, deviates="mean instead of sum of squared errors")

student("s105", "independent: Elif: tanh written out from exp ((e^2z - 1)/(e^2z + 1)) in the neuron, comments in Turkish", {
    "Module.zero_grad": """
        # tüm gradyanları sıfırla
        for p in self.parameters():
            p.grad = 0.0
    """,
    "Neuron.__init__": """
        kaynak = rng or random.Random()
        self.w = [Value(kaynak.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        z = sum((a * b for a, b in zip(self.w, x)), self.b)
        if not self.nonlin:
            return z
        e = (2 * z).exp()  # tanh(z) = (e^2z - 1) / (e^2z + 1)
        return (e - 1) / (e + 1)
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        cikti = [n(x) for n in self.neurons]
        return cikti[0] if len(cikti) == 1 else cikti
    """,
    "Layer.parameters": "return [p for n in self.neurons for p in n.parameters()]",
    "MLP.__init__": """
        kaynak = rng or random.Random()
        boyut = [nin] + nouts
        son = len(nouts) - 1
        self.layers = [Layer(boyut[i], boyut[i + 1], nonlin=i != son, rng=kaynak) for i in range(len(nouts))]
    """,
    "MLP.__call__": """
        for katman in self.layers:
            x = katman(x)
        return x
    """,
    "MLP.parameters": "return [p for katman in self.layers for p in katman.parameters()]",
    "train_xor": """
        ag = MLP(2, [4, 1], rng=random.Random(seed))
        kayiplar = []
        for _ in range(steps):
            kayip = sum((ag(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
            kayiplar.append(kayip.data)
            ag.zero_grad()
            kayip.backward()
            for p in ag.parameters():
                p.data -= lr * p.grad
        return kayiplar
    """,
})

student("s106", "independent: Farid: functools.reduce for every sum, operator.add", {
    "Module.zero_grad": """
        for p in self.parameters():
            p.grad = 0
    """,
    "Neuron.__init__": """
        rng = rng or random.Random()
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        act = functools.reduce(operator.add, (wi * xi for wi, xi in zip(self.w, x)), self.b)
        return act.tanh() if self.nonlin else act
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out
    """,
    "Layer.parameters": "return functools.reduce(operator.add, (n.parameters() for n in self.neurons), [])",
    "MLP.__init__": """
        rng = rng or random.Random()
        sz = [nin] + nouts
        self.layers = [Layer(sz[i], sz[i + 1], nonlin=i != len(nouts) - 1, rng=rng) for i in range(len(nouts))]
    """,
    "MLP.__call__": "return functools.reduce(lambda h, layer: layer(h), self.layers, x)",
    "MLP.parameters": "return functools.reduce(operator.add, (l.parameters() for l in self.layers), [])",
    "train_xor": """
        model = MLP(2, [4, 1], rng=random.Random(seed))
        losses = []
        for _ in range(steps):
            loss = functools.reduce(operator.add, ((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)))
            losses.append(loss.data)
            model.zero_grad()
            loss.backward()
            for p in model.parameters():
                p.data -= lr * p.grad
        return losses
    """,
}, edits=[("import random\n", "import functools\nimport operator\nimport random\n")])

student("s107", "independent: Greta: type hints on every body, a typed list of parameters", {
    "Module.zero_grad": """
        p: Value
        for p in self.parameters():
            p.grad = 0.0
    """,
    "Neuron.__init__": """
        gen: random.Random = rng if rng is not None else random.Random()
        self.w: list[Value] = [Value(gen.uniform(-1.0, 1.0)) for _ in range(nin)]
        self.b: Value = Value(0.0)
        self.nonlin: bool = nonlin
    """,
    "Neuron.__call__": """
        acc: Value = self.b
        for w, xi in zip(self.w, x):
            acc = acc + w * xi
        return acc.tanh() if self.nonlin else acc
    """,
    "Neuron.parameters": "return [*self.w, self.b]",
    "Layer.__init__": "self.neurons: list[Neuron] = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        outs: list[Value] = [n(x) for n in self.neurons]
        return outs[0] if len(outs) == 1 else outs
    """,
    "Layer.parameters": """
        params: list[Value] = []
        for n in self.neurons:
            params += n.parameters()
        return params
    """,
    "MLP.__init__": """
        gen: random.Random = rng if rng is not None else random.Random()
        sizes: list[int] = [nin, *nouts]
        self.layers: list[Layer] = [
            Layer(sizes[i], sizes[i + 1], nonlin=i < len(nouts) - 1, rng=gen) for i in range(len(nouts))
        ]
    """,
    "MLP.__call__": """
        h = x
        for layer in self.layers:
            h = layer(h)
        return h
    """,
    "MLP.parameters": """
        params: list[Value] = []
        for layer in self.layers:
            params += layer.parameters()
        return params
    """,
    "train_xor": """
        model: MLP = MLP(2, [4, 1], rng=random.Random(seed))
        losses: list[float] = []
        for _ in range(steps):
            loss: Value = Value(0.0)
            for x, y in zip(XOR_INPUTS, XOR_TARGETS):
                loss = loss + (model(x) - y) ** 2
            losses.append(loss.data)
            model.zero_grad()
            loss.backward()
            for p in model.parameters():
                p.data -= lr * p.grad
        return losses
    """,
})

student("s108", "independent: Hiro: short names, a comparison typed for an assignment in zero_grad", {
    "Module.zero_grad": """
        for p in self.parameters():
            p.grad == 0
    """,
    "Neuron.__init__": """
        r = rng or random.Random()
        self.w = [Value(r.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        s = sum((a * b for a, b in zip(self.w, x)), self.b)
        return s.tanh() if self.nonlin else s
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        o = [n(x) for n in self.neurons]
        return o[0] if len(o) == 1 else o
    """,
    "Layer.parameters": "return [p for n in self.neurons for p in n.parameters()]",
    "MLP.__init__": """
        r = rng or random.Random()
        s = [nin] + nouts
        self.layers = [Layer(s[i], s[i + 1], nonlin=i + 1 != len(nouts), rng=r) for i in range(len(nouts))]
    """,
    "MLP.__call__": """
        for l in self.layers:
            x = l(x)
        return x
    """,
    "MLP.parameters": "return [p for l in self.layers for p in l.parameters()]",
    "train_xor": """
        m = MLP(2, [4, 1], rng=random.Random(seed))
        h = []
        for _ in range(steps):
            L = sum((m(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
            h.append(L.data)
            m.zero_grad()
            L.backward()
            for p in m.parameters():
                p.data -= lr * p.grad
        return h
    """,
}, bug="zero_grad compares (`p.grad == 0`) instead of assigning: gradients accumulate across steps")

student("s109", "independent: Ines: the README's other API, MLP([2, 4, 1], seed=42), a rng made from the seed", {
    "Module.zero_grad": """
        for p in self.parameters():
            p.grad = 0
    """,
    "Neuron.__init__": """
        rng = rng or random.Random()
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        total = self.b
        for wi, xi in zip(self.w, x):
            total = total + wi * xi
        return total.tanh() if self.nonlin else total
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        outs = [n(x) for n in self.neurons]
        return outs[0] if len(outs) == 1 else outs
    """,
    "Layer.parameters": "return [p for n in self.neurons for p in n.parameters()]",
    "MLP.__init__": """
        rng = random.Random(seed)
        self.layers = [Layer(a, b, nonlin=i < len(sizes) - 2, rng=rng)
                       for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]
    """,
    "MLP.__call__": """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    "MLP.parameters": "return [p for layer in self.layers for p in layer.parameters()]",
    "train_xor": """
        model = MLP([2, 4, 1], seed=seed)
        losses = []
        for _ in range(steps):
            loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
            losses.append(loss.data)
            model.zero_grad()
            loss.backward()
            for p in model.parameters():
                p.data -= lr * p.grad
        return losses
    """,
}, edits=[("    def __init__(self, nin, nouts, rng=None):\n", "    def __init__(self, sizes, seed=None):\n")])

student("s110", "independent: Jakub: the bias left out of a neuron's parameters (it never trains)", {
    "Module.zero_grad": """
        for param in self.parameters():
            param.grad = 0.0
    """,
    "Neuron.__init__": """
        if rng is None:
            rng = random.Random()
        self.w = [Value(rng.uniform(-1, 1)) for i in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        act = self.b
        for i, xi in enumerate(x):
            act = act + self.w[i] * xi
        return act.tanh() if self.nonlin else act
    """,
    "Neuron.parameters": "return list(self.w)",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for i in range(nout)]",
    "Layer.__call__": """
        result = [neuron(x) for neuron in self.neurons]
        return result[0] if len(result) == 1 else result
    """,
    "Layer.parameters": "return [param for neuron in self.neurons for param in neuron.parameters()]",
    "MLP.__init__": """
        if rng is None:
            rng = random.Random()
        layer_sizes = [nin] + nouts
        self.layers = []
        for i in range(len(nouts)):
            self.layers.append(Layer(layer_sizes[i], layer_sizes[i + 1], nonlin=i != len(nouts) - 1, rng=rng))
    """,
    "MLP.__call__": """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    "MLP.parameters": "return [param for layer in self.layers for param in layer.parameters()]",
    "train_xor": """
        model = MLP(2, [4, 1], rng=random.Random(seed))
        losses = []
        for i in range(steps):
            loss = sum([(model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)])
            losses.append(loss.data)
            model.zero_grad()
            loss.backward()
            for param in model.parameters():
                param.data -= lr * param.grad
        return losses
    """,
}, bug="Neuron.parameters leaves out the bias: MLP(3, [4, 4, 1]) has 32 parameters, not 41")

student("s111", "independent: Lena: a matplotlib plot of the losses under __main__ (imported there only)", {
    "Module.zero_grad": """
        for p in self.parameters():
            p.grad = 0
    """,
    "Neuron.__init__": """
        rng = rng or random.Random()
        self.w = [Value(rng.uniform(-1.0, 1.0)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        weighted = [w * xi for w, xi in zip(self.w, x)]
        out = sum(weighted, self.b)
        return out.tanh() if self.nonlin else out
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        outputs = [neuron(x) for neuron in self.neurons]
        return outputs[0] if len(outputs) == 1 else outputs
    """,
    "Layer.parameters": "return [p for neuron in self.neurons for p in neuron.parameters()]",
    "MLP.__init__": """
        rng = rng or random.Random()
        all_sizes = [nin] + list(nouts)
        self.layers = [Layer(all_sizes[i], all_sizes[i + 1], nonlin=(i != len(nouts) - 1), rng=rng)
                       for i in range(len(nouts))]
    """,
    "MLP.__call__": """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    "MLP.parameters": "return [p for layer in self.layers for p in layer.parameters()]",
    "train_xor": """
        model = MLP(2, [4, 1], rng=random.Random(seed))
        curve = []
        for _ in range(steps):
            preds = [model(x) for x in XOR_INPUTS]
            loss = sum((p - t) ** 2 for p, t in zip(preds, XOR_TARGETS))
            curve.append(loss.data)
            model.zero_grad()
            loss.backward()
            for p in model.parameters():
                p.data -= lr * p.grad
        return curve
    """,
}, edits=[(None, '''

if __name__ == "__main__":
    import matplotlib.pyplot as plt

    curve = train_xor(seed=0, steps=300)
    plt.semilogy(curve)
    plt.xlabel("step")
    plt.ylabel("loss")
    plt.title("XOR, MLP(2, [4, 1])")
    plt.savefig("loss.png")
''')])

student("s112", "independent: Mateo: a momentum term in train_xor (deviates from the course's plain update)", {
    "Module.zero_grad": """
        for p in self.parameters():
            p.grad = 0
    """,
    "Neuron.__init__": """
        rng = rng if rng else random.Random()
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        y = self.b + sum(wi * xi for wi, xi in zip(self.w, x))
        if self.nonlin:
            y = y.tanh()
        return y
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        ys = [neuron(x) for neuron in self.neurons]
        if len(ys) == 1:
            return ys[0]
        return ys
    """,
    "Layer.parameters": "return [p for neuron in self.neurons for p in neuron.parameters()]",
    "MLP.__init__": """
        rng = rng if rng else random.Random()
        sizes = [nin] + nouts
        self.layers = [Layer(i, o, nonlin=k < len(nouts) - 1, rng=rng)
                       for k, (i, o) in enumerate(zip(sizes, sizes[1:]))]
    """,
    "MLP.__call__": """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    "MLP.parameters": "return [p for layer in self.layers for p in layer.parameters()]",
    "train_xor": """
        model = MLP(2, [4, 1], rng=random.Random(seed))
        params = model.parameters()
        velocity = [0.0] * len(params)
        losses = []
        for _ in range(steps):
            loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
            losses.append(loss.data)
            model.zero_grad()
            loss.backward()
            for i, p in enumerate(params):
                velocity[i] = 0.5 * velocity[i] - lr * p.grad
                p.data += velocity[i]
        return losses
    """,
}, deviates="momentum 0.5 in the update")

student("s113", "independent: Nadia: a learning rate that decays linearly to a tenth over the steps", {
    "Module.zero_grad": """
        for w in self.parameters():
            w.grad = 0.0
    """,
    "Neuron.__init__": """
        source = rng or random.Random()
        self.w = [Value(source.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        z = self.b
        for w, v in zip(self.w, x):
            z = z + w * v
        return z.tanh() if self.nonlin else z
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        zs = [unit(x) for unit in self.neurons]
        return zs[0] if len(zs) == 1 else zs
    """,
    "Layer.parameters": "return [w for unit in self.neurons for w in unit.parameters()]",
    "MLP.__init__": """
        source = rng or random.Random()
        widths = [nin] + nouts
        depth = len(nouts)
        self.layers = [Layer(widths[d], widths[d + 1], nonlin=d < depth - 1, rng=source) for d in range(depth)]
    """,
    "MLP.__call__": """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    "MLP.parameters": "return [w for layer in self.layers for w in layer.parameters()]",
    "train_xor": """
        net = MLP(2, [4, 1], rng=random.Random(seed))
        record = []
        for step in range(steps):
            rate = lr * (1 - 0.9 * step / max(1, steps - 1))
            loss = sum((net(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
            record.append(loss.data)
            net.zero_grad()
            loss.backward()
            for w in net.parameters():
                w.data -= rate * w.grad
        return record
    """,
}, deviates="a decaying learning rate")

# ---------------------------------------------------------------- sources (copied by someone: write.py's COPIES)

student("s301", "source: Quentin: comments on every line, a weight scale argument, the loss before the update kept as a float", {
    "Module.zero_grad": """
        # gradients accumulate, so reset them before every backward
        for p in self.parameters():
            p.grad = 0.0
    """,
    "Neuron.__init__": """
        # one weight per input, uniform in [-1, 1]; bias starts at zero
        rng = rng or random.Random()
        self.w = [Value(rng.uniform(-1.0, 1.0)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        # w . x + b
        pre = self.b
        for wi, xi in zip(self.w, x):
            pre = pre + wi * xi
        # squash unless this is the output layer
        return pre.tanh() if self.nonlin else pre
    """,
    "Neuron.parameters": "return self.w + [self.b]  # weights first, then the bias",
    "Layer.__init__": """
        # every neuron gets the same kwargs (nonlin, rng)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]
    """,
    "Layer.__call__": """
        # a list of outputs, unwrapped when there is only one
        outs = [neuron(x) for neuron in self.neurons]
        return outs[0] if len(outs) == 1 else outs
    """,
    "Layer.parameters": "return [p for neuron in self.neurons for p in neuron.parameters()]",
    "MLP.__init__": """
        # sizes of consecutive layers; the final layer is linear
        rng = rng or random.Random()
        sizes = [nin] + list(nouts)
        last = len(nouts) - 1
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=(i != last), rng=rng) for i in range(len(nouts))]
    """,
    "MLP.__call__": """
        # feed the output of each layer into the next
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    "MLP.parameters": "return [p for layer in self.layers for p in layer.parameters()]",
    "train_xor": """
        # the course's loop: forward, loss, zero_grad, backward, update
        model = MLP(2, [4, 1], rng=random.Random(seed))
        losses = []
        for step in range(steps):
            preds = [model(x) for x in XOR_INPUTS]
            loss = sum((pred - target) ** 2 for pred, target in zip(preds, XOR_TARGETS))
            losses.append(float(loss.data))  # recorded before the update
            model.zero_grad()
            loss.backward()
            for p in model.parameters():
                p.data -= lr * p.grad
        return losses
    """,
})

student("s302", "source: Rosa: a _weighted_sum helper method, a while-free loop with enumerate, an early stop flag off by default", {
    "Module.zero_grad": """
        for parameter in self.parameters():
            parameter.grad = 0
    """,
    "Neuron.__init__": """
        self.rng = rng if rng is not None else random.Random()
        self.w = [Value(self.rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        s = self._weighted_sum(x)
        return s.tanh() if self.nonlin else s
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": """
        self.nin, self.nout = nin, nout
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]
    """,
    "Layer.__call__": """
        activations = [neuron(x) for neuron in self.neurons]
        return activations[0] if self.nout == 1 else activations
    """,
    "Layer.parameters": """
        collected = []
        for neuron in self.neurons:
            collected.extend(neuron.parameters())
        return collected
    """,
    "MLP.__init__": """
        rng = rng if rng is not None else random.Random()
        shape = [nin] + list(nouts)
        self.layers = []
        for index, (fan_in, fan_out) in enumerate(zip(shape, shape[1:])):
            hidden = index < len(nouts) - 1
            self.layers.append(Layer(fan_in, fan_out, nonlin=hidden, rng=rng))
    """,
    "MLP.__call__": """
        signal = x
        for layer in self.layers:
            signal = layer(signal)
        return signal
    """,
    "MLP.parameters": """
        collected = []
        for layer in self.layers:
            collected.extend(layer.parameters())
        return collected
    """,
    "train_xor": """
        model = MLP(2, [4, 1], rng=random.Random(seed))
        history = []
        for step in range(steps):
            loss = sum(((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)), Value(0))
            history.append(loss.data)
            model.zero_grad()
            loss.backward()
            for parameter in model.parameters():
                parameter.data -= lr * parameter.grad
            if STOP_EARLY and loss.data < 1e-6:
                break
        return history
    """,
}, edits=[("    def parameters(self):\n        return self.w + [self.b]\n",
           "    def parameters(self):\n        return self.w + [self.b]\n\n    def _weighted_sum(self, x):\n"
           "        total = self.b\n        for weight, value in zip(self.w, x):\n"
           "            total = total + weight * value\n        return total\n"),
          ("XOR_INPUTS = ", "STOP_EARLY = False  # set True to stop once the loss is tiny\n\nXOR_INPUTS = ")])

student("s303", "source: Sven: compact one-liners, a layer returns a tuple-free list, a dict of losses printed at the end", {
    "Module.zero_grad": """
        for p in self.parameters(): p.grad = 0
    """,
    "Neuron.__init__": """
        rng = rng or random.Random()
        self.w, self.b, self.nonlin = [Value(rng.uniform(-1, 1)) for _ in range(nin)], Value(0.0), nonlin
    """,
    "Neuron.__call__": """
        a = sum((w * v for w, v in zip(self.w, x)), self.b)
        return a.tanh() if self.nonlin else a
    """,
    "Neuron.parameters": "return [*self.w, self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        r = [n(x) for n in self.neurons]
        return r[0] if len(r) == 1 else r
    """,
    "Layer.parameters": "return [p for n in self.neurons for p in n.parameters()]",
    "MLP.__init__": """
        rng, dims = rng or random.Random(), [nin, *nouts]
        self.layers = [Layer(dims[i], dims[i + 1], nonlin=i < len(nouts) - 1, rng=rng) for i in range(len(nouts))]
    """,
    "MLP.__call__": """
        for L in self.layers: x = L(x)
        return x
    """,
    "MLP.parameters": "return [p for L in self.layers for p in L.parameters()]",
    "train_xor": """
        net, hist = MLP(2, [4, 1], rng=random.Random(seed)), []
        for _ in range(steps):
            loss = sum((net(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
            hist.append(loss.data)
            net.zero_grad(); loss.backward()
            for p in net.parameters(): p.data -= lr * p.grad
        return hist
    """,
}, edits=[(None, '''

if __name__ == "__main__":
    h = train_xor()
    print({k: round(h[k], 6) for k in (0, 100, 200, len(h) - 1)})
''')])

student("s304", "source: Tomasz: Polish comments, a forward helper and a sse() function of his own", {
    "Module.zero_grad": """
        for p in self.parameters():
            p.grad = 0  # zerujemy gradienty
    """,
    "Neuron.__init__": """
        gen = rng or random.Random()
        self.w = [Value(gen.uniform(-1, 1)) for _ in range(nin)]  # wagi
        self.b = Value(0.0)  # obciążenie
        self.nonlin = nonlin
    """,
    "Neuron.__call__": """
        suma = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return suma.tanh() if self.nonlin else suma
    """,
    "Neuron.parameters": "return self.w + [self.b]",
    "Layer.__init__": "self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
    "Layer.__call__": """
        wyjscia = [n(x) for n in self.neurons]
        return wyjscia[0] if len(wyjscia) == 1 else wyjscia
    """,
    "Layer.parameters": "return [p for n in self.neurons for p in n.parameters()]",
    "MLP.__init__": """
        gen = rng or random.Random()
        rozmiary = [nin] + list(nouts)
        self.layers = [Layer(rozmiary[i], rozmiary[i + 1], nonlin=i != len(nouts) - 1, rng=gen)
                       for i in range(len(nouts))]
    """,
    "MLP.__call__": """
        for warstwa in self.layers:
            x = warstwa(x)
        return x
    """,
    "MLP.parameters": "return [p for warstwa in self.layers for p in warstwa.parameters()]",
    "train_xor": """
        siec = MLP(2, [4, 1], rng=random.Random(seed))
        straty = []
        for _ in range(steps):
            strata = sse(siec, XOR_INPUTS, XOR_TARGETS)
            straty.append(strata.data)
            siec.zero_grad()
            strata.backward()
            for p in siec.parameters():
                p.data -= lr * p.grad  # krok gradientu
        return straty
    """,
}, edits=[("\n\ndef train_xor(", '''


def sse(model, inputs, targets):
    """Suma kwadratów błędów."""
    return sum((model(x) - t) ** 2 for x, t in zip(inputs, targets))


def train_xor(''')])

# ---------------------------------------------------------------- hard-negative pairs: the course's texts pasted

student("s501", "hard h1: the lecture's MLP pasted", LECTURE, hard_pair="h1")
student("s502", "hard h1: the lecture's MLP pasted, the TODO comments kept", LECTURE, keep_todo=True, hard_pair="h1")
student("s503", "hard h2: the TA's forum post pasted", TA_POST, hard_pair="h2")
student("s504", "hard h2: the TA's forum post pasted, the TODO comments kept", TA_POST, keep_todo=True,
        hard_pair="h2")
student("s505", "hard h3: the lecture's classes with the TA's train_xor", {**LECTURE, "train_xor": TA_POST["train_xor"]},
        hard_pair="h3")
student("s506", "hard h3: the lecture's classes with the TA's train_xor, a print of the final loss",
        {**LECTURE, "train_xor": TA_POST["train_xor"].replace("        return history\n",
                                                              "        print(history[-1])\n        return history\n")},
        hard_pair="h3")

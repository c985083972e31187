"""Each starter-filled student's fifteen TODO bodies (numbered as the starter's TODOs), written one student at a time
as that student would: canonical lines (`a.grad += out.grad`) coincide, whole sets of bodies do not, but in the hard
pairs, which paste the course's texts (LECTURE, TA_POST). A student's `edit` changes their files beyond the TODOs
(an import, a helper, a README note, a tests/ folder)."""

from __future__ import annotations

import re


def _sub(path: str, old: str, new: str, count: int = 1):
    def edit(files: dict[str, str]) -> None:
        assert old in files[path], (path, old)
        files[path] = files[path].replace(old, new, count)
    return edit


def _add(path: str, text: str):
    def edit(files: dict[str, str]) -> None:
        files[path] = files.get(path, "") + text
    return edit


NN_PLAIN = {
    9: """
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return act.tanh() if self.nonlin else act
    """,
    10: "return self.w + [self.b]",
    11: """
        outs = [n(x) for n in self.neurons]
        return outs[0] if len(outs) == 1 else outs
    """,
    12: "return [p for n in self.neurons for p in n.parameters()]",
    13: """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    14: "return [p for layer in self.layers for p in layer.parameters()]",
}

# The lecturer's solution, shown in the seminar (materials/lecture/): recursive topo as in the slides, with the limit
LECTURE = {
    1: """
        a.grad += out.grad
        b.grad += out.grad
    """,
    2: """
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    """,
    3: "a.grad += n * a.data ** (n - 1) * out.grad",
    4: "a.grad += (out.data > 0) * out.grad",
    5: "a.grad += (1 - t ** 2) * out.grad",
    6: "a.grad += out.data * out.grad",
    7: "a.grad += (1 / a.data) * out.grad",
    8: """
        topo, visited = [], set()
        stack = [(self, iter(self._inputs))]
        visited.add(self)
        while stack:
            node, children = stack[-1]
            for child in children:
                if child not in visited:
                    visited.add(child)
                    stack.append((child, iter(child._inputs)))
                    break
            else:
                stack.pop()
                topo.append(node)
        self.grad = 1.0
        for node in reversed(topo):
            node._backward()
    """,
    **NN_PLAIN,
    15: """
        preds = [model(x) for x in X]
        loss = sum((p - y) ** 2 for p, y in zip(preds, Y))
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.05 * p.grad
    """,
}

# The TA's forum post ("backward() 的另一种写法：Kahn 算法", materials/ta-post/): Kahn's order, g = out.grad in every rule
TA_POST = {
    1: """
        g = out.grad
        a.grad += g
        b.grad += g
    """,
    2: """
        g = out.grad
        a.grad += b.data * g
        b.grad += a.data * g
    """,
    3: """
        g = out.grad
        a.grad += n * (a.data ** (n - 1)) * g
    """,
    4: """
        g = out.grad
        if out.data > 0:
            a.grad += g
    """,
    5: """
        g = out.grad
        a.grad += (1.0 - t * t) * g
    """,
    6: """
        g = out.grad
        a.grad += out.data * g
    """,
    7: """
        g = out.grad
        a.grad += g / a.data
    """,
    8: """
        # 1. 找出所有节点，并数出每个节点被多少个节点用作输入
        users = {}
        nodes, stack = [], [self]
        users[self] = 0
        while stack:
            node = stack.pop()
            nodes.append(node)
            for child in node._inputs:
                if child not in users:
                    users[child] = 0
                    stack.append(child)
                users[child] += 1
        # 2. Kahn 算法：一个节点的所有使用者都处理完之后才处理它
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            node._backward()
            for child in node._inputs:
                users[child] -= 1
                if users[child] == 0:
                    ready.append(child)
    """,
}

STUDENTS: dict[str, dict] = {}


def student(sid: str, kind: str, bodies: dict, keep_todo: bool = False, edits=(), **label):
    STUDENTS[sid] = {"kind": kind, "bodies": bodies, "keep_todo": keep_todo, "edits": list(edits), "label": label}


# ---------------------------------------------------------------- independent students who filled the starter

student("Zhang Wei_100101", "independent: 张伟: Chinese comments, a stack of (node, expanded) pairs", {
    1: """
        a.grad += out.grad  # 加法：梯度原样传回两个输入
        b.grad += out.grad
    """,
    2: """
        a.grad += b.data * out.grad  # 乘法：乘以另一个输入
        b.grad += a.data * out.grad
    """,
    3: "a.grad += n * a.data ** (n - 1) * out.grad  # 幂函数求导",
    4: "a.grad += (1.0 if out.data > 0 else 0.0) * out.grad",
    5: "a.grad += (1 - t * t) * out.grad  # 用输出 t 计算",
    6: "a.grad += out.data * out.grad  # exp 的导数等于自身",
    7: "a.grad += out.grad / a.data",
    8: """
        # 迭代的深度优先搜索：栈里放 (节点, 是否已展开)
        order, seen = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)  # 所有输入都已排好，才轮到它
                continue
            if node in seen:
                continue
            seen.add(node)
            stack.append((node, True))
            for child in node._inputs:
                if child not in seen:
                    stack.append((child, False))
        self.grad = 1.0  # dL/dL = 1
        for node in reversed(order):
            node._backward()
    """,
    9: """
        # 加权求和再加偏置
        act = self.b
        for wi, xi in zip(self.w, x):
            act = act + wi * xi
        return act.tanh() if self.nonlin else act
    """,
    10: "return self.w + [self.b]",
    11: """
        outs = [neuron(x) for neuron in self.neurons]
        return outs[0] if len(outs) == 1 else outs
    """,
    12: """
        params = []
        for neuron in self.neurons:
            params.extend(neuron.parameters())
        return params
    """,
    13: """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    14: """
        params = []
        for layer in self.layers:
            params.extend(layer.parameters())
        return params
    """,
    15: """
        preds = [model(x) for x in X]
        loss = sum((p - y) ** 2 for p, y in zip(preds, Y))  # 平方误差之和
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.05 * p.grad
        if step % 20 == 0:
            print(step, loss.data)
    """,
}, edits=[_add("README.md", "\n## 说明（张伟）\n\nbackward 用显式栈实现，没有递归。训练 200 步后损失约 0.01。\n")])

student("Li Na_100102", "independent: Li Na: English comments, Kahn's algorithm on consumer counts, g = out.grad", {
    1: """
        # d(a+b)/da = d(a+b)/db = 1
        upstream = out.grad
        a.grad += upstream
        b.grad += upstream
    """,
    2: """
        # product rule: each input gets the other one's value
        upstream = out.grad
        a.grad += upstream * b.data
        b.grad += upstream * a.data
    """,
    3: """
        # power rule, n is a plain number
        a.grad += out.grad * n * a.data ** (n - 1)
    """,
    4: """
        # gradient flows only where the unit was active
        if out.data > 0.0:
            a.grad += out.grad
    """,
    5: """
        # tanh' = 1 - tanh^2, and t is the output we already have
        a.grad += out.grad * (1.0 - t ** 2)
    """,
    6: """
        # e^x is its own derivative
        a.grad += out.grad * out.data
    """,
    7: """
        # d ln(x)/dx = 1/x, x being the input
        a.grad += out.grad * (1.0 / a.data)
    """,
    8: """
        # count, for every node, how many nodes consume it
        consumers = {id(self): 0}
        everything = {id(self): self}
        todo = [self]
        while todo:
            v = todo.pop()
            for u in v._inputs:
                if id(u) not in consumers:
                    consumers[id(u)] = 0
                    everything[id(u)] = u
                    todo.append(u)
                consumers[id(u)] += 1
        # Kahn: a node is ready once all its consumers have pushed their gradient into it
        self.grad = 1.0
        ready = [self]
        while ready:
            v = ready.pop(0)
            v._backward()
            for u in v._inputs:
                consumers[id(u)] -= 1
                if consumers[id(u)] == 0:
                    ready.append(u)
    """,
    9: """
        # weighted sum of the inputs plus the bias
        total = sum((w * xi for w, xi in zip(self.w, x)), self.b)
        if self.nonlin:
            return total.tanh()
        return total
    """,
    10: "return [*self.w, self.b]",
    11: """
        result = [neuron(x) for neuron in self.neurons]
        if len(result) == 1:
            return result[0]
        return result
    """,
    12: "return [param for neuron in self.neurons for param in neuron.parameters()]",
    13: """
        out = x
        for layer in self.layers:
            out = layer(out)
        return out
    """,
    14: "return [param for layer in self.layers for param in layer.parameters()]",
    15: """
        # forward pass over the four XOR rows
        loss = 0
        for x, y in zip(X, Y):
            loss = loss + (model(x) - y) ** 2
        # backward pass
        model.zero_grad()
        loss.backward()
        # plain SGD
        for param in model.parameters():
            param.data += -0.05 * param.grad
    """,
})

student("Wang Fang_100103", "independent: 王芳: a numerical-analysis student: Kahan-compensated sums in the neuron and the loss, an explicit iterator stack", {
    1: """
        a.grad += out.grad
        b.grad += out.grad
    """,
    2: """
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    """,
    3: """
        # n == 0 时 x^(n-1) 可能除零，直接跳过
        if n != 0:
            a.grad += n * a.data ** (n - 1) * out.grad
    """,
    4: "a.grad += out.grad if out.data > 0 else 0.0",
    5: """
        # 1 - t^2 写成 (1 - t)(1 + t)，|t| 接近 1 时舍入误差更小
        a.grad += (1.0 - t) * (1.0 + t) * out.grad
    """,
    6: "a.grad += out.data * out.grad",
    7: "a.grad += out.grad / a.data",
    8: """
        post = []
        done = {self}
        path = [(self, iter(self._inputs))]
        while path:
            v, rest = path[-1]
            nxt = next((u for u in rest if u not in done), None)
            if nxt is None:
                path.pop()
                post.append(v)
            else:
                done.add(nxt)
                path.append((nxt, iter(nxt._inputs)))
        self.grad = 1.0
        for v in post[::-1]:
            v._backward()
    """,
    9: """
        # Kahan 补偿求和：c 记录每次相加丢掉的低位
        s, c = self.b, 0.0
        for wi, xi in zip(self.w, x):
            y = wi * xi - c
            t = s + y
            c = (t - s) - y
            s = t
        return s.tanh() if self.nonlin else s
    """,
    10: "return list(self.w) + [self.b]",
    11: """
        ys = [nrn(x) for nrn in self.neurons]
        return ys[0] if len(ys) == 1 else ys
    """,
    12: "return [p for nrn in self.neurons for p in nrn.parameters()]",
    13: """
        h = x
        for lay in self.layers:
            h = lay(h)
        return h
    """,
    14: "return [p for lay in self.layers for p in lay.parameters()]",
    15: """
        # 损失同样用 Kahan 求和
        loss, comp = 0.0, 0.0
        for x, y in zip(X, Y):
            e = (model(x) - y) ** 2 - comp
            tot = loss + e
            comp = (tot - loss) - e
            loss = tot
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.05 * p.grad
    """,
})

student("Liu Yang_100104", "independent: 刘洋: logs every rule and the walk with `logging`, a visited-on-pop stack with a done set", {
    1: """
        logger.debug("add backward: out.grad=%g", out.grad)
        a.grad += out.grad
        b.grad += out.grad
    """,
    2: """
        logger.debug("mul backward: out.grad=%g", out.grad)
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    """,
    3: """
        logger.debug("pow backward: n=%s", n)
        a.grad += n * (a.data ** (n - 1)) * out.grad
    """,
    4: """
        logger.debug("relu backward")
        a.grad += out.grad * (1.0 if a.data > 0 else 0.0)
    """,
    5: """
        logger.debug("tanh backward: t=%g", t)
        a.grad += out.grad * (1 - t * t)
    """,
    6: """
        logger.debug("exp backward")
        a.grad += out.grad * out.data
    """,
    7: """
        logger.debug("log backward: x=%g", a.data)
        a.grad += out.grad / a.data
    """,
    8: """
        order = []
        finished = set()
        pending = [self]
        while pending:
            node = pending[-1]
            if node in finished:
                pending.pop()
                continue
            waiting = [c for c in node._inputs if c not in finished]
            if waiting:
                pending.extend(waiting)
            else:
                pending.pop()
                finished.add(node)
                order.append(node)
        logger.info("backward over %d nodes", len(order))
        self.grad = 1.0
        for node in reversed(order):
            node._backward()
    """,
    9: """
        z = self.b
        for w, xi in zip(self.w, x):
            z = z + w * xi
        out = z.tanh() if self.nonlin else z
        logger.debug("neuron -> %g", out.data)
        return out
    """,
    10: "return self.w + [self.b]",
    11: """
        outputs = [n(x) for n in self.neurons]
        return outputs if len(outputs) > 1 else outputs[0]
    """,
    12: """
        ps = []
        for n in self.neurons:
            ps += n.parameters()
        return ps
    """,
    13: """
        for i, layer in enumerate(self.layers):
            x = layer(x)
            logger.debug("layer %d done", i)
        return x
    """,
    14: """
        ps = []
        for layer in self.layers:
            ps += layer.parameters()
        return ps
    """,
    15: """
        loss = sum(((model(x) - y) ** 2 for x, y in zip(X, Y)), 0.0)
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.05 * p.grad
        logger.info("step %d loss %.4f", step, loss.data)
    """,
}, edits=[
    _sub("micrograd/ops.py", "import math\n", "import logging\nimport math\n\nlogger = logging.getLogger(__name__)\n"),
    _sub("micrograd/engine.py", "from . import ops\n", "import logging\n\nfrom . import ops\n\nlogger = logging.getLogger(__name__)\n"),
    _sub("micrograd/nn.py", "import random\n", "import logging\nimport random\n\nlogger = logging.getLogger(__name__)\n"),
    _sub("train.py", "import random\n", "import logging\nimport random\n"),
    _sub("train.py", "random.seed(0)\n", "random.seed(0)\nlogging.basicConfig(level=logging.INFO)\nlogger = logging.getLogger(\"train\")\n"),
])

student("Chen Jing_100105", "independent: 陈静: generators everywhere (a post-order generator, yield from parameters)", {
    1: """
        for v in (a, b):
            v.grad += out.grad
    """,
    2: """
        for v, other in ((a, b), (b, a)):
            v.grad += other.data * out.grad
    """,
    3: "a.grad += out.grad * n * a.data ** (n - 1)",
    4: "a.grad += out.grad * (out.data > 0)",
    5: "a.grad += out.grad * (1 - t ** 2)",
    6: "a.grad += out.grad * out.data",
    7: "a.grad += out.grad * a.data ** -1",
    8: """
        def postorder(root):
            seen = {root}
            stack = [(root, iter(root._inputs))]
            while stack:
                node, kids = stack[-1]
                kid = next(kids, None)
                if kid is None:
                    stack.pop()
                    yield node
                elif kid not in seen:
                    seen.add(kid)
                    stack.append((kid, iter(kid._inputs)))

        order = list(postorder(self))
        self.grad = 1.0
        for node in reversed(order):
            node._backward()
    """,
    9: """
        act = sum((wi * xi for wi, xi in zip(self.w, x)), start=self.b)
        return act.tanh() if self.nonlin else act
    """,
    10: "return list(self._params())",
    11: """
        outs = list(n(x) for n in self.neurons)
        return outs[0] if len(outs) == 1 else outs
    """,
    12: "return list(p for n in self.neurons for p in n.parameters())",
    13: """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    14: "return list(p for layer in self.layers for p in layer.parameters())",
    15: """
        loss = sum((model(x) - y) ** 2 for x, y in zip(X, Y))
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.05 * p.grad
    """,
}, edits=[_sub("micrograd/nn.py", "        self.nonlin = nonlin\n",
               "        self.nonlin = nonlin\n\n    def _params(self):\n        yield from self.w\n        yield self.b\n")])

student("Yang Lei_100106", "independent: 杨磊: small pure functions (a _push helper for every rule, topo_order a function of its own)", {
    1: """
        _push(a, out.grad)
        _push(b, out.grad)
    """,
    2: """
        _push(a, out.grad * b.data)
        _push(b, out.grad * a.data)
    """,
    3: "_push(a, out.grad * n * a.data ** (n - 1))",
    4: "_push(a, out.grad if out.data > 0 else 0.0)",
    5: "_push(a, out.grad * (1 - t * t))",
    6: "_push(a, out.grad * out.data)",
    7: "_push(a, out.grad / a.data)",
    8: """
        self.grad = 1.0
        for node in reversed(topo_order(self)):
            node._backward()
    """,
    9: """
        pre = _dot(self.w, x) + self.b
        return pre.tanh() if self.nonlin else pre
    """,
    10: "return self.w + [self.b]",
    11: "return _single([n(x) for n in self.neurons])",
    12: "return _flat(n.parameters() for n in self.neurons)",
    13: """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    14: "return _flat(layer.parameters() for layer in self.layers)",
    15: """
        loss = mse(model, X, Y)
        model.zero_grad()
        loss.backward()
        sgd(model.parameters(), 0.05)
    """,
}, edits=[
    _sub("micrograd/ops.py", "\n\ndef as_value(x):",
         "\n\ndef _push(node, g):\n    \"\"\"把梯度 g 累加到 node 上。\"\"\"\n    node.grad += g\n\n\ndef as_value(x):"),
    _sub("micrograd/engine.py", "\n\nclass Value:",
         "\n\ndef topo_order(root):\n    \"\"\"root 能到达的所有节点，每个节点排在它的输入之后（不用递归）。\"\"\"\n"
         "    order, seen, stack = [], set(), [(root, False)]\n    while stack:\n        node, ready = stack.pop()\n"
         "        if ready:\n            order.append(node)\n        elif node not in seen:\n            seen.add(node)\n"
         "            stack.append((node, True))\n            stack.extend((c, False) for c in node._inputs)\n"
         "    return order\n\n\nclass Value:"),
    _sub("micrograd/nn.py", "\n\nclass Module:",
         "\n\ndef _dot(ws, xs):\n    return sum((w * x for w, x in zip(ws, xs)), 0.0)\n\n\ndef _single(outs):\n"
         "    return outs[0] if len(outs) == 1 else outs\n\n\ndef _flat(groups):\n"
         "    return [p for group in groups for p in group]\n\n\nclass Module:"),
    _sub("train.py", "\nmodel = MLP(2, [4, 1])\n",
         "\n\ndef mse(model, xs, ys):\n    return sum((model(x) - y) ** 2 for x, y in zip(xs, ys))\n\n\n"
         "def sgd(params, lr):\n    for p in params:\n        p.data -= lr * p.grad\n\n\nmodel = MLP(2, [4, 1])\n"),
])

student("Zhao Min_100107", "independent: 赵敏: a __repr__-heavy debug style (reprs for Neuron, Layer, MLP), a two-stack post-order", {
    1: """
        a.grad += 1.0 * out.grad
        b.grad += 1.0 * out.grad
    """,
    2: """
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    """,
    3: "a.grad += (n * a.data ** (n - 1)) * out.grad",
    4: "a.grad += float(out.data > 0) * out.grad",
    5: "a.grad += (1.0 - t ** 2) * out.grad",
    6: "a.grad += math.exp(a.data) * out.grad",
    7: "a.grad += 1.0 / a.data * out.grad",
    8: """
        # 两个栈的后序遍历：s1 出栈顺序反过来就是拓扑序的逆序
        s1, s2, seen = [self], [], {self}
        while s1:
            v = s1.pop()
            s2.append(v)
            for c in v._inputs:
                if c not in seen:
                    seen.add(c)
                    s1.append(c)
        # s2 不一定是拓扑序；再按“所有使用者都处理完”来调度
        pending = {}
        for v in s2:
            for c in v._inputs:
                pending[c] = pending.get(c, 0) + 1
        self.grad = 1.0
        queue = [self]
        while queue:
            v = queue.pop()
            v._backward()
            for c in v._inputs:
                pending[c] -= 1
                if not pending[c]:
                    queue.append(c)
    """,
    9: """
        acc = self.b
        for k in range(len(self.w)):
            acc = acc + self.w[k] * x[k]
        return acc.tanh() if self.nonlin else acc
    """,
    10: "return self.w + [self.b]",
    11: """
        res = [n(x) for n in self.neurons]
        return res[0] if len(res) == 1 else res
    """,
    12: "return [p for n in self.neurons for p in n.parameters()]",
    13: """
        for l in self.layers:
            x = l(x)
        return x
    """,
    14: "return [p for l in self.layers for p in l.parameters()]",
    15: """
        preds = [model(x) for x in X]
        loss = sum([(yp - yt) ** 2 for yp, yt in zip(preds, Y)])
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.05 * p.grad
        if step in (0, 50, 100, 199):
            print(f"step {step}: {loss!r}")
            print(model)
    """,
}, edits=[
    _sub("micrograd/nn.py", "        self.nonlin = nonlin\n",
         "        self.nonlin = nonlin\n\n    def __repr__(self):\n"
         "        kind = \"Tanh\" if self.nonlin else \"Linear\"\n"
         "        return f\"{kind}Neuron({len(self.w)}, w={[round(w.data, 3) for w in self.w]}, b={self.b.data:.3f})\"\n"),
    _sub("micrograd/nn.py", "        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]\n",
         "        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]\n\n    def __repr__(self):\n"
         "        return f\"Layer of [{', '.join(repr(n) for n in self.neurons)}]\"\n"),
    _sub("micrograd/nn.py", "for i in range(len(nouts))]\n",
         "for i in range(len(nouts))]\n\n    def __repr__(self):\n"
         "        return \"MLP(\\n  \" + \",\\n  \".join(repr(layer) for layer in self.layers) + \"\\n)\"\n"),
])

student("Zhou Jie_100108", "independent: 周杰: pinyin names, the TODO prompts kept, a recursive sort with the limit raised", {
    1: """
        a.grad += out.grad
        b.grad += out.grad
    """,
    2: """
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    """,
    3: "a.grad += n * (a.data ** (n - 1)) * out.grad",
    4: "a.grad += (out.data > 0) * out.grad",
    5: """
        daoshu = 1 - a.data ** 2  # tanh 的导数
        a.grad += daoshu * out.grad
    """,
    6: "a.grad += out.data * out.grad",
    7: "a.grad += out.grad / a.data",
    8: """
        import sys
        sys.setrecursionlimit(100000)
        shunxu = []
        yifangwen = set()

        def paixu(jiedian):
            if jiedian not in yifangwen:
                yifangwen.add(jiedian)
                for shuru in jiedian._inputs:
                    paixu(shuru)
                shunxu.append(jiedian)

        paixu(self)
        self.grad = 1.0
        for jiedian in reversed(shunxu):
            jiedian._backward()
    """,
    9: """
        jieguo = self.b
        for quanzhong, shuru in zip(self.w, x):
            jieguo = jieguo + quanzhong * shuru
        if self.nonlin:
            jieguo = jieguo.tanh()
        return jieguo
    """,
    10: "return self.w + [self.b]",
    11: """
        shuchu = [shenjingyuan(x) for shenjingyuan in self.neurons]
        return shuchu[0] if len(shuchu) == 1 else shuchu
    """,
    12: "return [canshu for shenjingyuan in self.neurons for canshu in shenjingyuan.parameters()]",
    13: """
        for ceng in self.layers:
            x = ceng(x)
        return x
    """,
    14: "return [canshu for ceng in self.layers for canshu in ceng.parameters()]",
    15: """
        sunshi = 0
        for shuru, mubiao in zip(X, Y):
            sunshi = sunshi + (model(shuru) - mubiao) ** 2
        model.zero_grad()
        sunshi.backward()
        for canshu in model.parameters():
            canshu.data -= 0.05 * canshu.grad
    """,
}, keep_todo=True, bug="tanh's local derivative from the input (`1 - a.data ** 2`) instead of the output t")

student("Wu Xia_100109", "independent: 吴霞: a plain fill in English and Chinese, depth-first with a list as the visited set", {
    1: """
        a.grad += out.grad
        b.grad += out.grad
    """,
    2: """
        a.grad = b.data * out.grad
        b.grad = a.data * out.grad
    """,
    3: "a.grad += n * a.data ** (n - 1) * out.grad",
    4: """
        if a.data > 0:
            a.grad += out.grad
    """,
    5: "a.grad += (1 - t ** 2) * out.grad",
    6: "a.grad += out.data * out.grad",
    7: "a.grad += (1 / a.data) * out.grad",
    8: """
        # build the order (iterative), then go backwards through it
        topo = []
        visited = set()
        work = [self]
        while work:
            node = work[-1]
            new = [p for p in node._inputs if p not in visited]
            if new:
                work += new
            else:
                work.pop()
                if node not in visited:
                    visited.add(node)
                    topo.append(node)
        self.grad = 1
        for node in topo[::-1]:
            node._backward()
    """,
    **NN_PLAIN,
    15: """
        ypred = [model(x) for x in X]
        loss = sum((yout - ygt) ** 2 for ygt, yout in zip(Y, ypred))
        for p in model.parameters():
            p.grad = 0.0
        loss.backward()
        for p in model.parameters():
            p.data += -0.05 * p.grad
        print(step, loss.data)
    """,
}, bug="mul's rule sets the gradients (`a.grad = b.data * out.grad`) instead of adding: a*a keeps one path")

student("Xu Hao_100110", "independent: 徐浩: nodes sorted by their depth (longest path from the loss), a while loop over an index", {
    1: """
        a.grad = a.grad + out.grad
        b.grad = b.grad + out.grad
    """,
    2: """
        a.grad = a.grad + b.data * out.grad
        b.grad = b.grad + a.data * out.grad
    """,
    3: "a.grad = a.grad + n * a.data ** (n - 1) * out.grad",
    4: "a.grad = a.grad + (out.grad if a.data > 0 else 0)",
    5: "a.grad = a.grad + (1 - t * t) * out.grad",
    6: "a.grad = a.grad + out.data * out.grad",
    7: "a.grad = a.grad + out.grad / a.data",
    8: """
        # 深度 = 从损失出发的最长路径长度；按深度从小到大处理即可
        depth = {self: 0}
        frontier = [self]
        while frontier:
            nxt = []
            for node in frontier:
                for src in node._inputs:
                    if depth.get(src, -1) < depth[node] + 1:
                        depth[src] = depth[node] + 1
                        nxt.append(src)
            frontier = nxt
        nodes = sorted(depth, key=depth.get)
        self.grad = 1.0
        i = 0
        while i < len(nodes):
            nodes[i]._backward()
            i += 1
    """,
    9: """
        s = self.b
        i = 0
        while i < len(self.w):
            s = s + self.w[i] * x[i]
            i += 1
        return s.tanh() if self.nonlin else s
    """,
    10: "return self.w + [self.b]",
    11: """
        ys = []
        for n in self.neurons:
            ys.append(n(x))
        return ys[0] if len(ys) == 1 else ys
    """,
    12: """
        ps = []
        for n in self.neurons:
            ps = ps + n.parameters()
        return ps
    """,
    13: """
        out = x
        for layer in self.layers:
            out = layer(out)
        return out
    """,
    14: """
        ps = []
        for layer in self.layers:
            ps = ps + layer.parameters()
        return ps
    """,
    15: """
        total = 0
        i = 0
        while i < len(X):
            d = model(X[i]) - Y[i]
            total = total + d * d
            i += 1
        model.zero_grad()
        total.backward()
        for p in model.parameters():
            p.data = p.data - 0.05 * p.grad
    """,
})

student("Sun Li_100111", "independent: 孙丽: a tests/ folder of her own, learning-rate decay, an iterative colour-free DFS with an index per frame", {
    1: """
        a.grad += out.grad
        b.grad += out.grad
    """,
    2: """
        a.grad += out.grad * b.data
        b.grad += out.grad * a.data
    """,
    3: """
        local = n * a.data ** (n - 1)
        a.grad += local * out.grad
    """,
    4: """
        local = 1.0 if out.data > 0 else 0.0
        a.grad += local * out.grad
    """,
    5: """
        local = 1.0 - t * t
        a.grad += local * out.grad
    """,
    6: """
        local = out.data
        a.grad += local * out.grad
    """,
    7: """
        local = 1.0 / a.data
        a.grad += local * out.grad
    """,
    8: """
        # 每一帧记住下一个要看的输入的下标
        topo, seen = [], {self}
        frames = [[self, 0]]
        while frames:
            frame = frames[-1]
            node, i = frame
            if i < len(node._inputs):
                frame[1] += 1
                child = node._inputs[i]
                if child not in seen:
                    seen.add(child)
                    frames.append([child, 0])
            else:
                frames.pop()
                topo.append(node)
        self.grad = 1.0
        for node in reversed(topo):
            node._backward()
    """,
    9: """
        z = sum([wi * xi for wi, xi in zip(self.w, x)]) + self.b
        return z.tanh() if self.nonlin else z
    """,
    10: "return self.w + [self.b]",
    11: """
        out = [neuron(x) for neuron in self.neurons]
        return out[0] if len(out) == 1 else out
    """,
    12: "return sum((neuron.parameters() for neuron in self.neurons), [])",
    13: """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    14: "return sum((layer.parameters() for layer in self.layers), [])",
    15: """
        lr = 0.1 * (1 - step / 200) + 0.01  # 学习率线性衰减
        loss = sum((model(x) - y) ** 2 for x, y in zip(X, Y))
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= lr * p.grad
    """,
}, edits=[_add("tests/test_engine.py", '''"""孙丽自己写的测试：python -m pytest tests/"""

import math

from micrograd import Value


def test_square_uses_both_paths():
    a = Value(3.0)
    (a * a).backward()
    assert a.grad == 6.0


def test_tanh_at_zero():
    x = Value(0.0)
    x.tanh().backward()
    assert math.isclose(x.grad, 1.0)


def test_numeric_log():
    x = Value(1.7)
    x.log().backward()
    h = 1e-6
    assert math.isclose(x.grad, (math.log(1.7 + h) - math.log(1.7 - h)) / (2 * h), rel_tol=1e-6)
''')])

# ---------------------------------------------------------------- sources (each copied by someone: write.py's COPIES)

student("Ma Chao_100201", "source: 马超: Chinese comments on every rule, a DFS over an explicit stack of child iterators", {
    1: """
        # 加法：局部导数都是 1
        a.grad += 1.0 * out.grad
        b.grad += 1.0 * out.grad
    """,
    2: """
        # 乘法：互相交换
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    """,
    3: """
        # 幂：n * x^(n-1)
        a.grad += n * a.data ** (n - 1) * out.grad
    """,
    4: """
        # relu：大于 0 才有梯度
        a.grad += (out.data > 0) * out.grad
    """,
    5: """
        # tanh：1 - t^2
        a.grad += (1 - t * t) * out.grad
    """,
    6: """
        # exp：等于输出
        a.grad += out.data * out.grad
    """,
    7: """
        # log：1/x
        a.grad += out.grad / a.data
    """,
    8: """
        # 第一步：拓扑排序（用栈代替递归，避免长链时递归太深）
        topo = []
        visited = {self}
        stack = [(self, iter(self._inputs))]
        while stack:
            node, it = stack[-1]
            child = next(it, None)
            if child is None:
                stack.pop()
                topo.append(node)
            elif child not in visited:
                visited.add(child)
                stack.append((child, iter(child._inputs)))
        # 第二步：从损失开始，按逆拓扑序传播梯度
        self.grad = 1.0
        for node in reversed(topo):
            node._backward()
    """,
    9: """
        # 线性部分
        z = self.b
        for w_i, x_i in zip(self.w, x):
            z = z + w_i * x_i
        # 激活
        return z.tanh() if self.nonlin else z
    """,
    10: "return self.w + [self.b]",
    11: """
        outs = [n(x) for n in self.neurons]
        return outs[0] if len(outs) == 1 else outs
    """,
    12: "return [p for n in self.neurons for p in n.parameters()]",
    13: """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    14: "return [p for layer in self.layers for p in layer.parameters()]",
    15: """
        # 前向
        outputs = [model(x) for x in X]
        loss = sum((o - y) ** 2 for o, y in zip(outputs, Y))
        # 反向
        model.zero_grad()
        loss.backward()
        # 更新
        for p in model.parameters():
            p.data -= 0.05 * p.grad
        if step % 50 == 0:
            print(f"第 {step} 步，损失 {loss.data:.4f}")
    """,
}, edits=[_add("README.md", "\n## 马超的说明\n\n拓扑排序用栈实现。XOR 训练 200 步能学会。\n")])

student("Zhu Ying_100202", "source: Zhu Ying: English, Kahn's algorithm with collections.deque, a hinge-free MSE mean", {
    1: """
        for inp in (a, b):
            inp.grad += out.grad  # identity for both
    """,
    2: """
        a.grad += out.grad * b.data  # d(ab)/da = b
        b.grad += out.grad * a.data  # d(ab)/db = a
    """,
    3: "a.grad += out.grad * (n * a.data ** (n - 1))  # power rule",
    4: "a.grad += out.grad * (1.0 if a.data > 0 else 0.0)  # step function",
    5: "a.grad += out.grad * (1.0 - t * t)  # uses the output",
    6: "a.grad += out.grad * out.data  # self-derivative",
    7: "a.grad += out.grad / a.data  # 1/x",
    8: """
        from collections import deque

        # in-degree here = how many nodes use this one as an input
        indeg = {}
        stack, seen = [self], {self}
        while stack:
            v = stack.pop()
            for u in v._inputs:
                indeg[u] = indeg.get(u, 0) + 1
                if u not in seen:
                    seen.add(u)
                    stack.append(u)
        self.grad = 1.0
        queue = deque([self])
        while queue:
            v = queue.popleft()
            v._backward()
            for u in v._inputs:
                indeg[u] -= 1
                if indeg[u] == 0:
                    queue.append(u)
    """,
    9: """
        activation = self.b + sum(wi * xi for wi, xi in zip(self.w, x))
        return activation.tanh() if self.nonlin else activation
    """,
    10: "return [*self.w, self.b]",
    11: """
        outputs = [neuron(x) for neuron in self.neurons]
        return outputs[0] if len(outputs) == 1 else outputs
    """,
    12: "return [p for neuron in self.neurons for p in neuron.parameters()]",
    13: """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    14: "return [p for layer in self.layers for p in layer.parameters()]",
    15: """
        loss = sum((model(x) - y) ** 2 for x, y in zip(X, Y)) / len(X)  # mean squared error
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.2 * p.grad  # the mean makes gradients 4x smaller
        if step % 25 == 0:
            print(f"step {step:3d}  mse {loss.data:.5f}")
    """,
})

student("Hu Bo_100203", "source: 胡博: pinyin names, a colour map (0 new, 1 open, 2 done) over an explicit stack", {
    1: """
        a.grad += out.grad
        b.grad += out.grad
    """,
    2: """
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    """,
    3: "a.grad += n * a.data ** (n - 1) * out.grad",
    4: "a.grad += out.grad * (out.data > 0)",
    5: "a.grad += out.grad * (1 - t * t)",
    6: "a.grad += out.grad * out.data",
    7: "a.grad += out.grad * (1 / a.data)",
    8: """
        yanse = {}  # 0 未访问，1 正在访问，2 已完成
        paixu = []
        zhan = [self]
        while zhan:
            jiedian = zhan[-1]
            if yanse.get(jiedian, 0) == 0:
                yanse[jiedian] = 1
                for shuru in jiedian._inputs:
                    if yanse.get(shuru, 0) == 0:
                        zhan.append(shuru)
            else:
                zhan.pop()
                if yanse[jiedian] == 1:
                    yanse[jiedian] = 2
                    paixu.append(jiedian)
        self.grad = 1.0
        for jiedian in reversed(paixu):
            jiedian._backward()
    """,
    9: """
        he = self.b
        for quan, shu in zip(self.w, x):
            he = he + quan * shu
        return he.tanh() if self.nonlin else he
    """,
    10: "return self.w + [self.b]",
    11: """
        jieguo = [sjy(x) for sjy in self.neurons]
        return jieguo[0] if len(jieguo) == 1 else jieguo
    """,
    12: "return [cs for sjy in self.neurons for cs in sjy.parameters()]",
    13: """
        for ceng in self.layers:
            x = ceng(x)
        return x
    """,
    14: "return [cs for ceng in self.layers for cs in ceng.parameters()]",
    15: """
        wucha = sum((model(shuru) - mubiao) ** 2 for shuru, mubiao in zip(X, Y))
        model.zero_grad()
        wucha.backward()
        for cs in model.parameters():
            cs.data -= 0.05 * cs.grad
    """,
})

student("Gao Yuan_100204", "source: 高远: the local derivative named first in every rule, a visited set and a reversed list built with insert(0)", {
    1: """
        d_a, d_b = 1.0, 1.0
        a.grad += d_a * out.grad
        b.grad += d_b * out.grad
    """,
    2: """
        d_a, d_b = b.data, a.data
        a.grad += d_a * out.grad
        b.grad += d_b * out.grad
    """,
    3: """
        d_a = n * a.data ** (n - 1)
        a.grad += d_a * out.grad
    """,
    4: """
        d_a = 1.0 if out.data > 0 else 0.0
        a.grad += d_a * out.grad
    """,
    5: """
        d_a = 1.0 - t * t
        a.grad += d_a * out.grad
    """,
    6: """
        d_a = out.data
        a.grad += d_a * out.grad
    """,
    7: """
        d_a = 1.0 / a.data
        a.grad += d_a * out.grad
    """,
    8: """
        # reverse topological order directly: a node goes in front of what it feeds
        order = []
        visited = set()
        stack = [(self, 0)]
        while stack:
            node, state = stack.pop()
            if state == 1:
                order.insert(0, node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, 1))
                for inp in node._inputs:
                    stack.append((inp, 0))
        self.grad = 1.0
        for node in order:
            node._backward()
    """,
    9: """
        pre_act = self.b
        for weight, xi in zip(self.w, x):
            pre_act += weight * xi
        if not self.nonlin:
            return pre_act
        return pre_act.tanh()
    """,
    10: "return self.w + [self.b]",
    11: """
        outs = [neuron(x) for neuron in self.neurons]
        if len(outs) == 1:
            return outs[0]
        return outs
    """,
    12: """
        result = []
        for neuron in self.neurons:
            result += neuron.parameters()
        return result
    """,
    13: """
        out = x
        for layer in self.layers:
            out = layer(out)
        return out
    """,
    14: """
        result = []
        for layer in self.layers:
            result += layer.parameters()
        return result
    """,
    15: """
        loss = Value(0.0)
        for xi, yi in zip(X, Y):
            diff = model(xi) - yi
            loss += diff * diff
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.05 * p.grad
    """,
}, edits=[_sub("train.py", "from micrograd import MLP\n", "from micrograd import MLP, Value\n")])

student("Lin Hui_100205", "source: 林慧: a Kahn-free two-pass walk (count users by id, then a ready stack), nn with explicit loops and a momentum update", {
    1: """
        a.grad += out.grad
        b.grad += out.grad
    """,
    2: """
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    """,
    3: "a.grad += n * a.data ** (n - 1) * out.grad",
    4: """
        if out.data > 0:
            a.grad += out.grad
    """,
    5: "a.grad += (1 - t ** 2) * out.grad",
    6: "a.grad += out.data * out.grad",
    7: "a.grad += out.grad / a.data",
    8: """
        # 第一遍：按 id 统计每个节点被用了几次
        uses = {}
        nodes = {id(self): self}
        stack = [self]
        while stack:
            node = stack.pop()
            for p in node._inputs:
                uses[id(p)] = uses.get(id(p), 0) + 1
                if id(p) not in nodes:
                    nodes[id(p)] = p
                    stack.append(p)
        # 第二遍：用完的节点才往下传
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            node._backward()
            for p in node._inputs:
                uses[id(p)] -= 1
                if uses[id(p)] == 0:
                    ready.append(p)
    """,
    9: """
        total = self.b
        for i in range(len(x)):
            total = total + self.w[i] * x[i]
        if self.nonlin:
            total = total.tanh()
        return total
    """,
    10: """
        params = list(self.w)
        params.append(self.b)
        return params
    """,
    11: """
        results = []
        for neuron in self.neurons:
            results.append(neuron(x))
        if len(results) == 1:
            return results[0]
        return results
    """,
    12: """
        params = []
        for neuron in self.neurons:
            for p in neuron.parameters():
                params.append(p)
        return params
    """,
    13: """
        value = x
        for layer in self.layers:
            value = layer(value)
        return value
    """,
    14: """
        params = []
        for layer in self.layers:
            for p in layer.parameters():
                params.append(p)
        return params
    """,
    15: """
        loss = 0
        for x, y in zip(X, Y):
            loss = loss + (model(x) - y) ** 2
        model.zero_grad()
        loss.backward()
        for i, p in enumerate(model.parameters()):
            velocity[i] = 0.9 * velocity[i] - 0.02 * p.grad  # 动量
            p.data += velocity[i]
    """,
}, edits=[_sub("train.py", "model = MLP(2, [4, 1])\n",
               "model = MLP(2, [4, 1])\nvelocity = [0.0] * len(model.parameters())\n")])

student("He Jun_100206", "source: 何军: every rule a loop over (input, local derivative) pairs, a recursive-free DFS with an explicit return-address flag", {
    1: """
        for node, local in ((a, 1.0), (b, 1.0)):
            node.grad += local * out.grad
    """,
    2: """
        for node, local in ((a, b.data), (b, a.data)):
            node.grad += local * out.grad
    """,
    3: """
        for node, local in ((a, n * a.data ** (n - 1)),):
            node.grad += local * out.grad
    """,
    4: """
        for node, local in ((a, float(out.data > 0)),):
            node.grad += local * out.grad
    """,
    5: """
        for node, local in ((a, 1 - t * t),):
            node.grad += local * out.grad
    """,
    6: """
        for node, local in ((a, out.data),):
            node.grad += local * out.grad
    """,
    7: """
        for node, local in ((a, 1 / a.data),):
            node.grad += local * out.grad
    """,
    8: """
        order, marked = [], set()
        todo = [(False, self)]
        while todo:
            leaving, node = todo.pop()
            if leaving:
                order.append(node)
            elif node not in marked:
                marked.add(node)
                todo.append((True, node))
                todo.extend((False, inp) for inp in node._inputs if inp not in marked)
        self.grad = 1.0
        for node in order[::-1]:
            node._backward()
    """,
    9: """
        s = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return s.tanh() if self.nonlin else s
    """,
    10: "return self.w + [self.b]",
    11: """
        ys = [neuron(x) for neuron in self.neurons]
        return ys[0] if len(ys) == 1 else ys
    """,
    12: "return [w for neuron in self.neurons for w in neuron.parameters()]",
    13: """
        for layer in self.layers:
            x = layer(x)
        return x
    """,
    14: "return [w for layer in self.layers for w in layer.parameters()]",
    15: """
        loss = sum([(model(x) - y) ** 2 for x, y in zip(X, Y)])
        model.zero_grad()
        loss.backward()
        for w in model.parameters():
            w.data -= 0.05 * w.grad
        history.append(loss.data)
    """,
}, edits=[_sub("train.py", "model = MLP(2, [4, 1])\n", "model = MLP(2, [4, 1])\nhistory = []\n"),
          _add("train.py", "print(\"最后的损失：\", history[-1])\n")])

# ---------------------------------------------------------------- hard-negative pairs: the course's texts pasted

student("Deng Hua_100301", "hard h1: the lecture's code pasted (TODO prompts kept)", LECTURE, keep_todo=True, hard_pair="h1")
student("Feng Lan_100302", "hard h1: the lecture's code pasted, a print in the loop", {
    **LECTURE, 15: LECTURE[15] + "print(step, loss.data)\n"}, hard_pair="h1")
student("Cao Yi_100303", "hard h2: the TA's forum post pasted for the rules and backward, the lecture's nn", {
    **NN_PLAIN, **TA_POST, 15: LECTURE[15]}, hard_pair="h2")
student("Peng Fei_100304", "hard h2: the TA's forum post pasted, the TODO prompts kept", {
    **NN_PLAIN, **TA_POST, 15: LECTURE[15]}, keep_todo=True, hard_pair="h2")
student("Xie Ning_100305", "hard h3: the lecture's rules with the TA's Kahn walk", {
    **LECTURE, 8: TA_POST[8]}, hard_pair="h3")
student("Tian Mei_100306", "hard h3: the lecture's rules with the TA's Kahn walk, the loss printed every 10 steps", {
    **LECTURE, 8: TA_POST[8], 15: LECTURE[15] + "if step % 10 == 0:\n    print(step, loss.data)\n"}, hard_pair="h3")

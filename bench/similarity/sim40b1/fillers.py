"""The starter-filled students of sim40b1, each body written as that student would write it (see README.md)."""

# s104 Алексей: Russian comments, a two-flag stack (node, expanded)
ALEKSEY = {
    "backward": '''
        order = topo_order(self)
        self.grad = 1.0  # затравка: d self / d self = 1
        for node in reversed(order):
            rule = BACKWARD_RULES.get(node.op)
            if rule is not None:  # у листьев правила нет
                rule(node)
''',
    "topo_order": '''
        order, seen = [], set()
        stack = [(root, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)  # все дети уже в order
                continue
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.append((node, True))
            for child in node.children:
                if id(child) not in seen:
                    stack.append((child, False))
        return order
''',
    "rule_add": '''
        a, b = node.children
        a.grad += node.grad  # производная по a равна 1
        b.grad += node.grad
''',
    "rule_mul": '''
        a, b = node.children
        a.grad += b.data * node.grad
        b.grad += a.data * node.grad
''',
    "rule_pow": '''
        (a,) = node.children
        k = node.power
        a.grad += k * a.data ** (k - 1) * node.grad
''',
    "rule_relu": '''
        (a,) = node.children
        if a.data > 0:  # в нуле производная 0
            a.grad += node.grad
''',
    "rule_tanh": '''
        (a,) = node.children
        a.grad += (1 - node.data ** 2) * node.grad
''',
    "rule_exp": '''
        (a,) = node.children
        a.grad += node.data * node.grad  # exp' = exp
''',
    "rule_log": '''
        (a,) = node.children
        a.grad += node.grad / a.data
''',
}

# s111 Марат: everything named in Russian transliteration, a path stack with child indices
MARAT = {
    "backward": '''
        poryadok = topo_order(self)
        self.grad = 1.0
        for uzel in poryadok[::-1]:
            pravilo = BACKWARD_RULES.get(uzel.op)
            if pravilo:
                pravilo(uzel)
''',
    "topo_order": '''
        poryadok = []
        posescheny = {id(root)}
        put = [[root, 0]]  # uzel i nomer sleduyuschego rebenka
        while put:
            verh = put[-1]
            uzel, nomer = verh
            if nomer < len(uzel.children):
                verh[1] += 1
                rebenok = uzel.children[nomer]
                if id(rebenok) not in posescheny:
                    posescheny.add(id(rebenok))
                    put.append([rebenok, 0])
            else:
                put.pop()
                poryadok.append(uzel)
        return poryadok
''',
    "rule_add": '''
        for rebenok in node.children:
            rebenok.grad += node.grad
''',
    "rule_mul": '''
        levyi, pravyi = node.children
        levyi.grad += pravyi.data * node.grad
        pravyi.grad += levyi.data * node.grad
''',
    "rule_pow": '''
        osnovanie = node.children[0]
        pokazatel = node.power
        osnovanie.grad += pokazatel * osnovanie.data ** (pokazatel - 1) * node.grad
''',
    "rule_relu": '''
        vhod = node.children[0]
        vhod.grad += (1.0 if vhod.data > 0 else 0.0) * node.grad
''',
    "rule_tanh": '''
        vhod = node.children[0]
        vhod.grad += (1.0 - node.data * node.data) * node.grad
''',
    "rule_exp": '''
        vhod = node.children[0]
        vhod.grad += math.exp(vhod.data) * node.grad
''',
    "rule_log": '''
        vhod = node.children[0]
        vhod.grad += (1.0 / vhod.data) * node.grad
''',
}

# s118 Вера: a statistician: math.fsum, formulas in docstrings, Kahn's algorithm on in-degrees
VERA = {
    "backward": '''
        """dL/dv = sum over consumers c of dL/dc * dc/dv, computed from the root down."""
        self.grad = 1.0
        for v in reversed(topo_order(self)):
            if v.op:
                BACKWARD_RULES[v.op](v)
''',
    "topo_order": '''
        """Kahn: count every node's consumers, emit a node once all its consumers are out; reverse at the end."""
        consumers = {}
        frontier, nodes = [root], {id(root): root}
        while frontier:
            v = frontier.pop()
            for c in v.children:
                consumers[id(c)] = consumers.get(id(c), 0) + 1
                if id(c) not in nodes:
                    nodes[id(c)] = c
                    frontier.append(c)
        ready, emitted = [root], []
        while ready:
            v = ready.pop()
            emitted.append(v)
            for c in v.children:
                consumers[id(c)] -= 1
                if consumers[id(c)] == 0:
                    ready.append(c)
        return emitted[::-1]
''',
    "rule_add": '''
        """g_a = g, g_b = g"""
        for c in node.children:
            c.grad = math.fsum((c.grad, node.grad))
''',
    "rule_mul": '''
        """g_a = g * b, g_b = g * a"""
        a, b = node.children
        a.grad = math.fsum((a.grad, node.grad * b.data))
        b.grad = math.fsum((b.grad, node.grad * a.data))
''',
    "rule_pow": '''
        """g_a = g * k * a^(k-1)"""
        a, = node.children
        a.grad = math.fsum((a.grad, node.grad * node.power * a.data ** (node.power - 1)))
''',
    "rule_relu": '''
        """g_a = g * 1[a > 0]"""
        a, = node.children
        a.grad = math.fsum((a.grad, node.grad * (a.data > 0)))
''',
    "rule_tanh": '''
        """g_a = g * (1 - t^2), t = tanh(a)"""
        a, = node.children
        a.grad = math.fsum((a.grad, node.grad * (1.0 - node.data ** 2)))
''',
    "rule_exp": '''
        """g_a = g * e^a"""
        a, = node.children
        a.grad = math.fsum((a.grad, node.grad * node.data))
''',
    "rule_log": '''
        """g_a = g / a"""
        a, = node.children
        a.grad = math.fsum((a.grad, node.grad / a.data))
''',
}

# s125 Ольга: keeps a debug log of every rule applied (TRACE list, footer prints it)
OLGA = {
    "header": "TRACE = []  # Ольга: журнал обратного прохода, для отладки\n\n",
    "backward": '''
        TRACE.clear()
        nodes = topo_order(self)
        self.grad = 1.0
        while nodes:
            n = nodes.pop()
            if n.op in BACKWARD_RULES:
                TRACE.append((n.op, n.data, n.grad))
                BACKWARD_RULES[n.op](n)
''',
    "topo_order": '''
        out, done, todo = [], set(), [root]
        while todo:
            n = todo[-1]
            if id(n) in done:
                todo.pop()
                continue
            waiting = [c for c in n.children if id(c) not in done]
            if waiting:
                todo.extend(waiting)
            else:
                todo.pop()
                done.add(id(n))
                out.append(n)
        return out
''',
    "rule_add": '''
        x, y = node.children
        x.grad += node.grad
        y.grad += node.grad
        TRACE.append(("  add ->", x.grad, y.grad))
''',
    "rule_mul": '''
        x, y = node.children
        x.grad += node.grad * y.data
        y.grad += node.grad * x.data
        TRACE.append(("  mul ->", x.grad, y.grad))
''',
    "rule_pow": '''
        x = node.children[0]
        x.grad += node.grad * node.power * x.data ** (node.power - 1)
        TRACE.append(("  pow ->", x.grad))
''',
    "rule_relu": '''
        x = node.children[0]
        x.grad += node.grad if x.data > 0 else 0.0
        TRACE.append(("  relu ->", x.grad))
''',
    "rule_tanh": '''
        x = node.children[0]
        x.grad += node.grad * (1 - node.data ** 2)
        TRACE.append(("  tanh ->", x.grad))
''',
    "rule_exp": '''
        x = node.children[0]
        x.grad += node.grad * node.data
        TRACE.append(("  exp ->", x.grad))
''',
    "rule_log": '''
        x = node.children[0]
        x.grad += node.grad / x.data
        TRACE.append(("  log ->", x.grad))
''',
    "footer": '''

if __name__ == "__main__":
    a, b = Value(2.0), Value(-3.0)
    (a * b + a.exp()).backward()
    for entry in TRACE:
        print(*entry)
''',
}

# s132 Игорь: a game programmer: flat arrays (list of nodes + parallel index lists), while loops with indices
IGOR = {
    "backward": '''
        flat = topo_order(self)
        self.grad = 1.0
        i = len(flat) - 1
        while i >= 0:
            n = flat[i]
            if n.op:
                BACKWARD_RULES[n.op](n)
            i -= 1
''',
    "topo_order": '''
        nodes = [root]
        index = {id(root): 0}
        j = 0
        while j < len(nodes):  # BFS: give every node a slot
            for c in nodes[j].children:
                if id(c) not in index:
                    index[id(c)] = len(nodes)
                    nodes.append(c)
            j += 1
        indeg = [0] * len(nodes)
        for n in nodes:
            for c in n.children:
                indeg[index[id(c)]] += 1
        ready = [0]
        flat = []
        while ready:
            k = ready.pop()
            flat.append(nodes[k])
            for c in nodes[k].children:
                s = index[id(c)]
                indeg[s] -= 1
                if indeg[s] == 0:
                    ready.append(s)
        flat.reverse()
        return flat
''',
    "rule_add": '''
        node.children[0].grad += node.grad
        node.children[1].grad += node.grad
''',
    "rule_mul": '''
        l, r = node.children[0], node.children[1]
        l.grad += r.data * node.grad
        r.grad += l.data * node.grad
''',
    "rule_pow": '''
        c = node.children[0]
        c.grad += node.power * (c.data ** (node.power - 1)) * node.grad
''',
    "rule_relu": '''
        c = node.children[0]
        c.grad += node.grad * float(c.data > 0.0)
''',
    "rule_tanh": '''
        t = node.data
        node.children[0].grad += (1.0 - t * t) * node.grad
''',
    "rule_exp": '''
        node.children[0].grad += node.data * node.grad
''',
    "rule_log": '''
        c = node.children[0]
        c.grad += node.grad * (1.0 / c.data)
''',
}

# s139 Настя: adds a `.dot` export (to_dot) at the bottom, a DFS over an explicit iterator stack
NASTYA = {
    "backward": '''
        self.grad = 1.0
        for v in reversed(topo_order(self)):
            if v.op != "":
                BACKWARD_RULES[v.op](v)
''',
    "topo_order": '''
        result, visited = [], {id(root)}
        stack = [(root, iter(root.children))]
        while stack:
            v, kids = stack[-1]
            for kid in kids:
                if id(kid) not in visited:
                    visited.add(id(kid))
                    stack.append((kid, iter(kid.children)))
                    break
            else:
                stack.pop()
                result.append(v)
        return result
''',
    "rule_add": '''
        left, right = node.children
        left.grad += 1.0 * node.grad
        right.grad += 1.0 * node.grad
''',
    "rule_mul": '''
        left, right = node.children
        left.grad += right.data * node.grad
        right.grad += left.data * node.grad
''',
    "rule_pow": '''
        base, = node.children
        base.grad += node.power * base.data ** (node.power - 1) * node.grad
''',
    "rule_relu": '''
        base, = node.children
        base.grad += (node.data > 0) * node.grad
''',
    "rule_tanh": '''
        base, = node.children
        base.grad += (1 - node.data ** 2) * node.grad
''',
    "rule_exp": '''
        base, = node.children
        base.grad += node.data * node.grad
''',
    "rule_log": '''
        base, = node.children
        base.grad += node.grad / base.data
''',
    "footer": '''


def to_dot(root):
    """Граф в формате graphviz: dot -Tpng graph.dot -o graph.png"""
    lines = ["digraph G {", "  rankdir=LR;"]
    for v in topo_order(root):
        label = f"{v.op or 'leaf'} | {v.data:.3f} | grad {v.grad:.3f}"
        lines.append(f'  n{id(v)} [shape=record, label="{label}"];')
        for c in v.children:
            lines.append(f"  n{id(c)} -> n{id(v)};")
    lines.append("}")
    return "\\n".join(lines)
''',
}

# s146 Катя: a beginner: TODO lines kept, commented-out prints, if/else everywhere
KATYA = {
    "keep_todo": True,
    "backward": '''
        order = topo_order(self)
        # print(len(order))
        self.grad = 1.0
        for i in range(len(order) - 1, -1, -1):
            node = order[i]
            if node.op == "":
                continue
            else:
                BACKWARD_RULES[node.op](node)
''',
    "topo_order": '''
        order = []
        visited = set()
        stack = [root]
        while len(stack) > 0:
            node = stack[-1]
            # print("смотрю", node)
            all_done = True
            for child in node.children:
                if child not in visited:
                    all_done = False
                    stack.append(child)
            if all_done:
                stack.pop()
                if node not in visited:
                    visited.add(node)
                    order.append(node)
        return order
''',
    "rule_add": '''
        a = node.children[0]
        b = node.children[1]
        a.grad = a.grad + node.grad
        b.grad = b.grad + node.grad
''',
    "rule_mul": '''
        a = node.children[0]
        b = node.children[1]
        a.grad = a.grad + b.data * node.grad
        b.grad = b.grad + a.data * node.grad
''',
    "rule_pow": '''
        a = node.children[0]
        # print("pow", node.power)
        a.grad = a.grad + node.power * a.data ** (node.power - 1) * node.grad
''',
    "rule_relu": '''
        a = node.children[0]
        if a.data > 0:
            a.grad = a.grad + node.grad
        else:
            a.grad = a.grad + 0
''',
    "rule_tanh": '''
        a = node.children[0]
        a.grad = a.grad + (1 - node.data ** 2) * node.grad
''',
    "rule_exp": '''
        a = node.children[0]
        a.grad = a.grad + node.data * node.grad
''',
    "rule_log": '''
        a = node.children[0]
        a.grad = a.grad + 1 / a.data * node.grad
''',
}

# s153 Tim: an exchange student: English comments, generators, a skip of zero gradients
TIM = {
    "backward": '''
        # seed the output, then push gradients down in reverse topological order
        self.grad = 1.0
        for node in reversed(topo_order(self)):
            if node.op and node.grad != 0.0:  # nothing to push
                BACKWARD_RULES[node.op](node)
''',
    "topo_order": '''
        # post-order DFS with an explicit stack of generators
        def kids(n):
            yield from n.children

        order, seen = [], {id(root)}
        stack = [(root, kids(root))]
        while stack:
            n, gen = stack[-1]
            nxt = next((c for c in gen if id(c) not in seen), None)
            if nxt is None:
                stack.pop()
                order.append(n)
            else:
                seen.add(id(nxt))
                stack.append((nxt, kids(nxt)))
        return order
''',
    "rule_add": '''
        for child in node.children:  # d(a+b)/da = d(a+b)/db = 1
            child.grad += node.grad
''',
    "rule_mul": '''
        a, b = node.children
        a.grad, b.grad = a.grad + b.data * node.grad, b.grad + a.data * node.grad
''',
    "rule_pow": '''
        (a,) = node.children
        a.grad += node.grad * node.power * pow(a.data, node.power - 1)
''',
    "rule_relu": '''
        (a,) = node.children
        a.grad += node.grad if node.data > 0 else 0.0
''',
    "rule_tanh": '''
        (a,) = node.children
        a.grad += node.grad * (1 - math.tanh(a.data) ** 2)
''',
    "rule_exp": '''
        (a,) = node.children
        a.grad += node.grad * node.data
''',
    "rule_log": '''
        (a,) = node.children
        a.grad += node.grad * a.data ** -1
''',
}

# s160 Руслан: one-liners, semicolons, a walrus
RUSLAN = {
    "backward": '''
        self.grad = 1.0; [BACKWARD_RULES[n.op](n) for n in reversed(topo_order(self)) if n.op]
''',
    "topo_order": '''
        out, seen, st = [], set(), [(root, 0)]
        while st:
            n, s = st.pop()
            if s: out.append(n); continue
            if id(n) in seen: continue
            seen.add(id(n)); st.append((n, 1)); st += [(c, 0) for c in n.children if id(c) not in seen]
        return out
''',
    "rule_add": '''
        a, b = node.children; a.grad += node.grad; b.grad += node.grad
''',
    "rule_mul": '''
        a, b = node.children; a.grad += b.data * node.grad; b.grad += a.data * node.grad
''',
    "rule_pow": '''
        (a,) = node.children; a.grad += (k := node.power) * a.data ** (k - 1) * node.grad
''',
    "rule_relu": '''
        (a,) = node.children; a.grad += node.grad * (a.data > 0)
''',
    "rule_tanh": '''
        (a,) = node.children; a.grad += node.grad * (1 - node.data * node.data)
''',
    "rule_exp": '''
        (a,) = node.children; a.grad += node.grad * node.data
''',
    "rule_log": '''
        (a,) = node.children; a.grad += node.grad / a.data
''',
}

# s167 Даша: guards with clear Russian error messages in every rule
DASHA = {
    "backward": '''
        if self.grad != 0.0:
            raise RuntimeError("backward() уже вызывали: обнулите grad у всех узлов")
        order = topo_order(self)
        self.grad = 1.0
        for node in reversed(order):
            if node.op not in BACKWARD_RULES and node.op != "":
                raise KeyError(f"нет правила для операции {node.op!r}")
            if node.op:
                BACKWARD_RULES[node.op](node)
''',
    "topo_order": '''
        if not isinstance(root, Value):
            raise TypeError("topo_order ждёт Value")
        order, mark = [], {}
        stack = [root]
        while stack:
            node = stack.pop()
            state = mark.get(id(node))
            if state == 2:
                continue
            if state == 1:
                mark[id(node)] = 2
                order.append(node)
                continue
            mark[id(node)] = 1
            stack.append(node)
            for child in node.children:
                if mark.get(id(child)) is None:
                    stack.append(child)
        return order
''',
    "rule_add": '''
        if len(node.children) != 2:
            raise ValueError("у сложения два аргумента")
        a, b = node.children
        a.grad += node.grad
        b.grad += node.grad
''',
    "rule_mul": '''
        if len(node.children) != 2:
            raise ValueError("у умножения два аргумента")
        a, b = node.children
        a.grad += b.data * node.grad
        b.grad += a.data * node.grad
''',
    "rule_pow": '''
        if node.power is None:
            raise ValueError("у степени нет показателя")
        (a,) = node.children
        a.grad += node.power * a.data ** (node.power - 1) * node.grad
''',
    "rule_relu": '''
        (a,) = node.children
        a.grad += node.grad if a.data > 0 else 0.0
''',
    "rule_tanh": '''
        (a,) = node.children
        a.grad += (1.0 - node.data ** 2) * node.grad
''',
    "rule_exp": '''
        (a,) = node.children
        a.grad += node.data * node.grad
''',
    "rule_log": '''
        (a,) = node.children
        if a.data <= 0:
            raise ValueError(f"log определён только для положительных чисел, а тут {a.data}")
        a.grad += node.grad / a.data
''',
}

# s174 Глеб: a labelled bug: rule_add SETS the grads (a node used twice keeps one path)
GLEB = {
    "backward": '''
        topo = topo_order(self)
        self.grad = 1
        for v in reversed(topo):
            f = BACKWARD_RULES.get(v.op)
            if f:
                f(v)
''',
    "topo_order": '''
        from collections import Counter, deque
        count, seen, q = Counter(), {root}, deque([root])
        while q:
            v = q.popleft()
            for c in v.children:
                count[c] += 1
                if c not in seen:
                    seen.add(c)
                    q.append(c)
        topo, q = [], deque([root])
        while q:
            v = q.popleft()
            topo.append(v)
            for c in v.children:
                count[c] -= 1
                if count[c] == 0:
                    q.append(c)
        return topo[::-1]
''',
    "rule_add": '''
        a, b = node.children
        a.grad = node.grad
        b.grad = node.grad
''',
    "rule_mul": '''
        a, b = node.children
        a.grad += node.grad * b.data
        b.grad += node.grad * a.data
''',
    "rule_pow": '''
        a, = node.children
        a.grad += node.grad * node.power * a.data ** (node.power - 1)
''',
    "rule_relu": '''
        a, = node.children
        a.grad += node.grad * (node.data > 0)
''',
    "rule_tanh": '''
        a, = node.children
        a.grad += node.grad * (1 - node.data ** 2)
''',
    "rule_exp": '''
        a, = node.children
        a.grad += node.grad * node.data
''',
    "rule_log": '''
        a, = node.children
        a.grad += node.grad / a.data
''',
}

# ---------------------------------------------------------------- the course's texts (materials/)
# The lecture's code (семинар 3, the lecturer's own solution shown on the slides): a two-flag stack
LECTURE = {
    "backward": '''
        order = topo_order(self)
        self.grad = 1.0
        for node in reversed(order):
            if node.op:
                BACKWARD_RULES[node.op](node)
''',
    "topo_order": '''
        order, visited = [], set()
        stack = [(root, False)]
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                stack.extend((child, False) for child in node.children)
        return order
''',
    "rule_add": '''
        a, b = node.children
        a.grad += node.grad
        b.grad += node.grad
''',
    "rule_mul": '''
        a, b = node.children
        a.grad += b.data * node.grad
        b.grad += a.data * node.grad
''',
    "rule_pow": '''
        (a,) = node.children
        a.grad += node.power * a.data ** (node.power - 1) * node.grad
''',
    "rule_relu": '''
        (a,) = node.children
        a.grad += (a.data > 0) * node.grad
''',
    "rule_tanh": '''
        (a,) = node.children
        a.grad += (1 - node.data ** 2) * node.grad
''',
    "rule_exp": '''
        (a,) = node.children
        a.grad += node.data * node.grad
''',
    "rule_log": '''
        (a,) = node.children
        a.grad += node.grad / a.data
''',
}

# The TA's forum post ("Разбор ДЗ 2: частые ошибки"): Kahn's algorithm, rules written with `g = node.grad`
TA = {
    "backward": '''
        self.grad = 1.0
        for node in topo_order(self)[::-1]:
            rule = BACKWARD_RULES.get(node.op)
            if rule is not None:
                rule(node)
''',
    "topo_order": '''
        # алгоритм Кана: сначала считаем, сколько раз каждый узел используется
        uses = {}
        stack, seen = [root], {root}
        while stack:
            node = stack.pop()
            for child in node.children:
                uses[child] = uses.get(child, 0) + 1
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        order, ready = [], [root]
        while ready:
            node = ready.pop()
            order.append(node)
            for child in node.children:
                uses[child] -= 1
                if uses[child] == 0:
                    ready.append(child)
        order.reverse()
        return order
''',
    "rule_add": '''
        g = node.grad
        for child in node.children:
            child.grad += g
''',
    "rule_mul": '''
        g = node.grad
        a, b = node.children
        a.grad += g * b.data
        b.grad += g * a.data
''',
    "rule_pow": '''
        g = node.grad
        (a,) = node.children
        a.grad += g * node.power * a.data ** (node.power - 1)
''',
    "rule_relu": '''
        g = node.grad
        (a,) = node.children
        a.grad += g * (1.0 if a.data > 0 else 0.0)
''',
    "rule_tanh": '''
        g = node.grad
        (a,) = node.children
        a.grad += g * (1.0 - node.data ** 2)
''',
    "rule_exp": '''
        g = node.grad
        (a,) = node.children
        a.grad += g * node.data
''',
    "rule_log": '''
        g = node.grad
        (a,) = node.children
        a.grad += g / a.data
''',
}

# ---------------------------------------------------------------- sources (each copied below)
# s301 Полина: Russian comments, a path stack of (node, child index) tuples
POLINA = {
    "backward": '''
        # сначала порядок, потом правила с конца
        porder = topo_order(self)
        self.grad = 1.0
        idx = len(porder)
        while idx > 0:
            idx -= 1
            cur = porder[idx]
            if cur.op:  # лист пропускаем
                BACKWARD_RULES[cur.op](cur)
''',
    "topo_order": '''
        # путь от корня: (узел, сколько детей уже просмотрено)
        porder, met = [], {id(root)}
        path = [(root, 0)]
        while path:
            cur, k = path.pop()
            if k == len(cur.children):
                porder.append(cur)  # все дети готовы
                continue
            path.append((cur, k + 1))
            nxt = cur.children[k]
            if id(nxt) not in met:
                met.add(id(nxt))
                path.append((nxt, 0))
        return porder
''',
    "rule_add": '''
        # d(a+b) = da + db
        lhs, rhs = node.children
        lhs.grad += node.grad
        rhs.grad += node.grad
''',
    "rule_mul": '''
        # d(a*b) = b da + a db
        lhs, rhs = node.children
        lhs.grad += rhs.data * node.grad
        rhs.grad += lhs.data * node.grad
''',
    "rule_pow": '''
        # d(a^k) = k a^(k-1) da
        (src,) = node.children
        src.grad += node.power * src.data ** (node.power - 1) * node.grad
''',
    "rule_relu": '''
        # ступенька: 1 справа от нуля
        (src,) = node.children
        src.grad += node.grad * (1.0 if src.data > 0 else 0.0)
''',
    "rule_tanh": '''
        # d tanh = (1 - tanh^2) da
        (src,) = node.children
        src.grad += node.grad * (1.0 - node.data * node.data)
''',
    "rule_exp": '''
        # d e^a = e^a da
        (src,) = node.children
        src.grad += node.grad * node.data
''',
    "rule_log": '''
        # d ln a = da / a
        (src,) = node.children
        src.grad += node.grad / src.data
''',
}

# s308 Степан: Kahn with collections.deque and a dict of in-degrees keyed by id, no comments
STEPAN = {
    "backward": '''
        self.grad = 1.0
        for n in topo_order(self)[::-1]:
            if n.op in BACKWARD_RULES:
                BACKWARD_RULES[n.op](n)
''',
    "topo_order": '''
        from collections import deque
        indeg = {id(root): 0}
        byid = {id(root): root}
        q = deque([root])
        while q:
            n = q.popleft()
            for c in n.children:
                if id(c) not in byid:
                    byid[id(c)] = c
                    indeg[id(c)] = 0
                    q.append(c)
                indeg[id(c)] += 1
        out = []
        q = deque(n for i, n in byid.items() if indeg[i] == 0)
        while q:
            n = q.popleft()
            out.append(n)
            for c in n.children:
                indeg[id(c)] -= 1
                if not indeg[id(c)]:
                    q.append(c)
        return out[::-1]
''',
    "rule_add": '''
        x, y = node.children
        g = node.grad
        x.grad += g
        y.grad += g
''',
    "rule_mul": '''
        x, y = node.children
        g = node.grad
        x.grad += g * y.data
        y.grad += g * x.data
''',
    "rule_pow": '''
        x = node.children[0]
        p = node.power
        x.grad += node.grad * p * x.data ** (p - 1)
''',
    "rule_relu": '''
        x = node.children[0]
        x.grad += node.grad * (x.data > 0.0)
''',
    "rule_tanh": '''
        x = node.children[0]
        x.grad += node.grad * (1.0 - node.data ** 2)
''',
    "rule_exp": '''
        x = node.children[0]
        x.grad += node.grad * math.exp(x.data)
''',
    "rule_log": '''
        x = node.children[0]
        x.grad += node.grad / x.data
''',
}

# s315 Amir: English comments, a generator-free iterator stack, a `push` helper
AMIR = {
    "backward": '''
        # reverse-mode: seed, then walk the order backwards
        nodes = topo_order(self)
        self.grad = 1.0
        for n in reversed(nodes):
            push = BACKWARD_RULES.get(n.op)
            if push is not None:
                push(n)
''',
    "topo_order": '''
        # iterative post-order: each frame is (node, iterator over its children)
        ordered, marked = [], set()
        frames = [(root, iter(root.children))]
        marked.add(id(root))
        while frames:
            n, it = frames[-1]
            child = next(it, None)
            if child is None:
                frames.pop()
                ordered.append(n)
            elif id(child) not in marked:
                marked.add(id(child))
                frames.append((child, iter(child.children)))
        return ordered
''',
    "rule_add": '''
        # addition routes the gradient unchanged to both inputs
        u, w = node.children
        u.grad += node.grad
        w.grad += node.grad
''',
    "rule_mul": '''
        # product rule: each input gets the other's value times upstream
        u, w = node.children
        u.grad += w.data * node.grad
        w.grad += u.data * node.grad
''',
    "rule_pow": '''
        # power rule
        u, = node.children
        u.grad += node.power * (u.data ** (node.power - 1)) * node.grad
''',
    "rule_relu": '''
        # gate: passes gradient only where the input was positive
        u, = node.children
        if u.data > 0:
            u.grad += node.grad
''',
    "rule_tanh": '''
        # tanh' = 1 - tanh^2, and node.data is already tanh(u)
        u, = node.children
        u.grad += (1.0 - node.data ** 2) * node.grad
''',
    "rule_exp": '''
        # exp is its own derivative
        u, = node.children
        u.grad += node.data * node.grad
''',
    "rule_log": '''
        # d/du log u = 1/u
        u, = node.children
        u.grad += node.grad / u.data
''',
}

# s322 Лиза: a plain beginner-ish style, Russian comments, recursion avoided with a `while` over a todo list of
# (node, parent-finished) and a `done` list of ids; tanh from exp
LIZA = {
    "backward": '''
        vse = topo_order(self)
        vse.reverse()
        self.grad = 1.0
        for v in vse:
            if v.op == "":
                continue
            BACKWARD_RULES[v.op](v)
''',
    "topo_order": '''
        # обходим граф; узел попадает в ответ, когда все его дети уже там
        vse = []
        gotovo = set()
        ochered = [root]
        while ochered:
            v = ochered.pop()
            if id(v) in gotovo:
                continue
            ne_gotovy = [d for d in v.children if id(d) not in gotovo]
            if ne_gotovy:
                ochered.append(v)
                ochered.extend(ne_gotovy)
            else:
                gotovo.add(id(v))
                vse.append(v)
        return vse
''',
    "rule_add": '''
        for d in node.children:
            d.grad += node.grad
''',
    "rule_mul": '''
        p, q = node.children
        p.grad += q.data * node.grad
        q.grad += p.data * node.grad
''',
    "rule_pow": '''
        p = node.children[0]
        p.grad += node.power * p.data ** (node.power - 1) * node.grad
''',
    "rule_relu": '''
        p = node.children[0]
        if p.data > 0:
            p.grad += node.grad
''',
    "rule_tanh": '''
        p = node.children[0]
        e2 = math.exp(2 * p.data)
        t = (e2 - 1) / (e2 + 1)  # тот же tanh через экспоненту
        p.grad += (1 - t * t) * node.grad
''',
    "rule_exp": '''
        p = node.children[0]
        p.grad += node.data * node.grad
''',
    "rule_log": '''
        p = node.children[0]
        p.grad += node.grad * (1 / p.data)
''',
}

# s329 Никита: no comments, a stack with a None sentinel before each finished node, `and` as an if
NIKITA = {
    "backward": '''
        self.grad = 1.0
        for n in reversed(topo_order(self)):
            n.op and BACKWARD_RULES[n.op](n)
''',
    "topo_order": '''
        todo, out, seen = [root], [], set()
        while todo:
            n = todo.pop()
            if n is None:
                out.append(todo.pop())
                continue
            if n in seen:
                continue
            seen.add(n)
            todo += [n, None]
            todo.extend(c for c in n.children if c not in seen)
        return out
''',
    "rule_add": '''
        a, b = node.children
        a.grad += node.grad
        b.grad += node.grad
''',
    "rule_mul": '''
        a, b = node.children
        a.grad += node.grad * b.data
        b.grad += node.grad * a.data
''',
    "rule_pow": '''
        a, = node.children
        k = node.power
        a.grad += node.grad * k * a.data ** (k - 1)
''',
    "rule_relu": '''
        a, = node.children
        a.grad += node.grad if node.data else 0.0
''',
    "rule_tanh": '''
        a, = node.children
        a.grad += node.grad * (1 - node.data ** 2)
''',
    "rule_exp": '''
        a, = node.children
        a.grad += node.grad * node.data
''',
    "rule_log": '''
        a, = node.children
        a.grad += node.grad / a.data
''',
}

# s336 Яна: a test harness at the bottom (finite differences on every operation), Russian comments
YANA = {
    "backward": '''
        spisok = topo_order(self)
        self.grad = 1.0
        for uzel in reversed(spisok):
            if uzel.op:
                BACKWARD_RULES[uzel.op](uzel)
''',
    "topo_order": '''
        spisok, byl = [], set()
        stek = [(root, False)]
        while stek:
            uzel, gotov = stek.pop()
            if gotov:
                spisok.append(uzel)
                continue
            if uzel in byl:
                continue
            byl.add(uzel)
            stek.append((uzel, True))
            for reb in reversed(uzel.children):
                if reb not in byl:
                    stek.append((reb, False))
        return spisok
''',
    "rule_add": '''
        a, b = node.children
        a.grad += node.grad
        b.grad += node.grad
''',
    "rule_mul": '''
        a, b = node.children
        a.grad += node.grad * b.data
        b.grad += node.grad * a.data
''',
    "rule_pow": '''
        (a,) = node.children
        a.grad += node.grad * node.power * a.data ** (node.power - 1)
''',
    "rule_relu": '''
        (a,) = node.children
        a.grad += node.grad * (1.0 if a.data > 0 else 0.0)
''',
    "rule_tanh": '''
        (a,) = node.children
        a.grad += node.grad * (1.0 - node.data ** 2)
''',
    "rule_exp": '''
        (a,) = node.children
        a.grad += node.grad * node.data
''',
    "rule_log": '''
        (a,) = node.children
        a.grad += node.grad / a.data
''',
    "footer": '''


def _proverka(f, x0, eps=1e-6):
    """Сравниваем градиент с конечной разностью."""
    x = Value(x0)
    f(x).backward()
    chislenno = (f(Value(x0 + eps)).data - f(Value(x0 - eps)).data) / (2 * eps)
    assert abs(x.grad - chislenno) < 1e-4, (x.grad, chislenno)


if __name__ == "__main__":
    _proverka(lambda x: x * x + 3 * x, 1.5)
    _proverka(lambda x: (x ** 3) / 2 - x, -0.7)
    _proverka(lambda x: x.tanh() * x.exp(), 0.3)
    _proverka(lambda x: (x * x + 1).log(), 2.0)
    _proverka(lambda x: (x - 1).relu() * x, 3.0)
    print("все проверки прошли")
''',
}

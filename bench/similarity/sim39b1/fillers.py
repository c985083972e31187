"""sim39b1's starter fillers: per question, the ways students wrote the body (typed by hand, with {o} the output's
name and {c} a comment marker the student's language fills in), and per student which way, which names and which
comments (write.py puts them into the starter)."""

# Q1 add, Q2 mul, Q3 pow, Q4 relu, Q5 tanh, Q6a exp, Q6b log, Q7 topo_order, Q8 backward
WAYS = {
    "Q1": [
        "return Node(self.data + other.data, [(self, 1.0), (other, 1.0)], '+')",
        "{o} = Node(self.data + other.data, op='+')\n{o}.parents = [(self, 1.0), (other, 1.0)]\nreturn {o}",
        "pairs = [(self, 1), (other, 1)]  {c}\nreturn Node(self.data + other.data, pairs, \"+\")",
        "{o} = self.data + other.data\nreturn Node({o}, ((self, 1.0), (other, 1.0)), 'add')",
    ],
    "Q2": [
        "return Node(self.data * other.data, [(self, other.data), (other, self.data)], '*')",
        "{o} = Node(self.data * other.data, op='*')\n{o}.parents = [(self, other.data), (other, self.data)]\nreturn {o}",
        "a, b = self.data, other.data\nreturn Node(a * b, [(self, b), (other, a)], \"*\")  {c}",
        "{o} = self.data * other.data\nreturn Node({o}, ((self, other.data), (other, self.data)), 'mul')",
    ],
    "Q3": [
        "return Node(self.data ** k, [(self, k * self.data ** (k - 1))], f'**{k}')",
        "{o} = Node(self.data ** k, op='pow')\n{o}.parents = [(self, k * self.data ** (k - 1))]  {c}\nreturn {o}",
        "local = k * (self.data ** (k - 1))\nreturn Node(self.data ** k, [(self, local)], \"pow\")",
        "x = self.data\nreturn Node(math.pow(x, k), ((self, k * math.pow(x, k - 1)),), 'pow')",
    ],
    "Q4": [
        "return Node(max(0.0, self.data), [(self, 1.0 if self.data > 0 else 0.0)], 'relu')",
        "if self.data > 0:\n    return Node(self.data, [(self, 1.0)], 'relu')\nreturn Node(0.0, [(self, 0.0)], 'relu')  {c}",
        "d = float(self.data > 0)\nreturn Node(self.data * d, [(self, d)], \"relu\")",
        "{o} = Node(self.data if self.data > 0 else 0, op='relu')\n{o}.parents = [(self, 1 if self.data > 0 else 0)]\nreturn {o}",
    ],
    "Q5": [
        "t = math.tanh(self.data)\nreturn Node(t, [(self, 1 - t * t)], 'tanh')",
        "t = math.tanh(self.data)\n{o} = Node(t, op='tanh')\n{o}.parents = [(self, 1 - t ** 2)]  {c}\nreturn {o}",
        "e2 = math.exp(2 * self.data)\nt = (e2 - 1) / (e2 + 1)\nreturn Node(t, [(self, 1.0 - t ** 2)], \"tanh\")",
        "y = math.tanh(self.data)\nreturn Node(y, ((self, 1.0 - y * y),), 'tanh')",
    ],
    "Q6a": [
        "e = math.exp(self.data)\nreturn Node(e, [(self, e)], 'exp')",
        "{o} = Node(math.exp(self.data), op='exp')\n{o}.parents = [(self, {o}.data)]  {c}\nreturn {o}",
        "v = math.exp(self.data)\nreturn Node(v, ((self, v),), \"exp\")",
        "{o} = Node(math.exp(self.data), [], 'exp')\n{o}.parents.append((self, {o}.data))\nreturn {o}",
    ],
    "Q6b": [
        "return Node(math.log(self.data), [(self, 1.0 / self.data)], 'log')",
        "{o} = Node(math.log(self.data), op='log')\n{o}.parents = [(self, 1 / self.data)]  {c}\nreturn {o}",
        "x = self.data\nreturn Node(math.log(x), ((self, 1.0 / x),), \"log\")",
        "{o} = Node(math.log(self.data), [], 'log')  {c}\n{o}.parents.append((self, self.data ** -1))\nreturn {o}",
    ],
    "Q7": [
        # two stacks: a DFS with an explicit stack and a 'children done' flag
        "order, seen = [], set()\nstack = [(self, False)]\nwhile stack:\n    n, done = stack.pop()\n"
        "    if done:\n        order.append(n)\n        continue\n    if n in seen:\n        continue\n    seen.add(n)\n"
        "    stack.append((n, True))\n    for p, _ in n.parents:\n        if p not in seen:\n            stack.append((p, False))\n"
        "return order",
        # Kahn on the reversed graph
        "{c}\ncount = {{}}\ntodo = [self]\nwhile todo:\n    n = todo.pop()\n    for p, _ in n.parents:\n"
        "        if p not in count:\n            count[p] = 0\n            todo.append(p)\n        count[p] += 1\n"
        "ready, out = [self], []\nwhile ready:\n    n = ready.pop()\n    out.append(n)\n    for p, _ in n.parents:\n"
        "        count[p] -= 1\n        if count[p] == 0:\n            ready.append(p)\nreturn out[::-1]",
        # iterator stack
        "visited = {{id(self)}}\nresult = []\nstack = [(self, iter(self.parents))]\nwhile stack:\n"
        "    node, it = stack[-1]\n    for p, _ in it:\n        if id(p) not in visited:\n            visited.add(id(p))\n"
        "            stack.append((p, iter(p.parents)))\n            break\n    else:\n        stack.pop()\n"
        "        result.append(node)  {c}\nreturn result",
        # a stack of paths: a node leaves when all its parents are seen
        "{c}\norder = []\nseen = {{self}}\npath = [self]\nwhile path:\n    top = path[-1]\n"
        "    nxt = next((p for p, _ in top.parents if p not in seen), None)\n    if nxt is None:\n"
        "        order.append(path.pop())\n    else:\n        seen.add(nxt)\n        path.append(nxt)\nreturn order",
    ],
    "Q8": [
        "self.grad = 1.0\nfor n in reversed(self.topo_order()):\n"
        "    for p, local in n.parents:\n        p.grad += local * n.grad",
        "order = self.topo_order()\nself.grad = 1.0  {s}\nfor n in order[::-1]:\n    for parent, d in n.parents:\n"
        "        parent.grad += d * n.grad",
        "nodes = self.topo_order()\nnodes.reverse()\nnodes[0].grad = 1\nfor node in nodes:\n"
        "    g = node.grad\n    for p, local_grad in node.parents:\n        p.grad = p.grad + local_grad * g",
        "self.grad = 1.0\nfor n in reversed(self.topo_order()):\n    if n.grad == 0:\n        continue  {c}\n"
        "    for p, w in n.parents:\n        p.grad += w * n.grad",
    ],
}

COMMENTS = {
    "en": ["# chain rule", "# reverse post-order", "# local derivatives go with the parents", "# seed"],
    "es": ["# regla de la cadena", "# orden topológico inverso", "# derivadas locales con cada padre", "# semilla"],
    "ko": ["# 연쇄 법칙", "# 위상 정렬 역순", "# 부모마다 국소 미분", "# 시작 기울기"],
    "hi": ["# श्रृंखला नियम", "# उल्टा क्रम", "# हर पैरेंट का स्थानीय अवकलज", "# शुरुआत"],
    "none": ["", "", "", ""],
}

# The starter fillers: name -> ways (one digit per question, Q1..Q8 with Q6a and Q6b), the output's name, the
# comments' language, and what the student added: `keep_todo` keeps the TODO lines, `own` replaces a question's body
# with one typed for this student alone, `extra` is put before the alias at the bottom, `head` after the module
# docstring.
FILES = {
    "s104": {"who": "Lucía: Spanish comments, the two-flag stack, a local `z`", "ways": "012100100", "o": "z",
             "lang": "es"},
    "s111": {"who": "Min-jun: Korean comments, the Kahn count walk, tuples everywhere", "ways": "333332211",
             "o": "out", "lang": "ko"},
    "s118": {"who": "Priya: Hindi comments, the iterator stack, `a, b` locals", "ways": "222220022", "o": "res",
             "lang": "hi"},
    "s125": {"who": "Dmitri: a C programmer: a visited list of ints (id), while loops with an index, the Kahn walk",
             "ways": "000000010", "o": "r", "lang": "en",
             "own": {"Q8": "order = self.topo_order()\ni = len(order) - 1\nself.grad = 1.0\nwhile i >= 0:\n"
                           "    n = order[i]\n    j = 0\n    while j < len(n.parents):\n"
                           "        p, d = n.parents[j]\n        p.grad += d * n.grad\n        j += 1\n    i -= 1"}},
    "s132": {"who": "Noor: writes a test harness into the file (a __main__ block with asserts and a slope check)",
             "ways": "101011013", "o": "out", "lang": "en",
             "extra": "\n\ndef _slope(f, x, h=1e-6):\n    return (f(x + h) - f(x - h)) / (2 * h)\n\n\n"
                      "def _selftest():\n    x = Node(0.7)\n    y = (x * x + 1).log() * x.tanh() - 3 / x\n    y.backward()\n"
                      "    want = _slope(lambda v: math.log(v * v + 1) * math.tanh(v) - 3 / v, 0.7)\n"
                      "    assert abs(x.grad - want) < 1e-5, (x.grad, want)\n    a = Node(3.0)\n    b = a * a + a\n"
                      "    b.backward()\n    assert a.grad == 7.0\n    c = Node(-2.0)\n    c.relu().backward()\n"
                      "    assert c.grad == 0.0\n    print('all good')\n"},
    "s139": {"who": "Ben: ASCII-art graph from the lecture in backward's docstring", "ways": "000000000", "o": "out",
             "lang": "en",
             "own": {"Q8": '"""\n        x ---\\\n              (*) --- z --- (+) --- L\n        y ---/             /\n'
                           '                       c -----/\n    dL/dz = 1, dL/dx = y, dL/dy = x\n    """\n'
                           "self.grad = 1.0\nfor n in reversed(self.topo_order()):\n    for p, local in n.parents:\n"
                           "        p.grad += local * n.grad"}},
    "s146": {"who": "Hana: a beginner: TODO lines kept, commented-out prints, if/else for relu", "ways": "111111111",
             "o": "new_node", "lang": "en", "keep_todo": True,
             "own": {"Q8": "order = self.topo_order()\n# print(order)\nself.grad = 1.0\nfor n in order[::-1]:\n"
                           "    # print(n)\n    for parent, d in n.parents:\n        parent.grad += d * n.grad"}},
    "s153": {"who": "Felix: a functional-programming fan: reduce, map and a lambda per rule", "ways": "000000000",
             "o": "out", "lang": "none", "head": "\nfrom functools import reduce\n",
             "own": {"Q1": "return Node(self.data + other.data, list(map(lambda n: (n, 1.0), (self, other))), '+')",
                     "Q7": "def visit(acc, start):\n    seen, order = acc\n    stack = [(start, False)]\n"
                           "    while stack:\n        n, done = stack.pop()\n        if done:\n            order.append(n)\n"
                           "        elif n not in seen:\n            seen.add(n)\n            stack.append((n, True))\n"
                           "            stack.extend((p, False) for p, _ in n.parents)\n    return acc\n"
                           "return reduce(visit, [self], (set(), []))[1]",
                     "Q8": "self.grad = 1.0\nlist(map(lambda n: [p.__setattr__('grad', p.grad + d * n.grad) "
                           "for p, d in n.parents], reversed(self.topo_order())))"}},
    "s160": {"who": "Oscar: every op through static helper methods (`Node._binary`, `Node._unary`)",
             "ways": "000000000", "o": "out", "lang": "en",
             "own": {"Q1": "return Node._binary(self, other, self.data + other.data, 1.0, 1.0, '+')",
                     "Q2": "return Node._binary(self, other, self.data * other.data, other.data, self.data, '*')",
                     "Q3": "return Node._unary(self, self.data ** k, k * self.data ** (k - 1), '**')",
                     "Q4": "return Node._unary(self, max(self.data, 0.0), float(self.data > 0), 'relu')",
                     "Q5": "t = math.tanh(self.data)\nreturn Node._unary(self, t, 1 - t * t, 'tanh')",
                     "Q6a": "e = math.exp(self.data)\nreturn Node._unary(self, e, e, 'exp')",
                     "Q6b": "return Node._unary(self, math.log(self.data), 1 / self.data, 'log')"},
             "extra": "\n\ndef _binary(a, b, value, da, db, op):\n    return Node(value, [(a, da), (b, db)], op)\n\n\n"
                      "def _unary(a, value, da, op):\n    return Node(value, [(a, da)], op)\n\n\n"
                      "Node._binary = staticmethod(_binary)\nNode._unary = staticmethod(_unary)\n"},
    "s167": {"who": "Ines: Spanish comments and names (salida, padres_listos), the path stack",
             "ways": "323013131", "o": "salida", "lang": "es"},
    "s174": {"who": "Tae-yang: Korean comments, tanh through exp, skip zero gradients", "ways": "120320203",
             "o": "y", "lang": "ko"},
    "s181": {"who": "Arjun: Hindi comments, math.pow, reverse with a slice", "ways": "231301111", "o": "node",
             "lang": "hi"},
    "s188": {"who": "Claire: guards with clear errors (log of a non-positive number)", "ways": "010202002",
             "o": "out", "lang": "en",
             "own": {"Q6b": "if self.data <= 0:\n    raise ValueError(f'log of a non-positive number: {self.data}')\n"
                            "return Node(math.log(self.data), [(self, 1.0 / self.data)], 'log')"}},
    "s195": {"who": "Kofi: one-liners everywhere, a walrus in tanh", "ways": "000000000", "o": "out", "lang": "none",
             "own": {"Q5": "return Node((t := math.tanh(self.data)), [(self, 1 - t * t)], 'tanh')",
                     "Q6a": "return Node((e := math.exp(self.data)), [(self, e)], 'exp')"},
             "bug": "pow's local derivative is `k * self.data ** k` (the exponent not lowered)",
             "own_bug": {"Q3": "return Node(self.data ** k, [(self, k * self.data ** k)], f'**{k}')"}},
    "s202": {"who": "Zofia: the iterator stack, backward sets the parent's grad instead of adding", "ways": "212121020",
             "o": "z", "lang": "en",
             "bug": "backward sets `parent.grad = d * n.grad` instead of adding: a node used twice keeps one path",
             "own_bug": {"Q8": "order = self.topo_order()\nself.grad = 1.0\nfor n in order[::-1]:\n"
                               "    for parent, d in n.parents:\n        parent.grad = d * n.grad"}},
}

# The sources the copiers take (independent students too, each copied once or twice: copies.py)
SOURCES = {
    "s301": {"who": "Amara: `# chain rule` after every rule, the Kahn walk", "ways": "111111111", "o": "result",
             "lang": "en"},
    "s308": {"who": "Rafael: Spanish comments, the two-flag stack, `a, b` in mul", "ways": "022222000", "o": "z",
             "lang": "es"},
    "s315": {"who": "Ji-woo: Korean comments, the iterator stack", "ways": "303030223", "o": "out", "lang": "ko"},
    "s322": {"who": "Kavya: Hindi comments, the path stack, tanh through exp", "ways": "130123133", "o": "v",
             "lang": "hi"},
    "s329": {"who": "Tom: no comments, the two-flag stack, if/else relu", "ways": "321210012", "o": "w",
             "lang": "none"},
    "s336": {"who": "Lena: a test harness at the bottom", "ways": "202302101", "o": "n", "lang": "en",
             "extra": "\n\nif __name__ == '__main__':\n    a, b = Node(2.0), Node(-3.0)\n    c = a * b + b ** 2\n"
                      "    c.backward()\n    print(c, a.grad, b.grad)  # expect -3.0 and 4.0\n"},
    "s343": {"who": "Musa: the Kahn walk, tuples, math.pow", "ways": "333330212", "o": "t", "lang": "en"},
    "s350": {"who": "Elif: the path stack and the grad-zero skip", "ways": "011001233", "o": "outp", "lang": "en"},
}

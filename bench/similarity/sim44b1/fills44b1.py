"""The starter-filled students of sim44b1 (session 44, simw44): each one's backward() body, typed one student at a time,
and the edits each made to the starter's own text (old, new), as write.py puts them in. A body replaces the starter's
two TODO lines; the starter's docstring above it stays."""

FILLS = {
    # Arjun Patel: the lecture's shape, a recursive build with a visited set; his own comment lines
    "apatel": {"backward": '''
# step 1 - put every node in order (children first) using DFS
topo = []
visited = set()

def build(v):
    if v not in visited:
        visited.add(v)
        for child in v._prev:
            build(child)
        topo.append(v)

build(self)

# step 2 - seed and go backwards through the list
self.grad = 1
for v in reversed(topo):
    v._backward()
'''},
    # Bo Chen: an explicit stack of (node, expanded) flags, a list called order
    "bchen": {"backward": '''
order = []
seen = set()
todo = [(self, False)]
while todo:
    node, expanded = todo.pop()
    if expanded:
        order.append(node)
        continue
    if node in seen:
        continue
    seen.add(node)
    todo.append((node, True))
    for p in node._prev:
        todo.append((p, False))
self.grad = 1
for node in order[::-1]:
    node._backward()
''', "edits": [("        self.grad = 0  # d(output)/d(self): nothing has flowed back yet\n",
                "        self.grad = 0.0  # d(output)/d(self): nothing has flowed back yet\n")]},
    # Carla Morales: Kahn's algorithm on the consumers of each node, a deque, Spanish comments
    "cmorales": {"backward": '''
from collections import deque

# contar cuantos nodos usan a cada nodo (sus "consumidores")
usos = {}
pila = [self]
vistos = {self}
while pila:
    n = pila.pop()
    for hijo in n._prev:
        usos[hijo] = usos.get(hijo, 0) + 1
        if hijo not in vistos:
            vistos.add(hijo)
            pila.append(hijo)

# un nodo sale de la cola solo cuando todos sus consumidores ya pasaron su gradiente
self.grad = 1
cola = deque([self])
while cola:
    n = cola.popleft()
    n._backward()
    for hijo in n._prev:
        usos[hijo] -= 1
        if usos[hijo] == 0:
            cola.append(hijo)
'''},
    # Dawid Kowalski: a nested visit(), the recursion limit raised "just in case"
    "dkowalski": {"backward": '''
import sys
sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))

ordered, done = [], set()

def visit(node):
    # post-order: a node goes in after everything it was built from
    if node in done:
        return
    done.add(node)
    for parent in node._prev:
        visit(parent)
    ordered.append(node)

visit(self)
self.grad = 1
while ordered:
    ordered.pop()._backward()  # pop from the end = reverse topological order
'''},
    # Erin O'Brien: a stack of (node, iterator over its inputs), postorder without recursion
    "eobrien": {"backward": '''
# iterative post-order DFS. each frame = (node, iterator over its inputs)
post = []
marked = {self}
frames = [(self, iter(self._prev))]
while frames:
    node, rest = frames[-1]
    nxt = next(rest, None)
    if nxt is None:
        frames.pop()
        post.append(node)       # all inputs finished -> node finished
    elif nxt not in marked:
        marked.add(nxt)
        frames.append((nxt, iter(nxt._prev)))

self.grad = 1
for node in reversed(post):
    node._backward()
'''},
    # Fumiko Nakamura: each node's longest distance from the output, then the nodes by that distance
    "fnakamura": {"backward": '''
# depth = longest path from self down to the node. A node always has a bigger
# depth than every node that uses it, so sorting by depth gives a valid order.
depth = {self: 0}
frontier = [self]
while frontier:
    nxt = []
    for node in frontier:
        for inp in node._prev:
            d = depth[node] + 1
            if d > depth.get(inp, -1):
                depth[inp] = d
                nxt.append(inp)
    frontier = nxt

self.grad = 1
for node in sorted(depth, key=depth.get):
    node._backward()
'''},
    # Gabriel Santos: a breadth-first walk from the output, each node once (bug: no topological order)
    "gsantos": {"backward": '''
# go level by level from the output (BFS)
self.grad = 1
queue = [self]
done = set()
while len(queue) > 0:
    cur = queue.pop(0)
    if cur in done:
        continue
    done.add(cur)
    cur._backward()
    for c in cur._prev:
        queue.append(c)
''', "edits": [("    def __repr__(self):\n        return f\"Value(data={self.data}, grad={self.grad})\"",
                "    def __repr__(self):\n        return f\"Value({self.data:.4f}, grad={self.grad:.4f})\"")]},
    # Hanna Lindgren: Swedish comments, the seed set first, the order built by a recursive helper returning a list
    "hlindgren": {"backward": '''
# gradienten av utdata med avseende pa sig sjalv ar 1
self.grad = 1

def ordning(nod, sett, lista):
    # lagg till noden forst nar alla dess barn ar med
    if nod in sett:
        return lista
    sett.add(nod)
    for barn in nod._prev:
        ordning(barn, sett, lista)
    lista.append(nod)
    return lista

for nod in reversed(ordning(self, set(), [])):
    nod._backward()
'''},
    # Ifeoma Adeyemi: the order built without a visited set (bug: a node reached along two paths is in it twice)
    "iadeyemi": {"backward": '''
# build topological order
nodes = []

def add_node(n):
    for prev in n._prev:
        add_node(prev)
    nodes.append(n)

add_node(self)
self.grad = 1
# go through backwards so the output goes first
for n in nodes[::-1]:
    n._backward()
'''},
    # Jacopo Rossi: every gradient in the graph zeroed first (so backward() can be called twice), Italian comments
    "jrossi": {"backward": '''
# ordine topologico (DFS ricorsiva)
grafo = []
visti = set()

def costruisci(v):
    if v in visti:
        return
    visti.add(v)
    for figlio in v._prev:
        costruisci(figlio)
    grafo.append(v)

costruisci(self)
# azzero tutti i gradienti prima di ricominciare
for v in grafo:
    v.grad = 0
self.grad = 1
for v in reversed(grafo):
    v._backward()
'''},
    # Kofi Mensah: a generator with `yield from`, the order reversed into a list
    "kmensah": {"backward": '''
seen = set()

def walk(node):
    # yields the inputs of node (recursively) before node itself
    seen.add(node)
    for child in node._prev:
        if child not in seen:
            yield from walk(child)
    yield node

order = list(walk(self))
order.reverse()
self.grad = 1
for node in order:
    node._backward()
'''},
    # Linh Hoang (a source): the seed as 1.0, the sort a method of its own she added, a print she left commented out
    "lhoang": {"backward": '''
self.grad = 1.0
for node in reversed(self._sorted_nodes()):
    # print("backprop through", node._op, node.data)
    node._backward()
''', "edits": [("    # -- derived operations: their gradients come \"for free\" -------------------\n",
                "    def _sorted_nodes(self):\n"
                "        \"\"\"all nodes below self, every node after its children (topological sort)\"\"\"\n"
                "        result, visited, stack = [], set(), [self]\n"
                "        while stack:\n"
                "            node = stack[-1]\n"
                "            if node in visited:\n"
                "                stack.pop()\n"
                "                if node not in result:\n"
                "                    result.append(node)\n"
                "                continue\n"
                "            visited.add(node)\n"
                "            for child in node._prev:\n"
                "                if child not in visited:\n"
                "                    stack.append(child)\n"
                "        return result\n\n"
                "    # -- derived operations: their gradients come \"for free\" -------------------\n")]},
    # Noah Bailey's and Ola Park's source: Sam Whitaker, a fill with his own extra operations after the derived ones
    "swhitaker": {"backward": '''
topo_order = []
visited_nodes = set()

def dfs(n):
    if n in visited_nodes:
        return
    visited_nodes.add(n)
    for child in n._prev:
        dfs(child)
    topo_order.append(n)

dfs(self)
self.grad = 1
# output first, then backwards through the graph
for n in reversed(topo_order):
    n._backward()
''', "edits": [("    def __repr__(self):\n",
                "    def __neg__(self):\n"
                "        return self * -1\n\n"
                "    def __sub__(self, other):\n"
                "        return self + (-other)\n\n"
                "    def __rsub__(self, other):\n"
                "        return other + (-self)\n\n"
                "    def tanh(self):\n"
                "        t = math.tanh(self.data)\n"
                "        out = Value(t, (self,), \"tanh\")\n\n"
                "        def _backward():\n"
                "            self.grad += (1 - t * t) * out.grad\n\n"
                "        out._backward = _backward\n"
                "        return out\n\n"
                "    def __repr__(self):\n")]},
    # Yui Tanaka (a source): the lecture's build_topo with `visited` a list, sub/neg/pow of her own after the starter's
    "ytanaka": {"backward": """
# topological sort like in lecture 9 (visited is a list)
topo = []
visited = []

def build_topo(v):
    if v not in visited:
        visited.append(v)
        for child in v._prev:
            build_topo(child)
        topo.append(v)

build_topo(self)
self.grad = 1.0
for node in topo[::-1]:
    node._backward()
""", "edits": [("    def __repr__(self):\n",
                "    # extra ops (not required but I wanted them for the quiz)\n"
                "    def __pow__(self, k):\n"
                "        out = Value(self.data ** k, (self,), f\"**{k}\")\n\n"
                "        def _backward():\n"
                "            self.grad += k * self.data ** (k - 1) * out.grad\n\n"
                "        out._backward = _backward\n"
                "        return out\n\n"
                "    def __neg__(self):\n"
                "        return self * -1\n\n"
                "    def __sub__(self, other):\n"
                "        return self + other * -1\n\n"
                "    def __repr__(self):\n")]},
    # Basim Farouk (a source): an explicit stack with three states (0 new, 1 open, 2 done) in a dict
    "bfarouk": {"backward": """
# state of each node: missing = not seen, 1 = children being visited, 2 = finished
state = {}
order = []
stack = [self]
while stack:
    v = stack[-1]
    s = state.get(v, 0)
    if s == 0:
        state[v] = 1
        for c in v._prev:
            if state.get(c, 0) == 0:
                stack.append(c)
    else:
        stack.pop()
        if s == 1:
            state[v] = 2
            order.append(v)

self.grad = 1
for v in reversed(order):
    v._backward()
"""},
    # Clara Jensen (a source): Kahn's algorithm with an in-degree dict filled by a recursive count
    "cjensen": {"backward": """
# Kahn: count how many times each node is used, then only process a node
# when all the nodes using it are done (so its grad is complete)
indeg = {}

def count(v):
    for c in v._prev:
        if c not in indeg:
            indeg[c] = 0
            count(c)
        indeg[c] += 1

count(self)
self.grad = 1
ready = [self]
while ready:
    v = ready.pop()
    v._backward()
    for c in v._prev:
        indeg[c] -= 1
        if indeg[c] == 0:
            ready.append(c)
"""},
    # Einar Eriksen (a source): positions in the order kept in a dict by id(), a recursive place()
    "eeriksen": {"backward": """
position = {}   # id(node) -> index in nodes
nodes = []

def place(n):
    if id(n) in position:
        return
    for inp in n._prev:
        place(inp)
    position[id(n)] = len(nodes)
    nodes.append(n)

place(self)
self.grad = 1
i = len(nodes) - 1
while i >= 0:
    nodes[i]._backward()
    i -= 1
"""},
}

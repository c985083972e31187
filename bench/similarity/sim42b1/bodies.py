"""The backward() bodies of sim42b1's starter-filled students, typed one student at a time (session 42, simw42).

Each is the text that replaces the starter's two TODO lines in `Value.backward` (8 spaces in); METHODS, where a
student added methods of their own to the class, go after backward(). write.py puts them in the notebook's engine
cell."""

BODIES = {}
METHODS = {}

# -- independent ---------------------------------------------------------------------------------------------------

BODIES["aigerim"] = '''\
        # 1) topo sort, no recursion (stack of (node, expanded?) pairs)
        order = []
        seen = set()
        todo = [(self, False)]
        while todo:
            v, expanded = todo.pop()
            if expanded:
                order.append(v)
                continue
            if v in seen:
                continue
            seen.add(v)
            todo.append((v, True))
            for p in v._prev:
                todo.append((p, False))
        # 2) seed
        self.grad = 1
        # 3) reverse
        for v in order[::-1]:
            v._backward()
'''

BODIES["ben"] = '''\
        # two-stack postorder (from my data structures class)
        s1, s2 = [self], []
        visited = {self}
        while s1:
            n = s1.pop()
            s2.append(n)
            for ch in n._prev:
                if ch not in visited:
                    visited.add(ch)
                    s1.append(ch)
        # s2 now has every node before its inputs?? -> not always for a DAG, so sort properly below
        index = {n: i for i, n in enumerate(s2)}
        # Kahn on the subgraph: count how many consumers each node still waits for
        waiting = {n: 0 for n in s2}
        for n in s2:
            for ch in n._prev:
                waiting[ch] += 1
        self.grad = 1
        ready = [self]
        while ready:
            n = ready.pop()
            n._backward()
            for ch in sorted(n._prev, key=index.get):
                waiting[ch] -= 1
                if waiting[ch] == 0:
                    ready.append(ch)
'''

BODIES["carla"] = '''\
        from collections import deque

        # count, for every node, how many nodes use it (its out-degree in the graph)
        users = {}
        frontier = deque([self])
        users[self] = 0
        while frontier:
            node = frontier.popleft()
            for inp in node._prev:
                if inp not in users:
                    users[inp] = 0
                    frontier.append(inp)
                users[inp] += 1

        # Kahn's algorithm from the output: a node is ready once every user has passed its gradient down
        self.grad = 1
        ready = deque([self])
        while ready:
            node = ready.popleft()
            node._backward()
            for inp in node._prev:
                users[inp] -= 1
                if users[inp] == 0:
                    ready.append(inp)
'''

BODIES["dmitri"] = '''\
        topo = []
        visited = {self}
        # each frame: the node and an iterator over its inputs still to visit
        stack = [(self, iter(self._prev))]
        while stack:
            node, inputs = stack[-1]
            nxt = next(inputs, None)
            while nxt is not None and nxt in visited:
                nxt = next(inputs, None)
            if nxt is None:
                stack.pop()
                topo.append(node)      # all inputs done -> post-order
            else:
                visited.add(nxt)
                stack.append((nxt, iter(nxt._prev)))
        self.grad = 1.0
        for node in reversed(topo):
            node._backward()
'''

BODIES["emma"] = '''\
        import sys
        # the recursive version from the video, but with a bigger recursion limit so the 10k chain works
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 50_000))
        topo = []
        visited = set()

        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)

        build_topo(self)
        self.grad = 1
        for v in reversed(topo):
            v._backward()
'''

BODIES["fatima"] = '''\
        # build the topological order recursively (like in the lecture video)
        topo = []
        visited = set()

        def build(v):
            if v in visited:
                return
            visited.add(v)
            for child in v._prev:
                build(child)
            topo.append(v)

        build(self)
        self.grad = 1
        for v in reversed(topo):
            v._backward()
'''

BODIES["george"] = '''\
        visited = set()   # nodes already put in the order
        order = []
        stack = [self]
        while len(stack) > 0:
            top = stack[-1]
            all_done = True
            for c in top._prev:
                if c not in visited:
                    stack.append(c)
                    all_done = False
                    break
            if all_done:
                stack.pop()
                if top not in visited:
                    visited.add(top)
                    order.append(top)
        self.grad = 1
        i = len(order) - 1
        while i >= 0:
            order[i]._backward()
            i -= 1
'''

BODIES["hana"] = '''\
        # Order nodes by their longest distance from the output. A node's users are all strictly
        # closer to the output than the node, so walking by increasing distance is a valid order.
        depth = {self: 0}
        nodes = [self]
        k = 0
        while k < len(nodes):
            n = nodes[k]
            k += 1
            for p in n._prev:
                if p not in depth:
                    depth[p] = depth[n] + 1
                    nodes.append(p)
        changed = True
        while changed:  # relax until every input is deeper than all its users
            changed = False
            for n in nodes:
                for p in n._prev:
                    if depth[p] < depth[n] + 1:
                        depth[p] = depth[n] + 1
                        changed = True
        self.grad = 1
        for n in sorted(nodes, key=lambda m: depth[m]):
            n._backward()
'''
METHODS["hana"] = ""

BODIES["ivan"] = '''\
        # depth first, iterative
        order = []
        stack = [(self, 0)]
        while stack:
            node, state = stack.pop()
            if state == 1:
                order.append(node)
            else:
                stack.append((node, 1))
                for child in node._prev:
                    stack.append((child, 0))
        self.grad = 1
        for node in reversed(order):
            node._backward()
'''

BODIES["julia"] = '''\
        self.grad = 1
        for node in reversed(list(self._postorder())):
            node._backward()
'''
METHODS["julia"] = '''
    def _postorder(self):
        """Yield every node reachable from self, each after all of its inputs (iterative DFS)."""
        seen = set()
        stack = [[self, list(self._prev)]]
        seen.add(self)
        while stack:
            frame = stack[-1]
            if frame[1]:
                child = frame[1].pop()
                if child not in seen:
                    seen.add(child)
                    stack.append([child, list(child._prev)])
            else:
                stack.pop()
                yield frame[0]
'''

BODIES["kofi"] = '''\
        WHITE, GREY, BLACK = 0, 1, 2
        colour = {}
        topo = []
        stack = [self]
        while stack:
            n = stack[-1]
            c = colour.get(n, WHITE)
            if c == WHITE:
                colour[n] = GREY
                for p in n._prev:
                    if colour.get(p, WHITE) == WHITE:
                        stack.append(p)
            else:
                stack.pop()
                if c == GREY:
                    colour[n] = BLACK
                    topo.append(n)
        self.grad = 1
        for n in reversed(topo):
            n._backward()
'''

BODIES["lena"] = '''\
        from collections import deque

        seen_ids = set()
        post = deque()
        work = deque([(self, False)])
        while work:
            node, finished = work.pop()
            if finished:
                post.appendleft(node)   # so post ends up output-first
            elif id(node) not in seen_ids:
                seen_ids.add(id(node))
                work.append((node, True))
                work.extend((p, False) for p in node._prev if id(p) not in seen_ids)
        self.grad = 1
        for node in post:
            node._backward()
'''

BODIES["mateo"] = '''\
        from collections import defaultdict

        pending = defaultdict(int)   # how many consumers still have to send gradient to a node
        stack, found = [self], {self}
        while stack:
            v = stack.pop()
            for u in v._prev:
                pending[u] += 1
                if u not in found:
                    found.add(u)
                    stack.append(u)
        self.grad = 1
        go = [self]
        while go:
            v = go.pop()
            v._backward()
            for u in v._prev:
                pending[u] -= 1
                if not pending[u]:
                    go.append(u)
'''

BODIES["sofia"] = '''\
        # Paso 1: orden topológico sin recursión (pila de (nodo, índice del siguiente hijo))
        orden = []
        visitados = {self}
        pila = [[self, 0]]
        while pila:
            nodo, i = pila[-1]
            hijos = nodo._prev
            if i < len(hijos):
                pila[-1][1] += 1
                h = hijos[i]
                if h not in visitados:
                    visitados.add(h)
                    pila.append([h, 0])
            else:
                pila.pop()
                orden.append(nodo)
        # Paso 2: la semilla dL/dL = 1
        self.grad = 1
        # Paso 3: recorrer al revés
        for nodo in reversed(orden):
            nodo._backward()
'''

# -- hard-negative pairs: the course's texts pasted --------------------------------------------------------------

LECTURE = '''\
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))
        self.grad = 1
        for node in reversed(topo):
            node._backward()
'''

BODIES["sam"] = "        # from the lecture slides (slide 14)\n" + LECTURE
BODIES["tara"] = ("        # TODO(05-backward): your code here\n" + LECTURE.replace(
    "        self.grad = 1\n", "\n        self.grad = 1  # seed\n"))

TA_HINT = '''\
        order, seen = [], set()
        stack = [self]
        while stack:
            v = stack[-1]
            pending = [c for c in v._prev if c not in seen]
            if pending:
                stack.extend(pending)
            else:
                stack.pop()
                if v not in seen:
                    seen.add(v)
                    order.append(v)
        self.grad = 1
        for v in reversed(order):
            v._backward()
'''

BODIES["uma"] = "        # TA's hint from the forum\n" + TA_HINT
BODIES["victor"] = TA_HINT.replace("        self.grad = 1\n", "        # don't forget the seed!\n        self.grad = 1\n")

README_STEPS = '''\
        # 1. Sort the graph topologically: every node after all of its inputs.
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))
        # 2. Seed the output: dL/dL = 1.
        self.grad = 1
        # 3. Walk the order in reverse, calling each node's _backward().
        for node in reversed(topo):
            node._backward()
'''

BODIES["wen"] = README_STEPS
BODIES["xavier"] = README_STEPS.replace("node, children_done", "node, done").replace("if children_done:", "if done:")

# -- sources (starter-filled) --------------------------------------------------------------------------------------

BODIES["yusuf"] = '''\
        # --- step 1: post-order DFS, explicit stack with ENTER / EXIT markers ---
        ENTER, EXIT = "enter", "exit"
        ordering = []
        marked = set()
        agenda = [(ENTER, self)]
        while agenda:
            action, v = agenda.pop()
            if action == EXIT:
                ordering.append(v)          # all of v's inputs are already in `ordering`
            elif v not in marked:
                marked.add(v)
                agenda.append((EXIT, v))
                # push inputs in reverse so they are visited in the order given
                for w in reversed(v._prev):
                    if w not in marked:
                        agenda.append((ENTER, w))
        # --- step 2: seed ---
        self.grad = 1.0
        # --- step 3: reverse topological order ---
        for v in ordering[::-1]:
            v._backward()
        return ordering
'''

BODIES["zofia"] = '''\
        # Algorytm Kahna, ale od wyjścia: węzeł jest gotowy, gdy wszyscy jego "konsumenci" oddali gradient.
        licznik = {}
        do_odwiedzenia = [self]
        licznik[self] = 0
        while do_odwiedzenia:
            w = do_odwiedzenia.pop()
            for rodzic in w._prev:
                if rodzic in licznik:
                    licznik[rodzic] += 1
                else:
                    licznik[rodzic] = 1
                    do_odwiedzenia.append(rodzic)
        self.grad = 1
        gotowe = [self]
        kolejnosc = []
        while gotowe:
            w = gotowe.pop(0)
            kolejnosc.append(w)
            w._backward()
            for rodzic in w._prev:
                licznik[rodzic] -= 1
                if licznik[rodzic] == 0:
                    gotowe.append(rodzic)
        # sprawdzenie: każdy węzeł odwiedzony dokładnie raz
        assert len(kolejnosc) == len(licznik), "graf ma cykl?"
'''

BODIES["arjun"] = '''\
        topo = self._topo_order()
        self.grad = 1
        for n in reversed(topo):
            n._backward()
'''
METHODS["arjun"] = '''
    def _topo_order(self):
        # post-order with a stack of iterators; a node is emitted once every input has been emitted
        emitted, order = set(), []
        its = [iter((self,))]
        path, on_path = [], set()
        while its:
            for n in its[-1]:
                if n not in emitted and n not in on_path:
                    path.append(n)
                    on_path.add(n)
                    its.append(iter(n._prev))
                    break
            else:
                its.pop()
                if path:
                    done = path.pop()
                    on_path.discard(done)
                    emitted.add(done)
                    order.append(done)
        return order

    def zero_grad(self):
        for n in self._topo_order():
            n.grad = 0
'''

BODIES["bea"] = '''\
        import sys
        topo, visited = [], set()

        def visit(node):
            if node in visited:
                return
            visited.add(node)
            for inp in node._prev:
                visit(inp)
            topo.append(node)

        # recursion is fine if python lets us go deep enough: 10k chain needs ~10k frames
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 4 * 10_000))
        try:
            visit(self)
        finally:
            sys.setrecursionlimit(old)
        self.grad = 1
        for node in reversed(topo):
            node._backward()
'''

BODIES["chen"] = '''\
        NEW, OPEN, DONE = 0, 1, 2
        state = {self: NEW}
        out_order = []
        st = [self]
        while st:
            cur = st[-1]
            if state[cur] == NEW:
                state[cur] = OPEN
                for x in cur._prev:
                    if state.get(x, NEW) == NEW:
                        state[x] = NEW
                        st.append(x)
            else:
                st.pop()
                if state[cur] == OPEN:
                    state[cur] = DONE
                    out_order.append(cur)
        self.grad = 1
        for cur in reversed(out_order):
            cur._backward()
'''

BODIES["dana"] = '''\
        self.grad = 1
        for node in _reverse_topological(self):
            node._backward()
'''

# -- level-4 copies typed by hand (of starter-filled sources) -----------------------------------------------------

BODIES["omar"] = '''\
        users = _count_users(self)
        self.grad = 1
        finished = _release(self, users)
        assert finished == len(users), "cycle in the graph?"
'''
OMAR_FUNCTIONS = '''\
from collections import deque


def _count_users(root):
    """{node: how many nodes below root take it as an input}"""
    users = {root: 0}
    pending = [root]
    while pending:
        node = pending.pop()
        for parent in node._prev:
            first_time = parent not in users
            users[parent] = users.get(parent, 0) + 1
            if first_time:
                pending.append(parent)
    return users


def _release(root, users):
    """Run each node's rule once all of its users have run theirs (first in, first out); returns how many ran."""
    queue = deque([root])
    ran = 0
    while queue:
        node = queue.popleft()
        ran += 1
        node._backward()
        for parent in node._prev:
            users[parent] -= 1
            if not users[parent]:
                queue.append(parent)
    return ran'''

BODIES["ravi"] = '''\
        self.grad = 1
        for node in self._finished_order()[::-1]:
            node._backward()
'''
METHODS["ravi"] = '''
    def _finished_order(self):
        """Nodes in the order they are finished: 'unseen' -> 'in progress' -> 'finished'."""
        status = {}
        finished = []
        todo = [self]
        while len(todo):
            top = todo[-1]
            s = status.setdefault(top, "unseen")
            if s == "finished":
                todo.pop()
            elif s == "in progress":
                todo.pop()
                status[top] = "finished"
                finished.append(top)
            else:
                status[top] = "in progress"
                todo += [p for p in top._prev if status.get(p, "unseen") == "unseen"]
        return finished
'''

"""Fresh honest controls for session 28's sim28b (typed by hand before the change was measured on them): independent
students of 05-backward who write their walk alike as the reading reads it (one natural choice each pair shares), each
with their own names, and the rest of `backward` (the seed, the loop that runs each node's rule) their own way.

- w1: an iterative post-order walk, a stack of (node, expanded) pairs and a visited set, the order kept in a list.
- w2: Kahn's algorithm: each node's number of consumers counted by a first walk, then a queue from the output.
- w3: a recursive walk in a module helper (`def _order(root)`, a nested `visit` and a set), called by `backward`.

    python bench/similarity/sim28ctl/make.py   (writes honest/*.py from the starter, each checked against the
                                                reference's gradients)
"""
import importlib.util
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
TODO = '''        # TODO(05-backward): your code here
        raise NotImplementedError("05-backward: write Value.backward")
'''

STACK = '''        ORDER, SEEN = [], set()
        STACK = [(self, False)]
        while STACK:
            NODE, EXPANDED = STACK.pop()
            if EXPANDED:
                ORDER.append(NODE)
            elif NODE not in SEEN:
                SEEN.add(NODE)
                STACK.append((NODE, True))
                for CHILD in NODE._prev:
                    STACK.append((CHILD, False))
'''

KAHN = '''        USERS = {}
        TODO_ = [self]
        while TODO_:
            NODE = TODO_.pop()
            for CHILD in NODE._prev:
                if CHILD not in USERS:
                    USERS[CHILD] = 0
                    TODO_.append(CHILD)
                USERS[CHILD] += 1
        READY = deque([self])
        ORDER = []
        while READY:
            NODE = READY.popleft()
            ORDER.append(NODE)
            for CHILD in NODE._prev:
                USERS[CHILD] -= 1
                if USERS[CHILD] == 0:
                    READY.append(CHILD)
'''

HELPER = '''def NAME(ROOT):
    ORDER, SEEN = [], set()

    def VISIT(NODE):
        if NODE in SEEN:
            return
        SEEN.add(NODE)
        for CHILD in NODE._prev:
            VISIT(CHILD)
        ORDER.append(NODE)

    VISIT(ROOT)
    return ORDER


'''


def named(template: str, names: dict[str, str]) -> str:
    for old, new in sorted(names.items(), key=lambda kv: -len(kv[0])):
        template = template.replace(old, new)
    return template


def fill(backward: str, before_class: str = "", imports: str = "") -> str:
    text = (ROOT / "exercises" / "05-backward" / "engine.py").read_text(encoding="utf-8")
    assert TODO in text
    text = text.replace(TODO, backward)
    if imports:
        text = text.replace("import math\n", "import math\n" + imports, 1)
    return text.replace("\n\nclass Value:", "\n\n" + before_class + "class Value:") if before_class else text


HONEST = {
    "w1_a": fill(named(STACK, {"ORDER": "topo", "SEEN": "visited", "STACK": "stack", "NODE": "v",
                               "EXPANDED": "done", "CHILD": "child"}) + '''        self.grad = 1.0
        for v in reversed(topo):
            v._backward()
'''),
    "w1_b": fill('''        # post-order without recursion (deep graphs would hit the recursion limit)
''' + named(STACK, {"ORDER": "nodes", "SEEN": "marked", "STACK": "pending", "NODE": "cur",
                    "EXPANDED": "ready", "CHILD": "p"}) + '''        self.grad += 1
        while nodes:
            nodes.pop()._backward()
'''),
    "w2_a": fill(named(KAHN, {"USERS": "indeg", "TODO_": "todo", "NODE": "n", "CHILD": "c", "READY": "q",
                              "ORDER": "order"}) + '''        self.grad = 1.0
        for n in order:
            n._backward()
''', imports="from collections import deque\n"),
    "w2_b": fill('''        # Kahn: a node's rule runs only once every consumer has added into its grad
''' + named(KAHN, {"USERS": "consumers", "TODO_": "frontier", "NODE": "node", "CHILD": "parent",
                   "READY": "queue", "ORDER": "sequence"}) + '''        self.grad += 1.0
        for node in sequence:
            node._backward()
''', imports="from collections import deque\n"),
    "w3_a": fill('''        self.grad = 1.0
        for v in reversed(_order(self)):
            v._backward()
''', named(HELPER, {"NAME": "_order", "ROOT": "root", "ORDER": "out", "SEEN": "seen", "VISIT": "visit",
                   "NODE": "node", "CHILD": "child"})),
    "w3_b": fill('''        graph = topological(self)
        self.grad = 1
        for i in range(len(graph) - 1, -1, -1):
            graph[i]._backward()
''', named(HELPER, {"NAME": "topological", "ROOT": "start", "ORDER": "result", "SEEN": "done",
                   "VISIT": "go", "NODE": "x", "CHILD": "y"})),
}


def load(text: str, name: str):
    path = HERE / "honest" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"sim28ctl_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check(module, what: str) -> None:
    """The reference's gradients on expressions of shared nodes (relative 1e-9)."""
    spec = importlib.util.spec_from_file_location("reference_engine", ROOT / "reference" / "engine.py")
    ref = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ref)
    for build in (lambda a, b: a * b + a, lambda a, b: (a + b) * (a * b).relu() + a.relu(),
                  lambda a, b: ((a * a + b) * (b + 1)).relu() * a + b * b, lambda a, b: a + a + a * b * b):
        for x, y in ((2.0, -3.0), (0.5, 0.25), (-1.5, 4.0)):
            got, want = [M.Value(x), M.Value(y)], [ref.Value(x), ref.Value(y)]
            build(*got).backward()
            build(*want).backward()
            for g, w in zip(got, want):
                assert math.isclose(g.grad, w.grad, rel_tol=1e-9, abs_tol=1e-12), (what, x, y, g.grad, w.grad)


if __name__ == "__main__":
    (HERE / "honest").mkdir(exist_ok=True)
    for name, text in HONEST.items():
        (HERE / "honest" / f"{name}.py").write_text(text, encoding="utf-8")
        M = load(text, name)
        check(M, name)
        print(name, "checked")

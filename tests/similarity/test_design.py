"""Issue 27, level 4: an engine's walk read as its design (design.py): a restructured copy rewrites the walk's code and
keeps its design, which counts with the engine's whole (meanings.py) when its author wrote the ops, the lecture's
design subtracted as the reference's."""

import ast

from grader.similarity.cohort import read_document, starter_kgrams
from grader.similarity.design import design
from grader.similarity.meanings import DESIGN_SIZE, meanings
from grader.similarity.plain_module import plain_module
from grader.similarity.traits import _hash

OPS = '''
    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, ((self, other.data), (other, self.data)))

    def __pow__(self, k):
        return Value(self.data ** k, ((self, k * self.data ** (k - 1)),))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, ((self, e),))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)
'''

# a tape: every node numbered when it is made, the walk sorts the reachable nodes by that number
TAPE = '''
import itertools
import math

_made = itertools.count()


class Value:
    def __init__(self, data, links=()):
        self.data, self.grad, self.links = data, 0.0, tuple(links)
        self.serial = next(_made)
''' + OPS + '''
    def backward(self):
        reachable, frontier = {}, [self]
        while frontier:
            node = frontier.pop()
            if node.serial not in reachable:
                reachable[node.serial] = node
                frontier.extend(parent for parent, _ in node.links)
        self.grad = 1.0
        for serial in sorted(reachable, reverse=True):
            node = reachable[serial]
            for parent, local in node.links:
                parent.grad += local * node.grad
'''

# its restructuring: a class counter instead of itertools, a heap instead of a sort, `p.grad = p.grad + ...`
HEAP = '''
import heapq
import math


class Value:
    _count = 0

    def __init__(self, data, links=()):
        Value._count += 1
        self.number = Value._count
        self.data, self.grad, self.links = data, 0.0, tuple(links)
''' + OPS + '''
    def backward(self):
        self.grad = 1
        heap, queued = [(-self.number, self)], {self.number}
        while heap:
            _, node = heapq.heappop(heap)
            for parent, local in node.links:
                parent.grad = parent.grad + node.grad * local
                if parent.number not in queued:
                    queued.add(parent.number)
                    heapq.heappush(heap, (-parent.number, parent))
'''

# Kahn's algorithm: each node's users counted, a node released when its count falls to 0
KAHN = '''
import math
from collections import deque


class Value:
    def __init__(self, data, links=()):
        self.data, self.grad, self.links = data, 0.0, tuple(links)
        self._backward = lambda: None
''' + OPS + '''
    def backward(self):
        users, queue, seen = {}, deque([self]), {id(self)}
        while queue:
            v = queue.popleft()
            for p, _ in v.links:
                users[id(p)] = users.get(id(p), 0) + 1
                if id(p) not in seen:
                    seen.add(id(p))
                    queue.append(p)
        self.grad = 1
        ready = deque([self])
        while ready:
            v = ready.popleft()
            v._backward()
            for p, _ in v.links:
                users[id(p)] -= 1
                if users[id(p)] == 0:
                    ready.append(p)
'''

# the lecture's: a topological order of the nodes themselves, each node's closure called
LECTURE = '''
import math


class Value:
    def __init__(self, data, links=()):
        self.data, self.grad, self.links = data, 0.0, tuple(links)
        self._backward = lambda: None
''' + OPS + '''
    def backward(self):
        topo, visited = [], set()

        def build(v):
            if v not in visited:
                visited.add(v)
                for child, _ in v.links:
                    build(child)
                topo.append(v)
        build(self)
        self.grad = 1
        for node in reversed(topo):
            node._backward()
'''


def read(text):
    return design(plain_module(ast.parse(text)))


def test_a_walk_restructured_keeps_its_design():
    assert read(TAPE) == read(HEAP) == "design creation serial walk keep"
    # Kahn's algorithm with a Counter and a list, its release a helper method of the class
    counter = KAHN.replace("from collections import deque", "from collections import Counter").replace(
        KAHN[KAHN.index("    def backward(self):"):], '''    def backward(self):
        users, order, seen = Counter(), [self], {id(self)}
        for v in order:
            for p, _ in v.links:
                users[id(p)] += 1
                if id(p) not in seen:
                    seen.add(id(p))
                    order.append(p)
        self.grad = 1
        self._release([self], users)

    def _release(self, ready, users):
        while ready:
            v = ready.pop()
            v._backward()
            for p, _ in v.links:
                users[id(p)] -= 1
                if not users[id(p)]:
                    ready.append(p)
''')
    assert read(counter.replace("users[id(p)] -= 1", "pass")) == "design users id node keep"  # the Counter
    assert read(counter.replace("Counter()", "{}").replace("+= 1", "= 1")) == "design users id node keep"  # _release
    assert read(counter.replace("Counter()", "{}").replace("+= 1", "= 1").replace("self._release(", "print(")) == \
        "design topological id node keep"
    assert read(KAHN) == read(counter) == "design users id node keep"
    # the lecture's recursion written as an explicit stack, keyed by id(): the order is the same design, the key not
    stack = LECTURE.replace('''        def build(v):
            if v not in visited:
                visited.add(v)
                for child, _ in v.links:
                    build(child)
                topo.append(v)
        build(self)''', '''        stack = [(self, False)]
        while stack:
            v, done = stack.pop()
            if done:
                topo.append(v)
            elif id(v) not in visited:
                visited.add(id(v))
                stack.append((v, True))
                stack.extend((child, False) for child, _ in v.links)''')
    assert read(LECTURE) == "design topological node node keep"
    assert read(stack) == "design topological id node keep"
    # grads zeroed by the walk; and no engine class with a backward, no design
    zeroing = LECTURE.replace("        self.grad = 1\n", "        for node in topo:\n            node.grad = 0.0\n"
                              "        self.grad = 1\n")
    assert read(zeroing) == "design topological node node zero"
    assert read(LECTURE.replace("def backward(self)", "def backprop(self)")) is None
    assert read("x = 1\n") is None


def test_the_design_counts_with_the_engines_whole_the_lectures_subtracted():
    lecture = starter_kgrams({"reference.py": LECTURE})
    tape, heap = (read_document(n, {"engine.py": t}, frozenset(), lecture) for n, t in (("a", TAPE), ("b", HEAP)))
    h = _hash("design", "design creation serial walk keep")
    assert tape.structures[h] == heap.structures[h] == DESIGN_SIZE
    assert _hash("design", "design topological node node keep") not in read_document(
        "c", {"engine.py": LECTURE.replace("return self * -1", "return -1 * self")}, frozenset(), lecture).structures
    # a filler who wrote the walk of a starter's engine (its ops the starter's) has no design of their own
    starter = TAPE.replace(TAPE[TAPE.index("    def backward(self):"):], "    def backward(self):\n"
                           "        raise NotImplementedError\n")
    filler = read_document("f", {"engine.py": TAPE}, starter_kgrams({"engine.py": starter}), lecture)
    assert h in tape.structures and h not in filler.structures
    assert {text for _, text, _ in meanings(TAPE).values() if text.startswith("whole design")} == {
        "whole design creation serial walk keep"}

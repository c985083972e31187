"""A second labelled class, independent of generate.py: python bench/similarity/second.py OUT_DIR [--seed N]

The first class (generate.py) is made by the project's own generator, and the
detector was tuned on it. This one is made another way, from code that other
hands wrote, and was not used to choose any parameter (see README.md):

- **Other authors' engines.** The engines under tests/fixtures that other
  sessions wrote, each in a style of its own (dataclasses, graphlib, Kahn's
  walk over edges, op dictionaries, tinygrad-style Function classes, slots,
  properties, ...): the `correct-*` of general/ and submissions/, and the
  correct ones of strangers/. Only one of each family (a bug variant of an
  engine is a copy of it, so none is taken).
- **A starter of another exercise.** Students of 04-more-ops fill its eight
  TODO regions (`__pow__`, `exp`, `log`, `__neg__`, `__sub__`, `__rsub__`,
  `__truediv__`, `__rtruediv__`), each region with one of a few honest forms
  written here (FILLS); the canonical form is the likeliest, so honest
  fillers share much of their own code by chance.
- **Hard negatives.** Three pairs of fillers whose own code is the same few
  canonical lines (all canonical, but one region each pair fills its own
  way), and every pair of public copies (they copied the public source, not
  each other).
- **Public copies.** karpathy/micrograd's engine (the copy shipped in
  grader/data/public, MIT) with tanh, exp and log added (three ways, below), at
  levels 1 to 3; and the engines of other sessions that start from micrograd's
  file (its docstring is the mark): micrograd with a bug, an op missing, a
  stack-based sort, ...
- **Copies disguised by the red team.** Twelve sources (six fillers, six
  other authors' engines), each copied once at one of four levels (one of them
  twice), by transforms written here (not generate.py's):
  1. verbatim with a form feed in a new comment, blank lines changed;
  2. every bound name renamed (an AST renamer), restyled by `ast.unparse`,
     an annotation on every assignment (half of them);
  3. 2 plus methods shuffled, adjacent independent statements swapped, `()`
     after every statement or a no-op `assert True` inserted, `+=` written
     out, `for` over a list turned into an index `while`;
  4. 3 plus the coercion extracted into a helper, temporaries introduced
     for `out.grad` and for each product, and (one copy of the four) packed
     with zlib + base64 and run with `exec`.

Writes OUT_DIR/main/submissions/<id>.py, OUT_DIR/main/starter/engine.py and
OUT_DIR/labels.json in generate.py's schema ({"main": {id: {"kind",
"cluster", "level"}}}; cluster "public" for the public copies), so that
run.py measures it the same way.
"""

from __future__ import annotations

import argparse
import ast
import base64
import json
import random
import shutil
import sys
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
FIXTURES = REPO / "tests" / "fixtures"
MICROGRAD = REPO / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py"
MICROGRAD_MARK = '""" stores a single scalar value and its gradient """'
STARTER = "04-more-ops"
SEED = 7301

# -- other authors' engines ------------------------------------------------------------------------

OTHER_AUTHORS = [
    "general/correct-dataclass-graphlib", "general/correct-dict-writeback", "general/correct-direct-subdiv",
    "general/correct-eq-by-data", "general/correct-operator-edges", "general/correct-recursive-raised-limit",
    "general/correct-slots-identity", "general/correct-tanh-exp2x", "submissions/correct-closures",
    "submissions/correct-edgelist", "submissions/correct-kahn", "strangers/creation-order-sort",
    "strangers/dataclass-typed", "strangers/kahn-edges", "strangers/method-dispatch", "strangers/opdict-grads",
    "strangers/pow-value-exponent", "strangers/prints-backward", "strangers/recursive-no-visited-dedupe",
    "strangers/slots-grad-property", "strangers/stable-tanh-int-data", "strangers/tensorlike-eq-bool",
    "strangers/tinygrad-functions", "strangers/tuple-dups-stack", "strangers/zero-graph-first",
]
# engines of other sessions that start from micrograd's own file: public copies
FROM_MICROGRAD = [
    "strangers/backward-none-leaves", "strangers/closure-takes-grad", "strangers/frees-graph",
    "strangers/heavy-printer", "strangers/karpathy-stack", "strangers/karpathy-verbatim-recursive",
    "real-looking/real-log-output-no-neg", "real-looking/real-sub-backward-no-log",
    "real-looking/real-tanh-input-no-relu",
]

# -- fills of the 04-more-ops starter: the first of each is the canonical form ------------------------

FILLS = {
    "__pow__": [
        """        out = Value(self.data**k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out""",
        """        out = Value(self.data ** k, (self,), "pow")

        def _backward():
            self.grad += (k * (self.data ** (k - 1))) * out.grad

        out._backward = _backward
        return out""",
        """        result = Value(math.pow(self.data, k), (self,), "**")

        def _backward():
            local = k * math.pow(self.data, k - 1)
            self.grad += local * result.grad

        result._backward = _backward
        return result""",
        """        if k == 0:
            return Value(1.0)
        out = Value(self.data**k, (self,), "**")
        out._backward = lambda: setattr(self, "grad", self.grad + k * self.data ** (k - 1) * out.grad)
        return out""",
    ],
    "exp": [
        """        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out""",
        """        e = math.exp(self.data)
        out = Value(e, (self,), "exp")

        def _backward():
            self.grad += e * out.grad

        out._backward = _backward
        return out""",
        """        out = Value(math.e ** self.data, (self,), "e^x")

        def _backward():
            self.grad += math.e ** self.data * out.grad

        out._backward = _backward
        return out""",
        """        try:
            value = math.exp(self.data)
        except OverflowError:
            value = float("inf")
        node = Value(value, (self,), "exp")

        def _backward():
            self.grad += node.data * node.grad

        node._backward = _backward
        return node""",
    ],
    "log": [
        """        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += (1 / self.data) * out.grad

        out._backward = _backward
        return out""",
        """        assert self.data > 0, "log of a number that is not positive"
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad / self.data

        out._backward = _backward
        return out""",
        """        if self.data <= 0:
            raise ValueError(f"log({self.data}) is not defined")
        x = self.data
        out = Value(math.log(x), (self,), "ln")

        def _backward():
            self.grad += 1.0 / x * out.grad

        out._backward = _backward
        return out""",
        """        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += self.data ** -1 * out.grad

        out._backward = _backward
        return out""",
    ],
    "__neg__": [
        "        return self * -1",
        "        return self * Value(-1.0)",
        "        return -1 * self",
        """        out = Value(-self.data, (self,), "neg")

        def _backward():
            self.grad -= out.grad

        out._backward = _backward
        return out""",
    ],
    "__sub__": [
        "        return self + (-other)",
        "        return self + other * -1",
        """        other = other if isinstance(other, Value) else Value(other)
        return self + other.__neg__()""",
        "        return self.__add__(-other)",
    ],
    "__rsub__": [
        "        return other + (-self)",
        "        return (-self) + other",
        "        return Value(other) - self",
        "        return -(self - other)",
    ],
    "__truediv__": [
        "        return self * other**-1",
        "        return self * (other ** -1.0)",
        """        other = other if isinstance(other, Value) else Value(other)
        return self * other.__pow__(-1)""",
        """        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data / other.data, (self, other), "/")

        def _backward():
            self.grad += out.grad / other.data
            other.grad -= self.data / other.data ** 2 * out.grad

        out._backward = _backward
        return out""",
    ],
    "__rtruediv__": [
        "        return other * self**-1",
        "        return Value(other) / self",
        "        return self ** -1 * other",
        """        return Value(other) * self.__pow__(-1.0)""",
    ],
}
# the 05-backward starter has one region, backward() itself: five honest ways to sort the graph
BACKWARD_FILLS = {
    "backward": [
        """        topo = []
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
            v._backward()""",
        """        order, seen = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if node in seen:
                continue
            seen.add(node)
            stack.append((node, True))
            for parent in node._prev:
                stack.append((parent, False))
        self.grad = 1.0
        for node in reversed(order):
            node._backward()""",
        """        # Kahn: count how many consumers each node has, then release a node when all have run
        consumers = {}
        todo = [self]
        reached = {self}
        while todo:
            node = todo.pop()
            for p in node._prev:
                consumers[p] = consumers.get(p, 0) + 1
                if p not in reached:
                    reached.add(p)
                    todo.append(p)
        self.grad = 1
        ready = [self]
        while ready:
            node = ready.pop()
            node._backward()
            for p in node._prev:
                consumers[p] -= 1
                if consumers[p] == 0:
                    ready.append(p)""",
        """        nodes = []

        def visit(n):
            if n in nodes:
                return
            for c in n._prev:
                visit(c)
            nodes.append(n)

        visit(self)
        self.grad = 1
        for n in nodes[::-1]:
            n._backward()""",
        """        import sys
        sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
        topo = []
        done = set()

        def dfs(node):
            done.add(node)
            for child in node._prev:
                if child not in done:
                    dfs(child)
            topo.append(node)

        dfs(self)
        self.grad = 1
        while topo:
            topo.pop()._backward()""",
    ],
}
STARTER_FILLS = {"04-more-ops": FILLS, "05-backward": BACKWARD_FILLS}
CANONICAL_SHARE = 0.4  # how often an honest filler writes the canonical form of a region

# three ways to add what micrograd's engine lacks
MICROGRAD_ADDITIONS = [
    """
    def tanh(self):
        x = self.data
        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
        out = Value(t, (self, ), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * out.grad
        out._backward = _backward

        return out

    def exp(self):
        x = self.data
        out = Value(math.exp(x), (self, ), 'exp')

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward

        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += (1 / self.data) * out.grad
        out._backward = _backward

        return out
""",
    """
    def tanh(self):
        out = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - out.data ** 2) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += math.exp(self.data) * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out
""",
    """
    def exp(self):
        e = math.exp(self.data)
        out = Value(e, (self,), 'exp')
        def _backward():
            self.grad += e * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        e2 = (self * 2).exp()
        return (e2 - 1) / (e2 + 1)

    def log(self):
        assert self.data > 0
        out = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad += self.data ** -1 * out.grad
        out._backward = _backward
        return out
""",
]

# -- the red team's transforms ----------------------------------------------------------------------

WORDS = ["alpha", "node", "item", "thing", "val", "operand", "rhs", "lhs", "res", "result", "acc", "buf",
         "tmp", "cur", "nxt", "kid", "src", "dst", "elem", "entry", "part", "piece", "obj", "ref", "slot",
         "grad_in", "upstream", "order", "seen", "queue", "walker", "step", "point", "leaf", "root", "top"]
KEEP = {"self", "data", "grad", "_prev", "_backward", "backward", "Value", "relu", "tanh", "exp", "log",
        "math", "isinstance", "int", "float", "set", "tuple", "list", "len", "range", "reversed", "max", "min",
        "iter", "next", "id", "dict", "TypeError", "ValueError", "OverflowError", "ZeroDivisionError",
        "AssertionError", "super", "object", "print", "True", "False", "None", "zip", "enumerate", "sum",
        "abs", "getattr", "setattr", "hasattr", "type", "str", "repr", "sorted", "map", "any", "all", "bool",
        "NotImplemented", "NotImplementedError", "RuntimeError", "staticmethod", "classmethod", "property",
        "dataclass", "field", "graphlib", "itertools", "functools", "collections", "deque", "defaultdict",
        "annotations", "sys", "os", "operator", "heapq", "typing", "Optional", "Callable", "Iterable", "List",
        "Tuple", "Union", "Any", "Dict", "Set", "TopologicalSorter", "count", "static_order", "__future__"}


class _Renamer(ast.NodeTransformer):
    """Every name the file binds (not the API's, not dunders) becomes a fresh word."""

    def __init__(self, rng: random.Random, tree):
        bound = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                bound.add(node.id)
            elif isinstance(node, ast.arg):
                bound.add(node.arg)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                bound.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                bound.add(node.attr)
        bound = sorted(n for n in bound if n not in KEEP and not (n.startswith("__") and n.endswith("__")))
        words = WORDS[:]
        rng.shuffle(words)
        self.map = {name: (words[i] if i < len(words) else f"v{i}") + rng.choice(["", "_", "2", "x"])
                    for i, name in enumerate(bound)}

    def _new(self, name):
        return self.map.get(name, name)

    def visit_Name(self, node):
        node.id = self._new(node.id)
        return node

    def visit_arg(self, node):
        node.arg = self._new(node.arg)
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        node.attr = self._new(node.attr)
        return node

    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        node.name = self._new(node.name)
        return node

    def visit_ClassDef(self, node):
        self.generic_visit(node)
        node.name = self._new(node.name)
        return node

    def visit_keyword(self, node):
        self.generic_visit(node)
        if node.arg:
            node.arg = self._new(node.arg)
        return node


class _Annotate(ast.NodeTransformer):
    def visit_Assign(self, node):
        self.generic_visit(node)
        target = node.targets[0]
        if len(node.targets) == 1 and isinstance(target, (ast.Name, ast.Attribute)):
            return ast.copy_location(ast.AnnAssign(target, ast.Name("float", ast.Load()), node.value,
                                                   int(isinstance(target, ast.Name))), node)
        return node


class _Restyle(ast.NodeTransformer):
    """`x += e` written out; `for v in xs` over a name turned into an index `while`."""

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        load = ast.parse(ast.unparse(node.target), mode="eval").body
        return ast.copy_location(ast.Assign([node.target], ast.BinOp(load, node.op, node.value)), node)

    def visit_For(self, node):
        self.generic_visit(node)
        if node.orelse or not isinstance(node.target, ast.Name) or not isinstance(node.iter, ast.Name):
            return node
        i = f"_i_{node.target.id}"
        code = (f"{i} = 0\nwhile {i} < len({node.iter.id}):\n    {node.target.id} = {node.iter.id}[{i}]\n"
                f"    {i} += 1\n")
        setup, loop = ast.parse(code).body
        loop.body = loop.body[:1] + loop.body[1:] + node.body  # the step first: `continue` keeps working
        return [ast.copy_location(setup, node), ast.copy_location(loop, node)]


def _blocks(tree):
    for node in ast.walk(tree):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield node, field, block


def _names(node, ctx):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ctx)} | {
        ast.unparse(n) for n in ast.walk(node) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ctx)}


def _swap_independent(tree, rng):
    """Swap adjacent simple statements that neither reads nor writes what the other writes."""
    for node, field, block in list(_blocks(tree)):
        i = 0
        while i + 1 < len(block):
            a, b = block[i], block[i + 1]
            simple = all(isinstance(s, (ast.Assign, ast.AugAssign, ast.Expr)) for s in (a, b))
            if simple and rng.random() < 0.7:
                wa, wb = _names(a, ast.Store), _names(b, ast.Store)
                ra, rb = _names(a, ast.Load), _names(b, ast.Load)
                calls = any(isinstance(n, ast.Call) for s in (a, b) for n in ast.walk(s))
                if not calls and not (wa & (rb | wb)) and not (wb & ra):
                    block[i], block[i + 1] = b, a
                    i += 2
                    continue
            i += 1


def _insert_noise(tree, rng):
    """`()` after every statement, or a no-op `assert True` here and there."""
    parens = rng.random() < 0.5
    for node, field, block in list(_blocks(tree)):
        out = []
        for statement in block:
            out.append(statement)
            if parens:
                out.append(ast.Expr(ast.Tuple([], ast.Load())))
            elif rng.random() < 0.3:
                out.append(ast.Assert(ast.Constant(True)))
        setattr(node, field, out)


def _shuffle_methods(tree, rng):
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and len(node.body) > 2:
            head = [s for s in node.body[:1]]
            rest = node.body[1:]
            rng.shuffle(rest)
            node.body = head + rest


COERCE = "other if isinstance(other, Value) else Value(other)"


def _restructure(text: str, rng) -> str:
    """Level 4 by text, before renaming: a coercion helper, temporaries for out.grad and the products."""
    text = text.replace(COERCE, "_as_value(other)")
    if "_as_value(other)" in text:
        text = text.replace("\nclass Value", "\ndef _as_value(x):\n    return x if isinstance(x, Value) else Value(x)\n\n\nclass Value", 1)
    lines = []
    for line in text.split("\n"):
        stripped = line.strip()
        indent = line[: len(line) - len(line.lstrip())]
        if stripped.startswith(("self.grad += ", "other.grad += ")) and "out.grad" in stripped and rng.random() < 0.8:
            target, value = stripped.split(" += ", 1)
            name = "g_" + target.split(".")[0]
            lines.append(f"{indent}{name} = {value}")
            lines.append(f"{indent}{target} = {target} + {name}")
        else:
            lines.append(line)
    return "\n".join(lines)


def level1(text: str, rng) -> str:
    lines = text.split("\n")
    spots = [i for i, line in enumerate(lines) if line.strip().startswith("def ")]
    at = rng.choice(spots) if spots else 0
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())] if spots else ""
    lines.insert(at, f"{indent}# ----\x0c---- {rng.choice(['helpers', 'ops', 'misc', 'more'])}")
    out = []
    for line in lines:
        out.append(line)
        if not line.strip() and rng.random() < 0.3:
            out.append("")
    return "\n".join(out)


def level2(text: str, rng) -> str:
    tree = ast.parse(text)
    tree = _Renamer(rng, tree).visit(tree)
    if rng.random() < 0.5:
        tree = _Annotate().visit(tree)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def level3(text: str, rng) -> str:
    tree = ast.parse(text)
    tree = _Restyle().visit(tree)
    _shuffle_methods(tree, rng)
    _swap_independent(tree, rng)
    tree = _Renamer(rng, tree).visit(tree)
    if rng.random() < 0.5:
        tree = _Annotate().visit(tree)
    _insert_noise(tree, rng)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def level4(text: str, rng, packed: bool = False) -> str:
    out = level3(_restructure(text, rng), rng)
    if packed:
        payload = base64.b64encode(zlib.compress(out.encode("utf-8"))).decode("ascii")
        return f"import base64, zlib\nexec(zlib.decompress(base64.b64decode({payload!r})))\n"
    return out


LEVELS = {1: level1, 2: level2, 3: level3, 4: level4}

# -- the class ---------------------------------------------------------------------------------------


def fill(starter: str, choice: dict[str, int], exercise: str = STARTER) -> str:
    text = starter
    for method, variants in STARTER_FILLS[exercise].items():
        todo = (f'        # TODO({exercise}): your code here\n'
                f'        raise NotImplementedError("{exercise}: write Value.{method}")')
        assert todo in text, method
        text = text.replace(todo, variants[choice[method]])
    return text


def draw_fill(rng, fills) -> dict[str, int]:
    return {m: 0 if rng.random() < CANONICAL_SHARE else rng.randrange(1, len(v)) for m, v in fills.items()}


def build(out: Path, seed: int = SEED, fillers: int = 16, exercise: str = STARTER) -> dict:
    from grader.classroom import starters

    rng = random.Random(seed)
    fills = STARTER_FILLS[exercise]
    starter = starters.starter_files(exercise)["engine.py"]
    entries: list[tuple[str, str, str | None, int | None]] = []  # (text, kind, cluster, level)
    for _ in range(fillers):
        entries.append((fill(starter, draw_fill(rng, fills), exercise), "independent, fills the starter", None, None))
    hard = {}
    for p in range(3):  # hard negatives: the same canonical lines, one region each pair's own way
        choice = {m: 0 for m in fills}
        choice[rng.choice(sorted(fills))] = 1 + p % (len(fills[sorted(fills)[0]]) - 1)
        for _ in range(2):
            hard[len(entries)] = f"h{p}"
            entries.append((fill(starter, choice, exercise), "independent, same canonical fill", None, None))
    for name in OTHER_AUTHORS:
        entries.append(((FIXTURES / name / "engine.py").read_text(encoding="utf-8"), f"independent: {name}", None, None))
    micrograd = MICROGRAD.read_text(encoding="utf-8")
    for name in FROM_MICROGRAD:
        text = (FIXTURES / name / "engine.py").read_text(encoding="utf-8")
        assert MICROGRAD_MARK in text, name
        entries.append((text, f"public copy (another session's): {name}", "public", None))
    for level, additions in zip((1, 2, 3), MICROGRAD_ADDITIONS):
        text = micrograd.replace("\n    def backward(self):", additions + "\n    def backward(self):", 1)
        text = "import math\n" + text
        entries.append((LEVELS[level](text, rng), f"copy of the public engine, level {level}", "public", level))
    # twelve sources: six fillers and six other authors' engines, three per level; one copied twice
    fill_sources = [i for i, e in enumerate(entries) if e[1] == "independent, fills the starter"][:6]
    other_sources = [i for i, e in enumerate(entries) if e[1].startswith("independent: ")]
    sources = fill_sources + rng.sample(other_sources, 6)
    rng.shuffle(sources)
    packed_done = False
    for n, index in enumerate(sources):
        level = 1 + n % 4
        text, kind, _, _ = entries[index]
        cluster = f"c{n}"
        entries[index] = (text, kind + " (a source)", cluster, level)
        copies = 2 if n == 2 else 1  # one source (level 3) is copied twice
        for _ in range(copies):
            if level == 4:
                copy = level4(text, rng, packed=not packed_done)
                packed_done = True
            else:
                copy = LEVELS[level](text, rng)
            entries.append((copy, f"copy, level {level}", cluster, level))
    return write_class(out, starter, rng, [(text, kind, cluster, level, hard.get(index))
                                           for index, (text, kind, cluster, level) in enumerate(entries)])


def write_class(out: Path, starter: str, rng: random.Random, entries: list) -> dict:
    """Write OUT/main/submissions/<id>.py for each (text, kind, cluster, level, hard pair or None), the starter and
    OUT/labels.json (generate.py's schema); ids drawn at random so that no name gives a cluster away."""
    ids = rng.sample(range(1000, 10000), len(entries))
    if out.exists():
        shutil.rmtree(out)
    (out / "main" / "submissions").mkdir(parents=True)
    (out / "main" / "starter").mkdir(parents=True)
    (out / "main" / "starter" / "engine.py").write_text(starter, encoding="utf-8")
    labels = {}
    for number, (text, kind, cluster, level, hard_pair) in zip(ids, entries):
        sid = f"s{number}"
        (out / "main" / "submissions" / f"{sid}.py").write_text(text, encoding="utf-8")
        labels[sid] = {"kind": kind, "cluster": cluster, "level": level}
        if hard_pair is not None:
            labels[sid]["hard_pair"] = hard_pair  # a hard negative: the same canonical lines as its partner
    record = {"main": labels}
    (out / "labels.json").write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return record


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--exercise", default=STARTER, choices=sorted(STARTER_FILLS))
    args = parser.parse_args()
    labels = build(args.out, args.seed, exercise=args.exercise)
    kinds = {}
    for label in labels["main"].values():
        kinds[label["kind"].split(":")[0].split(" (")[0]] = kinds.get(label["kind"].split(":")[0].split(" (")[0], 0) + 1
    print(f"{len(labels['main'])} submissions in {args.out}: {kinds}")


if __name__ == "__main__":
    main()

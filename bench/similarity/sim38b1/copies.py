"""sim38b1's hard-negative pairs, level 1-3 copies, public copies and every file's label (session 38, simw38)."""

from __future__ import annotations

from pathlib import Path

import copier as c
import fillers

HERE = Path(__file__).resolve().parent
MICROGRAD = HERE.parents[2] / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py"
PUBLIC = "karpathy/micrograd micrograd/engine.py (MIT)"

# ---- hard negatives: two students' own code is one course text's canonical lines -------------------------------
HARD = {
    "s512": (fillers.LECTURE, True, ""),
    "s519": (fillers.LECTURE, False, "# Lab 2 - group 7 - Tariq\n"),
    "s526": (fillers.TA, False, ""),
    "s533": (fillers.TA, True, "# lab2 hand-in (Sienna P.)\n"),
    "s540": (fillers.MIXED, False, ""),
    "s547": (fillers.MIXED, True, "# Lab 2. I used the lecture's rules and the walk from the TA's forum post.\n"),
}
HARD_KIND = {
    "s512": ("h1", "the lecture's code (materials/lecture) typed into the starter, TODO comments kept"),
    "s519": ("h1", "the lecture's code typed into the starter, a name/group comment at the top"),
    "s526": ("h2", "the TA's forum post (materials/ta-post): inner grad_fn functions, the use-count walk"),
    "s533": ("h2", "the TA's forum post, TODO comments kept, a name comment at the top"),
    "s540": ("h3", "the lecture's lambdas with the TA's use-count walk"),
    "s547": ("h3", "the lecture's lambdas with the TA's walk, TODO comments kept, a comment saying so at the top"),
}


_read = c.read


def _l3(text, names, order, to="'"):
    return c.level3(text, names, "Scalar", order, to)


PART_A = ["__add__", "__mul__", "__pow__", "relu", "tanh", "exp", "log"]

COPIES = {
    "s402": lambda f: _read(f, "s301"),
    "s409": lambda f: "# Ines Vidal, group B\n" + _read(f, "s308") + "\n",
    "s416": lambda f: c.formfeed(_read(f, "s315"), "TODO(lab2) A2:"),
    "s423": lambda f: c.recomment(c.rename(_read(f, "s322"), {
        "total": "summed", "product": "prod", "powered": "raised", "clipped": "rect", "squashed": "th",
        "grown": "ex", "logged": "ln", "up": "upstream", "position": "rank", "order": "topo", "stack": "work",
        "node": "n", "expanded": "opened", "parent": "src"}), {
        "和": "sum", "積": "product", "べき": "power rule", "出力で微分": "derivative from the output",
        "入力で割る": "divide by the input", "位置の辞書": "rank of each node: reverse order from the output"}),
    "s430": lambda f: c.annotate(c.recomment(c.rename(_read(f, "s329"), {
        "lhs": "left", "rhs": "right", "result": "res", "_flow": "_send", "sequence": "ordered",
        "pending": "todo", "visited": "marked"}), {})
        .replace("        self.grad = 1.0\n        for node in reversed(ordered):",
                 "        # seed the output, then go backwards\n        self.grad = 1.0\n"
                 "        for node in reversed(ordered):")),
    "s437": lambda f: _l3(_read(f, "s329"), {
        "lhs": "a", "rhs": "b", "result": "y", "_flow": "_bw", "sequence": "topo", "pending": "stack",
        "visited": "seen", "ready": "done", "parent": "p"}, list(reversed(PART_A))),
    "s444": lambda f: c.packed(c.recomment(c.rename(_read(f, "s336"), {
        "wert": "w", "verwender": "nutzer", "alle": "knotenliste", "stapel": "st", "bereit": "fertig"}), {
        "Summe": "Addition", "Produkt": "Produktregel", "Potenz": "Potenzregel",
        "relu(x)": "relu ueber den Betrag", "Logarithmus": "ln: 1/x",
        "Zähle": "Kahn-Verfahren mit Zaehlern"}), "# Lab 2 - Jan\n"),
    "s451": lambda f: c.parens(_l3(_read(f, "s343"), {
        "resultado": "res", "grad_saida": "g_out", "usos": "refs", "pilha": "pile", "no": "cur",
        "entrada": "inp", "prontos": "ready_nodes", "grads": "gs"},
        ["tanh", "exp", "log", "__add__", "__mul__", "__pow__", "relu"], '"')),
    "s458": lambda f: _l3(_read(f, "s350"), {
        "_rule": "_local_rule", "locals_": "slopes", "walk": "postorder", "leaving": "exiting", "on": "positive",
        "t": "th", "e": "ex"}, ["relu", "__pow__", "__add__", "tanh", "__mul__", "log", "exp"]),
    "s465": lambda f: "# seed grad = 1 then reverse topo\n" + _l3(_read(f, "s357"), {
        "_apply": "_elementwise", "fx": "y_val", "order": "stack_order", "marked": "visited", "dfs": "visit",
        "n": "node", "p": "parent"}, ["__mul__", "__add__", "log", "exp", "tanh", "relu", "__pow__"]),
}

# ---- public copies: karpathy/micrograd's engine.py with the tanh, exp and log the lab asks for ----------------------
ADDED = '''
    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * out.grad
        out._backward = _backward

        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), 'exp')

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
'''
HEAD = "import math\nimport sys\n\nsys.setrecursionlimit(10000)\n"


def micrograd() -> str:
    """micrograd's engine with tanh, exp and log added before backward, math imported, the recursion limit raised (its
    walk is recursive) and the lab's `Scalar` name."""
    text = MICROGRAD.read_text(encoding="utf-8")
    text = text.replace("\n    def backward(self):", ADDED + "\n    def backward(self):", 1)
    return HEAD + text + "\n\nScalar = Value\n"


PUBLIC_RENAMES = {
    "s615": {"out": "result", "topo": "ordering", "v": "node", "build_topo": "visit", "visited": "seen",
             "child": "prev"},
    "s622": {"out": "o", "other": "rhs", "topo": "nodes", "build_topo": "dfs", "visited": "done", "v": "n",
             "child": "c"},
    "s629": {"out": "res", "other": "that", "topo": "order", "build_topo": "walk", "visited": "marked",
             "v": "cur", "child": "ch", "_backward": "_back"},
    "s636": {"out": "y", "other": "x", "topo": "topo_order", "build_topo": "add_node", "visited": "vis",
             "v": "vv", "child": "k", "_prev": "_parents", "_op": "_operation"},
}


def _mg_reorder(text, order):
    return c.reorder(text, "Value", order)


PUBLIC_COPIES = {
    "s601": lambda: micrograd(),
    "s608": lambda: "# based on micrograd by Andrej Karpathy (github.com/karpathy/micrograd), MIT licence\n" + micrograd(),
    "s615": lambda: c.recomment(c.rename(micrograd(), PUBLIC_RENAMES["s615"]), {
        "topological order": "order the nodes so each comes after its inputs",
        "go one variable": "chain rule, from the output back",
        "internal variables": "bookkeeping for the graph"}),
    "s622": lambda: c.drop_comments(c.rename(micrograd(), PUBLIC_RENAMES["s622"])).replace(
        '""" stores a single scalar value and its gradient """', '"""A number and d(output)/d(number)."""'),
    "s629": lambda: c.quotes(c.expand_augmented(_mg_reorder(c.drop_comments(c.rename(micrograd(),
        PUBLIC_RENAMES["s629"])), ["__repr__", "__mul__", "__add__", "__pow__", "tanh", "relu", "log", "exp"])), '"'),
    "s636": lambda: c.quotes(c.expand_augmented(_mg_reorder(c.drop_comments(c.rename(micrograd(),
        PUBLIC_RENAMES["s636"])), ["backward", "__init__", "__add__", "__mul__", "relu", "__pow__", "log", "exp",
                                  "tanh"])), "'"),
}
PUBLIC_KIND = {
    "s601": (1, "micrograd verbatim, tanh/exp/log added before backward in its style, math imported, the recursion "
                "limit raised, `Scalar = Value` at the end"),
    "s608": (1, "as s601 with a credit comment at the top"),
    "s615": (2, "renamed (out->result, topo->ordering, v->node, build_topo->visit, visited->seen, child->prev), "
                "three comments rewritten"),
    "s622": (2, "renamed (out->o, other->rhs, topo->nodes, build_topo->dfs, ...), every comment removed, the class "
                "docstring changed"),
    "s629": (3, "renamed (out->res, other->that, _backward->_back, ...), comments removed, methods reordered (repr "
                "first, mul before add, ...), `+=` written out, double quotes"),
    "s636": (3, "renamed (_prev->_parents, _op->_operation, out->y, other->x, ...), comments removed, backward moved "
                "first, `+=` written out, single quotes"),
}

# ---- every file's label ---------------------------------------------------------------------------------------------
HAND = {  # the files typed by hand into main/submissions
    "s209": "independent: Lena, whole engine from scratch: integer op codes (LEAF, ADD, MUL, ...) and one `step()` "
            "switch over them, an open/closed state dict",
    "s216": "independent: Oskar, whole engine: __slots__, (input, local) pairs per node, every contribution kept in a "
            "list and summed with math.fsum when the node is released (use counts)",
    "s223": "independent: Mei, whole engine: a creation serial number per node (itertools.count); backward sorts the "
            "reachable nodes by serial, newest first, no graph search",
    "s230": "independent: Lucía, whole engine, Spanish comments and names: one rule function per parent, a heapq "
            "keyed on minus the creation counter",
    "s237": "independent: Adebayo, whole engine: every operator a one-line method through `_op(data, srcs, ds, "
            "name)`, `s`/`o` for self/other, a recursive memoised walk with the limit raised",
}
SOURCE_OF = {  # copy -> (cluster, source, level, who and what changed)
    "s402": ("c1", "s301", 1, "Layla's file handed in by Yara as it is"),
    "s409": ("c2", "s308", 1, "Duc's file by Ines V.: her name in a comment at the top, a blank line at the end"),
    "s416": ("c3", "s315", 1, "Chiara's file verbatim with a form feed inside the `# TODO(lab2) A2:` comment "
                              "(copier.formfeed)"),
    "s423": ("c4", "s322", 2, "Kenji's file by Pavel: renamed (total->summed, squashed->th, up->upstream, "
                              "position->rank, order->topo, node->n, parent->src, ...), the Japanese comments "
                              "translated into English"),
    "s430": ("c5", "s329", 2, "Lucas's file by Mira: renamed (lhs->left, rhs->right, result->res, _flow->_send, "
                              "sequence->ordered, pending->todo, visited->marked), a comment added, then `: float` "
                              "on every one-name assignment (copier.annotate)"),
    "s437": ("c5", "s329", 3, "Lucas's file by Theo, who never saw Mira's: renamed (lhs->a, rhs->b, result->y, "
                              "_flow->_bw, ...), comments dropped, Part A's methods in reverse order, `+=` written "
                              "out, single quotes"),
    "s444": ("c6", "s336", 2, "Greta's file by Jan: renamed (wert->w, verwender->nutzer, stapel->st, ...), the "
                              "German comments rewritten, then packed with zlib + base64 and run with exec "
                              "(copier.packed)"),
    "s451": ("c7", "s343", 3, "Pedro's file by Ji-ho: renamed (resultado->res, grad_saida->g_out, usos->refs, ...), "
                              "comments dropped, methods reordered (tanh first), `+=` written out, double quotes, "
                              "then `; ()` after every statement (copier.parens)"),
    "s458": ("c8", "s350", 3, "Nadia's file by Bianca: renamed (_rule->_local_rule, walk->postorder, t->th, ...), "
                              "comments dropped, methods reordered (relu first), `+=` written out, single quotes"),
    "s465": ("c9", "s357", 3, "Eli's file by Musa: renamed (_apply->_elementwise, dfs->visit, n->node, ...), "
                              "comments dropped, methods reordered (mul first), `+=` written out, single quotes, a "
                              "comment line at the top"),
    "s371": ("c10", "s364", 4, "Niko's engine rebuilt by Petra with an LLM's help: no closures, each node stores its "
                               "local Jacobian as a dict {input: slope} built by one `_emit`, one generic accumulate "
                               "loop in backward (use counts kept); his tanh through exp(2x) and op tags kept"),
    "s385": ("c11", "s378", 4, "Farida's engine rebuilt by Bogdan: a metaclass makes add, mul, relu, tanh, exp and "
                               "log from a SPEC list of (name, arity, forward, derivatives), the locals stored on the "
                               "node; her guards, repr and iterator walk kept"),
    "s399": ("c12", "s392", 4, "Amara's file rebuilt by Hugo: the starter's docstring kept, a Scalar with __slots__ "
                               "indexed into a global NODES list, a global TAPE of (output, input indices, slopes) "
                               "replayed backwards, the operators made with functools.partialmethod; her "
                               "operand labels ('tanh(0.5)') kept"),
}
EVASIONS = {"s416": "form feed in a comment", "s430": "annotation on every assignment",
            "s451": "() after every statement", "s444": "zlib+base64 and exec"}
SOURCE_PEOPLE = {"s364": "source: from scratch: Niko: micrograd-like closures named `_push`, `_kids`/`_how`, tanh "
                         "through exp(2x), use counts",
                 "s378": "source: from scratch: Farida: a `back` function per node, `sources`/`tag`/`dst` names, "
                         "TypeError and ValueError guards, an iterator stack"}


def labels() -> dict:
    sources = {name: "source: " + spec["kind"] + " (starter filled)" for name, spec in fillers.SOURCES.items()}
    return c.labels(fillers.FILES, HAND, HARD_KIND, SOURCE_OF, EVASIONS, {**sources, **SOURCE_PEOPLE}, PUBLIC_KIND,
                    PUBLIC)

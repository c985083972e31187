"""sim39b1's course texts, hard negatives, copies and public copies (write.py writes them), and its labels."""

from pathlib import Path

import copier

HERE = Path(__file__).resolve().parent
MICROGRAD = (HERE.parents[2] / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py")

# materials/: the lecture's code (the professor fills the starter in class, the canonical way) and the TA's forum post
LECTURE = {"ways": "000000000", "o": "out", "lang": "none"}
TA = {"ways": "101011010", "o": "out", "lang": "en",
      "own": {"Q4": "{o} = Node(max(self.data, 0.0), op='relu')\n{o}.parents = [(self, float(self.data > 0))]\nreturn {o}"
                    .replace("{o}", "out")}}

# the hard negatives: independent students whose own code is the course's canonical lines (name: (spec, header))
HARD = {
    "s501": (dict(LECTURE, keep_todo=True), ""),
    "s508": (LECTURE, "# PS1 -- handed in by G. Moreau\n"),
    "s515": (TA, ""),
    "s522": (dict(TA, keep_todo=True), "# ps1 engine (followed the TA's post on the forum)\n"),
    "s529": ({"ways": "000000010", "o": "out", "lang": "none"}, ""),
    "s536": ({"ways": "000000010", "o": "out", "lang": "none", "keep_todo": True}, "# Problem Set 1\n"),
}
HARD_PAIRS = {"s501": "h1", "s508": "h1", "s515": "h2", "s522": "h2", "s529": "h3", "s536": "h3"}
HARD_KINDS = {
    "h1": "the lecture's code (materials/lecture) typed into the starter",
    "h2": "the TA's forum post (materials/ta-post) typed into the starter",
    "h3": "the lecture's operations with the TA's walk (Kahn counts)",
}

ES_EN = {"# regla de la cadena": "# chain rule", "# orden topológico inverso": "# walk it backwards",
         "# derivadas locales con cada padre": "# keep the local derivative with each parent", "# semilla": "# seed"}


def _read(out, name):
    return (out / f"{name}.py").read_text(encoding="utf-8")


def _l3(text, mapping, order):
    text = copier.rename(text, mapping)
    text = copier.comments(text, lambda c: None)
    text = copier.move_methods(text, order)
    text = copier.write_out_augmented(text)
    return copier.swap_quotes(text)


ORDER_A = ["log", "exp", "tanh", "relu", "__pow__", "__mul__", "__add__"]
ORDER_B = ["__mul__", "__add__", "relu", "__pow__", "log", "exp", "tanh"]

COPIES = {
    # level 1
    "s402": lambda out: _read(out, "s301"),
    "s409": lambda out: "# Sam O.\n\n" + _read(out, "s343"),
    "s416": lambda out: copier.formfeed(_read(out, "s315"), "# list of (parent Node"),
    # level 2: renamed, comments changed
    "s423": lambda out: copier.comments(copier.rename(_read(out, "s308"), {"z": "res", "order": "orden", "seen": "vistos",
                                                                          "stack": "pila", "done": "listo", "n": "nodo"}),
                                        lambda c: ES_EN.get(c, c)),
    "s430": lambda out: copier.annotate(copier.comments(copier.rename(
        _read(out, "s322"), {"v": "made", "order": "ordering", "seen": "marked", "path": "trail", "top": "head",
                             "nxt": "following"}), lambda c: "# rule" if c.startswith("# ") and not c.isascii() else c)),
    "s437": lambda out: copier.pack(copier.comments(copier.rename(
        _read(out, "s357"), {"acc": "total", "frontier": "queue", "kids": "users", "indeg": "waiting"}),
        lambda c: None), head="# engine.py -- PS1\n"),
    "s465": lambda out: copier.comments(copier.rename(
        _read(out, "s350"), {"outp": "result", "order": "seq", "seen": "done_set", "path": "st", "top": "cur",
                             "nxt": "nxt_node", "w": "lg"}), lambda c: c.replace("list of", "pairs of")),
    # level 3: renamed, comments dropped, methods reordered, `+=` written out, quotes swapped
    "s444": lambda out: _l3(_read(out, "s329"), {"w": "o", "order": "ordering", "seen": "visited", "stack": "todo",
                                                 "done": "expanded", "n": "cur", "a": "lhs", "b": "rhs"}, ORDER_A),
    "s451": lambda out: copier.unit_after_statements(_l3(
        _read(out, "s336"), {"n": "node", "count": "indeg", "todo": "pending", "ready": "frontier", "out": "order",
                             "e2": "ex"}, ORDER_B)),
    "s458": lambda out: _l3(_read(out, "s350"), {"outp": "z", "order": "topo", "seen": "memo", "path": "stk",
                                                 "top": "last", "nxt": "cand", "w": "partial"}, ORDER_B),
}
COPY_LABELS = {
    "s402": ("c1", 1, "Amara's file handed in by Yara as it is", None),
    "s409": ("c7", 1, "Musa's file with a name comment and a blank line on top", None),
    "s416": ("c3", 1, "Ji-woo's file verbatim with a form feed in the `# list of (parent Node` comment of __init__ "
             "(copier.formfeed)", "form feed in a comment"),
    "s423": ("c2", 2, "Rafael's file by Pablo: renamed (z->res, order->orden, seen->vistos, stack->pila, done->listo, "
             "n->nodo), the Spanish comments put in English", None),
    "s430": ("c4", 2, "Kavya's file by Rohan: renamed (v->made, order->ordering, seen->marked, path->trail, top->head, "
             "nxt->following), the Hindi comments replaced by `# rule`, then `: float` on every one-name assignment "
             "(copier.annotate)", "annotation on every assignment"),
    "s437": ("c9", 2, "Grace's whole engine (s357) by Ivan: renamed (acc->total, frontier->queue, kids->users, "
             "indeg->waiting), comments dropped, then packed with zlib + base64 and run with exec (copier.pack)",
             "zlib+base64 and exec"),
    "s465": ("c8", 2, "Elif's file by Mira: renamed (outp->result, order->seq, seen->done_set, path->st, top->cur, "
             "nxt->nxt_node, w->lg), a comment reworded", None),
    "s444": ("c5", 3, "Tom's file by Ugo: renamed, comments dropped, the operations moved (log, exp, tanh, relu, pow, "
             "mul, add), `+=` written out, quotes swapped", None),
    "s451": ("c6", 3, "Lena's file by Karl: renamed, comments dropped, operations moved, `+=` written out, quotes "
             "swapped, then `; ()` after every statement (copier.unit_after_statements)", "() after every statement"),
    "s458": ("c8", 3, "Elif's file by Theo (who did not see Mira's copy): renamed, comments dropped, operations moved, "
             "`+=` written out, quotes swapped", None),
}
# level 4: typed by hand into main/submissions (an LLM asked "make this look different but keep it working")
L4 = {
    "s512": ("c10", "Chen's whole engine (s364) as a Value that keeps its backward as a list of (parent, derivative "
             "function) pairs evaluated lazily in the walk, the walk rewritten as a generator"),
    "s519": ("c11", "Sven's whole engine (s371) with the operators generated by exec of a template string per "
             "operation (plain text, not packed) from a table of (name, forward, local derivative) formulas"),
    "s526": ("c12", "Aditi's whole engine (s378) as a reverse walk written as recursion with a memo dict of "
             "d out / d node and explicit chain-rule products over each node's consumers"),
}

SOURCE_CLUSTERS = {"s301": "c1", "s308": "c2", "s315": "c3", "s322": "c4", "s329": "c5", "s336": "c6", "s343": "c7",
                   "s350": "c8", "s357": "c9", "s364": "c10", "s371": "c11", "s378": "c12"}

# own engines from scratch (typed by hand): independents and sources
SCRATCH = {
    "s209": "Dmitri's lab partner Yusuf: a C programmer's engine: integer op codes, one switch-like if chain in an "
            "explicit-stack backward",
    "s216": "Rin: everything as static methods of an `AD` namespace class, `Value` a thin node class",
    "s223": "Mateo: Spanish names and comments, a Value with a `prev` dict {parent: local derivative}",
    "s230": "Ananya: Hindi comments, nodes numbered on creation and sorted by number for the walk",
    "s237": "Ji-ho: Korean comments, a copy of the lecture's ASCII-art graph in the class docstring, a deque BFS "
            "with use counts",
    "s357": "Grace: a Kahn walk on consumer lists (kids) with in-degree counts, accumulators in a dict",
    "s364": "Chen: __slots__, a `_grad_fns` list of closures, a two-stack post-order",
    "s371": "Sven: a Node with an op string and a rules dict from op to a function of (node) -> local gradients",
    "s378": "Aditi: a Value with `children` and `partials` lists, a BFS with reference counts",
}


def public(add_head="", mapping=None, level=1, comments=None, order=None):
    """karpathy/micrograd's engine.py with tanh, exp and log added before backward in its style, math imported, the
    recursion limit raised (its walk is recursive; the marker builds long chains), then the copier's steps."""
    text = MICROGRAD.read_text(encoding="utf-8")
    added = '''    def tanh(self):
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

    def backward(self):
'''
    text = text.replace("    def backward(self):\n", added, 1)
    text = add_head + "import math\nimport sys\n\nsys.setrecursionlimit(100000)\n" + text
    if mapping:
        text = copier.rename(text, mapping)
    if comments:
        text = copier.comments(text, comments)
    if order:
        text = copier.move_methods(text, order)
        text = copier.write_out_augmented(text)
        text = copier.swap_quotes(text)
    return text


PUBLIC_COPIES = {
    "s601": lambda: public(),
    "s608": lambda: public("# PS1 -- Value engine\n# ref: github.com/karpathy/micrograd\n"),
    "s615": lambda: public(mapping={"_children": "_kids", "_prev": "_parents", "_op": "_label", "build_topo": "dfs",
                                    "topo": "order", "visited": "seen"},
                           comments=lambda c: None if "#" in c and "self" in c else c.replace("graph", "DAG")),
    "s622": lambda: public(mapping={"other": "rhs", "out": "res", "_backward": "_grad_step", "v": "node",
                                    "child": "parent"},
                           comments=lambda c: "# chain rule" if "chain rule" in c else c),
    "s629": lambda: public(mapping={"other": "o", "out": "r", "topo": "ordering", "build_topo": "visit", "t": "th"},
                           comments=lambda c: None, order=ORDER_A),
    "s636": lambda: public(mapping={"_prev": "srcs", "_op": "kind", "visited": "done", "v": "x", "child": "c"},
                           comments=lambda c: None, order=ORDER_B),
}
PUBLIC_LEVELS = {"s601": (1, "micrograd verbatim with tanh/exp/log added, math imported, the recursion limit raised"),
                 "s608": (1, "as s601 with a header comment naming the source"),
                 "s615": (2, "renamed (_children->_kids, _prev->_parents, _op->_label, build_topo->dfs, topo->order, "
                             "visited->seen), comments about `self` dropped, graph->DAG"),
                 "s622": (2, "renamed (other->rhs, out->res, _backward->_grad_step, v->node, child->parent), the "
                             "chain-rule comment shortened"),
                 "s629": (3, "renamed, comments dropped, the operations moved, `+=` written out, quotes swapped"),
                 "s636": (3, "renamed, comments dropped, the operations moved (another order), `+=` written out, "
                             "quotes swapped")}


def labels():
    import fillers
    out = {}
    for name, spec in fillers.FILES.items():
        out[name] = {"cluster": None, "level": None, "kind": f"independent: {spec['who']} (starter filled)"}
        if "bug" in spec:
            out[name]["bug"] = spec["bug"]
    for name, who in SCRATCH.items():
        if name in SOURCE_CLUSTERS:
            continue
        out[name] = {"cluster": None, "level": None, "kind": f"independent: {who} (own engine)"}
    for name, spec in fillers.SOURCES.items():
        out[name] = {"cluster": SOURCE_CLUSTERS[name], "level": 1, "kind": f"source: {spec['who']} (starter filled)"}
    for name, who in SCRATCH.items():
        if name in SOURCE_CLUSTERS:
            out[name] = {"cluster": SOURCE_CLUSTERS[name], "level": 1, "kind": f"source: {who} (own engine)"}
    for name, (cluster, level, what, evasion) in COPY_LABELS.items():
        out[name] = {"cluster": cluster, "level": level, "kind": f"copy (level {level}): {what}"}
        if evasion:
            out[name]["evasion"] = evasion
    for name, (cluster, what) in L4.items():
        out[name] = {"cluster": cluster, "level": 4, "kind": f"copy (level 4): {what}"}
    for name, (spec, header) in HARD.items():
        pair = HARD_PAIRS[name]
        keep = ", TODO lines kept" if spec.get("keep_todo") else ""
        head = f", a header comment ({header.strip()})" if header else ""
        out[name] = {"cluster": None, "level": None, "hard_pair": pair,
                     "kind": f"hard negative: {HARD_KINDS[pair]}{keep}{head}"}
    for name, (level, what) in PUBLIC_LEVELS.items():
        out[name] = {"cluster": "public", "level": level, "kind": f"public copy (level {level}): {what}",
                     "public_source": "karpathy/micrograd micrograd/engine.py (MIT)"}
    return out

"""Independent authors for the similarity benchmark: each draws habits at random and writes an engine its own way.

An author is a set of habits, drawn once from a seeded random generator:
the names they give things, how they turn a number into a Value, whether a
node keeps closures, (parent, local derivative) edges or an op string that a
dispatcher reads, how they sort the graph (five algorithms), how they write
each derivative, whether `-`, `/` and unary `-` are built from other ops or
have their own rule, their comments, docstrings, type hints, blank lines and
quotes, and the order of their methods. `engine()` writes a complete engine
from scratch; `fill()` writes only what a starter leaves out, in the same
habits. `paraphrase()` is the same author's logic written line by line in
another form (the fourth obfuscation level): closures become op-string
dispatch or the reverse, every expression is rewritten, the names change.
"""

from __future__ import annotations

import random
import re
import textwrap
from dataclasses import dataclass, field, replace

NAMES = {
    "other": ["other", "rhs", "b", "o", "y", "that", "operand"],
    "out": ["out", "result", "res", "z", "node", "ret", "new"],
    "children": ["_children", "children", "parents", "_parents_in", "inputs", "srcs"],
    "op": ["_op", "op", "operation", "_kind", "label_op"],
    "topo": ["topo", "order", "nodes", "ordering", "sorted_nodes", "graph", "post"],
    "visited": ["visited", "seen", "done", "marked", "explored"],
    "helper": ["build_topo", "build", "dfs", "visit", "walk", "add_node", "topo_sort"],
    "node": ["v", "node", "n", "cur", "x", "item"],
    "child": ["child", "c", "p", "parent", "prev", "inp"],
    "t": ["t", "th", "tanh_x", "y", "value"],
    "k": ["other", "k", "n", "exponent", "power", "p"],
    "coerce": ["_lift", "as_value", "_wrap", "_ensure", "to_value", "_v"],
    "edges": ["_edges", "_parents", "_grads", "_links", "_locals"],
}
# Rare habits: each author has a few. Two honest students seldom share the same ones; a copy keeps them all.
QUIRKS = ("float_cast", "log_check", "exp_guard", "tanh_clamp", "pow_float", "out_data_local", "zero_first",
          "return_topo", "reverse_copy", "visited_list", "setattr_backward", "bool_grad", "closure_name",
          "seed_float_call")
COMMENTS = {
    "mul": ["# product rule: each side gets the other", "# d(ab)/da = b", "# chain rule for *",
            "# local grads are swapped operands"],
    "add": ["# addition passes the gradient through", "# d(a+b)/da = 1", "# plus: both get out.grad"],
    "tanh": ["# tanh'(x) = 1 - tanh(x)^2", "# derivative from the output", "# hyperbolic tangent"],
    "exp": ["# e^x is its own derivative", "# exp rule", "# d/dx exp(x) = exp(x)"],
    "log": ["# d/dx ln x = 1/x", "# natural log", "# log rule uses the input"],
    "pow": ["# power rule", "# d/dx x^n = n x^(n-1)", "# only constant exponents"],
    "relu": ["# relu passes gradient where positive", "# max(0, x)", "# rectifier"],
    "backward": ["# topological sort then reverse", "# build the order first", "# seed the output gradient",
                 "# walk the graph backwards"],
}


@dataclass
class Habits:
    names: dict
    structure: str  # closures | edges | dispatch
    unary_helper: bool  # relu/tanh/exp/log through one helper that makes the closure
    update: str  # "+=" | "=+"
    swap_products: bool
    coerce: str  # ternary | if_not | helper | ternary_not | if_number
    topo: str  # nested | method | stack_flag | kahn | iter_post
    reverse_loop: str  # reversed | slice | pop | index
    tanh: str  # math | exp_formula | via_exp
    tanh_grad: str  # square | product | outdata
    relu: str  # ternary | max | gt
    relu_grad: str  # cmp | ifexp | float
    log_grad: str  # div | pow | float_div
    pow_check: str  # assert | raise | none
    pow_grad: str  # plain | paren | mathpow
    derived_direct: set  # of "neg", "sub", "div": written with their own rule instead of from other ops
    seed: str  # "1" | "1.0"
    zero: str  # "0" | "0.0"
    quote: str
    indent: str
    docstrings: bool
    comments: float  # chance of a comment above a rule
    hints: bool  # type hints on methods
    blank: int  # blank lines between methods
    extras: list = field(default_factory=list)  # zero_grad, label, hash, repr variants
    # micro-habits: what makes two honest engines differ line by line
    add_factor: bool = False  # self.grad += 1.0 * out.grad
    other_first: bool = False  # a binary rule updates the other operand first
    local_var: bool = False  # the local derivative named before it is used
    grad_var: bool = False  # g = out.grad at the top of a closure
    keywords: bool = False  # Value(x, _children=(...), _op="...")
    container: str = "tuple"  # the children: (self, other) or [self, other]
    alias_x: bool = False  # x = self.data at the top of a unary op
    early_return: bool = False  # the recursive sort returns early for a visited node
    pow_forward: str = "op"  # op | builtin | math
    exp_grad: str = "out"  # out | recompute
    neg_form: str = "self*-1"
    sub_form: str = "neg"
    div_form: str = "pow"
    quirks: frozenset = frozenset()  # a few rare habits of this author (QUIRKS)
    order_seed: int = 0
    comment_seed: int = 0


def draw(rng: random.Random) -> Habits:
    names = {key: rng.choice(options) for key, options in NAMES.items()}
    structure = rng.choices(["closures", "edges", "dispatch"], [6, 2, 2])[0]
    return Habits(
        names=names, structure=structure,
        unary_helper=structure == "closures" and rng.random() < 0.25,
        update=rng.choices(["+=", "=+"], [4, 1])[0], swap_products=rng.random() < 0.4,
        coerce=rng.choice(["ternary", "if_not", "helper", "ternary_not", "if_number"]),
        topo=rng.choice(["nested", "method", "stack_flag", "kahn", "iter_post"]),
        reverse_loop=rng.choice(["reversed", "slice", "pop", "index"]),
        tanh=rng.choices(["math", "exp_formula", "via_exp"], [5, 2, 1])[0],
        tanh_grad=rng.choice(["square", "product", "outdata"]),
        relu=rng.choice(["ternary", "max", "gt"]), relu_grad=rng.choice(["cmp", "ifexp", "float"]),
        log_grad=rng.choice(["div", "pow", "float_div"]),
        pow_check=rng.choice(["assert", "raise", "none"]), pow_grad=rng.choice(["plain", "paren", "mathpow"]),
        derived_direct={op for op in ("neg", "sub", "div") if rng.random() < 0.3},
        seed=rng.choice(["1", "1.0"]), zero=rng.choice(["0", "0.0"]), quote=rng.choice(["'", '"']),
        indent=rng.choices(["    ", "  "], [9, 1])[0], docstrings=rng.random() < 0.4,
        comments=rng.choice([0.0, 0.0, 0.3, 0.7]), hints=rng.random() < 0.2, blank=rng.choice([1, 1, 2]),
        extras=[x for x in ("zero_grad", "label", "hash", "repr_grad") if rng.random() < 0.3],
        order_seed=rng.randrange(1 << 30), comment_seed=rng.randrange(1 << 30),
        add_factor=rng.random() < 0.25, other_first=rng.random() < 0.2, local_var=rng.random() < 0.25,
        grad_var=rng.random() < 0.15, keywords=rng.random() < 0.2,
        container=rng.choices(["tuple", "list"], [4, 1])[0], alias_x=rng.random() < 0.25,
        early_return=rng.random() < 0.4, pow_forward=rng.choices(["op", "builtin", "math"], [6, 1, 1])[0],
        exp_grad=rng.choices(["out", "recompute"], [3, 1])[0],
        neg_form=rng.choice(["self*-1", "-1*self", "value", "zero-minus"]),
        sub_form=rng.choice(["neg", "times-minus-one", "neg-left"]),
        div_form=rng.choice(["pow", "pow-left", "pow-paren-call"]),
        quirks=frozenset(rng.sample(QUIRKS, rng.choice([0, 1, 2, 2, 3, 3, 4]))),
    )


class Writer:
    """Writes code in one author's habits."""

    def __init__(self, h: Habits):
        self.h = h
        self.n = h.names
        self._comment_rng = random.Random(h.comment_seed)

    # -- small pieces ----------------------------------------------------------------
    def q(self, text):
        return f"{self.h.quote}{text}{self.h.quote}"

    def upd(self, target, expr):
        if self.h.update == "+=":
            return f"{target}.grad += {expr}"
        return f"{target}.grad = {target}.grad + {expr}"

    def prod(self, a, b):
        return f"{b} * {a}" if self.h.swap_products else f"{a} * {b}"

    def comment(self, topic):
        if self._comment_rng.random() < self.h.comments:
            return [self._comment_rng.choice(COMMENTS[topic])]
        return []

    def coerce_lines(self, name):
        kind = self.h.coerce
        if kind == "ternary":
            return [f"{name} = {name} if isinstance({name}, Value) else Value({name})"]
        if kind == "ternary_not":
            return [f"{name} = Value({name}) if not isinstance({name}, Value) else {name}"]
        if kind == "if_not":
            return [f"if not isinstance({name}, Value):", f"    {name} = Value({name})"]
        if kind == "if_number":
            return [f"if isinstance({name}, (int, float)):", f"    {name} = Value({name})"]
        return [f"{name} = {self.n['coerce']}({name})"]

    def sig(self, name, args, ret=True):
        if self.h.hints:
            typed = ", ".join(["self"] + [f"{a}: 'Value'" if a in (self.n["other"],) else a for a in args])
            return f"def {name}({typed}) -> 'Value':" if ret else f"def {name}({typed}) -> None:"
        return f"def {name}({', '.join(['self'] + list(args))}):"

    def doc(self, text):
        return [f'"""{text}"""'] if self.h.docstrings else []

    # -- a node and its rule -----------------------------------------------------------
    def make(self, data, parents, op, rule_lines, locals_=None):
        """The lines that build a result node `out` with its backward rule, and return it."""
        n, h = self.n, self.h
        out = n["out"]
        if h.structure == "edges":
            # local derivatives are known in the forward pass; one that needs the output reads it from `value`
            needs_value = any(f"{out}.data" in g for _, g in locals_)
            edges = ", ".join(f"({p}, {g.replace(f'{out}.data', 'value')})" for p, g in locals_)
            if needs_value:
                return [f"value = {data}", f"return Value(value, ({edges},), {self.q(op)})"]
            return [f"return Value({data}, ({edges},), {self.q(op)})"]
        if h.structure == "dispatch":
            return [f"return {self.construct(data, parents, op)}"]
        quirks = h.quirks
        lines = []
        if "out_data_local" in quirks:
            lines, data = [f"val = {data}"], "val"
        closure = "backprop" if "closure_name" in quirks else "_backward"
        lines += [f"{out} = {self.construct(data, parents, op)}", "", f"def {closure}():"]
        if h.grad_var:
            rule_lines = [f"g = {out}.grad"] + [r.replace(f"{out}.grad", "g") for r in rule_lines]
        lines += ["    " + line for line in rule_lines]
        attach = (f"setattr({out}, {self.q('_backward')}, {closure})" if "setattr_backward" in quirks
                  else f"{out}._backward = {closure}")
        lines += ["", attach, f"return {out}"]
        return lines

    def construct(self, data, parents, op):
        children = (f"[{', '.join(parents)}]" if self.h.container == "list"
                    else f"({', '.join(parents)},)" if len(parents) == 1 else f"({', '.join(parents)})")
        if self.h.keywords:
            return f"Value({data}, {self.n['children']}={children}, {self.n['op']}={self.q(op)})"
        return f"Value({data}, {children}, {self.q(op)})"

    def rule(self, node, local):
        """The update of one input's gradient; with local_var the local derivative is named first."""
        out = self.n["out"]
        if local == "1":
            return [self.upd(node, f"1.0 * {out}.grad" if self.h.add_factor else f"{out}.grad")]
        if self.h.local_var and len(local) > 8:
            name = f"d_{node}" if node.isidentifier() else "d"
            return [f"{name} = {local}", self.upd(node, self.prod(name, f"{out}.grad"))]
        return [self.upd(node, self.prod(local, f"{out}.grad"))]

    def binary(self, method, symbol, topic, forward, grads, doc):
        """An op of self and other: grads is [(node, local derivative)] in terms of self, other, out."""
        other, out = self.n["other"], self.n["out"]
        body = self.doc(doc) + self.coerce_lines(other)
        ordered = grads[::-1] if self.h.other_first else grads
        rules = self.comment(topic) + [line for node, local in ordered for line in self.rule(node, local)]
        body += self.make(forward, ["self", other], symbol, rules, grads)
        return [self.sig(method, [other])] + ["    " + line for line in body]

    def unary(self, method, op, topic, before, forward, local, doc, args=()):
        out = self.n["out"]
        if "float_cast" in self.h.quirks and not forward.isidentifier():
            forward = f"float({forward})"
        body = self.doc(doc) + before
        if self.h.unary_helper and self.h.structure == "closures":
            body += [f"return self._unary({forward}, {self.q(op)}, lambda {out}: {local})"]
        else:
            if self.h.alias_x and "self.data" in forward + local:
                body += ["x = self.data"]
                forward, local = forward.replace("self.data", "x"), local.replace("self.data", "x")
            rules = self.comment(topic) + self.rule("self", local)
            body += self.make(forward, ["self"], op, rules, [("self", local)])
        return [self.sig(method, list(args))] + ["    " + line for line in body]

    # -- the ops -------------------------------------------------------------------------
    def init(self):
        n, h = self.n, self.h
        args = ["data", f"{n['children']}=()", f"{n['op']}={self.q('')}"]
        if "label" in h.extras:
            args.append(f"label={self.q('')}")
        body = self.doc("A scalar and its gradient.") + ["self.data = data", f"self.grad = {h.zero}"]
        if h.structure == "edges":
            body += [f"self.{n['edges']} = {n['children']}"]
        else:
            body += [f"self._prev = tuple({n['children']})" if h.structure == "dispatch" else
                     f"self._prev = set({n['children']})"]
        if h.structure == "closures":
            body += ["self._backward = lambda: None"]
        body += [f"self._op = {n['op']}"]
        if "label" in h.extras:
            body += ["self.label = label"]
        return [self.sig("__init__", args, ret=False)] + ["    " + line for line in body]

    def add(self):
        other = self.n["other"]
        return self.binary("__add__", "+", "add", f"self.data + {other}.data", [("self", "1"), (other, "1")],
                           "self + other")

    def mul(self):
        other = self.n["other"]
        return self.binary("__mul__", "*", "mul", f"self.data * {other}.data",
                           [("self", f"{other}.data"), (other, "self.data")], "self * other")

    def pow_(self):
        k, h = self.n["k"], self.h
        check = {"assert": [f"assert isinstance({k}, (int, float)), {self.q('only int/float powers')}"],
                 "raise": [f"if not isinstance({k}, (int, float)):",
                           f"    raise TypeError({self.q('exponent must be a number')})"],
                 "none": []}[h.pow_check]
        if "pow_float" in h.quirks:
            check = check + [f"{k} = float({k})"]
        local = {"plain": f"{k} * self.data ** ({k} - 1)", "paren": f"({k} * self.data ** ({k} - 1))",
                 "mathpow": f"{k} * math.pow(self.data, {k} - 1)"}[h.pow_grad]
        if h.structure == "dispatch":  # the dispatcher reads the exponent from the node
            out = self.n["out"]
            body = self.doc("self ** k for a constant k") + check + [
                f"{out} = Value(self.data ** {k}, (self,), {self.q('**')})", f"{out}._k = {k}", f"return {out}"]
            return [self.sig("__pow__", [k])] + ["    " + line for line in body]
        forward = {"op": f"self.data ** {k}", "builtin": f"pow(self.data, {k})",
                   "math": f"math.pow(self.data, {k})"}[h.pow_forward]
        return self.unary("__pow__", "**", "pow", check, forward, local,
                          "self ** k for a constant k", args=(k,))

    def _relu_local(self):
        out = self.n["out"]
        if "bool_grad" in self.h.quirks:
            return f"int({out}.data > 0)"
        return {"cmp": f"({out}.data > 0)", "ifexp": f"(1.0 if {out}.data > 0 else 0.0)",
                "float": f"float({out}.data > 0)"}[self.h.relu_grad]

    def _tanh_local(self):
        t, out = self.n["t"], self.n["out"]
        return {"square": f"(1 - {t} ** 2)", "product": f"(1 - {t} * {t})",
                "outdata": f"(1 - {out}.data ** 2)"}[self.h.tanh_grad]

    def _pow_local(self):
        k = self.n["k"]
        return {"plain": f"{k} * self.data ** ({k} - 1)", "paren": f"({k} * self.data ** ({k} - 1))",
                "mathpow": f"{k} * math.pow(self.data, {k} - 1)"}[self.h.pow_grad]

    def _exp_local(self):
        return f"{self.n['out']}.data" if self.h.exp_grad == "out" else "math.exp(self.data)"

    def _log_local(self):
        return {"div": "(1 / self.data)", "pow": "self.data ** -1", "float_div": "1.0 / self.data"}[self.h.log_grad]

    def relu(self):
        out = self.n["out"]
        forward = {"ternary": "0 if self.data < 0 else self.data", "max": "max(0, self.data)",
                   "gt": f"self.data if self.data > 0 else {self.h.zero}"}[self.h.relu]
        local = {"cmp": f"({out}.data > 0)", "ifexp": f"(1.0 if {out}.data > 0 else 0.0)",
                 "float": f"float({out}.data > 0)"}[self.h.relu_grad]
        if "bool_grad" in self.h.quirks:
            local = f"int({out}.data > 0)"
        return self.unary("relu", "relu", "relu", [], forward, local, "max(0, x)")

    def tanh(self):
        t, out = self.n["t"], self.n["out"]
        if self.h.tanh == "math":
            before = [f"{t} = math.tanh(self.data)"]
        elif self.h.tanh == "exp_formula":
            before = ["e2 = math.exp(2 * self.data)", f"{t} = (e2 - 1) / (e2 + 1)"]
        else:
            before = ["ex, emx = math.exp(self.data), math.exp(-self.data)", f"{t} = (ex - emx) / (ex + emx)"]
        if "tanh_clamp" in self.h.quirks:
            before = ["xc = max(-20.0, min(20.0, self.data))"] + [b.replace("self.data", "xc") for b in before]
        local = {"square": f"(1 - {t} ** 2)", "product": f"(1 - {t} * {t})",
                 "outdata": f"(1 - {out}.data ** 2)"}[self.h.tanh_grad]
        return self.unary("tanh", "tanh", "tanh", before, t, local, "hyperbolic tangent")

    def exp(self):
        out = self.n["out"]
        local = f"{out}.data" if self.h.exp_grad == "out" else "math.exp(self.data)"
        if "exp_guard" in self.h.quirks:
            before = ["try:", "    e = math.exp(self.data)", "except OverflowError:", "    e = float('inf')"]
            return self.unary("exp", "exp", "exp", before, "e", local, "e ** x")
        return self.unary("exp", "exp", "exp", [], "math.exp(self.data)", local, "e ** x")

    def log(self):
        local = {"div": "(1 / self.data)", "pow": "self.data ** -1", "float_div": "1.0 / self.data"}[self.h.log_grad]
        before = ([f"assert self.data > 0, {self.q('log of a non-positive number')}"]
                  if "log_check" in self.h.quirks else [])
        return self.unary("log", "log", "log", before, "math.log(self.data)", local, "natural logarithm")

    def neg(self):
        if "neg" in self.h.derived_direct:
            return self.unary("__neg__", "neg", "mul", [], "-self.data", "-1", "-self")
        form = {"self*-1": "self * -1", "-1*self": "-1 * self", "value": "self * Value(-1)",
                "zero-minus": "0 - self" if "sub" in self.h.derived_direct else "self * -1.0"}[self.h.neg_form]
        return [self.sig("__neg__", []), f"    return {form}"]

    def sub(self):
        other = self.n["other"]
        if "sub" in self.h.derived_direct:
            return self.binary("__sub__", "-", "add", f"self.data - {other}.data", [("self", "1"), (other, "-1")],
                               "self - other")
        form = {"neg": f"self + (-{other})", "times-minus-one": f"self + {other} * -1",
                "neg-left": f"-{other} + self"}[self.h.sub_form]
        return [self.sig("__sub__", [other]), f"    return {form}"]

    def truediv(self):
        other = self.n["other"]
        if "div" in self.h.derived_direct:
            return self.binary("__truediv__", "/", "mul", f"self.data / {other}.data",
                               [("self", f"(1 / {other}.data)"), (other, f"(-self.data / {other}.data ** 2)")],
                               "self / other")
        form = {"pow": f"self * {other} ** -1", "pow-left": f"{other} ** -1 * self",
                "pow-paren-call": f"self * {other}.__pow__(-1)"}[self.h.div_form]
        return [self.sig("__truediv__", [other]), f"    return {form}"]

    def reflected(self):
        other = self.n["other"]
        return [
            [self.sig("__radd__", [other]), f"    return self + {other}"],
            [self.sig("__rmul__", [other]), f"    return self * {other}"],
            [self.sig("__rsub__", [other]), f"    return {other} + (-self)"],
            [self.sig("__rtruediv__", [other]), f"    return {other} * self ** -1"],
        ]

    def repr_(self):
        if "repr_grad" in self.h.extras:
            return [self.sig("__repr__", [], ret=False).replace("-> None", "-> str"),
                    f"    return f{self.q('Value(data={self.data}, grad={self.grad})')}"]
        return [self.sig("__repr__", [], ret=False).replace("-> None", "-> str"),
                f"    return f{self.q('Value({self.data})')}"]

    def extras(self):
        out = []
        if "zero_grad" in self.h.extras:
            out.append([self.sig("zero_grad", [], ret=False), f"    self.grad = {self.h.zero}"])
        if "hash" in self.h.extras:
            out.append(["def __hash__(self):", "    return id(self)"])
        if self.h.unary_helper and self.h.structure == "closures":
            out_name = self.n["out"]
            out.append(["def _unary(self, value, op, local):",
                        f"    {out_name} = Value(value, (self,), op)", "",
                        "    def _backward():",
                        f"        {self.upd('self', self.prod(f'local({out_name})', f'{out_name}.grad'))}", "",
                        f"    {out_name}._backward = _backward", f"    return {out_name}"])
        return out

    # -- backward ------------------------------------------------------------------------
    def parents_of(self, node):
        if self.h.structure == "edges":
            return f"(p for p, _ in {node}.{self.n['edges']})"
        return f"{node}._prev"

    def topo_lines(self):
        """Lines (inside backward) that leave the topological order (inputs first) in n['topo']."""
        n, h = self.n, self.h
        topo, seen, node, child, helper = n["topo"], n["visited"], n["node"], n["child"], n["helper"]
        parents = self.parents_of(node)
        if h.topo == "nested":
            if h.early_return:
                return [f"{topo} = []", f"{seen} = set()", "", f"def {helper}({node}):",
                        f"    if {node} in {seen}:", "        return", f"    {seen}.add({node})",
                        f"    for {child} in {parents}:", f"        {helper}({child})",
                        f"    {topo}.append({node})", "", f"{helper}(self)"]
            return [f"{topo} = []", f"{seen} = set()", "", f"def {helper}({node}):",
                    f"    if {node} not in {seen}:", f"        {seen}.add({node})",
                    f"        for {child} in {parents}:", f"            {helper}({child})",
                    f"        {topo}.append({node})", "", f"{helper}(self)"]
        if h.topo == "method":
            return [f"{topo} = []", f"self._{helper}(set(), {topo})"]
        if h.topo == "stack_flag":
            return [f"{topo}, {seen} = [], set()", "stack = [(self, False)]", "while stack:",
                    f"    {node}, expanded = stack.pop()", "    if expanded:", f"        {topo}.append({node})",
                    f"    elif {node} not in {seen}:", f"        {seen}.add({node})",
                    f"        stack.append(({node}, True))", f"        for {child} in {parents}:",
                    f"            stack.append(({child}, False))"]
        if h.topo == "kahn":
            return ["users = {}", "stack, found = [self], {self}", "while stack:", f"    {node} = stack.pop()",
                    f"    for {child} in {parents}:", f"        users[{child}] = users.get({child}, 0) + 1",
                    f"        if {child} not in found:", f"            found.add({child})",
                    f"            stack.append({child})", f"{topo} = []", "ready = [self]", "while ready:",
                    f"    {node} = ready.pop()", f"    {topo}.append({node})", f"    for {child} in {parents}:",
                    f"        users[{child}] -= 1", f"        if users[{child}] == 0:",
                    f"            ready.append({child})", f"{topo}.reverse()"]
        return [f"{topo}, {seen} = [], set()", f"stack = [(self, iter({self.parents_of('self')}))]",
                f"{seen}.add(self)", "while stack:", f"    {node}, rest = stack[-1]",
                f"    {child} = next(rest, None)", f"    if {child} is None:", "        stack.pop()",
                f"        {topo}.append({node})", f"    elif {child} not in {seen}:", f"        {seen}.add({child})",
                f"        stack.append(({child}, iter({self.parents_of(child)})))"]

    def step(self, node):
        """Lines that pass one node's gradient to its inputs."""
        n = self.n
        if self.h.structure == "edges":
            return [f"for {n['child']}, local in {node}.{n['edges']}:",
                    "    " + self.upd(n["child"], self.prod("local", f"{node}.grad"))]
        return [f"{node}._backward()"]

    def reverse_lines(self):
        n, h = self.n, self.h
        topo, node = n["topo"], n["node"]
        if h.reverse_loop == "reversed":
            return [f"for {node} in reversed({topo}):"] + ["    " + s for s in self.step(node)]
        if h.reverse_loop == "slice":
            return [f"for {node} in {topo}[::-1]:"] + ["    " + s for s in self.step(node)]
        if h.reverse_loop == "pop":
            return [f"while {topo}:", f"    {node} = {topo}.pop()"] + ["    " + s for s in self.step(node)]
        return [f"for i in range(len({topo}) - 1, -1, -1):", f"    {node} = {topo}[i]"] + \
            ["    " + s for s in self.step(node)]

    def backward_body(self):
        quirks, topo, node = self.h.quirks, self.n["topo"], self.n["node"]
        lines = self.doc("Backpropagate from this node.") + self.comment("backward") + self.topo_lines()
        if "visited_list" in quirks:
            seen = self.n["visited"]
            lines = [line.replace(f"{seen} = set()", f"{seen} = []").replace(f"{seen}.add(", f"{seen}.append(")
                     .replace(f"[], set()", "[], []") for line in lines]
        if "zero_first" in quirks:
            lines += [f"for {node} in {topo}:", f"    {node}.grad = {self.h.zero}"]
        lines += ["", f"self.grad = {'float(1)' if 'seed_float_call' in quirks else self.h.seed}"]
        if "reverse_copy" in quirks:
            lines += [f"backwards = list(reversed({topo}))", f"for {node} in backwards:"]
            lines += ["    " + s for s in self.step(node)]
        else:
            lines += self.reverse_lines()
        if "return_topo" in quirks:
            lines += [f"return {topo}" if self.h.reverse_loop != "pop" else "return self"]
        return lines

    def backward(self):
        methods = [[self.sig("backward", [], ret=False)] + ["    " + line for line in self.backward_body()]]
        n = self.n
        if self.h.topo == "method":
            node, child, helper, seen, topo = n["node"], n["child"], n["helper"], n["visited"], n["topo"]
            methods.append([f"def _{helper}(self, {seen}, {topo}):", f"    if self not in {seen}:",
                            f"        {seen}.add(self)", f"        for {child} in {self.parents_of('self')}:",
                            f"            {child}._{helper}({seen}, {topo})", f"        {topo}.append(self)"])
        if self.h.structure == "dispatch":
            methods.append(self.dispatcher())
        return methods

    def dispatcher(self):
        """The dispatch structure's _backward: one branch per op string, each rule in the author's habits."""
        out = self.n["out"]
        inner = Writer(replace(self.h, names=dict(self.n, out="self")))
        k = self.n["k"]

        def unary_local(local):
            local = re.sub(r"\bself\.data\b", "a.data", local)
            local = local.replace(f"{out}.data", "self.data").replace(f"{k} ", "self._k ").replace(f"({k} ", "(self._k ")
            return re.sub(rf"\b{re.escape(self.n['t'])}\b(?!\.)", "self.data", local)

        ordered = (lambda pairs: pairs[::-1]) if self.h.other_first else (lambda pairs: pairs)
        branches = [
            ("+", ordered([("a", "1"), ("b", "1")])),
            ("-", ordered([("a", "1"), ("b", "-1")])),
            ("*", ordered([("a", "b.data"), ("b", "a.data")])),
            ("/", ordered([("a", "(1 / b.data)"), ("b", "(-a.data / b.data ** 2)")])),
        ]
        unary = [("**", self._pow_local()), ("relu", self._relu_local()), ("tanh", self._tanh_local()),
                 ("exp", self._exp_local()), ("log", self._log_local()), ("neg", "-1")]
        lines = ["def _backward(self):", "    if not self._prev:", "        return"]
        first = True
        for op, pairs in branches:
            lines += [f"    {'if' if first else 'elif'} self._op == {self.q(op)}:", "        a, b = self._prev"]
            lines += ["        " + r for node, local in pairs for r in inner.rule(node, local)]
            first = False
        for op, local in unary:
            lines += [f"    elif self._op == {self.q(op)}:", "        (a,) = self._prev"]
            lines += ["        " + r for r in inner.rule("a", unary_local(local))]
        return lines

    # -- whole files ---------------------------------------------------------------------
    def methods(self):
        groups = [self.init(), self.add(), self.mul(), self.pow_(), self.relu(), self.tanh(), self.exp(), self.log(),
                  self.neg(), self.sub(), self.truediv(), self.repr_()]
        groups += self.reflected() + self.backward() + self.extras()
        head, rest = groups[:1], groups[1:]
        random.Random(self.h.order_seed).shuffle(rest)
        return head + rest

    def engine(self):
        h = self.h
        lines = ["import math", "", ""]
        if h.coerce == "helper":
            lines += [f"def {self.n['coerce']}(x):", "    return x if isinstance(x, Value) else Value(x)", "", ""]
        lines += ["class Value:"]
        if h.docstrings:
            lines += ["    " + '"""A scalar value with automatic differentiation."""', ""]
        for i, method in enumerate(self.methods()):
            if i:
                lines += [""] * h.blank
            lines += ["    " + line if line.strip() else "" for line in method]
        return _reindent("\n".join(lines) + "\n", h.indent)


def _reindent(text, indent):
    if indent == "    ":
        return text
    out = []
    for line in text.splitlines():
        stripped = line.lstrip(" ")
        level = (len(line) - len(stripped)) // 4
        out.append(indent * level + stripped)
    return "\n".join(out) + "\n"


def paraphrase(h: Habits, rng: random.Random) -> Habits:
    """The same author's logic written in another form: level 4 of the benchmark.

    The structure always changes (closures become op-string dispatch, dispatch or
    edges become closures) and every name does; each way of writing a line
    (the coercion, the loop over the order, each derivative's form, the helper
    habits) changes with probability one half. The algorithm, the formulas
    and the author's quirks stay: a paraphrase keeps what the lines do.
    """
    names = {key: rng.choice([o for o in options if o != h.names[key]]) for key, options in NAMES.items()}
    structure = {"closures": "dispatch", "dispatch": "closures", "edges": "closures"}[h.structure]

    def maybe(current, mapping):
        return mapping[current] if rng.random() < 0.5 else current

    def toggle(current):
        return (not current) if rng.random() < 0.5 else current

    return replace(
        h, names=names, structure=structure, unary_helper=False,
        update=maybe(h.update, {"+=": "=+", "=+": "+="}), swap_products=toggle(h.swap_products),
        coerce=maybe(h.coerce, {"ternary": "if_not", "if_not": "ternary", "helper": "ternary_not",
                                "ternary_not": "if_number", "if_number": "ternary"}),
        reverse_loop=maybe(h.reverse_loop, {"reversed": "slice", "slice": "index", "pop": "reversed",
                                            "index": "pop"}),
        tanh_grad=maybe(h.tanh_grad, {"square": "product", "product": "outdata", "outdata": "square"}),
        relu=maybe(h.relu, {"ternary": "max", "max": "gt", "gt": "ternary"}),
        relu_grad=maybe(h.relu_grad, {"cmp": "float", "float": "ifexp", "ifexp": "cmp"}),
        log_grad=maybe(h.log_grad, {"div": "pow", "pow": "float_div", "float_div": "div"}),
        pow_check=maybe(h.pow_check, {"assert": "raise", "raise": "none", "none": "assert"}),
        other_first=toggle(h.other_first), local_var=toggle(h.local_var), grad_var=toggle(h.grad_var),
        keywords=toggle(h.keywords), alias_x=toggle(h.alias_x), add_factor=toggle(h.add_factor),
        quote="'" if h.quote == '"' else '"', docstrings=not h.docstrings, comments=0.5,
        blank=3 - h.blank if h.blank < 3 else 1, order_seed=rng.randrange(1 << 30),
        comment_seed=rng.randrange(1 << 30))


def dedent_block(lines):
    return textwrap.dedent("\n".join(lines)).splitlines()

"""A fourth labelled class, written blind to the method: python bench/similarity/fourth.py OUT_DIR [--seed N]

Written by the red team without reading grader/similarity or the method's
half of docs/similarity.md, and made differently from generate.py, second.py
and third.py (no authors.py habits, no AST renamer, no `ast.unparse`, no fixed
fill texts, none of the tests/fixtures engines):

- **Starters of other exercises, one or two regions.** The seed picks the
  starter: 03-tanh (one region: `tanh`), 05-backward (one region:
  `backward`) or both regions at once (the 05-backward starter with the
  03-tanh method left to write). One region is ~10 % of the file, so most of
  every filler's lines are the starter's.
- **Fillers** compose each region from independent choices (six forward
  forms of tanh, an optional overflow guard, four ways to make the node,
  seven derivative forms; seven topological walks, five reverse loops, three
  seeds of the gradient), with names, quotes, spacing, blank lines and
  comments of their own (English, Russian or Chinese, or none); a quarter
  keep the starter's TODO line; a third add something outside the region (an
  `exp`, a `__sub__`, a `__main__` smoke test, a print in `__repr__`).
- **Other authors' engines**: six complete engines written by hand for this
  class in styles the project's generators do not produce (fourth/engines:
  functools.partial rules, typed with labels, an op-name table with Kahn's
  walk, a two-space terse style, a Russian-commented student with an
  `_accumulate` helper, local derivatives stored at forward time with a
  generator walk). Each has a hand-written restructured copy
  (fourth/restructured: the level-4 copy of that engine).
- **Hard negatives** (`hard_pair`): four groups whose own code is the same
  few lines: the course reference's lines for the region (a pair), the
  lecture's snippet (a pair), the plainest form (a pair), and a trio who
  paste the snippet with its comments (for `backward`, micrograd's own
  lines, comments and all). Each member has comments, blank lines and a
  smoke test of their own.
- **Public copies**: six copies of karpathy/micrograd's engine (the copy the
  grader ships, MIT) with tanh, exp and log added by the copier, at levels
  1, 1, 2, 2, 3, 3 of the copiers below.
- **Copies**: twelve sources (nine fillers at levels 1-3, three engines at
  level 4), one level-2 or level-3 source copied twice. The copiers work on
  the text with the tokenizer, so comments and layout quirks survive:
  1. verbatim, or whitespace edits (trailing spaces, blank lines, CRLF,
     2-space or tab indentation), sometimes a form feed in a comment;
  2. locals renamed (tokens, not the tree), comments reworded but kept;
  3. 2 + methods reordered, `+=` written out, `x**2` as `x*x`, quotes
     swapped, some comments dropped, and one or two scriptable tricks;
  4. the hand-written restructured engine, renamed, with a trick; one of the
     three packed for `exec` (hex, rot13, `chr` list or base85 + lzma).
  The tricks (TRICKS): form feed and other characters `str.splitlines`
  splits on but Python does not, annotations on assignments, `()` after
  every statement, no-op statements, unicode identifiers that NFKC folds to
  the same name (`self.ｇｒａｄ`), string concatenation in op names and
  `getattr(x, "da" "ta")`, statements joined with `;`, bodies wrapped in `if
  True:`, docstrings on every method, dead `if False:` code, the class
  renamed and aliased, exec of packed code.

Every file is checked to be a working engine (its gradients on a small
expression are the exact ones) before it is written. Writes
OUT_DIR/main/submissions/<id>.py, OUT_DIR/main/starter/engine.py and
OUT_DIR/labels.json in generate.py's schema, so that run.py measures it as
the others (`python bench/similarity/run.py --fourth 1 2 3`).

`--tricks` instead measures each trick alone: for each of the class's twelve
sources, a plain verbatim copy and a copy with only that trick (or only one
copier step: line endings, indentation, comments, renaming, reordering,
restyling; or one part of a trick), each scored against its source in the
class's own cohort (run.py's scoring, copydetect too unless
--skip-baselines); prints per trick the mean and lowest pair score, the
largest drop below the verbatim copy and how many pairs drop by more than
0.1; then level 4 without tricks (each engine beside its hand-restructured
copy). Writes OUT_DIR/tricks.json and OUT_DIR/restructured.json.
"""

from __future__ import annotations

import argparse
import ast
import base64
import codecs
import io
import json
import keyword
import lzma
import math
import random
import re
import shutil
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))

MATERIAL = HERE / "fourth"
MICROGRAD = REPO / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py"
ENGINES = sorted(p.stem for p in (MATERIAL / "engines").glob("*.py"))
EXERCISES = ("03-tanh", "05-backward", "03-tanh+05-backward")
BOTH = "03-tanh+05-backward"
TANH_TODO = ('    def tanh(self):\n        # TODO(03-tanh): your code here\n'
             '        raise NotImplementedError("03-tanh: write Value.tanh")\n')


def exercise_for(seed: int) -> str:
    """Seeds 1, 2, 3 (and on): 03-tanh, 05-backward, both regions."""
    return EXERCISES[(seed - 1) % 3]


def starter_text(exercise: str) -> str:
    from grader.classroom import starters

    if exercise != BOTH:
        return starters.starter_files(exercise)["engine.py"]
    text = starters.starter_files("05-backward")["engine.py"]
    mark = "    # -- backpropagation"
    assert mark in text
    return text.replace(mark, TANH_TODO + "\n" + mark, 1)


def regions_of(exercise: str) -> list[str]:
    return {"03-tanh": ["tanh"], "05-backward": ["backward"], BOTH: ["tanh", "backward"]}[exercise]


# -- students ---------------------------------------------------------------------------------------

COMMENTS = {
    "en": {
        "tanh": ["tanh squashes into (-1, 1)", "forward pass", "compute tanh of the input",
                 "using the exp definition of tanh", "hyperbolic tangent", "forward: t = tanh(x)"],
        "dtanh": ["derivative of tanh is 1 - tanh^2", "chain rule: local grad times upstream grad",
                  "d/dx tanh(x) = 1 - tanh(x)**2", "reuse t so we don't recompute tanh",
                  "accumulate, don't overwrite!", "local derivative * out.grad"],
        "topo": ["build the topological order first", "topo sort so children come before parents",
                 "order the graph: inputs before outputs", "DFS post-order", "collect every node once",
                 "need each node after all of its inputs"],
        "seed": ["gradient of the output wrt itself is 1", "seed the gradient", "start: dL/dL = 1",
                 "base case"],
        "loop": ["walk the graph backwards applying the chain rule", "go in reverse order",
                 "call each node's _backward, outputs first", "backprop"],
    },
    "ru": {
        "tanh": ["прямой проход", "считаем tanh", "гиперболический тангенс", "tanh через экспоненту"],
        "dtanh": ["производная tanh = 1 - tanh^2", "цепное правило", "градиенты накапливаем (+=)",
                  "локальная производная на out.grad"],
        "topo": ["топологическая сортировка", "сначала все входы, потом узел", "обход в глубину",
                 "собираем узлы графа"],
        "seed": ["dL/dL = 1", "начальный градиент", "градиент выхода по самому себе"],
        "loop": ["идём в обратном порядке", "обратный проход", "вызываем _backward для каждого узла"],
    },
    "zh": {
        "tanh": ["前向计算", "双曲正切", "用指数函数计算 tanh"],
        "dtanh": ["tanh 的导数是 1 - tanh^2", "链式法则", "梯度要累加"],
        "topo": ["拓扑排序", "先处理所有输入节点", "深度优先遍历"],
        "seed": ["输出对自身的梯度为 1", "初始化梯度"],
        "loop": ["反向遍历", "按逆拓扑序调用 _backward"],
    },
}
SMOKE = [
    ("a = Value({a})", "b = Value({b})", "c = (a * b + a).{op}()", "c.backward()", "print(a.grad, b.grad)"),
    ("x = Value({a})", "y = x * x + x * {b}", "y.backward()", "print(x)"),
    ("v = Value({a})", "w = (v * {b}).{op}()", "w.backward()", "print(w.data, v.grad)"),
]


@dataclass
class Student:
    lang: str
    quote: str
    tight_pow: bool
    tight_mul: bool
    blank_after_def: bool
    density: float
    keep_todo: bool
    names: dict
    extras: list = field(default_factory=list)


def draw_student(rng: random.Random) -> Student:
    names = {
        "x": rng.choice(["x", "x", "v", "z", "val", "inp", "a", "d"]),
        "t": rng.choice(["t", "t", "th", "y", "res", "tv", "act", "tanh_x"]),
        "out": rng.choice(["out", "out", "out", "result", "o", "node", "res_node", "output"]),
        "fn": rng.choice(["_backward", "_backward", "_backward", "backward_fn", "_bw", "grad_fn", "_tanh_backward"]),
        "topo": rng.choice(["topo", "topo", "order", "nodes", "ordering", "sorted_nodes", "lst", "graph"]),
        "seen": rng.choice(["visited", "visited", "seen", "done", "marked", "explored"]),
        "v": rng.choice(["v", "node", "n", "cur", "u", "item"]),
        "c": rng.choice(["child", "c", "p", "parent", "prev", "inp"]),
        "stack": rng.choice(["stack", "st", "todo", "work", "pending"]),
        "helper": rng.choice(["build_topo", "build", "dfs", "visit", "walk", "_topo", "go"]),
        "local": rng.choice(["local", "local_grad", "dt", "deriv", "slope"]),
    }
    lang = rng.choices(["en", "ru", "zh", "none"], [0.6, 0.15, 0.1, 0.15])[0]
    extras = [e for e in ("exp", "sub", "smoke", "repr") if rng.random() < 0.18]
    return Student(lang=lang, quote=rng.choice(["'", '"']), tight_pow=rng.random() < 0.5,
                   tight_mul=rng.random() < 0.5, blank_after_def=rng.random() < 0.3,
                   density=rng.choice([0.0, 0.3, 0.5, 0.8]), keep_todo=rng.random() < 0.25, names=names,
                   extras=extras)


def _c(st: Student, rng, purpose: str, force: bool = False) -> list[str]:
    """Zero or one comment line for PURPOSE in the student's language."""
    if st.lang == "none" or (not force and rng.random() >= st.density):
        return []
    return ["# " + rng.choice(COMMENTS[st.lang][purpose])]


def _pw(st: Student, base: str, k: str = "2") -> str:
    return f"{base}**{k}" if st.tight_pow else f"{base} ** {k}"


def _mul(st: Student, a: str, b: str) -> str:
    return f"{a}*{b}" if st.tight_mul else f"{a} * {b}"


def tanh_region(st: Student, rng: random.Random) -> list[str]:
    """The body of tanh (unindented), in the student's own choices."""
    n, q = st.names, st.quote
    x, t, out, fn = n["x"], n["t"], n["out"], n["fn"]
    uses_x = rng.random() < 0.7
    xs = x if uses_x else "self.data"
    lines = [] if not uses_x else [f"{x} = self.data"]
    lines = _c(st, rng, "tanh") + lines
    form = rng.randrange(6)
    e2 = _mul(st, "2", xs)
    if form == 0:
        lines.append(f"{t} = math.tanh({xs})")
    elif form == 1:
        lines.append(f"{t} = (math.exp({e2}) - 1) / (math.exp({e2}) + 1)")
    elif form == 2:
        lines += [f"e = math.exp(-{e2})", f"{t} = (1 - e) / (1 + e)"]
    elif form == 3:
        lines.append(f"{t} = (math.exp({xs}) - math.exp(-{xs})) / (math.exp({xs}) + math.exp(-{xs}))")
    elif form == 4:
        lines.append(f"{t} = 2 / (1 + math.exp(-{e2})) - 1")
    else:
        lines += [f"ep, em = math.exp({xs}), math.exp(-{xs})", f"{t} = (ep - em) / (ep + em)"]
    if form != 0 and rng.random() < 0.3:  # an overflow guard, written before the formula
        guard = ([f"if {xs} > 20:", f"    {t} = 1.0", f"elif {xs} < -20:", f"    {t} = -1.0", "else:"]
                 if rng.random() < 0.5 else [f"if abs({xs}) > 20:", f"    {t} = math.copysign(1.0, {xs})", "else:"])
        body = lines[len(lines) - (2 if form in (2, 5) else 1):]
        lines = lines[:len(lines) - len(body)] + guard + ["    " + b for b in body]
    make = rng.randrange(4)
    op = f"{q}tanh{q}"
    lines.append({0: f"{out} = Value({t}, (self,), {op})",
                  1: f"{out} = Value({t}, _children=(self,), _op={op})",
                  2: f"{out} = Value({t}, (self, ), {op})",
                  3: f"{out} = Value({t}, [self], {op})"}[make])
    if rng.random() < 0.6:
        lines.append("")
    deriv = rng.randrange(7)
    grad_lines = {
        0: [f"self.grad += (1 - {_pw(st, t)}) * {out}.grad"],
        1: [f"self.grad += (1 - {_mul(st, t, t)}) * {out}.grad"],
        2: [f"self.grad += {out}.grad * (1 - {_pw(st, out + '.data')})"],
        3: [f"{n['local']} = 1 - {_pw(st, t)}", f"self.grad += {n['local']} * {out}.grad"],
        4: [f"self.grad = self.grad + (1.0 - {_pw(st, t)}) * {out}.grad"],
        5: [f"self.grad += (1 - {_pw(st, f'math.tanh({xs})')}) * {out}.grad"],
        6: [f"self.grad += {out}.grad * (1 + {t}) * (1 - {t})"],
    }[deriv]
    body = _c(st, rng, "dtanh") + grad_lines
    lines.append(f"def {fn}():")
    if st.blank_after_def:
        body = [""] + body if rng.random() < 0.5 else body
    lines += ["    " + b if b else "" for b in body]
    if rng.random() < 0.5:
        lines.append("")
    lines += [f"{out}._backward = {fn}", f"return {out}"]
    return lines


def backward_region(st: Student, rng: random.Random) -> list[str]:
    """The body of backward (unindented)."""
    n = st.names
    topo, seen, v, c, stack, helper = n["topo"], n["seen"], n["v"], n["c"], n["stack"], n["helper"]
    walk = rng.randrange(7)
    lines = _c(st, rng, "topo")
    if walk == 0:  # recursive, nested
        lines += [f"{topo} = []", f"{seen} = set()", f"def {helper}({v}):", f"    if {v} not in {seen}:",
                  f"        {seen}.add({v})", f"        for {c} in {v}._prev:", f"            {helper}({c})",
                  f"        {topo}.append({v})", f"{helper}(self)"]
    elif walk == 1:  # recursive with early return
        lines += [f"{topo}, {seen} = [], set()", "", f"def {helper}({v}):", f"    if {v} in {seen}:", "        return",
                  f"    {seen}.add({v})", f"    for {c} in {v}._prev:", f"        {helper}({c})",
                  f"    {topo}.append({v})", "", f"{helper}(self)"]
    elif walk == 2:  # explicit stack, (node, expanded) pairs
        lines += [f"{topo} = []", f"{seen} = set()", f"{stack} = [(self, False)]", f"while {stack}:",
                  f"    {v}, expanded = {stack}.pop()", "    if expanded:", f"        {topo}.append({v})",
                  "        continue", f"    if {v} in {seen}:", "        continue", f"    {seen}.add({v})",
                  f"    {stack}.append(({v}, True))", f"    for {c} in {v}._prev:",
                  f"        {stack}.append(({c}, False))"]
    elif walk == 3:  # Kahn with consumer counts
        lines += ["users = {}", f"{stack} = [self]", f"{seen} = {{self}}", f"while {stack}:",
                  f"    {v} = {stack}.pop()", f"    for {c} in {v}._prev:", f"        users[{c}] = users.get({c}, 0) + 1",
                  f"        if {c} not in {seen}:", f"            {seen}.add({c})", f"            {stack}.append({c})",
                  f"{topo} = []", "ready = [self]", "while ready:", f"    {v} = ready.pop()", f"    {topo}.append({v})",
                  f"    for {c} in {v}._prev:", f"        users[{c}] -= 1", f"        if users[{c}] == 0:",
                  f"            ready.append({c})", f"{topo}.reverse()"]
    elif walk == 4:  # iterator stack
        lines += [f"{topo} = []", f"{seen} = {{self}}", f"{stack} = [(self, iter(self._prev))]", f"while {stack}:",
                  f"    {v}, it = {stack}[-1]", f"    {c} = next(it, None)", f"    if {c} is None:",
                  f"        {stack}.pop()", f"        {topo}.append({v})", f"    elif {c} not in {seen}:",
                  f"        {seen}.add({c})", f"        {stack}.append(({c}, iter({c}._prev)))"]
    elif walk == 5:  # recursive with a visited list (slow but right)
        lines += [f"{topo} = []", "", f"def {helper}({v}):", f"    for {c} in {v}._prev:",
                  f"        if {c} not in {topo}:", f"            {helper}({c})", f"    if {v} not in {topo}:",
                  f"        {topo}.append({v})", "", f"{helper}(self)"]
    else:  # a generator walk
        lines += [f"{seen} = set()", "", f"def {helper}({v}):", f"    {seen}.add({v})", f"    for {c} in {v}._prev:",
                  f"        if {c} not in {seen}:", f"            yield from {helper}({c})", f"    yield {v}", "",
                  f"{topo} = list({helper}(self))"]
    if rng.random() < 0.6:
        lines.append("")
    seed = rng.choice(["self.grad = 1", "self.grad = 1.0", "self.grad = 1.0"])
    lines += _c(st, rng, "seed") + [seed]
    loop = rng.randrange(5)
    lines += _c(st, rng, "loop")
    lines += {0: [f"for {v} in reversed({topo}):", f"    {v}._backward()"],
              1: [f"for {v} in {topo}[::-1]:", f"    {v}._backward()"],
              2: [f"{topo}.reverse()", f"for {v} in {topo}:", f"    {v}._backward()"],
              3: [f"while {topo}:", f"    {topo}.pop()._backward()"],
              4: [f"for i in range(len({topo}) - 1, -1, -1):", f"    {topo}[i]._backward()"]}[loop]
    return lines


EXTRAS = {
    "exp": ["    def exp(self):", "        out = Value(math.exp(self.data), (self,), 'exp')", "",
            "        def _backward():", "            self.grad += out.data * out.grad", "",
            "        out._backward = _backward", "        return out", ""],
    "sub": ["    def __neg__(self):", "        return self * -1", "", "    def __sub__(self, other):",
            "        return self + (-other)", ""],
}


def fill_starter(starter: str, exercise: str, bodies: dict[str, list[str]], st: Student, rng) -> str:
    """The starter with each region's TODO and raise replaced by BODY (indented as a method body)."""
    text = starter
    for method, body in bodies.items():
        ex = "03-tanh" if method == "tanh" else "05-backward"
        todo = f"        # TODO({ex}): your code here\n"
        raise_line = f'        raise NotImplementedError("{ex}: write Value.{method}")\n'
        assert todo + raise_line in text, method
        keep = [todo.rstrip("\n")] if st.keep_todo else []
        new = "\n".join(keep + ["        " + line if line else "" for line in body]) + "\n"
        text = text.replace(todo + raise_line, new, 1)
    lines = text.split("\n")
    if "repr" in st.extras:
        i = lines.index("    def __repr__(self):")
        lines[i + 1] = "        return f\"Value({self.data:.4f}, grad={self.grad:.4f})\""
    for extra in ("exp", "sub"):
        if extra in st.extras and (extra != "exp" or "def exp(" not in text):
            i = lines.index("    # -- derived operations: their gradients come \"for free\" -------------------")
            lines[i:i] = EXTRAS[extra]
    text = "\n".join(lines)
    if "smoke" in st.extras:
        text = text.rstrip("\n") + "\n" + smoke_test(rng, "tanh" in bodies or "def tanh(" in text)
    return text


def smoke_test(rng, has_tanh: bool) -> str:
    form = rng.choice(SMOKE)
    op = "tanh" if has_tanh else "relu"
    a, b = rng.choice(["0.5", "2.0", "-1.5", "3", "0.8"]), rng.choice(["-3.0", "4", "0.25", "1.5", "-2"])
    head = rng.choice(['\n\nif __name__ == "__main__":', "\n\nif __name__ == '__main__':"])
    return head + "\n" + "\n".join("    " + line.format(a=a, b=b, op=op) for line in form) + "\n"


def filler(starter: str, exercise: str, rng) -> str:
    st = draw_student(rng)
    makers = {"tanh": tanh_region, "backward": backward_region}
    return fill_starter(starter, exercise, {m: makers[m](st, rng) for m in regions_of(exercise)}, st, rng)


# -- hard negatives: the same few lines, each member's own comments and layout ----------------------------

LECTURE = {  # the lecture's snippets, as a student types them from the video
    "tanh": ["x = self.data", "t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)", "out = Value(t, (self, ), 'tanh')", "",
             "def _backward():", "    self.grad += (1 - t**2) * out.grad", "out._backward = _backward", "",
             "return out"],
    "backward": ["topo = []", "visited = set()", "def build_topo(v):", "    if v not in visited:",
                 "        visited.add(v)", "        for child in v._prev:", "            build_topo(child)",
                 "        topo.append(v)", "build_topo(self)", "", "self.grad = 1.0",
                 "for node in reversed(topo):", "    node._backward()"],
}
PLAIN = {  # the plainest form
    "tanh": ["out = Value(math.tanh(self.data), (self,), 'tanh')", "", "def _backward():",
             "    self.grad += (1 - out.data**2) * out.grad", "", "out._backward = _backward", "return out"],
    "backward": ["topo, visited = [], set()", "", "def build(v):", "    if v in visited:", "        return",
                 "    visited.add(v)", "    for child in v._prev:", "        build(child)", "    topo.append(v)", "",
                 "build(self)", "self.grad = 1", "for v in reversed(topo):", "    v._backward()"],
}
PASTED = {  # pasted with the snippet's own comments (backward: micrograd's lines, comments and all)
    "tanh": ["x = self.data", "t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)", "out = Value(t, (self, ), 'tanh')", "",
             "def _backward():", "    self.grad += (1 - t**2) * out.grad", "out._backward = _backward", "",
             "return out"],
    "backward": ["", "# topological order all of the children in the graph", "topo = []", "visited = set()",
                 "def build_topo(v):", "    if v not in visited:", "        visited.add(v)",
                 "        for child in v._prev:", "            build_topo(child)", "        topo.append(v)",
                 "build_topo(self)", "",
                 "# go one variable at a time and apply the chain rule to get its gradient", "self.grad = 1",
                 "for v in reversed(topo):", "    v._backward()"],
}


def reference_region(method: str, exercise: str) -> list[str]:
    from third import reference_bodies  # the course reference's own lines (an interface, not the method)

    ex = "03-tanh" if method == "tanh" else "05-backward"
    return [line for line in reference_bodies(ex)[method] if not line.lstrip().startswith("#")]


def with_own_comments(body: list[str], st: Student, rng, purpose: str) -> list[str]:
    """BODY with a comment or two of the student's own and their blank-line habit."""
    out = []
    for line in body:
        indent = line[:len(line) - len(line.lstrip())]
        if line and rng.random() < st.density * 0.5 and st.lang != "none":
            out += [indent + c for c in _c(st, rng, purpose, force=True)]
        if not line and rng.random() < 0.4:
            continue  # drops a blank line
        out.append(line)
        if line and rng.random() < 0.1:
            out.append("")
    return out


def hard_negative(starter: str, exercise: str, kind: str, rng) -> str:
    st = draw_student(rng)
    st.extras = [e for e in st.extras if e != "repr"] + (["smoke"] if rng.random() < 0.5 else [])
    bodies = {}
    for m in regions_of(exercise):
        base = {"reference": reference_region(m, exercise), "lecture": LECTURE[m], "plain": PLAIN[m],
                "pasted": PASTED[m]}[kind]
        purpose = "dtanh" if m == "tanh" else "topo"
        bodies[m] = base if kind == "pasted" else with_own_comments(base, st, rng, purpose)
    return fill_starter(starter, exercise, bodies, st, rng)


# -- public copies: micrograd with tanh, exp and log added ------------------------------------------------

def public_copy(rng) -> str:
    text = MICROGRAD.read_text(encoding="utf-8")
    st = draw_student(rng)
    tanh = ["    def tanh(self):"] + ["        " + line if line else "" for line in tanh_region(st, rng)]
    q = st.quote
    out = st.names["out"]
    exp = ["    def exp(self):", f"        {out} = Value(math.exp(self.data), (self,), {q}exp{q})", "",
           "        def _backward():",
           rng.choice([f"            self.grad += {out}.data * {out}.grad",
                       f"            self.grad += math.exp(self.data) * {out}.grad"]),
           f"        {out}._backward = _backward", "", f"        return {out}"]
    log = ["    def log(self):"] + (["        # only defined for positive inputs"] if rng.random() < 0.5 else []) + [
           f"        {out} = Value(math.log(self.data), (self,), {q}log{q})", "", "        def _backward():",
           rng.choice([f"            self.grad += (1 / self.data) * {out}.grad",
                       f"            self.grad += {out}.grad / self.data",
                       f"            self.grad += self.data**-1 * {out}.grad"]),
           f"        {out}._backward = _backward", "", f"        return {out}"]
    added = tanh + [""] + exp + [""] + log
    lines = text.rstrip("\n").split("\n")
    where = rng.choice(["after relu", "end"])
    if where == "end":
        lines += [""] + added
    else:
        i = lines.index("    def backward(self):")
        lines[i:i] = added + [""]
    head = rng.choice(["import math\n", "import math\n\n", "import math\n# based on micrograd\n"])
    return head + "\n".join(lines) + "\n"


# -- the copiers: text and tokens, comments and layout kept ----------------------------------------------

API = {"self", "data", "grad", "_prev", "_backward", "backward", "Value", "relu", "tanh", "exp", "log", "_op",
       "_children", "math", "label", "other"}
SYNONYMS = ["nd", "item", "elt", "cur", "tmp", "res", "acc", "arg", "q", "w", "k2", "y1", "node_", "grd", "ordr",
            "lst", "mem", "memo", "stk", "vis", "seen_", "h", "fwd", "bwd", "r", "rr", "zz", "cnt", "it2", "aa",
            "bb", "cc", "xx", "result", "tot", "loc", "g", "vv", "pp", "kid", "src", "m"]


def _tokens(text: str):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _replace_spans(text: str, spans) -> str:
    """Apply (row, col, end_col, new) replacements (rows 1-based, one line each), right to left."""
    lines = text.split("\n")
    for row, col, end, new in sorted(spans, reverse=True):
        line = lines[row - 1]
        lines[row - 1] = line[:col] + new + line[end:]
    return "\n".join(lines)


def bound_names(text: str) -> set[str]:
    tree = ast.parse(text)
    bound, avoid = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.FunctionDef):
            # module-level helpers and nested functions; methods are the API
            bound.add(node.name)
        elif isinstance(node, ast.keyword) and node.arg:
            avoid.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            avoid.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    avoid.add(item.name)
                elif isinstance(item, ast.Assign):
                    avoid.update(t.id for t in item.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.Attribute):
            avoid.add(node.attr)
    return {n for n in bound - avoid - API if not n.startswith("__")}


def rename(text: str, rng, share: float = 1.0) -> str:
    names = sorted(bound_names(text))
    pool = [w for w in SYNONYMS if w not in names]
    rng.shuffle(pool)
    mapping = {n: pool[i % len(pool)] + ("" if i < len(pool) else str(i)) for i, n in enumerate(names)
               if rng.random() < share}
    return _rename_tokens(text, mapping)


def _rename_tokens(text: str, mapping: dict[str, str]) -> str:
    toks = _tokens(text)
    spans = []
    for i, tok in enumerate(toks):
        if tok.type == tokenize.NAME and tok.string in mapping and tok.start[0] == tok.end[0]:
            if i and toks[i - 1].type == tokenize.OP and toks[i - 1].string == ".":
                continue
            spans.append((tok.start[0], tok.start[1], tok.end[1], mapping[tok.string]))
        elif tok.type == tokenize.STRING and tok.string[:1] in "fF" and tok.start[0] == tok.end[0]:
            new = re.sub(r"\{([^{}]*)\}", lambda m: "{" + re.sub(
                r"(?<![.\w])(\w+)", lambda w: mapping.get(w.group(1), w.group(1)), m.group(1)) + "}", tok.string)
            if new != tok.string:
                spans.append((tok.start[0], tok.start[1], tok.end[1], new))
    return _replace_spans(text, spans)


REWORD = [("gradient", "grad"), ("Gradient", "Grad"), ("the ", ""), ("order", "ordering"), ("node", "vertex"),
          ("each", "every"), ("input", "operand"), ("output", "result"), ("compute", "calculate"),
          ("derivative", "slope"), ("first", "before anything"), ("backwards", "in reverse"), ("so ", "so that "),
          ("градиент", "град"), ("узел", "вершина"), ("梯度", "导数"), ("is", "=")]


def reword_comments(text: str, rng, drop: float = 0.0) -> str:
    """Each comment reworded (or, with probability DROP, removed); its place kept."""
    spans, lines_to_drop = [], set()
    for tok in _tokens(text):
        if tok.type != tokenize.COMMENT:
            continue
        if rng.random() < drop:
            line = text.split("\n")[tok.start[0] - 1]
            if line.strip().startswith("#"):
                lines_to_drop.add(tok.start[0])
            else:
                spans.append((tok.start[0], tok.start[1], tok.end[1], ""))
            continue
        body = tok.string
        for old, new in rng.sample(REWORD, len(REWORD)):
            if old in body and rng.random() < 0.6:
                body = body.replace(old, new, 1)
        if rng.random() < 0.3:
            body = "# " + body.lstrip("# ").rstrip(".").lower()
        if rng.random() < 0.2:
            body += rng.choice([" (see lecture)", " !", " -- important", " :)"])
        spans.append((tok.start[0], tok.start[1], tok.end[1], body))
    text = _replace_spans(text, spans)
    lines = text.split("\n")
    text = "\n".join(line.rstrip() if i + 1 in {s[0] for s in spans if not s[3]} else line
                     for i, line in enumerate(lines) if i + 1 not in lines_to_drop)
    return text


def whitespace(text: str, rng) -> str:
    """Layout only: trailing spaces, blank lines, line endings or indentation width."""
    lines = text.split("\n")
    out = []
    for line in lines:
        if line.strip() and rng.random() < 0.15:
            line += " " * rng.randint(1, 3)
        if not line.strip() and rng.random() < 0.3:
            continue
        out.append(line)
        if line.strip() and rng.random() < 0.05:
            out.append("")
    text = "\n".join(out)
    how = rng.randrange(4)
    if how == 1:
        text = text.replace("\n", "\r\n")
    elif how == 2:
        text = reindent(text, "  ")
    elif how == 3:
        text = reindent(text, "\t")
    return text


def reindent(text: str, unit: str) -> str:
    """Every 4-space indentation level as UNIT (lines inside strings left alone)."""
    inside = _string_rows(text)
    lines = text.split("\n")
    widths = [len(ln) - len(ln.lstrip(" ")) for row, ln in enumerate(lines, 1) if row not in inside and ln.strip()]
    step = min([w for w in widths if w] or [4])  # the file's own indentation unit
    if unit == " " * step:
        unit = "    "  # a file indented by UNIT already: the copier widens it instead
    out = []
    for row, line in enumerate(lines, 1):
        if row in inside:
            out.append(line)
            continue
        stripped = line.lstrip(" ")
        depth, rest = divmod(len(line) - len(stripped), step)
        out.append(unit * depth + " " * rest + stripped)
    return "\n".join(out)


def _string_rows(text: str, first: bool = False) -> set[int]:
    """Rows that continue a multi-line string (their indentation is the string's); with FIRST, its first row too."""
    rows = set()
    for tok in _tokens(text):
        if tok.type == tokenize.STRING and tok.end[0] > tok.start[0]:
            rows.update(range(tok.start[0] + (0 if first else 1), tok.end[0] + 1))
    return rows


def restyle(text: str, rng) -> str:
    """`a += b` written out, `x**2` as `x*x`, `reversed(x)` as `x[::-1]`, quotes swapped: line by line."""
    out = []
    inside = _string_rows(text, first=True)
    swap = rng.random() < 0.5
    for row, line in enumerate(text.split("\n"), 1):
        if row in inside or line.lstrip().startswith("#") or '"""' in line or "'''" in line:
            out.append(line)
            continue
        code, hash_, comment = _split_comment(line)
        m = re.match(r"^(\s*)([\w.\[\]]+) \+= (.+?)(\s*)$", code)
        if m and rng.random() < 0.7 and ";" not in code:
            code = f"{m.group(1)}{m.group(2)} = {m.group(2)} + ({m.group(3)}){m.group(4)}"
        code = re.sub(r"\b([A-Za-z_][\w.]*) ?\*\* ?2\b(?!\.)", lambda k: f"{k.group(1)} * {k.group(1)}"
                      if rng.random() < 0.7 else k.group(0), code)
        code = re.sub(r"reversed\((\w+)\)", r"\1[::-1]", code) if rng.random() < 0.6 else code
        if swap:
            code = _swap_quotes(code)
        out.append(code + hash_ + comment)
    return "\n".join(out)


def _split_comment(line: str):
    """(code, '#' or '', comment text) using the tokenizer's view when the line parses alone."""
    if "#" not in line:
        return line, "", ""
    try:
        toks = _tokens(line.lstrip() + "\n")
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return line, "", ""
    for tok in toks:
        if tok.type == tokenize.COMMENT:
            col = tok.start[1] + (len(line) - len(line.lstrip()))
            return line[:col], "#", line[col + 1:]
    return line, "", ""


def _swap_quotes(code: str) -> str:
    def one(m):
        s = m.group(0)
        q, other = s[0], '"' if s[0] == "'" else "'"
        return s if other in s[1:-1] or "\\" in s else other + s[1:-1] + other
    return re.sub(r"(?<![\w\"'])('[^'\n]*'|\"[^\"\n]*\")", one, code)


def class_chunks(text: str):
    """(head lines, [method chunks], tail lines) of the first top-level class Value: a chunk is a method with the
    comment lines and decorators right above it, and the blank lines after it."""
    lines = text.split("\n")
    tree = ast.parse(text)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    items = [n for n in cls.body if isinstance(n, ast.FunctionDef)]
    if len(items) < 3:
        return None
    starts = []
    for item in items:
        first = min([item.lineno] + [d.lineno for d in item.decorator_list]) - 1
        while first > 0 and lines[first - 1].strip().startswith("#") and \
                lines[first - 1].startswith(" ") and not lines[first - 1].strip().startswith("# --"):
            first -= 1
        starts.append(first)
    ends = [s for s in starts[1:]] + [items[-1].end_lineno]
    # a chunk ends where the next starts; class-level statements between methods stay with the method above
    head, tail = lines[:starts[0]], lines[ends[-1]:]
    chunks = [lines[s:e] for s, e in zip(starts, ends)]
    if chunks and chunks[-1] and chunks[-1][-1].strip():
        chunks[-1] = chunks[-1] + [""]
    return head, chunks, tail


def reorder(text: str, rng) -> str:
    """Methods shuffled (the constructor stays first), their comments moved with them."""
    parts = class_chunks(text)
    if parts is None:
        return text
    head, chunks, tail = parts
    first, rest = chunks[:1], chunks[1:]
    # a chunk holding a class-level alias (`__radd__ = __add__`) must stay after its target
    movable = [c for c in rest if not any(re.match(r"\s+\w+ = \w+\s*$", ln) for ln in c)]
    fixed = [c for c in rest if c not in movable]
    rng.shuffle(movable)
    body = first + movable + fixed
    return "\n".join(head + [ln for c in body for ln in c] + tail)


def level1(text: str, rng) -> str:
    if rng.random() < 0.3:
        return text
    text = whitespace(text, rng)
    if rng.random() < 0.3:
        text = trick_formfeed(text, rng)
    return text


def level2(text: str, rng) -> str:
    text = reword_comments(rename(text, rng, share=rng.choice([0.6, 0.8, 1.0])), rng)
    if rng.random() < 0.3:
        text = whitespace(text, rng) if "\t" not in text else text
    return text


def level3(text: str, rng, tricks: int | None = None) -> str:
    text = rename(text, rng)
    text = reword_comments(text, rng, drop=rng.choice([0.2, 0.4, 0.6]))
    text = reorder(text, rng)
    text = restyle(text, rng)
    for name in rng.sample(SCRIPTABLE, rng.choice([1, 1, 2]) if tricks is None else tricks):
        text = TRICKS[name](text, rng)
    return text


def level4(engine: str, rng, packed: bool) -> str:
    """The hand-written restructured copy of ENGINE, renamed, with a trick (or packed for exec)."""
    text = (MATERIAL / "restructured" / f"{engine}.py").read_text(encoding="utf-8")
    text = rename(text, rng)
    text = reword_comments(text, rng, drop=0.3)
    text = TRICKS[rng.choice(SCRIPTABLE)](text, rng)
    if packed:
        text = trick_exec(text, rng)
    return text


# -- the tricks: each keeps the engine working ----------------------------------------------------------

SPLITTERS = ["\f", "\x0b", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


def trick_formfeed(text: str, rng) -> str:
    """A form feed (or another character str.splitlines splits on) inside comments; a form feed before a def."""
    spans = []
    comments = [t for t in _tokens(text) if t.type == tokenize.COMMENT and len(t.string) > 4]
    for tok in rng.sample(comments, min(len(comments), rng.randint(1, 3))):
        cut = rng.randint(2, len(tok.string) - 1)
        spans.append((tok.start[0], tok.start[1], tok.end[1],
                      tok.string[:cut] + rng.choice(SPLITTERS) + tok.string[cut:]))
    text = _replace_spans(text, spans)
    if not comments or rng.random() < 0.5:  # Python allows a form feed in a line's indentation
        lines = text.split("\n")
        defs = [i for i, ln in enumerate(lines) if re.match(r"    def \w", ln)]
        if defs:
            i = rng.choice(defs)
            lines[i] = "\f" + lines[i]
        text = "\n".join(lines)
    return text


def trick_annotate(text: str, rng) -> str:
    """`x: float = e` (or another annotation) for every simple assignment to a name or attribute."""
    tree = ast.parse(text)
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], (ast.Name, ast.Attribute)) and node.lineno == node.targets[0].end_lineno:
            t = node.targets[0]
            line = text.split("\n")[t.end_lineno - 1]
            ann = rng.choice(["float", "float", "object", "'Value'", "list", "int", "Any", "typing.Any"])
            if ann in ("Any", "typing.Any"):
                ann = "'Any'"  # never evaluated inside a function; a string at module level
            if line[t.end_col_offset:t.end_col_offset + 3] != " = ":
                continue
            spans.append((t.end_lineno, t.end_col_offset, t.end_col_offset, f": {ann}"))
    return _replace_spans(text, spans)


def _simple_ends(text: str):
    """(row, col) where each simple statement's logical line ends (before its comment), skipping decorators,
    compound headers and lines inside brackets."""
    toks = _tokens(text)
    ends, prev, first = [], None, None
    for tok in toks:
        if tok.type in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING):
            continue
        if tok.type == tokenize.NEWLINE:
            if prev is not None and not (prev.type == tokenize.OP and prev.string == ":") and \
                    first is not None and first.string != "@":
                ends.append((first.start[0], prev.end[0], prev.end[1]))
            first, prev = None, None
            continue
        if first is None:
            first = tok
        prev = tok
    return ends


def trick_parens(text: str, rng) -> str:
    """`; ()` after every simple statement: an expression statement with no effect."""
    return _replace_spans(text, [(r, c, c, "; ()") for _, r, c in _simple_ends(text)])


NOOPS = ["pass", "...", "None", "0", "()", "assert 1", "'''noop'''", "[]", "True"]


def trick_noops(text: str, rng) -> str:
    """A no-op statement on its own line after a third of the statements."""
    lines = text.split("\n")
    inserts = []
    for start, r, _ in _simple_ends(text):
        line = lines[start - 1]
        indent = line[:len(line) - len(line.lstrip())]
        if rng.random() < 0.35 and line.strip() and not line.rstrip().endswith("\\") and \
                not re.match(r"\s*(return|raise|continue|break)\b", line) and ":" not in line.split("#")[0][-1:]:
            if re.match(r"\s*(def|class|if|for|while|elif|else|with|try)\b.*:\s*\S", line):
                continue  # a one-line compound statement: its body is on this line
            inserts.append((r, indent + rng.choice(NOOPS)))
    for r, new in sorted(inserts, reverse=True):
        lines.insert(r, new)
    return "\n".join(lines)


def trick_semicolons(text: str, rng) -> str:
    """Consecutive simple one-line statements at the same indentation joined with `;`."""
    lines = text.split("\n")
    ends = {r for start, r, _ in _simple_ends(text) if start == r}
    out, i = [], 0
    starts = _statement_rows(text)
    while i < len(lines):
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        indent = line[:len(line) - len(line.lstrip())]
        if (i + 1) in ends and (i + 2) in ends and (i + 1) in starts and (i + 2) in starts and \
                nxt.startswith(indent) and nxt[len(indent):len(indent) + 1] not in (" ", "\t", "") and \
                "#" not in line and "#" not in nxt and rng.random() < 0.6 and \
                not re.match(r"\s*(def|class|if|for|while|elif|else|with|try|return|@)", line) and \
                not re.match(r"\s*(def|class|if|for|while|elif|else|with|try|@)", nxt):
            out.append(line.rstrip() + "; " + nxt.strip())
            i += 2
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def _statement_rows(text: str) -> set[int]:
    """Rows on which a statement starts and ends (one-line statements)."""
    rows = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.stmt) and node.lineno == node.end_lineno and not isinstance(
                node, (ast.FunctionDef, ast.ClassDef, ast.If, ast.For, ast.While, ast.With, ast.Try)):
            rows.add(node.lineno)
    return rows


def trick_unicode(text: str, rng) -> str:
    """Letters of identifiers (API names too: `self.ｇｒａｄ`) as characters NFKC folds to the same letters."""
    spans = []
    for tok in _tokens(text):
        if tok.type == tokenize.NAME and not keyword.iskeyword(tok.string) and tok.string not in (
                "True", "False", "None") and rng.random() < 0.5 and tok.start[0] == tok.end[0]:
            spans.append((tok.start[0], tok.start[1], tok.end[1], _fold(tok.string, rng)))
    return _replace_spans(text, spans)


def _fold(name: str, rng) -> str:
    style = rng.randrange(3)
    out = []
    for ch in name:
        if "a" <= ch <= "z" and rng.random() < 0.7:
            if style == 0:
                out.append(chr(0xFF41 + ord(ch) - ord("a")))  # fullwidth
            elif style == 1 and ch != "h":
                out.append(chr(0x1D44E + ord(ch) - ord("a")))  # mathematical italic
            else:
                out.append(chr(0x1D5BA + ord(ch) - ord("a")))  # mathematical sans-serif
        else:
            out.append(ch)
    new = "".join(out)
    import unicodedata
    assert unicodedata.normalize("NFKC", new) == name, name
    return new


def trick_strings(text: str, rng, names: bool = True, reads: bool = True) -> str:
    """Op names split into concatenated pieces (NAMES); some `x.data` reads as `getattr(x, "da" "ta")` (READS)."""
    tree = ast.parse(text)
    spans = []
    in_fstrings = {id(n) for j in ast.walk(tree) if isinstance(j, ast.JoinedStr) for n in ast.walk(j)}
    fstring_parts = set()  # spans inside an f-string: kept only where the f-string's quotes allow them
    for node in ast.walk(tree):
        if id(node) in in_fstrings and hasattr(node, "lineno"):
            fstring_parts.add((node.lineno, node.col_offset))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and 2 <= len(node.value) <= 8 and \
                node.value.isalpha() and node.lineno == node.end_lineno:
            cut = rng.randint(1, len(node.value) - 1)
            v = node.value
            new = rng.choice([f"'{v[:cut]}' '{v[cut:]}'", f"'{v[:cut]}' + '{v[cut:]}'",
                              f"''.join(['{v[:cut]}', '{v[cut:]}'])"])
            if names:
                spans.append((node.lineno, node.col_offset, node.end_col_offset, "(" + new + ")"))
        elif isinstance(node, ast.Attribute) and node.attr in ("data",) and isinstance(node.ctx, ast.Load) and \
                node.lineno == node.end_lineno and rng.random() < 0.5:
            inner = ast.get_source_segment(text, node.value)
            if inner is None or "\n" in inner:
                continue
            if reads:
                spans.append((node.lineno, node.col_offset, node.end_col_offset, f"getattr({inner}, 'da' 'ta')"))
    # nested spans (a getattr around a string) cannot happen: strings are not inside attributes here
    out = _replace_spans(text, _outermost(spans))
    try:
        compile(out, "copy", "exec")
    except SyntaxError:  # a `getattr(x, 'da' 'ta')` inside an f-string of the same quotes
        out = _replace_spans(text, _outermost([sp for sp in spans if sp[:2] not in fstring_parts]))
    return out


def _outermost(spans):
    spans = sorted(spans, key=lambda s: (s[0], s[1], -s[2]))
    out = []
    for s in spans:
        if out and out[-1][0] == s[0] and s[1] < out[-1][2]:
            continue
        out.append(s)
    return out


def trick_wrap(text: str, rng) -> str:
    """Method bodies wrapped in `if True:` (one level deeper)."""
    tree = ast.parse(text)
    lines = text.split("\n")
    inside = _string_rows(text)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    edits = []
    for item in cls.body:
        if isinstance(item, ast.FunctionDef) and item.body[0].lineno > item.lineno and rng.random() < 0.6:
            first = item.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and len(item.body) > 1:
                first = item.body[1]
            start = first.lineno
            while start - 1 > item.lineno and lines[start - 2].strip().startswith("#"):
                start -= 1
            edits.append((start, item.end_lineno, lines[first.lineno - 1][:first.col_offset]))
    for start, end, indent in sorted(edits, reverse=True):
        for r in range(start, end + 1):
            if lines[r - 1].strip() and r not in inside:
                lines[r - 1] = ("\t" if indent.startswith("\t") else "    ") + lines[r - 1]
        lines.insert(start - 1, indent + rng.choice(["if True:", "if 1:", "for _ in range(1):", "while True:"]))
        if lines[start - 1].strip() == "while True:":
            # a `while True:` body must end: a break after the last statement (after a return it is never reached)
            lines.insert(end + 1, indent + "    break")
    return "\n".join(lines)


def trick_docstrings(text: str, rng) -> str:
    """A docstring on every method that has none."""
    tree = ast.parse(text)
    lines = text.split("\n")
    inserts = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.body[0].lineno > node.lineno and not (
                isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)):
            line = lines[node.body[0].lineno - 1]
            indent = line[:len(line) - len(line.lstrip())]
            words = rng.choice(["Return the result.", "Helper.", "See the lecture.", f"{node.name} op.",
                                "Computes the value and hooks up the gradient."])
            inserts.append((node.body[0].lineno - 1, indent + f'"""{words}"""'))
    for r, new in sorted(inserts, reverse=True):
        lines.insert(r, new)
    return "\n".join(lines)


def trick_dead(text: str, rng) -> str:
    """Dead code: an `if False:` block in a method or two, and an unused module-level helper."""
    tree = ast.parse(text)
    lines = text.split("\n")
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    methods = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.body[0].lineno > n.lineno]
    inserts = []
    for m in rng.sample(methods, min(2, len(methods))):
        stmt = m.body[-1]
        line = lines[stmt.lineno - 1]
        indent = line[:len(line) - len(line.lstrip())]
        inserts.append((stmt.lineno - 1, [indent + "if False:", indent + "    print('debug', self.data)",
                                          indent + "    self.grad = 0"]))
    for r, new in sorted(inserts, reverse=True):
        lines[r:r] = new
    helper = ["", "", "def _unused_helper(xs):", "    total = 0", "    for x in xs:", "        total += x",
              "    return total", ""]
    i = cls.lineno - 1 - len(cls.decorator_list)
    lines[i:i] = helper[2:] + ["", ""]
    return "\n".join(lines)


def trick_alias(text: str, rng) -> str:
    """The class renamed everywhere and aliased back to Value at the end."""
    new = rng.choice(["Node", "Scalar", "_V", "Tensor0", "Var"])
    return _rename_tokens(text, {"Value": new}).rstrip("\n") + f"\n\n\nValue = {new}\n"


PACKINGS = ("hex", "rot13", "chr list", "base85 + lzma")


def trick_exec(text: str, rng, how: int | None = None) -> str:
    """The whole engine packed and run with exec (hex, rot13, a chr list, or base85 of lzma)."""
    how = rng.randrange(4) if how is None else how
    if how == 0:
        blob = text.encode("utf-8").hex()
        body = ["_src = bytes.fromhex(", *[f"    '{blob[i:i + 96]}'" for i in range(0, len(blob), 96)],
                ").decode('utf-8')", "exec(_src)"]
    elif how == 1:
        blob = codecs.encode(text, "rot13")
        body = ["import codecs", f"exec(codecs.decode({blob!r}, 'rot13'))"]
    elif how == 2:
        codes = [ord(ch) for ch in text]
        rows = [", ".join(map(str, codes[i:i + 24])) for i in range(0, len(codes), 24)]
        body = ["_c = [", *[f"    {r}," for r in rows], "]", "exec(''.join(map(chr, _c)))"]
    else:
        blob = base64.b85encode(lzma.compress(text.encode("utf-8"))).decode("ascii")
        body = ["import base64, lzma", "exec(lzma.decompress(base64.b85decode(",
                *[f"    '{blob[i:i + 96]}'" for i in range(0, len(blob), 96)], ")).decode())"]
    return "# engine.py\n" + "\n".join(body) + "\n"


TRICKS = {
    "formfeed": trick_formfeed, "annotate": trick_annotate, "parens": trick_parens, "noops": trick_noops,
    "semicolons": trick_semicolons, "unicode": trick_unicode, "strings": trick_strings, "wrap": trick_wrap,
    "docstrings": trick_docstrings, "dead": trick_dead, "alias": trick_alias, "exec": trick_exec,
}
SCRIPTABLE = [t for t in TRICKS if t != "exec"]
# the copiers' own steps, measured alone beside the tricks (trick_table)
LAYOUT = {
    "crlf": lambda text, rng: text.replace("\n", "\r\n"),
    "two-space indent": lambda text, rng: reindent(text, "  "),
    "tab indent": lambda text, rng: reindent(text, "\t"),
    "comments reworded": reword_comments,
    "comments dropped": lambda text, rng: reword_comments(text, rng, drop=1.0),
    "renamed": rename,
    "methods reordered": reorder,
    "restyled": restyle,
}
# parts of a trick, measured alone in the table only (the class draws TRICKS as they are)
PARTS = {
    "strings: op names split only": lambda text, rng: trick_strings(text, rng, reads=False),
    "strings: getattr reads only": lambda text, rng: trick_strings(text, rng, names=False),
    **{f"exec: {name}": (lambda how: lambda text, rng: trick_exec(text, rng, how))(i) for i, name in enumerate(PACKINGS)},
}


# -- the check: every file is a working engine ----------------------------------------------------------

def check(text: str, what: str) -> None:
    """Run TEXT (our own generated code) and compare its gradients with the exact ones."""
    ns: dict = {"__name__": "fourth_check"}
    exec(compile(text, what, "exec"), ns)
    V = ns["Value"]
    a, b = 0.7, -1.3
    x, y = V(a), V(b)
    z = x * y + x * x * 3 + y * 2
    gx, gy = b + 6 * a, a + 2
    if hasattr(V, "tanh"):
        z = z + (x * y).tanh()
        t = math.tanh(a * b)
        gx, gy = gx + (1 - t * t) * b, gy + (1 - t * t) * a
    z.backward()
    if abs(x.grad - gx) > 1e-9 or abs(y.grad - gy) > 1e-9:
        raise AssertionError(f"{what}: gradients {x.grad}, {y.grad}; expected {gx}, {gy}\n{text}")


# -- the class ----------------------------------------------------------------------------------------

def engine_text(name: str) -> str:
    return (MATERIAL / "engines" / f"{name}.py").read_text(encoding="utf-8")


def entries_for(seed: int, exercise: str | None = None):
    """[(text, kind, cluster, level, hard pair)] of the class, and its starter."""
    rng = random.Random(seed)
    exercise = exercise or exercise_for(seed)
    starter = starter_text(exercise)
    entries = []
    engines = ENGINES[:]
    rng.shuffle(engines)
    l4_engines, own_engines = engines[:3], engines[3:]
    for _ in range(17):
        entries.append((filler(starter, exercise, rng), f"independent: fills {exercise}", None, None, None))
    for name in own_engines:
        entries.append((engine_text(name), f"independent: engine '{name}' (fourth/engines)", None, None, None))
    for group, (kind, size) in enumerate([("reference", 2), ("lecture", 2), ("plain", 2), ("pasted", 3)]):
        for _ in range(size):
            entries.append((hard_negative(starter, exercise, kind, rng),
                            f"independent: the same {kind} lines", None, None, f"h{group}"))
    for level in (1, 1, 2, 2, 3, 3):
        entries.append(({1: level1, 2: level2, 3: level3}[level](public_copy(rng), rng),
                        f"copy of the public engine, level {level}", "public", level, None))
    sources = [(filler(starter, exercise, rng), f"a source: fills {exercise}", level)
               for level in (1, 1, 1, 2, 2, 2, 3, 3, 3)]
    sources += [(engine_text(name), f"a source: engine '{name}'", 4) for name in l4_engines]
    twice = rng.choice([3, 4, 5, 6, 7, 8])  # one level-2 or level-3 source copied twice
    packed = rng.randrange(3)
    for n, (text, kind, level) in enumerate(sources):
        cluster = f"c{n}"
        entries.append((text, kind, cluster, level, None))
        for _ in range(2 if n == twice else 1):
            if level == 4:
                copy = level4(l4_engines[n - 9], rng, packed=(n - 9 == packed))
            else:
                copy = {1: level1, 2: level2, 3: level3}[level](text, rng)
            entries.append((copy, f"copy, level {level}", cluster, level, None))
    return starter, exercise, entries


def write_class(out: Path, starter: str, entries, rng) -> dict:
    if out.exists():
        shutil.rmtree(out)
    subs = out / "main" / "submissions"
    subs.mkdir(parents=True)
    (out / "main" / "starter").mkdir(parents=True)
    (out / "main" / "starter" / "engine.py").write_text(starter, encoding="utf-8")
    order = list(range(len(entries)))
    rng.shuffle(order)
    labels = {}
    for place, index in enumerate(order):
        text, kind, cluster, level, hard = entries[index]
        sid = f"u{place:02d}{rng.randrange(100, 1000)}"
        check(text, sid)
        # newline="" keeps a copier's CRLF line endings as written
        with open(subs / f"{sid}.py", "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        labels[sid] = {"kind": kind, "cluster": cluster, "level": level}
        if hard is not None:
            labels[sid]["hard_pair"] = hard
    record = {"main": labels}
    (out / "labels.json").write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return record


def build(out: Path, seed: int = 1, exercise: str | None = None) -> dict:
    starter, exercise, entries = entries_for(seed, exercise)
    return write_class(out, starter, entries, random.Random(seed * 7919))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exercise", choices=EXERCISES, help="default: by the seed (1: 03-tanh, 2: 05-backward, "
                                                              "3: both regions, and so on)")
    parser.add_argument("--tricks", action="store_true", help="measure each trick alone (see the docstring)")
    parser.add_argument("--skip-baselines", action="store_true")
    args = parser.parse_args()
    if args.tricks:
        trick_table(args.out, args.seed, args.exercise, not args.skip_baselines)
        return
    labels = build(args.out, args.seed, args.exercise)
    kinds: dict = {}
    for lab in labels["main"].values():
        key = lab["kind"].split(":")[0].split(",")[0]
        kinds[key] = kinds.get(key, 0) + 1
    print(f"{len(labels['main'])} submissions ({exercise_for(args.seed) if not args.exercise else args.exercise}) "
          f"in {args.out}: {kinds}")


def trick_table(out: Path, seed: int, exercise: str | None, baselines: bool) -> dict:
    """Each trick alone: the class's independents, hard negatives and public copies, its twelve sources, and one
    copy of each source (verbatim for "plain", else the trick on the verbatim text); the score of each
    (source, copy) pair, by `grade similarity`'s method as run.py scores it and by copydetect."""
    import run

    starter, exercise, entries = entries_for(seed, exercise)
    base = [e for e in entries if e[2] is None or e[2] == "public"]
    sources = [e[0] for e in entries if e[1].startswith("a source")]
    results = {}
    for trick in ["plain", *LAYOUT, *TRICKS, *PARTS]:
        rng = random.Random(f"{seed}-{trick}")
        folder = out / f"trick-{trick}"
        group = list(base)
        for n, text in enumerate(sources):
            copy = text if trick == "plain" else {**LAYOUT, **TRICKS, **PARTS}[trick](text, rng)
            group += [(text, "a source", f"c{n}", 1, None), (copy, f"copy: {trick}", f"c{n}", 1, None)]
        labels = write_class(folder, starter, group, random.Random(seed))["main"]
        members = {}
        for sid, lab in labels.items():
            if lab["cluster"] and lab["cluster"] != "public":
                members.setdefault(lab["cluster"], []).append(sid)
        keys = ["|".join(sorted(members[c])) for c in sorted(members, key=lambda c: int(c[1:]))]
        tools = {run.OURS: run.our_scores(folder)}
        if baselines:
            tools.update(run.baseline_scores(folder))
        results[trick] = {tool: [round(scores["main"]["pairs"].get(k, 0.0), 3) for k in keys]
                          for tool, scores in tools.items()}
        print(trick, {t: (round(sum(v) / len(v), 2), min(v)) for t, v in results[trick].items()}, flush=True)
    (out / "tricks.json").write_text(json.dumps({"seed": seed, "exercise": exercise, "pairs": results}, indent=1)
                                     + "\n", encoding="utf-8")
    print(f"\n{exercise}, seed {seed}\n")
    print(trick_markdown(results))
    restructured_table(out, seed, exercise, baselines)
    return results


def restructured_table(out: Path, seed: int, exercise: str | None, baselines: bool) -> dict:
    """Level 4 without the tricks: each of the six engines beside its hand-restructured copy, as written and renamed,
    in the class's cohort (its own engines left out, all six engines and the twelve copies put in)."""
    import run

    starter, exercise, entries = entries_for(seed, exercise)
    group = [e for e in entries if (e[2] is None or e[2] == "public") and "fourth/engines" not in e[1]]
    rng = random.Random(f"{seed}-restructured")
    for name in ENGINES:
        twin = (MATERIAL / "restructured" / f"{name}.py").read_text(encoding="utf-8")
        group += [(engine_text(name), "a source", f"e-{name}", 4, None), (twin, "as written", f"e-{name}", 4, None),
                  (rename(twin, rng), "renamed", f"e-{name}", 4, None)]
    folder = out / "restructured"
    labels = write_class(folder, starter, group, random.Random(seed))["main"]
    tools = {run.OURS: run.our_scores(folder)}
    if baselines:
        tools.update(run.baseline_scores(folder))
    by_cluster = {}
    for sid, lab in labels.items():
        if lab["cluster"] and lab["cluster"].startswith("e-"):
            by_cluster.setdefault(lab["cluster"][2:], {})[lab["kind"]] = sid
    results = {}
    for name, members in sorted(by_cluster.items()):
        results[name] = {tool: {kind: round(scores["main"]["pairs"].get(
            "|".join(sorted((members["a source"], members[kind]))), 0.0), 3) for kind in ("as written", "renamed")}
            for tool, scores in tools.items()}
    (out / "restructured.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    names = list(tools)
    print(f"\nlevel 4 without tricks ({exercise}, seed {seed}): each engine and its hand-restructured copy, "
          "as written · renamed\n")
    print("| engine | " + " | ".join(names) + " |")
    print("| --- |" + " ---: |" * len(names))
    for name, by_tool in results.items():
        print(f"| {name} | " + " | ".join(f"{v['as written']:.2f} · {v['renamed']:.2f}" for v in by_tool.values()) + " |")
    return results


def trick_markdown(results: dict) -> str:
    """Per trick and tool: the mean and lowest score of the twelve (source, copy) pairs, and how far the trick
    lowers a pair below its verbatim copy (the largest drop; how many pairs drop by more than 0.1)."""
    tools = list(results["plain"])
    lines = ["| copy | " + " | ".join(f"{t}: mean · lowest · largest drop · drops > 0.1" for t in tools) + " |",
             "| --- |" + " ---: |" * len(tools)]
    for trick, by_tool in results.items():
        cells = []
        for tool, scores in by_tool.items():
            plain = results["plain"][tool]
            drops = [p - s for p, s in zip(plain, scores)]
            cells.append(f"{sum(scores) / len(scores):.2f} · {min(scores):.2f} · {max(drops):+.2f} · "
                         f"{sum(d > 0.1 for d in drops)}/{len(drops)}")
        lines.append(f"| {trick} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()

"""Build the labelled similarity benchmark: python bench/similarity/generate.py OUT_DIR [--seed N].

Two cohorts, each graded as an instructor would run `grade similarity` on one exercise:

- `main/`: a complete engine. The starter is the reference engine with every
  solution region cut out (what students of the whole course complete).
  - independent students who complete the starter, each in their own habits
    (authors.py), and independent students who ignore it and write an engine
    from scratch (closures, (parent, local derivative) edges, or op-string
    dispatch; five ways to sort the graph; ...);
  - copy clusters at four levels of obfuscation, each an original and two or
    three copies of it:
    1. verbatim, or comments and blank lines changed;
    2. identifiers renamed, comments rewritten;
    3. 2 plus methods reordered, a helper extracted or inlined, for → while,
       `+=` ↔ `= … +`, dead code added;
    4. a line-by-line paraphrase by the same logic: closures as op-string
       dispatch (or the reverse), every expression written another way, all
       names changed;
  - copies of karpathy/micrograd's engine (with the ops it lacks added in the
    copier's own habits) at levels 1 to 3: they share one source, so they
    form one cluster, and each must be found against the public source.
- `tiny/`: exercise 01-mul-backward, whose solution is two lines: honest
  students whose solutions are identical or nearly (the hard negatives), and
  one cluster that copies a distinctive solution.

Writes OUT_DIR/<cohort>/submissions/<id>.py, OUT_DIR/<cohort>/starter/engine.py
and OUT_DIR/labels.json ({cohort: {id: {"kind", "cluster", "level"}}}). Ids are
drawn at random so that nothing in a name gives a cluster away. The same seed
gives the same files.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from authors import Habits, Writer, draw, paraphrase  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
MICROGRAD = REPO / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py"
sys.path.insert(0, str(REPO))

SEED = 20261130
STARTER_COMPLETERS = 44
FROM_SCRATCH = 32
CLUSTERS_PER_LEVEL = 3
PUBLIC_COPIES = (1, 1, 2, 2, 3, 3)  # the level of each copy of the public engine
TINY_HONEST = 36
API = {"data", "grad", "_prev", "_backward", "backward", "Value", "self", "math", "relu", "tanh", "exp", "log",
       "isinstance", "int", "float", "set", "tuple", "list", "len", "range", "reversed", "max", "iter", "next",
       "id", "dict", "TypeError", "ValueError", "super", "object", "print", "True", "False", "None"}


# -- the starters -------------------------------------------------------------------------------


def reference_text() -> str:
    from grader.classroom import starters

    return (starters.reference_folder() / "engine.py").read_text(encoding="utf-8")


def regions():
    from grader.classroom.solution_regions import regions as marked_regions

    return marked_regions(reference_text())


def enclosing_method(lines, index):
    for i in range(index, -1, -1):
        match = re.match(r"\s*def (\w+)\(", lines[i])
        if match and match.group(1) != "_backward":
            return match.group(1)
    raise ValueError(f"no method around line {index + 1}")


def full_starter() -> str:
    """The reference engine with every solution region cut out, as the main cohort's starter."""
    from grader.classroom.solution_regions import for_students

    text = reference_text()
    lines = text.splitlines()
    out, cursor = [], 0
    for region in regions():
        out += lines[cursor:region.begin]
        method = enclosing_method(lines, region.begin)
        out += [f"{region.indent}# TODO: your code here",
                f'{region.indent}raise NotImplementedError("write {method}")']
        cursor = region.end + 1
    out += lines[cursor:]
    return for_students("\n".join(out) + "\n")


def fill(h: Habits) -> str:
    """The reference with each solution region written by an author of habits h (closures: the starter's design)."""
    h = _for_starter(h)
    w = Writer(h)
    text = reference_text()
    lines = text.splitlines()
    out, cursor = [], 0
    for region in regions():
        out += lines[cursor:region.begin]
        method = enclosing_method(lines, region.begin)
        body = _region_body(w, method, region.exercise)
        out += [region.indent + line if line.strip() else "" for line in body]
        cursor = region.end + 1
    out += lines[cursor:]
    from grader.classroom.solution_regions import for_students

    return for_students("\n".join(out) + "\n")


def _for_starter(h: Habits) -> Habits:
    from dataclasses import replace

    names = dict(h.names, other="other", k="k", children="_children", op="_op")
    # a module-level coercion helper would sit outside the regions: a starter's student coerces inline
    coerce = "ternary_not" if h.coerce == "helper" else h.coerce
    return replace(h, names=names, structure="closures", unary_helper=False, coerce=coerce,
                   topo="nested" if h.topo == "method" else h.topo)


def _body(lines):
    """A method's lines without its `def` line, one level less indented."""
    return [line[4:] if line.startswith("    ") else line for line in lines[1:]]


def _region_body(w: Writer, method: str, exercise: str):
    if exercise == "01-mul-backward":
        return w.comment("mul") + [w.upd("self", w.prod("other.data", "out.grad")),
                                   w.upd("other", w.prod("self.data", "out.grad"))]
    if method == "__pow__":
        body = _body(w.pow_())
        return [line for line in body if not line.startswith(("assert", "if not isinstance", "    raise"))
                and '"""' not in line]
    makers = {"tanh": w.tanh, "exp": w.exp, "log": w.log, "__neg__": w.neg, "__sub__": w.sub,
              "__truediv__": w.truediv}
    if method in makers:
        return [line for line in _body(makers[method]()) if '"""' not in line]
    if method == "backward":
        return [line for line in w.backward_body() if '"""' not in line]
    if method == "__rsub__":
        return ["return other + (-self)"] if w.h.order_seed % 2 else ["return (-self) + other"]
    if method == "__rtruediv__":
        return ["return other * self ** -1"] if w.h.order_seed % 3 else ["return Value(other) / self"]
    raise ValueError(method)


def tiny_starter() -> str:
    from grader.classroom import starters

    return starters.starter_files("01-mul-backward")["engine.py"]


def tiny_fill(rng: random.Random, distinctive: bool = False) -> str:
    """A 01-mul-backward solution: the two lines everybody writes, in one of the few ways people write them."""
    starter = tiny_starter()
    stub = re.search(r"^( *)# TODO\(01-mul-backward\).*\n *raise NotImplementedError\(.*\)\n", starter, re.M)
    indent = stub.group(1)
    if distinctive:
        body = ["g = out.grad", "a_val, b_val = self.data, other.data", "self.grad = self.grad + b_val * g",
                "other.grad = other.grad + a_val * g", "assert g == g, 'nan gradient'"]
    else:
        update = rng.choices(["+=", "=+"], [5, 1])[0]
        swap = rng.random() < 0.3
        local = rng.random() < 0.1

        def upd(t, e):
            return f"{t}.grad += {e}" if update == "+=" else f"{t}.grad = {t}.grad + {e}"

        g = "g" if local else "out.grad"
        body = (["g = out.grad"] if local else []) + [
            upd("self", f"{g} * other.data" if swap else f"other.data * {g}"),
            upd("other", f"{g} * self.data" if swap else f"self.data * {g}")]
        if rng.random() < 0.2:
            body[-2:] = body[-2:][::-1]
        if rng.random() < 0.3:
            body.insert(0, rng.choice(["# product rule", "# each input gets the other's value times out.grad",
                                       "# chain rule"]))
    return starter[:stub.start()] + "".join(f"{indent}{line}\n" for line in body) + starter[stub.end():]


# -- obfuscation ----------------------------------------------------------------------------------


def level1(text: str, rng: random.Random) -> str:
    """Verbatim, or comments and whitespace changed."""
    if rng.random() < 0.3:
        return text
    out = []
    for line in text.splitlines():
        code = re.sub(r"\s+#[^'\"]*$", "", line)
        if code.strip().startswith("#"):
            if rng.random() < 0.7:
                continue
            code = code.split("#")[0] + "# " + rng.choice(["note", "see lecture", "chain rule", "todo check"])
        out.append(code.rstrip() + (" " if rng.random() < 0.05 else ""))
        if code.strip().startswith("def ") and rng.random() < 0.3:
            indent = code[: len(code) - len(code.lstrip())] + "    "
            out.append(indent + rng.choice(["# my implementation", "# works", "# as in class"]))
        if not code.strip() and rng.random() < 0.3:
            out.append("")
    return "\n".join(out) + "\n"


class Renamer(ast.NodeTransformer):
    """Renames every identifier a student may rename: parameters, locals, helpers, own attributes."""

    def __init__(self, rng: random.Random, tree):
        self.map = {}
        self.rng = rng
        words = ["alpha", "beta", "gamma", "delta", "acc", "tmp", "q", "w", "lhs", "rhs2", "res2", "val", "nd",
                 "kid", "src", "dst", "stk", "lst", "mark", "buf", "aux", "cnt", "itm", "prv", "nxt", "tgt"]
        rng.shuffle(words)
        self.pool = words
        for node in ast.walk(tree):
            for name in self._bound(node):
                if name not in API and not name.startswith("__") and name not in self.map:
                    self.map[name] = self.pool.pop() if self.pool else f"n{len(self.map)}"

    @staticmethod
    def _bound(node):
        if isinstance(node, ast.arg):
            yield node.arg
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            if node.name != "Value":
                yield node.name
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            yield node.id
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            yield node.attr

    def visit_arg(self, node):
        node.arg = self.map.get(node.arg, node.arg)
        return node

    def visit_Name(self, node):
        node.id = self.map.get(node.id, node.id)
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        node.attr = self.map.get(node.attr, node.attr)
        return node

    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        node.name = self.map.get(node.name, node.name)
        return node

    def visit_keyword(self, node):
        self.generic_visit(node)
        if node.arg:
            node.arg = self.map.get(node.arg, node.arg)
        return node


def with_comments(text: str, rng: random.Random) -> str:
    notes = ["# forward pass", "# gradient rule", "# build output node", "# helper", "# derivative",
             "# handle constants", "# done"]
    out = []
    for line in text.splitlines():
        if line.strip().startswith(("def ", "for ", "while ")) and rng.random() < 0.4:
            out.append(line[: len(line) - len(line.lstrip())] + rng.choice(notes))
        out.append(line)
        if line.strip().startswith("def ") or line.strip().startswith("class "):
            if rng.random() < 0.15:
                out.append("")
    return "\n".join(out) + "\n"


def level2(text: str, rng: random.Random) -> str:
    """Identifiers renamed, comments rewritten (the comments of the original are gone with ast.unparse)."""
    tree = ast.parse(text)
    tree = Renamer(rng, tree).visit(tree)
    _strip_docstrings(tree)
    return with_comments(ast.unparse(tree), rng)


def _strip_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]


class Restructure(ast.NodeTransformer):
    """Level 3: for → while, `+=` ↔ `= … +`, dead code, a helper extracted or inlined."""

    def __init__(self, rng):
        self.rng = rng
        self.flip_aug = rng.random() < 0.8
        self.counter = 0

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if self.flip_aug and isinstance(node.op, ast.Add):
            load = ast.parse(ast.unparse(node.target), mode="eval").body
            return ast.copy_location(ast.Assign([node.target], ast.BinOp(load, ast.Add(), node.value)), node)
        return node

    def visit_Assign(self, node):
        self.generic_visit(node)
        # x.grad = x.grad + e  →  x.grad += e (the other direction)
        if (not self.flip_aug and len(node.targets) == 1 and isinstance(node.value, ast.BinOp)
                and isinstance(node.value.op, ast.Add)
                and ast.unparse(node.value.left) == ast.unparse(node.targets[0])):
            return ast.copy_location(ast.AugAssign(node.targets[0], ast.Add(), node.value.right), node)
        return node

    def visit_For(self, node):
        self.generic_visit(node)
        if node.orelse or not isinstance(node.target, ast.Name) or self.rng.random() < 0.2:
            return node
        self.counter += 1
        i, seq = f"_i{self.counter}", f"_seq{self.counter}"
        it = node.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "reversed":
            code = (f"{seq} = list({ast.unparse(it.args[0])})\n{i} = len({seq}) - 1\nwhile {i} >= 0:\n"
                    f"    {node.target.id} = {seq}[{i}]\n    {i} -= 1\n")
        else:
            code = (f"{seq} = list({ast.unparse(it)})\n{i} = 0\nwhile {i} < len({seq}):\n"
                    f"    {node.target.id} = {seq}[{i}]\n    {i} += 1\n")
        new = ast.parse(code).body
        new[-1].body.extend(node.body)
        return new

    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        if self.rng.random() < 0.35:  # dead code
            junk = self.rng.choice(["unused_flag = False", "if False:\n    print('debug')", "_ = 0",
                                    "debug_mode = None", "tmp_list = []"])
            node.body.insert(min(1, len(node.body)), *ast.parse(junk).body)
        return node


def _extract_coercion(tree, rng):
    """`x = x if isinstance(x, Value) else Value(x)` (any form) → `x = Value._as_value(x)`, with the helper added."""
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    helper = rng.choice(["_as_value", "_coerce", "wrap_const", "_promote"])
    found = False
    for node in ast.walk(cls):
        if isinstance(node, ast.FunctionDef):
            new_body = []
            for stmt in node.body:
                src = ast.unparse(stmt)
                if "isinstance" in src and "Value(" in src and not src.startswith(("assert", "return")) \
                        and len(src.splitlines()) <= 2:
                    target = re.search(r"isinstance\((\w+)", src).group(1)
                    new_body.append(ast.parse(f"{target} = Value.{helper}({target})").body[0])
                    found = True
                else:
                    new_body.append(stmt)
            node.body = new_body
    if found:
        cls.body.append(ast.parse(f"@staticmethod\ndef {helper}(x):\n"
                                  "    return x if isinstance(x, Value) else Value(x)").body[0])
    return tree


def _inline_module_helper(tree):
    """A module-level helper `f(x)` that only coerces is inlined at every call."""
    helpers = [n for n in tree.body if isinstance(n, ast.FunctionDef) and len(n.body) == 1
               and "isinstance" in ast.unparse(n)]
    for helper in helpers:
        name = helper.name

        class Inline(ast.NodeTransformer):
            def visit_Call(self, node):
                self.generic_visit(node)
                if isinstance(node.func, ast.Name) and node.func.id == name and len(node.args) == 1:
                    arg = ast.unparse(node.args[0])
                    return ast.parse(f"({arg} if isinstance({arg}, Value) else Value({arg}))", mode="eval").body
                return node

        tree = Inline().visit(tree)
        tree.body.remove(helper)
    return tree


def level3(text: str, rng: random.Random) -> str:
    tree = ast.parse(level2(text, rng))
    tree = Restructure(rng).visit(tree)
    tree = _inline_module_helper(tree)
    if rng.random() < 0.6:
        tree = _extract_coercion(tree, rng)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    head = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
    rest = [n for n in cls.body if n not in head]
    rng.shuffle(rest)
    if rng.random() < 0.5:  # a dead method
        rest.insert(rng.randrange(len(rest) + 1), ast.parse(
            "def describe(self):\n    parts = []\n    for p in self._prev:\n        parts.append(str(p.data))\n"
            "    return ', '.join(parts)").body[0])
    cls.body = head + rest
    ast.fix_missing_locations(tree)
    return with_comments(ast.unparse(tree), rng)


def public_copy(level: int, rng: random.Random) -> str:
    """karpathy/micrograd's engine, with tanh, exp and log (which it lacks) added in the copier's habits."""
    text = MICROGRAD.read_text(encoding="utf-8")
    h = _for_starter(draw(rng))
    w = Writer(h)
    added = []
    for maker in (w.tanh, w.exp, w.log):
        added += [""] + ["    " + line if line.strip() else "" for line in maker()]
    text = "import math\n" + text.rstrip("\n") + "\n" + "\n".join(added) + "\n"
    return {1: level1, 2: level2, 3: level3}[level](text, rng)


# -- the cohorts ------------------------------------------------------------------------------------


def build(out: Path, seed: int = SEED) -> dict:
    rng = random.Random(seed)
    labels: dict[str, dict] = {"main": {}, "tiny": {}}
    files: dict[str, dict[str, str]] = {"main": {}, "tiny": {}}
    used_ids: set[str] = set()

    def new_id():
        while True:
            candidate = f"s{rng.randrange(10000):04d}"
            if candidate not in used_ids:
                used_ids.add(candidate)
                return candidate

    def add(cohort, text, kind, cluster=None, level=None):
        ast.parse(text)  # every file of the benchmark is Python that parses
        sub_id = new_id()
        files[cohort][sub_id] = text
        labels[cohort][sub_id] = {"kind": kind, "cluster": cluster, "level": level}
        return sub_id

    authors = []
    for _ in range(STARTER_COMPLETERS):
        h = draw(rng)
        authors.append(("starter", h))
        add("main", fill(h), "independent, completes the starter")
    for _ in range(FROM_SCRATCH):
        h = draw(rng)
        authors.append(("scratch", h))
        add("main", Writer(h).engine(), "independent, from scratch")

    # copy clusters: the original is one more independent author; its copies follow the level
    cluster = 0
    for level in (1, 2, 3, 4):
        for c in range(CLUSTERS_PER_LEVEL):
            cluster += 1
            kind = "starter" if c % 2 == 0 else "scratch"
            h = draw(rng)
            original = fill(h) if kind == "starter" else Writer(h).engine()
            add("main", original, f"original ({kind})", cluster, level)
            for _ in range(rng.choice([2, 2, 3])):
                if level == 1:
                    copy = level1(original, rng)
                elif level == 2:
                    copy = level2(original, rng)
                elif level == 3:
                    copy = level3(original, rng)
                else:
                    p = paraphrase(h, rng)
                    copy = fill(p) if kind == "starter" else Writer(p).engine()
                add("main", copy, f"copy, level {level}", cluster, level)
    for level in PUBLIC_COPIES:
        add("main", public_copy(level, rng), f"copy of the public engine, level {level}", "public", level)

    # the tiny exercise: many honest students write the same two lines
    for _ in range(TINY_HONEST):
        add("tiny", tiny_fill(rng), "honest, tiny exercise")
    cluster += 1
    original = tiny_fill(rng, distinctive=True)
    add("tiny", original, "original (tiny, distinctive)", cluster, 1)
    add("tiny", level1(original, rng), "copy, level 1", cluster, 1)
    add("tiny", level2(original, rng), "copy, level 2", cluster, 2)

    starters_ = {"main": full_starter(), "tiny": tiny_starter()}
    for cohort in ("main", "tiny"):
        shutil.rmtree(out / cohort, ignore_errors=True)  # nothing left from another seed or version
        folder = out / cohort / "submissions"
        folder.mkdir(parents=True, exist_ok=True)
        for sub_id, text in files[cohort].items():
            (folder / f"{sub_id}.py").write_text(text, encoding="utf-8")
        (out / cohort / "starter").mkdir(parents=True, exist_ok=True)
        (out / cohort / "starter" / "engine.py").write_text(starters_[cohort], encoding="utf-8")
    (out / "labels.json").write_text(json.dumps(labels, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return labels


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    labels = build(args.out, args.seed)
    print(f"wrote {sum(len(v) for v in labels.values())} submissions to {args.out}")


if __name__ == "__main__":
    main()

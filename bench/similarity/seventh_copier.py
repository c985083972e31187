"""The seventh class's copier (seventh.py): sixth_copier's renamer and comment habits, its own level 3.

Written blind to the method. Level 1 and 2 are sixth_copier.Copier's (verbatim or a header
line; every name the file binds renamed, comments dropped, replaced or translated). Level 3
is this file's: `other` renamed too, methods reordered, then three or four of the steps a
student who wants the file to look like theirs does by hand or with a small script
(RESTYLES): the class renamed and aliased back to `Value`, the right-hand and derived
operators moved into a mixin base class, `x += e` written out, the number coercion as an
`if`, operands of the chain-rule products swapped, a docstring of the copier's own on each
method, `reversed(xs)` and `xs[::-1]` traded. The red team's tricks (TRICKS): sixth_copier's
four (form feed in a comment, annotations, no-effect statements, zlib + base64 + exec) and
one of this file's, every read of `.data` as `getattr(x, "data")`.
"""

from __future__ import annotations

import ast
import random
import re
import tokenize

from sixth_copier import TRICKS as SIXTH_TRICKS
from sixth_copier import WORDS, Copier, _col, _replace, _tokens, lines_of, reorder, restyle_reversed

CLASS_NAMES = {"en": ["Node", "Scalar", "Num", "Tensor0", "GradNum"], "ru": ["Uzel", "Chislo", "Velichina"],
               "zh": ["Jiedian", "Shuzhi", "Bianliang"]}
DOCS = {"en": ["Forward value and its gradient rule.", "One step of the graph.", "Helper."],
        "ru": ["Прямой проход и правило для градиента.", "Один шаг графа.", "Вспомогательный метод."],
        "zh": ["前向计算和梯度规则。", "计算图中的一步。", "辅助方法。"]}
CONTAINER_METHODS = {"add", "append", "pop", "get", "extend", "update", "items", "keys", "values", "sort",
                     "index", "count", "copy", "clear", "remove", "insert", "setdefault", "discard", "reverse"}
DERIVED = {"__radd__", "__rmul__", "__rsub__", "__rtruediv__", "__neg__", "__sub__", "__truediv__"}


def engine_class(tree: ast.Module) -> ast.ClassDef:
    """The class that has `backward` (the engine's node class)."""
    return next(n for n in tree.body if isinstance(n, ast.ClassDef)
                and any(isinstance(f, ast.FunctionDef) and f.name == "backward" for f in n.body))


def restyle_alias(text: str, rng: random.Random, lang: str = "en") -> str:
    """The node class renamed everywhere (not inside strings) and `Value = New` added if needed."""
    tree = ast.parse(text)
    old = engine_class(tree).name
    taken = {t.string for t in _tokens(text)}
    new = next((c for c in rng.sample(CLASS_NAMES[lang], len(CLASS_NAMES[lang])) if c not in taken), None)
    if new is None:
        return text
    spans = [(t.start, t.end, new) for t in _tokens(text) if t.type == tokenize.NAME and t.string == old]
    text = _replace(text, spans)
    if not re.search(r"^Value = ", text, flags=re.M):
        text = text.rstrip("\n") + f"\n\n\nValue = {new}\n"
    return text


def restyle_mixin(text: str, rng: random.Random, lang: str = "en") -> str:
    """The right-hand and derived operators moved out of the class into a base class before it."""
    tree = ast.parse(text)
    cls = engine_class(tree)
    if cls.bases or cls.decorator_list:
        return text
    moved = [f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name in DERIVED and not f.decorator_list]
    if len(moved) < 2 or len(moved) == len(cls.body):
        return text
    rows = lines_of(text)
    drop = set()
    chunks = []
    for f in moved:
        span = range(f.lineno - 1, f.end_lineno)
        drop |= set(span)
        chunks.append([rows[i] for i in span])
    base = rng.choice(["_Ops", "_Arith", "OpsMixin", "_Derived"])
    kept = [r for i, r in enumerate(rows) if i not in drop]
    head = cls.lineno - 1 - sum(1 for i in drop if i < cls.lineno - 1)
    kept[head] = re.sub(r"class (\w+)\s*(\(\s*\))?:", rf"class \1({base}):", kept[head], count=1)
    block = [f"class {base}:"] + [line for chunk in chunks for line in [""] + chunk] + ["", ""]
    return "\n".join(kept[:head] + block + kept[head:])


def restyle_longhand(text: str, rng: random.Random, lang: str = "en") -> str:
    """`x.grad += e` written out as `x.grad = x.grad + (e)` (one-line statements only)."""
    def one(m: re.Match) -> str:
        expr = m.group(3).strip()
        if "#" in expr or expr.count("(") != expr.count(")") or expr.endswith(("\\", ",")):
            return m.group(0)
        wrapped = expr if re.fullmatch(r"[\w.]+( \* [\w.]+)*", expr) else f"({expr})"
        return f"{m.group(1)}{m.group(2)} = {m.group(2)} + {wrapped}"
    return re.sub(r"^(\s*)([\w.]+\.grad) \+= (.+)$", one, text, flags=re.M)


def restyle_coercion(text: str, rng: random.Random, lang: str = "en") -> str:
    """`other = other if isinstance(other, C) else C(other)` as a two-line `if`."""
    return re.sub(r"^(\s*)(\w+) = \2 if isinstance\(\2, (\w+)\) else \3\(\2\)$",
                  r"\1if not isinstance(\2, \3):\n\1    \2 = \3(\2)", text, flags=re.M)


def restyle_operands(text: str, rng: random.Random, lang: str = "en") -> str:
    """`a.data * out.grad` as `out.grad * a.data` in the chain-rule lines."""
    return re.sub(r"\b([\w]+\.data) \* ([\w]+\.grad)\b", r"\2 * \1", text)


def restyle_docstrings(text: str, rng: random.Random, lang: str = "en") -> str:
    """A one-line docstring of the copier's own on each method of the class that has none."""
    tree = ast.parse(text)
    rows = lines_of(text)
    inserts = []
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for f in cls.body:
            if not isinstance(f, ast.FunctionDef) or ast.get_docstring(f) is not None:
                continue
            first = f.body[0]
            if first.lineno == f.lineno:  # a one-line method: `def f(self): return ...`
                continue
            inserts.append((first.lineno - 1, " " * first.col_offset + '"""' + rng.choice(DOCS[lang]) + '"""'))
    for at, line in sorted(inserts, reverse=True):
        rows.insert(at, line)
    return "\n".join(rows)


def restyle_flip_reversed(text: str, rng: random.Random, lang: str = "en") -> str:
    return restyle_reversed(text, rng)


RESTYLES = [restyle_alias, restyle_mixin, restyle_longhand, restyle_coercion, restyle_operands, restyle_docstrings,
            restyle_flip_reversed]


class Copier7(Copier):
    """sixth_copier.Copier's levels 1 and 2; level 3 with this file's steps."""

    KEEP = CONTAINER_METHODS  # a method named like a list/set/dict method (`add`) keeps its name

    def level3(self, text: str, starter: str = "") -> str:
        text = self.recomment(self.rename(text, with_other=True), starter)
        text = reorder(text, self.rng)
        for step in self.rng.sample(RESTYLES, self.rng.choice([3, 4])):
            text = step(text, self.rng, self.lang)
        return text

    def level4(self, restructured: str, starter: str = "") -> str:
        return self.level3(restructured, starter)


def trick_getattr(text: str, rng: random.Random) -> str:
    """Every read of `name.data` (a plain name before the dot, not in an f-string) as `getattr(name, 'data')`."""
    rows, spans, tree = lines_of(text), [], ast.parse(text)
    in_fstrings = {id(n) for f in ast.walk(tree) if isinstance(f, ast.JoinedStr) for n in ast.walk(f)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "data" and isinstance(node.ctx, ast.Load) \
                and id(node) not in in_fstrings \
                and isinstance(node.value, ast.Name) and node.lineno == node.end_lineno:
            spans.append(((node.lineno, _col(rows, node.lineno, node.col_offset)),
                          (node.end_lineno, _col(rows, node.end_lineno, node.end_col_offset)),
                          f"getattr({node.value.id}, 'data')"))
    return _replace(text, spans)


TRICKS = {**SIXTH_TRICKS, "getattr": trick_getattr}
__all__ = ["Copier7", "RESTYLES", "TRICKS", "WORDS"]

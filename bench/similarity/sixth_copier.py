"""The sixth class's copier (sixth.py): its own levels of disguise and the red team's tricks.

Written blind to the method, apart from fourth.py's and fifth.py's copiers: another
renamer (one name for every occurrence of a name the file binds, attributes and
keywords too), other comment habits (a copier who translates, one who drops, one
who writes their own), other restyles (a formatter round trip, `pow(x, 2)`,
`reversed` and `[::-1]` traded, the coercion turned around, docstrings dropped,
`.format` reprs, independent `+=` lines swapped, the seed written as a float),
and the tricks of issue 27 done this file's way (a form feed inside one comment,
an annotation on every simple assignment, no-effect expression statements,
zlib + base64 + exec).
"""

from __future__ import annotations

import ast
import base64
import builtins
import io
import keyword
import random
import re
import tokenize
import zlib

API = {"self", "Value", "data", "grad", "_prev", "_op", "_backward", "backward", "relu", "tanh", "exp", "log",
       "math", "itertools", "deque", "collections", "sys", "zlib", "base64", "super", "isinstance", "object",
       "_exp", "_log", "_tanh", "print", "__name__", "__main__"}
# what the copiers call things: a few words each, in their own language or script
WORDS = {
    "en": ["node", "item", "res", "acc", "tmp", "cur", "vals", "seen_set", "order_list", "kid", "step", "helper",
           "walker", "fn", "inp", "rhs", "lhs", "gout", "local_d", "val"],
    "ru": ["uzel", "spis", "tek", "shag", "pomosh", "znach", "vhod", "vyhod", "rebyonok", "sled", "prohod",
           "ochered", "hranit", "gradient", "chislo", "levyi", "pravyi", "funkciya", "metka", "otvet"],
    "zh": ["jiedian", "liebiao", "dangqian", "bianli", "zhi", "shuru", "shuchu", "linshi", "biaoji", "zhan",
           "duilie", "jieguo", "bufen", "daoshu", "zuo", "you", "hanshu", "xiang", "shendu", "ci"],
}
OWN = {  # a copier's own comments, replacing the friend's
    "en": ["chain rule", "local derivative times upstream", "walk the graph first", "seed the output",
           "accumulate, don't overwrite", "helper", "from the lecture"],
    "ru": ["цепное правило", "локальная производная", "обход графа", "начинаем с единицы",
           "накапливаем градиент", "вспомогательная функция", "как на лекции"],
    "zh": ["链式法则", "局部导数乘上游梯度", "先遍历图", "输出梯度为1", "累加梯度", "辅助函数", "跟课上一样"],
}


def lines_of(text: str) -> list[str]:
    """Lines as Python splits them (only at \\n: a form feed or \\x1c in a comment does not end a line)."""
    return text.split("\n")


def _tokens(text: str):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _replace(text: str, spans: list[tuple[tuple[int, int], tuple[int, int], str]]) -> str:
    """Replace (start, end) token positions (row 1-based, column) by new strings, last first."""
    rows = lines_of(text)
    for (r0, c0), (r1, c1), new in sorted(spans, reverse=True):
        if r0 == r1:
            rows[r0 - 1] = rows[r0 - 1][:c0] + new + rows[r0 - 1][c1:]
        else:
            rows[r0 - 1: r1] = [rows[r0 - 1][:c0] + new + rows[r1 - 1][c1:]]
    return "\n".join(rows)


def renameable(text: str, with_other: bool) -> set[str]:
    """Names the file binds that can be renamed everywhere they occur without changing what it does."""
    tree = ast.parse(text)
    bound, attrs_stored, attrs_read, keywords_, in_fstrings = set(), set(), set(), set(), set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, ast.Attribute):
            (attrs_stored if isinstance(node.ctx, ast.Store) else attrs_read).add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            keywords_.add(node.arg)
        elif isinstance(node, ast.JoinedStr):
            in_fstrings |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            in_fstrings |= {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
    methods = {f.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for f in c.body
               if isinstance(f, ast.FunctionDef)}
    own_attrs = attrs_stored | methods
    names = (bound | (attrs_stored - {"data", "grad"})) - API - keywords_ - in_fstrings
    names -= {n for n in names if n.startswith("__") and n.endswith("__")}
    names -= {n for n in attrs_read if n not in own_attrs}  # x.append, math.cosh, ...: not ours
    names -= {n for n in names if n in dir(builtins) or keyword.iskeyword(n)}
    names -= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    if not with_other:
        names.discard("other")
    return names


class Copier:
    """One student who copies: their naming habit, comment habit and language, drawn from RNG."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.lang = rng.choice(["en", "ru", "zh"])
        self.naming = rng.choice(["words", "camel", "suffix", "letters"])
        self.comments = rng.choice(["drop", "own", "translate", "keep_some"])

    # -- level 2 ---------------------------------------------------------------------------------

    def new_name(self, name: str, taken: set[str]) -> str:
        base = name.strip("_") or "x"
        if not base.isascii():  # a name in Chinese characters: the copier's own word for it
            base = self.rng.choice(WORDS[self.lang])
        for _ in range(50):
            if self.naming == "words":
                new = self.rng.choice(WORDS[self.lang])
            elif self.naming == "camel":
                parts = re.split(r"_+", base)
                new = parts[0].lower() + "".join(p.title() for p in parts[1:]) + self.rng.choice(["", "Val", "X", "2"])
                new = new if new != name else new + "Obj"
            elif self.naming == "suffix":
                new = base + self.rng.choice(["_", "_1", "_v", "_my", "0"])
            else:
                new = self.rng.choice("abcdfghjkmnpqrsuwxyz") + self.rng.choice(["", "1", "2", "_"])
            if not new.isascii():
                continue
            new = ("_" if name.startswith("_") and not new.startswith("_") else "") + new
            if new not in taken and not keyword.iskeyword(new) and new not in dir(builtins):
                return new
            new = new + str(len(taken))
            if new not in taken:
                return new
        raise RuntimeError("no new name")

    KEEP: frozenset = frozenset()  # names this copier never renames

    def rename(self, text: str, with_other: bool = False, share: float = 1.0) -> str:
        names = sorted(renameable(text, with_other) - self.KEEP)
        taken = {t.string for t in _tokens(text) if t.type == tokenize.NAME} | API
        mapping = {}
        for name in names:
            if self.rng.random() < share or not name.isascii():
                mapping[name] = self.new_name(name, taken)
                taken.add(mapping[name])
        spans = [(t.start, t.end, mapping[t.string]) for t in _tokens(text)
                 if t.type == tokenize.NAME and t.string in mapping]
        return _replace(text, spans)

    def recomment(self, text: str, starter: str = "") -> str:
        """The friend's comments (not the starter's) dropped, replaced by the copier's own, or translated."""
        own_lines = set(lines_of(starter))
        spans, drop_rows = [], set()
        rows = lines_of(text)
        for t in _tokens(text):
            if t.type != tokenize.COMMENT or rows[t.start[0] - 1] in own_lines:
                continue
            whole = rows[t.start[0] - 1].strip() == t.string.strip()
            how = self.comments if self.comments != "keep_some" else self.rng.choice(["keep", "drop", "own"])
            if how == "keep":
                continue
            if how == "drop":
                if whole:
                    drop_rows.add(t.start[0])
                else:
                    spans.append(((t.start[0], t.start[1]), t.end, ""))
            else:
                spans.append((t.start, t.end, "# " + self.rng.choice(OWN[self.lang])))
        text = _replace(text, spans)
        out = [r.rstrip() for r in lines_of(text)]
        return "\n".join(r for i, r in enumerate(out) if i + 1 not in drop_rows)

    def level1(self, text: str, starter: str = "") -> str:
        """Verbatim, or with a header line of their own and the trailing newlines changed."""
        if self.rng.random() < 0.5:
            return text
        head = self.rng.choice(["# lab submission\n", "# ДЗ по autograd\n", "# 作业\n", ""])
        return head + text.rstrip("\n") + "\n" * self.rng.choice([1, 2])

    def level2(self, text: str, starter: str = "") -> str:
        return self.recomment(self.rename(text, share=self.rng.choice([0.7, 1.0])), starter)

    # -- level 3 ---------------------------------------------------------------------------------

    def level3(self, text: str, starter: str = "") -> str:
        text = self.recomment(self.rename(text, with_other=True), starter)
        text = reorder(text, self.rng)
        steps = self.rng.sample(RESTYLES, self.rng.choice([3, 4]))
        if self.rng.random() < 0.3:
            steps.append(formatter)
        for step in steps:
            text = step(text, self.rng)
        return text

    def level4(self, restructured: str, starter: str = "") -> str:
        """A hand-restructured copy (the material's), then level 3's steps."""
        return self.level3(restructured, starter)


# -- level 3's steps ---------------------------------------------------------------------------------


def reorder(text: str, rng: random.Random) -> str:
    """The methods of the first class after __init__ shuffled (class-level aliases stay with their method)."""
    tree = ast.parse(text)
    cls = next((n for n in tree.body if isinstance(n, ast.ClassDef)), None)
    if cls is None:
        return text
    rows = lines_of(text)
    body = [s for s in cls.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    first = next((i for i, s in enumerate(body) if isinstance(s, ast.FunctionDef) and s.name == "__init__"), -1)
    movable = body[first + 1:]
    if len(movable) < 3:
        return text
    segments, start = [], body[first].end_lineno if first >= 0 else movable[0].lineno - 1
    for stmt in movable:
        if segments and not isinstance(stmt, ast.FunctionDef):  # `__radd__ = __add__` stays with its method
            segments[-1] = (segments[-1][0], stmt.end_lineno)
        else:
            segments.append((start, stmt.end_lineno))
        start = stmt.end_lineno
    chunks = [rows[a:b] for a, b in segments]
    for chunk in chunks:  # each chunk: leading blank line(s), comments, the method
        while chunk and not chunk[0].strip():
            chunk.pop(0)
    rng.shuffle(chunks)
    end = segments[-1][1]
    new = [line for chunk in chunks for line in [""] + chunk]
    return "\n".join(rows[:segments[0][0]] + new + rows[end:])


def restyle_pow(text: str, rng) -> str:
    """`x ** 2` as `pow(x, 2)` (or back)."""
    if "pow(" in text and rng.random() < 0.5:
        return re.sub(r"\bpow\(([\w.]+), 2\)", r"\1 ** 2", text)
    return re.sub(r"(?<![\w.*])([A-Za-z_][\w.]*)\s*\*\*\s*2(?![\w.])", r"pow(\1, 2)", text)


def restyle_reversed(text: str, rng) -> str:
    text2 = re.sub(r"\bin reversed\((\w+)\):", r"in \1[::-1]:", text)
    if text2 == text:
        text2 = re.sub(r"\bin (\w+)\[::-1\]:", r"in reversed(\1):", text)
    return text2


def restyle_coercion(text: str, rng) -> str:
    return re.sub(r"(\w+) if isinstance\(\1, (\w+)\) else \2\(\1\)", r"\2(\1) if not isinstance(\1, \2) else \1",
                  text)


def restyle_repr(text: str, rng) -> str:
    return text.replace('f"Value(data={self.data}, grad={self.grad})"',
                        '"Value(data={}, grad={})".format(self.data, self.grad)')


def restyle_seed(text: str, rng) -> str:
    return re.sub(r"^(\s+self\.grad = )1$", r"\g<1>1.0", text, flags=re.M)


def restyle_docstrings(text: str, rng) -> str:
    """Every docstring of a body with more than the docstring dropped."""
    tree = ast.parse(text)
    rows, drop = lines_of(text), set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Module)) and len(node.body) > 1:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                drop |= set(range(first.lineno, first.end_lineno + 1))
    return "\n".join(r for i, r in enumerate(rows) if i + 1 not in drop)


def restyle_swap(text: str, rng) -> str:
    """Two consecutive one-line `x.grad += ...` statements, in the other order."""
    tree = ast.parse(text)
    rows = lines_of(text)
    for node in ast.walk(tree):
        for field in ("body", "orelse"):
            stmts = getattr(node, field, None)
            if not isinstance(stmts, list):
                continue
            for a, b in zip(stmts, stmts[1:]):
                if all(isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Attribute)
                       and s.target.attr == "grad" and s.lineno == s.end_lineno for s in (a, b)) \
                        and b.lineno == a.lineno + 1 and rows[a.lineno - 1].strip().count(";") == 0:
                    rows[a.lineno - 1], rows[b.lineno - 1] = rows[b.lineno - 1], rows[a.lineno - 1]
    return "\n".join(rows)


def formatter(text: str, rng) -> str:
    """Run through a formatter that keeps no comments (ast.unparse)."""
    return ast.unparse(ast.parse(text)) + "\n"


RESTYLES = [restyle_pow, restyle_reversed, restyle_coercion, restyle_repr, restyle_seed, restyle_docstrings,
            restyle_swap]


# -- the red team's tricks ---------------------------------------------------------------------------


def trick_formfeed(text: str, rng) -> str:
    """One form feed inside one comment in the class body (a line of its own if there is none)."""
    tree = ast.parse(text)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    rows = lines_of(text)
    inside = [t for t in _tokens(text) if t.type == tokenize.COMMENT and cls.lineno < t.start[0] < cls.end_lineno]
    if inside:
        t = rng.choice(inside)
        r, c = t.start
        cut = c + max(2, len(t.string) // 2)
        rows[r - 1] = rows[r - 1][:cut] + "\f" + rows[r - 1][cut:]
    else:
        method = rng.choice([s for s in cls.body if isinstance(s, ast.FunctionDef)][1:])
        at = (method.decorator_list[0].lineno if method.decorator_list else method.lineno) - 1
        rows.insert(at, " " * method.col_offset + "# " + rng.choice(["----", "====", "ops"]) + "\f")
    return "\n".join(rows)


def _col(rows: list[str], row: int, byte_col: int) -> int:
    """The character column of ast's UTF-8 byte column BYTE_COL on line ROW (1-based)."""
    return len(rows[row - 1].encode("utf-8")[:byte_col].decode("utf-8"))


def trick_annotate(text: str, rng) -> str:
    """`x: T = e` for every one-target assignment to a name."""
    rows, spans = lines_of(text), []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            t = node.targets[0]
            spans.append(((t.lineno, _col(rows, t.lineno, t.col_offset)),
                          (t.end_lineno, _col(rows, t.end_lineno, t.end_col_offset)),
                          f"{t.id}: {rng.choice(['float', 'object', 'list', chr(34) + 'Value' + chr(34)])}"))
    return _replace(text, spans)


def trick_noops(text: str, rng, share: float = 0.4) -> str:
    """An expression statement that does nothing after some statements that start their line."""
    rows = lines_of(text)
    inserts = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.stmt) and not isinstance(node, (ast.Return, ast.Continue, ast.Break, ast.Raise)) \
                and rows[node.lineno - 1][:_col(rows, node.lineno, node.col_offset)].strip() == "" \
                and rng.random() < share \
                and not isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.If, ast.For, ast.While)):
            inserts.append((node.end_lineno, " " * node.col_offset + rng.choice(["...", "None", "0", "()", "1.0"])))
    for at, line in sorted(inserts, reverse=True):
        if rows[at - 1].rstrip().endswith(("\\", ",", "(")):
            continue
        rows.insert(at, line)
    return "\n".join(rows)


def trick_packed(text: str, rng) -> str:
    """The whole engine zlib-compressed, base64-encoded and run with exec."""
    blob = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    chunks = [blob[i:i + 76] for i in range(0, len(blob), 76)]
    literal = "(\n" + "".join(f"    '{c}'\n" for c in chunks) + ")"
    if rng.random() < 0.5:
        return f"import base64, zlib\n\n_src = {literal}\nexec(zlib.decompress(base64.b64decode(_src)).decode())\n"
    return ("import zlib as z\nimport base64 as b\n\n"
            f"exec(compile(z.decompress(b.b64decode({literal})), 'engine.py', 'exec'))\n")


TRICKS = {"formfeed": trick_formfeed, "annotate": trick_annotate, "noops": trick_noops, "packed": trick_packed}

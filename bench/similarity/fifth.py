"""A fifth labelled class, written blind to the method: python bench/similarity/fifth.py OUT_DIR [--seed N]

Written by a red team that did not read grader/similarity, docs/similarity.md
or run.py's scoring beyond its labels format, and made differently from the
four classes before it (no authors.py habits, no fill composed from
independent choices, no token copier of fourth.py's, none of the
tests/fixtures engines, none of fourth/'s engines). The held-out class's
shape (issue 27), 57 files per seed:

- **20 independent students**: 17 fill the starter's TODO regions, each in
  the whole, hand-written code of one person of fifth/people.txt (26 people:
  English, Russian, Chinese or pinyin names and comments, type hints,
  one-letter names, a step-by-step beginner, nine topological walks and
  eight forms of tanh's derivative; extras outside the region: smoke tests,
  a `zero_grad`, a `__neg__`, a helper method; fifth/more-ops.txt for
  04-more-ops's eight regions); 3 hand in a complete engine of their own,
  drawn from fifth/engines' six (nodes numbered at creation, PyTorch-like
  grad_fn objects, a dataclass with a unary-op helper, edge lists with
  `__slots__`, a Chinese-commented recursive engine, a verbose beginner's).
- **3 pairs of hard negatives** (`hard_pair`): two students whose own code
  is the same canonical lines (fifth/canonical.txt: the lecture's form, the
  course's reference lines, the plainest form), each with comments and blank
  lines of their own, one of the two keeping the TODO line.
- **6 public copies** of karpathy/micrograd's engine (the copy the grader
  ships, MIT licence), the tanh, exp and log it lacks added in one of three
  ways (fifth/micrograd.txt), two at each of levels 1, 2 and 3.
- **12 sources, 13 copies**: 9 fillers (3 at level 1, 2 at level 2, 2 at
  level 3, 2 at level 4) and 3 engines (one at level 3, two at level 4); one
  level-2 or level-3 source is copied twice, by two copiers.

The seed picks the starter: 1 03-tanh, 2 05-backward, 3 04-more-ops (eight
regions), then again. Copy levels, each made by this file's own copier (not
fourth.py's):

1. verbatim, or blank lines and trailing spaces changed;
2. names bound in the file renamed through the syntax tree (a copier's
   synonyms, camelCase or transliterated Russian), the friend's comments
   dropped or replaced by the copier's own;
3. 2 with `self` and `other` renamed too, the class's methods reordered, op
   labels changed, and three or four restyles among: quotes, `+=` written out,
   operands of the chain rule swapped, `x**2` as `x*x`, the coercion written
   as an `if`, return annotations, `math.` functions imported by name,
   blank lines inside methods removed, `__radd__ = __add__`, a node's
   inputs as a list, `__repr__` %-formatted;
4. the region (or the engine) restructured by hand (fifth/people.txt's
   `l4` sections, fifth/restructured: helpers extracted or inlined, recursion
   into loops and back, closures into lambdas or static helpers, derivative
   expressions rearranged), then level 3's steps, and for some a method moved
   out of the class and attached to it after (`Value.tanh = _tanh_impl`)
   or the coercion lifted into a decorator.

Every file is run before it is written and its gradients on an expression of
every op it has (nodes used twice, a 60-step chain, relu on both sides of 0)
must equal the course reference engine's (reference/engine.py) to 1e-9.
Writes OUT_DIR/main/submissions/<id>.py, OUT_DIR/main/starter/engine.py and
OUT_DIR/labels.json in run.py's schema (`python bench/similarity/run.py
--fifth 1 2 3`).

`--steps` instead scores each copier step alone: for each of the class's
twelve sources a verbatim copy and a copy with only that step (or the whole
of level 2 or 3, or level 4's hand restructuring alone), each (source, copy)
pair scored in the class's own cohort as run.py scores (copydetect too
unless --skip-baselines); writes OUT_DIR/steps.json and prints per step the
mean and lowest score and how many pairs fall more than 0.1 below their
verbatim copy. `--combine DIR...` prints one table of several such runs.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import functools
import io
import json
import keyword
import math
import random
import re
import shutil
import sys
import textwrap
import tokenize
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO))

MATERIAL = HERE / "fifth"
MICROGRAD = REPO / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py"
EXERCISES = ("03-tanh", "05-backward", "04-more-ops")
SEEDS = (1, 2, 3)
TODO = re.compile(r"^(?P<indent> *)# TODO\((?P<ex>[\w-]+)\): your code here\n(?P=indent)raise NotImplementedError\(.*\)\n",
                  re.M)


def exercise_for(seed: int) -> str:
    """Seeds 1, 2, 3 (and on, cyclically): 03-tanh, 05-backward, 04-more-ops."""
    return EXERCISES[(seed - 1) % len(EXERCISES)]


def starter_text(exercise: str) -> str:
    """The exercise's starter as students get it (exercises/, which `grade starters` writes and checks)."""
    return (REPO / "exercises" / exercise / "engine.py").read_text(encoding="utf-8")


# -- the hand-written material --------------------------------------------------------------------


def read_blocks(path: Path) -> dict[str, dict]:
    """people.txt's format: {name: {"flags": set, "sections": {section: (only-for exercises or None, body)}}}."""
    blocks: dict[str, dict] = {}
    current = section = None
    lines: list[str] = []

    def close():
        if current is not None and section is not None:
            name, only = section
            while lines and not lines[-1].strip():
                lines.pop()
            current["sections"][name] = (only, "\n".join(lines) + "\n")

    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.startswith("=== "):
            close()
            current, section, lines = {"flags": set(), "sections": {}}, None, []
            blocks[raw[4:].strip()] = current
        elif raw.startswith("--- ") and current is not None:
            close()
            head = raw[4:].strip()
            only = None
            if head.endswith("]") and "[" in head:
                head, _, rest = head.partition("[")
                head, only = head.strip(), set(rest[:-1].split(","))
            head = _unique(head, current["sections"])
            section, lines = (head, only), []
        elif raw.startswith("% ") and current is not None and section is None:
            current["flags"].add(raw[2:].strip())
        elif section is not None:
            lines.append(raw)
        elif raw.strip() and not raw.startswith("#"):
            raise ValueError(f"{path.name}: text outside a section: {raw!r}")
    close()
    return blocks


def _unique(name: str, sections: dict) -> str:
    """A second extra of the same kind (`+top`, `l4 +class`...) is kept beside the first, as `+top#2`."""
    n, unique = 1, name
    while unique in sections:
        n += 1
        unique = f"{name}#{n}"
    return unique


def people() -> dict[str, dict]:
    """The 26 people of people.txt, with their 04-more-ops regions from more-ops.txt."""
    crowd = read_blocks(MATERIAL / "people.txt")
    for name, block in read_blocks(MATERIAL / "more-ops.txt").items():
        for key, value in block["sections"].items():
            if not key.startswith(("+", "l4 +")) and key in crowd[name]["sections"]:
                raise ValueError(f"{name}: {key} in both people.txt and more-ops.txt")
            crowd[name]["sections"][_unique(key.split("#")[0], crowd[name]["sections"])] = value
    return crowd


def canonical() -> dict[str, dict]:
    return read_blocks(MATERIAL / "canonical.txt")


def engine_names() -> list[str]:
    return sorted(p.stem for p in (MATERIAL / "engines").glob("*.py"))


def engine_text(name: str, restructured: bool = False) -> str:
    return (MATERIAL / ("restructured" if restructured else "engines") / f"{name}.py").read_text(encoding="utf-8")


def restructurable() -> list[str]:
    return sorted(p.stem for p in (MATERIAL / "restructured").glob("*.py"))


# -- filling a starter ----------------------------------------------------------------------------


def regions(starter: str) -> list[tuple[str, re.Match]]:
    """(method, match) for each TODO region of the starter, the method being the enclosing `def` at class level."""
    found = []
    for match in TODO.finditer(starter):
        before = starter[: match.start()]
        name = re.findall(r"^    def (\w+)\(", before, re.M)[-1]
        found.append((name, match))
    return found


def _indent(body: str, by: str) -> str:
    return "".join(by + line if line.strip() else "\n" if line.endswith("\n") else line
                   for line in body.splitlines(keepends=True))


def _applies(only, exercise: str) -> bool:
    return only is None or exercise in only


def fill(starter: str, exercise: str, person: dict, l4: bool = False, keep_todo: bool | None = None,
         comment: str | None = None) -> str:
    """The starter with PERSON's bodies in its regions (their level-4 bodies with L4), and their extras."""
    sections = person["sections"]
    keep = "keep_todo" in person["flags"] if keep_todo is None else keep_todo
    text = starter
    for name, match in reversed(regions(starter)):
        key = f"l4 {name}" if l4 and f"l4 {name}" in sections else name
        if key not in sections:
            raise KeyError(f"no section {name!r} for {exercise}")
        body = sections[key][1]
        if comment:
            body = f"# {comment}\n" + body
        todo = match.group(0).splitlines(keepends=True)[0] if keep else ""
        text = text[: match.start()] + todo + _indent(body, match.group("indent")) + text[match.end():]
    extras = [(k.split("#")[0], only, body) for k, (only, body) in sections.items() if k.startswith("+")]
    if l4:  # the restructured code's own helpers join the person's extras
        extras += [(k[3:].split("#")[0], only, body) for k, (only, body) in sections.items() if k.startswith("l4 +")]
    for key, only, body in extras:
        if not _applies(only, exercise):
            continue
        if key == "+top":
            text = text.replace("import math\n", "import math\n" + ("\n\n" if body.startswith(("def", "@")) else "")
                                + body, 1)
        elif key == "+class":
            names = set(re.findall(r"^def (\w+)\(", body, re.M))
            if names & set(re.findall(r"^    def (\w+)\(", text, re.M)):
                continue  # the starter has it already
            text = text.rstrip("\n") + "\n\n" + _indent(body, "    ")
        elif key == "+end":
            text = text.rstrip("\n") + "\n\n\n" + body
    return text


def filler(starter: str, exercise: str, person: dict, l4: bool = False) -> str:
    text = fill(starter, exercise, person, l4)
    return text


# -- the hard negatives -----------------------------------------------------------------------------

OWN_COMMENTS = [
    ["my solution", "works on the examples from the lecture", None],
    ["моё решение", "проверил на примерах из лекции", None],
    ["我的答案", "用课上的例子检查过", None],
    ["done", None, "checked with torch"],
    ["вроде работает", None, None],
    [None, "照着视频写的", None],
]


def hard_negative(starter: str, exercise: str, form: str, member: int, rng: random.Random) -> str:
    """One of two students who both typed FORM's canonical lines: own comments and blank lines, no own code."""
    own = rng.choice(OWN_COMMENTS)
    person = canonical()[form]
    text = fill(starter, exercise, person, keep_todo=(member == 0), comment=own[0])
    if own[1]:
        text = text.replace("import math\n", f"import math\n\n# {own[1]}\n", 1)
    if own[2]:
        text = text.rstrip("\n") + f"\n\n# {own[2]}\n"
    if member == 1:  # the second member leaves a blank line after each region's first line
        text = re.sub(r"(\n        out = Value\([^\n]*\n)", r"\1\n", text, count=2)
    return text


# -- the public copies --------------------------------------------------------------------------------


def micrograd_with_ops(how: str) -> str:
    """karpathy/micrograd's engine (the grader's copy, MIT) with tanh, exp and log added the HOW way."""
    text = MICROGRAD.read_text(encoding="utf-8")
    sections = read_blocks(MATERIAL / "micrograd.txt")[how]["sections"]
    for key, (_, body) in sections.items():
        if key == "+top":
            text = body.rstrip("\n") + "\n\n" + text.lstrip("\n")
        elif key.startswith("+after:"):
            text = insert_after_method(text, key.split(":", 1)[1], _indent(body, "    "))
        elif key == "+class":
            text = text.rstrip("\n") + "\n\n" + _indent(body, "    ")
    return text


def insert_after_method(text: str, method: str, block: str) -> str:
    tree = ast.parse(text)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    fn = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == method)
    lines = text.splitlines(keepends=True)
    return "".join(lines[: fn.end_lineno]) + "\n" + block + "".join(lines[fn.end_lineno:])


# -- the copier -----------------------------------------------------------------------------------------

PROTECTED = {"self", "Value", "data", "grad", "_prev", "_op", "_backward", "backward", "math", "sys", "deque",
             "collections", "tanh", "exp", "log", "relu", "__name__", "dataclass", "field", "annotations",
             "Optional", "List", "Tuple", "Callable", "Iterable", "Union", "partial", "functools"}
PROTECTED |= set(dir(builtins)) | set(keyword.kwlist)

SYNONYMS = {
    "out": ["res", "result", "o", "node_out", "y"], "t": ["th", "tv", "y_", "tanh_out"],
    "topo": ["order", "seq", "lst", "ordering"], "visited": ["seen", "done", "marked", "used"],
    "node": ["n", "vertex", "cur", "item"], "child": ["ch", "inp", "parent", "c"], "other": ["rhs", "that", "b"],
    "v": ["u", "nd", "x_"], "order": ["topo", "sequence"], "seen": ["visited", "was"], "stack": ["st", "todo_"],
    "build_topo": ["topo_sort", "dfs", "walk"], "build": ["go", "collect", "rec"], "x": ["z", "val", "inp"],
    "k": ["n", "power", "p"], "e": ["ex", "expo"], "local": ["loc", "d"], "visit": ["go_to", "traverse"],
}
TRANSLIT = {"out": "vyhod", "node": "uzel", "topo": "poryadok", "visited": "posescheno", "child": "rebenok",
            "stack": "stek", "t": "th", "result": "rezultat", "order": "spisok", "seen": "bylo", "other": "drugoe"}

COPIER_COMMENTS = {  # (what the friend's comment was about) -> the copier's own words for it
    "en": {"grad": ["chain rule", "local grad times upstream grad", "derivative"],
           "walk": ["walk the graph", "order the nodes", "go back through the list"],
           "other": ["the op", "make the new node", "helper", "number -> Value"]},
    "ru": {"grad": ["цепное правило", "локальная производная на градиент сверху", "производная"],
           "walk": ["обходим граф", "сортируем узлы", "идём назад по списку"],
           "other": ["операция", "новый узел", "вспомогательное", "число -> Value"]},
    "zh": {"grad": ["链式法则", "局部梯度乘以上游梯度", "导数"],
           "walk": ["遍历图", "节点排序", "倒序处理"],
           "other": ["运算", "新节点", "辅助函数", "数字转成 Value"]},
}
TOPICS = {"grad": r"grad|deriv|chain|rule|производн|градиент|цепн|导数|梯度|链式|\^|/dx|1 -",
          "walk": r"topo|order|visit|sort|walk|stack|dfs|DFS|recurs|обход|порядок|стек|сорт|拓扑|排序|遍历|栈|递归"}


def _copier_comment(original: str, lang: str, rng: random.Random) -> str:
    topic = next((t for t, pattern in TOPICS.items() if re.search(pattern, original)), "other")
    return "# " + rng.choice(COPIER_COMMENTS[lang][topic])


def _tokens(text: str) -> list[tokenize.TokenInfo]:
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _offsets(text: str) -> list[int]:
    starts, pos = [0], 0
    for line in text.splitlines(keepends=True):
        pos += len(line)
        starts.append(pos)
    return starts


def _edit(text: str, edits: list[tuple[int, int, str]]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def bound_names(text: str, with_self: bool = False) -> set[str]:
    """Names the file binds (parameters, locals, loop variables, nested and module-level functions), minus the API."""
    tree = ast.parse(text)
    names: set[str] = set()
    keywords_of_others: set[str] = set()
    methods = {f.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for f in c.body
               if isinstance(f, ast.FunctionDef)}
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef) and node.name not in methods:
            names.add(node.name)
        elif isinstance(node, ast.Call):
            callee = node.func.id if isinstance(node.func, ast.Name) else None
            if callee not in ("Value",) and callee not in names:
                keywords_of_others.update(k.arg for k in node.keywords if k.arg)
        elif isinstance(node, ast.ClassDef):
            methods.add(node.name)
            for stmt in node.body:  # class attributes are read as attributes too: never renamed
                for target in getattr(stmt, "targets", []) + [getattr(stmt, "target", None)]:
                    if isinstance(target, ast.Name):
                        methods.add(target.id)
    protected = PROTECTED | methods | keywords_of_others
    if with_self:
        protected = protected - {"self"}
    return {n for n in names if n not in protected and not n.startswith("__")}


def _new_name(name: str, style: str, rng: random.Random, taken: set[str]) -> str:
    if style == "synonyms" and name in SYNONYMS:
        options = [s for s in SYNONYMS[name] if s not in taken]
        if options:
            return rng.choice(options)
    if style == "translit" and name in TRANSLIT and TRANSLIT[name] not in taken:
        return TRANSLIT[name]
    if style == "camel" and "_" in name.strip("_"):
        parts = name.strip("_").split("_")
        camel = parts[0] + "".join(p.title() for p in parts[1:])
        if camel not in taken:
            return ("_" if name.startswith("_") else "") + camel
    if name == "self":
        # drawn as before (the classes built stay the same), but never a name the file already binds
        # (a backward whose visited set is `s`: fifth seed 14)
        pick = rng.choice(["this", "me", "s"])
        return pick if pick not in taken else next(n for n in ("this", "me", "s", "this_") if n not in taken)
    base = {"synonyms": "my_", "translit": "moy_", "camel": "the"}[style]
    candidate = base + (name.strip("_") if style != "camel" else name.strip("_").title())
    while candidate in taken:
        candidate += "2"
    return candidate


def rename(text: str, rng: random.Random, style: str, share: float = 1.0, with_self: bool = False,
           keep: set[str] = frozenset()) -> str:
    """Rename a SHARE of the names the file binds (but KEEP), everywhere they occur as names (and in f-strings)."""
    names = sorted(bound_names(text, with_self) - set(keep))
    chosen = [n for n in names if rng.random() < share or n == "self"]
    taken = set(names) | PROTECTED
    mapping = {}
    bound = bound_names(text, with_self) | set(keep)  # what `self` may not become (kept names are bound too)
    for name in chosen:
        new = _new_name(name, style, rng, taken | bound if name == "self" else taken)
        taken.add(new)
        mapping[name] = new
    if not mapping:
        return text
    starts = _offsets(text)
    edits = []
    previous = None
    for tok in _tokens(text):
        if tok.type == tokenize.NAME and tok.string in mapping and not (previous and previous.string == "."):
            begin = starts[tok.start[0] - 1] + tok.start[1]
            edits.append((begin, begin + len(tok.string), mapping[tok.string]))
        elif tok.type == tokenize.STRING and tok.string[:1] in "fF":
            new = re.sub(r"\{([^{}]*)\}", lambda m: "{" + re.sub(
                r"(?<![.\w])(\w+)", lambda w: mapping.get(w.group(1), w.group(1)), m.group(1)) + "}", tok.string)
            if new != tok.string:
                begin = starts[tok.start[0] - 1] + tok.start[1]
                edits.append((begin, begin + len(tok.string), new))
        if tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT):
            previous = tok
    return _edit(text, edits)


def recomment(text: str, starter: str, rng: random.Random, lang: str, drop: float, starter_too: bool = False) -> str:
    """The friend's comments dropped with probability DROP, else the copier's own; the starter's stay unless STARTER_TOO."""
    keep = set() if starter_too else {t.string.strip() for t in _tokens(starter) if t.type == tokenize.COMMENT}
    starts = _offsets(text)
    edits = []
    lines = text.splitlines(keepends=True)
    for tok in _tokens(text):
        if tok.type != tokenize.COMMENT or tok.string.strip() in keep or tok.string.startswith("#!"):
            continue
        line = lines[tok.start[0] - 1]
        begin = starts[tok.start[0] - 1] + tok.start[1]
        whole = line.strip() == tok.string.strip()
        if rng.random() < drop:
            if whole:  # the whole line goes
                edits.append((starts[tok.start[0] - 1], starts[tok.start[0]], ""))
            else:
                edits.append((begin - (len(line[: tok.start[1]]) - len(line[: tok.start[1]].rstrip())),
                              begin + len(tok.string), ""))
        else:
            edits.append((begin, begin + len(tok.string), _copier_comment(tok.string, lang, rng)))
    return _edit(text, edits)


def blank_lines(text: str, rng: random.Random) -> str:
    """Level 1's edits: a blank line added or removed here and there, trailing spaces."""
    out = []
    for line in text.splitlines(keepends=True):
        r = rng.random()
        if not line.strip() and r < 0.3:
            continue
        if line.strip() and r < 0.05:
            out.append("\n")
        if line.strip() and r > 0.97:
            line = line.rstrip("\n") + "  \n"
        out.append(line)
    return "".join(out)


# -- level 3's steps --------------------------------------------------------------------------------


def class_methods(text: str):
    """(class node, [(first line, last line) of each method, its comment lines above included]) of the first class."""
    tree = ast.parse(text)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    lines = text.splitlines()
    spans = []
    for fn in cls.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        first = min([fn.lineno] + [d.lineno for d in fn.decorator_list])
        while first > 1 and lines[first - 2].strip().startswith("#"):
            first -= 1
        spans.append((fn.name, first, fn.end_lineno))
    return cls, spans


def reorder(text: str, rng: random.Random) -> str:
    """The class's methods in another order (`__init__` first); a method's comments above it move with it."""
    cls, spans = class_methods(text)
    lines = text.splitlines(keepends=True)
    movable = [s for s in spans if s[0] != "__init__"]
    if len(movable) < 2:
        return text
    first, last = movable[0][1], movable[-1][2]
    if any(not (s[2] < first or s[1] > last) for s in spans if s[0] == "__init__"):
        return text
    chunks = ["".join(lines[s[1] - 1: s[2]]).rstrip("\n") + "\n" for s in movable]
    between = "".join(lines[first - 1: last])
    stripped = between
    for c in chunks:
        stripped = stripped.replace(c, "", 1)
    if any(line.strip() and not line.strip().startswith("#") for line in stripped.splitlines()):
        return text  # something other than methods between them: keep the order
    # section comments between the methods (`# -- backpropagation ---`) are dropped with the order
    order = chunks[:]
    while order == chunks:
        rng.shuffle(order)
    return "".join(lines[: first - 1]) + "\n".join(order) + "".join(lines[last:])


def _code_lines(text: str):
    """Line numbers (1-based) of lines with no string or comment on them."""
    bad = set()
    for tok in _tokens(text):
        if tok.type in (tokenize.STRING, tokenize.COMMENT):
            bad.update(range(tok.start[0], tok.end[0] + 1))
    return bad


def restyle_augmented(text: str, rng) -> str:
    """`x.grad += e` written out as `x.grad = x.grad + (e)` (or `(e) + x.grad`)."""
    bad = _code_lines(text)
    out = []
    for n, line in enumerate(text.splitlines(keepends=True), 1):
        m = re.match(r"^(\s*)([\w.]+\.grad) \+= (.+?)\s*$", line)
        if m and n not in bad:
            e = m.group(3)
            try:
                simple = not isinstance(ast.parse(e, mode="eval").body, (ast.BinOp, ast.IfExp, ast.Lambda))
            except SyntaxError:
                out.append(line)
                continue
            e = e if simple else f"({e})"
            line = f"{m.group(1)}{m.group(2)} = " + (f"{m.group(2)} + {e}" if rng.random() < 0.6 else f"{e} + {m.group(2)}") + "\n"
        out.append(line)
    return "".join(out)


def restyle_swap(text: str, rng) -> str:
    """`X * out.grad` as `out.grad * X` in the chain rule lines, when X is a product."""
    bad = _code_lines(text)
    out = []
    for n, line in enumerate(text.splitlines(keepends=True), 1):
        m = re.match(r"^(\s*[\w.]+\.grad \+= )(.+) \* ([\w]+\.grad)\s*$", line)
        if m and n not in bad:
            try:
                node = ast.parse(m.group(2), mode="eval").body
            except SyntaxError:
                node = None
            if node is not None and not (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub))) \
                    and not isinstance(node, (ast.IfExp, ast.Lambda, ast.UnaryOp)):
                line = f"{m.group(1)}{m.group(3)} * {m.group(2)}\n"
        out.append(line)
    return "".join(out)


def restyle_square(text: str, rng) -> str:
    """`t**2` / `t ** 2` as `t * t` outside strings and comments."""
    bad = _code_lines(text)
    out = []
    for n, line in enumerate(text.splitlines(keepends=True), 1):
        if n not in bad:
            line = re.sub(r"(/ ?|\*\* ?)?(?<![\w.)\]])([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)?) ?\*\* ?2(?![\w.])",
                          lambda m: f"{m.group(1)}({m.group(2)} * {m.group(2)})" if m.group(1)
                          else f"{m.group(2)} * {m.group(2)}", line)  # a / b**2 is a / (b * b)
        out.append(line)
    return "".join(out)


def restyle_quotes(text: str, rng) -> str:
    """Plain string literals in the other quote."""
    starts = _offsets(text)
    edits = []
    for tok in _tokens(text):
        s = tok.string
        if tok.type == tokenize.STRING and len(s) >= 2 and s[0] in "'\"" and s[:3] not in ('"""', "'''"):
            q, other = s[0], "'" if s[0] == '"' else '"'
            inner = s[1:-1]
            if other not in inner and "\\" not in inner:
                begin = starts[tok.start[0] - 1] + tok.start[1]
                edits.append((begin, begin + len(s), other + inner + other))
    return _edit(text, edits)


def restyle_coercion(text: str, rng) -> str:
    """`other = other if isinstance(other, Value) else Value(other)` as an if statement."""
    return re.sub(r"^(\s*)(\w+) = \2 if isinstance\(\2, (\w+)\) else \3\(\2\)\n",
                  lambda m: f"{m.group(1)}if not isinstance({m.group(2)}, {m.group(3)}):\n"
                            f"{m.group(1)}    {m.group(2)} = {m.group(3)}({m.group(2)})\n", text, flags=re.M)


def restyle_annotations(text: str, rng) -> str:
    """`-> "Value"` on the class's methods that return a node (a typed copier)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for fn in cls.body:
            if isinstance(fn, ast.FunctionDef) and fn.returns is None and fn.name not in ("__init__", "backward") \
                    and any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(fn)):
                i = fn.lineno - 1
                if lines[i].rstrip().endswith("):"):
                    ret = "str" if fn.name == "__repr__" else '"Value"'
                    lines[i] = lines[i].rstrip()[:-1] + f" -> {ret}:\n"
    return "".join(lines)


def restyle_imports(text: str, rng) -> str:
    """`math.exp(...)` as `exp(...)` with the names imported from math."""
    used = sorted(set(re.findall(r"\bmath\.(\w+)\(", text)))
    if not used or re.search(r"^import math\n", text, re.M) is None:
        return text
    bound = bound_names(text) | set(re.findall(r"def (\w+)\(", text))
    if set(used) & bound:
        return text
    text = re.sub(r"\bmath\.(\w+)\(", r"\1(", text)
    text = re.sub(r"^import math\n", f"from math import {', '.join(used)}\n", text, count=1, flags=re.M)
    return text if "math." not in text else text.replace(f"from math import {', '.join(used)}\n",
                                                          f"import math\nfrom math import {', '.join(used)}\n", 1)


def restyle_blank(text: str, rng) -> str:
    """Blank lines inside methods removed (those between methods stay)."""
    lines = text.splitlines(keepends=True)
    out = []
    for i, line in enumerate(lines):
        if not line.strip() and 0 < i < len(lines) - 1:
            nxt = next((l for l in lines[i + 1:] if l.strip()), "")
            prev = out[-1] if out else ""
            if nxt.startswith(" " * 8) and prev.startswith(" " * 8):
                continue
        out.append(line)
    return "".join(out)


def relabel_ops(text: str, rng) -> str:
    """The op labels (the last argument of the Value(...) a node is made with) changed."""
    names = {"tanh": "th", "exp": "e^x", "log": "ln", "+": "add", "*": "mul", "ReLU": "relu"}
    for old, new in names.items():
        for q in "'\"":
            text = re.sub(rf", {q}{re.escape(old)}{q}\)", f", {q}{new}{q})", text)
            text = text.replace(f"_op={q}{old}{q}", f"_op={q}{new}{q}")
    return text


def restyle_aliases(text: str, rng) -> str:
    """`def __radd__(self, other): return self + other` as `__radd__ = __add__` (and `__rmul__`)."""
    cls, spans = class_methods(text)
    lines = text.splitlines(keepends=True)
    edits = []
    for fn in cls.body:
        if not (isinstance(fn, ast.FunctionDef) and fn.name in ("__radd__", "__rmul__") and len(fn.body) == 1):
            continue
        ret, args = fn.body[0], [a.arg for a in fn.args.args]
        target = {"__radd__": ("__add__", ast.Add), "__rmul__": ("__mul__", ast.Mult)}[fn.name]
        if not (isinstance(ret, ast.Return) and isinstance(ret.value, ast.BinOp) and isinstance(ret.value.op, target[1])
                and len(args) == 2 and [getattr(ret.value.left, "id", None), getattr(ret.value.right, "id", None)]
                == args and any(isinstance(f, ast.FunctionDef) and f.name == target[0] for f in cls.body)):
            continue
        indent = lines[fn.lineno - 1][: len(lines[fn.lineno - 1]) - len(lines[fn.lineno - 1].lstrip())]
        source = next(f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == target[0])
        # the method goes; the alias comes right after the method it names (it must exist by then)
        edits.append((fn.lineno - 1, fn.end_lineno, []))
        edits.append((source.end_lineno, source.end_lineno, [f"\n{indent}{fn.name} = {target[0]}\n"]))
    for first, last, new in sorted(edits, reverse=True):
        lines[first:last] = new
    return "".join(lines)


def restyle_children(text: str, rng) -> str:
    """A node's inputs given as a list, `[self, other]`, where they were a tuple."""
    return re.sub(r"(Value\([^()\n]*(?:\([^()\n]*\))?[^()\n]*?, )\((\w+), (\w+)\)", r"\1[\2, \3]",
                  re.sub(r"(Value\([^()\n]*(?:\([^()\n]*\))?[^()\n]*?, )\((\w+),\s?\)", r"\1[\2]", text))


def restyle_repr(text: str, rng) -> str:
    """A `return f"..."` with plain fields (no format spec) as a %-format."""
    def swap(m):
        quote, body = m.group(2), m.group(3)
        fields = re.findall(r"\{([^{}]+)\}", body)
        if not fields or any(set(f) & set(":!=") for f in fields) or "%" in body:
            return m.group(0)
        template = re.sub(r"\{[^{}]+\}", "%s", body)
        return f"{m.group(1)}{quote}{template}{quote} % ({', '.join(fields)}{',' if len(fields) == 1 else ''})"
    return re.sub(r"^(\s*return )f(\"|')(.*)\2$", swap, text, flags=re.M)


RESTYLES = [restyle_augmented, restyle_swap, restyle_square, restyle_quotes, restyle_coercion,
            restyle_annotations, restyle_imports, restyle_blank, restyle_aliases, restyle_children, restyle_repr]


RESTYLE_NAMES = {"restyle_augmented": "`+=` written out", "restyle_swap": "chain-rule operands swapped",
                 "restyle_square": "`t**2` as `t * t`", "restyle_quotes": "quotes swapped",
                 "restyle_coercion": "coercion as an `if`", "restyle_annotations": "`-> \"Value\"` annotations",
                 "restyle_imports": "`from math import`", "restyle_blank": "blank lines in methods removed",
                 "restyle_aliases": "`__radd__ = __add__`", "restyle_children": "inputs as a list",
                 "restyle_repr": "`__repr__` %-formatted"}


def coercion_decorator(text: str, rng: random.Random) -> str:
    """The coercion line of every binary op taken out into a decorator (level 4: a helper extracted)."""
    pattern = re.compile(r"^(\s*)(\w+) = \2 if isinstance\(\2, (\w+)\) else \3\(\2\)\n", re.M)
    found = pattern.findall(text)
    if len(found) < 2:
        return text
    cls_name = found[0][2]
    lines = text.splitlines(keepends=True)
    out = []
    for i, line in enumerate(lines):
        if pattern.match(line):
            continue
        m = re.match(r"^(\s*)def (\w+)\((\w+), (\w+)\)", line)
        if m and any(pattern.match(l) for l in lines[i + 1: i + 4]):
            out.append(f"{m.group(1)}@_lifted\n")
        out.append(line)
    text = "".join(out)
    helper = (f"def _lifted(op):\n    # numbers on either side become {cls_name}s before the op sees them\n"
              f"    def wrapper(a, b):\n        return op(a, b if isinstance(b, {cls_name}) else {cls_name}(b))\n"
              f"    wrapper.__name__ = op.__name__\n    return wrapper\n\n\n")
    at = re.search(r"^class ", text, re.M).start()
    return text[:at] + helper + text[at:]


def move_method_out(text: str, rng: random.Random, names=("tanh", "backward", "exp", "log", "__pow__")) -> str:
    """A method taken out of the class, defined at module level and attached to the class after it."""
    cls, spans = class_methods(text)
    candidates = [s for s in spans if s[0] in names]
    if not candidates:
        return text
    name, first, last = rng.choice(candidates)
    lines = text.splitlines(keepends=True)
    fn = next(f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == name)
    body = textwrap.dedent("".join(lines[fn.lineno - 1: last]))
    helper = f"_{name.strip('_')}_impl"
    body = body.replace(f"def {name}(", f"def {helper}(", 1)
    rest = "".join(lines[: first - 1]) + "".join(lines[last:])
    rest = re.sub(r"\n{3,}(?=    def )", "\n\n", rest)
    cls_name = cls.name
    return rest.rstrip("\n") + f"\n\n\n{body.rstrip()}\n\n\n{cls_name}.{name} = {helper}\n"


# -- the copy levels ----------------------------------------------------------------------------------


class Copier:
    """One student who copies: their naming style, comment language and habits, drawn from the seed."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.style = rng.choice(["synonyms", "translit", "camel"])
        self.lang = rng.choice(["en", "ru", "zh"])

    def level1(self, text: str, starter: str) -> str:
        return text if self.rng.random() < 0.4 else blank_lines(text, self.rng)

    def keep(self, starter: str) -> set[str]:
        """The starter's names, which half of the copiers leave alone (they rename only what the friend wrote)."""
        return bound_names(starter) if starter and self.rng.random() < 0.5 else set()

    def level2(self, text: str, starter: str) -> str:
        text = rename(text, self.rng, self.style, share=0.8, keep=self.keep(starter))
        return recomment(text, starter, self.rng, self.lang, drop=self.rng.choice([0.3, 0.7, 1.0]))

    def level3(self, text: str, starter: str) -> str:
        rng = self.rng
        text = rename(text, rng, self.style, share=0.9, with_self=rng.random() < 0.5, keep=self.keep(starter))
        text = recomment(text, starter, rng, self.lang, drop=rng.choice([0.5, 1.0]), starter_too=rng.random() < 0.5)
        text = reorder(text, rng)
        if rng.random() < 0.7:
            text = relabel_ops(text, rng)
        for step in rng.sample(RESTYLES, rng.choice([3, 4])):
            text = step(text, rng)
        return text

    def level4(self, restructured: str, starter: str) -> str:
        text = self.level3(restructured, starter)
        if self.rng.random() < 0.5:
            text = move_method_out(text, self.rng)
        if self.rng.random() < 0.5:
            text = coercion_decorator(text, self.rng)
        return text


# -- the check: every file is a working engine --------------------------------------------------------


def _expression(V, a0: float, b0: float, c0: float):
    a, b, c = V(a0), V(b0), V(c0)
    z = a * b + a * a * 3 + b * 2 + (a * b).relu() + (c * a).relu() + 2 * c + 1 + c
    d = a * c
    z = z + (b + b) * c + (d + d)  # a node used twice in one sum: `=` for `+=` loses a path
    has = lambda name: hasattr(V, name)  # noqa: E731
    if has("tanh"):
        z = z + (a * b).tanh() + a.tanh() * c
    if has("__pow__"):
        z = z + a ** 3 + (c ** -1) * 2 + c ** 0.5
    if has("exp"):
        z = z + (a * 0.3).exp() * b
    if has("log"):
        z = z + (c * c + 1).log()
    if has("__neg__"):
        z = z + (-a) * c
    if has("__sub__"):
        z = z + (a - b) * (c - 1)
    if has("__rsub__"):
        z = z + (3 - a)
    if has("__truediv__"):
        z = z + a / c
    if has("__rtruediv__"):
        z = z + 2 / c
    chain = b
    for _ in range(60):
        chain = chain * 1.001 + a * 0.0
    z = z + chain
    return z, (a, b, c)


def recursion_limit_kept(check_file):
    """CHECK_FILE with the interpreter's recursion limit put back when it returns or raises: the files a check runs in
    this process include engines that raise the limit as they load (`sys.setrecursionlimit(10000)`), which would
    outlive the check (a test after it, in the same process, then walks a deep chain without a RecursionError)."""
    @functools.wraps(check_file)
    def kept(*args, **kwargs):
        limit = sys.getrecursionlimit()
        try:
            return check_file(*args, **kwargs)
        finally:
            sys.setrecursionlimit(limit)
    return kept


@recursion_limit_kept
def check(text: str, what: str) -> None:
    """Run TEXT and compare its gradients with the reference engine's on an expression of every op it has."""
    module = types.ModuleType(f"fifth_check_{what}")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    try:
        exec(compile(text, what, "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    V = module.Value
    for point in ((0.7, -1.3, 2.1), (-0.4, 0.9, 0.6)):
        z, xs = _expression(V, *point)
        z.backward()
        repr(z)

        value, grads = _reference(point, tuple(hasattr(V, op) for op in OPS))
        for x, r in zip(xs, grads):
            if not math.isclose(x.grad, r, rel_tol=1e-9, abs_tol=1e-12):
                raise AssertionError(f"{what}: gradient {x.grad} where the reference has {r}\n{text}")
        if not math.isclose(z.data, value, rel_tol=1e-9):
            raise AssertionError(f"{what}: value {z.data} where the reference has {value}")
    a = V(3.0)
    q = a * a + a
    q.backward()
    if q.data != 12.0 or a.grad != 7.0:
        raise AssertionError(f"{what}: a*a + a at 3 gives {q.data}, grad {a.grad}")


OPS = ("tanh", "__pow__", "exp", "log", "__neg__", "__sub__", "__rsub__", "__truediv__", "__rtruediv__")


@functools.lru_cache(maxsize=None)
def _reference(point: tuple, has: tuple) -> tuple[float, tuple]:
    """The reference engine's value and gradients of the expression with the ops HAS says the file has."""
    from reference.engine import Value as Reference

    class Checked:  # stands for the checked file's class: has exactly its ops
        pass

    for op, there in zip(OPS, has):
        if there:
            setattr(Checked, op, True)
    z, xs = _expression(_Only(Reference, Checked), *point)
    z.backward()
    return z.data, tuple(x.grad for x in xs)


class _Only:
    """A stand-in for the reference class that says it has exactly the ops the checked file has."""

    def __init__(self, reference, checked):
        self.reference, self.checked = reference, checked

    def __call__(self, *args):
        return self.reference(*args)

    def __getattr__(self, name):
        if not hasattr(self.checked, name):
            raise AttributeError(name)
        return getattr(self.reference, name)


# -- the class ------------------------------------------------------------------------------------------


def _own(seed: int, *what) -> random.Random:
    """The draws of one file of the class, apart from every other's (a change to one file changes no other)."""
    return random.Random(":".join(map(str, (seed,) + what)))


def entries_for(seed: int, exercise: str | None = None):
    """[(text, kind, cluster, level, hard pair)] of the class, and its starter."""
    rng = random.Random(seed * 1009 + 17)
    exercise = exercise or exercise_for(seed)
    starter = starter_text(exercise)
    crowd = people()
    wanted = {name for name, _ in regions(starter)}
    names = sorted(n for n, p in crowd.items() if wanted <= set(p["sections"]))
    rng.shuffle(names)
    with_l4 = [n for n in names if all(f"l4 {w}" in crowd[n]["sections"] for w in wanted)]
    l4_fillers = with_l4[:2]
    rest = [n for n in names if n not in l4_fillers]
    own, sourced = rest[:17], rest[17:24]
    engines = engine_names()
    rng.shuffle(engines)
    l4_engines = [e for e in engines if e in restructurable()][:2]
    others = [e for e in engines if e not in l4_engines]
    own_engines, l3_engine = others[:3], others[3]
    entries = []
    for name in own:
        entries.append((filler(starter, exercise, crowd[name]), f"independent: {name} fills {exercise}", None, None,
                        None))
    for name in own_engines:
        entries.append((engine_text(name), f"independent: engine '{name}' (fifth/engines)", None, None, None))
    for group, form in enumerate(("lecture", "reference", "plain")):
        for member in range(2):
            entries.append((hard_negative(starter, exercise, form, member, _own(seed, 'hard', group, member)),
                            f"independent: the {form} lines, own comments", None, None, f"h{group}"))
    hows = ["lecture-style", "appended", "via-exp"]
    for i, level in enumerate((1, 1, 2, 2, 3, 3)):
        copier = Copier(_own(seed, "public", i))
        text = micrograd_with_ops(hows[i % 3])
        copy = {1: copier.level1, 2: copier.level2, 3: copier.level3}[level](text, "")
        entries.append((copy, f"copy of the public engine (tanh/exp/log {hows[i % 3]}), level {level}",
                        "public", level, None))
    sources = [(filler(starter, exercise, crowd[n]), f"a source: {n} fills {exercise}", lv, n)
               for n, lv in zip(sourced, (1, 1, 1, 2, 2, 3, 3))]
    sources += [(filler(starter, exercise, crowd[n]), f"a source: {n} fills {exercise}", 4, n) for n in l4_fillers]
    sources += [(engine_text(l3_engine), f"a source: engine '{l3_engine}'", 3, l3_engine)]
    sources += [(engine_text(e), f"a source: engine '{e}'", 4, e) for e in l4_engines]
    twice = rng.choice([i for i, s in enumerate(sources) if s[2] in (2, 3)])
    for n, (text, kind, level, who) in enumerate(sources):
        cluster = f"c{n}"
        entries.append((text, kind, cluster, level, None))
        for j in range(2 if n == twice else 1):
            copier = Copier(_own(seed, "copy", n, j))
            if level == 4:
                base = engine_text(who, True) if who in engine_names() else filler(starter, exercise, crowd[who], True)
                copy = copier.level4(base, starter)
            else:
                copy = {1: copier.level1, 2: copier.level2, 3: copier.level3}[level](text, starter)
            entries.append((copy, f"copy of {who}, level {level}", cluster, level, None))
    return starter, exercise, entries


def write_class(out: Path, starter: str, entries, rng: random.Random) -> dict:
    """Check and write every file under a drawn id, in a drawn order; the labels in run.py's schema."""
    if out.exists():
        shutil.rmtree(out)
    subs = out / "main" / "submissions"
    subs.mkdir(parents=True)
    (out / "main" / "starter").mkdir(parents=True)
    (out / "main" / "starter" / "engine.py").write_text(starter, encoding="utf-8")
    ids = [f"st{n}" for n in rng.sample(range(1000, 10000), len(entries))]
    shuffled = rng.sample(entries, len(entries))
    labels = {}
    for sid, (text, kind, cluster, level, hard) in zip(ids, shuffled):
        check(text, sid)
        (subs / f"{sid}.py").write_text(text, encoding="utf-8")
        labels[sid] = dict(kind=kind, cluster=cluster, level=level, **({"hard_pair": hard} if hard else {}))
    (out / "labels.json").write_text(json.dumps({"main": labels}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return {"main": labels}


def build(out: Path, seed: int = 1, exercise: str | None = None) -> dict:
    starter, exercise, entries = entries_for(seed, exercise)
    return write_class(out, starter, entries, random.Random(seed * 31 + 5))


# -- each copier step alone ------------------------------------------------------------------------------


def steps(starter: str) -> dict:
    """The copier's steps, each alone, as functions (text, rng) -> text; levels 2-4 whole at the end."""
    one = {
        "level 1 edits": lambda t, r: blank_lines(t, r),
        "renamed (the whole file)": lambda t, r: rename(t, r, r.choice(["synonyms", "translit", "camel"]), 0.8),
        "renamed (not the starter's names)": lambda t, r: rename(t, r, "synonyms", 0.8, keep=bound_names(starter)),
        "renamed with self": lambda t, r: rename(t, r, "camel", 0.8, with_self=True),
        "comments replaced or dropped": lambda t, r: recomment(t, starter, r, r.choice(["en", "ru", "zh"]), 0.5),
        "every comment dropped": lambda t, r: recomment(t, starter, r, "en", 1.0, starter_too=True),
        "methods reordered": reorder,
        "op labels": relabel_ops,
        **{RESTYLE_NAMES[f.__name__]: f for f in RESTYLES},
        "a method moved out of the class": move_method_out,
        "coercion as a decorator": coercion_decorator,
    }
    for level in (2, 3):
        one[f"level {level} (all its steps)"] = (lambda lv: lambda t, r: getattr(Copier(r), f"level{lv}")(t, starter))(level)
    return one


def step_table(out: Path, seed: int, baselines: bool) -> dict:
    """Each step alone on the class's twelve sources: the score of (source, copy) in the class's own cohort (its
    independents, hard negatives and public copies), by run.py's scoring and copydetect; and the hand restructuring
    alone (level 4's texts before the copier's steps) for the sources that have one."""
    import run

    starter, exercise, entries = entries_for(seed)
    base = [e for e in entries if e[2] is None or e[2] == "public"]
    sources = [e for e in entries if e[1].startswith("a source")]
    crowd = people()
    texts = [e[0] for e in sources]
    restructured = {}
    for n, (text, kind, cluster, level, _) in enumerate(sources):
        who = kind.split(": ", 1)[1].split(" fills")[0].replace("engine ", "").strip("'")
        if level == 4:
            restructured[n] = engine_text(who, True) if who in engine_names() else filler(starter, exercise, crowd[who], True)
    table = {"plain": lambda t, r: t, **steps(starter), "restructured by hand (level 4 sources)": None}
    results = {}
    for name, step in table.items():
        group = list(base)
        for n, text in enumerate(texts):
            if step is None and n not in restructured:
                continue
            copy = restructured[n] if step is None else step(text, _own(seed, "step", name, n))
            group += [(text, "a source", f"c{n}", 1, None), (copy, f"copy: {name}", f"c{n}", 1, None)]
        folder = out / f"step-{len(results):02d}"
        labels = write_class(folder, starter, group, random.Random(seed))["main"]
        pairs = {}
        for sid, lab in sorted(labels.items()):
            if lab["cluster"] not in (None, "public"):
                pairs.setdefault(int(lab["cluster"][1:]), []).append(sid)
        tools = {run.OURS: run.our_scores(folder)}
        if baselines:
            tools.update(run.baseline_scores(folder))
        results[name] = {tool: {n: round(scores["main"]["pairs"].get("|".join(sorted(ids)), 0.0), 3)
                                for n, ids in sorted(pairs.items())} for tool, scores in tools.items()}
        print(name, {t: round(sum(v.values()) / len(v), 2) for t, v in results[name].items()}, flush=True)
    (out / "steps.json").write_text(json.dumps({"seed": seed, "exercise": exercise, "scores": results}, indent=1)
                                    + "\n", encoding="utf-8")
    print(f"\n{exercise} (seed {seed}): each step alone, the 12 (source, copy) pairs\n")
    print(step_markdown(results))
    return results


def step_markdown(results: dict) -> str:
    """Per step and tool: mean · lowest score, and the pairs that score more than 0.1 below their verbatim copy."""
    tools = list(results["plain"])
    rows = [["step"] + [f"{t}: mean · lowest · below verbatim by > 0.1" for t in tools]]
    for name, by_tool in results.items():
        row = [name]
        for tool in tools:
            scores, plain = by_tool[tool], results["plain"][tool]
            lower = sum(plain[n] - v > 0.1 for n, v in scores.items())
            row.append(f"{sum(scores.values()) / len(scores):.2f} · {min(scores.values()):.2f} · {lower}/{len(scores)}")
        rows.append(row)
    rows.insert(1, ["---"] + ["---:"] * len(tools))
    return "\n".join("| " + " | ".join(r) + " |" for r in rows)


def combined(folders: list[Path]) -> dict:
    """The step tables of several seeds (their steps.json) as one: each step's pairs of every seed together."""
    merged: dict = {}
    for folder in folders:
        record = json.loads((folder / "steps.json").read_text(encoding="utf-8"))
        for step, by_tool in record["scores"].items():
            for tool, scores in by_tool.items():
                target = merged.setdefault(step, {}).setdefault(tool, {})
                target.update({f"{record['seed']}:{n}": v for n, v in scores.items()})
    return merged


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?", help="the folder to write (not with --combine)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exercise", choices=EXERCISES, help="the starter (default: the seed's)")
    parser.add_argument("--steps", action="store_true",
                        help="instead: each copier step alone on the class's sources, scored as run.py scores")
    parser.add_argument("--skip-baselines", action="store_true", help="with --steps: without copydetect")
    parser.add_argument("--combine", type=Path, nargs="+", metavar="STEPS_DIR",
                        help="instead: one table of several --steps runs (their OUT folders)")
    args = parser.parse_args()
    if args.combine:
        print(step_markdown(combined(args.combine)))
        return
    if args.out is None:
        parser.error("OUT is required (the folder to write the class in)")
    if args.steps:
        step_table(args.out, args.seed, not args.skip_baselines)
        return
    labels = build(args.out, args.seed, args.exercise)
    kinds = {}
    for lab in labels["main"].values():
        kinds[lab["kind"].split(":")[0].split(" (")[0]] = kinds.get(lab["kind"].split(":")[0].split(" (")[0], 0) + 1
    print(f"{sum(len(m) for m in labels.values())} submissions in {args.out}: {kinds}")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main()

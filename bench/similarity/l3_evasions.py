"""Each of the issue's four evasions on a level-3 copy (session 43, sim43e).

The fixtures of tests/similarity/test_evasions.py put each evasion on a plain (verbatim) copy. A copier scripts the
evasion on the copy they made: renamed, reordered, restyled, or all three (level 3). Here each of the four evasions
(form feed, annotations, `()` after every statement, packed; and the annotations and `()` written into the text as
it is, `t-annot` and `t-parens`, comments kept) is put on each level-3 step of four sources (the course's reference
engine, a student-style engine written here, micrograd's engine with tanh, exp and log added, a student's filling of
the course's 04-more-ops starter). The steps are made through `ast` (rename, reorder, restyle, all: comments go) and
on the text as written (t-rename, t-reorder, t-restyle, t-all: comments and layout kept). Each copy is scored
against its source in a class of honest engines (the test suite's CLASS) + the source + that one copy, read as
`grade similarity` reads a class, beside the same step's copy without an evasion (`none`).

    python bench/similarity/l3_evasions.py [EXERCISE]   # the table, and the combinations more than 0.1 below

EXERCISE (e.g. 04-more-ops): its starter and the course's reference subtracted as given, as `grade similarity
--exercise` does; then the reference and micrograd sources score 0 against every copy (all of their code is the
course's canonical code or the shipped public source: no evidence of copying each other is left), which is right.
tests/similarity/test_evasions_level3.py asserts the table's AST steps (each evasion within 0.1 of its plain copy).
"""

from __future__ import annotations

import ast
import base64
import builtins
import keyword
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

STUDENT = '''import math


class Value:
    def __init__(self, data, children=(), op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(children)
        self._op = op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        result = Value(self.data + other.data, (self, other), "+")

        def backward():
            self.grad += result.grad
            other.grad += result.grad

        result._backward = backward
        return result

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        result = Value(self.data * other.data, (self, other), "*")

        def backward():
            self.grad += other.data * result.grad
            other.grad += self.data * result.grad

        result._backward = backward
        return result

    def __pow__(self, power):
        assert isinstance(power, (int, float))
        result = Value(self.data ** power, (self,), f"**{power}")

        def backward():
            self.grad += power * self.data ** (power - 1) * result.grad

        result._backward = backward
        return result

    def tanh(self):
        t = math.tanh(self.data)
        result = Value(t, (self,), "tanh")

        def backward():
            self.grad += (1 - t * t) * result.grad

        result._backward = backward
        return result

    def exp(self):
        e = math.exp(self.data)
        result = Value(e, (self,), "exp")

        def backward():
            self.grad += e * result.grad

        result._backward = backward
        return result

    def log(self):
        result = Value(math.log(self.data), (self,), "log")

        def backward():
            self.grad += result.grad / self.data

        result._backward = backward
        return result

    def relu(self):
        result = Value(max(0.0, self.data), (self,), "relu")

        def backward():
            self.grad += (result.data > 0) * result.grad

        result._backward = backward
        return result

    def backward(self):
        order, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
                continue
            if node in visited:
                continue
            visited.add(node)
            stack.append((node, True))
            for child in node._prev:
                stack.append((child, False))
        self.grad = 1.0
        for node in reversed(order):
            node._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1
'''

MICROGRAD_OPS = '''
    def tanh(self):
        x = self.data
        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
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


def micrograd() -> str:
    """karpathy/micrograd's engine.py (MIT, bench/similarity/sim42b1/public) with tanh, exp and log after relu."""
    text = (ROOT / "bench/similarity/sim42b1/public/engine.py").read_text(encoding="utf-8")
    anchor = "\n    def backward(self):\n"
    assert anchor in text
    return "import math\n" + text.replace(anchor, MICROGRAD_OPS.rstrip("\n") + "\n" + anchor)


# a student's own filling of the course's 04-more-ops starter (exercises/04-more-ops/engine.py): each TODO's body
FILLS = {
    "__pow__": """result = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            slope = k * self.data ** (k - 1)
            self.grad += slope * result.grad

        result._backward = _backward
        return result""",
    "exp": """e_x = math.exp(self.data)
        result = Value(e_x, (self,), "exp")

        def _backward():
            self.grad += e_x * result.grad

        result._backward = _backward
        return result""",
    "log": """if self.data <= 0:
            raise ValueError("log of a non-positive number")
        result = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += (1.0 / self.data) * result.grad

        result._backward = _backward
        return result""",
    "__neg__": "return self * (-1)",
    "__sub__": "return self + (-other)",
    "__rsub__": "return (-self) + other",
    "__truediv__": "return self * (other ** -1)",
    "__rtruediv__": "return other * (self ** -1)",
}


def filled(fills: dict[str, str]) -> str:
    """The course's 04-more-ops starter with each TODO replaced by FILLS' body for that method."""
    import re

    text = (ROOT / "exercises/04-more-ops/engine.py").read_text(encoding="utf-8")
    for name, body in fills.items():
        todo = re.compile(r"# TODO\(04-more-ops\): your code here\n\s*raise NotImplementedError\(\"04-more-ops: "
                          rf"write Value\.{re.escape(name)}\"\)")
        text, n = todo.subn(lambda m: body, text)
        assert n == 1, name
    assert "TODO" not in text
    return text


def sources() -> dict[str, str]:
    return {"reference": (ROOT / "reference/engine.py").read_text(encoding="utf-8"), "student": STUDENT,
            "micrograd": micrograd(), "filled": filled(FILLS)}


# ---- the level-3 steps -------------------------------------------------------------------------------------------

KEEP = set(dir(builtins)) | {"self", "math", "Value", "data", "grad", "backward", "tanh", "exp", "log", "relu",
                                  "random", "sigmoid"}


def _new_name(name: str) -> str:
    core = name.strip("_") or "v"
    return ("_" if name.startswith("_") else "") + core + "_v"


def renamed(text: str) -> str:
    """Every local name, argument, nested function and private attribute renamed (dunders, the class, the public
    interface and imports kept)."""
    tree = ast.parse(text)
    imported = {a.asname or a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                for a in n.names}
    keep = KEEP | imported

    def fresh(name):
        if name in keep or keyword.iskeyword(name) or (name.startswith("__") and name.endswith("__")):
            return name
        return _new_name(name)

    top = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in top:
            node.id = fresh(node.id)
        elif isinstance(node, ast.arg):
            node.arg = fresh(node.arg)
        elif isinstance(node, ast.FunctionDef) and node.name not in top:
            node.name = fresh(node.name)
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            node.attr = fresh(node.attr)
    return ast.unparse(tree) + "\n"


def reordered(text: str) -> str:
    """Each class's methods in reverse order (`__init__` first), top-level functions in reverse order."""
    tree = ast.parse(text)

    def flip(body):
        head = [s for s in body if isinstance(s, (ast.Import, ast.ImportFrom))
                or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
                or (isinstance(s, ast.FunctionDef) and s.name == "__init__")]
        defs = [s for s in body if isinstance(s, ast.FunctionDef) and s not in head]
        rest = [s for s in body if s not in head and s not in defs]
        return head + rest + defs[::-1]

    tree.body = flip(tree.body)
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            node.body = flip(node.body)
    return ast.unparse(tree) + "\n"


class _Restyle(ast.NodeTransformer):
    """`a += b` as `a = a + b`, docstrings dropped, `x ** 2` as `x * x`... a student's retyping."""

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        load = ast.parse(ast.unparse(node.target), mode="eval").body
        return ast.copy_location(ast.Assign([node.target], ast.BinOp(load, node.op, node.value)), node)

    def _drop_docstring(self, node):
        self.generic_visit(node)
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and len(body) > 1:
            node.body = body[1:]
        return node

    visit_FunctionDef = visit_ClassDef = visit_Module = _drop_docstring


def restyled(text: str) -> str:
    tree = _Restyle().visit(ast.parse(text))
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _token_renamed(text: str) -> str:
    """renamed's names, replaced token by token in the text as written (comments and layout kept)."""
    import io
    import tokenize

    new = {}
    before, after = ast.parse(text), ast.parse(renamed(text))
    for old, changed in zip(ast.walk(before), ast.walk(after)):
        for field in ("id", "arg", "name", "attr"):
            if isinstance(getattr(old, field, None), str) and getattr(old, field) != getattr(changed, field):
                new[getattr(old, field)] = getattr(changed, field)
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    return tokenize.untokenize([t._replace(string=new.get(t.string, t.string)) if t.type == tokenize.NAME else t
                                for t in tokens])


def _text_reordered(text: str) -> str:
    """reordered's order, moving each method's lines as written (with the comments just above it)."""
    lines = text.split("\n")
    tree = ast.parse(text)
    for cls in sorted((n for n in tree.body if isinstance(n, ast.ClassDef)), key=lambda n: -n.lineno):
        defs = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name != "__init__"]
        if len(defs) < 2:
            continue
        spans = []
        for n in defs:
            start = min([n.lineno] + [d.lineno for d in n.decorator_list]) - 1
            while start > 0 and lines[start - 1].strip().startswith("#"):
                start -= 1
            spans.append((start, n.end_lineno))
        first, last = spans[0][0], spans[-1][1]
        chunks = ["\n".join(lines[a:b]).strip("\n") for a, b in spans]
        lines[first:last] = "\n\n".join(chunks[::-1]).split("\n")
    return "\n".join(lines)


def _text_restyled(text: str) -> str:
    """`a += b` as `a = a + b` on the line as written, double quotes as single: a retyping that keeps comments."""
    import re

    out = []
    for line in text.split("\n"):
        m = re.match(r"^(\s*)([\w.\[\]]+) ([+*/-])= (.+?)(\s*#.*)?$", line)
        out.append(f"{m[1]}{m[2]} = {m[2]} {m[3]} ({m[4]}){m[5] or ''}" if m else line)
    return "\n".join(out).replace('"', "'")


def text_annotated(text: str) -> str:
    """`x: float = e` on every line `x = e` as written (a name, an attribute or a subscript target)."""
    import re

    return "\n".join(re.sub(r"^(\s*)([A-Za-z_][\w.]*(?:\[[^\]]*\])?) = (?!=)", r"\1\2: float = ", line)
                     for line in text.split("\n"))


def text_parens(text: str) -> str:
    """`; ()` after every simple statement's line as written (a line that opens no block and continues nothing)."""
    tree = ast.parse(text)
    ends = {n.end_lineno for n in ast.walk(tree) if isinstance(n, ast.stmt) and not hasattr(n, "body")
            and n.lineno == n.end_lineno}
    lines = text.split("\n")
    for i in sorted(ends):
        line = lines[i - 1]
        code, hash_, comment = line.partition("  #") if "  #" in line else (line, "", "")
        lines[i - 1] = code.rstrip() + "; ()" + (hash_ + comment if hash_ else "")
    return "\n".join(lines)


STEPS = {"rename": renamed, "reorder": reordered, "restyle": restyled,
         "all": lambda t: restyled(reordered(renamed(t))),
         # the same steps on the text as written (comments and layout kept), as a copier with an editor makes them
         "t-rename": _token_renamed, "t-reorder": _text_reordered, "t-restyle": _text_restyled,
         "t-all": lambda t: _text_restyled(_text_reordered(_token_renamed(t)))}


# ---- the evasions (as the red team wrote them: tests/similarity/evasions/make.py) -------------------------

def form_feed(text: str) -> str:
    lines = text.split("\n")
    i = next(k for k, line in enumerate(lines) if line.strip().startswith("def __add__"))
    indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
    lines.insert(i, indent + "# -- arithmetic --\x0c-- ops below --")
    return "\n".join(lines)


class _Annotate(ast.NodeTransformer):
    def visit_Assign(self, node):
        self.generic_visit(node)
        t = node.targets[0]
        if len(node.targets) == 1 and isinstance(t, (ast.Name, ast.Attribute, ast.Subscript)):
            return ast.copy_location(ast.AnnAssign(t, ast.Name("float", ast.Load()), node.value,
                                                   int(isinstance(t, ast.Name))), node)
        return node


def annotated(text: str) -> str:
    return ast.unparse(ast.fix_missing_locations(_Annotate().visit(ast.parse(text)))) + "\n"


class _Parens(ast.NodeTransformer):
    def generic_visit(self, node):
        super().generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                new = []
                for s in block:
                    new += [s, ast.Expr(ast.Tuple([], ast.Load()))]
                setattr(node, field, new)
        return node


def parens(text: str) -> str:
    return ast.unparse(ast.fix_missing_locations(_Parens().visit(ast.parse(text)))) + "\n"


def packed(text: str) -> str:
    payload = base64.b64encode(zlib.compress(text.encode())).decode()
    return f"import base64, zlib\nexec(zlib.decompress(base64.b64decode({payload!r})))\n"


EVASIONS = {"none": lambda t: t, "formfeed": form_feed, "annotated": annotated, "parens": parens, "packed": packed,
            "t-annot": text_annotated, "t-parens": text_parens}


def copies(steps=None, evasions=None) -> dict[tuple[str, str, str], str]:
    """(source, step, evasion) -> the copy's text, for each of STEPS and EVASIONS (names; None: all; "none" is
    always made: the plain level-3 copy); every copy compiles."""
    out = {}
    for source, text in sources().items():
        for step in steps or STEPS:
            plain = STEPS[step](text)
            for evasion in ["none", *(e for e in evasions or EVASIONS if e != "none")]:
                trick = EVASIONS[evasion]
                out[source, step, evasion] = copy = trick(plain)
                compile(copy, f"{source}-{step}-{evasion}", "exec")
    return out


def scores(honest: dict[str, str], exercise: str | None = None, steps=None, evasions=None
           ) -> dict[tuple[str, str, str], float]:
    """Each copy against its source (0.0: no pair), in a class of HONEST engines + the source + that one copy, for
    STEPS and EVASIONS (None: all). EXERCISE None: compared as they are (no starter, no public source: what the
    normalisation does alone, as test_evasions.py compares); else read as `grade similarity --exercise EXERCISE`
    reads a class (its starter and the course's reference given, micrograd shipped as public)."""
    import tempfile

    from grader.similarity import compare, read_class
    from grader.similarity.cohort import read_document

    made = copies(steps, evasions)
    ids = {key: "-".join(key) for key in made}
    everyone = {**{f"honest-{i}": t for i, t in honest.items()},
                **{f"source-{s}": t for s, t in sources().items()}, **{ids[k]: t for k, t in made.items()}}
    if exercise is None:
        documents, public = [read_document(sid, {"engine.py": text}) for sid, text in everyone.items()], []
    else:
        with tempfile.TemporaryDirectory() as folder:
            for sid, text in everyone.items():
                (Path(folder) / sid).mkdir()
                (Path(folder) / sid / "engine.py").write_text(text, encoding="utf-8")
            reading = read_class(Path(folder), exercise=exercise)
        documents, public = reading.documents, reading.sources
    by_id = {d.id: d for d in documents}
    read = [d for i, d in by_id.items() if i.startswith("honest-")]
    found = {}
    for key in made:
        source, copy = by_id[f"source-{key[0]}"], by_id[ids[key]]
        record = compare(read + [source, copy], public)
        found[key] = next((p["score"] for p in record["pairs"] if {p["a"], p["b"]} == {source.id, copy.id}), 0.0)
    return found


def main() -> None:
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))  # after PYTHONPATH: a checkout of other code can be measured with these fixtures
    from tests.similarity.test_similarity import CLASS, engine

    exercise = sys.argv[1] if len(sys.argv) > 1 else None
    found = scores({name.split("/")[-1]: engine(name) for name in CLASS}, exercise)
    low = []
    print(f"{'source':10} {'step':8} " + " ".join(f"{e:>9}" for e in EVASIONS))
    for source in sources():
        for step in STEPS:
            row = [found[source, step, e] for e in EVASIONS]
            print(f"{source:10} {step:8} " + " ".join(f"{s:9.3f}" for s in row))
            low += [(source, step, e, found[source, step, e], row[0]) for e in EVASIONS
                    if found[source, step, e] < row[0] - 0.1]
    print("\nmore than 0.1 below the plain level-3 copy:" if low else "\nnone more than 0.1 below its plain copy")
    for source, step, evasion, score, plain in low:
        print(f"  {source} {step} {evasion}: {score:.3f} (plain {plain:.3f})")


if __name__ == "__main__":
    main()

"""How tests/similarity/evasions/ were made from one honest engine: python tests/similarity/evasions/make.py

Run once from the repository root; the files it writes are committed and the tests read them as they are.
The plain copy is the engine itself (tests/fixtures/general/correct-dict-writeback; for the c_*.py files of session 16,
tests/fixtures/submissions/correct-closures).
"""
import ast
from pathlib import Path

src = Path("tests/fixtures/general/correct-dict-writeback/engine.py").read_text()
out = Path("tests/similarity/evasions")
READ_TRICKS = ("type-call", "assigned-after", "setattr-split", "lambdas", "mixin", "nested", "if-true", "in-try",
               "in-with", "global-function", "walrus-comprehension", "walrus-while")
FRESH_TRICKS = ("operator-calls", "type-of-self", "globals-lookup", "module-qualified", "bodies-in-exitstack",
                "bodies-in-reraise", "module-in-catch-warnings", "partialmethods", "extra-parameters", "dataclass-init",
                "pow-builtin", "math-e", "return-none", "for-as-while")
# session 15 (simread3): tests negated twice, choices on a constant, attributes through __dict__, a star import,
# private names mangled, imports in functions
FRESH15_TRICKS = ("not-not", "if-true-else", "dict-stores", "star-import", "mangled", "imports-in-functions")

# 1. one form feed in a comment inside the class body: str.splitlines() breaks the line there; 2. an annotation on
# every assignment; 3. `()` after every statement; 4. packed with zlib + base64 and run with exec (the four are
# bench/similarity/l3_evasions.py's, which puts them on level-3 copies too)
import sys

sys.path.insert(0, "bench/similarity")
from l3_evasions import annotated, form_feed, packed, parens  # noqa: E402

(out / "formfeed.py").write_text(form_feed(src))
(out / "annotated.py").write_text(annotated(src))
(out / "parens.py").write_text(parens(src))
(out / "packed.py").write_text(packed(src))

# 5. every assignment to one name as a walrus expression statement: `(x := e)` (the ninth class's walrus)
class Walrus(ast.NodeTransformer):
    def visit_Assign(self, node):
        self.generic_visit(node)
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            return ast.copy_location(ast.Expr(ast.NamedExpr(ast.Name(node.targets[0].id, ast.Store()), node.value)),
                                     node)
        return node
(out / "walrus.py").write_text(ast.unparse(ast.fix_missing_locations(Walrus().visit(ast.parse(src)))) + "\n")

# 6. the whole module inside a function that returns the class, called once (the ninth class's factory)
body = "".join(("    " + line if line.strip() else "") + "\n" for line in src.rstrip("\n").split("\n"))
(out / "factory.py").write_text("def _engine():\n" + body + "    return Value\n\n\nValue = _engine()\n")

# 7. session 13 (simread): spellings of the class and its blocks that a student who read the reading could choose,
# each made by bench/similarity/read_tricks.py's script of that name (from the tree: comments go)
from read_tricks import TRICKS  # noqa: E402

for name in READ_TRICKS:
    (out / f"{name.replace('-', '_')}.py").write_text(TRICKS[name](src))

# 8. session 14 (simread2): fresh spellings of operators, the class's name, blocks and methods, each made by
# bench/similarity/fresh_tricks.py's script of that name
from fresh_tricks import TRICKS as FRESH  # noqa: E402

for name in FRESH_TRICKS:
    (out / f"{name.replace('-', '_')}.py").write_text(FRESH[name](src))

# 9. session 15 (simread3): more spellings Python reads as the plain code, by fresh_tricks.py's scripts
for name in FRESH15_TRICKS:
    (out / f"{name.replace('-', '_')}.py").write_text(FRESH[name](src))

# 10. session 16 (simread5): a hostile student's calls, displays, strings and tests spelt otherwise, by
# fresh_tricks.py's scripts, on an engine of closures (tests/fixtures/submissions/correct-closures: the plain copy of
# these; the dict-writeback engine has no `.grad +=`, closure bound by name or f-string for some of them)
FRESH16_TRICKS = ("not-in-spelt", "isinstance-tuple", "unbound-methods", "extend-update", "aug-neg", "constructors",
                  "star-calls", "eta-lambdas", "exp-math-pow", "singleton-index", "typing-casts", "enumerate-loops",
                  "asserts-added", "invoked-lambdas", "bool-tests", "split-constants", "protocol-dunders",
                  "bodies-in-match", "bodies-in-one-loop")
closures = Path("tests/fixtures/submissions/correct-closures/engine.py").read_text()
for name in FRESH16_TRICKS:
    (out / f"c_{name.replace('-', '_')}.py").write_text(FRESH[name](closures))

# 11. session 17 (simread6): the operator module's getters, `operator.attrgetter('grad')(x)` and
# `operator.methodcaller('_backward')(v)`, by fresh_tricks.py's scripts on the same engine of closures
FRESH17_TRICKS = ("attrgetter-loads", "methodcaller-calls")
for name in FRESH17_TRICKS:
    (out / f"c_{name.replace('-', '_')}.py").write_text(FRESH[name](closures))

# 12. session 18 (simread7): Python's own equivalences (plain_statements.py), by fresh_tricks.py's scripts: on the
# engine of closures those that apply to it (its loops, closures and assert), `if c: f()` as `c and f()` on the Kahn
# engine (tests/fixtures/submissions/correct-kahn) and if/else swapped under `not` on the edge-list engine
# (submissions/correct-edgelist): the closures engine has no `if` of one call and no `if`/`else`
FRESH18_TRICKS = ("iter-loops", "defaults-captured", "assert-as-raise")
for name in FRESH18_TRICKS:
    (out / f"c_{name.replace('-', '_')}.py").write_text(FRESH[name](closures))
for prefix, engine, name in (("k", "correct-kahn", "ifs-as-and"), ("e", "correct-edgelist", "ifs-swapped")):
    plain = Path(f"tests/fixtures/submissions/{engine}/engine.py").read_text()
    (out / f"{prefix}_{name.replace('-', '_')}.py").write_text(FRESH[name](plain))

# 13. session 19 (simread8): rewrites other hands' copiers may use, by fresh_tricks.py's scripts on the engine of
# closures: its binary methods' coercion lifted into a decorator of the file (`@_lifted`), and each `for` over an
# iterator bound the line before (`_it0 = iter(xs)` then `for x in _it0:`)
FRESH19_TRICKS = ("lifted-coercion", "iter-bound")
for name in FRESH19_TRICKS:
    (out / f"c_{name.replace('-', '_')}.py").write_text(FRESH[name](closures))

"""The course's canonical code written the other ways the same derivatives are written.

Two students who copied the same public source (micrograd, which lacks tanh,
exp and log) and added the ops it lacks share those additions. When the
additions are the course's canonical derivatives, they are the answer to the
homework, not something one took from the other: their pair must be what the
public source and the canonical code explain, "matches public X" (issue 27).
The reference writes each derivative one way; the same derivative is written
in a few equivalent ways that follow from the reference's own code, and those
are canonical too. This module derives them from the given canonical texts (the
course's reference and the public sources) by identities, each applied alone
and together, never from a list of forms:

- **the node's value read at backward time**: a temporary that is the new
  node's data (`t = math.tanh(x)`, `out = Value(t, ...)`) read inside the
  node's closure is `out.data` (`(1 - out.data**2)` for `(1 - t**2)`);
- **tanh through exp**: `math.tanh(e)` is `(math.exp(2*e) - 1) / (math.exp(2*e) + 1)`
  (the lecture's tanh);
- **the reciprocal**: `(1 / e) * g` is `g / e`, and `1 / e` is `e ** -1` (the
  reference's own `__truediv__` is `self * other**-1`);
- **the input's value named**: `x = self.data` first, and `x` for `self.data`
  in the op's own statements (the structure reads past this alias, a method's
  shape keeps it), or in its closures too (`self.grad += out.grad / x`: the
  value the closure reads is the one the op was made from);
- **the negation**: `-e` is `e * -1` (the reference's own `__neg__`);
- **a reflected op through the class**: `__rsub__` (`__rtruediv__`, `__radd__`, `__rmul__`) as its op on the number
  made a node, `return Value(other) - self` (the course's dual.py writes its `__rtruediv__` so: `Dual(other) / self`);
- **the operands either way round**: each `+` and `*` with its operands swapped,
  one at a time and all at once (the reference's `__radd__` and `__rmul__`), so
  that `-1 * self` and `self + -1 * other` are the reference's `self * -1` and
  `self + (-other)`.

The network's loops and lists written the other plain ways (an index for `zip`, `append` loops, `sum` as its loop,
...) are identities of their own, in loop_variants.py, applied and combined with these.

cohort.py subtracts what these variants hold between two students when one of
them matches a public source at the threshold (`Document.variants`); between
anyone else they are not subtracted, but weigh less as evidence
(cohort.CANONICAL_EVIDENCE): a filler who wrote `out.data` where the reference
writes `t` has that much code of their own, which a copy of them keeps, and
which an independent classmate writes alike.
"""

from __future__ import annotations

import ast
from functools import lru_cache

from ..parsing import parse
from .cohort import starter_kgrams
from .figures import REFERENCE_NAME, known_figures
from .kept import kept_kgrams
from .loop_variants import IDENTITIES as LOOP_IDENTITIES, inliner
from .traits import MAX_SHAPES_CHARS
from .unparse import unparse  # 3.11's ast.unparse: a variant's lines are the same text on every Python
from .walk import children, copy_tree, same_tree, walk


class _Identity(ast.NodeTransformer):
    """A rewrite that counts what it changed (`changes`)."""

    def __init__(self):
        self.changes = 0


class _NodeData(_Identity):
    """In a function, a name assigned once that is the first argument of the node made (`out = Value(t, ...)`)
    is read as `out.data` inside the functions nested in it (the node's closure)."""

    def visit_FunctionDef(self, node):
        assigned: dict[str, int] = {}
        for child in walk(node):
            if isinstance(child, ast.Name) and not isinstance(child.ctx, ast.Load):
                assigned[child.id] = assigned.get(child.id, 0) + 1
        data_of = {s.value.args[0].id: s.targets[0].id for s in node.body
                   if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
                   and isinstance(s.value, ast.Call) and s.value.args and isinstance(s.value.args[0], ast.Name)
                   and assigned.get(s.value.args[0].id) == 1}
        for statement in node.body:
            if isinstance(statement, ast.FunctionDef) and data_of:
                self.changes += _replace(walk(statement),
                                         lambda n: isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                                         and n.id in data_of,
                                         lambda n: ast.Attribute(ast.Name(data_of[n.id], ast.Load()), "data", ast.Load()))
            else:
                self.visit(statement)
        for name in data_of:  # the temporary now read only by the node it makes: `out = Value(math.tanh(x), ...)`
            reads = [n for n in walk(node) if isinstance(n, ast.Name) and n.id == name
                     and isinstance(n.ctx, ast.Load)]
            assignment = next(s for s in node.body if isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name)
                              and s.targets[0].id == name) if len(reads) == 1 else None
            if assignment is not None:
                made = next(s.value for s in node.body if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call)
                            and s.value.args and s.value.args[0] is reads[0])
                made.args[0] = assignment.value
                node.body.remove(assignment)
        return node


class _TanhThroughExp(_Identity):
    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr == "tanh" and isinstance(func.value, ast.Name)
                and func.value.id == "math" and len(node.args) == 1 and not node.keywords):
            self.changes += 1

            def exp():
                twice = ast.BinOp(ast.Constant(2), ast.Mult(), node.args[0])
                return ast.Call(ast.Attribute(ast.Name("math", ast.Load()), "exp", ast.Load()), [twice], [])

            return ast.BinOp(ast.BinOp(exp(), ast.Sub(), ast.Constant(1)), ast.Div(),
                             ast.BinOp(exp(), ast.Add(), ast.Constant(1)))
        return node


def _reciprocal(node) -> ast.expr | None:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and isinstance(node.left, ast.Constant) \
            and node.left.value == 1:
        return node.right
    return None


class _Quotient(_Identity):
    """`(1 / e) * g` (either way round) is `g / e`."""

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Mult):
            for one, other in ((node.left, node.right), (node.right, node.left)):
                denominator = _reciprocal(one)
                if denominator is not None:
                    self.changes += 1
                    return ast.BinOp(other, ast.Div(), denominator)
        return node


class _Power(_Identity):
    """`1 / e` is `e ** -1`."""

    def visit_BinOp(self, node):
        self.generic_visit(node)
        denominator = _reciprocal(node)
        if denominator is not None:
            self.changes += 1
            return ast.BinOp(denominator, ast.Pow(), ast.UnaryOp(ast.USub(), ast.Constant(1)))
        return node


class _InputAlias(_Identity):
    """A method that reads `self.data` outside its closures names it first: `x = self.data`, then `x`."""

    def visit_FunctionDef(self, node):
        if not node.args.args or node.args.args[0].arg != "self":
            return node
        found = _replace((c for s in node.body if not isinstance(s, ast.FunctionDef) for c in _outside(s)),
                         lambda n: isinstance(n, ast.Attribute) and n.attr == "data" and isinstance(n.ctx, ast.Load)
                         and isinstance(n.value, ast.Name) and n.value.id == "self",
                         lambda n: ast.Name("x", ast.Load()))
        if found:
            self.changes += found
            node.body.insert(0, ast.Assign([ast.Name("x", ast.Store())],
                                           ast.Attribute(ast.Name("self", ast.Load()), "data", ast.Load()), lineno=0))
        return node


class _InputAliasInClosure(_Identity):
    """A method that reads `self.data` names it first, `x = self.data`, and reads `x` for it in its closures too
    (`self.grad += out.grad / x`): the value the closure reads is the one the op was made from."""

    def visit_FunctionDef(self, node):
        if not node.args.args or node.args.args[0].arg != "self":
            return node
        inner = [c for s in node.body if isinstance(s, ast.FunctionDef) for c in walk(s)]
        if not _replace(inner, _reads_data, lambda n: ast.Name("x", ast.Load())):
            return node  # no closure reads it: _InputAlias's
        self.changes += 1 + _replace((c for s in node.body if not isinstance(s, ast.FunctionDef) for c in _outside(s)),
                                     _reads_data, lambda n: ast.Name("x", ast.Load()))
        node.body.insert(0, ast.Assign([ast.Name("x", ast.Store())],
                                       ast.Attribute(ast.Name("self", ast.Load()), "data", ast.Load()), lineno=0))
        return node


def _reads_data(node) -> bool:
    """`self.data`, read."""
    return (isinstance(node, ast.Attribute) and node.attr == "data" and isinstance(node.ctx, ast.Load)
            and isinstance(node.value, ast.Name) and node.value.id == "self")


def _replace(nodes, matches, make) -> int:
    """Put make(child) in place of each child of NODES that matches; the number put."""
    count = 0
    for node in list(nodes):
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, ast.AST) and matches(item):
                        value[i] = make(item)
                        count += 1
            elif isinstance(value, ast.AST) and matches(value):
                setattr(node, field, make(value))
                count += 1
    return count


def _outside(statement):
    """The nodes of STATEMENT that are not inside a function or lambda nested in it."""
    stack = [statement]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c for c in children(node) if not isinstance(c, (ast.FunctionDef, ast.Lambda)))


class _Negation(_Identity):
    """`-e` is `e * -1` (the reference's own `__neg__`)."""

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant):
            self.changes += 1
            return ast.BinOp(node.operand, ast.Mult(), ast.UnaryOp(ast.USub(), ast.Constant(1)))
        return node


# a reflected op and the operator its operands swapped give (`other - self` is `__rsub__`)
REFLECTED = {"__radd__": ast.Add, "__rsub__": ast.Sub, "__rmul__": ast.Mult, "__rtruediv__": ast.Div}


class _Reflected(_Identity):
    """A reflected op is the op on its number made a node of the class: `__rsub__(self, other)` is `return
    Value(other) - self` (the reference's dual.py writes its `__rtruediv__` so: `Dual(other) / self`). OWNER, the
    class (`_reflected`)."""

    OWNER = "Value"

    def visit_FunctionDef(self, node):
        arguments = node.args.args
        if node.name in REFLECTED and len(arguments) == 2 and node.body and isinstance(node.body[-1], ast.Return):
            self.changes += 1
            number = ast.Call(ast.Name(self.OWNER, ast.Load()), [ast.Name(arguments[1].arg, ast.Load())], [])
            node.body = [ast.Return(ast.BinOp(number, REFLECTED[node.name](), ast.Name(arguments[0].arg, ast.Load())))]
        return node


@lru_cache(maxsize=None)
def _reflected(owner: str) -> type:
    """_Reflected for the class OWNER."""
    return type("_Reflected", (_Reflected,), {"OWNER": owner})


ENGINE_IDENTITIES = (_NodeData, _TanhThroughExp, _Quotient, _Power, _InputAlias, _InputAliasInClosure, _Negation)
# the engine's identities, then the network's (loop_variants.py: its loops and lists written the other plain ways)
IDENTITIES = ENGINE_IDENTITIES + LOOP_IDENTITIES


def _commuted(source: str) -> list[str]:
    """SOURCE (one function) with the operands of one `+` or `*` swapped, for each of them, and of all of them at
    once (the reference's own `__radd__` and `__rmul__`: `other + self` is `self + other`)."""
    tree = parse(source)
    places = [n for n in walk(tree) if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Mult))]
    out = []
    for chosen in [[i] for i in range(len(places))] + ([list(range(len(places)))] if len(places) > 1 else []):
        tree = parse(source)
        found = [n for n in walk(tree) if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Mult))]
        for i in chosen:
            found[i].left, found[i].right = found[i].right, found[i].left
        out.append(unparse(tree))
    return out


def canonical_variants(texts: dict[str, str]) -> dict[str, str]:
    """The canonical texts' variants (`_variants`), each text's derived once a process (every cohort of a benchmark,
    every call of a test's process: deriving the network's takes seconds)."""
    return {name: text for item in sorted(texts.items()) for name, text in _variants(*item)}


@lru_cache(maxsize=64)
def _variants(name: str, text: str) -> tuple[tuple[str, str], ...]:
    """(name, text) of the functions of the canonical text NAME under every non-empty combination of the
    IDENTITIES that change them (each function in its class, after the file's imports); only identities that
    change a function alone, or what one of those wrote, are combined for it. The operands of each one swapped
    (`_commuted`) are texts of their own for each function, and no text is longer than MAX_SHAPES_CHARS, so that
    each is read in full, shapes and all (normalise.MAX_CHARS, WORK_LIMIT, traits.MAX_SHAPES_CHARS)."""
    try:
        tree = parse(text)
    except (SyntaxError, ValueError):
        return ()
    out: dict[str, str] = {}
    imports = [unparse(n) for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    written = []
    inlined = inliner(tree)  # the text's own one-statement methods, inlined where called (`model.zero_grad()`)
    identities = IDENTITIES + ((inlined,) if inlined else ())
    for owner, function in _functions(tree):
        source = unparse(function)
        own = identities + ((_reflected(owner),) if owner and function.name in REFLECTED else ())
        alone = {i: _rewritten(source, (i,)) for i in own}
        # those that change it, and those that change what one of them wrote (a loop that a comprehension became)
        applies = [i for i in own if alone[i] or any(_changes(r, i) for r in alone.values() if r)]
        rewritten = _combined(source, applies)
        written += [_in_class(owner, variant) for variant in rewritten.values()]
        # the operands swapped in the derivatives' rewrites (the structure reads `+` and `*` either way round
        # already: these are for the shapes and lines as written); the loops' are many, and not swapped
        swapped = {source} | {r for c, r in rewritten.items()
                              if not {i for i in c if not issubclass(i, _Reflected)} - set(ENGINE_IDENTITIES)}
        commuted = sorted({_in_class(owner, c) for r in swapped for c in _commuted(r)})
        out.update(_texts(f"{name} <commuted {owner or ''}.{function.name}>", imports, commuted))
    out.update(_texts(f"{name} <variants>", imports, sorted(set(written))))
    return tuple(out.items())


def _texts(name: str, imports: list[str], functions: list[str]) -> dict[str, str]:
    """FUNCTIONS after IMPORTS as texts of at most MAX_SHAPES_CHARS each (a longer file has no shapes: traits.py), the
    first named NAME, the others NAME and their number."""
    out, chunk = {}, []
    for function in functions:
        if chunk and len("\n".join(imports + chunk + [function])) > MAX_SHAPES_CHARS:
            out[f"{name} {len(out) + 1}" if out else name] = "\n".join(imports + chunk)
            chunk = []
        chunk.append(function)
    if chunk:
        out[f"{name} {len(out) + 1}" if out else name] = "\n".join(imports + chunk)
    return out


def _in_class(owner: str | None, function: str) -> str:
    return f"class {owner}:\n" + "\n".join("    " + line for line in function.splitlines()) if owner else function


def _functions(tree: ast.Module):
    """(class name or None, function) of each top-level function and each method of a top-level class."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield None, node
        elif isinstance(node, ast.ClassDef):
            for method in node.body:
                if isinstance(method, ast.FunctionDef):
                    yield node.name, method


def _rewritten(source: str, identities) -> str:
    """SOURCE (one function) with IDENTITIES applied in turn, written out; '' when none changed it."""
    tree, changes = parse(source), 0
    for identity in identities:
        rewrite = identity()
        tree = rewrite.visit(tree)
        changes += rewrite.changes
    return unparse(ast.fix_missing_locations(tree)) if changes else ""


def _changes(source: str, identity) -> int:
    """What IDENTITY changes in SOURCE (one function): `_rewritten(source, (identity,))` is '' when 0."""
    rewrite = identity()
    rewrite.visit(parse(source))
    return rewrite.changes


def _combined(source: str, identities: list) -> dict[tuple, str]:
    """{combination: `_rewritten(source, combination)`} for every non-empty combination of IDENTITIES (in their
    order) that changes SOURCE, each combination derived from its prefix's tree (a copy of it, with one identity
    more) instead of from SOURCE again; and none of those that add an identity which leaves its prefix's tree as it
    was: those write what the prefix and its other extensions write (the same tree, the same changes), once is
    enough. tests/similarity/test_variant_combinations.py checks the texts against `_rewritten`'s."""
    out: dict[tuple, str] = {}
    todo = [((), parse(source), 0, 0)]  # (combination, its tree, its changes, the first identity it may add)
    while todo:
        combination, tree, changes, start = todo.pop()
        for at in range(start, len(identities)):
            rewrite = identities[at]()
            made = rewrite.visit(copy_tree(tree))
            if not rewrite.changes and same_tree(made, tree, {}):
                continue
            longer = combination + (identities[at],)
            if changes + rewrite.changes:
                out[longer] = unparse(ast.fix_missing_locations(made))  # its locations: unparse reads them only
            todo.append((longer, made, changes + rewrite.changes, at + 1))
    return out


def known_kgrams(sources: dict[str, str], canonical: dict[str, str]) -> tuple[frozenset[int], frozenset[int]]:
    """What the public sources and the course's canonical code explain (subtracted from every pair), and what
    their variants (variants.py) hold (subtracted between two copies of one public source); once a process for the
    same texts, and across processes in the user's cache folder (kept.py)."""
    texts = {**sources, **canonical}
    # the figures students can read (a public source's, the README example's, the lecture's), in prose too; not the
    # course reference's, which students never see (its docstrings' `~1e-9` is a tolerance a copy may keep)
    seen = {name: text for name, text in texts.items() if not name.startswith(REFERENCE_NAME)}
    public = kept_kgrams("public", texts, lambda: starter_kgrams(texts) | known_figures(seen))
    return public, frozenset().union(*(_variant_kgrams(*item) for item in sorted(texts.items())))


@lru_cache(maxsize=64)
def _variant_kgrams(name: str, text: str) -> frozenset[int]:
    """What one canonical text's variants hold (starter_kgrams reads each file apart: the union is the texts'), kept in
    the user's cache folder across processes (kept.py: deriving them is most of a small class's `grade similarity`)."""
    return kept_kgrams("canonical variants", {name: text}, lambda: starter_kgrams(canonical_variants({name: text})))

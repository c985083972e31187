"""Statements Python runs as plain ones, written another way (plain_module's step after plain_classes, before
plain_calls; session 18, simread7).

Python's own equivalences, each a script on the tree of a copy for a student who has read docs/similarity.md
(bench/similarity/fresh_tricks.py, FRESH17: each measured there), undone as soon as the tree is parsed
(`statements_as_written`) so that every reading sees the plain spelling:

- **A loop over `iter(xs)`**: `for x in iter(xs):` (a statement or a comprehension's `for`; `iter` the builtin,
  bound nowhere in the file, called with one argument) is `for x in xs:`: `for` calls `iter` itself, and an
  iterator's `iter` is the iterator.
- **A closure's free names bound as defaults**: `def _backward(out=out, self=self):` (or `lambda out=out: ...`)
  nested in a function that binds `out` and `self`, is the closure `def _backward():` that reads them, where the
  default is worth what the closure would read when it runs: every binding of the name in the enclosing function comes
  before the `def`, which is in no loop of it; the nested function binds the name nowhere else; no `nonlocal` or
  `global` names it anywhere in the file; and the function is never called with arguments (its name is only
  assigned, to names or attributes that no call of the file passes arguments to), nor decorated.
- **A short circuit as a statement**: the statement `c and f()` is `if c: f()`, `c or f()` is `if not c: f()` (`a
  and b and f()` is `if a and b: f()`), and `f() if c else g()` is `if c: f()` / `else: g()`: the value is thrown
  away, so only what runs is left.
- **An assertion written out**: `if not c: raise AssertionError(m)` (`AssertionError` bound nowhere; no `from`) is
  `assert c, m` (an `if c: raise ...` is `assert not c`), what `assert` runs, `python -O` apart.
- **An index loop over a literal length**: `for i in range(4):` (or `range(0, 4)`; `range` and `len` bound nowhere)
  whose body reads `xs[i]`, where the module binds `xs` once, to a list or tuple display of exactly 4 items, and the
  file never changes it (every use of `xs` reads an item of it, its length, or loops over it: no attribute of it, no
  item set or deleted, never passed to anything else), and the loop never rebinds `i` (nor runs as the module does
  above the list's line, before `xs` is bound: simexact), is `for i in range(len(xs)):`
  (session 19): the length written as a number is the length of the list it indexes (the first such list of the
  body), as the loop over its indices that the course's network's variants hold (loop_variants.py).
- **An if/else the other way round**: `if not c: B` / `else: A` (an `else` that is no `elif`) is `if c: A` / `else:
  B`; `a not in b` and `a is not b` are negated tests too. Where one branch ends in a jump (`return`, `raise`,
  `break`, `continue`) and the other does not, the jump comes first instead (`if c: A` / `else: return b` is `if not
  c: return b` / `else: A`), which canonical.py reads as the guard it is (`if not c: return b`, then A).

Each is exact for a file that runs (assertions apart under `-O`, which the grader does not use).
"""

from __future__ import annotations

import ast
import re

from .blocks import rewrite_blocks
from .budget import FREE, Work
from .plain_names import _is_name, _Kinds, looked
from .restyles import negated
from .walk import children, walk

# the text a file must hold for any step to look for anything (the tree is walked only then)
MARKS = re.compile(r"\biter\b|\band\b|\bor\b|\belse\b|AssertionError|\bnot\b|\b(\w+)\s*=\s*\1\s*[,):]"
                   r"|\brange\(\s*(?:0\s*,\s*)?\d")
_JUMPS = (ast.Return, ast.Raise, ast.Break, ast.Continue)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_MADE = 15  # units for a statement made of another: an `if` built, read by the steps after as a block of its own
_LOOPS = (ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def statements_as_written(tree: ast.Module, text: str | None = None, work: Work = FREE) -> bool:
    """TREE's loops over `iter()` and index loops over a literal length, closures with their free names as defaults,
    short circuits as statements, assertions written out and if/else swapped under `not` as the plain statements (the
    module docstring), in place; whether anything changed. TEXT: what TREE was parsed from (a text without any of MARKS
    has nothing to look for). Charged to WORK: one walk, its nodes once more for the looks, the scopes' walk, the
    statements' rewrite and the body of each index loop over a literal length."""
    looks = looked(tree, text, MARKS, work)
    if looks is None:
        return False
    kinds, bound = looks
    changed = _iter_loops(kinds, bound)
    changed |= _literal_lengths(kinds, bound, work)
    changed |= _defaults_captured(tree, kinds, work)
    if any(isinstance(s.value, (ast.BoolOp, ast.IfExp)) for s in kinds.of(ast.Expr)) \
            or any(s.orelse or _raises_assertion(s.body, bound) for s in kinds.of(ast.If)):
        found = []
        rewrite_blocks(tree, lambda statement: _plain(statement, bound, found, work), work)
        changed |= bool(found)
    return changed


# -- loops ------------------------------------------------------------------------------------------------------


def _iter_loops(kinds: _Kinds, bound) -> bool:
    """`for x in iter(xs)` as `for x in xs`, in place (statements and comprehensions, not `async for`)."""
    if bound["iter"]:
        return False
    changed = False
    for loop in kinds.of(ast.For, ast.comprehension):
        if getattr(loop, "is_async", 0):
            continue
        while _iter_call(loop.iter):
            loop.iter, changed = loop.iter.args[0], True
    return changed


def _iter_call(node) -> bool:
    return isinstance(node, ast.Call) and _is_name(node.func, "iter") and len(node.args) == 1 \
        and not node.keywords and not isinstance(node.args[0], ast.Starred)


def _literal_lengths(kinds: _Kinds, bound, work: Work) -> bool:
    """`for i in range(N)` over a module's list of N items that the body indexes by `i` as `for i in
    range(len(xs))`, in place (the module docstring says when). Each such loop's body walked is charged to WORK."""
    if bound["range"] or bound["len"]:
        return False
    loops = [(loop, n) for loop in kinds.of(ast.For) if isinstance(loop.target, ast.Name)
             and (n := _literal_range(loop.iter)) is not None]
    if not loops:
        return False
    displays = _unchanged_displays(kinds, bound)
    if not displays:
        return False
    changed, functions = False, kinds.of(ast.FunctionDef, ast.AsyncFunctionDef)
    for loop, n in loops:
        index, nodes = loop.target.id, [node for statement in loop.body for node in walk(statement)]
        work.charge(len(nodes))
        if any(isinstance(node, ast.Name) and node.id == index and not isinstance(node.ctx, ast.Load) for node in nodes):
            continue  # the body rebinds the index
        indexed = sorted((node.lineno, node.col_offset, node.value.id) for node in nodes
                         if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)
                         and _is_name(node.slice, index) and displays.get(node.value.id, (0,))[0] == n)
        # a loop the module runs above the list's line runs before it is bound (`len(xs)` would raise); charged
        indexed = [i for i in indexed if loop.lineno > displays[i[2]][1] or work.charge(len(functions)) or any(
            f.lineno < loop.lineno <= f.end_lineno for f in functions)]
        if indexed:
            written = loop.iter  # where the number was: the length's place
            length = ast.Call(ast.Name("len", ast.Load()), [ast.Name(indexed[0][2], ast.Load())], [])
            loop.iter = ast.Call(ast.Name("range", ast.Load()), [length], [])
            for node in walk(loop.iter):
                ast.copy_location(node, written)
            changed = True
    return changed


def _literal_range(node) -> int | None:
    """N of `range(N)` or `range(0, N)` (N an int written as a number), else None."""
    if not (isinstance(node, ast.Call) and _is_name(node.func, "range") and not node.keywords
            and 1 <= len(node.args) <= 2 and all(isinstance(a, ast.Constant) and type(a.value) is int
                                                  for a in node.args)):
        return None
    if len(node.args) == 2 and node.args[0].value != 0:
        return None
    return node.args[-1].value


def _unchanged_displays(kinds: _Kinds, bound) -> dict[str, tuple[int, int]]:
    """{name: (how many items, the line binding it)} of the names the module binds once, to a list or tuple display
    without `*`, whose every use reads an item, the length or the items (`xs[i]`, `len(xs)`, `for x in xs`, `zip(xs,
    ys)`): nothing changes them."""
    found = {}
    for statement in kinds.of(ast.Assign):
        if len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name) \
                and isinstance(statement.value, (ast.List, ast.Tuple)) and bound[statement.targets[0].id] == 1 \
                and not any(isinstance(e, ast.Starred) for e in statement.value.elts):
            found[statement.targets[0].id] = len(statement.value.elts), statement.lineno
    if not found:
        return found
    module = {id(s) for s in kinds.nodes[0].body} if isinstance(kinds.nodes[0], ast.Module) else set()
    found = {name: n for name, n in found.items()
             if any(id(s) in module and s.targets[0].id == name for s in kinds.of(ast.Assign)
                    if len(s.targets) == 1 and isinstance(s.targets[0], ast.Name))}
    reads = {id(n.value) for n in kinds.of(ast.Subscript) if isinstance(n.ctx, ast.Load)}
    reads |= {id(a) for call in kinds.of(ast.Call) if _is_name(call.func, "len") or _is_name(call.func, "zip")
              for a in call.args}
    reads |= {id(loop.iter) for loop in kinds.of(ast.For, ast.comprehension)}
    for name in kinds.of(ast.Name):
        if name.id in found and isinstance(name.ctx, ast.Load) and id(name) not in reads:
            del found[name.id]
    return found


# -- closures ---------------------------------------------------------------------------------------------------


def _captured(function) -> list:
    """FUNCTION's parameters whose default is the name of the parameter (`out=out`)."""
    args = function.args
    positional = args.posonlyargs + args.args
    pairs = list(zip(positional[len(positional) - len(args.defaults):], args.defaults))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
    return [a for a, d in pairs if _is_name(d, a.arg)]


def _defaults_captured(tree, kinds: _Kinds, work: Work) -> bool:
    """Each parameter of a nested function that only binds the enclosing function's name of it as its default, out of
    its signature (the module docstring), in place."""
    candidates = [f for f in kinds.of(*_FUNCTIONS) if _captured(f)
                  and not getattr(f, "decorator_list", None)]
    if not candidates:
        return False
    declared = {name for s in kinds.of(ast.Nonlocal, ast.Global) for name in s.names}
    scopes, made = _scopes(tree, work)
    called = _called_with_arguments(kinds)
    assigned = {id(s.value): s.targets for s in kinds.of(ast.Assign)}
    loads = {}  # name -> how often the file reads it
    for n in kinds.of(ast.Name):
        if isinstance(n.ctx, ast.Load):
            loads[n.id] = loads.get(n.id, 0) + 1
    as_values = {}  # name -> the targets of each assignment whose whole value it is
    for s in kinds.of(ast.Assign):
        if isinstance(s.value, ast.Name):
            as_values.setdefault(s.value.id, []).append(s.targets)
    changed, plain = False, {}  # plain: a def's name (or a lambda's id) -> whether it is only assigned, never called
    for f in candidates:
        outer, at, in_loop = made.get(id(f), (None, 0, True))
        if outer is None or in_loop or scopes[outer][0] != "function":
            continue
        key = id(f) if isinstance(f, ast.Lambda) else f.name  # a def's name: the same verdict for each def of it
        if key not in plain:
            if isinstance(f, ast.Lambda):
                targets = assigned.get(id(f))
            elif loads.get(f.name, 0) == len(as_values.get(f.name, ())):
                targets = [t for each in as_values.get(f.name, ()) for t in each] + [ast.Name(f.name, ast.Store())]
            else:
                targets = None  # named otherwise than as the value of an assignment: passed on, returned, called
            plain[key] = targets is not None and all(isinstance(t, (ast.Name, ast.Attribute)) for t in targets) \
                and not any((t.id if isinstance(t, ast.Name) else t.attr) in called for t in targets)
        if not plain[key]:
            continue
        binds, own = scopes[outer][1], scopes[id(f)][1]
        gone = {a.arg for a in _captured(f) if a.arg not in declared and own.get(a.arg, (0, 0))[0] == 1
                and binds.get(a.arg, (0, at))[1] < at}
        if gone:
            _dropped(f.args, gone)
            changed = True
    return changed


def _dropped(args, gone: set) -> None:
    positional = args.posonlyargs + args.args
    defaulted = positional[len(positional) - len(args.defaults):]
    args.defaults = [d for a, d in zip(defaulted, args.defaults) if a.arg not in gone]
    args.posonlyargs = [a for a in args.posonlyargs if a.arg not in gone]
    args.args = [a for a in args.args if a.arg not in gone]
    kept = [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if a.arg not in gone]
    args.kwonlyargs, args.kw_defaults = [a for a, _ in kept], [d for _, d in kept]


def _called_with_arguments(kinds: _Kinds) -> set:
    """The names, and attributes' names, that some call of the file calls with arguments."""
    found = set()
    for call in kinds.of(ast.Call):
        if call.args or call.keywords:
            if isinstance(call.func, ast.Name):
                found.add(call.func.id)
            elif isinstance(call.func, ast.Attribute):
                found.add(call.func.attr)
    return found


def _scopes(tree, work: Work):
    """({id of a scope: (its kind, {name: (how often it binds it, the last place)})}, {id of a function or lambda:
    (the scope it is made in, its place, whether a loop of that scope runs it)}): one walk in the order Python runs a
    statement's parts (an assignment's value before its targets), each node charged to WORK."""
    scopes = {id(tree): ("module", {})}
    made = {}
    place = 0
    stack = [(tree, id(tree), False)]
    while stack:
        node, scope, in_loop = stack.pop()
        work.charge(2)  # a node looked at by a dozen tests, and pushed again with its scope
        place += 1
        binds = scopes[scope][1]
        if isinstance(node, _FUNCTIONS) or isinstance(node, ast.ClassDef):
            if not isinstance(node, ast.Lambda):
                _bind(binds, node.name, place)
            made[id(node)] = (scope, place, in_loop)
            inner = {}
            scopes[id(node)] = ("class" if isinstance(node, ast.ClassDef) else "function", inner)
            outside = [*getattr(node, "decorator_list", ()), *getattr(node, "bases", ()),
                       *getattr(node, "keywords", ())]
            if not isinstance(node, ast.ClassDef):
                a = node.args
                outside += [*a.defaults, *(d for d in a.kw_defaults if d is not None)]
                for arg in [*a.posonlyargs, *a.args, a.vararg, *a.kwonlyargs, a.kwarg]:
                    if arg is not None:
                        _bind(inner, arg.arg, place)
            body = node.body if isinstance(node.body, list) else [node.body]
            stack.extend((c, id(node), False) for c in reversed(body))
            stack.extend((c, scope, in_loop) for c in reversed(outside))
            continue
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            _bind(binds, node.id, place)
        elif isinstance(node, ast.alias):
            _bind(binds, (node.asname or node.name).split(".")[0], place)
        else:
            for field in ("name", "rest"):  # an `except ... as e`, a pattern's capture
                name = getattr(node, field, None) if isinstance(node, (ast.ExceptHandler, ast.pattern)) else None
                if isinstance(name, str):
                    _bind(binds, name, place)
        parts = _in_order(node)
        looped = in_loop or isinstance(node, _LOOPS)
        for c in reversed(parts):
            stack.append((c, scope, in_loop if isinstance(node, (ast.For, ast.AsyncFor)) and c is node.iter
                          else looped))
    return scopes, made


def _bind(binds: dict, name: str, place: int) -> None:
    count, _ = binds.get(name, (0, 0))
    binds[name] = count + 1, place


def _in_order(node) -> list:
    """NODE's children in the order Python evaluates them where it differs from the fields' order."""
    if isinstance(node, ast.Assign):
        return [node.value, *node.targets]
    if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.NamedExpr)):
        return [c for c in (node.value, node.target) if c is not None]
    return children(node)


# -- statements -------------------------------------------------------------------------------------------------


def _plain(statement, bound, found: list, work: Work) -> list:
    """STATEMENT as its plain statements (the module docstring); FOUND told when it changes."""
    made = _as_if(statement.value) if isinstance(statement, ast.Expr) else None
    if made is not None:
        work.charge(_MADE)
        statement = ast.copy_location(made, statement)
        found.append(statement)
    if not isinstance(statement, ast.If):
        return [statement]
    if statement.orelse and not (len(statement.orelse) == 1 and isinstance(statement.orelse[0], ast.If)):
        _oriented(statement, found)
    if _raises_assertion(statement.body, bound):
        raised = statement.body[0].exc
        message = raised.args if isinstance(raised, ast.Call) else []
        found.append(statement)
        checked = ast.copy_location(ast.Assert(_negated(statement.test), message[0] if message else None), statement)
        return [checked, *(s for other in statement.orelse for s in _plain(other, bound, found, work))]
    return [statement]


def _as_if(value) -> ast.If | None:
    """The `if` the expression statement VALUE runs as, where it is a BoolOp or an IfExp (a branch that is a name or a
    constant runs nothing), or None."""
    if isinstance(value, ast.IfExp):
        yes, no = ([] if isinstance(e, (ast.Name, ast.Constant)) else [ast.copy_location(ast.Expr(e), e)]
                   for e in (value.body, value.orelse))
        if not yes and not no:
            return None
        return ast.If(value.test, yes, no) if yes else ast.If(_negated(value.test), no, [])
    if not isinstance(value, ast.BoolOp):
        return None
    *tests, last = value.values
    test = tests[0] if len(tests) == 1 else ast.copy_location(ast.BoolOp(type(value.op)(), tests), tests[0])
    if isinstance(value.op, ast.Or):
        test = _negated(test)
    return ast.If(test, [ast.copy_location(ast.Expr(last), last)], [])


def _oriented(statement: ast.If, found: list) -> None:
    """STATEMENT (an if with an else, not an elif) turned round, in place: the branch that jumps first when only one
    does, else the test that is not negated."""
    jumps = [bool(block) and isinstance(block[-1], _JUMPS) for block in (statement.body, statement.orelse)]
    if jumps == [False, True] or jumps[0] == jumps[1] and _is_negated(statement.test):
        statement.test = _negated(statement.test)
        statement.body, statement.orelse = statement.orelse, statement.body
        found.append(statement)
        if jumps[0] == jumps[1]:
            _oriented(statement, found)


def _is_negated(test) -> bool:
    return isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) or isinstance(test, ast.Compare) \
        and len(test.ops) == 1 and isinstance(test.ops[0], (ast.NotIn, ast.IsNot))


# `in` and `is` turned round (not `==`: `a != b` is `not a == b` only where `__ne__` is `__eq__`'s opposite)
_OPPOSITE = {ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}


def _negated(test):
    """`not TEST`, written without `not` where TEST is negated itself or an `in` or `is` comparison."""
    return negated(test, _OPPOSITE)


def _raises_assertion(body: list, bound) -> bool:
    """Whether BODY is only `raise AssertionError` (or `AssertionError(m)`, one argument), the builtin's."""
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].cause is not None or bound["AssertionError"]:
        return False
    raised = body[0].exc
    if isinstance(raised, ast.Call):
        if raised.keywords or len(raised.args) > 1 or any(isinstance(a, ast.Starred) for a in raised.args):
            return False
        raised = raised.func
    return _is_name(raised, "AssertionError")

"""What a file means written as Python plainly writes it, before any other reading: walrus assignments, a factory,
blocks run once, (plain_classes.py) classes built otherwise than by a class statement, (plain_statements.py) loops,
closures, short circuits, assertions and if/else written as Python's own equivalences, (plain_calls.py) calls,
displays and numbers spelt otherwise, (plain_names.py) operators and class names spelt otherwise, (plain_values.py)
tests, choices, attributes and names spelt otherwise and (plain_arithmetic.py) arithmetic and list-building spelt
otherwise.

Ways of writing a module that change nothing it does, and that every
reading (normalise.py's units, traits.py's shapes and imports, meanings.py's
evaluator, reach.py) must see through alike, so they are undone on the tree
right after it is parsed (`plain_module`):

- **A walrus that only assigns** (`walrus_as_assignments`). `(x := e)` as a
  statement is `x = e`. A walrus that is the first thing a statement
  evaluates (`if (n := len(xs)) > 0:`, `y = (x := e) + 1`, `return (x := e)`,
  `for v in (vs := f()):`) is `x = e` before the statement, which then reads
  `x`: Python evaluates it before anything else of the statement, so nothing
  can tell the two apart; so is one in a list or set comprehension that
  evaluates its element once, first (`[(x := e) for _ in (0,)]`: one `for`
  over one constant, no `if`, its variable unread). A walrus evaluated later
  (after a call, inside a `while` test that is evaluated again each time, in
  another comprehension, a lambda or a branch of `and`/`or`/`if else`) is left
  as written.
- **A factory that builds the class** (`factory_as_module`). `def make():
  import math; class Value: ...; return Value` with `Value = make()` at
  module level is the module written inside a function: when the factory takes
  no arguments, runs once (the module names it nowhere else), returns a class
  its body defines, and binds no name the module binds too, its body is the
  module's, where the call is (`Value = make()` becomes `Value = C` when the
  class has another name, or goes). So is a function with no arguments
  whose body declares global every name it binds and returns nothing, called
  once as a statement (`def _setup(): global math, Value; ...`, `_setup()`):
  its body, without the `global`, where the call is.
- **A block run once, written inside something that runs it once**
  (`blocks.blocks_as_written`): `if True:` (any true constant; a false one is its
  `else`), `for _ in range(1):` (its variable unread), a loop whose body ends
  in `break` and breaks or continues nowhere else (`while T: B; break` is `if
  T: B`, `while True: B; break` is B), `try:` whose handlers only `pass` or
  re-raise (`raise`, or `raise e` of its `except ... as e`) and with no
  `finally` but `pass` (the body, then the `else`), `with M:` of any context
  manager bound to nothing (no `as`: `contextlib.suppress()`,
  `warnings.catch_warnings()`, `contextlib.ExitStack()`): the block, where the
  statement was, at every level (the module's, a class's, a function's). A
  handler that does anything else, or a `with ... as`, is left as written. (The `try` that passes is read as its body:
  it differs from its body only when the body raises, which a file that
  works does not.)
"""

from __future__ import annotations

import ast
import copy

from .blocks import blocks_as_written, rewrite_blocks
from .budget import FREE, Work
from .plain_arithmetic import arithmetic_as_written
from .plain_calls import calls_as_written
from .plain_classes import classes_as_written
from .plain_names import names_as_written
from .decorators import decorators_as_written
from .plain_statements import statements_as_written
from .plain_values import values_as_written
from .walk import children


def plain_module(tree: ast.Module, text: str | None = None, work: Work | None = None) -> ast.Module:
    """TREE with its blocks out of what runs them once, its class factory as module code, its classes as class
    statements write them and its walrus assignments as assignments, in place. TEXT: the source TREE was parsed from
    (a walrus is written `:=`: a text without one has none to look for in the tree). What each step looks at is
    charged to WORK (budget.py; None: a budget of its own), which raises budget.OverBudget past its limit."""
    work = Work() if work is None else work
    blocks_as_written(tree, work)
    factory_as_module(tree, work)
    classes_as_written(tree, work)
    decorators_as_written(tree, text, work)
    statements_as_written(tree, text, work)
    calls_as_written(tree, text, work)
    names_as_written(tree, text, work)
    values_as_written(tree, text, work)
    arithmetic_as_written(tree, text, work)
    if text is None or ":=" in text:
        walrus_as_assignments(tree, work)
    return tree


# -- walrus -----------------------------------------------------------------------------------------------------


def walrus_as_assignments(tree, work: Work = FREE) -> bool:
    """Each walrus a statement evaluates first, as an assignment before the statement (see the module docstring);
    whether any was found."""
    if not any(isinstance(node, ast.NamedExpr) for node in work.walked(tree)):
        return False
    rewrite_blocks(tree, lambda statement: _hoisted(statement, work), work)
    return True


def _hoisted(statement, work: Work = FREE) -> list:
    """STATEMENT with each walrus it evaluates first taken out as an assignment before it."""
    before = []
    while True:
        work.charge(1)
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.NamedExpr):
            statement = _assignment(statement.value)  # `(x := e)` is `x = e`
            continue
        field = _FIRST.get(type(statement))
        if field is None:
            break
        walrus, parent, slot = _leading(statement, field, _targets_read(statement, work), work)
        if walrus is None:
            break
        before.append(_assignment(walrus))
        _put(parent, slot, ast.copy_location(ast.Name(walrus.target.id, ast.Load()), walrus))
    return before + [statement]


# the field of each statement that it evaluates first
_FIRST = {ast.Assign: "value", ast.AugAssign: "value", ast.Return: "value", ast.Expr: "value", ast.If: "test",
          ast.For: "iter"}


def _targets_read(statement, work: Work = FREE) -> set[str]:
    """Names a statement reads before its value: an augmented assignment's target (`x += (y := e)` reads x first)."""
    if isinstance(statement, ast.AugAssign):
        return {n.id for n in work.walked(statement.target) if isinstance(n, ast.Name)}
    return set()


def _leading(parent, slot, read_before: set[str], work: Work = FREE):
    """(walrus, its parent, its slot) for the walrus PARENT's SLOT evaluates first, or (None, None, None).

    Going down the first operand each expression evaluates; a call's first argument only after a function that
    is a plain name or attribute of one, whose names the walrus does not bind. Each node looked at charged to WORK."""
    node = getattr(parent, slot) if not isinstance(slot, tuple) else getattr(parent, slot[0])[slot[1]]
    while node is not None:
        work.charge(1)
        if isinstance(node, ast.NamedExpr):
            if isinstance(node.target, ast.Name) and node.target.id not in read_before:
                return node, parent, slot
            return None, None, None
        if isinstance(node, (ast.BinOp, ast.Compare)):
            parent, slot = node, "left"
        elif isinstance(node, (ast.BoolOp, ast.Tuple, ast.List, ast.Set)) \
                and getattr(node, "values", getattr(node, "elts", ())):
            field = "values" if isinstance(node, ast.BoolOp) else "elts"
            parent, slot = node, (field, 0)
        elif isinstance(node, ast.UnaryOp):
            parent, slot = node, "operand"
        elif isinstance(node, ast.IfExp):
            parent, slot = node, "test"
        elif isinstance(node, (ast.Attribute, ast.Subscript)):
            parent, slot = node, "value"
        elif isinstance(node, ast.Call) and node.args and not isinstance(node.args[0], ast.Starred) \
                and _plain_name(node.func):
            read_before = read_before | {n.id for n in work.walked(node.func) if isinstance(n, ast.Name)}
            parent, slot = node, ("args", 0)
        elif isinstance(node, (ast.ListComp, ast.SetComp)) and _once(node, work):
            # `[e for _ in (0,)]` is `[e]`: its element evaluated once, first (the one item is a constant)
            display = ast.copy_location((ast.List if isinstance(node, ast.ListComp) else ast.Set)([node.elt]), node)
            if isinstance(display, ast.List):
                display.ctx = ast.Load()
            _put(parent, slot, display)
            parent, slot = display, ("elts", 0)
        else:
            return None, None, None
        node = getattr(parent, slot) if not isinstance(slot, tuple) else getattr(parent, slot[0])[slot[1]]
    return None, None, None


def _once(comprehension, work: Work = FREE) -> bool:
    """Whether a list or set comprehension evaluates its element once and nothing before it: one `for` over one
    constant (`(0,)`, `[0]`, `"_"`, `range(1)`), no `if`, its variable unread."""
    if len(comprehension.generators) != 1:
        return False
    loop = comprehension.generators[0]
    it = loop.iter
    one = isinstance(it, (ast.Tuple, ast.List, ast.Set)) and len(it.elts) == 1 \
        and isinstance(it.elts[0], ast.Constant) or isinstance(it, ast.Constant) and isinstance(it.value, (str, bytes)) and len(it.value) == 1 \
        or isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and not it.keywords \
        and len(it.args) == 1 and isinstance(it.args[0], ast.Constant) and it.args[0].value == 1
    return one and not loop.ifs and not loop.is_async and isinstance(loop.target, ast.Name) and not any(
        isinstance(n, ast.Name) and n.id == loop.target.id for n in work.walked(comprehension.elt))


def _put(parent, slot, value) -> None:
    if isinstance(slot, tuple):
        getattr(parent, slot[0])[slot[1]] = value
    else:
        setattr(parent, slot, value)


def _plain_name(func) -> bool:
    while isinstance(func, ast.Attribute):
        func = func.value
    return isinstance(func, ast.Name)


def _assignment(walrus: ast.NamedExpr) -> ast.Assign:
    target = ast.copy_location(ast.Name(walrus.target.id, ast.Store()), walrus.target)
    return ast.copy_location(ast.Assign([target], walrus.value), walrus)


# -- factory ----------------------------------------------------------------------------------------------------


def factory_as_module(tree: ast.Module, work: Work = FREE) -> bool:
    """Each class factory's body as the module's, where the module calls it (see the module docstring); whether any
    was. What it looks at charged to WORK (a file of many factories looks at the module for each)."""
    changed = False
    work.charge(len(tree.body))
    for function in [s for s in tree.body if isinstance(s, ast.FunctionDef)]:
        at = _global_call(tree, function, work)
        if at is not None:
            tree.body[at:at + 1] = [s for s in function.body if not isinstance(s, ast.Global)]
            tree.body.remove(function)
            changed = True
            continue
        found = _factory_call(tree, function, work)
        if found is None:
            continue
        at, bound, returned = found
        body = function.body[:-1]
        if bound != returned:
            alias = ast.Assign([ast.Name(bound, ast.Store())], ast.Name(returned, ast.Load()))
            body.append(ast.copy_location(alias, tree.body[at]))
        tree.body[at:at + 1] = body
        tree.body.remove(function)
        changed = True
    return changed


def _global_call(tree, function, work: Work = FREE):
    """The index of `F()` in the module when FUNCTION is F, takes no arguments, is called so once and named nowhere
    else, declares global every name it binds and returns nothing (its body means what it means in the module)."""
    arguments = function.args
    if function.decorator_list or arguments.args or arguments.posonlyargs or arguments.kwonlyargs \
            or arguments.vararg or arguments.kwarg:
        return None
    declared = {name for s in function.body if isinstance(s, ast.Global) for name in s.names}
    body = [s for s in function.body if not isinstance(s, ast.Global)]
    work.charge(len(function.body))
    if not declared or not body or not _bound(body, work) <= declared or any(_escapes(s, work) for s in body):
        return None
    uses = [n for n in work.walked(tree) if isinstance(n, ast.Name) and n.id == function.name]
    work.charge(len(tree.body))
    calls = [i for i, s in enumerate(tree.body) if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)
             and s.value.func in uses and not s.value.args and not s.value.keywords]
    return calls[0] if len(uses) == 1 and len(calls) == 1 else None


def _factory_call(tree, function, work: Work = FREE):
    """(index of `X = F()` in the module, X, the class F returns) when FUNCTION is a factory called once so."""
    arguments = function.args
    if function.decorator_list or arguments.args or arguments.posonlyargs or arguments.kwonlyargs \
            or arguments.vararg or arguments.kwarg or not function.body:
        return None
    last = function.body[-1]
    if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name)):
        return None
    returned = last.value.id
    own = _bound(function.body[:-1], work)
    if not any(isinstance(s, ast.ClassDef) and s.name == returned for s in function.body[:-1]):
        return None
    if any(_escapes(s, work) for s in function.body[:-1]):
        return None
    uses = [n for n in work.walked(tree) if isinstance(n, ast.Name) and n.id == function.name]
    work.charge(len(tree.body))
    calls = [(i, s) for i, s in enumerate(tree.body)
             if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
             and isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Name)
             and s.value.func.id == function.name and not s.value.args and not s.value.keywords]
    if len(uses) != 1 or len(calls) != 1 or calls[0][1].value.func is not uses[0]:
        return None
    at, call = calls[0]
    bound = call.targets[0].id
    module = _bound([s for s in tree.body if s is not function and s is not call], work)
    if own & (module | {function.name}) or (bound != returned and bound in own):
        return None
    return at, bound, returned


def _bound(statements, work: Work = FREE) -> set[str]:
    """The names STATEMENTS bind in their own scope (not inside the functions and classes they define); each node
    looked at charged to WORK."""
    names = set()
    stack = list(statements)
    while stack:
        node = stack.pop()
        work.charge(1)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        if not isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            stack.extend(children(node))
    return names


def _escapes(statement, work: Work = FREE) -> bool:
    """Whether STATEMENT (of the factory's own body) returns, yields or declares a name global or nonlocal: its
    body would not mean the same at module level. Each node looked at charged to WORK."""
    stack = [statement]
    while stack:
        node = stack.pop()
        work.charge(1)
        if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom, ast.Await, ast.Global, ast.Nonlocal)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(children(node))
    return False


# -- a class defined in a function --------------------------------------------------------------------------------


def classes_apart(function, unreached=()) -> tuple[object, list]:
    """(FUNCTION without the classes its own body defines, those classes): a class written inside a function (a
    factory with arguments, one called under an `if`, or that returns more than the class) is read as a class, its
    methods as methods, and the function as the rest of its body; not when the function is one of UNREACHED's
    (first, last) lines, that nothing runs (reach.py): its class is code that never runs. FUNCTION is not changed."""
    classes = [s for s in function.body if isinstance(s, ast.ClassDef)]
    if not classes or (function.lineno, function.end_lineno) in unreached:
        return function, []
    rest = copy.copy(function)
    rest.body = [s for s in function.body if not isinstance(s, ast.ClassDef)] or [
        ast.copy_location(ast.Pass(), function.body[0])]
    return rest, classes


def module_classes(tree) -> list:
    """The classes of the module: those its body defines, and those the bodies of its functions define
    (`classes_apart`), in file order."""
    return [c for node in tree.body for c in ([node] if isinstance(node, ast.ClassDef) else classes_apart(node)[1]
                                              if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else [])]


def module_functions(tree) -> list:
    """The module's functions (each without the classes it defines) and the methods of its classes
    (`module_classes`), in file order."""
    out = []
    for top in tree.body:
        own, classes = classes_apart(top) if isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef)) else (top, [])
        out += [n for c in [own, *classes] for n in ([c] + (c.body if isinstance(c, ast.ClassDef) else []))
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return out

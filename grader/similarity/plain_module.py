"""What a file means written as Python plainly writes it, before any other reading: walrus assignments and a factory.

Two ways of writing a module that change nothing it does, and that every
reading (normalise.py's units, traits.py's shapes and imports, meanings.py's
evaluator, reach.py) must see through alike, so they are undone on the tree
right after it is parsed (`plain_module`):

- **A walrus that only assigns** (`walrus_as_assignments`). `(x := e)` as a
  statement is `x = e`. A walrus that is the first thing a statement
  evaluates (`if (n := len(xs)) > 0:`, `y = (x := e) + 1`, `return (x := e)`,
  `for v in (vs := f()):`) is `x = e` before the statement, which then reads
  `x`: Python evaluates it before anything else of the statement, so nothing
  can tell the two apart. A walrus evaluated later (after a call, inside a
  `while` test that is evaluated again each time, in a comprehension, a
  lambda or a branch of `and`/`or`/`if else`) is left as written.
- **A factory that builds the class** (`factory_as_module`). `def make():
  import math; class Value: ...; return Value` with `Value = make()` at
  module level is the module written inside a function: when the factory takes
  no arguments, runs once (the module names it nowhere else), returns a class
  its body defines, and binds no name the module binds too, its body is the
  module's, where the call is (`Value = make()` becomes `Value = C` when the
  class has another name, or goes).
"""

from __future__ import annotations

import ast
import copy

from .walk import children, walk



def plain_module(tree: ast.Module, text: str | None = None) -> ast.Module:
    """TREE with its walrus assignments as assignments and its class factory as module code, in place. TEXT: the
    source TREE was parsed from (a walrus is written `:=`: a text without one has none to look for in the tree)."""
    factory_as_module(tree)
    if text is None or ":=" in text:
        walrus_as_assignments(tree)
    return tree


# -- walrus -----------------------------------------------------------------------------------------------------


def walrus_as_assignments(tree) -> bool:
    """Each walrus a statement evaluates first, as an assignment before the statement (see the module docstring);
    whether any was found."""
    if not any(isinstance(node, ast.NamedExpr) for node in walk(tree)):
        return False
    rewrite_blocks(tree, _hoisted)
    return True


def rewrite_blocks(tree, rewrite) -> None:
    """Each statement of every block of TREE (bodies, else blocks, handlers, cases) replaced by the statements
    REWRITE(statement) gives, in place; a block left empty is `pass`."""
    stack = [tree]
    while stack:
        node = stack.pop()
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                kept = [s for statement in block for s in rewrite(statement)]
                setattr(node, field, kept or [ast.copy_location(ast.Pass(), block[0])])
                stack.extend(kept)
        stack.extend(getattr(node, "handlers", ()))
        stack.extend(getattr(node, "cases", ()))


def _hoisted(statement) -> list:
    """STATEMENT with each walrus it evaluates first taken out as an assignment before it."""
    before = []
    while True:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.NamedExpr):
            statement = _assignment(statement.value)  # `(x := e)` is `x = e`
            continue
        field = _FIRST.get(type(statement))
        if field is None:
            break
        walrus, parent, slot = _leading(statement, field, _targets_read(statement))
        if walrus is None:
            break
        before.append(_assignment(walrus))
        read = ast.copy_location(ast.Name(walrus.target.id, ast.Load()), walrus)
        if isinstance(slot, tuple):
            getattr(parent, slot[0])[slot[1]] = read
        else:
            setattr(parent, slot, read)
    return before + [statement]


# the field of each statement that it evaluates first
_FIRST = {ast.Assign: "value", ast.AugAssign: "value", ast.Return: "value", ast.Expr: "value", ast.If: "test",
          ast.For: "iter"}


def _targets_read(statement) -> set[str]:
    """Names a statement reads before its value: an augmented assignment's target (`x += (y := e)` reads x first)."""
    if isinstance(statement, ast.AugAssign):
        return {n.id for n in walk(statement.target) if isinstance(n, ast.Name)}
    return set()


def _leading(parent, slot, read_before: set[str]):
    """(walrus, its parent, its slot) for the walrus PARENT's SLOT evaluates first, or (None, None, None).

    Going down the first operand each expression evaluates; a call's first argument only after a function that
    is a plain name or attribute of one, whose names the walrus does not bind."""
    node = getattr(parent, slot) if not isinstance(slot, tuple) else getattr(parent, slot[0])[slot[1]]
    while node is not None:
        if isinstance(node, ast.NamedExpr):
            if isinstance(node.target, ast.Name) and node.target.id not in read_before:
                return node, parent, slot
            return None, None, None
        if isinstance(node, (ast.BinOp, ast.Compare)):
            parent, slot = node, "left"
        elif isinstance(node, (ast.BoolOp, ast.Tuple, ast.List)) and getattr(node, "values", getattr(node, "elts", ())):
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
            read_before = read_before | {n.id for n in walk(node.func) if isinstance(n, ast.Name)}
            parent, slot = node, ("args", 0)
        else:
            return None, None, None
        node = getattr(parent, slot) if not isinstance(slot, tuple) else getattr(parent, slot[0])[slot[1]]
    return None, None, None


def _plain_name(func) -> bool:
    while isinstance(func, ast.Attribute):
        func = func.value
    return isinstance(func, ast.Name)


def _assignment(walrus: ast.NamedExpr) -> ast.Assign:
    target = ast.copy_location(ast.Name(walrus.target.id, ast.Store()), walrus.target)
    return ast.copy_location(ast.Assign([target], walrus.value), walrus)


# -- factory ----------------------------------------------------------------------------------------------------


def factory_as_module(tree: ast.Module) -> bool:
    """Each class factory's body as the module's, where the module calls it (see the module docstring); whether any
    was."""
    changed = False
    for function in [s for s in tree.body if isinstance(s, ast.FunctionDef)]:
        found = _factory_call(tree, function)
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


def _factory_call(tree, function):
    """(index of `X = F()` in the module, X, the class F returns) when FUNCTION is a factory called once so."""
    arguments = function.args
    if function.decorator_list or arguments.args or arguments.posonlyargs or arguments.kwonlyargs \
            or arguments.vararg or arguments.kwarg or not function.body:
        return None
    last = function.body[-1]
    if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name)):
        return None
    returned = last.value.id
    own = _bound(function.body[:-1])
    if not any(isinstance(s, ast.ClassDef) and s.name == returned for s in function.body[:-1]):
        return None
    if any(_escapes(s) for s in function.body[:-1]):
        return None
    uses = [n for n in walk(tree) if isinstance(n, ast.Name) and n.id == function.name]
    calls = [(i, s) for i, s in enumerate(tree.body)
             if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
             and isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Name)
             and s.value.func.id == function.name and not s.value.args and not s.value.keywords]
    if len(uses) != 1 or len(calls) != 1 or calls[0][1].value.func is not uses[0]:
        return None
    at, call = calls[0]
    bound = call.targets[0].id
    module = _bound([s for s in tree.body if s is not function and s is not call])
    if own & (module | {function.name}) or (bound != returned and bound in own):
        return None
    return at, bound, returned


def _bound(statements) -> set[str]:
    """The names STATEMENTS bind in their own scope (not inside the functions and classes they define)."""
    names = set()
    stack = list(statements)
    while stack:
        node = stack.pop()
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


def _escapes(statement) -> bool:
    """Whether STATEMENT (of the factory's own body) returns, yields or declares a name global or nonlocal: its
    body would not mean the same at module level."""
    stack = [statement]
    while stack:
        node = stack.pop()
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

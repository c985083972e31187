"""A decorator of the file's own that only rewrites its function's arguments, read as the function's first lines
(plain_module's step after the classes; session 19, siml4f).

`def _lifted(op):` that defines `def wrapper(a, b): return op(a, b if isinstance(b, Value) else Value(b))`, sets
`wrapper.__name__ = op.__name__` and returns `wrapper`, above `@_lifted def __mul__(self, other): ...`, is what
Python runs as `__mul__` beginning `other = other if isinstance(other, Value) else Value(other)`
(the coercion lifted out of every binary op into a decorator: a level-4 copy's step in the fifth class, and a
tool's idiom two copies of different sources then share). Read so where the decorator is a function of the module
of one parameter, that defines one function (`functools.wraps(op)` or `wraps(op)` its only decorator, if any),
sets at most its `__name__`, `__doc__` or `__qualname__` from the decorated one's, and returns it; the function it
defines takes plain positional parameters and returns the decorated one called with as many positional
arguments, each an expression of its own parameter alone (or of no parameter); the decorated function has it as
its only decorator and as many plain positional parameters. Each argument that is not its parameter as passed
becomes an assignment to the decorated function's parameter, first in its body, in order. The decorator's `def` goes
when nothing names it any more. Exact: the decorated function's body runs on the arguments the wrapper passes it,
where it binds no name the arguments read and is no generator or coroutine (`_takes`; session 19's review).
And (session 19, simread8) the wrapper may bind its parameters first and then return the decorated function called
with them as they are (`def w(self, other): other = other if isinstance(other, Value) else Value(other)` or `if not
isinstance(other, Value): other = Value(other)`, then `return op(self, other)`): each statement `q = e` or `if c: q =
e` of its parameters, making no function or scope, reading neither the decorated function nor the wrapper; the
decorated function then begins with those statements, its parameters for the wrapper's, where it binds no name they
read and is no generator or coroutine (whose body runs later).
Either form (session 19, simexact: tests/similarity/test_rewrites_exact.py runs each as written and rewritten) only
where the module binds the decorator's name by its `def` alone (`_lifted = ...` or a second def would be what
decorates), above the module's statement that decorates, where no function around the decorated one binds a name the
wrapper reads, and with as many positional-only parameters as the wrapper; the function takes the wrapper's parameter
names, its own renamed where nothing in it names them otherwise (`_renamable`): a call by keyword binds as it did.
One walk of the tree, and each argument copied, charged (a large argument on many functions is over the budget).
Measured (docs/similarity.md, session 19): tuning mean AP 0.8531 -> 0.8541, validation 0.7984 -> 0.7986.
"""

from __future__ import annotations

import ast
import copy

from .budget import FREE, Work
from .plain_classes import _is_docstring
from .walk import walk

_COPIED = ("__name__", "__doc__", "__qualname__")  # what a wrapper takes over from the function it wraps
_NAMES_SEEN = frozenset({"locals", "vars", "eval", "exec", "dir"})  # what sees a function's local names


def decorators_as_written(tree: ast.Module, text: str | None = None, work: Work = FREE) -> bool:
    """Each function decorated by an argument-rewriting decorator of the module (see the module docstring) read with
    the rewriting as its first statements, in place; whether any was. TEXT: what TREE was parsed from (without an
    `@` it has no decorator to look for)."""
    if text is not None and "@" not in text:
        return False
    rewriters = {}
    for at, statement in enumerate(tree.body):
        found = _rewriter(statement)
        if found is not None:
            rewriters[statement.name] = found + (at, len(_code(statement.body)[0].args.posonlyargs))
    if not rewriters:
        return False
    nodes = work.walked(tree)
    for name in _bound_elsewhere(nodes, set(rewriters)):
        del rewriters[name]  # `_lifted = ...` or a second def: the name may not be the def above where it decorates
    if not rewriters:
        return False
    decorated = [n for n in nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and len(n.decorator_list) == 1 and isinstance(n.decorator_list[0], ast.Name)
                 and n.decorator_list[0].id in rewriters]
    if not decorated:
        return False
    placed = _placed_functions(tree)
    changed = False
    for function in decorated:
        params, arguments, before, at, posonly = rewriters[function.decorator_list[0].id]
        own = _plain_parameters(function.args)
        free = before[1] if before else \
            {n.id for a in arguments for n in walk(a) if isinstance(n, ast.Name)} - set(params)
        where, enclosing = placed.get(id(function), (-1, ()))
        # as many parameters, as many positional-only; the decorator's def run before the statement that decorates;
        # no function around it binding a name the wrapper reads
        if own is None or len(own) != len(params) or len(function.args.posonlyargs) != posonly or where <= at \
                or any(_binds(outer, free, work) for outer in enclosing) or not _takes(function, free, work):
            continue
        if own != params:  # the function takes the wrapper's names: a call by keyword binds as the wrapper does
            if not _renamable(function, dict(zip(own, params)), work):
                continue
            function.body = [_Renamed(dict(zip(own, params))).visit(s) for s in function.body]
            for arg, name in zip(function.args.posonlyargs + function.args.args, params):
                arg.arg = name
        work.charge(before[2] if before else 0)  # the wrapper's statements copied: many on many functions, out of budget
        first = [_placed(copy.deepcopy(s), function.body[0]) for s in before[0]] if before else []
        for param, argument in zip(params, arguments):
            if isinstance(argument, ast.Name) and argument.id == param:
                continue
            work.charge(sum(1 for _ in walk(argument)))  # a copy of it: a large one on many functions is out of budget
            value = copy.deepcopy(argument)
            first.append(ast.copy_location(ast.Assign([ast.Name(param, ast.Store())], value), function.body[0]))
        function.body[:0] = first
        function.decorator_list = []
        changed = True
    if changed:
        named = {n.id for n in work.walked(tree) if isinstance(n, ast.Name)}
        tree.body = [s for s in tree.body if not (isinstance(s, ast.FunctionDef) and s.name in rewriters
                                                  and s.name not in named)] or [ast.Pass()]
    return changed


def _bound_elsewhere(nodes: list, names: set[str]) -> set[str]:
    """Those of NAMES (each a def of the module) that the module binds anywhere else too: an assignment, another def
    or class, an import, `except ... as`, a `global` (a parameter of that name binds it in its function only)."""
    found, defined = set(), set()
    for n in nodes:
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            found.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if n.name in defined:
                found.add(n.name)
            defined.add(n.name)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            found.update(n.names)
        elif isinstance(n, ast.alias):
            found.add((n.asname or n.name).split(".")[0])
        elif isinstance(n, ast.ExceptHandler) and n.name:
            found.add(n.name)
    return found & names


def _renamable(function, names: dict[str, str], work: Work) -> bool:
    """Whether FUNCTION computes as it does with its parameters renamed by NAMES, each of its Names too: the names it
    is renamed to are named nowhere in it but as parameters renamed away; no nested function's parameter, function,
    import, `global`, `nonlocal` or `except ... as` of a name of NAMES' (a nested function's parameter would change its
    keywords); no class in it (its attributes' names), no call that sees the names (`locals()`, `eval`)."""
    touched = set(names) | set(names.values())
    own = {id(a) for a in function.args.posonlyargs + function.args.args}
    for n in work.walked(function):
        if isinstance(n, ast.Name) and n.id in touched and n.id not in names \
                or isinstance(n, ast.arg) and n.arg in touched and id(n) not in own \
                or isinstance(n, (ast.Global, ast.Nonlocal)) and touched & set(n.names) \
                or isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name in touched \
                or isinstance(n, ast.alias) and (n.asname or n.name).split(".")[0] in touched \
                or isinstance(n, ast.ExceptHandler) and n.name in touched or isinstance(n, ast.ClassDef) \
                or isinstance(n, ast.Name) and n.id in _NAMES_SEEN:
            return False
    return True


def _placed_functions(tree: ast.Module) -> dict[int, tuple[int, tuple]]:
    """{id(def): (the index of the module's statement holding it, the functions around it, outermost first)} for
    each def of TREE not in a lambda (statements only are looked through, and each def's body)."""
    found, blocks = {}, [(at, (), [s]) for at, s in enumerate(tree.body)]
    while blocks:
        at, around, block = blocks.pop()
        for statement in block:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found[id(statement)] = (at, around)
                blocks.append((at, around + (statement,), statement.body))
                continue
            blocks.extend((at, around, value) for _, value in ast.iter_fields(statement)
                          if isinstance(value, list) and value and isinstance(value[0], ast.stmt))
            blocks.extend((at, around, handler.body) for handler in getattr(statement, "handlers", ()))
            blocks.extend((at, around, case.body) for case in getattr(statement, "cases", ()))
    return found


def _binds(scope, free: set[str], work: Work) -> bool:
    """Whether SCOPE (a function, or what it holds) binds or declares any of FREE: an assignment, a parameter, a def or
    class, an import, `global`/`nonlocal`, `except ... as`."""
    for n in work.walked(scope):
        if isinstance(n, (ast.Global, ast.Nonlocal)) and free & set(n.names) \
                or isinstance(n, ast.Name) and n.id in free and not isinstance(n.ctx, ast.Load) \
                or isinstance(n, ast.arg) and n.arg in free \
                or isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n is not scope \
                and n.name in free or isinstance(n, ast.alias) and (n.asname or n.name).split(".")[0] in free \
                or isinstance(n, ast.ExceptHandler) and n.name in free:
            return True
    return False


def _placed(statement, where):
    """STATEMENT with every node of it at WHERE's place (a statement copied from the wrapper into the function)."""
    for n in walk(statement):
        if "lineno" in n._attributes:
            ast.copy_location(n, where)
    return statement


class _Renamed(ast.NodeTransformer):
    def __init__(self, names: dict[str, str]):
        self.names = names

    def visit_Name(self, node):
        return ast.copy_location(ast.Name(self.names[node.id], node.ctx), node) if node.id in self.names else node


def _plain_parameters(args: ast.arguments) -> list[str] | None:
    """The names of ARGS' positional parameters, or None where it has any other kind (defaults, `*`, `**`)."""
    if args.vararg or args.kwarg or args.kwonlyargs or args.defaults:
        return None
    return [a.arg for a in args.posonlyargs + args.args]


def _code(body: list) -> list:
    """BODY without a docstring first."""
    return body[1:] if body and _is_docstring(body[0]) else body


def _rewriter(statement) -> tuple[list[str], list] | None:
    """(the wrapper's parameters, the arguments it passes on, None) where STATEMENT is an argument-rewriting
    decorator, or (its parameters, its parameters passed, _binding_parameters' (statements, names, nodes)) where the
    wrapper binds its parameters first; else None."""
    if not isinstance(statement, ast.FunctionDef) or statement.decorator_list:
        return None
    outer = _plain_parameters(statement.args)
    if outer is None or len(outer) != 1:
        return None
    wrapped = outer[0]
    body = _code(statement.body)
    if len(body) < 2 or not isinstance(body[0], ast.FunctionDef):
        return None
    wrapper, rest = body[0], body[1:]
    if not (isinstance(rest[-1], ast.Return) and isinstance(rest[-1].value, ast.Name)
            and rest[-1].value.id == wrapper.name):
        return None
    for s in rest[:-1]:  # `wrapper.__name__ = op.__name__`
        if not (isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Attribute)
                and isinstance(s.targets[0].value, ast.Name) and s.targets[0].value.id == wrapper.name
                and s.targets[0].attr in _COPIED and isinstance(s.value, ast.Attribute)
                and isinstance(s.value.value, ast.Name) and s.value.value.id == wrapped
                and s.value.attr == s.targets[0].attr):
            return None
    if not all(_wraps(d, wrapped) for d in wrapper.decorator_list):
        return None
    params = _plain_parameters(wrapper.args)
    inner = _code(wrapper.body)
    if params is None or not inner or not isinstance(inner[-1], ast.Return):
        return None
    call = inner[-1].value
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == wrapped
            and not call.keywords and len(call.args) == len(params)):
        return None
    if len(inner) > 1:  # session 19 (simread8): statements that only bind the parameters, then the call of them
        before = _binding_parameters(inner[:-1], params, {wrapped, wrapper.name})
        passed = [a.id if isinstance(a, ast.Name) else None for a in call.args]
        return (params, call.args, before) if before is not None and passed == params else None
    for param, argument in zip(params, call.args):
        names = {n.id for n in walk(argument) if isinstance(n, ast.Name)}
        if isinstance(argument, ast.Starred) or wrapped in names or wrapper.name in names or \
                any(isinstance(n, (ast.Lambda, ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await) + _SCOPES)
                    for n in walk(argument)) or \
                (names & set(params)) - {param}:
            return None
    return params, list(call.args), None


def _binding_parameters(statements: list, params: list[str], kept: set[str]):
    """(STATEMENTS, the names they read but PARAMS, their nodes) where each only binds one of PARAMS (`q = e`, or `if
    c: q = e`), reads none of KEPT (the decorated function, the wrapper) and makes no function or scope; else None."""
    free, size = set(), 0
    for s in statements:
        bound = s.body[0] if isinstance(s, ast.If) and not s.orelse and len(s.body) == 1 else s
        if not (isinstance(bound, ast.Assign) and len(bound.targets) == 1 and isinstance(bound.targets[0], ast.Name)
                and bound.targets[0].id in params):
            return None
        for n in walk(s):
            size += 1
            if isinstance(n, (ast.Lambda, ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await) + _SCOPES) \
                    or isinstance(n, ast.Name) and (n.id in kept or n.id not in params
                                                    and not isinstance(n.ctx, ast.Load)):
                return None
            if isinstance(n, ast.Name) and n.id not in params:
                free.add(n.id)
    return statements, free, size


def _takes(function, free: set[str], work: Work) -> bool:
    """Whether FUNCTION runs the wrapper's statements, which read FREE, as the wrapper does when they come first in
    it: it binds none of FREE (nor declares it), and is no generator or coroutine (whose body runs later)."""
    if isinstance(function, ast.AsyncFunctionDef) or _binds(function, free, work):
        return False
    return not any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in work.walked(function))


_SCOPES = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _wraps(decorator, wrapped: str) -> bool:
    """Whether DECORATOR is `functools.wraps(WRAPPED)` or `wraps(WRAPPED)`."""
    return (isinstance(decorator, ast.Call) and len(decorator.args) == 1 and not decorator.keywords
            and isinstance(decorator.args[0], ast.Name) and decorator.args[0].id == wrapped
            and (isinstance(decorator.func, ast.Name) and decorator.func.id == "wraps"
                 or isinstance(decorator.func, ast.Attribute) and decorator.func.attr == "wraps"
                 and isinstance(decorator.func.value, ast.Name) and decorator.func.value.id == "functools"))

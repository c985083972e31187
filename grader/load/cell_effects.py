"""Whether a notebook's comparison cell may change an object it does not own (comparison_cells.py asks).

A cell that compares with a forbidden library is left out only if running it could not change what the engine
is. Stores and calls are where a cell changes objects: `x1.requires_grad = True` and `o.backward()` change the
cell's own tensors, but `RULES.update(tanh=rule)`, `register("tanh", rule)`, `random.seed(0)`,
`type.__setattr__(Value, ...)` and `V = Value; V.__radd__ = V.__add__` change what the kept cells made (review 29:
each of those cells was left out, and the engine graded without what it changed: a cell giving `Value` its
`__radd__` through `for cls in [Value]:` scored 60/63, "`__radd__` is missing", for a notebook that has it).
So a name is the cell's own (`owned`) only while it holds the library's objects or what was made of them:

- a name an import of a forbidden library binds (`torch`, `np`), or of a module the sandbox does not have and the
  submission does not hold (`plt`: its stand-in refuses every use, and it holds nothing of the engine);
- a name bound, in the notebook's order, by `=` (or a `for`, a `with ... as`) from an expression made of owned
  names and constants alone, one owned name at least (`x1 = torch.tensor(...)`, `n = x1 * w1 + b`, `for t in
  torch.ones(3)`); a name bound from anything else (`V = Value`, `R = get_rules()`, `RULES = {}`, `import engine
  as E`) is not, from there on; after an `if`, a loop or a `try`, a name bound inside is owned only where every
  way through binds it so (a loop run no times leaves it as it was);
- within one cell or function, a name bound to a new object of a class the notebook defines, or made of one
  (`a = Value(2.0)`, `y = a * x1.item()`): the engine's own methods change what they change (`y.backward()`),
  which is not read here.

Reaching through a dunder (`x.__class__`, `type(x)`) owns nothing. The cell may store into (an attribute or item
of), and call a method of, what it owns only. A call of a name is harmless when the name is owned, a builtin no
cell rebinds that calls nothing of the student's but what converting or printing a value calls (`print`, `abs`,
`float`, ...; Jupyter's `display`), `math`'s, a class the notebook defines (every binding of the name a `class`,
as the lecture defines Value again as it grows: its instances are the cell's), or a function every binding of
whose name is a `def` without a decorator whose body changes nothing it does not own, by these same rules from
its own locals (the lecture's `f(xs)`; micrograd's `test_sanity_check()`, which compares with torch).
Anything else may change the engine, and the cell stays (failing at import as before). A notebook with a cell that
reads its names by their text (`globals()`, `vars()`, `eval`, `exec`, `sys.modules`, a frame's `f_globals`)
leaves nothing out: which binding that cell needs cannot be read from its source.
"""

from __future__ import annotations

import ast
import builtins
import sys

# builtins that call nothing of the student's but what printing or converting a value calls, and Jupyter's
# `display` (the notebook's stand-in: does nothing)
HARMLESS_CALLS = frozenset({
    "print", "display", "len", "abs", "float", "int", "round", "str", "repr", "format", "bool", "isinstance",
    "issubclass", "range", "zip", "enumerate", "list", "tuple", "set", "frozenset", "dict", "sorted", "min", "max",
    "sum", "any", "all", "divmod", "pow", "hex", "oct", "bin", "chr", "ord", "id", "hash", "complex", "reversed"})
PURE_MODULES = frozenset({"math", "cmath"})  # a call of their functions changes nothing
_DYNAMIC_CALLS = frozenset({"globals", "vars", "locals", "eval", "exec", "__import__"})
_DYNAMIC_ATTRIBUTES = frozenset({"f_globals", "f_locals", "__globals__"})
_TRIES = (ast.Try, ast.TryStar) if sys.version_info >= (3, 11) else (ast.Try,)
_BRANCHES = (ast.If, ast.Match) + _TRIES
_MADE = (ast.BinOp, ast.UnaryOp, ast.Compare, ast.BoolOp, ast.IfExp, ast.Tuple, ast.List, ast.Set, ast.Dict,
         ast.JoinedStr, ast.FormattedValue)
_INELIGIBLE = (ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom, ast.Await, ast.Lambda, ast.ClassDef,
               ast.FunctionDef, ast.AsyncFunctionDef, ast.Delete)


def reads_names_by_text(tree: ast.AST) -> bool:
    """Whether TREE reads a module's names by their text (`globals()`, `eval`, `sys.modules`, `dir()`, ...)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                node.func.id in _DYNAMIC_CALLS or node.func.id == "dir" and not node.args):
            return True
        if isinstance(node, ast.Attribute) and (node.attr in _DYNAMIC_ATTRIBUTES or node.attr == "modules" and
                                                isinstance(node.value, ast.Name) and node.value.id == "sys"):
            return True
    return False


def foreign_module(top: str, forbid: frozenset, own: frozenset) -> bool:
    """Whether an import of TOP binds an object of no concern to the engine: a forbidden library, or a module the
    sandbox lacks (not the standard library's) that the submission does not hold (`matplotlib`)."""
    return top in forbid or top not in own and top not in sys.stdlib_module_names and top != "__future__"


class Effects:
    """Walks a notebook's cells in order; `cell(tree)` says whether that cell may change what it does not own."""

    def __init__(self, trees: list, forbid: frozenset, own: frozenset):
        self.forbid, self.own = forbid, own
        counts: dict = {}  # name -> how many times the notebook binds it
        rebound = set()  # a builtin, or `math`, a cell binds (but by `import math`) is not the builtin
        foreign: dict = {}  # name -> how many times an import of a foreign module binds it
        for tree in trees:
            for node in ast.walk(tree):
                for name in bound_names(node, deep=False):
                    counts[name] = counts.get(name, 0) + 1
                for name, module in imported_names(node) if isinstance(node, (ast.Import, ast.ImportFrom)) else ():
                    if module and foreign_module(module, forbid, own):
                        foreign[name] = foreign.get(name, 0) + 1
                if isinstance(node, ast.Import):  # `import math` binds `math` as itself
                    rebound |= {name for name, module in imported_names(node) if name != module}
                else:
                    rebound |= bound_names(node, deep=False)
        top = [node for tree in trees for node in tree.body]
        self.rebound = frozenset(rebound)
        # what a function reads as a global and owns: a name bound only by imports of foreign modules (`torch`)
        self.foreign = frozenset(name for name, n in foreign.items() if counts[name] == n)
        # the names every binding of which is a top-level `class` (the lecture's notebook defines Value again as it
        # grows), or a top-level `def` without a decorator whose body holds no definition, `global` or `del`
        classes = [n.name for n in top if isinstance(n, ast.ClassDef)]
        self.classes = frozenset(name for name in classes if counts[name] == classes.count(name))
        self.functions = frozenset()
        defs: dict = {}  # name -> its defs
        for n in top:
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defs.setdefault(n.name, []).append(n)
        defs = {name: nodes for name, nodes in defs.items() if counts[name] == len(nodes) and all(
            isinstance(n, ast.FunctionDef) and not n.decorator_list and
            not any(isinstance(s, _INELIGIBLE) for b in n.body for s in ast.walk(b)) for n in nodes)}
        self.owned: set = set()
        self.fresh: set = set()  # the owned names that hold an object of the notebook's classes
        self.seen: set = set(dir(builtins))  # the names bound so far (a builtin's is its own)
        candidates = set(defs)
        while True:  # the functions whose bodies change nothing they do not own, calling one another
            self.functions = frozenset(candidates)
            candidates = {name for name in candidates if not any(self._body(n) for n in defs[name])}
            if candidates == self.functions:
                break

    def cell(self, tree: ast.Module) -> bool:
        """Whether running TREE (the next cell) may change an object it does not own; records what it binds."""
        self.fresh = set()
        patches = self._statements(tree.body, self.owned)
        self.owned -= self.fresh  # a Value made in a cell is that cell's
        return patches

    def _body(self, function: ast.FunctionDef) -> bool:
        """Whether FUNCTION's body may change what it does not own (its parameters' objects included), from its
        own locals."""
        outer = self.owned, self.fresh, self.seen
        arguments = function.args
        parameters = {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                                      arguments.vararg, arguments.kwarg] if a is not None}
        local = parameters.union(*(bound_names(node) for node in function.body))
        self.owned, self.fresh, self.seen = set(self.foreign - local), set(), set(dir(builtins)) | parameters
        try:
            return self._statements(function.body, self.owned)
        finally:
            self.owned, self.fresh, self.seen = outer

    def _statements(self, body: list, owned: set) -> bool:
        """Whether BODY may change what it does not own; OWNED (changed in place) follows what BODY binds, in
        order. After a compound statement a name it binds is owned where it is on every way through it, a way
        that binds nothing included (a loop run no times: the name as it was, or unbound); after a `try`, not."""
        patches = False
        for node in body:
            patches |= self._changes(node, owned)
            bound = bound_names(node)
            before = owned | (bound - self.seen)  # a way that skips NODE: as it was, or unbound
            ends, skips = [owned - bound], False  # the owned names after each way through NODE
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                ends = [self._own(owned - bound, bound, node.value, owned)]
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                ends = [owned - bound | {name for name, top in imported_names(node) if foreign_module(top, self.forbid,
                                                                                                 self.own)}]
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)):  # the body's start reads a name it binds
                inner = owned - bound  # as the iteration before bound it
                if not isinstance(node, ast.While):
                    inner = self._own(inner, _names(node.target), node.iter, owned)
                orelse = owned - bound
                patches |= self._statements(node.body, inner) | self._statements(node.orelse, orelse)
                ends, skips = [inner, orelse] if node.orelse else [inner], True
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                inner = set(owned)
                for item in node.items:
                    names = _names(item.optional_vars) if item.optional_vars is not None else set()
                    inner = self._own(inner - names, names, item.context_expr, owned)
                patches |= self._statements(node.body, inner)
                ends = [inner]
            elif isinstance(node, _BRANCHES):
                ends = [set(owned) for _ in _blocks(node)]
                for block, end in zip(_blocks(node), ends):
                    patches |= self._statements(block, end)
                ends = [owned - bound] if isinstance(node, _TRIES) else ends
                skips = not isinstance(node, _TRIES) and (not isinstance(node, ast.If) or not node.orelse)
            for name in bound:
                kept = all(name in end for end in ends) and (not skips or name in before)
                (owned.add if kept else owned.discard)(name)
            self.seen |= bound
        return patches

    def _own(self, owned: set, names: set, value: ast.expr, before: set) -> set:
        """OWNED with NAMES added where VALUE (read with BEFORE owned) is made of owned names; a new object of the
        notebook's classes among them makes them `fresh` (the cell's, not the notebook's)."""
        if self._made_of(value, before) is True:
            owned |= names
            fresh = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in self.classes or
                        isinstance(n, ast.Name) and n.id in self.fresh for n in ast.walk(value))
            self.fresh = self.fresh | names if fresh else self.fresh - names
        return owned

    def _changes(self, node: ast.AST, owned: set) -> bool:
        """Whether NODE (a statement; the statements inside it are walked by `_statements`) stores into, or calls a
        method of, what it does not own, or calls a function that may change that."""
        owned = owned | self._walked(node, owned)
        for sub in _own_nodes(node):
            if isinstance(sub, (ast.Attribute, ast.Subscript)) and isinstance(sub.ctx, (ast.Store, ast.Del)):
                if self._made_of(sub.value, owned) is not True or self._past_new(sub.value):
                    return True
            elif isinstance(sub, ast.AugAssign) and isinstance(sub.target, ast.Name):
                if sub.target.id not in owned:  # `n += [1]`: a kept list's `+=` extends it in place
                    return True
            elif isinstance(sub, ast.Call) and not self._harmless_call(sub.func, owned):
                return True
        return False

    def _walked(self, node: ast.AST, owned: set) -> set:
        """The names NODE's comprehensions walk over what it owns (`[t.item() for t in torch.ones(3)]`)."""
        names: set = set()
        for sub in _own_nodes(node):
            for generator in getattr(sub, "generators", ()) if isinstance(sub, ast.expr) else ():
                if self._made_of(generator.iter, owned | names) is True:
                    names |= _names(generator.target)
        return names

    def _harmless_call(self, func: ast.expr, owned: set) -> bool:
        if isinstance(func, ast.Name):
            return func.id in owned or func.id not in self.rebound and func.id in HARMLESS_CALLS or \
                func.id in self.functions or func.id in self.classes
        if not isinstance(func, ast.Attribute) or _dunder(func.attr):
            return False  # `x.__setattr__(...)`, `type.__setattr__(Value, ...)`: whatever the receiver
        if isinstance(func.value, ast.Name) and func.value.id in PURE_MODULES and func.value.id not in self.rebound:
            return True
        return self._made_of(func.value, owned) is True and not self._past_new(func.value)

    def _past_new(self, node: ast.expr) -> bool:
        """Whether NODE reaches past a new object of the notebook's classes (`a.RULES`, `Value(1)._ops`: what its
        class shares); the object itself (`a.grad = 0`, `a.backward()`) and what its methods return do not."""
        hops = 0
        while isinstance(node, (ast.Attribute, ast.Subscript)):
            node, hops = node.value, hops + 1
        new = isinstance(node, ast.Name) and node.id in self.fresh or isinstance(node, ast.Call) and isinstance(
            node.func, ast.Name) and node.func.id in self.classes
        return new and hops > 0

    def _made_of(self, node: ast.expr, owned: set) -> bool | None:
        """True where NODE is made of owned names (one at least) and constants, None of constants alone (`{}`, `0`:
        made by a kept cell, `RULES = {}`, they are the engine's), else False."""
        if isinstance(node, ast.Constant):
            return None
        if isinstance(node, ast.Name):
            return node.id in owned
        if isinstance(node, ast.Attribute):
            return False if _dunder(node.attr) else self._made_of(node.value, owned)
        if isinstance(node, ast.Subscript):
            return self._made_of(node.value, owned)
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id in self.classes:
                return True  # a new object of the notebook's class
            return self._made_of(node.func, owned)
        if not isinstance(node, _MADE):
            return False
        parts = {self._made_of(c, owned) for c in ast.iter_child_nodes(node) if isinstance(c, ast.expr)}
        return False if False in parts else True if True in parts else None


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def _own_nodes(statement: ast.AST):
    """The nodes of STATEMENT outside the statements nested in it (those are walked on their own) and outside
    the lambdas in it (a lambda's cell stays anyway)."""
    stack = [statement]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c for c in ast.iter_child_nodes(node) if not isinstance(c, (ast.stmt, ast.Lambda)))


def _blocks(node: ast.AST) -> list:
    """The statement lists nested in an `if`, a `try` or a `match`."""
    blocks = [getattr(node, field) for field in ("body", "orelse", "finalbody") if getattr(node, field, None)]
    blocks += [handler.body for handler in getattr(node, "handlers", ())]
    blocks += [case.body for case in getattr(node, "cases", ())]
    return blocks


def _names(target: ast.expr) -> set:
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def imported_names(node: ast.Import | ast.ImportFrom) -> list:
    """(the name bound, the top-level module) of each name NODE imports (none for `from m import *`; for a relative
    one, a module of the submission's, the module is '')."""
    if getattr(node, "level", 0):
        return [(alias.asname or alias.name, "") for alias in node.names if alias.name != "*"]
    module = node.module if isinstance(node, ast.ImportFrom) else None
    return [((alias.asname or alias.name).partition(".")[0], (module or alias.name).partition(".")[0])
            for alias in node.names if alias.name != "*"]


def bound_names(node: ast.AST, deep: bool = True) -> set:
    """The names NODE binds (with DEEP, anywhere inside it but in the functions and classes it defines: a branch's,
    a loop's)."""
    names = set()
    for sub in _scope_nodes(node) if deep else [node]:
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, (ast.Store, ast.Del)):
            names.add(sub.id)
        elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(sub.name)
        elif isinstance(sub, ast.ExceptHandler) and sub.name:
            names.add(sub.name)
        elif isinstance(sub, (ast.Import, ast.ImportFrom)):
            names |= {name for name, _ in imported_names(sub)}
        elif isinstance(sub, (ast.MatchAs, ast.MatchStar)) and sub.name:
            names.add(sub.name)
    return names


def _scope_nodes(node: ast.AST):
    """NODE and the nodes inside it, but inside the functions, classes and lambdas it defines (NODE's own too)."""
    stack = [node]
    while stack:
        sub = stack.pop()
        yield sub
        if not isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(sub))

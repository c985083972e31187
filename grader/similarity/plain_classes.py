"""A module's classes as a class statement writes them (plain_module's step for classes; session 13, simread).

Ways of building a class that change nothing Python runs, undone on the tree as soon as it is parsed
(`classes_as_written`, called by plain_module.plain_module, so that the structure, the methods' shapes, the meanings
and reach see one tree):

- **A class built by `type`**: `Value = type("Value", (), {"__init__": _init, "__add__": _add})` at module level
  (the dict a display or `dict(...)` of identifier keys) is `class Value:` with those entries as its body.
- **Methods bound after the class**: `Value.__add__ = _add` or `setattr(Value, "__add__", _add)` (the name a
  constant string, maybe in pieces joined by `+`) at module level, Value a class of the module, is `__add__ = _add`
  written at the end of the class's body; a lambda that only passes its parameters on to a module function bound
  once (`Value.__radd__ = lambda self, other: _add(self, other)`) binds that function (session 23).
- In both, an entry that is a module function the module names nowhere else is its `def` moved into the class
  under the entry's name (a second entry naming it is `__radd__ = __add__`); a lambda is its `def` (below); any
  other value stays an assignment in the class (`__radd__ = Value.__add__` is `__radd__ = __add__`).
- **A method bound through `functools.partialmethod`** with nothing to bind (session 14): `__add__ =
  functools.partialmethod(_add)` in a class's body is `__add__ = _add` (then `_add`'s `def`, as above).
- **A dataclass's `__init__`** (session 14): `@dataclass` (or `@dataclasses.dataclass(eq=False)`...) on a class
  with no `__init__`, its fields `x: T` or `x: T = default`, is the class with the `__init__` the decorator writes
  (`self.x = x` for each field, in order, then `__post_init__`'s body, where `self.x` a field it does not assign is
  read as `x`): fields made with `field(...)`, `ClassVar` and `InitVar` are left as written.
- **A method written as a lambda**: `__add__ = lambda self, other: e` in a class's body is `def __add__(self,
  other): return e`.
- **A class written in a class that holds only classes**: `class _ns: class Value: ...` with `Value = _ns.Value`
  at module level (and `_ns` named nowhere else) is `class Value: ...` where `_ns` was (`V = _ns.Value` is `V =
  Value`, which rewrites.class_aliases reads as a class named V).

Each is exact but for a function's `__name__` and `__qualname__` (and a name `__x` in a method moved in, which a
class body would mangle: such a file reads `self.__x` as written either way).
"""

from __future__ import annotations

import ast
import sys
from collections import Counter

from .budget import FREE, Work
from .plain_calls import passed_on


def classes_as_written(tree: ast.Module, work: Work = FREE) -> bool:
    """TREE's classes built by type, methods bound after their class, methods as lambdas and classes in a namespace
    class as class statements write them (see the module docstring), in place; whether anything changed. What it
    looks at charged to WORK: the module's statements at each step, the nodes of each walk."""
    work.charge(len(tree.body))
    kinds = {type(node) for node in tree.body}
    if ast.ClassDef not in kinds and ast.Assign not in kinds:
        return False
    changed = _namespaces(tree, work) | _type_calls(tree, work)
    changed |= _bound_after(tree, work) | _partial_methods(tree, work)
    return _lambdas(tree, work) | _dataclasses(tree, work) | changed


# -- namespaces ---------------------------------------------------------------------------------------------------


def _namespaces(tree, work: Work) -> bool:
    spaces = {s.name: s for s in tree.body if isinstance(s, ast.ClassDef) and not s.bases and not s.keywords
              and not s.decorator_list and any(isinstance(c, ast.ClassDef) for c in s.body)
              and all(isinstance(c, (ast.ClassDef, ast.Pass)) or _is_docstring(c) for c in s.body)}
    if not spaces:
        return False
    uses = Counter(n.id for n in work.walked(tree) if isinstance(n, ast.Name))
    aliases = {}  # namespace name: [(statement, the inner class's name)]
    for s in tree.body:
        value = s.value if isinstance(s, ast.Assign) and len(s.targets) == 1 else None
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id in spaces \
                and isinstance(s.targets[0], ast.Name) \
                and value.attr in {c.name for c in spaces[value.value.id].body if isinstance(c, ast.ClassDef)}:
            aliases.setdefault(value.value.id, []).append((s, value.attr))
    bound = _module_bindings(tree, work)

    def apart(name, space):  # its classes' names bound by the module nowhere but in `Value = _ns.Value`
        inner = [c.name for c in space.body if isinstance(c, ast.ClassDef)]
        kept = Counter(t for s, t in aliases.get(name, ()) if s.targets[0].id == t)
        return len(set(inner)) == len(inner) and all(bound[c] == kept[c] for c in inner)

    spaces = {name: space for name, space in spaces.items() if uses[name] == len(aliases.get(name, ()))
              and bound[name] == 1 and apart(name, space)}
    if not spaces:
        return False
    named = {id(statement): inner for name in spaces for statement, inner in aliases.get(name, ())}
    body = []
    for s in tree.body:
        if isinstance(s, ast.ClassDef) and s.name in spaces:
            body += [c for c in s.body if isinstance(c, ast.ClassDef)]
            continue
        alias = named.get(id(s))
        if alias is None:
            body.append(s)
        elif s.targets[0].id != alias:
            body.append(ast.copy_location(ast.Assign([s.targets[0]], ast.Name(alias, ast.Load())), s))
    tree.body = body
    return True


# -- type(...) and methods bound after the class ------------------------------------------------------------------


def _type_calls(tree, work: Work) -> bool:
    changed, builtin = False, None
    work.charge(len(tree.body))
    for at, s in enumerate(tree.body):
        call = s.value if isinstance(s, ast.Assign) and len(s.targets) == 1 \
            and isinstance(s.targets[0], ast.Name) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "type"
                and len(call.args) == 3 and not call.keywords and isinstance(call.args[1], ast.Tuple)
                and not any(isinstance(b, ast.Starred) for b in call.args[1].elts)
                and _text(call.args[0]) is not None):
            continue
        entries = _entries(call.args[2])
        builtin = not _module_bindings(tree, work)["type"] if builtin is None else builtin
        if entries is None or not builtin:  # `type` is the builtin
            continue
        cls = ast.copy_location(ast.ClassDef(s.targets[0].id, list(call.args[1].elts), [], [], []), s)
        cls.body = [ast.copy_location(ast.Expr(value), value) if name == "__doc__" and _text(value) is not None
                    else ast.copy_location(ast.Assign([ast.Name(name, ast.Store())], value), value)
                    for name, value in sorted(entries, key=lambda e: e[0] != "__doc__")] or [
            ast.copy_location(ast.Pass(), s)]  # the docstring first, as a class statement writes it
        tree.body[at] = cls
        changed = True
    if changed:
        _functions_moved_in(tree, work)
    return changed


def _entries(mapping):
    """[(name, value)] of a dict display or `dict(name=value, ...)` whose keys are identifiers, or None."""
    if isinstance(mapping, ast.Dict) and all(k is not None for k in mapping.keys):
        names = [_text(k) for k in mapping.keys]
        pairs = list(zip(names, mapping.values))
    elif isinstance(mapping, ast.Call) and isinstance(mapping.func, ast.Name) and mapping.func.id == "dict" \
            and not mapping.args and all(k.arg is not None for k in mapping.keywords):
        pairs = [(k.arg, k.value) for k in mapping.keywords]
    else:
        return None
    if not all(isinstance(name, str) and name.isidentifier() for name, _ in pairs) \
            or len({name for name, _ in pairs}) != len(pairs):
        return None
    return pairs


def _bound_after(tree, work: Work) -> bool:
    """`Value.x = v` and `setattr(Value, "x", v)` at module level, after the class: `x = v` in its body."""
    work.charge(2 * len(tree.body))
    names = {s.name for s in tree.body if isinstance(s, ast.ClassDef)}
    if not any((bound := _binding(s)) and bound[0] in names for s in tree.body):
        return False
    bound = _module_bindings(tree, work)
    work.charge(5 * len(tree.body))  # the module's statements looked at again below, five times
    classes = {s.name: s for s in tree.body if isinstance(s, ast.ClassDef) and bound[s.name] == 1}
    functions = {s.name for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for s in tree.body:  # `Value.__radd__ = lambda self, other: _add(self, other)` binds `_add` (session 23)
        # (a method's lambda has a parameter, `self`; its call with other arguments raises where `_add`'s defaults
        # would take them, and the function's `__name__` is another: all else is exact, as plain_calls reads it)
        if (binding := _binding(s)) and binding[0] in classes and isinstance(binding[2], ast.Lambda) \
                and binding[2].args.args and (passed := passed_on(binding[2])) in functions and bound[passed] == 1:
            named = ast.copy_location(ast.Name(passed, ast.Load()), binding[2])
            if isinstance(s, ast.Assign):
                s.value = named
            else:
                s.value.args[2] = named
    uses = Counter(n.id for n in work.walked(tree) if isinstance(n, ast.Name))
    bindings = Counter((b[0], b[2].id) for b in map(_binding, tree.body) if b and isinstance(b[2], ast.Name))
    at = {s.name: i for i, s in reversed(list(enumerate(tree.body)))
          if isinstance(s, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))}  # where each is first defined
    body, defined, changed = [], set(), False
    for s in tree.body:
        bound = _binding(s)
        if bound is None or bound[0] not in defined or bound[0] not in classes:
            body.append(s)
            defined.update([s.name] if isinstance(s, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) else [])
            continue
        name, attribute, value = bound
        # a value the class's body computes as well where the class is: a lambda, a constant, a function defined
        # before the class or named only so (its `def` moves into the class), one of the class's own attributes
        if not (isinstance(value, (ast.Lambda, ast.Constant)) or isinstance(value, ast.Name) and value.id in functions
                and (at[value.id] < at[name] or uses[value.id] == bindings[name, value.id])
                or isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == name):
            body.append(s)
            continue
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == name:
            value = ast.copy_location(ast.Name(value.attr, ast.Load()), value)  # `Value.__add__` in Value's body
        classes[name].body.append(ast.copy_location(ast.Assign([ast.Name(attribute, ast.Store())], value), s))
        changed = True
    if changed:
        tree.body = body
        _functions_moved_in(tree, work)
    return changed


def _binding(statement):
    """(class name, attribute, value) of `C.a = v` or `setattr(C, "a", v)`, or None."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
            return target.value.id, target.attr, statement.value
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        call = statement.value
        if isinstance(call.func, ast.Name) and call.func.id == "setattr" and len(call.args) == 3 \
                and not call.keywords and isinstance(call.args[0], ast.Name):
            name = _text(call.args[1])
            if name is not None and name.isidentifier():
                return call.args[0].id, name, call.args[2]
    return None


def _functions_moved_in(tree, work: Work) -> None:
    """Each module function that only entries of classes name (`__add__ = _add` in a class body): its `def` in the
    first entry's place, named as the entry; a later entry naming it names the first (`__radd__ = __add__`)."""
    functions = {s.name: s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    # an entry's own name is no use of the function it names (`backward = backward`, from `Value.backward = backward`)
    targets = {id(s.targets[0]) for c in tree.body if isinstance(c, ast.ClassDef) for s in c.body
               if _entry_naming(s, functions)}
    uses = Counter(n.id for n in work.walked(tree) if isinstance(n, ast.Name) and id(n) not in targets)
    work.charge(4 * len(tree.body) + 2 * sum(len(c.body) for c in tree.body if isinstance(c, ast.ClassDef)))
    entries, owners = Counter(), {}
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef):
            named = [s.value.id for s in cls.body if _entry_naming(s, functions)]
            entries.update(named)
            for name in named:
                owners.setdefault(name, set()).add(cls.name)
    bound = _module_bindings(tree, work)
    movable = {name for name, count in entries.items() if count == uses[name] and len(owners[name]) == 1
               and bound[name] == 1}
    placed = {}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        for i, s in enumerate(cls.body):
            if _entry_naming(s, functions) and s.value.id in movable:
                name = s.targets[0].id
                if s.value.id in placed:
                    cls.body[i] = ast.copy_location(ast.Assign(s.targets, ast.Name(placed[s.value.id], ast.Load())), s)
                else:
                    placed[s.value.id] = name
                    function = functions[s.value.id]
                    function.name = name
                    cls.body[i] = function
    moved = {id(functions[name]) for name in placed}
    tree.body = [s for s in tree.body if id(s) not in moved]


def _entry_naming(statement, functions) -> bool:
    return isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
        and isinstance(statement.targets[0], ast.Name) and isinstance(statement.value, ast.Name) \
        and statement.value.id in functions


# -- partialmethod ------------------------------------------------------------------------------------------------


def _partial_methods(tree, work: Work) -> bool:
    """`__add__ = functools.partialmethod(f)` (or `partialmethod(f)`) in a class's body, nothing bound beside f:
    `__add__ = f` (session 14), which `_functions_moved_in` reads as f's `def` when f is a module function."""
    changed = False
    for cls in [s for s in tree.body if isinstance(s, ast.ClassDef)]:
        work.charge(len(cls.body))
        for s in cls.body:
            call = s.value if isinstance(s, ast.Assign) else None
            func = getattr(call, "func", None)
            if isinstance(call, ast.Call) and len(call.args) == 1 and not call.keywords \
                    and isinstance(call.args[0], ast.Name) and (
                        isinstance(func, ast.Name) and func.id == "partialmethod"
                        or isinstance(func, ast.Attribute) and func.attr == "partialmethod"
                        and isinstance(func.value, ast.Name) and func.value.id == "functools"):
                s.value = call.args[0]
                changed = True
    if changed:
        _functions_moved_in(tree, work)
    return changed


# -- dataclasses --------------------------------------------------------------------------------------------------


def _dataclasses(tree, work: Work) -> bool:
    """A `@dataclass` class with no `__init__` of its own: its fields (`x: T` or `x: T = default`, no `field(...)`)
    the parameters of the `__init__` the decorator writes (`self.x = x` each), its `__post_init__(self)` that
    `__init__`'s rest (a field it reads as `self.x` read as `x` where it does not assign `self.x`)."""
    changed = False
    for cls in [s for s in tree.body if isinstance(s, ast.ClassDef)]:
        work.charge(len(cls.decorator_list))
        decorator = next((d for d in cls.decorator_list if _is_dataclass(d)), None)
        if decorator is None or any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == "__init__"
                                    for s in cls.body):
            continue
        fields = [s for s in cls.body if isinstance(s, ast.AnnAssign)]
        post = [s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__post_init__"]
        if not fields or len(post) > 1 or not all(isinstance(f.target, ast.Name) and f.simple and not (
                isinstance(f.value, ast.Call) or "Var" in ast.dump(f.annotation)) for f in fields) \
                or post and (len(post[0].args.args) != 1 or post[0].args.vararg or post[0].args.kwonlyargs
                             or post[0].args.kwarg or post[0].decorator_list):
            continue  # field(...), ClassVar and InitVar, a __post_init__ taking more: left as written
        names = [f.target.id for f in fields]
        defaults = [f.value for f in fields if f.value is not None]
        if any(f.value is None for f in fields[len(fields) - len(defaults):]):
            continue  # a field without a default after one with: the decorator would refuse it
        own = post[0].args.args[0].arg if post else "self"
        rest = post[0].body if post else []
        work.charge(3 * len(cls.body))  # its fields, its __post_init__ and its __init__ looked for, it rebuilt
        assigned = {n.attr for s in rest for n in work.walked(s) if isinstance(n, ast.Attribute)
                    and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name) and n.value.id == own}
        for s in rest:
            for n in work.walked(s):
                for field, value in ast.iter_fields(n):
                    if isinstance(value, ast.Attribute) and isinstance(value.ctx, ast.Load) \
                            and isinstance(value.value, ast.Name) and value.value.id == own \
                            and value.attr in names and value.attr not in assigned:
                        setattr(n, field, ast.copy_location(ast.Name(value.attr, ast.Load()), value))
                    elif isinstance(value, list):
                        value[:] = [ast.copy_location(ast.Name(v.attr, ast.Load()), v) if isinstance(v, ast.Attribute)
                                    and isinstance(v.ctx, ast.Load) and isinstance(v.value, ast.Name)
                                    and v.value.id == own and v.attr in names and v.attr not in assigned else v
                                    for v in value]
        first = fields[0]
        arguments = ast.arguments([], [ast.arg(own)] + [ast.copy_location(ast.arg(n), f) for n, f in zip(names, fields)],
                                  None, [], [], None, defaults)
        body = [ast.copy_location(ast.Assign([ast.Attribute(ast.Name(own, ast.Load()), n, ast.Store())],
                                             ast.Name(n, ast.Load())), f) for n, f in zip(names, fields)] + rest
        init = ast.copy_location(ast.FunctionDef("__init__", arguments, body, [], None, None, **_type_params()),
                                 post[0] if post else first)
        cls.body = [init if s is first else s for s in cls.body if s not in fields[1:] and s not in post]
        cls.decorator_list = [d for d in cls.decorator_list if d is not decorator]
        changed = True
    return changed


def _is_dataclass(decorator) -> bool:
    """`@dataclass`, `@dataclasses.dataclass`, or either called with keywords but `init=False`."""
    if isinstance(decorator, ast.Call):
        if decorator.args or any(k.arg == "init" for k in decorator.keywords):
            return False
        decorator = decorator.func
    return isinstance(decorator, ast.Name) and decorator.id == "dataclass" or isinstance(decorator, ast.Attribute) \
        and decorator.attr == "dataclass" and isinstance(decorator.value, ast.Name) and decorator.value.id == "dataclasses"


# -- lambdas -------------------------------------------------------------------------------------------------------


def _lambdas(tree, work: Work) -> bool:
    changed = False
    for cls in [s for s in tree.body if isinstance(s, ast.ClassDef)]:
        work.charge(len(cls.body))
        for i, s in enumerate(cls.body):
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) \
                    and isinstance(s.value, ast.Lambda):
                body = [ast.copy_location(ast.Return(s.value.body), s.value.body)]
                cls.body[i] = ast.copy_location(ast.FunctionDef(s.targets[0].id, s.value.args, body, [], None, None,
                                                                **_type_params()), s)
                changed = True
    return changed


def _type_params() -> dict:
    return {"type_params": []} if sys.version_info >= (3, 12) else {}


# -- names ---------------------------------------------------------------------------------------------------------


def _text(node) -> str | None:
    """The string NODE is: a constant, or constants joined by `+`; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _text(node.left), _text(node.right)
        return None if left is None or right is None else left + right
    return None


def _is_docstring(statement) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
        and isinstance(statement.value.value, str)


def _module_bindings(tree, work: Work = FREE) -> Counter:
    """How many times the module's own statements bind each name (a def, a class, an import, an assignment; not
    inside its functions and classes); what it looks at charged to WORK."""
    bound = Counter()
    work.charge(len(tree.body))
    for s in tree.body:
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound[s.name] += 1
        elif isinstance(s, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in s.names)
        else:
            bound.update(n.id for n in work.walked(s) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load))
    return bound

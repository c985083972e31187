"""Expressions that spell an operator or a name another way, read as the operator or the name (plain_module's step
for expressions; session 14, simread2).

Undone on the tree as soon as it is parsed (`names_as_written`, called by plain_module.plain_module), so that every
reading sees the plain spelling:

- **A parameter that takes the rest and is never read**: `*_extra` and `**_kw` added to every `def` (their names
  read nowhere in the file) are out of the signatures: a call that passes nothing to them is the same call.

- **The operator module's functions called**: `operator.add(a, b)` is `a + b` (and `sub`, `mul`, `truediv`,
  `floordiv`, `mod`, `pow`, `matmul`, their in-place `iadd`... and dunder `__add__`... names, `neg` and `pos` as
  `-a` and `+a`), with `operator` imported as a module (maybe under another name) or its functions imported by name,
  the name bound nowhere else. A function of it named but not called (`{"+": operator.add}`) stays.
- **The builtin `pow` and `math.e`**: `pow(a, b)` (two arguments, `pow` bound nowhere) is `a ** b`, and `math.e **
  x` is `math.exp(x)`.
- **A return that returns nothing, and a `for` written out**: a function's last statement `return None` or `return`
  goes (falling off the end returns None), any other `return None` is `return`; `it = iter(xs)` then `while True:` whose body
  begins `try: x = next(it)` / `except StopIteration: break` (it named nowhere else) is `for x in xs:` and the rest
  of the body; and (session 19) `it = iter(xs)` then at once `for x in it:` is `for x in xs:`, `it` named nowhere but
  in such pairs (in functions or the module, not a class) and `iter` the builtin: `for` calls `iter` on what it gets,
  and an iterator's `iter` is the iterator.
- **The class spelt through an instance or a lookup**: in a method of class C whose first parameter P the method
  never rebinds, `type(P)` and `P.__class__` are `C`; `globals()["C"]` is `C`; and `sys.modules[__name__].C` is
  `C`, as is `M.C` where the module binds M once, to `sys.modules[__name__]` (the statement goes when nothing else
  names M).

Each is exact but for a subclass (`type(self)` of a subclass's instance is the subclass), which a spelling of an
engine's own class does not meet.
"""

from __future__ import annotations

import ast
import re
from collections import Counter

from .budget import FREE, Work
from .walk import children

_BINARY = {"add": ast.Add, "sub": ast.Sub, "mul": ast.Mult, "truediv": ast.Div, "floordiv": ast.FloorDiv,
           "mod": ast.Mod, "pow": ast.Pow, "matmul": ast.MatMult}
_UNARY = {"neg": ast.USub, "pos": ast.UAdd}
# each binary function under its three names: add, iadd (the same for a value that has no __iadd__) and __add__
OPERATORS = {**{spelt: op for name, op in _BINARY.items() for spelt in (name, "i" + name, f"__{name}__",
                                                                        f"__i{name}__")},
             **{spelt: op for name, op in _UNARY.items() for spelt in (name, f"__{name}__")}}
# the text a file must hold for each step to look for anything (the tree is walked only then)
MARKS = ("operator", "type(", "__class__", "globals(", "sys.modules", "pow(", "math", "return", "for", "next(")
REST = re.compile(r"[(,]\s*\*")  # `(*a` or `, **k`: a parameter (or an argument) that takes the rest


def names_as_written(tree: ast.Module, text: str | None = None, work: Work = FREE) -> bool:
    """TREE's operator-module calls as operators and its spellings of a class as the class's name (see the module
    docstring), in place; whether anything changed. TEXT: what TREE was parsed from (a text without any of MARKS
    has nothing to look for). Charged to WORK: the walk, and its nodes once more for the dozen looks through them
    (a look at a listed node costs a tenth of a node's visit)."""
    rest = text is None or REST.search(text) is not None
    if text is not None and not rest and not any(mark in text for mark in MARKS):
        return False
    nodes = work.walked(tree)
    work.charge(len(nodes))
    kinds = _Kinds(nodes)
    changed = rest and _unread_rest_dropped(kinds)
    bound = _bindings(kinds)
    replace = {}  # id(node) -> what it is read as
    _operator_calls(kinds, bound, replace)
    _builtin_pow_and_math_e(kinds, bound, replace)
    _class_spellings(tree, kinds, bound, replace)
    changed |= _statements(tree, kinds, bound)
    if not replace:
        return changed
    _module_aliases_dropped(tree, replace, work)
    replaced(nodes, replace)
    return True


def replaced(nodes, replace: dict) -> None:
    """Each of NODES' children whose id is in REPLACE as REPLACE[id](child), in place: children before their parents
    (NODES in walk.walk's order, read backwards), so that a replacement is built of replaced parts."""
    for node in reversed(nodes):
        for field in node._fields:
            value = getattr(node, field, None)
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if id(item) in replace:
                        value[i] = replace[id(item)](item)
            elif id(value) in replace:
                setattr(node, field, replace[id(value)](value))


class _Kinds(dict):
    """The nodes of a tree by their type (the node's own class: a parsed tree's nodes are of ast's concrete classes,
    none of a subclass of another), each type's in the walk's order; `of(*types)` those of TYPES. The file's nodes
    sorted once, for the dozen looks through them below: each look reads only the nodes it is about (most are about
    one or two kinds) instead of the whole tree."""

    def __init__(self, nodes: list):
        super().__init__()
        self.nodes = nodes
        for node in nodes:
            kind = self.get(node.__class__)
            if kind is None:
                self[node.__class__] = [node]
            else:
                kind.append(node)

    def of(self, *types) -> list:
        return [n for t in types for n in self.get(t, ())]


def looked(tree: ast.Module, text: str | None, marks: re.Pattern, work: Work) -> tuple[_Kinds, Counter] | None:
    """TREE's nodes by kind and the names it binds, for a step that has nothing to look for in a TEXT without any of
    MARKS (None: TEXT has none; TEXT None: look); one walk of TREE, charged to WORK."""
    if text is not None and not marks.search(text):
        return None
    nodes = work.walked(tree)
    work.charge(len(nodes))
    kinds = _Kinds(nodes)
    return kinds, _bindings(kinds)


def _bindings(kinds: _Kinds) -> Counter:
    """How many times the file binds each name anywhere (assignments, defs, classes, parameters, imports, captures)."""
    bound = Counter(n.id for n in kinds.of(ast.Name) if not isinstance(n.ctx, ast.Load))
    bound.update(n.name for n in kinds.of(ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    bound.update(n.arg for n in kinds.of(ast.arg))
    bound.update((n.asname or n.name).split(".")[0] for n in kinds.of(ast.alias))
    bound.update(n.name for n in kinds.of(ast.ExceptHandler, ast.MatchAs, ast.MatchStar) if n.name)
    return bound


def _unread_rest_dropped(kinds: _Kinds) -> bool:
    """`*args` and `**kwargs` parameters whose names the file never reads, out of their functions' signatures."""
    functions = [n for n in kinds.of(ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
                 if n.args.vararg or n.args.kwarg]
    if not functions:
        return False
    read = {n.id for n in kinds.of(ast.Name) if isinstance(n.ctx, ast.Load)}
    changed = False
    for f in functions:
        for field in ("vararg", "kwarg"):
            rest = getattr(f.args, field)
            if rest is not None and rest.arg not in read:
                setattr(f.args, field, None)
                changed = True
    return changed


# -- the operator module ----------------------------------------------------------------------------------------


def _operator_calls(kinds: _Kinds, bound, replace) -> None:
    modules, functions = set(), {}  # local names of the operator module; local name -> its function's name
    for node in kinds.of(ast.Import):
        modules.update(a.asname or a.name for a in node.names if a.name == "operator")
    for node in kinds.of(ast.ImportFrom):
        if node.module == "operator" and not node.level:
            functions.update((a.asname or a.name, a.name) for a in node.names
                             if a.name in OPERATORS or a.name in ("attrgetter", "methodcaller"))
    modules = {m for m in modules if bound[m] == 1}
    functions = {local: name for local, name in functions.items() if bound[local] == 1}
    if not modules and not functions:
        return
    for node in kinds.of(ast.Call):
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            continue
        func = node.func
        getter = _getter(func, modules, functions) if isinstance(func, ast.Call) and len(node.args) == 1 else None
        if getter:  # `operator.attrgetter('a')(x)` as `x.a`, `operator.methodcaller('m', e)(x)` as `x.m(e)`
            replace[id(node)] = lambda call, getter=getter: _got(call, getter)
            continue
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in modules:
            name = func.attr
        elif isinstance(func, ast.Name) and func.id in functions:
            name = functions[func.id]
        else:
            continue
        op = OPERATORS.get(name)
        if op in _UNARY.values() and len(node.args) == 1:
            replace[id(node)] = lambda call, op=op: ast.copy_location(ast.UnaryOp(op(), call.args[0]), call)
        elif op is not None and op not in _UNARY.values() and len(node.args) == 2:
            replace[id(node)] = lambda call, op=op: ast.copy_location(ast.BinOp(call.args[0], op(), call.args[1]),
                                                                      call)


def _getter(maker, modules, functions) -> str | None:
    """"attrgetter" or "methodcaller" where MAKER is `operator.attrgetter('name')` or `operator.methodcaller('name',
    ...)` (one plain name, no keywords, nothing unpacked)."""
    func = maker.func
    name = func.attr if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
        and func.value.id in modules else functions.get(func.id) if isinstance(func, ast.Name) else None
    first = maker.args[0] if maker.args else None
    plain = (name == "methodcaller" or name == "attrgetter" and len(maker.args) == 1) and not maker.keywords \
        and isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value.isidentifier() \
        and not any(isinstance(a, ast.Starred) for a in maker.args)
    return name if plain else None


def _got(call, getter: str):
    maker, owner = call.func, call.args[0]
    got = ast.Attribute(owner, maker.args[0].value, ast.Load())
    return ast.copy_location(got if getter == "attrgetter" else ast.Call(got, maker.args[1:], []), call)


def _builtin_pow_and_math_e(kinds: _Kinds, bound, replace) -> None:
    """`pow(a, b)` (the builtin, two arguments) as `a ** b`; `math.e ** x` as `math.exp(x)`."""
    maths = {a.asname or a.name for n in kinds.of(ast.Import) for a in n.names if a.name == "math"}
    maths = {m for m in maths if bound[m] == 1}
    for n in kinds.of(ast.Call) if bound["pow"] == 0 else ():
        if _is_name(n.func, "pow") and len(n.args) == 2 \
                and not n.keywords and not any(isinstance(a, ast.Starred) for a in n.args):
            replace[id(n)] = lambda call: ast.copy_location(ast.BinOp(call.args[0], ast.Pow(), call.args[1]), call)
    for n in kinds.of(ast.BinOp) if maths else ():
        if isinstance(n.op, ast.Pow) and isinstance(n.left, ast.Attribute) \
                and n.left.attr == "e" and isinstance(n.left.value, ast.Name) and n.left.value.id in maths:
            replace[id(n)] = lambda power: ast.copy_location(ast.Call(
                ast.Attribute(power.left.value, "exp", ast.Load()), [power.right], []), power)


# -- statements -------------------------------------------------------------------------------------------------


def _statements(tree, kinds: _Kinds, bound: Counter) -> bool:
    """A function's last statement `return None` (or `return`) out of it, and `return None` as `return`; a `while`
    over `next()` of an iterator as its `for`. (Each return and each function on its own: which comes first in the
    walk changes nothing, a last `return None` goes either way.)"""
    changed = False
    for f in kinds.of(ast.Return):
        if _is_none(f.value):
            f.value, changed = None, True
    for f in kinds.of(ast.FunctionDef, ast.AsyncFunctionDef):
        if len(f.body) > 1 and isinstance(f.body[-1], ast.Return) \
                and (f.body[-1].value is None or _is_none(f.body[-1].value)):
            f.body.pop()
            changed = True
    return _iterator_loops(kinds, bound) | changed


def _iterator_loops(kinds: _Kinds, bound: Counter) -> bool:
    """`it = iter(xs)` then a `while True:` over `next(it)`, or at once `for x in it:`, as `for x in xs:` (the module
    docstring)."""
    called = {n.func.id for n in kinds.of(ast.Call) if isinstance(n.func, ast.Name)}
    if "next" not in called and ("iter" not in called
                                 or not any(isinstance(f.iter, ast.Name) for f in kinds.of(ast.For))):
        return False
    uses = Counter(n.id for n in kinds.of(ast.Name))
    paired = Counter()  # it -> how many blocks bind it to iter(xs) just before a `for` over it
    for block in ([] if bound["iter"] else (getattr(node, field, None) for node in kinds.nodes
                                            if not isinstance(node, ast.ClassDef) for field in ("body", "orelse", "finalbody"))):
        if isinstance(block, list) and len(block) > 1 and isinstance(block[0], ast.stmt):
            paired.update(it for first, second in zip(block, block[1:]) if (it := _iterator_bound(first))
                          and isinstance(second, ast.For) and _is_name(second.iter, it))
    changed = False
    for node in kinds.nodes:  # in the walk's order: a loop in a loop rewritten is read in the outer one's new body
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not (isinstance(block, list) and len(block) > 1 and isinstance(block[0], ast.stmt)):
                continue
            out, i = [], 0
            while i < len(block):
                loop = _iterator_loop(block[i], block[i + 1], uses, paired) if i + 1 < len(block) else None
                if loop is None:
                    out.append(block[i])
                    i += 1
                else:
                    out.append(loop)
                    i += 2
                    changed = True
            setattr(node, field, out)
    return changed


def _iterator_bound(s) -> str | None:
    """The name statement S binds to `iter(xs)` (one argument, not starred), or None."""
    if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) \
            and isinstance(s.value, ast.Call) and _is_name(s.value.func, "iter") and len(s.value.args) == 1 \
            and not s.value.keywords and not isinstance(s.value.args[0], ast.Starred):
        return s.targets[0].id
    return None


def _iterator_loop(first, second, uses, paired):
    it = _iterator_bound(first)
    if it is None:
        return None
    if isinstance(second, ast.For) and _is_name(second.iter, it) and paired[it] and uses[it] == 2 * paired[it]:
        second.iter = first.value.args[0]
        return second
    if not (isinstance(second, ast.While) and isinstance(second.test, ast.Constant) and second.test.value is True
            and not second.orelse and len(second.body) > 1 and isinstance(second.body[0], ast.Try)
            and uses[it] == 2):
        return None
    step = second.body[0]
    if not (len(step.body) == 1 and isinstance(step.body[0], ast.Assign) and len(step.body[0].targets) == 1
            and isinstance(step.body[0].value, ast.Call) and _is_name(step.body[0].value.func, "next")
            and len(step.body[0].value.args) == 1 and _is_name(step.body[0].value.args[0], it)
            and not step.body[0].value.keywords and not step.orelse and not step.finalbody
            and len(step.handlers) == 1 and _is_name(step.handlers[0].type, "StopIteration")
            and step.handlers[0].name is None and len(step.handlers[0].body) == 1
            and isinstance(step.handlers[0].body[0], ast.Break)):
        return None
    return ast.copy_location(ast.For(step.body[0].targets[0], first.value.args[0], second.body[1:], [], None), second)


def _is_none(value) -> bool:
    return isinstance(value, ast.Constant) and value.value is None


# -- the class --------------------------------------------------------------------------------------------------


def _class_spellings(tree, kinds: _Kinds, bound, replace) -> None:
    def name(text):
        return lambda node: ast.copy_location(ast.Name(text, ast.Load()), node)

    if (bound["type"] == 0 and any(_is_name(n.func, "type") for n in kinds.of(ast.Call))
            or any(n.attr == "__class__" for n in kinds.of(ast.Attribute))):
        for node, cls in _in_methods(tree).items():
            replace[node] = name(cls)
    for n in kinds.of(ast.Subscript) if bound["globals"] == 0 else ():
        if isinstance(n.ctx, ast.Load) \
                and isinstance(n.value, ast.Call) and _is_name(n.value.func, "globals") and not n.value.args \
                and not n.value.keywords and _identifier(n.slice):
            replace[id(n)] = name(n.slice.value)
    selves = _module_itself(tree, kinds, bound)
    if selves:
        for n in kinds.of(ast.Attribute):
            if isinstance(n.ctx, ast.Load) and (
                    id(n.value) in selves or isinstance(n.value, ast.Name) and n.value.id in selves):
                replace[id(n)] = name(n.attr)


def _in_methods(tree) -> dict:
    """{id of `type(P)` or `P.__class__`: the class's name} in each method (a def in a class's body, neither a static
    nor a class method) whose first parameter P is bound nowhere else in it: one walk, depth first."""
    found, binds = {}, Counter()  # binds: (id of method, name) -> how often the method's code binds it
    stack = [(tree, None, None)]  # (node, the method it is in, its (first parameter, class name))
    while stack:
        node, method, owner = stack.pop()
        if owner is not None:
            own, cls = owner
            if isinstance(node, ast.arg) and node.arg == own or isinstance(node, ast.Name) and node.id == own \
                    and not isinstance(node.ctx, ast.Load):
                binds[method] += 1
            elif isinstance(node, ast.Call) and _is_name(node.func, "type") and len(node.args) == 1 \
                    and not node.keywords and _is_name(node.args[0], own) \
                    or isinstance(node, ast.Attribute) and node.attr == "__class__" \
                    and isinstance(node.ctx, ast.Load) and _is_name(node.value, own):
                found[id(node)] = (method, cls)
        if isinstance(node, ast.ClassDef):
            for s in node.body:
                if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.args.args \
                        and not any(isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod")
                                    for d in s.decorator_list):
                    stack.append((s, id(s), (s.args.args[0].arg, node.name)))
                else:
                    stack.append((s, method, owner))
            stack.extend((c, method, owner) for c in [*node.bases, *node.keywords, *node.decorator_list])
        else:
            stack.extend((c, method, owner) for c in children(node))
    return {node: cls for node, (method, cls) in found.items() if binds[method] == 1}


def _module_itself(tree, kinds: _Kinds, bound) -> set:
    """The ids of `sys.modules[__name__]` expressions and the names the module binds once to one."""
    if not any(n.name == "sys" and n.asname is None for n in kinds.of(ast.alias)) or bound["sys"] != 1:
        return set()
    found = {id(n) for n in kinds.of(ast.Subscript) if isinstance(n.ctx, ast.Load)
             and isinstance(n.value, ast.Attribute) and n.value.attr == "modules" and _is_name(n.value.value, "sys")
             and _is_name(n.slice, "__name__")}
    for s in tree.body:
        if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) \
                and id(s.value) in found and bound[s.targets[0].id] == 1:
            found.add(s.targets[0].id)
    return found


def _module_aliases_dropped(tree, replace, work: Work = FREE) -> None:
    """`M = sys.modules[__name__]` out of the module when every other use of M is read as a name."""
    aliases = {s.targets[0].id: s for s in tree.body if isinstance(s, ast.Assign) and len(s.targets) == 1
               and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.Subscript)
               and _is_name(s.value.slice, "__name__")}
    if not aliases:
        return
    uses, read = Counter(), Counter()
    for n in work.walked(tree):
        if isinstance(n, ast.Name) and n.id in aliases and isinstance(n.ctx, ast.Load):
            uses[n.id] += 1
        elif isinstance(n, ast.Attribute) and id(n) in replace and isinstance(n.value, ast.Name):
            read[n.value.id] += 1
    gone = {id(s) for alias, s in aliases.items() if uses[alias] == read[alias]}
    tree.body = [s for s in tree.body if id(s) not in gone]


def _is_name(node, text) -> bool:
    return isinstance(node, ast.Name) and node.id == text


def _identifier(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier()

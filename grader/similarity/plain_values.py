"""Expressions and names written another way that Python reads as the plain ones (plain_module's step after
plain_names; session 15, simread3).

Undone on the tree as soon as it is parsed (`values_as_written`), so that every reading sees the plain spelling:

- **A test negated twice**: `not not x` where only its truth is used (the test of an `if`, a `while`, a conditional
  expression, an `assert` or a comprehension's `if`, and the operands of `and`, `or` and `not` there) is `x`;
  elsewhere it is `bool(x)`.
- **A conditional expression on a constant**: `a if True else b` is `a`, `a if 0 else b` is `b` (any constant test:
  Python never evaluates the other branch).
- **An attribute through the instance's dict**: `v.__dict__["grad"]` (a constant identifier) is `v.grad`, to load,
  store or delete (`vars(v)["grad"]` too, `vars` bound nowhere): the same slot of an object without `__slots__` or
  properties, which an engine's Value is.
- **A star import of math or random**: `from math import *` is `import math`, and each name of the module the file
  reads and binds nowhere is `math.name` (`exp(x)` is `math.exp(x)`). The module's names are the interpreter's own
  standard library's, imported by the grader, never the student's.
- **A private name**: inside a class, `self.__prev` and a method `def __helper` (two leading underscores, not a
  dunder) are Python's name mangling of `_prev` and `_helper` (`_Value__prev`): read as the one-underscore name,
  unless the file also names that one.

- **An import in a function**: `import m` of a standard module in a function's body (not a factory's: a function
  whose body defines a class), its name bound nowhere else but by the same import, is out of the function, and
  `import m` at the module's top where the module does not import it so already.

Each is what Python runs (the mangled name apart, which is a spelling of the attribute's name, not of its code). No
honest filler of the benchmark's classes writes them so (bench/similarity/fresh_tricks.py; rescore.py: no figure
moves). Not read (docs/similarity.md, Measured, session 15): `1.0 * x` as `x`, `-x` as `x * -1`, `xs[::-1]` as
`reversed(xs)`: honest students write each.
"""

from __future__ import annotations

import ast
import math
import random
import re
import sys
from collections import Counter

from .budget import FREE, Work
from .plain_names import _bindings, _is_name, _Kinds, replaced
from .walk import children

# the text a file must hold for any step to look for anything (the tree is walked only then)
MARKS = re.compile(r"\bnot\b[\s(]*\bnot\b|\bif\s*\(*\s*(?:True|False|None|\d|['\"])|import\s*\*|__dict__|vars\("
                   r"|\.__[A-Za-z]|^[ \t]+import\s", re.M)
# the standard modules whose star import is read: their names as this interpreter has them
STAR_MODULES = {"math": frozenset(dir(math)), "random": frozenset(n for n in dir(random) if not n.startswith("_"))}
_MANGLED = re.compile(r"__[A-Za-z0-9_]*[A-Za-z0-9]_?\Z")  # `__x`, `__x_`: not `__x__`


def values_as_written(tree: ast.Module, text: str | None = None, work: Work = FREE) -> bool:
    """TREE's spellings of a test, a constant choice, an attribute, a star import, a private name and an import in a
    function read as the plain ones (see the module docstring), in place; whether anything changed. TEXT: what TREE was parsed from (a text
    without any of MARKS has nothing to look for). Charged to WORK: one walk, and its nodes once more for the looks."""
    if text is not None and not MARKS.search(text):
        return False
    nodes = work.walked(tree)
    work.charge(len(nodes))
    changed = _tests(nodes)
    replace = {}  # id(node) -> what it is read as
    paired = set()  # the inner `not` of each `not not` read as bool(): not the outer one of another
    for node in nodes:
        if isinstance(node, ast.IfExp) and isinstance(node.test, ast.Constant):
            replace[id(node)] = lambda e: e.body if e.test.value else e.orelse
        elif id(node) not in paired and _not_not(node) is not None:
            paired.add(id(node.operand))
            replace[id(node)] = lambda e: ast.copy_location(ast.Call(ast.Name("bool", ast.Load()),
                                                                     [e.operand.operand], []), e)
    bound = _bindings(_Kinds(nodes))
    _through_dict(nodes, bound, replace)
    _star_imports(tree, nodes, bound, replace)
    changed |= _mangled(tree, nodes, work)
    changed |= _imports_hoisted(tree, nodes, bound)
    if not replace:
        return changed
    replaced(nodes, replace)
    return True


# -- tests ------------------------------------------------------------------------------------------------------


def _not_not(node):
    """X of `not not X`, or None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and isinstance(node.operand, ast.UnaryOp) \
            and isinstance(node.operand.op, ast.Not):
        return node.operand.operand
    return None


def _truth(node):
    """NODE where only its truth is used, with every `not not` of it (and of its `and`/`or`/`not` operands) out."""
    return truth_read(node, _without_not_not)


def _without_not_not(node):
    while _not_not(node) is not None:
        node = _not_not(node)
    return node


def truth_read(node, strip):
    """NODE where only its truth is used, read with STRIP (a function of one node that returns what it is read as)
    at its top and at its `and`, `or` and `not` operands; the top returned (plain_calls reads `bool(e)` so). A chain
    of `not` is followed in a loop (the parser allows thousands), `and`/`or` by recursion (only brackets nest them: at
    most 200 deep)."""
    node = top = strip(node)
    while isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        node.operand = node = strip(node.operand)
    if isinstance(node, ast.BoolOp):
        node.values = [truth_read(v, strip) for v in node.values]
    return top


def _tests(nodes) -> bool:
    """Each test's `not not` out (in place); whether any was."""
    changed = False
    for node in nodes:
        if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            was, node.test = node.test, _truth(node.test)
            changed |= node.test is not was or _changed_inside(was)
        elif isinstance(node, ast.comprehension):
            was = list(node.ifs)
            node.ifs = [_truth(t) for t in node.ifs]
            changed |= any(a is not b for a, b in zip(was, node.ifs))
    return changed


def _changed_inside(node) -> bool:
    """Whether `_truth` may have taken a `not not` out below NODE (an `and`, `or` or `not` at its top): cheap, and
    true at worst too often (`changed` only says the tree may differ)."""
    return isinstance(node, ast.BoolOp) or isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)


# -- attributes -------------------------------------------------------------------------------------------------


def _through_dict(nodes, bound, replace) -> None:
    """`v.__dict__["a"]` and `vars(v)["a"]` as `v.a`."""
    for n in nodes:
        if not (isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, str)
                and n.slice.value.isidentifier()):
            continue
        owner = n.value
        if isinstance(owner, ast.Attribute) and owner.attr == "__dict__":
            instance = owner.value
        elif isinstance(owner, ast.Call) and _is_name(owner.func, "vars") and bound["vars"] == 0 \
                and len(owner.args) == 1 and not owner.keywords and not isinstance(owner.args[0], ast.Starred):
            instance = owner.args[0]
        else:
            continue
        replace[id(n)] = lambda s, instance=instance: ast.copy_location(
            ast.Attribute(instance, s.slice.value, s.ctx), s)


def _star_imports(tree, nodes, bound, replace) -> None:
    """`from math import *` (or random) at module level as `import math`, each name of it the file reads (and
    binds nowhere but as a method's name) as `math.name`."""
    star = {}  # name -> the module a star import gives it from (the later import's)
    for i, s in enumerate(tree.body):
        if isinstance(s, ast.ImportFrom) and not s.level and s.module in STAR_MODULES \
                and [a.name for a in s.names] == ["*"]:
            star.update(dict.fromkeys(STAR_MODULES[s.module], s.module))
            tree.body[i] = ast.copy_location(ast.Import([ast.alias(s.module)]), s)
    if not star:
        return
    bound = bound.copy()  # a method's name binds no name its code reads
    bound.subtract(s.name for c in nodes if isinstance(c, ast.ClassDef) for s in c.body
                   if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)))
    for n in nodes:
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in star and bound[n.id] <= 0:
            replace[id(n)] = lambda name, module=star[n.id]: ast.copy_location(
                ast.Attribute(ast.Name(module, ast.Load()), name.id, ast.Load()), name)


def _mangled(tree, nodes, work: Work = FREE) -> bool:
    """Inside each class, attributes and methods named `__x` (not dunders) as `_x`, where the file names no attribute
    or method `_x` (in place); whether any was. One walk, depth first, knowing whether it is in a class."""
    names = {n.attr for n in nodes if isinstance(n, ast.Attribute)}
    if not any(_MANGLED.match(x) for x in names):
        return False
    names |= {s.name for c in nodes if isinstance(c, ast.ClassDef) for s in c.body
              if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}  # an attribute's name, as a method's
    changed = False
    stack = [(tree, False)]
    while stack:
        node, in_class = stack.pop()
        work.charge(1)
        if in_class:
            if isinstance(node, ast.Attribute) and _MANGLED.match(node.attr) and node.attr[1:] not in names:
                node.attr, changed = node.attr[1:], True
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _MANGLED.match(node.name) \
                    and node.name[1:] not in names:
                node.name, changed = node.name[1:], True
        stack.extend((c, in_class or isinstance(node, ast.ClassDef)) for c in children(node))
    return changed


# -- imports ----------------------------------------------------------------------------------------------------


def _imports_hoisted(tree, nodes, bound) -> bool:
    """`import m` (a standard module, under any name) in a function that defines no class, its name bound nowhere
    else but by the same import: out of the function, and once at the module's top (after its docstring and `from __future__`) where the
    module does not import it so already. BOUND: how often the file binds each name (plain_names._bindings)."""
    inner = [(f, s) for f in nodes if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
             and not any(isinstance(c, ast.ClassDef) for c in f.body) for s in f.body  # a factory's: its module's
             if isinstance(s, ast.Import) and all(a.name.split(".")[0] in sys.stdlib_module_names for a in s.names)]
    if not inner:
        return False
    same = Counter()  # (name, local name) -> how many imports bind it so
    for n in nodes:
        if isinstance(n, ast.Import):
            same.update((a.name, a.asname or a.name) for a in n.names)
    top = {(a.name, a.asname or a.name) for s in tree.body if isinstance(s, ast.Import) for a in s.names}
    added, gone, functions = [], set(), {}
    for f, s in inner:
        if any(bound[(a.asname or a.name).split(".")[0]] != same[(a.name, a.asname or a.name)] for a in s.names):
            continue
        gone.add(id(s))
        functions[id(f)] = f
        for a in s.names:
            if (a.name, a.asname or a.name) not in top:
                top.add((a.name, a.asname or a.name))
                added.append(ast.copy_location(ast.Import([a]), s))
    if not gone:
        return False
    for f in functions.values():  # each function's body rebuilt once
        f.body = [x for x in f.body if id(x) not in gone] or [ast.Pass()]
    at = 0
    while at < len(tree.body) and (isinstance(tree.body[at], ast.ImportFrom) and tree.body[at].module == "__future__"
                                   or at == 0 and isinstance(tree.body[0], ast.Expr)
                                   and isinstance(tree.body[0].value, ast.Constant)):
        at += 1
    tree.body[at:at] = added
    return True

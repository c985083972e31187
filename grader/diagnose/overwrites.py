"""An `=` for `+=` written where the `assign-grad` reading (source_patterns.grad_assignments) sees no `x.grad = ...`
(session 37): through a gradient's setter (`self.setGrad(out.getGrad())`), and into a table of adjoints (`g[a] = v[b] *
g[out]`). Each finder returns the reading's rows, (line, what is written, the functions it is in, the op's rule or
None); grad_assignments says them with its own (`assign_grad`)."""

from __future__ import annotations

import ast
import re

from ..parsing import called_name
from .handed_on import _imports
from .missing import class_place
from .pulled import pulled_sum
from .rule_owner import rule_of
from .source_patterns import (_RESET_NAME, _called_in_rules, _chains_in, _dotted, _enclosing, _is_number,
                              _reads_any_grad, grad_assignments)
from .accessors import grad_accessors
from .grad_names import grad_names
from .source_tree import FUNCTIONS, superseded, tree_of


def assign_grad(tree, parents, filename, files=None):
    """The `assign-grad` hint (source_patterns.grad_assignments) with the setters' and the tables' rows beside; the
    setters and getters include those of the classes FILENAME's classes derive from in the submission's other
    FILES (inherited_accessors)."""
    names = grad_names(tree)
    setters, getters = grad_accessors(tree)
    if files:
        more_setters, more_getters = inherited_accessors(tree, files, filename)
        setters, getters = setters | more_setters, getters | more_getters
    more = setter_calls(tree, parents, names, (setters, getters)) + adjoint_table_writes(tree, parents) \
        + helper_writes(tree, parents, names) + slot_writes(tree, parents, names | getters)
    return grad_assignments(tree, parents, filename, more)


def inherited_accessors(tree, files, filename, depth=3):
    """(setters, getters) of accessors.grad_accessors in the modules of the submission that define the classes
    FILENAME's classes derive from (`class Value(GradAccess)` after `from .mixins import GradAccess`, `class
    Value(base.Node)` after `import base`; a notebook's `from gradbase import GradBase` of a file beside it), and
    in theirs, DEPTH modules deep (session 40: a mixin's `setGrad` called in core.py's rules was read in core.py
    alone, where it is no setter; before: no line). Every class of such a module counts, as in one file."""
    setters, getters, read, todo = set(), set(), {filename}, [(tree, filename)]
    for _ in range(depth):
        homes = set()
        for module, name in todo:
            bound = _imports(module, files, name)
            for cls in module.nodes(ast.ClassDef):
                module.in_time()
                for base in cls.bases:
                    held, imported = _base_import(base, bound)
                    place = class_place(files, held, imported) if held is not None else None
                    if place is not None and place[0] not in read:
                        homes.add(place[0])
        todo = []
        for home in sorted(homes):
            other = tree_of(files, home)
            read.add(home)
            if other is not None:
                other.deadline = tree.deadline
                found = grad_accessors(other)
                setters |= found[0]
                getters |= found[1]
                todo.append((other, home))
    return frozenset(setters), frozenset(getters)


def _base_import(base, bound):
    """(the submission's file, the class's name there) of a base class written as a name imported from a module of
    the submission (`GradAccess`) or as a class of a module imported whole (`base.Node`); (None, None) otherwise."""
    if isinstance(base, ast.Name) and base.id in bound and bound[base.id][1] is not None:
        return bound[base.id]
    if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name) and base.value.id in bound \
            and bound[base.value.id][1] is None:
        return bound[base.value.id][0], base.attr
    return None, None


def _in_a_rule(tree, parents, functions) -> bool:
    """Whether a write inside FUNCTIONS (innermost first) sits in a backward rule: a closure, a helper the rules call,
    or the walk; not in a reset (`zero_grad`) nor in a definition a later one supersedes. Where setter_calls and
    slot_writes look (one test for both since session 41)."""
    if not functions or _RESET_NAME.search(functions[0].name) or superseded(functions[-1], tree.tree, parents):
        return False
    return len(functions) >= 2 or functions[0].name in _called_in_rules(tree, parents) \
        or "backward" in functions[0].name.lower()


def setter_calls(tree, parents, names, accessors=None):
    """(line, (`self.setGrad`, `self.getGrad`), functions, rule) for each call of a gradient's setter
    (accessors.grad_accessors: `def setGrad(self, g): self._grad = g`; ACCESSORS where given: those with the
    inherited ones) inside a backward rule (a closure, or a function the rules call) whose one argument reads some
    gradient but not the node's own: `self.setGrad(out.getGrad())` is `self.grad = out.grad` (session 37; before:
    no line). A call under a test of the node's own gradient (`if self.getGrad() is None:`) sets one that was not
    there."""
    setters, getters = accessors if accessors is not None else grad_accessors(tree)
    if not setters:
        return []
    readers = names | getters
    found = []
    for call in tree.nodes(ast.Call):
        tree.in_time()
        func = call.func
        if not (isinstance(func, ast.Attribute) and func.attr in setters and len(call.args) == 1 and not call.keywords):
            continue
        value, own = call.args[0], tree.chain.get(id(func.value))
        functions = _enclosing(call, parents)
        if own is None or _is_number(value) or not _reads_any_grad(value, readers) \
                or not _in_a_rule(tree, parents, functions):
            continue
        if _reads_own(tree, value, own, readers) or _guarded_own(tree, call, own, readers) \
                or pulled_sum(tree, value, own, parents):
            continue
        getter = next((g for g in sorted(getters)), None)
        dotted = _dotted(tree, func)
        owner = dotted.rpartition(".")[0]
        found.append((call.lineno, (dotted, f"{owner}.{getter}" if getter else f"{owner}.grad"), functions,
                      rule_of(tree, parents, call, functions)))
    return found


def grad_slots(tree, names) -> tuple[frozenset, bool]:
    """Where a node's gradient is kept under a key: ((field, key), ...) for each `self.F["K"]` a `grad` property (or
    another of NAMES) hands back or writes (`return self._store["grad"]`), and (F, name) for each name of NAMES where
    `__getattr__` or `__setattr__` routes every attribute into a field (`self._cells[name] = value`); and whether
    `__setitem__` or `__getitem__` routes keys into one (`node["grad"]`). The instance's own dict (`vars(x)["grad"]`,
    `x.__dict__["grad"]`) is always one (session 41). Remembered on the tree."""
    known = getattr(tree, "_grad_slots", None)
    if known is not None:
        return known
    slots, items = {("__dict__", n) for n in names}, False
    for function in tree.nodes(*FUNCTIONS):
        tree.in_time()
        params = [a.arg for a in function.args.args]
        if not params or params[0] != "self":
            continue
        routes = function.name in ("__getattr__", "__getattribute__", "__setattr__", "__getitem__", "__setitem__")
        if function.name not in names and not routes:
            continue
        for node in ast.walk(function):
            if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
                    and isinstance(node.value.value, ast.Name) and node.value.value.id == "self"):
                continue
            key, text = node.slice, _str_key(tree, node.slice)
            if not routes and text is not None:
                slots.add((node.value.attr, text))
            elif routes and len(params) > 1 and isinstance(key, ast.Name) and key.id == params[1]:
                if function.name.endswith("item__"):
                    items = True
                else:
                    slots |= {(node.value.attr, n) for n in names}
    tree._grad_slots = (frozenset(slots), items)
    return tree._grad_slots


def _slot_of(tree, node, slots, names):
    """(the owner's chain id, the words) where NODE is a gradient kept under a key (grad_slots: `self._store["grad"]`,
    `vars(self)["grad"]`, `self["grad"]`); None otherwise."""
    key = _str_key(tree, node.slice) if isinstance(node, ast.Subscript) else None
    if key is None:
        return None
    held, (fields, items) = node.value, slots
    said = f'"{key}"' if isinstance(node.slice, ast.Constant) else node.slice.id  # as written: `["grad"]`, `[GRAD]`
    if isinstance(held, ast.Attribute) and (held.attr, key) in fields:
        owner, words = held.value, f'{_dotted(tree, held)}[{said}]'
    elif isinstance(held, ast.Call) and getattr(held.func, "id", None) == "vars" and len(held.args) == 1 \
            and key in names:
        owner = held.args[0]
        words = f'vars({_dotted(tree, owner)})[{said}]' if id(owner) in tree.chain else None
    elif items and key in names:
        owner, words = held, f'{_dotted(tree, held)}[{said}]'
    else:
        return None
    own = tree.chain.get(id(owner))
    return None if own is None or words is None else (own, words)


def _str_key(tree, key) -> str | None:
    """The text KEY stands for: a string constant (`"grad"`), or a name the module binds once, at its top, to one
    and binds nowhere else (`GRAD = "grad"` ... `self._store[GRAD]`: session 42, before no line); else None."""
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        return key.value
    if not isinstance(key, ast.Name):
        return None
    constants = getattr(tree, "_str_constants", None)
    if constants is None:
        top, bound = {}, {}
        for node in ast.walk(tree.tree):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, (ast.AnnAssign, ast.AugAssign, ast.For)) else []
            names = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)
                     and isinstance(n.ctx, ast.Store)]
            names += [n.name for n in [node] if isinstance(node, (*FUNCTIONS, ast.ClassDef))]
            names += [a for n in [node] if isinstance(node, (ast.Global, ast.Nonlocal)) for a in n.names]
            for name in names:
                bound[name] = bound.get(name, 0) + 1
        for statement in tree.tree.body:  # `GRAD = "grad"`, `DATA, GRAD = "data", "grad"`
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                pairs = [(statement.targets[0], statement.value)]
                if isinstance(statement.targets[0], ast.Tuple) and isinstance(statement.value, ast.Tuple) \
                        and len(statement.targets[0].elts) == len(statement.value.elts):
                    pairs = list(zip(statement.targets[0].elts, statement.value.elts))
                for target, value in pairs:
                    if isinstance(target, ast.Name) and isinstance(value, ast.Constant) and isinstance(value.value,
                                                                                                        str):
                        top[target.id] = value.value
        constants = tree._str_constants = {name: text for name, text in top.items() if bound.get(name) == 1}
    return constants.get(key.id)


def slot_writes(tree, parents, names):
    """(line, `self._store["grad"]`, functions, rule) for each `=` into a gradient kept under a key (grad_slots: a
    dict a `grad` property reads, the instance's `vars(self)`, the cells a `__setattr__` proxy routes to) inside a
    backward rule (a closure, a helper the rules call, or the walk), whose value reads some gradient but not the
    node's own: `self._store["grad"] = other.data * out._store["grad"]` is `self.grad = other.data * out.grad`
    (session 41; before: no line). One under a test of the node's own gradient sets one that was not there."""
    slots = grad_slots(tree, names)
    found = []
    for node in tree.nodes(ast.Assign):
        tree.in_time()
        if len(node.targets) != 1 or _is_number(node.value):
            continue
        slot = _slot_of(tree, node.targets[0], slots, names)
        if slot is None:
            continue
        own, words = slot
        read = [_slot_of(tree, n, slots, names) for n in ast.walk(node.value)]
        read = {r[0] for r in read if r is not None}
        functions = _enclosing(node, parents)
        if not (read or _reads_any_grad(node.value, names)) or own in read or _reads_own(tree, node.value, own, names) \
                or not _in_a_rule(tree, parents, functions):
            continue
        if _guarded_own(tree, node, own, names) or _slot_tested(tree, node, own, slots, names) \
                or pulled_sum(tree, node.value, own, parents):
            continue
        found.append((node.lineno, words, functions, rule_of(tree, parents, node, functions)))
    return found


def _slot_tested(tree, node, own, slots, names) -> bool:
    """Whether NODE sits under a test that reads the gradient kept under a key of the object whose chain is OWN
    (`if self._store["grad"] is None:`)."""
    current = tree.parents.get(node)
    while current is not None and not isinstance(current, FUNCTIONS):
        if isinstance(current, (ast.If, ast.IfExp, ast.While)) and any(
                (_slot_of(tree, n, slots, names) or (None,))[0] == own for n in ast.walk(current.test)):
            return True
        current = tree.parents.get(current)
    return False


def helper_writes(tree, parents, names):
    """(line, `node.grad`, functions, None) for each `p.grad = q` in a function the rules call, p and q two of its
    parameters (`def _add_into(node, amount): node.grad = amount`), where some call of it in a rule hands q a value
    that reads some gradient but not p's own (`_add_into(self, out.grad)`): the one `=` every rule adds through
    (strangersx38; before: no line). A call that hands q the sum (`_set(self, self.grad + out.grad)`) is no `=`.
    A helper named as a gradient's setter (`def set_grad(node, g): node.m_grad = g`) writes it whatever its field
    (session 39)."""
    found, readers = [], names | grad_accessors(tree)[1]
    for node in tree.nodes(ast.Assign):
        tree.in_time()
        target = node.targets[0]
        if len(node.targets) != 1 or not isinstance(target, ast.Attribute) or not isinstance(target.value, ast.Name) \
                or not isinstance(node.value, ast.Name):
            continue
        functions = _enclosing(node, parents)
        if target.attr not in names and not (functions and _SETTER_NAME.match(functions[0].name)):
            continue
        if len(functions) != 1 or functions[0].name not in _called_in_rules(tree, parents) \
                or superseded(functions[0], tree.tree, parents):
            continue
        params = [a.arg for a in functions[0].args.args]
        if target.value.id not in params or node.value.id not in params or target.value.id == node.value.id:
            continue
        if any(_drops_own(tree, parents, call, functions[0], target.value.id, node.value.id, readers)
               for call in tree.nodes(ast.Call)):
            found.append((node.lineno, _dotted(tree, target), functions, None))
    return found


def _drops_own(tree, parents, call, helper, node_param, amount_param, names) -> bool:
    """Whether CALL, in a rule, calls HELPER with an amount (its parameter AMOUNT_PARAM) that reads some gradient
    but not the gradient of the node it hands in as NODE_PARAM (a method's call, `self._add(...)`, hands `self`
    first)."""
    func = call.func
    if called_name(func) != helper.name or call.keywords or len(_enclosing(call, parents)) < 2:
        return False
    params = [a.arg for a in helper.args.args]
    shift = len(params) - len(call.args)
    at, amount_at = params.index(node_param) - shift, params.index(amount_param) - shift
    if shift not in (0, 1) or (shift and not isinstance(func, ast.Attribute)) or min(at, amount_at) < 0:
        return False
    amount, own = call.args[amount_at], tree.chain.get(id(call.args[at]))
    return own is not None and _reads_any_grad(amount, names) and not _reads_own(tree, amount, own, names)


_SETTER_NAME = re.compile(r"^_*set_?grad(?:ient)?$", re.IGNORECASE)
_TABLE_NAME = re.compile(r"^_*(g|grads?|gradients?|adj\w*|adjoints?)$", re.IGNORECASE)


def adjoint_table_writes(tree, parents):
    """(line, `g[a]`, functions, None) for each `D[k] = E` in a loop, where D is a table of gradients (a dict or
    list named so: `g`, `grads`, `adjoints`; or one the same function seeds with 1: `g[root] = 1`) and E reads
    another entry of D but not D[k] itself (`g[a] = v[b] * g[out]`: the `=` of a walk over a table of adjoints,
    session 37; before: no line). A write under a test of D (`if k not in g:`) sets an entry that was not there;
    a key that is not a name, an attribute chain or a constant is not compared (no line)."""
    found = []
    for node in tree.nodes(ast.Assign):
        tree.in_time()
        if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Subscript) or _is_number(node.value):
            continue
        target = node.targets[0]
        table, key = tree.chain.get(id(target.value)), _key_of(tree, target.slice)
        functions = _enclosing(node, parents)
        if table is None or key is None or not functions or not _in_a_loop(node, functions[0], parents):
            continue
        reads = [_key_of(tree, r.slice) for r in ast.walk(node.value)
                 if isinstance(r, ast.Subscript) and tree.chain.get(id(r.value)) == table]
        reads += [_key_of(tree, c.args[0]) for c in ast.walk(node.value) if isinstance(c, ast.Call) and c.args
                  and isinstance(c.func, ast.Attribute) and c.func.attr == "get" and tree.chain.get(id(c.func.value))
                  == table]
        if not reads or key in reads or None in reads or _test_reads(tree, node, table) \
                or (key[0] == "name" and pulled_sum(tree, node.value, key[1], parents)):
            continue
        if not (_TABLE_NAME.match(_dotted(tree, target.value).rpartition(".")[2])
                or table in _seeded(tree, functions[0])):
            continue
        found.append((node.lineno, f"{_dotted(tree, target.value)}[{key[2]}]", functions, None))
    return found


def _key_of(tree, expr):
    """A key comparable without evaluating it: ("name", its chain's id, its words) for a name or an attribute
    chain, ("const", value, words) for a constant, ("call", ids, words) for a call of one of those on one
    (`id(node)`); None otherwise."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, (int, str)) and not isinstance(expr.value, bool):
        return ("const", expr.value, repr(expr.value)[:40])
    if isinstance(expr, (ast.Name, ast.Attribute)) and id(expr) in tree.chain:
        return ("name", tree.chain[id(expr)], _dotted(tree, expr))
    if isinstance(expr, ast.Call) and len(expr.args) == 1 and not expr.keywords and id(expr.func) in tree.chain:
        inner = _key_of(tree, expr.args[0])  # `id(node)`, `key(node)`
        if inner is not None and inner[0] == "name":
            return ("call", (tree.chain[id(expr.func)], inner[1]), f"{_dotted(tree, expr.func)}({inner[2]})")
    return None


def _in_a_loop(node, function, parents) -> bool:
    current = parents.get(node)
    while current is not None and current is not function:
        if isinstance(current, (ast.For, ast.While, ast.comprehension)):
            return True
        current = parents.get(current)
    return False


def _test_reads(tree, node, table) -> bool:
    """Whether NODE sits under a test (`if`, `while`, a conditional expression) that reads TABLE at all."""
    current = tree.parents.get(node)
    while current is not None and not isinstance(current, FUNCTIONS):
        if isinstance(current, (ast.If, ast.IfExp, ast.While)) and table in _chains_in(tree, current.test) | {
                tree.chain.get(id(n)) for n in ast.walk(current.test) if isinstance(n, ast.Name)}:
            return True
        current = tree.parents.get(current)
    return False


def _seeded(tree, function) -> frozenset:
    """The tables FUNCTION sets some entry of to the number 1 (`g[self.name] = 1`: the seed of a backward pass),
    by chain id; once per function."""
    memo = tree.__dict__.setdefault("_seeded_tables", {})
    if id(function) not in memo:
        memo[id(function)] = (function, frozenset(
            tree.chain.get(id(n.targets[0].value)) for n in ast.walk(function) if isinstance(n, ast.Assign)
            and len(n.targets) == 1 and isinstance(n.targets[0], ast.Subscript)
            and isinstance(n.value, ast.Constant) and _is_number(n.value) and n.value.value == 1))
    return memo[id(function)][1]


def _reads_own(tree, expr, own, readers) -> bool:
    """Whether EXPR reads the gradient of the object whose chain is OWN (`self._grad`, `self.getGrad()`)."""
    return any(isinstance(n, ast.Attribute) and n.attr in readers and tree.chain.get(id(n.value)) == own
               for n in ast.walk(expr))


def _guarded_own(tree, node, own, readers) -> bool:
    current = tree.parents.get(node)
    while current is not None and not isinstance(current, FUNCTIONS):
        if isinstance(current, (ast.If, ast.IfExp, ast.While)) and _reads_own(tree, current.test, own, readers):
            return True
        current = tree.parents.get(current)
    return False

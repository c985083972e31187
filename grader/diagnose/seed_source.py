"""The seed in a student's source: whether `backward()` sets the output's gradient to 1 (read as a syntax tree,
never executed), for the `no-seed` hint (hints.py) and the seed facts.

The seed may be set in backward() itself (`self.grad = 1`, `grads = {self: 1.0}`, `def backward(self, seed=1.0)`)
or in what it calls: a method or a function of the same file (`Graph(self).backpropagate()`, `self._seed()`),
followed through their calls in turn. Session 28: an engine whose backward() was `Graph(self).backpropagate()`,
the seed set there, was told "`backward()` never sets the output's gradient to 1" beside the walk in the wrong
order. Session 34: one whose backward() was `backpropagate(self)`, imported from its own graph.py (`from graph
import backpropagate`), was told so too: a call to a function of another of the student's modules is code this
file does not hold, which may set the seed, so nothing is claimed about it. Session 36: where that module is one
of the submission's own and backward() hands the walk to one function of it, that function (with what it calls in its
file) is read too: if it sets no gradient to what may be 1 and hands the work on nowhere, the hint is said at its
`def` in that module (a seed left out of `walker.backprop`, after `import walker`, had no line).
"""

from __future__ import annotations

import ast

from ..i18n import msg, said
from .handed_on import handed_on
from .source_patterns import _classes_with_backward
from .accessors import grad_accessors
from .source_tree import FUNCTIONS


def can_be_one(value, ones=frozenset()) -> bool:
    """Whether an expression written in a seed's place may give 1: the literal 1 (or 1.0), `float(1)`, a
    name in `ones` (see `names_of_one`), either side of a choice made at run time, `1.0 if grad is None
    else grad`, `grad or 1.0` (a backward() taking an optional seed), or the default of a lookup,
    `options.get("gradient", 1.0)` (_default_of_a_lookup)."""
    if isinstance(value, ast.Constant):
        return type(value.value) in (int, float) and value.value == 1
    if isinstance(value, ast.Name):
        return value.id in ones
    if isinstance(value, ast.IfExp):
        return can_be_one(value.body, ones) or can_be_one(value.orelse, ones)
    if isinstance(value, ast.BoolOp):
        return any(can_be_one(v, ones) for v in value.values)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("float", "int") \
            and len(value.args) == 1 and not value.keywords:
        return can_be_one(value.args[0], ones)
    looked_up = _default_of_a_lookup(value)
    return looked_up is not None and can_be_one(looked_up, ones)


def _default_of_a_lookup(value):
    """The default a lookup falls back on, `options.get("gradient", 1.0)`, `kwargs.pop("seed", 1.0)`,
    `getattr(self, "seed", 1.0)` (a backward() taking `**options`: session 38's strangers, told "never sets the
    output's gradient to 1" beside the gradient that started at 1); None for any other expression."""
    if not isinstance(value, ast.Call) or value.keywords:
        return None
    func = value.func
    if isinstance(func, ast.Attribute) and func.attr in ("get", "pop", "setdefault") and len(value.args) == 2:
        return value.args[1]
    if isinstance(func, ast.Name) and func.id == "getattr" and len(value.args) == 3:
        return value.args[2]
    return None


def names_of_one(function) -> frozenset:
    """The local names of `function` that may hold 1 where a seed is set from them: a parameter whose default
    may be 1 (`seed=1.0`), a name assigned such a value (`if grad is None: grad = 1.0`), followed through
    plain copies (`g = grad`) until nothing new is found."""
    args = function.args
    positional = args.posonlyargs + args.args
    ones = {a.arg for a, d in zip(positional[len(positional) - len(args.defaults):], args.defaults)
            if can_be_one(d)}
    ones |= {a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None and can_be_one(d)}
    assigns = [(t.id, node.value) for node in ast.walk(function) if isinstance(node, ast.Assign)
               for t in node.targets if isinstance(t, ast.Name)]
    while True:
        more = {name for name, value in assigns if name not in ones and can_be_one(value, ones)}
        if not more:
            return frozenset(ones)
        ones |= more


def _reached(function, tree):
    """FUNCTION, and the functions and methods of TREE it calls by name (`f()`, `x.f()`, `Graph(...)`'s methods),
    in turn: defined anywhere in the file."""
    if tree is None:
        return [function]
    by_name = {}
    for defined in tree.nodes(*FUNCTIONS):
        by_name.setdefault(defined.name, []).append(defined)
    classes = {c.name: [f for f in c.body if isinstance(f, FUNCTIONS)] for c in tree.nodes(ast.ClassDef)}
    reached, pending = [function], [function]
    while pending:
        tree.in_time()
        for node in tree.calls_in(pending.pop()):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            for called in by_name.get(name, []) + classes.get(name, []):
                if called not in reached:
                    reached.append(called)
                    pending.append(called)
    return reached


def _sets_one_itself(function, setters=frozenset()):
    """Whether FUNCTION sets some gradient to what may be 1 itself: an assignment, a dict holding 1, a default of 1,
    or a call of one of SETTERS (accessors.grad_accessors: `self.setGrad(1.0)`, session 37)."""
    ones = names_of_one(function)
    for node in ast.walk(function):
        if setters and isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in setters and len(node.args) == 1 and can_be_one(node.args[0], ones):
            return True
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            if value is not None and any(isinstance(t, (ast.Attribute, ast.Subscript)) for t in targets) \
                    and can_be_one(value, ones):
                return True
        if isinstance(node, ast.Dict) and any(isinstance(v, ast.Constant) and v.value == 1 for v in node.values):
            return True  # grads = {self: 1.0}
        if isinstance(node, ast.arguments) and any(isinstance(d, ast.Constant) and d.value == 1
                                                   for d in node.defaults + node.kw_defaults if d is not None):
            return True  # def backward(self, seed=1.0)
    return False


def backward_functions(tree) -> list:
    """The functions of TREE that are a class's `backward()`: a method so named; else a method bound to that name
    in the class's body (`backward = retropropagar`), or a function of the module bound to it at the module's top
    (`Value.backward = Backward`, as a port from Go or C writes it; `setattr(Value, "backward", Backward)`).
    Session 36: the second and third were no `backward()` to this reading, so a seed it never sets and a walk
    forwards in it were said without their line. Session 37: a binding among others, `relu, backward = 正規化線形,
    逆伝播` (bound_pairs), was none either."""
    found = [f for c in _classes_with_backward(tree) for f in c.body if isinstance(f, FUNCTIONS)
             and f.name == "backward"]
    if found:
        return found
    module = tree.tree
    defined = {f.name: f for f in module.body if isinstance(f, FUNCTIONS)}
    for cls in tree.nodes(ast.ClassDef):
        methods = {f.name: f for f in cls.body if isinstance(f, FUNCTIONS)}
        found += [methods[value.id] for node in cls.body for target, value in bound_pairs(node)
                  if isinstance(value, ast.Name) and value.id in methods
                  and isinstance(target, ast.Name) and target.id == "backward"]
    for node in module.body:
        bound = next((value.id for target, value in bound_pairs(node) if isinstance(value, ast.Name)
                      and isinstance(target, ast.Attribute) and target.attr == "backward"), None)
        if bound is None and isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and \
                isinstance(node.value.func, ast.Name) and node.value.func.id == "setattr" and \
                len(node.value.args) == 3 and isinstance(node.value.args[1], ast.Constant) and \
                node.value.args[1].value == "backward" and isinstance(node.value.args[2], ast.Name):
            bound = node.value.args[2].id
        if bound in defined and defined[bound] not in found:
            found.append(defined[bound])
    return found


def bound_pairs(statement) -> list:
    """[(target, value)] that an assignment binds: `a = b = f` gives (a, f) and (b, f); `x, y = f, g` (a tuple or
    list of as many names on each side) gives (x, f) and (y, g); anything else, nothing."""
    if not isinstance(statement, ast.Assign):
        return []
    pairs = []
    for target in statement.targets:
        if isinstance(target, (ast.Tuple, ast.List)):
            value = statement.value
            if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts) and \
                    not any(isinstance(e, ast.Starred) for e in target.elts + value.elts):
                pairs += zip(target.elts, value.elts)
        else:
            pairs.append((target, statement.value))
    return pairs


def _takes_the_root_alone(function) -> bool:
    """Whether FUNCTION takes one argument and no more (`def backprop(root)`): nothing else may carry a seed in."""
    args = function.args
    return len(args.posonlyargs + args.args) + len(args.kwonlyargs) == 1 and not args.vararg and not args.kwarg


def _called_by_the_student(method) -> bool:
    """Whether `backward` is the one a student calls, `out.backward()`: a method with no required argument
    but self. A class per operation's `backward(ctx, grad)` (a staticmethod, as tinygrad and
    torch.autograd.Function write it) is a rule, and no seed belongs in it."""
    if any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in method.decorator_list):
        return False
    args = method.args
    return len(args.posonlyargs + args.args) - len(args.defaults) <= 1 and \
        all(d is not None for d in args.kw_defaults)


def no_seed(tree, filename, files=None):
    for method in backward_functions(tree):
        reached = _reached(method, tree)
        setters = grad_accessors(tree)[0]
        if not _called_by_the_student(method) or any(_sets_one_itself(f, setters) for f in reached):
            continue
        handed = handed_on(reached, tree, files, filename)
        if not handed:
            return [_no_seed_hint(filename, method.lineno, msg(
                "`backward` on line {line} walks the graph, but nothing in it sets `self.grad = 1` first "
                "(dL/dL = 1). Every rule multiplies by `out.grad`, so with the seed left at 0 every gradient "
                "stays 0.", line=method.lineno))]
        walk = _unseeded_hand_over(handed, tree, files)
        if walk is not None:
            module, function = walk
            return [_no_seed_hint(module, function.lineno, msg(
                "`backward` hands the walk to `{function}` in {file}, but nothing there sets the output's "
                "gradient to 1 first (dL/dL = 1). Every rule multiplies by `out.grad`, so with the seed left at "
                "0 every gradient stays 0.", function=function.name, file=module))]
    return []


def _no_seed_hint(file, line, explanation):
    """The no-seed hint placed at `file`'s `line` (the backward that never seeds, or the walk it hands on to)."""
    return said({"kind": "hint", "hint": "no-seed", "file": file, "line": line, "tests": []},
                title=msg("`backward()` never sets the output's gradient to 1"), explanation=explanation)


def _unseeded_hand_over(handed, tree, files):
    """(the module, the function backward() hands the walk to) where backward() hands its work to one module of the
    submission's own (handed_on.py), by one top-level function of it (with what that calls in its file), and nothing
    there sets a gradient to what may be 1 nor hands the work on again (session 36: such a seed left out had no
    line); else None: a module the submission does not hold, a class of it, or several functions, may set the seed
    in code not read here."""
    from .source_tree import tree_of

    if len(handed) != 1 or handed[0][0] is None or len(handed[0][1]) != 1:
        return None
    module, names = handed[0]
    other = tree_of(files, module)
    if other is None:
        return None
    other.deadline = tree.deadline
    starts = [f for f in other.tree.body if isinstance(f, FUNCTIONS) and f.name in names]
    if len(starts) != 1 or not _takes_the_root_alone(starts[0]):
        return None  # several functions, or one handed more than the root (`backprop(self, 1.0)`: a seed maybe)
    reached = _reached(starts[0], other)
    setters = grad_accessors(other)[0]
    if any(_sets_one_itself(g, setters) for g in reached) or handed_on(reached, other, files, module):
        return None
    return module, starts[0]

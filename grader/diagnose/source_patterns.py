"""The classic mistakes the static hints look for, found in a student's syntax tree (never executed).

Each finder takes a walked tree (source_tree.py) and returns hint entries
(hints.py describes them); each checks the budget as it goes.
"""

from __future__ import annotations

import ast
import re

from ..i18n import msg, nmsg, said
from ..parsing import called_name
from .generators import passes_a_gradient
from .pulled import pulled_sum
from .rule_owner import in_a_lambda_in_a_function, reads_a_gradient, rule_of
from .grad_names import grad_names
from .source_tree import FUNCTIONS, children, superseded

_SORT_NAME = re.compile(r"topo|sort|order|dfs|visit|walk|build|trace|collect", re.IGNORECASE)
_RESET_NAME = re.compile(r"zero|reset|clear|init", re.IGNORECASE)


def _enclosing(node, parents):
    """The functions `node` is inside, innermost first."""
    functions = []
    current = parents.get(node)
    while current is not None:
        if isinstance(current, FUNCTIONS):
            functions.append(current)
        current = parents.get(current)
    return functions


def _own_body_nodes(function):
    """Every node inside `function`, not descending into functions or classes defined in it."""
    stack = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        for child in children(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(child)


def _calls_itself(function, is_method, shared_names=frozenset()):
    """The line of a call in `function` to itself, or None.

    A call of the same name is not always a call to itself. A method `backward` that calls
    `node._fn.backward(ctx, g)` (a class per operation, as tinygrad and torch.autograd.Function
    write it) calls another class's method: a call whose arguments cannot bind to the function's
    parameters is not to it, nor, when another class of the file defines a method of that name
    (`shared_names`), a call on an attribute (`node._fn.`, `self._ctx.`), which holds that other object, or on a
    name the function binds otherwise than by walking (`f = funcs.pop(); f.backward(*gys)`, Deep Learning from
    Scratch's Variable over its Functions: 63/63 and told "`backward` ... is recursive" before session 29);
    a name a `for` walks (`for child in self._prev: child.backward()`) is still a call to itself.
    """
    walked = _loop_targets(function) if function.name in shared_names else frozenset()
    for node in _own_body_nodes(function):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id == function.name and not is_method:
            if _could_bind(node, function, is_method):
                return node.lineno
        if isinstance(f, ast.Attribute) and f.attr == function.name and is_method:
            if function.name in shared_names and (isinstance(f.value, (ast.Attribute, ast.Call)) or (
                    isinstance(f.value, ast.Name) and f.value.id not in walked and f.value.id != receiver_of(function))):
                continue
            if _could_bind(node, function, is_method):
                return node.lineno
    return None


def _loop_targets(function):
    """The names `function`'s own `for` statements and comprehensions bind as they walk."""
    names = set()
    for node in _own_body_nodes(function):
        targets = [node.target] if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) else []
        for target in targets:
            names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    return frozenset(names)


def receiver_of(function):
    """The name FUNCTION's first positional parameter gives its receiver (`self`), or None."""
    positional = [*function.args.posonlyargs, *function.args.args]
    return positional[0].arg if positional else None


def _could_bind(call, function, is_method):
    """Whether `call`'s arguments fit `function`'s parameters (a `*args` or `**kwargs` in the call fits anything)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return True
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    decorators = {d.id for d in function.decorator_list if isinstance(d, ast.Name)}
    if is_method and "staticmethod" not in decorators:
        positional = positional[1:]  # self, or cls, is the receiver
        defaults = args.defaults[-len(positional):] if positional else []
    else:
        defaults = args.defaults
    if len(call.args) > len(positional) and args.vararg is None:
        return False
    given = {a.arg for a in positional[:len(call.args)]}
    accepted = {a.arg for a in positional} | {a.arg for a in args.kwonlyargs}
    for keyword in call.keywords:
        if keyword.arg in given or (keyword.arg not in accepted and args.kwarg is None):
            return False
        given.add(keyword.arg)
    required = [a.arg for a in positional[:len(positional) - len(defaults)]]
    required += [a.arg for a, default in zip(args.kwonlyargs, args.kw_defaults) if default is None]
    return all(name in given for name in required)


def _methods_in_several_classes(tree, parents):
    """The method names that more than one class of the file defines."""
    counts: dict[str, int] = {}
    for node in tree.nodes(*FUNCTIONS):
        if isinstance(parents.get(node), ast.ClassDef):
            counts[node.name] = counts.get(node.name, 0) + 1
    return frozenset(name for name, count in counts.items() if count > 1)


def _raises_recursion_limit(tree):
    """Whether the file calls `sys.setrecursionlimit` (or an imported `setrecursionlimit`)."""
    for node in tree.nodes(ast.Call):
        if called_name(node.func) == "setrecursionlimit":
            return True
    return False


def _reached_from_backward(tree):
    """The names of the functions a `backward` of the file calls, directly or through the file's functions it calls
    (by name: `build_topo(self)`, `self._topo()`); None where the file has no `backward` (a helper module's sort)."""
    functions: dict[str, list] = {}
    for node in tree.nodes(*FUNCTIONS):
        functions.setdefault(node.name, []).append(node)
    todo = [f for name, found in functions.items() if "backward" in name.lower() for f in found]
    if not todo:
        return None
    reached: set[str] = set()
    while todo:
        tree.in_time()
        for node in tree.calls_in(todo.pop()):
            name = called_name(node.func)
            if name is not None and name not in reached:
                reached.add(name)
                todo.extend(functions.get(name, ()))
    return reached


def recursive_sorts(tree, parents, filename):
    hints = []
    if _raises_recursion_limit(tree):
        # The hint's words ("Python stops at about 1,000") would be untrue; whether the raised limit is
        # enough is the deep-chain test's to say, and its failure names the recursion itself.
        return hints
    shared_names = _methods_in_several_classes(tree, parents)
    reached = _reached_from_backward(tree)
    for node in tree.nodes(*FUNCTIONS):
        tree.in_time()
        if node.name.startswith("__"):
            continue
        is_method = isinstance(parents.get(node), ast.ClassDef)
        in_backward = any("backward" in f.name.lower() for f in [node, *_enclosing(node, parents)])
        if not (in_backward or _SORT_NAME.search(node.name)):
            continue
        if not in_backward and reached is not None and not any(
                f.name in reached for f in [node, *_enclosing(node, parents)]):
            continue  # micrograd's lecture `trace(root)`, its recursive `build` for draw_dot: not backward's sort
        if _calls_itself(node, is_method, shared_names) is None:
            continue
        # structural, and correct as it is on small graphs: one line, shown below the costly mistakes
        hints.append(said(
            {"kind": "hint", "hint": "recursive-topo", "brief": True, "file": filename, "line": node.lineno,
             "tests": []},
            title=msg("Your topological sort calls itself once per node"),
            explanation=msg("`{function}` on line {line} is recursive, so a graph deeper than about 1,000 nodes "
                            "raises RecursionError; an explicit stack avoids that.", function=node.name,
                            line=node.lineno)))
        break  # one is enough
    return hints


def _chains_in(tree, expr):
    """The interned ids of every attribute chain `expr` reads (one walk of `expr`)."""
    found, stack = set(), [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Attribute) and id(node) in tree.chain:
            found.add(tree.chain[id(node)])
        stack.extend(children(node))
    return found


def _reads_any_grad(expr, names=frozenset({"grad"})):
    """Whether `expr` reads some `x.grad` (a backward rule's `out.grad`, or the node's own), by any of NAMES
    (grad_names.grad_names)."""
    return any(isinstance(n, ast.Attribute) and n.attr in names for n in ast.walk(expr))


def _is_number(expr):
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and isinstance(expr.value, (int, float)) \
        and not isinstance(expr.value, bool)


def _guarded_by(tree, node, chain):
    """Whether `node` sits under an `if` (or a conditional expression) whose test reads the same attribute:
    `if x.grad is None: x.grad = ...` sets a gradient that was not there, and throws nothing away."""
    current = tree.parents.get(node)
    while current is not None and not isinstance(current, FUNCTIONS):
        if isinstance(current, (ast.If, ast.IfExp, ast.While)) and chain in _chains_in(tree, current.test):
            return True
        current = tree.parents.get(current)
    return False


def _dotted(tree, target):
    """`self.grad`, without unparsing (a chain of names only; anything else is `….grad`)."""
    parts, node = [], target
    while isinstance(node, ast.Attribute) and len(parts) < 8:
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name) and len(parts) < 8:
        parts.append(node.id)
        return ".".join(reversed(parts))
    return "…." + ".".join(reversed(parts[:2]))


def _in_the_walk(node, function, parents, names=frozenset({"grad"})):
    """Whether `node` (a `x.grad = ...` reading some gradient, itself or through a local name that holds one:
    `g = node.grad` ... `p.grad = d * g`, rule_owner.reads_a_gradient) is in a loop of a method named like
    `backward`: a generic walk that applies every op's edges itself (`parent.grad = local * node.grad`), its one
    line every op's rule runs. A number (the seed) is not read here: the caller skips it."""
    if "backward" not in function.name.lower() or not reads_a_gradient(node.value, function, names):
        return False
    current = parents.get(node)
    while current is not None and current is not function:
        if isinstance(current, (ast.For, ast.While)):
            return True
        current = parents.get(current)
    return False


def _called_in_rules(tree, parents):
    """The names called inside nested functions (the rules: `self._accumulate(...)`, `_pass(out, ...)`, and a
    lambda's `out.rule = lambda: self._mul_rule(other, out)`: session 40), found once per tree: a helper by one of
    these names, assigning a gradient, writes the line every rule runs."""
    if not hasattr(tree, "called_in_rules"):
        tree.called_in_rules = set()
        for call in tree.nodes(ast.Call):
            tree.in_time()
            name = getattr(call.func, "attr", None) or getattr(call.func, "id", None)
            if name and (len(_enclosing(call, parents)) >= 2 or in_a_lambda_in_a_function(call, parents)):
                tree.called_in_rules.add(name)
    return tree.called_in_rules


def grad_assignments(tree, parents, filename, more=()):
    """The `assign-grad` hint: each `x.grad = ...` that throws away a gradient already received, with MORE (rows of
    the same shape found otherwise: overwrites.py's setters and tables of adjoints) said beside them."""
    lines, names = [], grad_names(tree)
    for node in tree.nodes(ast.Assign):
        tree.in_time()
        if _is_number(node.value):
            continue
        targets = []
        for target in node.targets:
            targets.extend(target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target])
        grad_targets = [t for t in targets if isinstance(t, ast.Attribute) and t.attr in names]
        if not grad_targets:
            continue
        functions = _enclosing(node, parents)
        if not functions or _RESET_NAME.search(functions[0].name):
            continue  # at module level, or in a reset
        rule = rule_of(tree, parents, node, functions)
        if len(functions) < 2 and not (_in_the_walk(node, functions[0], parents, names) or (
                _reads_any_grad(node.value, names) and functions[0].name in _called_in_rules(tree, parents)) or (
                rule is not None and reads_a_gradient(node.value, functions[0], names)) or (
                passes_a_gradient(tree, parents, node, functions[0], names))):
            # not in a closure, nor in the loop of a generic walk, nor in a helper the rules call (or one op's: a
            # `case Mul(...)` of a `match`, a helper registered to `__mul__`) that passes a gradient on
            # (`node.grad = local * self.grad`; `self.grad = g` may be handed a sum made elsewhere), nor in a
            # generator that does (a rule the walk resumes, a coroutine sent `local * node.grad`, a loop over a
            # generator yielding it: generators.py)
            continue
        if superseded(functions[-1], tree.tree, parents):
            continue  # a draft a later statement replaces (a notebook's next cell): it never runs
        if any("backward" in f.name.lower() for f in functions[1:]) and not _reads_any_grad(node.value, names):
            continue  # a helper inside backward() writing back totals it summed itself (`n.grad = total[n]`)
        read = _chains_in(tree, node.value)
        for target in grad_targets:
            chain = tree.chain.get(id(target))
            if chain not in read and not _guarded_by(tree, node, chain) \
                    and not pulled_sum(tree, node.value, tree.chain.get(id(target.value)), parents):
                lines.append((node.lineno, _dotted(tree, target), functions, rule))
                break
    lines = sorted([*lines, *more], key=lambda found: found[0])
    if not lines:
        return []
    line, target, functions, _ = lines[0]
    closure, op = functions[0].name, functions[min(1, len(functions) - 1)].name
    where = msg("`{closure}` (in `{op}`)", closure=closure, op=op) if op != closure else f"`{closure}`"
    if isinstance(target, tuple):  # a setter's call (`self.setGrad(out.getGrad())`): its words say so
        explanation = msg(
            "Line {line}: {where} calls `{call}(...)` with a value that leaves out the gradient the node already "
            "had, which throws it away. A node used more than once gets gradient along every path, and the "
            "contributions must add up. Pass the sum: `{call}({getter}() + ...)`.", line=line, where=where,
            call=target[0], getter=target[1])
    elif len(lines) > 1:
        explanation = nmsg(
            "Line {line} (and {n} more line): {where} assigns `{target} = ...`, which throws away whatever "
            "gradient the node had already received. A node used more than once gets gradient along every path, "
            "and the contributions must add up. Use `+=`.",
            "Line {line} (and {n} more lines): {where} assigns `{target} = ...`, which throws away whatever "
            "gradient the node had already received. A node used more than once gets gradient along every path, "
            "and the contributions must add up. Use `+=`.", "n", n=len(lines) - 1, line=line, where=where,
            target=target)
    else:
        explanation = msg(
            "Line {line}: {where} assigns `{target} = ...`, which throws away whatever gradient the node had "
            "already received. A node used more than once gets gradient along every path, and the "
            "contributions must add up. Use `+=`.", line=line, where=where, target=target)
    # each line with the function it serves: an op's own rule (`relu`), or one every op runs (`backward`'s walk,
    # a shared helper): diagnose/same_line.py places each `=` finding at its op's own line
    # (`rule`: the op method a helper or a `case` of a `match` serves, diagnose/rule_owner.py)
    places = [{"line": n, "function": (fs[1] if len(fs) > 1 else fs[0]).name, **({"rule": rule} if rule else {})}
              for n, _, fs, rule in lines]
    return [said({"kind": "hint", "hint": "assign-grad", "file": filename, "line": line,
                  "lines": [n for n, _, _, _ in lines], "places": places, "tests": []},
                 title=msg("A backward rule sets `grad` with `=` instead of adding to it"), explanation=explanation)]


def _classes_with_backward(tree):
    return [c for c in tree.nodes(ast.ClassDef)
            if any(isinstance(f, FUNCTIONS) and f.name == "backward" for f in c.body)]


def backward_assignments(tree, filename):
    """`self.backward = ...` in a class with a `backward` method; `out.backward = _backward` in an op."""
    classes = _classes_with_backward(tree)
    if not classes:
        return []
    hints = []
    for node in tree.nodes(ast.Assign):
        tree.in_time()
        for target in node.targets:
            if not (isinstance(target, ast.Attribute) and target.attr == "backward"):
                continue
            functions = _enclosing(node, tree.parents)
            if not functions:
                continue
            in_class = any(tree.parents.get(functions[-1]) is c for c in classes)
            owner = target.value.id if isinstance(target.value, ast.Name) else None
            value = node.value
            if owner == "self" and functions[0].name == "__init__" and in_class:
                hints.append(said(
                    {"kind": "hint", "hint": "backward-shadowed", "file": filename, "line": node.lineno, "tests": []},
                    title=msg("`self.backward = …` in `__init__` hides your `backward()` method"),
                    explanation=msg(
                        "Line {line} gives every Value an attribute named `backward`, and an attribute set on the "
                        "object wins over the method of the same name: `y.backward()` calls it instead, so no "
                        "gradient is ever computed. The do-nothing rule of a leaf is usually called `_backward`, "
                        "with the underscore.", line=node.lineno)))
            elif owner != "self" and isinstance(value, ast.Name) and value.id.lstrip("_") == "backward":
                hints.append(said(
                    {"kind": "hint", "hint": "backward-typo", "file": filename, "line": node.lineno, "tests": []},
                    title=msg("`{owner}.backward = {rule}` should be `{owner}._backward = {rule}`", owner=owner,
                              rule=value.id),
                    explanation=msg(
                        "Line {line} (in `{function}`) stores the local rule as `backward`, which replaces the "
                        "node's `backward()` method instead of setting its `_backward`: the walk then calls the "
                        "do-nothing `_backward`, and the rule is never used.", line=node.lineno,
                        function=functions[-1].name)))
            break
    # one of each kind is enough
    seen, kept = set(), []
    for hint in hints:
        if hint["hint"] not in seen:
            seen.add(hint["hint"])
            kept.append(hint)
    return kept


def annotation_names(tree, name):
    """Lines of annotations that read `name` (e.g. `other: Value | int` inside `class Value`)."""
    lines = []
    for function in tree.nodes(*FUNCTIONS):
        args = function.args
        annotations = [a.annotation for a in [*args.posonlyargs, *args.args, *args.kwonlyargs,
                                              args.vararg, args.kwarg] if a is not None and a.annotation]
        if function.returns is not None:
            annotations.append(function.returns)
        for annotation in annotations:
            if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(annotation)):
                lines.append((annotation.lineno, function))
    return lines

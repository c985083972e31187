"""Engines written another way round, read as micrograd's closures, before their tokens are read.

micrograd makes each node in its op, with a `_backward` closure that applies that op's local derivatives.
The same engine can be written so that no op holds its closure: a shared node-making helper called with
the derivative as a lambda (InlineFactories), rules written once and bound with partial or a lambda
(bound_rules_as_closures), one backward that dispatches on an op string (dispatch_as_closures), or a node
that keeps (parent, local derivative) edges (edges.py); an op table of local derivatives is read in
tables.py. A copier restructures an engine into
one of these shapes, or out of one, to hide a copy; each is read here as the closures it stands for.
Each changes the tree in place, or returns the new tree (the NodeTransformers). The rewrites that undo a
disguise of any code (helpers, keywords, temporaries, literals) are in rewrites.py."""

from __future__ import annotations

import ast
import copy

from .canonical import may_unwrap, unwrapped
from .rewrites import drop_definitions, statement_own_nodes
from .roles import API_NAMES, api_methods, called_name, is_dunder
from .plain_module import module_classes
from .walk import bounded_size, walk


class _Put(ast.NodeTransformer):
    """Each read of a name in VALUES becomes a copy of its value (a parameter's argument, put in)."""

    def __init__(self, values: dict):
        self.values = values

    def visit_Name(self, name_node):
        if isinstance(name_node.ctx, ast.Load) and name_node.id in self.values:
            return copy.deepcopy(self.values[name_node.id])
        return name_node


class InlineFactories(ast.NodeTransformer):
    """`return self.make(x, (self,), "tanh", lambda out: 1 - out.data ** 2)` (or `..., 1 - t ** 2)`) becomes the
    helper's statements.

    A shared helper that makes a node and its closure (`out = Value(...)`, `def _backward(): ... local(out) ...`,
    `out._backward = _backward`, `return out`) is the restructuring a copier does to hide a copy, or undoes:
    every op written out in full against one helper called with each op's forward value and its derivative
    (a lambda or a value). A call that is a whole `return` statement is replaced by the helper's body, its parameters
    put in, and each call of a lambda so put in is read as the lambda's expression (`local(out)` → `1 - out.data ** 2`).
    Only straight-line helpers (assignments, a nested function, ending in `return name`) that do not reassign
    their parameters; the nodes this may add are capped with the one-line helpers' budget.
    """

    MAX_BODY = 150  # nodes of one helper's body: a longer one is a function of its own, left as a call

    def __init__(self, nodes, budget: int):
        self.helpers = {}
        methods = api_methods(nodes)
        self.budget = budget
        self.added = 0
        self.stopped = False
        for node in nodes:
            if isinstance(node, ast.FunctionDef) and not may_unwrap(node.body) and not (
                    2 <= len(node.body) <= 8 and isinstance(node.body[-1], ast.Return)
                    and isinstance(node.body[-1].value, ast.Name)):
                continue  # its block (unwrapped as it is) is not a helper's: cheap, before its size is counted
            if not (isinstance(node, ast.FunctionDef) and 1 <= len(node.body) <= 8 and not node.args.vararg
                    and not node.args.kwarg and not node.args.kwonlyargs and not node.args.defaults
                    and not is_dunder(node.name) and node.name not in methods
                    and all(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
                    and bounded_size(node, self.MAX_BODY) <= self.MAX_BODY):  # first: every walk below is then bounded
                continue
            # its body as the structure reads it (`while True: ...; break` around it runs it once)
            block = unwrapped(node.body)
            if not 2 <= len(block) <= 8:
                continue
            *body, last = block
            if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name)
                    and all(isinstance(b, (ast.Assign, ast.AugAssign, ast.FunctionDef, ast.Expr)) for b in body)):
                continue
            params = [a.arg for a in node.args.posonlyargs + node.args.args]
            inner = [n for b in body for n in statement_own_nodes(b)]
            if (any(isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom, ast.Await)) for n in inner)
                    or any(isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) and n.id in params
                           for b in body for n in walk(b))):
                continue
            # it takes the derivative as a function (a parameter it calls), or as a value its closure reads
            # straight (`self.grad += local * out.grad`): a helper whose closure loops over its parameters is a
            # call like any other (node_makers_as_class reads its calls, as a class that takes the derivatives)
            if not (any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in params
                        for b in body for n in walk(b)) or _reads_derivative(body, params)):
                continue
            self.helpers[node.name] = (params, block, bool(node.decorator_list))
        called = {id(c.func) for c in nodes if isinstance(c, ast.Call)}
        self.named = {n.id if isinstance(n, ast.Name) else n.attr for n in nodes
                      if isinstance(n, (ast.Name, ast.Attribute)) and id(n) not in called}
        self.inlined: set[str] = set()
        self.left: set[str] = set()

    def visit_FunctionDef(self, node):
        if node.name in self.helpers:
            return node  # a helper's own body is left as written (it goes, or stays, whole)
        return self.generic_visit(node)

    def visit_Return(self, node):
        call = node.value
        if not isinstance(call, ast.Call):
            return node
        func = call.func
        name = called_name(func)
        if name not in self.helpers:
            return node
        params, body, static = self.helpers[name]
        args = list(call.args)
        if isinstance(func, ast.Attribute) and not static and params and len(args) == len(params) - 1:
            args = [func.value] + args
        size = sum(bounded_size(b, self.MAX_BODY) for b in body)
        if call.keywords or len(args) != len(params) or any(isinstance(a, ast.Starred) for a in args):
            self.left.add(name)
            return node
        if self.added + size > self.budget:
            self.stopped = True
            self.left.add(name)
            return node
        self.added += size
        self.inlined.add(name)
        values = dict(zip(params, args))

        class Substitute(_Put):
            def visit_Call(self, call_node):
                self.generic_visit(call_node)
                function = call_node.func
                if (isinstance(function, ast.Lambda) and not call_node.keywords
                        and not function.args.vararg and not function.args.kwarg and not function.args.kwonlyargs
                        and len(function.args.args) == len(call_node.args)):
                    bound = {a.arg: v for a, v in zip(function.args.args, call_node.args)}
                    return _Put(bound).visit(copy.deepcopy(function.body))
                return call_node

        statements = [ast.copy_location(Substitute(values).visit(copy.deepcopy(b)), node) for b in body]
        return [ast.fix_missing_locations(s) for s in statements]

    def drop_inlined(self, tree) -> None:
        """Remove the definitions of helpers every call of which was inlined, and that are named nowhere else."""
        drop_definitions(tree, self.inlined - self.left - self.named)


def binds_rules(nodes) -> bool:
    """Whether some `x._backward = ...` binds a function: partial(f, ...), or lambda: f(...)."""
    return any(isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Attribute)
               and n.targets[0].attr == "_backward"
               and (isinstance(n.value, ast.Call) or isinstance(n.value, ast.Lambda) and isinstance(n.value.body, ast.Call))
               for n in nodes)


def bound_rules_as_closures(tree, budget: int) -> int:
    """`out._backward = partial(_mul_rule, self, other, out)` (or `lambda: _mul_rule(self, other, out)`) is read as
    the closure it stands for: `def _backward():` with the rule's body, its parameters put in.

    Backward rules written once at module level (or as methods) and bound to each node is the same engine as
    micrograd's closures, moved; a copier moves them either way. Only rules that return nothing and do not
    reassign their parameters; the nodes added are capped by BUDGET. Returns the nodes added; a rule every use
    of which was so read, and that is named nowhere else, loses its `def`.
    """
    rules = {}
    for scope in [tree] + module_classes(tree):
        for node in scope.body:
            if (isinstance(node, ast.FunctionDef)
                    and bounded_size(node, InlineFactories.MAX_BODY) <= InlineFactories.MAX_BODY
                    and not node.args.vararg and not node.args.kwarg and not node.args.kwonlyargs
                    and not node.args.defaults and not node.decorator_list
                    and not is_dunder(node.name) and (scope is tree or node.name not in API_NAMES)):
                params = [a.arg for a in node.args.posonlyargs + node.args.args]
                inner = [n for b in node.body for n in statement_own_nodes(b)]
                if params and not any(isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await))
                                      or isinstance(n, ast.Return) and n.value is not None for n in inner) \
                        and not any(isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) and n.id in params
                                    for b in node.body for n in walk(b)):
                    rules[node.name] = (params, node.body)
    if not rules:
        return 0
    added, used, kept = 0, set(), set()

    def bound(value):
        """(rule, arguments) when VALUE binds a rule: partial(rule, *args), or lambda: rule(*args)."""
        if isinstance(value, ast.Call) and not value.keywords and value.args:
            func = value.func
            if (isinstance(func, ast.Name) and func.id == "partial" or isinstance(func, ast.Attribute)
                    and func.attr == "partial") and isinstance(value.args[0], ast.Name):
                return value.args[0].id, value.args[1:]
        if (isinstance(value, ast.Lambda) and not value.args.args and not value.args.vararg
                and isinstance(value.body, ast.Call) and not value.body.keywords):
            func = value.body.func
            name = func.id if isinstance(func, ast.Name) else None
            return name, value.body.args
        return None, None

    for block_owner in list(walk(tree)):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(block_owner, field, None)
            if not isinstance(block, list):
                continue
            out = []
            for statement in block:
                name, args = (bound(statement.value) if isinstance(statement, ast.Assign)
                              and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Attribute)
                              and statement.targets[0].attr == "_backward" else (None, None))
                if name in rules and len(args) == len(rules[name][0]) and not any(isinstance(a, ast.Starred)
                                                                                    for a in args):
                    params, body = rules[name]
                    size = sum(bounded_size(b, InlineFactories.MAX_BODY) for b in body)
                    if added + size <= budget:
                        added += size
                        used.add(name)
                        values = dict(zip(params, args))
                        closure = ast.FunctionDef(
                            name="_backward", args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[],
                                                                 kw_defaults=[], defaults=[]),
                            body=[_Put(values).visit(copy.deepcopy(b)) for b in body], decorator_list=[])
                        closure = ast.copy_location(closure, statement)
                        out.append(ast.fix_missing_locations(closure))
                        out.append(ast.copy_location(ast.Assign([statement.targets[0]],
                                                                ast.Name("_backward", ast.Load())), statement))
                        continue
                    kept.add(name)
                out.append(statement)
            setattr(block_owner, field, out)
    if used:
        # a rule still named anywhere (called directly, passed on) keeps its def
        named = {n.id for n in walk(tree) if isinstance(n, ast.Name)}
        named |= {n.attr for n in walk(tree) if isinstance(n, ast.Attribute)}
        gone = used - kept - named
        for scope in [tree] + module_classes(tree):
            scope.body = [s for s in scope.body if not (isinstance(s, ast.FunctionDef) and s.name in gone)] \
                or [ast.Pass()]
    return added


def _reads_derivative(body, params) -> bool:
    """Whether BODY's one closure reads a parameter (`def _unary(self, value, local, op): ... self.grad += local *
    out.grad`), with no loop in BODY: micrograd's op with its local derivative handed in, read in full once put in."""
    closures = [b for b in body if isinstance(b, ast.FunctionDef)]
    return (len(closures) == 1 and not any(isinstance(n, (ast.For, ast.While, ast.comprehension, ast.Lambda))
                                           for b in body for n in walk(b))
            and any(isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in params and n.id != params[0]
                    for n in walk(closures[0])))


def dispatch_as_closures(tree) -> list:
    """Op-string dispatch is read as closures: each branch's rules move into the op that makes that node.

    An engine whose `_backward` (or `backward`) says `if node._op == "*": a, b = node._prev; a.grad += ...`
    and whose `__mul__` returns `Value(..., "*")` is micrograd's closures written
    another way round; the branch's rules (without the unpacking of `_prev`)
    become a `_backward` closure at the end of `__mul__`, and the branch is left
    empty. At least three branches must test the same attribute against strings. Where the branch unpacks
    `node._prev` and the op returns `Value(..., (self, other), "*")`, the op is written as micrograd writes it
    (`out = Value(...)`, the closure, `out._backward = _backward`, `return out`), the branch's inputs read as
    the op's operands and its node as `out`. Returns those closures (their temporaries are then put in place).
    """
    branches: dict[str, tuple[str, ast.If]] = {}
    for node in walk(tree):
        if isinstance(node, ast.If):
            key = _dispatch_key(node.test)
            if key and key[1] not in branches:
                branches[key[1]] = (key[0], node)
    attributes = [attribute for attribute, _ in branches.values()]
    common = max(set(attributes), key=attributes.count) if attributes else None
    branches = {op: branch for op, (attribute, branch) in branches.items() if attribute == common}
    made: list = []
    if len(branches) < 3:
        return made
    for node in walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        ops = {arg.value for call in walk(node) if isinstance(call, ast.Call)
               for arg in list(call.args) + [k.value for k in call.keywords]
               if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value in branches}
        if len(ops) != 1:
            continue
        branch = branches.pop(ops.pop())
        rules = [s for s in branch.body if not _unpacks_inputs(s)]
        closure = _as_micrograd_closure(node, branch, rules) if rules else None
        if closure is not None:
            made.append(closure)
            branch.body = [ast.Pass()]
            continue
        if rules:
            closure = ast.FunctionDef("_backward", ast.arguments([], [], None, [], [], None, []), rules, [], None)
            at = next((i for i, s in enumerate(node.body) if isinstance(s, ast.Return)), len(node.body))
            node.body.insert(at, ast.copy_location(closure, branch))  # before the return, as a closure would be
            branch.body = [ast.Pass()]
    return made


def _as_micrograd_closure(function, branch, rules):
    """`return Value(d, (self, other), "*")` with the branch's rules → `out = Value(...)`, `def _backward(): <rules>`,
    `out._backward = _backward`, `return out`: the rules' inputs read as the op's operands, the node as `out`.

    Only when the branch names its inputs by unpacking `<node>._prev` and the op's one `return` (a statement of
    its own body) makes the node with its inputs as a literal tuple or list, as many as the branch names."""
    unpack = next((s for s in branch.body if _unpacks_inputs(s)), None)
    if unpack is None or not isinstance(unpack.value.value, ast.Name) or unpack.value.attr != "_prev":
        return None
    names = [e.id if isinstance(e, ast.Name) else None for e in unpack.targets[0].elts]
    node_name = unpack.value.value.id
    returns = [(i, s) for i, s in enumerate(function.body) if isinstance(s, ast.Return)]
    if len(returns) != 1 or None in names:
        return None
    at, ret = returns[0]
    call = ret.value
    if not (isinstance(call, ast.Call) and len(call.args) >= 2 and isinstance(call.args[1], (ast.Tuple, ast.List))
            and len(call.args[1].elts) == len(names)):
        return None
    values = {name: child for name, child in zip(names, call.args[1].elts)}

    class Put(ast.NodeTransformer):
        def visit_Name(self, n):
            if isinstance(n.ctx, ast.Load) and n.id in values:
                return copy.deepcopy(values[n.id])
            if n.id == node_name:
                return ast.copy_location(ast.Name("out", n.ctx), n)
            return n

    made = micrograd_op(call, [Put().visit(copy.deepcopy(r)) for r in rules], ret)
    function.body[at:at + 1] = made
    return made[1]


def micrograd_op(call, rules, where) -> list:
    """The statements of an op as micrograd writes it, at WHERE's place in the file: `out = CALL`, `def _backward():`
    with RULES, `out._backward = _backward`, `return out` (the closure is the second)."""
    closure = ast.FunctionDef(name="_backward", args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[],
                                                                   kw_defaults=[], defaults=[]),
                              body=rules, decorator_list=[])
    made = [ast.Assign([ast.Name("out", ast.Store())], call), closure,
            ast.Assign([ast.Attribute(ast.Name("out", ast.Load()), "_backward", ast.Store())],
                       ast.Name("_backward", ast.Load())),
            ast.Return(ast.Name("out", ast.Load()))]
    return [ast.fix_missing_locations(ast.copy_location(m, where)) for m in made]


def _dispatch_key(test):
    """(attribute name, op string) for a test `x.attr == "op"` (either way round)."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
        sides = (test.left, test.comparators[0])
        for attribute, constant in (sides, sides[::-1]):
            if (isinstance(attribute, ast.Attribute) and isinstance(constant, ast.Constant)
                    and isinstance(constant.value, str)):
                return attribute.attr, constant.value
    return None


def _unpacks_inputs(statement) -> bool:
    """`a, b = node._prev` or `(a,) = node._prev`: naming the inputs, which a closure gets for free."""
    return (isinstance(statement, ast.Assign) and isinstance(statement.targets[0], (ast.Tuple, ast.List))
            and isinstance(statement.value, ast.Attribute))

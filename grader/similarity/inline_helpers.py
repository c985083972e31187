"""A one-line helper put in place of its calls (InlineHelpers), a rewrite of a whole file before its tokens are read
(normalise.py runs it; rewrites.py has the others): extracting a line into a helper, or inlining one, is a classic
disguise. Not a recursive helper, nor a name two functions are defined under (an override); a one-line function of the
module passed by its name to a call is the lambda of its expression there (session 35).
"""

from __future__ import annotations

import ast
from collections import Counter

from .canonical import canonical
from .rewrites import drop_definitions
from .roles import API_NAMES, api_methods, called_name, is_dunder
from .walk import bounded_size, children, walk


class InlineHelpers(ast.NodeTransformer):
    """A call of a one-line helper (`def f(x): return <expr>`) becomes that expression, the arguments put in.

    Extracting a line into a helper, or inlining a helper, is a classic disguise;
    this undoes both for helpers whose whole body is one `return`, and for one-statement procedures
    (`def acc(v, g): v.grad += g`, an assignment that rebinds no parameter) called as a statement of their own
    (`acc(self, out.grad)` → `self.grad += out.grad`).
    """

    MAX_INLINED = 60  # nodes of one helper's expression: a longer one is left as a call
    # Inlining copies expressions, and a helper calling helpers copies copies (N helpers that each call the
    # previous twice make 2^N nodes): the nodes all inlining may add are capped (an engine has 1,500 to
    # 3,000 nodes, its helpers add a few hundred), after which calls are left as written and the reading
    # says so (`stopped`).
    BUDGET = 4000

    def __init__(self, nodes):
        self.helpers = {}  # name -> {reached as an attribute: (parameters, its expression, static)}
        self.procedures = {}  # name -> {reached as an attribute: (parameters, its one statement)}
        self.budget = self.BUDGET
        self.added = 0
        self.stopped = False
        methods = api_methods(nodes)
        # a procedure is a function of the module or a method: a closure (`def _backward(): ...`) is the op's own
        outer = {id(f) for c in nodes if isinstance(c, (ast.Module, ast.ClassDef)) for f in c.body}
        # a name two functions are defined under (a method each class of the file overrides, `parameters` or
        # `local_grads`) calls whichever its object's class has: none of them is put in its calls (session 35: the
        # base class's `return iter(())` read in every `self.iter_params()` and `model.iter_params()`). Definitions
        # are counted per scope: a method (a function of a class's body) is reached only as `obj.f()`, any other
        # function only as `f()`, so a method of a helper's name in some class (a copier's unused one) does not
        # stop the module's helper being put in its calls (fix35sim), nor the other way round
        methods_ = {id(f) for c in nodes if isinstance(c, ast.ClassDef) for f in c.body}
        defined = Counter((id(node) in methods_, node.name) for node in nodes
                          if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)))
        recursive = _recursive(nodes) if defined else set()
        for node in nodes:
            returned = _returned(node, said=False)  # (a helper with a docstring is left as written where called)
            if not isinstance(node, ast.FunctionDef):
                continue
            reached = id(node) in methods_  # True: as an attribute (`obj.f()`); False: by its bare name (`f()`)
            if defined[reached, node.name] > 1 or id(node) in recursive:
                continue  # (a recursive helper put in its own calls is unrolled once, and its calls go on calling it)
            if (returned is not None and not node.args.vararg and not node.args.kwarg
                    and not node.args.kwonlyargs and not is_dunder(node.name) and node.name not in methods):
                params = [a.arg for a in node.args.posonlyargs + node.args.args]
                static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
                self.helpers.setdefault(node.name, {})[reached] = (params, returned, static)
            elif (isinstance(node, ast.FunctionDef) and len(node.body) == 1
                  and isinstance(node.body[0], (ast.Assign, ast.AugAssign)) and not node.args.vararg
                  and not node.args.kwarg and not node.args.kwonlyargs and not node.args.defaults
                  and not node.decorator_list and id(node) in outer and node.name not in API_NAMES
                  and not is_dunder(node.name)):
                params = [a.arg for a in node.args.posonlyargs + node.args.args]
                statement = node.body[0]
                targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                if all(isinstance(t, ast.Attribute) for t in targets):  # it rebinds no name: a procedure on objects
                    self.procedures.setdefault(node.name, {})[reached] = (params, statement)
        # a one-line function of the module passed by its name to a call (`reduce(_mac, pairs, b)`, `map(_sq, xs)`)
        # is the lambda of its expression there (`reduce(lambda t, wx: t + wx[0] * wx[1], pairs, b)`): naming a
        # lambda, or writing a named function as one, is a copier's restructuring (session 35)
        # (its docstring aside: a lambda has none)
        module = {id(f) for c in nodes if isinstance(c, ast.Module) for f in c.body}
        self.lambdas = {}
        for node in nodes:
            if (id(node) in module and isinstance(node, ast.FunctionDef) and defined[False, node.name] == 1
                    and id(node) not in recursive and not node.decorator_list and not node.args.vararg
                    and not node.args.kwarg and not node.args.kwonlyargs and not node.args.defaults):
                returned = _returned(node)
                if returned is not None:
                    self.lambdas[node.name] = ([a.arg for a in node.args.posonlyargs + node.args.args], returned)
        self.passed = {id(a) for c in nodes if isinstance(c, ast.Call) for a in c.args
                       if isinstance(a, ast.Name) and isinstance(a.ctx, ast.Load) and a.id in self.lambdas}
        # a helper named anywhere else but as the function of a call (stored, returned) is kept where it is defined
        called = {id(c.func) for c in nodes if isinstance(c, ast.Call)}
        self.named = {n.id if isinstance(n, ast.Name) else n.attr for n in nodes
                      if isinstance(n, (ast.Name, ast.Attribute)) and id(n) not in called and id(n) not in self.passed}
        self.inlined: set[tuple[bool, str]] = set()  # (reached as an attribute: a method, the helper's name)
        self.left: set[tuple[bool, str]] = set()  # helpers some call of which was left as written
        # the names the file imports modules under: `math.sin(x)` calls the module's sin, never a helper (a method)
        # of the file's that happens to share its name (08-dual-numbers' one-line `Dual.sin`, `Dual.cos`)
        self.modules = {alias.asname or alias.name.split(".")[0] for node in nodes if isinstance(node, ast.Import)
                        for alias in node.names}

    def _of_module(self, func) -> bool:
        """Whether FUNC is an attribute of a module the file imports (`math.cos`), which no helper of the file is."""
        return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in self.modules

    def visit_Call(self, node):
        self.generic_visit(node)
        node.args = [self._as_lambda(a) if id(a) in self.passed else a for a in node.args]
        name = called_name(node.func)
        reached = isinstance(node.func, ast.Attribute)
        if reached not in self.helpers.get(name, ()) or self._of_module(node.func):
            return node
        params, expression, static = self.helpers[name][reached]
        return self._put_in(node, (reached, name), params, expression, static)

    def visit_Expr(self, node):
        self.generic_visit(node)
        call = node.value
        name = called_name(call.func) if isinstance(call, ast.Call) else None
        reached = isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
        if reached not in self.procedures.get(name, ()) or self._of_module(call.func):
            return node
        params, statement = self.procedures[name][reached]
        inlined = self._put_in(call, (reached, name), params, statement, False)
        return node if inlined is call else ast.copy_location(inlined, node)

    def _as_lambda(self, name_node):
        """The helper NAME_NODE names as the lambda of its expression (the name as written when out of budget)."""
        import copy

        params, expression = self.lambdas[name_node.id]
        size = bounded_size(expression, self.MAX_INLINED)
        if size > self.MAX_INLINED or self.added + size > self.budget:
            self.stopped = self.stopped or size <= self.MAX_INLINED
            self.left.add((False, name_node.id))
            return name_node
        self.added += size
        self.inlined.add((False, name_node.id))
        arguments = ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], kwonlyargs=[],
                                  kw_defaults=[], defaults=[])
        return ast.copy_location(ast.Lambda(args=arguments, body=copy.deepcopy(expression)), name_node)

    def _put_in(self, call, name, params, body, static):
        """A copy of BODY (an expression or a statement) with CALL's arguments put in for PARAMS; CALL when it
        cannot be (keywords, another number of arguments, too long, or out of budget). NAME: (reached as an
        attribute, the helper's name)."""
        import copy

        size = bounded_size(body, self.MAX_INLINED)
        args = list(call.args)
        if isinstance(call.func, ast.Attribute) and not static and params and len(args) == len(params) - 1:
            args = [call.func.value] + args  # self.helper(x): self is the first parameter
        if size > self.MAX_INLINED or self.added + size > self.budget:
            self.stopped = self.stopped or size <= self.MAX_INLINED  # out of budget (a long helper is just kept)
            self.left.add(name)
            return call
        if call.keywords or len(args) != len(params) or any(isinstance(a, ast.Starred) for a in args):
            self.left.add(name)
            return call
        values = dict(zip(params, args))
        self.added += size
        self.inlined.add(name)

        class Substitute(ast.NodeTransformer):
            def visit_Name(self, name_node):
                return values.get(name_node.id, name_node) if isinstance(name_node.ctx, ast.Load) else name_node

        return ast.copy_location(Substitute().visit(copy.deepcopy(body)), call)

    def drop_inlined(self, tree) -> None:
        """Remove the definitions of helpers every call of which was inlined, and that are named nowhere else.

        Once its calls read as its expression, the helper's own `def` is a copy of
        that expression: a student who extracts a helper would otherwise have one
        function more of their own than the student they copied.
        """
        gone = {key for key in self.inlined - self.left if key[1] not in self.named}
        drop_definitions(tree, {name for method, name in gone if not method}, {name for method, name in gone if method})


def _said(body: list) -> list:
    """BODY without its string statements (a docstring: `canonical` drops them later, strip_noise keeps them for it): a
    helper with a docstring is still one line (session 35: a copier's `_mac` with one was left a call)."""
    return [s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                                    and isinstance(s.value.value, str))]


def _recursive(nodes) -> set[int]:
    """The ids of the functions among NODES (a tree's, its module first) whose body calls their own name (a recursion:
    `return x if not layers else _run(layers[1:], layers[0](x))`), found in one walk of the tree: each function's
    name is open while its body is walked (not its decorators, defaults or annotations)."""
    found: set[int] = set()
    modules = [n for n in nodes if isinstance(n, ast.Module)]
    if not modules:
        return found
    open_: dict[str, list] = {}
    todo: list = [(modules[0], None)]
    while todo:
        node, mark = todo.pop()
        if mark == "enter":
            open_.setdefault(node.name, []).append(node)
            continue
        if mark == "exit":
            open_[node.name].pop()
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            found.update(id(f) for f in open_.get(node.func.id, ()))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = {id(b) for b in node.body}
            todo.extend((c, None) for c in children(node) if id(c) not in body)
            todo.append((node, "exit"))
            todo.extend((c, None) for c in node.body)
            todo.append((node, "enter"))
        else:
            todo.extend((c, None) for c in children(node))
    return found


def _returned(node, said: bool = True):
    """The expression a one-line helper returns: its one `return`, or the one its few statements are as the
    canonical form reads them (`if isinstance(x, Value): return x` then `return Value(x)` is `return x if
    isinstance(x, Value) else Value(x)`); None for any other function."""
    if not isinstance(node, ast.FunctionDef) or not node.body:
        return None
    body = _said(node.body) if said else node.body
    if not (len(body) == 1 and isinstance(body[0], ast.Return)):
        if (len(body) > 3 or not all(isinstance(s, (ast.If, ast.Return)) for s in body)
                or bounded_size(node, InlineHelpers.MAX_INLINED) > InlineHelpers.MAX_INLINED):
            return None  # (a long one is left as written, as a long one-line helper is)
        import copy

        body = canonical(copy.deepcopy(body))
    if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
        return body[0].value
    return None

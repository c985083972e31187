"""An op table of local derivatives read as micrograd's closures (closures.py reads the other designs).

An engine can keep each op's local derivatives in a table keyed by the op's label, and apply them in one loop:

    LOCAL = {"*": _d_mul, "tanh": _d_tanh, ...}      # def _d_mul(node): a, b = node._prev; return [b.data, a.data]
    def _backward(self):                             # (in the class, or in the walk)
        for parent, local in zip(self._prev, LOCAL[self._op](self)):
            parent.grad += local * self.grad

with each op making its node `Value(d, (self, other), "*")`. That is micrograd's closures written the other way
round: a copier turns one into the other. Each op whose label the table holds is read as micrograd writes it
(`out = Value(...)`, `def _backward():` with the loop's body once for each input, the input and its local derivative
put in, the node read as `out`, `out._backward = _backward`, `return out`), and the table, its functions and the loop
go. The table's entry is a function of the module or a lambda of the node, whose statements name the inputs
(`a, b = node._prev`) or an attribute the class's `__init__` keeps a parameter in (`k = node._arg`: the op's
argument there), then return a list or tuple of as many derivatives as the node has inputs.
"""

from __future__ import annotations

import ast
import copy

from .budget import FREE, Work
from .closures import _Put as Put, micrograd_op
from .plain_module import module_classes
from .walk import walk

MIN_ENTRIES = 3  # a table of fewer ops is not an engine's design
COPIED = 6  # units of work a node copied into an op costs (a deep copy is several visits of it)


def tables_as_closures(tree, work: Work = FREE) -> list:
    """Read TREE's op table as closures (in place); returns the closures made (none: nothing read). Only a file with
    a table is walked, each walk charged to WORK."""
    tables = _tables(tree)
    if not tables:
        return []
    work.charge(2 * len(work.walked(tree)))  # the classes walked for the loop, the tree for the names it reads
    functions = {s.name: s for s in tree.body if isinstance(s, ast.FunctionDef)}
    for cls in module_classes(tree):
        loop = next((n for n in walk(cls) if isinstance(n, ast.For) and _applies(n, tables)), None)
        if loop is None:
            continue
        table_name = loop.iter.args[1].func.value.id
        table = tables[table_name]
        kept = _kept_parameters(cls)
        written, unread = [], False
        for method in cls.body:
            if isinstance(method, ast.FunctionDef):
                op = _op_as_closure(method, cls.name, table, functions, loop, kept, work)
                if op is not None:
                    written.append(op)
                else:
                    unread = unread or any(_labelled(n, cls.name, table) for n in walk(method))
        if written and not unread:  # an op left as written still needs the table and its loop
            made = []
            for method, at, statements in written:
                method.body[at:at + 1] = statements
                made.append(statements[1])
            _drop_loop(cls, loop)
            named = {n.id for s in tree.body if not _defines(s, table_name)
                     for n in walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
            if table_name not in named:  # the table's functions too, when nothing else names them
                gone = {v.id for v in table.values() if isinstance(v, ast.Name)} - named
                tree.body = [s for s in tree.body if not _defines(s, table_name)
                             and not (isinstance(s, ast.FunctionDef) and s.name in gone)] or [ast.Pass()]
            return made
    return []


def _tables(tree) -> dict:
    """{name: {label: function name or lambda}} for each module-level dict of op labels to functions of one node."""
    out = {}
    for statement in tree.body:
        if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name) and isinstance(statement.value, ast.Dict)):
            entries = {}
            for key, value in zip(statement.value.keys, statement.value.values):
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    break
                if isinstance(value, ast.Lambda) and len(value.args.args) != 1:
                    break
                if not isinstance(value, (ast.Name, ast.Lambda)):
                    break
                entries[key.value] = value
            else:
                if len(entries) >= MIN_ENTRIES:
                    out[statement.targets[0].id] = entries
    return out


def _applies(loop: ast.For, tables: dict) -> bool:
    """`for p, g in zip(n.<inputs>, TABLE[n.<label>](n)):` with no else."""
    it = loop.iter
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "zip" and len(it.args) == 2
            and not loop.orelse and isinstance(loop.target, ast.Tuple) and len(loop.target.elts) == 2
            and all(isinstance(e, ast.Name) for e in loop.target.elts)):
        return False
    inputs, call = it.args
    if not (isinstance(inputs, ast.Attribute) and isinstance(inputs.value, ast.Name)):
        return False
    node = inputs.value.id
    return (isinstance(call, ast.Call) and len(call.args) == 1 and not call.keywords
            and isinstance(call.args[0], ast.Name) and call.args[0].id == node
            and isinstance(call.func, ast.Subscript) and isinstance(call.func.value, ast.Name)
            and call.func.value.id in tables and isinstance(call.func.slice, ast.Attribute)
            and isinstance(call.func.slice.value, ast.Name) and call.func.slice.value.id == node)


def _kept_parameters(cls) -> dict:
    """{attribute: index of the __init__ parameter it keeps as it is (self.a = a), self not counted}."""
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is None:
        return {}
    params = [a.arg for a in init.args.args[1:]]
    out = {}
    for statement in init.body:
        if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Attribute) and isinstance(statement.value, ast.Name)
                and statement.value.id in params):
            out[statement.targets[0].attr] = params.index(statement.value.id)
    return out


def _op_as_closure(method, class_name, table, functions, loop, kept, work: Work = FREE):
    """(METHOD, where its return is, the statements that write it with its closure) when its one return makes a node
    of a label TABLE holds and the table's entry gives as many derivatives as the node has inputs."""
    returns = [(i, s) for i, s in enumerate(method.body) if isinstance(s, ast.Return)]
    if len(returns) != 1:
        return None
    at, ret = returns[0]
    call = ret.value
    if not (_labelled(call, class_name, table) and isinstance(call.args[1], (ast.Tuple, ast.List))):
        return None
    inputs = call.args[1].elts
    entry = table[call.args[2].value]
    if isinstance(entry, ast.Lambda):
        param, body = entry.args.args[0].arg, [ast.Return(entry.body)]
    else:
        function = functions.get(entry.id)
        if function is None or len(function.args.args) != 1 or function.args.defaults or function.args.vararg:
            return None
        param, body = function.args.args[0].arg, function.body
    # what is copied charged first, COPIED units a node (walked, copied, its names put in): the entry once, the loop's
    # body once for each input (a table that many ops share is copied into each of them)
    work.charge(COPIED * (sum(len(work.walked(s)) for s in body)
                          + len(inputs) * sum(len(work.walked(s)) for s in loop.body)))
    children_attribute = loop.iter.args[0].attr
    locals_ = _locals(param, body, inputs, children_attribute, call.args, kept)
    if locals_ is None or len(locals_) != len(inputs):
        return None
    parent, local = (e.id for e in loop.target.elts)
    node = loop.iter.args[0].value.id
    rules = []
    for child, derivative in zip(inputs, locals_):
        for statement in loop.body:
            rules.append(_Put({parent: child, local: derivative, node: ast.Name("out", ast.Load())}).visit(
                copy.deepcopy(statement)))
    return method, at, micrograd_op(call, rules, ret)


def _labelled(call, class_name, table) -> bool:
    """Whether CALL makes a node of the class with a label TABLE holds: `Value(d, children, "*", ...)`."""
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == class_name
            and len(call.args) >= 3 and isinstance(call.args[2], ast.Constant) and call.args[2].value in table)


def _locals(param, body, inputs, children_attribute, arguments, kept):
    """The list of local derivatives BODY returns for a node PARAM made of INPUTS and ARGUMENTS, or None."""
    values: dict = {param: ast.Name("out", ast.Load())}
    attributes = {attr: arguments[i] for attr, i in kept.items() if i < len(arguments) and i > 2}
    for statement in body:
        if isinstance(statement, ast.Return):
            result = statement.value
            if not isinstance(result, (ast.List, ast.Tuple)):
                return None
            return [_Put(values, attributes, param).visit(copy.deepcopy(e)) for e in result.elts]
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
            return None
        target, value = statement.targets[0], statement.value
        if (isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, ast.Attribute)
                and isinstance(value.value, ast.Name) and value.value.id == param and value.attr == children_attribute
                and len(target.elts) == len(inputs) and all(isinstance(e, ast.Name) for e in target.elts)):
            values.update({e.id: child for e, child in zip(target.elts, inputs)})
        elif isinstance(target, ast.Name):
            values[target.id] = _Put(values, attributes, param).visit(copy.deepcopy(value))
        else:
            return None
    return None


class _Put(Put):
    """Names read put in (VALUES), and NODE.attribute the class keeps an argument in, that argument (ATTRIBUTES)."""

    def __init__(self, values: dict, attributes: dict | None = None, node: str | None = None):
        super().__init__(values)
        self.attributes, self.node = attributes or {}, node

    def visit_Attribute(self, attribute):
        if (isinstance(attribute.value, ast.Name) and attribute.value.id == self.node
                and attribute.attr in self.attributes and isinstance(attribute.ctx, ast.Load)):
            return copy.deepcopy(self.attributes[attribute.attr])
        self.generic_visit(attribute)
        return attribute


def _drop_loop(cls, loop) -> None:
    """The table's loop read as what it stands for: a method that only applies the table (past guards that return)
    goes; in a walk, the loop is the node's rules called (`node._backward()`)."""
    node = loop.iter.args[0].value.id
    for method in cls.body:
        if isinstance(method, ast.FunctionDef) and loop in method.body and all(
                s is loop or isinstance(s, ast.Pass) or isinstance(s, ast.If) and not s.orelse
                and all(isinstance(b, ast.Return) and b.value is None for b in s.body) for s in method.body):
            cls.body.remove(method)  # a leaf's rules, which did nothing, as micrograd's leaf has them
            init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
            if init is not None and init.args.args:
                leaf = ast.Assign([ast.Attribute(ast.Name(init.args.args[0].arg, ast.Load()), method.name, ast.Store())],
                                  ast.Lambda(ast.arguments([], [], None, [], [], None, []), ast.Constant(None)))
                init.body.append(ast.fix_missing_locations(ast.copy_location(leaf, init.body[-1])))
            return
    called = ast.Expr(ast.Call(ast.Attribute(ast.Name(node, ast.Load()), "_backward", ast.Load()), [], []))
    for holder in walk(cls):
        for field in ("body", "orelse"):
            block = getattr(holder, field, None)
            if isinstance(block, list) and loop in block:
                block[block.index(loop)] = ast.fix_missing_locations(ast.copy_location(called, loop))
                return


def _defines(statement, name) -> bool:
    return (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id == name)

"""Where a number compared with `==` in a student's test (09-write-tests, student_asserts.py's `float-equality`)
comes from, read from the test file as a syntax tree, never executed: a float worked out another way (a call of
math's functions, a float literal that is no multiple of 1/1024), written in the comparison or reaching it.

It reaches the comparison bound to a name: assigned in the same function or at the top of the file, unpacked from a
row of a table the file defines (`expression, numbers, value = CASES[name]`), a column of `pytest.mark.parametrize`
(session 39); a loop's variable over a table (`for x, want in POINTS:`, `for got, want in zip(grads, [math.exp(0.4),
2.0])`, `for name, want in WANTS.items()`, in a comprehension too), or what a function the file defines hands back
(`assertEqual(a.grad, tanh_slope(0.7))`, `def tanh_slope(x): return 1 - math.tanh(x) ** 2`; a method called on
`self`) (session 40; before: not named, or named by the call's literal argument, `0.7`).
"""

from __future__ import annotations

import ast

from ..parsing import called_name

# math's functions whose results are rounded: a number worked out with them is not exact
_ROUNDED = frozenset({"exp", "expm1", "exp2", "log", "log1p", "log2", "log10", "tanh", "sinh", "cosh", "sin", "cos",
                      "tan", "asin", "acos", "atan", "atan2", "sqrt", "cbrt", "pow", "hypot", "erf", "erfc"})
_CLOSE = frozenset({"approx", "isclose", "allclose", "assert_allclose", "assert_almost_equal"})
_DEPTH = 3  # a name bound to a name bound to a table: as deep as a loop over a table is followed


def _rounded(expression):
    """The first part of EXPRESSION that makes it a rounded float (a call of math's functions, a float literal that
    is no multiple of 1/1024), or None; None too where it is compared with a tolerance (`pytest.approx(...)`)."""
    found = None
    for part in ast.walk(expression):
        if isinstance(part, ast.Call):
            func = part.func
            name = called_name(func)
            if name in _CLOSE:
                return None
            if (name in _ROUNDED and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                    and func.value.id in {"math", "cmath", "np", "numpy"}) and found is None:
                found = part
        elif (isinstance(part, ast.Constant) and type(part.value) is float and found is None
              and not (part.value * 1024).is_integer()):
            found = part
    return found


class Reading:
    """What the file binds at its top (`top`: name -> expression) and the functions it defines (`defs`: name ->
    [FunctionDef], a class's methods among them)."""

    def __init__(self, module):
        self.top = {target.id: node.value for node in module.body if isinstance(node, ast.Assign)
                    for target in node.targets if isinstance(target, ast.Name)}
        self.defs: dict = {}
        for node in ast.walk(module):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.defs.setdefault(node.name, []).append(node)


def _rows_of(table):
    """The rows of a table literal: a dict's values, a list's or a tuple's items; [] for anything else."""
    if isinstance(table, ast.Dict):
        return table.values
    if isinstance(table, (ast.List, ast.Tuple, ast.Set)):
        return table.elts
    return []


def _bindings(function, name, top, depth=_DEPTH, at=None) -> list:
    """[what NAME may hold in FUNCTION]: assigned there (or at the file's top), unpacked from a row of a table the
    file binds at its top, a column of the function's `pytest.mark.parametrize`, or the variable of a loop (one that
    holds AT, where given: the comparison's side) over a table (`_column`)."""
    found = []
    for node in ast.walk(function) if function is not None else []:
        if depth and isinstance(node, (ast.For, ast.AsyncFor, *_COMPREHENSIONS)) and _holds(node, at):
            for loop in node.generators if isinstance(node, _COMPREHENSIONS) else [node]:
                found += _loop_values(loop, name, function, top, depth - 1)
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and target.id == name:
                found.append(node.value)
            elif isinstance(target, (ast.Tuple, ast.List)):
                places = [i for i, t in enumerate(target.elts) if isinstance(t, ast.Name) and t.id == name]
                source = node.value.value if isinstance(node.value, ast.Subscript) else None
                table = top.get(source.id) if isinstance(source, ast.Name) else None
                for row in _rows_of(table) if places else []:
                    if isinstance(row, (ast.Tuple, ast.List)) and len(row.elts) == len(target.elts):
                        found.append(row.elts[places[0]])
    for decorator in function.decorator_list if function is not None else []:
        if (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
                and decorator.func.attr == "parametrize" and len(decorator.args) >= 2
                and isinstance(decorator.args[0], ast.Constant) and isinstance(decorator.args[0].value, str)):
            names = [n.strip() for n in decorator.args[0].value.split(",")]
            if name in names:
                for row in _rows_of(decorator.args[1]):
                    cells = row.elts if isinstance(row, (ast.Tuple, ast.List)) and len(names) > 1 else [row]
                    if len(cells) == len(names):
                        found.append(cells[names.index(name)])
    if not found and name in top:
        found.append(top[name])
    return found


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


def _holds(node, at) -> bool:
    return at is None or any(part is at for part in ast.walk(node))


def _loop_values(loop, name, function, top, depth) -> list:
    """[what NAME may hold as LOOP's variable]: the items of what it loops over, or the item at NAME's place in each
    (`for x, want in POINTS:`)."""
    target = loop.target
    if isinstance(target, ast.Name):
        return _column(loop.iter, None, function, top, depth) if target.id == name else []
    if not isinstance(target, (ast.Tuple, ast.List)):
        return []
    places = [i for i, t in enumerate(target.elts) if isinstance(t, ast.Name) and t.id == name]
    return _column(loop.iter, (places[0], len(target.elts)), function, top, depth) if places else []


def _column(iterable, place, function, top, depth) -> list:
    """[the items ITERABLE yields] (PLACE None), or [the item at PLACE = (index, width) of each]: a table written
    there or bound to a name, a comprehension's element, `zip(...)` of such, `enumerate(...)`, a dict's `.items()`
    or `.values()`, or `sorted`/`reversed`/`list`/`tuple` of one; [] for what cannot be read."""
    if isinstance(iterable, ast.Call) and not iterable.keywords:
        name, args = called_name(iterable.func), iterable.args
        if name == "zip" and place is not None and place[1] == len(args):
            return _column(args[place[0]], None, function, top, depth)
        if name == "enumerate" and place is not None and place[1] == 2 and len(args) == 1:
            return _column(args[0], None, function, top, depth) if place[0] == 1 else []
        if name in ("sorted", "reversed", "list", "tuple") and len(args) == 1:
            return _column(args[0], place, function, top, depth)
        if name in ("items", "values") and not args and isinstance(iterable.func, ast.Attribute):
            tables = [t for t in _tables(iterable.func.value, function, top, depth) if isinstance(t, ast.Dict)]
            if name == "values" and place is None:
                return [v for t in tables for v in t.values]
            if name == "items" and place is not None and place[1] == 2:
                return [v for t in tables for v in (t.keys if place[0] == 0 else t.values) if v is not None]
        return []
    if isinstance(iterable, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):  # `[w * t for w in ws]`: its element
        rows = [iterable.elt]
    else:
        rows = [row for table in _tables(iterable, function, top, depth)
                for row in (table.keys if isinstance(table, ast.Dict) else _rows_of(table)) if row is not None]
    if place is None:
        return rows
    return [row.elts[place[0]] for row in rows if isinstance(row, (ast.Tuple, ast.List)) and len(row.elts) == place[1]]


def _tables(expression, function, top, depth) -> list:
    """[the table literals EXPRESSION may be]: itself, or what its name is bound to."""
    if isinstance(expression, ast.Name):
        return [b for b in _bindings(function, expression.id, top, depth) if _rows_of(b)] if depth else []
    return [expression] if _rows_of(expression) else []


def _returned(call, reading) -> list:
    """[what CALL, of a function the file defines (`tanh_slope(0.7)`, `self._want(1.3)`), may hand back]: its
    `return`s' values, a name in one as bound in that function."""
    func = call.func
    if not (isinstance(func, ast.Name) or (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                                           and func.value.id in ("self", "cls"))):
        return []
    found = []
    for function in reading.defs.get(called_name(func), []):
        for node in ast.walk(function):
            if isinstance(node, ast.Return) and node.value is not None:
                value = node.value
                found += _bindings(function, value.id, reading.top) if isinstance(value, ast.Name) else [value]
    return found


def rounded_side(sides, function, reading):
    """The rounded part one of SIDES holds (written there, bound to its name, or handed back by the file's function it
    calls), where neither side is compared with a tolerance; else None."""
    for side in sides:
        if any(isinstance(p, ast.Call) and called_name(p.func) in _CLOSE for p in ast.walk(side)):
            return None
    if len(sides) == 2 and (_read_back(*sides, function) or _read_back(*reversed(sides), function)):
        return None
    for side in sides:
        if isinstance(side, ast.Name):
            expressions = _bindings(function, side.id, reading.top, at=side)
        else:
            expressions = (_returned(side, reading) if isinstance(side, ast.Call) else []) + [side]
        for expression in expressions:
            part = _rounded(expression)
            if part is not None:
                return part
    return None


def _negated(node):
    """(the operand, True) of `-x`; else (NODE, False)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return node.operand, True
    return node, False


def _read_back(got, want, function) -> bool:
    """Whether GOT reads back, as it was given, the number WANT is: `Value(x).data == x`, `a.data == 0.1` where the
    function binds `a = Value(0.1)` once, `(-a).data == -0.3` (a negation is exact). Storing a float and negating
    it are exact on every engine, so such a check is no float compared by luck (review40: a round-trip test was
    told it "holds only by luck")."""
    got, outer = _negated(got)
    if not (isinstance(got, ast.Attribute) and got.attr == "data"):
        return False
    holder, inner = _negated(got.value)
    if isinstance(holder, ast.Name) and function is not None:
        made = [node.value for node in ast.walk(function) if isinstance(node, ast.Assign)
                for target in node.targets if isinstance(target, ast.Name) and target.id == holder.id]
        holder = made[0] if len(made) == 1 else holder
    if not (isinstance(holder, ast.Call) and called_name(holder.func) == "Value" and holder.args):
        return False
    given, negated = _negated(holder.args[0])
    wanted, negated_want = _negated(want)
    return ast.dump(given) == ast.dump(wanted) and negated ^ outer ^ inner == negated_want

"""The code a loop runs with exec, unrolled: the names of `for` loops over a literal table (opaque.py reads the code
each pass makes), and a template filled by `.format(...)` or `%` with texts and literal numbers.

A copy may write its operators once, as the text of a function, and stamp one out per row of a table of names and
formulas: `for name, args, forward, local in OPS: exec(TEMPLATE.format(name=name, ...), ns)` (sim39b1's s519). Every
value is a literal of the file, so the code is there to be read without running anything; only plain fields are
filled (no attribute, index or wide format spec), every result is capped as a packed text is.
"""

from __future__ import annotations

import ast
import re
import string

from .roles import called_name


class Unformattable(ValueError):
    """A template filled with something we do not fill statically (opaque.py's decoding stops there)."""


MAX_ROWS = 64  # rows of a literal table a loop that runs code is unrolled over (an engine's ops: about a dozen)


def loops_of(nodes, runs_code) -> dict[int, list[ast.For]]:
    """Each call of RUNS_CODE (exec, eval, compile) in the body of `for` loops, to those loops, outermost first (by the
    call's id)."""
    found: dict[int, list[ast.For]] = {}
    for node in nodes:
        if isinstance(node, ast.For):
            for statement in node.body:
                for inner in ast.walk(statement):
                    if isinstance(inner, ast.Call) and called_name(inner.func) in runs_code:
                        found.setdefault(id(inner), []).append(node)
    for loops in found.values():  # a loop holds the loops nested in it: the longer a loop's span, the further out
        loops.sort(key=lambda loop: (loop.lineno, -(loop.end_lineno or loop.lineno), -loop.col_offset))
    return found


def unrolled(loops: list[ast.For], names: dict, followed: set[str]) -> tuple[list[dict], set[str]]:
    """The names LOOPS (nested, outermost first) bind on each pass of the innermost, at most MAX_ROWS passes in all
    ([{}] for none), and the names a loop binds whose values are not known (it does not run over a literal table,
    `_rows`, or would make more than MAX_ROWS passes): code that reads them stays opaque."""
    passes: list[dict] = [{}]
    unknown: set[str] = set()
    for loop in loops:
        rows = _rows(loop, names, followed)
        if rows is None or len(passes) * len(rows) > MAX_ROWS:
            unknown |= {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
            continue
        passes = [{**outer, **row} for outer in passes for row in rows]
    return [{n: v for n, v in p.items() if n not in unknown} for p in passes], unknown


def _rows(loop: ast.For, names: dict, followed: set[str]) -> list[dict] | None:
    """The names LOOP binds on each pass, as constants, when it runs over a literal table: a list, tuple or set display
    (or a dict display's keys or `.items()`), through a name the file assigns once, each element a constant or a
    tuple of them unpacked into the loop's target; None otherwise (the call stays opaque)."""
    table = loop.iter
    items = isinstance(table, ast.Call) and isinstance(table.func, ast.Attribute) and table.func.attr == "items" \
        and not table.args and not table.keywords
    if items:
        table = table.func.value
    name = table.id if isinstance(table, ast.Name) and table.id in names else None
    if name is not None:
        table = names[name]
    if isinstance(table, ast.Dict) and None not in table.keys:
        elements = [ast.Tuple([k, v]) for k, v in zip(table.keys, table.values)] if items else list(table.keys)
    elif isinstance(table, (ast.List, ast.Tuple, ast.Set)) and not items:
        elements = list(table.elts)
    else:
        return None
    if len(elements) > MAX_ROWS:
        return None
    rows = []
    for element in elements:
        row: dict = {}
        if not _bind(loop.target, element, row):
            return None
        rows.append(row)
    if name is not None:
        followed.add(name)  # the table is the packing's data, as a packed text is (payload_lines)
    return rows


def _bind(target, value, row: dict) -> bool:
    """TARGET (a name or a tuple of them, nested) bound to VALUE's constants in ROW; False when it cannot be."""
    if isinstance(target, ast.Name):
        if isinstance(value, ast.Constant) and isinstance(value.value, (str, bytes, int, float)):
            row[target.id] = value
            return True
        return False
    if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)) and \
            len(target.elts) == len(value.elts) and not any(isinstance(t, ast.Starred) for t in target.elts):
        return all(_bind(t, v, row) for t, v in zip(target.elts, value.elts))
    return False


_FIELD = re.compile(r"\w*")  # a template's field: a keyword, a position or nothing (no attribute, no index)
_SPEC = re.compile(r"[<>^=+\- #0]{0,3}\d{0,2}(\.\d{1,2})?[sdfgeGEr%]?")  # a short format spec: no width past 99


def formatted(template, args: list, keywords: dict, spread: bool, cap: int, percent: bool = False) -> str:
    """TEMPLATE.format(*ARGS, **KEYWORDS) or TEMPLATE % ARGS of texts and numbers, when each field is a plain name,
    position or `%s`, and the result is under CAP characters; raises Unformattable otherwise (SPREAD: a `**table`)."""
    if not isinstance(template, str) or spread:
        raise Unformattable("format")
    if percent:
        fields = re.findall(r"%(.)", template.replace("%%", ""))
        if any(f not in "sdrgf" for f in fields) or len(fields) != len(args):
            raise Unformattable("format")
        size = len(template) + sum(len(str(a)) + 2 for a in args)
    else:
        size = 0
        widest = max((len(str(value)) for value in [*args, *keywords.values()]), default=0)
        for literal, field, spec, conversion in string.Formatter().parse(template):
            size += len(literal)
            if field is None:
                continue
            if not _FIELD.fullmatch(field) or not _SPEC.fullmatch(spec or "") or conversion not in (None, "s", "r"):
                raise Unformattable("format")
            size += widest + 2 + 99  # at most the widest value, quoted (!r), padded to a width under 100
    if size > cap:
        raise Unformattable("too large")
    try:
        return template % tuple(args) if percent else template.format(*args, **keywords)
    except (IndexError, KeyError, ValueError, TypeError) as error:
        raise Unformattable("format") from error


def compared(op, left, right) -> bool:
    """LEFT OP RIGHT for ==, !=, in and not in (`in` of texts only); raises Unformattable for any other."""
    if isinstance(op, (ast.In, ast.NotIn)) and not (isinstance(left, str) and isinstance(right, str)):
        raise Unformattable("condition")
    if isinstance(op, ast.Eq):
        return left == right
    if isinstance(op, ast.NotEq):
        return left != right
    if isinstance(op, ast.In):
        return left in right
    if isinstance(op, ast.NotIn):
        return left not in right
    raise Unformattable("condition")

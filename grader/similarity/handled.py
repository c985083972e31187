"""What an engine does at the edges of its ops: the errors it raises and catches, the arguments it casts, the bounds
it clamps to and the defaults it gives (session 31, issue 27's level-4 copies).

A copier who restructures an engine (its ops into a visitor, a tape, op classes; its helpers inlined) rewrites how
the engine is built, its names and its messages, but seldom what it does where the mathematics stops: the log of
zero raises a ValueError or gives -inf, exp is clamped at 700 or catches its OverflowError, the data is cast to a
float, a bool is refused as a number. Each of these is an item read past names, strings, order and layout
(`items`); the engine's own items together (those the starter and the public sources do not have) are one whole,
`handled_whole`, which documents.py counts among the structures (rarity weighs it over the cohort: two honest
students who both cast their data to float and raise a ValueError for log share a common whole).
"""

from __future__ import annotations

import ast

from ..parsing import parse
from .traits import MAX_SHAPES_CHARS, _hash
from .walk import walk

HANDLED_ITEMS = 2  # items of its own an engine has before they together say something
# what honest students of a micrograd course write of their own accord, alone or together: data cast to a float, a
# ValueError for log, a TypeError for a number that is not one, a ZeroDivisionError for a zero divisor, exp's
# OverflowError caught to inf, an assert. Edges made only of these are no choice: two honest engines share them
# (bench/similarity/sim31actl: e1, e2 and e4 are such pairs; sim29cctl's and sim30actl's guards with a message)
COMMON = frozenset({"cast float", "raise ValueError", "raise TypeError", "raise ZeroDivisionError",
                    "catch OverflowError", "inf", "assert"})
# a bound is a number a value is compared with or clamped to; these are the mathematics' own (a sign, a unit)
PLAIN_BOUNDS = frozenset({0.0, 1.0, 2.0, 0.5})
CASTS = ("float", "int", "bool", "complex")
SPECIAL = {"inf": "inf", "-inf": "-inf", "infinity": "inf", "-infinity": "-inf", "nan": "nan"}


def items(text: str) -> frozenset[str]:
    """The items of TEXT (a Python source): `raise E`, `catch E`, `assert`, `cast float`, `inf`, `nan`,
    `NotImplemented`, `not bool`, `is_integer`, `bound 700`, `default 3`; none when it does not parse or is longer
    than the traits' shapes read (MAX_SHAPES_CHARS: a hostile file's tree is not walked)."""
    if len(text) > MAX_SHAPES_CHARS:
        return frozenset()
    try:
        tree = parse(text)
    except (SyntaxError, ValueError):
        return frozenset()
    found: set[str] = set()
    for node in walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            name = _name(node.exc.func if isinstance(node.exc, ast.Call) else node.exc)
            found.add("assert" if name == "AssertionError" else f"raise {name}")
        elif isinstance(node, ast.Assert):
            found.add("assert")
        elif isinstance(node, ast.ExceptHandler):
            kinds = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            found.update(f"catch {_name(k) if k is not None else 'all'}" for k in kinds)
        elif isinstance(node, ast.Call):
            found.update(_call(node))
        elif isinstance(node, ast.Attribute) and node.attr in ("inf", "nan") and _name(node.value) in ("math", "np"):
            found.add(node.attr)
        elif isinstance(node, ast.Name) and node.id == "NotImplemented":
            found.add("NotImplemented")
        elif isinstance(node, ast.Compare):
            found.update(_compare(node))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            # a number given by default (`backward(self, grad=1.0)`); None and a label's string are how a
            # restructured engine's nodes say "not set", no choice of the source's
            found.update(f"default {b:g}" for b in map(_number, node.args.defaults + node.args.kw_defaults)
                         if b is not None and b not in PLAIN_BOUNDS)
    return frozenset(found)


def _name(node) -> str:
    """The last name of NODE (`ValueError`, `math.inf` -> `inf`), or `?`."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return "?"


def _call(node: ast.Call) -> set[str]:
    name = _name(node.func)
    found = set()
    if name in CASTS and len(node.args) == 1:
        arg = node.args[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            if (special := SPECIAL.get(arg.value.strip().lower())) is not None:
                found.add(special)
        elif not isinstance(arg, ast.Constant):
            found.add(f"cast {name}")
    elif name == "isinstance" and len(node.args) == 2:
        kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
        if any(_name(k) == "bool" for k in kinds):
            found.add("not bool")
    elif name == "is_integer":
        found.add("is_integer")
    elif name in ("min", "max"):
        found.update(f"bound {b:g}" for b in map(_number, node.args) if b is not None and b not in PLAIN_BOUNDS)
    return found


def _compare(node: ast.Compare) -> set[str]:
    found = set()
    for side in [node.left, *node.comparators]:
        if (b := _number(side)) is not None and b not in PLAIN_BOUNDS:
            found.add(f"bound {b:g}")
        if isinstance(side, ast.Name) and side.id == "bool":
            found.add("not bool")  # type(x) is bool
    return found


def _number(node) -> float | None:
    """The magnitude of a number written as a constant (`700`, `-20.0`, `1e-12`), else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return abs(float(node.value))
    return None


def item_hashes(text: str) -> set[int]:
    """Each item of TEXT hashed: what the starter and the public sources give (subtracted as their k-grams are)."""
    return {_hash("handled", item) for item in items(text)}


def handled_whole(texts: list[str], given, size: float) -> dict[int, float]:
    """{hash: SIZE} of the engine's own items together (TEXTS: its files), those whose hash GIVEN(hash) does not say
    the starter or a public source has, when it has HANDLED_ITEMS of them or more and one of them is not COMMON;
    else {}."""
    own = sorted({item for text in texts for item in items(text) if not given(_hash("handled", item))})
    if len(own) < HANDLED_ITEMS or not set(own) - COMMON:
        return {}
    return {_hash("handled whole", " ; ".join(own)): size}

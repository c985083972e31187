"""Symbolic expressions for meanings.py: an op's value and derivatives as canonical text, lightly normalised
(constants folded, `+` and `*` in any order and grouping, `a - b` as `a + -1 * b`, `a / b` as `a * b ** -1`)."""

from __future__ import annotations

import ast
import math

from .scores import float_sum


MAX_TEXT = 2_000  # characters of an expression: an op's value or derivative is a line, not a page
MAX_INT = 2 ** 64  # a plain number past this is no engine's


class Unread(Exception):
    """What the evaluator does not follow: the op is left unread."""

# -- symbolic expressions ------------------------------------------------------------------------------
# An expression is a Sym (not a Python number): text is its canonical form; kind and parts let + and * be
# read in any order and grouping.

class Sym:
    __slots__ = ("kind", "parts", "text")

    def __init__(self, kind, parts, text):
        if len(text) > MAX_TEXT:
            raise Unread("an expression too long")
        self.kind, self.parts, self.text = kind, parts, text

    def __repr__(self):
        return self.text

    def __bool__(self):
        raise Unread("a decision on a symbolic value")

    __hash__ = object.__hash__


def _num(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) or isinstance(value, bool)


def text_of(x) -> str:
    if isinstance(x, Sym):
        return x.text
    x = float(x)
    return str(int(x)) if x.is_integer() and abs(x) < 1e15 else repr(x)


def leaf(name: str) -> Sym:
    return Sym("leaf", (), name)


def _terms(kind, x):
    return list(x.parts) if isinstance(x, Sym) and x.kind == kind else [x]


def add(a, b):
    if not isinstance(a, Sym) and not isinstance(b, Sym):
        return a + b
    terms = _terms("+", a) + _terms("+", b)
    const = float_sum(float(t) for t in terms if not isinstance(t, Sym))
    rest = sorted((t for t in terms if isinstance(t, Sym)), key=text_of)
    parts = tuple(rest) + ((const,) if const else ())
    if len(parts) == 1:
        return parts[0]
    return Sym("+", parts, "(" + " + ".join(text_of(p) for p in parts) + ")")


def mul(a, b):
    if not isinstance(a, Sym) and not isinstance(b, Sym):
        return a * b
    factors = _terms("*", a) + _terms("*", b)
    const = math.prod(float(f) for f in factors if not isinstance(f, Sym))
    if const == 0:
        return 0.0
    # equal factors are one power (`t * t` is `t ** 2`), and powers of one base add their exponents
    bases: dict[str, list] = {}
    for f in factors:
        if isinstance(f, Sym):
            base, n = (f.parts[0], f.parts[1]) if f.kind == "**" and not isinstance(f.parts[1], Sym) else (f, 1.0)
            entry = bases.setdefault(text_of(base), [base, 0.0])
            entry[1] += n
    rest = []
    for base, n in bases.values():
        p = power(base, n)
        if isinstance(p, Sym):
            rest += _terms("*", p)
        else:
            const *= p
    rest.sort(key=text_of)
    parts = ((const,) if const != 1 else ()) + tuple(rest)
    if not rest:
        return const
    if len(parts) == 1:
        return parts[0]
    return Sym("*", parts, "(" + " * ".join(text_of(p) for p in parts) + ")")


def power(a, b):
    if not isinstance(a, Sym) and not isinstance(b, Sym):
        return a ** b
    if not isinstance(a, Sym) and abs(float(a) - math.e) < 1e-12:
        return call("math.exp", b)  # `math.e ** x` is exp(x): one function, however written
    if not isinstance(b, Sym) and b == 1:
        return a
    if not isinstance(b, Sym) and b == 0:
        return 1.0
    if isinstance(a, Sym) and a.kind == "**" and not isinstance(b, Sym) and not isinstance(a.parts[1], Sym):
        return power(a.parts[0], a.parts[1] * b)
    if isinstance(a, Sym) and a.kind == "*" and not isinstance(b, Sym):
        out = 1.0
        for part in a.parts:
            out = mul(out, power(part, b))
        return out
    return Sym("**", (a, b), f"({text_of(a)} ** {text_of(b)})")


def call(name, *args):
    if not any(isinstance(a, Sym) for a in args):
        function = _MATH.get(name)
        if function is not None:
            try:
                return float(function(*args))
            except (ValueError, OverflowError, TypeError):
                raise Unread(name) from None
    if name == "math.pow" and len(args) == 2:
        return power(*args)  # math.pow(a, b) is a ** b: one choice, not a form of its own in every op built on it
    if name == "math.tanh" and len(args) == 1:
        # the lecture's tanh: math.tanh(e) is (exp(2e) - 1) / (exp(2e) + 1), as variants.py reads it too
        twice = call("math.exp", mul(2.0, args[0]))
        return mul(add(twice, -1.0), power(add(twice, 1.0), -1.0))
    return Sym("call", args, f"{name}(" + ", ".join(text_of(a) for a in args) + ")")


_MATH = {"math.exp": math.exp, "math.tanh": math.tanh, "math.log": math.log, "math.sqrt": math.sqrt,
         "math.sinh": math.sinh, "math.cosh": math.cosh, "abs": abs}
COMPARE = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}
_SWAPPED = {">": "<", ">=": "<=", "<": "<", "<=": "<=", "==": "==", "!=": "!="}


def compare(op: str, a, b):
    if op in (">", ">="):
        a, b = b, a
    op = _SWAPPED[op]
    if op == "<" and isinstance(b, Sym) and b.kind == "call" and b.text.startswith("max(") and len(b.parts) == 2 \
            and any(text_of(p) == text_of(a) for p in b.parts):
        b = next(p for p in b.parts if text_of(p) != text_of(a))  # `0 < max(0, x)` is `0 < x`
    return Sym("cmp", (a, b, op), f"({text_of(a)} {op} {text_of(b)})")


def choose(test: Sym, body, orelse):
    """`body if test else orelse` as one form of what it computes: a comparison used as a number is the comparison
    (`1 if c else 0`, and `float(c)`: evaluator_library's `_number` returns the comparison itself), `0 if c else 1`
    its opposite, and a choice between the two sides of a comparison the larger or smaller of them (`0 if x < 0 else
    x`, `x if x > 0 else 0` and `max(0, x)` are one: relu written three ways, which a restyle trades); any other choice
    whose test is `!=` or `<=` is read with the opposite test and its two sides swapped (`x if k != 0 else 0` is `0 if
    k == 0 else x`: a copier turns an `if` round, session 30)."""
    if test.kind == "cmp":
        a, b, op = test.parts
        if _number_is(body, 1) and _number_is(orelse, 0):
            return test
        if _number_is(body, 0) and _number_is(orelse, 1):  # the opposite: not (a < b) is b <= a, not (a == b) a != b
            return compare(*_OPPOSITE[op](a, b))
        sides = {text_of(a): "a", text_of(b): "b"}
        if op in ("<", "<=") and len(sides) == 2 and isinstance(body, (Sym, int, float)) \
                and isinstance(orelse, (Sym, int, float)):
            picked = (sides.get(text_of(body)), sides.get(text_of(orelse)))
            if picked in (("b", "a"), ("a", "b")):
                name = "max" if picked == ("b", "a") else "min"
                return call(name, *sorted((a, b), key=lambda x: x.text if isinstance(x, Sym) else repr(float(x))))
        if op in _TURNED:
            return choose(compare(*_TURNED[op](a, b)), orelse, body)
    return Sym("if", (test,), f"({text_of(body)} if {test.text} else {text_of(orelse)})")


# the comparison that is false where one is true, its operands in compare's order (`<` and `<=` only, turned round)
_OPPOSITE = {"<": lambda a, b: ("<=", b, a), "<=": lambda a, b: ("<", b, a), "==": lambda a, b: ("!=", a, b),
             "!=": lambda a, b: ("==", a, b)}


# a test written as the opposite of another (`!=` of `==`, `<=` of `<`): the choice read with the other's test
_TURNED = {"!=": lambda a, b: ("==", a, b), "<=": lambda a, b: ("<", b, a)}


def _number_is(x, n) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x == n


def arith(op, a, b):
    if not isinstance(a, Sym) and not isinstance(b, Sym):
        if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
            raise Unread("an operator")
        try:
            out = _CONCRETE[type(op)](a, b)
        except (KeyError, ArithmeticError, TypeError, ValueError):
            raise Unread("an operator") from None
        if isinstance(out, int) and abs(out) > MAX_INT or isinstance(out, complex):
            raise Unread("a number too large")
        return out
    if isinstance(op, ast.Add):
        return add(a, b)
    if isinstance(op, ast.Sub):
        return add(a, mul(-1.0, b))
    if isinstance(op, ast.Mult):
        return mul(a, b)
    if isinstance(op, ast.Div):
        if not isinstance(b, Sym) and b == 0:
            raise Unread("division by zero")
        return mul(a, power(b, -1.0))
    if isinstance(op, ast.Pow):
        return power(a, b)
    raise Unread("an operator on a symbolic value")


_CONCRETE = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
             ast.Div: lambda a, b: a / b, ast.Pow: lambda a, b: a ** b if abs(b) <= 64 else float(a) ** b,
             ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b}



"""Missing operations: a probe that failed because the engine has no such method says so, and only that.

Python names what is missing in the exception it raises. The exception's type
is the observation's `exception` field (the worker sends it); what is missing
is read from Python's own words in its message:

- an AttributeError, `'Value' object has no attribute 'tanh'`: a method (`tanh`, `exp`, `log`, `relu`);
- a TypeError, `unsupported operand type(s) for /: 'int' and 'Value'`: an operator for these operands
  (here `__rtruediv__`: a number on the left);
- a TypeError, `bad operand type for unary -: 'Value'`: `__neg__`.

Such a probe shows nothing of the engine's gradients, so diagnosis explains
it by the missing operation and looks for other mistakes in the rest alone
(issue 12: a missing `log` must not silence relu'(0) = 1).
"""

from __future__ import annotations

import re

# Python's own words (its messages, not the grader's), searched in an observation's `error`; the exception's
# type is the observation's `exception` field.
_NO_ATTRIBUTE = re.compile(r"'(?P<cls>\w+)' object has no attribute '(?P<name>\w+)'")
_OPERANDS = re.compile(r"unsupported operand type\(s\) for (?P<symbol>\*\*|[-+*/]|\*\* or pow\(\)): "
                       r"'(?P<left>\w+)' and '(?P<right>\w+)'")
_UNARY = re.compile(r"bad operand type for unary (?P<symbol>[-+]): '(?P<cls>\w+)'")

_METHODS = {"tanh", "exp", "log", "relu", "backward", "sigmoid"}
_OPERATORS = {"+": "add", "-": "sub", "*": "mul", "/": "truediv", "**": "pow", "** or pow()": "pow"}
_NUMBERS = {"int", "float"}


def missing_operation(exception: str | None, error: str | None) -> dict | None:
    """{"method": "__rtruediv__", "expression": "2 / a", "raised": "TypeError"} when the engine raised
    `exception` (an observation's field) with an `error` naming a missing operation of its own class, else None."""
    text = error or ""
    match = _NO_ATTRIBUTE.search(text) if exception == "AttributeError" else None
    if match and match["name"] in _METHODS:
        name = match["name"]
        return {"method": name, "expression": f"a.{name}()", "raised": "AttributeError", "cls": match["cls"]}
    match = _OPERANDS.search(text) if exception == "TypeError" else None
    if match:
        op, left, right = _OPERATORS[match["symbol"]], match["left"], match["right"]
        symbol = "**" if op == "pow" else match["symbol"]
        if left in _NUMBERS and right not in _NUMBERS:
            return {"method": f"__r{op}__", "expression": f"2 {symbol} a", "raised": "TypeError", "cls": right}
        if left not in _NUMBERS and right in _NUMBERS:
            return {"method": f"__{op}__", "expression": f"a {symbol} 2", "raised": "TypeError", "cls": left}
        if left not in _NUMBERS and left == right:
            return {"method": f"__{op}__", "expression": f"a {symbol} b", "raised": "TypeError", "cls": left}
        return None
    match = _UNARY.search(text) if exception == "TypeError" else None
    if match:
        method = "__neg__" if match["symbol"] == "-" else "__pos__"
        return {"method": method, "expression": f"{match['symbol']}a", "raised": "TypeError", "cls": match["cls"]}
    return None


def missing_entry(missing: dict, tests: list[str], evidence: str) -> dict:
    """One diagnosis entry for one missing operation."""
    method, expression, cls = missing["method"], missing["expression"], missing["cls"]
    if method.startswith("__r"):
        why = (f"When the left operand is a plain number, Python asks the right operand's `{method}`; "
               f"without it, `{expression}` raises {missing['raised']}.")
    elif method.startswith("__"):
        why = f"Python looks up `{method}` on your `{cls}` for `{expression}`, and finds none."
    else:
        why = f"Your `{cls}` class has no `{method}` method, so `{expression}` raises {missing['raised']}."
    title = f"`{expression}` does not work: your `{cls}` has no `{method}`"
    explanation = (f"{evidence[:1].upper()}{evidence[1:]}. {why} Every test that needs `{expression}` fails "
                   f"here; the other tests do not charge for it again.")
    return {"kind": "missing-op", "method": method, "title": title, "explanation": explanation,
            "message": f"{title}: {evidence}. {why}", "concept": "missing-op", "tests": tests}

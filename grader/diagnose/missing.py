"""Missing operations: a probe that failed because the engine has no such method says so, and only that.

Decided from the facts the worker reports with each exception (an
observation's `exception` and `facts` fields, grader/sandbox/worker.py), never
from the text of Python's message:

- an AttributeError whose missing attribute (`facts.name`) is an operation's method (`tanh`, `exp`,
  `log`, `relu`): that method, on the class `facts.owner`;
- a TypeError that Python itself raised while a line applied an operator to a Value (`facts.operator`,
  read from the bytecode), where the student's `Value` lacks a method Python looks up for it
  (`facts.missing`): `2 / a` without `__rtruediv__`, `-a` without `__neg__`; also inside another of
  the student's methods (`__rtruediv__` returning `other * self**-1` without `__rmul__`): the missing
  method is at fault, not the one that used it.

Such a probe shows nothing of the engine's gradients, so diagnosis explains
it by the missing operation and looks for other mistakes in the rest alone
(issue 12: a missing `log` must not silence relu'(0) = 1).
"""

from __future__ import annotations

_METHODS = {"tanh", "exp", "log", "relu", "backward", "sigmoid"}
_SYMBOLS = {"add": "+", "sub": "-", "mul": "*", "truediv": "/", "pow": "**"}


def missing_operation(exception: str | None, facts: dict | None) -> dict | None:
    """{"method": "__rtruediv__", "expression": "2 / a", "raised": "TypeError", "cls": "Value"} when the
    engine raised `exception` (an observation's field) because its class has no such operation, as the
    observation's `facts` show; else None."""
    facts = facts or {}
    if exception == "AttributeError" and facts.get("name") in _METHODS and facts.get("owner"):
        name = facts["name"]
        return {"method": name, "expression": f"a.{name}()", "raised": "AttributeError", "cls": facts["owner"]}
    missing = facts.get("missing") or []
    if exception != "TypeError" or not facts.get("operator") or not missing:
        return None
    method = missing[0]  # both of a pair missing: without the first, neither side works
    if method in ("__neg__", "__pos__"):
        expression = f"{'-' if method == '__neg__' else '+'}a"
    else:
        op = method.strip("_")
        reflected = op.startswith("r") and op[1:] in _SYMBOLS
        symbol = _SYMBOLS.get(op[1:] if reflected else op)
        if symbol is None:
            return None
        expression = f"2 {symbol} a" if reflected else f"a {symbol} 2" if op == "pow" else f"a {symbol} b"
    return {"method": method, "expression": expression, "raised": "TypeError", "cls": "Value"}


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

"""An op that raises: any exception raised inside one of the student's operations is that op's fault.

Decided from the facts the worker reports with each exception (an observation's
`exception` and `facts` fields, grader/sandbox/worker.py), never from the text
of Python's message: `facts.raised_in` is the qualified name of the student's
function that raised (`Value.__radd__`, `Value.exp.<locals>._backward`, a
module-level `log`), `facts.entered` the first of the student's functions the
probe called on the way. The op is the innermost operation method named there
(`__radd__`, `exp`), else, where the function that raised is no op (a helper
the op called, in the engine or a module of the student's own), the op the
probe entered; a method of the walk (`backward`, `build_topo`) is no op,
and a RecursionError is an op's own only when the probe entered that very op
(`__radd__` calling itself forever), not when a recursive `backward()` went
too deep through the ops' rules.
"""

from __future__ import annotations

from ..i18n import Message, capital, msg, place, said
from ..parsing import python_line
from ..places import sandbox_line

# The operations' methods, as a student writes them, and how the student reads each.
OPS = {"__add__": "`+`", "__radd__": "`__radd__` (`2 + a`)", "__sub__": "`-`", "__rsub__": "`__rsub__` (`2 - a`)",
       "__mul__": "`*`", "__rmul__": "`__rmul__` (`2 * a`)", "__truediv__": "`/`",
       "__rtruediv__": "`__rtruediv__` (`2 / a`)", "__neg__": msg("unary `-`"), "__pow__": "`**`",
       "tanh": "`tanh`", "exp": "`exp`", "log": "`log`", "relu": "`relu`", "sigmoid": "`sigmoid`"}

QUOTED = 200  # the most characters of a source line a finding quotes, its `…` included

# What a reflected operation must return, for the classic infinite recursion of writing it the other way round.
_REFLECTED = {
    "__radd__": msg("`__radd__(self, other)` runs for `other + self` when `other` is a plain number, so it must "
                "compute the sum itself: `return self + other` (addition commutes). Returning `other + self` "
                "asks Python for `__radd__` again, forever."),
    "__rsub__": msg("`__rsub__(self, other)` runs for `other - self` when `other` is a plain number, so it must "
                "not write `other - self` again: `return Value(other) - self` (or `other + (-self)`)."),
    "__rmul__": msg("`__rmul__(self, other)` runs for `other * self` when `other` is a plain number: "
                "`return self * other`. Returning `other * self` asks Python for `__rmul__` again, forever."),
    "__rtruediv__": msg("`__rtruediv__(self, other)` runs for `other / self` when `other` is a plain number: "
                    "`return Value(other) / self` (or `other * self ** -1`); `other / self` asks for "
                    "`__rtruediv__` again."),
}


def raising_op(exception: str | None, facts: dict | None) -> dict | None:
    """{"method", "phase": "forward" | "backward"} of the op whose code raised, from an observation's
    `exception` and `facts`; None when no op of the student's raised (the walk did, or Python refused an
    operator the class lacks: missing.py)."""
    facts = facts or {}
    inner, entered = facts.get("raised_in"), facts.get("entered")
    if not exception or not inner or facts.get("operator"):
        return None  # no student code raised, or Python refused an operator: the operator's methods did
    found = _op_in(inner)
    if found is None and exception != "RecursionError" and entered and entered != inner and not _walk(inner):
        # raised in code the op called that is no op (a helper function, in the engine or a module of the
        # student's own): the op the probe called raised, by its own doing; the place is the helper's line
        found = _op_in(entered)
        found = found if found and found[1] == "forward" else None
    if found is None:
        return None
    method, phase = found
    if exception == "RecursionError" and (entered is None or _op_in(entered) != (method, "forward")):
        return None
    return {"method": method, "phase": phase}


def builtin_lookup(exception: str | None, facts: dict | None) -> dict | None:
    """{"name", "owner"} of an AttributeError on one of Python's own types (`facts.owner`: `'float' object has no
    attribute 'exp'`), else None."""
    from .missing import BUILTIN_TYPES

    name, owner = (facts or {}).get("name"), (facts or {}).get("owner")
    if exception != "AttributeError" or not isinstance(name, str) or not name.isidentifier() \
            or owner not in BUILTIN_TYPES:
        return None
    return {"name": name, "owner": owner}


def _on_builtin(facts: dict, op=None) -> Message | None:
    """Why an AttributeError on one of Python's own types raised: the line looked the attribute up on a number (a
    list, a dict) where the student meant the math module's function on it (`math.exp(x)`, said where `math` has
    one for a number) or one of their nodes; None otherwise. OP: the op whose tests it stops; None where it raised
    in no op (elsewhere.py: in the walk, a helper; session 38)."""
    import math

    found = builtin_lookup("AttributeError", facts)
    if found is None:
        return None
    name, owner = found["name"], found["owner"]
    if owner in ("float", "int", "bool") and callable(getattr(math, name, None)):
        if op is None:
            return msg("That line looks up `.{name}` on a {owner}, one of Python's own types, not on your class: a "
                       "{owner} has no `{name}` method. For a plain number `x`, write `math.{name}(x)`, not "
                       "`x.{name}()`; fix that line and those tests can run.", name=name, owner=owner)
        return msg("That line looks up `.{name}` on a {owner}, one of Python's own types, not on your class: a "
                   "{owner} has no `{name}` method. For a plain number `x`, write `math.{name}(x)`, not "
                   "`x.{name}()`; fix that line and the tests that need {op} can pass.", name=name, owner=owner, op=op)
    if op is None:
        return msg("That line looks up `.{name}` on a {owner}, one of Python's own types, not on your class: a "
                   "{owner} has no `{name}`. The value it reaches there is a {owner}, not the node (or the type) you "
                   "meant; fix that line and those tests can run.", name=name, owner=owner)
    return msg("That line looks up `.{name}` on a {owner}, one of Python's own types, not on your class: a {owner} "
               "has no `{name}`. The value it reaches there is a {owner}, not the node (or the type) you meant; fix "
               "that line and the tests that need {op} can pass.", name=name, owner=owner, op=op)


def _walk(qualname: str) -> bool:
    return any(part in ("backward", "build_topo", "topo", "_topo") for part in qualname.split("."))


def _op_in(qualname: str):
    parts = qualname.split(".")
    for i in range(len(parts) - 1, -1, -1):
        if parts[i] in OPS:
            return parts[i], ("backward" if i < len(parts) - 1 else "forward")
        if parts[i] in ("backward", "build_topo", "topo", "_topo") and i > 0:
            return None  # raised in the walk, whoever it called
    return None


def raising_entry(found: dict, exception: str, tests: list[str], evidence, where: dict | None,
                  facts: dict | None = None) -> dict:
    """One diagnosis entry for an op that raises: the op, the exception, and where (`file`, `line`, and a
    notebook's `cell`: the student's place, as the run's observations say it; `with_line` adds its text once the place is in the student's terms). `evidence`: a
    Message (evidence.evidence's); `facts`: the raising observation's (an attribute looked up on one of Python's own
    types, `self.data.exp()`, is said as such: _on_builtin)."""
    method, phase = found["method"], found["phase"]
    op = OPS[method]
    builtin = builtin_lookup(exception, facts)  # `self.data.exp()`: said as what the line did (session 38)
    if phase == "backward" and builtin:
        title = msg("The backward rule of your {op} looks up `.{name}` on a {owner}", op=op, **builtin)
    elif phase == "backward":
        title = msg("The backward rule of your {op} raises {exception}", op=op, exception=exception)
    elif builtin:
        title = msg("Your {op} looks up `.{name}` on a {owner}", op=op, **builtin)
    else:
        title = msg("Your {op} raises {exception}", op=op, exception=exception)
    why = _REFLECTED.get(method) if exception == "RecursionError" and phase == "forward" else None
    if why is None and exception == "AttributeError":
        why = _on_builtin(facts or {}, op)
    if why is None and phase == "backward":
        why = msg("Whatever raises inside the backward rule of your {op} stops every expression that uses it; "
                  "fix that line and the tests that need {op} can pass.", op=op)
    elif why is None:
        why = msg("Whatever raises inside your {op} stops every expression that uses it; fix that line and the "
                  "tests that need {op} can pass.", op=op)
    entry = {"kind": "raises", "op": method, "phase": phase, "exception": exception, "concept": "raises",
             "tests": tests}
    _say(entry, title, evidence, why)
    if where and where.get("line"):
        entry.update({key: where[key] for key in ("file", "cell", "line") if where.get(key) is not None})
    return entry


def _say(entry: dict, title, evidence, why, place=None, code: str | None = None) -> dict:
    """The entry's words: `{Evidence}. {why}`, or with the line that raised, `{Evidence}. It raised at
    {place}: `{code}`. {why}` (`bob.py, line 12`: `return other + self`)."""
    if place is None:
        return said(entry, title=title, explanation=msg("{evidence}. {why}", evidence=capital(evidence), why=why),
                    message=msg("{title}: {evidence}. {why}", title=title, evidence=evidence, why=why))
    if code:
        return said(entry, title=title,
                    explanation=msg("{evidence}. It raised at {place}: `{code}`. {why}", evidence=capital(evidence),
                                    place=place, code=code, why=why),
                    message=msg("{title}: {evidence}. It raised at {place}: `{code}`. {why}", title=title,
                                evidence=evidence, place=place, code=code, why=why))
    return said(entry, title=title,
                explanation=msg("{evidence}. It raised at {place}. {why}", evidence=capital(evidence), place=place,
                                why=why),
                message=msg("{title}: {evidence}. It raised at {place}. {why}", title=title, evidence=evidence,
                            place=place, why=why))


def with_line(entry: dict, place, code: str | None) -> dict:
    """The entry saying the line that raised (`bob.py, line 12`: `return other + self`); `place` a Message
    (grader.i18n.place) or text."""
    said_before = entry["messages"]
    parts = Message.from_json(said_before["explanation"]).params  # the evidence and why, as said before
    return _say(entry, Message.from_json(said_before["title"]), Message.from_json(parts["evidence"]["capitalise"]),
                parts["why"], place, code)


def line_of(source, line: int) -> str | None:
    """Line `line` of a file as the student wrote it (numbered as Python numbers it), stripped, and cut to
    QUOTED characters, its last `…`, where longer (a quote cut says so); None if there is no such line."""
    code = (python_line(source, line) or "").strip()
    return (code if len(code) <= QUOTED else code[:QUOTED - 1] + "…") or None


def where_it_raised(entry: dict, submission) -> dict:
    """A raising entry saying its line: the place is the student's (the run's: `bob.py, line 12`, a notebook's
    cell and line), its code read where the sandbox had it, whatever the submission's shape."""
    at = sandbox_line(submission, entry)
    code = line_of(submission.files.get(at[0]), at[1]) if at else None
    return with_line(entry, place({k: entry.get(k) for k in ("file", "cell", "line")}), code)


def placed_at(entry: dict, hint: dict) -> None:
    """A finding that has no place of its own takes the hint's whole place: its file, line and a notebook's cell."""
    if "file" not in entry:
        entry.update({key: hint[key] for key in ("file", "cell", "line") if hint.get(key) is not None})
    entry.setdefault("line", hint.get("line"))

"""An exception no op raised: in the walk, in `Value.__init__`, in a function no op is bound to, or in code
compiled from a string, which Python places in none of the student's files.

raising.py blames an op for what raises inside it. What raises elsewhere in the student's code (a KeyError in
backward(), an `assert` in `__init__`, a helper the walk calls) was said only in each test's line; it gets a
finding of its own here, with the function that raised and its line, for the failing tests no other finding
explains (an exception a named mistake's run raises too stays that finding's). A RecursionError is the walk's
(`recursive-topo`) or an op's, never this; `raise NotImplementedError` is work not done yet, which the tests say.

Code compiled from a string (`exec(compile(src, "<generated>", "exec"))`) runs in no frame of the student's files:
the worker reports no function and no place. The source says where such code is made (an `exec`, `compile` or
`eval` call): that place is said, as the place the code that raised was made, not where it raised.
"""

from __future__ import annotations

import ast

from ..forbidden import tree
from ..i18n import Message, capital, msg, place, said
from ..places import sandbox_line
from .raising import _on_builtin, _walk, builtin_lookup, line_of, raising_op

NOT_HERE = ("NotImplementedError", "RecursionError")
COMPILERS = ("exec", "compile", "eval")


def raised_elsewhere(exception: str | None, facts: dict | None, where) -> dict | None:
    """{"phase", "function"} of an exception raised in the student's code outside every op (module docstring),
    or in code compiled from a string (`facts["compiled"]`, compiled_places); None otherwise."""
    facts = facts or {}
    if not exception or exception in NOT_HERE or facts.get("operator") or raising_op(exception, facts):
        return None
    inner = facts.get("raised_in")
    if inner:
        phase = "walk" if _walk(inner) else "constructor" if inner.split(".")[-1] == "__init__" else "code"
        return {"phase": phase, "function": inner}
    if isinstance(facts.get("compiled"), dict) and not where:
        return {"phase": "compiled", "function": None}
    return None


def elsewhere_entry(found: dict, exception: str, tests: list[str], evidence, where: dict | None,
                    facts: dict | None = None) -> dict:
    """One finding for an exception raised outside every op: the function, the exception, and where (the line
    that raised; for code compiled from a string, the line that compiled it). `evidence`: a Message; `facts`: the
    raising observation's (an attribute looked up on one of Python's own types, `x.exp()` on a float in the walk or
    a helper, is said as such, as raising.py says it in an op: session 38)."""
    phase, function = found["phase"], found["function"]
    builtin = builtin_lookup(exception, facts) if phase in ("walk", "constructor", "code") else None
    if phase == "walk":
        title = (msg("Your backward() looks up `.{name}` on a {owner}", **builtin) if builtin else
                 msg("Your backward() raises {exception}", exception=exception))
        why = msg("backward() runs for every expression a test differentiates, so whatever raises in it stops them "
                  "all; fix that line and those tests can run.")
    elif phase == "constructor":
        title = (msg("Making a Value looks up `.{name}` on a {owner} (in `{function}`)", function=function, **builtin)
                 if builtin else
                 msg("Making a Value raises {exception} (in `{function}`)", exception=exception, function=function))
        why = msg("Every operation makes its result with `Value(...)`, so whatever raises in `__init__` stops every "
                  "expression that makes such a Value; fix that line and those tests can run.")
    elif phase == "code":
        line = (where or {}).get("line") if function.split(".")[-1] == "<lambda>" else None
        if line:  # Python names every lambda `<lambda>` (`partials.<locals>.<lambda>`): said as a lambda, at its line
            title = (msg("Your lambda at line {line} looks up `.{name}` on a {owner}", line=line, **builtin)
                     if builtin else msg("Your lambda at line {line} raises {exception}", line=line,
                                         exception=exception))
        else:
            title = (msg("Your `{function}` looks up `.{name}` on a {owner}", function=function, **builtin)
                     if builtin else
                     msg("Your `{function}` raises {exception}", function=function, exception=exception))
        why = msg("Whatever raises there stops every expression that reaches it; fix that line and the tests that "
                  "need it can run.")
    else:
        title = msg("Your engine raises {exception} in code compiled from a string", exception=exception)
        why = msg("Python places that code in none of your files, so no line of yours can be shown where it "
                  "raised: write it as an ordinary function in your file, and the next check shows the line.")
    if builtin:  # what the line did, and what it meant (`math.exp(x)`), as raising.py says it in an op
        why = _on_builtin(facts)
    entry = {"kind": "raises", "phase": phase, "exception": exception, "concept": "raises", "tests": tests,
             **({"function": function} if function else {})}
    said(entry, title=title, explanation=msg("{evidence}. {why}", evidence=capital(evidence), why=why),
         message=msg("{title}: {evidence}. {why}", title=title, evidence=evidence, why=why))
    if where and where.get("line"):  # compiled code: where it was made (compiled_places)
        entry.update({key: where[key] for key in ("file", "cell", "line") if where.get(key) is not None})
    return entry


def compiled_words(entry: dict, place, code: str | None) -> dict:
    """A compiled-code finding saying where its code was made (`engine.py, line 12`: `exec(...)`), as
    raising.with_line says where an op raised; `place` a Message (grader.i18n.place) or text."""
    said_before = entry["messages"]
    parts = Message.from_json(said_before["explanation"]).params  # the evidence and why, as said before
    title, why = Message.from_json(said_before["title"]), parts["why"]
    evidence = Message.from_json(parts["evidence"]["capitalise"])
    if code:
        explanation = msg("{evidence}. The code that raised was compiled from a string at {place}: `{code}`. {why}",
                          evidence=capital(evidence), place=place, code=code, why=why)
        message = msg("{title}: {evidence}. The code that raised was compiled from a string at {place}: `{code}`. "
                      "{why}", title=title, evidence=evidence, place=place, code=code, why=why)
    else:
        explanation = msg("{evidence}. The code that raised was compiled from a string at {place}. {why}",
                          evidence=capital(evidence), place=place, why=why)
        message = msg("{title}: {evidence}. The code that raised was compiled from a string at {place}. {why}",
                      title=title, evidence=evidence, place=place, why=why)
    return said(entry, title=title, explanation=explanation, message=message)


def where_it_was_compiled(entry: dict, submission) -> dict:
    """A compiled-code finding saying the line that compiled its code (raising.where_it_raised's twin): the place
    is the student's, its code read where the sandbox had it."""
    at = sandbox_line(submission, entry)
    code = line_of(submission.files.get(at[0]), at[1]) if at else None
    return compiled_words(entry, place({k: entry.get(k) for k in ("file", "cell", "line")}), code)


def compiled_places(run: dict | None, submission) -> dict | None:
    """`run` with `facts["compiled"]` ({"file", "line"}, the student's place of the first `exec`, `compile` or
    `eval` call of their files) on each probe whose exception no frame of their files raised; `run` itself when
    there is none (the common case: no source read)."""
    probes = (run or {}).get("probes")
    if not isinstance(probes, dict):
        return run
    unplaced = [p for p, obs in probes.items() if isinstance(obs, dict) and obs.get("status") == "error"
                and obs.get("exception") and not obs.get("where") and isinstance(obs.get("facts"), dict)
                and not obs["facts"].get("raised_in") and not obs["facts"].get("operator")]
    made = _compiler_call(submission.files) if unplaced else None
    if made is None:
        return run
    place = submission.place(*made)
    return {**run, "probes": {**probes, **{p: {**probes[p], "facts": {**probes[p]["facts"], "compiled": place}}
                                           for p in unplaced}}}


def _compiler_call(files: dict) -> tuple[str, int] | None:
    """(file, line) of the first call of `exec`, `compile` or `eval` in the student's .py files, by file and line."""
    for name, source in sorted(files.items()):
        if not name.endswith(".py") or not isinstance(source, (bytes, str)):
            continue
        parsed = tree(source)
        lines = sorted(node.lineno for node in ast.walk(parsed or ast.Module(body=[], type_ignores=[]))
                       if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in COMPILERS)
        if lines:
            return name, lines[0]
    return None

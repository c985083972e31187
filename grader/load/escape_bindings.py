"""What an IPython escape leaves bound in the notebook, where the escape itself is never run.

An escape whose output is assigned (`files = !ls`, `out = %sx ls`, `t = %timeit -o f()`), `%%capture NAME`, and
`%time STATEMENT`, which runs its statement in the notebook (below): each line becomes the Python that binds
what the student's notebook bound there, so that a later cell that reads the name runs as it did in Jupyter.

`%time STATEMENT`: IPython's `%time` runs the rest of its line once, in the notebook's own namespace, and prints
how long it took: `%time c = (a * b).tanh()` binds `c` for the cells below, and `t = %time f()` binds `t` to what
`f()` returns. It was dropped as every other line magic is (notebooks.without_escapes), and a later
`c.backward()` was a NameError (session 30: a correct engine's notebook 0/63). Such a line is now its statement,
on its own line, as is Jupyter's export of it (`get_ipython().run_line_magic('time', 'c = f()')`). `%timeit` is
not: IPython runs its statement many times in a namespace of its own, and binds nothing in the notebook's.
"""

from __future__ import annotations

import ast
import re

from ..parsing import UNPARSABLE, parse

# `%time CODE` and `TARGETS = %time CODE` as a notebook has them (not `%timeit`: `%time` and a space, or its end)
_TIME = re.compile(r"^(?:(?P<targets>[^=!%#'\"]+?)\s*=\s*)?%time(?:[ \t]+(?P<code>.*))?$")


def timed_statement(body: str) -> str | None:
    """The Python a `%time` line (BODY, its text without its indentation) runs in the notebook: its statement, or
    `TARGETS = EXPRESSION` for `TARGETS = %time EXPRESSION`; None for any other line, or a `%time` whose code is
    no statement of one line (`%time` alone, a statement that does not parse)."""
    body = body.rstrip()
    found = _TIME.match(body)
    if found is not None:
        return _statement(found.group("targets"), found.group("code"))
    try:
        tree = parse(body)
    except UNPARSABLE:
        return None
    node = tree.body[0] if len(tree.body) == 1 else None
    if isinstance(node, ast.Expr) and _exported_time(node.value) is not None:
        return _statement(None, _exported_time(node.value))
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and _exported_time(node.value) is not None:
        return _statement(ast.get_source_segment(body, node.targets[0]), _exported_time(node.value))
    return None


def _exported_time(call: ast.expr) -> str | None:
    """CODE of Jupyter's export of `%time CODE`, `get_ipython().run_line_magic('time', CODE)`; None for another."""
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "run_line_magic"
            and isinstance(call.func.value, ast.Call) and isinstance(call.func.value.func, ast.Name)
            and call.func.value.func.id == "get_ipython" and not call.func.value.args and len(call.args) == 2
            and not call.keywords and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in call.args)
            and call.args[0].value == "time"):
        return None
    return call.args[1].value


def _statement(targets: str | None, code: str | None) -> str | None:
    """`CODE`, or `TARGETS = CODE` where CODE is an expression; None where that is not one line of Python."""
    code = (code or "").strip()
    if not code or "\n" in code or "\r" in code:
        return None
    line = code if targets is None else f"{targets.strip()} = {code}"
    try:
        parse(code, mode="exec" if targets is None else "eval")
        parse(line)
    except UNPARSABLE:
        return None
    return line


# what an escape's output is assigned to (`files = !ls`, `out = %sx ls`; nbconvert's `files =
# get_ipython().getoutput('ls')`): the names stay bound, to what a shell that printed nothing gives (IPython's list
# of its lines, empty), or None for a magic's result. Session 27: `files = !ls` then `print(files[:3])` was a
# NameError (0/63), the assignment dropped with its escape
_CAPTURE = re.compile(r"^((?:[A-Za-z_][\w.]*|[(\[][\w.,\s*]*[)\]])(?:\s*,\s*[\w.*]+)*\s*,?)\s*="
                      r"\s*(?:(!|%sx\b|%system\b|get_ipython\(\)\s*\.\s*getoutput\b)|%|get_ipython\(\))")


# IPython's CapturedIO, as `%%capture NAME` binds NAME to it, for a cell that printed nothing (the grader never
# shows a notebook's output): `cap.stdout`, `cap.stderr` '', `cap.outputs` [], `cap.show()` and `cap()` show nothing.
# Session 28: the magic's line was dropped, and a later `print(cap.stdout)` was a NameError (63 -> 0/63)
CAPTURED_IO = ('type("CapturedIO", (), {"stdout": "", "stderr": "", "outputs": [], "show": lambda self: None, '
               '"__call__": lambda self: None})()  # grader: what %%capture binds')


def captured_output(magic: str, line: str) -> str | None:
    """The statement that binds what `%%capture [--no-stderr] [--no-stdout] [--no-display] [NAME]` names (MAGIC the
    magic's name, LINE the rest of its line) to a CAPTURED_IO; None for any other magic, or none named."""
    names = [word for word in line.split("#")[0].split() if not word.startswith("-")]
    if magic != "capture" or not names or not names[0].isidentifier():
        return None
    return f"{names[0]} = {CAPTURED_IO}"


def bound_by_escape(body: str) -> str:
    """The statement an escape or a call into IPython (BODY, its first line) becomes: a `%time` line's own statement
    (`timed_statement`), `pass`, or its targets bound as the escape's output would be (`_CAPTURE`)."""
    timed = timed_statement(body)
    if timed is not None:
        return timed
    found = _CAPTURE.match(body)
    if found is None:
        return "pass"
    targets = found.group(1).rstrip()
    try:
        target = parse(f"{targets} = None").body[0].targets[0]
    except UNPARSABLE:
        return "pass"
    if not isinstance(target, (ast.Tuple, ast.List)):
        return f"{targets} = {'[]' if found.group(2) else 'None'}"
    # unpacked (`ver, = !python --version`, `first, *rest = !ls`, `a, b = %sx ls`): each name takes one of the
    # lines the student's shell printed, which the grader never runs: '' (None of a magic's result); an empty list
    # would stop the notebook where the student's ran (review 27: `[cwd] = !pwd` 63 -> 0/63, "not enough values")
    one = "''" if found.group(2) else "None"
    return f"{targets} = [{', '.join([one] * sum(not isinstance(e, ast.Starred) for e in target.elts))}]"

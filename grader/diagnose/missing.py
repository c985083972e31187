"""Missing operations: a probe that failed because the engine has no such method says so, and only that.

Decided from the facts the worker reports with each exception (an
observation's `exception` and `facts` fields, grader/sandbox/worker.py), never
from the text of Python's message:

- an AttributeError whose missing attribute (`facts.name`) is an operation's method (`tanh`, `exp`,
  `log`, `relu`): that method, on the class `facts.owner`;
- an AttributeError whose missing attribute is an operator's method called by name on the student's class
  (`self.__neg__() + other` in `__rsub__` without `__neg__`): that method, read as Python's own refusal of the
  operator is (session 37: before, a second finding "Your `__rsub__` raises AttributeError", and the random graph
  that needs `2 - a` charged again); not on a built-in type (`None.__neg__`: a value that is not a node);
- neither on a built-in type (`self.data.exp()`, `x.tanh()` on a float: the student's class has the method, and
  the line called it on a number): that op raises, and raising.py names the line and `math.exp(x)` (diag37b;
  before, "Add a `exp` method to your class `float`");
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
# Python's own types, by the name the worker's facts give an AttributeError's owner: never the student's class
BUILTIN_TYPES = frozenset(name for name, value in vars(__import__("builtins")).items() if isinstance(value, type)) | {
    "NoneType", "function", "method", "builtin_function_or_method", "module", "generator"}


def _expression(method: str) -> str | None:
    """The expression a student writes that makes Python look up an operator's METHOD (`__rsub__` → `2 - a`), or
    None for a method that is no operator's."""
    if method in ("__neg__", "__pos__"):
        return f"{'-' if method == '__neg__' else '+'}a"
    op = method.strip("_") if method.startswith("__") and method.endswith("__") else ""
    reflected = op.startswith("r") and op[1:] in _SYMBOLS
    symbol = _SYMBOLS.get(op[1:] if reflected else op)
    if symbol is None:
        return None
    return f"2 {symbol} a" if reflected else f"a {symbol} 2" if op == "pow" else f"a {symbol} b"


def missing_operation(exception: str | None, facts: dict | None) -> dict | None:
    """{"method": "__rtruediv__", "expression": "2 / a", "raised": "TypeError", "cls": "Value"} when the
    engine raised `exception` (an observation's field) because its class has no such operation, as the
    observation's `facts` show; else None."""
    facts = facts or {}
    if exception == "AttributeError" and facts.get("name") in _METHODS and facts.get("owner") \
            and facts["owner"] not in BUILTIN_TYPES:
        name = facts["name"]
        return {"method": name, "expression": f"a.{name}()", "raised": "AttributeError", "cls": facts["owner"]}
    if exception == "AttributeError" and facts.get("owner") and facts["owner"] not in BUILTIN_TYPES:
        expression = _expression(facts.get("name") or "")
        if expression is None:
            return None
        return {"method": facts["name"], "expression": expression, "raised": "AttributeError", "cls": facts["owner"]}
    missing = facts.get("missing") or []
    if exception != "TypeError" or not facts.get("operator") or not missing:
        return None
    method = missing[0]  # both of a pair missing: without the first, neither side works
    expression = _expression(method)
    if expression is None:
        return None
    return {"method": method, "expression": expression, "raised": "TypeError", "cls": "Value"}


def missing_entry(missing: dict, tests: list[str], evidence, stopped: dict | None = None) -> dict:
    """One diagnosis entry for one missing operation (`evidence`: a Message, evidence.evidence's). `stopped`: the
    notebook's import stopped at a cell that raised, above the cell that defines the method (never_ran)."""
    from ..i18n import msg
    from .evidence import finding_words

    method, expression, cls, raised = missing["method"], missing["expression"], missing["cls"], missing["raised"]
    if stopped is not None:
        title, why, reasons, kept = _never_ran_words(stopped, method, expression)
        entry = {"kind": "missing-op", "method": method, "cls": cls, "concept": "missing-op", "tests": tests,
                 "form": "never-ran", **kept}
        return finding_words(entry, title, evidence, reasons, said_in_message=why)
    if missing.get("base"):
        why = msg("Your `{cls}` subclasses `{base}` and has no `{method}` of its own, so for `{expression}` Python "
                  "uses `{base}`'s, which returns a plain {base}: no node, and no gradient flows back to `a`.",
                  cls=cls, base=missing["base"], method=method, expression=expression)
    elif method.startswith("__r"):
        why = msg("When the left operand is a plain number, Python asks the right operand's `{method}`; "
                  "without it, `{expression}` raises {raised}.", method=method, expression=expression, raised=raised)
    elif method.startswith("__"):
        why = msg("Python looks up `{method}` on your `{cls}` for `{expression}`, and finds none.",
                  method=method, cls=cls, expression=expression)
    else:
        why = msg("Your `{cls}` class has no `{method}` method, so `{expression}` raises {raised}.",
                  cls=cls, method=method, expression=expression, raised=raised)
    title = msg("`{expression}` does not work: your `{cls}` has no `{method}`", expression=expression, cls=cls,
                method=method)
    reasons = msg("{why} Add a `{method}` method to your class `{cls}`. Every test that needs `{expression}` fails "
                  "here; the other tests do not charge for it again.", why=why, method=method, cls=cls,
                  expression=expression)
    # `cls`: the class the method goes in, as data (place_missing finds its `class` line)
    entry = {"kind": "missing-op", "method": method, "cls": cls, "concept": "missing-op", "tests": tests}
    return finding_words(entry, title, evidence, reasons, said_in_message=why)


def _never_ran_words(stopped: dict, method: str, expression: str):
    """(title, why, reasons, the field that says where METHOD is defined) of a missing-op finding whose method a
    notebook defines below the cell its import stopped at: a cell of a notebook, or a line of one exported as a
    script (its places are its lines)."""
    from ..i18n import msg

    cell = stopped.get("cell") is not None
    below = stopped["defined_in_cell"] if cell else stopped["defined_at_line"]
    values = {"file": stopped["file"], "cell": stopped.get("cell"), "line": stopped.get("line"),
              "error": stopped["error"], "below": below, "method": method, "expression": expression}
    if cell:
        title = msg("`{expression}` does not work: {file} stopped at cell {cell}, above the cell that defines "
                    "`{method}`", **values)
        why = msg("{file} stopped at cell {cell}, which raised {error}. The cells below it never ran, as Jupyter's "
                  "Run All leaves them, and cell {below}, which defines `{method}`, is one of them.", **values)
        fix = msg("{why} Fix cell {cell} or remove it. Every test that needs `{expression}` fails here; the other "
                  "tests do not charge for it again.", why=why, **values)
        return title, why, fix, {"defined_in_cell": below}
    title = msg("`{expression}` does not work: {file} stopped at line {line}, above the line that defines "
                "`{method}`", **values)
    why = msg("{file}, a notebook exported as a script, stopped at line {line}, which raised {error}. The cells "
              "below it never ran, as Jupyter's Run All leaves them, and line {below}, which defines `{method}`, is "
              "in one of them.", **values)
    fix = msg("{why} Fix that cell or remove it. Every test that needs `{expression}` fails here; the other tests "
              "do not charge for it again.", why=why, **values)
    return title, why, fix, {"defined_at_line": below}


def class_place(files: dict, engine: str, cls: str, depth: int = 3) -> tuple[str, int] | None:
    """(file, line) of the `class CLS` statement the engine's CLS is, read from the syntax tree (never executed):
    in ENGINE (the last top-level one: a notebook's later cell redefines it), else followed through the file's own
    import of it (`from value import Value`, `from .nodes import Node as Value`) into the submission's module, or
    through a top-level alias (`Value = Node`); None where no class statement is found (a class made by `type()`,
    one imported from a package the submission does not hold)."""
    import ast

    from .handed_on import _imports
    from .source_tree import BUDGET_SECONDS, OverBudget, clock, tree_of

    tree = tree_of(files, engine)
    if tree is None or depth == 0:
        return None
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        module = tree.tree
        classes = [s for s in module.body if isinstance(s, ast.ClassDef) and s.name == cls]
        aliases = [s.value.id for s in module.body if isinstance(s, ast.Assign) and isinstance(s.value, ast.Name)
                   and any(isinstance(t, ast.Name) and t.id == cls for t in s.targets)]
        if aliases:  # `Value = Node` after the class: the alias is what the engine exports
            return class_place(files, engine, aliases[-1], depth - 1) if aliases[-1] != cls else None
        if classes:
            return engine, classes[-1].lineno
        held, name = _imports(tree, files, engine).get(cls, (None, None))
    except (OverBudget, RecursionError):
        return None
    return class_place(files, held, name, depth - 1) if held is not None and name is not None else None


def place_missing(entries: list[dict], submission, engine: str) -> None:
    """Give each missing-op finding without a place the line of its class's `class` statement (class_place), in the
    student's terms (a notebook's cell): the method to add goes in that class."""
    for entry in entries:
        if entry.get("kind") != "missing-op" or entry.get("line") or not entry.get("cls"):
            continue
        found = class_place(submission.files, engine, entry["cls"])
        if found is not None:
            entry.update({k: v for k, v in submission.place(*found).items() if v is not None})


def never_ran(entries: list[dict], run: dict | None, submission, evidence_of) -> list[dict]:
    """ENTRIES with each missing-op finding whose method a notebook defines in a cell its import never reached
    (the run's `import_stopped`: a cell above it raised, and Run All stops there) said as that: the cell that
    raised, and that the cells below it, the one defining the method among them, never ran (session 42: "Add a
    `backward` method to your class `Value`" to a notebook that has one, below a demo cell that raised). The
    finding is placed at the cell that raised, the line to fix. `evidence_of(probe)`: the sentence of that probe's
    numbers (evidence.evidence's)."""
    from ..load.cell_order import defining_cell

    stopped = (run or {}).get("import_stopped")
    if not stopped:
        return entries
    where = stopped.get("where") or {}
    said = []
    for entry in entries:
        probe = (entry.get("table") or {}).get("probe")
        observed = ((run or {}).get("probes") or {}).get(probe) or {}
        missing = missing_operation(observed.get("exception"), observed.get("facts"))
        below = defining_cell(submission, where, entry["method"]) \
            if entry.get("kind") == "missing-op" and missing and missing["method"] == entry["method"] else None
        if below is None:
            said.append(entry)
            continue
        facts = {"file": stopped.get("file") or where.get("file"), "cell": where.get("cell"), "line": where.get("line"),
                 "error": stopped["error"], **({"defined_in_cell": below["cell"]} if "cell" in below
                                              else {"defined_at_line": below["line"]})}
        found = missing_entry(missing, entry["tests"], evidence_of(probe), stopped=facts)
        found["table"] = entry["table"]
        found.update({k: v for k, v in where.items() if k in ("file", "cell", "line") and v is not None})
        said.append(found)
    return said

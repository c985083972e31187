"""A finding about a local derivative at the line that computes it: the engine suite's `where_written` probe.

The numbers say which op's rule is wrong, not which line computes it (a wrong local handed to a shared walk and a
wrong shared walk look alike). The probe runs each op once, seeded directly, with the student's lines traced, and
reports, as data, for each input the line (file and line number) that was running when its gradient changed, and
every line of theirs the backward ran. Here, for each `derivative` finding of an op:

- an input's gradient was written on a line that no op whose rule is right writes on (its own rule's line, or a
  helper that only wrong ops run: a sign flipped for every op, `self.grad += -amount`): the first such line;
- else (the line that writes is shared with a right op: a walk that applies every op's local derivative, or a
  helper all rules call) the last line that op's backward ran and no other op's did: its own entry of a table of
  local derivatives (`"sub": lambda x, y, out: (1, 1)`), its own rule;
- else (the backward runs only lines other ops run too: the local was computed in the forward pass and handed to a
  shared rule, `self._unary(e, self.data, "exp")`, or kept per node) the last line of the op's own method (the one
  Python calls for it, not the helpers it calls) that no other op's method ran (session 32; the probe reports those
  lines as `made`).

A variant of a derived operator written wrong (`__sub__` as `self + other`, `__neg__` returning `self`: the
variant's `made_by`) is placed by the forward alone: its mistake is in the method Python calls, whose backward is
other ops' (the seed line would be the one that wrote `-x`'s input when `__neg__` returns `self`).

same_line.py then makes the findings at one line one. Trusted code, in the grader: it reads an observation.
"""

from __future__ import annotations

import ast

from ..parsing import UNPARSABLE, parse, python_line, tree_or_none
from .derivatives import BUILT_FROM

PROBE = "where_written"


def set_aside(run, suite):
    """(`run` without the suite's probes that report places, not numbers (marked `@probekit.places`), this probe's
    observation or None): their lines are the student's own files', which no variant's or reference's run shares,
    so no comparison of observations may read them (a variant that matches every number would disagree on them)."""
    probes = (run or {}).get("probes")
    marked = {name for name in suite.probe_names if getattr(suite.probe(name), "reports_places", False)}
    if not isinstance(probes, dict) or not marked & probes.keys():
        return run, None
    return {**run, "probes": {name: obs for name, obs in probes.items() if name not in marked}}, probes.get(PROBE)


def _place(value):
    """(file, line) from a reported [file, line], or None (a forged report's shapes are dropped)."""
    if (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], float)
            and value[1].is_integer() and 0 < value[1] < 1e7):
        return value[0], int(value[1])
    return None


def read(observation) -> dict:
    """{op: {"written": [(file, line), ...] (its inputs', in order), "ran": [(file, line), ...]}} of the probe's
    observation ({} where it did not run)."""
    if not isinstance(observation, dict) or observation.get("status") != "ok":
        return {}
    out = {}
    for op, found in (observation.get("values") or {}).items():
        if isinstance(found, dict) and isinstance(found.get("written"), dict) and isinstance(found.get("ran"), list):
            written = [p for p in map(_place, found["written"].values()) if p is not None]
            made = found.get("made") if isinstance(found.get("made"), list) else []  # none before session 32
            helped = found.get("helped") if isinstance(found.get("helped"), list) else []  # none before session 35
            out[op] = {"written": written, "ran": [p for p in map(_place, found["ran"]) if p is not None],
                       "made": [p for p in map(_place, made) if p is not None],
                       "helped": [p for p in map(_place, helped) if p is not None]}
    return out


def place_of(op: str, where: dict, right: set[str], files: dict | None = None) -> tuple[str, int] | None:
    """The line that computes `op`'s wrong local derivative, or None. `right`: the ops whose rules are right;
    `files`: the submission's, read by made_at."""
    mine = where.get(op)
    if not mine or not mine["written"]:
        return None
    # only ops of their own are witnesses: `-x` built as `x * -1` over a `*` whose sign is flipped is right by two
    # wrongs, and `a / b` built as `a * b ** -1` runs `*`'s lines (BUILT_FROM: what the reference builds them from)
    witnesses = {other: found for other, found in where.items() if other != op and other not in BUILT_FROM}
    by_right = {p for other, found in witnesses.items() if other in right for p in found["written"]}
    own_writes = [p for p in mine["written"] if p not in by_right]
    if own_writes:
        return own_writes[0]
    others = {p for found in witnesses.values() for p in found["ran"]}
    own = [p for p in mine["ran"] if p not in others]
    return own[-1] if own else made_at(op, where, files)


def node_made_at(op: str, where: dict, files: dict | None = None) -> tuple[str, int] | None:
    """Where `op`'s rule adds a node (a Value) into its input's gradient. The probe saw that write on a line of the
    class's own arithmetic, which the node's `*` and `+` ran (lines other ops' forwards run), no line of the rule:
    so the last line of the op's own backward that ran before that arithmetic began (a closure's `self.grad += k *
    ...`), else the op's own forward (made_at), where a factor kept as a Value is made (an edge list's `(self, n *
    x ** (n.data - 1))`). Session 42: `n = Value(n)` in `__pow__` was placed at `__init__`'s last line."""
    mine = where.get(op)
    if not mine:
        return None
    others = [found for other, found in where.items() if other != op and other not in BUILT_FROM]
    forward = {p for found in others for p in found["made"] + found["helped"]}
    ran = {p for found in others for p in found["ran"]}
    own = []
    for p in mine["ran"]:
        if p in forward:  # the node's arithmetic has begun
            break
        if p not in ran:
            own.append(p)
    return own[-1] if own else made_at(op, where, files)


def made_at(op: str, where: dict, files: dict | None = None) -> tuple[str, int] | None:
    """The last line of `op`'s own method, run forwards, that no op of its own (not BUILT_FROM) ran: where a local
    computed in the forward pass, or a derived operator's own mistake, is written; None where it has none. With the
    submission's `files`, a last line that only hands back what a line above made (`return out`, `return a, b`)
    gives way to the one above it (session 33: `out = self; out += other; return out` was placed at the return)."""
    mine = where.get(op)
    if not mine:
        return None
    others = {p for other, found in where.items() if other != op and other not in BUILT_FROM for p in found["made"]}
    own = [p for p in mine["made"] if p not in others]
    while len(own) > 1 and _only_returns_names(files, own[-1]):
        own.pop()
    if not own or _only_hands_on(files, own[-1]):
        # `return self._unary("tanh")`, `return Op.LOG(self)`: the method computes nothing itself; the last line of
        # the helpers it called that no other op's called is where its local is (session 35: `_Dual.tanh`'s). So
        # too where every line of the method is another op's (session 39: one wrapper a decorator made for every
        # op, `@primitive(lambda x, out: (1 if x >= 0 else 0,))`, whose own code is the functions it was handed)
        shared = {p for other, found in where.items() if other != op for p in found["made"] + found["helped"]}
        helper = [p for p in mine["helped"] if p not in shared]
        if helper:
            return helper[-1]
    return own[-1] if own else None


def _only_hands_on(files: dict | None, at: tuple[str, int]) -> bool:
    """Whether the line `at` of the student's file is `return` of one call whose arguments compute nothing (names,
    constants, attributes: `return self._unary("tanh")`, `return Op.LOG(self)`)."""
    text = python_line((files or {}).get(at[0]), at[1])
    try:
        statement = parse(text.strip()).body if text is not None else []
    except UNPARSABLE:  # a line of a longer statement
        return False
    if len(statement) != 1 or not isinstance(statement[0], ast.Return) or not isinstance(statement[0].value, ast.Call):
        return False
    call = statement[0].value
    return all(isinstance(node, (ast.Name, ast.Constant, ast.Attribute, ast.keyword, ast.Load, ast.Call))
               for arg in [*call.args, *call.keywords] for node in ast.walk(arg))


# the method Python calls for each derived operator a variant's `made_by` names
DUNDERS = {"neg": "__neg__", "sub": "__sub__", "rsub": "__rsub__", "div": "__truediv__", "rtruediv": "__rtruediv__",
           "radd": "__radd__", "rmul": "__rmul__"}


def bound_at(op: str, where: dict, right: set[str], files: dict | None = None) -> tuple[str, int] | None:
    """Where `op`'s method is another op's own function, bound under its name (`__rsub__ = __sub__` in the class,
    `Value.__rtruediv__ = div`): the line of the last such binding in the student's files, where every line the op
    ran forwards is one a right op ran too (a right op's lines are not the mistake; the binding is). None otherwise.
    Session 35: both were placed at the right op's body (`return self + (-Value.lift(other))`, `return mul(a,
    power(_lift(b), -1))`), which `a - b` and `a / b` run, right."""
    mine, name = where.get(op), DUNDERS.get(op)
    if not mine or not mine["made"] or name is None or not any(
            other != op and other in right and set(mine["made"]) <= set(found["made"])
            for other, found in where.items()):
        return None
    bindings = []
    for file, data in sorted((files or {}).items()):
        tree = tree_or_none(data) if file.endswith(".py") else None
        for node in ast.walk(tree) if tree is not None else ():
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, ast.AnnAssign) else []
            if any(isinstance(t, ast.Name) and t.id == name or isinstance(t, ast.Attribute) and t.attr == name
                   for t in targets):
                bindings.append((file, node.lineno))
    # the last one of one file (Python keeps the last binding); in several files, which one holds is the imports'
    return max(bindings) if len({file for file, _ in bindings}) == 1 else None


def _only_returns_names(files: dict | None, at: tuple[str, int]) -> bool:
    """Whether the line `at` of the student's file is `return` of names alone (`return out`, `return a, b`)."""
    text = python_line((files or {}).get(at[0]), at[1])
    if text is None:
        return False
    try:
        statement = parse(text.strip()).body
    except UNPARSABLE:  # a line of a longer statement
        return False
    if len(statement) != 1 or not isinstance(statement[0], ast.Return) or statement[0].value is None:
        return False
    value = statement[0].value
    return all(isinstance(v, ast.Name) for v in (value.elts if isinstance(value, ast.Tuple) else [value]))


def place_derivatives(entries: list[dict], observation, right: set[str], submission) -> None:
    """Give each `derivative` finding without a place, and each `variant` finding whose variant is one op's local
    derivative (its `op`; every variant it names, `also` too, that same op's), the line that computes that op's
    local derivative, in the student's terms (a notebook's cell); a variant of a derived operator (its `made_by`),
    that operator's own line."""
    where = read(observation)
    for entry in entries:
        if entry.get("line") or not where:
            continue
        op = entry["op"] if entry.get("kind") == "derivative" else variant_op(entry)
        if entry.get("form") == "grad-not-a-number":  # a node added into grad: where that node's factor is made
            found = node_made_at(op, where, submission.files)
        else:
            found = place_of(op, where, right, submission.files) if op else None
        if found is None and (made_by := variant_op(entry, "made_by")):
            found = bound_at(made_by, where, right, submission.files) or made_at(made_by, where, submission.files)
        if found is not None:
            entry.update({k: v for k, v in submission.place(*found).items() if v is not None})


def variant_op(entry: dict, field: str = "op") -> str | None:
    """The op whose local derivative a `variant` finding's variants all are (grader/engines.Variant.op), or None;
    FIELD "made_by": the op whose forward they all are (a derived operator's)."""
    if entry.get("kind") != "variant":
        return None
    from ..variants import variant

    try:
        ops = {getattr(variant(name), field) for name in [entry["variant"], *entry.get("also", [])]}
    except KeyError:  # a name of no single variant (a pair's): no one op
        return None
    return ops.pop() if len(ops) == 1 else None

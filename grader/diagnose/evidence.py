"""What a diagnosis shows: one failing expression, as a sentence and as a per-node table.

Probes report the nodes of their expression in the order they were created,
inputs first (`{"y": ..., "a.data": ..., "a.grad": ..., "b.grad": ...}`), and
creation order is a topological order. Read backwards, it walks from the
output back to the leaves, the way gradients flow: the first node whose
gradient is wrong in that order is where the backward pass first goes wrong.
"""

from __future__ import annotations

from ..judge import describe, fmt
from .compare import same_values

GRAD, DATA, NUMERIC = ".grad", ".data", ".numeric"


def _quantity(key: str) -> tuple[str, str]:
    """`a.grad` → ("a", "grad"); `a.data` → ("a", "data"); `y` → ("y", "value")."""
    for suffix, kind in ((GRAD, "grad"), (DATA, "data"), (NUMERIC, "numeric")):
        if key.endswith(suffix) and len(key) > len(suffix):
            return key[: -len(suffix)], kind
    return key, "value"


def size(probe, obs: dict | None) -> tuple[int, int]:
    """How big a failing expression is, for picking the smallest: (its text's length, its observed keys).

    The text is the expression as the student reads it (a random graph's
    written-out `expr`, not its one-line name). Its length ranks expressions
    better than the number of keys a probe reports: micrograd's five-line
    sanity check reports only x, three keys, and is not a small example.
    """
    values = obs.get("values") if obs and obs.get("status") == "ok" and isinstance(obs.get("values"), dict) else {}
    text = values.get("expr") if isinstance(values.get("expr"), str) else describe(probe)
    return len(text), len(values)


def table(probe, observed: dict, expected: dict) -> dict:
    """The per-node table of one probe: each node's expected and observed gradient.

    Rows run from the output back to the leaves. Values that are not
    gradients (the output's value, `2 - a`, a leaf's data) appear only where
    they differ. `first_differing` names the first node, in that order,
    whose gradient differs; if every gradient agrees, the first value that
    differs, in the order the expression computes it.
    """
    values = observed.get("values") if observed.get("status") == "ok" else None
    rows = []
    keys = list(expected)
    for key in reversed(keys):
        node, kind = _quantity(key)
        if kind != "grad":
            continue
        got = values.get(key) if values is not None else None
        rows.append({"node": node, "quantity": "grad", "expected": expected[key], "observed": got,
                     "differs": values is None or not same_values(got, expected[key])})
    for key in keys:
        node, kind = _quantity(key)
        if kind == "grad" or not isinstance(expected[key], (int, float)) or values is None:
            continue
        if not same_values(values.get(key), expected[key]):
            rows.append({"node": node, "quantity": "value" if kind == "value" else kind,
                         "expected": expected[key], "observed": values.get(key), "differs": True})
    first = next((r for r in rows if r["differs"]), None)
    result = {"probe": probe.__name__, "expression": describe(probe), "rows": rows,
              "first_differing": first["node"] if first else None}
    if values is None:
        result["error"] = str(observed.get("error") or observed.get("status"))
    graph = _graph(probe, rows, result["first_differing"])
    if graph is not None:
        result["graph"] = graph
    return result


def _graph(probe, rows, first):
    """The expression's graph (graph.py), drawn from the reference engine: None where there is none
    (a student's install holds no reference engine)."""
    try:
        from .graph import expression_graph
    except ImportError:
        return None
    try:
        return expression_graph(probe, rows, first)
    except ImportError:
        return None


def _name(row: dict) -> str:
    if row["quantity"] == "grad":
        return f"{row['node']}.grad"
    if row["quantity"] == "numeric":
        return f"the numerical slope for {row['node']}"
    if row["quantity"] == "data":
        return f"{row['node']}.data"
    return row["node"]


def evidence(probe, observed: dict, expected: dict) -> tuple[str, dict]:
    """`for y = a * a at a = 3, a.grad is 3.0, not 6.0`, and the same facts as a dict."""
    expression = describe(probe)
    facts = {"probe": probe.__name__, "expression": expression}
    if observed.get("status") != "ok":
        error = str(observed.get("error") or observed.get("status"))
        if observed.get("status") == "timeout":
            return f"for {expression}, your engine did not finish", dict(facts, error="timeout")
        short = error.splitlines()[0][:200]
        return f"for {expression}, your engine raised {short}", dict(facts, error=short)
    rows = table(probe, observed, expected)["rows"]
    row = next((r for r in rows if r["differs"]), None)
    if row is None:  # a key the reference has no number for (it is missing or not a number)
        return f"for {expression}, your engine's results differ", facts
    facts.update(key=_name(row), expected=row["expected"], observed=row["observed"])
    got = fmt(row["observed"]) if row["observed"] is not None else "missing"
    return f"for {expression}, {_name(row)} is {got}, not {fmt(row['expected'])}", facts


def lead_in(v) -> str:
    """`an engine that overwrites …` for a verb phrase, `an engine in which tanh's … is …` for a clause
    (the variant's `lead_in` says which its title is)."""
    return f"an engine {v.lead_in} {v.title}"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def local_evidence(probe, observed: dict, expected: dict) -> str:
    """`for y = tanh(x) at x = 2, x.grad is 0.0733, not 0.0707`: the point where the student is furthest off."""
    worst = None
    for key, want in expected.items():
        if key.endswith(".grad") and isinstance(want, (int, float)):
            got = observed.get(key)
            if isinstance(got, (int, float)):
                gap = abs(got - want) / max(abs(want), 1e-9)
                if worst is None or gap > worst[0]:
                    worst = (gap, key, got, want)
    if worst is None:
        return f"for {probe.__doc__.splitlines()[0]}, your gradients differ"
    _, key, got, want = worst
    case, name = key.split(".")[:2]
    inputs = ", ".join(f"{k.split('.')[1]} = {fmt(v)}" for k, v in expected.items()
                       if k.startswith(f"{case}.") and k.count(".") == 1 and k.split(".")[1] != "y")
    expression = probe.__doc__.split(" at ")[0]
    return f"for {expression} at {inputs}, {name}.grad is {fmt(got)}, not {fmt(want)}"

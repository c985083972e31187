"""What a diagnosis shows: one failing expression, as a sentence and as a per-node table.

Probes report the nodes of their expression in the order they were created,
inputs first (`{"y": ..., "a.data": ..., "a.grad": ..., "b.grad": ...}`), and
creation order is a topological order. Read backwards, it walks from the
output back to the leaves, the way gradients flow: the first node whose
gradient is wrong in that order is where the backward pass first goes wrong.
"""

from __future__ import annotations

from ..i18n import Message, capital, msg, said
from ..judge import describe, expression_of, fmt
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
        # the grader's own words as data (a probe's ObservationError, the sandbox's exceptions: grader/observe)
        record = observed.get("error_message")
        if isinstance(record, dict) and "id" in record and str(Message.from_json(record)) == result["error"]:
            # kept only where they are the error's words, so that a page says them in its language (session 42:
            # «Ваш движок остановился с ошибкой x.grad is a Value, not a number»); the student's own text has none
            result["error_message"] = record
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


def _name(row: dict):
    """The quantity a row is about, as a sentence names it: code (`a.grad`), or words around code."""
    if row["quantity"] == "grad":
        return f"{row['node']}.grad"
    if row["quantity"] == "numeric":
        return msg("the numerical slope for {node}", node=row["node"])
    if row["quantity"] == "data":
        return f"{row['node']}.data"
    return row["node"]


def evidence(probe, observed: dict, expected: dict) -> tuple[Message, dict]:
    """`for y = a * a at a = 3, a.grad is 3.0, not 6.0` (a Message: str() is the English), and the same
    facts as a dict."""
    expression = expression_of(probe)
    facts = {"probe": probe.__name__, "expression": str(expression)}
    if observed.get("status") != "ok":
        error = str(observed.get("error") or observed.get("status"))
        if observed.get("status") == "timeout":
            return msg("for {expression}, your engine did not finish", expression=expression), dict(facts, error="timeout")
        short = error.splitlines()[0][:200]
        words = Message.from_json(observed["error_message"]) if observed.get("error_message") else short  # the sandbox's
        return msg("for {expression}, your engine raised {error}", expression=expression, error=words), dict(facts, error=short)
    rows = table(probe, observed, expected)["rows"]
    row = next((r for r in rows if r["differs"]), None)
    if row is None:  # a key the reference has no number for (it is missing or not a number)
        return msg("for {expression}, your engine's results differ", expression=expression), facts
    name = _name(row)
    facts.update(key=str(name), expected=row["expected"], observed=row["observed"])
    if row["observed"] is None:
        return msg("for {expression}, {node} is missing, not {expected}", expression=expression, node=name,
                   expected=fmt(row["expected"])), facts
    return msg("for {expression}, {node} is {got}, not {expected}", expression=expression, node=name,
               got=fmt(row["observed"]), expected=fmt(row["expected"])), facts


def lead_in(v) -> Message:
    """`an engine that overwrites …` for a verb phrase, `an engine in which tanh's … is …` for a clause
    (the variant's `lead_in` says which its title is)."""
    if v.lead_in == "that":
        # TRANSLATORS: one engine a finding names, inside "Your gradients match {engines}"; {title} is a
        # variant's title, a verb phrase ("overwrites `grad` with `=` …")
        return msg("an engine that {title}", title=v.title_message())
    # TRANSLATORS: as "an engine that {title}", for a title that is a clause with its own subject
    return msg("an engine in which {title}", title=v.title_message())


def finding_words(entry: dict, title: Message, evidence: Message, reasons: Message,
                  said_in_message: Message | None = None) -> dict:
    """A finding's words, each a Message built whole in the reader's language: its title; its explanation,
    `{Evidence}. {reasons}`; and its message, `{title}: {evidence}. {reasons}` (the whole finding as one
    paragraph, with `said_in_message` for the reasons where that differs)."""
    return said(entry, title=title,
                explanation=msg("{evidence}. {reasons}", evidence=capital(evidence), reasons=reasons),
                message=msg("{title}: {evidence}. {reasons}", title=title, evidence=evidence,
                            reasons=said_in_message or reasons))


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def local_evidence(probe, observed: dict, expected: dict) -> Message:
    """`for y = tanh(x) at x = 2, x.grad is 0.0733, not 0.0707`: the point where the student is furthest off."""
    worst = None
    # the run seeded directly first; where every gradient of it is right, the run through `* Value(3)` (a rule
    # that does not multiply by out.grad is right on the first alone: "a.grad is 1.0, not 1.0" said nothing)
    for suffix in (".grad", ".scaled"):
        for key, want in expected.items():
            if key.endswith(suffix) and isinstance(want, (int, float)):
                got = observed.get(key)
                if isinstance(got, (int, float)):
                    gap = abs(got - want) / max(abs(want), 1e-9)
                    if worst is None or gap > worst[0]:
                        worst = (gap, key, got, want)
        if worst is not None and worst[0] > 1e-9:
            break
    if worst is None:
        return msg("for {expression}, your gradients differ", expression=expression_of(probe))
    _, key, got, want = worst
    case, name = key.split(".")[:2]
    inputs = ", ".join(f"{k.split('.')[1]} = {fmt(v)}" for k, v in expected.items()
                       if k.startswith(f"{case}.") and k.count(".") == 1 and k.split(".")[1] != "y")
    expression = probe.__doc__.split(" at ")[0]  # the formula alone (`y = tanh(x)`): code
    plain = expected.get(f"{case}.{name}.grad")
    if key.endswith(".scaled") and expression.startswith("y = ") and isinstance(plain, (int, float)) and plain:
        # the probe's second run: the op's output times a Value, whose factor the reference's two runs show
        expression = f"y = ({expression[4:]}) * {fmt(want / plain)}"
    return msg("for {expression} at {inputs}, {node} is {got}, not {expected}", expression=expression,
               inputs=inputs, node=f"{name}.grad", got=fmt(got), expected=fmt(want))

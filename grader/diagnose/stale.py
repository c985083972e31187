"""An op that keeps state between calls: a value or a rule that belongs to another call of the op.

A class attribute (`Value._t = math.tanh(x)`, read by the rule), a module global, a mutable default argument
(`def exp(self, _seen={})`), an attribute of the method, a cache keyed on nothing: each call of the op leaves
something behind that the next call reads. Alone, on fresh leaves, such an op may look right (its rule runs
right after the call that set the state); with two of it in one graph, each of another input, one of them
reads the other's number.

The suite's `local_pair_<op>` probes (grader/suites/local_probes.py) make every case of the op's `local_<op>`
probe in one graph, `op(case 0) * 2 + op(case 1) * 3 + ...`, and call backward() once. Two forms are named:

- `stale-value`: the outputs are all one number (or each the reference's output of the call before), where the
  reference's differ: the op returns what it computed for another input.
- `stale-rule`: the outputs are right, and the op's rule is right alone (its `local_<op>` probe, seeded directly
  and through `* Value(3)`, the reference's at every point), but in one graph some input's gradient is wrong.
  Said only where `+` and `*` are right alone and together (their own `local_` and `local_pair_` probes), so that
  the sum that joins the calls is not the one to blame.

Like a missing op, each explains every failing expression that uses the op (or an op that may be built from it),
and the rest is diagnosed on its own. It is the instructor's: a student's install ships no expected values for
these probes. Trusted code, in the grader: it reads observations, it runs nothing.
"""

from __future__ import annotations

from ..i18n import msg
from ..judge import fmt
from ..judge.ops import ops_of
from ..suites import SuiteError
from .compare import wrong
from .derivatives import OP_NAMES
from .midgraph import _close, _uses, op_entry

CORE = ("add", "mul")


def _probes_of(suite, attribute: str) -> dict[str, str]:
    """{op: probe name} of the suite's probes marked with `attribute` (`local_op`, `pair_op`)."""
    return {op: name for name in suite.probe_names if (op := getattr(getattr(suite.probes, name), attribute, None))}


def _right(diagnoser, probes, name) -> bool:
    observed = probes.get(name)
    return bool(observed) and observed.get("status") == "ok" and not wrong(observed, diagnoser.reference(name))


def _cases(reference: dict) -> int:
    n = 0
    while f"{n}.y" in reference:
        n += 1
    return n


def stale_value(mine: dict, reference: dict) -> dict | None:
    """{"form": "stale-value", "case": i, "how": "same" | "before"} when the student's outputs are one number
    for every case where the reference's differ, or each the reference's output of the case before."""
    n = _cases(reference)
    ys, want = [mine.get(f"{i}.y") for i in range(n)], [reference[f"{i}.y"] for i in range(n)]
    if n < 2 or all(_close(y, w) for y, w in zip(ys, want)):
        return None
    wrong_at = next(i for i in range(n) if not _close(ys[i], want[i]))
    if all(_close(y, ys[0]) for y in ys) and not all(_close(w, want[0]) for w in want):
        return {"form": "stale-value", "case": wrong_at, "how": "same"}
    if all(_close(ys[i], want[i - 1]) for i in range(1, n)) and not all(_close(w, want[0]) for w in want):
        return {"form": "stale-value", "case": wrong_at, "how": "before"}
    return None


def stale_rule(mine: dict, reference: dict) -> dict | None:
    """{"form": "stale-rule", "case": i, "input": name} when the outputs are the reference's and some input's
    gradient is not (the case and input furthest off)."""
    n = _cases(reference)
    if n < 2 or not all(_close(mine.get(f"{i}.y"), reference[f"{i}.y"]) for i in range(n)):
        return None
    off = [(abs(mine[key] - reference[key]) if isinstance(mine.get(key), (int, float)) else float("inf"), i,
            key.split(".")[1]) for i in range(n) for key in reference
           if key.startswith(f"{i}.") and key.endswith(".grad") and not _close(mine.get(key), reference[key])]
    if not off:
        return None
    _, i, name = max(off)
    return {"form": "stale-rule", "case": i, "input": name}


def stale_entries(diagnoser, probes: dict, W: list[str], outcomes: list[dict]) -> tuple[list[dict], set[str]]:
    """One "derivative" entry (form stale-value or stale-rule) per op that keeps state between calls, and the
    probes of W it explains."""
    suite = diagnoser.suite
    found, explained = [], set()
    pairs, local = _probes_of(suite, "pair_op"), _probes_of(suite, "local_op")
    if not W or not pairs:
        return found, explained
    try:
        core = all(op in local and op in pairs and _right(diagnoser, probes, local[op])
                   and _right(diagnoser, probes, pairs[op]) for op in CORE)
        seen = {}
        for op, name in pairs.items():
            mine = (probes.get(name) or {}).get("values")
            if op in CORE or (probes.get(name) or {}).get("status") != "ok" or not isinstance(mine, dict):
                continue
            reference = diagnoser.reference(name)
            finding = stale_value(mine, reference)
            if finding is None and core and op in local and _right(diagnoser, probes, local[op]):
                finding = stale_rule(mine, reference)
            if finding is not None:
                seen[op] = (finding, mine, reference)
    except SuiteError:  # a student's install ships no expected values for these probes (grader/distribution.py)
        return found, explained
    for op, (finding, mine, reference) in seen.items():
        shown = [p for p in W if p not in explained and _uses(op) & ops_of(getattr(suite.probes, p))]
        tests = diagnoser.cited(shown, outcomes)
        if not tests:
            continue
        words = OP_NAMES[op]
        found.append(op_entry(diagnoser, probes, op, finding["form"], shown, tests,
                              *_words(finding, words, getattr(suite.probes, pairs[op]), mine, reference)))
        explained.update(shown)
    return found, explained


def _inputs(reference: dict, i: int) -> str:
    """`x = 0.3` or `a = 3, b = -2`: case i's inputs as the probe's expression names them."""
    names = sorted({key.split(".")[1] for key in reference if key.startswith(f"{i}.") and key.endswith(".grad")})
    return ", ".join(f"{n} = {fmt(reference[f'{i}.{n}'])}" for n in names)


def _words(finding, op, probe, mine, reference):
    expression = probe.__doc__.split(" at ")[0]
    i = finding["case"]
    if finding["form"] == "stale-value":
        title = msg("Your {op} keeps state between calls: it returns a value computed for another input", op=op)
        evidence = msg("With {expression} made several times in one graph, each of its own input, your {op} at "
                       "{inputs} gives {got}, not {expected}", expression=expression, op=op,
                       inputs=_inputs(reference, i), got=fmt(mine.get(f"{i}.y")), expected=fmt(reference[f"{i}.y"]))
        why = (msg("Every call of your {op} returns the same number: it keeps a value from an earlier call (a "
                   "cached result, a mutable default argument, a class attribute) and returns it again, whatever "
                   "the input. Compute the value from this call's input every time.", op=op)
               if finding["how"] == "same" else
               msg("Each call of your {op} returns the value of the call before it: it reads a value an earlier "
                   "call left behind (a class attribute, a global, a mutable default argument). Compute the value "
                   "from this call's input every time.", op=op))
        return title, evidence, why
    node = finding["input"]
    title = msg("Your {op} keeps state between calls: its backward rule uses a number from another call of {op}",
                op=op)
    evidence = msg("With {expression} made several times in one graph, each of its own input and times its own "
                   "factor, {node}.grad at {inputs} is {got}, not {expected}; alone, on fresh leaves, your {op} "
                   "gets every point right", expression=expression, node=node, inputs=_inputs(reference, i),
                   got=fmt(mine.get(f"{i}.{node}.grad")), expected=fmt(reference[f"{i}.{node}.grad"]), op=op)
    why = msg("Your {op}'s rule reads a number kept outside its own call (a class attribute, a global, a mutable "
              "default argument, an attribute of the method), and by the time backward() runs another call of "
              "{op} has overwritten it. Keep what the rule needs in the call itself: a local variable of the "
              "method (`t = ...`) that the rule's closure keeps, or `out.data`.", op=op)
    return title, evidence, why


__all__ = ["stale_entries", "stale_rule", "stale_value"]

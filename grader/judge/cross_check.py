"""The grade of record's cross-check at drawn inputs (judge/drawn.py), in the same judging as the fixed inputs.

The worker observed each probe a test reads twice in the same sandbox run: at the suite's fixed inputs (`probes`)
and at inputs drawn for this submission (`drawn`, `probe@token`). The judge's one pytest session judges the fixed
observations as it always has; then, for each test that passed there, this module calls the same test function once
more, directly (no second pytest session), on the drawn observations with the reference's values at each draw as
`expect` (and `torch_expect`: the reference is held to PyTorch at the fixed inputs, tests/test_stored_results.py).

Charged once: a test that failed at the fixed inputs keeps that outcome and its numbers (it is never charged again);
a test's own charging (judge/charging.py: an op whose own test charges the mistake excuses the others) works at the
draws as at the fixed inputs, since every probe it reads is the drawn one; and a drawn failure of probes that a test
already failing at the fixed inputs (or an earlier drawn failure) owns is not charged a second time. A drawn probe
that did not finish (its own limit, or the drawn share of the submission's time: grader/observe/) is charged as a
timeout at the drawn inputs, never as a wrong value; one that raised or crashed the worker is the engine's too.
"""

from __future__ import annotations

import inspect
import math
import types

from ..i18n import Message, msg
from .direct import FIXTURES, SKIPPED



def drawn_view(run, draws):
    """`run` with each drawn observation that can be checked in place of its fixed one, marked with its draw's token
    (DirectItems.drawn_expect reads it back), and the probes that were drawn; (None, ()) when there are none. Whatever
    the run's status: one that ended `crashed` or `timeout` in its fixed probes had its drawn ones observed too
    (observe/drawn_pass.py), and each test it passed there is held to them."""
    at = {}
    for name, obs in (run.get("drawn") or {}).items():
        probe, _, token = name.partition("@")
        at[probe] = {**obs, "drawn": token}
    if not at or run.get("import_error"):
        return None, ()
    probes = {name: at.get(name, obs) for name, obs in (run.get("probes") or {}).items()}
    return {**{k: run.get(k) for k in run if k not in ("probes", "drawn")}, "probes": probes}, frozenset(at)


def cross_check(plugin_class, suite, runs, rows, expectations):
    """`rows` ({id: [outcome]}, the fixed inputs' judging) with each test that passed there and fails at the drawn
    inputs (directly called, as the dry run calls a test) charged, saying so; the others as they were."""
    draws = getattr(suite, "draws", None)
    if draws is None:
        return rows
    from ..suites import test_functions

    reads = expectations.reads()
    functions = [f for f in test_functions(suite) if f.__name__ in reads]
    out = dict(rows)
    for sid, outcomes in rows.items():
        view, drawn = drawn_view(runs.get(sid) or {}, draws)
        if view is None:
            continue
        plugin = plugin_class(suite, {sid: view}, expectations)
        plugin.draws = draws
        by_name = {o["name"]: i for i, o in enumerate(outcomes)}
        # what the fixed inputs' failures already charged: their own probes
        charged = set()
        for function in functions:
            i = by_name.get(function.grading["name"])
            if i is not None and outcomes[i]["earned"] < outcomes[i]["points"]:
                charged |= set(reads[function.__name__].own)
        changed = list(outcomes)
        agree = {}  # probe -> whether its drawn observation is the reference's at its draw, to a hair
        for function in functions:
            i = by_name.get(function.grading["name"])
            own = set(reads[function.__name__].own) & drawn
            if i is None or not own or own <= charged or outcomes[i]["status"] != "passed" \
                    or outcomes[i]["earned"] < outcomes[i]["points"]:
                continue
            if all(_agrees(agree, draws, view["probes"][name], name) for name in own):
                continue  # the test reads what the reference gives: it passes there as it passed here
            grading = _call(plugin, function, sid)
            if grading is None or grading["earned"] >= outcomes[i]["earned"]:
                continue
            charged |= own
            changed[i] = _drawn_outcome(outcomes[i], grading)
        out[sid] = changed
    return out


def _agrees(agree, draws, obs, name):
    """Whether the drawn observation `obs` of probe `name` is the reference's at its draw, value for value, within
    far less than any test's tolerance: then no test reading it needs to be called (the cross-check's fast path: a
    correct engine calls none). Anything else, a value off or of another kind, a key more or less, a probe that
    raised: the test is called and judges it as it judges the fixed observation."""
    if name not in agree:
        agree[name] = obs.get("status") == "ok" and _same(obs.get("values"), draws.reference(name, obs["drawn"]))
    return agree[name]


def _same(got, want):
    if isinstance(want, float) or isinstance(got, float):
        return (isinstance(got, (int, float)) and isinstance(want, (int, float)) and not isinstance(got, bool)
                and not isinstance(want, bool) and math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-12))
    if isinstance(want, dict):
        return isinstance(got, dict) and got.keys() == want.keys() and all(_same(got[k], want[k]) for k in want)
    if isinstance(want, (list, tuple)):
        return isinstance(got, (list, tuple)) and len(got) == len(want) and all(map(_same, got, want))
    return type(got) is type(want) and got == want


def _call(plugin, function, sid):
    """The grading record of `function` called on `sid`'s drawn view (DirectItems.classify's), or None for a test
    that takes anything but the judge's fixtures."""
    names = list(inspect.signature(function).parameters)
    if not set(names) <= FIXTURES:
        return None
    plugin.testing = function.__name__
    item = types.SimpleNamespace(function=function, callspec=types.SimpleNamespace(params={"submission": sid}))
    kwargs = {name: plugin.value(name, sid) for name in names}
    try:
        function(**kwargs)
    except BaseException as exc:  # noqa: BLE001 - as the direct protocol catches it: a test's outcome
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        return plugin.classify(item, exc, isinstance(exc, SKIPPED))
    return plugin.classify(item, None, False)


_INTERNAL = "internal grader error in this test ({exception}); tell your instructor"  # judge/direct.py's


def _drawn_outcome(fixed, grading):
    """The outcome of record of a test that passed at the fixed inputs and not at the drawn ones: which case failed
    and how, saying it is at other inputs, drawn for this grade, in words the grader chose alone.

    Nothing the engine produced at the draw is shown (docs/security.md, "Harvesting the draws from feedback"): not
    the value it gave (an engine can put its drawn inputs into it), not what it raised (its text, its type's name)
    nor where (a line it chose), and not the reference's values there (with any one input, they give the others):
    each such number made one slot of a probe's pool an answer table's. What is kept is the fixed inputs' words of
    the probe, the node that differs (the reference's key), the kind of failure and the points: a student reproduces
    it at inputs of their own near the fixed ones, as the fixed inputs' own failures show it with their numbers."""
    failure = Message.from_json(grading["output_message"]) if grading.get("output_message") else None
    if failure is None or failure.id != _INTERNAL:  # the grader's own error says so, and nothing of the engine's
        failure = _drawn_failure(grading)
    said = msg("at other inputs, drawn for this grade: {failure}", failure=failure)
    detail = grading.get("detail") or {}
    kept = {key: detail[key] for key in ("expression", "node", "node_words") if detail.get(key) is not None}
    outcome = {**fixed, "status": grading["status"], "earned": grading["earned"], "output": str(said),
               "output_message": said.to_json(), "where": None}
    outcome.pop("exception", None)
    if kept:
        outcome["detail"] = kept
    else:
        outcome.pop("detail", None)
    return outcome


def _drawn_failure(grading):
    """What failed at the draw, as a Message of the grader's words: the probe's expression at its fixed inputs and
    the node that differs, or the kind (a wrong answer, an exception or a stop, no end)."""
    detail = grading.get("detail") or {}
    expression = detail.get("expression")
    if expression is None:
        # TRANSLATORS: a test failed at inputs drawn for the grade (the words before it say so); its numbers are secret
        return msg("this test fails there, though it passes at its own inputs; the draw's numbers are kept secret: "
                   "try your engine at inputs of your own")
    expression = Message.from_json(expression) if isinstance(expression, dict) else str(expression)
    node = detail.get("node_words") or detail.get("node")
    if grading["status"] == "timeout":
        return msg("{expression}: your engine did not finish there, though it did at the inputs shown: try your "
                   "engine at inputs of your own near these", expression=expression)
    if grading["status"] == "error":
        return msg("{expression}: your engine raised an exception or stopped there, though not at the inputs shown; "
                   "what it raised is not shown: try your engine at inputs of your own near these",
                   expression=expression)
    if node is not None and "expected" in detail:
        node = Message.from_json(node) if isinstance(node, dict) else str(node)
        return msg("{node} for {expression} is wrong there, though right at the inputs shown; the draw's numbers are "
                   "kept secret: try your engine at inputs of your own near these", node=node, expression=expression)
    return msg("{expression}: your engine's answer is wrong there, though right at the inputs shown; the draw's "
               "numbers are kept secret: try your engine at inputs of your own near these", expression=expression)

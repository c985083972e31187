"""Comparing observations: the student's, the reference engine's and the variants'.

Two observations of one probe *agree* when both finished and every value is
equal within the judge's tolerance (the numbers are reproduced up to the
rounding of a differently ordered sum), or when both failed the same way: the
same exception type, or both timed out. A student is *wrong* on a probe when
their observation does not agree with the reference engine's values.
"""

from __future__ import annotations

from math import isclose

from ..judge import ABS_TOL, REL_TOL, close
from ..judge.recursion import outside_backward



def failure_kind(obs: dict) -> str:
    """What a failed probe did, compared across engines: `TypeError`, `timeout`, or the whole message.

    Only the exception's type counts: its message names the student's own
    classes and lines. A message that names no exception (an observation
    that is not a number) is compared whole. A RecursionError outside
    backward() is not a recursive sort's (judge/recursion.py).
    """
    status = obs.get("status")
    if status in ("timeout", "crashed"):
        return status
    if obs.get("exception") == "RecursionError" and outside_backward(obs):  # a lazy `data`, not a recursive sort
        return "RecursionError outside backward()"
    return obs.get("exception") or str(obs.get("error") or "")


def same_values(a, b, rel=REL_TOL, abs_=ABS_TOL) -> bool:
    """Equal plain values: dicts with the same keys, floats within tolerance, anything else exactly.

    Values equal exactly are the same at once (one comparison in C, where the loops below take a call per
    value): most observations a diagnosis compares, a student's with a variant's, are. Exactly equal implies
    within tolerance for every value an observation holds (finite floats, str, None, lists and dicts: the
    worker and the grader refuse NaN and the infinities, probekit.number, observe/protocol.py)."""
    if a == b:
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and _all_same(zip(a.values(), map(b.__getitem__, a)), rel, abs_)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and _all_same(zip(a, b), rel, abs_)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) \
            and not isinstance(b, bool):
        return close(float(a), float(b), rel, abs_)
    return a == b


def _all_same(pairs, rel, abs_):
    """same_values of every pair, in order, up to the first that differs. Two floats are compared here (`close`'s
    isclose, as the call for them would), without a call each: the variant rule compares every observation of a
    batch with each variant's, hundreds of thousands of numbers (a fifth of the judging thread's time at 300 of
    bench's submissions)."""
    for x, y in pairs:
        if type(x) is float and type(y) is float:
            if not isclose(x, y, rel_tol=rel, abs_tol=abs_):
                return False
        elif not same_values(x, y, rel, abs_):
            return False
    return True


def agree(a: dict | None, b: dict | None) -> bool:
    """Whether two observations of one probe (`{"status": ..., ...}`) show the same behaviour."""
    if a is None or b is None:
        return False
    if a.get("status") == "ok" or b.get("status") == "ok":
        return a.get("status") == b.get("status") == "ok" and same_values(a.get("values"), b.get("values"))
    return failure_kind(a) == failure_kind(b)


def wrong(obs: dict | None, reference: dict) -> bool:
    """Whether an observation differs from the reference engine's values of the same probe."""
    return obs is None or obs.get("status") != "ok" or not same_values(obs.get("values"), reference)


def not_run(obs: dict | None) -> bool:
    """An observation that says nothing about the engine: the probe never ran."""
    return obs is None or obs.get("not_run") is True


# the probe whose `y.grad` is the output's own gradient after backward(): the seed, 1 (shared_probes.py)
SEED_PROBE = "seed_gradient"


def unseeded(probes: dict, reference, probe_names) -> bool:
    """Whether the output's own gradient after backward() (`y.grad` of the seed probe, where the suite has one) is 0,
    where the reference's is 1: the output never seeded, every gradient that flows comes from a node seeded in its
    place, and a walk or a rule that fits one concept's probes fits by coincidence (a leaf seeded in place of the
    output fits "the rules in topological order"): the per-concept fallback names nothing unless a finding
    explains the seed probe too. (An output that holds 2, its grad started at 1, was seeded.)"""
    seen = probes.get(SEED_PROBE) if SEED_PROBE in probe_names else None
    if not isinstance(seen, dict) or seen.get("status") != "ok" or not isinstance(seen.get("values"), dict):
        return False
    got, want = seen["values"].get("y.grad"), reference(SEED_PROBE).get("y.grad")
    return (isinstance(got, (int, float)) and isinstance(want, (int, float))
            and same_values({"y.grad": got}, {"y.grad": 0.0}) and not same_values({"y.grad": want}, {"y.grad": 0.0}))


def seeded_elsewhere(probes: dict, reference, probe_names) -> str | None:
    """The node of the seed probe seeded in the output's place: its name (`b`) where the output's own gradient
    after backward() is 0 (unseeded) and that node's grad is exactly 1 where the reference's is not: the 1 is
    the seed itself, put on another node (a leaf: `topo[0].grad = 1`), and nothing flows from the output. None
    otherwise (the first such node in the probe's order)."""
    if not unseeded(probes, reference, probe_names):
        return None
    values, expected = probes[SEED_PROBE]["values"], reference(SEED_PROBE)
    for key, got in values.items():
        want = expected.get(key)
        if (key != "y.grad" and key.endswith(".grad") and isinstance(got, (int, float))
                and isinstance(want, (int, float)) and same_values({key: got}, {key: 1.0})
                and not same_values({key: want}, {key: 1.0})):
            return key[:-len(".grad")]
    return None


def _seed_grad(probes: dict, probe_names, W) -> float | None:
    """The seed probe's `y.grad`, where the seed probe is one of W and finished with a number there; else None."""
    if SEED_PROBE not in probe_names or SEED_PROBE not in W:
        return None
    seen = probes.get(SEED_PROBE)
    c = seen["values"].get("y.grad") if _finished(seen) else None
    return c if isinstance(c, (int, float)) and not isinstance(c, bool) else None


def _finished(obs) -> bool:
    return isinstance(obs, dict) and obs.get("status") == "ok" and isinstance(obs.get("values"), dict)


def seed_scale(probes: dict, reference, probe_names, W) -> float | None:
    """The number the output was seeded with in 1's place (`self.grad = 2`): the seed probe's `y.grad`, neither 0
    nor 1, where every gradient of every probe of W (the seed probe among them) is that number times the
    reference's: every gradient is the seed times local derivatives, and nothing else is wrong. None otherwise."""
    c = _seed_grad(probes, probe_names, W)
    if c is None or any(same_values({"c": c}, {"c": v}) for v in (0.0, 1.0)):
        return None
    for p in W:
        obs, expected = probes.get(p), reference(p)
        if not _finished(obs):
            return None
        for key, want in expected.items():
            if not key.endswith(".grad") or not isinstance(want, (int, float)):
                continue
            if not same_values({key: obs["values"].get(key)}, {key: c * want}):
                return None
    return c


def output_rule_repeats(probes: dict, reference, probe_names, W) -> int | None:
    """How many times the output's own rule ran (`for node in [self] + list(reversed(topo))`): k >= 2 where the
    seed probe's `y.grad` is 1, as it should be (and every probe's that reads it), and every other gradient of
    every probe of W is k times the reference's, k a whole number: the output passed its gradient to its inputs k
    times, and everything below is built on that. None otherwise (session 27: nothing was said of it)."""
    one = _seed_grad(probes, probe_names, W)
    if one is None or not same_values({"g": one}, {"g": 1.0}):
        return None
    factors = set()
    for p in W:
        obs = probes.get(p)
        if not _finished(obs):
            return None
        # the output's own gradient (`y.grad`, where a probe reads it) is 1, as the seed probe's
        factor = _one_factor(obs["values"], reference(p), skip="y.grad")
        output = obs["values"].get("y.grad", 1.0)
        if factor is None or not isinstance(output, (int, float)) or not same_values({"g": output}, {"g": 1.0}):
            return None
        factors.add(factor)
    k = round(min(factors)) if factors else 0
    return k if k >= 2 and all(same_values({"k": f}, {"k": float(k)}) for f in factors) else None


def _one_factor(obs, expected, skip=None) -> float | None:
    """The one number every gradient of a probe (but `skip`) is the reference's times (None: none, or no gradient
    that is not 0)."""
    c = None
    for key, want in expected.items():
        if not key.endswith(".grad") or not isinstance(want, (int, float)) or key == skip:
            continue
        got = obs.get(key)
        if not isinstance(got, (int, float)) or isinstance(got, bool):
            return None
        if c is None and want != 0:
            c = got / want
        if c is not None and not same_values({key: got}, {key: c * want}):
            return None
    return c


def seed_is_output_value(probes: dict, reference, probe_names, W) -> float | None:
    """The seed probe's `y.grad` where the output was seeded with its own value (`self.grad = self.data`): on every
    probe of W each gradient is one number times the reference's, that number is the probe's output `y` wherever
    the probe records it (on two probes at least, with two values), and the seed probe's `y.grad` is neither 0
    nor 1. None otherwise (session 27: nothing was said of it; seed_scale needs one number for every graph)."""
    c = _seed_grad(probes, probe_names, W)
    if c is None or any(same_values({"c": c}, {"c": v}) for v in (0.0, 1.0)):
        return None
    outputs = set()
    for p in W:
        obs = probes.get(p)
        if not _finished(obs):
            return None
        factor = _one_factor(obs["values"], reference(p))
        y = obs["values"].get("y")
        if factor is None or (isinstance(y, (int, float)) and not same_values({"y": factor}, {"y": y})):
            return None
        if isinstance(y, (int, float)):
            outputs.add(round(y, 9))
    return c if len(outputs) >= 2 else None

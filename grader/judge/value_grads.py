"""A gradient that holds a Value, charged once (session 44).

`self.grad += other * out.grad` adds the node `other`, not its number `other.data`: every gradient the rule reaches
becomes a Value, whose `.data` holds the right number where the rest of the engine is right. The course's rule is
that a gradient is a number (`grad` starts at 0 and accumulates `local_derivative * out.grad`, with the local
derivative a number: mul's is the other operand's *data*); a Value in `grad` builds a graph of its own on every
backward pass and breaks the training loop's `p.data -= lr * p.grad` (p.data becomes a Value).

Which tests are about it: one. A suite that reads such gradients (its probes.py calls probekit.read_value_grads();
its `VALUE_GRADS_CHARGED_BY` names the probes that charge) has its probes read a Value grad off its `.data`, and the
worker reports which grads held a Value as a field beside the values (`value_grads`: {"a.grad": "Value"}), never
as text. Here, for one probe's observation:

- the probe is the first of the suite's charging probes whose observation shows a Value grad: its test is charged
  (it fails, saying which grad holds what);
- another charging probe shows one first (the seed's graph, `y = a * b + b`): excused, its numbers compared as any
  test compares them;
- no charging probe shows one (a Value added by an op none of them uses): charged here, where it shows;
- a suite with no charging probes never reads a Value grad (the probes refuse it, as before session 44).

A test's outcome stays a function of what it reads (memo.py groups the batch by it): every test of such a suite
reads the charging probes as well as its own (plugin._dependencies adds them).
"""

from __future__ import annotations

from ..i18n import Message, msg


def charge(probe: str, obs: dict, probes: dict, charging: tuple) -> Message | None:
    """What the engine is charged with on `probe`'s observation `obs` (the run's observations `probes`), or None:
    its values stand (no grad held a Value, or another test charges it)."""
    held = obs.get("value_grads")
    if not held:
        return None
    shown = [p for p in charging if (probes.get(p) or {}).get("status") == "ok" and (probes.get(p) or {}).get(
        "value_grads")]
    if shown and shown[0] != probe:
        return None  # the test of the first charging probe that shows it charges it: not again here
    what, kind = next(iter(held.items()))
    return msg("put a {type} into {what} where a number belongs (its number is in the {type}'s `.data`): a "
               "gradient is a number", type=kind, what=what)


__all__ = ["charge"]

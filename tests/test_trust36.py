"""Session 36's trust: a mistake on gradients costs the same whatever the draw.

The drawn inputs kept every watched op's input (tanh's, exp's, relu's, ...) in its cell at the fixed inputs (session
34), so that a mistake on a value meets every slot's draw as it meets the fixed inputs; gradients had no such rule, and
an engine that clamps each gradient step to [-3, 3] scored 32.9-38.9 by its slot (bench/drawn_slots.py). A pool's draw
now also keeps every step the reference's backward pass adds to a gradient, and every sum it makes, in its
magnitude's cell closed above (draw_pool.same_magnitudes), where a draw that does exists among its tokens.

Here, in process (no sandbox: the engines are the reference with a clamp written into it, exec'd as trusted code),
each clamp is run on every drawn probe at the fixed inputs and at every slot's draw, and must fail at each slot's draw
exactly where it fails at the fixed inputs, for every probe whose 16 slots all keep their gradients so.
"""

import math
import re

import pytest

from grader import probekit
from grader.drawn_inputs import Drawn
from grader.engines import engine_class, reference_source
from grader.judge import draw_pool, drawn
from grader.judge.expectations import Expectations
from grader.suites import load_suite

STEP = re.compile(r"^(\s+)(\w+)\.grad \+= (.+)$", re.M)


def _clamped(c, on_sum=False):
    """The reference with every gradient step (`x.grad += step`) clamped to [-c, c], or (`on_sum`) every sum it makes."""
    if on_sum:
        body = r"\1\2.grad = _clip(\2.grad + \3)"
    else:
        body = r"\1\2.grad += _clip(\3)"
    text, n = STEP.subn(body, reference_source())
    assert n == 9  # the backward closures' steps: two of + and *, one of **, relu, tanh, exp, log
    return engine_class(text + f"\n\ndef _clip(g):\n    return max(-{c!r}, min({c!r}, g))\n", f"clamp at {c}")


# name -> the engine: a clamp at an edge of the cells (1, 3, 12: a student's round number) and one between edges
ENGINES = {"step-1": _clamped(1.0), "step-3": _clamped(3.0), "step-12": _clamped(12.0),
           "sum-5": _clamped(5.0, on_sum=True)}


def _differs(got, want) -> bool:
    """Whether an observation is not the reference's: a clamp that acts changes a number by far more than 1e-9
    relative (one that does not act leaves the very same floats, the same code run)."""
    if isinstance(want, dict):
        return got.keys() != want.keys() or any(_differs(got[k], want[k]) for k in want)
    if isinstance(want, (list, tuple)):
        return len(got) != len(want) or any(_differs(g, w) for g, w in zip(got, want))
    if isinstance(want, float):
        return not math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-12)
    return got != want


def filled_pool(key):
    """The engine suite's drawn probes with a pool of `key` filled at every slot: (suite, draws, {probe: each slot's
    token}, steps), where steps(probe, token) is the gradients' steps and sums the reference made at that draw
    (drawn.regions(...)[3]) and draws._at_fixed(probe) the fixed inputs' regions. The steps are kept as the pool
    computed them while it chose each slot's token (the same function run on the same draw), for the probes whose
    fixed steps the pool compares (at most MAX_GRADS), and computed for any other: the tests read them without running
    the reference again (a third of their CPU was the fixed inputs' and the slots' regions computed once more)."""
    suite = load_suite("engine")
    draws = drawn.Draws(suite, drawn.drawn_probes(suite, Expectations(suite)), key=key, kept=None)
    kept = {}

    def regions(probe, token):
        found = draws._regions(probe, token)
        if len(draws._at_fixed(probe)[3]) <= draw_pool.MAX_GRADS:
            kept[probe, token] = None if found is None else found[3]
        return found

    def steps(probe, token):
        if (probe, token) not in kept:
            found = draws._regions(probe, token)
            return None if found is None else found[3]
        return kept[probe, token]

    slots = {}
    for probe in draws.probes:
        filled = draws._pool.fill([(probe, s) for s in range(draw_pool.POOL)], regions, draws._at_fixed)
        slots[probe] = [token for token, _ in filled.values()]
    return suite, draws, slots, steps


@pytest.fixture(scope="module")
def pool():
    return filled_pool(b"trust36: gradients in their cells")


def _kept_closed(draws, steps, probe, tokens):
    fixed = draws._at_fixed(probe)
    return len(fixed[3]) <= draw_pool.MAX_GRADS and all(
        token and draw_pool.same_magnitudes(fixed[3], steps(probe, token)) for token in tokens)


@pytest.mark.slow  # ~1,300 runs of the reference for the pool, and 4 x 1,300 of the clamps
def test_a_clamp_on_gradients_fails_every_slots_draw_where_it_fails_the_fixed_inputs(pool):
    from reference.engine import Value

    suite, draws, slots, steps = pool
    kept = [p for p in draws.probes if _kept_closed(draws, steps, p, slots[p])]
    assert len(draws.probes) == 83 and len(kept) == 69  # 16 under the watched inputs' cells alone
    differ, failed = {}, {}
    reference = {probe: probekit.plain(suite.probe(probe)(Value)) for probe in kept}  # once, not once an engine
    for name, cls in ENGINES.items():
        for probe in kept:
            at_fixed = _differs(probekit.plain(suite.probe(probe)(cls)), reference[probe])
            failed.setdefault(name, set()).update([probe] if at_fixed else [])
            for token in slots[probe]:
                at_draw = _differs(probekit.plain(suite.probe(probe)(Drawn(cls, token))), draws.reference(probe, token))
                if at_draw != at_fixed:
                    differ.setdefault(name, set()).add(probe)
    assert differ == {}
    # each clamp fails some probes and passes others: the check above is not empty
    assert {name: 0 < len(f) < len(kept) for name, f in failed.items()} == dict.fromkeys(ENGINES, True)


def test_a_gradients_magnitude_is_kept_in_its_cell_closed_above():
    """A clamp at c leaves a step of exactly c as it is: a fixed step of 3 is kept in (2.5, 3]; with an edge's
    neighbours (the second choice) in (2.5, 3.5); a fixed 0 (steps that cancel) is free; the sign is free."""
    same = draw_pool.same_magnitudes
    assert same((("grad", 3.0, 3.0),), (("grad", 2.6, -2.9),)) and not same((("grad", 3.0, 3.0),), (("grad", 3.1, 3.1),))
    assert same((("grad", 3.0, 3.0),), (("grad", 3.1, 3.1),), edges_closed=False)
    assert not same((("grad", 3.0, 3.0),), (("grad", 2.4, 2.4),), edges_closed=False)
    assert same((("grad", -3.0, 0.0),), (("grad", -2.9, 0.4),)) and not same((("grad", 1.0, 1.0),), (("grad", 1.0, None),))
    assert not same((("grad", 1.0, 1.0),), ())  # another graph: no draw of it

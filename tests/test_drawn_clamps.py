"""Session 38's trust: a clamp on gradients costs the same whatever the draw, at any value.

Session 36 kept every gradient step and sum of a draw in its magnitude's cell closed above (draw_pool.same_magnitudes):
a clamp at an edge of the cells (1, 3, 12) met every slot's draw where it met the fixed inputs. A clamp between two
edges (0.7) was not bound (a fixed step of 0.6 drawn as 0.74: clamped at the draw alone), nor one at a fixed step's own
value where a slot's draw kept the gradients only with an edge's neighbours (a fixed 2 drawn as 2.1): the same engine
lost a test more or less by its slot. A draw is now first chosen so that its largest step and its largest sum are no
larger than the fixed inputs' (draw_pool.no_larger): a clamp at any c then leaves the draw as it is wherever it leaves
the fixed inputs as they are, and where it does not, the test is lost at the fixed inputs already.

Here, in process (no sandbox: the engines are the reference with a clamp written into it, exec'd as trusted code),
each clamp is run on every drawn probe at the fixed inputs and at each of the 16 slots' draws: wherever the fixed
inputs give the reference's numbers, every slot's draw must too (else the cross-check charges a test at that slot
alone), but at the slots whose draw is not no_larger, counted exactly.
"""

import pytest
from test_trust36 import _clamped, _differs, filled_pool

from grader import probekit
from grader.drawn_inputs import Drawn
from grader.judge import draw_pool

# a clamp on every step at edges of the cells (0.5, 1, 2, 3, 10) and between two (0.7), and on every sum at 0.7 and 2
ENGINES = {**{f"step-{c:g}": _clamped(c) for c in (0.5, 0.7, 1.0, 2.0, 3.0, 10.0)},
           **{f"sum-{c:g}": _clamped(c, on_sum=True) for c in (0.7, 2.0)}}


@pytest.fixture(scope="module")
def pool():
    return filled_pool(b"trust38: any clamp")


def _no_larger(draws, steps, probe, token):
    fixed = draws._at_fixed(probe)
    return (token is not None and len(fixed[3]) <= draw_pool.MAX_GRADS
            and draw_pool.no_larger(fixed[3], steps(probe, token)))


@pytest.mark.slow  # ~1,300 runs of the reference for the pool, and 8 x 1,300 of the clamps
def test_a_clamp_at_any_value_changes_no_slots_draw_where_it_leaves_the_fixed_inputs(pool):
    from reference.engine import Value

    suite, draws, slots, steps = pool
    bound = {(p, i) for p in draws.probes for i, token in enumerate(slots[p]) if _no_larger(draws, steps, p, token)}
    unbound = {}
    for probe, i in sorted({(p, i) for p in draws.probes for i in range(draw_pool.POOL)} - bound):
        unbound[probe] = unbound.get(probe, 0) + 1
    # deep_chain's steps are more than MAX_GRADS, long_sum's powers more than MAX_CELLS; int_data's and three more's
    # int inputs move by one or two (larger, or only their signs kept); diamond's fixed steps 3 and -3 cancel, and no
    # draw shrinks both; numeric_rational and random graphs #6 and #14 keep their cells first (a clamp at an edge);
    # neuron's steps 2 and -3 at two slots, and random graph #12's at one, found no token of either kind
    assert len(draws.probes) == 83 and len(bound) == 1181
    assert unbound == {"deep_chain": 16, "diamond": 16, "int_data": 16, "long_sum": 16, "micrograd_more_ops": 7,
                       "neuron": 2, "numeric_rational": 15, "random_graph_01": 16, "random_graph_06": 14,
                       "random_graph_12": 1, "random_graph_14": 12, "random_graph_15": 16}
    moved, swung = {}, {}
    reference = {probe: probekit.plain(suite.probe(probe)(Value)) for probe in draws.probes}  # once, not once a clamp
    for name, cls in ENGINES.items():
        for probe in draws.probes:
            if _differs(probekit.plain(suite.probe(probe)(cls)), reference[probe]):
                continue  # lost at the fixed inputs whatever the draw
            for i, token in enumerate(slots[probe]):
                if token and _differs(probekit.plain(suite.probe(probe)(Drawn(cls, token))),
                                      draws.reference(probe, token)):
                    (moved if (probe, i) in bound else swung).setdefault(name, {}).setdefault(probe, []).append(i)
    assert moved == {}  # every bound slot: the draw as the fixed inputs
    # among the unbound: diamond and random graph #15 lost at every slot's draw (the same cost whatever the draw);
    # neuron's two slots, under a clamp at 3 (its fixed step -3 is left as it is): a test more lost there alone (4-7
    # of the 16 slots under each of five secrets before session 38, none under four of them since)
    everywhere = list(range(draw_pool.POOL))
    assert swung == {"step-3": {"diamond": everywhere, "neuron": [3, 11]}, "step-10": {"random_graph_15": everywhere}}

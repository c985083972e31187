"""What a table of the engine suite's drawn inputs costs in submissions when feedback is the only way to learn them.

The grade of record observes each probe a test reads again at inputs drawn from one of judge/draw_pool.POOL slots,
chosen per submission and probe by an HMAC of a secret no student reads. A student who could learn a slot's inputs
would compute the reference's answers there at home and answer that slot from a table. Feedback is where they could
learn them: until session 35 a test that failed only at the draw showed its numbers ("expected -1.086, got 2.633"),
and a harvesting engine put its drawn inputs into the number it gave (or into an exception's text, 2,000 characters
a test), so that one submission showed every drawn input of its run. Now (judge/cross_check._drawn_failure) such a
failure names the case and the kind alone: what a harvester can still steer is which tests pass, and for each that
fails at the draw, which of its probes and nodes is named first and the kind (a wrong value, an exception, no end).

This bench counts, for the engine suite: each test's outcomes a harvester can choose between at the draw (bits a
submission), each drawn probe's moved inputs, and simulates harvesting with fresh files each submission (each probe's
slot an HMAC of them, as graded): BEFORE, every slot a submission lands on is learned; AFTER, only as many inputs as
the bits carry (BITS_PER_INPUT each: a table's answers must be within the tests' 1e-6 relative tolerance, so an
input must be known to about 2^-24 of itself). It prints the expected score of a table engine at a fresh submission
after k submissions: tests that draw nothing are the table's for free; a test that draws scores only where every
probe it owns lands on a learned slot.

    python bench/harvest_draws.py [--runs 5] [--seed 0]   (the figures of docs/security.md: the defaults)
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import statistics

from grader.drawn_inputs import Drawn, drawn_input
from grader.judge import drawn
from grader.judge.draw_pool import POOL, slot_of
from grader.judge.expectations import Expectations
from grader.suites import load_suite, test_functions

BITS_PER_INPUT = 24
SECRET = b"harvest bench: a secret no student reads"
CHECKPOINTS = (1, 10, 16, 32, 50, 100, 200, 500, 1000, 2000)


class _Counting(Drawn):
    """The reference's Value at a draw, counting the inputs the draw moves (those a table must know)."""

    def __init__(self, cls, token):
        super().__init__(cls, token)
        self.moved = 0

    def _count(self, x):
        if drawn_input(self.token, x) != x:
            self.moved += 1

    def draw(self, x):
        self._count(x)
        return super().draw(x)

    def __call__(self, data, *args, **kwargs):
        self._count(data)
        return super().__call__(data, *args, **kwargs)


def _nodes(values):
    return sum(_nodes(v) for v in values.values()) if isinstance(values, dict) else \
        sum(_nodes(v) for v in values) if isinstance(values, (list, tuple)) else 1


def survey(suite_name="engine"):
    """(tests: [(points, own drawn probes, outcomes a harvester chooses between)], inputs: {probe: moved inputs})."""
    from reference import engine

    suite = load_suite(suite_name)
    expectations = Expectations(suite)
    probes = set(drawn.drawn_probes(suite, expectations))
    reads = expectations.reads()
    inputs, nodes = {}, {}
    for name in probes:
        counting = _Counting(engine.Value, "0123456789abcdef")
        nodes[name] = _nodes(suite.probe(name)(counting))
        inputs[name] = counting.moved
    tests = []
    for function in test_functions(suite):
        own = tuple(sorted(set(reads[function.__name__].own) & probes)) if function.__name__ in reads else ()
        # at the draw: passed, or failed naming one of its probes and the node that differs, or raised, or no end
        outcomes = 1 + sum(nodes[p] + 2 for p in own)
        tests.append((function.grading["points"], own, outcomes))
    return tests, inputs


def harvest(tests, inputs, capacity, rng, checkpoints=CHECKPOINTS):
    """{k: expected score of a table at a fresh submission after k submissions}, learning at most `capacity` bits a
    submission (None: every slot it lands on)."""
    probes = sorted(inputs)
    learned = {p: set() for p in probes}
    free = sum(points for points, own, _ in tests if not own)
    out = {}
    for k in range(1, max(checkpoints) + 1):
        files = hashlib.sha256(b"%d" % rng.getrandbits(64)).hexdigest()
        left = capacity
        for p in sorted(probes, key=lambda p: inputs[p]):  # the cheapest first
            slot = slot_of(SECRET, "engine", files, p)
            cost = inputs[p] * BITS_PER_INPUT
            if slot in learned[p] or (left is not None and cost > left):
                continue
            learned[p].add(slot)
            if left is not None:
                left -= cost
        if k in checkpoints:
            out[k] = free + sum(points * math.prod(len(learned[p]) / POOL for p in own)
                                for points, own, _ in tests if own)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    tests, inputs = survey()
    bits = sum(math.log2(outcomes) for _, own, outcomes in tests if own)
    need = sum(inputs.values()) * POOL * BITS_PER_INPUT
    total = sum(points for points, _, _ in tests)
    free = sum(points for points, own, _ in tests if not own)
    print(f"engine suite: {len(inputs)} drawn probes, {sum(inputs.values())} drawn inputs a slot set, "
          f"{sum(1 for _, own, _ in tests if own)} tests that draw; {free:g}/{total:g} points drawn by none")
    print(f"after: at most {bits:.0f} bits a submission; the whole pool's inputs need {need} bits "
          f"(>= {math.ceil(need / bits)} submissions)")
    for label, capacity in (("before (numbers shown)", None), ("after (case and kind only)", bits)):
        runs = [harvest(tests, inputs, capacity, random.Random(args.seed + i)) for i in range(args.runs)]
        print(label + ": a table's expected score at a fresh submission after k submissions (mean of "
              f"{args.runs} harvests)")
        print("  " + "  ".join(f"k={k}: {statistics.mean(r[k] for r in runs):.1f}" for k in CHECKPOINTS))


if __name__ == "__main__":
    main()

"""How long the suite's run would take on its workers for each order of its units: what the scheduler's table is worth.

    python bench/schedule.py                                   # today's table, and no table, simulated with it
    git show 6e003e02:tests/run_seconds.json > /tmp/t36.json   # session 36's whole measured table
    python bench/schedule.py --truth /tmp/t36.json --order tests/run_seconds.json --order /tmp/t36.json

It collects the suite (`pytest --collect-only`, in this process), groups the tests as the scheduler does
(tests/costs.py: shared_fixture_groups, the `slow` tier, run_order) and replays pytest-xdist's LoadScope as
tests/conftest.py runs it: WORKERS workers, each handed the next unit while it holds two tests or fewer. A unit
takes the seconds --truth gives it (a table `--record-run-seconds` wrote); a unit the table does not name takes
--unnamed seconds if it holds a slow test, else --quick seconds a test. For each order (each --order table, "none":
the costly tier in file order, "reverse": shortest first) it prints the run's length (the busiest worker) beside a
perfect split (the seconds summed over the workers). A model, not a measurement: it says how much an order can
matter when the units take those seconds, not how long CI takes (the workers share the CPUs, and wait).
"""

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from costs import RUN_SECONDS, run_order, shared_fixture_groups  # noqa: E402


class _Collected:
    def __init__(self):
        self.items = []

    def pytest_collection_finish(self, session):
        self.items = list(session.items)


def collect():
    import pytest

    plugin = _Collected()
    code = pytest.main(["-q", "--collect-only", "-n", "0", str(ROOT / "tests")], plugins=[plugin])
    if code != 0 or not plugin.items:
        raise SystemExit(f"the suite did not collect (pytest exit {code})")
    return plugin.items


def simulate(units, workers):
    """The busiest worker's seconds, handing out `units` ([(unit, [test seconds])]) in order as LoadScope does."""
    queue = collections.deque(units)
    pending = [collections.deque() for _ in range(workers)]
    clock = [0.0] * workers

    def hand_out(w):
        if queue:
            pending[w].extend(queue.popleft()[1])

    for w in range(workers):
        hand_out(w)
    for w in range(workers):
        if len(pending[w]) <= 2:
            hand_out(w)
    while any(pending):
        w = min((w for w in range(workers) if pending[w]), key=lambda w: clock[w])
        clock[w] += pending[w].popleft()
        if len(pending[w]) <= 2:
            hand_out(w)
    return max(clock)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--truth", type=Path, default=RUN_SECONDS, help="the units' seconds (default: %(default)s)")
    parser.add_argument("--order", type=Path, action="append", default=[], help="a table to order the units by "
                        "(repeatable; default: --truth's)")
    parser.add_argument("--unnamed", type=float, default=10.0, help="seconds of a costly unit --truth lacks")
    parser.add_argument("--quick", type=float, default=0.05, help="seconds a test of a quick unit --truth lacks")
    parser.add_argument("--workers", type=int, default=3, help="pytest-xdist's workers (-n auto: the CPUs + 1)")
    args = parser.parse_args(argv)

    items = collect()
    groups = shared_fixture_groups(items)
    unit_of = {item.nodeid: groups.get(item.nodeid, item.nodeid) for item in items}
    costly = {unit_of[item.nodeid] for item in items if item.get_closest_marker("slow")}
    truth = json.loads(args.truth.read_text(encoding="utf-8"))
    tests = collections.Counter(unit_of.values())

    def unit_seconds(unit):
        return truth.get(unit, args.unnamed if unit in costly else args.quick * tests[unit])

    orders = {str(path): json.loads(path.read_text(encoding="utf-8")) for path in args.order or [args.truth]}
    orders["none"] = {}
    orders["reverse"] = {unit: -unit_seconds(unit) for unit in tests}
    total = sum(unit_seconds(unit) for unit in tests)
    quick = sum(n for unit, n in tests.items() if unit not in costly)
    print(f"{len(items)} tests in {len(tests)} units ({len(costly)} costly, {sum(u in truth for u in costly)} of them "
          f"in {args.truth}; {quick} tests in the quick tier); {args.workers} workers; a perfect split: "
          f"{total / args.workers:.1f} s")
    for name, table in orders.items():
        units = collections.OrderedDict()
        for item in run_order(items, groups, table):
            units.setdefault(unit_of[item.nodeid], []).append(item.nodeid)
        handed = [(unit, [unit_seconds(unit) / len(ids)] * len(ids)) for unit, ids in units.items()]
        length = simulate(handed, args.workers)
        print(f"{length:9.1f} s  ({length / (total / args.workers) - 1:+.1%})  ordered by {name}")


if __name__ == "__main__":
    main()

"""bench/schedule.py's replay of the scheduler (pytest-xdist's LoadScope as tests/conftest.py runs it)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from schedule import simulate  # noqa: E402


def test_a_unit_handed_out_second_waits_behind_the_first_of_its_worker():
    # each worker is handed a second unit while it holds two tests or fewer: C's six tests queue behind A's one
    units = [("A", [6.0]), ("B", [6.0]), ("C", [1.0] * 6)]
    assert simulate(units, workers=2) == 12.0


def test_lone_quick_tests_fill_the_workers_tails():
    units = [("A", [6.0]), ("B", [6.0])] + [(f"q{i}", [1.0]) for i in range(6)]
    assert simulate(units, workers=2) == 9.0


def test_the_longest_first_ends_sooner_than_the_shortest_first():
    # units of more than three tests each: none is handed out before its worker is down to two
    long_first = [("L", [1.0] * 8), ("M", [1.0] * 4), ("S", [1.0] * 4)]
    assert simulate(long_first, workers=2) == 8.0
    assert simulate(long_first[::-1], workers=2) == 12.0

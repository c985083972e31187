"""The budget of work a file's reading has: every step of it counts what it visits, and past the limit the file is
read as lexical tokens instead (normalise.read_source), and says so.

A unit is a node of the tree visited by one step (or a token emitted, or normalise.PARSE_CHARS characters parsed),
whichever step it is: normalise.py's rewrites, and the plain readings every reading shares (plain_module.py,
blocks.py, plain_classes.py, canonical.strip_noise). Counted in units of work, not seconds, so that the same file is
always read the same way, on any machine and under any load. The limit is WORK_LIMIT (normalise.WORK_LIMIT); traits.py
and meanings.py read a file's plain module (at most traits.MAX_SHAPES_CHARS of it) with a budget of their own,
PLAIN_LIMIT.
"""

from __future__ import annotations

from .walk import walk

# Measured on the project's 2-core machine (session 14, bench/similarity/adversarial.py): a unit costs 0.3 to 1.5 µs of
# CPU time in the files that reach the limit, so the reading stops after at most about 0.2 s, and a hostile file costs
# that, its parse, its lexical tokens, its traits and fingerprints (64 KiB of each): under 0.5 s. karpathy/micrograd's
# engine costs 14,400 units, the largest file of the benchmark's classes 67,500 (a third of the limit; 300,000 until
# session 14, when the plain readings and the parse, a unit a character, were not all charged).
WORK_LIMIT = 200_000
# traits.py and meanings.py read the plain module of a file of at most 16 KiB (traits.MAX_SHAPES_CHARS) with a budget
# of their own: plain_module costs the benchmark's files at most 2,538 units (tests/fixtures' forger), a median of 93
PLAIN_LIMIT = WORK_LIMIT // 4


class OverBudget(Exception):
    """The reading took more than its limit of units of work."""


class Work:
    """What reading a file has cost so far, in units of work: the same for the same file, always."""

    def __init__(self, limit: int | None = None):
        self.spent, self.limit = 0, WORK_LIMIT if limit is None else limit

    def charge(self, units: int) -> None:
        self.spent += units
        if self.spent > self.limit:
            raise OverBudget

    def ahead(self, units: int) -> None:
        """UNITS that the reading is sure to charge later: when they take it over the limit, charged now (the file is
        read as lexical tokens now, as it would be then, without the work in between; the same reading, sooner)."""
        if self.spent + units > self.limit:
            self.charge(units)

    def walked(self, node) -> list:
        """Every node under NODE (walk.walk's order), each charged."""
        nodes = list(walk(node))
        self.charge(len(nodes))
        return nodes


class _Free(Work):
    """The work of a caller that has no budget: nothing is counted."""

    def charge(self, units: int) -> None:
        pass


FREE = _Free()

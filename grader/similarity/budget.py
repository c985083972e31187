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

from contextlib import contextmanager
from contextvars import ContextVar

from .condense import top_level_cut
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
# What the readings of all the files of one hand-in (one document: cohort.read_document) may cost in all (session 43):
# each file had WORK_LIMIT (and as much again read condensed: normalise.read_source) whatever the others had cost, so a
# hand-in of several hostile files cost their sum (two 16 KiB cuts of adversarial.py's op table 1.97 s, session 42).
# A file read when its hand-in has less than WORK_LIMIT left has that less; when nothing is left, it is read as
# lexical tokens, and says so. Twice WORK_LIMIT: a file alone is read as before, its reading and its condensed one.
HAND_IN_LIMIT = 2 * WORK_LIMIT
# And the text of a hand-in's files compared in all, in their order: the first file is read whatever its size (as a
# file alone: normalise.MAX_CHARS and the condensed reading bound it) and counts; a file past what is left is cut at
# a top-level statement, or not read, and says so. Reading text as lexical tokens costs about 2 us a character
# (session 43: 32 helper modules of 60 KB, the work budget spent, 3.8 s): twice MAX_CHARS keeps what a hand-in's
# files cost in all near what one hostile file costs.
HAND_IN_CHARS = 2 * 64 * 1024


class OverBudget(Exception):
    """The reading took more than its limit of units of work."""


class Work:
    """What reading a file has cost so far, in units of work: the same for the same file, always."""

    def __init__(self, limit: int | None = None):
        self.spent, self.limit = 0, WORK_LIMIT if limit is None else limit
        self.said = f"{self.limit:,} units of work"  # the limit, in the words of a reading's `limits`

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


class HandIn:
    """The budget of work of one hand-in's files (HAND_IN_LIMIT): each file's reading counts what it spent, at most
    its own limit, and a file's reading has what is left, at most WORK_LIMIT. And its texts within HAND_IN_CHARS
    (`texts`), with what was cut, and why (`limits`, a reading's)."""

    def __init__(self, texts: dict[str, str] | None = None, limit: int = HAND_IN_LIMIT, chars: int = HAND_IN_CHARS):
        self.limit, self.readings, self.texts, self.limits = limit, [], {}, []
        self.known = _SHARED.get()  # (file, text, work left) -> (its reading, its Works): readings_shared
        left = None  # the first file is read whatever its size, as a file alone is (its own caps bound it)
        for name, text in (texts or {}).items():
            if left is not None and len(text) > left:
                cut = top_level_cut(text, left) if left else 0
                why = f"its hand-in's files are compared up to {chars // 1024} KiB in all, its files before it first"
                self.limits.append({"file": name, "what": "truncated" if cut else "not read", "compared_chars": cut,
                                    "chars": len(text), "why": why})
                if not cut:
                    continue
                text, left = text[:cut], len(text[:cut])  # a file cut: the files after it are not read
            self.texts[name] = text
            left = max(0, (chars if left is None else left) - len(text))

    def cut(self, document):
        """DOCUMENT (read from `texts`) with what HAND_IN_CHARS cut of its files among its `limits`."""
        document.limits = document.limits + self.limits
        return document

    def read(self, read, text: str, name: str):
        """READ(TEXT, NAME) under this budget; what it gave in another HandIn of the same readings_shared when that
        had as much work left (the same file read with the same budget: the same reading), charged here alike."""
        key = (name, text, self.left())
        if self.known is None or key not in self.known:
            before = len(self.readings)
            reading = read(text, name)
            if self.known is not None:
                self.known[key] = (reading, self.readings[before:])
            return reading
        reading, works = self.known[key]
        self.readings += works
        return reading

    def left(self) -> int:
        return max(0, self.limit - sum(min(work.spent, work.limit) for work in self.readings))

    def work(self) -> Work:
        left = self.left()
        work = Work(min(WORK_LIMIT, left))
        if left < WORK_LIMIT:
            work.said = (f"{work.limit:,} units of work, what its hand-in had left of the {self.limit:,} all its files "
                         f"have (the files before it took the rest)")
        self.readings.append(work)
        return work


_HAND_IN: ContextVar[HandIn | None] = ContextVar("hand_in", default=None)
_SHARED: ContextVar[dict | None] = ContextVar("shared_readings", default=None)


@contextmanager
def readings_shared():
    """The hand-ins read inside read a file once where they read it alike (HandIn.read): a hand-in and its part."""
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


def read_once(read, text: str, name: str):
    """READ(TEXT, NAME), through the hand-in being read if any (HandIn.read)."""
    hand_in = _HAND_IN.get()
    return read(text, name) if hand_in is None else hand_in.read(read, text, name)


@contextmanager
def one_hand_in(texts: dict[str, str] | None = None, limit: int = HAND_IN_LIMIT, chars: int = HAND_IN_CHARS):
    """The HandIn of TEXTS (in their order: the exercise's files first): the files read inside share its budget of
    LIMIT units of work (file_work), and are its texts within CHARS."""
    hand_in = HandIn(texts, limit, chars)
    token = _HAND_IN.set(hand_in)
    try:
        yield hand_in
    finally:
        _HAND_IN.reset(token)


def file_work() -> Work:
    """The budget of one file's reading: WORK_LIMIT, or what is left of the hand-in's (one_hand_in) if less."""
    hand_in = _HAND_IN.get()
    return Work(WORK_LIMIT) if hand_in is None else hand_in.work()


def hand_in_spent() -> bool:
    """Whether the hand-in being read (one_hand_in) has no work left for another reading."""
    hand_in = _HAND_IN.get()
    return hand_in is not None and hand_in.left() == 0

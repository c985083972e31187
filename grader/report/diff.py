"""`grade diff OLD NEW`: what a regrade changed, student by student.

After an instructor fixes a test or a tolerance and grades again, the two
scores files are compared: every student whose score changed (or who is in
only one of them), by how much, and the tests that flipped (passed in one,
not in the other, or present in one only). Rows are sorted by the size of
the change, largest first, then by id. Rendered as a text table, Markdown
or JSON; like every renderer here, it reads and runs nothing.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from .formats import ALIASES
from .markdown import md
from .record import number, printable, score_of, tests_of

FORMATS = ("text", "markdown", "json")  # and each one's ALIASES (md)


@dataclass(frozen=True)
class Flip:
    test: str
    old: str | None  # the test's status in OLD; None: not there
    new: str | None


@dataclass(frozen=True)
class ScoreChange:
    id: str
    old_score: float | None  # None: the student is not in OLD
    new_score: float | None
    flips: list[Flip] = field(default_factory=list)

    @property
    def change(self) -> float:
        return round((self.new_score or 0.0) - (self.old_score or 0.0), 4)


@dataclass(frozen=True)
class ScoresDiff:
    exercise: str | None
    old_max: float | None
    new_max: float | None
    changes: list[ScoreChange]  # sorted: largest change first
    unchanged: int  # students in both files with the same score


def _passed(status):
    return status == "passed"


def _flips(old_record: dict | None, new_record: dict | None) -> list[Flip]:
    old = {t["name"]: t.get("status") for t in tests_of(old_record or {})}
    new = {t["name"]: t.get("status") for t in tests_of(new_record or {})}
    names = list(old) + [name for name in new if name not in old]
    return [Flip(name, old.get(name), new.get(name)) for name in names
            if name not in old or name not in new or _passed(old[name]) != _passed(new[name])]


def diff(old_scores: dict, new_scores: dict) -> ScoresDiff:
    """The students whose score differs between two scores files of the same exercise.

    ValueError when they grade different exercises: the difference would mean nothing.
    """
    if old_scores.get("exercise") != new_scores.get("exercise"):
        raise ValueError(f"the scores files grade different exercises: {old_scores.get('exercise')!r} and "
                         f"{new_scores.get('exercise')!r}")
    old = {r["id"]: r for r in old_scores.get("submissions", [])}
    new = {r["id"]: r for r in new_scores.get("submissions", [])}
    changes, unchanged = [], 0
    for sid in list(old) + [s for s in new if s not in old]:
        before, after = old.get(sid), new.get(sid)
        old_score = score_of(before) if before is not None else None
        new_score = score_of(after) if after is not None else None
        if before is not None and after is not None and old_score == new_score:
            unchanged += 1
            continue
        changes.append(ScoreChange(sid, old_score, new_score, _flips(before, after)))
    changes.sort(key=lambda c: (-abs(c.change), c.id))
    return ScoresDiff(new_scores.get("exercise"), old_scores.get("max_score"), new_scores.get("max_score"),
                      changes, unchanged)


def _score(x):
    return "—" if x is None else number(x)


def _signed(x):
    return f"{'+' if x > 0 else ''}{number(x)}"


def _flip_text(flip: Flip) -> str:
    return printable(f"{flip.test}: {flip.old or 'absent'} → {flip.new or 'absent'}")


def _what_flipped(c: ScoreChange) -> list[str]:
    """The tests that flipped, after a word on a student who is in one file only."""
    if c.new_score is None:
        return ["not in NEW"]
    return (["not in OLD"] if c.old_score is None else []) + [_flip_text(f) for f in c.flips]


def _summary(d: ScoresDiff) -> str:
    up = sum(c.change > 0 for c in d.changes)
    down = sum(c.change < 0 for c in d.changes)
    n = len(d.changes)
    said = (f"{n} student{'s' * (n != 1)} changed ({up} up, {down} down), {d.unchanged} unchanged"
            if n else f"No score changed ({d.unchanged} students)")
    if d.old_max != d.new_max:
        said += f"; maximum {_score(d.old_max)} → {_score(d.new_max)}"
    return said + "."


def to_text(d: ScoresDiff) -> str:
    """A table for the terminal: id, old, new, change, and the tests that flipped."""
    lines = [_summary(d)]
    if d.changes:
        width = max([2] + [len(printable(c.id)) for c in d.changes])
        lines.append(f"{'id':<{width}}  {'old':>6}  {'new':>6}  {'change':>6}  tests flipped")
        for c in d.changes:
            lines.append(f"{printable(c.id):<{width}}  {_score(c.old_score):>6}  {_score(c.new_score):>6}  "
                         f"{_signed(c.change):>6}  {'; '.join(_what_flipped(c))}".rstrip())
    return "\n".join(lines) + "\n"


def to_markdown(d: ScoresDiff) -> str:
    lines = [f"# {md(d.exercise or 'Scores')}: what the regrade changed", "", md(_summary(d))]
    if d.changes:
        lines += ["", "| id | old | new | change | tests flipped |", "| --- | ---: | ---: | ---: | --- |"]
        for c in d.changes:
            flips = "<br>".join(md(text) for text in _what_flipped(c)) or "—"
            lines.append(f"| {md(c.id)} | {_score(c.old_score)} | {_score(c.new_score)} | {_signed(c.change)} "
                         f"| {flips} |")
    return "\n".join(lines) + "\n"


def to_json(d: ScoresDiff) -> str:
    document = {
        "exercise": d.exercise, "old_max_score": d.old_max, "new_max_score": d.new_max, "unchanged": d.unchanged,
        "changed": [{"id": c.id, "old_score": c.old_score, "new_score": c.new_score, "change": c.change,
                     "flipped": [asdict(f) for f in c.flips]} for c in d.changes],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def render_diff(d: ScoresDiff, fmt: str) -> str:
    return {"text": to_text, "markdown": to_markdown, "json": to_json}[ALIASES.get(fmt, fmt)](d)

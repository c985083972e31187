"""Feedback pages: one Markdown and one HTML page per submission, for its student.

Each test is shown as its visibility allows (record.student_view):

- `visible`: name, result, points and output;
- `hidden`: never described: the page says how many hidden tests there are,
  with no names, results or points;
- `after_due_date` (and `after_published`: this grader has no separate
  publish step, writing the pages after the due date is the release):
  counted like hidden tests until the pages are written with
  after_due_date=True, then shown like visible ones.

A diagnosis is shown only when every test it cites is shown, and the total
score only when no withheld test carries points (otherwise the page gives
the score on the tests shown), as Gradescope hides the total while tests are
hidden.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from ..private_files import write_text_atomically
from .formats import FEEDBACK_PAGES

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}


def file_stem(submission_id: str) -> str:
    """A file name for a submission id that is safe on any file system.

    Ids made only of letters, digits, `.`, `_` and `-` are kept; any other id
    has its other characters replaced by `_` and a short hash of the whole id
    appended, so two ids never share a stem.
    """
    stem = _UNSAFE.sub("_", submission_id).strip("._")[:80] or "submission"
    if stem != submission_id or stem.split(".")[0].upper() in _WINDOWS_RESERVED:
        stem += "-" + hashlib.sha256(submission_id.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return stem


def unique_stems(ids: list[str], reserved: frozenset[str] = frozenset()) -> dict[str, str]:
    """id → file stem, no two alike even ignoring case (macOS and Windows would merge "Alice" and "alice"), and none
    of `reserved` (lower case: the stems of files the same command writes beside the pages, `page_stems_taken`).

    Ids are chosen by students, and one may be named exactly like another's
    generated stem (`bob_-1a2b3c4d` beside `bob?`). So a stem is checked against
    every other: where several ids share one, each gets the hash of its own id
    appended, and if that is taken too (the names were chosen to collide), a
    counter, until it is free. A stem that is reserved is shared so too.
    """
    first = {sid: file_stem(sid) for sid in ids}
    sharing: dict[str, int] = dict.fromkeys(reserved, 1)
    for stem in first.values():
        sharing[stem.lower()] = sharing.get(stem.lower(), 0) + 1
    stems: dict[str, str] = {}
    taken = {stem.lower() for stem in first.values()} | set(reserved)
    for sid in ids:
        stem = first[sid]
        if sharing[stem.lower()] > 1:
            stem = candidate = f"{stem}-{hashlib.sha256(sid.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"
            n = 1
            while candidate.lower() in taken:
                n += 1
                candidate = f"{stem}-{n}"
            stem = candidate
            taken.add(stem.lower())
        stems[sid] = stem
    return stems


def page_stems_taken(folder: Path, keep) -> frozenset[str]:
    """The stems (lower case) a feedback page in `folder` may not have: those of the files in `keep` (what the same
    command writes: the scores file, its reports) that are in `folder` with a page's suffix. Session 32: a student
    whose entry was `scores.py`, graded with `-o out/scores.json --format html --format markdown --feedback-dir out`, had
    its feedback pages written over the class's reports `scores.html` and `scores.md` (every student's row gone from
    what the instructor reads; written the other way round, the class's scores published as that student's page)."""
    try:
        here = Path(folder).resolve()
    except OSError:
        return frozenset()
    taken = set()
    for path in map(Path, keep):
        for fmt in FEEDBACK_PAGES:
            if path.name.lower().endswith(fmt.suffix) and path.resolve().parent == here:
                taken.add(path.name[:-len(fmt.suffix)].lower())
    return frozenset(taken)


def write_feedback(scores: dict, folder: Path, *, after_due_date: bool = False,
                   lang: str = "en", keep=()) -> dict[str, tuple[Path, ...]]:
    """Write `<id>.md` and `<id>.html` (FEEDBACK_PAGES) for every submission into `folder`, in `lang`; return
    id → their paths, in that order. `keep`: the paths of the files the same command writes, which no page
    replaces (`page_stems_taken`)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    stems = unique_stems([record["id"] for record in scores.get("submissions", [])], page_stems_taken(folder, keep))
    written = {}
    for record in scores.get("submissions", []):
        paths = tuple(folder / f"{stems[record['id']]}{fmt.suffix}" for fmt in FEEDBACK_PAGES)
        for fmt, path in zip(FEEDBACK_PAGES, paths):
            write_text_atomically(path, fmt.page(record, after_due_date=after_due_date, lang=lang))
        written[record["id"]] = paths
    return written

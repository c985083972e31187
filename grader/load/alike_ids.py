"""Entries of a class folder whose ids a reader cannot tell apart, which load_folder makes one id (the first entry
graded, each other rejected saying why): ids equal as they are, ids that differ only in their Unicode form (`José`
composed, and decomposed as macOS writes names), and ids that differ only by characters no font draws (session 36:
`alice\\u200b.py` dropped beside `alice.py` made two rows that both read `alice`; student_text.not_shown)."""

from __future__ import annotations

import unicodedata

from ..i18n import Message, msg
from ..student_text import escaped, not_shown, without_not_shown


def seen_as(sub_id: str) -> str:
    """What a reader sees of the id `sub_id`: its NFC form without the characters no font draws. Two entries whose
    ids are seen alike are one id."""
    return " ".join(unicodedata.normalize("NFC", without_not_shown(sub_id)).split())


def _blanks(sub_id: str) -> list[str]:
    """The white space of `sub_id` a reader cannot see as such: at its ends, and any but one ASCII space inside
    (`alice .py`, `alice\\u3000.py`, `alice\\u2028.py` beside `alice.py`: session 36's review)."""
    inner = sub_id.strip()
    ends = sub_id[:len(sub_id) - len(sub_id.lstrip())] + sub_id[len(sub_id.rstrip()):]
    return [c for c in ends] + [c for c in inner if c.isspace() and c != " "]


def why_one_id(first: str, first_id: str, second: str, sub_id: str) -> Message:
    """Why the entry `second` (id `sub_id`) is not graded beside `first` (id `first_id`), whose id is seen alike
    (`first` and `second` as messages name entries: `alice.py`, `bob/`)."""
    if first_id == sub_id:
        return msg("two entries have the id {id}: {first} and {second}; only {first} is graded as {id}: rename "
                   "or remove one and grade again", id=repr(sub_id), first=first, second=second)
    if unicodedata.normalize("NFC", first_id) != unicodedata.normalize("NFC", sub_id):
        hidden = dict.fromkeys(not_shown(first_id + sub_id) + [escaped(c) for c in _blanks(first_id) + _blanks(sub_id)])
        return msg("two entries have ids that look alike, {id} and {other}: they differ only by characters that "
                   "are not shown ({hidden}); only {first} is graded: rename or remove one and grade again",
                   id=repr(first_id), other=repr(sub_id), hidden=" ".join(hidden), first=first)
    composed, decomposed = (first, second) if unicodedata.normalize("NFC", first_id) == first_id else (second, first)
    return msg("two entries have the id {id}, written in two Unicode forms: {composed} composed, and "
               "{decomposed} decomposed (as macOS writes names), which look alike; only {first} is graded as "
               "{id}: rename or remove one and grade again", id=repr(first_id), composed=composed,
               decomposed=decomposed, first=first)

"""Entries of a class folder whose ids a reader cannot tell apart, which load_folder makes one id (the first entry
graded, each other rejected saying why): ids equal as they are, ids that differ only in their Unicode form (`José`
composed, and decomposed as macOS writes names), and ids that differ only by characters no font draws (session 36:
`alice\\u200b.py` dropped beside `alice.py` made two rows that both read `alice`; student_text.not_shown), and ids
that differ only by letters of other scripts that look alike (session 37: `аlice.py` with a Cyrillic `а`;
confusables.py, Unicode's TR39 skeleton) where one of them mixes scripts or holds compatibility forms: ids each
written wholly in one script (`Вера` in Cyrillic, `Bepa` in Latin) are two students, each graded (review 37)."""

from __future__ import annotations

import unicodedata
from difflib import SequenceMatcher

from ..i18n import Message, msg
from ..student_text import escaped, not_shown, without_not_shown
from .confusables import alike, look_alike_letters, one_script, script_extensions, script_name, skeleton


def seen_as(sub_id: str) -> str:
    """What a reader sees of the id `sub_id`: its NFC form without the characters no font draws. Two entries whose
    ids are seen alike are one id."""
    return " ".join(unicodedata.normalize("NFC", without_not_shown(sub_id)).split())


def shown_later(sub_id: str) -> tuple[bool, bool, bool]:
    """Of ids alike, which is taken first (sort by this, then as before): one with characters not shown or blanks
    other than one space inside after one without (`alice.py` before `alice\\u200b.py`, `alice .py`), one whose
    letters mix scripts or hold compatibility forms after one of a single script (`Анна` before `Aнна` with a Latin
    `A`: confusables.one_script), one not ASCII after one that is (`mallory` before `ⅿallory`). What a student named
    in another script is keeps its name."""
    return (seen_as(sub_id) != unicodedata.normalize("NFC", sub_id), not one_script(seen_as(sub_id)),
            not sub_id.isascii())


class SeenIds:
    """The ids a class's loading has taken, each with the entry that took it (as a message names it), and which
    earlier one a new id looks like: seen alike (seen_as), or alike by letters of other scripts (confusables.alike,
    looked up by skeleton: a class of thousands is not compared pair by pair). Two ids of ASCII alone are never
    alike so, so a class of ASCII ids never reads Unicode's table: ASCII ids wait unindexed until an id that is not
    ASCII comes."""

    def __init__(self):
        self._first: dict[str, tuple[str, str]] = {}  # seen_as(id) -> (the entry shown, its id)
        self._by_skeleton: dict[str, list[str]] = {}  # skeleton -> the seen_as(id) of each id with it
        self._ascii: list[str] = []  # the seen_as(id) of ASCII ids not yet in _by_skeleton
        self._other = False  # whether an id that is not ASCII was taken

    def add(self, sub_id: str, shown: str) -> None:
        key = seen_as(sub_id)
        if key in self._first:
            return
        self._first[key] = (shown, sub_id)
        if key.isascii():
            self._ascii.append(key)
        else:
            self._other = True
            self._index([key])

    def earlier(self, sub_id: str) -> tuple[str, str] | None:
        """(the entry shown, its id) of the first id taken that `sub_id` looks like, or None."""
        key = seen_as(sub_id)
        if key in self._first:
            return self._first[key]
        if key.isascii() and not self._other:
            return None  # only ASCII ids so far: none is alike but by seen_as
        if not key.isascii():
            self._index(self._ascii)
            self._ascii = []
        return next((self._first[k] for k in self._by_skeleton.get(skeleton(key), []) if alike(k, key)), None)

    def _index(self, keys):
        for key in keys:
            self._by_skeleton.setdefault(skeleton(key), []).append(key)


def told_apart(ids) -> dict[str, dict]:
    """Of the ids a class grades, those that still look alike (one skeleton, each written wholly in one script, so
    each a student's own: `Вера` in Cyrillic beside `Bepa` in Latin, hiragana `山田へな` beside katakana `山田ヘな`),
    each with what tells it apart where a person reads the rows (session 38; ids of ASCII alone, `arnie` and `amie`,
    are not looked at): {id: {"ids": the others alike, "mark": ...}}. The mark is the scripts of the letters where
    the id differs from the others (`Cyrillic`, `Hiragana`), or, where two of the group would read the same, those
    letters' code points (`U+03C3`): the id itself is left as it is, which an LMS import matches."""
    ids = list(ids)
    if all(i.isascii() for i in ids):
        return {}
    groups: dict[str, list[str]] = {}
    for sub_id in ids:
        groups.setdefault(skeleton(seen_as(sub_id)), []).append(sub_id)
    found = {}
    for group in groups.values():
        if len(group) < 2 or all(i.isascii() for i in group):
            continue
        letters = {i: _differing(i, [o for o in group if o != i]) for i in group}
        marks = {i: " + ".join(dict.fromkeys(_script_of(c) for c in letters[i])) for i in group}
        if len(set(marks.values())) < len(group):
            marks = {i: " ".join(f"U+{ord(c):04X}" for c in letters[i]) for i in group}
        found.update({i: {"ids": sorted(o for o in group if o != i), "mark": marks[i]} for i in group})
    return found


def _differing(sub_id: str, others: list[str]) -> list[str]:
    """The characters of `sub_id` (NFD, as seen_as gives it) where it differs from any of `others`, each once."""
    mine = unicodedata.normalize("NFD", seen_as(sub_id))
    found = []
    for other in others:
        matcher = SequenceMatcher(None, mine, unicodedata.normalize("NFD", seen_as(other)), autojunk=False)
        found += [c for op, i1, i2, _, _ in matcher.get_opcodes() if op != "equal" for c in mine[i1:i2]]
    return list(dict.fromkeys(found))


def _script_of(c: str) -> str:
    codes = script_extensions(c)
    return script_name(codes) if codes else "Common"


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
    if seen_as(first_id) != seen_as(sub_id):
        return msg("two entries have ids that look alike, {id} and {other}: they differ only by letters of "
                   "different scripts that look the same ({letters}); only {first} is graded: rename or remove one "
                   "and grade again", id=repr(first_id), other=repr(sub_id),
                   letters=", ".join(look_alike_letters(seen_as(first_id), seen_as(sub_id))), first=first)
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

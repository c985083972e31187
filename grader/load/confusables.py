"""Letters of other scripts that look like a name's own (Cyrillic `а` U+0430 for Latin `a`, `ⅿ` U+217F for `m`):
the skeleton of Unicode's Technical Standard #39 (Unicode Security Mechanisms, section 4), by its table of
confusables (grader/data/unicode/confusables.txt, Unicode 13.0.0, with its source and licence). Session 37: an entry
`аlice.py` with a Cyrillic `а` beside `alice.py` was graded as a second row that read `alice`.

Two ids alike by their skeletons are one id to the loader (`alike`) unless both are written each in one script
with no compatibility form (`one_script`): the table holds confusables inside ASCII too (`rn` and `m`, `0` and `O`,
`1`, `I` and `l`), and two students named `arnie` and `amie`, or with logins `s1` and `sl`, are two students; so are
`Вера` in Cyrillic and `Bepa` in Latin (review 37: the course runs in Russian, and an honest name must not be
rejected because a classmate's looks like it). Only what an honest student does not write is rejected: letters of
scripts mixed in one id, and compatibility or styled forms. The skeleton is compared after alike_ids.seen_as (Unicode's
form, characters not shown, blanks), as TR39 asks for the default-ignorable code points."""

from __future__ import annotations

import bisect
import functools
import unicodedata
from difflib import SequenceMatcher
from pathlib import Path

TABLE = Path(__file__).parents[1] / "data" / "unicode" / "confusables.txt"
SCRIPTS = Path(__file__).parents[1] / "data" / "unicode" / "scripts.txt"  # Script_Extensions, Unicode 18.0.0
# UTS #39, section 5.1: a Han, kana, Hangul or Bopomofo letter also counts as of the writing systems that mix them,
# Japanese (Jpan: Han, Hiragana, Katakana), Korean (Kore: Han, Hangul) and Han with Bopomofo (Hanb), so that a
# Japanese name of kanji and kana (`山田はな`), or a Korean one of Hangul and Hanja, resolves to one script
AUGMENTED = {"Hani": ("Hanb", "Jpan", "Kore"), "Hira": ("Jpan",), "Kana": ("Jpan",), "Hang": ("Kore",),
             "Bopo": ("Hanb",)}
WRITING_SYSTEMS = {"Jpan": "Japanese", "Kore": "Korean", "Hanb": "Han with Bopomofo"}


@functools.lru_cache(maxsize=1)
def prototypes() -> dict[str, str]:
    """{character: its prototype}, every mapping of the table (read once, when a class first needs it)."""
    found = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            prototype, sources = line.split(";")
            target = "".join(chr(int(code, 16)) for code in prototype.split())
            found.update((chr(int(code, 16)), target) for code in sources.split())
    return found


def skeleton(text: str) -> str:
    """TR39's skeleton of `text` (its default-ignorable code points already dropped by the caller): its NFD form,
    each character replaced by its prototype, in NFD again. Two texts with one skeleton look alike. The NFD is
    NFKD here: the table leaves out what compatibility forms fold (`ｂ` U+FF42, fullwidth, and `ℯ` U+212F are `b`
    and `e` by NFKD alone), which a name shows as the letter it is a form of."""
    table = prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in unicodedata.normalize("NFKD", text)))


def alike(one: str, other: str) -> bool:
    """Whether the ids `one` and `other` (as alike_ids.seen_as gives them) look alike by letters of other scripts:
    one skeleton, and not both written as an honest student writes a name (`one_script`): arnie and amie are two
    students, and so are `Вера` (Cyrillic) and `Bepa` (Latin), `Ηρα` (Greek) and `Hpa`, whose skeletons are one
    (review 37: a classmate's `Bepa.py` got the Russian student Вера rejected). What is left alike is an id that
    mixes scripts (`аlice` with a Cyrillic `а`) or holds compatibility forms (`ⅿallory`, fullwidth `ｂob`)."""
    return not (one_script(one) and one_script(other)) and skeleton(one) == skeleton(other)


def one_script(text: str) -> bool:
    """Whether `text` is a name as a student writes it: its letters of one script (`mixed_scripts`) and no
    compatibility or styled form (NFKC leaves it as it is: not a fullwidth `ｂ`, a roman numeral `ⅿ`, a mathematical
    bold `𝐚`). `alice`, `Вера`, `Ηρα`, `张伟` are; `аlice` (a Cyrillic `а`) and `ⅿallory` are not."""
    return unicodedata.normalize("NFKC", text) == text and not mixed_scripts(text)


def look_alike_letters(one: str, other: str) -> list[str]:
    """The characters where `one` and `other` differ (difflib's alignment), each once and named, `one`'s first:
    `'a' (U+0061 LATIN SMALL LETTER A)`, `'а' (U+0430 CYRILLIC SMALL LETTER A)`, which is what a message shows of
    why two ids are alike."""
    one, other = unicodedata.normalize("NFD", one), unicodedata.normalize("NFD", other)
    spans = [(i1, i2, j1, j2) for op, i1, i2, j1, j2 in SequenceMatcher(None, one, other, autojunk=False).get_opcodes()
             if op != "equal"]
    found = dict.fromkeys([c for i1, i2, _, _ in spans for c in one[i1:i2]]
                          + [c for _, _, j1, j2 in spans for c in other[j1:j2]])
    return [f"{c!r} (U+{ord(c):04X} {unicodedata.name(c, '?')})" for c in found]


def mixed_scripts(text: str) -> bool:
    """Whether `text` is not of a single script as UTS #39 (section 5.1) resolves it: the intersection of its
    characters' augmented Script_Extensions is empty. `аlice` with a Cyrillic `а`, and `〇scar` (the Han `〇`
    U+3007 with Latin), are mixed; `alice`, `Анна`, `alice2`, the Japanese `山田はな` (kanji and hiragana: Japanese)
    and the Korean `김民俊` (Hangul and Hanja: Korean) are not, as the standard's "highly restrictive" level has them.
    That level also admits Latin beside those (`Taro山田`), which is left mixed here: a Latin id with a Han letter
    that looks like a Latin one is what an attacker writes (`〇scar` beside `Oscar`). Of ids alike, one of a single
    script is graded first."""
    return resolved_scripts(text) == frozenset()


def resolved_scripts(text: str) -> frozenset[str] | None:
    """UTS #39's resolved script set of `text` (section 5.1): the ISO 15924 codes every one of its characters is of
    (Script_Extensions, augmented by AUGMENTED), None where no character constrains it (digits, punctuation:
    Common and Inherited, which are of every script)."""
    found = None
    for c in unicodedata.normalize("NFD", text):
        codes = script_extensions(c)
        if codes is not None:
            found = codes if found is None else found & codes
    return found


def script_extensions(c: str) -> frozenset[str] | None:
    """The augmented Script_Extensions of the character `c` (grader/data/unicode/scripts.txt), None for Common and
    Inherited characters and those unassigned."""
    starts, ends, values, _ = _script_table()
    i = bisect.bisect_right(starts, ord(c)) - 1
    return values[i] if i >= 0 and ord(c) <= ends[i] else None


def script_name(codes) -> str:
    """A name a person reads for a set of ISO 15924 codes (`resolved_scripts`): `Cyrillic`, `Japanese` for a name
    of kanji and kana, `Han` for one of kanji alone (of Han, Japanese, Korean...: the script itself first)."""
    names = _script_table()[3]
    plain = sorted(c for c in codes if c not in WRITING_SYSTEMS)
    return " or ".join(names.get(c, WRITING_SYSTEMS.get(c, c)) for c in (plain or sorted(codes)))


@functools.lru_cache(maxsize=1)
def _script_table():
    """(starts, ends, augmented codes, {code: name}) of grader/data/unicode/scripts.txt, read once."""
    starts, ends, values, names = [], [], [], {}
    for line in SCRIPTS.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        if "=" in line:
            code, name = line.split("=")
            names[code] = name
            continue
        span, codes = line.split(";")
        first, last = span.split("..")
        starts.append(int(first, 16))
        ends.append(int(last, 16))
        values.append(frozenset(codes.split()) | {a for c in codes.split() for a in AUGMENTED.get(c, ())})
    return starts, ends, values, names

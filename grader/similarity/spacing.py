"""A public source's lines as it spaced them, and its comments (read_public, Cohort.against): what a copy keeps of a
source whose code is the class's common knowledge.

When the source's code is what the exercise asks for (micrograd's Neuron, Layer and MLP in 07-mlp-xor), every student
writes it, so it weighs nothing; a copy still holds it as the source *wrote* it: `wi*xi for wi,xi in`,
`sz[i+1], nonlin=i!=len(nouts)-1`, spacing that no one writes who did not paste it, and its comments word for word.
Each line of code is read with its names as one name (a copy renames them) and its quotes as one quote, as runs of
GRAM tokens in which a space is a token; the runs of a source's line that the line spaced the standard way
(`unparse`) does not have are the source's own spacing. A comment is its runs of GRAM words. Only lines beyond the
starter count, on either side (`own_lines`), and what the course's canonical code (its reference, its lecture) has
as written is the course's, not the source's (the lecture writes `wi*xi` as micrograd does): read_public keeps the
rest as the source's `spaced`. A submission holds a run when one of its own lines has it: the submissions' side is
read at scoring time from their texts, with no parse."""

from __future__ import annotations

import keyword
import re

from ..parsing import parse
from .normalise import python_lines
from .unparse import unparse

GRAM = 6  # tokens (a space is one) in a run of spacing; words in a run of a comment
_NAME = re.compile(r"[^\W\d]\w*")
_KEPT = frozenset(keyword.kwlist) | {"self"}  # a copy renames names, not keywords nor `self`
_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")
_WORD = re.compile(r"\w+")


def source_runs(texts: dict[str, str], lines: dict[str, set[int]], canonical: dict[str, str]) -> frozenset[tuple]:
    """The runs of the source's own spacing and of its comments on LINES (file -> line numbers: `own_lines`) of its
    TEXTS, but those the CANONICAL texts have anywhere."""
    runs: set[tuple] = set()
    for name, text in sorted(texts.items()):
        wanted = lines.get(name, set())
        for number, line in enumerate(python_lines(text), 1):
            if number in wanted:
                code, comment = _split(line)
                runs |= _comment_runs(comment)
                standard = _standard(code.strip())
                if standard is not None:
                    runs |= _code_runs(code) - _code_runs(standard)
    return frozenset(runs - held_runs(canonical, runs))


def held_runs(texts: dict[str, str], wanted, lines: dict[str, set[int]] | None = None,
              seen: dict[str, frozenset] | None = None) -> set[tuple]:
    """The runs of WANTED (source_runs) that the files TEXTS hold, on LINES of each (all of them without LINES). SEEN
    keeps each line's runs of WANTED for the next call with the same WANTED (a class writes many lines alike)."""
    seen = {} if seen is None else seen
    held: set[tuple] = set()
    for name, text in texts.items():
        only = None if lines is None else lines.get(name, set())
        for number, line in enumerate(python_lines(text), 1):
            if only is None or number in only:
                found = seen.get(line)
                if found is None:
                    code, comment = _split(line)
                    found = seen[line] = frozenset((_code_runs(code) | _comment_runs(comment)) & wanted)
                held |= found
    return held


def own_lines(document) -> dict[str, set[int]]:
    """{file: line numbers} where a fingerprint of DOCUMENT's own (beyond the starter: `prints`) begins."""
    lines: dict[str, set[int]] = {}
    units = document.units
    for places in document.prints.values():
        for place in places:
            unit = units[place.unit]
            lines.setdefault(unit.file, set()).add(unit.lines[place.start])
    return lines


def _split(line: str) -> tuple[str, str]:
    """A line's code and its comment (from a `#` that no quote comes before: a `#` in a string stays code)."""
    at = line.find("#")
    if at < 0 or "'" in line[:at] or '"' in line[:at]:
        return line, ""
    return line[:at], line[at + 1:]


def _code_runs(code: str) -> set[tuple]:
    """The runs of GRAM tokens of a line of code, its names as `v`, its quotes as `'`, a space a token."""
    code = code.strip()
    if not code:
        return set()
    abstract = _NAME.sub(lambda m: m.group() if m.group() in _KEPT else "v", code).replace('"', "'")
    tokens = tuple(" " if t.isspace() else t for t in _TOKEN.findall(abstract))
    return {("code",) + tokens[i:i + GRAM] for i in range(max(1, len(tokens) - GRAM + 1))}


def _comment_runs(comment: str) -> set[tuple]:
    """The runs of GRAM words of a comment (lower case), none of one shorter than half of that."""
    words = tuple(_WORD.findall(comment.lower()))
    if len(words) < GRAM // 2:
        return set()
    return {("comment",) + words[i:i + GRAM] for i in range(max(1, len(words) - GRAM + 1))}


def _standard(code: str) -> str | None:
    """The line of code spaced as `unparse` writes it (a compound statement's header with a body put under it), or
    None when it is not a statement alone (a part of one written over several lines)."""
    if not code:
        return None
    for text in (code, code + "\n    pass"):
        try:
            return unparse(parse(text)).split("\n")[0]
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    return None

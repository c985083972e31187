"""A file too long to read whole, without what no one runs or reads as code: so that padding cannot push a copy
out of what is compared.

A file is compared up to its first 64 KiB of characters and within a budget of work (normalise.read_source,
budget.py). Both limits counted what the reading itself leaves out: a copy preceded by 64 KiB of comments (or a
docstring) was cut before its first line of code, and one followed by 35 KB of helpers that never run (which count
1/50 of their size when read: reach.py) went over the budget and was read as lexical tokens, where they count in
full (session 36's red team: a verbatim copy 0.98 with its source, 0.00 and under the report's floor so padded).

Where a file is over either limit, it is read again without its comment-only and blank lines, its string
statements (a docstring, a string left as a comment: each becomes `pass`, which the reading drops too) and its
module-level functions that nothing else in it names (undecorated, not a dunder; a function named only by such
functions is one too, and recursion is no caller, as in reach.py), each line kept with the line of the file it came
from, so that every place the report shows is the file's own. The limits then count the code alone. Code that runs
is never left out: a copy padded with code that runs is still diluted by it, as docs/similarity.md says.

All of it is read from the lines of the text, never from its syntax tree: the file is up to 1 MiB, and parsing and
walking all of it cost up to 4 s of CPU where the reading is bounded near 0.5 s (bench/similarity/adversarial.py).
So a name is an identifier of the text's code (one pass of one expression, `_CODE`): one in a comment or a string
names nothing (session 36's review: 300 helpers named in `__all__`'s strings, or in a trailing comment, kept them, and
the copy went over the budget; a function called only through `getattr` and a string is left out likewise), but one
in an f-string's replacement field does. What is left is read as any file is; where it then does not parse, the file
is read as it was.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..parsing import python_lines

_OPENING = re.compile(r"[rRuUbB]{0,2}('''|\"\"\")")  # a line that opens a triple-quoted string (not an f-string)
_TOP_LEVEL = re.compile(r"[^\s#)\]}]")  # a line at the margin that starts a statement (as normalise's cut)
_GOES_ON = re.compile(r"(?:else|elif|except|finally)\b")
_DEF = re.compile(r"(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)")
_NAME = re.compile(r"[A-Za-z_]\w*")
# What names a function in code: an identifier outside comments and strings (an f-string's replacement fields are
# code, read whole). One left-to-right pass of one expression whose choices never overlap, so linear in the text (a
# string left open ends at its line's end, or at the text's end where triple-quoted). Names in a string or a comment
# (`__all__`'s, a trailing comment) kept the padding they named (session 36's review).
_CODE = re.compile(r"""#[^\n]*"""
                   r"""|(?P<f>[fF][rR]?|[rR][fF])?"""
                   r"""(?:'''(?:[^\\']|\\.|'(?!''))*(?:'''|\Z)|\"\"\"(?:[^\\"]|\\.|"(?!""))*(?:\"\"\"|\Z)"""
                   r"""|'(?:[^\\'\n]|\\.)*(?:'|$)|"(?:[^\\"\n]|\\.)*(?:"|$))"""
                   r"""|(?P<name>[A-Za-z_]\w*)""", re.M | re.S)
_FIELD = re.compile(r"\{([^{}]*)\}")  # an f-string's replacement field (an escaped `{{` reads as one: more is kept)
# Characters of code looked at, from the start: what is read is the first 64 KiB (normalise.MAX_CHARS) of what is
# kept, and four times that leaves room for the functions that nothing runs among them. The lines after it are kept
# as they are, and only their names are read (a function they name is kept): condensing costs at most a few
# hundredths of a second (bench/similarity/adversarial.py).
WINDOW = 256 * 1024


@dataclass(frozen=True)
class Condensed:
    text: str  # the lines kept, joined by "\n"
    origin: tuple[int, ...]  # the line (from 1) of the file each line of `text` is, in order
    left_out: int  # lines of the file left out


def condensed(text: str) -> Condensed | None:
    """TEXT without its comment-only and blank lines, string statements and module-level functions nothing runs, in
    its first WINDOW characters of code (the lines after them as they are, named in full); None where nothing is
    left out."""
    lines = python_lines(text)
    kept, stop = _without_comments_and_strings(lines)
    kept = _without_unreached_functions(kept, {name for _, name in _code_names("\n".join(lines[stop:]))})
    kept += [(number, lines[number - 1]) for number in range(stop + 1, len(lines) + 1)]
    if len(kept) == len(lines) and all(line == lines[number - 1] for number, line in kept):
        return None
    left_out = len(lines) - len(kept)
    return Condensed("\n".join(line for _, line in kept) + "\n", tuple(number for number, _ in kept), left_out)


def _without_comments_and_strings(lines: list[str]) -> tuple[list[tuple[int, str]], int]:
    """(line number, line) of LINES but comment-only and blank ones, a string statement's lines becoming one `pass`
    (a body that held only a docstring stays a body), up to WINDOW characters kept; and the index of the first line
    not looked at."""
    kept, i, size = [], 0, 0
    while i < len(lines) and (size < WINDOW or not _starts_statement(lines[i])):  # a statement is looked at whole
        line = lines[i]
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            i += 1
            continue
        opening = _OPENING.match(stripped)
        if opening:
            quote, j, rest = opening.group(1), i, stripped[opening.end():]
            while (end := rest.find(quote)) < 0 and j + 1 < len(lines):
                j += 1
                rest = lines[j]
            after = rest[end + 3:].strip() if end >= 0 else "x"
            if not after or after.startswith("#"):  # the string is the whole statement
                kept.append((i + 1, line[:len(line) - len(stripped)] + "pass"))
                i = j + 1
                continue
        kept.append((i + 1, line))
        size += len(line) + 1
        i += 1
    return kept, i


def _starts_statement(line: str) -> bool:
    return bool(_TOP_LEVEL.match(line)) and not _GOES_ON.match(line)


def _without_unreached_functions(kept: list[tuple[int, str]], named: set[str]) -> list[tuple[int, str]]:
    """KEPT without the module-level functions that nothing else of it names (nor NAMED, the names of the lines
    after it), directly or through functions it names."""
    segments: list[list[tuple[int, str]]] = []  # top-level statements, each with the lines that go on with it
    for number, line in kept:
        # a decorator and the def under it are one statement
        if _starts_statement(line) and not (segments and segments[-1][-1][1].startswith("@")):
            segments.append([])
        if not segments:
            segments.append([])
        segments[-1].append((number, line))
    candidates: dict[str, list[int]] = {}  # name -> the indexes of its segments
    names: list[set[str]] = [set() for _ in segments]  # each segment's names in code
    starts, offset = [], 0  # where each segment starts in the text of KEPT (read whole: a string may span segments)
    for segment in segments:
        starts.append(offset)
        offset += sum(len(line) + 1 for _, line in segment)
    for at, name in _code_names("\n".join(line for _, line in kept)):
        names[bisect_right(starts, at) - 1].add(name)
    for index, segment in enumerate(segments):
        found = _DEF.match(segment[0][1])
        if found and not (found.group(1).startswith("__") and found.group(1).endswith("__")):
            candidates.setdefault(found.group(1), []).append(index)
    if not candidates:
        return kept
    inside = {index for indexes in candidates.values() for index in indexes}
    frontier = named & candidates.keys()
    for index, used in enumerate(names):
        if index not in inside:
            frontier |= used & candidates.keys()
    reached: set[str] = set()
    while frontier:
        name = frontier.pop()
        reached.add(name)
        for index in candidates[name]:
            frontier |= (names[index] & candidates.keys()) - reached
    dropped = {index for name, indexes in candidates.items() if name not in reached for index in indexes}
    return [item for index, segment in enumerate(segments) if index not in dropped for item in segment]


def _code_names(text: str) -> Iterator[tuple[int, str]]:
    """(offset, name) of each name in TEXT's code: none of a comment's or a string's but those of an f-string's
    replacement fields (at the f-string's offset)."""
    for match in _CODE.finditer(text):
        if match.group("name"):
            yield match.start(), match.group("name")
        elif match.group("f") is not None:
            for field in _FIELD.finditer(match.group()):
                yield from ((match.start(), name) for name in _NAME.findall(field.group(1)))


def placed(reading, short: Condensed, file: str):
    """READING (normalise.Reading) of SHORT's text with every line the file's own, and the lines left out said in its
    limits."""
    last = len(short.origin)

    def line(number):
        return short.origin[min(max(number, 1), last) - 1]

    units = [replace(unit, lines=tuple(line(n) for n in unit.lines)) for unit in reading.units]
    limits = [{"file": file, "what": "condensed", "lines_left_out": short.left_out}, *reading.limits]
    opaque = [dict(call, line=line(call["line"])) for call in reading.opaque]
    return replace(reading, units=units, limits=limits, opaque=opaque,
                   unreached=tuple((line(first), line(last_)) for first, last_ in reading.unreached),
                   smoke=frozenset(line(n) for n in reading.smoke))


def top_level_cut(text: str, limit: int) -> int:
    """Where to cut TEXT at or before LIMIT characters: at the start of its last top-level statement there (a line
    at the margin that neither closes a bracket nor goes on with the statement before it: `else`, `except`...)."""
    last = 0
    for match in _STATEMENT_START.finditer(text[:limit + len("finally ")]):  # a keyword cut at LIMIT is read whole
        if match.end() < limit:
            last = match.end()
    return last or limit


_STATEMENT_START = re.compile(r"\n(?=[^\s#)\]}])(?!(?:else|elif|except|finally)\b)")

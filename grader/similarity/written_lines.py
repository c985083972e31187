"""A line as written (traits.py's line traits), read past the spellings a script makes of it: its statements split at
`;` without the ones that do nothing, an annotation dropped, `x = x + e` as `x += e` and `t * t` as `t ** 2`."""

from __future__ import annotations

import keyword
import re
from bisect import bisect_right


def with_replacements(line: str, semicolons, replacements) -> tuple[str, list[int]]:
    """LINE with each (start, end, text) put in place (they do not overlap: each is a token of the line), and its `;`
    columns moved to match: one pass over the line, however many there are (a line of 60,000 strings)."""
    pieces, at, ends, moved = [], 0, [], [0]  # moved[k]: how far the first k replacements move what follows them
    for start, end, new in sorted(replacements):
        pieces += [line[at:start], new]
        at = end
        ends.append(end)
        moved.append(moved[-1] + len(new) - (end - start))
    pieces.append(line[at:])
    return "".join(pieces), [c + moved[bisect_right(ends, c)] for c in semicolons]


# `x = x + e` (or `x = e + x`, or `x = x + (e)`) is `x += e` as written; `t * t` is `t ** 2`, with its spacing.
# These read a student's line, up to normalise.MAX_CHARS long: no two neighbouring quantifiers may match the same
# character, or a line of spaces costs its length squared or cubed (session 24: `x = e` + 60,000 spaces + `+ y` took
# minutes, `x:` + 60,000 spaces + `float` hours, in `_WRITTEN_OUT_SWAPPED` and `_ANNOTATED` as they were). The
# swapped value starts and ends at a character that is no space (`(.+?)` let the `\s*` on either side share a run
# of spaces with it).
_WRITTEN_OUT = re.compile(r"^([A-Za-z_][\w.]*(?:\[[^\]=]*\])?)(\s*)=\s*\1\s*(\*\*|//|[-+*/%@&|^])\s*(.+)$")
_WRITTEN_OUT_SWAPPED = re.compile(r"^([A-Za-z_][\w.]*(?:\[[^\]=]*\])?)(\s*)=\s*(\S(?:.*?\S)?)\s*([+*])\s*\1$")
_SQUARE = re.compile(r"(?<![\w.])([A-Za-z_][\w.]*)(\s*)\*(\s*)\1(?![\w.(\[])")


def restyled(statement: str) -> str:
    """STATEMENT with the spellings a script makes of the same line read as one: `x = x + e` is `x += e` (the
    parentheses around a whole `e` dropped), `t * t` is `t ** 2` and `for x in iter(xs):` is `for x in xs:`; the
    spacing of the line is kept."""
    statement = _iter_dropped(statement)
    statement = _SQUARE.sub(lambda m: f"{m.group(1)}{m.group(2)}**{m.group(3)}2", statement)
    written = _WRITTEN_OUT.match(statement)
    if written:
        target, space, op, value = written.groups()
    elif (written := _WRITTEN_OUT_SWAPPED.match(statement)) and not _WRITTEN_OUT.match(statement):
        target, space, value, op = written.groups()
    else:
        return statement
    if value.startswith("(") and value.endswith(")") and _balanced(value[1:-1]):
        value = value[1:-1]
    return f"{target}{space}{op}={space}{value}"


_ITER = re.compile(r"\sin\s+iter\s*\(")


def _iter_dropped(statement: str) -> str:
    """`for x in iter(xs):` as `for x in xs:` (what `for` calls: plain_statements.py reads the tree so); one pass."""
    found = _ITER.search(statement) if statement.startswith("for") else None
    if found is None:
        return statement
    depth = 1
    for end in range(found.end(), len(statement)):
        depth += {"(": 1, ")": -1}.get(statement[end], 0)
        if depth == 0:
            break
    else:
        return statement
    if not statement[end + 1:].lstrip().startswith(":"):
        return statement
    return f"{statement[:found.start()]} in {statement[found.end():end]}{statement[end + 1:]}"


# `it = iter(xs)` on a line of its own, then `for x in it:` on the next: `for x in xs:` (plain_names.py reads the tree so)
_ITER_BOUND = re.compile(r"([A-Za-z_]\w*)\s*=\s*iter\s*\((.+)\)")
_FOR_OVER = re.compile(r"(for\s.+?\sin\s+)([A-Za-z_]\w*)(\s*:.*)")


def loops_joined(lines, uses):
    """LINES ((number, its statements as read), in order) with `it = iter(xs)` alone on a line, then `for x in it:`
    on the next, as the one line `for x in xs:` at the second's number (USES: how often the file names each name; `it`
    named twice, there); one pass."""
    held = None  # (number, statement, (it, xs))
    for number, read in lines:
        if held is not None:
            loop = _FOR_OVER.fullmatch(read[0]) if held[0] == number - 1 and read else None
            if loop is None or loop.group(2) != held[2][0]:
                yield held[0], [held[1]]
            else:
                read = [restyled(f"{loop.group(1)}{held[2][1]}{loop.group(3)}"), *read[1:]]
            held = None
        bound = _ITER_BOUND.fullmatch(read[0]) if uses and len(read) == 1 else None
        if bound is None or uses.get(bound.group(1)) != 2 or not _balanced(bound.group(2)):
            yield number, read
        else:
            held = (number, read[0], bound.groups())
    if held is not None:
        yield held[0], [held[1]]


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


# statements that do nothing, which a copier adds after `;` or on lines of their own
_NO_OPS = frozenset({"()", "[]", "{}", "pass", "...", "None", "True", "False", "0", "1"})
# `x: T = e` (a simple target, an annotation, a value): read as `x = e`
# (the annotation is what lies between the `:` and the first `=`: `\s*[^=]+?\s*` there, three quantifiers sharing a run
# of spaces, was cubic in it)
_ANNOTATED = re.compile(r"^([A-Za-z_][\w.]*(?:\[[^\]=]*\])?)\s*:[^=]+=(?!=)\s*(.+)$")


def statements(line: str, semicolons) -> list[str]:
    """The statements of one line as written, stripped: split at its `;` (not those in strings), without the
    ones that do nothing, an annotation `x: T = e` read as `x = e`."""
    cuts = [0] + [c + 1 for c in semicolons] + [len(line) + 1]
    out = []
    for start, end in zip(cuts, cuts[1:]):
        statement = line[start:end - 1].strip()
        if not statement or statement in _NO_OPS:
            continue
        annotated = _ANNOTATED.match(statement)
        if annotated and not keyword.iskeyword(annotated.group(1)) and annotated.group(1) not in ("lambda",):
            statement = f"{annotated.group(1)} = {annotated.group(2)}"
        out.append(statement)
    return out

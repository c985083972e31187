"""Text that comes from a submission: valid UTF-8 before it is stored, visible escapes before it is shown.

A student chooses the names of files and folders (of zips' members too), the
messages of the exceptions their engine raises, what it prints and, by writing
into the worker's report, any string the grader parses. Such text is hostile:

- **Stored**, a lone surrogate (U+D800..U+DFFF: JSON's `"\\ud800"` decodes to
  one, and Python gives a file name's undecodable bytes as such) cannot be
  written as UTF-8: scores.json or the cache would fail to be written for the
  whole batch. `valid_utf8` replaces each with U+FFFD; `valid_utf8_tree` does so
  for every string of a record, keys included.
- **Shown**, a control character starts an escape sequence in the instructor's
  terminal (ESC [ A and a carriage return overwrite the row above; OSC 52 writes
  the clipboard; an OSC left unterminated swallows the rest of the output; BEL
  rings), and a bidi override or isolate (U+202A..U+202E, U+2066..U+2069)
  reorders the text that follows it in a terminal, a report or a spreadsheet.
  `printable` writes each of them as a visible escape (`\\x1b`, `\\u202e`), so
  that a sequence is shown as text and never acted on; and so the `:` that opens a line with `::`, which a CI
  log (GitHub Actions) acts on as a workflow command. It is the one way text
  of a submission reaches the terminal (the table, the progress line, rejection
  reasons, `gradescope-run`), the CSV gradebook and the reports.
"""

from __future__ import annotations

import re

_SURROGATE = re.compile("[\ud800-\udfff]")

# C0 controls (tab and newline are kept unless a line must stay one line), DEL, C1 controls
# (0x9b is a one-byte CSI), the bidi marks, embeddings, overrides and isolates, the line and
# paragraph separators, and lone surrogates.
_SHOWN_ESCAPED = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff"
# Unicode's default-ignorable code points, which a font draws as nothing (DerivedCoreProperties.txt,
# Default_Ignorable_Code_Point): session 36, a class entry `alice\u200b.py` beside `alice.py` made two rows that both
# read `alice`. Those that join or vary the glyphs of honest text (ZWNJ and ZWJ in Persian, Indic scripts and emoji
# sequences, the variation selectors) are escaped in a name or an id alone (`one_line`), the others everywhere.
_INVISIBLE = ("\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u2060-\u2065\u206a-\u206f\u3164\ufeff"
              "\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e00ff\U000e01f0-\U000e0fff")
_JOINERS = "\u200c\u200d\ufe00-\ufe0f\U000e0100-\U000e01ef"
# Drawn as a blank a reader cannot tell from a space or from nothing, in a name or an id (session 36's review:
# `alice\u3000.py`, `alice\u2800.py` beside `alice.py`): the Unicode spaces but the ASCII one (str.isspace; the
# line and paragraph separators and NEL are escaped above) and the Braille pattern blank, which is no space.
_BLANKS = "\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u2800"
_ESCAPED_IN_TEXT = re.compile(f"[{_SHOWN_ESCAPED}{_INVISIBLE}]")
_ESCAPED_IN_A_LINE = re.compile(f"[\t\n{_SHOWN_ESCAPED}{_INVISIBLE}{_JOINERS}{_BLANKS}]")
_NOT_SHOWN = re.compile(f"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069{_INVISIBLE}{_JOINERS}\u2800]")


def not_shown(text: str) -> list[str]:
    """The default-ignorable code points of `text` (zero-width spaces and joiners, bidi marks, variation selectors,
    soft hyphens, Hangul fillers, tags), which a font draws as nothing: each once, as its escape (`\\u200b`)."""
    return list(dict.fromkeys(_escape(m) for m in _NOT_SHOWN.finditer(text)))


def without_not_shown(text: str) -> str:
    """`text` without its default-ignorable code points: what a reader sees of it (two names that differ only by
    them look alike)."""
    return _NOT_SHOWN.sub("", text)


def valid_utf8(text: str) -> str:
    """`text` with every lone surrogate replaced by U+FFFD, so that it can be written as UTF-8."""
    if text.isascii():  # the flag CPython keeps: no surrogate, nothing to encode
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


def valid_utf8_tree(value):
    """A JSON-like value (dicts, lists, strings, numbers) with every string, keys included, made valid UTF-8:
    new dicts and lists (a tuple becomes a list), every other value as it is. A scores row holds about a
    thousand values, most of them numbers and ASCII strings: those are kept without a call each."""
    kind = type(value)
    if kind is str:
        return value if value.isascii() else valid_utf8(value)
    if kind is dict:
        copy = {}
        for key, item in value.items():
            if type(key) is str and not key.isascii():
                key = valid_utf8(key)
            kind = type(item)
            if kind is str:
                copy[key] = item if item.isascii() else valid_utf8(item)
            elif kind is dict or kind is list or kind is tuple:
                copy[key] = valid_utf8_tree(item)
            else:
                copy[key] = item
        return copy
    if kind is list or kind is tuple:
        return [valid_utf8_tree(item) if type(item) in (str, dict, list, tuple) else item for item in value]
    return value


def escaped(char: str) -> str:
    """The character `char` as its escape: `\\x20`, `\\u3000`, `\\U000e0041`."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _escape(match: re.Match) -> str:
    return escaped(match.group())


def printable(text, *, one_line: bool = False) -> str:
    """Text safe to show: control characters and bidi overrides written as `\\x1b`, `\\u202e`, and the first `:`
    of a line that opens with `::` (after blanks, Unicode's too) as `\\x3a`, and the second `#` of `##[`, `##vso[` and
    `##teamcity[` (`##` and letters before a `[`) as `\\x23`.

    Newlines and tabs are kept (a CRLF becomes a newline), unless `one_line`,
    which escapes them too: an id or a name in a table row must not start a
    row of its own. A line of a CI job's log that opens with `::` is a workflow command to GitHub Actions
    (`::error title=...::`, `::add-mask::`, `::stop-commands::`): session 32, an entry named
    `::error title=Forged::every score below is wrong.py` opened a row of `grade run`'s table, and so made an
    annotation of the instructor's grading job.
    """
    text = str(text if text is not None else "")
    if one_line:
        text = _WORKFLOW_COMMAND.sub(r"\1\\x3a", _ESCAPED_IN_A_LINE.sub(_escape, text), count=1)
    else:
        text = _WORKFLOW_COMMANDS.sub(r"\1\\x3a", _ESCAPED_IN_TEXT.sub(_escape, text.replace("\r\n", "\n")))
    return _LOG_COMMAND.sub(r"\\x23", text) if "##" in text else text


def listed(ids, joiner: str = ", ", marks: dict | None = None) -> str:
    """Ids shown one after another on one line (a cluster of `grade similarity`, "a and b"), each as `printable`
    shows it, in “ ” when it holds a comma, a blank or a quote, so that one id never reads as two: session 37, an
    entry named `dave, mallory.py` in a cluster with erin was shown `cluster: dave, mallory, erin`, naming dave, an
    honest classmate, among the copiers (now `cluster: “dave, mallory”, erin`). A “ or ” of the id's own is an
    escape. `marks` ({id: mark}, `id_marks`): each id's mark after it, as `marked` writes it."""
    return joiner.join(marked(_quoted(printable(i, one_line=True)), (marks or {}).get(i)) for i in ids)


def shown_id(sub_id: str, marks: dict) -> str:
    """An id alone (a table's cell, a line's start) as `printable` shows it; in a class whose ids look alike
    (`marks`, `id_marks`), as `listed` shows it, quoted where it holds a blank and followed by its mark, so that no id
    (`Bepa [Cyrillic]`) reads as another's id and mark."""
    return listed([sub_id], marks=marks) if marks else printable(sub_id, one_line=True)


def id_marks(rows) -> dict[str, str]:
    """{id: its mark} of the rows (a scores or similarity record's) whose ids look like another id of the class,
    each graded as written wholly in one script (their `look_alike`, grader/load/alike_ids.told_apart)."""
    return {row["id"]: row["look_alike"]["mark"] for row in rows if row.get("look_alike")}


def marked(shown: str, mark: str | None) -> str:
    """An id as shown (`shown`), with what tells it apart from the ids that look like it in brackets after it, where
    it has a mark: `Вера [Cyrillic]` beside `Bepa [Latin]` (session 38: two rows that read alike, each graded)."""
    return f"{shown} [{printable(mark, one_line=True)}]" if mark else shown


def _quoted(shown: str) -> str:
    shown = shown.replace("\u201c", "\\u201c").replace("\u201d", "\\u201d")
    return f"\u201c{shown}\u201d" if not shown or _NEEDS_QUOTES.search(shown) else shown


# what makes an id read as more than one in a list: a separator (a comma, a semicolon, a blank, as in `a and b`) or
# a quote
_NEEDS_QUOTES = re.compile("[\\s,;\"'\u2018\u2019\u201c\u201d]")


# a line's opening `::` after the blanks GitHub's runner trims: its first `:`. The runner trims with .NET's
# String.TrimStart(), which drops every Unicode White_Space character, not spaces and tabs alone (session 34: an entry
# named `\u3000::error title=Forged::...` opened a row of `grade run`'s table with an ideographic space, which the
# runner trimmed, and so made an annotation of the instructor's job; U+00A0, U+2000-U+200A, U+202F, U+205F likewise).
# Python's `\s` is that set and more (the rest are controls, escaped before this runs); never a newline here.
_WORKFLOW_COMMAND = re.compile(r"^([^\S\n]*):(?=:)")
_WORKFLOW_COMMANDS = re.compile(r"^([^\S\n]*):(?=:)", re.MULTILINE)
# the older form, read anywhere in a line: GitHub's `##[name]` (actions/runner's ActionCommand prefix), Azure
# Pipelines' `##vso[...]`, TeamCity's service messages `##teamcity[...]` (`buildStatus`, `setParameter`: session 34):
# the second `#` of `##` and a name of letters before a `[`
_LOG_COMMAND = re.compile(r"(?<=#)#(?=[A-Za-z]*\[)")

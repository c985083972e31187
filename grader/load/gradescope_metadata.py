"""Gradescope's `submission_metadata.yml`, beside an "Export Submissions" export's `submission_<n>/` folders
(grader/load/exports.py): who submitted each folder."""

from __future__ import annotations

import re
from pathlib import Path

GRADESCOPE_FOLDER = re.compile(r"^submission_\d+$")
MAX_METADATA_BYTES = 16 * 1024 * 1024


def read_gradescope_metadata(path: Path) -> dict[str, list[dict]]:
    """Gradescope's `submission_metadata.yml`, as far as the rows need it: each submission folder's submitters
    (`:name:`, `:sid:`, `:email:`), read line by line (the file is the YAML Gradescope writes, Ruby symbols as
    keys; no YAML library is needed or trusted with it). An unreadable file names no one: the rows keep the
    folders' names."""
    try:
        if path.is_symlink() or path.stat().st_size > MAX_METADATA_BYTES:
            return {}
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    found: dict[str, list[dict]] = {}
    current, submitters_indent = None, None
    fields_indent = None  # where the current submitter's `:name:`, `:sid:`, `:email:` stand
    # Lines end at "\n" alone, as YAML's structure does: str.splitlines() also ends one at U+2028, U+2029, \r,
    # \x85 and a few controls, which a scalar may hold (libyaml writes a name holding U+2028 single-quoted, the
    # character as it is, then the scalar's indentation): a name `Mal<U+2028>- :email: victor@...<U+2028>- :name: x`
    # made victor a co-submitter of its folder, which was graded as his too (session 29's red team).
    # A quoted scalar longer than a line goes on in the lines below it (libyaml folds one past 80 columns, at a space):
    # those are its text, never keys (a name `Mal xxx...x - :email: victor@...` was folded into a line `- :email: ...`).
    # So does a plain one, in lines indented past its submitter's fields (review 29: `Mal xxx...x - z`, unquoted,
    # folded into a line `      - z`, added a submitter holding mallory's fields: her row `Mal xxx...x + mal@...`).
    quote = None  # the quote of a scalar that a line opened and has not closed
    for line in text.split("\n"):
        line = line.removesuffix("\r")
        if quote is not None:
            quote = None if _closes(line, quote) else quote
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        quote = _opened(line)
        indent = len(line) - len(line.lstrip(" "))
        if indent == 0:
            key = line.rstrip().rstrip(":")
            current = found.setdefault(key, []) if GRADESCOPE_FOLDER.match(key) and line.rstrip().endswith(":") \
                else None
            submitters_indent = None
            continue
        if current is None:
            continue
        body = line.strip()
        if body == ":submitters:":
            submitters_indent, fields_indent = indent, None
            continue
        if submitters_indent is None:
            continue
        if indent <= submitters_indent and not body.startswith("- "):
            submitters_indent = None  # the next key of the submission: the list is over
            continue
        if fields_indent is not None and indent > fields_indent:
            continue  # a plain scalar folded past 80 columns goes on here: its text, never a key or an item
        if body.startswith("- "):
            current.append({})
            fields_indent = indent + 2
            body = body[2:].strip()
        field_ = re.match(r"^:(name|sid|email):\s*(.*)$", body)
        if field_ and current:
            current[-1][field_[1]] = _scalar(field_[2])
    return found


_VALUE = re.compile(r"^\s*(?:- )?[^'\"\s][^'\"]*?:\s+(['\"].*)$")  # a mapping entry whose value opens with a quote


def _opened(line: str) -> str | None:
    """The quote of a scalar `line` opens (a mapping entry's value) and does not close on it, else None."""
    value = _VALUE.match(line)
    if value is None:
        return None
    quote = value[1][0]
    return None if _closes(value[1][1:], quote) else quote


def _closes(text: str, quote: str) -> bool:
    """Whether `text`, inside a scalar quoted with `quote`, holds its closing quote (`''` is a quote in a
    single-quoted one, `\\"` in a double-quoted one)."""
    if quote == "'":
        return "'" in text.replace("''", "")
    return '"' in text.replace("\\\\", "").replace('\\"', "")


def _scalar(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return text

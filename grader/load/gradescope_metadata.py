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
    # Lines end at "\n" alone, as YAML's structure does: str.splitlines() also ends one at U+2028, U+2029, \r,
    # \x85 and a few controls, which a scalar may hold (libyaml writes a name holding U+2028 single-quoted, the
    # character as it is): a submitter whose Gradescope name held `U+2028 submission_101: ...` joined that
    # classmate's submission as its co-submitter (session 29's red team).
    for line in text.split("\n"):
        line = line.removesuffix("\r")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
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
            submitters_indent = indent
            continue
        if submitters_indent is None:
            continue
        if indent <= submitters_indent and not body.startswith("- "):
            submitters_indent = None  # the next key of the submission: the list is over
            continue
        if body.startswith("- "):
            current.append({})
            body = body[2:].strip()
        field_ = re.match(r"^:(name|sid|email):\s*(.*)$", body)
        if field_ and current:
            current[-1][field_[1]] = _scalar(field_[2])
    return found


def _scalar(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return text

"""What every reader of a submission shares: the caps, the refusal, text, names and a file's Origin.

Every read is capped before it happens and counted while it happens (`Budget`,
`read_capped`); a read that cannot be done raises `Rejected`, whose message is
for the instructor: what was wrong, and what to do about it.
"""

from __future__ import annotations

import codecs
import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from ..i18n import Message, items, msg, nmsg

ENGINE = "engine.py"

MiB = 1 << 20
MAX_FILE_BYTES = 1 * MiB  # one source file; micrograd's engine.py is 3 KB
MAX_NOTEBOOK_BYTES = 16 * MiB  # notebooks carry their plots as base64
MAX_NOTEBOOK_CELLS = 10_000  # Markdown cells included; a long course notebook has a few hundred
# JSON values of a notebook, counted before it is parsed (grader/json_values.py): the course's notebooks hold
# some 500, a plot's data as JSON some 10,000s; 250,000 cost the grader some 70 MB and 0.4 s to read
MAX_NOTEBOOK_VALUES = 250_000
MAX_TOTAL_BYTES = 20 * MiB  # read for one submission; also a zip's declared unpacked size
MAX_ARCHIVE_BYTES = 20 * MiB  # the .zip file itself (bounds its central directory)
MAX_ZIP_MEMBERS = 200
MAX_ZIP_RATIO = 100  # unpacked / packed, for members above ZIP_RATIO_FLOOR
ZIP_RATIO_FLOOR = 1 * MiB  # small text compresses well too; only big members are bombs
MAX_FOLDER_ENTRIES = 1000  # listed in one folder of a submission
MAX_WRAPPERS = 2  # single-subfolder levels looked through to find the files
MAX_HELPER_MODULES = 32  # other .py files beside the exercise files, carried for the student's imports
MAX_PACKAGE_ENTRIES = MAX_ZIP_MEMBERS  # files and folders listed in the helper packages beside them, in all
NAME_MAX = 255  # bytes of one name in a path: ext4's, APFS's and most Linux file systems' limit
# bytes of a carried file's whole path inside the submission (`pkg/sub/mod.py`): far over any hand-in's, far under
# PATH_MAX (4,096) with the sandbox's folder before it; the fleet's jobs carry paths up to it (fleet/payload.py)
MAX_PATH_BYTES = 1024

SUBMISSION_SUFFIXES = frozenset({".py", ".ipynb", ".zip"})  # what a file entry may be (any case)
ARCHIVE_SUFFIXES = frozenset({".rar", ".7z", ".tar", ".gz", ".tgz", ".bz2", ".xz"})  # refused, saying to unpack

HIDDEN_NAMES = frozenset({"__MACOSX", "__pycache__", "Thumbs.db", "desktop.ini"})


@dataclass(frozen=True)
class Origin:
    """Where a file the sandbox sees as `engine.py` came from, in the student's own words.

    `file` is the student's name for it: `bob.py` or `carol.ipynb` for an
    entry that is one file, the path inside the entry for a folder or a zip
    (`engine.py`, `hw1/Engine.py`, `dave/engine.py`). A notebook's code is its
    code cells joined, so `cells` maps each line of the joined file (from 1)
    to its `(cell, line)` in the notebook, cells counted from 1 in the order
    Jupyter shows them, Markdown cells included; `None` for the lines the
    loader adds (blank lines between cells, the IPython stand-ins). A line a `%run ./impl.py` of a file handed in
    beside the notebook runs is `("impl.py", line)`: said in that file (`in_cell`); a line of a notebook a `%run
    ./core.ipynb` runs is `("core.ipynb", line, cell)`: said in that notebook's cell.
    `path` is the file on disk it was read from, `None` for a member of a zip:
    the one answer to where a student's file is (`grade ci` annotates it).
    """

    file: str
    cells: tuple | None = None
    path: Path | None = None
    runs: tuple | None = None  # a notebook's (cell, execution count) pairs, as Jupyter stored them

    def place(self, line: int | None) -> dict:
        """`{"file", "line"}` of a line of the file the sandbox saw, or `{"file", "cell", "line"}` in a notebook."""
        if self.cells is None:
            return {"file": self.file, "line": line}
        if line is None or not 1 <= line <= len(self.cells) or self.cells[line - 1] is None:
            return {"file": self.file, "line": None}
        place = self.cells[line - 1]
        if not in_cell(place):  # a line of a file a `%run` ran: `(name, line)`, or a notebook's `(name, line, cell)`
            return {"file": beside_file(self.file, place[0]), **({"cell": place[2]} if len(place) > 2 else {}),
                    "line": place[1]}
        cell, cell_line = place
        return {"file": self.file, "cell": cell, "line": cell_line}


def beside_file(notebook: str, name: str) -> str:
    """The student's name of the file NAME handed in beside their notebook NOTEBOOK (`hw/nb.ipynb`, `impl.py` ->
    `hw/impl.py`)."""
    folder = notebook.rpartition("/")[0]
    return f"{folder}/{name}" if folder else name


def in_cell(place) -> bool:
    """Whether an entry of `Origin.cells` is a notebook's (cell, line), not a `%run` file's (its name, line)."""
    return place is not None and not isinstance(place[0], str)


class Rejected(Exception):
    """An entry that cannot be read as a submission; the message is for the instructor, and the student
    reads it too: a grader.i18n Message (`msg(...)`), kept as data and said in their language on every surface
    (`grade check --lang ru`, the feedback pages, Gradescope, `grade serve`). English text alone is refused:
    it was said in English in the Russian check (session 22's seams)."""

    def __init__(self, reason: Message):
        if not isinstance(reason, Message):
            raise TypeError(f"a rejection's reason is a Message (grader.i18n.msg), not {type(reason).__name__}")
        super().__init__(str(reason))
        self.message = reason


class Budget:
    """Bytes one submission may still read, across all its files."""

    def __init__(self, limit: int = MAX_TOTAL_BYTES):
        self.limit = limit
        self.left = limit

    def charge(self, n: int, shown: str) -> None:
        self.left -= n
        if self.left < 0:
            raise Rejected(msg("{file} brings the files read past {limit}, the limit for one submission; remove "
                               "outputs and data and submit again", file=shown, limit=size_text(self.limit)))


def read_capped(stream: BinaryIO, cap: int, shown: str) -> bytes:
    """At most `cap` bytes of `stream`, counted as they come: a size in a header may lie."""
    chunks, n = [], 0
    while chunk := stream.read(min(1 << 16, cap + 1 - n)):
        chunks.append(chunk)
        n += len(chunk)
        if n > cap:
            raise Rejected(too_large(shown, None, cap))
    return b"".join(chunks)


def too_large(shown: str, size: int | None, cap: int, *, code_of: bool = False) -> Message:
    """Why a file is refused for its size (`code_of`: the code of a notebook, not the file), as a message."""
    said, limit = sizes_apart(size, cap) if size is not None else (None, size_text(cap))
    values = {"file": shown, "limit": limit}
    if code_of:
        return msg("the code of {file} is too large ({size}; the limit is {limit}); remove outputs and data and "
                   "submit again", size=said, **values)
    if size is None:  # counted as it came (a size in a header lied, or the file grew): past the limit is all that is
        # known, said once (it was `more than 1.0 MiB; the limit is 1.0 MiB`)
        return msg("{file} is too large (over the limit of {limit}); remove outputs and data and submit again",
                   **values)
    return msg("{file} is too large ({size}; the limit is {limit}); remove outputs and data and submit again",
               size=said, **values)


def size_text(n: int, places: int | None = None) -> str:
    """N bytes for a person: MiB to one place (or `places`), KiB whole, bytes below."""
    if n >= MiB:
        return f"{n / MiB:.{max(places or 0, 1)}f} MiB"
    if n >= 1024:
        return f"{n / 1024:.{places or 0}f} KiB"
    return f"{n} bytes"


def sizes_apart(size: int, cap: int) -> tuple[str, str]:
    """SIZE and CAP said to as many places as it takes to tell them apart: a file a few KiB over 1 MiB is not
    `1.0 MiB; the limit is 1.0 MiB` (what each said to one place), but `1.003 MiB; the limit is 1.000 MiB`. Six
    places tell a byte in MiB apart (2**-20 is 0.00000095), three in KiB: the units stay, in every language."""
    for places in range(7):
        said, limit = size_text(size, places), size_text(cap, places)
        if said != limit or size == cap:
            return said, limit
    return f"{size} bytes", f"{cap} bytes"


def as_utf8(data: bytes, shown: str) -> bytes:
    """The file's text as UTF-8 without a byte-order mark, or a rejection naming the file."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        if encoding := _wide_encoding(data):
            # TRANSLATORS: {encoding} UTF-16 or UTF-32, told by the file's byte-order mark
            raise Rejected(msg("{file} is {encoding} text, not UTF-8 (as Windows Notepad's \"Unicode\" or "
                               "PowerShell's `>` saves it); re-save it as UTF-8 and submit again", file=shown, encoding=encoding)) from None
        raise Rejected(msg("{file} is not UTF-8 text (byte {byte} at offset {offset}); re-save it as UTF-8 and submit "
                           "again", file=shown, byte=f"0x{data[e.start]:02x}", offset=e.start)) from None
    return text.encode("utf-8")


def _wide_encoding(data: bytes) -> str | None:
    """UTF-32 or UTF-16 where DATA opens with that encoding's byte-order mark (Python reads neither as source)."""
    if data[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"):
        return "UTF-32"
    return "UTF-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else None


# PEP 263's encoding declaration, as Python finds it: a comment naming a `coding` in the first line, or in the second
# when the first is blank or a comment (tokenize's cookie_re and blank_re)
_DECLARATION = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.ASCII)
_BLANK = re.compile(rb"^[ \t\f]*(?:[#\r\n]|$)", re.ASCII)


def python_source(data: bytes, shown: str) -> bytes:
    """A Python file's text as UTF-8 (`as_utf8`), its encoding declaration, if any, made `utf-8`: the code the
    sandbox's Python runs is then the code the grader reads (the from-scratch test, `grade similarity`, the hints
    read UTF-8). Python honours a declaration: a file in UTF-7 whose newlines were written `+AAo-` was one comment
    to the grader and a whole engine in the sandbox, full marks and no pair found with the copy it was (session 23).
    The line keeps its place; a file that is UTF-8 meant that text anyway. One that is not UTF-8 but declares an
    encoding that keeps every ASCII byte as it is (cp1252, latin-1, koi8-r: a Windows editor's French or Russian
    comments; session 23, before rejected) is what Python runs too: read in that encoding. Any other is refused, and
    so is a file that declares an encoding that does not keep ASCII (UTF-7, UTF-16) in which its text is another
    (`_read_otherwise`): graded as UTF-8, it would not be the code its student ran."""
    try:
        code = as_utf8(data, shown)
    except Rejected:
        code = _in_declared_encoding(data)
        if code is None:
            raise
    refuse_nul(code, shown)
    declared = _declaration(code)
    if declared is not None:
        index, found, line_start = declared
        if found.group(1).lower().replace(b"_", b"-") not in (b"utf-8", b"utf8"):
            if _read_otherwise(data, code, found.group(1)):
                raise Rejected(msg("{file} declares the encoding {encoding} on line {line}, in which Python "
                                   "reads its text otherwise than as UTF-8; re-save it as UTF-8, make that line "
                                   "say utf-8 and submit again", file=shown,
                                   encoding=found.group(1).decode("ascii"), line=index + 1))
            start = line_start + found.start(1)
            code = code[:start] + b"utf-8" + code[start + len(found.group(1)):]
    return code


def refuse_nul(code: bytes, shown: str, places=None) -> None:
    """A rejection naming the line (and a notebook's cell, from PLACES: each line's (cell, line) or None) of the
    first NUL byte in CODE, if it holds one. Python refuses such a file as source, in words and an exception type
    that depend on its version (3.11.2's ValueError, 3.11.7's SyntaxError, neither with a line): the sandbox's Python
    and a student's laptop's said two things of one file (session 34); refused here, the same on every surface."""
    at = code.find(b"\x00")
    if at < 0:
        return
    index = code.count(b"\n", 0, at)
    place = places[index] if places is not None and index < len(places) else None
    if place is not None and not in_cell(place) and len(place) > 2:  # a line of a notebook a `%run` ran
        raise Rejected(msg("{file} holds a NUL byte (cell {cell}, line {line}), which Python cannot read as source; "
                           "re-save it as text and submit again", file=beside_file(shown, place[0]), cell=place[2],
                           line=place[1]))
    if place is not None and not in_cell(place):  # a line of a file a `%run` ran: that file's own line
        raise Rejected(msg("{file} holds a NUL byte (line {line}), which Python cannot read as source; re-save it as "
                           "text and submit again", file=beside_file(shown, place[0]), line=place[1]))
    if place is not None:
        raise Rejected(msg("{file} holds a NUL byte (cell {cell}, line {line}), which Python cannot read as source; "
                           "re-save it as text and submit again", file=shown, cell=place[0], line=place[1]))
    raise Rejected(msg("{file} holds a NUL byte (line {line}), which Python cannot read as source; re-save it as "
                       "text and submit again", file=shown, line=index + 1))


def _declaration(text: bytes) -> tuple[int, re.Match, int] | None:
    """(its line's index, the match, where its line starts) of the encoding declaration in `text`'s first two lines,
    as Python finds it (the second line only after a blank or comment line), or None."""
    start = 0
    for index, line in enumerate(text.splitlines(keepends=True)[:2]):
        found = _DECLARATION.match(line)
        if found:
            return index, found, start
        if not _BLANK.match(line):
            return None
        start += len(line)
    return None


def _read_otherwise(data: bytes, code: bytes, declared: bytes) -> bool:
    """Whether Python reads `data`, UTF-8 text (`code`, as `as_utf8` made it), otherwise in the encoding it declares:
    one that does not keep ASCII as it is (UTF-7, UTF-16, unicode_escape) and in which its text is another, or which
    cannot read it. A correct engine saved in UTF-7 writes `+` as `+-`: read as UTF-8, its `a + b` is `a + (-b)` and
    its `x += y` a SyntaxError (0/63, 63/63 on 06cff00; session 23's review); a comment of UTF-7 or unicode_escape that
    hides code (`#+AAo-`, `#\\n`) is refused with it. Unknown encodings, and ones that keep ASCII, read the file as
    UTF-8 does where it is ASCII, and UTF-8 is what it meant where it is not."""
    try:
        name = codecs.lookup(declared.decode("ascii")).name
        if _keeps_ascii(name):
            return False
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return data.decode(name).encode("utf-8") != code
    except LookupError:
        return False
    except (UnicodeError, ValueError):
        return True


_ASCII = bytes(range(128)) + rb"\n\x41\u0041+AEE-"  # each byte, and the escapes of unicode_escape's and UTF-7's


def _keeps_ascii(name: str) -> bool:
    """Whether the text encoding `name` reads ASCII as itself (cp1252, latin-1, koi8-r, gbk do; UTF-7, UTF-16 and
    unicode_escape do not)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # unicode_escape's "invalid escape sequence"
            return _ASCII.decode(name) == _ASCII.decode("ascii")
    except (UnicodeError, ValueError):
        return False


def _in_declared_encoding(data: bytes) -> bytes | None:
    """`data` read in the encoding its declaration names, as UTF-8 (the declaration as it was); None where it has
    none, names an unknown encoding or one that does not keep ASCII as it is (UTF-7, UTF-16), or is not in it."""
    declared = _declaration(data)
    if declared is None:
        return None
    try:
        name = codecs.lookup(declared[1].group(1).decode("ascii")).name
        if not _keeps_ascii(name):
            return None
        return data.decode(name).encode("utf-8")
    except (LookupError, UnicodeError, ValueError):
        return None


# -- names ---------------------------------------------------------------------


def name_text(name: str) -> str:
    """A file name as text that can be written as UTF-8, reversibly: `\\` for a backslash, `\\xHH` for a
    byte that is not UTF-8 (Python lists such a byte as the surrogate U+DCHH)."""
    return "".join("\\\\" if c == "\\" else f"\\x{ord(c) - 0xDC00:02x}" if "\udc80" <= c <= "\udcff" else c
                   for c in name)


def name_bytes(text: str) -> bytes:
    """The name that `name_text` wrote as `text`, as bytes."""
    out, i = bytearray(), 0
    while i < len(text):
        if text.startswith("\\\\", i):
            out += b"\\"
            i += 2
        elif text.startswith("\\x", i) and re.fullmatch("[0-9a-f]{2}", text[i + 2:i + 4]):
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        else:
            out += text[i].encode("utf-8")
            i += 1
    return bytes(out)


def is_hidden(name: str) -> bool:
    return name.startswith(".") or name in HIDDEN_NAMES


def some_names(names: list[str], most: int = 8) -> Message:
    """`a, b, c`, or the first `most` of them `, and 4 more`: a Message, said in the reader's language (the names
    joined as the language enumerates, 「a、b、c」; the count's plural form, «и ещё 4»); its text (str()) is the
    English, where an English sentence takes it."""
    if len(names) <= most:
        # TRANSLATORS: {names} names of files or folders, joined as the language enumerates them
        return msg("{names}", names=items(names, join="comma"))
    # TRANSLATORS: {names} the first names of a list (files, folders), joined with commas; {n} how many more
    return nmsg("{names}, and {n} more", "{names}, and {n} more", "n", names=items(names[:most], join="comma"),
                n=len(names) - most)

"""Reading submissions (docs/contract.md §1): a folder, a .py file, a notebook or a .zip → files, or a reason.

A submission arrives from a student, so everything here treats it as hostile:
nothing is executed (a notebook is parsed as JSON, its magics are dropped as
text), nothing is written to disk (a zip is read member by member in memory,
never extracted), and every read is capped before it happens and counted while
it happens. An entry that cannot be read still becomes a `Submission`, with
`problem` set to a reason written for the instructor: what was wrong, and what
to do about it.

Choices made where the contract is silent:

- A folder submission is the exercise files at its top (`allowed_files`, matched
  case-insensitively: `Engine.py` counts). A folder with none of them and one
  subfolder is a wrapper (LMS exports and zips often add one); up to
  `MAX_WRAPPERS` such levels are looked through. A folder with no exercise file
  but exactly one `.py` or `.ipynb` takes it as engine.py; with several, it is
  rejected naming them (guessing which one is the engine would be a coin toss).
  `engine.ipynb` stands in for a missing `engine.py` (likewise `nn.ipynb`, ...).
  Other files (README, data, helper modules) are ignored.
- Symbolic links inside a submission are refused, not followed (a link could
  pull a grader file into the sandbox). The entries of the class folder itself
  are the instructor's and may be links.
- `load_folder` on a folder that is itself one student's work (engine.py and
  other exercise files at the top, no subfolders or zips) loads it as one
  submission, rather than grading engine.py and nn.py as two students.
- Two entries with the same id (`bob/` and `bob.py`): entries are taken in name
  order; the first keeps the id, a later one is rejected with the id
  `"bob (bob.py)"` and a message naming both, so every entry keeps its row.
  Ids are unique by construction: a generated id is checked against the id of
  every entry of the folder, so a folder literally named `bob (bob.py)` keeps
  its own id and the duplicate becomes `"bob (bob.py) #2"`.
- An id is the entry's name as text (`name_text`): a name is bytes on Linux,
  and one that is not UTF-8 would make an id that cannot be written to
  scores.json. Each byte that is not part of UTF-8 text is written `\\xHH` and a
  backslash is written `\\\\`, so the escape is readable and reversible
  (`name_bytes` gives the name back): `caf\\xe9` is the Latin-1 name `café`.
- A zip is refused whole if any member (even one that would be ignored) is
  unsafe: an absolute path, a `..`, a symlink, encryption. A zip inside the
  submission is never unpacked; it only matters when no engine.py is found,
  and then the reason says so.
- Notebook cells that start with a cell magic are dropped, except `%%time` and
  `%%capture`, whose body IPython runs as ordinary code in the notebook's
  namespace (a student's `Value` may well be defined under `%%time`).
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import json
import os
import re
import stat
import warnings
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Callable, Iterable

import nbformat

from .student_text import valid_utf8

ENGINE = "engine.py"
# The modules a student writes, across the exercises (each suite's FILES is a selection of them).
STUDENT_MODULES = ("engine", "nn", "dual", "gradcheck", "test_engine", "neuron", "fit_line")
DEFAULT_FILES = frozenset(f"{module}.py" for module in STUDENT_MODULES)

MiB = 1 << 20
MAX_FILE_BYTES = 1 * MiB  # one source file; micrograd's engine.py is 3 KB
MAX_NOTEBOOK_BYTES = 16 * MiB  # notebooks carry their plots as base64
MAX_TOTAL_BYTES = 20 * MiB  # read for one submission; also a zip's declared unpacked size
MAX_ARCHIVE_BYTES = 20 * MiB  # the .zip file itself (bounds its central directory)
MAX_ZIP_MEMBERS = 200
MAX_ZIP_RATIO = 100  # unpacked / packed, for members above ZIP_RATIO_FLOOR
ZIP_RATIO_FLOOR = 1 * MiB  # small text compresses well too; only big members are bombs
MAX_FOLDER_ENTRIES = 1000  # listed in one folder of a submission
MAX_WRAPPERS = 2  # single-subfolder levels looked through to find the files

HIDDEN_NAMES = frozenset({"__MACOSX", "__pycache__", "Thumbs.db", "desktop.ini"})
ARCHIVE_SUFFIXES = frozenset({".rar", ".7z", ".tar", ".gz", ".tgz", ".bz2", ".xz"})
EXPECTED = "a folder, a .py file, a .ipynb notebook or a .zip of one of these"


class LoadError(ValueError):
    """The path given to the grader cannot be read at all (not one entry's problem)."""


def nothing_to_grade(folder: Path) -> str:
    """Why FOLDER, in which load_folder found no entry, holds nothing to grade (for LoadError)."""
    skipped = sorted(name for name in os.listdir(folder) if _hidden(name))
    what = (f"it holds only entries that are skipped as hidden ({_names(skipped)})" if skipped
            else "it is empty")
    return (f"{folder} holds no submission to grade: {what}. Give a folder with one entry per student "
            f"({EXPECTED}).")


@dataclass(frozen=True)
class Origin:
    """Where a file the sandbox sees as `engine.py` came from, in the student's own words.

    `file` is the student's name for it: `bob.py` or `carol.ipynb` for an
    entry that is one file, the path inside the entry for a folder or a zip
    (`engine.py`, `hw1/Engine.py`, `dave/engine.py`). A notebook's code is its
    code cells joined, so `cells` maps each line of the joined file (from 1)
    to its `(cell, line)` in the notebook, cells counted from 1 in the order
    Jupyter shows them, Markdown cells included; `None` for the lines the
    loader adds (blank lines between cells, the IPython stand-ins).
    """

    file: str
    cells: tuple | None = None

    def place(self, line: int | None) -> dict:
        """`{"file", "line"}` of a line of the file the sandbox saw, or `{"file", "cell", "line"}` in a notebook."""
        if self.cells is None:
            return {"file": self.file, "line": line}
        if line is None or not 1 <= line <= len(self.cells) or self.cells[line - 1] is None:
            return {"file": self.file, "line": None}
        cell, cell_line = self.cells[line - 1]
        return {"file": self.file, "cell": cell, "line": cell_line}


@dataclass(frozen=True)
class Submission:
    """One entry of the input: its files, or the reason it is `rejected`.

    `files` maps a relative POSIX path to its content and always holds
    "engine.py" when the entry is accepted. `digest` is a sha256 of the files
    (of the reason and raw bytes for a rejected entry), the key of the cache.
    `origins` maps each of `files` to the student's own file (an `Origin`), so
    that feedback names `bob.py` or `carol.ipynb, cell 7, line 3`, not the
    sandbox's `engine.py`.
    """

    id: str
    kind: str  # "file" | "folder" | "notebook" | "zip"
    source: str  # the entry's path, as given
    files: dict[str, bytes] = field(repr=False, hash=False)
    problem: str | None
    digest: str
    origins: dict = field(default_factory=dict, repr=False, hash=False, compare=False)

    @property
    def rejected(self) -> bool:
        return self.problem is not None

    def place(self, file: str | None, line: int | None) -> dict:
        """A place the sandbox reported (`engine.py`, line 137) as the student knows it."""
        origin = self.origins.get(file)
        return origin.place(line) if origin else {"file": file, "line": line}


def load_folder(folder: Path, allowed_files: frozenset[str] = DEFAULT_FILES) -> list[Submission]:
    """Every entry of FOLDER as a Submission, sorted by id; FOLDER may also be one submission.

    Hidden entries (`.DS_Store`, `.ipynb_checkpoints`, `__MACOSX`, ...) are
    skipped; every other entry gets exactly one Submission. Raises `LoadError`
    when FOLDER does not exist or cannot be listed.
    """
    folder = Path(folder)
    if not folder.is_dir():
        return [load_entry(folder, allowed_files)]
    try:
        names = sorted(name for name in os.listdir(folder) if not _hidden(name))
    except OSError as e:
        raise LoadError(f"{folder}: cannot be listed ({e.strerror or e})") from None
    if _is_one_submission(folder, names, allowed_files):
        return [load_entry(folder, allowed_files)]

    own_ids = {name: _entry_id(folder / name) for name in names}
    taken = set(own_ids.values())  # a generated id must not be any entry's own id either
    first_with_id: dict[str, str] = {}
    subs = []
    for name in names:
        path = folder / name
        sub_id = own_ids[name]
        if sub_id not in first_with_id:
            first_with_id[sub_id] = _shown(path)
            subs.append(load_entry(path, allowed_files))
            continue
        first = first_with_id[sub_id]
        new_id = f"{sub_id} ({name_text(name)})"
        candidate, n = new_id, 1
        while candidate in taken:
            n += 1
            candidate = f"{new_id} #{n}"
        taken.add(candidate)
        reason = (
            f"two entries have the id {sub_id!r}: {first} and {_shown(path)}; only {first} "
            f"is graded as {sub_id!r}: rename or remove one and grade again"
        )
        subs.append(_rejected(candidate, _kind(path), path, reason))
    return sorted(subs, key=lambda sub: sub.id)


def load_entry(path: Path, allowed_files: frozenset[str] = DEFAULT_FILES) -> Submission:
    """One entry (a folder, .py, .ipynb or .zip) as a Submission; never raises for an existing entry.

    Raises `LoadError` only when PATH does not exist.
    """
    path = Path(path)
    try:
        path.lstat()
    except FileNotFoundError:
        raise LoadError(f"{path}: no such file or folder") from None
    except OSError as e:
        raise LoadError(f"{path}: cannot be read ({e.strerror or e})") from None
    sub_id, kind = _entry_id(path), _kind(path)
    try:
        read = _read_entry(path, kind, allowed_files)
    except _Rejected as r:
        return _rejected(sub_id, kind, path, str(r))
    except Exception as e:  # a reader's bug or an exotic OS error must not cost the entry its row
        return _rejected(sub_id, kind, path, f"{_shown(path)} could not be read ({type(e).__name__}: {e})")
    files = {name: content for name, (content, _) in read.items()}
    origins = {name: origin for name, (_, origin) in read.items()}
    return Submission(sub_id, kind, str(path), files, None, files_digest(files), origins)


# -- entries -------------------------------------------------------------------


class _Rejected(Exception):
    """An entry that cannot be read as a submission; the message is for the instructor."""


def _read_entry(path: Path, kind: str, allowed: frozenset[str]) -> dict[str, tuple[bytes, Origin]]:
    """The entry's exercise files: name in the sandbox → (content, where the student has it)."""
    shown = _shown(path)
    budget = _Budget()
    try:
        st = path.stat()
    except OSError as e:
        raise _Rejected(f"{shown} is a link to something that cannot be read ({e.strerror or e})")
    if kind == "folder":
        return _collect(_disk_level(path, shown, budget), allowed)
    path = path.resolve()  # the class folder's entries are the instructor's: a link there is followed
    if not stat.S_ISREG(st.st_mode):
        raise _Rejected(f"{shown} is not a regular file or folder; expected {EXPECTED}")
    suffix = path.suffix.lower()
    if kind == "zip":
        return _read_zip(path, shown, st.st_size, allowed)
    if kind == "notebook":
        return {ENGINE: _notebook_to_engine(_disk_reader(path, shown, budget)(MAX_NOTEBOOK_BYTES), shown)}
    if suffix == ".py":
        return {ENGINE: (_utf8(_disk_reader(path, shown, budget)(MAX_FILE_BYTES), shown), Origin(shown))}
    if not suffix:
        raise _Rejected(f"{shown} has no file extension; expected {EXPECTED}")
    hint = ": unpack it, or pack it again as a .zip" if suffix in ARCHIVE_SUFFIXES else ""
    raise _Rejected(f"{shown} is a {suffix} file; expected {EXPECTED}{hint}")


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


def _entry_id(path: Path) -> str:
    name = path.name or path.resolve().name  # `grade .`
    return name_text(name if path.is_dir() else Path(name).stem)


def _kind(path: Path) -> str:
    if path.is_dir():
        return "folder"
    return {".ipynb": "notebook", ".zip": "zip"}.get(path.suffix.lower(), "file")


def _shown(path: Path) -> str:
    """The entry as messages name it: `alice/`, `bob.py` (no absolute paths: they would change the digest)."""
    name = name_text(path.name or path.resolve().name)
    return name + "/" if path.is_dir() else name


def _hidden(name: str) -> bool:
    return name.startswith(".") or name in HIDDEN_NAMES


def _is_one_submission(folder: Path, names: list[str], allowed: frozenset[str]) -> bool:
    """A student's own folder (engine.py, nn.py, notes) rather than a class of entries."""
    if ENGINE not in names or not (folder / ENGINE).is_file():
        return False
    for name in names:
        if (folder / name).is_dir() or name.lower().endswith(".zip"):
            return False
        if name.lower().endswith(".py") and name not in allowed:
            return False
    return True


# -- levels: a folder on disk or inside a zip, read only on demand ---------------


class _Budget:
    """Bytes one submission may still read, across all its files."""

    def __init__(self, limit: int = MAX_TOTAL_BYTES):
        self.limit = limit
        self.left = limit

    def charge(self, n: int, shown: str) -> None:
        self.left -= n
        if self.left < 0:
            raise _Rejected(
                f"{shown} brings the files read past {_size(self.limit)}, the limit for one submission; "
                "remove outputs and data and submit again"
            )


@dataclass
class _Level:
    where: str  # names this level in messages: "alice/", "dave.zip", "dave.zip/alice/"
    prefix: str  # joined with a file's name to name it in messages
    files: dict[str, Callable[[int], bytes]]  # visible file name → read(cap)
    dirs: dict[str, Callable[[], _Level]]  # visible folder name → open it


def _collect(level: _Level, allowed: frozenset[str]) -> dict[str, tuple[bytes, Origin]]:
    """The exercise files of a folder-like level, looked up as the module docstring says."""
    root = level.prefix  # an Origin names a file from inside the entry: `hw1/engine.py`, not `alice/hw1/...`
    for depth in range(MAX_WRAPPERS + 1):
        picks = _exercise_files(level, allowed)
        candidates = sorted(n for n in level.files if n.lower().endswith((".py", ".ipynb")))
        if picks or candidates or len(level.dirs) != 1 or depth == MAX_WRAPPERS:
            break
        level = next(iter(level.dirs.values()))()  # a wrapper folder: look inside
    if not picks and len(candidates) == 1:
        picks = {ENGINE: candidates[0]}
    if ENGINE not in picks:
        raise _Rejected(_no_engine(level))
    files = {}
    for target, name in sorted(picks.items()):
        shown = level.prefix + name
        read = level.files[name]
        if name.lower().endswith(".ipynb"):
            content, origin = _notebook_to_engine(read(MAX_NOTEBOOK_BYTES), shown)
        else:
            content, origin = _utf8(read(MAX_FILE_BYTES), shown), Origin(shown)
        files[target] = (content, dataclasses.replace(origin, file=shown[len(root):]))
    return files


def _exercise_files(level: _Level, allowed: frozenset[str]) -> dict[str, str]:
    """Exercise file name → the file of this level that provides it."""
    by_lower: dict[str, list[str]] = {}
    for name in level.files:
        by_lower.setdefault(name.lower(), []).append(name)
    picks = {}
    for target in sorted(allowed):
        if target in level.files:
            picks[target] = target
        elif len(same := by_lower.get(target.lower(), [])) == 1:
            picks[target] = same[0]
        elif target.endswith(".py") and len(nb := by_lower.get(target[:-3].lower() + ".ipynb", [])) == 1:
            picks[target] = nb[0]
    return picks


def _no_engine(level: _Level) -> str:
    zips = sorted(name_text(n) for n in level.files if n.lower().endswith(".zip"))
    if zips:
        return (
            f"no engine.py found in {level.where}: it holds {_names(zips)}, and zips inside a submission "
            "are not unpacked; unpack it and submit its contents (for an LMS bulk export, unzip it "
            "and grade the folder)"
        )
    found = sorted(map(name_text, level.files)) + sorted(name_text(d) + "/" for d in level.dirs)
    listing = f"found: {_names(found)}" if found else "it is empty"
    return f"no engine.py found in {level.where}; expected engine.py, or a single .py or .ipynb file ({listing})"


def _names(names: list[str], most: int = 8) -> str:
    more = f", and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def _disk_level(path: Path, where: str, budget: _Budget) -> _Level:
    files: dict[str, Callable[[int], bytes]] = {}
    dirs: dict[str, Callable[[], _Level]] = {}
    try:
        with os.scandir(path) as entries:
            for count, entry in enumerate(entries):
                if count >= MAX_FOLDER_ENTRIES:
                    raise _Rejected(
                        f"{where} holds more than {MAX_FOLDER_ENTRIES} entries; submit only the exercise files"
                    )
                if _hidden(entry.name):
                    continue
                shown = where + name_text(entry.name)
                if entry.is_symlink():
                    refuse = _refuse_link(shown)
                    (dirs if entry.is_dir() else files)[entry.name] = refuse
                elif entry.is_dir(follow_symlinks=False):
                    sub = Path(entry.path)
                    dirs[entry.name] = lambda sub=sub, shown=shown: _disk_level(sub, shown + "/", budget)
                else:
                    files[entry.name] = _disk_reader(Path(entry.path), shown, budget)
    except OSError as e:
        raise _Rejected(f"{where} could not be read ({e.strerror or e})") from None
    return _Level(where, where, files, dirs)


def _refuse_link(shown: str) -> Callable[..., bytes]:
    def refuse(*_):
        raise _Rejected(f"{shown} is a symbolic link, which is not followed; submit the file itself")

    return refuse


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)  # no links, no hanging on a FIFO


def _disk_reader(path: Path, shown: str, budget: _Budget) -> Callable[[int], bytes]:
    def read(cap: int) -> bytes:
        try:
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                raise _Rejected(f"{shown} is a symbolic link, which is not followed; submit the file itself")
            if not stat.S_ISREG(st.st_mode):
                raise _Rejected(f"{shown} is not a regular file")
            if st.st_size > cap:
                raise _Rejected(_too_large(shown, st.st_size, cap))
            with open(path, "rb", opener=lambda p, flags: os.open(p, flags | _NO_FOLLOW)) as stream:
                data = read_capped(stream, cap, shown)
        except OSError as e:
            raise _Rejected(f"{shown} could not be read ({e.strerror or e})") from None
        budget.charge(len(data), shown)
        return data

    return read


def read_capped(stream: BinaryIO, cap: int, shown: str) -> bytes:
    """At most `cap` bytes of `stream`, counted as they come: a size in a header may lie."""
    chunks, n = [], 0
    while chunk := stream.read(min(1 << 16, cap + 1 - n)):
        chunks.append(chunk)
        n += len(chunk)
        if n > cap:
            raise _Rejected(_too_large(shown, None, cap))
    return b"".join(chunks)


def _too_large(shown: str, size: int | None, cap: int) -> str:
    size_text = f"more than {_size(cap)}" if size is None else _size(size)
    return f"{shown} is too large ({size_text}; the limit is {_size(cap)}); remove outputs and data and submit again"


def _size(n: int) -> str:
    return f"{n / MiB:.1f} MiB" if n >= MiB else f"{n / 1024:.0f} KiB" if n >= 1024 else f"{n} bytes"


# -- zips ----------------------------------------------------------------------

_DRIVE = re.compile(r"^[A-Za-z]:")


def _read_zip(path: Path, name: str, size: int, allowed: frozenset[str]) -> dict[str, tuple[bytes, Origin]]:
    if size > MAX_ARCHIVE_BYTES:
        raise _Rejected(_too_large(name, size, MAX_ARCHIVE_BYTES))
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, NotImplementedError) as e:
        raise _Rejected(f"{name} is not a readable zip archive ({e}); zip the submission again") from None
    with archive:
        members = _checked_members(archive, name)
        return _collect(_zip_level(archive, members, name), allowed)


def _checked_members(archive: zipfile.ZipFile, name: str) -> dict[tuple[str, ...], zipfile.ZipInfo]:
    """The archive's visible files by path parts, after refusing anything unsafe in any member."""
    infos = archive.infolist()
    if len(infos) > MAX_ZIP_MEMBERS:
        raise _Rejected(
            f"{name} holds {len(infos)} members, more than the limit of {MAX_ZIP_MEMBERS}; "
            "zip only the submission folder"
        )
    for info in infos:
        member = info.filename
        if member.startswith(("/", "\\")) or _DRIVE.match(member):
            raise _Rejected(
                f"{name}: member {member!r} has an absolute path, which would unpack outside the archive; "
                "it is not unpacked: zip the submission folder again"
            )
        if ".." in re.split(r"[/\\]", member):
            raise _Rejected(
                f"{name}: member {member!r} has a '..' in its path, which would unpack outside the archive; "
                "it is not unpacked: zip the submission folder again"
            )
        if stat.S_IFMT(info.external_attr >> 16) == stat.S_IFLNK:
            raise _Rejected(
                f"{name}: member {member!r} is a symbolic link, which is not followed; zip the files themselves"
            )
        if info.flag_bits & 0x1:
            raise _Rejected(f"{name}: member {member!r} is encrypted; submit a zip without a password")
        if info.file_size > ZIP_RATIO_FLOOR and info.file_size > MAX_ZIP_RATIO * max(info.compress_size, 1):
            raise _Rejected(
                f"{name}: member {member!r} would expand from {_size(info.compress_size)} to "
                f"{_size(info.file_size)}, which looks like a zip bomb; it is not unpacked"
            )
    declared = sum(info.file_size for info in infos)
    if declared > MAX_TOTAL_BYTES:
        biggest = max(infos, key=lambda info: info.file_size)
        raise _Rejected(
            f"{name} would unpack to {_size(declared)}, more than the limit of {_size(MAX_TOTAL_BYTES)} "
            f"(largest member: {biggest.filename!r}, {_size(biggest.file_size)}); it is not unpacked: "
            "remove outputs and data and zip again"
        )

    members = {}
    for info in infos:
        parts = tuple(p for p in info.filename.replace("\\", "/").split("/") if p not in ("", "."))
        if info.is_dir() or not parts or any(_hidden(p) for p in parts):
            continue  # folders are implied by their files
        if parts in members:
            raise _Rejected(f"{name} holds {'/'.join(parts)!r} twice; zip the submission folder again")
        members[parts] = info
    return members


def _zip_level(archive: zipfile.ZipFile, members: dict[tuple[str, ...], zipfile.ZipInfo], name: str) -> _Level:
    tree: dict = {}
    for parts, info in members.items():
        node = tree
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise _Rejected(f"{name} holds {part!r} both as a file and as a folder; zip it again")
        if parts[-1] in node:
            raise _Rejected(f"{name} holds {parts[-1]!r} both as a file and as a folder; zip it again")
        node[parts[-1]] = info
    return _tree_level(archive, tree, name, name + "/", _Budget())


def _tree_level(archive: zipfile.ZipFile, tree: dict, where: str, prefix: str, budget: _Budget) -> _Level:
    files = {n: _zip_reader(archive, t, prefix + n, budget) for n, t in tree.items() if not isinstance(t, dict)}
    dirs = {
        n: (lambda t=t, sub=prefix + n + "/": _tree_level(archive, t, sub, sub, budget))
        for n, t in tree.items()
        if isinstance(t, dict)
    }
    return _Level(where, prefix, files, dirs)


def _zip_reader(archive: zipfile.ZipFile, info: zipfile.ZipInfo, shown: str, budget: _Budget) -> Callable[[int], bytes]:
    def read(cap: int) -> bytes:
        if info.file_size > cap:
            raise _Rejected(_too_large(shown, info.file_size, cap))
        try:
            with archive.open(info) as stream:
                data = read_capped(stream, cap, shown)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError, ValueError) as e:
            raise _Rejected(f"{shown} could not be unpacked ({e}); the zip may be damaged: zip it again") from None
        budget.charge(len(data), shown)
        return data

    return read


# -- text and notebooks --------------------------------------------------------


def _utf8(data: bytes, shown: str) -> bytes:
    """The file's text as UTF-8 without a byte-order mark, or a rejection naming the file."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise _Rejected(
            f"{shown} is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start}); "
            "re-save it as UTF-8 and submit again"
        ) from None
    return text.encode("utf-8")


def _notebook_to_engine(data: bytes, shown: str) -> tuple[bytes, Origin]:
    """engine.py from a notebook's code cells, and where each of its lines is in the notebook; never run."""
    text = _utf8(data, shown).decode("utf-8")
    again = "open it in Jupyter, save it and submit again"
    try:
        json.loads(text)  # json's reason (line, column) says more than nbformat's "does not appear to be JSON"
    except json.JSONDecodeError as e:
        raise _Rejected(
            f"{shown} is not a readable notebook: bad JSON at line {e.lineno}, column {e.colno} ({e.msg}); {again}"
        ) from None
    except RecursionError:
        raise _Rejected(f"{shown} is not a readable notebook: its JSON is nested too deeply; {again}") from None
    captured: dict = {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # nbformat warns about missing cell ids and the like
            notebook = nbformat.reads(text, as_version=4, capture_validation_error=captured)
        error = captured.get("ValidationError")
        # numbered as Jupyter shows them, from 1, Markdown cells included
        cells = [(number, cell.source) for number, cell in enumerate(notebook.cells, start=1)
                 if cell.cell_type == "code"]
    except Exception as e:  # JSON that is not a notebook fails in assorted ways (ValidationError, KeyError, ...)
        error = e
    if error is not None:
        raise _Rejected(f"{shown} is not a valid Jupyter notebook ({_short(error)}); {again}")
    code, places = _joined_code_cells(cells)
    if not code.strip():
        raise _Rejected(f"{shown} has no code in its code cells; expected the engine's code in them")
    engine = (IPYTHON_STAND_INS + code).encode("utf-8")
    if len(engine) > MAX_FILE_BYTES:
        raise _Rejected(_too_large(f"the code of {shown}", len(engine), MAX_FILE_BYTES))
    return engine, Origin(shown, (None,) * IPYTHON_STAND_INS.count("\n") + tuple(places))


def _short(error: Exception) -> str:
    """nbformat's reason in one line: where in the notebook, and the first line of the message."""
    message = (getattr(error, "message", None) or str(error) or type(error).__name__).strip().splitlines()[0]
    if len(message) > 120:
        message = message[:117] + "..."
    location = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in getattr(error, "absolute_path", ()))
    return f"{location.lstrip('.')}: {message}" if location else message


# A notebook's code is Python plus IPython's escapes. Escapes are dropped as
# text, never run: a line magic (`%timeit f()`), a shell escape (`!pip install
# x`), a captured one (`files = !ls`), a help query (`Value?`) and any line that
# calls `get_ipython()`. Dropping a line could leave an empty block
# (`if colab:\n    !pip install graphviz`), so the line becomes `pass` at the
# same indentation and the cell still compiles. Only lines that start a
# statement are looked at: a line inside a string or a bracket (`x = (a\n %
# b)`) is the student's Python and stays. A cell magic (`%%bash`) makes the
# whole cell another language, so the cell is dropped, except `%%time` and
# `%%capture`, whose body IPython runs as ordinary code in the notebook.
#
# What IPython itself puts in a notebook's namespace is not there when the code
# runs as a module, and a stray `display(x)` at the top level, normal in Jupyter
# and Colab, would stop the whole engine with a NameError. So the code of a
# notebook starts with harmless stand-ins: `display(...)` shows nothing, and
# `get_ipython()` returns None, as it does outside IPython. A notebook that
# defines its own `display` replaces the stand-in, as it would in Jupyter.
IPYTHON_STAND_INS = (
    "def display(*objects, **options): return None  # grader: Jupyter's display() shows nothing here\n"
    "def get_ipython(): return None  # grader: the code does not run in IPython\n"
)

_CELL_MAGICS_RUN_AS_PYTHON = frozenset({"time", "capture"})
_ESCAPE = re.compile(
    r"""^(?:
        [%!?]                            # %magic, !shell, ?help
      | [\w.]+\?\??$                     # Value? and Value??
      | [\w.,()\[\]\s*]+?=\s*[!%]        # files = !ls, out = %sx ls
    )""",
    re.VERBOSE,
)


def join_code_cells(cells: Iterable[str]) -> str:
    """The code of a notebook's code cells, escapes and self-check cells dropped, joined with blank lines."""
    return _joined_code_cells(enumerate(cells, start=1))[0]


def is_self_check_cell(code: str) -> bool:
    """Whether a cell only runs the student's own check (`from grader import check; check("03-tanh")`),
    with or without an `if __name__ == "__main__":` guard. Graded, such a cell would import the
    grader inside the sandbox, where it is forbidden; it is dropped instead, so every exercise
    notebook can end with it. Anything else in the cell keeps it, as the student's code."""
    try:
        body = ast.parse(code).body
    except (SyntaxError, ValueError):
        return False

    def checks_only(statements):
        for node in statements:
            if isinstance(node, ast.ImportFrom) and node.module == "grader" and node.level == 0:
                continue
            if isinstance(node, ast.Import) and all(a.name == "grader" for a in node.names):
                continue
            call = node.value if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else None
            if call is not None and call.args and isinstance(call.args[0], ast.Constant) and isinstance(
                    call.args[0].value, str) and (
                    (isinstance(call.func, ast.Name) and call.func.id == "check")
                    or (isinstance(call.func, ast.Attribute) and call.func.attr == "check"
                        and isinstance(call.func.value, ast.Name) and call.func.value.id == "grader")):
                continue
            if (isinstance(node, ast.If) and not node.orelse and ast.unparse(node.test).replace("'", '"')
                    == '__name__ == "__main__"' and checks_only(node.body)):
                continue
            return False
        return True

    return bool(body) and checks_only(body)


def _joined_code_cells(cells: Iterable[tuple[int, str]]) -> tuple[str, list]:
    """join_code_cells for (cell number, source) pairs, and the (cell, line) of each line of the result."""
    lines: list[str] = []
    places: list = []
    for number, source in cells:
        kept = without_escapes(source)
        code = "\n".join(text for text, _ in kept)
        if not code.strip() or is_self_check_cell(code):
            continue
        if lines:
            lines.append("")  # a blank line between cells
            places.append(None)
        lines.extend(text for text, _ in kept)
        places.extend((number, line) for _, line in kept)
    return "\n".join(lines) + "\n", places


def without_escapes(cell: str) -> list[tuple[str, int]]:
    """A cell's lines with its escapes made `pass`, each with its line number in the cell (from 1)."""
    lines = cell.splitlines()
    offset = 0  # lines of the cell dropped before `lines[0]`
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and lines[first].lstrip().startswith("%%"):
        magic = lines[first].lstrip()[2:].split(maxsplit=1)
        if not magic or magic[0] not in _CELL_MAGICS_RUN_AS_PYTHON:
            return []
        lines, offset = lines[first + 1 :], first + 1
    out: list[tuple[str, int]] = []
    scanner = _StatementScanner()
    i = 0
    while i < len(lines):
        line = lines[i]
        body = line.lstrip()
        indent = line[: len(line) - len(body)]
        if _ESCAPE.match(body.rstrip()):  # an escape runs to the end of its line, or on past a trailing backslash
            start = i
            while lines[i].endswith("\\") and i + 1 < len(lines):
                i += 1
            out.append((indent + "pass", offset + start + 1))
            i += 1
            continue
        start = i  # one Python statement: through open brackets, strings and backslashes
        scanner.feed(lines[i])
        while not scanner.at_statement_start and i + 1 < len(lines):
            i += 1
            scanner.feed(lines[i])
        scanner.reset()
        statement = lines[start : i + 1]
        if any("get_ipython()" in part for part in statement):
            out.append((indent + "pass", offset + start + 1))
        else:
            out.extend((text, offset + start + k + 1) for k, text in enumerate(statement))
        i += 1
    while out and not out[-1][0].strip():  # trailing blank lines, as rstrip() drops them
        out.pop()
    if out:
        out[-1] = (out[-1][0].rstrip(), out[-1][1])
    return out


class _StatementScanner:
    """Tracks, line by line, whether the next line starts a new statement (not inside a string or brackets)."""

    def __init__(self):
        self.reset()

    def reset(self) -> None:
        self.quote: str | None = None  # the open string's quote: ' " ''' or """
        self.depth = 0  # open brackets
        self.continued = False  # a backslash ended the line

    @property
    def at_statement_start(self) -> bool:
        return self.quote is None and self.depth == 0 and not self.continued

    def feed(self, line: str) -> None:
        k, n = 0, len(line)
        self.continued = False
        while k < n:
            c = line[k]
            if self.quote is not None:
                if c == "\\":
                    if k + 1 >= n:
                        self.continued = True  # backslash-newline inside a string
                    k += 2
                    continue
                if line.startswith(self.quote, k):
                    k += len(self.quote)
                    self.quote = None
                    continue
            elif c == "#":
                break
            elif c in "([{":
                self.depth += 1
            elif c in ")]}":
                self.depth = max(0, self.depth - 1)
            elif c in "'\"":
                self.quote = c * 3 if line.startswith(c * 3, k) else c
                k += len(self.quote)
                continue
            elif c == "\\" and k == n - 1:
                self.continued = True
            k += 1
        if self.quote in ("'", '"') and not self.continued:
            self.quote = None  # an unterminated one-line string: a syntax error for Python to report


# -- records -------------------------------------------------------------------


def files_digest(files: dict[str, bytes]) -> str:
    """sha256 over the sorted (path, content) pairs, each length-prefixed so no two sets collide."""
    h = hashlib.sha256()
    for path in sorted(files):
        for part in (path.encode("utf-8"), files[path]):
            h.update(len(part).to_bytes(8, "big"))
            h.update(part)
    return h.hexdigest()


def _rejected(sub_id: str, kind: str, path: Path, reason: str) -> Submission:
    """A rejected entry; its digest covers the reason and the entry's raw bytes (a file's, capped)."""
    reason = valid_utf8(reason)  # a reader's message may quote a name it did not escape
    h = hashlib.sha256(b"rejected\0" + reason.encode("utf-8") + b"\0")
    try:
        if stat.S_ISREG(path.stat().st_mode):
            with open(path, "rb", opener=lambda p, flags: os.open(p, flags | getattr(os, "O_NONBLOCK", 0))) as f:
                h.update(f.read(MAX_ARCHIVE_BYTES))
    except OSError:
        pass  # the reason alone still identifies the entry's state
    return Submission(sub_id, kind, str(path), {}, reason, h.hexdigest())

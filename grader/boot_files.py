"""Where the grader keeps, for this boot, what it computed that depends on no student (`boot_path`), and the
digests such a file is named by: the grader's Python source with a suite's folder, the reference's files.

grader/verdicts.py names its dry run and a check's verdicts by the same digests; the walks (diagnose/walks.py),
the variant book's in-process engines (diagnose/book.py) and the named mistakes replayed (engines.py) are kept
in the files boot_path names. A module of its own, under them all: engines.py, which the judge imports, keeps
its replays here without importing verdicts.py (which imports the judge).
"""

import functools
import hashlib
import json
import os
import re
import sys
from json.decoder import scanstring
from pathlib import Path

from .boot_sets import kept_path
from .private_files import write_text_atomically

_GRADER = Path(__file__).resolve().parent


def _files_under(folder, suffix=""):
    """Every file under `folder` whose name ends with `suffix`, but in __pycache__, in the order of their
    paths' parts (pathlib's): os.walk, since pathlib's rglob took two thirds of a check's 18 ms here."""
    found = []
    for top, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [os.path.join(top, f) for f in files if f.endswith(suffix)]
    return sorted(found, key=lambda path: path.split(os.sep))


def _hashed(h, paths, root):
    """`h` updated with each file of `paths` named by its path relative to `root` (with /), never its absolute
    path: a copy of the same tree at another path (another checkout of the commit, a wheel's new venv, a CI runner's
    folder) is the same set of kept files, and what it keeps holds no path of the tree (session 39: none of the
    walks, the variant book, the named mistakes, the pools of draws, the dry runs or a check's verdicts names one;
    the folders a check's verdicts depend on are in their own key, verdicts._environment). Each name ends with a
    \\0 and each content is a sha256 of fixed length, so no two trees hash alike: a changed byte, a renamed, added or
    removed file is another digest."""
    for path in paths:
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            data = b"(unreadable)"
        name = Path(os.path.relpath(path, root)).as_posix()
        h.update(name.encode("utf-8", "surrogateescape") + b"\0" + hashlib.sha256(data).digest())
    return h


@functools.cache
def _grader_hash():
    """The grader's Python source and the judge's pytest.ini (every pytest session's, the dry run's too)."""
    files = _files_under(str(_GRADER), ".py") + [os.path.join(str(_GRADER), "judge", "pytest.ini")]
    return _hashed(hashlib.sha256(b"grader\0"), files, str(_GRADER))


@functools.cache
def set_tag():
    """The set this process's kept files belong to (grader/boot_sets.py): the grader's Python source (and the
    judge's pytest.ini), the reference's files and this Python, hashed (16 hex digits)."""
    return hashlib.sha256("\0".join([_grader_hash().hexdigest(), reference_digest(), sys.version]).encode()
                          ).hexdigest()[:16]


@functools.cache
def source_digest(suite_folder):
    """The grader's Python source and every file of the suite's folder and its name, hashed by content and
    relative path (about 2 MB: a few ms)."""
    folder = Path(suite_folder)  # named from its parent: its name too (a suite is named by its folder)
    return _hashed(_grader_hash().copy(), _files_under(str(folder)), str(folder.parent)).hexdigest()


@functools.cache
def reference_digest():
    """The reference engine's files (the dry run runs it), hashed by content and relative path; the digest of
    no file where it is not installed."""
    import importlib.util

    spec = importlib.util.find_spec("reference")
    h = hashlib.sha256()
    for index, folder in enumerate((spec.submodule_search_locations or []) if spec else []):
        h.update(b"folder %d\0" % index)  # a namespace package's folders, in their order, wherever they are
        _hashed(h, _files_under(folder, ".py"), folder)
    return h.hexdigest()


def boot_path(what, suite_folder, suffix=".json", also=""):
    """Where what depends on no student (`what`: the walks' observations, the variant book's engines run in the
    grader's process, diagnose/book.py; the named mistakes replayed, grader/engines.py) of the suite in
    `suite_folder` is kept: in the per-boot folder of the sandbox's trials
    (grader/sandbox/host_facts.py: this user's own, written by no one else, out of the sandbox's reach), named by
    what it depends on (the grader's source and the suite's folder, the reference's files, this Python, and `also`:
    a digest of the secret the grade of record's pool of draws was made with, judge/draw_pool.py); None where there
    is none."""
    from .sandbox.host_facts import host_folder

    folder = host_folder()
    if folder is None:
        return None
    key = hashlib.sha256("\0".join([what, source_digest(str(suite_folder)), reference_digest(), sys.version]
                                    + ([also] if also else [])).encode()).hexdigest()
    return kept_path(folder, set_tag(), what, key, suffix)  # removed when another source's set is made


# An appended file's entries as this process read them: {path: (inode, bytes read, {name: value})}
_APPENDED: dict[str, tuple[int, int, dict]] = {}
# How far this process read an appended file whose entries its reader holds itself (read_added): {path: (inode, bytes)}
_ADDED: dict[str, tuple[int, int]] = {}


def _read_since(path, inode, offset):
    """(its inode, the bytes read now, whether read from its start, {name: value}) of the whole lines of a kept file
    appended after its first OFFSET bytes, read from its start where it is another file than INODE (a new boot's, or
    one trim_entries rewrote) or shorter than OFFSET; None where there is no file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        restart = inode != st.st_ino or st.st_size < offset
        offset = 0 if restart else offset
        entries = {}
        if st.st_size > offset:
            f.seek(offset)
            data = f.read(st.st_size - offset)
            whole = data.rfind(b"\n") + 1  # a line still being written is read by the next call
            entries = _entries(data, whole)
            offset += whole
    return st.st_ino, offset, restart, entries


def read_appended(path) -> dict:
    """{name: value} of an append-only kept file (append_entries': a line `[name, value]` each), parsed once per
    process: a later call reads only the lines appended since (by this process or another), and the whole file
    again only when it is another file (its inode) or shorter than what was read. A line that is not a whole
    entry (a write cut by a full disk) is skipped: what it held is computed again. {} where there is no file."""
    inode, offset, entries = _APPENDED.get(path, (None, 0, None))
    read = _read_since(path, inode, offset)
    if read is None:
        return {}
    inode, offset, restart, added = read
    if restart or entries is None:
        entries = added
    else:
        entries.update(added)
    _APPENDED[path] = (inode, offset, entries)
    return entries


def read_added(path) -> tuple[bool, dict]:
    """(whole, {name: value}) of the lines of an append-only kept file that this process has not read yet, as
    read_appended reads them, for a reader that converts them and holds them itself: nothing of them is kept here,
    so each name is held once (session 39: the walks' file's names were held twice, as JSON text here and as the
    reader's keys). WHOLE is True where the file is read from its start (the first call, another file in its place,
    one cut shorter, or none: ({} then)): what the reader converted before is to be dropped."""
    inode, offset = _ADDED.get(path, (None, 0))
    read = _read_since(path, inode, offset)
    if read is None:
        _ADDED.pop(path, None)
        return True, {}
    inode, offset, restart, added = read
    _ADDED[path] = (inode, offset)
    return restart, added


def _entries(data: bytes, whole: int) -> dict:
    """The {name: value} of the whole lines of DATA (its first WHOLE bytes), each `[name, value]`, parsed a line at a
    time with each distinct value parsed once and shared (session 39: the walks' file of the engine suite, 17,500
    observations of 285 distinct values, took 46 MB at its peak parsed as one JSON array of copies of the text, and
    held 27 MB after; a value is never changed by those who read it). A line that is not a whole entry is skipped."""
    values, entries = {}, {}
    start = 0
    while start < whole:
        end = data.index(b"\n", start)
        line, start = data[start:end], end + 1
        split = _NAME.match(line)
        try:
            if split is None or not line.rstrip().endswith(b"]"):
                pair = json.loads(line)  # another spelling of a pair, or not one: read whole
                if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str):
                    entries[pair[0]] = pair[1]
                continue
            text = line[split.end():].rstrip()[:-1]
            value = values.get(text, values)
            if value is values:
                value = values[text] = json.loads(text)
            # the name: json's own string scanner, what json.loads runs on it less a call's overhead (a fifth of it)
            entries[scanstring(split.group(1).decode("utf-8"), 1)[0]] = value
        except (ValueError, RecursionError):
            continue
    return entries


# the start of a line `["name", value]` up to its value: the name (a JSON string) in group 1, its characters matched a
# run at a time (`[^"\\]*`), not one at a time through an alternation: a third of the time on a book's 26,000 lines
_NAME = re.compile(rb'\[\s*("[^"\\]*(?:\\.[^"\\]*)*")\s*,\s*')


def append_entries(path, entries: dict, cap: int | None = None):
    """Append `entries` ({name: value}, JSON's) to a kept file, one line each, in writes of whole lines of about
    _WRITTEN bytes: the file is never rewritten, so a batch that adds one observation costs that observation's line,
    not the whole file's (8 MB for the engine suite's variant book); each write lands whole (O_APPEND), another
    process's between two of them, and a name appended twice is read once (read_appended). Every line is made before
    the file is opened: a value JSON cannot hold writes none. Written a part at a time, not as one text (session 39:
    a first batch's 7 MB of walks joined and encoded took a copy of the file three times over at the grader's peak).
    Private like every file the grader keeps (0600, this user's own folder, boot_path). With a CAP (bytes), a file
    that has grown past it is trimmed (trim_entries)."""
    if not entries:
        return
    lines = [(json.dumps([name, value]) + "\n").encode("utf-8") for name, value in entries.items()]
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        start = 0
        while start < len(lines):
            end, size = start, 0
            while end < len(lines) and (end == start or size + len(lines[end]) <= _WRITTEN):
                size += len(lines[end])
                end += 1
            view = memoryview(b"".join(lines[start:end]))
            while view:
                view = view[os.write(fd, view):]
            start = end
    finally:
        os.close(fd)
    if cap is not None:
        trim_entries(path, cap)


def trim_entries(path, cap: int):
    """Rewrite a kept file of append_entries' lines that is over CAP bytes with its newest entries only: each name
    once (its last line, at its last place), the newest first taken while they fit in half the cap (so a file
    rewritten grows as much again before the next rewrite), the older ones dropped (computed again where needed),
    and lines cut short or not entries dropped. Written atomically, 0600 (private_files.write_text_atomically):
    a reader sees the old file or the new one whole, and reads the new one whole (another inode: read_appended).
    An entry another process appends between the read and the replace is lost to the file: computed again."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return
    with os.fdopen(fd, "rb") as f:
        if os.fstat(f.fileno()).st_size <= cap:
            return
        data = f.read()
    lines: dict[bytes, bytes] = {}  # a name as written (or a line of another spelling, whole) -> its last line
    for line in data[:data.rfind(b"\n") + 1].splitlines(keepends=True):
        if not _entries(line, len(line)):
            continue  # cut short, or not a pair
        split = _NAME.match(line)
        name = split.group(1) if split is not None else line
        lines.pop(name, None)
        lines[name] = line
    kept, size = [], 0
    for line in reversed(lines.values()):
        if size + len(line) > cap // 2:
            break
        kept.append(line)
        size += len(line)
    try:  # every kept line is UTF-8 (_entries read it so); a rewrite that fails leaves the file as it was
        write_text_atomically(path, b"".join(reversed(kept)).decode("utf-8"))
    except (OSError, ValueError):
        pass


_WRITTEN = 1 << 20  # the bytes of one write of append_entries (a line longer than that is written alone)

"""The rest of a hand-in: its Python files and notebooks that the loader does not carry with the exercise's files
(session 42; notebooks, a zip inside a zip and an LMS export's loose files since session 43).

The loader (grader/load) reads what the sandbox needs: the exercise's files and the modules beside them. A student
hands in more, a `train.py` beside the package `micrograd/`, a `tests/` folder, a script one folder up, and a copier
usually copies the whole hand-in. `other_files` reads those files, as text, from the entry the submission was loaded
from (a folder on disk, a zip, a folder holding one zip, a zip holding one zip, an LMS export's files of one student),
so that `grade similarity` reads them as more files of the same submission (a notebook as its code cells' code):
subtracted as the starter's are (the starter's own other files are read the same way: `starter_files`), weighed by
rarity as every file is.

Nothing is run and nothing is written: a folder is listed without following links, a zip is read member by member in
memory (it was checked when the submission was loaded; it is checked again here, and one that fails is read as
having no other files). Every step is capped: the folders looked through (MAX_DEPTH below the entry's top, at most
MAX_LISTED entries listed in all), the files taken (MAX_OTHER_FILES, by path order), each file's size
(MAX_OTHER_BYTES) and their text in all (MAX_OTHER_TOTAL); past a cap the rest is not read, and the reading says so
(`limits`).

What those files add to a pair's score is counted at OTHER_WEIGHT (`with_other_files`, against the pair's score on
the exercise's files alone), so that two students who share only a training script are not read as a whole copy.
"""

from __future__ import annotations

import io
import os
import re
import stat
import zipfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..load.disk import lone_archive
from ..load.notebooks import notebook_code
from ..load.reading import MAX_ARCHIVE_BYTES, Rejected, is_hidden, name_text
from ..load.zips import MAX_NESTED_ZIPS
from ..student_text import valid_utf8
from .cohort import THRESHOLD, Cohort, Document
from .public_match import matched

MAX_DEPTH = 3  # folders below the entry's top looked through: hw2/tests/unit/
MAX_LISTED = 500  # folder entries (or zip members) listed in all
MAX_OTHER_FILES = 8  # other .py files read
MAX_OTHER_BYTES = 16 * 1024  # one such file (a training script, a test file: 1-5 KB)
MAX_OTHER_TOTAL = 32 * 1024  # all of them: half of MAX_CHARS, at most half a hostile file's reading more
# a notebook beside the exercise's files, as stored (its outputs, plots as base64, are most of it): its code cells'
# code is then held to MAX_OTHER_BYTES and MAX_OTHER_TOTAL as a .py file's text is
MAX_OTHER_NOTEBOOK_BYTES = 2 * 1024 * 1024
LOOSE_EXPORTS = frozenset({"canvas", "moodle", "blackboard"})  # LMS exports whose students' files are loose entries
SKIPPED_FOLDERS = frozenset({"__pycache__", "__MACOSX", "venv", ".venv", "env", "site-packages", "node_modules"})


@dataclass
class Others:
    """The other .py files of one hand-in ({path inside the entry: text}) and what was not read, and why."""

    files: dict[str, str] = field(default_factory=dict)
    limits: list[dict] = field(default_factory=list)  # each {"what": ..., its fields}: as a Document's limits


def other_files(submission) -> Others:
    """The .py files and notebooks of SUBMISSION's entry that the loader did not carry (by their path inside the
    entry, as `Origin.file` names the carried ones), in path order, within the caps; of an LMS export's student,
    their loose entries not carried (`_loose`). Nothing for an entry that is one file or a notebook (the class's
    files beside it are not the student's)."""
    carried = {origin.file for origin in submission.origins.values() if origin is not None}
    source = Path(submission.source)
    export = submission.export or {}
    if export.get("lms") in LOOSE_EXPORTS and len(export.get("files", ())) > 1:
        return _loose(source.parent, export["files"], submission)
    try:
        mode = source.lstat().st_mode
    except OSError:
        return Others()
    if stat.S_ISDIR(mode) and (archive := lone_archive(source)) is None:
        return _taken(*_disk_listing(source), carried)
    zipped = archive if stat.S_ISDIR(mode) else source
    if zipped.suffix.lower() != ".zip" or not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
        return Others()  # a file handed in alone, a notebook, an archive of another kind: nothing beside it
    return _zipped(zipped, carried, MAX_NESTED_ZIPS)


def _loose(folder: Path, names: list[str], submission) -> Others:
    """The other files of an LMS export's student whose files are loose entries of the class FOLDER (NAMES: theirs,
    as the export names them, `smithjohn_12345_67891_train-v2.py`): the contract reads them as the folder the student
    handed in (docs/contract.md §1), so those the loader did not carry (a notebook, `train-v2.py`: no module's name)
    are theirs, read under the names the export gives them, within the caps (session 43). A carried file is the entry
    whose name ends with `_` and the name the student gave it (`Origin.file`), as all three exports name a student's
    files, Canvas's `-1` of a resubmission's renamed upload aside."""
    carried = {origin.file for origin in submission.origins.values() if origin is not None}
    kept = [name for name in names if "/" not in name
            and not any(_RESUBMITTED.sub("", name).endswith("_" + given) or name.endswith("_" + given)
                        for given in carried)]
    return _taken(kept, _disk_reader(folder), [], set())


_RESUBMITTED = re.compile(r"-\d+(?=\.[^.]+$)")  # Canvas's `engine-1.py`: the upload `engine.py` again (exports.py)


def _zipped(zipped, carried: set[str], nested: int) -> Others:
    """The other files of the zip ZIPPED (a path, or the bytes of a zip inside it): a zip whose one member is a zip is
    read as that zip, up to NESTED deep, as the loader reads it (zips.py's MAX_NESTED_ZIPS; session 43)."""
    try:
        with zipfile.ZipFile(zipped) as opened:
            listing = _zip_listing(opened)
            if listing is None:
                return Others(limits=[dict(UNSAFE_ZIP)])
            paths, read, _ = listing
            if nested > 0 and len(paths) == 1 and paths[0].lower().endswith(".zip"):
                inner = read(paths[0], MAX_ARCHIVE_BYTES)  # the loader read it within that size, or refused it
                return Others() if inner is None else _zipped(io.BytesIO(inner), carried, nested - 1)
            return _taken(*listing, carried)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, NotImplementedError):
        return Others()


UNSAFE_ZIP = {"what": "unsafe_zip"}  # none read: a member's path leaves the zip (absolute, `..`), or one is encrypted


def _taken(paths: list[str], read, limits: list[dict], carried: set[str]) -> Others:
    """The .py files and notebooks of PATHS not CARRIED, read with READ(path, cap) -> bytes | None, within the caps
    (a notebook as its code cells' code: `_notebook`)."""
    others = Others(limits=list(limits))
    wanted = sorted(p for p in paths if p.endswith((".py", ".ipynb")) and p not in carried
                    and not _under_carried(p, carried))
    total = 0
    for at, path in enumerate(wanted):
        if len(others.files) >= MAX_OTHER_FILES:
            others.limits.append({"what": "files", "read": MAX_OTHER_FILES, "more": len(wanted) - at})
            break
        if path.endswith(".ipynb"):
            if (data := _notebook(path, read, others.limits)) is None:  # not read, and said why
                continue
        elif (data := read(path, MAX_OTHER_BYTES)) is None:
            others.limits.append({"what": "unread", "file": _shown(path), "cap_bytes": MAX_OTHER_BYTES})  # or unreadable
            continue
        if total + len(data) > MAX_OTHER_TOTAL:
            others.limits.append({"what": "total", "file": _shown(path), "cap_bytes": MAX_OTHER_TOTAL})  # and after
            break
        total += len(data)
        others.files[_shown(path)] = data.decode("utf-8", errors="replace").removeprefix("\ufeff")
    return others


def _notebook(path: str, read, limits: list[dict]) -> bytes | None:
    """The code of the notebook at PATH (notebooks.notebook_code: its code cells, IPython's escapes dropped), as
    UTF-8; None, and LIMITS says why, where it is not read: over MAX_OTHER_NOTEBOOK_BYTES, its code over
    MAX_OTHER_BYTES, unreadable, or no notebook (the loader's reason)."""
    data = read(path, MAX_OTHER_NOTEBOOK_BYTES)
    try:
        # a lone surrogate (a cell's JSON `"\ud800"`) as U+FFFD: it cannot be written as UTF-8 (redteam44: one
        # classmate's scratch notebook stopped `grade similarity` for the whole class, no record written)
        code = None if data is None else valid_utf8(notebook_code(data, path)).encode("utf-8")
    except Rejected as why:
        limits.append({"what": "notebook", "file": _shown(path), "reason": str(why)})  # the loader's words
        return None
    if code is None or len(code) > MAX_OTHER_BYTES:
        limits.append({"what": "unread", "file": _shown(path), "cap_bytes": MAX_OTHER_NOTEBOOK_BYTES,
                       "code_cap_bytes": MAX_OTHER_BYTES})  # or unreadable
        return None
    return code


def _under_carried(path: str, carried: set[str]) -> bool:
    """Whether PATH is a carried file's name below another folder (`old/engine.py` beside the carried `engine.py`, a
    package's `micrograd/nn.py` in a copy of the package): that file again, an older version of it, not read twice."""
    return any(path.endswith("/" + c) for c in carried)


def _disk_listing(top: Path):
    """The files below TOP (MAX_DEPTH folders deep, hidden entries, links and SKIPPED_FOLDERS left out), and a
    reader of one of them. What is left out of a hand-in's own (a link, never followed: to /etc/passwd, to the
    grader's files; a FIFO, a socket or a device, never opened; a folder past MAX_DEPTH, never listed; a name holding
    a control character) is said in the limits, a few names a kind (session 43: each was left out unsaid)."""
    paths, limits, listed = [], [], 0
    left = {kind: [] for kind in ("link", "special", "deep", "control")}
    stack = [(top, "", 0)]
    while stack:
        folder, prefix, depth = stack.pop()
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    listed += 1
                    if listed > MAX_LISTED:
                        limits.append({"what": "listing", "listed": MAX_LISTED})
                        return sorted(paths), _disk_reader(top), limits + _left_out(left)
                    if is_hidden(entry.name):
                        continue
                    path = prefix + entry.name
                    if entry.is_symlink():
                        left["link"].append(path)
                    elif entry.is_dir(follow_symlinks=False):
                        if entry.name in SKIPPED_FOLDERS:
                            continue
                        if depth < MAX_DEPTH:
                            stack.append((Path(entry.path), path + "/", depth + 1))
                        else:
                            left["deep"].append(path + "/")
                    elif not entry.is_file(follow_symlinks=False):
                        left["special"].append(path)
                    elif _CONTROL.search(entry.name):
                        left["control"].append(path)
                    else:
                        paths.append(path)
        except OSError:
            continue
    return sorted(paths), _disk_reader(top), limits + _left_out(left)


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")  # incl. bidi controls
_NAMED = 3  # names said a kind


def _left_out(left: dict[str, list[str]]) -> list[dict]:
    """One limit a kind of entry left out (a `link`, not followed; `special`, a FIFO, a socket or a device, never
    opened; a folder `deep`er than MAX_DEPTH, never looked through; a name holding a `control` character, not read):
    how many, and the first _NAMED by path order, escaped."""
    return [{"what": kind, "files": [_shown(p) for p in sorted(paths)[:_NAMED]], "count": len(paths)}
            for kind, paths in left.items() if paths]


def _shown(path: str) -> str:
    """PATH as text: a byte that is not UTF-8 as `\\xHH` (name_text), a control character as its escape."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), name_text(path))


def _disk_reader(top: Path):
    def read(path: str, cap: int) -> bytes | None:
        try:
            fd = os.open(top / path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            return None
        with os.fdopen(fd, "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                return None
            data = stream.read(cap + 1)
        return None if len(data) > cap else data

    return read


def _zip_listing(archive: zipfile.ZipFile):
    """The members of the open ARCHIVE (MAX_DEPTH folders deep), and a reader of one; None for a zip that holds
    unsafe names (absolute, `..`) or encrypted members. A zip of one zip is listed as its one member (`_zipped`
    reads the inner one, as the loader does)."""
    infos = archive.infolist()
    limits = []
    if len(infos) > MAX_LISTED:
        limits.append({"what": "listing", "listed": MAX_LISTED})
        infos = infos[:MAX_LISTED]
    members, control = {}, []
    for info in infos:
        parts = info.filename.split("/")
        if info.filename.startswith("/") or ".." in parts or info.flag_bits & 0x1:
            return None
        if info.is_dir() or len(parts) > MAX_DEPTH + 1 or any(is_hidden(p) or p in SKIPPED_FOLDERS for p in parts):
            continue
        if _CONTROL.search(info.filename):
            control.append(info.filename)
            continue
        members[info.filename] = info

    def read(name: str, cap: int) -> bytes | None:
        info = members[name]
        if info.file_size > cap:
            return None
        try:
            with archive.open(info) as stream:
                data = stream.read(cap + 1)
        except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError, RuntimeError, ValueError):
            return None
        return None if len(data) > cap else data

    return sorted(members), read, limits + _left_out({"control": control})


def handed_in(named: dict[str, str], others) -> dict[str, str]:
    """A submission's (or a starter's) .py texts under its own names (NAMED, `_own_names`), then the other .py files
    of its hand-in that the loader does not carry (OTHERS, `hand_in.other_files`: a `train.py` beside the package
    `micrograd/`, a `tests/` folder), read as more files of the same submission (session 42)."""
    return {**named, **{name: text for name, text in others.files.items() if name not in named}}


OTHER_WEIGHT = 0.5  # of what a hand-in's other files (hand_in.py) add to a pair's score, the part that counts


def with_other_files(found: list, documents: list[Document], mistakes: dict[str, str] | None,
                     sources: list[Document]) -> list:
    """FOUND (the pairs of the whole hand-ins, highest first) with what the other files of a hand-in add counted at
    OTHER_WEIGHT (session 42): a pair of which one or both have other files (Document.part) scores its exercise
    files' score (the cohort of the parts, as if no other file were read) and OTHER_WEIGHT of what the whole hand-ins
    score above that. A copy of the whole hand-in whose engine is disguised gains from the train.py it kept; two
    students who copied only a training script score half of what that script alone gives (a verbatim train.py with
    its messages reads as a whole copy, 0.98, otherwise), and a pair whose exercise files score more than their
    whole hand-ins keeps its exercise files' score. The parts' public matches are their own, scored against SOURCES
    in the parts' cohort (session 44, sim44s): a hand-in whose train.py is the lecture's copied the lecture in that
    file, and its engine is a public copy only where the engine matches a source."""
    parted = {d.id for d in documents if d.part is not None}
    parts = Cohort([d.part or d for d in documents])
    code = {source.id: matched(parts, source)[1] for source in sources}  # the parts' own matches, by code
    alone = {(p.a, p.b): p for p in parts.pairs(mistakes, code, THRESHOLD)}
    out = []
    for pair in found:
        if pair.a not in parted and pair.b not in parted:
            out.append(pair)
            continue
        part = alone.get((pair.a, pair.b)) or alone.get((pair.b, pair.a))
        base = part.score if part is not None else 0.0
        score = base + OTHER_WEIGHT * (pair.score - base) if pair.score > base else base
        out.append(replace(pair, score=round(score, 4)) if score != pair.score else pair)
    seen = {(p.a, p.b) for p in found} | {(p.b, p.a) for p in found}
    out += [p for key, p in alone.items() if key not in seen and p.score > 0]  # scored by their exercise files only
    return sorted(out, key=lambda p: (-p.score, p.a, p.b))

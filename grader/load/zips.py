"""A .zip submission, read member by member in memory, never extracted.

The zip is refused whole if any member (even one that would be ignored) is
unsafe: an absolute path, a `..`, a symbolic link, encryption, a ratio that
looks like a zip bomb, or more than the limits allow.
"""

from __future__ import annotations

import contextlib
import io
import re
import stat
import zipfile
import zlib
from pathlib import Path
from typing import Callable

from ..i18n import msg
from .levels import Level, collect
from .reading import (MAX_ARCHIVE_BYTES, MAX_TOTAL_BYTES, MAX_ZIP_MEMBERS, MAX_ZIP_RATIO, ZIP_RATIO_FLOOR, Budget,
                      Origin, Rejected, is_hidden, read_capped, size_text, too_large)

_DRIVE = re.compile(r"^[A-Za-z]:")


def read_zip(path: Path, name: str, size: int, allowed: frozenset[str]
             ) -> tuple[dict[str, tuple[bytes, Origin]], str | None]:
    """The zip's exercise files and the package they were handed in as (levels.collect)."""
    if size > MAX_ARCHIVE_BYTES:
        raise Rejected(too_large(name, size, MAX_ARCHIVE_BYTES))
    return _read_archive(path, name, allowed, MAX_NESTED_ZIPS)


# One rule for a zip handed in inside something else: an entry whose one visible file is a zip, at its top or below
# wrapper folders, is read as that zip, whether the entry is a folder (grader/load's _read_entry: an LMS's folder
# per student, Gradescope's `submission/`) or itself a zip (Moodle's download of an upload, zipped again; a student's
# folder zipped with the zip inside). Up to this many zips inside the first; a zip beside any other file is never
# unpacked.
# Session 28: a zip whose only entry was a zip was refused where a folder holding one zip was read.
MAX_NESTED_ZIPS = 3


def _read_archive(source, name: str, allowed: frozenset[str], nested: int
                  ) -> tuple[dict[str, tuple[bytes, Origin]], str | None]:
    try:
        with (open(source, "rb") if isinstance(source, Path) else contextlib.nullcontext(source)) as stream:
            counted = central_entries(stream, COUNTED_MEMBERS + 1)
    except OSError as e:
        raise Rejected(msg("{file} is not a readable zip archive ({error}); zip the submission again", file=name,
                           error=str(e))) from None
    if counted > COUNTED_MEMBERS:
        raise Rejected(msg("{file} holds more than {count} members, more than the limit of {limit}; zip only the "
                           "submission folder", file=name, count=f"{COUNTED_MEMBERS:,}", limit=MAX_ZIP_MEMBERS))
    if counted > MAX_ZIP_MEMBERS:
        raise Rejected(_too_many(name, counted))
    try:
        archive = zipfile.ZipFile(source)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, NotImplementedError) as e:
        raise Rejected(msg("{file} is not a readable zip archive ({error}); zip the submission again", file=name,
                           error=str(e))) from None
    with archive:
        members = _checked_members(archive, name)
        if nested > 0 and len(members) == 1 and next(iter(members))[-1].lower().endswith(".zip"):
            parts, info = next(iter(members.items()))
            shown = name + "/" + "/".join(parts)
            if info.file_size > MAX_ARCHIVE_BYTES:
                raise Rejected(too_large(shown, info.file_size, MAX_ARCHIVE_BYTES))
            inner = _zip_reader(archive, info, shown, Budget())(MAX_ARCHIVE_BYTES)
            return _read_archive(io.BytesIO(inner), shown, allowed, nested - 1)
        return collect(_zip_level(archive, members, name), allowed)


def central_entries(stream, most: int) -> int:
    """How many entries the zip's central directory holds, counted up to `most` by walking their headers (0 where
    there is no end record: zipfile then says what is wrong). zipfile reads every entry before anything can count
    them: session 38's red team, an 18 MiB upload of 220,000 empty members cost the grader 1.3 s of CPU and 126 MiB
    before it was refused for its count, and a refused upload costs a student no attempt. The central directory
    is found as zipfile finds it: the end record's size of it, before that record (or before ZIP64's)."""
    size = stream.seek(0, io.SEEK_END)
    tail_at = max(0, size - _EOCD_SIZE - (1 << 16))  # the end record, then only its comment (< 64 KiB), as zipfile
    stream.seek(tail_at)
    tail = stream.read()
    last = len(tail) - _EOCD_SIZE  # a record with no comment, at the very end, is taken first (as zipfile does)
    at = last if last >= 0 and tail[last:last + 4] == b"PK\x05\x06" and tail[-2:] == b"\0\0" else tail.rfind(
        b"PK\x05\x06")
    if at < 0 or len(tail) < at + _EOCD_SIZE:
        return 0
    directory_size, record_at = int.from_bytes(tail[at + 12:at + 16], "little"), tail_at + at
    if record_at >= 76:  # ZIP64 (over 65,535 entries, or large): its end record and locator just before, as zipfile
        stream.seek(record_at - 76)
        record = stream.read(76)
        if record[:4] == b"PK\x06\x06" and record[56:60] == b"PK\x06\x07":
            directory_size, record_at = int.from_bytes(record[40:48], "little"), record_at - 76
    start = record_at - directory_size
    if start < 0:
        return 0
    stream.seek(start)
    directory, found, i = stream.read(directory_size), 0, 0
    while found < most and directory[i:i + 4] == b"PK\x01\x02" and i + 46 <= len(directory):
        found += 1
        i += 46 + sum(int.from_bytes(directory[i + k:i + k + 2], "little") for k in (28, 30, 32))
    return found


_EOCD_SIZE = 22  # the end of central directory record, without its comment
COUNTED_MEMBERS = 10_000  # members counted (a few milliseconds) for a message that says how many; more: "more than"


def _too_many(name, count):
    return msg("{file} holds {count} members, more than the limit of {limit}; zip only the submission folder",
               file=name, count=count, limit=MAX_ZIP_MEMBERS)


def _checked_members(archive: zipfile.ZipFile, name: str) -> dict[tuple[str, ...], zipfile.ZipInfo]:
    """The archive's visible files by path parts, after refusing anything unsafe in any member."""
    infos = archive.infolist()
    if len(infos) > MAX_ZIP_MEMBERS:
        raise Rejected(_too_many(name, len(infos)))
    for info in infos:
        member = info.filename
        if member.startswith(("/", "\\")) or _DRIVE.match(member):
            raise Rejected(msg("{file}: member {member} has an absolute path, which would unpack outside the archive; "
                               "it is not unpacked: zip the submission folder again", file=name, member=repr(member)))
        if ".." in re.split(r"[/\\]", member):
            raise Rejected(msg("{file}: member {member} has a '..' in its path, which would unpack outside the "
                               "archive; it is not unpacked: zip the submission folder again", file=name,
                               member=repr(member)))
        if stat.S_IFMT(info.external_attr >> 16) == stat.S_IFLNK:
            raise Rejected(msg("{file}: member {member} is a symbolic link, which is not followed; zip the files "
                               "themselves", file=name, member=repr(member)))
        if info.flag_bits & 0x1:
            raise Rejected(msg("{file}: member {member} is encrypted; submit a zip without a password", file=name,
                               member=repr(member)))
        if info.file_size > ZIP_RATIO_FLOOR and info.file_size > MAX_ZIP_RATIO * max(info.compress_size, 1):
            raise Rejected(msg("{file}: member {member} would expand from {packed} to {size}, which looks like a zip "
                               "bomb; it is not unpacked", file=name, member=repr(member),
                               packed=size_text(info.compress_size), size=size_text(info.file_size)))
    declared = sum(info.file_size for info in infos)
    if declared > MAX_TOTAL_BYTES:
        biggest = max(infos, key=lambda info: info.file_size)
        raise Rejected(msg("{file} would unpack to {size}, more than the limit of {limit} (largest member: "
                           "{member}, {member_size}); it is not unpacked: remove outputs and data and zip again",
                           file=name, size=size_text(declared), limit=size_text(MAX_TOTAL_BYTES),
                           member=repr(biggest.filename), member_size=size_text(biggest.file_size)))

    members = {}
    for info in infos:
        parts = tuple(p for p in info.filename.replace("\\", "/").split("/") if p not in ("", "."))
        if info.is_dir() or not parts or any(is_hidden(p) for p in parts):
            continue  # folders are implied by their files
        if parts in members:
            raise Rejected(msg("{file} holds {member} twice; zip the submission folder again", file=name,
                               member=repr("/".join(parts))))
        members[parts] = info
    return members


def _zip_level(archive: zipfile.ZipFile, members: dict[tuple[str, ...], zipfile.ZipInfo], name: str) -> Level:
    tree: dict = {}
    for parts, info in members.items():
        node = tree
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise Rejected(msg("{file} holds {member} both as a file and as a folder; zip it again", file=name,
                                   member=repr(part)))
        if parts[-1] in node:
            raise Rejected(msg("{file} holds {member} both as a file and as a folder; zip it again", file=name,
                               member=repr(parts[-1])))
        node[parts[-1]] = info
    return _tree_level(archive, tree, name, name + "/", Budget())


def _tree_level(archive: zipfile.ZipFile, tree: dict, where: str, prefix: str, budget: Budget) -> Level:
    files = {n: _zip_reader(archive, t, prefix + n, budget) for n, t in tree.items() if not isinstance(t, dict)}
    dirs = {
        n: (lambda t=t, sub=prefix + n + "/": _tree_level(archive, t, sub, sub, budget))
        for n, t in tree.items()
        if isinstance(t, dict)
    }
    return Level(where, prefix, files, dirs)


def _zip_reader(archive: zipfile.ZipFile, info: zipfile.ZipInfo, shown: str, budget: Budget) -> Callable[[int], bytes]:
    def read(cap: int) -> bytes:
        if info.file_size > cap:
            raise Rejected(too_large(shown, info.file_size, cap))
        try:
            with archive.open(info) as stream:
                data = read_capped(stream, cap, shown)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError, ValueError) as e:
            raise Rejected(msg("{file} could not be unpacked ({error}); the zip may be damaged: zip it again",
                               file=shown, error=str(e))) from None
        budget.charge(len(data), shown)
        return data

    return read

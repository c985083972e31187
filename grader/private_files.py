"""Files the grader writes about students: one rule for their mode, and one atomic writer."""

import io
import os
import stat
import tempfile
from json.encoder import encode_basestring  # C, where the json accelerator is built
from pathlib import Path

# One rule for every file the grader writes about students (scores, timings, reports, feedback
# pages, the CI artifact, cached observations): it holds their names, grades and code's output, so it
# is private to the user who grades, mode 0600, whatever the umask. Share it on purpose (chmod, or
# copy it where students can read it). Course material (the handout, starters) follows the umask.
PRIVATE_FILE_MODE = 0o600


def write_json_atomically(path, record, ahead=None):
    """Write JSON so that a reader sees the old file or the whole new one, never a torn one. The text is
    json.dump(record, f, indent=2, ensure_ascii=False)'s, byte for byte (`_indented`), written as it is made:
    json.dumps of a class of 1,000 (36 MB) held a list of millions of pieces and their join, the grader's
    peak memory. `ahead`: a WrittenAhead holding the text of some of the record's containers, taken as it is."""
    def write(f):
        out = []
        _indented(record, out, 0, f, ahead)
        f.write("".join(out) + "\n")

    _write_atomically(path, write)


def write_text_atomically(path, text):
    """Write text (UTF-8) so that a reader sees the old file or the whole new one, never a torn one."""
    _write_atomically(path, lambda f: f.write(text))


def _write_atomically(path, write):
    path = Path(path)
    if _is_device(path):  # `-o /dev/null`, a pipe: written through, never replaced by a file of ours
        with open(path, "w", encoding="utf-8", newline="") as f:
            write(f)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.fchmod(fd, PRIVATE_FILE_MODE)  # mkstemp's mode already; said here because it is the rule
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _is_device(path):
    """Whether `path` is a character device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO): a file written in
    its place and renamed over it would replace the device itself (as root, /dev/null became a regular file of
    mode 0600 that every other program then failed to open), and a reader of it sees no torn file to protect."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


_FLUSH = 1 << 14  # pieces held before they are written
_INF = float("inf")


def _float(value):
    if value != value:
        return "NaN"
    if value == _INF:
        return "Infinity"
    if value == -_INF:
        return "-Infinity"
    return float.__repr__(value)


def _key(key):
    if isinstance(key, str):
        return key
    if isinstance(key, float):
        return _float(key)
    if key is True or key is False or key is None:
        return {True: "true", False: "false", None: "null"}[key]
    if isinstance(key, int):
        return int.__repr__(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")


def _indented(value, out, level, f, ahead=None):
    """The text json.dump(value, indent=2, ensure_ascii=False) writes (json.encoder's _make_iterencode: the
    same tests in the same order), appended to `out` and written to `f` every _FLUSH pieces. json.dump's own
    encoder, in Python with a generator per container and a write per piece, took twice as long: 1.5 s of
    CPU for a class of 1,000 (40 MB) at load 6, after the last observation, when nothing else runs."""
    text = _scalar(value)
    if text is not None:
        out.append(text)
    elif isinstance(value, (list, tuple, dict)):
        if not value:
            out.append("{}" if isinstance(value, dict) else "[]")
            return
        inner = "\n" + "  " * (level + 1)
        pairs = isinstance(value, dict)
        out.append("{" if pairs else "[")
        separator = inner
        for item in (value.items() if pairs else value):
            if pairs:
                head = separator + encode_basestring(_key(item[0])) + ": "
                item = item[1]
            else:
                head = separator
            text = _scalar(item)  # a scalar at once, with its head; a container recurses
            if text is None and ahead is not None and (kept := ahead.text(item, level + 1)) is not None:
                out.append(head)
                f.write("".join(out))  # a row's 40 KB at once, not held with the others
                out.clear()
                f.write(kept)
            elif text is not None:
                out.append(head + text)
            else:
                out.append(head)
                _indented(item, out, level + 1, f, ahead if ahead is not None and level + 1 < ahead.deepest else None)
            separator = "," + inner
            if len(out) > _FLUSH:
                f.write("".join(out))
                out.clear()
        out.append("\n" + "  " * level + ("}" if pairs else "]"))
    else:
        raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def _scalar(value):
    """The text of a value that is not a container, in json.encoder's order of tests; None for anything else."""
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _float(value)
    return None


class WrittenAhead:
    """The JSON text (`_indented`'s at a given level) of some containers of a record, made before the record is
    written (scores.RowsAhead: each row as its part of the batch is done) and kept in an unlinked temporary file
    of PRIVATE_FILE_MODE, not in memory (a class of 1,000 writes 40 MB). A container is taken by identity: it
    must not change between `keep` and the write. Not for several writing threads at once."""

    def __init__(self):
        self._file, self._kept, self._end = None, {}, 0  # id -> (the container, its level, offset, length)
        self.deepest = -1  # the deepest level kept: the writer looks no deeper

    def keep(self, value, level):
        written, out = io.StringIO(), []
        _indented(value, out, level, written)
        data = (written.getvalue() + "".join(out)).encode("utf-8")
        if self._file is None:
            self._file = tempfile.TemporaryFile()  # mkstemp's 0600, unlinked at once
        os.pwrite(self._file.fileno(), data, self._end)
        self._kept[id(value)] = (value, level, self._end, len(data))
        self.deepest = max(self.deepest, level)
        self._end += len(data)

    def text(self, value, level):
        """The text kept of this very container at this level, else None."""
        kept = self._kept.get(id(value))
        if kept is None or kept[0] is not value or kept[1] != level:
            return None
        return os.pread(self._file.fileno(), kept[3], kept[2]).decode("utf-8")

    def close(self):
        if self._file is not None:
            self._file.close()
        self._file, self._kept, self._end, self.deepest = None, {}, 0, -1

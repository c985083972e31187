"""Files the grader writes about students: one rule for their mode, and one atomic writer."""

import json
import os
import tempfile
from pathlib import Path

# One rule for every file the grader writes about students (scores, timings, reports, feedback
# pages, the CI artifact, cached observations): it holds their names, grades and code's output, so it
# is private to the user who grades, mode 0600, whatever the umask. Share it on purpose (chmod, or
# copy it where students can read it). Course material (the handout, starters) follows the umask.
PRIVATE_FILE_MODE = 0o600


def write_json_atomically(path, record):
    """Write JSON so that a reader sees the old file or the whole new one, never a torn one. The text is
    written as it is made: json.dumps of a class of 1,000 (36 MB) held a list of millions of pieces and
    their join, the grader's peak memory."""
    def write(f):
        json.dump(record, f, indent=2, ensure_ascii=False)
        f.write("\n")

    _write_atomically(path, write)


def write_text_atomically(path, text):
    """Write text (UTF-8) so that a reader sees the old file or the whole new one, never a torn one."""
    _write_atomically(path, lambda f: f.write(text))


def _write_atomically(path, write):
    path = Path(path)
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

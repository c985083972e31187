"""A submission as the loader makes it (`Submission`), and what makes a rejected one (grader/load's package
docstring says how entries are read)."""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import Message
from ..student_text import valid_utf8
from .reading import MAX_ARCHIVE_BYTES


@dataclass(frozen=True)
class Submission:
    """One entry of the input: its files, or the reason it is `rejected`.

    `files` maps a relative POSIX path to its content and always holds
    "engine.py" when the entry is accepted. `digest` is a sha256 of the files
    (of the reason and raw bytes for a rejected entry), the key of the cache.
    `origins` maps each of `files` to the student's own file (an `Origin`), so
    that feedback names `bob.py` or `carol.ipynb, cell 7, line 3`, not the
    sandbox's `engine.py`.
    `package` is the loader's decision that the files were handed in as a
    package (grader/load/levels.py `_as_package`): its name, whose
    `<package>/__init__.py` is in `files`, or None. Every surface reads this
    field (the sandbox's finder, the "from scratch" test, the fleet's job, the
    digest); none derives it again from the files' names.
    `notebooks` names the files of `files` that are a notebook's code cells
    joined (their `Origin.cells`): the loader's decision, carried to the worker
    as data (a cell that raises stops the notebook there, as Jupyter's Run All
    does: grader/sandbox/raised.py's ran_cells) and part of the digest; never
    derived again from a file's text (review 41: a .py opening with the IPython
    stand-ins was graded as a notebook).
    """

    id: str
    kind: str  # "file" | "folder" | "notebook" | "zip"
    source: str  # the entry's path, as given
    files: dict[str, bytes] = field(repr=False, hash=False)
    problem: str | None
    digest: str
    origins: dict = field(default_factory=dict, repr=False, hash=False, compare=False)
    problem_message: dict | None = field(default=None, repr=False, hash=False, compare=False)  # `problem` as data
    # an LMS export's student (exports.py): the LMS, the student as it names them, the files and attempt graded
    export: dict | None = field(default=None, repr=False, hash=False, compare=False)
    package: str | None = None  # the package the files were handed in as (levels._as_package), or None
    notebooks: tuple = ()  # the files that are a notebook's code cells joined (sorted names), the loader's say
    # other ids of the class that look alike, each graded, and what tells this one apart (alike_ids.told_apart)
    look_alike: dict | None = field(default=None, repr=False, hash=False, compare=False)

    @property
    def rejected(self) -> bool:
        return self.problem is not None

    def place(self, file: str | None, line: int | None) -> dict:
        """A place the sandbox reported (`engine.py`, line 137) as the student knows it."""
        origin = self.origins.get(file)
        return origin.place(line) if origin else {"file": file, "line": line}


def notebooks_of(origins: dict, files: dict | None = None) -> tuple:
    """`Submission.notebooks` of ORIGINS (name -> Origin): the files that are a notebook's code cells joined, and of
    FILES the `.py` files that are a notebook exported as a script (scripts.exported_notebook: nbconvert's `# In[3]:`
    marks, Colab's download): each is graded as Run All leaves the notebook when a cell raises (session 42: an
    export whose last cell's `assert` failed scored 0/63, the notebook 63/63)."""
    from .scripts import exported_notebook

    return tuple(sorted(name for name, origin in origins.items() if origin.cells is not None
                        or name.endswith(".py") and exported_notebook((files or {}).get(name) or b"")))


def files_digest(files: dict[str, bytes], package: str | None = None, notebooks=()) -> str:
    """sha256 over the sorted (path, content) pairs, each length-prefixed so no two sets collide, and the
    `package` they were handed in as (`Submission.package`) where there is one: the same files observed as a
    package and as plain modules are two observations (`engine.py` beside a helper `micrograd/__init__.py`, and
    `micrograd/engine.py` that imports `micrograd.ops`, travel as the same files)."""
    h = hashlib.sha256()
    for path in sorted(files):
        for part in (path.encode("utf-8"), files[path]):
            h.update(len(part).to_bytes(8, "big"))
            h.update(part)
    if package is not None:  # after the pairs, marked as no pair is (a length of all ones): none collides
        h.update(b"\xff" * 8 + package.encode("utf-8"))
    for name in sorted(notebooks):  # marked apart from the package's mark and from each other (length-prefixed)
        part = name.encode("utf-8")
        h.update(b"\xfe" * 8 + len(part).to_bytes(8, "big") + part)
    return h.hexdigest()


def rejected_submission(sub_id: str, kind: str, path: Path, reason: str, said: Message) -> Submission:
    """A rejected entry; its digest covers the reason and the entry's raw bytes (a file's, capped). `said`: the
    reason as data (grader/i18n), which every reader gives (reading.Rejected)."""
    reason = valid_utf8(reason)  # a reader's message may quote a name it did not escape
    h = hashlib.sha256(b"rejected\0" + reason.encode("utf-8") + b"\0")
    try:
        if stat.S_ISREG(path.stat().st_mode):
            with open(path, "rb", opener=lambda p, flags: os.open(p, flags | getattr(os, "O_NONBLOCK", 0))) as f:
                h.update(f.read(MAX_ARCHIVE_BYTES))
    except OSError:
        pass  # the reason alone still identifies the entry's state
    return Submission(sub_id, kind, str(path), {}, reason, h.hexdigest(),
                      problem_message=said.to_json())

"""A notebook's kernel cells (grader/classroom/notebook_check) read as one submission, their `%run` files from the
kernel's working folder."""

from __future__ import annotations

from pathlib import Path

from .comparison_cells import for_suite
from .disk import disk_reader
from .exercise_names import lone_notebook
from ..i18n import msg
from .reading import Budget, Rejected
from .submission import Submission


def load_kernel_notebook(path: Path, suite, folder: Path) -> Submission:
    """The notebook PATH that a kernel's cells were written to (grader/classroom/notebook_check) as one submission
    for SUITE, as load_submissions reads a notebook alone, but for its `%run`s of files (`%run ./engine_core.ipynb`,
    `%run -i ops.py`): read from the kernel's working FOLDER, where IPython ran them, as a folder's files beside its
    notebook are read; one not there is refused in the kernel's words (exercise_names.run_not_handed_in)."""
    from . import _entry_id, _guarded, _shown, allowed_files

    path, budget = Path(path), Budget()
    shown = _shown(path)

    def beside(name: str):  # `name`: a `%run` file's name, no folder in it (written._RUN_FILE)
        return _in_folder(Path(folder), name, budget)

    known = allowed_files(suite)
    sub = _guarded(_entry_id(path), "notebook", path, shown, lambda: lone_notebook(
        path, shown, disk_reader(path, shown, budget), known, kernel=(str(folder), beside)))
    return for_suite([sub], suite.forbid)[0]


def _in_folder(folder: Path, name: str, budget: Budget):
    """The reader of the kernel folder's file NAME, or None where it is not there. A symbolic link is followed where
    the file it names is in that folder too, as IPython followed it (`ops.py -> ops_v2.py`); one naming a file
    elsewhere (`ops.py -> ~/old-course/ops.py`) is none of the folder's files, and would not be handed in with it:
    the check is refused, saying so. Session 40's red team: a link was read as a link (refused when read), and its
    `%run` was dropped without a word, the check then failing on the names it defines, or passing without them."""
    path = folder / name
    try:
        real = path.resolve(strict=True)
        inside = real.is_relative_to(folder.resolve(strict=True))
    except (OSError, RuntimeError):  # missing, a loop of links, unreadable
        return None
    if not inside:
        raise Rejected(msg("{file} in this notebook's folder ({folder}) is a symbolic link to a file outside it "
                           "({target}): copy that file there in its place, run the notebook's cells again, then the "
                           "check", file=name, folder=str(folder), target=str(real)))
    return disk_reader(real, name, budget) if real.is_file() else None

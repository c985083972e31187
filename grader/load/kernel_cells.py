"""A notebook's kernel cells (grader/classroom/notebook_check) read as one submission, their `%run` files from the
kernel's working folder."""

from __future__ import annotations

from pathlib import Path

from .comparison_cells import for_suite
from .disk import disk_reader
from .exercise_names import lone_notebook
from .reading import Budget
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
        return disk_reader(folder / name, name, budget) if (folder / name).is_file() else None

    known = allowed_files(suite)
    sub = _guarded(_entry_id(path), "notebook", path, shown, lambda: lone_notebook(
        path, shown, disk_reader(path, shown, budget), known, kernel=(str(folder), beside)))
    return for_suite([sub], suite.forbid)[0]

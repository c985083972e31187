"""`from grader import check; check("03-tanh")` in a notebook cell: the visible tests on the
notebook's code as the kernel has run it.

Where the code comes from: the kernel's cell history (IPython's raw input
history, what `In` holds), in the order the cells ran. Not the notebook file:
in Colab the notebook is not a file on the kernel's disk, and in Jupyter,
JupyterLab and VS Code the file holds what was last saved, not what last ran.
The history is what the kernel's `Value` was built from, so replaying it is
checking the code the student just tried in the "Try it" cells.

Which cells of the history:
- every cell the kernel ran, in order; a cell run twice counts twice, and the
  later definition wins, as it did in the kernel;
- not the cells that do not compile (they ran nothing);
- not the cells that raised, from the moment `grader` was first imported in
  the kernel (an IPython hook records them; a cell that raised before that is
  replayed and raises again: restart the kernel and run all cells);
- not the check cells themselves (grader.load.notebooks.is_self_check_cell), which the
  loader also drops when the notebook is graded.

The replayed cells become a notebook that `grade check` checks, exactly as a
handed-in notebook is graded: escapes (`%magics`, `!shell`) dropped, cells
joined into one module, `if __name__ == "__main__":` blocks not run.
Outside IPython there is no history: pass `path=` (a .py file, a folder or
a saved notebook), as `grade check PATH` does.
"""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

from ..i18n import KERNEL_CELLS, msg, nmsg
from ..load.notebooks import is_self_check_cell, without_escapes
from ..sandbox import Limits
from ..load.kernel_cells import load_kernel_notebook
from .check_report import html_table, names_a_place  # noqa: F401 - notebook_check.html_table, as before
from .student_check import CheckError, CheckResult, check as check_path, check_submission, suite_of

# how a place names the kernel's cells: `this notebook, cell 5, line 3` («этот блокнот, ячейка 5, строка 3»)
NOTEBOOK_NAME = KERNEL_CELLS
_FAILED_CELLS: set[int] = set()  # execution counts of cells that raised, since the hook was registered
_HOOKED: set[int] = set()  # ids of the shells the hook is registered with


def _shell():
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()


def _record_failures(shell):
    """From now on, remember which cells raised (IPython reports each run to post_run_cell)."""
    if id(shell) in _HOOKED:
        return

    def after(result):
        if not result.success and result.execution_count is not None:
            _FAILED_CELLS.add(result.execution_count)

    shell.events.register("post_run_cell", after)
    _HOOKED.add(id(shell))


def kernel_cells(shell) -> list[str]:
    """The code of the cells the kernel ran, as described in the module docstring."""
    return [source for _, source in numbered_kernel_cells(shell)]


def numbered_kernel_cells(shell) -> list[tuple[int, str]]:
    """(execution count, code) of the cells the kernel ran: the number Jupyter shows beside each, `[5]`."""
    return _kernel_cells(shell)[0]


def _kernel_cells(shell) -> tuple[list[tuple[int, str]], list[int]]:
    """numbered_kernel_cells, and the execution counts of the cells left out because they did not compile or
    raised (a check cell is left out too, and is no such cell: the loader drops it from the file as well)."""
    history = shell.history_manager.input_hist_raw  # [0] is empty: cells count from 1
    cells, failed = [], []
    for count, source in enumerate(history):
        if count == 0 or not source.strip():
            continue
        code = "\n".join(text for text, _ in without_escapes(source))  # (line, its number in the cell) pairs
        if is_self_check_cell(code):
            continue
        if count in _FAILED_CELLS:
            failed.append(count)
            continue
        try:
            compile(code, f"<cell {count}>", "exec")
        except (SyntaxError, ValueError):
            failed.append(count)
            continue
        cells.append((count, source))
    return cells, failed


def check(exercise: str, *, path=None, limits: Limits = Limits(), lang: str | None = None) -> CheckResult:
    """Run EXERCISE's visible tests on this notebook's code (or on PATH); see the module docstring.

    Returns the result: Jupyter shows it as a table, print() as `grade check`'s text, in `lang`
    ("en", "ru", "zh"; default: $GRADE_LANG, then the locale, then English).
    """
    if path is not None:
        return check_path(Path(path), exercise, limits=limits, lang=lang)
    shell = _shell()
    if shell is None or not hasattr(shell, "history_manager"):
        raise CheckError(msg("check() reads the cells this notebook's kernel has run, and there is no notebook "
                             "kernel here: call it in a notebook (Jupyter, JupyterLab, VS Code, Colab), or pass "
                             "path=, or run `grade check PATH` in a terminal"), lang)
    _record_failures(shell)
    cells, failed = _kernel_cells(shell)
    if not cells:
        raise CheckError(msg("this notebook's kernel has run no code cells yet: run the notebook's cells "
                             "(Run All), then this cell again"), lang)
    import nbformat
    from nbformat import v4

    # Each cell at the position of its execution count (empty Markdown cells between), so that a place the
    # pipeline names, `cell 5, line 3`, is the cell Jupyter shows as [5], as IPython's own tracebacks do.
    by_count = dict(cells)
    padded = [v4.new_code_cell(by_count[n]) if n in by_count else v4.new_markdown_cell("")
              for n in range(1, max(by_count) + 1)]
    suite = suite_of(exercise, lang)
    with tempfile.TemporaryDirectory(prefix="grade-notebook-") as folder:
        notebook = Path(folder) / f"{exercise}.ipynb"
        nbformat.write(v4.new_notebook(cells=padded), str(notebook))
        # its `%run ./engine_core.ipynb` reads the kernel's working folder, as IPython did
        submission = load_kernel_notebook(notebook, suite, Path.cwd())
    # its places name the kernel's cells, not a file of the temporary folder
    origins = {name: dataclasses.replace(origin, file=NOTEBOOK_NAME, path=None)
               for name, origin in submission.origins.items()}
    result = check_submission(dataclasses.replace(submission, origins=origins), suite,
                              msg("the cells this notebook has run"), [], limits=limits, lang=lang)
    if failed:
        # The check reads the kernel, the grader the file: a cell that did not compile or raised is left out
        # here; in a handed-in notebook one that does not compile stops the whole notebook from importing (the
        # file's row, 0 points), and one that raises stops it there, as Run All does (sandbox/raised.ran_cells)
        result.notes.append(nmsg("cell {cells} did not compile or raised, and is left out of this check; the grader "
                                 "runs the notebook you hand in top to bottom, where a cell that does not compile "
                                 "stops the whole notebook from importing (0 points) and one that raises stops it "
                                 "there, the cells below it not run: fix or delete it there",
                                 "cells {cells} did not compile or raised, and are left out of this check; the "
                                 "grader runs the notebook you hand in top to bottom, where a cell that does not "
                                 "compile stops the whole notebook from importing (0 points) and one that raises "
                                 "stops it there, the cells below it not run: fix or delete them there", "n",
                                 cells=", ".join(f"[{n}]" for n in failed), n=len(failed)))
    # a failing test's place or a finding's `why:` place names a cell: say what its number is
    if any(t.get("where") for t in result.tests if t["status"] != "passed") or \
            any(names_a_place(entry) for entry in result.diagnosis):
        result.notes.append(msg("`{notebook}, cell N` is the cell Jupyter shows as [N] (its run number)",
                                notebook=NOTEBOOK_NAME))
    return result

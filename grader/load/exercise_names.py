"""An exercise's files by their names: a kept copy of one (`dual (1).py`), and the exercise's other files handed in
without its engine (`dual.py` alone for 08-dual-numbers), which is refused in words that say so.

A multi-file exercise (a suite whose FILES hold more than engine.py: 06's gradcheck.py, 07's nn.py, 08's dual.py,
09's test_engine.py, 10's neuron.py, 11's fit_line.py) grades engine.py together with its other files, which
import it. Handed in alone, such a file was taken as the engine, a lone file being engine.py whatever its name
(`dual.py defines no class named Value`, 0/20; `fit_line.py`'s `from engine import Value`, a circular import,
0/13), and a folder or a zip holding it alone was "no engine.py found ... (found: nn.py)": true, but silent on
what was wrong. It is now `rejected`, saying that engine.py belongs beside it (docs/contract.md §1), and (session
31) naming the exercise whose file it is and that exercise's notebook (it said "this exercise's"). A notebook is
read the same way: a lone `nn.ipynb` (`dual.ipynb`, `fit_line.ipynb`) whose cells make no `Value` of their own is
that file alone, refused likewise (before, it was graded as the engine: "defines no class named `Value`", or a
circular import), and one that makes its `Value` is the whole work, engine.py, as before.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Callable

from ..i18n import Message, items, msg
from ..parsing import tree_or_none
from .notebooks import files_beside, read_notebook
from .reading import ENGINE, MAX_FILE_BYTES, MAX_NOTEBOOK_BYTES, Origin, Rejected, python_source
from .scripts import exported_script

# what a browser, a file manager or an LMS adds to a file's name when it keeps a second copy: `gradcheck (1).py`
# (Chrome, Firefox, Windows), `gradcheck(1).py`, `gradcheck - Copy.py` (Windows Explorer), `gradcheck copy.py`
# (macOS Finder), `gradcheck-1.py` (Canvas's resubmission)
_COPY = re.compile(r"(?P<stem>.+?)(?: ?\(\d+\)| - copy(?: \(\d+\))?| copy(?: \d+)?|-\d+)(?P<suffix>\.py|\.ipynb)",
                   re.IGNORECASE)


def copy_of(name: str, target: str) -> bool:
    """Whether NAME is a kept copy of the exercise file TARGET (`_COPY`), as a .py or a notebook: taken where the
    level holds no TARGET itself and one copy alone. Session 28: `gradcheck (1).py` beside the given engine.py
    scored 0/15 ("no gradcheck.py"), where `engine (1).py` alone was taken as the one file."""
    copy = _COPY.fullmatch(name)
    stem, suffix = target.rsplit(".", 1)
    return copy is not None and copy["stem"].lower() == stem.lower() and (
        copy["suffix"].lower() == "." + suffix or suffix == "py")


def others_alone(names, allowed: frozenset[str]) -> list[str] | None:
    """The exercise's files other than engine.py (of `allowed`, sorted) that the `.py` and `.ipynb` files among NAMES
    are, where each of those is one of them, folded as the loader folds a name (any case, a kept copy, a notebook of
    that name: `Dual (1).py` and `dual.ipynb` are dual.py); None where there is no such file, or one is something
    else (`notes.py`, `engine.py`, `my_engine.py`: then it may be the engine, and is read as before)."""
    others = sorted(target for target in allowed if target != ENGINE and target.endswith(".py"))
    found = set()
    for name in (name for name in names if name.lower().endswith((".py", ".ipynb"))):
        same = [target for target in others if name.lower() in (target.lower(), target[:-3].lower() + ".ipynb")
                or copy_of(name, target)]
        if not same:
            return None
        found.add(same[0])
    return sorted(found) or None


def folders_notebook(files: dict, name: str, shown: str, target: str) -> tuple[bytes, tuple, tuple]:
    """read_notebook of the notebook NAME (SHOWN) of a folder's FILES (name -> read), its `%run`s reaching the files
    beside it; refused where it is the engine (TARGET) and a `%run` of a file not handed in leaves it no `Value`."""
    unrun: set = set()
    content, cells, runs = read_notebook(files[name](MAX_NOTEBOOK_BYTES), shown, files_beside(files, name), unrun)
    if target == ENGINE and (why := run_not_handed_in(shown, content, unrun)) is not None:
        raise Rejected(why)
    return content, cells, runs


def run_not_handed_in(shown: str, engine: bytes, unrun: set) -> Message | None:
    """Why the engine notebook SHOWN is refused where a `%run` of it names files not handed in beside it (UNRUN:
    IPython's `%run` of a missing file says so and runs nothing) and its code (ENGINE) then makes no `Value` of its
    own: every test would end in a NameError (session 38: `grade check engine.ipynb` alone, 0/63 "name 'Value' is
    not defined", where its folder gives 63/63). Its `%run` file is not looked for beside it on disk: a notebook is
    graded as handed in, alike in `grade check`, a class folder (where `%run ./bob.ipynb` never pulls in a
    classmate's file) and `grade serve`'s uploads. None where nothing is missing or a `Value` is made anyway."""
    if not unrun or binds_value(engine):
        return None
    return msg("{file} runs `%run ./{other}`, which was not handed in with it: hand in the folder (or a zip) with "
               "both files", file=shown, other=min(unrun))


def binds_value(code: bytes) -> bool:
    """Whether the module CODE makes a `Value` of its own (read with ast, nothing run): a `class Value`, an
    assignment to `Value`, or an import of it from another module than engine; True where it does not parse (its
    own reason is then said). A lone `nn.py` that holds the engine too is the engine, as before."""
    tree = tree_or_none(code.decode("utf-8", "replace"))
    if tree is None:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "Value":
            return True
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "Value" for target in targets for t in ast.walk(target)):
                return True
        if isinstance(node, (ast.Import, ast.ImportFrom)) and any((alias.asname or alias.name) == "Value"
                                                                   for alias in node.names):
            if not (isinstance(node, ast.ImportFrom) and (node.module or "").rpartition(".")[2] == "engine"):
                return True
    return False


class ExerciseFiles(frozenset):
    """The files a submission for one exercise may hold (a frozenset, as the loader passes them down), and which
    exercise they are for (`exercise`): what the loader knows (grader.load.allowed_files), so that a refusal names
    that exercise rather than one guessed from a file's name (closing32's leftover: `exercise_of`)."""

    exercise: str | None = None

    def __new__(cls, files, exercise: str | None = None):
        made = super().__new__(cls, files)
        made.exercise = exercise
        return made

    def __reduce__(self):  # pickled (a batch's jobs) with its exercise
        return type(self), (frozenset(self), self.exercise)


def exercise_of(other: str) -> str:
    """The exercise whose file `other` is (`dual.py`: 08-dual-numbers), the first in course order of the installed
    suites whose FILES hold it, read from their declarations; `other` itself where none does. Only where the loader
    was given no exercise (ExerciseFiles): a test's or a tool's plain set of files."""
    from ..suites import SUITES, available, suite_module

    return next((name for name in available() if other in getattr(suite_module(SUITES / name, "__init__"), "FILES", ())),
                other)


def _beside(other: str, allowed: frozenset[str] | None = None) -> dict:
    """The fields the refusals say: the exercise (the loader's, `allowed`'s, where it knows it), the exercise's
    notebook."""
    exercise = getattr(allowed, "exercise", None) or exercise_of(other)
    return {"exercise": exercise, "notebook": f"{exercise}.ipynb"}


def lone_other(file: str, code: bytes, allowed: frozenset[str]) -> Message | None:
    """Why the lone `.py` or `.ipynb` entry `file` (its code CODE, a notebook's cells joined) is refused: it is the
    exercise's other file without its engine (`others_alone`) and makes no `Value` of its own (`binds_value`);
    None where it is read as engine.py."""
    other = others_alone([file], allowed)
    if other is None or binds_value(code):
        return None
    return msg("{file} is {other} of exercise {exercise} without its engine.py: hand in a folder or a zip holding "
               "engine.py and {other} together, or the exercise's notebook, {notebook}", file=file, other=other[0],
               **_beside(other[0], allowed))


def others_without_engine(where: str, others: list[str], found: dict, allowed: frozenset[str] | None = None
                          ) -> Message:
    """Why a folder or a zip (`where`) whose `.py` and `.ipynb` files are only the exercise's OTHERS is refused
    (`found`: its entries, as levels._no_engine lists them; `allowed`: the exercise's files, ExerciseFiles)."""
    return msg("no engine.py found in {where}, only {others} of exercise {exercise} (found: {found}): hand in a "
               "folder or a zip holding engine.py and {others} together, or the exercise's notebook, {notebook}",
               where=where, others=items(others), found=found, **_beside(others[0], allowed))


def lone_script(path: Path, shown: str, read: Callable[[int], bytes], allowed: frozenset[str]
                ) -> tuple[dict[str, tuple[bytes, Origin]], None]:
    """A `.py` entry (named `shown`, read by READ): engine.py, whatever its name, unless it is the exercise's other
    file alone (`lone_other`), which is refused."""
    code = exported_script(python_source(read(MAX_FILE_BYTES), shown))
    if (why := lone_other(shown, code, allowed)) is not None:
        raise Rejected(why)
    return {ENGINE: (code, Origin(shown, None, path))}, None


def lone_notebook(path: Path, shown: str, read: Callable[[int], bytes], allowed: frozenset[str]
                  ) -> tuple[dict[str, tuple[bytes, Origin]], None]:
    """A notebook entry: its cells joined as engine.py, unless it is the exercise's other file alone (`nn.ipynb`
    whose cells make no `Value`: `lone_other`), which is refused."""
    unrun: set = set()
    engine, cells, runs = read_notebook(read(MAX_NOTEBOOK_BYTES), shown, unrun=unrun)
    if (why := lone_other(shown, engine, allowed) or run_not_handed_in(shown, engine, unrun)) is not None:
        raise Rejected(why)
    return {ENGINE: (engine, Origin(shown, cells, path, runs))}, None

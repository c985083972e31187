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
import unicodedata
from pathlib import Path
from typing import Callable

from ..i18n import Message, items, msg
from ..parsing import tree_or_none
from .notebooks import files_beside, read_notebook
from .reading import (ENGINE, MAX_FILE_BYTES, MAX_NOTEBOOK_BYTES, MAX_PATH_BYTES, NAME_MAX, Origin, Rejected,
                      python_source)
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


def case_twins(where: str, files: dict[str, Callable[[int], bytes]], taken: set[str],
               helper: Callable[[str], bool]) -> None:
    """Refuses the level WHERE (its FILES: name -> read(cap)) where two of the files it would carry have names that
    differ only in case (`engine.py` and `Engine.py`, `utils.py` and `Utils.py`), or only in how their letters are
    encoded (`café.py` composed, NFC, and decomposed, NFD: they look the same everywhere), and different contents: on
    macOS (and Windows, for case) they are one file, so the student cannot know which one the grader reads
    (redteam39: `engine.py` was graded, `Engine.py` dropped without a word; redteam44: both `café.py` were carried,
    Python imported the composed one, and the one a reader of the hand-in opens may be the other). Carried: an
    exercise file's name (TAKEN, lower case) or a helper module's (HELPER: levels._helper_name). Twins of the same
    bytes are graded as before: nothing of the student's is left out. The files said are the refusal's data
    (`files`, as the student named them), on every surface."""
    by_folded: dict[str, list[str]] = {}
    for name in files:
        if name.lower().endswith((".py", ".ipynb")):
            by_folded.setdefault(folded(name), []).append(name)
    taken = {folded(name) for name in taken}
    for key, names in sorted(by_folded.items()):
        carried = key in taken or any(n.endswith(".py") and helper(n[:-3]) for n in names)
        cap = MAX_NOTEBOOK_BYTES if key.endswith(".ipynb") else MAX_FILE_BYTES  # a notebook's own cap (review40)
        if len(names) > 1 and carried and len({files[n](cap) for n in names}) > 1:
            if len({name.lower() for name in names}) == len(names):  # each its own in lower case: the encoding
                raise Rejected(msg("{where} holds {files}, whose names differ only in how their letters are encoded "
                                   "(composed and decomposed accents, Unicode's NFC and NFD) and whose contents "
                                   "differ: they look the same, and on macOS they are one file, so the grader cannot "
                                   "tell which one you meant; keep one of them and hand in again", where=where,
                                   files=items([ascii(n)[1:-1] for n in sorted(names)])))
            raise Rejected(msg("{where} holds {files}, whose names differ only in case and whose contents differ: "
                               "on macOS and Windows they are one file, so the grader cannot tell which one you "
                               "meant; keep one of them and hand in again", where=where, files=items(sorted(names))))


def folded(name: str) -> str:
    """NAME as macOS's file systems compare names: composed (NFC) and in lower case."""
    return unicodedata.normalize("NFC", name).lower()


def carried_twins(where: str, files: dict[str, bytes]) -> None:
    """case_twins of every file the submission carries (FILES: its name there -> content), a helper package's too:
    `utils/Grad.py` beside `utils/grad.py`, `Utils/` beside `utils/` (session 40: both were carried, and `import
    utils.grad` read the one Linux found, where the student's macOS has one). And a carried file whose name, or a
    folder's on its path, is over NAME_MAX bytes (no Linux file system holds it: Python cannot import it), or whose
    path is over MAX_PATH_BYTES, is refused (redteam44: a zip's helper named by 300 letters was carried, and the
    sandbox could not write it: the row said "grader error ... Please report it")."""
    for name in sorted(files):
        if (longest := max(len(part.encode("utf-8", "surrogateescape")) for part in name.split("/"))) > NAME_MAX:
            raise Rejected(msg("{where} holds {file}, a name of {size} bytes, longer than the {limit} bytes a file "
                               "system allows in one name: Python cannot import it; give it a shorter name and hand "
                               "in again", where=where, file=repr(name), size=longest, limit=NAME_MAX))
        if (size := len(name.encode("utf-8", "surrogateescape"))) > MAX_PATH_BYTES:
            raise Rejected(msg("{where} holds {file}, a path of {size} bytes, longer than the limit of {limit} for a "
                               "file handed in: give its folders shorter names and hand in again", where=where,
                               file=repr(name), size=size, limit=MAX_PATH_BYTES))
    case_twins(where, {name: (lambda cap, content=content: content) for name, content in files.items()},
               {name.lower() for name in files}, lambda module: True)


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
    beside it; refused where a `%run` of a file not handed in leaves it unable to run (run_not_handed_in), the engine
    (TARGET) or another of the exercise's files (`nn.ipynb`)."""
    unrun: list = []
    content, cells, runs = read_notebook(files[name](MAX_NOTEBOOK_BYTES), shown, files_beside(files, name), unrun)
    if (why := run_not_handed_in(shown, content, unrun, engine=target == ENGINE)) is not None:
        raise Rejected(why)
    return content, cells, runs


def run_not_handed_in(shown: str, code: bytes, unrun: list, engine: bool = True, kernel: str | None = None
                      ) -> Message | None:
    """Why the notebook SHOWN is refused where a `%run` of it names files not handed in beside it (UNRUN: (file, the
    `%run` line as the student wrote it, quoted as such), in the order the notebook runs them: IPython's `%run` of a
    missing file says so and runs nothing) and its code (CODE) then
    cannot run: the engine's (ENGINE) makes no `Value` of its own (session 38: `grade check engine.ipynb` alone, 0/63
    "name 'Value' is not defined", where its folder gives 63/63), or any notebook's top level reads a name nothing
    binds before it (unbound_at_import: `class MLP(Module)` in an `nn.ipynb` whose `%run ./layers.py` made `Module`;
    session 39: 0/N, "NameError: name 'Module' is not defined" on every test). Every missing file is named (session
    39: only the first was). Its `%run` file is not looked for beside it on disk: a notebook is graded as handed in,
    alike in `grade check`, a class folder (where `%run ./bob.ipynb` never pulls in a classmate's file) and `grade
    serve`'s uploads. KERNEL (a folder): the cells of a notebook's kernel (grader/classroom/notebook_check), whose
    `%run` files were read from the kernel's working folder, as IPython reads them; nothing is handed in there, and
    the words say the file is not in that folder (session 39: they said "hand in the folder", and before session 38's
    mend the check was 0, a NameError, on a kernel whose `%run ./engine_core.ipynb` sat beside it). None where
    nothing is missing, or the code runs without it as far as can be read."""
    if not unrun or (not engine or binds_value(code)) and not unbound_at_import(code):
        return None
    files = [file for file, _ in unrun]
    if kernel is not None and len(unrun) == 1:
        return msg("this notebook runs `{command}`, and {other} is not in this notebook's folder ({folder}): put it "
                   "there, run the notebook's cells again, then the check", command=unrun[0][1], other=files[0],
                   folder=kernel)
    if kernel is not None:
        return msg("this notebook runs files with `%run` that are not in this notebook's folder ({folder}): "
                   "{others}; put them there, run the notebook's cells again, then the check", folder=kernel,
                   others=items(files))
    if len(unrun) == 1:
        return msg("{file} runs `{command}`, which was not handed in with it: hand in the folder (or a zip) with "
                   "both files", file=shown, command=unrun[0][1], other=files[0])
    return msg("{file} runs files with `%run` that were not handed in with it: {others}; hand in the folder (or a "
               "zip) with all of them", file=shown, others=items(files))


# what a module may call at its top level that can bind names no statement shows (`exec(...)`, `globals()[...]`)
_BINDS_UNSEEN = frozenset({"exec", "eval", "globals", "vars", "locals", "__import__", "setattr"})


def unbound_at_import(code: bytes) -> list[str]:
    """The names the module CODE reads at its top level, in the order it reads them, that no statement above (nor
    Python's builtins) binds: a NameError on import, sure as far as the code can be read (ast, nothing run). Read
    only up to the first statement whose effect cannot be followed: one that is not a plain expression, assignment,
    import, `def` or `class` (an `if`, a `try` that may catch the NameError), a `from ... import *`, or a call that
    may bind names unseen (a function of the module's own, which may say `global`; `exec`, `globals()`). A `def`'s
    decorators and defaults and a `class`'s decorators and bases run at its line; their bodies are not read."""
    import builtins

    tree = tree_or_none(code.decode("utf-8", "replace"))
    # Python's own builtins, not whatever this process put in the module since (IPython puts `display` there: a
    # test's order made `display` bound in one xdist worker, ci39b); `open` is io's (its __module__ is "io")
    bound = {name for name, value in vars(builtins).items()
             if getattr(value, "__module__", "builtins") in ("builtins", "_sitebuiltins", "io", "_io")} | {
        "__name__", "__file__", "__doc__", "__spec__", "__loader__", "__package__", "__builtins__", "__annotations__"}
    own_functions: set = set()
    unbound: list[str] = []
    for statement in tree.body if tree is not None else ():
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            if any(alias.name == "*" for alias in statement.names):
                break
            bound |= {(alias.asname or alias.name).partition(".")[0] for alias in statement.names}
            continue
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            run = [*statement.decorator_list, *statement.args.defaults,
                   *(d for d in statement.args.kw_defaults if d is not None)]
        elif isinstance(statement, ast.ClassDef):
            run = [*statement.decorator_list, *statement.bases, *(k.value for k in statement.keywords)]
        elif isinstance(statement, (ast.Expr, ast.Assign, ast.AugAssign, ast.Pass)):
            run = [statement]
        elif isinstance(statement, ast.AnnAssign):
            run = [part for part in (statement.target, statement.value) if part is not None]
        else:
            break
        reads, binds, calls = _top_level_names(run)
        unbound += [name for name in reads if name not in bound and name not in unbound]
        bound |= binds
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(statement.name)
            own_functions.add(statement.name)
        if calls & (own_functions | _BINDS_UNSEEN) or "*" in calls:
            break
    return unbound


def _top_level_names(parts) -> tuple[list[str], set[str], set[str]]:
    """The names PARTS (ast nodes run at a module's top level) read (in order, outside the lambdas and
    comprehensions that bind their own), the names they bind, and the names of what they call ("*" for a call of
    anything but a name)."""
    reads, binds, calls = [], set(), set()

    def visit(node, local: frozenset):
        if isinstance(node, ast.Lambda):
            return  # its body runs when it is called
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            names = frozenset(n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name))
            for k, generator in enumerate(node.generators):
                visit(generator.iter, local if k == 0 else local | names)
                for condition in generator.ifs:
                    visit(condition, local | names)
            for part in (node.key, node.value) if isinstance(node, ast.DictComp) else (node.elt,):
                visit(part, local | names)
            return
        if isinstance(node, ast.Call):
            calls.add(node.func.id if isinstance(node.func, ast.Name) else "*")
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load) and node.id not in local:
                reads.append(node.id)
            elif isinstance(node.ctx, ast.Store):
                binds.add(node.id)
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            reads.append(node.target.id)  # `x += 1` reads x first
        for child in ast.iter_child_nodes(node):
            visit(child, local)

    for part in parts:
        visit(part, frozenset())
    return reads, binds, calls


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


def lone_notebook(path: Path, shown: str, read: Callable[[int], bytes], allowed: frozenset[str],
                  kernel: tuple | None = None) -> tuple[dict[str, tuple[bytes, Origin]], None]:
    """A notebook entry: its cells joined as engine.py, unless it is the exercise's other file alone (`nn.ipynb`
    whose cells make no `Value`: `lone_other`), which is refused. KERNEL, (folder, a file's name -> its reader or
    None): a kernel's cells (grader/classroom/notebook_check), whose `%run`s read the files of that folder."""
    unrun: list = []
    engine, cells, runs = read_notebook(read(MAX_NOTEBOOK_BYTES), shown, kernel and kernel[1], unrun=unrun)
    why = lone_other(shown, engine, allowed) or run_not_handed_in(shown, engine, unrun, kernel=kernel and kernel[0])
    if why is not None:
        raise Rejected(why)
    return {ENGINE: (engine, Origin(shown, cells, path, runs))}, None

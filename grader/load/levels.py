"""Levels: a folder on disk or inside a zip, read only on demand, and the search for the exercise files in it.

A level lists its files and folders; a file is read only when it is picked, by a reader that checks it (no link, a
regular file, under the cap) and charges what it read to the submission's `Budget` (disk.py on disk; zips.py in a zip).
"""

from __future__ import annotations

import ast
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..forbidden import module_parents
from ..i18n import Message, items, msg, nmsg
from ..parsing import tree_or_none
from .exports import LMS_NAMES, export_lms
from .file_imports import file_imports, imported_unread, imports_and_calls, package_imports
from .exercise_names import (binds_value, carried_twins, case_twins, copy_of, folders_notebook, lone_other,
                             others_alone, others_without_engine)
from .notebooks import files_beside, read_notebook
from .scripts import exported_script
from .shadowing import shadowing
from .reading import (ENGINE, MAX_FILE_BYTES, MAX_HELPER_MODULES, MAX_NOTEBOOK_BYTES, MAX_PACKAGE_ENTRIES,
                      MAX_WRAPPERS, Origin, Rejected, name_text, python_source, some_names)


@dataclass
class Level:
    where: str  # names this level in messages: "alice/", "dave.zip", "dave.zip/alice/"
    prefix: str  # joined with a file's name to name it in messages
    files: dict[str, Callable[[int], bytes]]  # visible file name → read(cap)
    dirs: dict[str, Callable[[], Level]]  # visible folder name → open it
    folder: Path | None = None  # the level on disk; None inside a zip
    links: frozenset[str] = frozenset()  # the names in files or dirs that are symbolic links (refused when opened)


def collect(level: Level, allowed: frozenset[str]) -> tuple[dict[str, tuple[bytes, Origin]], str | None]:
    """The exercise files of a folder-like level, looked up as grader/load's docstring says, and the package they
    were handed in as (`_as_package`; None for none): the loader's decision, which travels as `Submission.package`."""
    root = level.prefix  # an Origin names a file from inside the entry: `hw1/engine.py`, not `alice/hw1/...`
    for depth in range(MAX_WRAPPERS + 1):
        picks = _exercise_files(level, allowed)
        candidates = sorted(n for n in level.files if n.lower().endswith((".py", ".ipynb")))
        if not picks and _is_engine_package(level, root, candidates):
            picks = {ENGINE: "__init__.py"}  # the engine as a package: `engine/__init__.py`, its modules beside
        if picks or depth == MAX_WRAPPERS:
            break
        if not candidates and len(level.dirs) == 1:
            level = next(iter(level.dirs.values()))()  # a wrapper folder: look inside
        elif (inner := _engine_folder(level, allowed)) is not None and (len(candidates) != 1 or (
                not _defines_value(level, candidates[0])
                and _defines_value(inner, _exercise_files(inner, allowed)[ENGINE], False))):
            # (the one file read only where a folder beside it holds an engine.py: a lone `hw1.ipynb` is read once)
            level = inner  # micrograd's own repository: micrograd/ beside setup.py, demo.ipynb and test/
        else:
            break
    if not picks and len(candidates) == 1:
        picks = {ENGINE: candidates[0]}
    elif ENGINE not in picks and len(candidates) == 1 and set(picks.values()) == set(candidates) and (
            (code := _code(level, candidates[0])) is None or binds_value(code)):
        # the exercise's other file alone (`nn.py`, `nn.ipynb`), making a `Value` of its own: the whole work,
        # engine.py, as that file alone is (exercise_names.lone_other); one that makes none is refused (_no_engine)
        picks = {ENGINE: candidates[0]}
    if ENGINE not in picks:
        raise Rejected(_one_other(level, root, allowed) or _no_engine(level, allowed))
    case_twins(level.where, level.files, {name.lower() for name in picks.values()}, _helper_name)
    files = {}
    for target, name in sorted(picks.items()):
        shown = level.prefix + name
        read = level.files[name]
        if name.lower().endswith(".ipynb"):
            content, cells, runs = folders_notebook(level.files, name, shown, target)
        else:
            content, cells, runs = exported_script(python_source(read(MAX_FILE_BYTES), shown)), None, None
        files[target] = (content, _origin(level, root, name, cells, runs))
    unread, scanned, wanted = {}, set(), set()
    while True:  # the helpers, then those a carried file imports without an `__init__.py` (a namespace package)
        for name, (where, file) in _helper_modules(level, picks, wanted).items():
            if name in files or name in unread or len(files) + len(unread) >= len(picks) + MAX_HELPER_MODULES:
                continue  # read already, or the cap reached across the rounds
            _carry(files, unread, name, where, file, root)  # left out where it cannot be read, unless it is imported
        # a folder here: a package, maybe a namespace (a level without folders has none, so its files are not
        # parsed for their imports here: a parse a file, 0.8-0.9 ms of a row's grader CPU, bench/load_cpu.py)
        more = wanted | {parent for name, (content, _) in files.items() if name not in scanned and level.dirs
                         for imported in file_imports(name, content) for parent in module_parents(imported)
                         if parent.partition(".")[0] in level.dirs}
        scanned.update(files)
        if more == wanted:
            break
        wanted = more
    for name, (where, file) in shadowing(level, files, imports_and_calls, MAX_HELPER_MODULES).items():  # `random.py`
        _carry(files, unread, name, where, file, root)
    carried_twins(level.where, {name: content for name, (content, _) in files.items()})
    package = _as_package(level, root, files, picks[ENGINE] == "__init__.py")  # before: `from . import h` needs h.py
    if unread and (needed := imported_unread(files, unread, package)):
        raise Rejected(unread[needed])  # the reason, not the sandbox's "No module named ..."
    return files, package


def _carry(files: dict, unread: dict, name: str, where: Level, file: str, root: str) -> None:
    """The helper `file` of `where` read into `files` as `name`, or why it cannot be into `unread`."""
    try:
        files[name] = (exported_script(python_source(where.files[file](MAX_FILE_BYTES), where.prefix + file)),
                       _origin(where, root, file))
    except Rejected as r:  # left out, as before helpers were carried, unless a carried file imports it
        unread[name] = r.message


def _is_engine_package(level: Level, root: str, candidates: list[str]) -> bool:
    """Whether LEVEL is a folder named `engine` (the engine's module name, in any case) holding `__init__.py`: a
    folder the student made, reached as the entry's one folder or below wrappers, or the entry itself (`grade check
    engine/`: refused until review35, where `grade check .` beside it took it): the engine handed in
    as a package, `from engine import Value` importing it as it imports engine.py. Its `__init__.py` is then the
    engine, its other modules and subpackages travel as helpers, and a package's relative imports (`from .ops import
    add`) are read as in engine.py beside ops.py (`_as_package`). Session 35: `engine/__init__.py` with `value.py`,
    `ops.py` and `graph.py` beside it was refused, "no engine.py found in alice/engine/" (0/63)."""
    named = (level.prefix[len(root):] or level.prefix).rstrip("/")  # below the entry, else the entry's own name
    return named.rpartition("/")[2].lower() == ENGINE[:-3] and "__init__.py" in candidates


UNNAMED_PACKAGE = "submission"  # the package of files at the entry's top that import relatively and name no package


def _as_package(level: Level, root: str, files: dict[str, tuple[bytes, Origin]], engine_package=False) -> str | None:
    """Where the exercise files were found in a folder that their imports name as a package, `micrograd/nn.py`'s
    `from micrograd.engine import Value` as in micrograd's own repository, or `from .engine import Value`: that
    folder travels as the package `micrograd/`, holding its `__init__.py` (empty where it has none, a namespace
    package) and nothing else; the sandbox makes the submission's modules its modules, so that both imports and the
    probes' `import engine` reach one module (grader/sandbox/as_package.py). The name returned is the decision
    every surface reads (`Submission.package`; session 26: the sandbox read it again from the files' names, and a
    helper package `aa/__init__.py` beside such files was taken for it; session 25: before, the first was refused as
    micrograd and the second failed). The package's name, returned (None where there is none): the folder's,
    where the student made that folder (a wrapper); at the entry's own top, whose name is the class's (`alice/`,
    an LMS's, a zip's), its name only where a file imports it by that name (`grade check .` in `micrograd/`), and
    UNNAMED_PACKAGE where the files import relatively alone (so too below a wrapper whose name is no module's,
    `hw-4/`): the grade never depends on what the entry is called (review25). The engine handed in as a
    package (`engine_package`: its `__init__.py` is engine.py) whose files import it by name (`from engine.ops
    import add`) is the package `engine`, as Python imports it (session 36: before, "'engine' is not a package")."""
    if engine_package and any("engine" in package_imports(content, name)[0] for name, (content, _) in files.items()
                              if "/" not in name and name.endswith(".py") and b"engine" in content):
        return "engine"
    below = level.prefix[len(root):].rstrip("/")  # the folder the files were in: a wrapper, or the entry's own
    folder = below.rpartition("/")[2] if below else \
        os.path.basename(os.path.abspath(level.folder)) if level.folder is not None else ""
    top = sorted(name for name in files if "/" not in name and name.endswith(".py"))

    def usable(name: str) -> bool:
        return _helper_name(name) and not any(file.partition("/")[0] in (name, name + ".py") for file in files)

    can = usable(folder)  # an ASCII name not in a file's text is not imported by it: that file is not parsed
    read = [package_imports(files[name][0], name) for name in top if _RELATIVE.search(files[name][0])
            or (can and (not folder.isascii() or folder.encode() in files[name][0]))]
    if can and any(folder in names for names, _ in read):
        package = folder  # named by the files themselves
    elif any(relative for _, relative in read):
        # relative imports alone: the name of the folder the student made, or none (the entry's is the class's)
        package = folder if below and usable(folder) else UNNAMED_PACKAGE
    else:
        return None
    if not usable(package):
        return None
    init = files.pop("__init__.py", None)  # carried as a helper module named `__init__`: it is the package's
    content = init[0] if init is not None else b""
    origin = init[1] if init is not None else Origin((level.prefix + "__init__.py")[len(root):], None, None)
    files[f"{package}/__init__.py"] = (content, origin)
    return package


_RELATIVE = re.compile(rb"from[\s\\]*\.")  # where a relative import can be: a file without it has none


def _origin(level: Level, root: str, name: str, cells: tuple | None = None, runs: tuple | None = None) -> Origin:
    """Where the file `name` of `level` came from: its name inside the entry (below `root`, the entry's prefix)
    and the file on disk it was read from (None inside a zip)."""
    return Origin((level.prefix + name)[len(root):], cells, level.folder / name if level.folder is not None else None,
                  runs)


# The names a helper module may not take: the worker's own, Python's start-up hooks, the standard library's (but a
# `random.py` a file of theirs imports: shadowing.py). The exercises' own modules are each exercise's to pick.
STUDENT_MODULES = ("engine", "nn", "dual", "gradcheck", "test_engine", "neuron", "fit_line")
RESERVED_MODULES = frozenset({"probekit", "drawn_inputs", "probes", "shared_probes", "local_probes", "worker",
                              "sitecustomize", "usercustomize",
                              *sys.stdlib_module_names})


def _helper_modules(level: Level, picks: dict[str, str], wanted: frozenset[str] | set[str] = frozenset()
                    ) -> dict[str, tuple[Level, str]]:
    """The other modules at the level of the exercise files, which the student's files may import
    (`from linalg import dot`, `from autodiff.ops import add`): name in the submission -> (its level, its file
    there). Each `<identifier>.py` that no exercise file came from, that is no other exercise's file (`nn.py` beside
    an engine graded alone) and takes no reserved name; and each package, a folder with an `__init__.py` whose name
    would be such a module's, with its `.py` files and its subpackages' (PACKAGE_DEPTH levels; deeper, those a
    carried file imports, `from autograd.core.nodes.scalar import Value`, as Python finds them). At most
    MAX_HELPER_MODULES files, modules first, by name. Not a folder's notebooks or data, nor a folder without an
    `__init__.py` (a virtual environment, a folder of tests) unless a carried file imports it (`wanted`, the dotted
    modules they import and their parents): a namespace package, which Python imports without one."""
    taken = {name.lower() for name in picks.values()} | {target.lower() for target in picks}
    helpers = {name: (level, name) for name in sorted(level.files)
               if name.endswith(".py") and _helper_name(name[:-3]) and name.lower() not in taken}
    looked = [0, level.where]  # the entries of the packages listed, across them all; where they are
    for name in sorted(level.dirs):
        if len(helpers) < MAX_HELPER_MODULES and _helper_name(name):
            _package(level, name, name + "/", helpers, PACKAGE_DEPTH, looked, wanted)
    return dict(list(helpers.items())[:MAX_HELPER_MODULES])


PACKAGE_DEPTH = 3  # a package, its subpackages, theirs


def _helper_name(module: str) -> bool:
    """Whether a helper module or package may be named `module`: an identifier, not reserved, no exercise's."""
    return module.isidentifier() and module not in RESERVED_MODULES and module.lower() not in STUDENT_MODULES


def _package(parent: Level, folder: str, prefix: str, helpers: dict, depth: int, looked: list,
             wanted: frozenset[str] | set[str] = frozenset()) -> None:
    """Adds the `.py` files of `parent`'s folder `folder` to `helpers` as `prefix + name`, and its subpackages',
    where it is a package: it holds an `__init__.py`, or a carried file imports it (`wanted`: a namespace package).
    A folder on disk is listed only then (a folder of data beside the engine is not read); the entries of the
    packages listed count towards MAX_PACKAGE_ENTRIES, and more is refused, as a zip of more than MAX_ZIP_MEMBERS is
    (without it, 32 packages of 999 folders of 1,000 entries were listed, session 23)."""
    namespace = prefix[:-1].replace("/", ".") in wanted
    if parent.folder is not None and not namespace and not os.path.lexists(parent.folder / folder / "__init__.py"):
        return
    try:
        package = parent.dirs[folder]()
    except Rejected:  # a folder that cannot be listed (a link, too many entries) is no package of the student's
        return
    if "__init__.py" not in package.files and not namespace:
        return
    looked[0] += len(package.files) + len(package.dirs)
    if looked[0] > MAX_PACKAGE_ENTRIES:
        raise Rejected(msg("the packages beside the exercise files in {where} hold more than {limit} files and "
                           "folders, the limit for helper packages; submit only the exercise files and the modules "
                           "they import", where=looked[1], limit=MAX_PACKAGE_ENTRIES))
    for name in sorted(package.files):
        if name.endswith(".py") and name[:-3].isidentifier() and len(helpers) < MAX_HELPER_MODULES:
            helpers[prefix + name] = (package, name)
    for name in sorted(package.dirs):  # PACKAGE_DEPTH levels; deeper, a subpackage a carried file imports
        deeper = depth > 1 or (prefix + name).replace("/", ".") in wanted
        if deeper and name.isidentifier() and len(helpers) < MAX_HELPER_MODULES:
            _package(package, name, prefix + name + "/", helpers, depth - 1, looked, wanted)


def _exercise_files(level: Level, allowed: frozenset[str]) -> dict[str, str]:
    """Exercise file name → the file of this level that provides it; of twins, one (case_twins judges them)."""
    by_lower: dict[str, list[str]] = {}
    for name in level.files:
        by_lower.setdefault(name.lower(), []).append(name)
    picks = {}
    for target in sorted(allowed):
        if target in level.files:
            picks[target] = target
        elif twins := (by_lower.get(target.lower())
                       or target.endswith(".py") and by_lower.get(target[:-3].lower() + ".ipynb")):
            picks[target] = min(twins)
        elif len(copies := [name for name in level.files if copy_of(name, target)]) == 1:
            picks[target] = copies[0]
    return picks


def _engine_folder(level: Level, allowed: frozenset[str]) -> Level | None:
    """The one folder of LEVEL that holds engine.py (`Engine.py`, `engine.ipynb`) at its top, where LEVEL has no
    file to take (none, or several `.py` and `.ipynb`): the exercise files are there, as in a clone of micrograd's
    own repository (`micrograd/engine.py` beside `setup.py`, `demo.ipynb`, `trace_graph.ipynb` and `test/`; review
    26: "no engine.py found", or with `test/` alone beside it), or below single-folder wrappers of its own, as a
    packaged project keeps it (`src/my_micrograd/engine.py` beside `pyproject.toml` and `tests/`, PyPA's src layout;
    session 32: "no engine.py found"). None where another folder may hold one too, at its top or below wrappers
    (`a/engine.py` beside `b/c/engine.py`), or cannot be opened (a link, too many entries): which one is the engine
    is then no one's to guess."""
    found = []
    for _, open_level in sorted(level.dirs.items()):
        try:
            below = open_level()
            for _ in range(MAX_WRAPPERS + 1):
                if ENGINE in _exercise_files(below, allowed):
                    found.append(below)
                    break
                if len(below.dirs) != 1 or any(n.lower().endswith((".py", ".ipynb")) for n in below.files):
                    break
                below = next(iter(below.dirs.values()))()
        except Rejected:
            return None
    return found[0] if len(found) == 1 else None


def _defines_value(level: Level, name: str, unreadable: bool = True) -> bool:
    """Whether the `.py` or `.ipynb` NAME of LEVEL holds a `class Value` (read with ast, nothing run); UNREADABLE
    where it cannot be read or parsed. The one such file of a level is passed over for the one folder that holds
    engine.py only where it holds none and that engine.py does (an unreadable file is taken, so that its own
    reason is said). Session 27: `setup.py` or `demo.py` alone beside micrograd's own `micrograd/engine.py` was
    taken as the engine (0/63, "defines no class named `Value`"); a `my_engine.py` beside an `old/` folder that
    holds an older engine.py is still the one taken, and so is a file beside a folder whose engine.py defines no
    `Value` either."""
    code = _code(level, name)
    if code is None:
        return unreadable
    tree = tree_or_none(code.decode("utf-8"))
    return unreadable if tree is None else any(isinstance(node, ast.ClassDef) and node.name == "Value" for node in ast.walk(tree))


def _code(level: Level, name: str) -> bytes | None:
    """The code of the `.py` or `.ipynb` NAME of LEVEL (a notebook's cells joined), None where it cannot be read."""
    shown = level.prefix + name
    try:
        if name.lower().endswith(".ipynb"):
            return read_notebook(level.files[name](MAX_NOTEBOOK_BYTES), shown, files_beside(level.files, name))[0]
        return exported_script(python_source(level.files[name](MAX_FILE_BYTES), shown))
    except Rejected:
        return None


def _one_other(level: Level, root: str, allowed: frozenset[str]) -> Message | None:
    """Why an entry (a folder, a zip) holding nothing but one file, the exercise's other one alone, is refused: in
    that file's words (exercise_names.lone_other), as Gradescope says it, which grades such an upload's one file as
    the entry (load.only_file). Session 31: `grade run` said "no engine.py found in alice/, only nn.py ..." of the
    folder where Gradescope said "nn.ipynb is nn.py of exercise 07-mlp-xor ..." of the same upload."""
    if level.prefix != root or level.dirs or level.links or len(level.files) != 1:
        return None
    name = next(iter(level.files))
    code = _code(level, name)
    return None if code is None else lone_other(name_text(name), code, allowed)


def _no_engine(level: Level, allowed: frozenset[str]) -> Message:
    zips = sorted(name_text(n) for n in level.files if n.lower().endswith(".zip"))
    if zips:
        return msg("no engine.py found in {where}: it holds {zips}, and zips inside a submission are not unpacked; "
                   "unpack it and submit its contents (for an LMS bulk export, unzip it and grade the folder)",
                   where=level.where, zips=some_names(zips))
    found = sorted(name_text(f) for f in level.files if f not in level.links) + sorted(
        name_text(d) + "/" for d in level.dirs if d not in level.links)
    links = sorted(map(name_text, level.links))  # a link is said as a link: `src -> real` is no folder `src/`
    lms = export_lms(sorted(level.files), sorted(level.dirs))
    if lms is not None:  # a class's export inside one entry (the zip as downloaded): no student's work to pick
        return msg("{where} holds a whole class's bulk export from {lms} (found: {found}), not one student's work: "
                   "grade it as a class folder of its own (unzipped, if it is a zip), which gives a row per student",
                   where=level.where, lms=LMS_NAMES[lms], found=some_names(found))
    if not links and (others := others_alone(level.files, allowed)) is not None:  # exercise_names.py
        return others_without_engine(level.where, others, some_names(found), allowed)
    if links and found:
        return nmsg("no engine.py found in {where}; expected engine.py, or a single .py or .ipynb file (found: "
                    "{found}; {links} is a symbolic link, which is not followed)",
                    "no engine.py found in {where}; expected engine.py, or a single .py or .ipynb file (found: "
                    "{found}; {links} are symbolic links, which are not followed)", "n",
                    where=level.where, found=some_names(found), links=items(links), n=len(links))
    if links:
        return nmsg("no engine.py found in {where}; expected engine.py, or a single .py or .ipynb file ({links} is "
                    "a symbolic link, which is not followed)",
                    "no engine.py found in {where}; expected engine.py, or a single .py or .ipynb file ({links} are "
                    "symbolic links, which are not followed)", "n", where=level.where, links=items(links),
                    n=len(links))
    if found:
        return msg("no engine.py found in {where}; expected engine.py, or a single .py or .ipynb file (found: {found})",
                   where=level.where, found=some_names(found))
    return msg("no engine.py found in {where}; expected engine.py, or a single .py or .ipynb file (it is empty)",
               where=level.where)

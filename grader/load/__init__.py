"""Reading submissions (docs/contract.md §1): a folder, a .py file, a notebook or a .zip → files, or a reason.

A submission arrives from a student, so everything here treats it as hostile:
nothing is executed (a notebook is parsed as JSON, its magics are dropped as
text), nothing is written to disk (a zip is read member by member in memory,
never extracted), and every read is capped before it happens and counted while
it happens. An entry that cannot be read still becomes a `Submission`, with
`problem` set to a reason written for the instructor: what was wrong, and what
to do about it.

Choices made where the contract is silent:

- A folder submission is the exercise files at its top (`allowed_files`, matched
  case-insensitively: `Engine.py` counts). A folder with none of them and one
  subfolder is a wrapper (LMS exports and zips often add one); up to
  `MAX_WRAPPERS` such levels are looked through. A folder with no exercise file
  but exactly one `.py` or `.ipynb` takes it as engine.py; with none or several, its one subfolder that holds
  engine.py at its top is read (a clone of micrograd's own repository: `micrograd/` beside `setup.py`,
  `demo.ipynb` and `test/`; levels._engine_folder), and where there is no such subfolder, or several, it is
  rejected naming them (guessing which one is the engine would be a coin toss).
  `engine.ipynb` stands in for a missing `engine.py` (likewise `nn.ipynb`, ...).
  The other `.py` modules beside the exercise files travel with them, so that
  the student's own imports work (`from linalg import dot`): each whose name is
  an identifier, no other exercise's file, no standard-library module and none
  of the worker's (levels.RESERVED_MODULES; but one a file carried imports,
  `random.py`: shadowing.py), up to MAX_HELPER_MODULES, and the
  packages beside them (up to MAX_PACKAGE_ENTRIES entries listed), and only
  those that can be read: one that cannot is left out, unless a file carried
  imports it, which rejects with its reason. Other files (README, data,
  notebooks, folders that are no package) are ignored.
- Symbolic links inside a submission are refused, not followed (a link could
  pull a grader file into the sandbox), and said as links: a folder with no
  engine.py that holds `real/` and `src -> real` says "found: real/; src is a
  symbolic link, which is not followed" (the links a field of the message,
  `links`), a wrapper folder that is a link "... is a symbolic link to a
  folder". The entries of the class folder itself are the instructor's and
  may be links.
- A folder given to `load_folder` is a class: every entry is one student's,
  and gets one row. The grader never guesses from a folder's contents that it
  is one student's work: a class in which one entry happens to be named
  `engine.py` must not collapse into that one student's row. One submission is
  graded by naming it: a file (`grade bob.py`), or a folder with
  `one_submission` (`grade --one-submission alice/`, `grade ci`, Gradescope).
  A folder that holds an exercise file at its top (`engine.py`, `Engine.py`,
  `nn.py`, `engine.ipynb`, ...) is ambiguous, one student's folder or a class
  with a student so named, and `load_folder` refuses it (`AmbiguousFolder`,
  which says both ways out) rather than pick one.
- Two entries with the same id (`bob/` and `bob.py`): entries are taken in name
  order; the first keeps the id, a later one is rejected with the id
  `"bob (bob.py)"` and a message naming both, so every entry keeps its row.
  Ids are unique by construction: a generated id is checked against the id of
  every entry of the folder, so a folder literally named `bob (bob.py)` keeps
  its own id and the duplicate becomes `"bob (bob.py) #2"`.
- An id is the entry's name as text (`name_text`): a name is bytes on Linux,
  and one that is not UTF-8 would make an id that cannot be written to
  scores.json. Each byte that is not part of UTF-8 text is written `\\xHH` and a
  backslash is written `\\\\`, so the escape is readable and reversible
  (`name_bytes` gives the name back): `caf\\xe9` is the Latin-1 name `café`.
- A zip is refused whole if any member (even one that would be ignored) is
  unsafe: an absolute path, a `..`, a symlink, encryption. One rule for a zip
  inside: an entry, a folder or a zip, whose one visible file (at its top or
  below wrapper folders) is a .zip is read as that zip, up to three zips inside
  (`disk.lone_archive`, `zips.MAX_NESTED_ZIPS`: as Gradescope grades the one
  file uploaded, as an LMS wraps a student's upload in a folder, as Moodle's
  upload is zipped again); an archive of another kind there is refused in its
  own words. A zip beside any other file is never unpacked; it only matters
  when no engine.py is found, and then the reason says so.
- Notebook cells that start with a cell magic are dropped, except `%%time` and
  `%%capture`, whose body IPython runs as ordinary code in the notebook's
  namespace (a student's `Value` may well be defined under `%%time`), and
  `%%writefile NAME.py`, a module the notebook writes, whose code runs where the
  notebook imports or `%run`s that module (Colab's way: write engine.py, then
  `from engine import Value`).

The package: this module reads an entry and makes its `Submission` (`submission.py`);
`exports.py` groups an LMS bulk export's files by student (Canvas, Moodle,
Blackboard, Gradescope, GitHub Classroom: a row per student, not per file; Gradescope's metadata file is
`gradescope_metadata.py`'s to read, what a row says of it in words `export_words.py`'s), `levels.py` looks
through a folder (on disk or in a zip) for the exercise files, `disk.py` lists a folder on disk and reads its
files when picked, `zips.py` checks and opens a zip, `notebooks.py` turns a notebook into code, `exercise_names.py`
matches names to exercise files (and refuses an exercise's other files alone), and `reading.py` holds what they
share: the caps, the refusal (`Rejected`), text, names (`name_text`, `name_bytes`) and `Origin`.
"""

from __future__ import annotations

import os
import stat
from dataclasses import replace
from pathlib import Path

from ..i18n import Message, msg
from . import levels
from .alike_ids import SeenIds, shown_later, told_apart, why_one_id
from .comparison_cells import for_suite
from .disk import disk_level, disk_reader, lone_archive
from .exercise_names import ExerciseFiles, lone_notebook, lone_script
from .levels import collect
from .reading import (ARCHIVE_SUFFIXES, ENGINE, SUBMISSION_SUFFIXES, Budget, Origin, Rejected,
                      is_hidden, name_text, some_names)
from .export_words import export_note
from .exports import Group, group_export
from .submission import Submission, files_digest, notebooks_of
from .submission import rejected_submission as _rejected
from .zips import read_zip

# The modules a student writes, across the exercises (each suite's FILES is a selection of them).
STUDENT_MODULES = levels.STUDENT_MODULES
DEFAULT_FILES = frozenset(f"{module}.py" for module in STUDENT_MODULES)

EXPECTED = "a folder, a .py file, a .ipynb notebook or a .zip of one of these"


class LoadError(ValueError):
    """The path given to the grader cannot be read at all (not one entry's problem)."""


class AmbiguousFolder(LoadError):
    """A folder given as a class that holds exercise files at its top: one student's work, or a class with
    an entry named like an exercise file? The grader does not guess (see the module docstring)."""

    def __init__(self, folder: Path, names: list[str], *, one_submission_flag: str | None = "--one-submission"):
        self.folder, self.names = folder, names
        shown = some_names([name_text(n) for n in names])
        first = name_text(names[0])
        one = (f"if it is one student's work, grade it as one submission: `grade {one_submission_flag} {folder}`"
               if one_submission_flag else "if it is one student's work, there is nothing to compare it with")
        super().__init__(
            f"{folder} holds {shown} at its top: it may be one student's work, or a class in which an entry is "
            f"named like an exercise file; the grader does not guess which. {one[0].upper()}{one[1:]}; if it is "
            f"a class, rename each such entry after its student ({first} -> the student's name{Path(first).suffix}) "
            f"so that every student gets a row.")


def nothing_to_grade(folder: Path) -> str:
    """Why FOLDER, in which load_folder found no entry, holds nothing to grade (for LoadError)."""
    skipped = sorted(name for name in os.listdir(folder) if is_hidden(name))
    what = (f"it holds only entries that are skipped as hidden ({some_names(skipped)})" if skipped
            else "it is empty")
    return (f"{folder} holds no submission to grade: {what}. Give a folder with one entry per student "
            f"({EXPECTED}).")


def load_folder(folder: Path, allowed_files: frozenset[str] = DEFAULT_FILES, *,
                one_submission_flag: str | None = "--one-submission") -> list[Submission]:
    """Every entry of the class folder FOLDER as a Submission, sorted by id; a file FOLDER is one submission.

    Hidden entries (`.DS_Store`, `.ipynb_checkpoints`, `__MACOSX`, ...) are
    skipped; every other entry gets exactly one Submission. Raises `LoadError`
    when FOLDER does not exist or cannot be listed, and `AmbiguousFolder` when
    it holds an exercise file at its top (one student's folder is graded with
    `load_entry`, by naming it; its message names `one_submission_flag`, or
    says there is nothing to compare when the caller has no such flag).
    """
    folder = Path(folder)
    if not folder.is_dir():
        return [load_entry(folder, allowed_files)]
    try:
        names = sorted(name for name in os.listdir(folder) if not is_hidden(name))
    except OSError as e:
        raise LoadError(f"{folder}: cannot be listed ({e.strerror or e})") from None
    exercise_files = _exercise_files_at_top(folder, names, allowed_files)
    if exercise_files:
        raise AmbiguousFolder(folder, exercise_files, one_submission_flag=one_submission_flag)
    subs, seen = [], SeenIds()
    # ids that differ only in their Unicode form (`José` composed, and decomposed as macOS writes names), by
    # characters no font draws (`alice\u200b` beside `alice`: session 36) or by letters of other scripts that look
    # alike (`аlice` with a Cyrillic `а`: session 37) are one name to a person and to an LMS's import: the same id
    found = group_export(folder, names)
    if found is not None:  # an LMS export that names each file after its student: a submission per student
        groups, names = found  # and the entries no student's (GitHub Classroom's folder), each its own, below
        subs = [_load_group(group, allowed_files) for group in groups]
        for group in groups:
            if group.folders:
                seen.add(group.id, _shown(group.folders[0]))
        if not names:
            return subs
    own_ids = {name: _entry_id(folder / name) for name in names}
    taken = set(own_ids.values()) | {sub.id for sub in subs}  # a generated id must not be any entry's own id either
    # of ids alike, alice's is graded whichever sorts first: an id with characters not shown or odd blanks after those
    # without (`alice .py` beside `alice.py`), one whose letters mix scripts after those of one script (`аlice.py`,
    # with a Cyrillic `а`), one not ASCII after those that are (`ⅿallory.py`): alike_ids.shown_later
    for name in sorted(names, key=lambda name: shown_later(own_ids[name])):
        path = folder / name
        sub_id = own_ids[name]
        earlier = seen.earlier(sub_id)
        if earlier is None:
            seen.add(sub_id, _shown(path))
            subs.append(load_entry(path, allowed_files))
            continue
        first, first_id = earlier
        new_id = f"{sub_id} ({name_text(name)})"
        candidate, n = new_id, 1
        while candidate in taken:
            n += 1
            candidate = f"{new_id} #{n}"
        taken.add(candidate)
        said = why_one_id(first, first_id, _shown(path), sub_id)
        subs.append(_rejected(candidate, _kind(path), path, str(said), said))
    alike = told_apart(sub.id for sub in subs if not sub.rejected)  # `Вера` and `Bepa`, each graded: marked apart
    return sorted((replace(sub, look_alike=alike[sub.id]) if sub.id in alike else sub for sub in subs),
                  key=lambda sub: sub.id)


def load_submissions(path, suite, *, one_submission=False) -> list[Submission]:
    """The submissions at `path` for `suite` (grader.suites.Suite): a class folder's entries, or (`one_submission`)
    `path` as one student's work whatever it holds (Gradescope's submission folder, a student's repository, a
    file). LoadError when empty. (grader.pipeline.load_submissions: every surface loads through here.)"""
    allowed = allowed_files(suite)
    submissions = [load_entry(path, allowed)] if one_submission else load_folder(path, allowed_files=allowed)
    if not submissions:
        raise LoadError(nothing_to_grade(path))
    return for_suite(submissions, suite.forbid)  # a notebook's torch cells left out (comparison_cells.py)


def allowed_files(suite) -> frozenset[str]:
    """The files a submission for `suite` may hold (grader.suites.Suite), with its name (ExerciseFiles.exercise)."""
    return ExerciseFiles(frozenset(suite.files) | {"engine.py"}, suite.name)


def load_entry(path: Path, allowed_files: frozenset[str] = DEFAULT_FILES, *, name: str | None = None) -> Submission:
    """One entry (a folder, .py, .ipynb or .zip) as a Submission; never raises for an existing entry.

    `name`: the file's name as its student gave it, where it is stored under another (a service's upload kept
    as `<id>.py`): its places and messages say it (`my_engine.py, line 12`); its id is still PATH's.
    Raises `LoadError` only when PATH does not exist.
    """
    path = Path(path)
    try:
        path.lstat()
    except FileNotFoundError:
        raise LoadError(f"{path}: no such file or folder") from None
    except OSError as e:
        raise LoadError(f"{path}: cannot be read ({e.strerror or e})") from None
    sub_id, kind = _entry_id(path), _kind(path)
    shown = _shown(path) if name is None else shown_name(name) or name_text(path.name)
    return _guarded(sub_id, kind, path, shown, lambda: _read_entry(path, kind, allowed_files, shown))


def _guarded(sub_id: str, kind: str, path: Path, where: str, read, *, export: dict | None = None,
             rejected_export: dict | None = None) -> Submission:
    """The Submission of what `read()` gives (name in the sandbox -> (content, Origin)), sourced at PATH; one it
    refuses (`Rejected`), or a reader's bug or an exotic OS error, is the entry's rejected row, never an exception
    (an entry, or an LMS export's student, must not lose its row). The one guard of load_entry and _load_group:
    `export` goes on a row that was read, `rejected_export` on one refused."""
    try:
        read_, package = read()
    except Rejected as r:
        said = r.message
    except Exception as e:  # a reader's bug or an exotic OS error must not cost the entry its row
        said = msg("{file} could not be read ({error})", file=where, error=f"{type(e).__name__}: {e}")
    else:
        files, origins = {n: content for n, (content, _) in read_.items()}, {n: o for n, (_, o) in read_.items()}
        notebooks = notebooks_of(origins, files)  # the loader's decision (Origin.cells, an export's marks)
        return Submission(sub_id, kind, str(path), files, None, files_digest(files, package, notebooks), origins,
                          export=export, package=package, notebooks=notebooks)
    return replace(_rejected(sub_id, kind, path, str(said), said), export=rejected_export)


# -- entries -------------------------------------------------------------------


def _load_group(group: Group, allowed: frozenset[str]) -> Submission:
    """One student of an LMS export (exports.py) as a Submission: their files read as the folder the student
    handed in, each under the name the student gave it; the id is the student's as the LMS names them."""
    if group.problem is not None:
        return replace(_rejected(group.id, "folder", group.source, str(group.problem), group.problem),
                       export=group.export)
    export = {**group.export, "said": export_note(group.export)}
    sources = group.folders + [path for path, _ in group.entries]
    source = sources[0]
    if len(sources) == 1:  # one file or one folder: read as such an entry is, named as the student named it
        path = sources[0]
        sub = load_entry(path, allowed, name=None if group.folders else group.entries[0][1])
        return replace(sub, id=group.id, export=group.export if sub.rejected else export)
    budget, files = Budget(), {}
    for path, given in group.entries:
        files[given] = disk_reader(path, given, budget)
    level = levels.Level(f"{group.id}'s files", "", files, {})
    for path in group.folders:  # Moodle: a student's folder beside files of theirs (not written by Moodle itself)
        level.dirs[path.name] = lambda path=path: disk_level(path, _shown(path), budget)
    sub = _guarded(group.id, "folder", source, level.where, lambda: collect(level, allowed), export=export,
                   rejected_export=group.export)
    if sub.rejected:
        return sub
    engine = sub.origins[ENGINE].file  # the row's source: the student's entry that is their engine
    return replace(sub, source=str(next((path for path, given in group.entries if given == engine), source)))



def _read_entry(path: Path, kind: str, allowed: frozenset[str], shown: str
                ) -> tuple[dict[str, tuple[bytes, Origin]], str | None]:
    """The entry's exercise files: name in the sandbox → (content, where the student has it, named `shown`); and the
    package they were handed in as (levels.collect), None for a file or a notebook."""
    budget = Budget()
    try:
        st = path.stat()
    except OSError as e:
        raise Rejected(msg("{file} is a link to something that cannot be read ({error})", file=shown,
                           error=e.strerror or str(e)))
    if kind == "folder":
        only = lone_archive(path)  # a folder holding one zip (or .rar, ...), maybe below wrappers, is that archive
        if only is not None:
            return _read_entry(only, _kind(only), allowed, name_text(only.name))
        return collect(disk_level(path, shown, budget), allowed)
    path = path.resolve()  # the class folder's entries are the instructor's: a link there is followed
    if not stat.S_ISREG(st.st_mode):
        raise Rejected(msg("{file} is not a regular file or folder; expected a folder, a .py file, a .ipynb notebook or a .zip of one of these", file=shown))
    suffix = path.suffix.lower()
    if kind == "zip":
        return read_zip(path, shown, st.st_size, allowed)
    # a file (or notebook) named as an exercise's other one is refused where the exercise is known (exercise_names)
    known = allowed if allowed != DEFAULT_FILES else frozenset({ENGINE})
    if kind == "notebook":
        return lone_notebook(path, shown, disk_reader(path, shown, budget), known)
    if suffix == ".py":
        return lone_script(path, shown, disk_reader(path, shown, budget), known)
    raise Rejected(_not_a_kind(shown, suffix))


def only_file(folder: Path) -> Path | None:
    """The one visible entry of FOLDER when it is a regular file (not a link), or None: what a student uploaded
    alone (Gradescope keeps an upload in its `submission/` folder, grader/integrations/gradescope.submission_entry;
    an LMS wraps each student's upload in a folder of theirs). Gradescope grades that file as the entry; a folder
    of a class (`grade run`, `grade ci`) is read as that file when it is a .zip (or refused as an archive of
    another kind, `.rar`, in that file's words), a .py or a notebook alone being the engine in a folder too
    (session 25: `grade run` refused a folder holding one .zip, zips inside a submission not being unpacked,
    where Gradescope graded the zip; `disk.lone_archive` also looks below wrapper folders). A file of another kind alone
    (`README.md`, `engine.pyc`) is said as a folder without an engine.py (`grade run`) and as that file
    (Gradescope, whose folder is its own)."""
    try:
        names = [name for name in os.listdir(folder) if not is_hidden(name)]
    except OSError:
        return None
    if len(names) != 1:
        return None
    path = Path(folder) / names[0]
    try:
        return path if stat.S_ISREG(path.lstat().st_mode) else None
    except OSError:
        return None


def shown_name(name: str) -> str:
    """A file's name as messages say it, from the name its student gave it (a browser may send a whole path,
    `C:\\fakepath\\engine.py`): its last part, printable."""
    return name_text(name.replace("\\", "/").rsplit("/", 1)[-1])


def not_a_submission_file(name: str) -> Message | None:
    """Why a file its student named `name` is no submission (no suffix, an archive of another kind, a suffix other
    than reading.SUBMISSION_SUFFIXES), or None: the words `grade run FILE` and Gradescope's one file say, for `grade serve`'s
    upload to refuse it in."""
    shown = shown_name(name)
    suffix = Path(shown).suffix.lower()
    return None if suffix in SUBMISSION_SUFFIXES else _not_a_kind(shown, suffix)


def _not_a_kind(shown: str, suffix: str) -> Message:
    """Why a file entry named `shown`, whose suffix is `suffix` (lower case; not .py, .ipynb or .zip), is refused."""
    if not suffix:
        return msg("{file} has no file extension; expected a folder, a .py file, a .ipynb notebook or a .zip of one of these", file=shown)
    if suffix in ARCHIVE_SUFFIXES:  # an archive of another kind (.rar, .7z, .tar.gz)
        return msg("{file} is a {suffix} file; expected a folder, a .py file, a .ipynb notebook or a .zip of one of these: unpack it, or pack it again as a .zip",
                   file=shown, suffix=suffix)
    return msg("{file} is a {suffix} file; expected a folder, a .py file, a .ipynb notebook or a .zip of one of these", file=shown, suffix=suffix)


def _entry_id(path: Path) -> str:
    name = path.name or path.resolve().name  # `grade .`
    return name_text(name if path.is_dir() else Path(name).stem)


def _kind(path: Path) -> str:
    if path.is_dir():
        return "folder"
    return {".ipynb": "notebook", ".zip": "zip"}.get(path.suffix.lower(), "file")


def _shown(path: Path) -> str:
    """The entry as messages name it: `alice/`, `bob.py` (no absolute paths: they would change the digest)."""
    name = name_text(path.name or path.resolve().name)
    return name + "/" if path.is_dir() else name


def _exercise_files_at_top(folder: Path, names: list[str], allowed: frozenset[str]) -> list[str]:
    """The names at FOLDER's top that a student's own folder would hold: an exercise file (any case), or the
    notebook that stands in for one. Their presence makes FOLDER ambiguous; nothing else about it is read."""
    targets = {name.lower() for name in DEFAULT_FILES | allowed}
    targets |= {name[:-3] + ".ipynb" for name in targets if name.endswith(".py")}
    found = []
    for name in names:
        if name.lower() in targets:
            try:
                if (folder / name).is_dir():
                    continue  # a folder named `engine.py` is an entry like any other
            except OSError:
                pass
            found.append(name)
    return found

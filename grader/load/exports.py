"""LMS bulk exports whose entries are not one per student: the files of a class folder grouped by the student the
learning-management system names in them (docs/contract.md §1, "LMS bulk exports").

Canvas, Moodle and Blackboard write a student's files as entries of one folder, each named with the student:

- Canvas ("Download Submissions"): `smithjohn_12345_67890_engine.py` (the student's name, lower-case, run
  together, never only digits; the Canvas user id; the file's id, one a file; both ids without a leading zero;
  the name the student gave it), `smithjohn_LATE_12345_67890_...`
  for a late submission, `engine-1.py` where the student's upload was renamed on a resubmission, and
  `smithjohn_12345_text.html` (no file id) for a text entry, which is no code and not graded. Only the
  latest submission's files are exported; a student who uploaded several files has several entries.
- Moodle ("Download all submissions"): `John Smith_123456_assignsubmission_file_engine.py` (the participant's
  full name and id, the submission plugin, the file's name), or, with "download submissions in folders",
  folders `John Smith_123456_assignsubmission_file_/` and `..._assignsubmission_onlinetext_/` (online text,
  as `onlinetext.html`).
- Blackboard ("Assignment File Download"): `HW1_jsmith_attempt_2026-12-01-10-00-00_engine.py` (the
  assignment, the username, the attempt's time, the file's name) and the attempt's receipt
  `HW1_jsmith_attempt_2026-12-01-10-00-00.txt`; every attempt of a student is exported.

GitHub Classroom (`gh classroom clone student-repos`) writes a folder `<assignment>-submissions/` of repositories
`<assignment>-<login>/`: one entry per student already, whose id is the student's login (`_classroom`); the
assignment is read from that folder's name alone, so that no id depends on the other repositories.

A folder is read as one of these when every entry of it (hidden ones aside) is named by that scheme, but for
stray files that can be no submission by their kind (`is_stray`: an instructor's `grades.csv`), ignored and
named in each row's `export` (`ignored`): a class with another entry named otherwise is never regrouped. Each student is then one submission, with an id made of
what the export names them by (`smithjohn_12345`, `John Smith_123456`, `jsmith`, `octocat`), built from the student's
own file names as if the student had handed in a folder of them (so `engine.py`, `engine-1.py` and a lone
`hw.ipynb` are found as in a folder, helpers travel, a README or a receipt is not graded). Of Blackboard's
attempts the latest that holds a file is graded, and the row says which (`export`, data), and which were left.
Moodle's online text is not code: beside a file submission it is left; alone, the row is `rejected` saying so.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import Message, msg
from .alike_ids import SeenIds, shown_later
from .gradescope_metadata import GRADESCOPE_FOLDER, read_gradescope_metadata
from .reading import ARCHIVE_SUFFIXES, SUBMISSION_SUFFIXES, name_text, some_names

# (a text entry or a URL is written by Canvas itself, with no file id: `smithjohn_12345_text.html`, `..._link.html`)
# (the student's name is never only digits, Canvas's ids are database numbers: no leading zero)
CANVAS = re.compile(r"^(?P<student>[^_]*?[^_\d][^_]*?)(?P<late>_(?i:late))?_(?P<user>[1-9]\d*)"
                    r"(?:_(?P<file_id>[1-9]\d*))?_(?P<name>.+)$", re.S)
_CANVAS_ENTRY = re.compile(r"^[a-z]+\.html$")  # what Canvas itself writes, with no file id
MOODLE = re.compile(r"^(?P<student>.+?)_(?P<user>\d+)_assignsubmission_(?P<plugin>[a-z]+)_(?P<name>.*)$", re.S)
# The first `_attempt_<time>` ends the head: Blackboard writes the assignment, the username and the time before the
# student's own file name, which may hold another (session 29: `HW1_mallory_attempt_<t>_HW1_victim_attempt_2099-..._
# engine.py`, read at its last, was victim's latest attempt where victim had handed in none, else a row of its own)
BLACKBOARD = re.compile(r"^(?P<head>.+?)_attempt_(?P<when>\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d)(?:_(?P<name>.+)|\.txt)$",
                        re.S)
_RENAMED = re.compile(r"^(?P<stem>.+)-\d+(?P<suffix>\.[^.]+)$", re.S)  # Canvas's `engine-1.py`
LMS_NAMES = {"canvas": "Canvas", "moodle": "Moodle", "blackboard": "Blackboard", "gradescope": "Gradescope",
             "github-classroom": "GitHub Classroom"}
GRADESCOPE_METADATA = "submission_metadata.yml"


@dataclass
class Group:
    """One student of an export: the entries of the class folder that are theirs (path, the name the student
    gave it; a folder's name is ""), and what the row says of them (`export`, data)."""

    id: str
    entries: list[tuple[Path, str]]
    export: dict
    problem: Message | None = None  # why there is nothing to grade (Moodle's online text alone, receipts alone)
    folders: list[Path] = field(default_factory=list)
    source: Path | None = None  # the entry the row names when there is nothing to read (a receipt, online text)


def export_lms(files: list[str], dirs: list[str]) -> str | None:
    """The LMS ("canvas", "moodle", "blackboard", "gradescope") whose bulk export a folder holding these visible
    files and folders is, each of them named by its scheme but for strays (`export_scheme`); None when it is none
    (or empty)."""
    found = export_scheme(files, dirs)
    return found and found[0]


def is_stray(name: str) -> bool:
    """Whether a file of a class folder named `name` can be no student's submission by its kind, whatever its
    name: not a .py, .ipynb or .zip, nor an archive of another kind (an instructor's `grades.csv`, a
    `README.md`, a roster `.xlsx`). Such a file beside an export's entries does not keep the folder from being
    read as the export (session 25: one `grades.csv` turned per-student grouping off, silently); it is ignored,
    and the rows and `grade run`'s summary say so. (A folder, or a file that may be a submission, is never a
    stray: a class with one such entry named otherwise is read entry by entry.)"""
    suffix = os.path.splitext(name)[1].lower()
    return suffix not in SUBMISSION_SUFFIXES and suffix not in ARCHIVE_SUFFIXES


def export_scheme(files: list[str], dirs: list[str]) -> tuple[str, list[str]] | None:
    """(the LMS, the stray files ignored) of a folder holding these visible files and folders when it is that LMS's
    bulk export: every folder and every file named by its scheme, but for strays (`is_stray`), at least one entry
    so named; None when it is none (or empty)."""
    strays = sorted(n for n in files if is_stray(n))
    for lms in ("moodle", "blackboard", "canvas", "gradescope"):  # Moodle's and Blackboard's before Canvas's,
        # whose pattern their names may match too (Moodle's flat ones; Blackboard's with a number for a
        # username: `HW1_20231234_attempt_...`)
        named = [n for n in files if _named(lms, n, False)]
        left = sorted(n for n in files if n not in named)
        if (named or dirs) and all(_named(lms, n, True) for n in dirs) and all(n in strays for n in left) \
                and _whole(lms, named, dirs):
            return lms, left
    return None


def _named(lms: str, name: str, is_dir: bool) -> bool:
    """Whether the entry `name` (a folder's when `is_dir`) is named by LMS's scheme, alone."""
    if lms == "moodle":
        return bool((m := MOODLE.match(name)) and bool(m["name"]) != is_dir)
    if lms == "blackboard":
        return not is_dir and bool(BLACKBOARD.match(name))
    if lms == "canvas":
        return not is_dir and bool(CANVAS.match(name))
    return name == GRADESCOPE_METADATA if not is_dir else bool(GRADESCOPE_FOLDER.match(name))


def _whole(lms: str, files: list[str], dirs: list[str]) -> bool:
    """Whether the entries named by LMS's scheme (`files`, `dirs`) are its export as a whole."""
    if lms in ("blackboard", "canvas") and dirs:
        return False
    if lms == "canvas":
        return _canvas_names([CANVAS.match(n) for n in files])
    if lms == "gradescope":
        return files == [GRADESCOPE_METADATA] and bool(dirs)
    return True


def _canvas_names(matches: list) -> bool:
    """Whether names that match CANVAS (`matches`, None where one does not) are as Canvas writes them: a file id is
    one file of one user, an entry without one Canvas's own (`text.html`), a user id one student's name (a class of
    `lab_3_alice.py`, `hw_3_1_alice.py` or `2026_12_14_alice.py`, names that only look so, is read entry by
    entry: it was one row, every student's file a helper of one "student")."""
    return (all(matches) and all(m["file_id"] or _CANVAS_ENTRY.match(m["name"]) for m in matches)
            and len({(m["user"], m["file_id"] or m["name"]) for m in matches}) == len(matches)
            and len({(m["user"], m["student"]) for m in matches}) == len({m["user"] for m in matches}))


def group_export(folder: Path, names: list[str]) -> tuple[list[Group], list[str]] | None:
    """The students of FOLDER (its visible entries `names`) when it is an LMS export as the docstring says,
    in the order of their ids, and the entries that are no student's of it, each a submission of its own as in any
    class folder (GitHub Classroom's alone: a folder that is no `<assignment>-<login>` repository, a file that is no
    stray); None when it is not one (every entry is then its own submission). The stray files ignored
    (`is_stray`) are in every group's `export` as `ignored`."""
    dirs = [name for name in names if _is_dir(folder / name)]
    found = export_scheme([name for name in names if name not in dirs], dirs)
    if found is None:
        found = _classroom(folder, [name for name in names if name not in dirs], dirs)
        if found is None:
            return None
    lms, ignored = found
    read = [name for name in names if name not in ignored]
    rest = []
    if lms == "github-classroom":
        assignment = _classroom_assignment(folder)
        rest = [name for name in read if not _classroom_repository(assignment, name, dirs)]
        groups = _github_classroom(folder, assignment, [name for name in read if name not in rest])
    else:
        groups = {"canvas": _canvas, "moodle": _moodle, "blackboard": _blackboard,
                  "gradescope": _gradescope}[lms](folder, read)
    if groups is None:
        return None
    for group in groups:
        if ignored:
            group.export["ignored"] = [name_text(n) for n in ignored]
    return sorted(groups, key=lambda g: g.id), rest


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _canvas(folder: Path, names: list[str]) -> list[Group] | None:
    matches = [CANVAS.match(n) for n in names]
    by_student: dict[tuple[str, str], list] = {}
    for name, m in zip(names, matches):
        by_student.setdefault((m["student"], m["user"]), []).append((name, m))
    groups = []
    for (student, user), found in sorted(by_student.items()):
        own = {m["name"] for _, m in found}
        entries = []
        for name, m in sorted(found, key=lambda f: (int(f[1]["file_id"] or -1), f[0])):
            given = m["name"]
            renamed = _RENAMED.match(given)
            if renamed and renamed["stem"] + renamed["suffix"] not in own:
                given = renamed["stem"] + renamed["suffix"]  # a resubmission's upload, renamed by Canvas
                own.add(given)
            entries.append((folder / name, given))
        export = {"lms": "canvas", "student": student, "user_id": user,
                  "files": [name for name, _ in sorted(found)], "late": any(m["late"] for _, m in found)}
        groups.append(Group(f"{student}_{user}", entries, export))
    return groups


# Moodle's separator between the participant (name, id) and the rest: once in every name Moodle writes
_MOODLE_SEPARATOR = re.compile(r"_\d+_assignsubmission_[a-z]+_")


def _moodle(folder: Path, names: list[str]) -> list[Group] | None:
    matches = [MOODLE.match(n) for n in names]  # a folder is `..._assignsubmission_file_/`, a file `..._name`
    by_student: dict[tuple[str, str], list] = {}
    groups = []
    for name, m in zip(names, matches):
        if len(_MOODLE_SEPARATOR.findall(name)) > 1:
            groups.append(_moodle_ambiguous(folder, name))
            continue
        by_student.setdefault((m["student"], m["user"]), []).append((name, m))
    for (student, user), found in sorted(by_student.items()):
        files = [(name, m) for name, m in found if m["plugin"] == "file"]
        left = sorted(name for name, m in found if m["plugin"] != "file")
        export = {"lms": "moodle", "student": student, "user_id": user, "files": sorted(name for name, _ in files),
                  **({"left_out": left} if left else {})}
        group = Group(f"{student}_{user}", [], export, source=folder / sorted(found)[0][0])
        for name, m in sorted(files):
            if m["name"]:
                group.entries.append((folder / name, m["name"]))
            else:
                group.folders.append(folder / name)
        if not files:
            group.problem = msg("Moodle's export holds only online text for {student} ({files}), no file: online "
                                "text is not graded; ask the student to submit engine.py as a file",
                                student=name_text(student), files=some_names([name_text(n) for n in left]))
        groups.append(group)
    return groups


def _moodle_ambiguous(folder: Path, name: str) -> Group:
    """An entry whose name holds Moodle's separator twice: `Alice Jones_555_assignsubmission_file_x_999_assign...`
    is Alice Jones (555)'s file `x_999_..._engine.py`, or the file `engine.py` of a participant whose display name
    is `Alice Jones_555_assignsubmission_file_x` (999): a name a student set can read as a classmate's, and join
    that classmate's files (their row then held two candidates and was rejected). It joins no one: a row of its
    own, rejected, naming it."""
    said = name_text(name)
    export = {"lms": "moodle", "files": [name]}
    problem = msg("{file}: its name can be read as two students' in Moodle's export (it holds Moodle's "
                  "`_<id>_assignsubmission_` twice: a display name or a file name made to look like another's); it is "
                  "graded as no one's: check the student in Moodle and grade their file on its own", file=said)
    return Group(said, [], export, problem=problem, source=folder / name)


def _blackboard(folder: Path, names: list[str]) -> list[Group] | None:
    matches = [BLACKBOARD.match(n) for n in names]
    heads = sorted({m["head"] for m in matches})
    assignment = _blackboard_assignment(folder, names, matches, heads)
    if assignment is None and any("_" not in head for head in heads):
        return None  # no assignment name before a username: not Blackboard's shape
    by_user: dict[str, dict[str, list]] = {}
    split = {}  # username -> the assignment its head starts with
    users = _blackboard_users(heads, assignment)
    for name, m in zip(names, matches):
        head_assignment, user = users[m["head"]]
        split[user] = head_assignment
        by_user.setdefault(user, {}).setdefault(m["when"], []).append((name, m))
    groups = []
    for user, attempts in sorted(by_user.items()):
        with_files = [when for when in sorted(attempts) if any(m["name"] for _, m in attempts[when])]
        export = {"lms": "blackboard", "student": user, "assignment": split[user],
                  "attempts": sorted(attempts)}
        if not user:
            return None
        group = Group(user, [], export, source=folder / min(n for when in attempts for n, _ in attempts[when]))
        if not with_files:
            receipts = sorted(name_text(n) for when in attempts for n, _ in attempts[when])
            group.problem = msg("Blackboard's export holds only the receipts of {student}'s attempts ({files}), no "
                                "file: the student submitted no file; ask the student to submit engine.py",
                                student=name_text(user), files=some_names(receipts))
        else:
            chosen = with_files[-1]
            export["attempt"] = chosen
            export["files"] = sorted(n for n, _ in attempts[chosen])
            export["attempts_left_out"] = [when for when in sorted(attempts) if when != chosen]
            group.entries = [(folder / n, m["name"]) for n, m in sorted(attempts[chosen]) if m["name"]]
        groups.append(group)
    return groups


def _blackboard_users(heads: list[str], assignment: str | None) -> dict[str, tuple[str, str]]:
    """Each head's (assignment, username): a head is `<assignment>_<username>`, one student's. The receipts'
    assignment where one names it; else each head's own last `_` (a username of no `_`), never the heads' common
    prefix, so that no student's id depends on the others' (session 26: `HW1_s_12345` was `12345` alone, and
    `s_12345` beside `HW1_jdoe`); but where two heads would so be one username (`HW1_a_smith` and `HW1_j_smith`,
    both `smith`: review 26, one row `smith`, the earlier student's file left out as an older attempt),
    every head is cut at the heads' common prefix up to its last `_`, as before session 26: two students, two ids."""
    if assignment is not None:
        return {head: (assignment, head[len(assignment) + 1:]) for head in heads}
    own = {head: head.rpartition("_")[0] for head in heads}
    if len({head[len(cut) + 1:] for head, cut in own.items()}) == len(heads):
        return {head: (cut, head[len(cut) + 1:]) for head, cut in own.items()}
    common = os.path.commonprefix(heads)
    cut = common.rfind("_")
    return {head: (common[:cut], head[cut + 1:]) if cut >= 0 else ("", head) for head in heads}


# the line of a Blackboard receipt that names the student: `Name: John Smith (j_smith)`
_RECEIPT_NAME = re.compile(r"^Name:[^\n]*\((?P<user>[^()\s]+)\)[ \t\r]*$", re.M)
MAX_RECEIPT_BYTES = 64 * 1024


def _blackboard_assignment(folder: Path, names: list[str], matches: list, heads: list[str]) -> str | None:
    """The assignment's name as Blackboard's file names start with it (`HW1` of `HW1_j_smith_attempt_...`), from
    the receipts' `Name: ... (username)` lines: each head is `<assignment>_<username>`, and a username may hold
    `_` (session 25: `HW1_s_12345` beside `HW1_s_12399` were cut at their common prefix, `12345` and `12399`).
    None when no receipt names a username its file's name ends with, or receipts disagree, or a head does not
    start with the assignment: each head is then cut at its own last `_` (_blackboard)."""
    found = set()
    for name, m in zip(names, matches):
        if m["name"] is not None:
            continue
        try:
            path = folder / name
            if path.is_symlink() or not path.is_file():
                continue
            with open(path, "rb") as f:
                text = f.read(MAX_RECEIPT_BYTES).decode("utf-8", "replace")
        except OSError:
            continue
        said = _RECEIPT_NAME.search(text)
        if said and m["head"].endswith("_" + said["user"]) and len(m["head"]) > len(said["user"]) + 1:
            found.add(m["head"][:-len(said["user"]) - 1])
    if len(found) != 1:
        return None
    (assignment,) = found
    return assignment if all(h.startswith(assignment + "_") and len(h) > len(assignment) + 1 for h in heads) \
        else None


# GitHub Classroom: `gh classroom clone student-repos` writes `<assignment>-submissions/<assignment>-<login>/`
CLASSROOM_FOLDER = re.compile(r"^(?P<assignment>.+)-submissions$", re.S)
GITHUB_LOGIN = re.compile(r"^[A-Za-z\d](?:[A-Za-z\d]|-(?=[A-Za-z\d])){0,38}$")


def _classroom(folder: Path, files: list[str], dirs: list[str]) -> tuple[str, list[str]] | None:
    """("github-classroom", the stray files ignored) when FOLDER is GitHub Classroom's clone of an assignment's
    repositories, `<assignment>-<login>/` each: FOLDER named `<assignment>-submissions`, as `gh classroom clone
    student-repos` names it, holding at least one folder so named. None otherwise. Its other entries are each a
    submission of their own (group_export), so no student's id depends on them."""
    assignment = _classroom_assignment(folder)
    if assignment is None or not any(_classroom_repository(assignment, d, dirs) for d in dirs):
        return None
    return "github-classroom", sorted(n for n in files if is_stray(n))


def _classroom_assignment(folder: Path) -> str | None:
    """The assignment of GitHub Classroom's clones in FOLDER, read from FOLDER's own name alone
    (`<assignment>-submissions`), never from the repositories' names: a student's id is then what follows it in
    their repository's name, whoever else is in the folder. Session 26: clones under a folder named otherwise took
    the assignment from the repositories' common prefix, so `hw1-mary-ann` was `ann` beside `hw1-mary-jane` alone
    and `mary-ann` once `hw1-bob` came; such clones are read entry by entry now, each named by its repository."""
    named = CLASSROOM_FOLDER.match(folder.resolve().name)
    return named["assignment"] if named else None


def _classroom_repository(assignment: str, name: str, dirs: list[str]) -> bool:
    """Whether the entry `name` is a student's repository of `assignment`: a folder `<assignment>-<login>`."""
    return name in dirs and name.startswith(assignment + "-") and bool(GITHUB_LOGIN.match(name[len(assignment) + 1:]))


def _github_classroom(folder: Path, assignment: str, names: list[str]) -> list[Group]:
    return [Group(name[len(assignment) + 1:], [], {"lms": "github-classroom", "student": name[len(assignment) + 1:],
                                                   "assignment": assignment, "repository": name},
                  folders=[folder / name]) for name in names]


def _gradescope(folder: Path, names: list[str]) -> list[Group] | None:
    others = [name for name in names if name != GRADESCOPE_METADATA]
    meta = read_gradescope_metadata(folder / GRADESCOPE_METADATA)
    ids = {}
    for name in others:
        idents = [s.get("email") or s.get("sid") or s.get("name") for s in meta.get(name, [])]
        ids[name] = " + ".join(i for i in idents if i) or name
    groups, taken = [], SeenIds()
    # a student in two submissions (an export taken mid-regrade), or two submitters named alike (`аlice` with a
    # Cyrillic `а` beside `alice`, `alice\u200b`: session 37): both rows, the later told apart by its submission;
    # which is later, alike_ids.shown_later says first, whatever its number
    for name in sorted(others, key=lambda n: (shown_later(ids[n]), int(n.split("_")[1]))):
        submitters, sub_id = meta.get(name, []), ids[name]
        if taken.earlier(sub_id) is not None:
            sub_id = f"{sub_id} ({name})"
        taken.add(sub_id, name)
        export = {"lms": "gradescope", "submission": name, "submitters": submitters}
        groups.append(Group(sub_id, [], export, folders=[folder / name]))
    return groups

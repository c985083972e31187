"""A scores record as a CSV gradebook: a row per submission, a column per concept.

Columns: `id,score,max_score,status`, then one column per concept (sorted)
holding the points earned on that concept's tests. Numbers are written as
people write them (`38`, `38.5`); every score is the scores file's (a
crashed or timed-out row keeps what its finished tests earned, docs/contract.md §4). Rows follow the record's order; RFC 4180 quoting (an id with a
comma or quote is quoted), CRLF line ends, UTF-8.

`id` is the submission's id, the name of the file or folder it came in
(docs/contract.md §1); it is not an LMS's student number, and nothing here invents
one. To import into a learning-management system, map `id` to the column
that holds what your submission file names carry, and `score` to the
assignment:

- Canvas (Grades → Import): Canvas matches rows by `ID` (Canvas user id),
  `SIS User ID` or `SIS Login ID` and wants a `Student` column; every other
  column whose header is not an existing assignment is created as a new
  assignment. So: export Canvas's gradebook, join its rows to these by the
  identifier your file names use (for example `SIS Login ID` when students
  name files by login), copy `score` into the assignment's column, and drop
  `max_score`, `status` and the concept columns unless you want them as
  assignments of their own.
- Moodle (Grades → Import → CSV file): under "Identify user" pick `id` as the
  file's column and the user field it holds (username, ID number or email);
  under "Grade item mappings" map `score` to the assignment (or to "new grade
  item"), and each concept column to its own item or to "ignore".

A class read from an LMS bulk export (docs/contract.md §1: Canvas, Moodle, Blackboard, Gradescope, GitHub Classroom) has two
more columns after `status`: `lms_student`, the student as the export names them, and `lms_id`, what that
LMS's grade import matches on: Canvas's user id (its gradebook's `ID`), Moodle's participant id (its grading
worksheet's `Participant N`), Blackboard's username, Gradescope's submitters' emails, GitHub Classroom's login.

A cell that a spreadsheet would run as a formula (an id starting with `=`,
`+`, `-`, `@`, tab or carriage return: ids are chosen by students) is
written with a leading `'`, as OWASP advises against CSV injection; so is one
that starts so after blanks or characters not shown (` =HYPERLINK(...)`,
`\u00a0+1`, `\u200b@SUM(...)`: an import that trims blanks, Google Sheets'
"Trim whitespace" or a script's `strip()`, ran it: session 37), or with the
fullwidth forms `＝`, `＋`, `－`, `＠` (which a spreadsheet's input in East Asian
locales turns into their ASCII forms). An id is
written as `printable` shows it (grader/student_text.py): a spreadsheet or a
terminal that shows the file never gets a raw ESC, BEL, carriage return,
newline or bidi override from a name a student chose.
"""

from __future__ import annotations

import csv
import io

from ..student_text import id_marks, without_not_shown
from .record import concept_points, concepts, number, printable, score_of

COLUMNS = ("id", "score", "max_score", "status")
LMS_COLUMNS = ("lms_student", "lms_id")  # after COLUMNS, in a class read from an LMS export
# after those, in a class where ids look alike, each graded (`Вера` beside `Bepa`): what tells a row apart, its
# `look_alike` mark (`Cyrillic`), empty for the other rows
MARK_COLUMNS = ("letters",)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def to_csv(scores: dict) -> str:
    """The gradebook CSV (a str) for a scores record."""
    names = concepts(scores)
    rows = scores.get("submissions", [])
    lms = any(record.get("export") for record in rows)  # an LMS export's class: who each row is there
    marks = id_marks(rows)  # ids that look alike, each graded (`Вера` and `Bepa`): what tells each apart
    taken = COLUMNS + (LMS_COLUMNS if lms else ()) + (MARK_COLUMNS if marks else ())
    headers = [f"concept:{c}" if c in taken else c for c in names]
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([*taken, *(_cell(h) for h in headers)])
    for record in rows:
        earned = concept_points(record)
        writer.writerow([
            _cell(printable(record["id"], one_line=True)),
            number(score_of(record)),
            number(record.get("max_score", scores.get("max_score"))),
            record.get("status", "graded"),
            *(_cell(printable(text, one_line=True)) for text in (lms_identity(record) if lms else ())),
            *((_cell(printable(marks.get(record["id"], ""), one_line=True)),) if marks else ()),
            *(number(earned.get(c, (0.0, 0.0))[0]) for c in names),
        ])
    return out.getvalue()


def lms_identity(record: dict) -> tuple[str, str]:
    """(`lms_student`, `lms_id`) of a row from an LMS export (its `export`, grader/load/exports.py): the student as
    the export names them, and the key the LMS's grade import matches on; empty for any other row."""
    export = record.get("export") or {}
    if export.get("lms") == "gradescope":
        people = export.get("submitters", [])
        return (", ".join(p.get("name", "") for p in people),
                ", ".join(p.get("email") or p.get("sid") or "" for p in people))
    if export.get("lms") in ("blackboard", "github-classroom"):  # a username, a GitHub login: both
        return export.get("student", ""), export.get("student", "")
    return export.get("student", ""), export.get("user_id", "")


def spreadsheet_cell(text) -> str:
    """`text` as a CSV cell a spreadsheet shows as text: with a leading `'` where it starts as a formula does, after
    any blanks and characters not shown (the module's docstring)."""
    text = str(text)
    return "'" + text if without_not_shown(text).lstrip().startswith(_FORMULA_STARTS) else text


_cell = spreadsheet_cell

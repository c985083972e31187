"""The course's gradebook: per student and exercise, the best or the last graded attempt, late credit applied.

`policy = "best"` counts the attempt whose credited score (score × its late
credit) is highest, the later one on a tie; `"last"` counts the last graded
attempt received. Attempts that were rejected or failed in the
infrastructure (refunded) never count. A student with no graded attempt has
an empty cell (JSON null), not 0: the instructor sees who has not submitted.
"""

from __future__ import annotations

import csv
import io

from sqlalchemy import select

from ..report.gradebook import spreadsheet_cell
from ..report.record import number
from .db import Submission


def _chosen(attempts, policy):
    if not attempts:
        return None
    if policy == "last":
        return max(attempts, key=lambda s: s.received_at)
    return max(attempts, key=lambda s: ((s.score or 0) * s.credit, s.received_at))


def gradebook(session, course) -> dict:
    subs = session.scalars(select(Submission).order_by(Submission.received_at)).all()
    by_cell: dict[tuple[str, str], list] = {}
    tried: dict[tuple[str, str], int] = {}
    for sub in subs:
        key = (sub.student, sub.exercise)
        tried[key] = tried.get(key, 0) + bool(sub.charged)
        if sub.status == "graded":
            by_cell.setdefault(key, []).append(sub)
    max_scores = {}
    for sub in subs:
        if sub.status == "graded" and sub.max_score is not None:
            max_scores.setdefault(sub.exercise, sub.max_score)
    students = []
    for student in course.students:
        cells, total = {}, 0.0
        for exercise in course.exercises:
            chosen = _chosen(by_cell.get((student, exercise), []), course.policy)
            if chosen is None:
                cells[exercise] = None
                continue
            credited = round((chosen.score or 0) * chosen.credit, 4)
            total += credited
            cells[exercise] = {"score": credited, "raw_score": chosen.score, "max_score": chosen.max_score,
                               "late": chosen.lateness != "on_time", "credit": chosen.credit,
                               "submission": chosen.id, "attempts": tried.get((student, exercise), 0)}
        students.append({"student": student, "total": round(total, 4), "exercises": cells})
    return {"policy": course.policy,
            "exercises": [{"name": name, "max_score": max_scores.get(name)} for name in course.exercises],
            "students": students}


def to_csv(book: dict) -> str:
    """One row per student: `student`, a column per exercise (the credited score, empty when none), `total`."""
    names = [ex["name"] for ex in book["exercises"]]
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["student", *(spreadsheet_cell(n) for n in names), "total"])
    for row in book["students"]:  # the roster's names, which a student may have chosen (an LMS's display name)
        writer.writerow([spreadsheet_cell(row["student"]),
                         *("" if row["exercises"][n] is None else number(row["exercises"][n]["score"]) for n in names),
                         number(row["total"])])
    return out.getvalue()

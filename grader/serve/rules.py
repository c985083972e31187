"""The course's rules as pure functions of the time: deadlines with extensions, lateness, attempts, release.

Nothing here reads a clock: callers pass `now` (the receipt time for lateness,
never the time of grading), so the property tests (tests/serve/test_rules.py)
can try any moment.
"""

from __future__ import annotations

import dataclasses
import math
from datetime import datetime, timedelta, timezone

from ..i18n import msg, nmsg

ON_TIME, LATE, CLOSED = "on_time", "late", "closed"


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def aware(t: datetime | None) -> datetime | None:
    """A time from the database (SQLite gives it back without its zone, always UTC here) as aware UTC."""
    if t is None:
        return None
    return t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t.astimezone(timezone.utc)


@dataclasses.dataclass(frozen=True)
class Deadline:
    due: datetime
    late_until: datetime
    late_credit: float
    extended: bool = False


def deadline(exercise, extension=None) -> Deadline:
    """A student's own deadline: the exercise's, or their extension's.

    An extension sets a new due date; its late window is its own late_until,
    or as long after the new due as the exercise's is after its due. An
    extension never shortens what the class has: each bound is the later of the two.
    """
    if extension is None:
        return Deadline(exercise.due, exercise.late_until, exercise.late_credit)
    due = max(exercise.due, aware(extension.due))
    late_until = aware(extension.late_until) if extension.late_until else due + (exercise.late_until - exercise.due)
    return Deadline(due, max(late_until, due, exercise.late_until), exercise.late_credit, extended=True)


def lateness(received: datetime, d: Deadline) -> tuple[str, float]:
    """(on_time | late | closed, the share of the score it earns), by the time the submission was received."""
    if received <= d.due:
        return ON_TIME, 1.0
    if received <= d.late_until:
        return LATE, d.late_credit
    return CLOSED, 0.0


def released(now: datetime, d: Deadline, release: str) -> bool:
    """Whether `after_due_date` tests are shown to this student now: once their own due date
    (release="due") or their own late window (release="late_until", the default) has passed."""
    return now > (d.due if release == "due" else d.late_until)


@dataclasses.dataclass(frozen=True)
class Admission:
    admitted: bool
    attempts_left: int | None  # None: no limit
    retry_after: int = 0  # seconds, when not admitted
    reason: object = ""  # a grader.i18n Message when refused: said in the course's language (admission.py)


def admit(now: datetime, charged: list[datetime], attempts: int, cooldown_seconds: int,
          d: Deadline) -> Admission:
    """May a student make another attempt now, having been charged for attempts at `charged` times?

    Refused over the limit (Retry-After: until the late window closes, since no
    attempt comes back before then) or within the cool-down after the last
    charged attempt (Retry-After: the seconds left of it, rounded up).
    """
    left = None if attempts == 0 else max(0, attempts - len(charged))
    if left == 0:
        wait = max(1, math.ceil((d.late_until - now).total_seconds()))
        return Admission(False, 0, wait, nmsg("you have used your {attempts} attempt at this exercise",
                                              "you have used all {attempts} attempts at this exercise", "attempts",
                                              attempts=attempts))
    if charged and cooldown_seconds:
        ready = max(charged) + timedelta(seconds=cooldown_seconds)
        if now < ready:
            wait = max(1, math.ceil((ready - now).total_seconds()))
            return Admission(False, left, wait, msg("wait {wait} s before your next attempt (a {cooldown} s cool-down "
                                                    "between attempts)", wait=wait, cooldown=cooldown_seconds))
    return Admission(True, None if left is None else left - 1)

"""course.toml: what `grade serve init` writes and the service reads.

```toml
title = "Build your own autograd"
policy = "best"          # the gradebook counts a student's best attempt, or "last"
release = "late_until"   # after_due_date tests are shown once a student's own late window has closed ("due": at due)
base_url = "http://localhost:8000"
max_upload_mb = 20       # a request over this is refused (413) before its body is read
workers = 2              # grading processes of the local pool
lang = "en"              # the students' feedback: "en", "ru" or "zh" (as `grade check --lang`)
students = ["alice", "bob"]
instructors = ["instructor"]

[exercises.engine]
due = 2026-12-08T23:59:00Z
late_until = 2026-12-10T23:59:00Z   # submissions up to here count, times late_credit
late_credit = 0.5
attempts = 10                       # 0: no limit
cooldown_seconds = 60               # between two attempts at one exercise
```

Times are TOML datetimes with an offset (UTC written as Z); a time without
one is refused, since the service must not guess a zone.
"""

from __future__ import annotations

import dataclasses
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

from . import ServeError
from .tomlfile import TOMLDecodeError, loads

FILE = "course.toml"
POLICIES = ("best", "last")
RELEASES = ("due", "late_until")
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclasses.dataclass(frozen=True)
class Exercise:
    name: str
    due: datetime
    late_until: datetime
    late_credit: float = 0.5
    attempts: int = 10
    cooldown_seconds: int = 60


@dataclasses.dataclass(frozen=True)
class Course:
    folder: Path
    exercises: dict[str, Exercise]
    students: tuple[str, ...]
    instructors: tuple[str, ...] = ("instructor",)
    title: str = "Autograd engine course"
    policy: str = "best"
    release: str = "late_until"
    base_url: str = "http://localhost:8000"
    max_upload_mb: float = 20
    workers: int = 2
    lang: str = "en"  # the language of the students' feedback (grader.i18n.LANGUAGES)

    @property
    def max_upload_bytes(self) -> int:
        return int(self.max_upload_mb * 1024 * 1024)

    def role(self, name: str) -> str | None:
        if name in self.instructors:
            return "instructor"
        if name in self.students:
            return "student"
        return None

    def exercise(self, name: str) -> Exercise:
        try:
            return self.exercises[name]
        except KeyError:
            raise ServeError(f"no exercise {name!r} in this course: the exercises are "
                             f"{', '.join(self.exercises)}") from None


def _time(value, where: str) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None:
        raise ServeError(f"{where} must be a date and time with its zone, like 2026-12-08T23:59:00Z; got {value!r}")
    return value.astimezone(timezone.utc)


def _names(value, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(n, str) and NAME.match(n) for n in value):
        raise ServeError(f"{where} must be a list of names of letters, digits, '.', '_' or '-' "
                         f"(at most 64), like [\"alice\", \"bob\"]; got {value!r}")
    if len(set(value)) != len(value):
        raise ServeError(f"{where} names someone twice: {value!r}")
    return tuple(value)


def load(folder) -> Course:
    """The course in FOLDER/course.toml; ServeError saying what is wrong and where."""
    folder = Path(folder)
    path = folder / FILE
    try:
        data = loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ServeError(f"{path} does not exist: start a course with `grade serve init {folder}`") from None
    except TOMLDecodeError as exc:
        raise ServeError(f"{path} is not valid TOML: {exc}") from None
    exercises = {}
    for name, ex in (data.get("exercises") or {}).items():
        where = f"{path}: [exercises.{name}]"
        if not isinstance(ex, dict):
            raise ServeError(f"{where} must be a table")
        due = _time(ex.get("due"), f"{where} due")
        late_until = _time(ex.get("late_until", ex.get("due")), f"{where} late_until")
        if late_until < due:
            raise ServeError(f"{where}: late_until ({late_until:%Y-%m-%d %H:%M} UTC) is before due")
        credit = float(ex.get("late_credit", 0.5))
        if not 0 <= credit <= 1:
            raise ServeError(f"{where}: late_credit must be between 0 and 1; got {credit}")
        attempts, cooldown = int(ex.get("attempts", 10)), int(ex.get("cooldown_seconds", 60))
        if attempts < 0 or cooldown < 0:
            raise ServeError(f"{where}: attempts and cooldown_seconds must be 0 or more")
        exercises[name] = Exercise(name, due, late_until, credit, attempts, cooldown)
    if not exercises:
        raise ServeError(f"{path} has no [exercises.NAME] table: a course needs at least one exercise")
    course = Course(
        folder=folder, exercises=exercises,
        students=_names(data.get("students", []), f"{path}: students"),
        instructors=_names(data.get("instructors", ["instructor"]), f"{path}: instructors"),
        title=str(data.get("title", Course.title)),
        policy=str(data.get("policy", "best")), release=str(data.get("release", "late_until")),
        base_url=str(data.get("base_url", Course.base_url)).rstrip("/"),
        max_upload_mb=float(data.get("max_upload_mb", 20)), workers=int(data.get("workers", 2)),
        lang=str(data.get("lang", "en")),
    )
    from ..i18n import LANGUAGES

    if course.lang not in LANGUAGES:
        raise ServeError(f"{path}: lang must be one of {', '.join(LANGUAGES)}; got {course.lang!r}")
    if course.policy not in POLICIES:
        raise ServeError(f"{path}: policy must be one of {', '.join(POLICIES)}; got {course.policy!r}")
    if course.release not in RELEASES:
        raise ServeError(f"{path}: release must be one of {', '.join(RELEASES)}; got {course.release!r}")
    both = set(course.students) & set(course.instructors)
    if both:
        raise ServeError(f"{path}: {', '.join(sorted(both))} cannot be both a student and an instructor")
    return course


def _toml_time(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def write_new(folder, students, exercises, *, now=None, base_url=None) -> Path:
    """`grade serve init`: a course.toml with each exercise due in a week, late for two days more at half credit."""
    from ..suites import load_suite

    folder = Path(folder)
    path = folder / FILE
    if path.exists():
        raise ServeError(f"{path} exists already: edit it, or choose another folder")
    _names(list(students), "--students")
    for name in exercises:
        load_suite(name)  # SuiteError names the exercises there are
    now = (now or datetime.now(timezone.utc)).replace(second=0, microsecond=0)
    due = (now + timedelta(days=7)).replace(hour=23, minute=59)
    lines = [
        "# A course served by `grade serve` (docs/serve.md). Times are UTC unless written with an offset.",
        'title = "Build your own autograd"',
        'policy = "best"          # the gradebook counts each student\'s best attempt; "last" counts the last',
        'release = "late_until"   # after_due_date tests are shown once a student\'s own late window has closed',
        f'base_url = "{base_url or Course.base_url}"  # what sign-in links start with',
        "max_upload_mb = 20",
        "workers = 2              # grading processes of the local pool",
        'lang = "en"              # the students\' feedback: "en", "ru" or "zh" (as `grade check --lang`)',
        f"students = [{', '.join(repr(s).replace(chr(39), chr(34)) for s in students)}]",
        'instructors = ["instructor"]',
    ]
    for name in exercises:
        lines += ["", f"[exercises.{name}]", f"due = {_toml_time(due)}",
                  f"late_until = {_toml_time(due + timedelta(days=2))}", "late_credit = 0.5",
                  "attempts = 10", "cooldown_seconds = 60"]
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    load(folder)  # what was written reads back
    return path

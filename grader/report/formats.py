"""The report formats, declared once: each one's name, file suffix, renderer and feedback page.

`grade run --format` and `grade report --to` (their choices and help), the
report files beside a scores file (grader/integrations/report_files.py) and
the feedback pages (feedback.py) all read FORMATS: adding a format is its
renderer and one entry here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable

from .gradebook import to_csv
from .gradescope import to_gradescope
from .html import to_html
from .html_feedback import submission_html
from .junit import to_junit
from .markdown import submission_markdown, to_markdown

Timings = dict[str, float]


@dataclass(frozen=True)
class ReportFormat:
    """One rendering of a scores record."""

    name: str  # what `--format` and `--to` take
    title: str  # how a help text names it: "JUnit"
    suffix: str  # its file beside the scores file: scores.json → scores.xml
    render: Callable[[dict, Timings | None], str]  # (scores, timings) → text
    note: str = ""  # what `--to`'s help says it is, when the name does not: "XML"
    page: Callable[..., str] | None = None  # (record, *, after_due_date) → one student's feedback page
    speaks: bool = False  # render takes lang= too: its words in the reader's language (grader/i18n)


def to_json(scores: dict, timings: Timings | None = None) -> str:
    """The scores record itself (timings are not part of it)."""
    return json.dumps(scores, indent=2, ensure_ascii=False) + "\n"


# In the order the CLI lists them (`grade run --format`'s choices, `grade report --to`'s help).
FORMATS: dict[str, ReportFormat] = {f.name: f for f in (
    ReportFormat("junit", "JUnit", ".xml", lambda scores, timings: to_junit(scores, timings=timings), note="XML"),
    ReportFormat("csv", "CSV", ".csv", lambda scores, timings: to_csv(scores), note="gradebook"),
    ReportFormat("markdown", "Markdown", ".md", to_markdown, page=submission_markdown),
    ReportFormat("html", "HTML", ".html", to_html, note="class report", page=submission_html, speaks=True),
    ReportFormat("gradescope", "Gradescope", ".gradescope.json", to_gradescope, note="results.json", speaks=True),
    ReportFormat("json", "JSON", ".json", to_json),
)}
# Other spellings every command takes for a format's name (`--format md` is `--format markdown`).
ALIASES = {"md": "markdown"}
SCORES_FORMAT = "json"  # the scores file's own format: `grade run` writes it as --out, never beside it
BESIDE_SCORES = tuple(name for name in FORMATS if name != SCORES_FORMAT)  # what `grade run --format` takes
FEEDBACK_PAGES = tuple(f for f in FORMATS.values() if f.page)  # a page of each per submission


def render(scores: dict, fmt: str, timings: Timings | None = None, lang: str = "en") -> str:
    """`scores` as text in format `fmt`, one of FORMATS.

    "gradescope" is Gradescope's results.json, which describes one
    submission: for a batch of one it is exactly that file; for a larger
    batch it is a JSON object mapping each id to its results.json.
    """
    fmt = ALIASES.get(fmt, fmt)
    if fmt not in FORMATS:
        raise ValueError(f"Invalid format {fmt!r}: expected one of {', '.join(sorted(FORMATS))}")
    if FORMATS[fmt].speaks:  # the class report in the teacher's language, Gradescope's results in the students'
        return FORMATS[fmt].render(scores, timings, lang=lang)
    return FORMATS[fmt].render(scores, timings)

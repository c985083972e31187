"""Renderings of a scores record (docs/contract.md §4): JSON, Gradescope, JUnit, CSV, Markdown, HTML.

Each format has its module; `render(scores, fmt)` gives any of them as text.
Renderers only format: they run nothing and read no file, and the same
record gives the same text (timings, which are not in the scores, are
passed separately to the formats that show them).
"""

from __future__ import annotations

import json

from .feedback import write_feedback
from .gradebook import to_csv
from .gradescope import to_results_json
from .html import submission_html, to_html
from .junit import to_junit
from .markdown import submission_markdown, to_markdown

FORMATS = {"json", "junit", "csv", "markdown", "html", "gradescope"}


def render(scores: dict, fmt: str, timings: dict[str, float] | None = None) -> str:
    """`scores` as text in format `fmt`, one of FORMATS.

    "gradescope" is Gradescope's results.json, which describes one
    submission: for a batch of one it is exactly that file; for a larger
    batch it is a JSON object mapping each id to its results.json.
    """
    if fmt not in FORMATS:
        raise ValueError(f"Invalid format {fmt!r}: expected one of {', '.join(sorted(FORMATS))}")
    if fmt == "json":
        return json.dumps(scores, indent=2, ensure_ascii=False) + "\n"
    if fmt == "gradescope":
        timings = timings or {}
        results = {r["id"]: to_results_json(r, execution_time=timings.get(r["id"]))
                   for r in scores.get("submissions", [])}
        document = next(iter(results.values())) if len(results) == 1 else results
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if fmt == "junit":
        return to_junit(scores, timings=timings)
    if fmt == "csv":
        return to_csv(scores)
    if fmt == "markdown":
        return to_markdown(scores, timings)
    return to_html(scores, timings)


__all__ = ["FORMATS", "render", "to_results_json", "to_junit", "to_csv", "to_markdown",
           "submission_markdown", "to_html", "submission_html", "write_feedback"]

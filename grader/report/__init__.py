"""Renderings of a scores record (docs/contract.md §4): JSON, Gradescope, JUnit, CSV, Markdown, HTML.

Each format has its module and one entry in formats.FORMATS (its name, file
suffix, renderer and feedback page); `render(scores, fmt)` gives any of them
as text. Renderers only format: they run nothing and read no file, and the
same record gives the same text (timings, which are not in the scores, are
passed separately to the formats that show them).
"""

from __future__ import annotations

from .feedback import write_feedback
from .formats import FORMATS, render
from .gradebook import to_csv
from .gradescope import to_results_json
from .html import to_html
from .html_feedback import submission_html
from .junit import to_junit
from .markdown import submission_markdown, to_markdown

__all__ = ["FORMATS", "render", "to_results_json", "to_junit", "to_csv", "to_markdown",
           "submission_markdown", "to_html", "submission_html", "write_feedback"]

"""Renderings of a scores record (docs/contract.md §4): JSON, Gradescope, JUnit, CSV, Markdown, HTML.

Each format has its module and one entry in formats.FORMATS (its name, file
suffix, renderer and feedback page); `render(scores, fmt)` gives any of them
as text. Renderers only format: they run nothing and read no file, and the
same record gives the same text (timings, which are not in the scores, are
passed separately to the formats that show them).
"""

from __future__ import annotations

import importlib

# Each name from the module that makes it, imported when first asked for (PEP 562): a student's `grade check`
# reads one helper of record.py and would otherwise load every renderer (XML, HTML, statistics...).
_FROM = {"FORMATS": "formats", "render": "formats", "to_results_json": "gradescope", "to_junit": "junit",
         "to_csv": "gradebook", "to_markdown": "markdown", "submission_markdown": "markdown", "to_html": "html",
         "submission_html": "html_feedback", "write_feedback": "feedback"}

__all__ = ["FORMATS", "render", "to_results_json", "to_junit", "to_csv", "to_markdown",
           "submission_markdown", "to_html", "submission_html", "write_feedback"]


def __getattr__(name):
    if name in _FROM:
        return getattr(importlib.import_module(f".{_FROM[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted({*globals(), *_FROM})

"""A scores record as Markdown: a class summary, and one student's feedback page.

Text from the record (ids, test names, messages) is escaped so it reads as
itself: Markdown punctuation gets a backslash, `&` becomes `&amp;`, so an id
like `<script>` is shown, not run, by renderers that allow raw HTML. Outputs go
in fenced code blocks whose fence is longer than any backtick run inside.
"""

from __future__ import annotations

import re
import statistics

from ..i18n import translator
from ..student_text import id_marks
from ..places import place_text
from .record import (FAILED_TO_RUN, code_parts, first_failing, number, one_line, pass_rates, points,
                     row_label, Said, printable, score_of, status_word, student_view, test_info, tests_of)

_INLINE = re.compile(r"([\\`*_\[\]<>|~])")           # emphasis, code, links, HTML, table cells
_BLOCK_START = re.compile(r"^(\d{1,9}(?=[.)](?:\s|$))|)([#+=.)-])")  # a heading, list or rule at a line's start


def md(text) -> str:
    """Inline text as Markdown that shows exactly these characters, on one line."""
    return _BLOCK_START.sub(r"\1\\\2", _escaped(" ".join(printable(text).split())))


def _escaped(text: str) -> str:
    return _INLINE.sub(r"\\\1", text.replace("&", "&amp;"))


def md_code_spans(text) -> str:
    """Inline text whose `backticked` parts stay code spans, shown verbatim; the rest escaped as md() does.

    Inside a code span Markdown shows every character as it is (a backslash too: escaping there is
    what showed `\\_\\_mul\\_\\_`), and a part holds no backtick (code_parts splits on them).
    """
    parts = code_parts(" ".join(printable(text).split()))
    joined = "".join(f"`{part}`" if is_code else _escaped(part) for is_code, part in parts)
    return _BLOCK_START.sub(r"\1\\\2", joined)


def code_block(text) -> str:
    """A fenced block holding `text` verbatim."""
    text = printable(text).rstrip("\n")
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"


def cell_number(x) -> str:
    """A number in a gradient table: up to 10 significant digits; — when there is none."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return "—"
    return f"{x:.10g}"


def gradient_table(table: dict, lang: str = "en") -> list[str]:
    """A diagnosis's smallest failing expression as Markdown: one row per node, from the output back."""
    t = translator(lang)
    # the expression is a probe's (grader.judge.describe): its words are in the suites' catalog
    expression = table.get("expression")
    expression = t._(expression) if isinstance(expression, str) else table.get("probe") or ""
    lines = [t._("The smallest failing expression: {expression}", expression=md(expression)), ""]
    if table.get("error"):
        error = t.render(table.get("error_message") or str(table["error"]))  # the grader's words in the language
        lines += [t._("Your engine stopped with {error}", error=md(one_line(error, 200))), ""]
    headings = (t._("node"), t._("expected gradient"), t._("your gradient"))
    lines += ["| " + " | ".join(headings) + " | |", "| --- | ---: | ---: | --- |"]
    marked = False
    for row in table.get("rows") or []:
        node = row_label(row, lang)
        note = ""
        if row.get("differs"):
            note = t._("differs")
            if not marked and row.get("node") == table.get("first_differing"):
                note, marked = t._("first difference, from the output back"), True
        lines.append(f"| {md(node)} | {cell_number(row.get('expected'))} | {cell_number(row.get('observed'))} "
                     f"| {note} |")
    return lines


def to_markdown(scores: dict, timings: dict[str, float] | None = None) -> str:
    """The class summary: a row per submission, the pass rate of every test, and those that did not run."""
    submissions = scores.get("submissions", [])
    max_score = scores.get("max_score")
    lines = [f"# {md(scores.get('exercise') or 'Scores')}: class report", ""]

    counts: dict[str, int] = {}
    for record in submissions:
        counts[record.get("status", "graded")] = counts.get(record.get("status", "graded"), 0) + 1
    summary = ", ".join(f"{n} {status}" for status, n in counts.items())
    line = f"{len(submissions)} submissions" + (f": {summary}." if summary else ".")
    if submissions:
        all_scores = [score_of(r) for r in submissions]
        mean, median = number(round(statistics.fmean(all_scores), 1)), number(statistics.median(all_scores))
        line += f" Mean score {mean}, median {median} (out of {number(max_score)})."
    lines += [line, ""]

    # ids that look alike, each graded (`Вера` beside `Bepa`): a column of what tells each apart (student_text.id_marks)
    marks = id_marks(submissions)
    header = "| id |" + " letters |" * bool(marks) + " status | score | first failing test |"
    rule = "| --- |" + " --- |" * bool(marks) + " --- | ---: | --- |"
    if timings is not None:
        header, rule = header + " time (s) |", rule + " ---: |"
    lines += [header, rule]
    for record in submissions:
        failing = first_failing(record)
        row = (f"| {md(record['id'])} |" + (f" {md(marks.get(record['id'], ''))} |" if marks else "")
               + f" {md(record.get('status', 'graded'))} "
               f"| {points(score_of(record), record.get('max_score', max_score))} "
               f"| {md(failing) if failing else '—'} |")
        if timings is not None:
            seconds = timings.get(record["id"])
            row += f" {seconds:.1f} |" if seconds is not None else " — |"
        lines.append(row)

    info = test_info(scores)
    lines += ["", "## Pass rate per test", "",
              "Over the submissions that ran each test (not those that skipped it or timed out in it).", "",
              "| test | concept | visibility | passed | rate |",
              "| --- | --- | --- | ---: | ---: |"]
    for name, (passed, ran) in pass_rates(scores).items():
        rate = f"{100 * passed / ran:.0f}%" if ran else "—"
        lines.append(f"| {md(name)} | {md(info[name]['concept'] or '—')} | {md(info[name]['visibility'])} "
                     f"| {passed} / {ran} | {rate} |")

    did_not_run = [r for r in submissions if r.get("status") in FAILED_TO_RUN]
    if did_not_run:
        lines += ["", "## Did not run", ""]
        for record in did_not_run:
            lines.append(f"- **{md(record['id'])}** ({md(record['status'])}): {md(one_line(record.get('message'), 300))}")
    return "\n".join(lines) + "\n"


def submission_markdown(record: dict, *, show_hidden: bool = False, after_due_date: bool = False,
                        under_title: str | None = None, lang: str = "en") -> str:
    """One submission's feedback page, showing each test as its visibility allows, in `lang`.

    show_hidden=True is the instructor's view (every test, with its
    visibility); otherwise hidden tests are counted but not described, and
    `after_due_date`/`after_published` tests are described only when
    after_due_date=True (see record.student_view). `under_title` is a
    paragraph of Markdown put under the title (`grade ci`'s verdict).
    """
    t, say = translator(lang), Said(lang)
    view = student_view(record, show_hidden=show_hidden, after_due_date=after_due_date)
    status = record.get("status", "graded")
    lines = ["# " + t._("Feedback: {id}", id=md(record['id'])), ""]
    if under_title:
        lines += [under_title, ""]
    if record.get("source"):
        lines += [t._("Submitted file: {file}", file=md(record['source'])), ""]
    if status != "graded":
        reason = md(say.message(record)) if record.get('message') else t._("No reason was recorded.")
        lines += [t._("**Not graded: {status}.** {reason}", status=md(status_word(status, lang)), reason=reason), ""]
    if view.total_shown:
        lines.append("**" + t._("Score: {points}", points=points(score_of(record), record.get('max_score'))) + "**")
    else:
        lines.append("**" + t._("Score on the tests shown: {points}.", points=points(view.shown_score, view.shown_max))
                     + "** " + t._("Your total includes tests whose results are withheld; it comes with your grade."))
    lines.append("")

    findings = [d for d in view.diagnosis if d.get("kind") != "hint"]
    hints = [d for d in view.diagnosis if d.get("kind") == "hint"]
    for heading, entries in ((t._("What went wrong"), findings), (t._("Hints from your code"), hints)):
        if not entries:
            continue
        lines += [f"## {heading}", ""]
        for diagnosis in entries:
            lines += [f"### {md_code_spans(say.title(diagnosis))}", "",
                      md_code_spans(say.explanation(diagnosis)), ""]
            if diagnosis.get("line"):
                lines += [t._("In {place}.", place=md(place_text({'file': 'engine.py', **diagnosis}, lang))), ""]
            if diagnosis.get("table"):
                lines += gradient_table(diagnosis["table"], lang) + [""]
            if diagnosis.get("tests"):
                lines += [t._("Tests: {names}", names=", ".join(md(name) for name in diagnosis["tests"])), ""]

    if view.tests:
        lines += ["## " + t._("Tests"), ""]
        head = ["#", t._("test"), t._("result"), t._("points")] + ([t._("visibility")] if show_hidden else [])
        lines += ["| " + " | ".join(head) + " |",
                  "| ---: | --- | --- | ---: |" + (" --- |" if show_hidden else "")]
        for i, test in enumerate(view.tests, start=1):
            row = (f"| {i} | {md(test['name'])} | {md(status_word(test.get('status'), lang))} "
                   f"| {points(test.get('score'), test.get('max_score'))} |")
            if show_hidden:
                row += f" {md(test.get('visibility', 'visible'))} |"
            lines.append(row)
        lines.append("")
    elif not tests_of(record):
        lines += [t._("No tests were run."), ""]
    if view.withheld_hidden:
        lines += [t._("Hidden tests: {n}, details withheld.", n=view.withheld_hidden), ""]
    if view.withheld_until_due:
        lines += [t._("Tests shown after the due date: {n}, details withheld until then.",
                      n=view.withheld_until_due), ""]
    if view.withheld_failures(lang):
        lines += [md(view.withheld_failures(lang)), ""]

    details = [test for test in view.tests if test.get("status") != "passed" and (test.get("output") or test.get("file"))]
    if details:
        lines += ["## " + t._("Details"), ""]
        for test in details:
            # TRANSLATORS: a failing test's heading: its name (code), its status and its points, `0 / 2`
            heading = t._("{test}: {status} ({points})", test=md(test["name"]),
                          status=md(status_word(test.get("status"), lang)),
                          points=points(test.get("score"), test.get("max_score")))
            lines += [f"### {heading}", ""]
            if test.get("file"):
                lines += [t._("In {place}.", place=md(place_text(test, lang))), ""]
            if test.get("output"):
                lines += [code_block(say.output(test)), ""]
    return "\n".join(lines).rstrip("\n") + "\n"

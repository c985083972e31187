"""One student's feedback page as HTML, each test shown as its visibility allows (record.student_view).

Built on the class report's page template (html.py): the same CSS, escaping and
Content-Security-Policy.
"""

from __future__ import annotations

from ..places import place_text
from .html import badge, code_spans, e, page
from .record import points, score_of, student_view, tests_of


def _cell_number(x) -> str:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return "—"
    return f"{x:.10g}"


def gradient_table_html(table: dict) -> str:
    """A diagnosis's smallest failing expression: one row per node, from the output back to the leaves."""
    caption = f"The smallest failing expression: <code>{e(table.get('expression') or table.get('probe') or '')}</code>"
    if table.get("error"):
        caption += f"<br>Your engine stopped with <code>{e(str(table['error']).splitlines()[0][:200])}</code>"
    rows, marked = [], False
    for row in table.get("rows") or []:
        node = str(row.get("node", ""))
        if row.get("quantity", "grad") != "grad":
            node = f"{node} ({row['quantity']})"
        note, css = "", ""
        if row.get("differs"):
            note, css = "differs", ' class="differs"'
            if not marked and row.get("node") == table.get("first_differing"):
                note, css, marked = "first difference, from the output back", ' class="differs first"', True
        rows.append(f"<tr{css}><td><code>{e(node)}</code></td><td class=\"num\">{_cell_number(row.get('expected'))}</td>"
                    f"<td class=\"num\">{_cell_number(row.get('observed'))}</td><td>{e(note)}</td></tr>")
    head = ('<tr><th>node</th><th class="num">expected gradient</th><th class="num">your gradient</th>'
            "<th></th></tr>")
    return f'<table class="gradients"><caption>{caption}</caption>{head}{"".join(rows)}</table>'


def submission_html(record: dict, *, show_hidden: bool = False, after_due_date: bool = False) -> str:
    """One submission's feedback page, showing each test as its visibility allows.

    show_hidden=True is the instructor's view; otherwise as
    markdown.submission_markdown (see record.student_view).
    """
    view = student_view(record, show_hidden=show_hidden, after_due_date=after_due_date)
    status = record.get("status", "graded")
    parts = [f"<header><h1>Feedback: {e(record['id'])}</h1>"]
    if record.get("source"):
        parts.append(f'<p class="summary">Submitted file: {e(record["source"])}</p>')
    parts.append("</header>")
    if status != "graded":
        parts.append(f"<section id=\"not-graded\"><p><strong>Not graded: {badge(status)}</strong></p>"
                     f"<pre>{e(record.get('message') or 'No reason was recorded.')}</pre></section>")
    if view.total_shown:
        parts.append(f'<p class="score"><strong>Score: {points(score_of(record), record.get("max_score"))}</strong></p>')
    else:
        parts.append(f'<p class="score"><strong>Score on the tests shown: {points(view.shown_score, view.shown_max)}.'
                     "</strong> Your total includes tests whose results are withheld; it comes with your grade.</p>")

    findings = [d for d in view.diagnosis if d.get("kind") != "hint"]
    hints = [d for d in view.diagnosis if d.get("kind") == "hint"]
    for section_id, heading, entries in (("diagnosis", "What went wrong", findings),
                                         ("hints", "Hints from your code", hints)):
        if not entries:
            continue
        items = []
        for diagnosis in entries:
            cited = ", ".join(f"<code>{e(name)}</code>" for name in diagnosis.get("tests") or [])
            where = ""
            if diagnosis.get("line"):
                where = f'<p class="note">In {e(place_text({"file": "engine.py", **diagnosis}))}.</p>'
            title = diagnosis.get("title") or diagnosis.get("variant") or diagnosis.get("hint")
            items.append(f"<h3>{code_spans(title)}</h3>"
                         f"<p>{code_spans(diagnosis.get('explanation') or '')}</p>" + where
                         + (gradient_table_html(diagnosis["table"]) if diagnosis.get("table") else "")
                         + (f'<p class="note">Tests: {cited}</p>' if cited else ""))
        parts.append(f'<section id="{section_id}"><h2>{heading}</h2>{"".join(items)}</section>')

    rows = []
    for i, test in enumerate(view.tests, start=1):
        detail = ""
        if test.get("file"):
            detail += f'<p class="note">In {e(place_text(test))}.</p>'
        if test.get("output"):
            detail += f"<pre>{e(test['output'])}</pre>"
        name = e(test["name"])
        if detail:
            opened = " open" if test.get("status") != "passed" else ""
            name = f"<details{opened}><summary>{name}</summary>{detail}</details>"
        row = (f'<tr><td class="num">{i}</td><td>{name}</td><td>{badge(test.get("status"))}</td>'
               f'<td class="num">{points(test.get("score"), test.get("max_score"))}</td>')
        if show_hidden:
            row += f"<td>{e(test.get('visibility', 'visible'))}</td>"
        rows.append(row + "</tr>")
    tests_html = ""
    if rows:
        head = '<tr><th class="num">#</th><th>test</th><th>result</th><th class="num">points</th>'
        head += "<th>visibility</th></tr>" if show_hidden else "</tr>"
        tests_html = f"<table>{head}{''.join(rows)}</table>"
    elif not tests_of(record):
        tests_html = "<p>No tests were run.</p>"
    if view.withheld_hidden:
        tests_html += f'<p class="withheld">Hidden tests: {view.withheld_hidden}, details withheld.</p>'
    if view.withheld_until_due:
        tests_html += (f'<p class="withheld">Tests shown after the due date: {view.withheld_until_due}, '
                       "details withheld until then.</p>")
    if view.withheld_failures():
        tests_html += f'<p class="withheld">{e(view.withheld_failures())}</p>'
    parts.append(f'<section id="tests"><h2>Tests</h2>{tests_html}</section>')
    return page(f"Feedback: {record['id']}", "\n".join(parts))


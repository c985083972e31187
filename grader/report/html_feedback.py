"""One student's feedback page as HTML, each test shown as its visibility allows (record.student_view).

Built on the class report's page template (html.py): the same CSS, escaping and
Content-Security-Policy.
"""

from __future__ import annotations

from ..i18n import translator
from ..places import place_text
from .graph import graph_svg
from .html import badge, code_spans, e, page
from .record import Said, points, row_label, score_of, student_view, tests_of


def _cell_number(x) -> str:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return "—"
    return f"{x:.10g}"


def gradient_table_html(table: dict, lang: str = "en") -> str:
    """A diagnosis's smallest failing expression: one row per node, from the output back to the leaves."""
    t = translator(lang)
    # the expression is a probe's (grader.judge.describe): its words are in the suites' catalog
    expression = table.get("expression")
    expression = f"<code>{e(t._(expression) if isinstance(expression, str) else table.get('probe') or '')}</code>"
    caption = t._("The smallest failing expression: {expression}", expression=expression)
    if table.get("error"):
        error = t.render(table.get("error_message") or str(table["error"]))  # the grader's words in the language
        caption += "<br>" + t._("Your engine stopped with {error}",
                                error=f"<code>{e(error.splitlines()[0][:200])}</code>")
    rows, marked = [], False
    for row in table.get("rows") or []:
        node = row_label(row, lang)
        note, css = "", ""
        if row.get("differs"):
            note, css = t._("differs"), ' class="differs"'
            if not marked and row.get("node") == table.get("first_differing"):
                note, css, marked = t._("first difference, from the output back"), ' class="differs first"', True
        rows.append(f"<tr{css}><td><code>{e(node)}</code></td><td class=\"num\">{_cell_number(row.get('expected'))}</td>"
                    f"<td class=\"num\">{_cell_number(row.get('observed'))}</td><td>{e(note)}</td></tr>")
    node, expected, got = (e(t._("node")), e(t._("expected gradient")), e(t._("your gradient")))
    head = f'<tr><th>{node}</th><th class="num">{expected}</th><th class="num">{got}</th><th></th></tr>'
    return (graph_html(table.get("graph"), lang)
            + f'<table class="gradients"><caption>{caption}</caption>{head}{"".join(rows)}</table>')


def graph_html(graph: dict | None, lang: str = "en") -> str:
    """The smallest failing expression's graph as an SVG picture (graphviz), or one line saying the
    picture needs graphviz; "" for a table with no graph. In `lang`, the picture's words too (session 32:
    English on every page)."""
    if not graph:
        return ""
    svg = graph_svg(graph, lang)
    if svg is None:
        return '<p class="note">' + code_spans(translator(lang)._(
            "The picture of this graph needs graphviz (the `dot` program and the `graphviz` Python package); "
            "the table below has the same numbers.")) + "</p>"
    caption = translator(lang)._("The expression as a graph: each operation, each value, the expected gradient "
                                 "beside yours; the first difference from the output back is marked.")
    return f'<figure class="graph">{svg}<figcaption>{e(caption)}</figcaption></figure>'


def submission_html(record: dict, *, show_hidden: bool = False, after_due_date: bool = False, lang: str = "en") -> str:
    """One submission's feedback page, showing each test as its visibility allows, in `lang`.

    show_hidden=True is the instructor's view; otherwise as
    markdown.submission_markdown (see record.student_view).
    """
    t, say = translator(lang), Said(lang)
    view = student_view(record, show_hidden=show_hidden, after_due_date=after_due_date)
    status = record.get("status", "graded")
    parts = [f"<header><h1>{e(t._('Feedback: {id}', id=record['id']))}</h1>"]
    if record.get("source"):
        parts.append(f'<p class="summary">{e(t._("Submitted file: {file}", file=record["source"]))}</p>')
    parts.append("</header>")
    if status != "graded":
        reason = say.message(record) or t._("No reason was recorded.")
        parts.append(f"<section id=\"not-graded\"><p><strong>{t._('Not graded: {status}', status=badge(status, lang))}"
                     f"</strong></p><pre>{e(reason)}</pre></section>")
    if view.total_shown:
        score = t._("Score: {points}", points=points(score_of(record), record.get("max_score")))
        parts.append(f'<p class="score"><strong>{e(score)}</strong></p>')
    else:
        score = t._("Score on the tests shown: {points}.", points=points(view.shown_score, view.shown_max))
        parts.append(f'<p class="score"><strong>{e(score)}</strong> '
                     f'{e(t._("Your total includes tests whose results are withheld; it comes with your grade."))}</p>')

    findings = [d for d in view.diagnosis if d.get("kind") != "hint"]
    hints = [d for d in view.diagnosis if d.get("kind") == "hint"]
    for section_id, heading, entries in (("diagnosis", t._("What went wrong"), findings),
                                         ("hints", t._("Hints from your code"), hints)):
        if not entries:
            continue
        items = []
        for diagnosis in entries:
            cited = ", ".join(f"<code>{e(name)}</code>" for name in diagnosis.get("tests") or [])
            where = ""
            if diagnosis.get("line"):
                place = e(place_text({"file": "engine.py", **diagnosis}, lang))
                where = f'<p class="note">{t._("In {place}.", place=place)}</p>'
            items.append(f"<h3>{code_spans(say.title(diagnosis))}</h3>"
                         f"<p>{code_spans(say.explanation(diagnosis))}</p>" + where
                         + (gradient_table_html(diagnosis["table"], lang) if diagnosis.get("table") else "")
                         + (f'<p class="note">{t._("Tests: {names}", names=cited)}</p>' if cited else ""))
        parts.append(f'<section id="{section_id}"><h2>{e(heading)}</h2>{"".join(items)}</section>')

    rows = []
    for i, test in enumerate(view.tests, start=1):
        detail = ""
        if test.get("file"):
            detail += f'<p class="note">{t._("In {place}.", place=e(place_text(test, lang)))}</p>'
        if test.get("output"):
            detail += f"<pre>{e(say.output(test))}</pre>"
        name = e(test["name"])
        if detail:
            opened = " open" if test.get("status") != "passed" else ""
            name = f"<details{opened}><summary>{name}</summary>{detail}</details>"
        row = (f'<tr><td class="num">{i}</td><td>{name}</td><td>{badge(test.get("status"), lang)}</td>'
               f'<td class="num">{points(test.get("score"), test.get("max_score"))}</td>')
        if show_hidden:
            row += f"<td>{e(test.get('visibility', 'visible'))}</td>"
        rows.append(row + "</tr>")
    tests_html = ""
    if rows:
        head = (f'<tr><th class="num">#</th><th>{e(t._("test"))}</th><th>{e(t._("result"))}</th>'
                f'<th class="num">{e(t._("points"))}</th>')
        head += f"<th>{e(t._('visibility'))}</th></tr>" if show_hidden else "</tr>"
        tests_html = f"<table>{head}{''.join(rows)}</table>"
    elif not tests_of(record):
        tests_html = f"<p>{e(t._('No tests were run.'))}</p>"
    if view.withheld_hidden:
        tests_html += (f'<p class="withheld">{e(t._("Hidden tests: {n}, details withheld.", n=view.withheld_hidden))}'
                       "</p>")
    if view.withheld_until_due:
        tests_html += (f'<p class="withheld">{e(t._("Tests shown after the due date: {n}, details withheld until then.", n=view.withheld_until_due))}'
                       "</p>")
    if view.withheld_failures(lang):
        tests_html += f'<p class="withheld">{e(view.withheld_failures(lang))}</p>'
    parts.append(f'<section id="tests"><h2>{e(t._("Tests"))}</h2>{tests_html}</section>')
    return page(t._("Feedback: {id}", id=record["id"]), "\n".join(parts), lang=lang)

"""A scores record as HTML: a class report a teacher would rather look at than read, and the page template.

The page (`page`, its CSS, `e` for escaping) is shared by one student's feedback
page (html_feedback.py) and the similarity report (grader/similarity/html.py).
Self-contained: CSS inline, charts as inline SVG, no script, no font, image or
link to fetch; a Content-Security-Policy of `default-src 'none'` makes the
browser refuse any fetch that slipped in. Everything taken from the record
(ids and outputs come from students) goes through html.escape.

The class report: a score histogram, the pass rate of every test, a
concept-by-student heat map (a cell's shade is the share of that concept's
points the student earned), the slowest submissions (when timings are
given), the submissions that did not run, and a table of all of them.
"""

from __future__ import annotations

import html
import statistics

from ..i18n import translator
from ..student_text import id_marks

from .record import (FAILED_TO_RUN, code_parts, concept_points, concepts, first_failing, number, pass_rates,
                     points, printable, score_of, status_word, test_info)

HISTOGRAM_BINS = 10
BAR_COLOUR = "#3465a4"        # the histogram's bars; no other element uses it
RATE_COLOUR = "#5b8c5a"
NO_DATA_COLOUR = "#e4e4e4"
# Sequential greens (light: little of the concept earned, dark: all of it).
HEAT_STOPS = ((0.0, (247, 252, 245)), (0.25, (199, 233, 192)), (0.5, (116, 196, 118)),
              (0.75, (35, 139, 69)), (1.0, (0, 68, 27)))

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
       color: #222; background: #fff; max-width: 1100px; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.4; }
h1 { font-size: 1.6rem; margin: 0 0 .3rem; } h2 { font-size: 1.2rem; margin: 0 0 .6rem; }
h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
section { margin: 1.8rem 0; }
.summary { color: #555; margin: 0; }
.note { color: #666; font-size: .9rem; margin: .2rem 0 .6rem; }
table { border-collapse: collapse; font-size: .92rem; }
th, td { padding: .3rem .7rem; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
th { background: #f4f4f4; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
svg { display: block; max-width: 100%; height: auto; }
svg text { font-size: 12px; fill: #333; }
svg .axis { stroke: #888; stroke-width: 1; }
svg .muted { fill: #777; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: .6rem; font-size: .85rem; background: #eee; }
.badge.passed, .badge.graded { background: #dff0d8; color: #2d5a1f; }
.badge.failed, .badge.error, .badge.timeout, .badge.crashed, .badge.rejected { background: #f8d7da; color: #7a1f27; }
.badge.skipped { background: #fff3cd; color: #6b5200; }
pre { background: #f6f6f6; padding: .6rem .8rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word;
      font-size: .85rem; margin: .3rem 0; }
ul.did-not-run li { margin-bottom: .6rem; }
details summary { cursor: pointer; }
table.gradients { margin: .4rem 0 .6rem; } table.gradients caption { text-align: left; padding: .2rem 0; }
table.gradients tr.differs td { background: #fdf0f1; } table.gradients tr.first td { font-weight: 600; }
.legend { display: flex; gap: .3rem; align-items: center; font-size: .85rem; color: #555; margin-top: .4rem; }
.legend span.swatch { display: inline-block; width: 1.6rem; height: .9rem; border: 1px solid #ccc; }
"""


def e(text) -> str:
    """Text from the record, escaped for HTML and SVG (quotes too: it may land in an attribute)."""
    return html.escape(printable(text), quote=True)


def clip(text, limit: int) -> str:
    """`text` cut to `limit` characters, for SVG labels that cannot wrap."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def heat_colour(share: float) -> str:
    """The heat map's colour for a share (0..1) of a concept's points."""
    share = min(max(share, 0.0), 1.0)
    for (lo, lo_rgb), (hi, hi_rgb) in zip(HEAT_STOPS, HEAT_STOPS[1:]):
        if share <= hi:
            t = (share - lo) / (hi - lo)
            return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(lo_rgb, hi_rgb))
    return "#%02x%02x%02x" % HEAT_STOPS[-1][1]


def code_spans(text: str) -> str:
    """Escaped text whose `backticked` parts (the diagnosis writes code so) become <code> elements."""
    return "".join(f"<code>{e(part)}</code>" if is_code else e(part) for is_code, part in code_parts(text))


def page(title: str, body: str, lang: str = "en") -> str:
    """A complete, self-contained HTML document in `lang` (grader/i18n: its `<html lang>`, so that a browser
    picks the script's fonts)."""
    return (f"<!DOCTYPE html>\n<html lang=\"{e(lang)}\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{e(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n")


def badge(status, lang: str = "en") -> str:
    """A status as a coloured label: its class the contract's word, its text in `lang`."""
    return f'<span class="badge {e(status)}">{e(status_word(status, lang))}</span>'


# --- the class report -------------------------------------------------------

def to_html(scores: dict, timings: dict[str, float] | None = None, lang: str = "en") -> str:
    """The class report for a scores record, as one self-contained HTML document, in `lang` (grader/i18n:
    the teacher's language; ids, test names, concepts and numbers as they are)."""
    t = translator(lang)
    submissions = scores.get("submissions", [])
    exercise = scores.get("exercise") or t._("Scores")
    counts: dict[str, int] = {}
    for record in submissions:
        counts[record.get("status", "graded")] = counts.get(record.get("status", "graded"), 0) + 1
    summary = t._n("{n} submission", "{n} submissions", len(submissions))
    if counts:
        summary = t._("{submissions}: {counts}", submissions=summary,
                      counts=", ".join(f"{n} {status_word(status, lang)}" for status, n in counts.items()))
    if submissions:
        all_scores = [score_of(r) for r in submissions]
        summary = t._("{summary}. Mean score {mean}, median {median}, out of {most}.", summary=summary,
                      mean=number(round(statistics.fmean(all_scores), 1)), median=number(statistics.median(all_scores)),
                      most=number(scores.get("max_score")))
    if scores.get("grader_version"):
        summary = t._("{summary} Graded by micrograd-grader {version}.", summary=summary,
                      version=scores["grader_version"])

    title = t._("{exercise}: class report", exercise=exercise)
    parts = [f"<header><h1>{e(title)}</h1><p class=\"summary\">{e(summary)}</p></header>",
             _section("histogram", t._("Scores"), histogram_svg(scores, lang),
                      t._("Every submission, those that did not run at 0.")),
             _section("pass-rate", t._("Pass rate per test"), pass_rate_svg(scores, lang),
                      t._("Share of the submissions that ran the test (not those that skipped it or timed out "
                          "in it) that passed it.")),
             _section("heatmap", t._("Concepts by student"), heat_map_svg(scores, lang) + _legend(lang),
                      t._("Each cell: the share of the concept's points the student earned."))]
    if timings:
        parts.append(_section("slowest", t._("Slowest submissions"), _slowest_table(submissions, timings, lang=lang)))
    did_not_run = [r for r in submissions if r.get("status") in FAILED_TO_RUN]
    if did_not_run:
        no_reason = t._("No reason was recorded.")
        items = "".join(f"<li><strong>{e(r['id'])}</strong> {badge(r['status'], lang)}"
                        f"<pre>{e(t.render(r.get('message')) or no_reason)}</pre></li>" for r in did_not_run)
        parts.append(_section("did-not-run", t._("Did not run"), f'<ul class="did-not-run">{items}</ul>'))
    parts.append(_section("submissions", t._("All submissions"), _submissions_table(scores, timings, lang)))
    return page(title, "\n".join(parts), lang)


def _section(id_: str, title: str, content: str, note: str = "") -> str:
    note_html = f'<p class="note">{e(note)}</p>' if note else ""
    return f'<section id="{id_}"><h2>{e(title)}</h2>{note_html}\n{content}\n</section>'


def histogram_bins(scores: dict, bins: int = HISTOGRAM_BINS) -> list[tuple[float, float, int]]:
    """(low, high, count) for equal-width bins over 0..max_score; the last bin includes max_score."""
    top = float(scores.get("max_score") or 0)
    if top <= 0:
        top = max([score_of(r) for r in scores.get("submissions", [])] + [1.0])
    width = top / bins
    counts = [0] * bins
    for record in scores.get("submissions", []):
        counts[min(max(int(round(score_of(record) / width, 9)), 0), bins - 1)] += 1
    return [(i * width, (i + 1) * width, n) for i, n in enumerate(counts)]


def histogram_svg(scores: dict, lang: str = "en") -> str:
    t = translator(lang)
    label, axis = t._("Histogram of scores"), t._("points")
    bins = histogram_bins(scores)
    left, top, plot_w, plot_h, bottom = 44, 16, 600, 180, 44
    width, height = left + plot_w + 16, top + plot_h + bottom
    most = max([n for _, _, n in bins] + [1])
    slot = plot_w / len(bins)
    out = [f'<svg class="histogram" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
           f'role="img" aria-label="{e(label)}">']
    step = max(1, -(-most // 5))
    for tick in range(0, most + 1, step):
        y = top + plot_h - plot_h * tick / most
        out.append(f'<line class="axis" x1="{left - 4}" y1="{y:.1f}" x2="{left}" y2="{y:.1f}"/>'
                   f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>')
    for i, (low, high, n) in enumerate(bins):
        h = plot_h * n / most
        x = left + i * slot + slot * 0.1
        y = top + plot_h - h
        bin_label = f"{number(low)}–{number(high)}"
        count = t._n("{n} submission", "{n} submissions", n)
        out.append(f'<rect class="bar" x="{x:.1f}" y="{y:.1f}" width="{slot * 0.8:.1f}" height="{h:.1f}" '
                   f'fill="{BAR_COLOUR}" data-count="{n}"><title>{e(bin_label)}: {e(count)}</title></rect>')
        if n:
            out.append(f'<text x="{x + slot * 0.4:.1f}" y="{y - 4:.1f}" text-anchor="middle">{n}</text>')
        # the axis names the bins' edges, not their ranges: ten "12.4–18.6" labels do not fit side by side
        out.append(f'<text class="muted" x="{left + i * slot:.1f}" y="{top + plot_h + 16}" '
                   f'text-anchor="middle">{e(number(round(low, 1)))}</text>')
    if bins:
        out.append(f'<text class="muted" x="{left + plot_w:.1f}" y="{top + plot_h + 16}" '
                   f'text-anchor="middle">{e(number(round(bins[-1][1], 1)))}</text>')
    out.append(f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}"/>'
               f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}"/>'
               f'<text x="{left + plot_w / 2}" y="{height - 6}" text-anchor="middle">{e(axis)}</text></svg>')
    return "".join(out)


def pass_rate_svg(scores: dict, lang: str = "en") -> str:
    t = translator(lang)
    label = t._("Pass rate per test")
    rates = pass_rates(scores)
    info = test_info(scores)
    label_w, bar_w, row_h = 240, 320, 24
    width, height = label_w + bar_w + 130, max(row_h * len(rates), row_h) + 8
    out = [f'<svg class="pass-rate" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
           f'role="img" aria-label="{e(label)}">']
    for i, (name, (passed, ran)) in enumerate(rates.items()):
        y = 4 + i * row_h
        rate = passed / ran if ran else 0.0
        about = t._("{test} ({concept}, {visibility}): {passed} of {ran} passed", test=name,
                    concept=info[name]["concept"] or t._("no concept"), visibility=info[name]["visibility"],
                    passed=passed, ran=ran)
        out.append(f'<g><title>{e(about)}</title>'
                   f'<text x="{label_w - 8}" y="{y + 16}" text-anchor="end">{e(clip(name, 34))}</text>'
                   f'<rect x="{label_w}" y="{y + 3}" width="{bar_w}" height="{row_h - 6}" fill="#eeeeee"/>'
                   f'<rect class="rate" x="{label_w}" y="{y + 3}" width="{bar_w * rate:.1f}" height="{row_h - 6}" '
                   f'fill="{RATE_COLOUR}"/>'
                   f'<text x="{label_w + bar_w + 8}" y="{y + 16}">'
                   f'{passed}/{ran} · {f"{100 * rate:.0f}%" if ran else "—"}</text></g>')
    out.append("</svg>")
    return "".join(out)


def heat_map_svg(scores: dict, lang: str = "en") -> str:
    t = translator(lang)
    share_label = t._("Share of each concept's points per student")
    names = concepts(scores)
    submissions = scores.get("submissions", [])
    label_w, cell_w, cell_h, head_h = 220, 84, 26, 70
    width = label_w + cell_w * max(len(names), 1) + 110  # room for the last slanted header
    height = head_h + cell_h * max(len(submissions), 1) + 4
    out = [f'<svg class="heatmap" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
           f'role="img" aria-label="{e(share_label)}">']
    for j, concept in enumerate(names):
        x = label_w + j * cell_w + cell_w / 2
        out.append(f'<text x="{x:.1f}" y="{head_h - 8}" transform="rotate(-30 {x:.1f} {head_h - 8})">'
                   f'{e(clip(concept, 22))}<title>{e(concept)}</title></text>')
    for i, record in enumerate(submissions):
        y = head_h + i * cell_h
        out.append(f'<text x="{label_w - 8}" y="{y + 17}" text-anchor="end">{e(clip(record["id"], 30))}'
                   f'<title>{e(record["id"])}</title></text>')
        earned = concept_points(record)
        for j, concept in enumerate(names):
            x = label_w + j * cell_w
            got, possible = earned.get(concept, (0.0, 0.0))
            if possible > 0:
                share = got / possible
                fill, text = heat_colour(share), f"{100 * share:.0f}%"
                ink = "#ffffff" if share > 0.6 else "#222222"
                about = f"{record['id']}, {concept}: {points(got, possible)}"
            else:
                fill, text, ink = NO_DATA_COLOUR, "—", "#777777"
                about = t._("{id}, {concept}: no result ({status})", id=record["id"], concept=concept,
                            status=status_word(record.get("status", "graded"), lang))
            out.append(f'<g class="cell"><title>{e(about)}</title>'
                       f'<rect x="{x + 1}" y="{y + 1}" width="{cell_w - 2}" height="{cell_h - 2}" fill="{fill}"/>'
                       f'<text x="{x + cell_w / 2}" y="{y + 17}" text-anchor="middle" style="fill:{ink}">{text}</text></g>')
    out.append("</svg>")
    return "".join(out)


def _legend(lang: str = "en") -> str:
    t = translator(lang)
    full_share, no_result = t._("{full} of the concept's points", full="100%"), t._("no result")
    swatches = "".join(f'<span class="swatch" style="background:{heat_colour(s)}"></span>' for s in (0, .25, .5, .75, 1))
    return (f'<div class="legend">0% {swatches} {e(full_share)}'
            f'<span class="swatch" style="background:{NO_DATA_COLOUR}; margin-left:1rem"></span> '
            f'{e(no_result)}</div>')


def _head(*columns) -> str:
    """A table's header row: (words, numeric?) per column."""
    return "<tr>" + "".join(f'<th class="num">{e(words)}</th>' if numeric else f"<th>{e(words)}</th>"
                            for words, numeric in columns) + "</tr>"


def _slowest_table(submissions: list[dict], timings: dict[str, float], limit: int = 10, lang: str = "en") -> str:
    timed = sorted((r for r in submissions if r["id"] in timings), key=lambda r: -timings[r["id"]])[:limit]
    rows = "".join(f"<tr><td>{e(r['id'])}</td><td>{badge(r.get('status', 'graded'), lang)}</td>"
                   f"<td class=\"num\">{timings[r['id']]:.1f}</td></tr>" for r in timed)
    t = translator(lang)
    head = _head((t._("id"), False), (t._("status"), False), (t._("seconds"), True))
    return f"<table>{head}{rows}</table>"


def _submissions_table(scores: dict, timings: dict[str, float] | None, lang: str = "en") -> str:
    t = translator(lang)
    # ids that look alike, each graded (`Вера` beside `Bepa`): a column of what tells each apart (student_text.id_marks)
    marks = id_marks(scores.get("submissions", []))
    columns = [(t._("id"), False), *([(t._("letters"), False)] if marks else []), (t._("status"), False),
               (t._("score"), True), (t._("first failing test"), False)]
    head = _head(*columns, *([(t._("seconds"), True)] if timings else []))
    rows = []
    for record in scores.get("submissions", []):
        failing = first_failing(record)
        row = (f"<tr><td>{e(record['id'])}</td>" + (f"<td>{e(marks.get(record['id'], ''))}</td>" if marks else "")
               + f"<td>{badge(record.get('status', 'graded'), lang)}</td>"
               f"<td class=\"num\">{points(score_of(record), record.get('max_score', scores.get('max_score')))}</td>"
               f"<td>{e(failing) if failing else '—'}</td>")
        if timings:
            seconds = timings.get(record["id"])
            row += f'<td class="num">{seconds:.1f}</td>' if seconds is not None else '<td class="num">—</td>'
        rows.append(row + "</tr>")
    return f"<table>{head}{''.join(rows)}</table>"

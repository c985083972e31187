"""The similarity report as HTML, for the instructor: ranked pairs, a histogram, the code side by side.

Built like the class report (grader/report/html.py, whose page, escaping and
CSS it shares): self-contained, no script, nothing fetched, every text from a
submission escaped. Sections:

- a histogram of each submission's highest score (its nearest neighbour in
  the cohort), with the flag threshold drawn as a vertical line;
- the ranked table of pairs, and the clusters;
- each flagged pair side by side: the regions that match in one colour per
  region on both sides, the lines that come from the starter greyed;
- each flagged public match beside its source.
"""

from __future__ import annotations

from . import Result
from .regions import starter_lines
from .normalise import python_lines
from ..report.html import e, page
from ..report.record import number
from ..student_text import id_marks, listed, shown_id

BINS = 20
BAR_COLOUR = "#3465a4"
THRESHOLD_COLOUR = "#cc0000"  # the threshold line; no other element uses it
MATCH_COLOURS = ("#fde68a", "#bfdbfe", "#bbf7d0", "#fbcfe8", "#ddd6fe", "#fed7aa")
MAX_TABLE_ROWS = 200
MAX_SHOWN = 60  # flagged pairs and public matches shown side by side

CSS = """
.code { display: grid; grid-template-columns: 1fr 1fr; gap: .8rem; }
.code > div { min-width: 0; }
.code h4 { margin: .2rem 0; font-size: .9rem; }
.listing { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .78rem;
           background: #fafafa; border: 1px solid #ddd; overflow-x: auto; }
.listing div { white-space: pre; padding: 0 .4rem; min-height: 1.1em; }
.listing div span.n { display: inline-block; width: 2.6rem; color: #999; user-select: none; }
.listing div.starter { color: #aaa; }
""" + "".join(f".listing div.m{i} {{ background: {c}; }}\n" for i, c in enumerate(MATCH_COLOURS))


def nearest_scores(record: dict) -> dict[str, float]:
    """Each compared submission's highest pair score: its row's `nearest`, which counts the pairs under the
    report's floor too (0 only when it shares nothing with anyone)."""
    best = {row["id"]: row.get("nearest", {}).get("score", 0.0) for row in record.get("submissions", [])
            if row.get("status") == "compared"}
    for pair in record["pairs"]:
        for side in ("a", "b"):
            best[pair[side]] = max(best.get(pair[side], 0.0), pair["score"])
    return best


def histogram_counts(record: dict, bins: int = BINS) -> list[int]:
    counts = [0] * bins
    for score in nearest_scores(record).values():
        counts[min(int(score * bins), bins - 1)] += 1
    return counts


def histogram_svg(record: dict) -> str:
    counts = histogram_counts(record)
    left, top, plot_w, plot_h, bottom = 44, 16, 600, 180, 44
    width, height = left + plot_w + 16, top + plot_h + bottom
    most = max(counts + [1])
    slot = plot_w / len(counts)
    out = [f'<svg class="histogram" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
           f'aria-label="Histogram of each submission\'s highest similarity">']
    for i, n in enumerate(counts):
        h = plot_h * n / most
        x, y = left + i * slot + slot * 0.1, top + plot_h - h
        out.append(f'<rect class="bar" x="{x:.1f}" y="{y:.1f}" width="{slot * 0.8:.1f}" height="{h:.1f}" '
                   f'fill="{BAR_COLOUR}"><title>{i / len(counts):.2f}–{(i + 1) / len(counts):.2f}: {n}</title></rect>')
        if n:
            out.append(f'<text x="{x + slot * 0.4:.1f}" y="{y - 4:.1f}" text-anchor="middle">{n}</text>')
    for tick in range(0, 11, 2):
        x = left + plot_w * tick / 10
        out.append(f'<text class="muted" x="{x:.1f}" y="{top + plot_h + 16}" text-anchor="middle">{tick / 10:g}</text>')
    threshold = float(record["threshold"])
    x = left + plot_w * threshold
    out.append(f'<line class="threshold" x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{top + plot_h}" '
               f'stroke="{THRESHOLD_COLOUR}" stroke-width="3"/>'
               f'<text x="{x + 4:.1f}" y="{top + 4}" fill="{THRESHOLD_COLOUR}">flag at {threshold:g}</text>')
    out.append(f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}"/>'
               f'<text x="{left + plot_w / 2}" y="{height - 6}" text-anchor="middle">'
               "highest similarity of each submission</text></svg>")
    return "".join(out)


def to_html(result: Result) -> str:
    record = result.record
    pairs, flagged = record["pairs"], [p for p in record["pairs"] if p["flagged"]]
    public = record["public_matches"]
    compared = sum(1 for row in record.get("submissions", []) if row.get("status") == "compared")
    rejected = [row for row in record.get("submissions", []) if row.get("status") == "rejected"]
    marks = id_marks(record.get("submissions", []))  # ids that look alike, each compared: `Вера [Cyrillic]`
    summary = (f"{compared} submissions compared ({len(rejected)} could not be read); "
               f"{len(flagged)} pairs flagged at {number(record['threshold'])} in {len(record['clusters'])} "
               f"clusters; {sum(m['flagged'] for m in public)} flagged matches with a public source. "
               "For the instructor only: it names students and shows their code.")
    body = [f"<h1>Similarity report</h1><p class=\"summary\">{e(summary)}</p><style>{CSS}</style>",
            _section("histogram", "Each submission's highest similarity", histogram_svg(record),
                     "A pair is flagged at or above the red line. A score is the share of each student's own "
                     "code that the other holds (the starter, the public sources and the course's reference "
                     "taken out, each fragment weighed by how rare it is in the class), times how much code "
                     "that is, counted only where it rises above what is typical for the two students (their "
                     "5th to 8th highest scores: 'typical' in the table)."),
            _section("pairs", "Pairs, most similar first",
                     _pairs_table(pairs[:max(MAX_TABLE_ROWS, len(flagged))], marks)),
            _section("clusters", "Clusters", _clusters(record["clusters"], marks)),
            _section("flagged", "Flagged pairs side by side",
                     "".join(_side_by_side(p, result.documents[p["a"]], result.documents[p["b"]], result, i,
                                           marks=marks)
                             for i, p in enumerate(flagged[:MAX_SHOWN])) or "<p>No pair is flagged.</p>",
                     "Matching regions share a colour on both sides; grey lines come from the starter."),
            _section("public", "Matches with public sources",
                     _public_table(public, marks) + "".join(
                         _side_by_side({**m, "a": m["id"], "b": m["source"]}, result.documents[m["id"]],
                                       result.sources[m["source"]], result, i, public=True, marks=marks)
                         for i, m in enumerate([m for m in public if m["flagged"]][:MAX_SHOWN])))]
    partial = [row for row in record.get("submissions", []) if row.get("opaque") or row.get("limits")]
    if partial:
        body.append(_section("partial", "Hidden or not read in full", "<ul>" + "".join(
            f"<li><strong>{_id(row['id'], marks)}</strong>: {e(_partial_text(row))}</li>" for row in partial) + "</ul>",
            "Code run from data (exec, eval or compile) is opaque: it is compared only when it could be "
            "unpacked without running it. Look at these files yourself."))
    if rejected:
        body.append(_section("rejected", "Not compared", "<ul>" + "".join(
            f"<li><strong>{e(row['id'])}</strong>: {e(row.get('message'))}</li>" for row in rejected) + "</ul>"))
    return page("Similarity report", "\n".join(body))


def _partial_text(row: dict) -> str:
    said = []
    for call in row.get("opaque", []):
        what = "unpacked and compared" if call["unpacked"] else "cannot be unpacked: not compared"
        said.append(f"{call['file']}, line {call['line']}: {call['call']}() of data ({what})")
    for limit in row.get("limits", []):
        if limit["what"] == "condensed":
            said.append(f"{limit['file']}: {limit['lines_left_out']:,} lines of comments, docstrings, blank lines and "
                        "functions nothing runs left out before the limits")
        elif limit["what"] == "truncated":
            said.append(f"{limit['file']}: only its first {limit['compared_chars']:,} of {limit['chars']:,} "
                        "characters compared")
        else:
            what = {"lexical": "read as lexical tokens"}.get(limit["what"], limit["what"])
            said.append(f"{limit['file']}: {what}" + (f" ({limit['why']})" if limit.get("why") else ""))
    return "; ".join(said)


def _section(id_: str, title: str, content: str, note: str = "") -> str:
    note_html = f'<p class="note">{e(note)}</p>' if note else ""
    return f'<section id="{id_}"><h2>{e(title)}</h2>{note_html}\n{content}\n</section>'


def _pairs_table(pairs: list[dict], marks: dict[str, str]) -> str:
    if not pairs:
        return "<p>No two submissions share rare code.</p>"
    rows = []
    for rank, pair in enumerate(pairs, 1):
        mistake = pair.get("mistake")
        notes = [f"both match {pair['both_match_public']}"] if pair.get("both_match_public") else []
        if mistake:
            notes.append(f"the same failures ({mistake['shared_by']} in the class)")
        if pair.get("traits"):  # the two heaviest things only these two wrote as they wrote them
            notes.append("only these two wrote " + ", ".join(
                f"the {t['kind']} “{_cut(t['text'])}”" for t in pair["traits"][:2]))
        note = "; ".join(notes)
        anchor = f'<a href="#pair-{rank - 1}">{rank}</a>' if pair["flagged"] else str(rank)
        rows.append(f'<tr class="{"flagged" if pair["flagged"] else ""}"><td class="num">{anchor}</td>'
                    f"<td>{_id(pair['a'], marks)}</td>"
                    f"<td>{_id(pair['b'], marks)}</td>"
                    f"<td class=\"num\">{pair['score']:.2f}</td>"
                    f"<td class=\"num\">{pair.get('typical', 0.0):.2f}</td>"
                    f"<td>{'yes' if pair['flagged'] else ''}</td><td class=\"num\">{len(pair['matches'])}</td>"
                    f"<td>{e(note)}</td></tr>")
    return ("<table><tr><th class=\"num\">#</th><th>a</th><th>b</th><th class=\"num\">score</th>"
            "<th class=\"num\">typical</th><th>flagged</th>"
            "<th class=\"num\">regions</th><th>also</th></tr>" + "".join(rows) + "</table>")


def _id(sub_id: str, marks: dict[str, str]) -> str:
    """An id in the page; in a class whose ids look alike, with its mark, quoted where it holds a blank
    (student_text.shown_id)."""
    return e(shown_id(sub_id, marks))


def _cut(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"


def _clusters(groups: list[list[str]], marks: dict[str, str]) -> str:
    if not groups:
        return "<p>No cluster: no pair is flagged.</p>"
    # one id never reads as two
    return "<ol>" + "".join(f"<li>{e(listed(g, marks=marks))}</li>" for g in groups) + "</ol>"


def _public_table(matches: list[dict], marks: dict[str, str]) -> str:
    if not matches:
        return "<p>No submission shares rare code with a public source.</p>"
    rows = "".join(f"<tr><td>{_id(m['id'], marks)}</td><td>{e(m['source'])}</td>"
                   f"<td class=\"num\">{m['score']:.2f}</td>"
                   f"<td>{'yes' if m['flagged'] else ''}</td></tr>" for m in matches[:MAX_TABLE_ROWS])
    return ("<table><tr><th>submission</th><th>source</th><th class=\"num\">score</th><th>flagged</th></tr>"
            + rows + "</table>")


def _side_by_side(pair: dict, a, b, result: Result, index: int, public: bool = False,
                  marks: dict[str, str] | None = None) -> str:
    colours = {"a": {}, "b": {}}
    for k, match in enumerate(pair["matches"]):
        for side in ("a", "b"):
            file, (first, last) = match[f"{side}_file"], match[f"{side}_lines"]
            for line in range(first, last + 1):
                colours[side].setdefault((file, line), k % len(MATCH_COLOURS))
    anchor = f"public-{index}" if public else f"pair-{index}"
    columns = [_listing(pair[side], doc, colours[side], starter_lines(doc, result.starter_kgrams))
               for side, doc in (("a", a), ("b", b))]
    return (f'<h3 id="{anchor}">{e(listed([pair["a"], pair["b"]], " and ", marks))}: {pair["score"]:.2f}</h3>'
            f'<div class="code">{columns[0]}{columns[1]}</div>')


def _listing(name: str, document, colours: dict, greyed: dict[str, set[int]]) -> str:
    parts = []
    for file, text in sorted(document.texts.items()):
        lines = []
        for number_, line in enumerate(python_lines(text), 1):
            k = colours.get((file, number_))
            cls = f"m{k}" if k is not None else ("starter" if number_ in greyed.get(file, ()) else "")
            lines.append(f'<div class="{cls}"><span class="n">{number_}</span>{e(line)}</div>')
        parts.append(f"<h4>{e(name)}: {e(file)}</h4><div class=\"listing\">{''.join(lines)}</div>")
    return f"<div>{''.join(parts)}</div>"

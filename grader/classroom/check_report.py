"""How a student's check reads: `grade check`'s lines, Jupyter's table, and the rows both are made of.

The renderers of a CheckResult (grader/classroom/student_check.py), in the result's language; the
check itself and the notebook's kernel cells are elsewhere, and this module imports neither.
"""

from __future__ import annotations

import html

from ..i18n import place, translator
from ..judge import DIGITS, fmt
from ..report.record import Said, number
from ..student_text import printable

LABELS = {"passed": "PASS", "failed": "FAIL", "error": "FAIL", "timeout": "FAIL", "skipped": "SKIP"}


def _shown(value, detail, tr=None) -> str:
    """A number as the feedback writes it (grader.judge.fmt, to the digits the check chose: a slope's
    fewer); a text (an error) as it is; a message (grader/i18n) in the check's language."""
    if isinstance(value, dict) and "id" in value:
        return (tr or translator("en")).render(value)
    return value if isinstance(value, str) else fmt(value, detail.get("digits", DIGITS))


def table_rows(result) -> list[dict]:
    """One row per visible test, its failure's parts as fields: label, name, expression, expected, got,
    diagnosis; the words in the result's language, the numbers and code as they are."""
    tr, say = translator(result.lang), Said(result.lang)
    rows = []
    for t in result.tests:
        detail = t.get("detail") or {}
        doc = t["doc"]
        expression = tr.render(detail.get("expression")) or _doc(tr, doc)
        if detail.get("node"):
            # the expression's record, not its words: a translation may ask it in a case («для случайного графа…»)
            said = detail.get("expression")
            expression = tr._("{node} for {expression}", node=detail.get("node_words") or detail["node"],
                              expression=said if isinstance(said, dict) and "id" in said else expression)
        cited = [say.title(d) for d in result.diagnosis
                 if t["name"] in (d.get("tests") or [])]
        failing = t["status"] != "passed"
        if not failing and t.get("output"):  # what a test said as it passed: an expression excused ("Not charged again")
            cited.append(say.output(t))
        rows.append({
            "label": LABELS.get(t["status"], "FAIL"), "name": t["name"], "expression": expression,
            "expected": _shown(detail["expected"], detail, tr) if "expected" in detail else "",
            # a failure with no fields of its own (an import error, a custom check): its whole message
            "got": (_shown(detail["got"], detail, tr) if "got" in detail
                    else say.output(t) if failing and not detail else ""),
            "diagnosis": "; ".join(c for c in cited if c),
        })
    return rows


def report_lines(result, lang: str | None = None) -> list[str]:
    """What `grade check` prints: a header, one line per visible test, notes, and a score line, in `lang`
    (default: the language the check was made in)."""
    t = translator(lang or result.lang)
    say = Said(lang or result.lang)
    checked = t.render(result.checked)
    lines = [t._("{exercise}: {title}. Visible tests on {checked}:", exercise=result.exercise,
                 title=t.render(result.title), checked=checked)]
    if result.rejected:
        lines.append(_entry("FAIL  ", t._("{checked} could not be read: {why}", checked=checked,
                                          why=t.render(result.rejected))))
        lines.append(t._("Score on the visible tests: 0 (nothing could be graded)."))
        return lines
    width = max([len(test["name"]) for test in result.tests] + [4])
    for test in result.tests:
        label = LABELS.get(test["status"], "FAIL")
        # a test's doc is looked up in the suites' catalog (its English text is its id)
        doc = test["doc"]
        # a test that passed says what it checks; one that says something as it passed (an expression excused: "Not
        # charged again: ... needs `tanh`, which tanh/two already charges") says that too, on a line of its own
        text = _doc(t, doc) if not test["output"] else say.output(test) if test["status"] != "passed" else \
            f"{_doc(t, doc)}\n{say.output(test)}"
        lines.append(_entry(f"{label}  {test['name']:<{width}}  ", text))
    for entry in result.diagnosis:
        if entry.get("brief"):
            lines.append(_entry("", t._("hint: {finding} ({file}, line {line})", finding=say.title(entry),
                                        file=entry.get("file", "engine.py"), line=entry.get("line"))))
        elif (where := _where(entry)) is not None:
            lines.append(_entry("", t._("why:  {finding} ({place}). {explanation}", finding=say.title(entry),
                                        place=t.render(where), explanation=say.explanation(entry))))
        else:
            lines.append(_entry("", t._("why:  {finding}. {explanation}", finding=say.title(entry),
                                        explanation=say.explanation(entry))))
    lines.extend(_entry("", t._("note: {note}", note=t.render(n))) for n in result.notes)
    passed = sum(test["status"] == "passed" for test in result.tests)
    lines.append(t._n("Score on the visible tests: {points}/{max_points} points ({passed} of {n} test passes). "
                      "Hidden tests are graded after you hand in.",
                      "Score on the visible tests: {points}/{max_points} points ({passed} of {n} tests pass). "
                      "Hidden tests are graded after you hand in.",
                      len(result.tests), points=number(result.points), max_points=number(result.max_points),
                      passed=passed))
    return lines


def names_a_place(entry: dict) -> bool:
    """Whether the report's `why:` line for ENTRY names a place (a notebook's `cell N` among them)."""
    return _where(entry) is not None


def _where(entry: dict):
    """The place a finding carries (`engine.py, line 44`, a notebook's cell too), as the feedback pages and `grade
    ci` give it, or None: none known, or one its words say already: an op that raised (its explanation ends with
    where: "(typo.py, line 12)"), a finding of several made one (same_line.one_per_line: "... on one line,
    engine.py, line 78, ...")."""
    if not entry.get("line") or entry.get("findings") or entry.get("kind") == "raises" or _says_its_line(entry):
        return None
    return place(entry)


def _says_its_line(entry: dict) -> bool:
    """Whether ENTRY's explanation names its line already, as a parameter of its words (a hint's "`backward` on line
    95 walks the graph, ...", "Line 44: ..."; a notebook's "In cell 3: Line 8: ..." names its cell too): the `why:`
    then says no place after the title (session 35: `why:  `backward()` never sets the output's gradient to 1
    (engine.py, line 95). `backward` on line 95 walks ...` said the line twice)."""
    found: dict[str, set] = {"line": set(), "cell": set()}
    stack = [((entry.get("messages") or {}).get("explanation"))]
    while stack:
        record = stack.pop()
        if isinstance(record, dict):
            for key, value in (record.get("params") or {}).items():
                if key in found and isinstance(value, int) and not isinstance(value, bool):
                    found[key].add(value)
                else:
                    stack.append(value)
            stack.extend(v for k, v in record.items() if k not in ("params", "id", "text"))
        elif isinstance(record, list):
            stack.extend(record)
    return entry["line"] in found["line"] and (entry.get("cell") is None or entry["cell"] in found["cell"])


def _entry(head: str, text: str) -> str:
    """One entry of the report (a test's line, a `why:`, a note): `head` and `text`, each line of `text` after its
    first indented under it. Text of several lines (an exception's message is the student's to write) never
    starts a line of its own, so every line that starts with PASS, FAIL, SKIP, why: or note: is one the check
    made, and the report's lines are its entries one for one (html_table's tail; scripts that read the labels). Shown
    as student_text.printable shows it: a control character or a bidi override of the student's (in an exception's
    message, a file's name) is a visible escape, and a line or paragraph separator (U+2028, U+2029, which splitlines
    breaks at) is one too (session 42: a message's U+202E reached the student's terminal and Jupyter's page raw)."""
    first, *rest = printable(head + text).rstrip().splitlines() or [""]
    indent = " " * max(len(head), 6)
    return "\n".join([first.rstrip(), *(indent + line.rstrip() for line in rest if line.strip())])


def html_table(result) -> str:
    """The result as an HTML table (what Jupyter shows), with the same words as its text, in its language."""
    t = translator(result.lang)
    lines = [f"<div lang=\"{result.lang}\">"]
    lines.append("<p>" + t._("{exercise}: {title}. Visible tests on {checked}:",
                             exercise=f"<b>{html.escape(result.exercise)}</b>", title=html.escape(t.render(result.title)),
                             checked=html.escape(t.render(result.checked))) + "</p>")
    if result.rejected is None:
        headings = ("", t._("test"), t._("expression"), t._("expected"), t._("got"), t._("diagnosis"))
        head = "".join(f"<th style='text-align:left'>{html.escape(h)}</th>" for h in headings)
        lines.append(f"<table><thead><tr>{head}</tr></thead><tbody>")
        for row in table_rows(result):
            colour = {"PASS": "#1a7f37", "SKIP": "#6e7781"}.get(row["label"], "#cf222e")
            cells = [f"<td style='color:{colour};font-weight:bold'>{row['label']}</td>"]
            cells += [f"<td style='text-align:left'>{html.escape(printable(str(row[k])))}</td>"
                      for k in ("name", "expression", "expected", "got", "diagnosis")]
            lines.append("<tr>" + "".join(cells) + "</tr>")
        lines.append("</tbody></table>")
    text = report_lines(result)
    # The text's entries after the per-test ones: the notes and the score, word for word.
    tail = text[1 + (len(result.tests) if result.rejected is None else 0):]
    lines += [f"<p>{html.escape(line)}</p>" for line in tail]
    lines.append("</div>")
    return "\n".join(lines)


def _doc(t, doc) -> str:
    """A test's doc in t's language: looked up in the suites' catalog (its English text is its id), or a
    message record (a doc made from parts)."""
    return t.render(doc) if isinstance(doc, dict) else t._(doc)

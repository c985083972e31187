"""One submission's record as Gradescope's `results.json`.

Follows Gradescope's published autograder specification ("Autograder
Specifications", section "Output format"): top-level `score`,
`execution_time` (seconds), `output`, `visibility`, `stdout_visibility`,
`extra_data`, `tests` and `leaderboard`; each test with `name`, `number`,
`score`, `max_score`, `status`, `output`, `tags`, `visibility`, `extra_data`.
The schema the tests hold it to is tests/report/gradescope_results.schema.json.

Choices where our record says more than Gradescope can:

- Gradescope knows two test statuses. `passed` stays `passed`; `failed`,
  `error`, `timeout` and `skipped` become `failed`, the output starts with
  `[error]`, `[timeout]` or `[skipped]`, and `extra_data.status` keeps ours.
- A `rejected` submission scores 0 and the top-level output says why; a
  `crashed` or `timeout` one keeps the points of the tests its observations
  passed, as the scores file does (docs/contract.md §4), and says why the
  rest score 0.
- A finding made from the visible tests alone (`student_diagnosis`, in a
  suite with withheld tests) goes in the top-level output too, unless one
  there says it already.
- A diagnosis whose cited tests are all `visible` goes in the top-level
  output. Any other goes at the end of the output of its least visible cited
  test, so Gradescope reveals it exactly when it reveals that test.
"""

from __future__ import annotations

import json

from ..i18n import translator
from ..places import place_text
from .record import PLACE_FIELDS, VISIBILITIES, Said, finding_fields, limit_met, score_of, status_word, tests_of

STATUSES = ("passed", "failed")
LEADERBOARD_ORDERS = ("asc", "desc")

def _why_not_graded(status: str, message: str, t) -> str | None:
    """The results' first words when the submission did not run as a whole."""
    if status == "rejected":
        return t._("Your submission could not be read, so nothing was run and it scores 0: {message}", message=message)
    if status == "crashed":
        return t._("The process running your code died; tests that did not finish score 0: {message}", message=message)
    if status == "timeout":
        return t._("Your code ran out of time; tests that did not finish score 0: {message}", message=message)
    return None


def to_results_json(submission_record: dict, *, execution_time: float | None = None,
                    stdout_visibility: str = "hidden", leaderboard: list[dict] | None = None,
                    lang: str = "en") -> dict:
    """Gradescope's results.json (as a dict) for one submission of a scores record, its words in `lang`.

    execution_time: seconds the run took (timings are not in the scores);
    left out when None. stdout_visibility: when students may see what
    run_autograder printed, one of "visible", "after_due_date",
    "after_published", "hidden". leaderboard: entries `{"name", "value",
    "order"?}` passed through to Gradescope.
    """
    t = translator(lang)
    record = submission_record
    if stdout_visibility not in VISIBILITIES:
        raise ValueError(f"Invalid stdout_visibility {stdout_visibility!r}: expected one of {', '.join(VISIBILITIES)}")
    status = record.get("status", "graded")
    tests = [_test(test, i, t) for i, test in enumerate(tests_of(record), start=1)]

    lines = []
    reason = Said(t.lang).message(record) or t._("no reason was recorded")
    why = _why_not_graded(status, reason, t)
    if why:
        lines.append(why)
    by_name = {test["name"]: test for test in tests}
    said = set()  # titles of the findings in the top-level output
    shown = []  # those findings as data: each shown where its words are, the top's in extra_data
    for diagnosis in record.get("diagnosis") or []:
        names = diagnosis.get("tests") or []
        if any(name not in by_name for name in names):
            continue  # cites a test this record lacks: its visibility is unknown, so show it nowhere
        cited = [by_name[name] for name in names]
        text = _diagnosis_text(diagnosis, t)
        if all(test["visibility"] == "visible" for test in cited):
            lines.append(text)
            said.add(diagnosis.get("title"))
            shown.append(finding_fields(diagnosis))
        else:
            least_visible = max(cited, key=lambda test: VISIBILITIES.index(test["visibility"]))
            least_visible["output"] = (least_visible["output"] + "\n\n" + text).lstrip("\n")
            least_visible["extra_data"].setdefault("diagnosis", []).append(finding_fields(diagnosis))
    # made from the visible tests alone (a suite with withheld tests): what the student sees before they are
    for d in record.get("student_diagnosis") or []:
        if d.get("title") not in said and all(by_name.get(name, {}).get("visibility") == "visible"
                                              for name in d.get("tests") or []):
            lines.append(_diagnosis_text(d, t))
            shown.append(finding_fields(d))

    extra = {"id": record.get("id"), "status": status}
    if shown:
        extra["diagnosis"] = shown
    if limit_met(record.get("message_data")):
        extra["limit"] = limit_met(record.get("message_data"))  # what cut the run short, as fields
    results = {
        "score": score_of(record),
        "output": "\n\n".join(lines),
        "visibility": "visible",
        "stdout_visibility": stdout_visibility,
        "extra_data": extra,
        "tests": tests,
    }
    if execution_time is not None:
        results["execution_time"] = int(round(execution_time))  # whole seconds, as in the specification
    if leaderboard is not None:
        results["leaderboard"] = [_leaderboard_entry(entry) for entry in leaderboard]
    return results


def to_gradescope(scores: dict, timings: dict[str, float] | None = None, lang: str = "en") -> str:
    """Gradescope's results.json as text, its words in `lang` (what Gradescope shows the students, as the
    bundle's own results.json speaks its `--lang`): for a batch of one exactly that file; for a larger batch a
    JSON object mapping each id to its results.json (results.json describes one submission)."""
    timings = timings or {}
    results = {r["id"]: to_results_json(r, execution_time=timings.get(r["id"]), lang=lang)
               for r in scores.get("submissions", [])}
    document = next(iter(results.values())) if len(results) == 1 else results
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _test(test: dict, number_: int, t) -> dict:
    status = test.get("status", "failed")
    output = Said(t.lang).output(test)
    if status not in STATUSES:
        output = f"[{status_word(status, t.lang)}] {output}".rstrip()
    if test.get("file"):
        where = place_text(test, t.lang)
        if where not in output:  # the judge's messages usually say where already
            output = f"{output}\n({where})".lstrip("\n")
    extra = {"status": status}
    extra.update({k: test[k] for k in PLACE_FIELDS if test.get(k) is not None})
    if limit_met(test.get("output_message")):
        extra["limit"] = limit_met(test.get("output_message"))  # the limit the test's probe met, as fields
    visibility = test.get("visibility", "visible")
    return {
        "name": test["name"],
        "number": str(number_),
        "score": float(test.get("score") or 0),
        "max_score": float(test.get("max_score") or 0),
        "status": "passed" if status == "passed" else "failed",
        "output": output,
        "visibility": visibility if visibility in VISIBILITIES else "hidden",
        "tags": [test["concept"]] if test.get("concept") else [],
        "extra_data": extra,
    }


def _diagnosis_text(diagnosis: dict, t) -> str:
    say = Said(t.lang)
    title = say.title(diagnosis) or t._("Diagnosis")
    cited = ", ".join(diagnosis.get("tests") or [])
    explanation = say.explanation(diagnosis)
    text = t._("{title}: {explanation}", title=title, explanation=explanation) if explanation else title
    return t._("{text} (tests: {tests})", text=text, tests=cited) if cited else text


def _leaderboard_entry(entry: dict) -> dict:
    name, value = entry.get("name"), entry.get("value")
    if not isinstance(name, str) or isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"Invalid leaderboard entry {entry!r}: needs a string name and a number or string value")
    if "order" in entry and entry["order"] not in LEADERBOARD_ORDERS:
        raise ValueError(f"Invalid leaderboard order {entry['order']!r} in {entry!r}: expected 'asc' or 'desc'")
    return {k: entry[k] for k in ("name", "value", "order") if k in entry}


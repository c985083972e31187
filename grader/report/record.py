"""Reading a scores record for the renderers: numbers, concepts, and what a student may see.

Every renderer formats the same record (docs/contract.md §4); the questions they share
(how to write 38.0, which tests make up a concept, which tests a student may
see at a given moment) are answered once here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..student_text import printable  # noqa: F401 - the renderers' one sanitiser, named here for them

FAILED_TO_RUN = ("rejected", "crashed", "timeout")
# a test's fields that say where in the student's files its message points and what their engine raised there
# (docs/contract.md §4): every surface that shows a test as data carries these (Gradescope's extra_data, serve's API)
PLACE_FIELDS = ("file", "cell", "line", "exception", "defined_in_cell")
# a finding's fields that code reads (what kind of mistake, which, where, the tests it explains): every surface that
# shows the diagnosis as data carries these beside its words (Gradescope's extra_data, `grade ci`'s JSON, serve's API)
FINDING_FIELDS = ("kind", "variant", "op", "hint", "exception", "file", "line", "cell", "tests")
NOT_PASSING = ("failed", "error", "timeout")
# A test that ran on a submission: it passed, failed or raised. A skipped test never started, and
# a timed-out one was cut before it could say anything: neither counts in a pass rate.
RAN = ("passed", "failed", "error")

from ..records import VISIBILITIES  # noqa: F401 - from the most to the least visible (Gradescope's four)


def _concept_names() -> dict:
    from ..i18n import msg

    return {
        "accumulate": msg("gradient accumulation"),
        "add": msg("addition"),
        "chain-rule": msg("the chain rule"),
        "comparison": msg("comparing gradients"),
        "derived-ops": msg("ops built on other ops"),
        "forward-mode": msg("forward mode (dual numbers)"),
        "from-scratch": msg("an engine written from scratch"),
        "gradcheck": msg("gradient checking"),
        "initial-grad": msg("gradients starting at 0"),
        "learning-rate": msg("the learning rate"),
        "loss": msg("the loss"),
        "mul": msg("multiplication"),
        "neuron": msg("the neuron"),
        "pow": msg("powers"),
        "random-graphs": msg("random expression graphs"),
        "reflected-ops": msg("reflected ops"),
        "regression": msg("what worked before"),  # 02-accumulate's still-works/* tests, not a fitted line
        "seed": msg("the seed gradient"),
        "setup": msg("importing your code"),
        "training": msg("training"),
        "training-loop": msg("the training loop"),
        "traversal": msg("the topological order"),
        "writing-tests": msg("writing tests"),
        # code, the same in every language
        "exp": "exp", "log": "log", "relu": "relu", "tanh": "tanh", "mlp": "MLP", "zero-grad": "zero_grad()",
    }


def concept_name(concept: str):
    """A suite's concept (the identifier a test declares: `@points(concept="chain-rule")`) as a sentence a student
    reads names it: the course's words as a Message (the glossary's: «правило цепочки», 链式法则), or code as it
    is. The identifier stays the data (a test's `concept`, Gradescope's tags); one no suite of ours declares (a
    teacher's own suite) is shown as it is."""
    return _concept_names().get(concept, concept)


def finding_fields(finding: dict) -> dict:
    """A finding as data: its FINDING_FIELDS that it has (its words are each renderer's, through Said)."""
    return {k: finding[k] for k in FINDING_FIELDS if finding.get(k) is not None}


def limit_met(message) -> dict | None:
    """The limit a message record says was met, as fields ({limit, limit_value, limit_unit}: grader/observe/endings'
    LIMIT_DATA): those of the first message, itself or nested in its parameters, that names one; None where none
    does. A row's `message_data` (a timeout, a limit that ended the worker) and a test's `output_message` (a probe
    cut at its limit, an op that met the memory limit) carry them. A message names a limit met by carrying the three
    (observe/endings, sandbox/pipes), not by a `limit` alone: the loader's refusals say theirs in words (`the limit
    is {limit}`: 255 bytes of a name, 1,000 files in a zip) of a run that never started (review44a)."""
    from ..observe.endings import LIMIT_DATA

    params = message.get("params") if isinstance(message, dict) else None
    if not isinstance(params, dict):
        return None
    if params.get("limit") is not None and all(k in params for k in LIMIT_DATA):
        return {k: params.get(k) for k in LIMIT_DATA}
    for value in params.values():
        found = limit_met(value)
        if found:
            return found
    return None


def output_of(test: dict):
    """What a test said, as data where the judge made it so (`output_message`, grader/i18n), else its text:
    what a renderer passes to `translator(lang).render`."""
    return test.get("output_message") or test.get("output") or ""


class Said:
    """A scores row's words as every renderer shows them, in one language (grader/i18n): a test's output, a
    finding's title and explanation, the row's message; the numbers, names and code are the record's as they are.
    The feedback pages, Markdown, Gradescope, `grade ci`, `grade check` and `grade serve`'s API say them through
    this one reading (two of them once drifted apart: serve's API gave a Russian course English findings)."""

    def __init__(self, lang: str = "en"):
        from ..i18n import translator

        self.t = translator(lang)
        self.lang = lang

    def output(self, test: dict) -> str:
        return self.t.render(output_of(test))

    def title(self, finding: dict) -> str:
        """A finding's title; a finding without one is named by its variant or hint."""
        from ..i18n import words

        return self.t.render(words(finding, "title") or finding.get("variant") or finding.get("hint") or "")

    def explanation(self, finding: dict) -> str:
        from ..i18n import words

        return self.t.render(words(finding, "explanation") or "")

    def message(self, record: dict) -> str | None:
        """Why a row was not graded (or what cut its run short), None where it says nothing."""
        from ..i18n import row_message

        return self.t.render(row_message(record)) if record.get("message") else None

    def test(self, test: dict, keys=None) -> dict:
        """A test's fields (`keys`, else all), its output in this language."""
        shown = {k: test[k] for k in (keys or test) if k in test}
        if "output" in test or test.get("output_message"):
            shown["output"] = self.output(test)
        shown.pop("output_message", None)
        return shown

    def finding(self, finding: dict) -> dict:
        """A finding with its title and explanation in this language."""
        return {**finding, "title": self.title(finding), "explanation": self.explanation(finding)}


def status_word(status, lang: str = "en") -> str:
    """A test's or a submission's status as a page shows it: the contract's word in English (passed,
    failed, timeout, graded, rejected, ...), the lesson's words in another language (тест пройден / не пройден,
    测试通过 / 未通过)."""
    from ..i18n import translator

    if lang == "en" or status is None:
        return status
    t = translator(lang)
    words = {"passed": t._("passed"), "failed": t._("failed"), "error": t._("error"), "timeout": t._("timeout"),
             "skipped": t._("skipped"), "graded": t._("graded"), "rejected": t._("rejected"),
             "crashed": t._("crashed")}
    return words.get(status, status)


def row_label(row: dict, lang: str = "en") -> str:
    """A gradient table's row as its first cell names it: the node (`a`), with what the row is about when it is not
    the node's gradient, in the language: `y (value)`, «y (значение)», y（值）(session 32: `(value)` in every
    language). The quantity stays the row's data (`"quantity": "value"`)."""
    from ..i18n import msg, translator

    node, quantity = str(row.get("node", "")), row.get("quantity", "grad")
    if quantity == "grad":
        return node
    said = {
        # TRANSLATORS: a gradient table's row about a node's value, not its gradient: `y (value)`
        "value": msg("{node} (value)", node=node),
        # TRANSLATORS: a row about a node's `data` (the attribute's name, code)
        "data": msg("{node} (data)", node=node),
        # TRANSLATORS: a row about the slope measured by nudging the input (finite differences)
        "numeric": msg("{node} (numerical slope)", node=node)}.get(quantity)
    return translator(lang).render(said) if said is not None else f"{node} ({quantity})"


def number(x) -> str:
    """A score as people write it: `38`, `38.5`, `0.25`, never `38.0` or `0.30000000000000004`."""
    x = round(float(x or 0), 4)
    if x == 0:
        return "0"  # also -0.0
    if x.is_integer():
        return str(int(x))
    return repr(x)


def points(earned, possible) -> str:
    """`38 / 40`."""
    return f"{number(earned)} / {number(possible)}"


def tests_of(record: dict) -> list[dict]:
    """A submission's tests; a rejected submission has none."""
    return record.get("tests") or []


def score_of(record: dict) -> float:
    """A submission's score: the record's own, whatever its status (docs/contract.md §4: a `crashed` or
    `timeout` row keeps the points of the tests its observations passed; a `rejected` one has none)."""
    return float(record.get("score") or 0)


def test_names(scores: dict) -> list[str]:
    """Every test of the batch, in the order the suite ran them."""
    seen: dict[str, None] = {}
    for record in scores.get("submissions", []):
        for test in tests_of(record):
            seen.setdefault(test["name"], None)
    return list(seen)


def test_info(scores: dict) -> dict[str, dict]:
    """Per test name: its concept, visibility and max_score, as the first submission that ran it says."""
    info: dict[str, dict] = {}
    for record in scores.get("submissions", []):
        for test in tests_of(record):
            info.setdefault(test["name"], {
                "concept": test.get("concept"),
                "visibility": test.get("visibility", "visible"),
                "max_score": float(test.get("max_score") or 0),
            })
    return info


def concepts(scores: dict) -> list[str]:
    """The batch's concepts, sorted; tests without a concept belong to none."""
    return sorted({t["concept"] for r in scores.get("submissions", []) for t in tests_of(r)
                   if t.get("concept")})


def concept_points(record: dict) -> dict[str, tuple[float, float]]:
    """Per concept: (points earned, points possible) on this submission's tests."""
    totals: dict[str, list[float]] = {}
    for test in tests_of(record):
        if not test.get("concept"):
            continue
        earned_possible = totals.setdefault(test["concept"], [0.0, 0.0])
        earned_possible[0] += float(test.get("score") or 0)
        earned_possible[1] += float(test.get("max_score") or 0)
    return {c: (earned, possible) for c, (earned, possible) in totals.items()}


def first_failing(record: dict) -> str | None:
    """The first test that failed, errored or timed out (skipped tests follow from another)."""
    for test in tests_of(record):
        if test.get("status") in NOT_PASSING:
            return test["name"]
    return None


def pass_rates(scores: dict) -> dict[str, tuple[int, int]]:
    """Per test: (submissions that passed it, submissions that ran it: see RAN)."""
    rates = {name: [0, 0] for name in test_names(scores)}
    for record in scores.get("submissions", []):
        for test in tests_of(record):
            rates[test["name"]][1] += test.get("status") in RAN
            rates[test["name"]][0] += test.get("status") == "passed"
    return {name: (passed, ran) for name, (passed, ran) in rates.items()}


def code_parts(text) -> list[tuple[bool, str]]:
    """Text as (is_code, part) pairs: the diagnosis writes code between backticks (`grad`, `__mul__`).

    An unmatched backtick means no code at all: the whole text is one plain part.
    """
    parts = str(text).split("`")
    if len(parts) % 2 == 0:
        return [(False, str(text))]
    return [(i % 2 == 1, part) for i, part in enumerate(parts) if part or i % 2 == 1]


def one_line(text, limit: int = 120) -> str:
    """The first line of a message, cut to `limit` characters."""
    line = (str(text or "").strip().splitlines() or [""])[0]
    return line if len(line) <= limit else line[: limit - 1] + "…"


def shown_to_student(test: dict, *, after_due_date: bool) -> bool:
    """Whether a student may see this test's name, status, points and output now.

    `visible` always; `after_due_date` once the due date has passed. This grader
    has no separate publish step: writing feedback with after_due_date=True *is*
    the release, so `after_published` tests are shown then too. `hidden` never.
    """
    visibility = test.get("visibility", "visible")
    if visibility == "visible":
        return True
    return after_due_date and visibility in ("after_due_date", "after_published")


@dataclass
class StudentView:
    """What one student's feedback page may show."""

    record: dict
    tests: list[dict]                 # shown in full, in suite order
    withheld_hidden: int = 0          # tests never shown to students
    withheld_until_due: int = 0       # tests shown once the due date has passed
    diagnosis: list[dict] = field(default_factory=list)
    total_shown: bool = True          # False when a withheld test carries points
    withheld_failed: int = 0          # withheld tests that did not pass: counted, never named
    withheld_failed_concepts: list[str] = field(default_factory=list)  # their concepts, sorted

    def withheld_failures(self, lang: str = "en") -> str | None:
        """`2 withheld tests did not pass, on backward and tanh.`, or None when every withheld test passed."""
        clause = self.withheld_failures_clause(lang)
        return clause + ("。" if lang == "zh" else ".") if clause else None

    def withheld_failures_clause(self, lang: str = "en") -> str | None:
        """The same words without the full stop, for a sentence that goes on (`grade ci`'s last line)."""
        from babel.lists import format_list

        from ..i18n import translator

        if not self.withheld_failed:
            return None
        t = translator(lang)
        n = self.withheld_failed
        if not self.withheld_failed_concepts:
            return t._n("{n} withheld test did not pass", "{n} withheld tests did not pass", n)
        # the concepts in the course's words (concept_name: `chain-rule` is «правило цепочки»), listed as the
        # language lists things
        names = [t.render(concept_name(c)) for c in self.withheld_failed_concepts]
        concepts = (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]) if lang == "en" \
            else format_list(names, locale={"zh": "zh_Hans"}.get(lang, lang))  # Babel's list without a serial comma in en
        return t._n("{n} withheld test did not pass, on {concepts}", "{n} withheld tests did not pass, on {concepts}",
                    n, concepts=concepts)

    @property
    def shown_score(self) -> float:
        return sum(float(t.get("score") or 0) for t in self.tests)

    @property
    def shown_max(self) -> float:
        return sum(float(t.get("max_score") or 0) for t in self.tests)


def student_view(record: dict, *, show_hidden: bool = False, after_due_date: bool = False) -> StudentView:
    """Split a submission's tests into those shown and those withheld, and keep the diagnoses that give nothing away.

    show_hidden=True is the instructor's view: everything. Otherwise a test is
    shown as `shown_to_student` says, a diagnosis only when every test it
    cites is shown, and the total score only when no withheld test carries
    points (as on Gradescope, where hidden tests hide the total).
    """
    tests = tests_of(record)
    diagnoses = record.get("diagnosis") or []
    if show_hidden:
        return StudentView(record, list(tests), diagnosis=list(diagnoses))
    shown = [t for t in tests if shown_to_student(t, after_due_date=after_due_date)]
    withheld = [t for t in tests if not shown_to_student(t, after_due_date=after_due_date)]
    shown_names = {t["name"] for t in shown}
    # How many withheld tests did not pass, and on which concepts, is what a student may know of them:
    # the course's topics to revise, never a test's name, expression, output or points.
    failed = [t for t in withheld if t.get("status") != "passed"]
    return StudentView(
        record,
        shown,
        withheld_hidden=sum(t.get("visibility") == "hidden" for t in withheld),
        withheld_until_due=sum(t.get("visibility") != "hidden" for t in withheld),
        diagnosis=_shown_diagnosis(record, diagnoses, shown_names),
        total_shown=not any(float(t.get("max_score") or 0) > 0 for t in withheld),
        withheld_failed=len(failed),
        withheld_failed_concepts=sorted({t["concept"] for t in failed if t.get("concept")}),
    )


def _shown_diagnosis(record: dict, diagnoses: list[dict], shown_names: set) -> list[dict]:
    """The findings a student may see: those whose every cited test is shown; then, for a finding withheld
    because it cites a withheld test, the one made from the visible tests alone (`student_diagnosis`, the
    words `grade check` says), unless a shown finding already says it."""
    shown = [d for d in diagnoses if all(name in shown_names for name in d.get("tests") or [])]
    titles = {d.get("title") for d in shown}
    shown += [d for d in record.get("student_diagnosis") or [] if d.get("title") not in titles
              and all(name in shown_names for name in d.get("tests") or [])]
    return shown

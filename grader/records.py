"""The records that pass between the pipeline's steps, defined once (docs/architecture.md, "Records").

    load → Submission → observe → Run{probes: Observation} → judge → Outcome → score → ScoreRow
                                                                 diagnose → DiagnosisEntry ↗

Every record is plain JSON (it is cached, sent through the fleet's Redis and
written to the scores file), so each is a TypedDict over str / number / bool /
None / list / dict, and each status is a `StrEnum` whose members *are* their
strings (`RunStatus.OK == "ok"`, and JSON writes "ok"). The fleet's JSON
Schema for a run (grader/fleet/payload.py) is made from these definitions by
`json_schema`, and tests/test_records.py holds docs/contract.md's field names
to `ScoreRow` and `TestRow`, so none of them can drift from what the code makes.

Also defined here, once: the four visibilities (`VISIBILITIES`), the sandbox's
strengths (`Strength`), what a test earns (`earned`) and a run that never ran
(`never_ran`).
"""

import enum
import sys
import types
import typing

if sys.version_info >= (3, 11):
    from typing import NotRequired, Required, TypedDict, get_type_hints, is_typeddict
else:  # Python 3.10 (Ubuntu 22.04, a Gradescope base image): Python 3.11's TypedDict, from typing_extensions
    from typing_extensions import NotRequired, Required, TypedDict, get_type_hints, is_typeddict


class _StrEnum310(str, enum.Enum):
    """enum.StrEnum of Python 3.11, for 3.10: the members are their strings; str() and format() give them."""

    __str__ = str.__str__
    __format__ = str.__format__


StrEnum = getattr(enum, "StrEnum", _StrEnum310)


class RunStatus(StrEnum):
    """How one submission's observation ended (grader/observe/)."""

    OK = "ok"  # every probe reported (some may have raised: that is an observation too)
    TIMEOUT = "timeout"  # the submission's time ran out, or probes kept timing out
    CRASHED = "crashed"  # its workers died, or it forged its report, or the grader failed on it


class ObservationStatus(StrEnum):
    """How one probe's observation ended."""

    OK = "ok"  # `values` holds what the probe recorded
    ERROR = "error"  # the engine raised: `error`, `exception`, `where`
    TIMEOUT = "timeout"
    CRASHED = "crashed"  # its worker died (`error` says how)
    SKIPPED = "skipped"  # not run by the suite's choice (stop_early: 09-write-tests), `error` says why


class OutcomeStatus(StrEnum):
    """A hidden test's verdict on one submission (docs/contract.md §4, a test's `status`)."""

    PASSED = "passed"
    FAILED = "failed"  # wrong numbers
    ERROR = "error"  # the engine raised
    TIMEOUT = "timeout"
    SKIPPED = "skipped"  # nothing to test (the engine did not import), or credit given only beside other credit


class RowStatus(StrEnum):
    """A submission's row in the scores file (docs/contract.md §4)."""

    GRADED = "graded"
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    REJECTED = "rejected"  # it could not be read as a submission: no run at all


ROW_STATUS_OF_RUN = {RunStatus.OK: RowStatus.GRADED, RunStatus.TIMEOUT: RowStatus.TIMEOUT,
                     RunStatus.CRASHED: RowStatus.CRASHED}
DID_NOT_FINISH = (RowStatus.REJECTED, RowStatus.CRASHED, RowStatus.TIMEOUT)  # the rows a report lists apart


class Visibility(StrEnum):
    """When a student may see a test: Gradescope's four settings, from the most to the least visible."""

    VISIBLE = "visible"
    AFTER_DUE_DATE = "after_due_date"
    AFTER_PUBLISHED = "after_published"
    HIDDEN = "hidden"


VISIBILITIES = tuple(v.value for v in Visibility)  # in that order: a report sorts by it


class Strength(StrEnum):
    """How strongly a submission's worker was isolated (docs/security.md)."""

    BUBBLEWRAP = "bubblewrap"  # namespaces, no network, its own filesystem view, plus the resource limits, and
    # a bound on the memory the address-space limit does not count (grader/sandbox/memory.py)
    WEAKER_BUBBLEWRAP = "bubblewrap-without-memory-bound"  # all that but the memory bound (memory.py says why)
    RLIMITS = "rlimits"  # resource limits and a uid only: bubblewrap could not run on this Linux
    PORTABLE = "portable"  # a plain subprocess with a time limit (macOS, Windows: grader/sandbox/portable.py)
    FLEET = "fleet"  # a fleet batch none of whose runs was observed on a worker yet (all from the cache)


WEAKEST_FIRST = (Strength.PORTABLE, Strength.RLIMITS, Strength.WEAKER_BUBBLEWRAP, Strength.BUBBLEWRAP)


def weakest(strengths) -> Strength:
    """The weakest of the strengths a batch's runs were observed with (FLEET when there are none)."""
    present = set(strengths)
    return next((s for s in WEAKEST_FIRST if s in present), Strength.FLEET)


# -- what observing makes ----------------------------------------------------------------------


class Where(TypedDict):
    """A place in the submission: the sandbox's (`engine.py`), or after grader.places the student's own
    file, and in a notebook its `cell` (counted from 1) with `line` in that cell."""

    file: str
    line: int | None
    function: str
    cell: NotRequired[int | None]
    defined_in_cell: NotRequired[int]  # a failed import's missing name, defined by this later cell (grader.places)


class ImportFailure(TypedDict):
    """Why the student's module could not be used at all (a run's `import_error`)."""

    error: str  # Python's own line ("NameError: name 'Vlaue' is not defined"), or why the run ended
    where: Where | None
    exception: NotRequired[str | None]  # the exception's type name
    file: NotRequired[str]  # the student's own name of the module (grader.places): "bob.py"
    # what the exception shows, as data (the worker's, as a probe's `facts`): the missing name a notebook's later
    # cell defines (grader/load/cell_order.py), the limit it reached (observe's `ran_out_said`)
    facts: NotRequired["ExceptionFacts | None"]
    error_message: NotRequired[dict]  # `error` as data (grader/i18n) where the grader said it: a limit, no `Value`
    advice_message: NotRequired[dict]  # what to do, as data: a name a later cell defines (grader.places)


class ForbiddenImport(TypedDict):
    """An import of a forbidden package, read from the source (grader/forbidden.py)."""

    module: str
    file: str
    line: int
    cell: NotRequired[int | None]


class GraderError(TypedDict):
    """The grader's own failure on one submission: for the run log (`scores.log`), never cached."""

    stage: str  # "observing it", "judging it", "scoring it"
    detail: str  # the traceback


class ExceptionFacts(TypedDict):
    """What a probe's exception shows, as the worker reports it (sandbox/raised.py's `facts`, checked by
    observe/protocol.py): charging and diagnosis decide from these, never from the message's text."""

    raised_in: str | None  # the qualified name of the student's innermost function that raised
    entered: str | None  # the first of the student's functions the probe called on the way
    name: str | None  # the missing attribute or name (AttributeError, NameError)
    owner: str | None  # the type the attribute was missing on
    operator: str | None  # the operator Python refused ("/", "unary -"), read from the bytecode
    missing: list[str]  # the methods for that operator the student's `Value` class lacks
    errno: NotRequired[int]  # an OSError's number, when it has one (EROFS: a file written in the read-only folder)
    # the limit Python's own exception (or one it was raised while handling) said the code reached, sandbox/raised.py:
    # "memory" (MemoryError), "processes" (BlockingIOError EAGAIN: a fork refused), "threads" (a thread refused),
    # "file-size" (OSError EFBIG), "disk-space" (OSError ENOSPC: /tmp full), "open-files" (OSError EMFILE)
    ran_out: NotRequired[str]


class Observation(TypedDict, total=False):
    """One probe's observation. Code reads these fields, never the text of `error`."""

    status: Required[ObservationStatus]
    values: dict  # status ok: plain JSON, the probe's record (probekit's caps)
    error: str  # what went wrong, as a person reads it
    error_message: dict  # `error` as data (grader/i18n): id, params, English text, when the grader decided it
    exception: str | None  # the exception's type name, for status error
    where: Where | None  # where it was raised
    recursion: bool  # a RecursionError (the walk recursed 10,000 deep)
    not_run: bool  # the probe never ran: its worker stopped earlier, the import failed, or the suite skipped it
    paired_with: str  # not run because this probe, the one it is paired with (Suite.paired), crashed or timed out
    facts: ExceptionFacts | None  # status error: what the exception shows, as data


class Run(TypedDict):
    """One submission's observations (grader/observe/): cached, and sent back by the fleet's workers."""

    id: str
    status: RunStatus
    message: str | None  # why the run ended, when it did not end `ok`
    message_data: NotRequired[dict]  # `message` as data (grader/i18n): id, params, English text
    import_error: ImportFailure | None
    import_stopped: NotRequired[ImportFailure]  # a notebook's cell raised: the cells above it graded (raised.ran_cells)
    probes: dict[str, Observation]  # in the suite's order
    # the grade of record's observations of the same probes at drawn inputs, `probe@token` (grader/judge/drawn.py)
    drawn: NotRequired[dict[str, Observation]]
    output: str  # what the submission printed, capped
    seconds: float
    forbidden_imports: NotRequired[list[ForbiddenImport]]
    starved: NotRequired[bool]  # a timeout the machine may have caused (it waited for a CPU): never cached
    # starved, and this machine measured the wait (cgroup v2's cpu.pressure, /proc's schedstat): not only a guess of
    # one that cannot tell waiting for a CPU from sleeping or looping (the portable worker, whose clock is the wall's)
    waited_for_cpu: NotRequired[bool]
    grader_error: NotRequired[GraderError]


def never_ran(submission_id: str, status: RunStatus, message: str, probe_names=(), *,
              grader_error: GraderError | None = None) -> Run:
    """The run of a submission none of whose code could be observed: every probe in `probe_names` not run.

    Its import test fails with `message` and every other test is skipped or fails saying "not run", so it
    earns nothing. A grader error (`grader_error`) says whose fault it is and is never cached.
    """
    run: Run = {"id": submission_id, "status": RunStatus(status).value, "message": message,
                "import_error": {"error": message, "where": None},
                "probes": {name: {"status": ObservationStatus(status).value, "error": "not run: " + message,
                                  "not_run": True} for name in probe_names},
                "output": "", "seconds": 0.0}
    if grader_error is not None:
        run["grader_error"] = grader_error
    return run


# -- what judging and scoring make ------------------------------------------------------------


class Outcome(TypedDict):
    """A hidden test's verdict on one submission (grader/judge/plugin.py)."""

    name: str
    status: OutcomeStatus
    output: str  # the student's feedback
    where: Where | None  # where the message points in the student's files
    points: float  # what the test is worth
    earned: float  # partial credit (judge/charging.py); `earned()` is what counts
    concept: str
    visibility: Visibility
    detail: NotRequired[dict]  # the failure's parts: expression, node, expected, got, digits
    output_message: NotRequired[dict]  # `output` as data (grader/i18n): id, params, English text
    exception: NotRequired[str]  # the type of what the student's engine raised (a probe, the import)


def earned(outcome) -> float:
    """The points one test earns: all of them when it passed, its partial credit when it failed (a share
    of its probes right or charged by another test, judge/charging.py), nothing when skipped.

    Takes an Outcome, or a TestRow of the scores file (whose `score` is this number already)."""
    if "points" not in outcome:  # a TestRow
        return float(outcome.get("score") or 0)
    if outcome["status"] == OutcomeStatus.PASSED:
        return float(outcome["points"])
    if outcome["status"] == OutcomeStatus.SKIPPED:
        return 0.0
    return float(outcome.get("earned") or 0)


def kept(points) -> float:
    """Points as the scores file keeps them (a test's score, a row's, a maximum): rounded to 4 decimals."""
    return round(float(points), 4)


def summed(outcomes) -> float:
    """The points of OUTCOMES (Outcomes or TestRows) as a row of the scores file sums them: each test's earned
    points kept (`kept`), then their sum kept. A student's check sums its visible tests by this too, so that it
    says what grading gives (session 30: two tests at 2/3 of a point, a check said 25.8333 where the row said
    25.8334)."""
    return kept(sum(kept(earned(o)) for o in outcomes))


class DiagnosisEntry(TypedDict, total=False):
    """One finding that explains failing tests (grader/diagnose/, docs/diagnosis.md)."""

    kind: Required[str]  # "variant", "walk", "seed", "derivative", "missing-op", "raises", "hint"
    title: Required[str]
    message: str  # the whole finding in one text
    explanation: str
    messages: dict  # {"title", "explanation"}: the same words as Message records, rendered per language (grader/i18n)
    concept: str
    tests: list[str]  # the tests it explains: shown only where every one of them is shown
    brief: bool  # a hint shown as one line (`grade check`)
    file: str
    line: int
    variant: str  # kind "variant": the named mistake (grader/variants/) and how it was matched
    match: str
    evidence: dict  # the probes and numbers it rests on
    table: dict
    also: list
    method: str  # kind "missing-op": the missing method (`__rtruediv__`)
    cls: str  # kind "missing-op": the class that lacks it, as the engine names it (its `class` line: file, line)
    walk: str  # kind "walk": the walk in the wrong order (grader/diagnose/walks.py)
    node: str  # kind "seed": the node of the seed probe seeded in the output's place
    seed: float  # kind "seed", form "value": the number the output was seeded with in 1's place
    function: str  # kind "raises" (no op): the qualified name of the student's function that raised
    op: str  # kind "derivative": the op; kind "raises": the method that raised (`__radd__`, `exp`)
    form: str  # kind "derivative": the wrong form
    phase: str  # kind "raises": "forward" or "backward" (its backward rule); raised in no op (diagnose/elsewhere.py):
    # "walk", "constructor", "code" or "compiled"
    exception: str  # kind "raises": the exception's type name
    raised: str  # kind "derivative": the exception the same line raised on another input, folded in (same_line.py)
    hint: str  # kind "hint": which hint


class TestRow(TypedDict):
    """A test's line in a scores row (docs/contract.md §4)."""

    __test__ = False  # not a pytest test class, for all its name

    name: str
    status: OutcomeStatus
    score: float
    max_score: float
    visibility: Visibility
    output: str
    # `output` as data (grader/i18n, docs/i18n.md): {"id", "params", "text"}, rendered in the student's language
    output_message: NotRequired[dict]
    concept: str
    file: NotRequired[str]
    cell: NotRequired[int]
    line: NotRequired[int]
    exception: NotRequired[str]  # the type of what the student's engine raised there (`AttributeError`)


class ScoreRow(TypedDict):
    """One submission's row of the scores file (docs/contract.md §4). `score` is the sum of its tests'
    scores whatever its status; every rendering shows it as it is."""

    id: str
    status: RowStatus
    score: float
    max_score: float
    message: str | None
    message_data: NotRequired[dict]  # `message` as data (grader/i18n), when the grader's observer decided it
    source: str
    # a student of an LMS export (grader/load/exports.py): the LMS, the student and their id there, the files, the
    # attempt graded and those left out, and `said`, that choice in words (docs/contract.md §1)
    export: NotRequired[dict]
    # ids of the class that still look alike, each graded as written wholly in one script (`Вера` beside `Bepa`,
    # grader/load/alike_ids.told_apart): {"ids": the others, "mark": the scripts of the letters where this one
    # differs, `Cyrillic`, or their code points}, shown beside the id wherever a person reads the rows (session 38)
    look_alike: NotRequired[dict]
    # a `timeout` the machine caused: its worker waited for a CPU, as the machine measured it (the run's
    # `waited_for_cpu`), observed again and waited again (its message says so); `grade serve` refunds such an attempt
    # rather than charge it (session 30). Never on a machine that cannot tell (the portable worker): there every
    # timeout, a student's own loop too, is a guess of the wall clock
    starved: NotRequired[bool]
    tests: list[TestRow]
    diagnosis: list[DiagnosisEntry]
    # in a suite with withheld tests: the findings made from the visible tests alone, what a student is shown
    student_diagnosis: NotRequired[list[DiagnosisEntry]]


class ScoresRecord(TypedDict):
    """The scores file (docs/contract.md §4)."""

    exercise: str
    max_score: float
    grader_version: str
    submissions: list[ScoreRow]


# -- JSON Schema from the definitions ----------------------------------------------------------

_PLAIN = {str: "string", int: "integer", float: "number", bool: "boolean", type(None): "null",
          dict: "object", list: "array"}


def json_schema(kind, *, closed: bool = False) -> dict:
    """A JSON Schema (draft 7) of a record type of this module: its fields, their types, which are
    required, and its enums' values. `closed`: refuse fields the type does not declare."""
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        return {"enum": [member.value for member in kind]}
    if is_typeddict(kind):
        hints = get_type_hints(kind)
        properties = {name: json_schema(hint, closed=closed) for name, hint in hints.items()}
        schema = {"type": "object", "required": sorted(kind.__required_keys__), "properties": properties}
        if closed:
            schema["additionalProperties"] = False
        return schema
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = [json_schema(arg, closed=closed) for arg in typing.get_args(kind)]
        if all(set(option) == {"type"} for option in options):
            return {"type": [option["type"] for option in options]}
        return {"anyOf": options}
    if origin is dict:
        _, value = typing.get_args(kind)
        return {"type": "object", "additionalProperties": json_schema(value, closed=closed)}
    if origin is list:
        (item,) = typing.get_args(kind)
        return {"type": "array", "items": json_schema(item, closed=closed)}
    if kind in _PLAIN:
        if kind is float:
            return {"type": "number"}
        return {"type": _PLAIN[kind]}
    raise TypeError(f"no JSON Schema for {kind!r}")

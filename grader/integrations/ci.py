"""`grade ci`: grade a student's repository in GitHub Actions.

What one run does, for one submission (the repository, or a folder of it):

- prints one `::error` workflow command per failed test the student may see,
  pointing at the file and line of the student's code when the judge's
  message names one, one for a submission that could not be graded, and one
  `::warning` per diagnosis of the likely bug the student may see;
- appends a Markdown summary (the student's feedback page, with the verdict
  on `--min-score`) to the file named by $GITHUB_STEP_SUMMARY, when it is set;
- writes the JSON for upload as an artifact (`--json-out`);
- exits 1 when the score is below `--min-score`.

Everything a CI run shows lands in the student's repository (logs, summary,
annotations, artifacts), so it all follows the tests' visibility as a
feedback page does (grader/report/record.student_view): hidden tests are
counted, never described, and the total is withheld while they carry points.
Student text (exception messages) is escaped as GitHub's toolkit escapes
workflow commands, so a message cannot start a command of its own, and its
control characters (ANSI colours) are written out as `\\x1b`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..load import Submission
from ..places import place_text
from ..i18n import translator
from ..report import submission_markdown
from ..report.record import Said, number, points, printable, score_of, status_word, student_view
from ..student_text import valid_utf8

NOT_PASSING = ("failed", "error", "timeout")
WORKFLOW_TEMPLATE = Path(__file__).resolve().parents[1] / "data" / "github" / "grade.yml"
_SHARE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*$")
_POINTS = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*$")


def escape_data(text) -> str:
    """A workflow command's message: `%`, CR and LF escaped (GitHub's toolkit, escapeData)."""
    return str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text) -> str:
    """A workflow command's property value: also `:` and `,` (GitHub's toolkit, escapeProperty)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(kind: str, message, **properties) -> str:
    """`::error file=engine.py,line=12,title=…::message`; properties that are None are left out."""
    props = ",".join(f"{key}={escape_property(value)}" for key, value in properties.items() if value is not None)
    return f"::{kind}{' ' + props if props else ''}::{escape_data(message)}"


# -- the threshold -----------------------------------------------------------------


def parse_min_score(text: str) -> tuple[float, bool]:
    """`40` → (40.0, False): points; `80%` → (80.0, True): a share of the maximum. ValueError otherwise."""
    share = _SHARE.match(str(text))
    if share:
        value = float(share.group(1))
        if value > 100:
            raise ValueError(f"Invalid minimum score {text!r}: a share is at most 100%")
        return value, True
    plain = _POINTS.match(str(text))
    if plain:
        return float(plain.group(1)), False
    raise ValueError(f"Invalid minimum score {text!r}: expected points (40) or a share of the maximum (80%)")


def min_points(spec: tuple[float, bool] | None, max_score: float) -> float | None:
    """The threshold in points for an exercise worth `max_score`."""
    if spec is None:
        return None
    value, is_share = spec
    return round(value * max_score / 100, 4) if is_share else value


# -- where a failure is in the student's repository ------------------------------------


def repository_root(path: Path) -> Path | None:
    """The git work tree holding `path` (the nearest folder with a `.git`), if any."""
    path = path.resolve()
    for folder in [path, *path.parents] if path.is_dir() else path.parents:
        if (folder / ".git").exists():
            return folder
    return None


def locate(submission: Submission, file: str) -> Path | None:
    """The file on disk that a record's place names, if the loader read it from disk.

    A place names the student's own file as the loader found it (`hw1/Engine.py`,
    `bob.py`): the `Origin` of that name says where it was read from, so CI
    points where the grader read, with no search of its own (None for a member
    of a zip, or a name the loader did not read).
    """
    return next((origin.path for origin in submission.origins.values() if origin.file == file), None)


def annotation_path(submission: Submission, file: str) -> str | None:
    """`file` as GitHub wants it in an annotation: relative to the repository's root, else (a submission in no
    repository) to the submission's own folder (the folder handed in, or the one holding a file handed in): the
    same wherever `grade ci` runs from (session 33: it was relative to the working folder, and a run from elsewhere
    pointed at `../../hw/engine.py`, or at nothing)."""
    found = locate(submission, file)
    if found is None:
        return None
    source = Path(submission.source)
    base = repository_root(source) or (source if source.is_dir() else source.parent)
    relative = Path(os.path.relpath(found.resolve(), base.resolve())).as_posix()
    if relative.split("/")[0] == ".." or valid_utf8(relative) != relative:
        return None  # outside the repository, or a name that is not UTF-8, which GitHub cannot point at
    return relative


# -- what the student sees ----------------------------------------------------------------


def annotations(record: dict, submission: Submission, *, after_due_date: bool = False, lang: str = "en") -> list[str]:
    """The workflow commands for one submission, in this order, their words in `lang`:

    one `::error` when it was not graded; one `::warning` per diagnosis the
    student may see (the likely bug, on its line when the diagnosis names
    one); one `::error` per failed test the student may see.
    """
    t, say = translator(lang), Said(lang)
    lines = []
    status = record.get("status", "graded")
    if status != "graded":
        reason = say.message(record) or t._("no reason was recorded")
        lines.append(command("error", printable(reason), title=t._("Not graded: {status}",
                                                                   status=status_word(status, lang))))
    view = student_view(record, after_due_date=after_due_date)
    paths: dict[str, str | None] = {}

    def place(entry):
        file = entry.get("file")
        if file and file not in paths:
            paths[file] = annotation_path(submission, file)
        where = paths.get(file) if file else None
        # a notebook's place is a cell and a line in it, which GitHub cannot show: the file alone, and the
        # message says which cell
        in_cell = entry.get("cell") is not None
        return {"file": where, "line": entry.get("line") if where and not in_cell else None}

    def in_its_cell(text, entry):
        """The message, which says a notebook's cell and line where it does not already (the annotation cannot)."""
        if entry.get("cell") is None or entry.get("line") is None or not entry.get("file"):
            return text
        said = place_text({key: entry[key] for key in ("file", "cell", "line")}, lang)
        return text if said in text else f"{text} {t._('In {place}.', place=said)}"

    for diagnosis in view.diagnosis:
        title = say.title(diagnosis) or t._("Diagnosis")
        lines.append(command("warning", printable(in_its_cell(say.explanation(diagnosis) or title, diagnosis)),
                             **place(diagnosis), title=printable(title)))
    for test in view.tests:
        if test.get("status") not in NOT_PASSING:
            continue
        lines.append(command(
            "error", printable(in_its_cell(say.output(test) or status_word(test["status"], lang), test)), **place(test),
            title=f"{test['name']}: {status_word(test['status'], lang)} "
                  f"({points(test.get('score'), test.get('max_score'))})",
        ))
    if view.withheld_failures(lang):
        lines.append(command("error", view.withheld_failures(lang), title=t._("Withheld tests")))
    return lines


def verdict(record: dict, threshold: float | None) -> bool | None:
    """Whether the score reaches the threshold (None: no threshold)."""
    return None if threshold is None else score_of(record) >= threshold


def _threshold_words(record: dict, threshold: float, met: bool, t, *, in_line: bool = False) -> str:
    """The verdict on the threshold: the summary's sentence, or the clause of the log's last line."""
    values = {"threshold": number(threshold), "max_score": number(record.get("max_score"))}
    if in_line:
        return (t._("minimum {threshold} of {max_score}: met", **values) if met
                else t._("minimum {threshold} of {max_score}: not met", **values))
    if met:
        return t._("Minimum score {threshold} of {max_score}: met", **values)
    return t._("Minimum score {threshold} of {max_score}: not met", **values)


def summary_markdown(record: dict, *, threshold: float | None, after_due_date: bool = False, lang: str = "en") -> str:
    """The step summary: the student's feedback page, with the verdict on the threshold under its title."""
    t = translator(lang)
    met = verdict(record, threshold)
    said = None if met is None else "**" + t._("{sentence}.", sentence=_threshold_words(record, threshold, met, t)) + "**"
    return submission_markdown(record, after_due_date=after_due_date, under_title=said, lang=lang) + "\n"


def student_record(record: dict, *, after_due_date: bool = False) -> dict:
    """The submission's record as its student may see it: withheld tests left out and counted.

    When a withheld test carries points the total is withheld too (as on the
    feedback page): `score` and `max_score` are then those of the tests shown,
    and `total_withheld` is true.
    """
    view = student_view(record, after_due_date=after_due_date)
    shown = dict(record, tests=view.tests)
    shown.pop("student_diagnosis", None)  # in view.diagnosis, where a student may see it
    if "diagnosis" in record:
        shown["diagnosis"] = view.diagnosis
    if view.withheld_hidden or view.withheld_until_due:
        shown["withheld"] = {"hidden": view.withheld_hidden, "until_due_date": view.withheld_until_due,
                             "failed": view.withheld_failed, "failed_concepts": view.withheld_failed_concepts}
    if not view.total_shown:
        shown.update(score=round(view.shown_score, 4), max_score=round(view.shown_max, 4), total_withheld=True)
    return shown


# `owner/name`, as GitHub spells a repository: an owner is a login (letters, digits, single inner dashes), a name
# letters, digits, `.`, `-` and `_` (a value of another shape is no runner's, and the folder names the row)
_REPOSITORY = re.compile(r"^[A-Za-z\d](?:[A-Za-z\d]|-(?=[A-Za-z\d])){0,38}/[A-Za-z\d._-]{1,100}$")


def row_id(environ) -> str | None:
    """The row's id in GitHub Actions: the repository the run is for, `$GITHUB_REPOSITORY` (`owner/name`:
    `classroom-org/hw1-octocat`, `alice/micrograd`), where $GITHUB_ACTIONS is `true`; None elsewhere (the row is
    then named after the folder it grades, as `grade run --one-submission` names it). Not the folder: the
    workflow checks the commit out into `submission/`, which named every student's row `submission`; not
    $GITHUB_ACTOR (whoever pushed: a teacher's fix would name the row after the teacher) nor
    $GITHUB_REPOSITORY_OWNER (a GitHub Classroom organisation's, the same for every student); not the name alone
    (students' forks of one template share it). `owner/name` is one repository's, the same on every run."""
    if environ.get("GITHUB_ACTIONS") != "true":
        return None
    repository = environ.get("GITHUB_REPOSITORY", "")
    return repository if _REPOSITORY.match(repository) else None


def artifact(scores: dict, *, threshold: float | None, after_due_date: bool = False) -> dict:
    """The JSON for upload: the scores file of this one submission, as its student may see it, and the verdict."""
    record = student_record(scores["submissions"][0], after_due_date=after_due_date)
    met = verdict(scores["submissions"][0], threshold)
    return {
        "exercise": scores.get("exercise"),
        "max_score": record["max_score"],
        "grader_version": scores.get("grader_version"),
        "submissions": [record],
        "ci": {"min_score": threshold, "min_score_met": met, "after_due_date": after_due_date},
    }


def final_line(record: dict, exercise: str, threshold: float | None, *, after_due_date: bool = False,
               lang: str = "en") -> str:
    """The last line of the log: the score (unless withheld) and the verdict, in `lang`."""
    t = translator(lang)
    view = student_view(record, after_due_date=after_due_date)
    if view.total_shown:
        said = t._("Score {points} on {exercise}", points=points(score_of(record), record.get("max_score")),
                   exercise=repr(exercise))
    else:
        said = t._("Score on the tests shown {points} on {exercise} (the total includes withheld tests)",
                   points=points(view.shown_score, view.shown_max), exercise=repr(exercise))
    if view.withheld_failures_clause(lang):
        said = t._("{first}; {second}", first=said, second=view.withheld_failures_clause(lang))
    met = verdict(record, threshold)
    if met is not None:
        said = t._("{first}; {second}", first=said, second=_threshold_words(record, threshold, met, t, in_line=True))
    return t._("{sentence}.", sentence=said)


def workflow(exercise: str, min_score: str | None) -> str:
    """The GitHub Actions workflow template, for `exercise` and the threshold given (80% when none)."""
    from ..version import __version__

    return (WORKFLOW_TEMPLATE.read_text(encoding="utf-8").replace("@EXERCISE@", exercise)
            .replace("@MIN_SCORE@", min_score or "80%").replace("@VERSION@", __version__))

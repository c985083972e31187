"""`grade ci`: grade a student's repository in CI (annotations, a summary, a threshold)."""

import os
import sys

import click

from ..load import LoadError
from ..sandbox import SandboxUnavailable
from ..suites import SuiteError
from .interrupt import sigterm_as_interrupt, terminated
from ..i18n.option import chosen, lang_option
from .options import limit_options, limits_from
from .terminal import report_grader_errors


def _min_score(ctx, param, value):
    from ..integrations.ci import parse_min_score

    if value is not None:
        try:
            parse_min_score(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
    return value


@click.command("ci", short_help="Grade a student's repository in CI: annotations, summary, threshold.")
@click.argument("path", default=".", type=click.Path(exists=True, path_type=str))
@click.option("-e", "--exercise", default="engine", show_default=True, help="The suite to grade against.")
@click.option("--min-score", callback=_min_score, metavar="POINTS|SHARE%",
              help="Exit 1 when the score is below this: points (40) or a share of the maximum (80%).")
@click.option("--json-out", type=click.Path(dir_okay=False),
              help="Write the results as JSON here, for upload as an artifact (what the student may see).")
@click.option("--after-due-date", is_flag=True, help="Also show the tests whose visibility is after_due_date.")
@click.option("--print-workflow", is_flag=True,
              help="Print a GitHub Actions workflow that runs `grade ci` (for -e and --min-score), and exit.")
@lang_option
@limit_options
def ci_command(path, exercise, min_score, json_out, after_due_date, print_workflow, lang, **kw):
    """Grade PATH (default: the current folder) as one submission, in CI (GitHub Actions).

    Prints one ::error annotation per failed test, appends a summary to
    $GITHUB_STEP_SUMMARY when it is set, and exits 1 when the score is below
    --min-score (see docs/ci.md).
    """
    from ..pipeline import grade
    from ..suites import load_suite
    from ..integrations import ci
    from ..private_files import write_json_atomically

    if print_workflow:
        try:
            load_suite(exercise)  # a workflow for a suite that does not exist would fail on every push
        except SuiteError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(ci.workflow(exercise, min_score), nl=False)
        return
    limits = limits_from(kw)
    lang = chosen(lang)
    try:
        with sigterm_as_interrupt():
            # the row is the repository's, not `submission/`'s, the folder the workflow checks out into (docs/ci.md)
            result = grade(path, exercise=exercise, limits=limits, cache_dir=None,
                           require_sandbox=kw["require_sandbox"], one_submission=True, row_id=ci.row_id(os.environ))
    except (LoadError, SuiteError, SandboxUnavailable) as exc:
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt as exc:
        if not terminated(exc):
            raise
        click.echo("\nTerminated (SIGTERM): nothing was graded; run it again.", err=True)
        sys.exit(143)
    report_grader_errors(result.grader_errors)
    record = result.scores["submissions"][0]
    threshold = ci.min_points(ci.parse_min_score(min_score) if min_score else None, record["max_score"])
    # the files first: a stdout closed early (`| head -1`) must not lose the step summary or the artifact
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a", encoding="utf-8") as f:
            f.write(ci.summary_markdown(record, threshold=threshold, after_due_date=after_due_date, lang=lang))
    if json_out:
        write_json_atomically(json_out, ci.artifact(result.scores, threshold=threshold, after_due_date=after_due_date))
    if result.warning:
        click.echo(ci.command("warning", result.warning, title="Sandbox"))
    for line in ci.annotations(record, result.submissions[0], after_due_date=after_due_date, lang=lang):
        click.echo(line)
    click.echo(ci.final_line(record, exercise, threshold, after_due_date=after_due_date, lang=lang))
    if ci.verdict(record, threshold) is False:
        sys.exit(1)

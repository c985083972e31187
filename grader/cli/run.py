"""`grade run`: grade a batch of submissions, write the scores file and the reports beside it."""

import os
import sys

import click

from ..load import LoadError
from ..load.export_words import export_summary
from ..student_text import printable
from ..report.formats import BESIDE_SCORES, FORMATS
from ..sandbox import SandboxUnavailable
from ..suites import SuiteError
from .interrupt import sigterm_as_interrupt, terminated
from .options import FormatChoice, feedback_options, limit_options, limits_from
from .terminal import Progress, print_table, report_grader_errors

FILES_BESIDE = [FORMATS[name].suffix for name in BESIDE_SCORES]  # scores.json → scores.xml, .csv, ...


@click.command("run")
@click.argument("submissions", type=click.Path(exists=True, path_type=str))
@click.option("-e", "--exercise", default="engine", show_default=True, help="The suite to grade against.")
@click.option("-o", "--out", default="scores.json", show_default=True, type=click.Path(dir_okay=False),
              help="Where to write the scores file (JSON).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Submissions observed at once [default: the CPUs this process may use (affinity, cgroup quota) + 1, "
                   "no more than fit in the memory available at --memory each].")
@click.option("--cache-dir", default=None, type=click.Path(file_okay=False),
              help="Finished observations by content hash: an interrupted batch resumes, regrading is free "
                   "[default: $XDG_CACHE_HOME/micrograd-grader, or ~/.cache/micrograd-grader].")
@click.option("--no-cache", is_flag=True, help="Observe every submission again.")
@click.option("--torch", "torch_mode", type=click.Choice(["stored", "live"]), default="stored", show_default=True,
              help="PyTorch's expected values: stored in the suite, or recomputed (needs torch).")
@click.option("-q", "--quiet", is_flag=True, help="No table, only the summary line.")
@click.option("--queue", metavar="URL",
              help="Observe on the grading machines that serve this Redis queue (`grade worker URL`) instead "
                   "of here: redis://HOST:PORT/DB, rediss:// for TLS; the password in $GRADE_QUEUE_PASSWORD, the fleet's "
                   "key in $GRADE_FLEET_KEY (see docs/scaling.md).")
@click.option("--one-submission", is_flag=True,
              help="SUBMISSIONS is one student's work (a folder with engine.py, nn.py, ...), not a class folder "
                   "of one entry per student. A file is always one submission.")
@click.option("--format", "formats", multiple=True, type=FormatChoice(BESIDE_SCORES),
              help=f"Also write the scores in this format beside --out (scores{FILES_BESIDE[0]}, "
                   f"{', '.join(FILES_BESIDE[1:])}); repeatable.")
@feedback_options
@limit_options
def run_command(submissions, exercise, out, jobs, cache_dir, no_cache, torch_mode, quiet, queue, one_submission,
                formats, feedback_dir, after_due_date, lang, **kw):
    """Grade every submission in SUBMISSIONS and write the scores file.

    Beside the scores file (say scores.json) it also writes scores.timings.json,
    the seconds each submission's observation took (these differ from run to
    run, which is why they are not in the scores), and scores.<ext> for each
    --format.
    """
    from ..pipeline import grade
    from ..i18n.option import chosen
    from ..fleet import FleetError
    from ..integrations import report_files
    from ..machine_size import memory_warning
    from ..private_files import write_json_atomically
    from ..user_cache import default_folder

    limits = limits_from(kw)
    lang = chosen(lang)
    if queue:
        from ..fleet.auth import password_on_command_line

        if password_on_command_line(queue):
            raise click.UsageError(password_on_command_line(queue))
    cache_dir = None if no_cache else cache_dir or str(default_folder())
    oversubscribed = memory_warning(jobs, limits.memory_mb) if jobs and not queue else None
    if oversubscribed:
        click.secho(f"warning: {oversubscribed}", fg="yellow", err=True)
    try:
        with sigterm_as_interrupt():
            result = grade(submissions, exercise=exercise, jobs=jobs, limits=limits,
                           cache_dir=cache_dir, torch=torch_mode,
                           require_sandbox=kw["require_sandbox"], progress=Progress(), queue=queue,
                           one_submission=one_submission, write_ahead=True,
                           notify=lambda text: click.secho(("\n" if sys.stderr.isatty() else "") + f"warning: {text}",
                                                           fg="yellow", err=True))
    except (LoadError, SuiteError, SandboxUnavailable, FleetError) as exc:
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt as exc:
        by_sigterm = terminated(exc)
        where = "nothing was cached (--no-cache)" if no_cache else f"finished submissions are cached in {cache_dir}"
        if queue and not no_cache:
            where += " and the queued ones stay on the queue"
        click.echo(f"\n{'Terminated (SIGTERM)' if by_sigterm else 'Interrupted'}: {where}; the batch can be "
                   f"resumed: run the same command again. {out} was not written.", err=True)
        sys.exit(143 if by_sigterm else 130)
    write_json_atomically(out, result.scores, result.written_ahead)  # rows written ahead: Settings.write_ahead
    if result.written_ahead is not None:
        result.written_ahead.close()
    report_grader_errors(result.grader_errors, report_files.run_log_path(out))
    timings = report_files.timings_of(result.runs)
    report_files.write_timings(out, timings)
    written = report_files.write_reports(result.scores, out, formats, timings, lang=lang)
    if feedback_dir:
        report_files.write_feedback_pages(result.scores, feedback_dir, after_due_date=after_due_date, lang=lang,
                                          keep=[out, *written])
    if result.warning:
        click.secho(f"warning: {result.warning}", fg="yellow", err=True)
    if not quiet:
        print_table(result.scores)
    n = len(result.scores["submissions"])
    cached = len(result.runs) - result.observed  # a rejected submission is neither observed nor cached
    rate = n / result.seconds if result.seconds else 0.0
    click.echo(f"Graded {n} submission{'s' * (n != 1)} against {exercise!r} in {result.seconds:.1f} s "
               f"({rate:.1f} per second; {cached} from the cache; sandbox: {result.sandbox}). "
               f"Scores written to {out}.")
    if exports := [row["export"] for row in result.scores["submissions"] if row.get("export")]:
        click.echo(printable(export_summary(exports), one_line=True))  # the LMS's names of students
    if written:
        click.echo(f"Reports written to {', '.join(str(path) for path in written)}.")
    if feedback_dir:
        click.echo(f"Feedback pages written to {os.path.join(feedback_dir, '')}"
                   f"{' (after the due date)' if after_due_date else ''}.")
    if all(row["status"] == "rejected" for row in result.scores["submissions"]):
        # Every row is written, but the grader could not do its job: perhaps the wrong folder.
        which = "its only entry was" if n == 1 else f"all {n} entries were"
        click.echo(f"Error: nothing in {submissions} could be graded: {which} rejected (the table says why).",
                   err=True)
        sys.exit(1)

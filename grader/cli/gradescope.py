"""`grade gradescope` builds Gradescope's autograder bundle; `grade gradescope-run` runs inside it."""

import click

from ..load import LoadError
from ..records import VISIBILITIES
from ..sandbox import SandboxUnavailable
from ..student_text import printable
from ..suites import SuiteError
from ..i18n.option import chosen, lang_option
from .options import limit_options, limits_from
from .terminal import report_grader_errors


@click.command("gradescope", short_help="Build a Gradescope autograder bundle for an exercise.")
@click.argument("exercise")
@click.option("-o", "--out", default="autograder.zip", show_default=True, type=click.Path(dir_okay=False),
              help="Where to write the bundle (upload it as the assignment's autograder).")
@click.option("--stdout-visibility", type=click.Choice(VISIBILITIES),
              default="hidden", show_default=True,
              help="When students may see what the autograder printed (their own program's output included).")
@lang_option
@limit_options
def gradescope_command(exercise, out, stdout_visibility, lang, **kw):
    """Build Gradescope's autograder bundle for EXERCISE (see docs/gradescope.md); --lang: the language of
    the students' results (default: $GRADE_LANG, the locale, English), fixed in the bundle."""
    from ..integrations import gradescope

    limits = limits_from(kw)
    try:
        names = gradescope.build_bundle(exercise, out, limits=limits, require_sandbox=kw["require_sandbox"],
                                        stdout_visibility=stdout_visibility, lang=chosen(lang))
    except (SuiteError, RuntimeError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Wrote {out}: the autograder for {exercise!r} ({len(names)} files). "
               "Upload it in Gradescope under Configure Autograder.")


@click.command("gradescope-run", short_help="Grade one submission in Gradescope's layout (inside the bundle).")
@click.option("--root", default="/autograder", show_default=True, envvar="GRADE_AUTOGRADER_ROOT",
              type=click.Path(file_okay=False), help="Gradescope's folder (also $GRADE_AUTOGRADER_ROOT).")
def gradescope_run_command(root):
    """Grade ROOT/submission, write ROOT/results/results.json (what the bundle's run_autograder runs)."""
    from ..integrations import gradescope

    try:
        results, batch = gradescope.autograde(root)
    except (LoadError, SuiteError, SandboxUnavailable, RuntimeError) as exc:
        raise click.ClickException(str(exc)) from None
    # Gradescope keeps this output for the instructor (and shows it to students only as
    # stdout_visibility allows): what the student's code printed comes after our lines.
    if batch.warning:
        click.echo(f"warning: {batch.warning}")
    report_grader_errors(batch.grader_errors)
    record = batch.scores["submissions"][0]
    click.echo(f"Graded {printable(repr(record['id']), one_line=True)} against {batch.scores['exercise']!r}: {results['score']:g}/"
               f"{record['max_score']:g} ({record['status']}; sandbox: {batch.sandbox}; {batch.seconds:.1f} s).")
    run = batch.runs.get(record["id"]) or {}
    output = run.get("output")
    if output and run.get("drawn") and results.get("stdout_visibility", "hidden") != "hidden":
        # students see this output, and the run observed the engine at the inputs drawn for the grade: what it
        # printed there would show them (docs/security.md, session 35's second red team)
        click.echo(f"--- what the submission printed ({len(output)} characters) is not shown: students may see this "
                   "output, and it would show the inputs drawn for the grade ---")
    elif output:
        click.echo("--- what the submission printed (control characters shown as escapes) ---")
        click.echo(printable(output))

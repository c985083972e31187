"""`grade report` and `grade diff`: render scores files, and compare two of them, without grading."""

import os

import click

from ..report.formats import BESIDE_SCORES, FORMATS
from ..report.diff import FORMATS as DIFF_FORMATS
from .options import FormatChoice, feedback_options

TITLES = ", ".join(FORMATS[name].title for name in BESIDE_SCORES)  # "JUnit, CSV, ..."
# `--to`'s help names each format, and what it is where its name does not say: "junit (XML)".
NAMED = ", ".join(f"{f.name} ({f.note})" if f.note else f.name for f in FORMATS.values())


@click.command("report", short_help=f"Render a scores file as {TITLES}, or feedback pages.")
@click.argument("scores_file", metavar="SCORES", type=click.Path(exists=True, dir_okay=False))
@click.option("--to", "fmt", type=FormatChoice(sorted(FORMATS)), help=f"The format: {NAMED}.")
@click.option("-o", "--out", default="-", show_default=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="Where to write it; - is standard output.")
# The formats a rendering with timings changes (tests/report/test_render.py holds this list to that).
@click.option("--timings", type=click.Path(exists=True, dir_okay=False),
              help="Seconds per submission (scores.timings.json, written when grading) for the formats that "
                   "show them: html, markdown, junit, gradescope.")
@feedback_options
def report_command(scores_file, fmt, out, timings, feedback_dir, after_due_date, lang):
    """Render the scores file SCORES in another format, or as feedback pages (no grading)."""
    from ..integrations import report_files
    from ..report import render
    from ..private_files import write_text_atomically

    if not fmt and not feedback_dir:
        raise click.UsageError("give --to FORMAT, --feedback-dir DIR, or both")
    try:
        scores = report_files.read_scores(scores_file)
        seconds = report_files.read_timings(timings) if timings else None
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if fmt:
        from ..i18n.option import chosen

        text = render(scores, fmt, seconds, lang=chosen(lang))
        if out == "-":
            click.echo(text, nl=False)
        else:
            write_text_atomically(out, text)
            click.echo(f"Wrote {out}.", err=True)
    if feedback_dir:
        from ..i18n.option import chosen

        n = report_files.write_feedback_pages(scores, feedback_dir, after_due_date=after_due_date, lang=chosen(lang),
                                              keep=[scores_file] + ([out] if fmt and out != "-" else []))
        click.echo(f"Feedback pages for {n} submission{'s' * (n != 1)} written to "
                   f"{os.path.join(feedback_dir, '')}.", err=True)


@click.command("diff", short_help="What a regrade changed: students whose score moved, by how much, which tests flipped.")
@click.argument("old", metavar="OLD", type=click.Path(exists=True, dir_okay=False))
@click.argument("new", metavar="NEW", type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "fmt", type=FormatChoice(DIFF_FORMATS), default="text", show_default=True,
              help="A table for the terminal, Markdown, or JSON.")
@click.option("-o", "--out", default="-", show_default=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="Where to write it; - is standard output.")
def diff_command(old, new, fmt, out):
    """Compare two scores files of one exercise (say, before and after fixing a test).

    Lists every student whose score changed (or who is in only one file), by
    how much, and the tests that flipped, largest change first.
    """
    from ..integrations import report_files
    from ..report.diff import diff, render_diff
    from ..private_files import write_text_atomically

    try:
        changes = diff(report_files.read_scores(old), report_files.read_scores(new))
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    text = render_diff(changes, fmt)
    if out == "-":
        click.echo(text, nl=False)
    else:
        write_text_atomically(out, text)
        click.echo(f"Wrote {out}.", err=True)

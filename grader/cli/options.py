"""Options several commands share: the sandbox's limits, and where the feedback pages go."""

import click

from ..report.formats import ALIASES
from ..sandbox import Limits

LIMIT_DEFAULTS = Limits()


class FormatChoice(click.Choice):
    """A choice of format names that also takes each one's other spelling (md for markdown, as
    report.formats.ALIASES has it) and hands the command the name itself."""

    def __init__(self, names):
        super().__init__([spelling for name in names
                          for spelling in [name] + [alias for alias, of in ALIASES.items() if of == name]])

    def convert(self, value, param, ctx):
        value = super().convert(value, param, ctx)
        return ALIASES.get(value, value)


def limit_options(command):
    """The sandbox's limits, each an option with its default written once (in Limits)."""
    d = LIMIT_DEFAULTS
    options = [
        click.option("--probe-timeout", type=click.FloatRange(min=0.1), default=d.probe_seconds, show_default=True,
                     help="CPU seconds one probe (one expression) may use (all the worker's processes counted; the wall clock cuts at 3x)."),
        click.option("--import-timeout", type=click.FloatRange(min=0.1), default=d.import_seconds,
                     show_default=True, help="CPU seconds importing the student's module may use (the wall clock cuts at 3x)."),
        click.option("--timeout", "submission_timeout", type=click.FloatRange(min=1), default=d.submission_seconds,
                     show_default=True, help="CPU seconds the whole run of one submission may use."),
        click.option("--memory", type=click.IntRange(min=64), default=d.memory_mb, show_default=True,
                     help="Address-space limit of a worker, in MiB."),
        click.option("--processes", type=click.IntRange(min=1), default=d.processes, show_default=True,
                     help="Processes and threads a worker may have."),
        click.option("--file-size", type=click.IntRange(min=1), default=d.file_size_mb, show_default=True,
                     help="Largest file a worker may write, and the room of its /tmp (Linux sandbox), in MiB."),
        click.option("--output-limit", type=click.IntRange(min=1), default=d.output_kb, show_default=True,
                     help="KiB of a submission's printed output that are kept."),
        click.option("--require-sandbox", is_flag=True,
                     help="Fail instead of falling back to a weaker sandbox when bubblewrap cannot be used."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def feedback_options(command):
    """--feedback-dir, --after-due-date and --lang, for grading and for rendering a scores file alike."""
    from ..i18n.option import lang_option

    command = lang_option(command)
    command = click.option("--after-due-date", is_flag=True,
                           help="Feedback pages also show the tests whose visibility is after_due_date.")(command)
    return click.option("--feedback-dir", type=click.Path(file_okay=False),
                        help="Write one Markdown and one HTML feedback page per submission into this folder.")(command)


def limits_from(kw):
    return Limits(
        probe_seconds=kw.pop("probe_timeout"), import_seconds=kw.pop("import_timeout"),
        submission_seconds=kw.pop("submission_timeout"), memory_mb=kw.pop("memory"),
        processes=kw.pop("processes"), file_size_mb=kw.pop("file_size"), output_kb=kw.pop("output_limit"),
    )

"""`--lang`, one option for every command that shows a student words (grade check, run, report, ci, gradescope)."""

import click

from . import ENVIRONMENT, LANGUAGES


def lang_option(command):
    """--lang: the language of what a student reads (docs/i18n.md); None lets grader.i18n.choose decide."""
    return click.option("--lang", type=click.Choice(LANGUAGES), default=None,
                        help=f"The language of the feedback: {', '.join(LANGUAGES)} [default: ${ENVIRONMENT}, "
                             "then the locale (LC_ALL, LC_MESSAGES, LANG), then en]. Numbers, code and "
                             "file names read the same in every language.")(command)


def chosen(lang: str | None) -> str:
    """The language a command speaks (grader.i18n.choose), a bad $GRADE_LANG said as a usage error."""
    from . import LanguageError, choose

    try:
        return choose(lang)
    except LanguageError as exc:
        raise click.ClickException(str(exc)) from None

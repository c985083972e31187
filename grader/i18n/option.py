"""`--lang`, one option for every command that shows a student words (grade check, run, report, ci, gradescope)."""

import click

from . import ENVIRONMENT, LANGUAGES


def lang_option(command):
    """--lang: the language of what a student reads (docs/i18n.md); None lets grader.i18n.choose decide."""
    return click.option("--lang", type=click.Choice(LANGUAGES), default=None,
                        help=f"The language of the feedback: {', '.join(LANGUAGES)} [default: ${ENVIRONMENT}, "
                             "then the locale (LC_ALL, LC_MESSAGES, LANG), then en]. Numbers, code and "
                             "file names read the same in every language.")(command)


class LocalisedError(click.ClickException):
    """A command's error about the reader's own input, in their language: `Error: …`, `Ошибка: …`, `错误：…`
    (`message`: a grader.i18n.Message, or text shown as it is)."""

    def __init__(self, message, lang: str | None):
        from . import translator

        self.lang = chosen(lang)
        super().__init__(translator(self.lang).render(message))

    def show(self, file=None):
        from . import translator

        click.echo(translator(self.lang)._("Error: {message}", message=self.format_message()), file=file, err=True)


def chosen(lang: str | None) -> str:
    """The language a command speaks (grader.i18n.choose), a bad $GRADE_LANG said as a usage error."""
    from . import LanguageError, choose

    try:
        return choose(lang)
    except LanguageError as exc:
        raise click.ClickException(str(exc)) from None

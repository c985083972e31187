"""The exercise commands of `grade`: `starters`, `handout` and `check` (registered in grader/cli/__init__.py)."""

import sys
from pathlib import Path

import click

from ..i18n import LanguageError
from ..i18n.option import LocalisedError, lang_option
from ..sandbox import Limits, SandboxUnavailable
from ..suites import SuiteError


@click.command("starters", short_help="Regenerate the exercises' starters and notebooks from reference/.")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 listing every generated file that differs from what is committed.")
@click.option("--exercises-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The exercises folder [default: the checkout's exercises/, else the installed copy].")
@click.option("--lang", type=click.Choice(["ru", "zh"]), default=None,
              help="With --check and --exercises-dir: check a handout made with `grade handout --lang`.")
def starters_command(check_only, exercises_dir, lang):
    """Regenerate the starter files and notebooks of every exercise from reference/.

    Also regenerates the buggy engines that 09-write-tests carries
    (grader/suites/09-write-tests/engines.json). Run it after changing the
    reference, a solution region, an exercise README or grader/variants/.
    --check also checks the READMEs' translations (README.ru.md, README.zh.md):
    each holds the English README's code blocks, TODO markers and sections.

    \b
    grade starters --check --lang ru --exercises-dir week3/
        checks a Russian handout: its README is the checkout's README.ru.md, its
        starters the English code with translated comments, its notebook made from them.
    """
    from ..distribution import InstructorPartMissing, require_instructor_part
    from . import starters
    from .solution_regions import StarterError

    try:
        require_instructor_part("`grade starters`")
        if lang and not (check_only and exercises_dir):
            raise click.UsageError("--lang checks a handout: give it with --check and --exercises-dir")
        if lang:
            drifting = starters.handout_drift(exercises_dir, lang)
            if drifting:
                click.echo(f"These files differ from what `grade handout --lang {lang}` makes:")
                for path in drifting:
                    click.echo(f"  {path}")
                sys.exit(1)
            click.echo(f"The {lang} handout in {exercises_dir} is what `grade handout --lang {lang}` makes.")
            return
        if check_only:
            drifting = starters.drift(exercises_dir)
            untranslated = starters.translation_problems(exercises_dir)
            if drifting:
                click.echo("These generated files differ from what `grade starters` makes:")
                for path in drifting:
                    click.echo(f"  {path}")
                click.echo("Run `grade starters` and commit the result.")
            if untranslated:
                click.echo("These translations do not hold the English README's code (docs/i18n.md):")
                for problem in untranslated:
                    click.echo(f"  {problem}")
            if drifting or untranslated:
                sys.exit(1)
            click.echo("Starters, notebooks, engines.json and the READMEs' translations are up to date.")
            return
        changed = starters.write(exercises_dir)
    except (StarterError, InstructorPartMissing) as exc:
        raise click.ClickException(str(exc)) from None
    for path in changed:
        click.echo(f"wrote {path}")
    click.echo(f"{len(changed)} file{'s' * (len(changed) != 1)} changed.")


@click.command("handout", short_help="Build the student handout (instructions, starters, notebooks) in OUT_DIR.")
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--upto", "upto_exercise", metavar="EXERCISE", default=None,
              help="The course up to and including this exercise, in course order (a week's handout).")
@click.option("-e", "--exercise", "exercises", multiple=True, metavar="EXERCISE",
              help="Only this exercise (repeat for several) [default: the whole course].")
@click.option("--exercises-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The exercises folder [default: the checkout's exercises/, else the installed copy].")
@click.option("--lang", type=click.Choice(["en", "ru", "zh"]), default="en", show_default=True,
              help="The handout's language: READMEs, notebooks' text and the starters' comments "
                   "(the code is the same in every language).")
def handout_command(out_dir, upto_exercise, exercises, exercises_dir, lang):
    """Build the student handout in OUT_DIR: instructions, starters and notebooks, nothing secret.

    \b
    grade handout week3/ --upto 05-backward   the course up to 05-backward
    grade handout all/                        every exercise
    grade handout ru/ --lang ru               every exercise, in Russian

    The exercises come in course order (`grade suites` lists it); each one's
    starter holds the solutions of the exercises before it and nothing of the
    ones after. OUT_DIR must be new or empty. The handout is scanned before it
    is kept: no hidden suite, stored expected value, buggy engine or piece of
    a solution that the course has not reached may be in it.
    """
    from ..distribution import InstructorPartMissing, require_instructor_part
    from .handout import HandoutError, build

    try:
        require_instructor_part("`grade handout`")
        written = build(out_dir, exercises or None, upto_exercise=upto_exercise, exercises_dir=exercises_dir,
                        lang=lang)
    except (HandoutError, InstructorPartMissing) as exc:
        raise click.ClickException(str(exc)) from None
    chosen = sorted({p.parent.name for p in written if p.parent != out_dir})
    click.echo(f"Wrote {len(written)} files for {len(chosen)} exercise{'s' * (len(chosen) != 1)} to {out_dir}; "
               "scanned: no hidden suite, expected value or solution in it.")


@click.command("check", short_help="Check your work: run an exercise's visible tests on PATH.")
# a PATH that is not there is said by check() in the student's language (click's own `Error: Invalid value …` was English)
@click.argument("path", default=".", type=click.Path(path_type=Path))
@click.option("-e", "--exercise", default=None,
              help="The exercise to check against [default: from the folder's .exercise file or the name].")
@click.option("--strict", is_flag=True, help="Exit 1 when a visible test does not pass.")
@click.option("--probe-timeout", type=click.FloatRange(min=0.1), default=Limits().probe_seconds, show_default=True,
              help="Seconds one probe (one expression) may run.")
@lang_option
def check_command(path, exercise, strict, probe_timeout, lang):
    """Check your work on an exercise: run its visible tests on PATH (default: this folder).

    \b
    grade check                      the exercise folder you are in
    grade check 03-tanh.ipynb        the notebook
    grade check my_engine.py -e 03-tanh
    grade check --lang ru            in Russian (ru, zh, en; or set GRADE_LANG)
    """
    from .student_check import CheckError, check

    limits = Limits(probe_seconds=probe_timeout)
    try:
        result = check(path, exercise, limits=limits, lang=lang)
    except CheckError as exc:  # a student's mistake: said in the student's language
        raise LocalisedError(exc.message, lang) from None
    except (CheckError, SuiteError, SandboxUnavailable, LanguageError) as exc:
        raise click.ClickException(str(exc)) from None
    from .check_report import report_lines  # loaded while the check's worker ran

    for line in report_lines(result):
        click.echo(line)
    if strict and not result.all_passed:
        sys.exit(1)

"""The `grade` program: load, sandbox, observe, judge, score, report."""

from .version import __version__  # noqa: F401 - all `import grader` loads: `check` loads the classroom when called


def check(exercise, *, path=None, lang=None, **options):
    """In a notebook cell, `from grader import check; check("03-tanh")`: the exercise's visible tests
    on the code this notebook has run; a table in Jupyter, `grade check`'s text when printed.
    `lang="ru"` or `"zh"` shows it in Russian or Chinese (default: $GRADE_LANG, the locale, English).
    See grader/classroom/notebook_check.py for which cells it reads."""
    from .classroom.notebook_check import check as check_notebook

    return check_notebook(exercise, path=path, lang=lang, **options)

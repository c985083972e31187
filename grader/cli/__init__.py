"""The `grade` command line: a thin Click layer over the grader's packages.

`grade PATH` is short for `grade run PATH`, and so is `grade -e 03-tanh PATH`:
the first word is taken as a subcommand only when it names one (write
`grade run check` for a folder that happens to be called `check`). A first
word that is neither a command nor an existing file or folder is a usage
error that suggests the nearest command.

Each command's module is imported when that command runs (groups.LazyGroup):
`grade check` loads the check and nothing of `grade ci`, `grade serve` or the
similarity report, whose imports cost a student's check a tenth of a second.
`grade --help` loads them all, to show each one's line.
"""

import click

from ..version import __version__
from .groups import DefaultToRun

# name -> "module:attribute" of its Click command, relative to this package.
COMMANDS = {
    "run": ".run:run_command",
    "report": ".report:report_command",
    "diff": ".report:diff_command",
    "gradescope": ".gradescope:gradescope_command",
    "gradescope-run": ".gradescope:gradescope_run_command",
    "ci": ".ci:ci_command",
    "worker": ".worker:worker_command",
    "torch-results": ".suites:torch_results",
    "variant-runs": ".suites:variant_runs",
    "cache": ".cache:cache_group",
    "suites": ".suites:list_suites",
    # the exercise commands (grader/classroom/commands.py): regenerate starters, build the handout, a student's check
    "starters": "..classroom.commands:starters_command",
    "handout": "..classroom.commands:handout_command",
    "check": "..classroom.commands:check_command",
    # the instructor's similarity check (grader/similarity/): its report never goes into feedback, CI or Gradescope
    "similarity": "..similarity.command:similarity_command",
    # the submission service (grader/serve/, docs/serve.md): its libraries are the [serve] extra, imported when it runs
    "serve": "..serve.cli:serve_group",
}


@click.group(cls=DefaultToRun, lazy_commands=COMMANDS, lazy_package=__name__)
@click.version_option(__version__, package_name="micrograd-grader")
def main():
    """Grade micrograd-style autograd engines.

    \b
    grade submissions/                 grade every entry, write scores.json
    grade run submissions/ -e 03-tanh  the same, for one exercise's suite
    """
    _a_current_folder()


def _a_current_folder():
    """Every command reads or writes beside the current folder (pytest's session of a hidden suite starts there): run
    from a folder deleted under the shell, `grade` ended in a FileNotFoundError's traceback while judging."""
    import os

    try:
        os.getcwd()
    except FileNotFoundError:
        from ..i18n import msg
        from ..i18n.option import LocalisedError

        raise LocalisedError(msg("the current folder no longer exists (it was deleted or moved): `cd` to a folder "
                                 "that exists and run the command again"), None) from None

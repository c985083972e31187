"""The `grade` command line: a thin Click layer over the grader's packages.

`grade PATH` is short for `grade run PATH`, and so is `grade -e 03-tanh PATH`:
the first word is taken as a subcommand only when it names one (write
`grade run check` for a folder that happens to be called `check`). A first
word that is neither a command nor an existing file or folder is a usage
error that suggests the nearest command.
"""

import click

from ..version import __version__
from .cache import cache_group
from .ci import ci_command
from .gradescope import gradescope_command, gradescope_run_command
from .groups import DefaultToRun
from .report import diff_command, report_command
from .run import run_command
from .suites import list_suites, torch_results, variant_runs
from .worker import worker_command


@click.group(cls=DefaultToRun)
@click.version_option(__version__, package_name="micrograd-grader")
def main():
    """Grade micrograd-style autograd engines.

    \b
    grade submissions/                 grade every entry, write scores.json
    grade run submissions/ -e 03-tanh  the same, for one exercise's suite
    """


for command in (run_command, report_command, diff_command, gradescope_command, gradescope_run_command, ci_command,
                worker_command, torch_results, variant_runs, cache_group, list_suites):
    main.add_command(command)

# The exercise commands (grader/classroom/commands.py): regenerate starters, build the handout, a student's check.
from ..classroom.commands import check_command, handout_command, starters_command  # noqa: E402

main.add_command(starters_command)
main.add_command(handout_command)
main.add_command(check_command)

# The instructor's similarity check (grader/similarity/): its report never goes into feedback, CI or Gradescope.
from ..similarity.command import similarity_command  # noqa: E402

main.add_command(similarity_command)

# The submission service (grader/serve/, docs/serve.md): its libraries are the [serve] extra, imported when it runs.
from ..serve.cli import serve_group  # noqa: E402

main.add_command(serve_group)

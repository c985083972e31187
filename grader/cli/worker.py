"""`grade worker`: observe the jobs of a grading queue on this machine."""

import sys

import click

from .. import fleet
from ..sandbox import SandboxUnavailable


@click.command("worker", short_help="Observe the jobs of a grading queue in this machine's sandbox.")
@click.argument("url", metavar="URL", envvar="GRADE_QUEUE")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Submissions observed at once on this machine (worker processes).")
@click.option("--heartbeat", type=click.IntRange(min=1), default=fleet.HEARTBEAT, show_default=True,
              help="Seconds between a busy worker's heartbeats; a job whose worker missed three is run again "
                   "elsewhere.")
@click.option("--require-sandbox", is_flag=True,
              help="Refuse to start without the full sandbox (bubblewrap).")
def worker_command(url, jobs, heartbeat, require_sandbox):
    """Serve the grading queue at URL: observe its jobs in this machine's sandbox, until stopped.

    URL is redis://[:PASSWORD@]HOST:PORT/DB (rediss:// for TLS), or $GRADE_QUEUE,
    which keeps the password off the command line. A job for a suite whose
    digest differs from the one installed here is put back, and the worker
    stops with exit status 78 and says why. See docs/scaling.md.
    """
    from ..fleet import STALE_EXIT, FleetError

    try:
        from ..fleet.worker import run_workers
    except ImportError:
        from ..fleet import MISSING
        raise click.ClickException(MISSING) from None
    try:
        status = run_workers(url, jobs=jobs, heartbeat=heartbeat, require_sandbox=require_sandbox)
    except (FleetError, SandboxUnavailable) as exc:
        raise click.ClickException(str(exc)) from None
    if status == STALE_EXIT:
        click.echo("This worker stopped: it refused a job it cannot observe faithfully (see above).", err=True)
    sys.exit(status)

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
              help="Refuse to start without the full sandbox (the default; kept for existing scripts).")
@click.option("--allow-weaker-sandbox", is_flag=True,
              help="Observe even without the full sandbox (no bubblewrap, or no memory bound): a submission may then "
                   "reach the network and read what this user can read (docs/security.md).")
@click.pass_context
def worker_command(ctx, url, jobs, heartbeat, require_sandbox, allow_weaker_sandbox):
    """Serve the grading queue at URL: observe its jobs in this machine's sandbox, until stopped.

    URL is redis://HOST:PORT/DB (rediss:// for TLS), or $GRADE_QUEUE. A password
    never goes on the command line: put the whole URL in $GRADE_QUEUE, or the
    password in $GRADE_QUEUE_PASSWORD. $GRADE_FLEET_KEY, the secret that signs
    every result, must equal the submitting grade's. Without the full sandbox
    the worker does not start unless --allow-weaker-sandbox. A job for a suite
    whose digest differs from the one installed here is put back, and the worker
    stops with exit status 78 and says why. See docs/scaling.md.
    """
    from ..fleet import STALE_EXIT, FleetError
    from ..fleet.auth import password_on_command_line

    if require_sandbox and allow_weaker_sandbox:
        raise click.UsageError("--require-sandbox and --allow-weaker-sandbox contradict each other")
    if ctx.get_parameter_source("url") == click.core.ParameterSource.COMMANDLINE and password_on_command_line(url):
        raise click.UsageError(password_on_command_line(url))

    try:
        from ..fleet.worker import run_workers
    except ImportError as exc:
        from ..distribution import library_missing
        from ..fleet import MISSING

        if not library_missing(exc):
            raise
        raise click.ClickException(MISSING) from None
    try:
        status = run_workers(url, jobs=jobs, heartbeat=heartbeat, require_sandbox=not allow_weaker_sandbox)
    except FleetError as exc:
        raise click.ClickException(str(exc)) from None
    except SandboxUnavailable as exc:
        raise click.ClickException(f"{exc} A worker observes only in the full sandbox; start it with "
                                   "--allow-weaker-sandbox to observe without it (docs/security.md).") from None
    if status == STALE_EXIT:
        click.echo("This worker stopped: it refused a job it cannot observe faithfully (see above).", err=True)
    sys.exit(status)

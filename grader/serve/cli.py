"""`grade serve`: init a course, print its sign-in links, serve it.

    grade serve init course/ --students alice,bob --exercises 01-mul-backward,engine
    grade serve course/ --port 8000

`grade serve DIR` is short for `grade serve start DIR`.
"""

from __future__ import annotations

import csv
import sys

import click

from ..cli.groups import FullHelpGroup
from . import MISSING, ServeError


SWITCH_INTERVAL = 0.0005  # seconds: the server process's GIL hand-over (see start_command)


class DefaultToStart(FullHelpGroup):
    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["start", *args]
        return super().parse_args(ctx, args)


def _names(text):
    return [n.strip() for n in (text or "").split(",") if n.strip()]


def _missing(exc: ImportError) -> Exception:
    """What to raise for EXC, an ImportError of the service's modules: MISSING where a library of `[serve]` is not
    installed, EXC itself where the grader's own module failed (grader/distribution.library_missing)."""
    from ..distribution import library_missing

    return click.ClickException(MISSING) if library_missing(exc) else exc


def _service(folder, db):
    try:
        from .service import Service
    except ImportError as exc:
        raise _missing(exc) from None
    try:
        return Service(folder, db)
    except ServeError as exc:
        raise click.ClickException(str(exc)) from None


@click.group("serve", cls=DefaultToStart)
def serve_group():
    """A submission service for a course without an LMS: `grade serve init DIR`, then `grade serve DIR`."""


@serve_group.command("init")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--students", required=True, help="The roster, comma-separated: alice,bob")
@click.option("--exercises", required=True, help="The suites to serve, comma-separated: 01-mul-backward,engine")
@click.option("--base-url", default=None, help="Where students reach the service [default: http://localhost:8000].")
def init_command(folder, students, exercises, base_url):
    """Write FOLDER/course.toml: each exercise due in a week (23:59 UTC), two late days at half credit."""
    from ..suites import SuiteError
    from .course import write_new
    try:
        path = write_new(folder, _names(students), _names(exercises), base_url=base_url)
    except (ServeError, SuiteError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Wrote {path}: edit the deadlines and limits, then `grade serve tokens {folder}` for the "
               f"sign-in links and `grade serve {folder}` to start.")


@serve_group.command("tokens")
@click.argument("folder", type=click.Path(exists=True, file_okay=False))
@click.option("--db", default=None, help="The database URL [default: SQLite in FOLDER].")
@click.option("--revoke", multiple=True, metavar="NAME",
              help="Revoke NAME's API token, link and sessions at once and print the new ones; repeatable.")
def tokens_command(folder, db, revoke):
    """Print CSV `student,token,link`: each student's API token and current sign-in link, then the instructors'.

    The token (for `Authorization: Bearer`) is the same every time until revoked. A link signs in once: the same
    every time until it is used, then the next one. Send each student their own line only.
    """
    svc = _service(folder, db)
    people = (*svc.course.students, *svc.course.instructors)
    for name in revoke:
        if name not in people:
            raise click.ClickException(f"{name!r} is not in {folder}/course.toml's students or instructors")
        svc.revoke(name)
    from .auth import signed_link
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["student", "token", "link"])
    for name in (revoke or people):
        writer.writerow([name, svc.token_for(name), signed_link(svc.course.base_url, svc.link_for(name))])


@serve_group.command("start")
@click.argument("folder", type=click.Path(exists=True, file_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (behind a reverse proxy, keep 127.0.0.1: docs/serve.md).")
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--db", default=None, help="postgresql://USER:PASSWORD@HOST/DB [default: SQLite in FOLDER].")
@click.option("--queue", default=None, metavar="URL",
              help="Observe on the Redis fleet (`grade worker URL`) instead of this machine: redis://HOST:PORT/DB.")
@click.option("--workers", type=click.IntRange(min=0), default=None,
              help="Grading processes here [default: course.toml's workers]; 0: none (another server's pool grades).")
def start_command(folder, host, port, db, queue, workers):
    """Serve the course in FOLDER: its pages, /api/v1, and its grading pool."""
    from ..distribution import InstructorPartMissing, require_instructor_part
    try:
        require_instructor_part("`grade serve`")
    except InstructorPartMissing as exc:
        raise click.ClickException(str(exc)) from None
    try:
        import uvicorn

        from .app import create_app
    except ImportError as exc:
        raise _missing(exc) from None
    try:
        app = create_app(folder, db_url=db, queue=queue, workers=workers)
    except ServeError as exc:
        raise click.ClickException(str(exc)) from None
    # The admission thread (admission.py) gives up the GIL at each SQLite statement and file write, and
    # waited up to the 5 ms switch interval to get it back from the event loop each time: a batch of 64
    # uploads took 620 ms instead of 10 ms. 0.5 ms is the wait now (docs/serve.md, "Measured").
    sys.setswitchinterval(SWITCH_INTERVAL)
    click.echo(f"Serving {folder} on http://{host}:{port}/ (sign-in links: `grade serve tokens {folder}`).")
    uvicorn.run(app, host=host, port=port, proxy_headers=True, forwarded_allow_ips="127.0.0.1",
                timeout_graceful_shutdown=10, log_level="warning")

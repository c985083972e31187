"""The `grade` command line: a thin Click layer over the grader's packages.

`grade PATH` is short for `grade run PATH`, and so is `grade -e 03-tanh PATH`:
the first word is taken as a subcommand only when it names one (write
`grade run check` for a folder that happens to be called `check`). A first
word that is neither a command nor an existing file or folder is a usage
error that suggests the nearest command.
"""

import difflib
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager

import click

from . import __version__, fleet
from .load import LoadError
from .sandbox import Limits, SandboxUnavailable
from .student_text import printable
from .suites import SuiteError, available

LIMIT_DEFAULTS = Limits()
REPORT_FORMATS = ("junit", "csv", "markdown", "html", "gradescope")  # json: the scores file itself


class FullHelpGroup(click.Group):
    """A group whose --help shows every command's line in full, wrapped: Click cuts a long one short with '...'."""

    def format_commands(self, ctx, formatter):
        rows = [(name, command.get_short_help_str(limit=1000)) for name, command in sorted(self.commands.items())
                if not command.hidden]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class DefaultToRun(FullHelpGroup):
    """A group whose unknown first argument (a path, or one of run's options) starts the `run` command."""

    def parse_args(self, ctx, args):
        own_options = {name for param in self.get_params(ctx) for name in param.opts}
        if args and args[0] not in self.commands and args[0] not in own_options:
            if not args[0].startswith("-") and not os.path.lexists(args[0]):
                raise click.UsageError(self.neither_command_nor_path(args[0]), ctx)
            args = ["run", *args]
        return super().parse_args(ctx, args)

    def neither_command_nor_path(self, word):
        nearest = difflib.get_close_matches(word, sorted(self.commands), n=1, cutoff=0.6)
        hint = (f"did you mean `grade {nearest[0]}`?" if nearest
                else f"the commands are {', '.join(sorted(self.commands))}.")
        return f"{word!r} is neither a command nor a file or folder: {hint}"


@click.group(cls=DefaultToRun)
@click.version_option(__version__, package_name="micrograd-grader")
def main():
    """Grade micrograd-style autograd engines.

    \b
    grade submissions/                 grade every entry, write scores.json
    grade run submissions/ -e 03-tanh  the same, for one exercise's suite
    """


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
                     help="Largest file a worker may write, in MiB."),
        click.option("--output-limit", type=click.IntRange(min=1), default=d.output_kb, show_default=True,
                     help="KiB of a submission's printed output that are kept."),
        click.option("--require-sandbox", is_flag=True,
                     help="Fail instead of falling back to a weaker sandbox when bubblewrap cannot be used."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def feedback_options(command):
    """--feedback-dir and --after-due-date, for grading and for rendering a scores file alike."""
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


class Progress:
    """A one-line progress bar with an estimate of the time left (only on a terminal)."""

    def __init__(self, stream=sys.stderr):
        self.stream = stream
        self.live = stream.isatty()
        self.total = self.done = 0
        self.started = time.monotonic()

    def start(self, total, rejected):
        self.total, self.done = total, rejected
        self.started = time.monotonic()
        self._draw("")

    def advance(self, submission, run, cached):
        self.done += 1
        self._draw(printable(submission.id, one_line=True) + (" (cached)" if cached else ""))

    def _draw(self, last):
        if not self.live or not self.total:
            return
        elapsed = time.monotonic() - self.started
        share = self.done / self.total
        left = f"{elapsed / share * (1 - share):.0f} s left" if self.done else "…"
        width = 30
        bar = "█" * int(share * width) + "·" * (width - int(share * width))
        self.stream.write(f"\r{bar} {self.done}/{self.total} {left}  {last[:30]:<30}")
        self.stream.flush()

    def finish(self):
        if self.live and self.total:
            self.stream.write("\r" + " " * 90 + "\r")
            self.stream.flush()


def first_failure(row):
    """The first test that went wrong; a test skipped with points only when none did."""
    went_wrong = [t for t in row["tests"] if t["status"] not in ("passed", "skipped")]
    skipped = [t for t in row["tests"] if t["status"] == "skipped" and t["max_score"] > 0]
    for test in went_wrong[:1] or skipped[:1]:
        return f"{test['name']}: {test['output']}"
    return row.get("message") or ""


def print_table(record, width=None):
    width = width or 100
    rows = record["submissions"]
    # Ids and messages come from submissions: shown through the one sanitiser, on one line each.
    shown_ids = [printable(r["id"], one_line=True) for r in rows]
    id_width = max([len("id")] + [len(shown) for shown in shown_ids])
    id_width = min(id_width, 24)
    click.echo(f"{'id':<{id_width}}  {'status':<8}  {'score':>11}  first failing test")
    for r, shown_id in zip(rows, shown_ids):
        score = f"{r['score']:g}/{r['max_score']:g}"
        note = first_failure(r) if r["status"] != "rejected" else (r.get("message") or "")
        room = max(width - id_width - 27, 20)
        note = printable(note.replace("\r\n", " ").replace("\n", " "), one_line=True)
        if len(note) > room:
            note = note[: room - 1] + "…"
        click.echo(f"{shown_id[:id_width]:<{id_width}}  {r['status']:<8}  {score:>11}  {note}")


class Terminated(KeyboardInterrupt):
    """SIGTERM (a cancelled CI job, `kill`): stops grading exactly as Ctrl-C does."""


def terminated(interrupt):
    """Whether a KeyboardInterrupt came from SIGTERM (pytest, in the judge, turns it into its own
    KeyboardInterrupt: the signal is remembered here)."""
    return isinstance(interrupt, Terminated) or _sigterm_received.is_set()


_sigterm_received = threading.Event()


@contextmanager
def sigterm_as_interrupt():
    """While grading, SIGTERM raises `Terminated` in the main thread, as Ctrl-C raises KeyboardInterrupt:
    workers are killed, scratch folders removed, finished runs stay cached."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum, frame):
        _sigterm_received.set()
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM must not cut the clean-up short
        raise Terminated()

    _sigterm_received.clear()
    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def report_grader_errors(errors, log_path=None):
    """Say that the grader failed on some submissions; the tracebacks go to `log_path` (or stderr)."""
    if not errors:
        return
    from .scores import write_text_atomically

    details = "".join(f"== {e['id']!r}: grader error while {e['stage']}\n{e['detail'].rstrip()}\n\n" for e in errors)
    if log_path:
        write_text_atomically(log_path, details)
    else:
        click.echo(details, err=True, nl=False)
    ids = ", ".join(printable(repr(e["id"]), one_line=True) for e in errors)
    click.secho(f"warning: the grader failed on {len(errors)} submission{'s' * (len(errors) != 1)} ({ids}): "
                f"{'their rows say' if len(errors) != 1 else 'its row says'} \"grader error\"; "
                f"the details are in {log_path or 'the lines above'}. Please report it.", fg="yellow", err=True)


@main.command("run")
@click.argument("submissions", type=click.Path(exists=True, path_type=str))
@click.option("-e", "--exercise", default="engine", show_default=True, help="The suite to grade against.")
@click.option("-o", "--out", default="scores.json", show_default=True, type=click.Path(dir_okay=False),
              help="Where to write the scores file (JSON).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Submissions observed at once [default: the number of cores].")
@click.option("--cache-dir", default=None, type=click.Path(file_okay=False),
              help="Finished observations by content hash: an interrupted batch resumes, regrading is free "
                   "[default: $XDG_CACHE_HOME/micrograd-grader, or ~/.cache/micrograd-grader].")
@click.option("--no-cache", is_flag=True, help="Observe every submission again.")
@click.option("--torch", "torch_mode", type=click.Choice(["stored", "live"]), default="stored", show_default=True,
              help="PyTorch's expected values: stored in the suite, or recomputed (needs torch).")
@click.option("-q", "--quiet", is_flag=True, help="No table, only the summary line.")
@click.option("--queue", metavar="URL",
              help="Observe on the grading machines that serve this Redis queue (`grade worker URL`) instead "
                   "of here: redis://[:PASSWORD@]HOST:PORT/DB, rediss:// for TLS (see docs/scaling.md).")
@click.option("--format", "formats", multiple=True, type=click.Choice(REPORT_FORMATS),
              help="Also write the scores in this format beside --out (scores.xml, .csv, .md, .html, "
                   ".gradescope.json); repeatable.")
@feedback_options
@limit_options
def run_command(submissions, exercise, out, jobs, cache_dir, no_cache, torch_mode, quiet, queue, formats,
                feedback_dir, after_due_date, **kw):
    """Grade every submission in SUBMISSIONS and write the scores file.

    Beside the scores file (say scores.json) it also writes scores.timings.json,
    the seconds each submission's observation took (these differ from run to
    run, which is why they are not in the scores), and scores.<ext> for each
    --format.
    """
    from .batch import grade
    from .fleet import FleetError
    from .integrations import report_files
    from .scores import write_json_atomically
    from .user_cache import default_folder

    limits = limits_from(kw)
    cache_dir = cache_dir or str(default_folder())
    try:
        with sigterm_as_interrupt():
            result = grade(submissions, exercise=exercise, jobs=jobs, limits=limits,
                           cache_dir=None if no_cache else cache_dir, torch=torch_mode,
                           require_sandbox=kw["require_sandbox"], progress=Progress(), queue=queue,
                           notify=lambda text: click.secho(("\n" if sys.stderr.isatty() else "") + f"warning: {text}",
                                                           fg="yellow", err=True))
    except (LoadError, SuiteError, SandboxUnavailable, FleetError) as exc:
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt as exc:
        by_sigterm = terminated(exc)
        where = "nothing was cached (--no-cache)" if no_cache else f"finished submissions are cached in {cache_dir}"
        if queue and not no_cache:
            where += " and the queued ones stay on the queue"
        click.echo(f"\n{'Terminated (SIGTERM)' if by_sigterm else 'Interrupted'}: {where}; the batch can be "
                   f"resumed: run the same command again. {out} was not written.", err=True)
        sys.exit(143 if by_sigterm else 130)
    write_json_atomically(out, result.scores)
    report_grader_errors(result.grader_errors, report_files.run_log_path(out))
    timings = report_files.timings_of(result.runs)
    report_files.write_timings(out, timings)
    written = report_files.write_reports(result.scores, out, formats, timings)
    if feedback_dir:
        report_files.write_feedback_pages(result.scores, feedback_dir, after_due_date=after_due_date)
    if result.warning:
        click.secho(f"warning: {result.warning}", fg="yellow", err=True)
    if not quiet:
        print_table(result.scores)
    n = len(result.scores["submissions"])
    rate = n / result.seconds if result.seconds else 0.0
    click.echo(f"Graded {n} submission{'s' * (n != 1)} against {exercise!r} in {result.seconds:.1f} s "
               f"({rate:.1f} per second; {n - result.observed} from the cache; sandbox: {result.sandbox}). "
               f"Scores written to {out}.")
    if written:
        click.echo(f"Reports written to {', '.join(str(path) for path in written)}.")
    if feedback_dir:
        click.echo(f"Feedback pages written to {os.path.join(feedback_dir, '')}"
                   f"{' (after the due date)' if after_due_date else ''}.")
    if all(row["status"] == "rejected" for row in result.scores["submissions"]):
        # Every row is written, but the grader could not do its job: perhaps the wrong folder.
        which = "its only entry was" if n == 1 else f"all {n} entries were"
        click.echo(f"Error: nothing in {submissions} could be graded: {which} rejected (the table says why).",
                   err=True)
        sys.exit(1)


@main.command("report", short_help="Render a scores file as JUnit, CSV, Markdown, HTML, Gradescope, or feedback pages.")
@click.argument("scores_file", metavar="SCORES", type=click.Path(exists=True, dir_okay=False))
@click.option("--to", "fmt", type=click.Choice(sorted(REPORT_FORMATS + ("json",))),
              help="The format: junit (XML), csv (gradebook), markdown, html (class report), gradescope "
                   "(results.json), json.")
@click.option("-o", "--out", default="-", show_default=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="Where to write it; - is standard output.")
@click.option("--timings", type=click.Path(exists=True, dir_okay=False),
              help="Seconds per submission (scores.timings.json, written when grading) for the formats that "
                   "show them: html, markdown, junit, gradescope.")
@feedback_options
def report_command(scores_file, fmt, out, timings, feedback_dir, after_due_date):
    """Render the scores file SCORES in another format, or as feedback pages (no grading)."""
    from .integrations import report_files
    from .report import render
    from .scores import write_text_atomically

    if not fmt and not feedback_dir:
        raise click.UsageError("give --to FORMAT, --feedback-dir DIR, or both")
    try:
        scores = report_files.read_scores(scores_file)
        seconds = report_files.read_timings(timings) if timings else None
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if fmt:
        text = render(scores, fmt, seconds)
        if out == "-":
            click.echo(text, nl=False)
        else:
            write_text_atomically(out, text)
            click.echo(f"Wrote {out}.", err=True)
    if feedback_dir:
        n = report_files.write_feedback_pages(scores, feedback_dir, after_due_date=after_due_date)
        click.echo(f"Feedback pages for {n} submission{'s' * (n != 1)} written to "
                   f"{os.path.join(feedback_dir, '')}.", err=True)


@main.command("gradescope", short_help="Build a Gradescope autograder bundle for an exercise.")
@click.argument("exercise")
@click.option("-o", "--out", default="autograder.zip", show_default=True, type=click.Path(dir_okay=False),
              help="Where to write the bundle (upload it as the assignment's autograder).")
@click.option("--stdout-visibility", type=click.Choice(["hidden", "after_due_date", "after_published", "visible"]),
              default="hidden", show_default=True,
              help="When students may see what the autograder printed (their own program's output included).")
@limit_options
def gradescope_command(exercise, out, stdout_visibility, **kw):
    """Build Gradescope's autograder bundle for EXERCISE (see docs/gradescope.md)."""
    from .integrations import gradescope

    limits = limits_from(kw)
    try:
        names = gradescope.build_bundle(exercise, out, limits=limits, require_sandbox=kw["require_sandbox"],
                                        stdout_visibility=stdout_visibility)
    except (SuiteError, RuntimeError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Wrote {out}: the autograder for {exercise!r} ({len(names)} files). "
               "Upload it in Gradescope under Configure Autograder.")


@main.command("gradescope-run", short_help="Grade one submission in Gradescope's layout (inside the bundle).")
@click.option("--root", default="/autograder", show_default=True, envvar="GRADE_AUTOGRADER_ROOT",
              type=click.Path(file_okay=False), help="Gradescope's folder (also $GRADE_AUTOGRADER_ROOT).")
def gradescope_run_command(root):
    """Grade ROOT/submission, write ROOT/results/results.json (what the bundle's run_autograder runs)."""
    from .integrations import gradescope

    try:
        results, batch = gradescope.autograde(root)
    except (LoadError, SuiteError, SandboxUnavailable, RuntimeError) as exc:
        raise click.ClickException(str(exc)) from None
    # Gradescope keeps this output for the instructor (and shows it to students only as
    # stdout_visibility allows): what the student's code printed comes after our lines.
    if batch.warning:
        click.echo(f"warning: {batch.warning}")
    report_grader_errors(batch.grader_errors)
    record = batch.scores["submissions"][0]
    click.echo(f"Graded {printable(repr(record['id']), one_line=True)} against {batch.scores['exercise']!r}: {results['score']:g}/"
               f"{record['max_score']:g} ({record['status']}; sandbox: {batch.sandbox}; {batch.seconds:.1f} s).")
    output = (batch.runs.get(record["id"]) or {}).get("output")
    if output:
        click.echo("--- what the submission printed (control characters shown as escapes) ---")
        click.echo(printable(output))


def _min_score(ctx, param, value):
    from .integrations.ci import parse_min_score

    if value is not None:
        try:
            parse_min_score(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
    return value


@main.command("ci", short_help="Grade a student's repository in CI: annotations, summary, threshold.")
@click.argument("path", default=".", type=click.Path(exists=True, path_type=str))
@click.option("-e", "--exercise", default="engine", show_default=True, help="The suite to grade against.")
@click.option("--min-score", callback=_min_score, metavar="POINTS|SHARE%",
              help="Exit 1 when the score is below this: points (40) or a share of the maximum (80%).")
@click.option("--json-out", type=click.Path(dir_okay=False),
              help="Write the results as JSON here, for upload as an artifact (what the student may see).")
@click.option("--after-due-date", is_flag=True, help="Also show the tests whose visibility is after_due_date.")
@click.option("--print-workflow", is_flag=True,
              help="Print a GitHub Actions workflow that runs `grade ci` (for -e and --min-score), and exit.")
@limit_options
def ci_command(path, exercise, min_score, json_out, after_due_date, print_workflow, **kw):
    """Grade PATH (default: the current folder) as one submission, in CI (GitHub Actions).

    Prints one ::error annotation per failed test, appends a summary to
    $GITHUB_STEP_SUMMARY when it is set, and exits 1 when the score is below
    --min-score (see docs/ci.md).
    """
    from pathlib import Path

    from .batch import grade
    from .integrations import ci
    from .scores import write_json_atomically

    if print_workflow:
        from .suites import load_suite

        try:
            load_suite(exercise)  # a workflow for a suite that does not exist would fail on every push
        except SuiteError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(ci.workflow(exercise, min_score), nl=False)
        return
    limits = limits_from(kw)
    try:
        with sigterm_as_interrupt():
            result = grade(path, exercise=exercise, limits=limits, cache_dir=None,
                           require_sandbox=kw["require_sandbox"], one_submission=True)
    except (LoadError, SuiteError, SandboxUnavailable) as exc:
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt as exc:
        if not terminated(exc):
            raise
        click.echo("\nTerminated (SIGTERM): nothing was graded; run it again.", err=True)
        sys.exit(143)
    report_grader_errors(result.grader_errors)
    record = result.scores["submissions"][0]
    threshold = ci.min_points(ci.parse_min_score(min_score) if min_score else None, record["max_score"])
    if result.warning:
        click.echo(ci.command("warning", result.warning, title="Sandbox"))
    for line in ci.annotations(record, Path(path), after_due_date=after_due_date):
        click.echo(line)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a", encoding="utf-8") as f:
            f.write(ci.summary_markdown(record, threshold=threshold, after_due_date=after_due_date))
    if json_out:
        write_json_atomically(json_out, ci.artifact(result.scores, threshold=threshold, after_due_date=after_due_date))
    click.echo(ci.final_line(record, exercise, threshold, after_due_date=after_due_date))
    if ci.verdict(record, threshold) is False:
        sys.exit(1)


@main.command("worker", short_help="Observe the jobs of a grading queue in this machine's sandbox.")
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
    from .fleet import STALE_EXIT, FleetError

    try:
        from .fleet.worker import run_workers
    except ImportError:
        from .fleet import MISSING
        raise click.ClickException(MISSING) from None
    try:
        status = run_workers(url, jobs=jobs, heartbeat=heartbeat, require_sandbox=require_sandbox)
    except (FleetError, SandboxUnavailable) as exc:
        raise click.ClickException(str(exc)) from None
    if status == STALE_EXIT:
        click.echo("This worker stopped: it refused a job it cannot observe faithfully (see above).", err=True)
    sys.exit(status)


@main.command("torch-results", short_help="Store PyTorch's observations of an exercise's probes (needs torch).")
@click.argument("exercises", nargs=-1, metavar="[EXERCISE]...")
@click.option("--all", "every_suite", is_flag=True, help="Every suite whose probes take a Value.")
def torch_results(exercises, every_suite):
    """Store PyTorch's observations of EXERCISE's probes in its suite (needs torch).

    Prints what changed. Values that moved by at most a few ulps (another CPU's
    last bits, see grader/torch_adapter.py) are kept as stored, so a file is
    rewritten only when a probe is new, gone or really changed.
    """
    from .suites import load_suite
    from .torch_adapter import MAX_ULPS, torch_observations, write_torch_results

    if not exercises and not every_suite:
        raise click.UsageError("name the exercise(s) whose stored PyTorch results to regenerate "
                               "(`grade suites` lists them), or give --all")
    if exercises and every_suite:
        raise click.UsageError("give exercise names or --all, not both")
    try:
        import torch  # noqa: F401
    except ImportError:
        raise click.ClickException("torch is not installed here: pip install torch==2.13.0") from None
    try:
        suites = [load_suite(name) for name in (exercises or available())]
    except SuiteError as exc:
        raise click.ClickException(str(exc)) from None
    for suite in suites:
        if not any(not getattr(getattr(suite.probes, n), "takes_modules", False) for n in suite.probe_names):
            if every_suite:
                continue
            raise click.ClickException(f"{suite.name}'s probes take modules, not a Value: PyTorch has nothing "
                                       "to compute for it")
        refresh = write_torch_results(suite)
        real, last_bits = refresh.real_changes, refresh.last_bit_changes
        kept = (f"; {len(last_bits)} value{'s' * (len(last_bits) != 1)} within {MAX_ULPS} ulps "
                f"(this CPU's last bits) {'rewritten' if refresh.written else 'kept as stored'}") if last_bits else ""
        if not refresh.written:
            click.echo(f"{suite.name}: {refresh.path} is up to date{kept}.")
            continue
        what = [f"{len(real)} change{'s' * (len(real) != 1)}"]
        if refresh.version_change:
            what.append(f"torch {refresh.version_change[0]} → {refresh.version_change[1]}")
        click.echo(f"{suite.name}: wrote {refresh.path} ({', '.join(what)}{kept}).")
        for change in real:
            click.echo(f"  {change.describe()}")


@main.command("variant-runs")
@click.argument("exercises", nargs=-1)
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Variants observed at once.")
def variant_runs(exercises, jobs):
    """Observe the bug variants with EXERCISES' probes and store their runs in each suite (all by default)."""
    from .diagnose import VariantBook, stored
    from .judge.plugin import Expectations
    from .sandbox import Sandbox
    from .suites import load_suite

    for name in exercises or available():
        suite = load_suite(name)
        if not suite.diagnose:
            continue
        reference = {n: Expectations(suite).reference(suite.probe(n)) for n in suite.probe_names}
        sandbox = Sandbox(Limits())
        try:
            book = VariantBook.observe(suite, sandbox, reference, jobs=jobs or os.cpu_count() or 1)
        finally:
            sandbox.close()
        click.echo(f"wrote {stored.write(suite, book.runs)}")


@main.command("diff", short_help="What a regrade changed: students whose score moved, by how much, which tests flipped.")
@click.argument("old", metavar="OLD", type=click.Path(exists=True, dir_okay=False))
@click.argument("new", metavar="NEW", type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "md", "json"]), default="text", show_default=True,
              help="A table for the terminal, Markdown, or JSON.")
@click.option("-o", "--out", default="-", show_default=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="Where to write it; - is standard output.")
def diff_command(old, new, fmt, out):
    """Compare two scores files of one exercise (say, before and after fixing a test).

    Lists every student whose score changed (or who is in only one file), by
    how much, and the tests that flipped, largest change first.
    """
    from .integrations import report_files
    from .report.diff import diff, render_diff
    from .scores import write_text_atomically

    try:
        changes = diff(report_files.read_scores(old), report_files.read_scores(new))
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    text = render_diff(changes, fmt)
    if out == "-":
        click.echo(text, nl=False)
    else:
        write_text_atomically(out, text)
        click.echo(f"Wrote {out}.", err=True)


@main.group("cache", cls=FullHelpGroup)
def cache_group():
    """The observation cache: where it is, how big, and clearing it."""


def _cache_dir_option(command):
    return click.option("--cache-dir", default=None, type=click.Path(file_okay=False),
                        help="The cache folder [default: $XDG_CACHE_HOME/micrograd-grader, or "
                             "~/.cache/micrograd-grader].")(command)


@cache_group.command("info")
@_cache_dir_option
def cache_info(cache_dir):
    """Print where the cache is and how big it is."""
    from .user_cache import default_folder, size_text, usage

    folder = cache_dir or default_folder()
    used = usage(folder)
    click.echo(f"{folder}: {used.entries} entr{'y' if used.entries == 1 else 'ies'}, {size_text(used.bytes)}.")


@cache_group.command("clear")
@_cache_dir_option
def cache_clear(cache_dir):
    """Remove every cached observation (the next grading observes everything again)."""
    from .user_cache import clear, default_folder, size_text

    folder = cache_dir or default_folder()
    removed = clear(folder)
    click.echo(f"Removed {removed.entries} entr{'y' if removed.entries == 1 else 'ies'} "
               f"({size_text(removed.bytes)}) from {folder}.")


@main.command("suites")
def list_suites():
    """List the exercises that have a hidden suite, with their titles."""
    from .suites import load_suite

    names = available()
    width = max(map(len, names))
    for name in names:
        click.echo(f"{name:<{width}}  {load_suite(name).title}")


# The exercise commands (grader/classroom/commands.py): regenerate starters, build the handout, a student's check.
from .classroom.commands import check_command, handout_command, starters_command  # noqa: E402

main.add_command(starters_command)
main.add_command(handout_command)
main.add_command(check_command)

# The instructor's similarity check (grader/similarity/): its report never goes into feedback, CI or Gradescope.
from .similarity.command import similarity_command  # noqa: E402

main.add_command(similarity_command)

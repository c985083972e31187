"""The suites' commands: list them, and store what PyTorch and the bug variants observe of their probes."""

import click

from ..machine_size import default_jobs
from ..sandbox import Limits
from ..suites import SuiteError, available


@click.command("suites")
def list_suites():
    """List the exercises that have a hidden suite, with their titles."""
    from ..suites import load_suite

    names = available()
    width = max(map(len, names))
    for name in names:
        click.echo(f"{name:<{width}}  {load_suite(name).title}")


@click.command("torch-results", short_help="Store PyTorch's observations of an exercise's probes (needs torch).")
@click.argument("exercises", nargs=-1, metavar="[EXERCISE]...")
@click.option("--all", "every_suite", is_flag=True, help="Every suite whose probes take a Value.")
def torch_results(exercises, every_suite):
    """Store PyTorch's observations of EXERCISE's probes in its suite (needs torch).

    Prints what changed. Values that moved by at most a few ulps (another CPU's
    last bits, see grader/torch_adapter.py) are kept as stored, so a file is
    rewritten only when a probe is new, gone or really changed.
    """
    from ..suites import load_suite
    from ..torch_adapter import MAX_ULPS, import_torch, write_torch_results

    if not exercises and not every_suite:
        raise click.UsageError("name the exercise(s) whose stored PyTorch results to regenerate "
                               "(`grade suites` lists them), or give --all")
    if exercises and every_suite:
        raise click.UsageError("give exercise names or --all, not both")
    try:
        import_torch()
    except ImportError:
        raise click.ClickException("torch is not installed here: pip install torch==2.13.0") from None
    try:
        suites = [load_suite(name) for name in (exercises or available())]
    except SuiteError as exc:
        raise click.ClickException(str(exc)) from None
    for suite in suites:
        if not any(not getattr(suite.probe(n), "takes_modules", False)
                   and not getattr(suite.probe(n), "reports_places", False) for n in suite.probe_names):
            if every_suite:
                continue
            raise click.ClickException(f"{suite.name}'s probes take modules, not a Value: PyTorch has nothing "
                                       "to compute for it")
        refresh = write_torch_results(suite)
        real, last_bits = refresh.real_changes, refresh.last_bit_changes
        kept = (f"; {len(last_bits)} value{'s' * (len(last_bits) != 1)} within {MAX_ULPS} ulps "
                f"(this CPU's last bits) kept as stored") if last_bits else ""
        if not refresh.written:
            click.echo(f"{suite.name}: {refresh.path} is up to date{kept}.")
            continue
        what = [f"{len(real)} change{'s' * (len(real) != 1)}"]
        if refresh.version_change:
            what.append(f"torch {refresh.version_change[0]} → {refresh.version_change[1]}")
        click.echo(f"{suite.name}: wrote {refresh.path} ({', '.join(what)}{kept}).")
        for change in real:
            click.echo(f"  {change.describe()}")


@click.command("variant-runs")
@click.argument("exercises", nargs=-1)
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Variants observed at once.")
def variant_runs(exercises, jobs):
    """Observe the bug variants with EXERCISES' probes and store their runs in each suite (all by default), and
    their styled engines' observations of the costly probes."""
    from ..diagnose import VariantBook, stored
    from ..sandbox import Sandbox
    from ..suites import load_suite

    for name in exercises or available():
        suite = load_suite(name)
        if not suite.diagnose:
            continue
        sandbox = Sandbox(Limits())
        try:
            book = VariantBook.observe(suite, sandbox, jobs=jobs or default_jobs(sandbox.limits.memory_mb))
        finally:
            sandbox.close()
        click.echo(f"wrote {stored.write(suite, book.runs)}")
        costly = stored.costly_probes(suite)
        click.echo(f"wrote {stored.write_styled(suite, book.styled_record(costly))} "
                   f"({', '.join(costly) or 'no costly probe'} in every style)")

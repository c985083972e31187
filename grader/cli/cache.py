"""`grade cache`: where the observation cache is, how big, and clearing it."""

import click

from .groups import FullHelpGroup


@click.group("cache", cls=FullHelpGroup)
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
    from ..user_cache import default_folder, size_text, usage

    folder = cache_dir or default_folder()
    used = usage(folder)
    click.echo(f"{folder}: {used.entries} entr{'y' if used.entries == 1 else 'ies'}, {size_text(used.bytes)}.")


@cache_group.command("clear")
@_cache_dir_option
def cache_clear(cache_dir):
    """Remove every cached observation (the next grading observes everything again)."""
    from ..user_cache import clear, default_folder, size_text

    folder = cache_dir or default_folder()
    removed = clear(folder)
    click.echo(f"Removed {removed.entries} entr{'y' if removed.entries == 1 else 'ies'} "
               f"({size_text(removed.bytes)}) from {folder}.")

"""The `grade` command line: a thin Click layer over the grader's packages."""

import click


@click.group()
@click.version_option(package_name="micrograd-grader")
def main():
    """Grade micrograd-style autograd engines."""

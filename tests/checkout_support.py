"""The checkout these tests are in, for the processes they start that run the grader (`python -m grader`, a `grade
worker`, `grade serve`, a `python -c` that imports it): checkout_env. Without it such a process started in a
temporary folder imported the installed grader (the venv's editable install: /work/main's), not the worktree's or
fresh clone's under test, unless PYTHONPATH happened to name it (pytest-xdist sets it to the folder pytest was started
in); started in the folder pytest runs in, it imported that folder's."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the checkout these tests are in


def checkout_env(without=(), **changes):
    """This process's environment (less the variables `without`, with `changes`) for a process that runs the grader:
    the checkout these tests are in first on its PYTHONPATH, after only a PYTHONPATH given in `changes` (a test that
    asks for another copy, or adds a sitecustomize), before whatever this process inherited."""
    env = {name: value for name, value in os.environ.items() if name not in without}
    first = changes.pop("PYTHONPATH", None)
    env.update(changes)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [first, str(ROOT), os.environ.get("PYTHONPATH")]))
    return env


def another_checkout(folder):
    """`folder`, made to hold a grader package of its own (empty), as the folder pytest runs in may be another
    checkout: a `python -c` or `python -m` started there imports that grader first, before any PYTHONPATH. A test
    that makes it its working folder shows that a process it starts does not inherit that folder."""
    (folder / "grader").mkdir(parents=True)
    (folder / "grader" / "__init__.py").write_text("")
    return folder


def imported_grader(text):
    """The folders whose grader/__init__.py a process's PYTHONVERBOSE lines (or what it printed) name."""
    import re

    return sorted(set(re.findall(r"(/\S+)/grader/__init__\.py\b", text)))

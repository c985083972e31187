"""A student's module named as a standard one (`random.py`, `copy.py` beside engine.py): theirs where a file of theirs
imports it, as `python engine.py` finds it before Python's own. The loader carries it (levels.collect) and the worker
imports it for the student's own imports only (grader/sandbox/shadows.py: the probes', the worker's and the standard
library's own imports keep Python's; a name Python never lets a script's folder take, `time.py`, `sys.py`, stays
Python's there too). One imported by no file of theirs is left out, as before (strangers40: a correct engine beside
its `random.py` scored 0/63, "cannot import name 'as_value' from 'random'")."""

from __future__ import annotations

import sys

# the standard library's names a student's module may take; never Python's start-up hooks
SHADOWING = frozenset(sys.stdlib_module_names) - {"sitecustomize", "usercustomize"}


def worker_names(tops, package) -> dict:
    """What the worker's request says of a submission's top-level modules `tops` (grader/observe): handed in as a
    package (`package`), `own`, its modules that are not named as standard ones (as_package.py); else `shadows`,
    those that are (shadows.py), where any is. The one test of "named as a standard module" (SHADOWING), the
    loader's and the worker's alike: session 42 found the observer testing sys.stdlib_module_names, so that a
    `sitecustomize.py` the loader left ordinary was a shadow in the worker."""
    if package is not None:
        return {"package": package, "own": sorted(set(tops) - {package, "__init__"} - SHADOWING)}
    shadows = sorted(name for name in tops if name in SHADOWING)
    return {"shadows": shadows} if shadows else {}


def shadowing(level, files: dict, imports) -> dict:
    """The `.py` files of `level` named as standard modules that one of `files` (name -> (content, origin)) imports,
    read by `imports(name, content, package)`, that are not among them: name in the submission -> (level, its file there)."""
    named = sorted(f for f in level.files if f.endswith(".py") and f[:-3] in SHADOWING and f not in files)
    if not named:
        return {}
    # read as in a package of no name (`\0`): `from . import random` too, which a package handed in needs
    imported = {m.partition(".")[0] for name, (content, _) in files.items() for m in imports(name, content, "\0")}
    return {f: (level, f) for f in named if f[:-3] in imported}

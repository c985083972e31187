"""Where the grader keeps, for this boot, what it computed that depends on no student (`boot_path`), and the
digests such a file is named by: the grader's Python source with a suite's folder, the reference's files.

grader/verdicts.py names its dry run and a check's verdicts by the same digests; the walks (diagnose/walks.py),
the variant book's in-process engines (diagnose/book.py) and the named mistakes replayed (engines.py) are kept
in the files boot_path names. A module of its own, under them all: engines.py, which the judge imports, keeps
its replays here without importing verdicts.py (which imports the judge).
"""

import functools
import hashlib
import os
import sys
from pathlib import Path

_GRADER = Path(__file__).resolve().parent


def _files_under(folder, suffix=""):
    """Every file under `folder` whose name ends with `suffix`, but in __pycache__, in the order of their
    paths' parts (pathlib's): os.walk, since pathlib's rglob took two thirds of a check's 18 ms here."""
    found = []
    for top, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [os.path.join(top, f) for f in files if f.endswith(suffix)]
    return sorted(found, key=lambda path: path.split(os.sep))


@functools.cache
def source_digest(suite_folder):
    """The grader's Python source and every file of the suite's folder, hashed (about 2 MB: a few ms)."""
    h = hashlib.sha256()
    for path in _files_under(str(_GRADER), ".py") + _files_under(str(Path(suite_folder))):
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            data = b"(unreadable)"
        h.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


@functools.cache
def reference_digest():
    """The reference engine's files (the dry run runs it), hashed; "" where it is not installed."""
    import importlib.util

    spec = importlib.util.find_spec("reference")
    h = hashlib.sha256()
    for folder in (spec.submodule_search_locations or []) if spec else []:
        for path in sorted(p for p in Path(folder).rglob("*.py") if "__pycache__" not in p.parts):
            h.update(str(path).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def boot_path(what, suite_folder):
    """Where what depends on no student (`what`: the walks' observations, the variant book's engines run in the
    grader's process, diagnose/book.py; the named mistakes replayed, grader/engines.py) of the suite in
    `suite_folder` is kept: in the per-boot folder of the sandbox's trials
    (grader/sandbox/host_facts.py: this user's own, written by no one else, out of the sandbox's reach), named by
    what it depends on (the grader's source and the suite's folder, the reference's files, this Python); None
    where there is none."""
    from .sandbox.host_facts import host_folder

    folder = host_folder()
    if folder is None:
        return None
    key = hashlib.sha256("\0".join([what, source_digest(str(suite_folder)), reference_digest(),
                                     sys.version]).encode()).hexdigest()
    return os.path.join(folder, f"{what}-{key}.json")

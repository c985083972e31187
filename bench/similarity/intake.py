"""A cohort's files as `grade similarity`'s intake reads them, for every tool the benchmark runs (run.py's, and the
anchors' in baselines.py, which runs in the benchmark's own venv: this module needs only the standard library and
grader/load/reading.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from grader.load.reading import Rejected, python_source  # noqa: E402


def submitted_texts(folder: Path) -> dict[str, str]:
    """{stem: text} of FOLDER's .py files, each decoded as `grade similarity`'s intake decodes a .py file (UTF-8, a
    byte-order mark dropped, or the encoding its coding line declares where that keeps ASCII, the line made `utf-8`:
    grader/load/reading.python_source); a file the intake rejects (not UTF-8 and no such declaration) is left out, as
    the command leaves it out, with the intake's message on stderr."""
    texts = {}
    for path in sorted(folder.glob("*.py")):
        try:
            texts[path.stem] = python_source(path.read_bytes(), path.name).decode("utf-8")
        except Rejected as rejected:
            print(f"left out, as grade similarity leaves it out: {rejected}", file=sys.stderr)
    return texts

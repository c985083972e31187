"""Report files beside a scores file: one name per format, written atomically.

`grade run ... -o scores.json --format junit --format html` writes
`scores.xml` and `scores.html` beside `scores.json`: the stem of `--out`
with the format's suffix (grader/report/formats.py). Timings, which are not
in the scores because they differ from run to run, go to
`scores.timings.json`; the tracebacks of the grader's own errors, when it had
any, to `scores.log` (the run log).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from ..private_files import write_json_atomically, write_text_atomically
from ..report import FORMATS, render, write_feedback

TIMINGS_SUFFIX = ".timings.json"
RUN_LOG_SUFFIX = ".log"


def _stem(out: Path) -> str:
    return out.name[: -len(out.suffix)] if out.suffix else out.name


def report_path(out, fmt: str) -> Path:
    """Where format `fmt` of the scores file `out` is written: `scores.json` → `scores.xml` for junit."""
    out = Path(out)
    return out.with_name(_stem(out) + FORMATS[fmt].suffix)


def timings_path(out) -> Path:
    """`scores.json` → `scores.timings.json`."""
    out = Path(out)
    return out.with_name(_stem(out) + TIMINGS_SUFFIX)


def run_log_path(out) -> Path:
    """`scores.json` → `scores.log`: the grader's own errors of the run, written only when there are some."""
    out = Path(out)
    return out.with_name(_stem(out) + RUN_LOG_SUFFIX)


def timings_of(runs: dict) -> dict[str, float]:
    """Seconds each submission's observation took, from a batch's run records (a cached run keeps its time)."""
    return {sid: float(run["seconds"]) for sid, run in sorted(runs.items())
            if isinstance(run, dict) and isinstance(run.get("seconds"), (int, float))}


def write_reports(scores: dict, out, formats, timings: dict[str, float] | None = None, lang: str = "en") -> list[Path]:
    """Write each of `formats` beside the scores file `out`, the class report's words in `lang`; return the
    paths, in the order given."""
    written = []
    for fmt in dict.fromkeys(formats):
        path = report_path(out, fmt)
        if path == Path(out):
            continue  # json: the scores file itself
        write_text_atomically(path, render(scores, fmt, timings, lang=lang))
        written.append(path)
    return written


def write_timings(out, timings: dict[str, float]) -> Path:
    path = timings_path(out)
    write_json_atomically(path, timings)
    return path


def read_timings(path) -> dict[str, float]:
    """A timings file as written by `write_timings`; ValueError saying what is wrong otherwise."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"Invalid timings file {path}: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"Invalid timings file {path}: expected an object of id → seconds")
    for sid, seconds in data.items():
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
                or seconds < 0:
            raise ValueError(f"Invalid timings file {path}: {sid!r} has {seconds!r}, not a number of seconds")
    return {sid: float(seconds) for sid, seconds in data.items()}


def read_scores(path) -> dict:
    """A scores file (docs/contract.md §4); ValueError saying what is wrong otherwise."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"Invalid scores file {path}: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("submissions"), list) \
            or not all(isinstance(r, dict) and isinstance(r.get("id"), str) for r in data["submissions"]):
        raise ValueError(f"Invalid scores file {path}: expected an object whose `submissions` is a list of records "
                         "with an `id` (as `grade` writes it)")
    return data


def write_feedback_pages(scores: dict, folder, *, after_due_date: bool = False, lang: str = "en", keep=()) -> int:
    """One Markdown and one HTML page per submission (grader/report/feedback), in `lang`, none in place of a file of
    `keep` (the scores file and the reports the same command writes); the number of submissions."""
    return len(write_feedback(scores, Path(folder), after_due_date=after_due_date, lang=lang, keep=keep))

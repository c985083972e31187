"""What a row and `grade run` say of an LMS export in words (exports.py reads the export; the data is each row's
`export`): a student's note (`said`), and the summary line under `grade run`'s table."""

from __future__ import annotations

from .exports import GRADESCOPE_METADATA, LMS_NAMES
from .reading import some_names


def export_note(export: dict) -> str:
    """What the row says of an export's choice, in words (the data is `export`), for a student with files."""
    lms = LMS_NAMES[export["lms"]]
    if export["lms"] == "gradescope":
        who = ", ".join(s.get("name") or s.get("email") or s.get("sid") or "?" for s in export["submitters"])
        return (f"{lms}: {export['submission']}, submitted by {who}" if who else
                f"{lms}: {export['submission']}, whose submitters {GRADESCOPE_METADATA} does not name")
    if export["lms"] == "blackboard":
        n = len(export["attempts"])
        said = f"{lms}: graded attempt {export['attempt']}"
        if n > 1:
            said += f", the latest with a file of {n} ({', '.join(export['attempts_left_out'])} left out)"
        return said
    if export["lms"] == "github-classroom":
        return f"{lms}: graded the repository {export['repository']}"
    if export.get("left_out"):
        return f"{lms}: graded the submitted files; {', '.join(export['left_out'])} left out"
    return f"{lms}: graded the submitted files" + (" (late)" if export.get("late") else "")


def export_summary(exports: list[dict]) -> str:
    """The line `grade run` prints under its table for a class read as an LMS export (`exports`: the rows'
    `export`): which LMS, how many students, and whose attempt was chosen among several."""
    lms = sorted({LMS_NAMES[e["lms"]] for e in exports})
    said = f"Read as {' and '.join(lms)}'s bulk export: {len(exports)} student{'s' * (len(exports) != 1)}, a row each"
    several = [e["student"] for e in exports if e.get("attempts_left_out")]
    if several:
        said += (f"; {', '.join(several[:8])}{f' and {len(several) - 8} more' if len(several) > 8 else ''} "
                 f"submitted several attempts: the latest with a file was graded")
    ignored = sorted({n for e in exports for n in e.get("ignored", ())})
    if ignored:
        said += (f"; {some_names(ignored)} ignored: named by no student, and no submission by {'its' if len(ignored) == 1 else 'their'} "
                 f"kind")
    return said + " (each row's `export` says what was read)."

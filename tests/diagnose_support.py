"""What the diagnosis's tests share (tests/test_diagnose.py, its batch; tests/test_diagnose_parts.py): the
limits they grade with, the static hints of a source, and just enough of a submission for `Diagnoser.diagnose`."""

from grader.diagnose.hints import static_hints
from grader.sandbox import Limits

LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)


def _hints(source):
    return [(h["hint"], h["line"]) for h in static_hints({"engine.py": source.encode()})]


class _Submission:
    """Just enough of a Submission for `Diagnoser.diagnose` (no files: no hints, no line numbers)."""

    def __init__(self, sid, engine=None):
        self.id, self.rejected = sid, False
        self.files = {"engine.py": engine.encode()} if engine is not None else {}

    @staticmethod
    def place(file, line):
        return {"file": file, "line": line}

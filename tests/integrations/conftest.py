"""Real submissions for the integrations: a correct engine, the classic `=` instead of `+=`, and one that raises."""

import copy
import json
from pathlib import Path

import pytest

from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "submissions"
CORRECT = FIXTURES / "correct-closures" / "engine.py"
ASSIGN_BUG = FIXTURES / "bug-mul-assign" / "engine.py"   # `self.grad = ...` in __mul__'s backward
SAMPLE_SCORES = ROOT / "tests" / "report" / "sample_scores.json"
LIMITS = Limits(probe_seconds=1.5, import_seconds=5, submission_seconds=30)
LIMIT_ARGS = ["--probe-timeout", "1.5", "--import-timeout", "5", "--timeout", "30"]

# The tanh backward of the correct engine, and the same line with a typo that raises.
TANH_LINE = "self.grad += (1.0 - th * th) * res.grad"
TANH_TYPO = "self.grad += (1.0 - th * th) * res.gradd"


def raising_engine() -> tuple[str, int]:
    """The correct engine with an AttributeError in tanh's backward, and the (1-based) line that raises."""
    source = CORRECT.read_text(encoding="utf-8")
    assert source.count(TANH_LINE) == 1
    source = source.replace(TANH_LINE, TANH_TYPO)
    line = next(i for i, text in enumerate(source.splitlines(), start=1) if TANH_TYPO in text)
    return source, line


def import_error_engine() -> tuple[str, int]:
    """The correct engine with a NameError at import time on its last line, and that line's number."""
    source = CORRECT.read_text(encoding="utf-8").rstrip("\n") + "\n\nprint(undefined_name)\n"
    return source, len(source.splitlines())


@pytest.fixture
def sample_scores():
    """tests/report/sample_scores.json: 7 submissions; hidden and after-due-date tests; file/line on some tests."""
    return copy.deepcopy(json.loads(SAMPLE_SCORES.read_text(encoding="utf-8")))

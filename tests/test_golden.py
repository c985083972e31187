"""Output is byte-identical to the committed golden files: a refactoring changes no score, no
message and no report byte. See tests/golden/renderings.py (and how to regenerate when a change
of behaviour is intended)."""

import difflib
import json
import sys
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"
sys.path.insert(0, str(GOLDEN))

from renderings import digests, renderings  # noqa: E402


def test_every_rendering_of_the_fixture_batch_is_byte_identical_to_the_golden(tmp_path):
    files = renderings(tmp_path)
    want = (GOLDEN / "scores.json").read_text().splitlines()
    got = files["scores.json"].decode().splitlines()
    assert got == want, "scores.json differs from tests/golden/scores.json (regenerate only if intended: " \
        "python tests/golden/renderings.py):\n" + "\n".join(list(difflib.unified_diff(want, got, lineterm=""))[:60])
    expected = json.loads((GOLDEN / "digests.json").read_text())
    changed = sorted(name for name in set(expected) | set(files) if expected.get(name) != digests(files).get(name))
    assert changed == [], f"renderings differ from the golden digests: {changed}"

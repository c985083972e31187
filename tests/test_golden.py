"""Output is identical to the committed golden files: a refactoring changes no score, no message
(numbers to a few ulps: the last bits of libm differ between CPUs) and no report byte. See tests/golden/renderings.py (and how to regenerate when a change
of behaviour is intended)."""

import difflib
import json
import sys
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"
sys.path.insert(0, str(GOLDEN))

from renderings import EXAMPLES_GOLDEN, LANGUAGES, digests, example_feedback, renderings  # noqa: E402

from grader.torch_adapter import compare  # noqa: E402


def test_every_rendering_of_the_fixture_batch_is_byte_identical_to_the_golden(tmp_path):
    # The scores hold numbers that the reference and the fixtures compute with math.tanh, exp and log
    # (an expected gradient of 0.07065082485316443): on another CPU their last bits may differ, so the
    # fresh scores are compared with the golden ones to a few ulps (the rule for stored PyTorch results,
    # grader/torch_adapter.py), everything else exactly; the renderings are made from the golden scores,
    # so their bytes are a function of the renderers alone.
    files = renderings(tmp_path, render_from=GOLDEN / "scores.json")
    want_text = (GOLDEN / "scores.json").read_text()
    got_text = files["scores.json"].decode()
    beyond = [c.describe() for c in compare({"scores": json.loads(want_text)}, {"scores": json.loads(got_text)})
              if not c.within_tolerance]
    diff = "\n".join(list(difflib.unified_diff(want_text.splitlines(), got_text.splitlines(), lineterm=""))[:60])
    assert beyond == [], "scores.json differs from tests/golden/scores.json (regenerate only if intended: " \
        "python tests/golden/renderings.py):\n" + diff
    expected = json.loads((GOLDEN / "digests.json").read_text())
    changed = sorted(name for name in (set(expected) | set(files)) - {"scores.json"}
                     if expected.get(name) != digests(files).get(name))
    assert changed == [], f"renderings differ from the golden digests: {changed}"


def test_the_examples_feedback_in_english_russian_and_chinese_is_the_golden(tmp_path):
    # issue 32: the feedback pages of the class the README's quickstart grades, in the three languages, rendered
    # from their golden scores (tests/test_fleet.py checks that grading the examples still gives those scores)
    files = example_feedback(tmp_path, scores=EXAMPLES_GOLDEN / "scores.json")
    pages = {name: data for name, data in files.items() if name.endswith(".md")}
    assert sorted(pages) == sorted(f"{lang}/{id}.md" for lang in LANGUAGES
                                   for id in ("alice", "bob", "carol", "dave", "erin", "frank", "grace"))
    for name, data in pages.items():
        want = (EXAMPLES_GOLDEN / name).read_text(encoding="utf-8")
        diff = "\n".join(list(difflib.unified_diff(want.splitlines(), data.decode().splitlines(), lineterm=""))[:40])
        assert data.decode() == want, f"{name} differs from tests/golden/examples/{name} (regenerate only if " \
            f"intended: python tests/golden/renderings.py examples):\n{diff}"
    html = {name: data for name, data in files.items() if name.endswith(".html")}
    expected = json.loads((EXAMPLES_GOLDEN / "digests.json").read_text())
    assert sorted(n for n in set(expected) | set(html) if expected.get(n) != digests(html).get(n)) == []
    # the Russian and Chinese pages are in their language: bob's diagnosis, in the lessons' words
    assert "### Ваши градиенты совпадают с градиентами движка" in pages["ru/bob.md"].decode()
    assert "梯度" in pages["zh/bob.md"].decode()

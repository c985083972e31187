"""The sixth labelled class (bench/similarity/sixth.py, issue 27) builds: 60 working engines, labels of the held-out shape."""

import io
import json
import sys
import tokenize
from collections import Counter
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "similarity"
sys.path.insert(0, str(BENCH))

import fifth  # noqa: E402
import sixth  # noqa: E402


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("sixth") / "seed-2"
    return out, sixth.build(out, 2)


def test_sixth_class_has_the_held_out_shape(built):
    out, labels = built
    main = labels["main"]
    files = sorted((out / "main" / "submissions").glob("*.py"))
    assert len(files) == 60 and {p.stem for p in files} == set(main)
    assert json.loads((out / "labels.json").read_text(encoding="utf-8")) == labels
    assert (out / "main" / "starter" / "engine.py").read_text(encoding="utf-8") == sixth.starter_text("05-backward")
    independent = [s for s, lab in main.items() if lab["cluster"] is None and "hard_pair" not in lab]
    assert len(independent) == 20
    assert sum("fills" in main[s]["kind"] for s in independent) == 17
    assert sorted(Counter(lab["hard_pair"] for lab in main.values() if "hard_pair" in lab).values()) == [2, 2, 2]
    public = [lab["level"] for lab in main.values() if lab["cluster"] == "public"]
    assert sorted(public) == [1, 1, 2, 2, 3, 3]
    clusters = Counter(lab["cluster"] for lab in main.values() if lab["cluster"] not in (None, "public"))
    assert len(clusters) == 12 and sorted(clusters.values()) == [2] * 8 + [3] * 4
    for level in (1, 2, 3, 4):
        members = [lab for lab in main.values() if lab["cluster"] not in (None, "public") and lab["level"] == level]
        assert len({lab["cluster"] for lab in members}) == 3  # three sources a level
        assert sum(lab["kind"].startswith("copy of") for lab in members) == 4  # one of them copied twice
        assert len({lab["level"] for c in {m["cluster"] for m in members}
                    for lab in main.values() if lab["cluster"] == c}) == 1
    tricks = Counter(t for lab in main.values() for t in lab.get("tricks", []))
    assert tricks == {"formfeed": 2, "annotate": 2, "noops": 2, "packed": 1}
    assert [lab.get("tricks") for lab in main.values() if lab.get("opaque")] == [["packed"]]


def test_every_file_of_the_sixth_class_passes_the_gradient_check(built):
    out, labels = built
    for sid, lab in labels["main"].items():
        text = (out / "main" / "submissions" / f"{sid}.py").read_text(encoding="utf-8")
        fifth.check(text, sid)
        tricks = lab.get("tricks", [])
        if "packed" in tricks:
            assert "exec(" in text and "class Value" not in text
        if "formfeed" in tricks:
            comments = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)
                        if t.type == tokenize.COMMENT]
            assert sum("\f" in c for c in comments) == 1 and text.count("\f") == 1
        if "annotate" in tricks:
            assert ": float = " in text or ": object = " in text or ": list = " in text or ': "Value" = ' in text


def test_a_broken_engine_fails_the_check():
    text = sixth.fill(sixth.starter_text("05-backward"), "05-backward", sixth.people()["ivan_m"])
    fifth.check(text, "ivan_m")
    with pytest.raises(AssertionError):
        fifth.check(text.replace("self.grad += other.data * out.grad", "self.grad = other.data * out.grad"), "broken")

"""The seventh labelled class (bench/similarity/seventh.py, issue 27): real engines, 60 working files, consistent labels."""

import io
import json
import re
import sys
import tokenize
from collections import Counter
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "similarity"
sys.path.insert(0, str(BENCH))

import fifth  # noqa: E402
import seventh  # noqa: E402

pytestmark = pytest.mark.skipif(not seventh.available(),
                                reason=f"the real engines are kept outside the repository, in {seventh.REAL}")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("seventh") / "seed-1"
    return out, seventh.build(out, 1)


def test_every_real_engine_names_its_repository_commit_and_licence_and_passes_the_check():
    engines = seventh.real_engines()
    assert len(engines) == 10
    repos = set()
    for name, text in engines.items():
        fields = seventh.provenance(name)
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", fields["repository"]) and fields["path"].endswith(".py")
        assert re.fullmatch(r"[0-9a-f]{40}", fields["commit"])
        assert fields["licence"].startswith("MIT (Copyright")
        licence = (seventh.REAL / "LICENSES" / f"{name}.txt").read_text(encoding="utf-8")
        assert fields["repository"] in licence and "Permission is hereby granted" in licence
        assert "=== provenance ===" not in text  # the header is stripped from what students hand in
        fifth.check(text, name)
        repos.add(fields["repository"].split("/")[0])
    assert len(repos) == 10  # ten authors
    for name, text in seventh.real_engines(restructured=True).items():
        assert name in engines
        fifth.check(text, f"{name} restructured")


def test_seventh_class_has_the_held_out_shape(built):
    out, labels = built
    main = labels["main"]
    files = sorted((out / "main" / "submissions").glob("*.py"))
    assert len(files) == 60 and {p.stem for p in files} == set(main)
    assert json.loads((out / "labels.json").read_text(encoding="utf-8")) == labels
    independent = [lab for lab in main.values() if lab["cluster"] is None and "hard_pair" not in lab]
    assert len(independent) == 20
    assert sum("fills 05-backward" in lab["kind"] for lab in independent) == 15
    assert sum("origin" in lab for lab in independent) == 5
    assert sorted(Counter(lab["hard_pair"] for lab in main.values() if "hard_pair" in lab).values()) == [2, 2, 2]
    public = [lab for lab in main.values() if lab["cluster"] == "public"]
    assert sorted(lab["level"] for lab in public) == [1, 1, 2, 2, 3, 3]
    assert {lab["public_source"] for lab in public} == {"karpathy/micrograd"}
    clusters = Counter(lab["cluster"] for lab in main.values() if lab["cluster"] not in (None, "public"))
    assert len(clusters) == 12 and sorted(clusters.values()) == [2] * 8 + [3] * 4
    for level in (1, 2, 3, 4):
        members = [lab for lab in main.values() if lab["cluster"] not in (None, "public") and lab["level"] == level]
        assert len({lab["cluster"] for lab in members}) == 3
        assert sum(lab["kind"].startswith("copy of") for lab in members) == 4
        engines = {lab["cluster"] for lab in members if "origin" in lab and lab["kind"].startswith("a source")}
        assert len(engines) == (2 if level == 4 else 1)
    for cluster in clusters:  # a copy's label says what its source's says
        kinds = {lab["kind"].split(": ", 1)[-1].split(", level")[0].removeprefix("copy of ")
                 for lab in main.values() if lab["cluster"] == cluster}
        assert len(kinds) == 1, kinds
    tricks = Counter(t for lab in main.values() for t in lab.get("tricks", []))
    assert tricks == {"formfeed": 2, "annotate": 2, "noops": 2, "getattr": 2, "packed": 1}
    assert [lab.get("tricks") for lab in main.values() if lab.get("opaque")] == [["packed"]]
    assert all(lab["level"] != 4 for lab in main.values() if lab.get("tricks"))


def test_every_file_of_the_seventh_class_passes_the_gradient_check(built):
    out, labels = built
    for sid, lab in labels["main"].items():
        text = (out / "main" / "submissions" / f"{sid}.py").read_text(encoding="utf-8")
        fifth.check(text, sid)
        assert "=== provenance ===" not in text
        tricks = lab.get("tricks", [])
        if "packed" in tricks:
            assert "exec(" in text and "class " not in text
        if "formfeed" in tricks:
            comments = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)
                        if t.type == tokenize.COMMENT]
            assert sum("\f" in c for c in comments) == 1
        if "getattr" in tricks:
            assert "getattr(" in text and "'data')" in text


def test_the_class_is_the_same_for_the_same_seed(built, tmp_path):
    out, labels = built
    again = seventh.build(tmp_path / "again", 1)
    assert again == labels
    for sid in labels["main"]:
        assert (tmp_path / "again" / "main" / "submissions" / f"{sid}.py").read_bytes() == \
            (out / "main" / "submissions" / f"{sid}.py").read_bytes()


def test_each_copier_step_alone_keeps_every_engine_and_fill_correct_and_changes_some():
    import random

    import seventh_copier

    import sixth

    engines = {**seventh.real_engines(), **{f"{k} restructured": v for k, v in seventh.real_engines(True).items()}}
    for exercise in seventh.EXERCISES:  # and every student's fill of each starter
        starter = sixth.starter_text(exercise)
        engines.update({f"{n} fills {exercise}": sixth.fill(starter, exercise, p) for n, p in seventh.people().items()})
    steps = [(step.__name__, lambda text, rng, step=step: step(text, rng, "en")) for step in seventh_copier.RESTYLES]
    steps += [(f"trick {name}", trick) for name, trick in seventh_copier.TRICKS.items()]
    for name, step in steps:
        changed = 0
        for engine, text in engines.items():
            copy = step(text, random.Random(f"{name}:{engine}"))
            fifth.check(copy, f"{engine} after {name}")
            changed += copy != text
        assert changed >= 3, f"{name} changed only {changed} of {len(engines)} engines"

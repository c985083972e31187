"""A level-3 copy of a source whose own code is the class's common fill keeps nothing of it (session 43, sim43x).

Written fresh (not from any class's students) for what the blind class sim43b1 showed: a student fills 04-more-ops'
starter the way most of the class fills it and writes comments of their own on every rule; a copier drops the
comments, renames, reorders and writes an annotation on every assignment (or `()` after every statement). The
copy's reading is the source's exactly (the same fingerprints: the evasion is read away), and its code is what
independent students wrote alike, so it scores against its source as such an independent does: 0, by design (a
fragment held by more than COMMON students is common knowledge). A copy that keeps the comments is found. The class
is made and scored in the test: nothing is stored."""

import importlib.util
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.similarity import read_class, scored

_PATH = Path(__file__).parents[2] / "bench" / "similarity" / "l3_evasions.py"
_SPEC = importlib.util.spec_from_file_location("l3_evasions_for_common_fill", _PATH)  # a name of its own (xdist)
L3 = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(L3)

STARTER = Path(__file__).parents[2] / "exercises" / "04-more-ops" / "engine.py"

# the fill most of a class writes (the README's rules in the starter's own style), {note}: a comment line of the
# student's own on each rule
COMMON = {
    "__pow__": """{note}
        out = Value(self.data ** k, (self,), f"**{{k}}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out""",
    "exp": """{note}
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out""",
    "log": """{note}
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += (1 / self.data) * out.grad

        out._backward = _backward
        return out""",
    "__neg__": "{note}\n        return self * -1",
    "__sub__": "{note}\n        return self + (-other)",
    "__rsub__": "{note}\n        return other + (-self)",
    "__truediv__": "{note}\n        return self * other ** -1",
    "__rtruediv__": "{note}\n        return other * self ** -1",
}
WORDS = ("amber", "basalt", "cobalt", "dune", "ember", "fjord", "garnet", "heath", "indigo", "jasper", "kelp",
         "lichen", "marram", "nectar", "ochre", "pumice", "quartz", "russet", "sorrel", "tundra", "umber", "vetch")
# the source's own comments: what a copy that keeps them keeps of it
SOURCE_NOTES = {
    "__pow__": "# power rule, the exponent k is a plain number: only the base is a node that learns",
    "exp": "# the exponential is its own slope, so the output's value is reused as the local derivative",
    "log": "# natural logarithm: the slope is the reciprocal of the input, never of the output",
    "__neg__": "# negating is multiplying by minus one, whose backward already exists",
    "__sub__": "# subtracting is adding the negation of the right-hand side",
    "__rsub__": "# reflected subtraction, reached for a plain number minus a node",
    "__truediv__": "# dividing is multiplying by the inverse, a power of minus one",
    "__rtruediv__": "# reflected division, reached for a plain number over a node",
}


def fill(notes: dict[str, str]) -> str:
    return L3.filled({name: body.format(note=notes[name]) for name, body in COMMON.items()})


def independent(i: int) -> str:
    return fill({name: f"# {WORDS[i]} {WORDS[(i + 3 * k + 1) % len(WORDS)]} {name.strip('_')}"
                 for k, name in enumerate(COMMON)})


@slow_fixture(scope="module")  # 27 engines read and scored: seconds of CPU
def class_scores(tmp_path_factory):
    source = fill(SOURCE_NOTES)
    hand_ins = {**{f"independent-{i:02d}": independent(i) for i in range(len(WORDS))}, "source": source,
                "kept-comments": L3.STEPS["t-rename"](source),  # renamed as written: the comments kept
                "l3-annotated": L3.EVASIONS["annotated"](L3.STEPS["all"](source)),
                "l3-parens": L3.EVASIONS["parens"](L3.STEPS["all"](source)), "l3": L3.STEPS["all"](source)}
    folder = tmp_path_factory.mktemp("common-fill")
    for sid, text in hand_ins.items():
        (folder / sid).mkdir()
        (folder / sid / "engine.py").write_text(text, encoding="utf-8")
    reading = read_class(folder, starters=(STARTER,))
    _, _, pairs = scored(reading.documents, reading.sources)
    prints = {d.id: frozenset(d.prints) for d in reading.documents}
    return {frozenset((p.a, p.b)): p.score for p in pairs}, prints, hand_ins


def test_the_copies_are_what_they_say(class_scores):
    _, _, hand_ins = class_scores
    assert "power rule" not in hand_ins["l3-annotated"] and ": float = " in hand_ins["l3-annotated"]
    assert hand_ins["l3-parens"].count("()\n") > 40
    assert "power rule" in hand_ins["kept-comments"] and " out " not in hand_ins["kept-comments"]


def test_the_evasions_are_read_away_and_the_source_reads_as_an_independent(class_scores):
    _, prints, _ = class_scores
    assert prints["l3-annotated"] == prints["l3-parens"] == prints["l3"]  # as the plain level-3 copy
    assert prints["source"] == prints["independent-00"]  # its code is the common fill, read alike


@pytest.mark.parametrize("copy", ["l3", "l3-annotated", "l3-parens"])
def test_a_level_3_copy_of_the_common_fill_scores_as_an_independent_does(class_scores, copy):
    scores, _, _ = class_scores
    assert scores.get(frozenset(("source", copy)), 0.0) == 0.0
    assert scores.get(frozenset(("source", "independent-00")), 0.0) == 0.0


def test_a_copy_that_keeps_the_comments_is_found(class_scores):
    scores, _, _ = class_scores
    assert scores[frozenset(("source", "kept-comments"))] >= 0.5

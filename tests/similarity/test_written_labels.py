"""Session 38 (sim38a): three short strings or more (an op's label, `'a+b'`, `'tanh(x)'`, `f'x**{k}'`) that only two
students wrote, as written, are written items beside written evidence of the two's own (WRITTEN_ITEMS items or more:
session 39; a number only the two wrote, a name, a line as written or one comment beside them is not enough: review38,
sim39a) (labels.py: shared_labels, with_labels; LABEL_ITEMS, each weighing LABEL_SIZE at the rarity of two holders). A
short string weighs nothing as a string trait; a restructured copy (level 4) rewrites every line of its source and
keeps its labels (sim37b1's c12: seven labels and its tanh's clamp at 20, which a slide may give with its notation:
bench/similarity/sim39actl's n1 and n2). Labels alone are a notation two honest students may both take from the
course's slides (bench/similarity/sim38actl's m1 and m2); two labels, or labels a third student writes too, are none;
the starter's labels are never a student's."""

import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from grader.similarity import read_class, scored
from grader.similarity.cohort import Cohort, read_document
from grader.similarity.documents import starter_kgrams
from grader.similarity.labels import LABEL, LABEL_ITEMS, LABEL_SIZE, shared_labels, with_labels
from grader.similarity.scores import evidence, written_items, written_score
from grader.similarity.traits import traits


def test_a_short_string_is_a_label_as_written_a_name_none_a_longer_one_a_string_a_docstring_none():
    text = ('def f(x):\n    """Twice x."""\n    return x, "Tanh(x)", f"x**{x}", "log needs a positive input", "  ", "data",'
            ' "__add__"\n')
    found = sorted((kind, shown) for _, kind, shown, _ in traits(text).values() if kind in (LABEL, "string"))
    assert found == [(LABEL, "Tanh(x)"), (LABEL, "x**{x}"), ("string", "log needs a positive input")]


def _documents(*held):
    return [SimpleNamespace(labels=frozenset(labels)) for labels in held]


def test_three_labels_only_the_two_hold_are_three_items_two_are_none():
    documents = _documents({1, 2, 3, 4}, {1, 2, 3, 4}, {4, 5, 6}, {5, 6}, {7})
    # 0|1: 1, 2 and 3 held by the two alone (4 by three students: nobody's); 2|3: two labels, no item
    assert LABEL_ITEMS == 3 and shared_labels(documents, 0.5) == {(0, 1): (3, 3 * LABEL_SIZE * 0.5)}
    assert shared_labels(_documents({1, 2}, {1, 2}), 0.5) == {}


ENGINE = '''
import math


class {name}:
    def __init__(self, data, kids=(), {op}=""):
        self.data, self.grad, self.kids, self.{op} = data, 0.0, kids, {op}

    def __add__(self, other):
        return {name}(self.data + other.data, (self, other), {add})

    def __mul__(self, other):
        return {name}(self.data * other.data, (self, other), {mul})

    def tanh(self):
        return {name}(math.tanh({x}), (self,), {tanh})
'''
CLAMP = "max(-20, min(20, self.data))"  # a constant: the source's own choice, or a slide's (sim39actl)
GUARD = '\n        assert self.data == self.data, "tanh of a NaN is not a number"'


def test_labels_beside_a_string_only_the_two_wrote_are_items_beside_a_number_or_alone_none():
    labelled = {"add": "'a+b'", "mul": "'a*b'", "tanh": "'tanh(a)'"}
    slides = {"add": "'x+y'", "mul": "'x*y'", "tanh": "'tanh(x)'"}  # two honest students' notation, the course's
    guarded = ENGINE.replace("    def tanh(self):", "    def tanh(self):" + GUARD)
    texts = {"source": guarded.format(name="Value", op="how", x="self.data", **labelled),
             "copy": guarded.format(name="Node", op="label", x="self.data", **labelled),
             "clamp1": ENGINE.format(name="Scalar", op="kind", x=CLAMP, **slides),
             "clamp2": ENGINE.format(name="Var", op="tag", x=CLAMP, **slides),
             **{f"honest{n}": ENGINE.format(name=name, op="op", x="self.data", add="'+'", mul="'*'", tanh="'tanh'")
                for n, name in enumerate(("Value", "Scalar", "Var"))}}
    group = Cohort([read_document(sid, {"engine.py": text}) for sid, text in texts.items()])
    channels = {}
    group.pairs(channels=channels)
    copy, clamp = (tuple(sorted(group.position[s] for s in pair)) for pair in (("copy", "source"),
                                                                                ("clamp1", "clamp2")))
    labels = shared_labels(group.documents, group._held_by(2))
    # three labels held by the two alone in a class of seven (weighed as one of thirty: MIN_CLASS): 3 x 0.6370
    assert sorted(labels) == sorted([copy, clamp]) and labels[copy][0] == labels[clamp][0] == 3
    assert round(labels[copy][1], 4) == round(labels[clamp][1], 4) == 1.9111
    written = written_items(group.trait_postings, group.trait_weights, group.documents)
    items = with_labels(written, group)
    # the copy's labels stand beside its guard's message (a string only the two wrote, beside its line as written that
    # only the two wrote: two items, written evidence of their own); the clamp's 20 is no written item (a slide gives
    # its constant with its notation: sim39actl), so those labels stand alone (at session 38's main: three items)
    assert written[copy][0] == 2 and items[copy] == (2 + 3, written[copy][1] + labels[copy][1])
    assert clamp not in written and clamp not in items
    assert channels[copy]["written"] == written_score(*items[copy]) == evidence(items[copy][1], 5.0)
    assert round(channels[copy]["written"], 4) == 0.568
    assert not any("written" in found for pair, found in channels.items() if pair != copy)


def test_the_starters_labels_are_no_students():
    starter = ENGINE.format(name="Value", op="how", x="self.data", add="'a+b'", mul="'a*b'", tanh="'tanh(a)'")
    given = starter_kgrams({"engine.py": starter})
    documents = [read_document(sid, {"engine.py": starter + "\n\ndef relu(v):\n    return v, 'relu(a)'\n"}, given)
                 for sid in ("a", "b")]
    assert [len(d.labels) for d in documents] == [1, 1]


STRANGERS = ["bytearray-marks", "cps-continuations", "double-dispatch", "env-config", "eq-hash-by-data",
             "float-delegate-getattr", "hex-storage", "import-selftest", "int-normalised", "iterable-pair",
             "kwargs-defaults", "name-mangled", "ordereddict-order", "rc-refcell", "recip-primitive", "shuffled-walk",
             "tuple-subclass", "warns-per-op", "weakvalue-registry"]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CONTROLS = Path(__file__).resolve().parents[2] / "bench" / "similarity" / "sim38actl" / "honest"


@pytest.mark.slow  # a class of 24 engines read: 4 s of CPU
@pytest.mark.parametrize("second", [None, ("pull", "apply", "chain_back")])
def test_labels_beside_a_helper_name_only_the_two_wrote_are_no_copy(tmp_path, second):
    """review38: sim38actl's honest m1 and m2 (seven labels from the slides, nothing else alike) given one helper's
    name that nobody else of a class writes (`to_node`, as both have it now), or a second one too (m1's `pull` and
    m2's `apply` both `chain_back`), in a class of 22 correct engines of tests/fixtures: flagged at 0.4394 (0.4399)
    rank 1 when labels counted beside a name; a name is no written item beside labels, no pair."""
    for name in STRANGERS:
        shutil.copy(FIXTURES / "strangers38" / "engine" / f"correct-{name}" / "engine.py", tmp_path / f"{name}.py")
    for name in ("closures", "edgelist", "kahn"):
        shutil.copy(FIXTURES / "submissions" / f"correct-{name}" / "engine.py", tmp_path / f"{name}.py")
    for stem in ("m1", "m2"):
        text = (CONTROLS / f"{stem}.py").read_text(encoding="utf-8")
        if second:
            text = re.sub(rf"\b({second[0]}|{second[1]})\b", second[2], text)
        (tmp_path / f"{stem}.py").write_text(text, encoding="utf-8")
    reading = read_class(tmp_path, exercise="engine")
    assert len(reading.documents) == 24
    _, _, pairs = scored(reading.documents, reading.sources)
    assert [p.score for p in pairs if {p.a, p.b} == {"m1", "m2"}] == []


@pytest.mark.slow  # a class of 26 engines read: 5 s of CPU
def test_labels_beside_a_slides_constant_only_the_two_wrote_are_no_copy(tmp_path):
    """Session 39: sim39actl's honest n1|n2 (seven labels from the slides and tanh cut off past 30, the slide's) and
    o1|o2 (seven others and log's input floored at 1e-12), nothing else alike, in a class of 22 correct engines of
    tests/fixtures: flagged when labels counted beside a number only the two wrote (n1|n2 0.501 in sim35b1, o1|o2 #11
    in the eighteenth's top k); a number is no written item beside labels, no pair."""
    for name in STRANGERS:
        shutil.copy(FIXTURES / "strangers38" / "engine" / f"correct-{name}" / "engine.py", tmp_path / f"{name}.py")
    for name in ("closures", "edgelist", "kahn"):
        shutil.copy(FIXTURES / "submissions" / f"correct-{name}" / "engine.py", tmp_path / f"{name}.py")
    for stem in ("n1", "n2", "o1", "o2"):
        shutil.copy(CONTROLS.parent.parent / "sim39actl" / "honest" / f"{stem}.py", tmp_path / f"{stem}.py")
    reading = read_class(tmp_path, exercise="engine")
    assert len(reading.documents) == 26
    _, _, pairs = scored(reading.documents, reading.sources)
    assert [(p.a, p.b, p.score) for p in pairs if {p.a, p.b} in ({"n1", "n2"}, {"o1", "o2"})] == []

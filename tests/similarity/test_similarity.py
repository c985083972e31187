"""`grade similarity`: scores of a cohort, the record's schema, what is typical for each student, and what the
similarity tests share (the command: test_similarity_command.py; traits and shapes: test_similarity_traits.py)."""

import ast
import json
from pathlib import Path

import pytest

from grader.classroom import starters
from grader.similarity import PUBLIC_ARCHIVE, canonical_sources, compare, similarity
from grader.similarity.cohort import THRESHOLD, Cohort, clusters, read_document, starter_kgrams

from .public_known import read_once

FIXTURES = Path(__file__).parents[1] / "fixtures"
EXAMPLES = Path(__file__).parents[2] / "examples" / "submissions"
# Honest engines written independently, in different styles: the rest of the class.
CLASS = ["submissions/correct-closures", "submissions/correct-edgelist", "submissions/correct-kahn",
         "general/correct-dataclass-graphlib", "general/correct-dict-writeback", "general/correct-direct-subdiv",
         "general/correct-operator-edges", "general/correct-slots-identity", "general/correct-tanh-exp2x",
         "general/correct-karpathy-label", "general/correct-recursive-raised-limit"]


def engine(name: str) -> str:
    return (FIXTURES / name / "engine.py").read_text(encoding="utf-8")


class RenameAndReorder(ast.NodeTransformer):
    """A copier's disguise: every local name and helper renamed, the methods in reverse order."""

    NAMES = {"rhs": "operand", "res": "result", "backprop": "push", "parents": "inputs", "label": "tag",
             "_lift": "_make", "order": "sequence", "seen": "done", "node": "item", "x": "arg"}

    def visit_Name(self, node):
        node.id = self.NAMES.get(node.id, node.id)
        return node

    def visit_arg(self, node):
        node.arg = self.NAMES.get(node.arg, node.arg)
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        node.attr = self.NAMES.get(node.attr, node.attr)
        return node

    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        node.name = self.NAMES.get(node.name, node.name)
        return node

    def visit_ClassDef(self, node):
        self.generic_visit(node)
        node.body = node.body[:1] + node.body[1:][::-1]
        return node


def disguised(source: str) -> str:
    return ast.unparse(RenameAndReorder().visit(ast.parse(source)))


def scores_of(documents, sources=(), **kw) -> dict:
    record = compare(documents, list(sources), **kw)
    return {(p["a"], p["b"]): p["score"] for p in record["pairs"]}, record


# what `grade similarity` subtracts between two students besides the starter: the public engine and the
# course's reference solution (canonical code)
KNOWN = starter_kgrams({"micrograd.py": (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8"),
                        **canonical_sources()})

# A distinctive backward(): a three-colour depth-first walk, as one student might write it.
KAHN = """        colour = {}
        finished = []

        def paint(node):
            colour[id(node)] = "grey"
            for parent in node._prev:
                if colour.get(id(parent), "white") == "white":
                    paint(parent)
            colour[id(node)] = "black"
            finished.insert(0, node)

        paint(self)
        self.grad = 1
        for node in finished:
            node._backward()"""


def with_backward(starter: str, body: str) -> str:
    """The 05-backward starter with its one region filled in."""
    todo = ('        # TODO(05-backward): your code here\n'
            '        raise NotImplementedError("05-backward: write Value.backward")')
    assert todo in starter
    return starter.replace(todo, body)


def cohort_with(extra: dict[str, str], kgrams=frozenset(), known=KNOWN):
    """The class's engines and EXTRA's, each read once a test process (read_once) for every class that holds it."""
    docs = [read_once(name.split("/")[-1], engine(name), kgrams, known) for name in CLASS]
    return docs + [read_once(i, text, kgrams, known) for i, text in extra.items()]


def test_a_renamed_and_reordered_copy_scores_like_the_original():
    original = engine("submissions/correct-closures")
    copy = disguised(original)
    assert copy != original and "operand" in copy
    pairs, record = scores_of(cohort_with({"zz-copy": copy, "zz-verbatim": original}))
    # the verbatim copy also keeps the original's comments and names (traits), the renamed one its structure
    assert pairs[("correct-closures", "zz-verbatim")] >= pairs[("correct-closures", "zz-copy")] >= 0.99
    flagged = [(p["a"], p["b"]) for p in record["pairs"] if p["flagged"]]
    assert sorted(flagged) == [("correct-closures", "zz-copy"), ("correct-closures", "zz-verbatim"),
                               ("zz-copy", "zz-verbatim")]
    assert record["clusters"] == [["correct-closures", "zz-copy", "zz-verbatim"]]


def test_independent_engines_are_not_flagged():
    pairs, record = scores_of(cohort_with({}))
    assert not [p for p in record["pairs"] if p["flagged"]]
    assert max(pairs.values(), default=0) < THRESHOLD
    assert record["clusters"] == []


def test_a_starter_only_submission_scores_0_against_everyone():
    starter = starters.starter_files("05-backward")["engine.py"]
    solution = starters.solution_files("05-backward")["engine.py"]
    kgrams = starter_kgrams({"engine.py": starter})
    documents = cohort_with({"only-starter": starter, "solved": solution}, kgrams)
    cohort = Cohort(documents)
    starter_doc = next(d for d in cohort.documents if d.id == "only-starter")
    assert starter_doc.prints == {}
    assert all(p.score == 0 for p in cohort.pairs() if "only-starter" in (p.a, p.b))
    source = read_document("micrograd", {"engine.py": (PUBLIC_ARCHIVE / "engine.py").read_text()}, kgrams)
    assert "only-starter" not in dict(cohort.against(source))
    _, record = scores_of(documents, [source])
    assert not [p for p in record["pairs"] if "only-starter" in (p["a"], p["b"])]


def test_a_fragment_the_whole_class_shares_is_evidence_of_nothing():
    starter = starters.starter_files("01-mul-backward")["engine.py"]
    stub = 'raise NotImplementedError("01-mul-backward: write the _backward of Value.__mul__")'
    canonical = "self.grad += other.data * out.grad\n            other.grad += self.data * out.grad"
    kgrams = starter_kgrams({"engine.py": starter})
    honest = {f"student{i:02d}": starter.replace(stub, canonical) for i in range(12)}
    quirky = canonical + "\n            assert out.grad == out.grad, 'nan'\n            self.checked = True"
    copies = {"q1": starter.replace(stub, quirky), "q2": starter.replace(stub, quirky)}
    documents = [read_document(i, {"engine.py": t}, kgrams) for i, t in {**honest, **copies}.items()]
    pairs, record = scores_of(documents)
    assert [(p["a"], p["b"]) for p in record["pairs"] if p["flagged"]] == [("q1", "q2")]
    assert not [pair for pair in pairs if pair[0].startswith("student")]  # all below REPORT_FLOOR


def test_a_copy_of_the_public_engine_is_found_against_it():
    micrograd = (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")
    extra = micrograd + "\n    def tanh(self):\n        t = math.tanh(self.data)\n        out = Value(t, (self,), 'tanh')\n" \
                        "        def _backward():\n            self.grad += (1 - t * t) * out.grad\n" \
                        "        out._backward = _backward\n        return out\n"
    source = read_document("karpathy-micrograd/engine.py", {"engine.py": micrograd})
    documents = cohort_with({"copier": disguised(extra)})
    _, record = scores_of(documents, [source])
    top = record["public_matches"][0]
    assert (top["id"], top["source"], top["flagged"]) == ("copier", "karpathy-micrograd/engine.py", True)
    assert top["score"] >= 0.99
    # the fixture's add, mul, pow and relu are micrograd's, line for line: it is found too
    # and tanh-exp2x, whose add, mul and pow are too (just under the flag without the copier in the class)
    assert [m["id"] for m in record["public_matches"] if m["flagged"]] == [
        "copier", "correct-recursive-raised-limit", "correct-tanh-exp2x"]
    assert top["matches"] and all(m["a_file"] == "engine.py" for m in top["matches"])


def test_students_who_share_only_canonical_lines_are_not_a_pair():
    """Issue 27: own code that is a few canonical lines (the course's answer) scores nothing, however rare."""
    starter = starters.starter_files("05-backward")["engine.py"]
    canonical = starters.solution_files("05-backward")["engine.py"]
    kgrams = starter_kgrams({"engine.py": starter})
    documents = cohort_with({"pat": canonical, "sam": canonical, "kim": with_backward(starter, KAHN),
                             "lee": with_backward(starter, KAHN.replace("node", "n"))}, kgrams)
    pairs, record = scores_of(documents)
    assert ("pat", "sam") not in pairs  # identical, but all of it the reference's: below the floor
    # the same distinctive walk: 0.8667 (0.95 or more before session 28: one function written alike is one choice,
    # its part of the evidence at most units.UNIT_MOST, and two honest students may both write Kahn's walk)
    assert pairs[("kim", "lee")] >= 0.8


def test_two_copies_of_the_public_engine_match_it_not_each_other():
    micrograd = (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")
    tanh = ("\n    def tanh(self):\n        t = math.tanh(self.data)\n        out = Value(t, (self,), 'tanh')\n"
            "        def _backward():\n            self.grad += (1 - t * t) * out.grad\n"
            "        out._backward = _backward\n        return out\n")
    source = read_document("karpathy-micrograd/engine.py", {"engine.py": micrograd})
    documents = cohort_with({"ann": "import math\n" + micrograd + tanh, "ben": disguised("import math\n" + micrograd + tanh)})
    pairs, record = scores_of(documents, [source])
    assert {m["id"] for m in record["public_matches"] if m["flagged"]} >= {"ann", "ben"}
    assert ("ann", "ben") not in pairs  # the public code is not counted between them: under the floor
    cohort = Cohort(documents)
    pair = next(p for p in cohort.pairs(public={source.id: dict(cohort.against(source))}, threshold=THRESHOLD)
                if (p.a, p.b) == ("ann", "ben"))
    assert pair.score < 0.2 and pair.via == "karpathy-micrograd/engine.py"
    # the flag threshold an instructor chooses flags, and lists what it flags; it moves no score (session 34: at
    # `--threshold 0` every student sharing a fragment with micrograd was read as its copier, and every score moved)
    everything, low = scores_of(documents, [source], threshold=0.0)
    assert everything[("ann", "ben")] == pair.score and low["pairs_below_floor"] == 0
    assert {key: everything[key] for key in pairs} == pairs
    assert all(p["flagged"] for p in low["pairs"]) and len(low["pairs"]) == len(cohort.pairs())


def test_a_ring_of_public_copies_with_the_same_additions_is_not_a_ring_of_pairs():
    """Issue 27: six copies of micrograd with the same tanh, exp and log added, disguised, are six public matches."""
    micrograd = (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")
    added = """
    def tanh(self):
        x = self.data
        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
        out = Value(t, (self, ), 'tanh')
        def _backward():
            self.grad += (1 - t**2) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        x = self.data
        out = Value(math.exp(x), (self, ), 'exp')
        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad += (1 / self.data) * out.grad
        out._backward = _backward
        return out
"""
    copy = "import math\n" + micrograd.replace("\n    def backward(self):", added + "\n    def backward(self):", 1)
    copies = {f"pub{i}": (copy if i < 2 else disguised(copy)) for i in range(6)}
    source = read_document("karpathy-micrograd/engine.py", {"engine.py": micrograd})
    pairs, record = scores_of(cohort_with(copies), [source])
    assert {m["id"] for m in record["public_matches"] if m["flagged"]} >= set(copies)
    ring = {pair: score for pair, score in pairs.items() if pair[0] in copies and pair[1] in copies}
    assert ring == {}  # the tanh, exp and log they share besides micrograd: under the report's floor


def test_an_identical_rare_mistake_adds_evidence():
    documents = cohort_with({})
    signature = json.dumps([["mul/shared"], [["mul/shared", "failed", "a.grad: expected 6.0, got 3.0"]],
                            ["mul-assign"]])
    mistakes = {"correct-kahn": signature, "correct-edgelist": signature}
    plain, _ = scores_of(documents)
    with_mistake, record = scores_of(documents, mistakes=mistakes)
    pair = ("correct-edgelist", "correct-kahn")
    assert with_mistake[pair] > plain.get(pair, 0.0)
    entry = next(p for p in record["pairs"] if (p["a"], p["b"]) == pair)
    assert entry["mistake"] == {"shared_by": 2, "bonus": entry["mistake"]["bonus"], "tests": ["mul/shared"]}
    assert 0 < entry["mistake"]["bonus"] < THRESHOLD  # never a flag on its own


def test_clusters_are_connected_groups_of_flagged_pairs():
    pairs = [{"a": "ann", "b": "bob", "flagged": True}, {"a": "bob", "b": "cy", "flagged": True},
             {"a": "dee", "b": "eve", "flagged": True}, {"a": "cy", "b": "dee", "flagged": False}]
    assert clusters(pairs) == [["ann", "bob", "cy"], ["dee", "eve"]]


def test_the_record_has_the_fixed_schema_sorted_by_score():
    result = similarity(EXAMPLES)
    record = result.record
    assert {"pairs", "public_matches", "clusters"} <= set(record)
    for pair in record["pairs"]:
        assert {"a", "b", "score", "flagged", "matches"} <= set(pair) and pair["a"] < pair["b"]
        assert 0 <= pair["score"] <= 1 and pair["flagged"] == (pair["score"] >= record["threshold"])
        for match in pair["matches"]:
            assert {"a_lines", "b_lines", "weight"} <= set(match)
            assert match["a_lines"][0] <= match["a_lines"][1]
    assert [p["score"] for p in record["pairs"]] == sorted((p["score"] for p in record["pairs"]), reverse=True)
    for match in record["public_matches"]:
        assert {"id", "source", "score", "flagged"} <= set(match)
    # the sample class is one engine with a bug planted in each copy (examples/build.py): one cluster;
    # grace's copy does not parse, and is read around its syntax error
    # the quickstart's students all complete one starter, not subtracted here (no -e); erin's code is the
    # course's canonical answer but for one token, and canonical code is no evidence
    assert record["clusters"] == [["alice", "bob", "dave", "frank", "grace"]]
    assert [row["status"] for row in record["submissions"]] == ["compared"] * 7


# -- what is typical for each student ----------------------------------------------------------------


def test_a_students_typical_score_is_the_mean_of_their_5th_to_8th_highest():
    from grader.similarity.cohort import typical_scores

    # document 0 scores 0.9 with 1..4 (a ring of five), then 0.5, 0.4, 0.3 and 0.2 with 5..8, 0.1 with 9
    scores = {(0, j): s for j, s in zip(range(1, 10), (0.9, 0.9, 0.9, 0.9, 0.5, 0.4, 0.3, 0.2, 0.1))}
    typical = typical_scores(scores, 10)
    assert typical[0] == pytest.approx((0.5 + 0.4 + 0.3 + 0.2) / 4)
    assert typical[1] == 0.0  # one pair: its 5th to 8th are missing, and count as 0


def test_a_pair_that_rises_above_both_students_typical_scores_keeps_the_rise():
    from grader.similarity.cohort import above_typical

    assert above_typical(1.0, 0.6) == 1.0  # a verbatim copy stays 1 however typical its students are
    assert above_typical(0.8, 0.6) == pytest.approx(0.5)
    assert above_typical(0.5, 0.6) == 0.0  # no closer than they are to four other classmates
    assert above_typical(0.7, 1.0) == 0.0


# Another walk: an explicit stack that emits a node once its parents are done.
STACK_WALK = """        order, placed, todo = [], set(), [(self, False)]
        while todo:
            node, ready = todo.pop()
            if ready:
                order.append(node)
                continue
            if node in placed:
                continue
            placed.add(node)
            todo.append((node, True))
            todo.extend((parent, False) for parent in node._prev if parent not in placed)
        self.grad = 1
        for node in reversed(order):
            node._backward()"""


def test_students_as_close_to_each_other_as_to_everyone_score_less_than_a_copy_that_stands_out():
    """Issue 27: nine honest fillers of 05-backward who all chose one walk are not a ring of nine copies.

    Each of them is as close to eight classmates: that is what is typical for them. (A ring of five copiers
    is not told from this: TYPICAL_RANKS assumes rings of at most five.)
    """
    starter = starters.starter_files("05-backward")["engine.py"]
    kgrams = starter_kgrams({"engine.py": starter})
    documents = cohort_with({f"walk{i}": with_backward(starter, STACK_WALK) for i in range(9)}, kgrams)
    documents.append(read_document("zz-copy", {"engine.py": disguised(with_backward(starter, KAHN))}, kgrams, KNOWN))
    documents.append(read_document("zz-source", {"engine.py": with_backward(starter, KAHN)}, kgrams, KNOWN))
    cohort = Cohort(documents)
    pairs = {(p.a, p.b): p for p in cohort.pairs()}
    copy = pairs[("zz-copy", "zz-source")]
    walkers = [p for (a, b), p in pairs.items() if a.startswith("walk") and b.startswith("walk")]
    # the source and its copy resemble nobody else (0.8533: their own code is one function, the walk, whose part of
    # the evidence is at most units.UNIT_MOST since session 28; above 0.9 before)
    assert copy.typical == 0.0 and copy.score > 0.8
    assert walkers == []  # each walker is as close to eight others: no pair of them rises above that

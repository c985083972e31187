"""`grade similarity`: scores of a cohort, the record's schema, the command, the files' mode."""

import ast
import json
import os
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.classroom import starters
from grader.cli import main
from grader.similarity import PUBLIC_ARCHIVE, canonical_sources, compare, similarity
from grader.similarity.cohort import THRESHOLD, Cohort, clusters, read_document, starter_kgrams

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
    docs = [read_document(name.split("/")[-1], {"engine.py": engine(name)}, kgrams, known) for name in CLASS]
    return docs + [read_document(i, {"engine.py": text}, kgrams, known) for i, text in extra.items()]


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
    assert pairs[("kim", "lee")] >= 0.95  # the same distinctive walk


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


# -- the command -------------------------------------------------------------------------------


def test_grade_similarity_on_the_examples_writes_private_files(tmp_path):
    out, html = tmp_path / "similarity.json", tmp_path / "similarity.html"
    result = CliRunner().invoke(main, ["similarity", str(EXAMPLES), "-o", str(out), "--html", str(html)])
    assert result.exit_code == 0, result.output
    # the ring of five copies (alice, bob, dave, frank, grace) is one cluster of 8 flagged pairs: their shared own
    # code is 10.2 weighted tokens, 5.6 of them the lecture's lines (canonical variants, weak evidence between two
    # students: cohort.CANONICAL_EVIDENCE) and 4.6 an iterative backward erin, outside the ring, has too; of the
    # three pairs of the copies with their own planted bug and disguise, bob-grace shares its methods as the
    # structure reads them (0.56, flagged), bob-dave and dave-grace score 0.44-0.46, under the flag
    assert result.output.splitlines()[0] == (
        "Compared 7 submissions (0 could not be read) and 1 public source: 8 pairs flagged in 1 cluster, "
        "0 public matches flagged.")
    assert f"Written to {out}, {html} (mode 600: for the instructor only)." in result.output
    for path in (out, html):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["public"] == ["karpathy-micrograd/engine.py"] and record["starter"] == []


def test_grade_similarity_subtracts_an_exercise_starter_and_lists_unreadable_entries(tmp_path):
    folder = tmp_path / "subs"
    folder.mkdir()
    starter = starters.starter_files("05-backward")["engine.py"]
    for name in ("alice", "bob"):  # the same distinctive backward()
        (folder / f"{name}.py").write_text(with_backward(starter, KAHN), encoding="utf-8")
    for name in ("carol", "dave"):  # the course's own answer: canonical, no evidence of anything
        (folder / f"{name}.py").write_text(starters.solution_files("05-backward")["engine.py"], encoding="utf-8")
    (folder / "mallory.rar").write_bytes(b"Rar!")
    out = tmp_path / "s.json"
    result = CliRunner().invoke(main, ["similarity", str(folder), "-e", "05-backward", "--no-micrograd",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["starter"] == ["engine.py"] and record["public"] == []
    assert record["submissions"][-1]["status"] == "rejected"
    assert "mallory.rar is a .rar file" in record["submissions"][-1]["message"]
    assert [(p["a"], p["b"]) for p in record["pairs"]] == [("alice", "bob")]  # not carol and dave: canonical
    assert record["pairs"][0]["score"] >= 0.95


def test_grade_similarity_names_a_bad_exercise():
    result = CliRunner().invoke(main, ["similarity", str(EXAMPLES), "-e", "07-nope"])
    assert result.exit_code == 2
    assert "no exercise named '07-nope'; available: 01-mul-backward, 02-accumulate" in result.output


def test_the_shipped_public_source_carries_its_licence():
    licence = (PUBLIC_ARCHIVE / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License\n\nCopyright (c) 2020 Andrej Karpathy\n")
    assert "class Value:" in (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")


def test_mistake_signatures_come_from_the_failures_of_graded_rows(tmp_path):
    from grader.similarity import SimilarityError, mistake_signatures

    sample = Path(__file__).parents[1] / "report" / "sample_scores.json"
    signatures = mistake_signatures(sample)
    assert sorted(signatures) == ["bob", "carol", 'mallory<script>alert("pwn")</script>,x']  # failing and graded
    assert json.loads(signatures["bob"])[0] == ["mul/shared-node"]
    assert json.loads(signatures["bob"])[2] == ["mul-assign"]
    bad = tmp_path / "scores.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(SimilarityError, match="not a scores file written by `grade`"):
        mistake_signatures(bad)


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
    assert copy.typical == 0.0 and copy.score > 0.9  # the source and its copy resemble nobody else
    assert walkers == []  # each walker is as close to eight others: no pair of them rises above that


TANH_STUB = ('        # TODO(03-tanh): your code here\n'
             '        raise NotImplementedError("03-tanh: write Value.tanh")')
CANONICAL_TANH = ("        t = math.tanh(self.data)\n        out = Value(t, (self,), 'tanh')\n\n"
                  "        def _backward():\n            self.grad += (1 - t ** 2) * out.grad\n\n"
                  "        out._backward = _backward\n        return out")


def test_a_copy_of_canonical_code_is_told_by_the_traits_it_carries_over():
    """Issue 27: two fillers who write the reference's lines share nothing; a copy keeps its source's words."""
    starter, stub, body = starters.starter_files("03-tanh")["engine.py"], TANH_STUB, CANONICAL_TANH
    own = ("        # squash it like granny taught me on the farm\n" + body.replace(
        "return out", "# hand the squashed value back to whoever wanted it\n        return out"))
    kgrams = starter_kgrams({"engine.py": starter})
    fills = {"pat": "        # tanh\n" + body, "sam": "        # the hyperbolic tangent\n" + body,
             "ori": own, "zz-copy": own}
    documents = cohort_with({i: starter.replace(stub, b) for i, b in fills.items()}, kgrams)
    pairs, record = scores_of(documents)
    assert ("pat", "sam") not in pairs  # the same canonical lines, nothing of their own in common
    copy = next(p for p in record["pairs"] if (p["a"], p["b"]) == ("ori", "zz-copy"))
    assert copy["score"] >= THRESHOLD and copy is record["pairs"][0]
    assert [(t["kind"], t["text"]) for t in copy["traits"]] == [  # equal weights: in the order of their text
        ("comment", "hand the squashed value back to whoever wanted it"),
        ("comment", "squash it like granny taught me on the farm")]


def test_traits_are_what_the_student_wrote_and_short_ones_weigh_nothing():
    from grader.similarity.traits import traits

    found = sorted((kind, text, size) for size, kind, text, _ in traits(
        "# works\n# ----\x0c---- misc\nres = 3  # my implementation\n"
        "velocity_of_tanh = 'squashed beyond all recognition'  # why did I write this\n").values())
    assert found == [("comment", "why did i write this", 3), ("line", "res = 3  # my implementation", 1),
                     ("line", "velocity_of_tanh = ''  # why did I write this", 1),  # the string is its own trait
                     ("name", "velocity_of_tanh", 1.0), ("number", "3", 1.0),  # not `res`: too short
                     ("string", "squashed beyond all recognition", 2)]



def test_a_comment_weighs_its_words_in_any_alphabet():
    """A word of Cyrillic, Greek or accented Latin letters is one word, as an English one is (it was read letter by
    letter: a two-word Russian comment weighed as much as a twelve-word English one); Han and kana, written without
    spaces, count a word every two characters."""
    from grader.similarity.traits import traits

    found = sorted((text, size) for size, kind, text, _ in traits(
        "# вроде работает\n# градиент по цепному правилу\n# méthode très élégante ici\n"
        "# λ και μ είναι σταθερές\n# 输出对自身的梯度\n# chain rule: local slope times upstream\n").values())
    assert found == [("chain rule : local slope times upstream", 4),  # six words
                     ("m é thode tr è s é l é gante ici", 2),  # four
                     ("λ κ α ι μ ε ί ν α ι σ τ α θ ε ρ έ ς", 3),  # five
                     ("г р а д и е н т п о ц е п н о м у п р а в и л у", 2),  # four; `вроде работает`: two, none
                     ("输 出 对 自 身 的 梯 度", 2)]  # eight characters: four words

def test_the_starters_lines_renamed_are_no_traits_of_the_student():
    """A copier who renames the starter's names too gets no traits of their own from the starter's lines.

    (Only where the structure reads the line as the starter's: a one-line method, too short for a fingerprint,
    keeps its renamed `def` line and argument as traits.)
    """
    starter, stub = starters.starter_files("03-tanh")["engine.py"], TANH_STUB
    renamed = ast.unparse(RenameAndReorder().visit(ast.parse(starter.replace(stub, "        return self"))))
    renamed = renamed.replace("other", "rhs_operand_x").replace("_children", "kids_of_node")
    document = read_document("x", {"engine.py": renamed}, starter_kgrams({"engine.py": starter}))
    assert "kids_of_node" in renamed
    assert "kids_of_node" not in str(document.trait_text) and len(document.trait_text) <= 4


# a tanh in a student's own way: a temporary for out.grad, keywords to Value, the derivative through out.data
OWN_TANH = ("        y = math.tanh(self.data)\n        res = Value(y, _children=(self,), _op='tanh')\n\n"
            "        def _backward():\n            g = res.grad\n            slope = 1 - res.data ** 2\n"
            "            self.grad += g * slope\n\n        res._backward = _backward\n        return res")


def test_a_renamed_copy_of_a_method_the_normalisation_makes_canonical_keeps_its_shape():
    """A student's temporaries and keywords, which the structure reads past, survive renaming as the method's shape."""
    starter, stub, canonical = starters.starter_files("03-tanh")["engine.py"], TANH_STUB, CANONICAL_TANH
    own = OWN_TANH
    source = starter.replace(stub, own)
    renamed = source.replace("slope", "dtanh").replace("res", "node").replace(" y ", " th ").replace("(y,", "(th,")
    copy = ast.unparse(ast.parse(renamed.replace("g = node.grad", "g: float = node.grad")))
    kgrams = starter_kgrams({"engine.py": starter})
    fills = {"pat": starter.replace(stub, canonical), "sam": starter.replace(stub, canonical.replace("t ", "u ")),
             "ori": source, "zz-copy": copy}
    documents = cohort_with(fills, kgrams)
    pairs, record = scores_of(documents)
    assert ("pat", "sam") not in pairs
    copy = next(p for p in record["pairs"] if (p["a"], p["b"]) == ("ori", "zz-copy"))
    # one method of six statements, half of it shape: weak evidence on its own, but only these two have it
    assert copy["score"] >= 0.2 and [t["kind"] for t in copy["traits"]] == ["shape"]
    assert copy["traits"][0]["text"].startswith("return v ; self.grad = self.grad + v * v ; v = 1 - v.data ** 2")


def test_a_method_shape_three_students_wrote_is_still_weighed_as_code():
    """Issue 27: a ring of three who renamed one tanh share a shape no trait can count (held by three), as code."""
    starter, stub, canonical = starters.starter_files("03-tanh")["engine.py"], TANH_STUB, CANONICAL_TANH
    own = OWN_TANH
    source = starter.replace(stub, own)
    fills = {"pat": starter.replace(stub, canonical), "sam": starter.replace(stub, canonical.replace("t ", "u ")),
             "ori": source, "zz-copy": source.replace("slope", "dtanh").replace("res", "node"),
             "zz-other": source.replace("slope", "deriv").replace("res", "outv")}
    cohort = Cohort(cohort_with(fills, starter_kgrams({"engine.py": starter})))
    ids = [d.id for d in cohort.documents]
    ring = {(ids.index(a), ids.index(b)) for a, b in [("ori", "zz-copy"), ("ori", "zz-other"), ("zz-copy", "zz-other")]}
    assert all(cohort.trait_weights[h] == 0 for h in cohort.documents[ids.index("ori")].shapes)  # three hold it
    shared = cohort.shared_shapes()
    assert ring <= set(shared) and not any(ids.index(n) in pair for pair in shared for n in ("pat", "sam"))
    scores = {(p.a, p.b): p.score for p in cohort.pairs()}
    # 0.13 each from the structure (one line of their own is rare) and the traits; the shape, as code: 0.19
    assert ("pat", "sam") not in scores and [scores[(ids[i], ids[j])] for i, j in sorted(ring)] == [0.1936] * 3


def test_the_starters_method_rewritten_is_no_shape_of_the_student():
    """A copier who writes the starter's `__add__` another way (a keyword, `+=` kept) gives it no shape of theirs."""
    starter, stub = starters.starter_files("03-tanh")["engine.py"], TANH_STUB
    filled = starter.replace(stub, CANONICAL_TANH)
    rewritten = filled.replace('out = Value(self.data + other.data, (self, other), "+")',
                               'out = Value(self.data + other.data, _children=(self, other), _op="+")')
    assert rewritten != filled
    document = read_document("x", {"engine.py": rewritten}, starter_kgrams({"engine.py": starter}))
    assert [document.trait_text[h][1][:48] for h in document.shapes] == [  # the tanh's only
        "return v ; self.grad = self.grad + (1 - v ** 2) "]

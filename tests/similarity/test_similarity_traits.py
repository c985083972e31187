"""`grade similarity` (issue 27): the traits and the method shapes a copy carries over that students who write
the same canonical code do not share (the cohort's scores and what is typical: test_similarity.py)."""

import ast

from grader.classroom import starters
from grader.similarity.cohort import THRESHOLD, Cohort, read_document, starter_kgrams

from .test_similarity import RenameAndReorder, cohort_with, scores_of


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

    found = summed((kind, text, size) for size, kind, text, _ in traits(
        "# works\n# ----\x0c---- misc\nres = 3  # my implementation\n"
        "velocity_of_tanh = 'squashed beyond all recognition'  # why did I write this\n").values())
    assert found == [("comment", "why did i write this", 3), ("line", "res = 3  # my implementation", 1),
                     ("line", "velocity_of_tanh = ''  # why did I write this", 1),  # the string is its own trait
                     ("name", "velocity_of_tanh", 1.0), ("number", "3", 1.0),  # not `res`: too short
                     ("string", "squashed beyond all recognition", 2)]


def summed(found) -> list[tuple[str, str, float]]:
    """(kind, text, size) with the sizes of a comment's runs of words summed, sorted."""
    total: dict = {}
    for kind, text, size in found:
        total[(kind, text)] = total.get((kind, text), 0.0) + size
    return sorted((kind, text, round(size, 9)) for (kind, text), size in total.items())


def test_a_comment_reworded_keeps_its_runs_of_words_between_the_words_changed():
    """A comment is read as its runs of three words, its weight (its words less two, up to six) shared among them: a
    copier who rewords a comment word by word (`the` dropped, `backwards` -> `in reverse`) keeps the runs between;
    a comment of three words is one run."""
    from grader.similarity.traits import traits

    def runs(text):  # hash -> size of each run of words
        return {h: t[0] for h, t in traits(text).items() if t[1] == "comment"}

    source = runs("# walk the graph backwards applying the chain rule\n")  # eight words: six runs, 1 each
    copy = runs("# walk graph in reverse applying the chain rule -- important\n")  # nine: seven runs, 6 / 7 each
    assert sorted(source.values()) == [1.0] * 6 and len(copy) == 7 and round(sum(copy.values()), 9) == 6.0
    assert len(source.keys() & copy.keys()) == 2  # `applying the chain`, `the chain rule`
    assert list(runs("# chain rule here\n").values()) == [1.0] and runs("# chain rule\n") == {}


def test_a_string_written_as_a_statement_is_read_as_a_comment():
    """A docstring, or a string written as a statement of its own, is a comment as Python reads it: read as its runs
    of words, so that a comment moved into one keeps its runs (the eighth class's Zoe: her checks, typed as comments,
    are docstrings in her level-4 copy). A string that is a value (an assert's message, a label) stays one string."""
    from grader.similarity.traits import traits

    def kinds(text):  # hash -> kind of each comment, string
        return {h: t[1] for h, t in traits(text).items() if t[1] in ("comment", "string")}

    source = kinds("def f(x):\n    # checked: x=2, k=3 gives 12 here\n    return x\n")
    copy = kinds('def f(x):\n    """x=2, k=3 gives 12 here"""\n    return x\n')
    body = kinds('def f(x):\n    y = x\n    "checked x=2, k=3 gives 12"\n    return y\n')
    assert set(copy.values()) == {"comment"} and len(source.keys() & copy.keys()) == 5  # `x 2 k` .. `gives 12 here`
    assert set(body.values()) == {"comment"} and len(source.keys() & body.keys()) == 5
    message = kinds('def f(x):\n    assert x, "x=2, k=3 gives 12 here"\n    return x\n')
    assert list(message.values()) == ["string"] and not message.keys() & copy.keys()
    # after text that is not ASCII on its line (the tree counts its columns in bytes, the tokenizer in characters)
    after = kinds('def f(x):\n    y = "é日"; """x=2, k=3 gives 12 here"""\n    return y\n')
    assert set(after.values()) == {"comment"} and len(after.keys() & copy.keys()) == 5  # read as a string before


def test_a_comment_weighs_its_words_in_any_alphabet():
    """A word of Cyrillic, Greek or accented Latin letters is one word, as an English one is (it was read letter by
    letter: a two-word Russian comment weighed as much as a twelve-word English one); Han and kana, written without
    spaces, count a word every two characters."""
    from grader.similarity.traits import traits

    found = [(text, size) for _, text, size in summed((kind, text, size) for size, kind, text, _ in traits(
        "# вроде работает\n# градиент по цепному правилу\n# méthode très élégante ici\n"
        "# λ και μ είναι σταθερές\n# 输出对自身的梯度\n# chain rule: local slope times upstream\n").values())]
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

"""Session 19 (simhard2): what lifted the hard pairs of issue 27's bar, read as what it is.

- a smoke test under `if __name__ == "__main__":` (leaves built from constants, the exercise's ops called, the result
  printed) is what every student runs to try their engine: weak evidence between two students, as canonical code is
  (smoke_tests.py, cohort.Cohort.pairs); a copy keeps its source's engine besides it;
- an index loop over a literal length (`for i in range(4):` over a module's list of four) is the loop over that
  list's indices (plain_statements.py), which the network's canonical variants hold;
- a stock phrase (a comment of fewer than three words: `# 测试通过了`, five Han characters, 2.5 words) is no comment
  written alike when canonical code is all two students have in common (scores.shared_stock, Cohort.pairs)."""

import ast
import textwrap
from collections import defaultdict
from types import SimpleNamespace

from grader.similarity import canonical_sources
from grader.similarity.cohort import THRESHOLD, Cohort, read_document, starter_kgrams
from grader.similarity.plain_statements import statements_as_written
from grader.similarity.smoke_tests import smoke_test_lines
from grader.similarity.scores import shared_stock
from grader.similarity.traits import SHORT, traits
from grader.similarity.words import word_count

from .public_known import MICROGRAD, known
from .test_public_copies import LECTURE
from .test_similarity import CLASS, disguised, engine

SOURCE = read_document("karpathy-micrograd/engine.py", {"engine.py": MICROGRAD})


def test_a_smoke_test_is_a_main_block_that_only_builds_calls_and_prints():
    text = textwrap.dedent('''\
        class Value:
            pass


        if __name__ == "__main__":
            a = Value(2.0)
            b = Value(-3)
            c = (a * b + a).tanh()
            c.backward()
            assert abs(a.grad - 0.5) < 1e-6, a.grad
            print(a.grad, b.grad)
        ''')
    assert smoke_test_lines(ast.parse(text)) == frozenset(range(5, 12))
    turned = text.replace('__name__ == "__main__"', "'__main__' == __name__")
    assert smoke_test_lines(ast.parse(turned)) == frozenset(range(5, 12))
    # a loop, a helper, a comprehension or a branch is a program of one's own, not a smoke test
    for own in ("for _ in range(3):\n        c.backward()", "def f(x):\n        return x",
                "print([v.grad for v in (a, b)])", "if c.data > 0:\n        print(c)"):
        assert smoke_test_lines(ast.parse(text.replace("c.backward()", own))) == frozenset()
    assert smoke_test_lines(ast.parse(text.replace("__main__", "__mian__"))) == frozenset()


def test_an_index_loop_over_a_literal_length_is_the_loop_over_the_list_it_indexes():
    text = textwrap.dedent('''\
        XS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
        YS = [-1.0, 1.0, 1.0, -1.0]


        def loss(model):
            total = 0
            for i in range(4):
                total = total + (model(XS[i]) - YS[i]) ** 2
            return total
        ''')

    def read(source):
        tree = ast.parse(source)
        statements_as_written(tree, source)
        return next(line for line in ast.unparse(tree).splitlines() if "for i in" in line)

    assert read(text) == "    for i in range(len(XS)):"
    assert read(text.replace("range(4)", "range(0, 4)")) == "    for i in range(len(XS)):"
    # another length, a list changed, or one bound twice: the number as written
    assert read(text.replace("range(4)", "range(3)")) == "    for i in range(3):"
    assert read(text + "\nXS.append([2.0, 2.0])\n") == "    for i in range(len(YS)):"
    assert read(text + "\nXS.append([2.0, 2.0])\nYS[0] = 1.0\n") == "    for i in range(4):"
    assert read(text.replace("def loss(model):", "def loss(model, XS=XS):")) == "    for i in range(len(YS)):"


def test_a_stock_phrase_is_a_comment_or_string_of_fewer_than_three_words():
    """`# 测试通过了` (five Han characters: 2.5 words) weighs 0.5, where its English weighs nothing (traits.SHORT): a
    stock phrase, which scores.shared_stock counts apart; a comment of three words or more is not one."""
    texts = ["x = 1  # 测试通过了\n", "x = 1\n# 测试通过了\n", "x = 1  # 局部导数乘上游梯度\n", "x = 1\n# 局部导数乘上游梯度\n"]
    read = [traits(t) for t in texts]
    documents = [SimpleNamespace(traits={h: size for h, (size, _, _, _) in r.items()},
                                 trait_text={h: (kind, text) for h, (_, kind, text, _) in r.items()}) for r in read]
    postings = defaultdict(list)
    for index, d in enumerate(documents):
        for h in d.traits:
            postings[h].append(index)
    weights = {h: 1.0 for h in postings}
    assert word_count("测试通过了") == 2.5 and word_count("局部导数乘上游梯度") == 4.5
    assert shared_stock(postings, weights, documents, SHORT + 1) == {(0, 1): 0.5}


def _tanh_class(make) -> dict:
    """{(a, b): score} of MAKE(starter)'s texts ({id: text}, fills of 03-tanh whose starter is the reference's engine
    without its tanh) in a class of the test engines."""
    reference = next(text for name, text in canonical_sources().items() if name.endswith("/engine.py"))
    begin = reference.index("        # BEGIN SOLUTION 03-tanh")
    end = reference.index("        # END SOLUTION", begin) + len("        # END SOLUTION\n")
    starter = reference[:begin] + "        raise NotImplementedError\n" + reference[end:]
    given = starter_kgrams({"engine.py": starter})
    documents = [read_document(i, {"engine.py": text}, given, *known()) for i, text in make(starter).items()]
    cohort = Cohort(documents + [read_document(name.split("/")[-1], {"engine.py": engine(name)}, given,
                                               *known()) for name in CLASS])
    return {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: dict(cohort.against(SOURCE))},
                                                      threshold=THRESHOLD)}


REFERENCE_TANH = """        out = Value(math.tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad += (1 - out.data**2) * out.grad

        out._backward = _backward
        return out
"""
OWN_TANH = """        e = math.exp(-2.0 * self.data)
        out = Value((1.0 - e) / (1.0 + e), (self,), "tanh")
        out._backward = lambda: setattr(self, "grad", self.grad + (1.0 - out.data * out.data) * out.grad)
        return out
"""
SMOKE = """

if __name__ == "__main__":
    a = Value({a})
    b = Value(-2)
    c = (a * b + a).tanh()
    c.backward()
    print(a.grad, b.grad)
"""


def test_two_fillers_with_the_obvious_smoke_test_score_low_and_a_copy_keeps_its_source():
    """ann and bob fill 03-tanh with the reference's tanh (canonical code) and run the exercise's obvious smoke test,
    each with a constant of their own (fourth 4's hard pair): its code is the course's obvious code between them,
    as the canonical code is, and that is all they share (0.61, flagged, when it counted in full). A renamed copy of
    ann keeps her smoke test, constants and all, which counts in full; cy and dee, who wrote the same tanh of their
    own, are a pair by their engine whatever their smoke tests' constants, and a smoke test with the same constants
    is a smoke test copied whatever the engine (ann|cy)."""

    def make(starter):
        def filled(tanh, constant):
            return starter.replace("        raise NotImplementedError\n", tanh, 1) + SMOKE.format(a=constant)

        texts = {"ann": filled(REFERENCE_TANH, "0.5"), "bob": filled(REFERENCE_TANH, "-1.5"),
                 "cy": filled(OWN_TANH, "0.5"), "dee": filled(OWN_TANH, "-1.5")}
        return texts | {"ann_copy": disguised(texts["ann"])}

    scores = _tanh_class(make)
    assert scores[("ann", "bob")] == 0.0666  # 0.0667 before session 22 (relu's choice as `max`); 0.6081 (flagged) with the smoke test in full
    assert scores[("ann", "ann_copy")] == 0.8589  # 0.8807 before session 28 (units.UNIT_MOST)
    assert scores[("cy", "dee")] == 0.8845  # 0.9547 before session 28 (units.UNIT_MOST: their tanh, one function); 0.9557; 0.9539 before session 24's lines as written (named_lines)
    # 0.3663 before session 28 (units.UNIT_MOST; 0.3664 before session 22)
    assert scores[("ann", "cy")] == scores[("ann_copy", "cy")] == 0.348


def test_two_students_who_share_the_lectures_tanh_and_a_stock_phrase_score_low():
    """Two students who fill 03-tanh with the lecture's tanh, identical files but for blank lines, and who both end
    with `# 测试通过了` ("tests passed": five Han characters, 2.5 words, where its English weighs nothing), share the
    course's answer and a stock phrase (sixth 6's hard pair): canonical code all they have in common
    (CANONICAL_ONLY_MOST), their one line as written apart. A copy that keeps a comment of three words or more stays
    high."""
    lecture_tanh = LECTURE.split("    def exp")[0].split("def tanh(self):\n", 1)[1]  # the lecture's tanh, its body

    def make(starter):
        def filled(end, blank=""):
            return starter.replace("        raise NotImplementedError\n", blank + lecture_tanh, 1) + f"\n# {end}\n"

        return {"ann": filled("测试通过了"), "bob": filled("测试通过了", "\n"),
                "cy": filled("局部导数乘上游梯度，课上讲过"), "dee": filled("局部导数乘上游梯度，课上讲过", "\n")}

    scores = _tanh_class(make)
    assert scores[("ann", "bob")] == 0.1244  # 0.2839 when the stock phrase lifted the cap
    assert scores[("cy", "dee")] == 0.6709  # as before

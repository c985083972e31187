"""Issue 27 (session 25, sim25): a reflected op written as its op on the number made a node of the class (`__rsub__`
as `Value(other) - self`, `__rtruediv__` as `Value(other) / self`: the course's dual.py writes its `__rtruediv__`
so, `Dual(other) / self`) is the canonical code written another way (variants._Reflected): two honest fillers of
04-more-ops whose own code is that and the plainest answers are no pair (bench/similarity/sim25ctl's p6, 0.79-0.87
and in every top k before), and a copy of a filler who wrote an op of their own still is."""

from pathlib import Path

from grader.similarity import canonical_sources
from grader.similarity.cohort import THRESHOLD, Cohort, read_document, starter_kgrams
from grader.similarity.variants import canonical_variants

from .public_known import MICROGRAD, known
from .test_input_alias import OWN, REFERENCE_OPS, STARTER, filled
from .test_similarity import CLASS, engine

SOURCE = read_document("karpathy-micrograd/engine.py", {"engine.py": MICROGRAD})
# the reflected ops through the class, the upstream grad first (sim25ctl/honest/p6_a, p6_b)
REFLECTED = {**REFERENCE_OPS, "__rsub__": "return Value(other) - self", "__rtruediv__": "return Value(other) / self",
             "exp": "out = Value(math.exp(self.data), (self,), 'exp')\n\ndef _backward():\n"
                    "    self.grad += out.grad * out.data\n\nout._backward = _backward\nreturn out"}


def test_a_reflected_op_through_the_class_is_a_variant():
    sources = canonical_sources()
    engine_text = next(text for name, text in sources.items() if name.endswith("/engine.py"))
    written = "\n".join(canonical_variants({"engine.py": engine_text}).values())
    assert "return Value(other) - self" in written and "return Value(other) / self" in written
    assert "return Value(other) + self" in written and "return Value(other) * self" in written
    dual = next(text for name, text in sources.items() if name.endswith("/dual.py"))
    assert "return Dual(other) - self" in "\n".join(canonical_variants({"dual.py": dual}).values())


def test_two_fillers_of_the_reflected_ops_score_low_and_a_copy_of_ops_of_ones_own_does_not():
    given = starter_kgrams({"engine.py": STARTER})
    texts = {"ann": filled(REFLECTED, "# exercise 4, Ann\n"),
             "bob": filled(REFLECTED, "# -*- coding: utf-8 -*-\n# задание 4\n"),
             "cy": filled({**REFLECTED, **OWN}, "# ops homework (Cy)\n")}
    texts["dee"] = texts["cy"].replace("# ops homework (Cy)\n", "# my own work\n")
    documents = [read_document(i, {"engine.py": text}, given, *known()) for i, text in texts.items()]
    own = [h for h in documents[0].prints if h not in documents[0].explained]
    assert own and all(h in documents[0].variants for h in own)  # all of ann's own code: a variant's
    cohort = Cohort(documents + [read_document(name.split("/")[-1], {"engine.py": engine(name)}, given,
                                               *known()) for name in CLASS])
    scores = {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: dict(cohort.against(SOURCE))},
                                                        threshold=THRESHOLD)}
    # 0.0855, under the honest engines' 0.33; 0.6285 without the identity
    assert 0.07 < scores[("ann", "bob")] < 0.1 and scores[("ann", "bob")] < scores[("correct-karpathy-label",
                                                                                 "correct-tanh-exp2x")]
    assert scores[("cy", "dee")] >= 0.99  # 0.9913 (0.9939 without it)

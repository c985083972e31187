"""Issue 27 (session 21, bench/similarity/hardstress.py's more_ops): the reference's ops with the input's value named
and read in the closures too (`x = self.data`, `self.grad += out.grad / x`) are the canonical code written another
way (variants._InputAliasInClosure): two honest fillers of 04-more-ops who both wrote them so are not a pair, and a
copy of a filler who wrote an op of their own still is."""

from pathlib import Path

from grader.similarity import canonical_sources
from grader.similarity.cohort import THRESHOLD, Cohort, read_document, starter_kgrams
from grader.similarity.variants import canonical_variants

from .public_known import MICROGRAD, known
from .test_similarity import CLASS, engine

STARTER = (Path(__file__).resolve().parents[2] / "exercises" / "04-more-ops" / "engine.py").read_text(encoding="utf-8")
SOURCE = read_document("karpathy-micrograd/engine.py", {"engine.py": MICROGRAD})
TODO = "        # TODO(04-more-ops): your code here\n        raise NotImplementedError(\"04-more-ops: write Value.{}\")\n"
REFERENCE_OPS = {"__neg__": "return self * -1", "__sub__": "return self + (-other)", "__rsub__": "return other + (-self)",
                 "__truediv__": "return self * other**-1", "__rtruediv__": "return other * self**-1",
                 "exp": "out = Value(math.exp(self.data), (self,), 'exp')\n\ndef _backward():\n"
                        "    self.grad += out.data * out.grad\n\nout._backward = _backward\nreturn out"}
# pow and log with the input's value named, read in the closure (hardstress/more_ops/s2)
ALIASED = {"__pow__": "x = self.data\nout = Value(x ** k, (self,), f'**{k}')\n\ndef _backward():\n"
                      "    self.grad += k * x ** (k - 1) * out.grad\n\nout._backward = _backward\nreturn out",
           "log": "x = self.data\nout = Value(math.log(x), (self,), 'log')\n\ndef _backward():\n"
                  "    self.grad += out.grad / x\n\nout._backward = _backward\nreturn out"}
# pow and log of one's own: the derivatives through the output
OWN = {"__pow__": "out = Value(self.data ** k, (self,), f'**{k}')\n\ndef _backward():\n"
                  "    self.grad += k * out.data / self.data * out.grad\n\nout._backward = _backward\nreturn out",
       "log": "out = Value(math.log(self.data), (self,), 'log')\n\ndef _backward():\n"
              "    self.grad += math.exp(-out.data) * out.grad\n\nout._backward = _backward\nreturn out"}


def filled(ops: dict[str, str], header: str) -> str:
    text = header + STARTER
    for name, body in ops.items():
        text = text.replace(TODO.format(name), "".join(f"        {line}\n" if line else "\n" for line in body.split("\n")))
    return text


def test_the_input_named_in_the_closure_is_a_variant():
    reference = next(text for name, text in canonical_sources().items() if name.endswith("/engine.py"))
    written = "\n".join(canonical_variants({"engine.py": reference}).values())
    assert "self.grad += out.grad / x" in written and "self.grad += k * x ** (k - 1) * out.grad" in written
    assert "self.grad += x ** (-1) * out.grad" in written  # with the reciprocal as a power


def test_two_fillers_of_the_aliased_ops_score_low_and_a_copy_of_ops_of_ones_own_does_not():
    given = starter_kgrams({"engine.py": STARTER})
    texts = {"ann": filled({**REFERENCE_OPS, **ALIASED}, "# exercise 4, Ann\n"),
             "bob": filled({**REFERENCE_OPS, **ALIASED}, "# -*- coding: utf-8 -*-\n# задание 4\n"),
             "cy": filled({**REFERENCE_OPS, **OWN}, "# ops homework (Cy)\n")}
    texts["dee"] = texts["cy"].replace("# ops homework (Cy)\n", "# my own work\n")
    documents = [read_document(i, {"engine.py": text}, given, *known()) for i, text in texts.items()]
    own = {d.id: [h for h in d.prints if h not in d.explained] for d in documents}
    assert own["ann"] and all(h in documents[0].variants for h in own["ann"])  # all of their own code: a variant's
    cohort = Cohort(documents + [read_document(name.split("/")[-1], {"engine.py": engine(name)}, given,
                                               *known()) for name in CLASS])
    scores = {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: dict(cohort.against(SOURCE))},
                                                        threshold=THRESHOLD)}
    # 0.2175, under the honest engines' 0.33-0.45; 0.997, the class's top pair, without the identity (0.1819 since
    # session 28: each function's part of the shared code at most units.UNIT_MOST)
    assert 0.15 < scores[("ann", "bob")] < 0.2 and scores[("ann", "bob")] < scores[("correct-karpathy-label",
                                                                                 "correct-tanh-exp2x")]
    assert scores[("cy", "dee")] >= 0.99  # 0.9904, as without it

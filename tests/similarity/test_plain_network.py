"""The network's canonical code written the other plain ways (loop_variants.py): two students who fill 07-mlp-xor's
nn.py independently with the plainest loops share the lecture's answer written another way, weak evidence; a
disguised copy of one of them is still a copy."""

import ast
from pathlib import Path

import pytest

from grader.similarity import canonical_sources, similarity
from grader.similarity.cohort import Cohort
from grader.similarity.loop_forms import _LoopedOverNames, _Mean
from grader.similarity.variants import canonical_variants

HERE = Path(__file__).parent
REFERENCE_NN = next(text for name, text in canonical_sources().items() if name.endswith("/nn.py"))
FIT_LINE = next(text for name, text in canonical_sources().items() if name.endswith("/fit_line.py"))


def test_the_network_variants_follow_from_the_reference():
    written = "\n".join(canonical_variants({"nn.py": REFERENCE_NN}).values())
    # Neuron.__call__: an index for the zip, over either length; the sum with its start; the choice as statements
    assert "for i in range(len(self.w)):\n            act = act + self.w[i] * x[i]" in written
    assert "for i in range(len(x)):\n            act = act + self.w[i] * x[i]" in written
    assert "act = sum((w_i * x_i for w_i, x_i in zip(self.w, x)), self.b)" in written
    assert "act = sum((w_i * x_i for w_i, x_i in zip(self.w, x))) + self.b" in written
    assert "if self.nonlin:\n            act = act.tanh()\n        return act" in written
    assert "if self.nonlin:\n            return act.tanh()\n        return act" in written
    # the parameters: a loop that appends, extends or adds; a list and one more
    assert "out = []\n        for n in self.neurons:\n            out.extend(n.parameters())\n        return out" \
        in written
    assert "for n in self.neurons:\n            out += n.parameters()" in written
    assert "for n in self.neurons:\n            for p in n.parameters():\n                out.append(p)" in written
    assert "return [*self.w, self.b]" in written
    assert "out = list(self.w)\n        out.append(self.b)\n        return out" in written
    # the lists built by loops, into an attribute too
    assert "self.neurons = []\n        for _ in range(nout):\n            self.neurons.append(Neuron(nin, **kwargs))" \
        in written
    # train_xor: the loss summed by a loop, over an index; the lecture's predictions first; the lecture's step
    assert "loss = 0\n        for i in range(len(XOR_INPUTS)):\n" \
           "            loss = loss + (model(XOR_INPUTS[i]) - XOR_TARGETS[i]) ** 2" in written
    assert "preds = [model(x) for x in XOR_INPUTS]\n" \
           "        loss = sum(((pred - y) ** 2 for y, pred in zip(XOR_TARGETS, preds)))" in written
    assert "loss = 0\n        for x, y in zip(XOR_INPUTS, XOR_TARGETS):" in written
    assert "p.data += -lr * p.grad" in written
    # zero_grad inlined
    assert "for p in model.parameters():\n            p.grad = 0\n        loss.backward()" in written
    # `0` as `0.0` is no variant: the lecture's `self.grad = 0.0` is a choice of the examples' ring (session 12)
    assert "p.grad = 0.0" not in written and "random.Random(0.0)" not in written
    # the reference checks its inputs; a student need not
    assert "act = self.b\n        for w_i, x_i in zip(self.w, x):" in written.replace(
        "    assert len(x) == len(self.w), f'this neuron takes {len(self.w)} inputs, got {len(x)}'\n    ", "")
    assert canonical_variants({"a.py": "def f(a):\n    return a - 1\n"}) == {}  # nothing to rewrite: no variant


def test_the_same_assignment_to_several_names_is_one_loop_over_them():
    # session 15: the course's loop over the parameters written for the ones at hand (11-fit-line's w and b)
    written = "\n".join(canonical_variants({"fit_line.py": FIT_LINE}).values())
    assert "for p in (w, b):\n            p.grad = 0\n        loss.backward()" in written
    assert "for p in (w, b):\n            p.data -= learning_rate * p.grad" in written
    assert "for p in (w, b):\n            p.data += -learning_rate * p.grad" in written  # with the lecture's step
    loops = _LoopedOverNames()
    tree = ast.parse("def f(a, b, c, out):\n    a.g += out.g\n    b.g += out.g\n    c.g = a.g\n    c.h = 0\n"
                     "    a.g = a.d * b.d\n    b.g = b.d * a.d\n    p.g = 0\n    q.g = 0\n")
    # a run of two (the third assigns another value), not c.h (no partner), not a and b that read each other alike
    # (their statements differ but for the name), not a run that reads a `p` of its own
    assert ast.unparse(loops.visit(tree)) == ("def f(a, b, c, out):\n    for p in (a, b):\n        p.g += out.g\n"
                                              "    c.g = a.g\n    c.h = 0\n    a.g = a.d * b.d\n    b.g = b.d * a.d\n"
                                              "    p.g = 0\n    q.g = 0")
    assert loops.changes == 1


def test_a_list_built_only_for_its_mean_is_the_mean_of_its_generator_or_its_loop():
    # session 15: 11-fit-line's mse, the reference's list of squared errors and their mean
    written = "\n".join(canonical_variants({"fit_line.py": FIT_LINE}).values())
    assert "return sum(((w * x + b - y) ** 2 for x, y in zip(XS, YS))) / len(XS)" in written
    assert "total = 0\n    for x, y in zip(XS, YS):\n        total = total + (w * x + b - y) ** 2\n" \
           "    return total / len(XS)" in written
    assert "total = 0\n    for i in range(len(XS)):\n        total = total + (w * XS[i] + b - YS[i]) ** 2\n" \
           "    return total / len(XS)" in written
    mean = _Mean()
    tree = ast.parse("def f(xs):\n    t = [x * x for x in xs]\n    return sum(t) / len(t)\n"
                     "def g(xs):\n    t = [x * x for x in xs if x]\n    return sum(t) / len(t)\n"
                     "def h(xs):\n    t = [x * x for x in xs]\n    return sum(t) / len(xs)\n")
    # only a list of one `for` without a test, and only its own sum over its own length
    rewritten = ast.unparse(mean.visit(tree))
    assert rewritten.split("def g")[0] == "def f(xs):\n    return sum((x * x for x in xs)) / len(xs)\n\n"
    assert mean.changes == 1


def test_no_variant_text_is_too_long_to_have_shapes():
    from grader.similarity.traits import MAX_SHAPES_CHARS

    texts = canonical_variants(canonical_sources())
    assert max(len(text) for text in texts.values()) <= MAX_SHAPES_CHARS


@pytest.fixture(scope="module")
def plain_class(tmp_path_factory):
    folder = tmp_path_factory.mktemp("plain")
    for path in sorted((HERE / "plain_network").glob("*.py")) + sorted((HERE / "network").glob("*.py")):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    result = similarity(folder, exercise="07-mlp-xor")
    cohort = Cohort(list(result.documents.values()))
    against = {s.id: dict(cohort.against(s)) for s in result.sources.values()}
    return result, {(p.a, p.b): p.score for p in cohort.pairs(None, against, 0.5)}


def test_the_plain_fills_are_canonical_variants_nearly_all(plain_class):
    result, _ = plain_class
    cohort = Cohort(list(result.documents.values()))
    for student in ("noor", "theo"):
        document = result.documents[student]
        own = {h: cohort.weight(h) * document.tokens[h] for h in document.prints if h not in document.explained}
        assert sum(w for h, w in own.items() if h in document.variants) > 0.65 * sum(own.values())


def test_two_plain_fills_score_low_and_a_disguised_copy_of_one_high(plain_class):
    # session 13's reading (the reference's text alone canonical): noor|noor_copy 0.9992, noor|ruth 0.3608,
    # noor|theo 0.2909, ruth|theo 0.2889; the plain forms are canonical variants now, weak evidence, and the copy
    # keeps what it shares in full in the cosine
    _, scores = plain_class
    # (session 15: with the lecture's code canonical, grader/data/canonical/lecture/, noor|noor_copy 0.996 -> 0.9951,
    # noor|ruth 0.3325 -> 0.341, noor|theo 0.2589 -> 0.2311, ruth|theo 0.2104 -> 0.2066)
    # (session 16: the canonical code's evidence at most cohort.CANONICAL_MOST, 5 weighted tokens: noor|noor_copy
    # 0.9951 -> 0.9337, noor|ruth 0.341 -> 0.2203, noor|theo 0.2311 -> 0.1432, ruth|theo 0.2066 -> 0.1685)
    # (session 20: the variants' lines as written weak in the share of their shared code that is canonical, not only
    # when all of it is, cohort.canonical_share: noor|noor_copy 0.9337 -> 0.9318, the honest pairs unchanged)
    # (session 44: a trait held by a ring of one file and one other weighs as three holders, rings.ring_and_one:
    # noor|noor_copy 0.9101 -> 0.9148; the honest pairs by less than 0.001, noor|ruth 0.2153 -> 0.2159, noor|theo
    # 0.0284 -> 0.0285, ruth|theo 0.0496 -> 0.0493: ruth and theo hold two of the ring's lines, the fill's)
    assert scores[("noor", "noor_copy")] == 0.9148  # 0.9318 before session 28 (units.UNIT_MOST)
    honest = {pair: score for pair, score in scores.items() if "noor_copy" not in pair}
    # (session 19: a list comprehension a builtin walks once read as its generator, chains of `+` and `*` in any
    # grouping: noor|ruth 0.2203 -> 0.2153, noor|theo 0.0294 -> 0.0284, ruth|theo 0.1042 -> 0.1037)
    assert max(honest, key=honest.get) == ("noor", "ruth") and honest[("noor", "ruth")] == 0.2159
    # ruth|theo 0.2153 before session 15's `_Mean` and `_MeanSummed` (loop_forms.py) joined the canonical variants;
    # (session 18: the starters also read as a copier restyles given code, restyles.starter_restyled: noor|theo
    # 0.1432 -> 0.1421, ruth|theo 0.1685 -> 0.1679)
    # (session 18: canonical code all they have in common, at most cohort.CANONICAL_ONLY_MOST, 1.5 weighted tokens:
    # noor|theo 0.1421 -> 0.0294, ruth|theo 0.1679 -> 0.1042: all they share is canonical; noor|ruth and the
    # disguised copy share code that is not, and keep theirs)
    # (session 19, simerr: Python's equivalences in the tokens, noor|theo 0.0294 -> 0.0284, ruth|theo 0.1042 -> 0.1037;
    # simhard2: and the lines as written and method shapes of that code at most CANONICAL_ONLY_MOST too: ruth|theo
    # 0.1037 -> 0.0496)
    assert (scores[("noor", "theo")], scores[("ruth", "theo")]) == (0.0285, 0.0493)

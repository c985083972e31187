"""Issue 27: copies of a public source are attributed to it, not to each other, when what they add to it is the
course's canonical code written another way (grader/similarity/variants.py), and a name imported from a module
reads as the module's attribute."""

from pathlib import Path

from grader.similarity import canonical_sources
from grader.similarity.cohort import (REPORT_FLOOR, THRESHOLD, Cohort, Document, read_document, read_public,
                                      starter_kgrams)
from grader.similarity.normalise import units_of
from grader.similarity.variants import canonical_variants

from .public_known import MICROGRAD, known, read_once
from .test_similarity import CLASS, disguised, engine

SOURCE = read_document("karpathy-micrograd/engine.py", {"engine.py": MICROGRAD})


def read_engine(sid: str, text: str, given: frozenset[int] = frozenset()) -> Document:
    """SID's engine.py read as a class's submission (micrograd's and the canonical variants' k-grams known, GIVEN
    subtracted), once a test process (read_once): the class's engines are in most of this module's classes and
    test_public_popular's."""
    return read_once(sid, text, given, *known())

# tanh, exp and log as three public copiers add them (the course's derivatives, each spelt another way)
ALIASED = """
    def tanh(self):
        out = Value(_tanh(self.data), (self,), 'tanh')
        def _backward():
            self.grad += (1 - out.data**2) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(_exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(_log(self.data), (self,), 'log')
        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out
"""
LECTURE = """
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
            self.grad += self.data**-1 * out.grad
        out._backward = _backward
        return out
"""
# the same, with what no canonical code holds: an assert's message, tanh composed from exp
OWN = LECTURE.replace("        out = Value(math.log(", "        assert self.data > 0, 'log of a non-positive number'\n"
                      "        out = Value(math.log(", 1) + """
    def sigmoid(self):
        e = (-self).exp()
        return (e + 1) ** -1
"""


def with_ops(added: str, header: str = "import math\n") -> str:
    return header + MICROGRAD.replace("\n    def backward(self):", added + "\n    def backward(self):", 1)


def pairs_of(extra: dict[str, str]) -> dict[tuple[str, str], float]:
    documents = [read_engine(name.split("/")[-1], engine(name)) for name in CLASS]
    documents += [read_engine(i, text) for i, text in extra.items()]
    cohort = Cohort(documents)
    public = dict(cohort.against(SOURCE))
    assert all(public[i] >= THRESHOLD for i in extra)  # each is a public match
    return {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: public}, threshold=THRESHOLD)}


def test_a_name_imported_from_a_module_reads_as_the_modules_attribute():
    imported = "from math import tanh as _t, exp\nfrom engine import Value\nx = Value(_t(y) + exp(y))\n"
    plain = "import math\nfrom engine import Value\nx = Value(math.tanh(y) + math.exp(y))\n"
    assert [u.tokens for u in units_of(imported, "a.py")] == [u.tokens for u in units_of(plain, "b.py")]
    assert "Value" in units_of(imported, "a.py")[0].tokens  # the engine's own names are its API, kept


def test_the_canonical_variants_follow_from_the_reference():
    reference = next(text for name, text in canonical_sources().items() if name.endswith("/engine.py"))
    written = "\n".join(canonical_variants({"engine.py": reference}).values())
    assert "self.grad += (1 - out.data ** 2) * out.grad" in written  # the node's value read at backward time
    assert "t = (math.exp(2 * self.data) - 1) / (math.exp(2 * self.data) + 1)" in written  # tanh through exp
    assert "self.grad += out.grad / self.data" in written and "self.data ** (-1) * out.grad" in written
    assert "x = self.data" in written  # the input's value named
    # the reference's `__neg__` (`self * -1`) and `__radd__`/`__rmul__` (operands either way round): the plain lines
    assert "return -1 * self" in written and "return self + -1 * other" in written  # `-e` is `e * -1`, swapped
    assert "return -1 * self + other" in written and "return self ** (-1) * other" in written
    assert canonical_variants({"a.py": "def f(a):\n    return a - 1\n"}) == {}  # nothing to rewrite: no variant
    assert canonical_variants({"a.py": "def f(a):\n    return a + 1\n"}) == {"a.py <commuted .f>": "def f(a):\n    return 1 + a"}


def test_public_copies_are_a_pair_only_for_what_they_added_of_their_own():
    """Six copies of micrograd (three verbatim, three disguised) with tanh, exp and log added three ways: the
    lecture's, micrograd's style with the imports aliased, and the lecture's with an assert message and a sigmoid
    of their own. Only the last two share more than the public source and the course's canonical code explain,
    and that is a few lines of files that are micrograd's: measured against all of their code (Cohort.pairs), they
    are the highest pair of the six, under the report's floor (0.035; 0.101 while the ops they added as the
    course's canonical code counted as their own in Cohort._besides_public's share)."""
    aliased = with_ops(ALIASED, "from math import exp as _exp, log as _log, tanh as _tanh\n")
    copies = {"ann": aliased, "ben": disguised(aliased), "cat": with_ops(LECTURE), "dan": disguised(with_ops(LECTURE)),
              "eve": with_ops(OWN), "fay": disguised(with_ops(OWN))}
    among = {pair: score for pair, score in pairs_of(copies).items() if pair[0] in copies and pair[1] in copies}
    assert max(among, key=among.get) == ("eve", "fay") and 0.03 < among[("eve", "fay")] < 0.04
    assert all(score < 0.02 for pair, score in among.items() if pair != ("eve", "fay"))


def test_the_canonical_variants_are_not_subtracted_between_two_who_do_not_both_copy_a_public_source():
    """A student whose tanh reads `out.data` where the reference reads `t` wrote that much of their own: a copy
    of them keeps it (variants.py is the homework's answer only between two copies of one public source)."""
    tanh = ALIASED.split("    def exp")[0].replace("_tanh(", "math.tanh(")
    student = "import math\n" + engine("submissions/correct-closures").replace("\n    def backward(self):",
                                                                             tanh + "\n    def backward(self):", 1)
    documents = [read_engine(i, text) for i, text in {"kim": student, "lee": disguised(student)}.items()]
    assert documents[0].variants and documents[1].variants  # its tanh is a canonical variant
    cohort = Cohort(documents + [read_engine(name.split("/")[-1], engine(name))
                                 for name in CLASS if not name.endswith("correct-closures")])
    pair = next(p for p in cohort.pairs(public={SOURCE.id: dict(cohort.against(SOURCE))}, threshold=THRESHOLD)
                if (p.a, p.b) == ("kim", "lee"))
    assert pair.via is None and pair.score >= 0.99


def test_a_public_copy_and_a_classmate_who_wrote_the_same_canonical_ops_are_no_pair():
    """A copier of micrograd who added the lecture's tanh, exp and log, and a classmate who wrote their own engine
    with the same three ops: the ops are the homework's answer written as the canonical code is written another way
    (variants.py), not evidence between them; the copier is a public match, the classmate's own code is theirs."""
    classmate = "import math\n" + engine("submissions/correct-closures").replace(
        "\n    def backward(self):", LECTURE + "\n    def backward(self):", 1)
    copier = with_ops(LECTURE)
    documents = [read_engine(i, text) for i, text in {"kim": classmate, "lee": copier}.items()]
    assert documents[0].variants and documents[1].variants  # the ops they both added are canonical variants
    cohort = Cohort(documents + [read_engine(name.split("/")[-1], engine(name))
                                 for name in CLASS if not name.endswith("correct-closures")])
    public = dict(cohort.against(SOURCE))
    assert public["lee"] >= THRESHOLD > public["kim"]
    scores = {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: public}, threshold=THRESHOLD)}
    assert scores.get(("kim", "lee"), 0.0) < REPORT_FLOOR
    # a copy of the classmate still keeps the ops: neither of the two is a public copy
    cohort = Cohort(documents[:1] + [read_engine("may", disguised(classmate))] + documents[2:])
    pair = next(p for p in cohort.pairs(public={SOURCE.id: dict(cohort.against(SOURCE))}, threshold=THRESHOLD)
                if (p.a, p.b) == ("kim", "may"))
    assert pair.score >= 0.9


# the ops of 04-more-ops as the reference writes them, and as the shortest form writes them (no public source)
REFERENCE_OPS = {"self * -1": "-1 * self", "self + (-other)": "self + -1 * other", "other + (-self)": "-1 * self + other",
                 "self * other**-1": "self * other ** -1", "other * self**-1": "self ** -1 * other"}


def test_two_students_whose_own_code_is_the_plain_lines_score_low_and_a_copy_does_not():
    """Two independent students fill the starter's five one-line ops with the shortest lines (the reference's,
    operands swapped: canonical variants), each with a comment of their own: what they share is the canonical
    code, weak evidence (cohort.CANONICAL_EVIDENCE), and they score under the flag; a copy that keeps one's own
    line beside them is flagged."""
    reference = next(text for name, text in canonical_sources().items() if name.endswith("/engine.py"))
    starter = reference
    for given in REFERENCE_OPS:
        starter = starter.replace(f"return {given}\n", "raise NotImplementedError\n", 1)
    assert starter.count("raise NotImplementedError") == 5

    def filled(comment: str, extra: str = "") -> str:
        text = starter
        for plain in REFERENCE_OPS.values():
            text = text.replace("raise NotImplementedError\n", f"return {plain}  # {comment}\n", 1)
        return text + extra

    given = starter_kgrams({"engine.py": starter})
    own = "\n\ndef squash(v):\n    return (v * 2).tanh() * 0.5 + v.relu() * 0.25\n"
    texts = {"ann": filled("my answer"), "bob": filled("checked on the lecture example"),
             "cy": filled("my answer", own), "dee": filled("works", own)}
    documents = [read_engine(i, text, given) for i, text in texts.items()]
    assert all(d.variants for d in documents)  # the plain lines are canonical variants
    cohort = Cohort(documents + [read_engine(name.split("/")[-1], engine(name), given) for name in CLASS])
    scores = {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: dict(cohort.against(SOURCE))},
                                                        threshold=THRESHOLD)}
    assert scores.get(("ann", "bob"), 0.0) < 0.3  # 0.23 (their comments differ: no trait is shared)
    assert scores[("cy", "dee")] >= 0.85  # 0.90: the same lines, and a rare line of their own



def test_two_students_whose_own_code_is_the_lectures_tanh_share_its_shape_as_weakly_as_its_code():
    """Two independent students fill 03-tanh with the lecture's tanh (through `exp(2*x)`, a canonical variant), each
    with a comment of their own, and a renamed copy of one of them (comments dropped): all the code they share is
    canonical, and so is the tanh's method shape, the same code read as a method, which counts as weakly as the code
    (CANONICAL_EVIDENCE) between them: 0.258 -> 0.240; and since that code is all they have in common, it is at most
    CANONICAL_ONLY_MOST of evidence (session 18): 0.240 -> 0.087. A copy that keeps one's comment and line stays
    flagged."""
    reference = next(text for name, text in canonical_sources().items() if name.endswith("/engine.py"))
    begin = reference.index("        # BEGIN SOLUTION 03-tanh")
    end = reference.index("        # END SOLUTION", begin) + len("        # END SOLUTION\n")
    starter = reference[:begin] + "        raise NotImplementedError\n" + reference[end:]

    tanh = LECTURE.split("    def exp")[0].split("def tanh(self):\n", 1)[1]  # the lecture's tanh, its body

    def filled(comment: str) -> str:
        return starter.replace("        raise NotImplementedError\n", f"        # {comment}\n" + tanh, 1)

    given = starter_kgrams({"engine.py": starter})
    texts = {"ann": filled("tanh as in the lecture video"), "bob": filled("squash between minus one and one")}
    texts |= {"cy": disguised(texts["ann"]), "dee": texts["ann"].replace("x = self.data", "x = self.data  # input", 1)}
    documents = [read_engine(i, text, given) for i, text in texts.items()]
    assert all(d.variants for d in documents)  # the lecture's tanh is a canonical variant
    cohort = Cohort(documents + [read_engine(name.split("/")[-1], engine(name), given) for name in CLASS])
    scores = {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: dict(cohort.against(SOURCE))},
                                                        threshold=THRESHOLD)}
    assert 0.08 < scores[("ann", "bob")] < 0.09  # 0.258 with the tanh's shape counted in full, 0.240 capped at 5
    assert scores[("ann", "cy")] == scores[("ann", "bob")]  # a copy that keeps nothing but the lecture's code (Limits)
    assert scores[("ann", "dee")] > 0.6  # her comment kept

def test_an_engine_in_the_lectures_style_does_not_match_the_public_source():
    """A public source is read with the course's reference marked (read_public): a submission's match is the share
    of the source it holds times the share of the source's own choices beyond the reference's (the lecture's) code.
    correct-tanh-exp2x writes the lecture's ops and a walk of its own: counted over all of micrograd's code it
    matched at 0.55 (flagged); it holds little of what micrograd chose beyond the lecture (0.07). A disguised copy
    holds all.
    A classmate who wrote the reference's engine with micrograd's recursive walk holds micrograd's own walk: still
    a match, lower (what the reference does not write is the source's, however the lecture taught it), and lower
    again since micrograd's own choices also count its strings and method shapes (0.88 -> 0.59), which a disguised
    copy keeps and the lecture's engine does not have."""
    reference = next(text for name, text in canonical_sources().items() if name.endswith("/engine.py"))
    walk = MICROGRAD[MICROGRAD.index("    def backward(self):"):MICROGRAD.index("    def __neg__")]
    recursive = (reference[:reference.index("    def backward(self):")] + walk
                 + reference[reference.index("    # -- derived operations"):])
    texts = {"kim": disguised(with_ops(LECTURE)), "lee": recursive}
    documents = [read_engine(i, text) for i, text in texts.items()]
    documents += [read_engine(name.split("/")[-1], engine(name)) for name in CLASS]
    cohort = Cohort(documents)
    plain = dict(cohort.against(SOURCE))
    # read as the command reads it, with the canonical texts: their spacing is the course's, not micrograd's
    # (spacing.py, session 20; without them the course's spacing, read as micrograd's, took this engine to 0.1251)
    public = dict(cohort.against(read_public(SOURCE.id, MICROGRAD, frozenset(), starter_kgrams(canonical_sources()),
                                             canonical_sources())))
    assert plain["correct-tanh-exp2x"] >= THRESHOLD > 0.1 > public["correct-tanh-exp2x"]
    assert public["kim"] >= 0.99 and plain["kim"] >= 0.99
    assert plain["lee"] > 0.7 > public["lee"] >= THRESHOLD
    # correct-recursive-raised-limit is micrograd's engine with a recursion limit added: a copy too
    assert sorted(i for i, score in public.items() if score >= THRESHOLD) == ["correct-recursive-raised-limit", "kim",
                                                                            "lee"]


# tanh, exp and log added through one helper that takes the local derivative as a value (the sixth class's en_helper)
HELPER = """
    def _unary(self, value, local, name):
        \"\"\"A one-input op: VALUE is f(x), LOCAL is f'(x).\"\"\"
        out = Value(value, (self,), name)

        def _backward():
            self.grad += local * out.grad
        out._backward = _backward

        return out

    def tanh(self):
        t = math.tanh(self.data)
        return self._unary(t, 1 - t**2, 'tanh')

    def exp(self):
        e = math.exp(self.data)
        return self._unary(e, e, 'exp')

    def log(self):
        return self._unary(math.log(self.data), 1 / self.data, 'log')
"""


def test_public_copies_who_added_the_ops_through_one_helper_are_no_pair():
    """Their additions are the course's ops with a helper extracted (read as written out: normalise.py): the code
    they share besides micrograd is the homework's answer. They were 0.21-0.38, in the sixth class's top k."""
    copies = {"gil": with_ops(HELPER), "hal": disguised(with_ops(HELPER))}
    assert pairs_of(copies).get(("gil", "hal"), 0.0) < 0.05


def test_the_sources_own_choices_count_what_a_disguised_copy_keeps_of_its_words():
    """Of micrograd's traits beyond the reference, its strings (not its docstrings), numbers and method shapes
    count among its own choices (read_public): a renamed, restyled copy keeps them, a comment it rewrites."""
    source = read_public(SOURCE.id, MICROGRAD, frozenset(), starter_kgrams(canonical_sources()))
    kept = {source.trait_text[h] for h in source.kept_traits}
    assert ("string", "only supporting int / float powers for now") in kept
    assert {kind for kind, _ in kept} == {"string", "shape"}  # micrograd writes no number of its own
    assert not any("stores a single scalar value" in text for _, text in kept)  # its docstring


# micrograd's walk as a copier rewrites it: an explicit stack (the public match falls to 0.70, still a copy)
STACK_WALK = """    def backward(self):
        order, seen, todo = [], set(), [(self, False)]
        while todo:
            node, done = todo.pop()
            if done:
                order.append(node)
            elif node not in seen:
                seen.add(node)
                todo.append((node, True))
                todo.extend((child, False) for child in node._prev)
        self.grad = 1
        for node in reversed(order):
            node._backward()

"""


def test_a_verbatim_copys_source_is_none_of_its_own_code_however_loosely_the_other_copied():
    """Two copiers of micrograd who added one hand's ops (an assert message and a sigmoid of their own): one
    verbatim (a match of 1.00), one who rewrote micrograd's walk as a stack and renamed (0.70). What each copied
    counts as not their own as surely as each copied it (Cohort._besides_public): the verbatim copy's micrograd is
    none of its own code. With the weaker match's certainty for both, 59 % of it counted as the verbatim copy's own
    and the pair scored 0.149, nearly twice the pair of two verbatim copies (0.078); then 0.104; with a match of
    cohort.SURELY (0.75) a copy for certain (session 16), 0.084: the loose copy's 0.70 is 0.8 sure, not 0.4. Since
    session 19 the ops they added that are the course's canonical code count with micrograd too (0.084 -> 0.034,
    the two verbatim copies 0.082 -> 0.029). Since session 36 the hand's assert message beside a name or line of its
    own, which both pairs hold alone, is two written items (scores.BESIDE_KINDS): 0.034 -> 0.040, 0.028 -> 0.032."""
    added = with_ops(OWN)
    walk = added.index("    def backward(self):")
    rewritten = added[:walk] + STACK_WALK + added[added.index("    def __neg__(self):"):]
    pairs = pairs_of({"eve": added, "fay": disguised(rewritten)})
    assert 0.035 < pairs[("eve", "fay")] < 0.045
    assert pairs_of({"eve": added, "gus": disguised(added)})[("eve", "gus")] < 0.035  # two verbatim copies: 0.032


def test_a_fragment_of_the_source_is_held_whole_by_as_many_occurrences_however_its_tokens_are_shared():
    """A fragment's tokens are shared among the fragments that overlap it in the copy, which depends on the code
    around it: a copy that holds it as often as the source does holds all of it (cohort._held), except where it
    holds it only in code that nothing runs (padding, read at its token size)."""
    from dataclasses import replace

    from grader.similarity.public_match import _held

    copy = read_engine("ann", with_ops(LECTURE))
    h = next(h for h in SOURCE.prints if h in copy.prints and len(copy.prints[h]) == len(SOURCE.prints[h]))
    tokens = SOURCE.tokens[h]
    thinner = replace(copy, tokens={**copy.tokens, h: tokens / 2})
    assert _held(thinner, SOURCE, h, tokens) == 1.0
    assert _held(replace(thinner, unreached={"tokens": {h: tokens}}), SOURCE, h, tokens) == 0.5
    assert _held(replace(thinner, prints={k: v for k, v in copy.prints.items() if k != h}), SOURCE, h, tokens) == 0.5


def test_fresh_public_copies_are_matched_and_no_pair_of_them_is_flagged():
    """bench/similarity/pubcopies/engine (session 16): thirteen copies of micrograd by other hands, disguised
    (renamed, reordered, restyled, restructured, a part, with much of one's own) in the test class: the verbatim and
    renamed ones match it fully, the disguised ones less, and no two of them are a pair at the floor."""
    folder = Path(__file__).parents[2] / "bench" / "similarity" / "pubcopies" / "engine"
    fresh = {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py"))}
    documents = [read_engine(name.split("/")[-1], engine(name)) for name in CLASS]
    documents += [read_engine(i, t) for i, t in fresh.items()]
    cohort = Cohort(documents)
    public = dict(cohort.against(SOURCE))
    assert {i: round(public[i], 2) for i in fresh} == {
        "p101": 1.0, "p102": 0.94, "p103": 1.0, "p104": 0.85, "p105": 1.0, "p106": 1.0, "p107": 0.44, "p108": 0.95,
        "p109": 1.0, "p110": 0.87, "p111": 1.0, "p112": 0.87, "p113": 1.0}  # p110, p112 0.67 before `'**' + str(p)`
        # read as micrograd's f-string (emitter._formats_text), 0.73 before relu's branch into a temporary was put in
        # place (session 17; p104 0.81, p107 0.40, p108 0.55 before); p104 0.84, p107 0.41, p108 0.58 while micrograd's
        # own code held by more than the common cut weighed 0 (session 21: this SOURCE has no reference explained, and
        # 19 of its 109 fragments, held by 21 to 24 of the 24 engines, are its own here, graded now:
        # public_match._source_rarity); p108 0.60 -> 0.95 since session 36 (sim36p): the part it copied keeps
        # micrograd's own comments, which are now a match of their own (public_match._as_worded): it copied, surely
    among = {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: public}, threshold=THRESHOLD)
             if p.a in fresh and p.b in fresh}
    # the highest: hand C's two copies (its tanh composed of `exp`, `(e - 1) / (e + 1)`, no canonical variant), 0.040;
    # one copier's level-3 disguise on two copies (names, lines as written) 0.020 (0.059, the highest, while the ops
    # they added as the course's canonical code counted as their own in Cohort._besides_public's share)
    assert max(among, key=among.get) == ("p105", "p106") and max(among.values()) < 0.05
    assert among[("p110", "p112")] < 0.025


def test_the_ops_a_copier_added_as_the_courses_canonical_code_are_not_its_own_besides_the_source():
    """Cohort.plain, each one's code in plain tokens (their own, and what the public source, the reference or the
    canonical code's variants explain), is what Cohort._besides_public measures two public copies' own share by:
    the ops a copier added as the course's canonical code written another way (variants.py) are the homework's
    answer, taken out of what two such copies share, and so not their own besides the source either. A copy of
    micrograd with the lecture's tanh, exp and log has none of its own (39.3 of 434 plain tokens before session
    19); one with an assert message and a sigmoid besides has those (21.05, 60.35 before)."""
    texts = {"cat": with_ops(LECTURE), "eve": with_ops(OWN), "mic": MICROGRAD}
    documents = [read_engine(i, t) for i, t in texts.items()]
    cohort = Cohort(documents)
    plain = {d.id: tuple(round(x, 2) for x in cohort.plain[i]) for i, d in enumerate(cohort.documents)}
    assert plain == {"cat": (0, 430.0), "eve": (21.05, 428.95), "mic": (0, 309.0)}  # relu's choice as `max`: 4 fewer

"""Issue 27: canonical code recombined (the lecture's statements, some left out, in the lecture's order) is weak
evidence between two students, as the canonical code written another way is (documents._recombined,
cohort.CANONICAL_EVIDENCE): two honest fillers of the plain recursive walk are not a pair, a copy of a walk of
one's own is."""

from grader.similarity import canonical_sources
from grader.similarity.cohort import THRESHOLD, Cohort, read_document, starter_kgrams

from .public_known import MICROGRAD, known
from .test_similarity import CLASS, disguised, engine

SOURCE = read_document("karpathy-micrograd/engine.py", {"engine.py": MICROGRAD})

# micrograd's walk with its list as the visited set (`visited` and `visited.add` left out): each statement is
# micrograd's, in micrograd's order
PLAIN = """        order = []
        def visit(node):
            if node not in order:
                for child in node._prev:
                    visit(child)
                order.append(node)
        visit(self)
        self.grad = 1
        for node in reversed(order):
            node._backward()
"""
# a walk of one's own: a stack of (node, children done) with a count of what is left
OWN = """        seen, ordering, todo = set(), [], [(self, 0)]
        while todo:
            node, done = todo.pop()
            if done:
                ordering.append(node)
                continue
            if node in seen:
                continue
            seen.add(node)
            todo.append((node, 1))
            todo.extend((kid, 0) for kid in node._prev if kid not in seen)
        self.grad = 1
        while ordering:
            ordering.pop()._backward()
"""


def test_two_fillers_of_the_plain_walk_score_low_and_a_copy_of_an_own_walk_does_not():
    reference = next(text for name, text in canonical_sources().items() if name.endswith("/engine.py"))
    head, _, rest = reference.partition("    def backward(self):\n")
    body_end = rest.index("\n    def ") if "\n    def " in rest else len(rest)
    body, tail = rest[:body_end + 1], rest[body_end + 1:]
    starter = head + "    def backward(self):\n        raise NotImplementedError\n" + tail

    def filled(walk: str, comment: str) -> str:
        return head + f"    def backward(self):\n        # {comment}\n" + walk + tail

    given = starter_kgrams({"engine.py": starter})
    texts = {"ann": filled(PLAIN, "finally works, after the video"), "bob": filled(PLAIN, "смотрел видео"),
             "cy": filled(OWN, "my own walk"), "dee": disguised(filled(OWN, "my own walk"))}
    documents = [read_document(i, {"engine.py": text}, given, *known()) for i, text in texts.items()]
    own = {d.id: sum(d.tokens[h] for h in d.prints if h not in d.explained) for d in documents}
    recombined = {d.id: sum(d.tokens[h] for h in d.recombined if h in d.prints) for d in documents}
    assert own["ann"] > 0 and recombined["ann"] == own["ann"]  # all of the plain walk's own code is recombined
    assert recombined["cy"] < own["cy"] / 2  # a walk of one's own is not
    cohort = Cohort(documents + [read_document(name.split("/")[-1], {"engine.py": engine(name)}, given,
                                               *known()) for name in CLASS])
    scores = {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: dict(cohort.against(SOURCE))},
                                                        threshold=THRESHOLD)}
    assert scores.get(("ann", "bob"), 0.0) < 0.3  # 0.27; 0.62 (flagged) when the recombined walk counted in full
    assert scores[("cy", "dee")] >= 0.8  # 0.8443 (0.97 before session 28: one function, at most units.UNIT_MOST)

"""Issue 27, session 21: a student who grew an engine from a public source (micrograd) and a classmate who copied
that student. Both match micrograd; what they share beyond it is scaled by the share of their code that is their
own (Cohort._besides_public), but for what lies in functions the course's code does not define (homework.py): the
first student's own work, which a copy holds and two students who each copied micrograd do not."""

from grader.similarity import canonical_sources
from grader.similarity.cohort import REPORT_FLOOR, THRESHOLD, Cohort, read_document
from grader.similarity.homework import beyond_prints, course_functions

from .public_known import MICROGRAD, PUBLIC, VARIANTS
from .test_public_copies import LECTURE, SOURCE, with_ops
from .test_similarity import CLASS, disguised, engine

COURSE = course_functions({**canonical_sources({"engine.py": ""}), "karpathy-micrograd/engine.py": MICROGRAD})

# the homework's ops as one student wrote them (not the course's canonical code: tanh through `th*th`)
HOMEWORK = """
    def tanh(self):
        n = self.data
        th = math.tanh(n)
        out = Value(th, (self,), 'tanh')
        def _backward():
            self.grad += (1 - th*th) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += math.exp(self.data) * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad += out.grad * (1 / self.data)
        out._backward = _backward
        return out
"""
# and what the same student wrote beyond the exercise: comparisons and a walk of the graph of their own
BEYOND = """
    def __lt__(self, other): # compare by value, so that nodes can be sorted
        other_data = other.data if isinstance(other, Value) else other
        return self.data < other_data

    def __float__(self):
        return float(self.data)

    def graph_nodes(self):
        # every node reachable from this one, the node itself included
        seen, stack, nodes = set(), [self], []
        while stack:
            node = stack.pop()
            if node not in seen:
                seen.add(node)
                nodes.append(node)
                stack.extend(node._prev)
        return nodes
"""
GROWN = with_ops(HOMEWORK + BEYOND)
# two students who each copied micrograd and added ops and a method of their own
OTHERS = {"ivy": with_ops(LECTURE + "\n    def __gt__(self, other):\n        return self.data > (other.data if "
                                    "isinstance(other, Value) else other)\n"),
          "joe": with_ops(HOMEWORK.replace("th*th", "th**2") + """
    def zero_grad(self):
        for node in self.walk():
            node.grad = 0.0
""")}


def scored(extra: dict[str, str], course=COURSE) -> dict[tuple[str, str], float]:
    documents = [read_document(name.split("/")[-1], {"engine.py": engine(name)}, frozenset(), PUBLIC, VARIANTS)
                 for name in CLASS]
    documents += [read_document(i, {"engine.py": text}, frozenset(), PUBLIC, VARIANTS) for i, text in extra.items()]
    cohort = Cohort(documents, course)
    public = dict(cohort.against(SOURCE))
    assert all(public[i] >= THRESHOLD for i in extra)  # each is a public match
    return {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: public}, threshold=THRESHOLD)}


def test_the_course_defines_the_exercises_functions_and_a_student_writes_others():
    assert {"tanh", "exp", "log", "backward", "__rtruediv__", "__repr__"} <= COURSE["engine.py"]
    assert "train_xor" in COURSE["nn.py"] and "train_xor" not in COURSE["engine.py"]
    assert not {"__lt__", "__float__", "graph_nodes", "zero_grad"} & COURSE["engine.py"]
    document = read_document("amy", {"engine.py": GROWN}, frozenset(), PUBLIC, VARIANTS)
    beyond = beyond_prints(document, COURSE)
    units = {document.units[o.unit].name for h in beyond for o in document.prints[h]}
    assert units == {"Value.__lt__", "Value.__float__", "Value.graph_nodes"}


def test_a_copy_of_a_student_who_grew_micrograd_is_a_pair_and_two_who_copied_micrograd_are_not():
    """amy grew micrograd (the homework's ops, comparisons and a walk of her own); bea copied her verbatim, cal
    renamed and reordered her. All three match micrograd; without the course's functions they were scaled as two
    copiers who added the same ops (0.105 and 0.103); ivy and joe each copied micrograd with ops and a method of
    their own and stay apart."""
    copies = {"amy": GROWN, "bea": "# my engine\n" + GROWN, "cal": disguised(GROWN), **OTHERS}
    among = {pair: round(score, 4) for pair, score in scored(copies).items() if set(pair) <= set(copies)}
    assert among[("amy", "bea")] == 0.9228 and among[("amy", "cal")] == among[("bea", "cal")] == 0.8976
    assert max(score for pair, score in among.items() if {"ivy", "joe"} & set(pair)) < 0.01
    before = {pair: round(score, 4) for pair, score in scored(copies, None).items() if set(pair) <= set(copies)}
    assert before[("amy", "bea")] == 0.1054 and before[("amy", "cal")] == 0.1026


def test_a_copy_of_a_student_who_added_only_the_homework_stays_a_public_copy():
    """What amy added is the homework's ops alone: her copy shares no code beyond the exercise, and the pair is
    scaled as two copiers who added the same ops are (the benchmark's pairs of public copies with one hand's ops)."""
    copies = {"amy": with_ops(HOMEWORK), "bea": "# my engine\n" + with_ops(HOMEWORK), **OTHERS}
    assert round(scored(copies)[("amy", "bea")], 4) == 0.006


SIGMOID = """
    def sigmoid(self):
        s = 1 / (1 + math.exp(-self.data))
        out = Value(s, (self,), 'sigmoid')
        def _backward():
            self.grad += s * (1 - s) * out.grad
        out._backward = _backward
        return out
"""


def test_two_copiers_who_wrote_one_function_beyond_the_exercise_alike_share_a_part_of_their_code():
    """kim and lou each copied micrograd, added ops in their own ways and the plainest sigmoid, alike; lou also
    added comparisons. What they share beyond the exercise counts as the share of each one's own code that it is
    (homework.beyond_share), not whole: 0.122, under the report's floor (0.022 scaled as the homework is)."""
    copies = {"kim": with_ops(LECTURE + SIGMOID),
              "lou": with_ops(HOMEWORK + SIGMOID + BEYOND.split("    def graph_nodes")[0])}
    assert round(scored(copies)[("kim", "lou")], 4) == 0.122
    assert round(scored(copies, None)[("kim", "lou")], 4) == 0.022

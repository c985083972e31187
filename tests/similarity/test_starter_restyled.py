"""Session 18: a copier restyles the code the starter gave (`reversed(topo)` as `topo[::-1]`, the seed `1` as `1.0`):
the reading keeps those spellings apart on purpose (a filler's own `[::-1]` is a choice its copies keep), so the
restyled given walk was code of the copy's own, which made its share of its source's code smaller. The starter is
also read as so restyled (restyles.starter_restyled, documents.starter_kgrams' RESTYLED): given code restyled is
the starter's; a student's own walk written either way is still theirs."""

from pathlib import Path

from grader.similarity.cohort import Cohort, own_code, read_document, starter_kgrams
from grader.similarity.restyles import starter_restyled
from tests.similarity.test_rings import STARTER as RINGS_STARTER  # a Value with __init__ and tanh to fill

REFERENCE = Path(__file__).resolve().parents[2] / "reference" / "engine.py"
# the course's walk as the starter gives it (05-backward's solution: `self.grad = 1`, `for node in reversed(topo)`)
WALK = "    def backward(self):\n" + "".join(
    line for line in REFERENCE.read_text(encoding="utf-8").split("def backward(self):\n", 1)[1].split(
        "# END SOLUTION", 1)[0].splitlines(True) if line.strip() and not line.strip().startswith(("#", '"""')))
STARTER = RINGS_STARTER + "\n" + WALK
FILL = '''        t = math.tanh(self.data)
        local = 1 - t ** 2
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += local * out.grad

        out._backward = _backward
        return out
'''


def test_the_starter_restyled_each_way():
    texts = starter_restyled(STARTER)
    assert len(texts) == 3
    assert "topo[::-1]" in texts[0] and "self.grad = 1\n" in texts[0]
    assert "reversed(topo)" in texts[1] and "self.grad = 1.0" in texts[1] and "self.grad = 0.0" in texts[1]
    assert "topo[::-1]" in texts[2] and "self.grad = 1.0" in texts[2]
    assert starter_restyled("def f(:") == [] and starter_restyled("x = 'a'\n") == []


def test_the_given_walk_restyled_is_no_code_of_the_copys_own():
    given = starter_kgrams({"engine.py": STARTER}, restyled=True)
    source = STARTER.replace("        raise NotImplementedError\n", FILL)
    copy = source.replace("reversed(topo)", "topo[::-1]").replace("self.grad = 1\n", "self.grad = 1.0\n")
    assert copy != source
    group = Cohort([read_document(i, {"engine.py": t}, given) for i, t in (("source", source), ("copy", copy))])
    own = [own_code(d, group.weight) for d in group.documents]
    assert own[0].keys() == own[1].keys() and own[0]
    # read without the restyled starter, the copy's restyled walk is code of its own
    plain = starter_kgrams({"engine.py": STARTER})
    apart = [read_document(i, {"engine.py": t}, plain) for i, t in (("source", source), ("copy", copy))]
    assert set(apart[1].prints) - set(apart[0].prints)


def test_a_students_own_walk_either_way_is_theirs():
    given = starter_kgrams({"engine.py": STARTER}, restyled=True)
    starter = RINGS_STARTER + "\n    def backward(self):\n        raise NotImplementedError\n"
    own = "        order = sorted(_every(self), key=lambda n: -n._depth)\n        self.grad = 1.0\n" \
          "        for node in order[::-1]:\n            node._backward()\n"
    mine = starter.replace("    def backward(self):\n        raise NotImplementedError\n",
                           "    def backward(self):\n" + own)
    document = read_document("mine", {"engine.py": mine}, given)
    walk = [i for i, unit in enumerate(document.units) if unit.name == "Value.backward"]
    # the walk (its `[::-1]` and `1.0` too) is the student's own code
    assert walk and any(o.unit in walk for occurrences in document.prints.values() for o in occurrences)

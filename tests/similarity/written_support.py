"""What the tests of written items (tests/similarity/test_written_beside.py, test_written_numbers.py) share: a
document of traits alone, a small engine's text whose class name, `mul` method and tail each test fills in, and a
class of such texts read as a cohort."""

from types import SimpleNamespace

from grader.similarity.cohort import Cohort, read_document
from grader.similarity.scores import written_items

# a Value with one op and its push, `{name}` and `{mul}` filled in; a test adds its own tail (a repr, a smoke test)
ENGINE_HEAD = '''
import math


class {name}:
    def __init__(self, data, kids=()):
        self.data, self.grad, self.kids, self.push = data, 0.0, kids, lambda: None

    def {mul}(self, other):
        out = {name}(self.data * other.data, (self, other))

        def push():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out.push = push
        return out
'''


def document(traits, texts):
    """A cohort's document as written_items reads it: {trait: size} and {trait: (kind, text)}."""
    return SimpleNamespace(traits=traits, trait_text=texts)


def written_in_class(texts, copy, honest):
    """The class of TEXTS ({id: engine.py's text}) read as a cohort: (channels of its pairs, written items of its
    pairs, the pair (positions) of the two ids COPY, the pair of the two ids HONEST)."""
    group = Cohort([read_document(sid, {"engine.py": text}) for sid, text in texts.items()])
    channels = {}
    group.pairs(channels=channels)
    pair = lambda ids: tuple(sorted(group.position[s] for s in ids))  # noqa: E731
    return channels, written_items(group.trait_postings, group.trait_weights, group.documents), pair(copy), pair(honest)

"""speed42: 07-mlp-xor's `_holds_gradient` (whether a graph holds a gradient at train_xor's backward(), the
"steps with gradients left" its tests read) made cheaper, with the same answer on every graph: the same nodes in the
same order, each attribute read once, so a student's `grad`, `_prev` or `!=` that raises stops it where it did."""

import pytest

from grader.suites import load_suite

holds = load_suite("07-mlp-xor").probes.training._holds_gradient


class Node:
    def __init__(self, grad=0, prev=()):
        self.grad, self._prev = grad, prev


class Raising:
    """A node whose `grad` raises what it is given (not an AttributeError: the walk ends, and says False)."""

    def __init__(self, error, prev=()):
        self.error, self._prev = error, tuple(prev)

    @property
    def grad(self):
        raise self.error


class NoGrad:  # no `grad` at all: read as 0, its `_prev` walked on
    def __init__(self, prev=()):
        self._prev = tuple(prev)


class Leaf:  # neither `grad` nor `_prev`
    pass


class Refusing:
    """A grad whose `!=` raises: the walk ends there."""

    def __ne__(self, other):
        raise TypeError("no comparison")


class Counted:
    """A node that counts the reads of its `grad` and `_prev`: each is read once per walk."""

    reads = 0

    def __init__(self, prev=()):
        self.prev = tuple(prev)

    @property
    def grad(self):
        Counted.reads += 1
        return 0

    @property
    def _prev(self):
        Counted.reads += 1
        return self.prev


def test_a_clean_graph_holds_nothing_and_a_gradient_anywhere_is_found():
    shared = Node()
    leaf = Node(grad=0.0)
    assert holds(Node(prev=[Node(prev=[shared, leaf]), Node(prev=[shared])])) is False
    assert holds(Node(prev=[Node(prev=[shared, Node(grad=2.5)]), Node(prev=[shared])])) is True
    assert holds(Node(grad=-1)) is True


def test_missing_attributes_read_as_the_defaults():
    assert holds(NoGrad(prev=[Leaf(), NoGrad(prev=[Node(grad=1)])])) is True
    assert holds(NoGrad(prev=[Leaf(), NoGrad()])) is False
    assert holds(Node(prev=[Node(prev=None)])) is False  # a `_prev` of None: nothing below it


def test_the_walk_ends_where_the_students_code_raises_in_depth_first_order():
    # the walk pops the last child first: the gradient on the right is seen before the raising node on the left
    assert holds(Node(prev=[Raising(ValueError("left")), Node(grad=1)])) is True
    # the raising node on the right is met first: the walk ends there, False, the gradient on the left unread
    assert holds(Node(prev=[Node(grad=1), Raising(ValueError("right"))])) is False
    # an AttributeError is the default's (0), as getattr() with a default read it: the walk goes on
    assert holds(Node(prev=[Node(grad=1), Raising(AttributeError("grad"))])) is True
    assert holds(Node(prev=[Node(grad=1), Node(grad=Refusing())])) is False


def test_a_cycle_is_walked_once_and_each_attribute_read_once():
    a, b = Counted(), Counted()
    a.prev, b.prev = (b,), (a,)
    Counted.reads = 0
    assert holds(Node(prev=[a, a, b])) is False
    assert Counted.reads == 4  # two nodes, `grad` and `_prev` once each


@pytest.mark.parametrize("prev", [iter([Node(grad=3)]), {Node(grad=3)}, [Node(), Node(grad=3)]])
def test_any_iterable_prev_is_walked(prev):
    assert holds(Node(prev=prev)) is True

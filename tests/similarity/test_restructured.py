"""Level 4: an engine restructured by hand reads as its source where the restructuring is a form of the same closure."""

from grader.similarity.normalise import read_source

MICROGRAD_OPS = '''
import math

class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad

        out._backward = _backward
        return out
'''


def units(text):
    return {u.name: u.tokens for u in read_source(text).units}


def test_a_one_statement_procedure_called_as_a_statement_is_its_statement():
    accumulate = MICROGRAD_OPS.replace("class Value:", "def _acc(node, g):\n    node.grad += g\n\n\nclass Value:")
    for rule in ("self.grad += other.data * out.grad", "other.grad += self.data * out.grad",
                 "self.grad += (1 - t * t) * out.grad"):
        target, value = rule.split(" += ")
        accumulate = accumulate.replace(rule, f"_acc({target[:-5]}, {value})")
    assert "_acc(self, other.data * out.grad)" in accumulate
    assert units(accumulate) == units(MICROGRAD_OPS)


def test_a_procedure_that_rebinds_a_name_or_a_closure_named_like_the_api_is_not_inlined():
    # `def _backward(): self.grad += ...` is an op's closure, not a helper: `node._backward()` stays a call
    text = MICROGRAD_OPS + '''
    def backward(self):
        for node in [self]:
            node._backward()
        _set(self, 1)


def _set(v, x):
    v = x
'''
    backward = units(text)["Value.backward"]
    assert "._backward" in backward and ".grad" not in backward
    assert " ".join(backward).endswith("Expr call:2 f v 1 }")  # `_set` rebinds its parameter: a call


def test_a_closure_given_its_node_is_the_closure_that_reads_it():
    given = MICROGRAD_OPS.replace('''        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad

        out._backward = _backward''', '''
        def rule(node):
            self.grad += (1 - t * t) * node.grad

        out = Value(t, (self,), "tanh")
        out._backward = lambda: rule(out)''')
    assert "lambda: rule(out)" in given
    head, tanh = MICROGRAD_OPS.split("    def tanh(self):")
    named_rule = head + "    def tanh(self):" + tanh.replace("def _backward():", "def rule():").replace(
        "out._backward = _backward", "out._backward = rule")
    assert units(given) == units(named_rule)


def test_a_node_helper_wrapped_in_a_loop_that_runs_once_is_inlined():
    helper = MICROGRAD_OPS.replace('''    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad

        out._backward = _backward
        return out''', '''    def _make(self, data, kids, op, local):
        while True:
            out = Value(data, kids, op)
            out._backward = lambda: local(out)
            return out
            break

    def tanh(self):
        t = math.tanh(self.data)

        def _backward(out):
            self.grad += (1 - t * t) * out.grad
        return self._make(t, (self,), "tanh", _backward)''')
    read = units(helper)
    assert "Value._make" not in read
    # the closure given its node, bound where the node is made: micrograd's tanh
    assert read["Value.tanh"] == units(MICROGRAD_OPS)["Value.tanh"]


def test_a_call_of_a_node_helper_left_as_a_call_reads_as_a_call_of_the_class():
    edges = '''
class Value:
    def __init__(self, data, children=(), local=(), op=""):
        self.data, self.grad, self._prev, self.local, self._op = data, 0.0, tuple(children), tuple(local), op

    def __mul__(self, other):
        return Value(self.data * other.data, (self, other), (other.data, self.data), "*")
'''
    helper = '''
class Value:
    def __init__(self, data, children=(), op=""):
        self.data, self.grad, self._prev, self._op = data, 0.0, tuple(children), op

    def _node(self, data, children, local, op):
        out = Value(data, children, op)

        def _backward():
            for child, d in zip(children, local):
                child.grad += d * out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        return self._node(self.data * other.data, (self, other), (other.data, self.data), "*")
'''
    assert units(helper)["Value.__mul__"] == units(edges)["Value.__mul__"]

"""Normalisation: op-string dispatch, the program's shapes (conditionals, early returns, comprehensions, node helpers,
negated choices, rules bound with partial), and what the steps' tests share (each step on its own:
test_normalise_steps.py); the disguised and the plain version give the same tokens, a real change does not."""

import textwrap

from grader.similarity.normalise import units_of


def tokens(source: str) -> dict[str, str]:
    """{unit name: its tokens joined}, for a source written indented in the test."""
    return {unit.name: " ".join(unit.tokens) for unit in units_of(textwrap.dedent(source))}


MUL = """
    class Value:
        def __init__(self, data, _children=(), _op=""):
            self.data = data
            self.grad = 0
            self._prev = set(_children)

        def __mul__(self, other):
            other = other if isinstance(other, Value) else Value(other)
            out = Value(self.data * other.data, (self, other), "*")

            def _backward():
                self.grad += other.data * out.grad
                other.grad += self.data * out.grad

            out._backward = _backward
            return out
"""


def test_op_string_dispatch_reads_as_closures():
    dispatch = """
        class Value:
            def __init__(self, data, _children=(), _op=""):
                self.data = data
                self.grad = 0
                self._prev = set(_children)

            def __mul__(self, other):
                other = other if isinstance(other, Value) else Value(other)
                return Value(self.data * other.data, (self, other), "*")

            def _backward(self):
                if self._op == "+":
                    a, b = self._prev
                    a.grad += self.grad
                    b.grad += self.grad
                elif self._op == "*":
                    a, b = self._prev
                    a.grad += b.data * self.grad
                    b.grad += a.data * self.grad
                elif self._op == "tanh":
                    (a,) = self._prev
                    a.grad += (1 - self.data ** 2) * self.grad
    """
    got = tokens(dispatch)["Value.__mul__"]
    closure_rules = "def:_backward:0 { = .grad v Add .grad v Mult .data v .grad v = .grad v Add .grad v Mult .data v .grad v }"
    assert closure_rules in got
    assert closure_rules in tokens(MUL)["Value.__mul__"]
    # the node made once, its closure set and the node returned, as micrograd writes an op
    assert got == tokens(MUL)["Value.__mul__"]


TOPO = """
    def topo(root):
        order, seen = [], set()
        def visit(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    visit(child)
                order.append(v)
        visit(root)
        return order

    def relu_of(x):
        if x.data < 0:
            return 0
        return x.data

    def grads(nodes):
        return [n.grad for n in nodes if n.data]

    def scaled(a, b, up):
        factor = b if up else 1
        return a.data * factor
"""


def test_conditionals_early_returns_and_comprehensions_read_the_same():
    restructured = TOPO.replace("return [n.grad for n in nodes if n.data]", textwrap.dedent("""\
        out = []
        for n in nodes:
            if n.data:
                out.append(n.grad)
        return out""").replace("\n", "\n        ")).replace(
        "if x.data < 0:\n            return 0\n        return x.data",
        "if x.data < 0:\n            return 0\n        else:\n            return x.data").replace(
        "factor = b if up else 1", "if up:\n            factor = b\n        else:\n            factor = 1").replace(
        "return a.data * factor", "return factor * a.data")
    assert restructured != TOPO
    got, plain = tokens(restructured), tokens(TOPO)
    assert got["relu_of"] == plain["relu_of"] == "def:f:1 { Return call:2 max .data v 0 }"  # the larger of the two: max
    assert got["scaled"] == plain["scaled"]
    # the list built by a loop is its comprehension (the name it is built in is left: it is read, not inlined)
    assert "ListComp .grad v comprehension v v .data v" in got["grads"]
    # a loop that does more than append is no comprehension; a dunder that is not an operator stays a call
    loop = "def f(s):\n    out = []\n    for v in s:\n        out.append(v.grad)\n{}    return out\n"
    assert "ListComp" in tokens(loop.format(""))["f"]
    assert "ListComp" not in tokens(loop.format("        print(v)\n"))["f"]
    # an explicit dunder call is left as written (docs/similarity.md, Limits: honest students write them)
    assert tokens("def f(a, b):\n    return a.__mul__(b)\n") != tokens("def f(a, b):\n    return a * b\n")


TANH = """
    import math


    class Value:
        def __init__(self, data, _children=(), _op=""):
            self.data = data
            self.grad = 0
            self._prev = set(_children)

        def tanh(self):
            out = Value(math.tanh(self.data), (self,), "tanh")

            def _backward():
                self.grad += (1 - out.data ** 2) * out.grad

            out._backward = _backward
            return out

        def exp(self):
            out = Value(math.exp(self.data), (self,), "exp")

            def _backward():
                self.grad += out.data * out.grad

            out._backward = _backward
            return out
"""


def test_a_node_helper_taking_the_derivative_as_a_lambda_reads_as_each_op_written_out():
    helper = """
        import math


        class Value:
            def __init__(self, data, _children=(), _op=""):
                self.data = data
                self.grad = 0
                self._prev = set(_children)

            def _unary(self, value, op, local):
                node = Value(value, (self,), op)

                def _backward():
                    self.grad += local(node) * node.grad

                node._backward = _backward
                return node

            def tanh(self):
                return self._unary(math.tanh(self.data), "tanh", lambda n: 1 - n.data ** 2)

            def exp(self):
                return self._unary(math.exp(self.data), "exp", lambda n: n.data)
    """
    assert tokens(helper) == tokens(TANH)  # every call read in place: the helper's own `def` is gone too


def test_a_node_helper_taking_the_derivative_as_a_value_reads_as_each_op_written_out():
    """The sixth class's public copiers who add tanh and exp through one helper (`_unary(t, 1 - t**2, 'tanh')`):
    micrograd's ops with a helper extracted, read as written out (their additions are then the course's code)."""
    helper = """
        import math


        class Value:
            def __init__(self, data, _children=(), _op=""):
                self.data = data
                self.grad = 0
                self._prev = set(_children)

            def _unary(self, value, local, name):
                out = Value(value, (self,), name)

                def _backward():
                    self.grad += local * out.grad
                out._backward = _backward

                return out

            def tanh(self):
                t = math.tanh(self.data)
                return self._unary(t, 1 - t ** 2, "tanh")

            def exp(self):
                return self._unary(math.exp(self.data), math.exp(self.data), "exp")
    """
    plain = TANH.replace("out = Value(math.tanh(self.data), (self,), \"tanh\")",
                         "t = math.tanh(self.data)\n            out = Value(t, (self,), \"tanh\")").replace(
        "(1 - out.data ** 2)", "(1 - t ** 2)").replace("out.data * out.grad", "math.exp(self.data) * out.grad")
    assert tokens(helper) == tokens(plain)  # the helper's own `def` is gone too
    looping = helper.replace("self.grad += local * out.grad", "for v in (self,):\n                        v.grad += local * out.grad")
    assert "Value._unary" in tokens(looping)  # a closure that loops over what it is given: node_makers_as_class


def test_a_choice_written_with_a_negated_test_reads_as_the_test_with_the_two_swapped():
    negated = "def f(self, other):\n    other = Value(other) if not isinstance(other, Value) else other\n"
    plain = "def f(self, other):\n    other = other if isinstance(other, Value) else Value(other)\n"
    assert tokens(negated) == tokens(plain)
    assert tokens(negated) != tokens(plain.replace("isinstance(", "not isinstance("))


def test_a_node_helper_is_left_as_a_call_when_it_does_not_take_a_function_or_reassigns_a_parameter():
    passes_on = """
        class Value:
            def _node(self, data, children, local):
                out = Value(data, children)
                out._local = local
                return out

            def exp(self):
                return self._node(1.0, (self,), (2.0,))
    """
    assert "Value._node" in tokens(passes_on)
    reassigns = """
        class Value:
            def _unary(self, value, local):
                value = float(value)
                out = Value(value, (self,))
                out._backward = lambda: local(out)
                return out

            def exp(self):
                return self._unary(1.0, lambda n: n.data)
    """
    assert "Value._unary" in tokens(reassigns)


def test_rules_bound_with_partial_or_a_lambda_read_as_closures():
    bound = """
        import math
        from functools import partial


        def _tanh_rule(a, out):
            a.grad += (1 - out.data ** 2) * out.grad


        class Value:
            def __init__(self, data, _children=(), _op=""):
                self.data = data
                self.grad = 0
                self._prev = set(_children)

            def tanh(self):
                out = Value(math.tanh(self.data), (self,), "tanh")
                out._backward = partial(_tanh_rule, self, out)
                return out

            def exp(self):
                out = Value(math.exp(self.data), (self,), "exp")
                out._backward = lambda: Value._exp_rule(self, out)
                return out

            def _exp_rule(a, out):
                a.grad += out.data * out.grad
    """
    got, plain = tokens(bound), tokens(TANH)
    assert got["Value.tanh"] == plain["Value.tanh"]
    assert "_tanh_rule" not in got and "Value._exp_rule" in got  # a method called as Value._exp_rule is not bound
    lambda_bound = """
        import math
        from functools import partial


        class Value:
            def __init__(self, data, _children=(), _op=""):
                self.data = data
                self.grad = 0
                self._prev = set(_children)

            def tanh(self):
                out = Value(math.tanh(self.data), (self,), "tanh")
                out._backward = lambda: _tanh_rule(self, out)
                return out

            def exp(self):
                out = Value(math.exp(self.data), (self,), "exp")
                out._backward = partial(_exp_rule, self, out)
                return out


        def _tanh_rule(a, out):
            a.grad += (1 - out.data ** 2) * out.grad


        def _exp_rule(a, out):
            a.grad += out.data * out.grad
    """
    got = tokens(lambda_bound)
    assert {k: v for k, v in got.items() if k != "<module>"} == {k: v for k, v in plain.items() if k != "<module>"}


def test_a_choice_of_the_larger_or_smaller_of_two_reads_as_max_or_min():
    """`r if r > x else x`, and the statement `if r > x: x = r` it reads as, is `max(x, r)` (Python's max keeps its
    first argument unless the second is larger: ties keep the same one), in either way round of the comparison; a
    side that calls something is read twice by the choice and left as written (session 22: the sixteenth class's
    level-3 copies traded `largest = max(largest, d)` and `if d > largest: largest = d`)."""
    def body(statement: str) -> str:
        return tokens(f"""
            def largest(ds):
                x = 0.0
                for r in ds:
                    {statement}
                return x
        """)["largest"]

    as_max, as_min = body("x = max(x, r)"), body("x = min(x, r)")
    assert as_max != as_min
    for written in ("x = r if r > x else x", "x = r if x < r else x", "x = x if x >= r else r",
                    "x = x if r <= x else r", "if r > x: x = r", "if x < r:\n                        x = r"):
        assert body(written) == as_max, written
    for written in ("x = r if r < x else x", "x = x if x <= r else r", "if r < x: x = r"):
        assert body(written) == as_min, written
    assert body("x = max(r, x)") == body("x = r if r >= x else x")  # max(r, x): r on a tie
    assert body("x = f(r) if f(r) > x else x") != body("x = max(x, f(r))")  # f called twice: not the choice
    for first, second in [(1, 2), (2, 1), (2, 2), (-0.5, 0.0), (3.0, 3)]:  # the same object on ties, as Python does
        for x, r in [(first, second), (second, first)]:
            assert (r if r > x else x) is max(x, r) and (x if x >= r else r) is max(x, r)
            assert (r if r < x else x) is min(x, r) and (x if x <= r else r) is min(x, r)
            assert (r if r >= x else x) is max(r, x)

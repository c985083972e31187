"""Issue 27, level 4: an `if` statement on a symbolic value (meanings.py's evaluator, evaluator_branches.py) means what
the conditional expression means, so that a clamp or a relu written as statements and its restructured copy written
as an expression read alike; what a branch does that cannot be put back leaves the op unread, never read wrong. And a
reflected op that takes a number (`2 / v` is `v.__rtruediv__(2)`) is read with one."""

from grader.similarity.meanings import meanings

ENGINE = '''
import math


class Value:
    def __init__(self, data, children=()):
        self.data, self.grad, self._prev, self._backward = data, 0.0, tuple(children), lambda: None

    def _node(self, data, parents, slopes):
        out = Value(data, parents)

        def _backward():
            for parent, slope in zip(parents, slopes):
                parent.grad += slope * out.grad
        out._backward = _backward
        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._node(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._node(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, k):
        return self._node(self.data ** k, (self,), (k * self.data ** (k - 1),))
%s
    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, done = stack.pop()
            if done:
                order.append(v)
            elif v not in seen:
                seen.add(v)
                stack += [(v, True)] + [(p, False) for p in v._prev]
        self.grad = 1.0
        for v in reversed(order):
            v._backward()
'''

# the clamp and relu as statements (the fourth class's russian engine, the fifth's beginner)
STATEMENTS = ENGINE % '''
    def tanh(self):
        x = self.data
        if x > 20:
            th = 1.0
        elif x < -20:
            th = -1.0
        else:
            th = (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        out = Value(th, (self,))

        def _backward():
            self.grad += (1 - th ** 2) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        if self.data > 0:
            out = Value(self.data, (self,))
        else:
            out = Value(0, (self,))

        def _backward():
            if self.data > 0:
                self.grad = self.grad + out.grad
        out._backward = _backward
        return out
'''

# the same as expressions (their restructured copies)
EXPRESSIONS = ENGINE % '''
    def tanh(self):
        x = self.data
        th = 1.0 if x > 20 else -1.0 if x < -20 else (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        out = Value(th, (self,))

        def _backward():
            self.grad += (1 - th ** 2) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0, (self,))

        def _backward():
            self.grad += (1 if self.data > 0 else 0) * out.grad
        out._backward = _backward
        return out
'''


def texts(source, op):
    """The op's value and derivatives (its graph, the nodes it makes, aside: test_meanings.py reads those)."""
    return sorted(text.removeprefix(f"op {op} ") for _, text, _ in meanings(source).values()
                  if text.startswith(f"op {op} ") and not text.startswith(f"op {op} graph "))


CLAMPED = "(1 if (20 < x0) else (-1 if (x0 < -20) else (((math.exp((2 * x0)) + 1) ** -1) * (math.exp((2 * x0)) + -1))))"


def test_a_clamp_written_as_statements_means_what_the_conditional_expression_means():
    assert texts(STATEMENTS, "tanh") == texts(EXPRESSIONS, "tanh") == [
        f"d0 ((-1 * ({CLAMPED} ** 2)) + 1)", f"value {CLAMPED}"]


def test_two_nodes_one_made_in_each_branch_are_one_node_and_a_conditional_grad_is_its_derivative():
    # relu: `1 if c else 0` is the comparison c, and `x if x > 0 else 0` is max(0, x) (symbolic.choose)
    assert texts(STATEMENTS, "relu") == ["d0 (0 < x0)", "value max(0, x0)"]
    assert texts(EXPRESSIONS, "relu") == ["d0 (0 < x0)", "value max(0, x0)"]


def test_both_branches_returning_return_the_merged_value():
    returning = ENGINE % '''
    def _slope(self):
        if self.data > 0:
            return 1.0
        return 0.0

    def relu(self):
        if self.data > 0:
            value = self.data
        else:
            return Value(0.0, (self,))
        return Value(value, (self,))  # two nodes, one returned from each branch: one node (with no backward)

    def tanh(self):
        out = Value(max(self.data, 0.0), (self,))

        def _backward():
            self.grad += self._slope() * out.grad
        out._backward = _backward
        return out
'''
    assert texts(returning, "tanh") == ["d0 (0 < x0)", "value max(0, x0)"]
    assert texts(returning, "relu") == ["d0 0", "value max(0, x0)"]


def test_what_a_branch_cannot_put_back_leaves_the_op_unread_and_the_state_as_it_was():
    appending = ENGINE % '''
    LOG = []

    def relu(self):
        if self.data > 0:
            Value.LOG.append(self)
        return Value(max(self.data, 0), (self,))

    def tanh(self):
        if self.data > 0:
            return Value(1.0, (self,))
        self.flag = 1

    def exp(self):
        if self.data > 0:
            self.seen = True
        return Value(math.exp(self.data), (self,))
'''
    assert texts(appending, "relu") == []  # a list changed in place
    assert texts(appending, "tanh") == []  # one branch returns, the other goes on
    # an attribute one branch sets from nothing is that branch's, and the op is read without it
    assert texts(appending, "exp") == ["d0 0", "value math.exp(x0)"]
    assert texts(appending, "__mul__") == ["d0 x1", "d1 x0", "value (x0 * x1)"]  # the other ops as before


def test_a_reflected_op_that_takes_a_number_is_read_with_a_number():
    reflected = ENGINE % '''
    def __rtruediv__(self, other):
        return Value(other) * self ** -1
'''
    assert texts(reflected, "__rtruediv__") == ["d0 (-1 * (x0 ** -2) * x1)", "value ((x0 ** -1) * x1)"]
    assert texts(reflected, "__mul__") == ["d0 x1", "d1 x0", "value (x0 * x1)"]


def test_a_closure_that_returns_early_and_a_guard_that_raises_are_followed():
    """A function's end is a `return None`: a closure that returns early on one branch (`if k == 0: return`) and runs
    to its end on the other returns on both, and its effects merge; a branch that raises (a guard, `if x <= 0: raise
    ValueError(...)`) is where the op computes nothing: the op is what the other branch computes (the eighth class's
    Priya, whose pow and log were unread, and a restructuring of her engine that writes both as expressions)."""
    guarded = ENGINE % '''
    def __pow__(self, k):
        out = Value(self.data ** k, (self,))

        def _backward():
            if k == 0:
                return  # a constant: nothing flows back
            self.grad += k * self.data ** (k - 1) * out.grad
        out._backward = _backward
        return out

    def log(self):
        x = self.data
        if x <= 0:
            raise ValueError("log of a non-positive number")
        out = Value(math.log(x), (self,))

        def _backward():
            self.grad += out.grad / x
        out._backward = _backward
        return out
'''
    expressions = ENGINE % '''
    def __pow__(self, k):
        out = Value(self.data ** k, (self,))
        out._backward = lambda: setattr(self, "grad", self.grad + (0 if k == 0 else k * self.data ** (k - 1)) * out.grad)
        return out

    def log(self):
        out = Value(math.log(self.data), (self,))
        out._backward = lambda: setattr(self, "grad", self.grad + out.grad / self.data)
        return out
'''
    assert texts(guarded, "__pow__") == texts(expressions, "__pow__") == [
        "d0 (0 if (k == 0) else ((x0 ** (k + -1)) * k))", "value (x0 ** k)"]
    assert texts(guarded, "log") == texts(expressions, "log") == ["d0 (x0 ** -1)", "value math.log(x0)"]
    both = guarded.replace("            self.grad += k * self.data", "            raise ValueError\n            self.grad +=")
    assert texts(both, "__pow__") == []  # the rule raises on the other branch too: nothing computed, unread


def test_a_choice_of_0_or_1_is_the_opposite_comparison_for_every_operator():
    # `0 if c else 1` is not c: for `<` and `<=` the other turned round, for `==` and `!=` the other (it read
    # `0 if x == 0 else 1` as `0 < x` until session 14's review)
    from grader.similarity.symbolic import choose, compare, leaf

    x = leaf("x0")
    assert [choose(compare(op, x, 0), 0, 1).text for op in ("<", "<=", ">", "==", "!=")] == \
        ["(0 <= x0)", "(0 < x0)", "(x0 <= 0)", "(x0 != 0)", "(x0 == 0)"]
    assert choose(compare("==", x, 0), 1, 0).text == "(x0 == 0)"

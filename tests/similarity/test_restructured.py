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


def test_parallel_tuples_of_parents_and_derivatives_read_as_the_closure_of_their_pairs():
    pairs = '''
class Value:
    def __init__(self, data, links=(), op=""):
        self.data, self.grad, self.links, self._op = data, 0.0, tuple(links), op

    def __mul__(self, other):
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "*")
'''
    parallel = '''
class Value:
    def __init__(self, data, links=(), op=""):
        self.data, self.grad, self.links, self._op = data, 0.0, tuple(links), op

    def __mul__(self, other):
        return Value(self.data * other.data, (self, other), (other.data, self.data), "*")
'''
    assert units(parallel)["Value.__mul__"] == units(pairs)["Value.__mul__"]
    assert "def:_backward:0" in units(parallel)["Value.__mul__"]  # the closure its pairs stand for
    # a tuple of parents beside a label, or beside a tuple of another length, is no pair of tuples
    labelled = parallel.replace("(other.data, self.data), ", "").replace('"*")', '("*",))')
    assert "def:_backward:0" not in units(labelled)["Value.__mul__"]


def test_a_helper_whose_few_statements_are_one_return_is_inlined_as_a_one_line_helper_is():
    one_line = MICROGRAD_OPS.replace("class Value:", "def _wrap(x):\n    return x if isinstance(x, Value) else "
                                     "Value(x)\n\n\nclass Value:").replace(
        "other = other if isinstance(other, Value) else Value(other)", "other = _wrap(other)")
    branches = one_line.replace("    return x if isinstance(x, Value) else Value(x)",
                                "    # numbers become Values\n    if isinstance(x, Value):\n        return x\n"
                                "    else:\n        return Value(x)")
    assert "if isinstance(x, Value):" in branches
    assert units(branches) == units(one_line) == units(MICROGRAD_OPS)


def test_an_op_that_hands_its_parameters_to_a_named_method_is_that_method():
    named = MICROGRAD_OPS.replace("def __mul__(self, other):", "def times(self, other):").replace(
        "    def tanh(self):", "    def __mul__(self, x):\n        return self.times(x)\n\n    def tanh(self):")
    assert units(named)["Value.__mul__"] == units(MICROGRAD_OPS)["Value.__mul__"]
    assert "Value.times" not in units(named)
    # called by name elsewhere too (`a.times(b)` in another method): that call is the operator the op hands on to
    used = named + "\n    def square(self):\n        return self.times(self)\n"
    written = MICROGRAD_OPS + "\n    def square(self):\n        return self * self\n"
    assert units(used) == units(written)
    # a name that no operator hands on to is a method like any other
    other = named.replace("return self.times(x)", "return self.times(x) + 0") + \
        "\n    def square(self):\n        return self.times(self)\n"
    assert "Value.times" in units(other) and "Mult" not in units(other)["Value.square"]


def test_ops_called_by_name_read_as_their_operators():
    # an engine whose ops are named methods, its operators handing on to them, and its derived ops calling them by
    # name (`self.add(other.multiply(-1))`), reads as the same engine written with operators
    by_name = MICROGRAD_OPS.replace("def __mul__(self, other):", "def multiply(self, other):").replace(
        "    def tanh(self):", "    def __mul__(self, other):\n        return self.multiply(other)\n\n"
        "    def __neg__(self):\n        return self.multiply(-1)\n\n"
        "    def __truediv__(self, other):\n        return self.multiply(other.multiply(2)).multiply(3)\n\n"
        "    def tanh(self):")
    operators = MICROGRAD_OPS.replace("    def tanh(self):", "    def __neg__(self):\n        return self * -1\n\n"
                                      "    def __truediv__(self, other):\n        return (self * (other * 2)) * 3\n\n"
                                      "    def tanh(self):")
    assert units(by_name) == units(operators)
    # a call of that name whose value is thrown away is not the op: `seen.add(node)` adds to a set
    walk = "\n    def walk(self, seen):\n        seen.multiply(self)\n        return seen\n"
    assert units(by_name + walk)["Value.walk"] != units(operators + walk.replace("seen.multiply(self)", "seen * self"))[
        "Value.walk"]
    assert units(by_name + walk)["Value.walk"] == units(operators + walk)["Value.walk"]


def test_an_op_that_makes_its_node_of_what_it_computes_is_no_node_helper():
    named = MICROGRAD_OPS.replace("def __mul__(self, other):", "def times(self, other):") + '''
    def __rmul__(self, other):
        return self.times(other)

    def twice(self, other):
        return self.times(other)
'''
    # `times` computes its node (`Value(self.data * other.data, ...)`): `self.times(other)` is not `Value(other)`
    assert units(named)["Value.twice"][1:] == units(named)["Value.__rmul__"][1:]  # their names aside
    assert "Value.times" in units(named)
    assert "Value" not in units(named)["Value.__rmul__"]


def test_a_restructured_method_has_its_sources_structure_shape():
    from grader.similarity.normalise import read_source
    from grader.similarity.traits import structure_shapes

    pairs = MICROGRAD_OPS.replace('''        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out''', '''        return Value(self.data * other.data, (self, other), (other.data, self.data), "*")''')
    assert pairs != MICROGRAD_OPS
    shapes = {text for _, text, _ in structure_shapes(read_source(MICROGRAD_OPS).units).values()}
    restructured = {text for _, text, _ in structure_shapes(read_source(pairs).units).values()}
    assert shapes & restructured  # tanh, and __init__



TABLE_OPS = '''
import math


def _d_mul(node):
    a, b = node._prev
    return [b.data, a.data]


def _d_pow(node):
    (a,) = node._prev
    k = node._arg
    return [k * a.data ** (k - 1)]


LOCAL = {
    "*": _d_mul,
    "pow": _d_pow,
    "tanh": lambda node: (1 - node.data * node.data,),
}


class Value:
    def __init__(self, data, _children=(), _op="", _arg=None):
        self.data = data
        self.grad = 0
        self._prev = tuple(_children)
        self._op = _op
        self._arg = _arg

    def _backward(self):
        if not self._op:
            return
        for parent, local in zip(self._prev, LOCAL[self._op](self)):
            parent.grad += local * self.grad

    def __mul__(self, other):
        return Value(self.data * other.data, (self, other), "*")

    def __pow__(self, k):
        return Value(self.data ** k, (self,), "pow", _arg=k)

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")
'''

TABLE_AS_CLOSURES = '''
import math


class Value:
    def __init__(self, data, _children=(), _op="", _arg=None):
        self.data = data
        self.grad = 0
        self._prev = tuple(_children)
        self._op = _op
        self._arg = _arg
        self._backward = lambda: None

    def __mul__(self, other):
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __pow__(self, k):
        out = Value(self.data ** k, (self,), "pow", _arg=k)

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad += (1 - out.data * out.data) * out.grad
        out._backward = _backward
        return out
'''


def test_an_op_table_of_local_derivatives_reads_as_the_closures_it_stands_for():
    # each op's derivatives put in its closure, the table, its functions and the loop that applied it gone
    assert units(TABLE_OPS) == units(TABLE_AS_CLOSURES)
    # applied in the walk instead of a method of the node's: the loop is each node's rules called
    walk = TABLE_OPS.replace('''    def _backward(self):
        if not self._op:
            return
        for parent, local in zip(self._prev, LOCAL[self._op](self)):
            parent.grad += local * self.grad
''', '''    def backward(self):
        for node in self._order():
            for parent, local in zip(node._prev, LOCAL[node._op](node)):
                parent.grad += local * node.grad
''')
    read = units(walk)
    assert read["Value.__mul__"] == units(TABLE_AS_CLOSURES)["Value.__mul__"]
    assert " ".join(read["Value.backward"]).endswith("loop v call:0 .a v { Expr call:0 ._backward v } }")


def test_a_table_that_is_not_an_op_table_of_one_node_is_read_as_written():
    # two ops only, or an entry of two parameters: no design read, the table stays
    for text in (TABLE_OPS.replace('''    "tanh": lambda node: (1 - node.data * node.data,),\n''', ""),
                 TABLE_OPS.replace("lambda node: (1 - node.data * node.data,)", "lambda node, g: (g,)")):
        read = units(text)
        assert "_d_mul" in read and "def:_backward:0" not in read["Value.__mul__"]
    # an entry whose derivatives are not as many as the node's inputs: nothing read (the op left as written needs
    # the table and its loop)
    short = units(TABLE_OPS.replace("return [b.data, a.data]", "return [b.data]"))
    assert "def:_backward:0" not in short["Value.__mul__"] + short["Value.tanh"] and "Value._backward" in short


"""Issue 27, level 4: each op read as what it means (meanings.py): its value and each input's local derivative,
however the engine dispatches it, so that a restructured copy keeps its source's choices; read by the grader's own
evaluator of the syntax tree, within a budget, never run."""

import time

from grader.similarity.cohort import read_document, starter_kgrams
from grader.similarity.meanings import CHOICE_OPS, CHOICES_SIZE, meanings, op_forms
from grader.similarity.traits import _hash

TABLE = '''
import math

OPS = {
    "add": (lambda x, y: x + y, lambda x, y: 1.0, lambda x, y: 1.0),
    "mul": (lambda x, y: x * y, lambda x, y: y, lambda x, y: x),
    "tanh": (lambda x, _: math.tanh(x), lambda x, _: 1 - math.tanh(x) ** 2, None),
    "div": (lambda x, y: x / y, lambda x, y: 1 / y, lambda x, y: -x / y ** 2),
}


class Value:
    def __init__(self, data, op=None, args=()):
        self.data, self.grad, self.op, self.args = data, 0, op, args

    def apply(self, name, other=None):
        args = (self,) if other is None else (self, other if isinstance(other, Value) else Value(other))
        values = [a.data for a in args] + [None] * (2 - len(args))
        return Value(OPS[name][0](*values), name, args)

    def __add__(self, other): return self.apply("add", other)
    def __mul__(self, other): return self.apply("mul", other)
    def __truediv__(self, other): return self.apply("div", other)
    def tanh(self): return self.apply("tanh")

    def _push(self):
        if self.op is None:
            return
        values = [a.data for a in self.args] + [None] * (2 - len(self.args))
        for arg, derivative in zip(self.args, OPS[self.op][1:]):
            arg.grad += derivative(*values) * self.grad

    def backward(self):
        order, seen = [], set()

        def visit(v):
            if id(v) not in seen:
                seen.add(id(v))
                for a in v.args:
                    visit(a)
                order.append(v)

        visit(self)
        self.grad = 1
        for v in reversed(order):
            v._push()
'''

# the same engine restructured: closures made by a node helper, an explicit stack for the walk, `t * t`
CLOSURES = '''
import math


class Value:
    def __init__(self, data, children=()):
        self.data, self.grad, self._prev, self._backward = data, 0.0, children, lambda: None

    def _node(self, data, parents, *local):
        out = Value(data, parents)

        def _backward():
            for parent, d in zip(parents, local):
                parent.grad += d * out.grad

        out._backward = _backward
        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._node(self.data + other.data, (self, other), 1, 1)

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._node(self.data * other.data, (self, other), other.data, self.data)

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._node(self.data / other.data, (self, other), 1 / other.data, -self.data / other.data ** 2)

    def tanh(self):
        t = math.tanh(self.data)
        return self._node(t, (self,), 1 - t * t)

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, done = stack.pop()
            if done:
                order.append(v)
            elif v not in seen:
                seen.add(v)
                stack.append((v, True))
                stack.extend((p, False) for p in v._prev)
        self.grad = 1.0
        for v in reversed(order):
            v._backward()
'''

# the lecture's ops: `a - b` composed of `+` and `-`, tanh through exp
COMPOSED = '''
import math


class Value:
    def __init__(self, data, children=()):
        self.data, self.grad, self._prev, self._backward = data, 0.0, set(children), lambda: None

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other))

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other))

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def tanh(self):
        e = math.exp(2 * self.data)
        out = Value((e - 1) / (e + 1), (self,))

        def _backward():
            self.grad += (1 - out.data ** 2) * out.grad
        out._backward = _backward
        return out

    def backward(self):
        topo, visited = [], set()

        def build(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build(child)
                topo.append(v)
        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()
'''


def texts(source):
    """Each op's value and derivatives (its graph aside: test_each_ops_graph_is_the_nodes_it_makes)."""
    return sorted(text.removeprefix("op ") for _, text, _ in meanings(source).values()
                  if text.startswith("op ") and " graph " not in text)


def test_an_op_table_and_its_closures_restructured_mean_the_same():
    table, closures = texts(TABLE), texts(CLOSURES)
    assert table == closures
    whole = [{text for _, text, _ in meanings(source).values() if text.startswith("whole ops ")} for source in
             (TABLE, CLOSURES)]
    assert whole[0] == whole[1] and len(whole[0]) == 1  # which ops it has (the walks' designs differ: design.py)
    # `t * t` and `tanh(x) ** 2` of the output are one, and math.tanh is the lecture's tanh through exp
    assert ("tanh d0 ((-1 * ((math.exp((2 * x0)) + -1) ** 2) * ((math.exp((2 * x0)) + 1) ** -2)) + 1)"
            in table)
    assert "__truediv__ d1 (-1 * (x1 ** -2) * x0)" in table
    assert "__mul__ value (x0 * x1)" in table


def test_an_op_composed_of_others_means_what_the_composition_means():
    read = texts(COMPOSED)
    assert {"__sub__ value ((-1 * x1) + x0)", "__sub__ d0 1", "__sub__ d1 -1"} <= set(read)
    # tanh through exp is math.tanh (the lecture's identity, as variants.py reads it)
    assert "tanh value (((math.exp((2 * x0)) + 1) ** -1) * (math.exp((2 * x0)) + -1))" in read
    assert texts(COMPOSED.replace("(e - 1) / (e + 1)", "math.tanh(self.data)")) == read
    # math.pow(a, b) is a ** b (second 7301: a filler's `math.pow` went into every op built on __pow__)
    assert texts(COMPOSED.replace("out.data ** 2", "math.pow(out.data, 2)")) == read


def test_each_part_has_the_lines_of_its_method():
    found = meanings(TABLE, "s.py")
    lines = [lines for _, text, lines in found.values() if text.startswith("op tanh ")]
    # `def tanh(self): return self.apply("tanh")`: its value, its graph and its derivative
    assert lines == [{("s.py", 24)}] * 3


def test_nothing_of_the_file_runs_and_what_the_evaluator_does_not_follow_is_left_unread(tmp_path):
    marker = tmp_path / "ran"
    hostile = f'''
import os
os.system("touch {marker}")
open("{marker}", "w").write("x")


class Value:
    def __init__(self, data):
        self.data, self.grad = data, 0
        while True:
            pass

    def tanh(self):
        return Value(self.data)
'''
    started = time.process_time()
    assert meanings(hostile) == {}
    assert time.process_time() - started < 1.0
    assert not marker.exists()


def test_a_list_or_string_that_doubles_at_each_step_is_cut():
    doubling = COMPOSED.replace("        self.data, self.grad",
                                "        xs, s = [0], 'a'\n        for _ in range(64):\n"
                                "            xs, s = xs + xs, s + s\n            xs.extend(xs)\n"
                                "        self.data, self.grad")
    started = time.process_time()
    # every op makes a node, and no node can be made: no op is read, only the walk's design (design.py, read as written)
    assert [text for _, text, _ in meanings(doubling).values()] == ["whole design topological node node keep"]
    assert time.process_time() - started < 1.0


def test_an_expression_that_doubles_at_each_step_is_cut():
    growing = COMPOSED.replace("        e = math.exp(2 * self.data)\n",
                               "        e = math.exp(2 * self.data)\n        for _ in range(60):\n"
                               "            e = (e + 1) * (e + 2)\n")
    started = time.process_time()
    read = texts(growing)
    assert time.process_time() - started < 1.0
    assert not any(text.startswith("tanh ") for text in read)  # the one op left unread
    assert "__mul__ value (x0 * x1)" in read


def test_a_file_that_does_not_parse_or_is_too_long_has_no_meanings():
    assert meanings("class Value(:\n") == {}
    assert meanings(COMPOSED + "#" * 20_000) == {}


def test_the_starters_ops_left_as_given_are_not_the_students_even_where_no_fingerprint_covers_them():
    # a starter whose `__radd__` and `__rmul__` are two lines each (too short for a k-gram, so no line of them is
    # known as the starter's) and whose tanh is the exercise; a filler writes tanh and adds exp: two ops of their own,
    # so the engine's whole set of meanings is not theirs (fourth 9's hard pair shared it through the starter's ops)
    given = ("    def __radd__(self, other):  # other + self\n        return self + other\n\n"
             "    def __rmul__(self, other):\n        return self * other\n\n")
    starter = COMPOSED.replace("    def tanh(self):", given + "    def tanh(self):").replace(
        "        e = math.exp(2 * self.data)\n        out = Value((e - 1) / (e + 1), (self,))\n\n"
        "        def _backward():\n            self.grad += (1 - out.data ** 2) * out.grad\n"
        "        out._backward = _backward\n        return out\n",
        "        raise NotImplementedError('03-tanh')\n")
    exp = ("    def exp(self):\n        out = Value(math.exp(self.data), (self,))\n\n        def _backward():\n"
           "            self.grad += out.data * out.grad\n        out._backward = _backward\n        return out\n\n")
    filler = COMPOSED.replace("    def tanh(self):", given + exp + "    def tanh(self):")
    assert starter != COMPOSED and "def exp" in filler
    whole = {h for h, (_, text, _) in meanings(filler).items() if text.startswith("whole ")}
    assert len(whole) == 2  # read on its own, the engine has eight ops: its whole set is read (and its walk's design)
    read = read_document("filler", {"engine.py": filler}, starter_kgrams({"engine.py": starter}))
    assert not whole & set(read.structures)
    assert {text for _, text, _ in meanings(filler, given=op_forms(starter)).values()
            if text.startswith("op __radd__") or text.startswith("op __rmul__")} == set()
    # the same filler who rewrote `__radd__` wrote three ops of the starter's engine: still not four
    rewritten = filler.replace("        return self + other\n", "        return Value(other) + self\n", 1)
    read = read_document("filler", {"engine.py": rewritten}, starter_kgrams({"engine.py": starter}))
    assert not {h for h, (_, text, _) in meanings(rewritten).items() if text.startswith("whole ")} & set(read.structures)


# an engine whose method `tanh` calls the module's `tanh` (a function's names skip the class body, as Python's do), whose
# `data` is a property made by a call, and whose constructor checks `type(x)` of its number
PARENTS = '''
from math import exp, tanh


class Node:
    def __init__(self, x, parents=()):
        assert type(x) in (int, float)
        self.x, self.grad, self.parents = x, 0.0, list(parents)

    data = property(lambda self: self.x)

    def __add__(self, other):
        return Node(self.x + other.x, [(self, 1.0), (other, 1.0)])

    def __mul__(self, other):
        return Node(self.x * other.x, [(self, other.x), (other, self.x)])

    def tanh(self):
        return Node(tanh(self.x), [(self, 1 - tanh(self.x) ** 2)])

    def exp(self):
        return Node(exp(self.x), [(self, exp(self.x))])

    def backward(self, seed=1.0):
        self.grad += seed
        for parent, local in self.parents:
            parent.backward(local * seed)
'''


def test_a_method_named_as_a_module_function_calls_the_function_and_property_and_type_are_followed():
    read = texts(PARENTS)
    assert "tanh value (((math.exp((2 * x0)) + 1) ** -1) * (math.exp((2 * x0)) + -1))" in read
    assert "exp d0 math.exp(x0)" in read
    assert {"__mul__ value (x0 * x1)", "__mul__ d0 x1", "__mul__ d1 x0", "__add__ d1 1"} <= set(read)
    assert len(read) == 10  # every op read: the value and derivatives of __add__, __mul__, tanh and exp
    # a name the class body binds is not a function's: `scale` inside `tanh` is the module's, so unknown here
    hidden = PARENTS.replace("    data = property", "    scale = 2.0\n\n    data = property").replace(
        "tanh(self.x), [", "tanh(self.x) * scale, [")
    assert not any(text.startswith("tanh ") for text in texts(hidden))
    # the module's `scale = 1` is: tanh times 1 is tanh
    assert "tanh d0 ((-1 * ((math.exp((2 * x0)) + -1) ** 2) * ((math.exp((2 * x0)) + 1) ** -2)) + 1)" in texts(
        hidden.replace("from math import exp, tanh", "from math import exp, tanh\nscale = 1"))


def test_the_engines_whole_is_its_own_choices_when_enough_ops_hold_one():
    # COMPOSED as the lecture (subtracted as the reference is); relu, which it lacks, is one choice of its own, and
    # sigmoid another: the engine's own forms together are its choices when CHOICE_OPS ops or more hold one
    relu = ("    def relu(self):\n        out = Value(max(0, self.data), (self,))\n\n        def _backward():\n"
            "            self.grad += (out.data > 0) * out.grad\n        out._backward = _backward\n        return out\n\n")
    sigmoid = ("    def sigmoid(self):\n        s = 1 / (1 + math.exp(-self.data))\n        out = Value(s, (self,))\n\n"
               "        def _backward():\n            self.grad += s * (1 - s) * out.grad\n"
               "        out._backward = _backward\n        return out\n\n")
    lecture = starter_kgrams({"lecture.py": COMPOSED})
    one = COMPOSED.replace("    def tanh(self):", relu + "    def tanh(self):")
    two = COMPOSED.replace("    def tanh(self):", relu + sigmoid + "    def tanh(self):")
    canonical = {text for _, text, _ in meanings(COMPOSED).values()}

    def choices(source):
        chosen = sorted(text for _, text, _ in meanings(source).values()
                        if text.startswith("op ") and text not in canonical)
        return _hash("meaning choices", " ; ".join(chosen)), {text.split()[1] for text in chosen}

    for source, ops in ((one, {"relu"}), (two, {"relu", "sigmoid"})):
        h, held = choices(source)
        assert held == ops
        structures = read_document("s", {"engine.py": source}, frozenset(), lecture).structures
        assert (h in structures) == (len(ops) >= CHOICE_OPS)
        assert structures.get(h, CHOICES_SIZE) == CHOICES_SIZE


def graphs(source):
    return {text.split()[1]: text.split(" graph ", 1)[1] for _, text, _ in meanings(source).values()
            if text.startswith("op ") and " graph " in text}


def test_each_ops_graph_is_the_nodes_it_makes():
    # the nodes an op makes, from the one it returns: an input as x0/x1, a node of a constant as c(...), a node made as
    # (its data; its children), whatever the attribute that holds them; a set's children in a fixed order
    read = graphs(COMPOSED)
    assert read["__sub__"] == "(out; ((-1 * x1); c(-1), x1), x0)" and read["tanh"] == "(out; x0)"
    ordered = COMPOSED.replace("set(children)", "tuple(children)")
    assert graphs(ordered)["__sub__"] == "(out; x0, ((-1 * x1); x1, c(-1)))"
    # `self + other * -1` makes the nodes `self + (-other)` makes through `self * -1` (a restyle), and a __sub__ of
    # its own makes one node: composed or not is the author's choice, which the op's value and derivatives do not say
    assert graphs(ordered.replace("return self + (-other)", "return self + other * -1")) == graphs(ordered)
    own = ordered.replace("        return self + (-other)", """        out = Value(self.data - other.data, (self, other))

        def _backward():
            self.grad += out.grad
            other.grad -= out.grad
        out._backward = _backward
        return out""")
    assert graphs(own)["__sub__"] == "(out; x0, x1)"
    assert texts(own) == texts(ordered)
    # and the order an op puts its operands in: `other + self` for `self + other` (sixth's 'subclass_zh', whose
    # restructured copy keeps it through a table of ops)
    radd = "    def __radd__(self, other):\n        return %s\n\n    def __neg__(self):"
    lecture = graphs(ordered.replace("    def __neg__(self):", radd % "self + other"))["__radd__"]
    swapped = graphs(ordered.replace("    def __neg__(self):", radd % "other + self"))["__radd__"]
    assert (lecture, swapped) == ("(out; x0, x1)", "(out; x1, x0)")

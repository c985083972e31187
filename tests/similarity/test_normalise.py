"""Each normalisation step: the disguised and the plain version give the same tokens, a real change does not."""

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


def test_comments_docstrings_and_layout_are_dropped():
    disguised = """
        class Value:
            '''A value.'''
            def __init__(self, data, _children=(), _op=""):
                # the number
                self.data = data

                self.grad = 0   # nothing yet
                self._prev = set(_children)
            def __mul__(self, other):
                "multiply"
                other = other if isinstance(other, Value) else Value(other)
                out = Value(self.data * other.data, (self, other), '*')
                def _backward():
                    pass
                    self.grad += other.data * out.grad  ;  other.grad += self.data * out.grad
                out._backward = _backward
                return out
    """
    assert tokens(disguised) == tokens(MUL)


def test_identifiers_are_renamed_by_role_but_the_api_is_kept():
    renamed = MUL.replace("other", "rhs").replace("out", "res").replace("_children", "kids").replace("_op", "op_")
    assert tokens(renamed) == tokens(MUL)
    assert tokens(MUL.replace(".grad", ".g")) != tokens(MUL)  # `grad` is the API: a copy cannot rename it
    assert "def:__mul__:2" in tokens(MUL)["Value.__mul__"]
    assert "isinstance" in tokens(MUL)["Value.__mul__"]  # builtins keep their names


def test_augmented_assignments_and_operand_order_are_canonical():
    written_out = MUL.replace("self.grad += other.data * out.grad", "self.grad = self.grad + out.grad * other.data")
    assert tokens(written_out) == tokens(MUL)
    assert tokens("def f(a, b):\n    return b > a\n") == tokens("def f(a, b):\n    return a < b\n")


def test_loops_for_and_while_are_the_same_loop():
    by_for = """
        def backward(self, order):
            for node in reversed(order):
                node._backward()
            for i in range(0, 3):
                print(i)
    """
    by_while = """
        def backward(self, order):
            nodes = list(order)
            k = len(nodes) - 1
            while k >= 0:
                node = nodes[k]
                k -= 1
                node._backward()
            i = 0
            while i < 3:
                print(i)
                i += 1
    """
    assert tokens(by_while) == tokens(by_for)
    assert tokens(by_for)["backward"].count("loop") == 2


def test_dead_code_is_dropped():
    padded = MUL.replace("            out._backward = _backward\n",
                         "            unused = 3\n            if False:\n                print('debug')\n"
                         "            out._backward = _backward\n").replace(
        "            return out\n", "            return out\n            print('never')\n")
    assert tokens(padded) == tokens(MUL)


def test_helpers_inlined_or_extracted_read_the_same():
    extracted = MUL.replace("other = other if isinstance(other, Value) else Value(other)",
                            "other = Value.lift(other)") + textwrap.indent(textwrap.dedent("""
        @staticmethod
        def lift(x):
            return x if isinstance(x, Value) else Value(x)
    """), "        ")
    got = tokens(extracted)
    assert got["Value.__mul__"] == tokens(MUL)["Value.__mul__"]
    assert got == tokens(MUL)  # every call inlined: the helper's own `def` is gone too, not code of the copier's own


def test_a_helper_named_elsewhere_than_in_a_call_is_kept():
    passed_on = MUL.replace("            out._backward = _backward\n",
                            "            out._backward = _backward\n            out.lift = Value.lift\n") + \
        textwrap.indent(textwrap.dedent('''
        @staticmethod
        def lift(x):
            return x if isinstance(x, Value) else Value(x)
    '''), "        ")
    assert "Value.lift" in tokens(passed_on)


def test_statements_a_temporary_kept_apart_are_put_in_order_once_it_is_put_in_place():
    rules = "                self.grad += other.data * out.grad\n                other.grad += self.data * out.grad\n"
    plain = MUL.replace(rules, "                self.grad += out.grad / other.data\n"
                               "                other.grad -= out.grad * self.data / other.data ** 2\n")
    # the red team's level 4: a temporary for one product, and the two rules swapped
    disguised = MUL.replace(rules, "                other.grad -= out.grad * self.data / other.data ** 2\n"
                                   "                g_self = out.grad / other.data\n"
                                   "                self.grad = self.grad + g_self\n")
    assert tokens(disguised) == tokens(plain)


def test_a_classes_attributes_in_another_order_read_the_same():
    fields = '''
        @dataclass
        class Value:
            data: float
            grad: float = 0.0
            _prev: tuple = ()
            _backward: Callable = field(default=lambda: None)
            label: str = ""

            def __mul__(self, other):
                return Value(self.data * other.data, (self, other))
    '''
    moved = fields.replace('            label: str = ""\n', "").replace(
        "            data: float\n", '            label: str = ""\n            data: float\n').replace(
        "            grad: float = 0.0\n            _prev: tuple = ()\n",
        "            _prev: tuple = ()\n            grad: float = 0.0\n")
    assert moved != fields and tokens(moved) == tokens(fields)


def test_a_packed_engine_reads_as_the_engine_without_its_packing():
    import base64
    import zlib

    source = textwrap.dedent(MUL)
    payload = base64.b64encode(zlib.compress(source.encode())).decode()
    packed = f"import base64, zlib\nexec(zlib.decompress(base64.b64decode({payload!r})))\n"
    units = units_of(packed)
    assert [u.name for u in units] == [f"<exec line 2>.{u.name}" for u in units_of(source)]
    assert [u.tokens for u in units] == [u.tokens for u in units_of(source)]


def test_keywords_temporaries_and_containers_are_canonical():
    variant = MUL.replace('out = Value(self.data * other.data, (self, other), "*")',
                          'out = Value(self.data * other.data, _children=[self, other], _op="*")').replace(
        "                self.grad += other.data * out.grad\n",
        "                g = out.grad\n                local = other.data\n                self.grad += local * g\n")
    assert tokens(variant) == tokens(MUL)


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


def test_a_file_with_a_syntax_error_is_read_around_the_error():
    broken = MUL.replace("def __mul__(self, other):", "def __mul__(self, other)").replace(
        "self.grad = 0", "self.grad = 0\n            self.label = ''")
    units = {unit.name for unit in units_of(textwrap.dedent(broken))}
    assert "Value.__init__" in units  # the rest of the file is still read as a syntax tree
    hopeless = "\n".join(["value = (1 +"] * 12)  # more errors than MAX_REPAIRS
    (unit,) = units_of(hopeless)
    assert unit.name == "<file>" and unit.tokens[:4] == ("v", "=", "(", "1")  # its lexical tokens


def test_lines_are_kept_for_every_token():
    unit = next(u for u in units_of(textwrap.dedent(MUL)) if u.name == "Value.__mul__")
    assert len(unit.lines) == len(unit.tokens)
    assert min(unit.lines) == 8 and max(unit.lines) == 17  # `def __mul__` to `return out`


def test_independent_statements_in_another_order_read_the_same():
    swapped = MUL.replace("""                self.grad += other.data * out.grad
                other.grad += self.data * out.grad""", """                other.grad += self.data * out.grad
                self.grad += other.data * out.grad""")
    assert swapped != MUL and tokens(swapped) == tokens(MUL)
    # a statement that reads what the other writes keeps its place
    dependent = "def f(a, c):\n    c.y = a.x\n    a.x = 2\n"
    assert tokens(dependent) != tokens("def f(a, c):\n    a.x = 2\n    c.y = a.x\n")


def test_a_no_op_assert_is_dropped():
    assert tokens(MUL.replace("out._backward = _backward", "assert True\n            out._backward = _backward")) == tokens(MUL)


def test_only_short_runs_of_assignments_are_put_in_order():
    # the sort is quadratic: a run longer than MAX_RUN (a hostile file's thousands of lines) stays as written
    from grader.similarity.canonical import MAX_RUN

    def run(n):
        return "def f(a):\n" + "".join(f"    a.x{i} = {n - i}\n" for i in range(n))

    short, long = units_of(run(MAX_RUN))[0].tokens, units_of(run(MAX_RUN + 1))[0].tokens
    constants = [t for t in short if t.isdigit()]
    assert constants == sorted(constants, key=int)  # put in order
    constants = [t for t in long if t.isdigit()]
    assert constants == sorted(constants, key=int, reverse=True)  # as written


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
    assert got["relu_of"] == plain["relu_of"] == "def:f:1 { Return IfExp cmp:Lt .data v 0 0 .data v }"
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

"""Each normalisation step on its own: comments, names, operands, loops, dead code, helpers, attributes, packing,
keywords, syntax errors, statement order; the disguised and the plain version give the same tokens, a real change
does not (dispatch and the program's shapes: test_normalise.py)."""

import textwrap

from grader.similarity.normalise import units_of

from .test_normalise import MUL, tokens


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

def test_a_temporary_chosen_by_a_branch_is_put_in_place():
    """`if x < 0: v = 0` / `else: v = x` is `v = 0 if x < 0 else x` (canonical.py), a temporary read once: micrograd's
    `Value(0 if self.data < 0 else self.data, ...)` restyled by a copier (bench/similarity/pubcopies p110, p112)."""
    plain = "class Value:\n    def relu(self):\n        out = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')\n" \
            "        return out\n"
    branched = plain.replace("        out = Value(0 if self.data < 0 else self.data,",
                             "        if self.data < 0:\n            v = 0\n        else:\n            v = self.data\n"
                             "        out = Value(v,")
    assert tokens(branched) == tokens(plain)


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


def test_a_text_formatted_by_percent_format_or_joined_reads_as_its_f_string():
    written = tokens("def f(k):\n    return Value(1, (), f'**{k}')\n")
    for other in ("'**' + str(k)", "'**%s' % k", "'**{}'.format(k)", "'**' + str(k) + '!'"):
        assert tokens(f"def f(k):\n    return Value(1, (), {other})\n") == written, other
    assert tokens("def f(k):\n    return Value(1, (), '**' + k)\n") != written  # a plain `+`: no str() in it
    assert tokens("def f(k):\n    return k % 2\n") != tokens("def f(k):\n    return f'{k}'\n")


def test_the_files_engine_class_reads_as_value_whatever_its_name():
    backward = "        def backward(self):\n            self.grad = 1\n"
    pasted, plain = MUL.replace("Value", "RefValue") + backward, MUL + backward
    assert tokens("from engine import Value\n" + textwrap.dedent(pasted)) == \
        tokens("from engine import Value\n" + textwrap.dedent(plain))
    # a class that is no engine (no backward) keeps its role, and so do two engines or one beside a Value
    assert tokens(MUL.replace("Value", "RefValue")) != tokens(MUL)
    two = textwrap.dedent(pasted) + textwrap.dedent(pasted).replace("RefValue", "Other")
    assert "Value" not in " ".join(tokens(two).values()).split()

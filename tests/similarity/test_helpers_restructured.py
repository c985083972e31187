"""Issue 27 (session 35, sim35a): one-line helpers as a level-4 copier restructures them (sim34b2's copies of
07-mlp-xor's networks). A recursive helper is not put in its own calls (it was unrolled once: the layers applied
recursively by a module function and by a nested closure read as two codes), a name two functions are defined under is
an override and not inlined (the base class's `return iter(())` was read in every `self.iter_params()`), and a one-line
module function passed by its name to a call is the lambda of its expression there, its docstring aside (`reduce(_mac,
...)` is `reduce(lambda acc, wx: acc + wx[0] * wx[1], ...)`). Definitions are counted per scope (fix35sim): a
method of a module helper's name in some class (a copier's unused class, each helper's name defined again) does not
stop the helper being put in its bare-name calls.
"""

import ast
import textwrap
from pathlib import Path

from grader.similarity import compare
from grader.similarity.cohort import read_document
from grader.similarity.normalise import read_source

from .public_known import read_once
from .test_similarity import CLASS, engine

EVASIONS = Path(__file__).parent / "evasions"


def units(text: str) -> dict[str, str]:
    return {u.name: " ".join(u.tokens) for u in read_source(textwrap.dedent(text), "nn.py").units}


RECURSION = "Return IfExp v call:2 f Subscript v Slice 1 call:1 Subscript v 0 v v"


def test_a_recursive_helper_reads_alike_as_a_module_function_and_as_a_nested_closure():
    module = units("""
        class MLP:
            def __call__(self, x):
                return _run(self.layers, x)

        def _run(layers, x):
            if not layers:
                return x
            return _run(layers[1:], layers[0](x))
        """)
    nested = units("""
        class MLP:
            def __call__(self, x):
                def through(rest, signal):
                    return signal if not rest else through(rest[1:], rest[0](signal))
                return through(self.layers, x)
        """)
    assert module["MLP.__call__"] == "def:__call__:2 { Return call:2 f .a v v }"
    assert module["_run"] == f"def:f:2 {{ {RECURSION} }}"  # kept: its calls go on calling it
    assert nested["MLP.__call__"] == f"def:__call__:2 {{ def:f:2 {{ {RECURSION} }} Return call:2 f .a v v }}"


def test_a_method_its_subclasses_override_is_not_read_as_the_base_classs_body():
    read = units("""
        class Module:
            def iter_params(self):
                return iter(())

            def zero_grad(self):
                for p in self.iter_params():
                    p.grad = 0

        class Neuron(Module):
            def iter_params(self):
                yield from self.w
        """)
    assert read["Module.zero_grad"] == "def:zero_grad:1 { loop v call:0 .a v { = .grad v 0 } }"
    # a method of one definition is still inlined where it is called
    once = units("""
        class Module:
            def iter_params(self):
                return iter(self.w)

            def zero_grad(self):
                for p in self.iter_params():
                    p.grad = 0
        """)
    assert once["Module.zero_grad"] == "def:zero_grad:1 { loop v call:1 iter .a v { = .grad v 0 } }"


LAMBDAS = """
    from functools import reduce

    class Neuron:
        def __call__(self, x):
            z = reduce(lambda acc, pair: acc + pair[0] * pair[1], zip(self.w, x), self.b)
            return reduce(lambda signal, layer: layer(signal), self.layers, z)
    """

NAMED = """
    from functools import reduce

    def _mac(total, wx):
        \"\"\"multiply-accumulate: total + w * x\"\"\"
        return total + wx[0] * wx[1]

    def _feed(signal, layer):
        return layer(signal)

    class Neuron:
        def __call__(self, x):
            pre = reduce(_mac, zip(self.w, x), self.b)
            return reduce(_feed, self.layers, pre)
    """


def test_a_one_line_function_passed_by_name_is_its_lambda_its_docstring_aside():
    named, lambdas = units(NAMED), units(LAMBDAS)
    assert named == lambdas  # the two helpers' defs dropped: every use of them put in place
    assert named["Neuron.__call__"] == (
        "def:__call__:2 { = v call:3 .reduce mod:functools Lambda arguments arg arg Add Mult Subscript v 0 Subscript v "
        "1 v call:2 zip .a v v .a v Return call:3 .reduce mod:functools Lambda arguments arg arg call:1 v v .a v v }")
    # a helper named anywhere else than as an argument (stored, returned) is kept where it is defined
    stored = units(NAMED + "\n    STEP = _mac\n")
    assert "_mac" in stored and "_feed" not in stored
    # one with a docstring called is left a call, as before (read past there too, it made the helpers of honest
    # students the same forms as their classmates' inline code: sim32b1 0.8515 -> 0.8369, session 35)
    called = units(NAMED.replace("reduce(_mac, zip(self.w, x), self.b)", "_mac(self.b, x)"))
    assert called["Neuron.__call__"] == ("def:__call__:2 { = v call:2 f .a v v Return call:3 .reduce mod:functools Lambda "
                                         "arguments arg arg call:1 v v .a v v }")
    assert called["_mac"] == "def:f:2 { Return Add Mult Subscript v 0 Subscript v 1 v }"


def test_a_method_of_a_helpers_name_elsewhere_does_not_stop_the_helper_being_inlined():
    """`f(x)` calls the module's `f`, `obj.f()` a method: a bare-name call is resolved among the functions that are no
    class's, a call of an attribute among the methods, each counted apart."""
    helper = """
        def _lift(x):
            return x if isinstance(x, Value) else Value(x)

        class Value:
            def __add__(self, other):
                other = _lift(other)
                return Value(self.data + other.data)
        """
    dummy = """
        class _Old:
            def _lift(self, x):
                return x
        """
    alone, beside = units(helper), units(helper + dummy)
    inlined = ("def:__add__:2 { = v IfExp call:2 isinstance v Value v call:1 Value v Return call:1 Value Add .data v "
               ".data v }")
    assert alone["Value.__add__"] == beside["Value.__add__"] == inlined
    assert "_lift" not in alone and "_lift" not in beside  # the module's helper dropped, every call of it inlined
    assert beside["_Old._lift"] == "def:f:2 { Return v }"  # the class's method is kept: nothing called it
    # the other way round: `old._lift(x)` reaches the method (inlined, and dropped), never the module's function
    called = units(dummy + """
        def _lift(x):
            return x if isinstance(x, Value) else Value(x)

        class Value:
            def grow(self, old, other):
                return old._lift(other)
        """)
    assert called["Value.grow"] == "def:f:3 { Return v }"
    assert called["_lift"] == "def:f:1 { Return IfExp call:2 isinstance v Value v call:1 Value v }"
    assert "_Old._lift" not in called


def _with_dummy_methods(copy: str) -> str:
    """COPY with an unused class defining again, as a method, each of its module functions' names (the evasion)."""
    names = [node.name for node in ast.parse(copy).body if isinstance(node, ast.FunctionDef)]
    methods = "".join(f"\n    def {name}(self, x):\n        return x\n" for name in names)
    return copy + f"\n\nclass _Scalar:\n    \"\"\"Kept for the old notebook.\"\"\"\n{methods}"


def test_an_unused_class_redefining_the_helpers_names_does_not_hide_an_extracted_copy():
    """The reviewer's evasion of session 35: a copy that extracts lines into one-line module helpers, then defines
    each helper's name again in an unused class, scored 0.1472 against its source in the reviewer's class (0.9266
    without the class); it scores as the copy without the class does, within 0.1 (the class's few lines are the copy's
    own): here 0.9942 without, 0.7058 -> 0.9939 with."""
    source = (EVASIONS / "h_extracted_source.py").read_text(encoding="utf-8")
    copy = (EVASIONS / "h_extracted_copy.py").read_text(encoding="utf-8")
    evaded = _with_dummy_methods(copy)
    assert evaded.count("def _lift(") == 2 and evaded.count("def _drelu(") == 2
    honest = [read_once(name.split("/")[-1], engine(name)) for name in CLASS]

    def score(text: str) -> float:
        pair = [read_document("source", {"engine.py": source}), read_document("copy", {"engine.py": text})]
        record = compare(honest + pair, [])
        return next((p["score"] for p in record["pairs"] if {p["a"], p["b"]} == {"source", "copy"}), 0.0)

    plain = score(copy)
    assert plain > 0.9  # the extracted copy is found (0.9942)
    assert abs(score(evaded) - plain) <= 0.1

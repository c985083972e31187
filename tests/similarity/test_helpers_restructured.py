"""Issue 27 (session 35, sim35a): one-line helpers as a level-4 copier restructures them (sim34b2's copies of
07-mlp-xor's networks). A recursive helper is not put in its own calls (it was unrolled once: the layers applied
recursively by a module function and by a nested closure read as two codes), a name two functions are defined under is
an override and not inlined (the base class's `return iter(())` was read in every `self.iter_params()`), and a one-line
module function passed by its name to a call is the lambda of its expression there, its docstring aside (`reduce(_mac,
...)` is `reduce(lambda acc, wx: acc + wx[0] * wx[1], ...)`)."""

import textwrap

from grader.similarity.normalise import read_source


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

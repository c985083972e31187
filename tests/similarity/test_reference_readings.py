"""Readings that kept the course's reference from explaining its own code written plainly (session 22, simhard5):
a module's function called (`math.sin(x)`) was read as the file's one-line method of that name (08-dual-numbers'
`Dual.sin` and `Dual.cos`: the reference's `sin` read as `Dual(math.sin(self.value.value), ...)` and its `cos`
dropped as inlined)."""

import textwrap

from grader.similarity.normalise import read_source


def units(text: str) -> dict[str, str]:
    return {u.name: " ".join(u.tokens) for u in read_source(textwrap.dedent(text), "dual.py").units}


DUAL = """
import math


class Dual:
    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def sin(self):
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)
"""


def test_a_modules_function_is_not_the_files_method_of_its_name():
    read = units(DUAL)
    assert read["Dual.sin"] == ("def:f:1 { Return call:2 c call:1 .sin mod:math .a v Mult .a v call:1 .cos mod:math "
                                ".a v }")
    assert read["Dual.cos"] == ("def:f:1 { Return call:2 c call:1 .cos mod:math .a v Mult .a v USub call:1 .sin "
                                "mod:math .a v }")
    # the file's own method called on a value is still inlined, as any one-line helper (and its def then dropped)
    read = units(DUAL + "\n\ndef wave(x):\n    return x.sin()\n")
    assert read["wave"] == units(DUAL.replace("def sin(self)", "def sine(self)") + "\n\ndef wave(x):\n    return "
                                 "Dual(math.sin(x.value), math.cos(x.value) * x.deriv)\n")["wave"]
    assert "Dual.sin" not in read


def test_a_temporary_of_a_number_is_put_in_place_among_the_canonical_variants():
    """variants.py (`loop_forms._TemporaryPut`): the reference's `t = math.tanh(self.value)` then `t` is also the
    canonical code with `math.tanh(self.value)` at each read, as a student who never names it writes it; a temporary a
    closure reads (the engine's tanh: the closure runs at backward time) is left."""
    from grader.similarity.variants import canonical_variants

    dual = textwrap.dedent("""
        import math


        class Dual:
            def tanh(self):
                t = math.tanh(self.value)
                return Dual(t, (1 - t ** 2) * self.deriv)
    """)
    written = "\n".join(canonical_variants({"dual.py": dual}).values())
    assert "return Dual(math.tanh(self.value), (1 - math.tanh(self.value) ** 2) * self.deriv)" in written
    engine = textwrap.dedent("""
        import math


        class Value:
            def tanh(self):
                t = math.tanh(self.data)
                out = Value(t, (self,), 'tanh')

                def _backward():
                    self.grad += (1 - t ** 2) * out.grad
                out._backward = _backward
                return out
    """)
    written = "\n".join(canonical_variants({"engine.py": engine}).values())
    assert "math.tanh(self.data) ** 2" not in written

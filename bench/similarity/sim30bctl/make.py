"""Fresh hard negatives for session 30's sim30b (typed by hand before any change of sim30b was measured on them):
twelve independent students of 04-more-ops, three for each of four ways of filling the starter that a course's
students share without copying, none copied from another, each with their own names, comments and the forms the way
leaves open; and three real copies (levels 2 and 3) of one student of three ways, so that an average precision
means something.

- r (a textbook that writes every local derivative as a factor in front of `out.grad`): log's `(1 / x) * out.grad`
  where the class writes `out.grad / x`; sub, neg and div each a closure of its own with `1.0 * out.grad`,
  `-1.0 * out.grad`, `(1 / b) * out.grad` and `(-a / b ** 2) * out.grad`: the same op's line written with another
  operator, and the starter's lines written again for another op.
- h (a tutorial that turns the starter's coercion line into a one-line helper): `return x if isinstance(x, Value)
  else Value(x)` as a module function (each its own name), called in + and * in place of the starter's line and in
  every reflected op (`h(other) - self`, `h(other) / self`, `h(other) + self`, `h(other) * self`).
- z (notes that guard division): div a closure of its own with `if other.data == 0: raise ZeroDivisionError(...)`
  (each its own message), log guarded the same way, the rest the lecture's.
- p (the handout's "everything through pow and mul"): neg `self * -1`, sub `self + other * -1`, div
  `self * other ** -1`, rsub `other + self * -1`, rtruediv `other * self ** -1`; pow, exp and log as the lecture.

Copies: r2_copy (level 2 of r2: renamed, comments reworded), h3_copy (level 3 of h3: the helper renamed and moved
into the class as a staticmethod, `+=` written out, exp and log moved after the derived ops), z1_copy (level 2 of
z1: renamed, the messages reworded).

    python bench/similarity/sim30bctl/make.py   (writes honest/*.py and copies/*.py from the starter, each through
                                                 the eighteenth class's check against the course's reference)
"""
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
# sim29cctl's way of filling the starter and of disguising a copy (loaded under a name of its own: `make` is each
# control folder's own module)
_spec = importlib.util.spec_from_file_location("sim29cctl_make", HERE.parent / "sim29cctl" / "make.py")
_sim29 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_sim29)
fill, closure, renamed, written_out, moved_after, COERCE = (_sim29.fill, _sim29.closure, _sim29.renamed,
                                                            _sim29.written_out, _sim29.moved_after, _sim29.COERCE)


def one_line_helper(name: str, x: str = "x", comment: str = "") -> str:
    return f"def {name}({x}):{comment}\n    return {x} if isinstance({x}, Value) else Value({x})\n\n\n"


def lecture(**more: str) -> dict[str, str]:
    """The lecture's derived ops, with MORE's in their place."""
    return {"__neg__": "        return self * -1\n", "__sub__": "        return self + (-other)\n",
            "__rsub__": "        return other + (-self)\n", "__truediv__": "        return self * other ** -1\n",
            "__rtruediv__": "        return other * self ** -1\n", **more}


HONEST = {
    # -- r: every local derivative a factor in front of out.grad
    "r1": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += (k * self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += (1 / self.data) * out.grad\n"),
        "__neg__": closure("out", "-self.data", "(self,)", '"neg"', "            self.grad += -1.0 * out.grad\n"),
        "__sub__": closure("out", "self.data - other.data", "(self, other)", '"-"',
                           "            self.grad += 1.0 * out.grad\n            other.grad += -1.0 * out.grad\n",
                           pre=f"        {COERCE}\n"),
        "__rsub__": "        return Value(other) - self\n",
        "__truediv__": closure("out", "self.data / other.data", "(self, other)", '"/"',
                               "            self.grad += (1 / other.data) * out.grad\n"
                               "            other.grad += (-self.data / other.data ** 2) * out.grad\n",
                               pre=f"        {COERCE}\n"),
        "__rtruediv__": "        return Value(other) / self\n"}),
    "r2": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", "f'**{k}'",
                           "            # local derivative first, then the chain rule\n"
                           "            self.grad += (k * self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", "'exp'",
                       "            self.grad += math.exp(self.data) * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += (1.0 / self.data) * out.grad\n"),
        "__neg__": closure("out", "-self.data", "(self,)", "'-'", "            self.grad += -1 * out.grad\n"),
        "__sub__": closure("out", "self.data - other.data", "(self, other)", "'-'",
                           "            self.grad += 1 * out.grad\n            other.grad += -1 * out.grad\n",
                           pre=f"        {COERCE}\n"),
        "__rsub__": "        return Value(other).__sub__(self)\n",
        "__truediv__": closure("out", "self.data / other.data", "(self, other)", "'/'",
                               "            # d(a/b)/da = 1/b, d(a/b)/db = -a/b^2\n"
                               "            self.grad += (1.0 / other.data) * out.grad\n"
                               "            other.grad += (-self.data / other.data**2) * out.grad\n",
                               pre=f"        {COERCE}\n"),
        "__rtruediv__": "        return Value(other).__truediv__(self)\n"}),
    "r3": fill({
        "__pow__": closure("v", "self.data ** k", "(self,)", '"**" + str(k)',
                           "            self.grad += (k * self.data ** (k - 1)) * v.grad\n"),
        "exp": closure("v", "e", "(self,)", '"exp"', "            self.grad += e * v.grad\n",
                       pre="        e = math.exp(self.data)\n"),
        "log": closure("v", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += (1 / self.data) * v.grad  # d ln x = dx / x\n"),
        "__neg__": closure("v", "-self.data", "(self,)", '"neg"', "            self.grad += -1.0 * v.grad\n"),
        "__sub__": closure("v", "self.data - other.data", "(self, other)", '"sub"',
                           "            self.grad += 1.0 * v.grad\n            other.grad += -1.0 * v.grad\n",
                           pre=f"        {COERCE}\n"),
        "__rsub__": "        return Value(other) - self\n",
        "__truediv__": closure("v", "self.data / other.data", "(self, other)", '"div"',
                               "            self.grad += (1 / other.data) * v.grad\n"
                               "            other.grad += (-self.data / (other.data * other.data)) * v.grad\n",
                               pre=f"        {COERCE}\n"),
        "__rtruediv__": "        return Value(other) / self\n"}),
    # -- h: the starter's coercion line as a one-line helper, called everywhere
    "h1": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += out.grad / self.data\n"),
        **lecture(__rsub__="        return as_value(other) - self\n",
                  __rtruediv__="        return as_value(other) / self\n")},
        one_line_helper("as_value"), "other = as_value(other)"),
    "h2": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", "f'**{k}'",
                           "            self.grad += (k * self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "t", "(self,)", "'exp'", "            self.grad += t * out.grad\n",
                       pre="        t = math.exp(self.data)\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += out.grad / self.data\n"),
        **lecture(__sub__="        return self + (-to_value(other))\n",
                  __rsub__="        return to_value(other) - self\n",
                  __truediv__="        return self * to_value(other) ** -1\n",
                  __rtruediv__="        return to_value(other) / self\n")},
        one_line_helper("to_value", "v", "  # numbers become constant leaves"), "other = to_value(other)"),
    "h3": fill({
        "__pow__": closure("res", "self.data ** k", "(self,)", '"**%s" % k',
                           "            self.grad += k * self.data ** (k - 1) * res.grad\n"),
        "exp": closure("res", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += res.data * res.grad\n"),
        "log": closure("res", "math.log(self.data)", "(self,)", '"log"',
                       "            # d/dx log x = 1/x\n            self.grad += res.grad / self.data\n"),
        **lecture(__rsub__="        return wrap(other) - self\n",
                  __rtruediv__="        return wrap(other) * self ** -1\n")},
        one_line_helper("wrap", "obj"), "other = wrap(other)"),
    # -- z: division and log guarded
    "z1": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"', "            self.grad += out.grad / self.data\n",
                       pre="        if self.data <= 0:\n            raise ValueError(\"log needs a positive number\")\n"),
        **lecture(__truediv__=closure(
            "out", "self.data / other.data", "(self, other)", '"/"',
            "            self.grad += out.grad / other.data\n"
            "            other.grad -= out.grad * self.data / other.data ** 2\n",
            pre=f"        {COERCE}\n        if other.data == 0:\n"
                "            raise ZeroDivisionError(\"division of a Value by zero\")\n"),
            __rtruediv__="        return Value(other) / self\n")}),
    "z2": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", "f'**{k}'",
                           "            self.grad += (k * self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "y", "(self,)", "'exp'", "            self.grad += y * out.grad\n",
                       pre="        y = math.exp(self.data)\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += (1 / self.data) * out.grad\n",
                       pre="        if self.data <= 0:\n            raise ValueError(f'log({self.data}) is undefined')\n"),
        **lecture(__truediv__=closure(
            "out", "self.data / other.data", "(self, other)", "'/'",
            "            self.grad += out.grad / other.data\n"
            "            other.grad += -self.data * out.grad / other.data ** 2\n",
            pre=f"        {COERCE}\n        if other.data == 0:\n            raise ZeroDivisionError('x / 0')\n"))}),
    "z3": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"', "            self.grad += out.grad / self.data\n",
                       pre="        if not self.data > 0:\n            # math.log raises too, but less clearly\n"
                           "            raise ValueError(\"log of a non-positive Value\")\n"),
        **lecture(__truediv__=closure(
            "q", "self.data / other.data", "(self, other)", '"/"',
            "            self.grad += q.grad / other.data\n"
            "            other.grad -= q.grad * q.data / other.data\n",
            pre=f"        {COERCE}\n        if other.data == 0:\n"
                "            raise ZeroDivisionError(\"cannot divide by a zero Value\")\n"),
            __rsub__="        return -self + other\n")}),
    # -- p: everything through pow and mul
    "p1": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += out.grad / self.data\n"),
        **lecture(__sub__="        return self + other * -1\n", __rsub__="        return other + self * -1\n")}),
    "p2": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", "f'**{k}'",
                           "            self.grad += (k * self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", "'exp'",
                       "            self.grad += out.data * out.grad  # e^x is its own derivative\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += (1 / self.data) * out.grad\n"),
        **lecture(__neg__="        return self * -1.0\n", __sub__="        return self + other * -1.0\n",
                  __rsub__="        return other + self * -1.0\n", __truediv__="        return self * other ** -1.0\n",
                  __rtruediv__="        return other * self ** -1.0\n")}),
    "p3": fill({
        "__pow__": closure("node", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += k * self.data ** (k - 1) * node.grad\n"),
        "exp": closure("node", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += node.data * node.grad\n"),
        "log": closure("node", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += node.grad / self.data\n"),
        **lecture(__sub__="        return self + (other * -1)  # a - b = a + (-1) * b\n",
                  __rsub__="        return self * -1 + other\n")}),
}


def copies() -> dict[str, str]:
    r2 = renamed(HONEST["r2"], {"out": "node"}).replace(
        "# local derivative first, then the chain rule", "# chain rule: local slope times upstream").replace(
        "# d(a/b)/da = 1/b, d(a/b)/db = -a/b^2", "# quotient rule")
    h3 = written_out(renamed(HONEST["h3"], {"res": "r"})).replace(one_line_helper("wrap", "obj"), "")
    static = ("    @staticmethod\n    def _lift(o):\n        return o if isinstance(o, Value) else Value(o)\n\n")
    h3 = h3.replace("    def __init__(self, data", static + "    def __init__(self, data", 1).replace(
        "wrap(", "Value._lift(")
    h3 = moved_after(h3, ("exp", "log"), "__rtruediv__")
    z1 = renamed(HONEST["z1"], {"out": "result"}).replace("log needs a positive number", "log of x <= 0").replace(
        "division of a Value by zero", "cannot divide by zero")
    return {"r2_copy": r2, "h3_copy": h3, "z1_copy": z1}


SOURCES = {"r2_copy": ("r2", 2), "h3_copy": ("h3", 3), "z1_copy": ("z1", 2)}

if __name__ == "__main__":
    import eighteenth
    for folder, files in (("honest", HONEST), ("copies", copies())):
        (HERE / folder).mkdir(exist_ok=True)
        for name, text in files.items():
            eighteenth.check(text, name)
            (HERE / folder / f"{name}.py").write_text(text, encoding="utf-8")
    print("written and checked:", ", ".join(HONEST), "and", ", ".join(SOURCES))

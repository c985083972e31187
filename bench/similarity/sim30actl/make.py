"""Fresh honest controls for session 30's sim30a (typed by hand before the change was measured on them): four pairs
of independent students of 04-more-ops alike the way sim25ctl's p4_b and the eighteenth's s479 are. In each pair one
student (x_a) writes a coercion helper of their own accord (a module function, a static method called through
`Value.`, a method called through `self.`), calls it in + and * in place of the starter's line (and in some derived
ops), and guards one op with a plain message; the other (x_b) fills the starter as plainly as the lecture does and
guards the same op with the same plain message (the message a student of the course writes without looking: "log
needs a positive input", "division by zero"). Nothing else is written alike beyond the lecture's lines; each pair's
comments, locals and factor order are its own.

- h1: a's `_as_value` (the number test first) a module function, called in + and *; log guarded with `<= 0` and
  ValueError("log needs a positive input") by both, a with `not self.data > 0`.
- h2: a's `_v` a static method (if/elif/else) called through `Value.`; both guard division by a zero Value with
  ZeroDivisionError("division by zero"), a after its helper, b after the starter's coercion line.
- h3: a's `_wrap` a method (the plain shape: `Value(x)` unless a Value) called through `self.` in + and * and sub;
  both guard log with ValueError("log is undefined for x <= 0").
- h4: a's `to_value` a module function (a Value first, a number, a TypeError) called in + and * and the reflected
  ops; both keep exp's value in a local and guard log with ValueError("cannot take the log of a non-positive value").

    python bench/similarity/sim30actl/make.py   (writes honest/*.py from the starter, each through the eighteenth
                                                 class's check against the course's reference)
"""
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
_spec = importlib.util.spec_from_file_location("sim29cctl_make", HERE.parent / "sim29cctl" / "make.py")
sim29c = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sim29c)
fill, closure, COERCE, LECTURE = sim29c.fill, sim29c.closure, sim29c.COERCE, sim29c.LECTURE

LOG = "        if self.data <= 0:\n            raise ValueError({message})\n"

HONEST = {
    "h1_a": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += out.grad / self.data\n",
                       pre='        if not self.data > 0:\n            raise ValueError("log needs a positive input")\n'),
        **LECTURE, "__sub__": "        return self + (-_as_value(other))\n"},
        before_class="def _as_value(x):\n    # numbers become Values, Values stay\n    if isinstance(x, (int, float)):\n"
                     "        return Value(x)\n    if isinstance(x, Value):\n        return x\n"
                     "    raise TypeError(\"can't mix a Value with \" + type(x).__name__)\n\n\n",
        coerce="other = _as_value(other)"),
    "h1_b": fill({
        "__pow__": closure("out", "self.data**k", "(self,)", "f'**{k}'",
                           "            self.grad += (k * self.data**(k - 1)) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", "'exp'",
                       "            # e^x is its own derivative\n            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += (1 / self.data) * out.grad\n",
                       pre=LOG.format(message='"log needs a positive input"')),
        **LECTURE}),
    "h2_a": fill({
        "__pow__": closure("result", "self.data ** k", "(self,)", "f'**{k}'",
                           "            self.grad += k * (self.data ** (k - 1)) * result.grad\n"),
        "exp": closure("result", "math.exp(self.data)", "(self,)", "'exp'",
                       "            self.grad += result.data * result.grad\n"),
        "log": closure("result", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += result.grad * (1 / self.data)\n"),
        **LECTURE,
        "__truediv__": "        other = Value._v(other)\n        if other.data == 0:\n"
                       '            raise ZeroDivisionError("division by zero")\n        return self * other ** -1\n'},
        coerce="other = Value._v(other)").replace(
        "    def __init__(self, data", "    @staticmethod\n    def _v(thing):\n        if isinstance(thing, Value):\n"
        "            return thing\n        elif isinstance(thing, (int, float)):\n            return Value(thing)\n"
        "        else:\n            raise TypeError(f'Value cannot combine with {thing!r}')\n\n"
        "    def __init__(self, data", 1),
    "h2_b": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            # power rule\n            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += out.grad * out.data\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += out.grad / self.data\n"),
        **LECTURE,
        "__truediv__": f"        {COERCE}\n        if other.data == 0:\n"
                       '            raise ZeroDivisionError("division by zero")\n        return self * other**-1\n'}),
    "h3_a": fill({
        "__pow__": closure("o", "self.data ** k", "(self,)", '"**" + str(k)',
                           "            self.grad += o.grad * k * self.data ** (k - 1)\n"),
        "exp": closure("o", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += o.grad * o.data\n"),
        "log": closure("o", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += o.grad / self.data  # 1/x\n",
                       pre=LOG.format(message='"log is undefined for x <= 0"')),
        **LECTURE, "__sub__": "        return self + -self._wrap(other)\n"},
        coerce="other = self._wrap(other)").replace(
        "    def __init__(self, data", "    def _wrap(self, x):\n        if isinstance(x, Value):\n            return x\n"
        "        return Value(x)\n\n    def __init__(self, data", 1),
    "h3_b": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", "f'**{k}'",
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", "'exp'",
                       "            self.grad += out.data * out.grad  # d/dx exp(x) = exp(x)\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += (1.0 / self.data) * out.grad\n",
                       pre=LOG.format(message='"log is undefined for x <= 0"')),
        **LECTURE}),
    "h4_a": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", "f'**{k}'",
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "e", "(self,)", "'exp'", "            self.grad += e * out.grad\n",
                       pre="        e = math.exp(self.data)\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += out.grad / self.data\n",
                       pre=LOG.format(message='"cannot take the log of a non-positive value"')),
        **LECTURE, "__rsub__": "        return to_value(other) - self\n",
        "__rtruediv__": "        return to_value(other) / self\n"},
        before_class="def to_value(v):\n    if isinstance(v, Value):\n        return v\n"
                     "    if isinstance(v, (int, float)):\n        return Value(v)\n"
                     "    raise TypeError('expected a Value or a number, got %r' % (v,))\n\n\n",
        coerce="other = to_value(other)"),
    "h4_b": fill({
        "__pow__": closure("out", "self.data**k", "(self,)", 'f"**{k}"',
                           "            self.grad += (k * self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "ex", "(self,)", '"exp"', "            self.grad += ex * out.grad  # exp' = exp\n",
                       pre="        ex = math.exp(self.data)\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += (1 / self.data) * out.grad\n",
                       pre=LOG.format(message='"cannot take the log of a non-positive value"')),
        **LECTURE}),
}

if __name__ == "__main__":
    import eighteenth
    (HERE / "honest").mkdir(exist_ok=True)
    for name, text in HONEST.items():
        eighteenth.check(text, name)
        (HERE / "honest" / f"{name}.py").write_text(text, encoding="utf-8")
    print("written and checked:", ", ".join(HONEST))

"""Fresh hard negatives for session 29's sim29c (typed by hand before any change was measured on them): twelve
independent students of 04-more-ops who each follow one of four lecture or tutorial styles the course's students
follow, three students a style, none copied from another, each with their own names, comments and the few forms the
style leaves open; and four real copies (levels 2 and 3) of one student of each style, so that an average precision
means something.

- l (the lecture, micrograd's video followed line by line): `self * -1`, `self + (-other)`, `other + (-self)`,
  `self * other**-1`, `other * self**-1`; pow, exp and log each a closure of the lecture's lines.
- e (a handout that derives every rule): neg, sub and div each a closure of its own (`other.grad -= out.grad`,
  `-self.data / other.data ** 2`), the reflected ops through `Value(other)`.
- c (a tutorial that teaches a coercion helper): the same three-branch `_coerce` (Value first, a number second, a
  TypeError last; each student's own message) called in + and * in place of the starter's line and in the
  reflected ops; the rest the lecture's.
- s (notes that are careful with numbers): log guarded (`if self.data <= 0: raise ValueError(...)`), exp through a
  local kept for the backward, the derived ops the lecture's.

Copies: l1_copy (level 2 of l1: renamed, comments rewritten), e2_copy (level 3 of e2: renamed, `+=` written out,
exp and log moved after the derived ops, a dead method), c3_copy (level 3 of c3: the helper renamed with its tests as
if/elif/else and moved into the class as a staticmethod, renamed, a comment added), s1_copy (level 2 of s1: renamed,
messages and comments reworded).

    python bench/similarity/sim29cctl/make.py   (writes honest/*.py and copies/*.py from the starter, each through
                                                 the eighteenth class's check against the course's reference)
"""
import ast
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
EXERCISES = HERE.parents[2] / "exercises"
COERCE = "other = other if isinstance(other, Value) else Value(other)"
REGIONS = ("__pow__", "exp", "log", "__neg__", "__sub__", "__rsub__", "__truediv__", "__rtruediv__")


def fill(answers: dict[str, str], before_class: str = "", coerce: str | None = None) -> str:
    """The 04-more-ops starter with each region's TODO lines replaced by ANSWERS[name]; COERCE's line in + and *
    replaced by COERCE where given; BEFORE_CLASS put above the class."""
    text = (EXERCISES / "04-more-ops" / "engine.py").read_text(encoding="utf-8")
    assert sorted(answers) == sorted(REGIONS)
    for name, body in answers.items():
        todo = f'''        # TODO(04-more-ops): your code here
        raise NotImplementedError("04-more-ops: write Value.{name}")
'''
        assert todo in text, name
        text = text.replace(todo, body)
    if coerce is not None:
        text = text.replace(COERCE, coerce)
    return text.replace("\n\nclass Value:", "\n\n" + before_class + "class Value:") if before_class else text


def closure(out: str, data: str, parents: str, op: str, rules: str, pre: str = "", blank: bool = True) -> str:
    """A region that makes OUT = Value(DATA, PARENTS, OP) with a `_backward` of RULES (lines, each indented by the
    caller's 12 spaces), PRE lines first."""
    gap = "\n" if blank else ""
    return (f"{pre}        {out} = Value({data}, {parents}, {op})\n\n        def _backward():\n{rules}{gap}"
            f"        {out}._backward = _backward\n        return {out}\n")


def helper(message: str, name: str = "_coerce", x: str = "x") -> str:
    return (f"def {name}({x}):\n    if isinstance({x}, Value):\n        return {x}\n    if isinstance({x}, (int, float)):\n"
            f"        return Value({x})\n    raise TypeError({message})\n\n\n")


LECTURE = {"__neg__": "        return self * -1\n", "__sub__": "        return self + (-other)\n",
           "__rsub__": "        return other + (-self)\n", "__truediv__": "        return self * other**-1\n",
           "__rtruediv__": "        return other * self**-1\n"}

HONEST = {
    # -- l: the lecture followed line by line
    "l1": fill({
        "__pow__": closure("out", "self.data**k", "(self,)", "f'**{k}'",
                           "            self.grad += k * (self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "math.exp(x)", "(self,)", "'exp'",
                       "            self.grad += out.data * out.grad  # out.data is exp(x) itself\n",
                       pre="        x = self.data\n"),
        "log": closure("out", "math.log(x)", "(self,)", "'log'", "            self.grad += (1 / x) * out.grad\n",
                       pre="        x = self.data\n"),
        **LECTURE}),
    "l2": fill({
        "__pow__": closure("out", "self.data**k", "(self,)", 'f"**{k}"',
                           "            # power rule: k * x^(k-1)\n"
                           "            self.grad += k * (self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += (1.0 / self.data) * out.grad\n"),
        **LECTURE}),
    "l3": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", "f'**{k}'",
                           "            self.grad += (k * self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", "'exp'",
                       "            # d/dx e^x = e^x, which is the output\n"
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += out.grad / self.data\n"),
        **LECTURE, "__rsub__": "        return -self + other\n"}),
    # -- e: every rule derived, neg, sub and div closures of their own
    "e1": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += out.grad / self.data\n"),
        "__neg__": closure("out", "-self.data", "(self,)", '"neg"', "            self.grad -= out.grad\n"),
        "__sub__": closure("out", "self.data - other.data", "(self, other)", '"-"',
                           "            self.grad += out.grad\n            other.grad -= out.grad\n",
                           pre=f"        {COERCE}\n"),
        "__rsub__": "        return Value(other) - self\n",
        "__truediv__": closure("out", "self.data / other.data", "(self, other)", '"/"',
                               "            self.grad += (1 / other.data) * out.grad\n"
                               "            other.grad += (-self.data / other.data ** 2) * out.grad\n",
                               pre=f"        {COERCE}\n"),
        "__rtruediv__": "        return Value(other) / self\n"}),
    "e2": fill({
        "__pow__": closure("res", "self.data ** k", "(self,)", '"**" + str(k)',
                           "            self.grad += k * self.data ** (k - 1) * res.grad\n"),
        "exp": closure("res", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += res.data * res.grad\n"),
        "log": closure("res", "math.log(self.data)", "(self,)", '"log"',
                       "            # d ln(x) / dx = 1/x\n            self.grad += res.grad / self.data\n"),
        "__neg__": closure("res", "-self.data", "(self,)", '"neg"', "            self.grad -= res.grad\n"),
        "__sub__": closure("res", "self.data - other.data", "(self, other)", '"-"',
                           "            # d(a - b)/da = 1, d(a - b)/db = -1\n"
                           "            self.grad += res.grad\n            other.grad -= res.grad\n",
                           pre=f"        {COERCE}\n"),
        "__rsub__": "        return Value(other) - self\n",
        "__truediv__": closure("res", "self.data / other.data", "(self, other)", '"/"',
                               "            self.grad += res.grad / other.data\n"
                               "            other.grad -= res.grad * self.data / other.data ** 2\n",
                               pre=f"        {COERCE}\n"),
        "__rtruediv__": "        return Value(other) / self\n"}),
    "e3": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += out.grad * k * self.data ** (k - 1)\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", "'exp'",
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += (1 / self.data) * out.grad\n"),
        "__neg__": closure("out", "-self.data", "(self,)", "'neg'", "            self.grad += -out.grad\n"),
        "__sub__": closure("out", "self.data - other.data", "(self, other)", "'-'",
                           "            self.grad += out.grad\n            other.grad += -out.grad\n",
                           pre=f"        {COERCE}\n"),
        "__rsub__": "        return Value(other) - self  # other is a plain number here\n",
        "__truediv__": closure("out", "self.data / other.data", "(self, other)", "'/'",
                               "            # quotient rule\n"
                               "            self.grad += (1 / other.data) * out.grad\n"
                               "            other.grad += (-self.data / other.data ** 2) * out.grad\n",
                               pre=f"        {COERCE}\n"),
        "__rtruediv__": "        return Value(other) / self\n"}),
    # -- c: the tutorial's coercion helper
    "c1": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "math.exp(self.data)", "(self,)", '"exp"',
                       "            self.grad += out.data * out.grad\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += out.grad / self.data\n"),
        "__neg__": "        return self * -1\n", "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return _coerce(other) - self\n",
        "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return _coerce(other) / self\n"},
        helper('f"cannot make a Value from {type(x).__name__}"'), "other = _coerce(other)"),
    "c2": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", '"pow"',
                           "            self.grad += (k * self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "t", "(self,)", '"exp"', "            self.grad += t * out.grad\n",
                       pre="        t = math.exp(self.data)\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"',
                       "            self.grad += (1 / self.data) * out.grad\n"),
        "__neg__": "        return self * -1\n", "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return _coerce(other) - self\n",
        "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return _coerce(other) / self\n"},
        helper('"only numbers and Values are supported"'), "other = _coerce(other)"),
    "c3": fill({
        "__pow__": closure("result", "self.data ** k", "(self,)", "f'**{k}'",
                           "            self.grad += k * (self.data ** (k - 1)) * result.grad\n"),
        "exp": closure("result", "math.exp(self.data)", "(self,)", "'exp'",
                       "            self.grad += result.data * result.grad\n"),
        "log": closure("result", "math.log(self.data)", "(self,)", "'log'",
                       "            self.grad += result.grad * (1 / self.data)\n"),
        "__neg__": "        return self * -1\n", "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return _coerce(other) + (-self)\n",
        "__truediv__": "        return self * _coerce(other) ** -1\n",
        "__rtruediv__": "        return _coerce(other) * self ** -1\n"},
        helper("'bad operand type for Value: ' + repr(type(v))", x="v"), "other = _coerce(other)"),
    # -- s: careful with numbers
    "s1": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "e", "(self,)", '"exp"', "            self.grad += e * out.grad\n",
                       pre="        e = math.exp(self.data)\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"', "            self.grad += out.grad / self.data\n",
                       pre="        if self.data <= 0:\n"
                           "            raise ValueError(\"log is only defined for positive numbers\")\n"),
        "__neg__": "        return self * -1\n", "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return -self + other\n", "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return other * self ** -1\n"}),
    "s2": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", 'f"**{k}"',
                           "            self.grad += (k * self.data ** (k - 1)) * out.grad\n"),
        "exp": closure("out", "ex", "(self,)", '"exp"',
                       "            # reuse the value computed in the forward pass\n"
                       "            self.grad += ex * out.grad\n",
                       pre="        ex = math.exp(self.data)\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", '"log"', "            self.grad += (1 / self.data) * out.grad\n",
                       pre="        if self.data <= 0:\n"
                           "            raise ValueError(f\"log of non-positive value {self.data}\")\n"),
        "__neg__": "        return self * -1\n", "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return other + (-self)\n", "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return other * self ** -1\n"}),
    "s3": fill({
        "__pow__": closure("out", "self.data ** k", "(self,)", "'**%s' % k",
                           "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        "exp": closure("out", "y", "(self,)", "'exp'", "            self.grad += y * out.grad\n",
                       pre="        y = math.exp(self.data)\n"),
        "log": closure("out", "math.log(self.data)", "(self,)", "'log'", "            self.grad += out.grad / self.data\n",
                       pre="        if self.data <= 0:\n            # math.log would raise anyway; say why\n"
                           "            raise ValueError('log needs a positive input')\n"),
        "__neg__": "        return self * -1\n", "__sub__": "        return self + (-other)\n",
        "__rsub__": "        return -self + other\n", "__truediv__": "        return self * other ** -1\n",
        "__rtruediv__": "        return other * self ** -1\n"}),
}


def renamed(text: str, names: dict[str, str]) -> str:
    """TEXT with each identifier NAMES names (whole words) renamed, as a renaming copier does."""
    for old, new in names.items():
        text = re.sub(rf"\b{re.escape(old)}\b", new, text)
    return text


def moved_after(text: str, names: tuple[str, ...], after: str) -> str:
    """TEXT with the class's methods NAMES (with the blank line before each) moved to just after method AFTER."""
    lines = text.splitlines(keepends=True)
    cls = next(n for n in ast.parse(text).body if isinstance(n, ast.ClassDef))
    spans = {f.name: (f.lineno - 1, f.end_lineno) for f in cls.body if isinstance(f, ast.FunctionDef)}
    blocks = {n: ["\n"] + lines[spans[n][0]:spans[n][1]] for n in names}
    drop = {i for n in names for i in range(spans[n][0] - 1, spans[n][1])}
    out = []
    for i, line in enumerate(lines):
        if i not in drop:
            out.append(line)
        if i == spans[after][1] - 1:
            for n in names:
                out.extend(blocks[n])
    return "".join(out)


def written_out(text: str) -> str:
    """`a.grad += x` and `a.grad -= x` written as `a.grad = a.grad + (x)` and `a.grad = a.grad - (x)`."""
    return re.sub(r"^(\s+)(\w+)\.grad ([+-])= (.+)$", r"\1\2.grad = \2.grad \3 (\4)", text, flags=re.M)


def copies() -> dict[str, str]:
    l1 = renamed(HONEST["l1"], {"out": "res", "x": "val"}).replace(
        "  # out.data is exp(x) itself", "  # derivative of e^v is e^v").replace(
        "# d(a + b)/da = 1 and d(a + b)/db = 1: the gradient passes through.", "# addition routes the gradient")
    e2 = written_out(renamed(HONEST["e2"], {"res": "node", "other": "rhs"}))
    e2 = moved_after(e2, ("exp", "log"), "__rtruediv__").replace(
        "    def __repr__(self):", "    def _unused_check(self):\n        return self.data == self.data\n\n"
                                  "    def __repr__(self):")
    e2 = e2.replace("# d(a - b)/da = 1, d(a - b)/db = -1", "# minus: +1 for the left, -1 for the right")
    c3 = HONEST["c3"]
    old = helper("'bad operand type for Value: ' + repr(type(v))", x="v")
    c3 = c3.replace(old, "")
    static = ("    @staticmethod\n    def _lift(v):\n        # turn plain numbers into Values\n"
              "        if isinstance(v, Value):\n            return v\n        elif isinstance(v, (int, float)):\n"
              "            return Value(v)\n        else:\n"
              "            raise TypeError('bad operand type for Value: ' + repr(type(v)))\n\n")
    c3 = c3.replace("    def __init__(self, data", static + "    def __init__(self, data", 1)
    c3 = renamed(c3.replace("_coerce(", "Value._lift("), {"result": "r"})
    s1 = renamed(HONEST["s1"], {"e": "expv", "out": "o"}).replace(
        "log is only defined for positive numbers", "cannot take the log of a number <= 0")
    return {"l1_copy": l1, "e2_copy": e2, "c3_copy": c3, "s1_copy": s1}


SOURCES = {"l1_copy": ("l1", 2), "e2_copy": ("e2", 3), "c3_copy": ("c3", 3), "s1_copy": ("s1", 2)}

if __name__ == "__main__":
    import eighteenth
    for folder, files in (("honest", HONEST), ("copies", copies())):
        (HERE / folder).mkdir(exist_ok=True)
        for name, text in files.items():
            eighteenth.check(text, name)
            (HERE / folder / f"{name}.py").write_text(text, encoding="utf-8")
    print("written and checked:", ", ".join(HONEST), "and", ", ".join(SOURCES))

"""What one hostile file costs `grade similarity`: python bench/similarity/adversarial.py

Each file below is read the way `grade similarity` reads a submission
(normalised, fingerprinted, the starter subtracted) and the CPU time of that
reading is printed, beside the time to read karpathy/micrograd's engine in
the same run (the baseline: the machine is shared, so absolute times vary;
CPU time, not wall time, is what is measured). The aim (issue 27) is under
1 s each: every per-file step is linear, the text compared is capped at
MAX_CHARS and the reading has a budget of work (budget.py, normalise.WORK_LIMIT,
counted in nodes visited, not seconds, by every step) after which it falls back
to lexical tokens, and says so in `limits`. Then several hostile files in one hand-in (`hand_ins`: the files of
a hand-in share one budget of work and of text, budget.HandIn), read as `grade similarity` reads a hand-in.
"""

from __future__ import annotations

import base64
import sys
import time
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from grader.similarity import PUBLIC_ARCHIVE  # noqa: E402
from grader.load.reading import MAX_HELPER_MODULES  # noqa: E402
from grader.similarity.cohort import read_documents  # noqa: E402
from grader.similarity.hand_in import MAX_OTHER_BYTES, MAX_OTHER_TOTAL  # noqa: E402

MiB = 1024 * 1024


def helper_bomb(n: int) -> str:
    """N one-line helpers, each returning the previous one twice: inlining them naively copies 2^N nodes."""
    lines = ["def h0(x):\n    return x\n"]
    lines += [f"def h{i}(x):\n    return h{i - 1}(x) + h{i - 1}(x)\n" for i in range(1, n + 1)]
    lines.append(f"class Value:\n    def __init__(self, data):\n        self.data = h{n}(data)\n")
    return "\n".join(lines)


def fill(unit: str, size: int = MiB) -> str:
    return unit * (size // len(unit) + 1)


def long_meanings() -> str:
    """An engine under 16 KiB (meanings.py reads no longer file) whose ops each compute, in a loop, an expression of
    nearly the 2,000 characters a symbolic value may have: the evaluator's budget of steps is what bounds it."""
    terms = " + ".join(f"math.exp(self.data * {i})" for i in range(1, 80))
    ops = "".join(f"    def {name}(self):\n        i = 0\n        while i < 100000:\n            e = {terms}\n"
                  f"            i += 1\n        out = Value(e, (self,))\n        out._backward = lambda: None\n"
                  f"        return out\n\n" for name in ("tanh", "exp", "relu", "log", "sigmoid"))
    return ("import math\n\n\nclass Value:\n    def __init__(self, data, _prev=()):\n        self.data, self.grad = "
            "data, 0\n        self._prev, self._backward = _prev, lambda: None\n\n" + ops
            + "    def backward(self):\n        self.grad = 1\n        self._backward()\n")


def branching_meanings() -> str:
    """An engine whose ops decide on their symbolic input at every turn of a long loop, each branch choosing another
    list of 5,000 numbers: the evaluator follows both branches and merges the two lists item by item, each item a step
    of its budget, which is what bounds it (evaluator_branches.py)."""
    ops = "".join(f"    def {name}(self):\n        a, b, i = list(range(5000)), list(range(1, 5001)), 0\n"
                  f"        while i < 100000:\n            if self.data > i:\n                xs = a\n"
                  f"            else:\n                xs = b\n            i += 1\n"
                  f"        out = Value(xs[0], (self,))\n        out._backward = lambda: None\n        return out\n\n"
                  for name in ("tanh", "exp", "relu", "log", "sigmoid"))
    return ("class Value:\n    def __init__(self, data, _prev=()):\n        self.data, self.grad = data, 0\n"
            "        self._prev, self._backward = _prev, lambda: None\n\n" + ops
            + "    def backward(self):\n        self.grad = 1\n        self._backward()\n")


def nested(head: str, depth: int, body) -> str:
    """HEAD nested DEPTH deep (each inside the one before, one space further in), BODY's lines inside the last."""
    return "".join(" " * i + head + "\n" for i in range(depth)) + "".join(" " * depth + line + "\n" for line in body)


def counting_whiles(depth: int) -> str:
    """A function of DEPTH index loops written with `while`, each inside the one before: each read as a `for`."""
    lines = [" " * (2 * i + 1) + f"i{i} = 0\n" + " " * (2 * i + 1) + f"while i{i} < n:\n" for i in range(depth)]
    lines.append(" " * (2 * depth + 1) + "y = y + 1\n")
    lines += [" " * (2 * i + 3) + f"i{i} += 1\n" for i in reversed(range(depth))]
    return "def f(n):\n" + "".join(lines) + " return y\n"


def swapped(depth: int) -> str:
    """DEPTH `if not`s with an `else`, each inside the one before, each `else` an assertion written out: each turned
    round, each assertion read as `assert`."""
    heads = [" " * i + f"if not c{i}:\n" for i in range(depth)]
    tails = [" " * i + "else:\n" + " " * (i + 1) + f"z = {i}\n" + " " * (i + 1) + f"if not d{i}:\n"
             + " " * (i + 2) + "raise AssertionError('m')\n" for i in reversed(range(depth))]
    return "".join(heads) + " " * depth + "y = 1\n" + "".join(tails)


def lifted() -> str:
    """A decorator whose wrapper coerces its argument in 2,000 statements, on every method of a 1 MiB class: each
    method read with the statements first (decorators.py), every copy charged."""
    checks = "".join(f"        if not isinstance(other, Value{i % 3}):\n            other = Value(other)\n"
                     for i in range(2000))
    head = f"def _lifted(f):\n    def w(self, other):\n{checks}        return f(self, other)\n    return w\n\n\n"
    return head + "class Value:\n" + fill("    @_lifted\n    def m(self, other):\n        return other\n\n",
                                          MiB - len(head))


def declaring_globals(n: int) -> str:
    """N functions that declare global all they bind, each called once: each read as the module's own code."""
    return "".join(f"def s{i}():\n    global g{i}\n    g{i} = {i}\ns{i}()\n" for i in range(n))


def factories(n: int) -> str:
    """N class factories, each called once: each read as the class it builds."""
    return "".join(f"def m{i}():\n    class C{i}:\n        x = {i}\n    return C{i}\nV{i} = m{i}()\n" for i in range(n))


def files() -> dict[str, str]:
    zeros = zlib.compress(b"#" * (32 * MiB), 9)  # a decompression bomb: 32 MiB from about 32 KB
    return {
        "helper bomb, N = 18 (4 KB)": helper_bomb(18),
        "helper bomb, N = 60": helper_bomb(60),
        "1 MiB of small functions": fill("def f(a, b):\n    c = a + b * 2\n    return c\n\n"),
        "1 MiB, one line of `+`": "x = " + "+".join(["1"] * (MiB // 2)) + "\n",
        "1 MiB of nested brackets": "x = " + "(" * (MiB // 2) + ")" * (MiB // 2) + "\n",
        "1 MiB, a syntax error every 3 lines": fill("def f(a):\n    return a +\n\n"),
        "1 MiB string literal": "s = '" + "a" * MiB + "'\n",
        "1 MiB of one-line helpers calling each other": "".join(
            f"def g{i}(x):\n    return g{i - 1}(x) * g{i - 1}(x)\n" for i in range(1, 40000)),
        "exec of a zlib bomb": f"import zlib, base64\nexec(zlib.decompress(base64.b64decode({base64.b64encode(zeros)!r})))\n",
        "1 MiB of independent assignments in one block": "".join(  # in the reverse of their fixed order
            f"v{i} = {99999 - i}\n" for i in range(MiB // 12)),
        "1 MiB of functions nested 40 deep": "".join(
            " " * (4 * d) + f"def f{d}(a):\n" + "".join(" " * (4 * d + 4) + f"t{k} = a.x{k} + t{k}\n" for k in range(12))
            for d in range(40)) * 28,
        "1 MiB of class attributes (put in order)": "class Value:\n" + "".join(  # each sorted among the rest
            f"    a{i}: int = {99999 - i} + b{i % 7}\n" for i in range(MiB // 28)),
        "1 MiB of one-line helpers, each called once (defs dropped)": "".join(
            f"def k{i}(x):\n    return x + {i}\n" for i in range(20000)) + "class Value:\n    def f(self):\n" + "".join(
            f"        self.d{i} = k{i}(self.data)\n" for i in range(20000)),
        "1 MiB, one line of `'a' + 'b' + ...`": "x = " + "+".join(["'ab'"] * (MiB // 5)) + "\n",
        "exec of 1 MiB of character codes in a name": "_c = [" + ", ".join(["120"] * (MiB // 5)) + "]\n"
                                                       "exec(''.join(map(chr, _c)))\n",
        "exec through a chain of 5,000 names": "n0 = 'x = 1'\n" + "".join(
            f"n{i} = n{i - 1}\n" for i in range(1, 5000)) + "exec(n4999)\n",
        "node helpers taking lambdas, each called 4,000 times": "class Value:\n" + "".join(
            f"    def _u{i}(self, v, d):\n        out = Value(v + {i}, (self,))\n"
            f"        def _backward():\n            self.grad += d(out) * out.grad + d(out) * {i}\n"
            f"        out._backward = _backward\n        return out\n" for i in range(8)) + "".join(
            f"    def op{k}(self):\n        return self._u{k % 8}(self.data, lambda o: o.data * {k} + o.grad)\n"
            for k in range(4000)),
        "rules bound with partial, 16,000 times": "from functools import partial\n" + "".join(
            f"def _r{i}(a, out):\n    a.grad += (a.data * {i} + out.data ** 2) * out.grad\n" for i in range(8))
            + "class Value:\n    def f(self):\n" + "".join(
            f"        self.o{k}._backward = partial(_r{k % 8}, self, self.o{k})\n" for k in range(16000)),
        "ops computing 2,000-character expressions (16 KiB)": long_meanings(),
        "ops merging two lists of 5,000 at every turn": branching_meanings(),
        "1 MiB, deeply indented blocks": fill("if x:\n" + "".join(" " * i + "if x:\n" for i in range(1, 90)) + " " * 90 + "y = 1\n"),
        # session 13: the spellings plain_module and plain_classes read as written plainly, each many times over
        "1 MiB of classes built by type()": "".join(
            f"C{i} = type('C{i}', (object,), {{'x{i}': {i}, 'f': lambda self: self.x{i} + 1}})\n" for i in range(14000)),
        "1 MiB of methods bound after their class": "class Value:\n    pass\n" + "".join(
            f"def m{i}(self):\n    return self.data + {i}\nsetattr(Value, 'm' + '{i}', m{i})\n" for i in range(16000)),
        "1 MiB of classes in namespace classes": "".join(
            f"class N{i}:\n    class C{i}:\n        x = {i}\nC{i} = N{i}.C{i}\n" for i in range(20000)),
        "1 MiB of blocks in try, with and if True": fill(
            "try:\n    if True:\n        with contextlib.suppress():\n            x = [(y := 1) for _ in (0,)]\n"
            "except E:\n    pass\n"),
        # session 14: the spellings plain_names and blocks read as written plainly, each many times over
        "1 MiB of operator calls and spellings of the class": "import operator, sys\n_m = sys.modules[__name__]\n"
            + "".join(f"class V{j}:\n" + "".join(
                f"    def f{i}(self, o, *_a, **_k):\n        return operator.add(type(self)(o), operator.mul("
                f"self.__class__, globals()['V{j}'])) + _m.V{j}\n" for i in range(20)) for j in range(450)),
        "1 MiB of methods bound with partialmethod": "import functools\n" + "".join(
            "".join(f"def _m{j}_{i}(self, o):\n    return self.data + o + {i}\n" for i in range(20))
            + f"class V{j}:\n" + "".join(f"    m{i} = functools.partialmethod(_m{j}_{i})\n" for i in range(20))
            for j in range(600)),
        "1 MiB of pow, math.e and returns of None": "import math\n" + fill(
            "def f(x):\n    x = pow(math.e ** x, 2)\n    if x:\n        return None\n    return None\n"),
        "1 MiB of for loops written as while over next()": fill(
            "def f(xs):\n    it = iter(xs)\n    while True:\n        try:\n            x = next(it)\n"
            "        except StopIteration:\n            break\n        g(x)\n"),
        "1 MiB of blocks in context managers and re-raising handlers": fill(
            "with lock:\n    try:\n        with a(), b():\n            x = 1\n    except E as e:\n        raise e\n"),
        # session 14: each attacks what one reading costs (plain_module, blocks, plain_classes, canonical, traits)
        "1 MiB of blocks run once, nested 95 deep": fill(nested("for _ in range(1):", 95, (
            f"v{k} = v{k} + w{k} * 2" for k in range(40)))),
        "1 MiB of counting whiles, nested 45 deep": fill(counting_whiles(45)),
        "1 MiB of `if x: pass`, nested 95 deep": fill(nested("if x:", 95, ["pass"])),
        "1 MiB of `if c: return` / `else:` chains": "def f(x):\n" + fill("".join(
            " " * (i + 1) + f"if x == {i}:\n" + " " * (i + 2) + f"return {i}\n" + " " * (i + 1) + "else:\n"
            for i in range(90)) + " " * 92 + "return -1\n"),
        "1 MiB of functions declaring globals, each called once": declaring_globals(40000),
        "16 KiB of functions declaring globals, each called once": declaring_globals(330),
        "1 MiB of class factories, each called once": factories(20000),
        "16 KiB of class factories, each called once": factories(220),
        "1 MiB of comprehension walrus chains, 90 deep": fill(
            "x = " + "[" * 90 + "(y := 1)" + " for _ in (0,)]" * 90 + "\n"),
        "1 MiB of walrus assignments in `if` tests": "".join(
            f"if (a{i} := f({i})) > 0:\n    b = a{i}\n" for i in range(40000)),
        "1 MiB of tiny classes": "".join(
            f"class K{i}:\n    def m(self):\n        return self.v{i}\n" for i in range(30000)),
        "1 MiB of classes of lambdas": "".join(
            f"class L{i}:\n    f = lambda self, o: self.d{i} + o\n" for i in range(30000)),
        "1 MiB of functions bound by setattr, each its own": "class Value:\n    pass\n" + "".join(
            f"def q{i}(self, o):\n    return Value(self.data * o.data + {i})\nsetattr(Value, '__q{i}__', q{i})\n"
            f"Value.r{i} = q{i}\n" for i in range(10000)),
        "1 MiB of classes by type() of dict(...) of functions": "".join(
            f"def w{i}(self):\n    return self.data + {i}\nT{i} = type('T{i}', (), dict(w=w{i}, z={i}))\n"
            for i in range(20000)),
        "1 MiB, one line of 60,000 strings and `;`": "x = 1; " + "; ".join(
            f"s{i} = 'a{i}'" for i in range(60000)) + "\n",
        "1 MiB of `x = x + (e)` lines": fill("self.grad = self.grad + (other.data * out.grad)\n"),
        "1,900 one-line functions, each with a parameter of its own": "".join(
            f"def f{i}(a{i}):\n    return a{i}\n" for i in range(1900)),
        # session 15: the spellings plain_arithmetic reads as written plainly, each many times over
        "1 MiB of subtractions, divisions, squares, appends, folds and index loops": "import functools, operator\n"
            + fill("def f(xs, ys, w):\n    for i in range(len(xs)):\n        x, y = xs[i], ys[i]\n"
                   "        e = (w.data * x + w.grad * -1) * (w.data * x + w.grad * -1) * len(xs) ** -1\n"
                   "        xs += [e]\n        xs = xs + [-e]\n"
                   "    return functools.reduce(operator.add, [a * a for a in xs], 0)\n"),
        "1 MiB docstring": 'class Value:\n    """' + fill("the grad of the node flows back ") + '"""\n',
        # session 15: the spellings plain_values reads as written plainly, each many times over
        "1 MiB of double negations, constant choices, dicts, private names": fill(
            "class V:\n    def __f(self, o):\n        if not not self.__dict__['a'] and not (not not o):\n"
            "            return -self.__x * -1 if True else 0 - vars(o)['b']\n        for v in o[::-1]:\n"
            "            import math\n            return 1.0 * v\n"),
        "1 MiB of `not` chains, 990 deep": fill("if " + "not " * 990 + "x:\n    pass\n"),
        "1 MiB of names from `from math import *`": "from math import *\n" + fill("y = exp(pi) + tanh(e) - log(x)\n"),
        # session 16: the spellings plain_calls reads as written plainly, each many times over
        "1 MiB of unpacked displays, casts, unbound methods, lambdas, protocols": "import typing\nclass V:\n" + fill(
            "    def f(self, xs, e):\n        assert isinstance(self, V)\n        xs.extend([e]); list.append(xs, e)\n"
            "        if bool(e) and not bool(not e in xs):\n            g(*(e, xs), **{'k': (e,)[0]})\n"
            "        return typing.cast('V', (lambda: h())()) + int() + xs.__len__() + (lambda a: k(a))(e)\n"),
        "1 MiB of constant arithmetic, 90 deep, and compounds squared": "x = " + "(" * 90 + "1" + " + 1)" * 90
            + "\n" + fill("y = ((1 + 2) * 3 - 4) / 0.5 + ((a - b) * (a - b)) * ((a - b) * (a - b)) - (-c)\n"),
        "1 MiB of `not bool(` chains, 150 deep": fill("if " + "not bool(" * 150 + "a" + ")" * 150 + ":\n    pass\n"),
        # session 16: an op table whose one large entry thirty ops share (each op gets a copy: tables.py)
        "an op table's large entry shared by 30 ops": op_table(30),
        "an op table's large entry shared by 300 ops": op_table(300),
        # session 18: Python's own equivalences plain_statements reads as the plain statements, each many times over
        "1 MiB of loops over iter() of iter()": fill("for x in iter(iter(iter(xs))):\n    for y in iter(x):\n"
                                                     "        g([z for z in iter(y)])\n"),
        "1 MiB of closures with their free names as defaults": fill(
            "def f(a, b):\n    c = a + b\n\n    def g(a=a, b=b, *, c=c):\n        return a + b + c\n    v.g = g\n"
            "    v.h = lambda a=a, c=c: a * c\n    return v\n"),
        "1 MiB of short circuits as statements, nested 90 deep": fill(
            "x and (" * 45 + "y or (" * 45 + "f() if z else g()" + ")" * 90 + "\n"),
        "1 MiB of if/else under not, 45 deep, and asserts written out": fill(swapped(45)),
        # session 18: format templates (traits.py reads each formatted string with its values), nested past SPAN
        "1 MiB of `%` and `.format` nested 40 deep": fill(
            "x = " + '"%s a b c" % (' * 40 + "1" + ")" * 40 + "\n" + 'y = ' + '"{} a b c".format(' * 40 + "1"
            + ")" * 40 + "\n"),
        "1 MiB of f-strings with formatted values": fill(
            "x = " + " + ".join(['f"{a.b(c)[d]!r:>{w}} t u v {q + 1}"', '"%s t %(k)r" % (a, {"k": b})'] * 15) + "\n"),
        # session 19: an argument-rewriting decorator (decorators.py) with a large argument, on every function
        "an argument-rewriting decorator of 2,000 terms on 4,000 functions": (
            "def d(op):\n    def w(a, b):\n        return op(a, " + " + ".join(["b * 2"] * 2000) + ")\n    return w\n\n\n"
            + "".join(f"@d\ndef f{i}(x, y):\n    return x + y\n" for i in range(4000))),
        # session 19: iterators bound then looped over (plain_names), a coercing wrapper's statements (decorators.py)
        "1 MiB of iterators bound then looped over, 30 deep": fill(
            "def f(xs):\n" + "".join(" " * (4 * (i + 1)) + f"it = iter(xs[{i}])\n" + " " * (4 * (i + 1))
                                     + "for x in it:\n" for i in range(30)) + " " * 124 + "g(x)\n"),
        "1 MiB of methods under a coercing decorator": lifted(),
        # session 19: index loops over a literal length (plain_statements reads each as the loop over its list), each
        # inside the one before, 90 deep, and a smoke test (smoke_tests.py) of 1 MiB
        "1 MiB of index loops over a literal length, nested 90 deep": "XS = [1, 2, 3, 4]\n" + fill(
            "".join(" " * i + f"for i{i} in range(4):\n" for i in range(90)) + " " * 90
            + " + ".join(f"XS[i{i}]" for i in range(90)) + "\n"),
        "1 MiB of smoke test": "if __name__ == '__main__':\n" + fill(
            "    a = Value(2.0)\n    c = (a * a + a).tanh()\n    c.backward()\n    print(a.grad)\n"),
        # session 24: a line's runs of spaces where two quantifiers of written_lines' patterns met (quadratic, cubic)
        "an annotation with 60,000 spaces after its colon": "x:" + " " * 60000 + "float\n",
        "`x = e + x` with 60,000 spaces before its `+`": "x = e" + " " * 60000 + "+ y\n",
        # session 35: one-line helpers passed by name (each read as its lambda where passed), recursive helpers nested
        # 90 deep (each found recursive in one walk: a walk of each function's body was quadratic in the depth)
        "1 MiB of one-line helpers, each passed by name 20 times": "".join(
            f"def k{i}(x, y):\n    \"one step\"\n    return x + y * {i}\n" for i in range(2000)) + fill(
            "def f(xs):\n    return " + " + ".join(f"reduce(k{i}, xs)" for i in range(0, 2000, 100)) + "\n"),
        "1 MiB of recursive one-line helpers nested 90 deep": fill(
            "".join(" " * (4 * d) + f"def r{d}(a):\n" for d in range(90)) + " " * 360
            + "return r89(a[1:]) if a else r0(a)\n"),
        # session 40: test files, which cases.py reads once more as their cases (under MAX_CHARS: a larger one has none)
        "60 KiB test file: one table of 2,500 rows": "def test_rows():\n    pass\n\n\nT = [" + ", ".join(
            f"({i}.5, {i}.25, -{i})" for i in range(2500)) + "]\n",
        "60 KiB test file: an expected value that is a 10,000-term sum": "def test_sum():\n    assert f(2.5) == "
            + " + ".join(["1.5"] * 10000) + "\n",
        "40 KiB test file: tests nested 90 deep, tables nested 90 deep": "".join(
            "    " * i + f"def test_{i}():\n" + "    " * (i + 1) + f"assert f({i}.5) == {i}.25\n" for i in range(90))
            + "T = " + "[(1.5, " * 90 + "2.5" + ")]" * 90 + "\n",
    }


def op_table(ops: int) -> str:
    """An op table of local derivatives whose entry, 120 terms, every one of OPS ops makes its node with."""
    terms = " + ".join(f"node.data * {i}" for i in range(60))
    return (f"def _d(node):\n    a, b = node._prev\n    return [{terms}, {terms}]\n\n\n"
            "T = {'x': _d, 'y': _d, 'z': _d}\n\n\nclass Value:\n"
            "    def __init__(self, data, _children=(), _op=''):\n        self.data, self.grad = data, 0\n"
            "        self._prev, self._op = _children, _op\n\n    def _backward(self):\n"
            "        for p, g in zip(self._prev, T[self._op](self)):\n            p.grad += g * self.grad\n\n"
            + "".join(f"    def op{i}(self, other):\n        return Value(self.data, (self, other), 'x')\n\n"
                      for i in range(ops)))


def hand_ins() -> dict[str, tuple[dict[str, str], dict[str, str]]]:
    """Several hostile files in one hand-in, at the caps (session 43): (the exercise's files with the helper modules the
    loader carries beside them, the other files hand_in.py reads), read as `grade similarity` reads a hand-in (its
    part too, where it has other files). Each file alone is under 1 s; their hand-in's budget (budget.HandIn) bounds
    them together."""
    engine = (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")
    table = op_table(3000)
    cut = {size: table[:size * 1024].rsplit("\n\n", 1)[0] + "\n" for size in (16, 60)}
    other = MAX_OTHER_TOTAL // MAX_OTHER_BYTES  # as many 16 KiB other files as their total admits
    return {
        "hand-in: engine, two 16 KiB op-table cuts beside it": (
            {"engine.py": engine}, {f"o{i}.py": cut[16] for i in range(other)}),
        "hand-in: 60 KiB op-table engine, two 16 KiB cuts beside": (
            {"engine.py": cut[60]}, {f"o{i}.py": cut[16] for i in range(other)}),
        f"hand-in: engine, {MAX_HELPER_MODULES} helper modules of 60 KiB": (
            {"engine.py": engine, **{f"h{i:02}.py": cut[60] for i in range(MAX_HELPER_MODULES)}}, {}),
        f"hand-in: {MAX_HELPER_MODULES + 1} files of 60 KiB of small functions": (
            {f"h{i:02}.py": files()["1 MiB of small functions"][:60 * 1024] for i in range(MAX_HELPER_MODULES + 1)}, {}),
    }


def cpu(text: str) -> tuple[float, list]:
    return cpu_hand_in({"engine.py": text}, {})


def cpu_hand_in(named: dict[str, str], others: dict[str, str]) -> tuple[float, list]:
    """The CPU time of reading a hand-in as read_class does (NAMED, then OTHERS, and NAMED alone as its part)."""
    started = time.process_time()
    document, = read_documents([("x", {**named, **others}, *([named] if others else []))], jobs=1)
    return time.process_time() - started, document.limits


def main():
    baseline, _ = cpu((PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8"))
    print(f"baseline: karpathy/micrograd's engine.py, {baseline * 1000:.0f} ms of CPU time")
    worst = 0.0
    read = [(name, {"engine.py": text}, {}) for name, text in files().items()]
    for name, named, others in read + [(name, *texts) for name, texts in hand_ins().items()]:
        seconds, limits = cpu_hand_in(named, others)
        worst = max(worst, seconds)
        said = "; ".join(dict.fromkeys(  # each limit once: a hand-in's files past its budget say the same
            f"{l['what']}" + (f" ({l['why']})" if l.get("why") else "") for l in limits))
        size = sum(len(t.encode()) for t in {**named, **others}.values()) / 1024
        print(f"{name:48s} {size:8.0f} KiB  {seconds:6.3f} s CPU  {seconds / baseline:7.0f}x  {said or 'read in full'}")
    print(f"worst: {worst:.3f} s of CPU time (aim: under 1 s)")
    return 0 if worst < 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())

"""Session 23's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh23, tests/test_seams23.py):
shapes neither samples.py nor fresh22.py holds, each built from samples.engine (nothing from the reference or
micrograd), most of them about what every surface must say alike of an op that raises or of a passing engine.

Ops that raise in other ways (an `assert` in `+`, an exception class of the student's own, a message of several
lines with non-ASCII and an escape sequence, `sys.exit` or a bare `raise SystemExit` inside an op, an op that loops
for ever, a lambda for `tanh`, a raise inside a helper module the engine imports, in a notebook cell that patches
the class later, in a zip); lines Python and `str.splitlines` count apart (a form feed, U+2028 and U+0085 in a
comment before the line that raises); a line 5,000 characters long that raises; and passing engines with a
structural hint (a recursive topological sort) or that print from every op.

`fresh_class(folder)` writes the class and returns {entry name: what it is}.
"""

from __future__ import annotations

from pathlib import Path

import samples

RIGHT = samples.engine()
TYPO_LINE = "t = math.tanh(self.dat)"
TYPO = samples.TYPO


def _before_tanh(text: str, lines: str) -> str:
    """`lines` put just above `def tanh` (inside the class, indented)."""
    return text.replace("    def tanh(self):\n", lines + "    def tanh(self):\n")


# the walk's order found by a recursive function instead of samples.ENGINE's explicit stack (up to the seed)
_WALK = slice(RIGHT.index("        order, seen, stack"), RIGHT.index("        self.grad = 1.0"))
RECURSIVE_WALK = RIGHT[:_WALK.start] + """        order, seen = [], set()

        def build(node):
            if id(node) not in seen:
                seen.add(id(node))
                for parent, _ in node.edges:
                    build(parent)
                order.append(node)
        build(self)
""" + RIGHT[_WALK.stop:]


def fresh_class(folder: Path) -> dict[str, str]:
    put, made = samples.writer(folder)

    # ops that raise, in other ways than a NameError
    put("assert-in-add.py", RIGHT.replace("        other = Value.lift(other)\n        return Value(self.data + other.data",
                                          "        assert isinstance(other, Value), 'only Values'\n"
                                          "        return Value(self.data + other.data"),
        "`+` asserts its operand is a Value: `a + 1` raises AssertionError")
    put("own-exception.py", RIGHT.replace("import math\n", "import math\n\n\nclass EngineError(Exception):\n"
                                          "    pass\n").replace("        out = math.log(self.data)\n",
                                                               "        if self.data <= 0:\n"
                                                               "            raise EngineError('log of ' + "
                                                               "str(self.data))\n        out = math.log(self.data)\n"),
        "log raises an exception class of the student's own for x <= 0")
    put("multiline-message.py", RIGHT.replace("        e = math.exp(self.data)\n",
                                              "        raise ValueError('экспонента:\\nещё не готова \\x1b[31m😀')\n"
                                              "        e = math.exp(self.data)\n"),
        "exp raises a message of two lines with Cyrillic, an ANSI escape and an emoji")
    put("exit-in-op.py", RIGHT.replace("        t = math.tanh(self.data)\n",
                                       "        import sys\n        sys.exit('tanh is not done')\n"),
        "tanh calls sys.exit (SystemExit inside an op)")
    put("loops-in-op.py", RIGHT.replace("        t = math.tanh(self.data)\n",
                                        "        while True:\n            pass\n"),
        "tanh loops for ever (the other ops are right)")
    put("lambda-tanh.py", RIGHT.replace("    def tanh(self):\n        t = math.tanh(self.data)\n"
                                        "        return Value(t, [(self, 1 - t * t)])\n",
                                        "    tanh = lambda self: Value(math.tanh(self.dat), [])\n"),
        "tanh a lambda that raises AttributeError")
    put("helper-raises/engine.py", RIGHT.replace("import math\n", "import math\nfrom slopes import tanh_slope\n")
        .replace("[(self, 1 - t * t)]", "[(self, tanh_slope(t))]"), "tanh's slope from helpers, which raises")
    put("helper-raises/slopes.py", "def tanh_slope(t):\n    return 1 - t * tt\n", "")
    put("patched-later.ipynb", samples.notebook([
        RIGHT, ("md", "Later I rewrote tanh:"), "def tanh(self):\n    t = math.tanh(self.dat)\n"
        "    return Value(t, [(self, 1 - t * t)])\n\nValue.tanh = tanh"]),
        "a notebook whose later cell patches Value.tanh with a typo")
    put("zipped-raises.zip", samples._zip({"hw/engine.py": TYPO.encode()}), "a zip whose engine.py raises in tanh")
    # lines that Python and str.splitlines count apart
    put("formfeed.py", _before_tanh(TYPO, "    # section two\x0c\n    # \u2028 and \x85 in a comment\n"),
        "a form feed, U+2028 and U+0085 in comments above tanh, which raises")
    put("u2028-notebook.ipynb", samples.notebook([_before_tanh(TYPO, "    # a \u2028 line separator\n")]),
        "a notebook whose cell holds U+2028 in a comment above tanh, which raises")
    put("long-line.py", TYPO.replace(TYPO_LINE, TYPO_LINE.replace("self.dat", "self.dat" + " + 0" * 1250)),
        "the line that raises is 5,000 characters long")
    # passing engines
    put("recursive-walk.py", RECURSIVE_WALK, "a correct engine whose topological sort is recursive")
    put("chatty.py", RIGHT.replace("        return Value(self.data + other.data",
                                   "        print('add', self.data, other.data)\n        return Value(self.data"
                                   " + other.data"), "a correct engine that prints in `+`")
    return made

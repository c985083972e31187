"""The starter's long docstrings, put into every file made from the starter (the starter as handed out had them)."""
import re, sys
from pathlib import Path

GUIDE = '''
# ---------------------------------------------------------------------------
# How this file is graded
#
# The autograder imports Value from engine.py and builds small expressions with
# it: sums, products, powers, the unary functions, constants on either side of
# an operator, leaves used more than once, and long chains. For each one it
# compares the data of the result and the .grad of every leaf with the
# instructor's engine and with PyTorch, to about nine significant digits.
#
# Before you submit:
#   * run the examples from the lecture (a = 3, y = a * a gives a.grad == 6);
#   * check one derivative with central differences, (f(x + h) - f(x - h)) / 2h;
#   * make sure every test file in tests/ passes: python -m pytest tests/
#
# What you may change: anything inside the method bodies, and you may add
# helper methods or functions of your own. What you may not change: the name
# of the class, the names and the arguments of the methods below, and the
# meaning of the attributes data, grad, _prev and _op.
#
# Academic honesty: discuss ideas with anyone, but write your own code.
# ---------------------------------------------------------------------------
#
# Recap of lessons 2 and 3 (the words used in the hints below)
#
# - The chain rule, one node at a time: dL/dx = dL/dy * dy/dx. A node knows
#   only dy/dx, its LOCAL derivative; dL/dy arrives from later in the
#   computation as the output's grad.
# - A leaf's grad starts at 0 and is only ever increased. A node reached by
#   two paths (a * a, a + a, a * b + a) receives a share along each path.
# - The graph is walked from the output back to the leaves, in an order in
#   which a node's grad is complete before it is passed on: reverse
#   topological order.
# - Subtraction, negation and division need no rules of their own: a - b is
#   a + (-b), -a is a * -1, a / b is a * b ** -1. Their gradients then come
#   from the rules of add, mul and pow.
#
# Numbers to check against (from the lectures):
#   a = 3, y = a * a                    ->  a.grad == 6
#   a = 3, q = a * a + a                ->  a.grad == 7
#   x = 2, y = x ** 3                   ->  x.grad == 12
#   x = 0, y = tanh(x)                  ->  x.grad == 1
#   x = 2, y = tanh(x)                  ->  x.grad ~= 0.0707
#   x = 2, y = log(x)                   ->  x.grad == 0.5
# ---------------------------------------------------------------------------
'''

MORE = {
    "__add__": """        Example: Value(2.0) + Value(3.0) has data 5.0; after backward() on
        the sum, both inputs have grad 1.0. The right-hand side may be a
        plain int or float (a + 1): turn it into a Value first, so that the
        rest of the method can treat both sides alike. The constant's
        gradient is computed and then thrown away; that is fine.""",
    "__mul__": """        Example: for a = Value(2.0) and b = Value(-3.0), a * b has data -6.0,
        and after backward() a.grad == -3.0 and b.grad == 2.0. Careful: each
        input gets the OTHER input's data. Using the same data for both is
        the most common mistake in this project.""",
    "__pow__": """        Only a constant exponent is supported (2, 3, -1, 0.5, ...), never a
        Value: division is written as a power of -1 below, so this method
        must handle negative and fractional exponents as well.
        Example: x = Value(2.0); (x ** 3).backward() gives x.grad == 12.0.""",
    "relu": """        The derivative at exactly 0 is taken to be 0, as PyTorch does.
        Examples: Value(3.0).relu() has data 3.0 and passes the gradient on
        unchanged; Value(-2.0).relu() has data 0 and passes nothing.""",
    "tanh": """        Use math.tanh for the forward pass (or write it with math.exp).
        The derivative of tanh at 0 is 1; at 2 it is about 0.0707. Writing
        the derivative from the input x instead of from t, or as 1 - t
        without the square, is a classic slip: check both numbers.""",
    "exp": """        Use math.exp. Since the derivative of e ** x is e ** x, the rule
        can reuse the number computed in the forward pass instead of
        calling math.exp a second time. Check: at x = 0 the gradient is 1.""",
    "log": """        Use math.log. The input must be positive; math.log raises
        ValueError otherwise, and that is the behaviour we expect.
        Check: d log(x)/dx at x = 2 is 0.5. Dividing by the output
        instead of by the input is a classic slip.""",
    "__neg__": """        -x is x * -1: no rule of its own needed.""",
}

INIT = """        \"\"\"A leaf (no children) or the result of an operation.

        data      -- the number itself (int or float)
        grad      -- d(final output)/d(this number); 0 until backward() runs
        _backward -- a function of no arguments that adds this node's grad,
                     times each local derivative, into its inputs' grads
        _prev     -- the inputs this number was computed from (a tuple)
        _op       -- a short name of the operation, for printing graphs
        \"\"\""""

BACKWARD_MORE = """
        A recursive depth-first search is the shortest to write, but Python
        stops at about a thousand nested calls, and the grader builds chains
        much longer than that: an explicit stack is safer. Calling backward()
        twice adds the gradients twice; that is expected (see zero_grad in
        lesson 5).
"""


def expand(text: str) -> str:
    if '"""One number in a computation' not in text:
        return text  # not made from the starter
    lines = text.split("\n")
    out = []
    i = 0
    pending = None
    for line in lines:
        if line.startswith("    def __init__(self, data"):
            out.append(line)
            out.extend(INIT.split("\n"))
            continue
        m = re.match(r"^    def (\w+)\(", line)
        if m:
            pending = m.group(1)
            out.append(line)
            continue
        if pending in MORE and re.match(r'^        """.*"""$', line):
            out.append(line[:-3])
            out.append("")
            out.extend(MORE[pending].split("\n"))
            out.append('        """')
            pending = None
            continue
        if pending == "backward" and line == "        3. call each node's _backward in REVERSE of that order.":
            out.append(line)
            out.extend(BACKWARD_MORE.rstrip("\n").split("\n"))
            pending = None
            continue
        if line.strip() and not line.startswith("    def ") and pending not in ("backward",) and not line.strip().startswith(('"""', "#")):
            pending = pending if pending == "backward" else None
        out.append(line)
    text = "\n".join(out)
    if "\nimport math\n" in text:
        text = text.replace("\nimport math\n", "\nimport math\n" + GUIDE, 1)
    elif text.startswith("import math\n"):
        text = "import math\n" + GUIDE + text[len("import math\n"):]
    return text


if __name__ == "__main__":
    for p in sys.argv[1:]:
        Path(p).write_text(expand(Path(p).read_text()))

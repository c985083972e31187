"""Lab 2 - a scalar autodiff engine (MATH 2140 Computational Calculus, spring 2026).

Read this before you start
--------------------------
* Fill in every place marked ``# TODO(lab2)``. Do not rename anything: the
  autograder imports ``Value`` from this file (an alias of ``Scalar``, below).
* Every operation returns a NEW ``Scalar``. Its ``inputs`` are the Scalars it
  was computed from, and its ``grad_fn`` is a function that takes the output's
  gradient ``g`` and returns a TUPLE of gradients, one per input, in the same
  order as ``inputs`` (this is how PyTorch's autograd does it too).
* A leaf (a Scalar you made yourself) has no inputs and ``grad_fn = None``.
* ``backward()`` must reach every node after all the nodes that use it, and
  must ADD into ``.grad``: a node used twice gets gradient from both uses.
* No numpy, no torch, no copying from the internet (see the syllabus, section
  4: we run a similarity check on every hand-in). ``math`` is fine.

FAQ (from last year's forum)
----------------------------
Q: My grad_fn returns a single number for relu and I get "cannot unpack".
A: It must return a tuple even for one input: ``(g * slope,)`` with the comma.
Q: Should grad_fn use ``self.data`` or the output's data?
A: Whichever the rule needs: tanh and exp are easiest with the output, log and
   pow need the input. Read the derivative in each docstring carefully.
Q: x * x gives the wrong gradient.
A: Then your backward overwrites instead of adding. Both inputs are x, and both
   entries of the tuple must end up in x.grad.
Q: RecursionError on the long-chain test.
A: A recursive walk goes one Python frame per node. Use a loop with your own
   stack, or raise the limit (the first is better).
Q: Can I add helper methods?
A: Yes, as many as you like, as long as the names above still work.
Q: What does the autograder test?
A: Every operation on its own and mixed, constants on both sides (2 * x and
   x * 2), nodes used more than once, and a chain of a few thousand steps.

Marking: Part A (the operations) 50 %, Part B (backward) 30 %, tests 20 %.

Example
-------
>>> x = Scalar(2.0)
>>> y = x * x + 3 * x
>>> y.backward()
>>> x.grad          # dy/dx = 2x + 3
7.0
"""

import math
from functools import partialmethod

# Every node gets an index into NODES; TAPE records, per operation, the output's
# index, its inputs' indices and their local slopes. backward() replays the tape
# from the end, only over the entries that lead to the output.
NODES = []
TAPE = []


def _lift(x):
    """Wrap a plain number as a constant Scalar (nobody reads its gradient)."""
    return x if isinstance(x, Scalar) else Scalar(x)


class Scalar:
    """One number in a computation graph, with the gradient of the output w.r.t. it."""

    __slots__ = ("data", "grad", "idx", "name")

    def __init__(self, data, name=""):
        self.data = data
        self.grad = 0.0
        self.name = name
        self.idx = len(NODES)
        NODES.append(self)

    def __repr__(self):
        return f"Scalar(data={self.data:.4g}, grad={self.grad:.4g}, name={self.name!r})"

    def _record(self, value, label, inputs, slopes):
        out = Scalar(value, label)
        TAPE.append((out.idx, tuple(x.idx for x in inputs), tuple(slopes)))
        return out

    def _binary(self, other, kind):
        other = _lift(other)
        a, b = self.data, other.data
        if kind == "+":
            return self._record(a + b, f"({a:g} + {b:g})", (self, other), (1.0, 1.0))
        return self._record(a * b, f"({a:g} * {b:g})", (self, other), (b, a))

    def _unary(self, kind):
        a = self.data
        if kind == "relu":
            y, slope = (a, 1.0) if a > 0 else (0.0, 0.0)
        elif kind == "tanh":
            y = math.tanh(a)
            slope = 1 - y * y
        elif kind == "exp":
            y = slope = math.exp(a)
        else:
            y, slope = math.log(a), 1 / a
        return self._record(y, f"{kind}({a:g})", (self,), (slope,))

    __add__ = partialmethod(_binary, kind="+")
    __mul__ = partialmethod(_binary, kind="*")
    relu = partialmethod(_unary, "relu")
    tanh = partialmethod(_unary, "tanh")
    exp = partialmethod(_unary, "exp")
    log = partialmethod(_unary, "log")

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "the exponent must be a plain number"
        a = self.data
        return self._record(a ** k, f"({a:g} ** {k})", (self,), (k * a ** (k - 1),))

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-_lift(other))

    def __rsub__(self, other):
        return _lift(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * _lift(other) ** -1

    def __rtruediv__(self, other):
        return _lift(other) * self ** -1

    def backward(self):
        grads = {self.idx: 1.0}
        for out, ins, slopes in reversed(TAPE):
            if out > self.idx or out not in grads:
                continue
            for i, s in zip(ins, slopes):
                grads[i] = grads.get(i, 0.0) + s * grads[out]
        for i, g in grads.items():
            NODES[i].grad += g


Value = Scalar  # the name the autograder imports

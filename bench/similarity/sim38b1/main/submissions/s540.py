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


def _lift(x):
    """Wrap a plain number as a constant Scalar (nobody reads its gradient)."""
    return x if isinstance(x, Scalar) else Scalar(x)


class Scalar:
    """One number in a computation graph, with the gradient of the output w.r.t. it."""

    def __init__(self, data, inputs=(), grad_fn=None, name=""):
        self.data = data
        self.grad = 0.0
        self.inputs = tuple(inputs)  # the Scalars this one was computed from
        self.grad_fn = grad_fn  # g -> tuple of gradients for self.inputs; None for a leaf
        self.name = name  # "+", "*", "tanh", ... (for printing)

    def __repr__(self):
        return f"Scalar(data={self.data:.4g}, grad={self.grad:.4g}, name={self.name!r})"

    # ---- Part A: the operations -------------------------------------------

    def __add__(self, other):
        """self + other.   d/dself = 1,  d/dother = 1"""
        other = _lift(other)
        return Scalar(self.data + other.data, (self, other), lambda g: (g, g), "+")

    def __mul__(self, other):
        """self * other.   d/dself = other,  d/dother = self"""
        other = _lift(other)
        return Scalar(self.data * other.data, (self, other), lambda g: (g * other.data, g * self.data), "*")

    def __pow__(self, k):
        """self ** k for a constant number k.   d/dself = k * self ** (k - 1)"""
        assert isinstance(k, (int, float)), "the exponent must be a plain number"
        return Scalar(self.data ** k, (self,), lambda g: (g * k * self.data ** (k - 1),), f"**{k}")

    def relu(self):
        """max(0, self).   d/dself = 1 if self > 0 else 0"""
        return Scalar(max(0.0, self.data), (self,), lambda g: (g * (self.data > 0),), "relu")

    def tanh(self):
        """tanh(self).   d/dself = 1 - tanh(self) ** 2"""
        t = math.tanh(self.data)
        return Scalar(t, (self,), lambda g: (g * (1 - t * t),), "tanh")

    def exp(self):
        """e ** self.   d/dself = e ** self"""
        e = math.exp(self.data)
        return Scalar(e, (self,), lambda g: (g * e,), "exp")

    def log(self):
        """Natural log of self (self > 0).   d/dself = 1 / self"""
        return Scalar(math.log(self.data), (self,), lambda g: (g / self.data,), "log")

    # ---- given: everything else is built from Part A ------------------------

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

    # ---- Part B: backpropagation -------------------------------------------

    def backward(self):
        """Set .grad on every Scalar this one depends on (this one's own grad is 1).

        1. Put the nodes in an order where every node comes after its inputs.
        2. Set self.grad = 1.0.
        3. Go through that order BACKWARDS; for each node with a grad_fn, add
           grad_fn(node.grad)[i] into node.inputs[i].grad.
        Careful: deep graphs (a loop of 1000 steps) must work too.
        """
        # count how many times each node is used, then release a node when all its users are done
        users = {}
        stack = [self]
        while stack:
            node = stack.pop()
            for inp in node.inputs:
                if inp not in users:
                    users[inp] = 0
                    stack.append(inp)
                users[inp] += 1
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            if node.grad_fn is None:
                continue
            for inp, g in zip(node.inputs, node.grad_fn(node.grad)):
                inp.grad += g
                users[inp] -= 1
                if users[inp] == 0:
                    ready.append(inp)


Value = Scalar  # the name the autograder imports


def numeric_grad(f, x, h=1e-6):
    """Central difference of a plain-float function f at x, to test your rules against."""
    return (f(x + h) - f(x - h)) / (2 * h)


def check_rule(op, x, h=1e-6, tol=1e-4):
    """Compare your rule for OP ("tanh", "exp", ...) at X with a central difference.

    Returns (your gradient, the numeric one); prints a warning when they differ
    by more than TOL. Try it on a few points for each of your Part A rules.
    """
    leaf = Scalar(x)
    out = getattr(leaf, op)()
    out.backward()
    numeric = numeric_grad(lambda v: getattr(Scalar(v), op)().data, x, h)
    if abs(leaf.grad - numeric) > tol:
        print(f"check_rule({op!r}, {x}): yours {leaf.grad:.6g}, numeric {numeric:.6g}")
    return leaf.grad, numeric


if __name__ == "__main__":
    x = Scalar(2.0)
    y = x * x + 3 * x
    y.backward()
    print(y, x.grad, "expected 7.0")
    for name, point in (("tanh", 0.5), ("exp", -1.0), ("log", 2.0), ("relu", 1.5)):
        print(name, check_rule(name, point))

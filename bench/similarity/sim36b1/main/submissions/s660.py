"""Lab 2 -- micro-autograd: a whole scalar engine in one file.

ECE 4/597 "Learning Machines From Scratch", autumn term. Hand in THIS file,
renamed nothing, through the course portal before Friday 23:59.

What you are building
---------------------
A `Value` wraps one float. Every arithmetic operation on Values returns a new
Value that remembers (a) which Values it was made from and (b) a function
that, when called, pushes the gradient of the final result back into those
inputs. `backward()` on the final result calls those functions in the right
order. That is reverse-mode automatic differentiation.

Rules of the lab
----------------
* Do not import anything except `math`. No numpy, no torch.
* Do not rename the attributes `data`, `grad`, `_prev`, `_op`, `_backward`:
  the autograder and the graph-drawing helper from lab 1 read them.
* Every gradient rule must ADD into `.grad` (+=), never assign. See lecture
  4, slide 17 ("the a*a trap").
* `backward()` must work on a chain of 10,000 nodes. The autograder checks.
* Leave the methods marked GIVEN alone. Replace each `raise
  NotImplementedError(...)` line with your code. You may delete the TODO
  comments once you are done.

Grading (50 points)
-------------------
  __add__, __mul__          8 pts   forward value + gradient rule
  __pow__                   6 pts   constant exponents only (int or float)
  relu, tanh, exp, log     16 pts   4 each; watch which value the rule uses
  backward                 20 pts   order, seeding, long chains, reuse

Recap of lectures 3-5 (read this before you start)
-------------------------------------------------
Lecture 3. The chain rule, one node at a time. If L depends on y and y on x,
  then dL/dx = dL/dy * dy/dx. A node never needs to know the whole
  expression: it receives dL/d(output) from above (that is `out.grad`) and
  multiplies it by its own local derivative.
Lecture 3. Leaves are Values you make yourself (weights, inputs). Their
  `_prev` is empty and their `_backward` does nothing.
Lecture 4. Numbers mixed with Values: `x * 2` and `2 * x` must both work.
  Python calls __rmul__ for the second; it is GIVEN below and calls __mul__.
Lecture 4. The a*a trap: in y = a * a both inputs are the same object, so
  the rule runs twice on it. With `=` the second write wins and a.grad is
  3 instead of 6 at a = 3. With `+=` both paths count. The same goes for
  any node that is used by more than one later node.
Lecture 4. Worked numbers for testing by hand:
    a = 3:            y = a * a          -> a.grad = 6
    a = 3:            q = a * a + a      -> a.grad = 7
    a = 2, b = -3:    c = a * b + b      -> a.grad = -3, b.grad = 3
    x = 0.5:          t = x.tanh()       -> x.grad = 1 - tanh(0.5)**2 = 0.7864
Lecture 5. Topological order: every node after all the nodes it was made
  from. Depth-first search with a visited set gives one. Reverse it and each
  node's grad is complete before its _backward passes it on.
Lecture 5. Recursion depth: a training loss summed over 10,000 examples is
  a chain 10,000 nodes deep. A recursive DFS stops at about 1,000.

Submitting
----------
1. Run `python engine.py` (it does nothing) and `python test_lab2.py` (the
   public tests; the hidden ones are similar, with other numbers).
2. Check that you did not leave a `raise NotImplementedError` anywhere.
3. Upload engine.py only. Late days: 2 for the whole term, no questions.
4. Collaboration: talk about ideas, never share code. We run a similarity
   checker on all submissions, including last year's.

The autograder compares every gradient with a finite-difference estimate
and with its own engine to a relative tolerance of 1e-6.
"""

import math


class Value:
    """One scalar in a computation graph, and the gradient of the output with respect to it."""

    def __init__(self, data, _children=(), _op=""):
        # GIVEN -- do not change
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        # GIVEN
        return f"Value(data={self.data}, grad={self.grad})"

    # ------------------------------------------------------------------
    # Part A: the two basic operations (lecture 3)
    # ------------------------------------------------------------------

    def __add__(self, other):
        """self + other. `other` may be a plain number: wrap it in a Value first.

        Local derivatives: d(a+b)/da = 1, d(a+b)/db = 1.
        Example: Value(2.0) + 3 has data 5.0; after backward() the Value(2.0)
        has grad 1.0.

        Steps: (1) wrap `other`; (2) out = Value(sum, (self, other), "+");
        (3) define _backward that adds out.grad into both inputs;
        (4) attach it to out and return out.
        """
        # wrap constants so 2 + x and x + 2 both work
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), '+')

        def _backward():
            # gradient of a sum flows unchanged into each term
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        """self * other. `other` may be a plain number.

        Local derivatives: d(a*b)/da = b, d(a*b)/db = a.
        Classic slip: using out.data instead of the other operand's data.

        Check by hand: a = Value(2.0), b = Value(-3.0), c = a * b,
        c.backward() -> a.grad == -3.0 and b.grad == 2.0.
        """
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), '*')

        def _backward():
            # swap: d/dself is other, d/dother is self
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k):
        """self ** k for a constant k (int or float, never a Value).

        Local derivative: k * x**(k-1). Used by division below.

        Check by hand: x = Value(2.0), y = x ** 3 -> y.data == 8.0 and,
        after y.backward(), x.grad == 12.0. Negative and fractional k too:
        (x ** -1).backward() gives -1/x**2.
        """
        assert isinstance(k, (int, float)), "only int/float powers"
        out = Value(self.data ** k, (self,), f'**{k}')

        def _backward():
            # bring the exponent down, lower it by one
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out

    # ------------------------------------------------------------------
    # Part B: one-input functions (lecture 4)
    # ------------------------------------------------------------------

    def relu(self):
        """max(0, x). The derivative is 1 where the output is positive, else 0.

        At exactly 0 we use 0 (like PyTorch). Check: Value(-2.0).relu() has
        data 0 and passes no gradient; Value(3.0).relu() passes all of it.
        """
        out = Value(self.data if self.data > 0 else 0.0, (self,), 'ReLU')

        def _backward():
            # gate: open only where the output is positive
            self.grad += out.grad * (1.0 if out.data > 0 else 0.0)

        out._backward = _backward
        return out

    def tanh(self):
        """Hyperbolic tangent. Derivative: 1 - t**2 where t is the OUTPUT.

        Classic slip: 1 - t (forgetting the square).

        You may use math.tanh or write it with math.exp; both are fine for
        the inputs the autograder uses. Check: at x = 0, t = 0 and the
        local derivative is exactly 1.
        """
        t = math.tanh(self.data)
        out = Value(t, (self,), 'tanh')

        def _backward():
            # 1 - t^2 with t the output, not the input!
            self.grad += (1.0 - t * t) * out.grad

        out._backward = _backward
        return out

    def exp(self):
        """e**x. Its derivative is itself: reuse the output's data.

        Check: Value(0.0).exp() has data 1.0; after backward() the input's
        grad is 1.0.
        """
        e = math.exp(self.data)
        out = Value(e, (self,), 'exp')

        def _backward():
            # exp is its own slope
            self.grad += e * out.grad

        out._backward = _backward
        return out

    def log(self):
        """Natural log (x > 0). Derivative: 1/x where x is the INPUT.

        Classic slip: 1 / out.data (that is 1 / log(x)). Check: at x = 2.0
        the local derivative is 0.5.
        """
        x = self.data
        out = Value(math.log(x), (self,), 'log')

        def _backward():
            # slope of ln at x is 1/x
            self.grad += out.grad / x

        out._backward = _backward
        return out

    # ------------------------------------------------------------------
    # Part C: backpropagation (lecture 5)
    # ------------------------------------------------------------------

    def backward(self):
        """Fill in .grad for every Value this one depends on.

        1. Order the graph so that each node comes after all of its inputs
           (a topological order). Remember the 10,000-node chain: Python's
           recursion limit is 1,000.
        2. Set this node's grad to 1.0 (d out / d out).
        3. Call each node's _backward in REVERSE topological order.

        Do not reset the grads here: accumulating across calls is intended
        (lab 3 adds zero_grad). Check with the worked numbers in the module
        docstring, then with a chain: x = Value(1.0); y = x; then 10,000
        times y = y + 0.0; y.backward() must finish and give x.grad == 1.0.
        """
        # build the order without recursion: each stack entry remembers
        # whether its inputs have already been pushed
        order = []
        visited = set()
        pending = [(self, False)]
        while pending:
            node, inputs_pushed = pending.pop()
            if inputs_pushed:
                order.append(node)
            elif node not in visited:
                visited.add(node)
                pending.append((node, True))
                for inp in node._prev:
                    if inp not in visited:
                        pending.append((inp, False))
        # seed and sweep from the output back to the leaves
        self.grad = 1.0
        for node in reversed(order):
            node._backward()

    # ------------------------------------------------------------------
    # GIVEN: operations built from the ones above (no new rules needed)
    # ------------------------------------------------------------------

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

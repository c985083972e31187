# Forum post by the TA (thread "Project 1: stuck on backward? read this"), pinned.
#
# Many of you asked how to write the rules. Write every rule the same way: first the LOCAL
# derivative, in a variable called `local`, then add local * out.grad into the input.
# Then a slip in the chain rule is easy to see. And write backward() with a stack, not
# recursion: the autograder builds a chain of thousands of nodes and recursion dies there.
#
# Here is the pattern for mul, tanh and backward; the others are the same idea.


def __mul__(self, other):
    other = other if isinstance(other, Value) else Value(other)
    out = Value(self.data * other.data, (self, other), "*")

    def _backward():
        local_self = other.data
        local_other = self.data
        self.grad += local_self * out.grad
        other.grad += local_other * out.grad

    out._backward = _backward
    return out


def tanh(self):
    t = math.tanh(self.data)
    out = Value(t, (self,), "tanh")

    def _backward():
        local = 1 - t * t
        self.grad += local * out.grad

    out._backward = _backward
    return out


def backward(self):
    order, seen = [], set()
    stack = [(self, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            order.append(node)
        elif node not in seen:
            seen.add(node)
            stack.append((node, True))
            for child in node._prev:
                stack.append((child, False))
    self.grad = 1
    for node in reversed(order):
        node._backward()

# For pow: local = k * self.data ** (k - 1). For exp: local = out.data. For log: local = 1 / self.data.
# For relu: local = 1.0 if out.data > 0 else 0.0. For add: local = 1 for both.
# The derived ones are one line each: -x is x * -1, a - b is a + (-b), a / b is a * b ** -1.

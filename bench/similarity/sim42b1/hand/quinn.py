"""Quinn's Scalar -- same interface as the course's Value (I called it Scalar first and kept an alias)."""


class Scalar:
    def __init__(self, value, inputs=None, rule=None, name=""):
        self.data = value
        self.grad = 0
        self.inputs = inputs or []
        self.rule = rule          # function(out) that pushes out.grad into the inputs
        self.name = name

    def __add__(self, other):
        other = other if isinstance(other, Scalar) else Scalar(other)

        def rule(out):
            self.grad += out.grad
            other.grad += out.grad
        return Scalar(self.data + other.data, [self, other], rule, "add")

    def __mul__(self, other):
        other = other if isinstance(other, Scalar) else Scalar(other)

        def rule(out):
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        return Scalar(self.data * other.data, [self, other], rule, "mul")

    def __radd__(self, other):
        return self.__add__(other)

    def __rmul__(self, other):
        return self.__mul__(other)

    def relu(self):
        def rule(out):
            if out.data > 0:
                self.grad += out.grad
        return Scalar(max(self.data, 0), [self], rule, "relu")

    def backward(self):
        # post-order without recursion: a node goes into `topo` when it is popped the second time
        topo, visited, stack = [], set(), [self]
        topo_set = set()
        while stack:
            s = stack.pop()
            if s in visited:
                if s not in topo_set:
                    topo_set.add(s)
                    topo.append(s)
                continue
            visited.add(s)
            stack.append(s)
            stack.extend(i for i in s.inputs if i not in visited)
        self.grad = 1
        for s in reversed(topo):
            if s.rule is not None:
                s.rule(s)

    def __repr__(self):
        return f"Scalar({self.data}, grad={self.grad})"


Value = Scalar

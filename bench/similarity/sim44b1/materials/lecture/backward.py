# Lecture 9, slide 14: backpropagation = the chain rule in reverse topological order
# (shown in class; students may use it, the course's own material)

def backward(self):
    topo = []
    visited = set()

    def build_topo(v):
        if v not in visited:
            visited.add(v)
            for child in v._prev:
                build_topo(child)
            topo.append(v)

    build_topo(self)
    self.grad = 1
    for v in reversed(topo):
        v._backward()

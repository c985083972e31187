# Lecture 5, slide 14: backward() without recursion (the code shown in class)
def backward(self):
    topo, visited = [], set()
    stack = [(self, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            topo.append(node)
        elif node not in visited:
            visited.add(node)
            stack.append((node, True))
            for child in node._prev:
                if child not in visited:
                    stack.append((child, False))
    self.grad = 1
    for node in reversed(topo):
        node._backward()

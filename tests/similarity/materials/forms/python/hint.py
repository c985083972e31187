order, seen = [], set()
stack = [self]
while stack:
    v = stack[-1]
    pending = [c for c in v._prev if c not in seen]
    if pending:
        stack.extend(pending)
    else:
        stack.pop()
        if v not in seen:
            seen.add(v)
            order.append(v)
self.grad = 1
for v in reversed(order):
    v._backward()

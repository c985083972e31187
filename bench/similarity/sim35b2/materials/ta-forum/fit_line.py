# TA's forum post, "11-fit-line: the pattern everyone should use" (pinned)
#
# Keep the parameters in a list, so that clearing and updating are one loop each
# and you cannot forget one of them. Write the loss as an explicit loop first;
# a one-liner is fine once it works.

def mse(w, b):
    total = 0
    for x, y in zip(XS, YS):
        err = w * x + b - y
        total = total + err * err
    return total / len(XS)


def train_line_history(steps, learning_rate):
    w, b = Value(W_START), Value(B_START)
    params = [w, b]
    losses = []
    for _ in range(steps):
        loss = mse(w, b)
        losses.append(loss.data)
        for p in params:
            p.grad = 0
        loss.backward()
        for p in params:
            p.data -= learning_rate * p.grad
    losses.append(mse(w, b).data)
    return w.data, b.data, losses

# Remember: losses has steps + 1 entries (the README explains why).

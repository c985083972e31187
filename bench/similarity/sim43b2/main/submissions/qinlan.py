import random

from engine import Value

NAMES = ('x1', 'x2', 'w1', 'w2', 'b')

class Module:

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0

    def parameters(self):
        return []

class Neuron(Module):

    def __call__(self, inputs):
        act = sum((wi*xi for wi,xi in zip(self.w, inputs)), self.b)
        return act.relu() if self.nonlin else act

    def __init__(self, nin, nonlin=True):
        self.w = [Value(random.uniform(-1,1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __repr__(self):
        return f"{'ReLU' if self.nonlin else 'Linear'}Neuron({len(self.w)})"

    def parameters(self):
        return self.w + [self.b]


def neuron(x1, x2, w1, w2, b, activation='relu'):
    unit = Neuron(2, nonlin=(activation == 'relu'))
    unit.w = [Value(w1), Value(w2)]
    unit.b = Value(b)
    inputs = [Value(x1), Value(x2)]
    act = unit(inputs)
    y = act if activation == 'relu' else act.tanh()
    return y, {'x1': inputs[0], 'x2': inputs[1], 'w1': unit.w[0], 'w2': unit.w[1], 'b': unit.b}


def neuron_gradients(x1, x2, w1, w2, b, activation='relu'):
    y, named = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {k: v.grad for k, v in named.items()}


def largest_relative_difference(grads, reference_grads):
    worst = 0.0
    for k in grads:
        g, r = grads[k], reference_grads[k]
        if g == 0 and r == 0:
            continue
        worst = max(worst, abs(g - r) / max(abs(g), abs(r)))
    return worst

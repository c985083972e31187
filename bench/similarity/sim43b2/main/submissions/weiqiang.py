import random

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")

class Module:

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0

    def parameters(self):
        return []

class Neuron(Module):

    def __init__(self, nin, nonlin=True):
        self.w = [Value(random.uniform(-1,1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        act = sum((wi*xi for wi,xi in zip(self.w, x)), self.b)
        return act.relu() if self.nonlin else act

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'ReLU' if self.nonlin else 'Linear'}Neuron({len(self.w)})"

class Layer(Module):

    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]

    def __repr__(self):
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"

class MLP(Module):

    def __init__(self, nin, nouts):
        sz = [nin] + nouts
        self.layers = [Layer(sz[i], sz[i+1], nonlin=i!=len(nouts)-1) for i in range(len(nouts))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


def neuron(x1, x2, w1, w2, b, activation="relu"):
    n = Neuron(2, nonlin=(activation == "relu"))
    n.w = [Value(w1), Value(w2)]
    n.b = Value(b)
    x = [Value(x1), Value(x2)]
    act = n(x)
    y = act if activation == "relu" else act.tanh()
    return y, {"x1": x[0], "x2": x[1], "w1": n.w[0], "w2": n.w[1], "b": n.b}


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {k: v.grad for k, v in leaves.items()}


def largest_relative_difference(grads, reference_grads):
    worst = 0.0
    for k in grads:
        g, r = grads[k], reference_grads[k]
        if g == 0 and r == 0:
            continue
        worst = max(worst, abs(g - r) / max(abs(g), abs(r)))
    return worst

import random
from engine import Value

XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]

class Module:

    def parameters(self):
        return []

    def zero_grad(self):
        for prm in self.parameters():
            prm.grad = 0

class Neuron(Module):

    def __init__(self, nin, nonlin=True, rng=None):
        rng = rng if rng is not None else random.Random()
        self.w = [Value(rng.uniform(-1,1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"

    def parameters(self):
        return self.w + [self.b]

    def __call__(self, inputs):
        total = sum((wk*xk for wk,xk in zip(self.w, inputs)), self.b)
        return total.tanh() if self.nonlin else total

class Layer(Module):

    def __init__(self, nin, nout, nonlin=True, rng=None):
        rng = rng if rng is not None else random.Random()
        self.neurons = [Neuron(nin, nonlin=nonlin, rng=rng) for _ in range(nout)]

    def __repr__(self):
        return f"Layer of [{', '.join(str(cell) for cell in self.neurons)}]"

    def parameters(self):
        return [prm for cell in self.neurons for prm in cell.parameters()]

    def __call__(self, inputs):
        acts = [cell(inputs) for cell in self.neurons]
        return acts[0] if len(acts) == 1 else acts

class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        rng = rng if rng is not None else random.Random()
        widths = [nin] + nouts
        self.layers = [Layer(widths[k], widths[k+1], nonlin=k!=len(nouts)-1, rng=rng) for k in range(len(nouts))]

    def __repr__(self):
        return f"MLP of [{', '.join(str(stage) for stage in self.layers)}]"

    def parameters(self):
        return [prm for stage in self.layers for prm in stage.parameters()]

    def __call__(self, inputs):
        for stage in self.layers:
            inputs = stage(inputs)
        return inputs

def train_xor(seed=0, steps=1000, lr=0.05):
    """XOR with a 2-4-1 network; returns the loss history."""
    mlp = MLP(2, [4, 1], rng=random.Random(seed))
    trace = []
    for _ in range(steps):
        outs = [mlp(inp) for inp in XOR_INPUTS]
        err = sum((o - t)**2 for t, o in zip(XOR_TARGETS, outs))
        trace.append(err.data)
        mlp.zero_grad()
        err.backward()
        for prm in mlp.parameters():
            prm.data = prm.data + (-lr) * prm.grad
    return trace

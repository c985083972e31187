# XOR network (lab 7)
import random
from engine import Value

class Module:

    def zero_grad(self):
        for t in self.parameters():
            t.grad = 0

    def parameters(self):
        return []

class Neuron(Module):

    def __init__(self, n_inputs, nonlin=True, rng=None):
        r = rng if rng is not None else random.Random(0)
        self.w = [Value(r.uniform(-1,1)) for _ in range(n_inputs)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, inputs):
        z = sum((wt*inp for wt,inp in zip(self.w, inputs)), self.b)
        return z.tanh() if self.nonlin else z

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"

class Layer(Module):

    def __init__(self, n_inputs, n_outputs, **kw):
        kw['rng'] = kw.get('rng') or random.Random(0)
        self.neurons = [Neuron(n_inputs, **kw) for _ in range(n_outputs)]

    def __call__(self, inputs):
        outs = [nr(inputs) for nr in self.neurons]
        return outs[0] if len(outs) == 1 else outs

    def parameters(self):
        return [t for nr in self.neurons for t in nr.parameters()]

    def __repr__(self):
        return f"Layer of [{', '.join(str(nr) for nr in self.neurons)}]"

class MLP(Module):

    def __init__(self, n_inputs, layer_sizes, rng=None):
        r = rng if rng is not None else random.Random(0)
        s = [n_inputs] + list(layer_sizes)
        self.layers = [Layer(s[k], s[k+1], nonlin=k!=len(layer_sizes)-1, rng=r) for k in range(len(layer_sizes))]

    def __call__(self, inputs):
        for lay in self.layers:
            inputs = lay(inputs)
        return inputs

    def parameters(self):
        return [t for lay in self.layers for t in lay.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(lay) for lay in self.layers)}]"

XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]

def train_xor(seed=0, steps=1000, lr=0.05):
    mlp = MLP(2, [4, 1], rng=random.Random(seed))
    curve = []
    for _ in range(steps):
        scores = [mlp(inp) for inp in XOR_INPUTS]
        loss = sum((s - y)**2 for y, s in zip(XOR_TARGETS, scores))
        curve.append(loss.data)
        mlp.zero_grad()
        loss.backward()
        for t in mlp.parameters():
            t.data -= lr * t.grad
    return curve

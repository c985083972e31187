import random
from engine import Value

class Module:

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0

    def parameters(self):
        return []

class Neuron(Module):

    def __init__(self, nin, nonlin=True, rng=None):
        gen = rng if rng is not None else random.Random(0)
        self.w = [Value(gen.uniform(-1,1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        z = sum((weight*inp for weight,inp in zip(self.w, x)), self.b)
        return z.tanh() if self.nonlin else z

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"

class Layer(Module):

    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        outputs = [unit(x) for unit in self.neurons]
        return outputs[0] if len(outputs) == 1 else outputs

    def parameters(self):
        return [p for unit in self.neurons for p in unit.parameters()]

    def __repr__(self):
        return f"Layer of [{', '.join(str(unit) for unit in self.neurons)}]"

class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        gen = rng if rng is not None else random.Random(0)
        dims = [nin] + nouts
        self.layers = [Layer(dims[i], dims[i+1], nonlin=i!=len(nouts)-1, rng=gen) for i in range(len(nouts))]

    def __call__(self, x):
        for lyr in self.layers:
            x = lyr(x)
        return x

    def parameters(self):
        return [p for lyr in self.layers for p in lyr.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(lyr) for lyr in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]

def train_xor(seed=0, steps=1000, lr=0.05):
    """plain gradient descent on the XOR data, the loss before every step"""
    net = MLP(2, [4, 1], rng=random.Random(seed))
    trace = []
    for _ in range(steps):
        total = Value(0)
        for xs, t in zip(XOR_INPUTS, XOR_TARGETS):
            total = total + (net(xs) - t)**2
        trace.append(total.data)
        net.zero_grad()
        total.backward()
        for w in net.parameters():
            w.data -= lr * w.grad
    return trace

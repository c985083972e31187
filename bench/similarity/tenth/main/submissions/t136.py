import random
from engine import Value

class Module:

    def parameters(self):
        return []

    def zero_grad(self):
        for q in self.parameters():
            q.grad = 0

class Neuron(Module):

    def __init__(self, nin, nonlin=True, rng=None):
        gen = random if rng is None else rng
        self.w = [Value(gen.uniform(-1,1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def parameters(self):
        return self.w + [self.b]

    def __call__(self, x):
        s = sum((wj*xj for wj,xj in zip(self.w, x)), self.b)
        return s.tanh() if self.nonlin else s

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"

class Layer(Module):

    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def parameters(self):
        return [q for u in self.neurons for q in u.parameters()]

    def __call__(self, x):
        res = [u(x) for u in self.neurons]
        return res[0] if len(res) == 1 else res

    def __repr__(self):
        return f"Layer of [{', '.join(str(u) for u in self.neurons)}]"

class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        dims = [nin] + nouts
        self.layers = [Layer(dims[j], dims[j+1], nonlin=j!=len(nouts)-1, rng=rng) for j in range(len(nouts))]

    def parameters(self):
        return [q for lyr in self.layers for q in lyr.parameters()]

    def __call__(self, x):
        for lyr in self.layers:
            x = lyr(x)
        return x

    def __repr__(self):
        return f"MLP of [{', '.join(str(lyr) for lyr in self.layers)}]"

def train_xor(seed=0, steps=1000, lr=0.05):
    net = MLP(2, [4, 1], rng=random.Random(seed))
    curve = []
    for it in range(steps):
        L = Value(0)
        for inp, tgt in zip(XOR_INPUTS, XOR_TARGETS):
            L = L + (net(inp) - tgt)**2
        curve.append(L.data)
        net.zero_grad()
        L.backward()
        for q in net.parameters():
            q.data = q.data - lr * q.grad
    return curve

XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]

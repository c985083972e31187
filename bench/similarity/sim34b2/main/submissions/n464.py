"""A small neural network built from `Value`s.

A neuron is tanh(w1*x1 + ... + wn*xn + b): the course uses tanh, whose outputs
lie in (-1, 1) and whose gradient never dies completely, which suits the XOR
demo with targets -1 and +1. A layer is a list of neurons that all see the
same inputs; an MLP is a stack of layers whose last one is linear, so the
network's output is not squashed into (-1, 1).

Every weight is drawn from an explicit `random.Random`, never the global RNG:
two networks made from the same seed have the same weights, whatever else the
program has drawn in between.
"""

import random

from engine import Value


class Module:
    """Anything with parameters: a neuron, a layer, a whole network."""

    def zero_grad(self):
        """Set every parameter's grad back to 0 (gradients accumulate across backward passes)."""
        # Gradients accumulate (every rule in the engine adds with +=), so before each
        # backward pass the previous step's gradients have to be cleared, parameter by
        # parameter. Only the parameters: the inputs and intermediate nodes are rebuilt
        # on every forward pass anyway.
        for parameter in self.parameters():
            parameter.grad = 0

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        # Use the generator we are given so that the same seed always gives the same
        # neuron; fall back to a fixed seed so that a bare Neuron(3) is reproducible too.
        generator = random.Random(0) if rng is None else rng
        # One weight per input, uniform in [-1, 1]: random so that the neurons of a
        # layer start out different (equal weights would get equal gradients forever).
        self.w = [Value(generator.uniform(-1, 1)) for _ in range(nin)]
        # The bias can start at zero: the weights already break the symmetry.
        self.b = Value(0.0)
        # Whether to squash the weighted sum with tanh (hidden) or not (output).
        self.nonlin = nonlin

    def __call__(self, x):
        # The weighted sum, started from the bias: b + w1*x1 + ... + wn*xn.
        weighted_sum = self.b
        for weight, value in zip(self.w, x):
            weighted_sum = weighted_sum + weight * value
        # Hidden neurons squash it into (-1, 1); the output neuron leaves it linear.
        if self.nonlin:
            return weighted_sum.tanh()
        return weighted_sum

    def parameters(self):
        # The weights first, then the bias (the order the tests expect).
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        # All the neurons of the layer share one generator; otherwise each would make
        # its own Random(0) and they would all get the very same weights.
        if kwargs.get("rng") is None:
            kwargs["rng"] = random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        # Every neuron sees the same inputs.
        outputs = [neuron(x) for neuron in self.neurons]
        # A layer with one neuron gives its Value itself, so that loss.backward() works.
        if len(outputs) == 1:
            return outputs[0]
        return outputs

    def parameters(self):
        # Neuron by neuron, each neuron's weights then its bias.
        return [parameter for neuron in self.neurons for parameter in neuron.parameters()]

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        # One generator for the whole network, passed down to every layer.
        generator = random.Random(0) if rng is None else rng
        # The sizes of all the layers' inputs and outputs: nin, then each layer's width.
        sizes = [nin] + list(nouts)
        number_of_layers = len(nouts)
        self.layers = []
        for index in range(number_of_layers):
            # Every layer but the last one is non-linear.
            hidden = index != number_of_layers - 1
            self.layers.append(Layer(sizes[index], sizes[index + 1], nonlin=hidden, rng=generator))

    def __call__(self, x):
        # Each layer's output is the next layer's input.
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        # Layer by layer.
        return [parameter for layer in self.layers for parameter in layer.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    """Train MLP(2, [4, 1]) on XOR with plain gradient descent; return the loss before each step.

    The loss is the sum of squared errors over the four examples. Each step is
    the course's loop: forward, loss, zero_grad, backward, p.data -= lr * p.grad.
    With the defaults (seed 0, lr 0.05) the loss falls below 1e-3 at step 123
    and keeps falling; every seed from 0 to 7 gets there within 200 steps,
    while lr 0.1 diverges for some seeds. Bit for bit the same on every run.
    """
    # The network of the exercise, its weights drawn from the given seed.
    network = MLP(2, [4, 1], rng=random.Random(seed))
    history = []
    for step in range(steps):
        # 1. forward pass and loss: the sum of squared errors over the four examples
        loss = Value(0.0)
        for inputs, target in zip(XOR_INPUTS, XOR_TARGETS):
            error = network(inputs) - target
            loss = loss + error * error
        history.append(loss.data)
        # 2. clear the old gradients, 3. backward pass
        network.zero_grad()
        loss.backward()
        # 4. one step of gradient descent on every parameter
        for parameter in network.parameters():
            parameter.data -= lr * parameter.grad
    return history

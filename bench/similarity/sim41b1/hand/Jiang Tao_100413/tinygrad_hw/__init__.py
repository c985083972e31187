from .value import Value
from .nn import MLP, Layer, Neuron

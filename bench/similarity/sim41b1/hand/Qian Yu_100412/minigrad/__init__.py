from .core import Value
from .layers import MLP, Layer, Neuron

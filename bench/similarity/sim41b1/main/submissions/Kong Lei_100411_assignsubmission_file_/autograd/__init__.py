from .graph import Graph
from .scalar import Value
from .nn import MLP, Layer, Neuron

from .engine import Op, Value
from .nn import MLP, Layer, Neuron

__all__ = ["Op", "Value", "Neuron", "Layer", "MLP"]

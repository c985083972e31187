"""micrograd：一个标量自动微分引擎（《深度学习实践》第二次作业）。"""

from .engine import Value
from .nn import MLP, Layer, Module, Neuron

__all__ = ["Value", "Module", "Neuron", "Layer", "MLP"]

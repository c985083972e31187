from .engine import Value
from .nn import MLP

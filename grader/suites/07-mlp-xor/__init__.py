"""07-mlp-xor: nn.py (Module, Neuron, Layer, MLP) and training XOR."""

TITLE = "A neural network from Values: an MLP that learns XOR"
MODULE = "engine"  # the worker imports engine.py; probes reach nn.py through the modules
FILES = ("engine.py", "nn.py")
# The engine's bug variants cannot explain mistakes in this exercise's own code.
DIAGNOSE = False

"""10-neuron: one neuron's five gradients from backward(), compared with PyTorch's."""

TITLE = "One neuron, checked against PyTorch"
MODULE = "engine"  # the worker imports engine.py; probes reach neuron.py through the modules
FILES = ("engine.py", "neuron.py")
# The engine is given complete here: its bug variants cannot explain mistakes in neuron.py.
DIAGNOSE = False

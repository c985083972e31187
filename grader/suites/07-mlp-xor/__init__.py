"""07-mlp-xor: nn.py (Module, Neuron, Layer, MLP) and training XOR."""

TITLE = "A neural network from Values: an MLP that learns XOR"
MODULE = "engine"  # the worker imports engine.py; probes reach nn.py through the modules
FILES = ("engine.py", "nn.py")
# The engine's bug variants cannot explain mistakes in this exercise's own code.
DIAGNOSE = False
# Beside probes.py in the sandbox: the course's zero_grad(), the roles of the parameters, the trained network
# (probes.py loads it from beside itself; the student's install has it too, grader/distribution.py)
RUNNER_FILES = ("probes_training.py",)

"""07-mlp-xor: nn.py (Module, Neuron, Layer, MLP) and training XOR."""

from grader.i18n import msg

TITLE = "A neural network from Values: an MLP that learns XOR"
MODULE = "engine"  # the worker imports engine.py; probes reach nn.py through the modules
FILES = ("engine.py", "nn.py")
# The engine's bug variants cannot explain mistakes in this exercise's own code.
DIAGNOSE = False
# Beside probes.py in the sandbox: the course's zero_grad(), the roles of the parameters, the trained network
# (probes.py loads it from beside itself; the student's install has it too, grader/distribution.py)
RUNNER_FILES = ("probes_training.py",)

# What both test files (test_mlp_xor.py: parameters and forward passes; test_mlp_xor_training.py: training) read
NET = "MLP(2, [4, 1])"  # the network whose parameters() the training tests' failures speak of
COUNTS = {"Neuron(3)": 4, "Layer(3, 2)": 8, "MLP(2, [4, 1])": 17, "MLP(3, [4, 4, 1])": 41}
THRESHOLD = 1e-3  # sum of squared errors over the four XOR examples
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]
STEPS = 300  # the reference gets below the threshold within 200 steps from any of seeds 0-11
# what makes parameters() right on its first call only (parameters/counts, zero_grad's and the training tests)
USED_UP = msg("zero_grad() and every update call parameters() again, and find nothing to clear or move: a generator "
              "made once and kept (say in `__init__`) is used up by the first walk. Return a new list (or a new "
              "generator) on every call: `return [p for layer in self.layers for p in layer.parameters()]`")
# what makes a right count of entries hold fewer Values (parameters/counts, and the training tests)
REPEATED = msg("The same Value stands in several places: a list made with `* n` (`[Neuron(nin)] * nout`, "
               "`[Value(...)] * nin`) repeats one object n times instead of making n of them, and every copy gets "
               "the same update, so they can never learn different things. Make each with its own call: "
               "`[Neuron(nin) for _ in range(nout)]`")

"""05-backward: backward() itself: topological order, the seed, each node once."""

TITLE = "backward(): topological order, the seed, each node once"
MODULE = "engine"
FILES = ("engine.py",)
# A gradient that holds a Value (`self.grad += other * out.grad`, the node added, not its `.data`) is read off its
# `.data` (probes.py: probekit.read_value_grads()) and charged once, by the test of the first of these probes that
# shows it; every other test compares its numbers (grader/judge/value_grads.py).
VALUE_GRADS_CHARGED_BY = ("seed_gradient", "chain")

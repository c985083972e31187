"""A `Value`-like wrapper over 0-d float64 PyTorch tensors, so that every probe
can run on PyTorch too. Used where torch is installed: by `grade torch-results`
to store PyTorch's observations in a suite, and by `--torch live`."""

import json


def torch_value_class():
    import torch

    class TorchValue:
        """A node of PyTorch's graph with the engine API of the contract's §2."""

        def __init__(self, data, _tensor=None):
            if _tensor is None:
                _tensor = torch.tensor(float(data), dtype=torch.float64, requires_grad=True)
            elif _tensor.requires_grad and not _tensor.is_leaf:
                _tensor.retain_grad()  # so that .grad of intermediate nodes can be observed
            self.t = _tensor

        @property
        def data(self):
            return self.t.item()

        @property
        def grad(self):
            return 0.0 if self.t.grad is None else self.t.grad.item()

        @staticmethod
        def _lift(other):
            return other.t if isinstance(other, TorchValue) else torch.tensor(float(other), dtype=torch.float64)

        def _new(self, tensor):
            return TorchValue(None, tensor)

        def __add__(self, o): return self._new(self.t + self._lift(o))
        def __radd__(self, o): return self._new(self._lift(o) + self.t)
        def __sub__(self, o): return self._new(self.t - self._lift(o))
        def __rsub__(self, o): return self._new(self._lift(o) - self.t)
        def __mul__(self, o): return self._new(self.t * self._lift(o))
        def __rmul__(self, o): return self._new(self._lift(o) * self.t)
        def __truediv__(self, o): return self._new(self.t / self._lift(o))
        def __rtruediv__(self, o): return self._new(self._lift(o) / self.t)
        def __neg__(self): return self._new(-self.t)
        def __pow__(self, k): return self._new(self.t ** k)
        def relu(self): return self._new(torch.relu(self.t))
        def tanh(self): return self._new(torch.tanh(self.t))
        def exp(self): return self._new(torch.exp(self.t))
        def log(self): return self._new(torch.log(self.t))
        def backward(self): self.t.backward()

    return TorchValue


def torch_observations(suite):
    """{probe: {"values": ...} | {"error": ...}} for every probe of a suite that takes `Value`."""
    from .probekit import plain

    V = torch_value_class()
    out = {}
    for name in suite.probe_names:
        probe = suite.probe(name)
        if getattr(probe, "takes_modules", False):
            continue
        try:
            out[name] = {"values": plain(probe(V))}
        except Exception as exc:  # recorded, and a test that uses it says so
            out[name] = {"error": f"{type(exc).__name__}: {exc}"}
    return out


def write_torch_results(suite):
    """Store PyTorch's observations beside the suite; returns the path."""
    import torch

    path = suite.folder / "torch_results.json"
    record = {"torch_version": torch.__version__.split("+")[0], "probes": torch_observations(suite)}
    # key order kept as the probe reports it: feedback names the first value that differs
    path.write_text(json.dumps(record, indent=1) + "\n")
    return path

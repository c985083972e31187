"""A `Value`-like wrapper over 0-d float64 PyTorch tensors, so that every probe
can run on PyTorch too. Used where torch is installed: by `grade torch-results`
to store PyTorch's observations in a suite, and by `--torch live`; and how far a
live run may be from the stored one before the stored file is stale."""

import dataclasses
import inspect
import json
import math
import warnings

FILENAME = "torch_results.json"

# Stored and live PyTorch results are compared to MAX_ULPS units in the last place,
# never bit for bit. PyTorch's tanh, exp and log are vectorised per CPU (SLEEF and
# its own kernels, picked for AVX2, AVX-512, ...), and Python's math module uses the
# platform's libm: on another CPU they may return the neighbouring double, 1 or 2
# ulps away (the course's `tanh(0.5)` does, between the development machine and an
# AMD EPYC). The probes then carry that last bit through a few operations.
# Simulating other CPUs by moving every tanh, exp and log result to a neighbouring
# double moved the live values away from the stored ones by at most 4 ulps when
# each call moved by up to 1 ulp, 7 for 2 ulps, 11 for 4 ulps and 23
# for 8 (tests/test_stored_results.py replays the 4-ulp case). Two CPUs' libraries
# disagree by 1 or 2 ulps (SLEEF's and glibc's tanh, exp and log are each within
# about 1 ulp of the exact result), so 16 leaves a margin of twice that, and is
# still ten million times tighter than the judge's 1e-7 relative: a probe that
# really changed moves its values by far more.
# An ulp is the spacing of doubles at the larger of the two values, taken at 1.0
# for values below 1: a probe's inputs are of order 1, and a small result is what
# is left when terms of order 1 cancel (03-tanh's tanh_layer is 0.039 and moves
# by an ulp of 1.0 when tanh's last bit does). A central difference
# (f(x+h) - f(x-h)) / 2h, the `<x>.numeric` values of probekit.with_numeric,
# divides f's last bits by h, so its ulp is that of f (the probe's `out`) over h.
MAX_ULPS = 16


def import_torch():
    """torch, imported without its "Failed to initialize NumPy" warning: where NumPy is not
    installed (the grader does not need it) torch warns on import, and the grader never hands
    torch or takes from it a NumPy array."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Failed to initialize NumPy", category=UserWarning)
        import torch
    return torch


def torch_value_class():
    torch = import_torch()

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
    """{probe: {"values": ...} | {"error": ...}} for every probe of a suite that takes `Value` and reports numbers.
    A probe marked `@probekit.places` (the engine suite's where_written) reports the lines of the files its backward
    ran (the student's, diagnose/written_at.py), which under PyTorch are torch's own files, named from wherever it is
    installed (a `.venv` in the checkout is under the current folder: CI's stored record then differed from a live
    run by 44 paths), and no test reads it."""
    from .probekit import plain

    V = torch_value_class()
    out = {}
    for name in suite.probe_names:
        probe = suite.probe(name)
        if getattr(probe, "takes_modules", False) or getattr(probe, "reports_places", False):
            continue
        try:
            out[name] = {"values": plain(probe(V))}
        except Exception as exc:  # recorded, and a test that uses it says so
            out[name] = {"error": f"{type(exc).__name__}: {exc}"}
    return out


def _central_difference_step():
    from .probekit import with_numeric

    return inspect.signature(with_numeric).parameters["h"].default


@dataclasses.dataclass(frozen=True)
class Change:
    """One value of a probe whose stored and live PyTorch results differ."""

    probe: str
    key: str  # where in the probe's observation, e.g. "values.a.grad"; "" for the whole probe
    stored: object  # None: the probe is new
    live: object  # None: the probe is gone
    ulps: float = None  # how far apart two floats are, in ulps as MAX_ULPS counts them

    @property
    def within_tolerance(self):
        return self.ulps is not None and self.ulps <= MAX_ULPS

    def describe(self):
        if self.stored is None:
            return f"{self.probe}: new probe"
        if self.live is None:
            return f"{self.probe}: probe removed"
        far = f" ({self.ulps:.3g} ulps)" if self.ulps is not None else ""
        return f"{self.probe} {self.key}: {self.stored!r} → {self.live!r}{far}"


def ulps_apart(a, b, ulp=None):
    """How far apart two floats are, in ulps of max(|a|, |b|, 1), or in units of `ulp` when given."""
    if a == b or (math.isnan(a) and math.isnan(b)):
        return 0.0
    if not (math.isfinite(a) and math.isfinite(b)):
        return math.inf
    if ulp is None:
        return abs(a - b) / math.ulp(max(abs(a), abs(b), 1.0))
    return abs(a - b) / ulp


def _is_float(x):
    return isinstance(x, float) or (isinstance(x, int) and not isinstance(x, bool))


def _walk(probe, key, stored, live, ulp, out):
    """Append to `out` every Change between `stored` and `live`; return what to store: `live`, with
    each value that moved by at most MAX_ULPS kept as stored (another CPU's last bits)."""
    if isinstance(stored, dict) and isinstance(live, dict) and list(stored) == list(live):
        central = _central_difference_ulp(stored, live)
        kept = {}
        for k in stored:
            is_numeric = isinstance(k, str) and k.endswith(".numeric") and central is not None
            kept[k] = _walk(probe, f"{key}.{k}" if key else k, stored[k], live[k],
                            central if is_numeric else None, out)
        return kept
    if isinstance(stored, list) and isinstance(live, list) and len(stored) == len(live):
        return [_walk(probe, f"{key}[{i}]", s, l, None, out) for i, (s, l) in enumerate(zip(stored, live))]
    if _is_float(stored) and _is_float(live):
        far = ulps_apart(float(stored), float(live), ulp)
        if far:
            out.append(Change(probe, key, stored, live, far))
        return stored if far <= MAX_ULPS else live
    if stored != live or type(stored) is not type(live):
        out.append(Change(probe, key, stored, live))
    return live


def _central_difference_ulp(stored, live):
    """One ulp of a with_numeric observation's `.numeric` values (an ulp of f over h), or None."""
    if not any(isinstance(k, str) and k.endswith(".numeric") for k in stored):
        return None
    outs = [d.get("out") for d in (stored, live)]
    if not all(_is_float(o) and math.isfinite(o) for o in outs):
        return None
    return math.ulp(max(abs(outs[0]), abs(outs[1]), 1.0)) / _central_difference_step()


def compare(stored_probes, live_probes):
    """Every difference between two {probe: {"values"|"error": ...}} records, in probe order.

    A Change with `within_tolerance` is the last bits of another CPU; any other is real.
    """
    return _compared(stored_probes, live_probes)[0]


def _compared(stored_probes, live_probes):
    """(compare's changes, the probes to store): the live probes, in their order, with every
    value within MAX_ULPS of the stored one kept as stored."""
    changes, keep = [], {}
    for name in list(stored_probes) + [n for n in live_probes if n not in stored_probes]:
        if name not in live_probes:
            changes.append(Change(name, "", stored_probes[name], None))
        elif name not in stored_probes:
            changes.append(Change(name, "", None, live_probes[name]))
        else:
            keep[name] = _walk(name, "", stored_probes[name], live_probes[name], None, changes)
    return changes, {name: keep.get(name, entry) for name, entry in live_probes.items()}


@dataclasses.dataclass
class Refresh:
    """What `grade torch-results` found for one suite, and whether it rewrote the file."""

    path: object
    changes: list  # every Change, the last-bit ones included
    written: bool
    version_change: tuple = None  # (stored, live) torch versions when they differ

    @property
    def real_changes(self):
        return [c for c in self.changes if not c.within_tolerance]

    @property
    def last_bit_changes(self):
        return [c for c in self.changes if c.within_tolerance]


def stored_record(suite):
    """The suite's stored record ({"torch_version", "probes"}), or None when it has none."""
    path = suite.folder / FILENAME
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def write_torch_results(suite):
    """Store PyTorch's observations beside the suite when they changed; returns a Refresh.

    The file is rewritten only when a probe is new, gone or changed beyond MAX_ULPS,
    or torch's version differs: regenerating on another CPU does not churn it. When it
    is rewritten, every value within MAX_ULPS of the stored one is kept as stored.
    """
    torch = import_torch()
    path = suite.folder / FILENAME
    # through JSON, so that what is compared is what would be stored (tuples become lists)
    live = json.loads(json.dumps(torch_observations(suite)))
    version = torch.__version__.split("+")[0]
    old = stored_record(suite)
    if old is None:
        changes, probes = [Change(name, "", None, entry) for name, entry in live.items()], live
        version_change = None
    else:
        changes, probes = _compared(old.get("probes", {}), live)
        version_change = (old.get("torch_version"), version) if old.get("torch_version") != version else None
    refresh = Refresh(path, changes, written=False, version_change=version_change)
    if old is None or refresh.real_changes or version_change:
        # a value within MAX_ULPS of the stored one stays as stored, even in a file rewritten for another probe
        record = {"torch_version": version, "probes": probes}
        # key order kept as the probe reports it: feedback names the first value that differs
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        refresh.written = True
    return refresh

"""What a run's observations say of the student's engine as a whole, read by the Diagnoser (a mixin, kept apart to
keep each module small): the ops whose rules are right (`_right_ops`), and whether the backward pass computed nothing
(`_computes_nothing`: every gradient of a probe 0 where the reference's are not)."""

from __future__ import annotations

from ..suites import SuiteError
from .compare import wrong


class RunFactsMixin:
    """Needs `self.suite`, `self.reference(probe)` and `self._silent` (a dict kept for a batch), as Diagnoser has."""

    def _right_ops(self, run) -> set[str]:
        """The ops whose local probe is the reference's, seeded and through `* Value(3)` (only seeded where `*`'s
        own rule is wrong seeded: then every op's run through `*` is): their rules are right."""
        probes = (run or {}).get("probes") or {}
        local = {op: name for name in self.suite.probe_names if (op := getattr(getattr(self.suite.probes, name),
                                                                                "local_op", None))}

        def right(op, keys):
            mine, want = (probes.get(local.get(op)) or {}), self.reference(local[op]) if op in local else {}
            return mine.get("status") == "ok" and not wrong(
                {"status": "ok", "values": {k: v for k, v in (mine.get("values") or {}).items() if keys(k)}},
                {k: v for k, v in want.items() if keys(k)})

        seeded = lambda key: not key.endswith(".scaled")  # noqa: E731
        keys = (lambda key: True) if right("mul", seeded) else seeded
        return {op for op in local if right(op, keys)}

    def _computes_nothing(self, run) -> bool:
        """Whether some probe came back with every gradient 0 where the reference's are not all 0:
        the backward pass ran and computed nothing (a seed never set, a `backward` never called)."""
        for name, obs in ((run or {}).get("probes") or {}).items():
            # each object once a batch (runs share equal ones: share_observations), kept so its id stays its own
            known = self._silent.get((name, id(obs))) or self._silent.setdefault(
                (name, id(obs)), (obs, self._silent_probe(name, obs)))
            if known[1]:
                return True
        return False

    def _silent_probe(self, name, obs) -> bool:
        values = obs.get("values") if obs.get("status") == "ok" else None
        if not isinstance(values, dict) or name not in self.suite.probe_names:
            return False
        grads = {k: v for k, v in values.items() if k.endswith(".grad") and isinstance(v, (int, float))}
        if grads and all(v == 0 for v in grads.values()):
            try:
                reference = self.reference(name)  # two that should not be 0: one at 0 may be a rule that cancels
            except SuiteError:  # a student's install holds only the visible tests' expected values, and a
                return False  # check diagnoses passing rows too (a solved 04-more-ops: its shared_sub's grads)
            return sum(isinstance(reference.get(k), (int, float)) and reference[k] != 0 for k in grads) >= 2
        return False

"""The walks' observations of a suite's probes, and the walk that explains a student's numbers (WalkBook): each walk
of walks.py run on the reference with the children of each node in each order of ORDERS, once per batch, its
observations kept in a file for the next batch. Moved out of walks.py in session 42, to keep it under the line limit.

The walks run in the grader's process on trusted code (the reference, patched).
"""

from __future__ import annotations

import dataclasses
import json

from ..boot_files import append_entries
from ..variants import Variant, engine_class
from .compare import agree, not_run, wrong
from .styles import observe_in_process
from .walks import WALKS
from .walks_kept import KEPT_CAP, _kept_file

_CHILDREN = "        self._prev = tuple(dict.fromkeys(_children))\n"

# Walks that leave gradients at 0 where others pass them on (an input's rule never run): a walk in topological order
# instead of reversed, which leaves most gradients 0, is wrong wherever they are, with numbers of its own. These
# explain a submission only where every probe of W is reproduced in some order, not merely wrong in every order.
_EVERY_PROBE = frozenset({"first-input-only", "first-input-left-out", "output-rule-every-step"})

# How a student's engine may order each node's children: as given, reversed, as given with duplicates
# (`a * a` lists a twice), reversed with duplicates (a sort that expands a node's first input first over a list
# of inputs: a recursive one, or a stack of per-node indices or iterators; session 38); and a set's order, which follows the nodes' addresses, so that any node may have
# its two children either way: `mask` reverses the children of the i-th node made where bit i is set (the
# first MASK_BITS nodes; the probes whose order shows are small). A run records in `_used` the bits of the nodes
# whose children a mask could reverse (two or more): a mask that differs from one already run only in the others
# runs the same program to the same numbers, and is taken from that run, not run again (session 39: a leaf, or a node
# of one input, reversed is itself; the probes make their inputs first, so most of a probe's 256 masks are alike).
MASK_BITS = 8
_MASKED = ("        Value._made = getattr(Value, '_made', -1) + 1\n"
           "        self._prev = tuple(dict.fromkeys(_children))\n"
           "        if Value._mask >> Value._made & 1:\n"
           "            self._prev = self._prev[::-1]\n"
           "        if len(self._prev) > 1 and Value._made < %d:\n"
           "            Value._used |= 1 << Value._made\n" % MASK_BITS)
ORDERS = (None, "        self._prev = tuple(reversed(dict.fromkeys(_children)))\n",
          "        self._prev = tuple(_children)\n", "        self._prev = tuple(reversed(_children))\n", _MASKED)


def _orders(walk):
    """The walk with each way of ordering children (ORDERS)."""
    return [walk if order is None else dataclasses.replace(walk, patches=walk.patches + ((_CHILDREN, order),))
            for order in ORDERS]


class WalkBook:
    """The walks' observations of a suite's probes, each run once (in the grader's process).

    They depend on no student: `kept` is a file they are read from when first needed and written back to
    (keep()) when a batch observed more, so that the next batch of the same grader, suite and reference
    (the file's name says which: verdicts.walks_path) observes only what no batch before it needed."""

    def __init__(self, suite, kept=None):
        self.suite = suite
        self._classes = {}
        self._seen: dict[tuple, dict] = {}
        self._made: dict[tuple, int] = {}  # (walk, probe) -> the nodes the probe makes
        self._used: dict[tuple, int] = {}  # (walk, k, probe, mask) -> the bits of the nodes the mask could reverse
        self._useds: dict[tuple, dict] = {}  # (walk, probe) -> the distinct values of _used, in the order found
        self._kept, self._read, self._new = kept, kept is None, {}  # the file, whether read, what it lacks
        self._alike: dict[str, dict] = {}  # repr -> the one observation of that repr observed here

    def _read_kept(self):
        self._read = True
        try:
            seen, made, used = _kept_file(self._kept)
        except (OSError, ValueError, TypeError, KeyError, RecursionError):
            return  # none kept yet, or not readable: observed here
        self._seen.update(seen)
        self._made.update(made)
        for key, bits in used.items():
            self._used_by(key, bits)

    def keep(self):
        """Append the observations to the `kept` file (boot_files.append_entries), when this book observed some
        that it does not hold."""
        if self._kept is None or not self._new:
            return
        try:
            append_entries(self._kept, self._new, KEPT_CAP)
            self._new = {}
        except (OSError, TypeError, ValueError):
            pass  # a full disk: the next batch observes them again

    def observe(self, walk, k: int, probe: str, mask: int = 0) -> dict:
        key = (walk.name, k, probe, mask)
        if key not in self._seen and not self._read:
            self._read_kept()
        if key not in self._seen:
            if (walk.name, k) not in self._classes:
                self._classes[(walk.name, k)] = engine_class(_orders(walk)[k].source(), f"walk {walk.name} {k}")
            value_class = self._classes[(walk.name, k)]
            value_class._mask, value_class._made, value_class._used = mask, -1, 0
            observation = observe_in_process(value_class, getattr(self.suite.probes, probe))
            # one object for the observations alike (session 39: a first batch of 100 observes 17,500 of 285
            # distinct ones, most of a walk's masks giving its numbers again); repr tells 1 from 1.0, as JSON does
            self._seen[key] = self._alike.setdefault(repr(observation), observation)
            if self._kept is not None:
                self._new[json.dumps(["seen", *key])] = self._seen[key]
            if k == len(ORDERS) - 1:
                self._used_by(key, value_class._used)
                if self._kept is not None:
                    self._new[json.dumps(["used", *key])] = value_class._used
            if mask == 0 and k == len(ORDERS) - 1:
                self._made[(walk.name, probe)] = value_class._made + 1
                if self._kept is not None:
                    self._new[json.dumps(["made", walk.name, probe])] = value_class._made + 1
        return self._seen[key]

    def runs(self, walk, probe: str, masks: bool = True):
        """The walk's observations of a probe in every order: the fixed orders, then each mask."""
        for k in range(len(ORDERS) - 1):
            yield self.observe(walk, k, probe)
        if not masks:
            return
        yield self.observe(walk, len(ORDERS) - 1, probe, 0)
        made = self._made.get((walk.name, probe), MASK_BITS)
        for mask in range(1, 1 << min(MASK_BITS, made)):  # a bit past the nodes the probe makes changes nothing
            alike = self._alike_mask(walk, probe, mask)
            yield self.observe(walk, len(ORDERS) - 1, probe, mask) if alike is None else alike

    def _alike_mask(self, walk, probe: str, mask: int) -> dict | None:
        """The observation of MASK taken from a run of a mask that differs from it only in bits of nodes whose
        children it could not reverse (the bits that run recorded, `_used`), or None: none run yet. Both run the same
        program: up to the first node whose children only one of them reverses they make the same nodes, and the run
        of the other records that node's bit as used, so it is in both masks alike. The masks run before are the
        smaller ones, and `mask & used` is one of them."""
        k = len(ORDERS) - 1
        key = (walk.name, k, probe, mask)
        if key in self._seen:
            return self._seen[key]
        if not self._read:
            self._read_kept()
        for used in self._useds.get((walk.name, probe), ()):
            alike = (walk.name, k, probe, mask & used)
            if self._used.get(alike) == used and alike in self._seen:
                self._seen[key] = self._seen[alike]
                self._used_by(key, used)
                return self._seen[key]
        return None

    def _used_by(self, key, used: int):
        self._used[key] = used
        self._useds.setdefault((key[0], key[2]), {})[used] = None

    def explaining(self, probes: dict, W: list[str], reference, deep: set[str], size,
                   breadth_first=True, pre_order=False) -> Variant | None:
        """The first walk that explains W, up to the order of children: on every probe of W some order
        reproduces the student's numbers, or every order is wrong there (the numbers depend on an order
        the engine does not show), and some probe of W is reproduced (which ones depends on the order a set
        of children happens to take in the student's process: the smallest may be one the masks do not
        reach); and that is not refuted by a
        probe the student gets right where every order is wrong (`deep` probes left out on both sides: a
        10,000-node chain says nothing of order, and a recursive sort's RecursionError there is a finding
        of its own). `breadth_first=False`: the source rules those walks out (a recursive sort); `pre_order`: the
        source shows a sort that appends a node before its inputs, the one engine `reversed-pre-order` is tried on
        (its numbers are forward-order's on most probes)."""
        W = sorted((p for p in W if p not in deep), key=size)
        if not W:
            return None
        right = [p for p in self.suite.probe_names if p not in W and p not in deep
                 and not not_run(probes.get(p)) and (probes.get(p) or {}).get("status") == "ok"
                 and not wrong(probes[p], reference(p))]
        for walk in WALKS:
            if not breadth_first and walk.name.startswith("breadth-first") or \
                    walk.name == "reversed-pre-order" and not pre_order:
                continue
            if not self._reproduces(walk, probes, W, reference, every=walk.name in _EVERY_PROBE):
                continue
            if any(all(wrong(obs, reference(p)) for obs in self.runs(walk, p)) for p in right):
                continue
            return walk
        return None

    def _reproduces(self, walk, probes, W, reference, every=False) -> bool:
        """Some probe of W reproduced in some order, and every other reproduced or wrong in every order
        (the smallest first: a probe that is neither stops the search); `every`: each one reproduced."""
        reproduced = False
        for p in W:
            if any(agree(probes[p], obs) for obs in self.runs(walk, p)):
                reproduced = True
            elif every or not all(wrong(obs, reference(p)) for obs in self.runs(walk, p)):
                return False
        return reproduced

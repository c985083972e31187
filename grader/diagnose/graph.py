"""The smallest failing expression as a graph: its nodes, their operations and values, and each node's
expected gradient beside the student's, for grader/report/graph.py to draw as micrograd's `draw_dot` does.

The structure comes from the reference engine, run in the grader on the
probe with its nodes recorded (trusted code: the student's engine is never
run here). A node the probe names (`a`, `c`, `e3`) is matched to the key the
probe reports it under by the order the probe reads gradients: a probe reads
`a.grad` then `b.grad` and reports `a.grad` then `b.grad`. When the reads and
the keys do not pair up one to one, no node is named and no graph is drawn.
"""

from __future__ import annotations

import functools
import sys


@functools.cache
def _recording_engine():
    """A private copy of the reference engine whose nodes record themselves and the reads of `grad`
    made from outside the engine (the probe's own reads), in order."""
    from ..variants import engine_class, reference_source

    base = engine_class(reference_source(), "reference engine with its nodes recorded")
    engine_file = base.__init__.__code__.co_filename
    state = {"nodes": None, "reads": None, "roots": None}

    class Recorded(base):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            if state["nodes"] is not None:
                state["nodes"].append(self)

        @property
        def grad(self):
            value = self.__dict__.get("_recorded_grad", 0)
            if state["reads"] is not None and sys._getframe(1).f_code.co_filename != engine_file:
                state["reads"].append((self, value))
            return value

        @grad.setter
        def grad(self, value):
            self.__dict__["_recorded_grad"] = value

        def backward(self, *args, **kwargs):
            if state["roots"] is not None:
                state["roots"].append(self)
            return super().backward(*args, **kwargs)

    Recorded.__name__ = Recorded.__qualname__ = "Value"
    base.__init__.__globals__["Value"] = Recorded  # the nodes the engine's own operations make
    return Recorded, state


def recorded(probe):
    """(the probe's values, the nodes it made, the reads of `grad` it made, the nodes it called backward() on),
    the probe run on the reference engine with its nodes recorded; None for a probe of modules or one that
    raised there."""
    if getattr(probe, "takes_modules", False):
        return None
    value_class, state = _recording_engine()
    state.update(nodes=[], reads=[], roots=[])
    try:
        values = probe(value_class)
        return values, state["nodes"], state["reads"], state["roots"]
    except Exception:
        return None
    finally:
        state.update(nodes=None, reads=None, roots=None)


def expression_graph(probe, rows: list[dict], first_differing: str | None) -> dict | None:
    """{"nodes": [{"id", "name"?, "op", "data", "expected", "observed"?, "differs"?, "first"?}], "edges":
    [[input id, output id]], "output": id} for the graph of the last backward() the probe called (or, where it
    runs the rules by hand and calls none, of the last node made that no other node is made from), or None
    (a probe of modules, one that makes no node, names that do not pair up, a graph over 60 nodes)."""
    structure = _structure(probe)
    if structure is None:
        return None
    nodes, edges, output = structure
    by_name = {row["node"]: row for row in rows if row.get("quantity", "grad") == "grad"}
    out = []
    for entry, name in nodes:
        entry = dict(entry)
        row = by_name.get(name) if name is not None else None
        if row is not None:
            entry.update(observed=row.get("observed"), differs=bool(row.get("differs")))
            if name == first_differing:
                entry["first"] = True
        out.append(entry)
    return {"nodes": out, "edges": [list(edge) for edge in edges], "output": output}


@functools.lru_cache(maxsize=512)
def _structure(probe):
    """The probe's graph on the reference engine, the same for every student: ([(node entry, its name or
    None)], edges, output id), or None. Made once per probe (a deep chain's run with every node recorded
    cost a diagnosis about 0.3 s, and a class's wrong engines asked for it again and again)."""
    run = recorded(probe)
    if run is None or not isinstance(run[0], dict):
        return None
    values, nodes, reads, roots = run
    keys = [k for k in values if k.endswith(".grad")]
    if not roots and nodes:  # an exercise before backward() (01, 02) runs the rules by hand: the last output made
        inputs = {id(child) for node in nodes for child in node._prev}
        roots = [node for node in nodes if id(node) not in inputs][-1:]
    if not roots or len(keys) != len(reads):
        return None
    named = {}
    for key, (node, value) in zip(keys, reads):
        named.setdefault(id(node), (key[: -len(".grad")], value))
    root, order, seen, stack = roots[-1], [], set(), [roots[-1]]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        order.append(node)
        stack.extend(reversed(node._prev))
    if len(order) > 60:
        return None
    ids = {id(node): i for i, node in enumerate(order)}
    made = []
    for node in order:
        entry = {"id": ids[id(node)], "op": node._op, "data": float(node.data), "expected": float(node.grad)}
        name = None
        if id(node) in named:
            name, expected = named[id(node)]
            entry.update(name=name, expected=float(expected))
        made.append((entry, name))
    edges = tuple((ids[id(child)], ids[id(node)]) for node in order for child in node._prev)
    return tuple(made), edges, ids[id(root)]

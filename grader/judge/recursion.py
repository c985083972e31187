"""Where a RecursionError happened, from the worker's facts (grader/records.ExceptionFacts), never from its words.

A deep graph's RecursionError is a recursive topological sort's unless it happened in another of the members a
probe uses: the first of the student's functions the probe entered on the way to it (`facts["entered"]`, a
qualified name such as `Value.data`) is the Value's constructor, an operator or the `data`/`grad` property. A lazy
`data` that computes itself from its inputs' (read by the probe after backward() has run) recurses as deep, outside
backward(): strangers30's `deep-recursive-lazy-data` was told "a recursive topological sort" (its walk is an
explicit stack), and matched the recursive-topo variant by the exception's type alone. backward() itself is not
named here: a student may bind it to a function of any name (`'backward': _backward`, `backward = _backprop`).
"""

# the Value's members a probe calls besides backward() (the deep chains: the constructor, `+`, `*`, `.data`, `.grad`)
_OUTSIDE = frozenset(("__init__", "__new__", "__add__", "__radd__", "__iadd__", "__mul__", "__rmul__", "__imul__",
                      "__sub__", "__rsub__", "__truediv__", "__pow__", "__neg__", "data", "grad", "__float__"))


def outside_backward(obs: dict) -> bool:
    """Whether the observation's exception was raised in one of the members above (not inside backward())."""
    entered = (obs.get("facts") or {}).get("entered")
    return bool(entered) and entered.rpartition(".")[2] in _OUTSIDE


def recursed_in(obs: dict) -> str:
    """The student's function that raised (its qualified name, without a comprehension or lambda inside it:
    `Value.data`, not `Value.data.<locals>.<listcomp>`), for the words; '' when unknown."""
    parts = ((obs.get("facts") or {}).get("raised_in") or "").split(".")
    while len(parts) > 2 and parts[-1].startswith("<") and parts[-2] == "<locals>":
        del parts[-2:]
    return ".".join(parts)

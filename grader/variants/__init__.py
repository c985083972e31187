"""Buggy engines, each the reference engine with one classic student mistake.

A `Variant` is a set of textual patches to `reference/engine.py` together with
the words a student reads when their engine behaves like it: a one-line title,
a short explanation in the course's vocabulary (local derivative, `out.grad`,
topological order, seed) and the concept it belongs to. Diagnosis compares a
submission's observations with each variant's; the tests use the variants to
show that the hidden suites catch every mistake.

Variants are the grader's own trusted code: `load_variant_class` execs their
source in-process. Student code never goes through this module.

The catalogue is data, in three modules by what the mistake is about
(local_derivatives.py, walk.py, derived_ops.py, with the patches they share in
patches.py); the mechanism (Variant, the reference's source, exec'ing an engine)
is grader/engines.py.
"""

from ..engines import CONCEPTS, Variant, engine_class, reference_source  # noqa: F401 - grader.variants' names
from .derived_ops import DERIVED_OPS
from .local_derivatives import LOCAL_DERIVATIVES
from .patches import ITERATIVE_TOPO  # noqa: F401
from .walk import WALK

VARIANTS: tuple[Variant, ...] = LOCAL_DERIVATIVES + WALK + DERIVED_OPS

_BY_NAME = {v.name: v for v in VARIANTS}


def variant(name: str) -> Variant:
    """The variant called `name`."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"no variant named {name!r}; known: {', '.join(sorted(_BY_NAME))}") from None


def load_variant_class(v: Variant | str) -> type:
    """Exec a variant's source in a fresh module (trusted code) and return its `Value` class."""
    if isinstance(v, str):
        v = variant(v)
    return engine_class(v.source(), f"variant {v.name} of reference/engine.py")

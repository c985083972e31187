"""micrograd's engine.py (the public archive's) and what it and the course's canonical code explain (known_kgrams:
PUBLIC, VARIANTS), read once per test process for every test module that reads documents against them. PUBLIC and
VARIANTS (3 s of CPU) are made when a test first asks for them (`known()`), not at import: made at import, they were
made at collection in every pytest-xdist worker, whether or not it ran one of their tests.
Frozensets: no test can change them."""

import functools

from grader.similarity import PUBLIC_ARCHIVE, canonical_sources
from grader.similarity.variants import known_kgrams

MICROGRAD = (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")


@functools.cache
def known():
    """(PUBLIC, VARIANTS): read_document's last two arguments."""
    return known_kgrams({"micrograd.py": MICROGRAD}, canonical_sources())

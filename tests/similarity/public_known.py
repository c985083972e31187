"""micrograd's engine.py (the public archive's) and what it and the course's canonical code explain (known_kgrams:
PUBLIC, VARIANTS), read once per test process for every test module that reads documents against them: 3 s of CPU
each time, at collection in every pytest-xdist worker. Frozensets: no test can change them."""

from grader.similarity import PUBLIC_ARCHIVE, canonical_sources
from grader.similarity.variants import known_kgrams

MICROGRAD = (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")
PUBLIC, VARIANTS = known_kgrams({"micrograd.py": MICROGRAD}, canonical_sources())

"""micrograd's engine.py (the public archive's) and what it and the course's canonical code explain (known_kgrams:
PUBLIC, VARIANTS), read once per test process for every test module that reads documents against them. PUBLIC and
VARIANTS (3 s of CPU) are made when a test first asks for them (`known()`), not at import: made at import, they were
made at collection in every pytest-xdist worker, whether or not it ran one of their tests.
Frozensets: no test can change them. And an engine read as a submission (`read_once`), once per test process for
every class of every module that holds it: the class of test_similarity's engines is in dozens of classes."""

import functools

from grader.similarity import PUBLIC_ARCHIVE, canonical_sources
from grader.similarity.documents import Document, read_document
from grader.similarity.variants import known_kgrams

MICROGRAD = (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")


@functools.cache
def known():
    """(PUBLIC, VARIANTS): read_document's last two arguments."""
    return known_kgrams({"micrograd.py": MICROGRAD}, canonical_sources())


@functools.cache
def read_once(doc_id: str, text: str, *kgrams: frozenset[int]) -> Document:
    """read_document(DOC_ID, {"engine.py": TEXT}, *KGRAMS) (what is given, PUBLIC, VARIANTS), read once a test process:
    a Cohort reads its documents and changes none of them, so one reading serves every class that holds the engine
    (0.1-0.2 s of CPU an engine)."""
    return read_document(doc_id, {"engine.py": text}, *kgrams)

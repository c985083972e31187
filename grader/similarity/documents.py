"""Reading a submission (or a public source) for comparison: its fingerprints less the starter's, what a public
source explains, its traits, and what the canonical code's variants hold (cohort.py explains the method)."""

from __future__ import annotations

import ast

from collections import defaultdict
from dataclasses import dataclass, field

from ..machine_size import usable_cpus
from .fingerprints import K, Occurrence, all_kgrams, covered_tokens, kgram_hashes, statement_hashes, winnow
from .normalise import Unit, read_source, units_of
from .traits import _WORD, _hash, structure_shapes, trait_hashes, traits as traits_of

PARALLEL_FROM = 64  # submissions from which reading them is spread over the cores


@dataclass
class Document:
    """One submission or public source: its texts, units and fingerprints (the starter's removed)."""

    id: str
    texts: dict[str, str]
    units: list[Unit]
    prints: dict[int, list[Occurrence]]
    limits: list[dict] = field(default_factory=list)  # what was not read fully (normalise.Reading)
    opaque: list[dict] = field(default_factory=list)  # exec/eval/compile of data (opaque.py)
    explained: frozenset[int] = frozenset()  # prints that a public source explains: no evidence between two students
    # hash -> how many of the document's tokens it stands for: each token counts once, shared out among the
    # prints that cover it (overlapping k-grams of one line are one line of code, not nine)
    tokens: dict[int, float] = field(default_factory=dict)
    # the student's traits (traits.py: comments, strings, names, numbers, lines as written) that neither the
    # starter nor a public source nor the reference has: hash -> size, and hash -> (kind, text) for the record
    traits: dict[int, float] = field(default_factory=dict)
    trait_text: dict[int, tuple[str, str]] = field(default_factory=dict)
    shapes: dict[int, float] = field(default_factory=dict)  # of the traits, each method's shape: hash -> size
    # prints and traits that the canonical code written another way holds (variants.py): no evidence between two
    # students who both copied the same public source (their additions are the homework's answer)
    variants: frozenset[int] = frozenset()
    # each function's shape as the structure reads it (traits.structure_shapes): hash -> size
    structures: dict[int, float] = field(default_factory=dict)
    # the traits it has that a public source or the reference has (not the student's own, so not in `traits`):
    # hash -> size; what a public match counts of the source's own choices besides its code (Cohort.against)
    known_traits: dict[int, float] = field(default_factory=dict)
    # of a public source's traits (read_public), those a renamed, restyled copy keeps: its strings but its docstrings,
    # its numbers and its method shapes (they read past names and layout; a comment or docstring is rewritten or
    # dropped, a name renamed, a line restyled): hash -> size, what Cohort.against counts among its own choices
    kept_traits: dict[int, float] = field(default_factory=dict)


def read_document(doc_id: str, texts: dict[str, str], starter_kgrams: frozenset[int] = frozenset(),
                  public_kgrams: frozenset[int] = frozenset(), variant_kgrams: frozenset[int] = frozenset()) -> Document:
    """The document's fingerprints without the starter's; those a public source explains are marked `explained`,
    those the canonical code's variants hold (`known_kgrams`) `variants`."""
    readings = [read_source(texts[name], name) for name in sorted(texts)]
    units = [unit for reading in readings for unit in reading.units]
    prints: dict[int, list[Occurrence]] = {}
    explained: set[int] = set()
    tokens: dict[int, float] = defaultdict(float)
    own_lines: set[tuple[str, int]] = set()  # (file, line) of the tokens the starter does not cover
    given_lines: set[tuple[str, int]] = set()  # and of those it covers
    for index, unit in enumerate(units):
        hashes = kgram_hashes(unit.tokens)
        given = covered_tokens(hashes, starter_kgrams, len(unit.tokens))
        for covered, line in zip(given, unit.lines):
            (given_lines if covered else own_lines).add((unit.file, line))
        public = covered_tokens(hashes, public_kgrams, len(unit.tokens))
        spans = []
        for position in winnow(hashes):
            h = hashes[position]
            # a k-gram that straddles the edge of a starter region is mostly the starter's: it says nothing
            if h not in starter_kgrams and sum(given[position:position + K]) * 2 < K:
                spans.append((position, position + K, h))
                if h in public_kgrams or sum(public[position:position + K]) * 2 >= K:
                    explained.add(h)
        for start, end, h in statement_hashes(unit):
            if h not in starter_kgrams:
                spans.append((start, end, h))
                if h in public_kgrams:
                    explained.add(h)
        cover = [0] * (len(unit.tokens) + 1)
        for start, end, _ in spans:
            cover[start] += 1
            cover[min(end, len(unit.tokens))] -= 1
        for i in range(1, len(cover)):
            cover[i] += cover[i - 1]
        for start, end, h in spans:
            prints.setdefault(h, []).append(Occurrence(index, start))
            tokens[h] += sum(1 / cover[t] for t in range(start, min(end, len(unit.tokens))))
    # a trait only on lines that are the starter's code (renamed, it is still no code of the student's) is not theirs
    starter_lines = given_lines - own_lines
    own_traits, trait_text, own_shapes, known_traits = {}, {}, {}, {}
    # the traits of each file, and of the code it hides and runs, where that was unpacked (its lines are not the file's)
    written = [(name, texts[name]) for name in sorted(texts)]
    written += [(f"{name} <unpacked {n}>", hidden) for name, reading in zip(sorted(texts), readings)
                for n, hidden in enumerate(reading.unpacked)]
    for name, source in written:
        for h, (size, kind, text, lines) in traits_of(source).items():
            if lines and all((name, line) in starter_lines for line in lines):
                continue
            if h in public_kgrams and h not in starter_kgrams:
                known_traits[h] = max(size, known_traits.get(h, 0.0))
            elif h not in starter_kgrams and h not in public_kgrams and h not in own_traits:
                if kind == "shape":
                    own_shapes[h] = size
                own_traits[h], trait_text[h] = size, (kind, text)
    # each function's shape as the structure reads it: what a restructured copy keeps of its source's methods
    structures = {h: size for h, (size, _, lines) in structure_shapes(units).items()
                  if not lines <= starter_lines and h not in starter_kgrams and h not in public_kgrams}
    variants = frozenset(h for h in list(prints) + list(own_traits) + list(structures)
                         if h in variant_kgrams and h not in explained)
    return Document(doc_id, texts, units, prints, [l for r in readings for l in r.limits],
                    [o for r in readings for o in r.opaque], frozenset(explained), dict(tokens), own_traits,
                    trait_text, own_shapes, variants, structures, known_traits)


def read_public(name: str, text: str, starter_kgrams: frozenset[int], canonical_kgrams: frozenset[int]) -> Document:
    """A public source read for comparison: what the course's reference explains (`canonical_kgrams`, the
    starter_kgrams of canonical_sources) is marked `explained`, and a submission's public match counts only the
    rest (Cohort.against): the lecture's answer is in every engine written in its style, copied or not."""
    source = read_document(name, {name: text}, starter_kgrams, canonical_kgrams)
    docstrings = {_hash("string", " ".join(_WORD.findall(d.lower()))) for d in _docstrings(text)}
    source.kept_traits = {h: size for h, size in source.traits.items()
                          if source.trait_text[h][0] in ("string", "number", "shape") and h not in docstrings}
    return source


def _docstrings(text: str) -> list[str]:
    """The docstrings of a module, its classes and functions (none when it does not parse)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    return [d for node in ast.walk(tree) if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                                                ast.AsyncFunctionDef))
            and (d := ast.get_docstring(node, clean=False)) is not None]


def read_documents(entries: list[tuple[str, dict[str, str]]], starter_kgrams: frozenset[int] = frozenset(),
                   public_kgrams: frozenset[int] = frozenset(), jobs: int | None = None,
                   variant_kgrams: frozenset[int] = frozenset()) -> list[Document]:
    """read_document for many (id, texts), on every core once there are enough to pay for the processes."""
    jobs = jobs or usable_cpus()
    if jobs == 1 or len(entries) < PARALLEL_FROM:
        return [read_document(doc_id, texts, starter_kgrams, public_kgrams, variant_kgrams) for doc_id, texts in entries]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(_read_one, [(doc_id, texts, starter_kgrams, public_kgrams, variant_kgrams)
                                         for doc_id, texts in entries],
                             chunksize=max(1, len(entries) // (jobs * 8))))


def _read_one(args) -> Document:
    return read_document(*args)


def starter_kgrams(texts: dict[str, str]) -> frozenset[int]:
    """Every k-gram and trait of the starter files (or of the public sources): what subtraction removes."""
    units = [u for name in sorted(texts) for u in units_of(texts[name], name)]
    return frozenset(all_kgrams(units) | set(structure_shapes(units))
                     | {h for name in sorted(texts) for h in trait_hashes(texts[name])})

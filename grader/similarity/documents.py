"""Reading a submission (or a public source) for comparison: its fingerprints less the starter's, what a public
source explains, its traits, and what the canonical code's variants hold (cohort.py explains the method)."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from dataclasses import dataclass, field, replace

from ..machine_size import usable_cpus
from ..parsing import LINE_BREAK, parse
from .fingerprints import (ORDER_REACH, K, Occurrence, all_kgrams, covered_tokens, kgram_hashes, order_hash,
                           statement_hashes, statement_orders, winnow)
from .budget import one_hand_in, read_once, readings_shared
from .instructions import instructed
from .meanings import CHOICE_OPS, CHOICES_SIZE, MEANING, MIN_OPS, WHOLE, meanings, op_forms
from .normalise import MAX_CHARS, Unit, read_source, units_of
from .reach import UNREACHED_WEIGHT, hidden_function, hidden_unreached
from .restyles import guarded, starter_restyled
from .scores import float_sum
from .cases import own_cases, read_cases
from .spacing import own_lines, source_runs
from .tokens import shared as shared_tokens
from .labels import LABEL
from .traits import _WORD, MAX_SHAPES_CHARS, _hash, structure_shapes, traits as traits_of
from .walk import walk

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
    # of a public source (read_public), the runs of its own spacing and of its comments beyond the starter that the
    # course's canonical code does not have (spacing.py): what a copy of a source whose code is common keeps of it
    spaced: frozenset[tuple] = frozenset()
    # prints, shapes and structures' shapes made only of canonical statements (the starter's, a public source's, the
    # reference's or a variant's) in an order canonical code has them: canonical code recombined (`_recombined`)
    recombined: frozenset[int] = frozenset()
    # what functions that nothing runs hold (reach.py), read at UNREACHED_WEIGHT: "tokens", "traits", "shapes" and
    # "structures" -> hash -> its full size, restored where a classmate holds it too (shared_unreached)
    unreached: dict[str, dict[int, float]] = field(default_factory=dict)
    # a public source read as a copier restyles it (restyles.py): the public match is the higher of the readings
    restyled: tuple = ()
    # prints only on the lines of a smoke test (smoke_tests.py): what every student runs to try the exercise's code
    smoke: frozenset[int] = frozenset()
    # the smoke tests as read, constants and all (a hash of their tokens; 0: none): two students who share its
    # statements with other constants wrote the exercise's obvious smoke test, two who share every constant share it
    smoke_test: int = 0
    # its short strings as written (labels.LABEL: an op's label, `'tanh(x)'`), the starter's, a public source's and the
    # course's left out: three or more that only two students wrote are written items (labels.with_labels)
    labels: frozenset[int] = frozenset()
    cases: dict[int, float] = field(default_factory=dict)  # a test file's own cases (cases.py): hash -> size
    part: Document | None = None  # its exercise files alone, where its hand-in has other .py files (hand_in.py)


def read_document(doc_id: str, texts: dict[str, str], starter_kgrams: frozenset[int] = frozenset(),
                  public_kgrams: frozenset[int] = frozenset(), variant_kgrams: frozenset[int] = frozenset()) -> Document:
    """The document's fingerprints without the starter's; those a public source explains are marked `explained`,
    those the canonical code's variants hold (`known_kgrams`) `variants`."""
    with shared_tokens(), one_hand_in(texts) as hand_in:  # its files share one budget (the exercise's first)
        return hand_in.cut(_read_document(doc_id, hand_in.texts, starter_kgrams, public_kgrams, variant_kgrams))


def _read_document(doc_id, texts, starter_kgrams, public_kgrams, variant_kgrams) -> Document:
    readings = [r for _, r in sorted({n: read_once(read_source, texts[n], n) for n in texts}.items())]  # TEXTS' order
    units = [unit for reading in readings for unit in reading.units]
    prints: dict[int, list[Occurrence]] = {}
    explained: set[int] = set()
    tokens: dict[int, float] = defaultdict(float)
    own_lines: set[tuple[str, int]] = set()  # (file, line) of the tokens the starter does not cover
    given_lines: set[tuple[str, int]] = set()  # and of those it covers
    unit_hashes = [kgram_hashes(unit.tokens) for unit in units]
    unreached = {name: reading.unreached for name, reading in zip(sorted(texts), readings)}
    smoke_lines = {(name, line) for name, reading in zip(sorted(texts), readings) for line in reading.smoke}
    on_smoke, off_smoke = set(), set()  # prints with a place on a smoke test's lines only, and those with another
    dead: set[tuple[str, int]] = set()  # (file, line) of the functions nothing runs (reach.py): they count little
    unreached_sizes: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    smoke_tokens = []  # the tokens of the smoke tests, in the order read
    hidden = {f"{name} <unpacked {n}>": text for name, reading in zip(sorted(texts), readings)
              for n, text in enumerate(reading.unpacked)}  # the code each file hides and runs, unpacked
    hushed = hidden_unreached(hidden, texts, lambda name: _hash("name", name) in starter_kgrams, MAX_CHARS)
    dead.update((key, line) for key, found in hushed.items() for lines in found.values() for line in lines)
    named = dict(texts, **hidden)  # what may call a function nothing in its own file runs
    dead_shapes: set[int] = set()  # the structures of the hidden code's functions that nothing runs
    for index, unit in enumerate(units):
        hashes = unit_hashes[index]
        if smoke_lines:
            smoke_tokens += [t for t, line in zip(unit.tokens, unit.lines) if (unit.file, line) in smoke_lines]
        given = covered_tokens(hashes, starter_kgrams, len(unit.tokens))
        lines = _unreached(unit, unreached.get(unit.file, ()), starter_kgrams, named)
        dead.update((unit.file, line) for line in lines)
        quiet = any(hidden_function(unit.name) in found for key, found in hushed.items()
                    if key.startswith(f"{unit.file} <unpacked "))  # a function of the code it hides that nothing runs
        dead_shapes |= set(structure_shapes([unit])) if quiet else set()
        factor = UNREACHED_WEIGHT if lines or quiet else 1.0
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
            if smoke_lines:
                on = all((unit.file, line) in smoke_lines for line in unit.lines[start:end])
                (on_smoke if on else off_smoke).add(h)
            size = float_sum(1 / cover[t] for t in range(start, min(end, len(unit.tokens))))
            tokens[h] += factor * size
            if factor < 1:
                unreached_sizes["tokens"][h] += size
    # a trait only on lines that are the starter's code (renamed, it is still no code of the student's) is not theirs
    starter_lines = given_lines - own_lines
    known = (starter_kgrams, public_kgrams, variant_kgrams)
    recombined, canonical_lines = _recombined(units, unit_hashes, prints, known)
    own_traits, trait_text, own_shapes, known_traits = {}, {}, {}, {}
    labels: set[int] = set()  # its short strings as written that the starter, a public source or the course lacks
    # the traits of each file, and of the code it hides and runs, where that was unpacked (its lines are not the file's)
    written = [(name, texts[name]) for name in sorted(texts)] + list(hidden.items())
    packed = any(reading.unpacked for reading in readings)  # the data it hid its code in has no traits (traits.py)
    read_meanings: dict[int, dict] = {}  # each written source's meanings (meanings.py), read on the tree traits parses

    for index, (name, source) in enumerate(written):
        live = _live_traits(source, {line for file, line in dead if file == name})
        course = instructed(source, starter_kgrams)  # comments in the instructions' words (handouts.py)

        def with_meanings(tree, index=index, name=name, source=source):
            read_meanings[index] = meanings(source, name, given=starter_kgrams, tree=tree)

        # a file with a byte-order mark is parsed by meanings as written (traits reads it without the mark)
        for h, (size, kind, text, lines) in traits_of(
                source, None if source.startswith("\ufeff") else with_meanings, packed).items():
            if lines and all((name, line) in starter_lines for line in lines) or h in course:
                continue
            if kind == LABEL:  # a short string as written: none of the traits (it weighs nothing), a label
                if h not in starter_kgrams and h not in public_kgrams:
                    labels.add(h)
                continue
            full, size = size, size * (UNREACHED_WEIGHT if live is not None and h not in live else 1.0)
            if h in public_kgrams and h not in starter_kgrams:
                known_traits[h] = max(size, known_traits.get(h, 0.0))
            elif h not in starter_kgrams and h not in public_kgrams and h not in own_traits:
                if size < full:  # only in functions that nothing runs
                    unreached_sizes["shapes" if kind == "shape" else "traits"][h] = full
                if kind == "shape":
                    own_shapes[h] = size
                    if lines and all((name, line) in canonical_lines for line in lines):
                        recombined.add(h)
                own_traits[h], trait_text[h] = size, (kind, text)
    # each function's shape as the structure reads it: what a restructured copy keeps of its source's methods
    structures = {}
    # and each op as what it means (meanings.py): what a copy that restructured its dispatch keeps of its ops
    read = dict(structure_shapes(units))
    whole = {}  # the engine's whole set of meanings (meanings.py)
    for index, (name, source) in enumerate(written):
        of_source = read_meanings[index] if index in read_meanings else meanings(source, name, given=starter_kgrams)
        for h, found in of_source.items():
            (whole if found[1].startswith(WHOLE) else read)[h] = found
    for h, (size, text, lines) in read.items():
        if text.startswith(MEANING):
            continue  # an op's meaning alone is mostly the lecture's mathematics: it counts in the engine's whole
        if not lines <= starter_lines and h not in starter_kgrams and h not in public_kgrams:
            gone = lines and lines <= dead or h in dead_shapes
            structures[h] = size * (UNREACHED_WEIGHT if gone else 1.0)
            if gone:
                unreached_sizes["structures"][h] = size
            if lines <= canonical_lines:
                recombined.add(h)
    # the engine's whole set of meanings is its author's choices only where the author wrote its ops: MIN_OPS of them
    # or more on lines of their own (a filler who wrote one op of a starter's engine has that op's meaning, no more)
    written_ops = {text.split()[1] for _, text, lines in read.values()
                   if text.startswith(MEANING) and not lines <= starter_lines}
    if len(written_ops) >= MIN_OPS:
        # the engine's whole: the set of its ops, and its own choices together, the parts of its ops' meanings that the
        # lecture (starter, reference, public source) does not explain, when two ops or more hold such a part (one op
        # written its own way is no combination: two honest engines whose only own form is relu's share nothing here)
        chosen = sorted(text for h, (_, text, lines) in read.items() if text.startswith(MEANING)
                        and not lines <= starter_lines and h not in starter_kgrams and h not in public_kgrams)
        structures.update({h: size for h, (size, _, _) in whole.items() if h not in starter_kgrams
                           and h not in public_kgrams})
        if len({text.split()[1] for text in chosen}) >= CHOICE_OPS:
            structures[_hash("meaning choices", " ; ".join(chosen))] = CHOICES_SIZE
    variants = frozenset(h for h in list(prints) + list(own_traits) + list(structures)
                         if h in variant_kgrams and h not in explained)
    return Document(doc_id, texts, units, prints, [l for r in readings for l in r.limits],
                    [o for r in readings for o in r.opaque], frozenset(explained), dict(tokens), own_traits,
                    trait_text, own_shapes, variants, structures, known_traits,
                    recombined=frozenset(h for h in recombined if h not in explained and h not in variants),
                    unreached={kind: dict(sizes) for kind, sizes in unreached_sizes.items()},
                    smoke=frozenset(on_smoke - off_smoke),
                    smoke_test=_hash("smoke test", "\0".join(smoke_tokens)) if smoke_tokens else 0,
                    labels=frozenset(labels), cases=own_cases(dict(written), starter_kgrams, public_kgrams))


def shared_unreached(documents: list[Document]) -> list[Document]:
    """DOCUMENTS, where what a function that nothing runs holds (read at UNREACHED_WEIGHT) another of them holds in
    such a function too, with it at its full size again: padding, which the copier alone holds so, counts little in
    their own code, and a helper that never runs that two students share is as much evidence as any code (each
    document a copy if changed)."""
    if not any(d.unreached for d in documents):
        return documents
    holders: dict[tuple[str, int], int] = defaultdict(int)
    for d in documents:
        for kind, sizes in d.unreached.items():
            for h in sizes:
                holders[(kind, h)] += 1
    out = []
    for d in documents:
        restored = {kind: {h: full for h, full in sizes.items() if holders[(kind, h)] >= 2}
                    for kind, sizes in d.unreached.items()}
        if not any(restored.values()):
            out.append(d)
            continue
        changes = {}
        for kind, sizes in restored.items():
            values = dict(getattr(d, kind))
            for h, full in sizes.items():  # the tokens' part that runs, if any, and the rest in full
                values[h] = values[h] + (1 - UNREACHED_WEIGHT) * full if kind == "tokens" else full
            changes[kind] = values
        out.append(replace(d, **changes))
    return out


def _live_traits(source: str, dead: set[int]) -> set[int] | None:
    """The traits of SOURCE with its DEAD lines blanked: those the code that runs has (None, all, with none dead)."""
    if not dead:
        return None
    pieces = _LINE_END.split(source)  # a line, its end, the next line, ...
    return set(traits_of("".join("" if i % 2 == 0 and i // 2 + 1 in dead else piece for i, piece in enumerate(pieces))))


_LINE_END = re.compile(f"({LINE_BREAK.pattern})")  # where Python ends a line (grader/parsing.py), the end kept


def _unreached(unit: Unit, ranges: tuple[tuple[int, int], ...], starter: frozenset[int], texts: dict) -> range:
    """The lines of UNIT's function when it is one of the module's functions that nothing runs (RANGES, reach.py),
    the starter does not name it (its traits are in STARTER: the exercise's own function, which the tests call) and
    no other file of the submission (TEXTS) has its name (it may import it); else none."""
    if not ranges or not unit.lines or "." in unit.name or unit.name.startswith("<") or \
            _hash("name", unit.name) in starter or \
            any(re.search(rf"\b{re.escape(unit.name)}\b", text) for name, text in texts.items() if name != unit.file):
        return range(0)
    return next((range(a, b + 1) for a, b in ranges if a <= unit.lines[0] <= b), range(0))


def _recombined(units: list[Unit], unit_hashes: list[list[int]], prints: dict,
                known: tuple[frozenset[int], ...]) -> tuple[set[int], set]:
    """The prints made only of canonical statements (each one held by the starter, a public source, the reference
    or a canonical variant, or too short to be a fingerprint), each statement after the one before it as canonical
    code has them (statement_orders: statements left out, none swapped anywhere in the unit), and the (file, line)s
    that hold only canonical statements. Such code is the lecture's with lines left out: lines independent students
    write alike (the plain recursive walk whose list is its visited set), weak evidence as the variants are. A unit
    that puts two canonical statements the other way round (its closure before its node) chose its order: none of
    it is."""
    def before(a: int, b: int) -> bool:
        return any(order_hash(a, b) in k for k in known)

    found, canonical, other = set(), set(), set()
    for unit, hashes in zip(units, unit_hashes):
        statements = statement_hashes(unit)
        held = [any(h in k for k in known) for _, _, h in statements]
        ordered = [h for (_, _, h), kept in zip(statements, held) if kept]
        swapped = any(before(b, a) and not before(a, b)
                      for i, a in enumerate(ordered) for b in ordered[i + 1:i + 1 + ORDER_REACH])
        n = len(unit.tokens)
        flags, which = [not swapped] * n, [-1] * n
        for index, (start, end, h) in enumerate(statements):
            for t in range(start, min(end, n)):
                flags[t], which[t] = held[index] and not swapped, index
        for t in range(n):
            (canonical if flags[t] else other).add((unit.file, unit.lines[t]))
        for position, h in enumerate(hashes):
            if h in prints and h not in found and all(flags[position:position + K]):
                order = sorted({w for w in which[position:position + K] if w >= 0})
                if all(before(statements[a][2], statements[b][2]) for a, b in zip(order, order[1:])):
                    found.add(h)
    return found, canonical - other


def read_public(name: str, text: str, given_kgrams: frozenset[int], canonical_kgrams: frozenset[int],
                canonical: dict[str, str] | None = None) -> Document:
    """A public source read for comparison: what the course's reference explains (`canonical_kgrams`, the
    starter_kgrams of canonical_sources) is marked `explained`, and a submission's public match counts only the
    rest (Cohort.against): the lecture's answer is in every engine written in its style, copied or not. With the
    CANONICAL texts (those of canonical_kgrams), it is also read restyled (`restyled`: restyles.py). GIVEN_KGRAMS:
    the starter's (and the handouts'), subtracted as from every submission."""
    source = read_document(name, {name: text}, given_kgrams, canonical_kgrams)
    docstrings = {_hash("string", " ".join(_WORD.findall(d.lower()))) for d in _docstrings(text)}
    source.kept_traits = {h: size for h, size in source.traits.items()
                          if source.trait_text[h][0] in ("string", "number", "shape") and h not in docstrings}
    source.spaced = source_runs(source.texts, own_lines(source), canonical or {})
    if canonical is not None and (other := guarded(text)) is not None:
        # the course's canonical code restyled alike is the reference's too: the lecture's walk as a guard clause is
        # no choice of the source's (an honest engine written so would match it)
        reference = canonical_kgrams | starter_kgrams({n: g for n, t in sorted(canonical.items())
                                                      if (g := guarded(t)) is not None})
        source.restyled = (read_public(name, other, given_kgrams, reference),)
    return source


def _docstrings(text: str) -> list[str]:
    """The docstrings of a module, its classes and functions (none when it does not parse)."""
    try:
        tree = parse(text)
    except (SyntaxError, ValueError):
        return []
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return [d for node in walk(tree) if isinstance(node, kinds) and (d := ast.get_docstring(node, clean=False)) is not None]


def read_documents(entries: list[tuple], starter_kgrams: frozenset[int] = frozenset(), public_kgrams: frozenset[int]
                   = frozenset(), jobs: int | None = None, variant_kgrams: frozenset[int] = frozenset()) -> list[Document]:
    """read_document for many (id, texts), on every core once there are enough to pay for the processes; an entry
    (id, texts, part) has PART (its exercise's files, TEXTS' first) read too, as its `part` (hand_in.py)."""
    jobs, known = jobs or usable_cpus(), (starter_kgrams, public_kgrams, variant_kgrams)
    if jobs == 1 or len(entries) < PARALLEL_FROM:
        return [_read_one((entry, known)) for entry in entries]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(_read_one, [(e, known) for e in entries], chunksize=max(1, len(entries) // (jobs * 8))))


def _read_one(args) -> Document:
    (doc_id, texts, *part), known = args
    with readings_shared():  # its part's files are its first files: read once (budget.HandIn.read)
        document = read_document(doc_id, texts, *known)
        return replace(document, part=read_document(doc_id, part[0], *known)) if part else document


def own_code(document: Document, weight) -> dict[int, float]:
    """The document's own code: fragment -> its tokens weighed by WEIGHT(fragment), what a public source or the
    reference explains aside."""
    return {h: weight(h) * document.tokens.get(h, 0.0) for h in document.prints if h not in document.explained}


def starter_kgrams(texts: dict[str, str], restyled: bool = False) -> frozenset[int]:
    """Every k-gram and trait of the starter files (or of the public sources): what subtraction removes. RESTYLED (the
    starter's): also the k-grams and structure shapes of each file as a copier restyles given code (restyles.py)."""
    units = [u for name in sorted(texts) for u in units_of(texts[name], name)]
    if restyled:
        units += [u for name in sorted(texts) for other in starter_restyled(texts[name]) for u in units_of(other, name)]
    read: set[int] = set()  # each file's traits, meanings and op forms
    for name in sorted(texts):
        text = texts[name]
        if text.startswith("\ufeff") or len(text) > MAX_SHAPES_CHARS:  # traits reads another text, or has no tree
            read |= set(traits_of(text)) | set(meanings(text, name)) | op_forms(text)
            continue

        def with_meanings(tree, name=name, text=text):  # the file parsed and read by plain_module once for all three
            read.update(meanings(text, name, tree=tree))
            read.update(op_forms(text, tree=tree))

        read.update(traits_of(text, with_meanings), read_cases(text))  # and its test cases (cases.py)
    return frozenset(all_kgrams(units) | set(structure_shapes(units)) | statement_orders(units) | read)

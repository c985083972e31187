"""`grade similarity`: which submissions share code, with whom, and with which public source.

    result = similarity(Path("submissions"), exercise="05-backward")
    result.record                      # the JSON record
    to_html(result)                    # the HTML report (grader/similarity/html.py)

reads the submissions with the grader's loader (grader/load/: folders, .py
files, notebooks, zips), normalises each file (normalise.py), fingerprints it
(fingerprints.py) and scores the cohort through an index (cohort.py). The
record has the fixed schema of issue 18:

    {"pairs": [{"a", "b", "score", "flagged", "matches": [{"a_lines", "b_lines", "weight", ...}],
                "both_match_public"?, "mistake"?}],
     "public_matches": [{"id", "source", "score", "flagged", "matches"}],
     "clusters": [[id, ...]], ...}

sorted by score, plus `threshold`, `exercise`, `starter`, `public`,
`canonical` (the course's reference files, subtracted like public code), the
`submissions` (each `compared`, with its `nearest` score and, when it has
them, `opaque` calls and reading `limits`; or `rejected` with the loader's
reason) and `pairs_below_floor` (pairs scored above 0 but below REPORT_FLOOR,
counted, not listed). Student code is only parsed, never run.

The record holds students' code (in the HTML) and suspicions about them: it is
written for the instructor only (file mode 0600) and nothing else of the
grader (feedback pages, CI, Gradescope results) reads or includes it.
"""

from __future__ import annotations

import ast
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..course import COURSE
from ..load import LoadError, load_entry, load_folder
from ..parsing import parse
from .cohort import (REPORT_FLOOR, THRESHOLD, Cohort, Document, clusters, read_document, read_documents, read_public,
                     starter_kgrams)
from .figures import REFERENCE_NAME, known_figures
from .hand_in import OTHER_WEIGHT, handed_in, other_files, with_other_files  # noqa: F401  OTHER_WEIGHT: the API's
from .handouts import handout_kgrams, handout_texts, instruction_kgrams, notice_texts
from .materials import READ_FORMS, MaterialError, material_code
from .public_match import matched
from .regions import matches
from .unparse import unparse
from .variants import known_kgrams

# karpathy/micrograd's engine.py and nn.py (MIT, its licence beside them): the public solutions most likely copied
PUBLIC_ARCHIVE = Path(__file__).parents[1] / "data" / "public" / "karpathy-micrograd"
# the course's lecture ("building micrograd", MIT, its licence beside it): its network and training loop, written out
LECTURE = Path(__file__).parents[1] / "data" / "canonical" / "lecture"
LECTURE_FILES = ("nn.py", "fit_line.py")  # the student files the lecture's code is canonical for: a network, a training loop
# karpathy/micrograd's README example (MIT, its licence beside it): the expression students paste as a test (session 37)
README_EXAMPLE = Path(__file__).parents[1] / "data" / "canonical" / "micrograd-readme" / "example.py"
PRIVATE_MODE = 0o600  # the report names students and shows their code: the instructor's account only


class SimilarityError(ValueError):
    """The similarity check cannot run: a starter or archive that cannot be read, a bad scores file."""


@dataclass
class Result:
    """The record, and what the HTML report shows beside it: each document's code and the starter's k-grams."""

    record: dict
    documents: dict[str, Document]
    sources: dict[str, Document]
    starter_kgrams: frozenset[int]


def similarity(submissions: Path, *, exercise: str | None = None, starters: tuple[Path, ...] = (),
               public: tuple[Path, ...] = (), shipped_public: bool = True, scores: Path | None = None,
               threshold: float = THRESHOLD) -> Result:
    """The similarity record of every submission in SUBMISSIONS (see the module docstring)."""
    reading = read_class(submissions, exercise=exercise, starters=starters, public=public, shipped_public=shipped_public)
    mistakes = mistake_signatures(scores) if scores else {}
    by_id = {d.id: d for d in reading.documents}
    record = compare(reading.documents, reading.sources, mistakes=mistakes, threshold=threshold,
                     meta={"exercise": exercise, "starter": sorted(reading.starter), "public": sorted(reading.public),
                           "canonical": sorted(reading.canonical),
                           "submissions": [_row(s, by_id.get(s.id), reading.others.get(s.id))
                                           for s in reading.loaded]})
    return Result(record, by_id, {d.id: d for d in reading.sources}, reading.kgrams)


@dataclass
class Reading:
    """A class read as `grade similarity` reads it (`read_class`): its submissions as loaded, the starter's, the
    public sources' and the canonical texts, what is subtracted as given, each submission's document and each public
    source's."""

    loaded: list
    starter: dict[str, str]
    public: dict[str, str]
    canonical: dict[str, str]
    kgrams: frozenset[int]
    documents: list[Document]
    sources: list[Document]
    others: dict = field(default_factory=dict)  # id -> hand_in.Others: the other files read, what was not, and why


def read_class(submissions: Path, *, exercise: str | None = None, starters: tuple[Path, ...] = (),
               public: tuple[Path, ...] = (), shipped_public: bool = True) -> Reading:
    """SUBMISSIONS read as `grade similarity` reads them (its options): the one reading of the command and of the
    benchmark (bench/similarity/run.py's `read_cohort`), so that the benchmark measures what the command gives."""
    loaded = load_folder(Path(submissions), one_submission_flag=None)  # a class; never one student's folder
    starter_texts = starter_files(exercise, starters)
    sources = _distinct({**(shipped_sources(starter_texts) if shipped_public else {}), **public_sources(list(public))})
    kgrams = given_kgrams(starter_texts, starters, [*([PUBLIC_ARCHIVE] if shipped_public else []), *public])
    canonical = canonical_sources(starter_texts)
    public_kgrams, variant_kgrams = known_kgrams(sources, canonical)
    read = [s for s in loaded if not s.rejected]
    own = {s.id: _own_names(s) for s in read}
    others = {s.id: other_files(s) for s in read}  # a train.py beside the package, tests/: more of the same submission
    whole = {sid: handed_in(named, others[sid]) for sid, named in own.items()}
    # a hand-in with other files has its exercise's files alone read too, as its part (their readings shared)
    entries = [(s.id, whole[s.id], *([own[s.id]] if len(whole[s.id]) > len(own[s.id]) else [])) for s in read]
    documents = read_documents(entries, kgrams, public_kgrams, variant_kgrams=variant_kgrams)
    reference = starter_kgrams(canonical)
    source_documents = [read_public(name, text, kgrams, reference, canonical) for name, text in sources.items()]
    return Reading(loaded, starter_texts, sources, canonical, kgrams, documents, source_documents, others)


def given_kgrams(starter: dict[str, str], starters: tuple[Path, ...] = (),
                 archives: list[Path] | tuple[Path, ...] = ()) -> frozenset[int]:
    """What a class's reading subtracts as given: the STARTER's texts (given at the paths STARTERS) with its exercises'
    handouts (README, notebook), and as a copier restyles the code it gives, the visible tests' checks, and what the
    public sources' folders (ARCHIVES) say about them (their licence: known text)."""
    notices = notice_texts(list(archives))
    given = {**starter, **handout_texts(starter, starters), **notices}
    return (starter_kgrams(given, restyled=True) | known_figures(given)  # its figures, in its prose too
            | handout_kgrams(starter)  # the visible tests' checks
            | instruction_kgrams(starter, starters))  # and the instructions' prose, to read comments against


def scored(documents: list[Document], sources: list[Document], mistakes: dict[str, str] | None = None,
           channels: dict | None = None) -> tuple[Cohort, dict[str, dict[str, float]], list]:
    """The cohort of DOCUMENTS, each public source's scores ({source: {id: score}}) and every pair scoring above 0:
    the one scoring of `grade similarity` (`compare`) and of the benchmark (bench/similarity/run.py). A student who
    matches a public source at THRESHOLD or more copied it, in every pair's score (its code and the homework's explained
    as the source's): the method's constant, not the flag threshold an instructor chooses (session 34: `--threshold 0`
    made every student who shares a fragment with micrograd a copier, and moved every score); by the source's code only,
    never by its comments alone (public_match.matched), which attribute and explain nothing away. CHANNELS: each pair's pieces
    of evidence, as `Cohort.pairs` keeps them (the benchmark's scripts that read them: asking changes no score)."""
    cohort = Cohort(documents)
    both = {source.id: matched(cohort, source) for source in sources}
    against = {source: scores for source, (scores, _) in both.items()}
    # a pair's evidence is explained by a source's code only, never by its comments alone (public_match.matched)
    code = {source: scores for source, (_, scores) in both.items()}
    found = cohort.pairs(mistakes, code, THRESHOLD, channels=channels)
    if any(d.part is not None for d in documents):
        found = with_other_files(found, documents, mistakes, sources)
    return cohort, against, found


def compare(documents: list[Document], sources: list[Document], *, mistakes: dict[str, str] | None = None, threshold: float = THRESHOLD, meta: dict | None = None) -> dict:
    """The record for documents already read. A pair or public match scoring THRESHOLD or more is flagged; one below
    min(REPORT_FLOOR, THRESHOLD) is counted, not listed (a pair the instructor asks to flag is listed)."""
    cohort, against, found = scored(documents, sources, mistakes)
    floor = min(REPORT_FLOOR, threshold)
    by_id = {d.id: d for d in cohort.documents}
    pairs, below = [], 0
    nearest: dict[str, tuple[float, str]] = {}
    for pair in found:
        for me, other in ((pair.a, pair.b), (pair.b, pair.a)):
            if pair.score > nearest.get(me, (0.0, ""))[0]:
                nearest[me] = (pair.score, other)
        if pair.score < floor:
            below += 1
            continue
        entry = {"a": pair.a, "b": pair.b, "score": pair.score, "flagged": pair.score >= threshold,
                 "typical": pair.typical, "matches": matches(by_id[pair.a], by_id[pair.b], cohort.weight)}
        shared_traits = cohort.traits_shared(by_id[pair.a], by_id[pair.b])
        if shared_traits:
            entry["traits"] = shared_traits  # comments, strings, names, lines as written that only these two have
        if pair.via:
            entry["both_match_public"] = pair.via
        if pair.mistake:
            entry["mistake"] = {"shared_by": pair.mistake["shared_by"], "bonus": pair.mistake["bonus"],
                                "tests": json.loads(pair.mistake["signature"])[0]}
        pairs.append(entry)
    public_matches = []
    for source in sources:
        for doc_id, score in against[source.id].items():
            if score >= floor and score > 0:
                public_matches.append({"id": doc_id, "source": source.id, "score": score,
                                       "flagged": score >= threshold,
                                       "matches": matches(by_id[doc_id], source, cohort.weight)})
    public_matches.sort(key=lambda m: (-m["score"], m["id"], m["source"]))
    meta = dict(meta or {})
    for row in meta.get("submissions", []):
        if row.get("status") == "compared":  # each one's nearest neighbour, listed in `pairs` or not
            score, other = nearest.get(row["id"], (0.0, None))
            row["nearest"] = {"id": other, "score": score}
    record = {"threshold": threshold, **meta, "pairs": pairs, "pairs_below_floor": below,
              "public_matches": public_matches, "clusters": clusters(pairs)}
    return record


def starter_files(exercise: str | None, paths: tuple[Path, ...]) -> dict[str, str]:
    """{file name: text} of the starter: the files given with --starter, else the exercise's generated starter."""
    if paths:
        texts: dict[str, str] = {}
        for path in paths:
            try:
                entry = load_entry(Path(path))
            except LoadError as exc:
                raise SimilarityError(f"--starter {path}: {exc}") from None
            if entry.rejected:
                raise SimilarityError(f"--starter {path} cannot be read: {entry.problem}")
            for name, text in handed_in(_own_names(entry), other_files(entry)).items():  # nn.py, its train.py too
                folder = Path(path) if Path(path).is_dir() else Path(path).parent
                texts[name if name not in texts else f"{folder.name}/{name}"] = text
        return texts
    from ..classroom import starters

    if exercise in COURSE:
        return starters.starter_files(exercise)
    return {}  # the complete engine is written from scratch: no starter to subtract


def canonical_sources(starter: dict[str, str] | None = None) -> dict[str, str]:
    """{name: text} of the course's canonical code: its reference solution (the canonical answer of every exercise),
    and the code of its lecture (`lecture_sources`: the network and training loop every student has seen) when the
    STARTER has a file of the lecture's (LECTURE_FILES: 07-mlp-xor's nn.py, the network and its loop; 11-fit-line's
    fit_line.py, the course's first training loop, the lecture's loop on two parameters).

    Code they contain is no evidence between two students (two honest students who
    fill a starter the canonical way, or as the lecture wrote it, write the same
    lines), as public code is not; unlike a public source, matching it is not
    reported: an honest student's canonical answer matches it by construction.
    The reference ships with the instructor's install only (without it, only the
    lecture is canonical); the lecture ships with every install (package data).
    micrograd's README example (README_EXAMPLE: the expression whose figures students paste as asserts) is canonical
    for every exercise: two students who both paste it share micrograd's figures, not each other's.
    The lecture's network is read as canonical for a network, as micrograd's
    network is compared with a network only (`shipped_sources`): its loop's
    `p.grad = 0.0` reads as an engine's `self.grad = 0.0` (the examples' ring).
    """
    given = {Path(name).name for name in starter or {}}
    lecture = {**(lecture_sources() if given & set(LECTURE_FILES) else {}),
               "micrograd README/example.py": README_EXAMPLE.read_text(encoding="utf-8")}
    try:
        import reference
    except ImportError:
        return lecture
    folder = Path(reference.__file__).parent
    return {**{f"{REFERENCE_NAME}{path.name}": path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.py"))
               if path.name not in ("__init__.py", "test_engine.py")}, **lecture}


def lecture_sources() -> dict[str, str]:
    """{name: text} of the lecture's code (LECTURE) as the lecture writes it, and as the usual spacing writes it
    (`wi * xi`, `sz[i + 1]`: a student who types the lecture's lines out writes them so) with its statements
    after the classes (the network called, the examples, the training loop: the notebook's cells) as the body of
    one function: a student writes that loop in a function (07-mlp-xor's `train_xor`), and the canonical variants
    (variants.py) are derived from functions only."""
    out = {}
    for path in sorted(LECTURE.glob("*.py")):
        name, text = f"course lecture/{path.name}", path.read_text(encoding="utf-8")
        tree = parse(text)
        defined = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom, ast.ClassDef, ast.FunctionDef))]
        cells = [n for n in tree.body if n not in defined]
        if cells:
            defined.append(ast.FunctionDef(name="lecture", args=ast.arguments([], [], None, [], [], None, []),
                                           body=cells, decorator_list=[], returns=None, type_comment=None))
        out[name] = text
        out[f"{name} <formatted>"] = unparse(ast.fix_missing_locations(ast.Module(body=defined, type_ignores=[])))
    return out


# the shipped archive's files besides the engine, and the starter files each is compared with: micrograd's network
# with a network (07-mlp-xor's nn.py) and with one neuron (10-neuron's neuron.py, whose public answer is micrograd's
# `Neuron`, pasted with its `Module` and given the five leaves: bench/similarity/sixteenth/)
SHIPPED_FOR = {"nn.py": ("nn.py", "neuron.py")}
# (a file not named here, micrograd's tests test_engine.py, is compared when the starter has a file of its name:
# 09-write-tests' tests; the README's expression they check is canonical code for every class: README_EXAMPLE)


def shipped_sources(starter: dict[str, str]) -> dict[str, str]:
    """The shipped archive's files compared: micrograd's engine always, and each other file (its nn.py) when the
    starter has a file it is compared with (SHIPPED_FOR: 07-mlp-xor's nn.py, a network compared with micrograd's
    network, an engine with its engine; 10-neuron's neuron.py, one neuron with micrograd's `Neuron`)."""
    given = {Path(name).name for name in starter}
    return {name: text for name, text in public_sources([PUBLIC_ARCHIVE], (".py",)).items()
            if Path(name).name == "engine.py" or given & set(SHIPPED_FOR.get(Path(name).name, (Path(name).name,)))}


def _distinct(sources: dict[str, str]) -> dict[str, str]:
    """SOURCES with each text once, under its first name: a `--public` folder that holds micrograd's engine as
    shipped is one source, not two (each copy of it was listed as matching both, and a pair of copies twice)."""
    seen: set[str] = set()
    return {name: text for name, text in sources.items() if not (text in seen or seen.add(text))}


def public_sources(archives: list[Path], forms: tuple[str, ...] = READ_FORMS) -> dict[str, str]:
    """{source name: Python text} of every file under the archives whose form FORMS names, named '<archive>/<path
    inside it>': a `.py` as it is, the code of a markdown post, a notebook, an HTML page or a text (materials.py)."""
    sources: dict[str, str] = {}
    for archive in archives:
        archive = Path(archive)
        if not archive.exists():
            raise SimilarityError(f"--public {archive}: no such file or folder")
        files = [archive] if archive.is_file() else sorted(p for p in archive.rglob("*")
                                                           if p.is_file() and p.suffix.lower() in forms)
        for path in files:
            name = path.name if path == archive else f"{archive.name}/{path.relative_to(archive).as_posix()}"
            try:  # a file passed by name is read whatever its form, as Python when it is none of FORMS (`engine`)
                code = material_code(path, forms, otherwise=".py" if path == archive else None)
            except MaterialError as exc:
                raise SimilarityError(str(exc)) from None
            if code.strip() or path.suffix.lower() == ".py" or path == archive:  # a text with no code is no source
                sources[name] = code
    return sources


def mistake_signatures(scores_path: Path) -> dict[str, str]:
    """id → what its failures look like (failing tests with their outputs, and the diagnosis), for graded rows."""
    try:
        record = json.loads(Path(scores_path).read_text(encoding="utf-8"))
        rows = record["submissions"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SimilarityError(f"--scores {scores_path}: not a scores file written by `grade` ({exc})") from None
    signatures = {}
    for row in rows:
        failing = sorted([t["name"], t["status"], t.get("output") or ""] for t in row.get("tests", [])
                         if t.get("status") not in ("passed", "skipped"))
        if row.get("status") != "graded" or not failing:
            continue
        variants = sorted(d["variant"] for d in row.get("diagnosis") or [] if d.get("variant"))  # findings, not hints
        signatures[row["id"]] = json.dumps([[name for name, _, _ in failing], failing, variants])
    return signatures


def write_private(path: Path | str, text: str) -> None:
    """Write the report atomically, readable and writable by the instructor's account only."""
    from ..private_files import write_text_atomically

    write_text_atomically(path, text)  # via mkstemp: the new file is created with mode 0600
    os.chmod(path, PRIVATE_MODE)


def _texts(files: dict[str, bytes]) -> dict[str, str]:
    return {name: data.decode("utf-8") for name, data in sorted(files.items()) if name.endswith(".py")}


def _own_names(submission) -> dict[str, str]:
    """The submission's (or a starter's) .py texts under its own file names (`s1336.py`, not the sandbox's
    `engine.py`).

    A notebook's code cells are joined into one file whose lines are not the
    notebook's: it is named `carol.ipynb (code cells)`.
    """
    named = {}
    for name, text in _texts(submission.files).items():
        origin = submission.origins.get(name)
        own = origin.file if origin is not None else name
        if origin is not None and origin.cells is not None:
            own = f"{own} (code cells)"
        named[own if own not in named else name] = text
    return named


def _row(submission, document: Document | None, others=None) -> dict:
    if submission.rejected:
        return {"id": submission.id, "status": "rejected", "message": submission.problem}
    row = {"id": submission.id, "status": "compared"}
    if submission.look_alike:  # another id of the class looks like it (`Вера`, `Bepa`): what tells it apart
        row["look_alike"] = submission.look_alike
    if document is not None and document.opaque:
        row["opaque"] = document.opaque  # code run from data (exec, eval, compile): see `unpacked`
    if document is not None and document.limits:
        row["limits"] = document.limits  # what was not read in full, and why
    if others is not None and others.files:
        row["other_files"] = sorted(others.files)  # the hand-in's .py files besides the exercise's, read too
    if others is not None and others.limits:
        row["other_files_limits"] = others.limits  # those not read, and why
    return row

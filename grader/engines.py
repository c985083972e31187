"""Engines the grader trusts, run in its own process: the reference's source, a variant of it (patches and
the words a student reads), and a module exec'd from such source.

The mechanism of grader/variants/ (whose data, the catalogue of classic mistakes, is the instructor's):
it holds no part of any engine, so the student wheel ships it, and the judge (judge/charging.py) may
import it. Student code never goes through this module.
"""

import functools
import hashlib
import importlib.util
import json
import linecache
import math
import os
import types
from dataclasses import dataclass, field
from pathlib import Path

from .i18n import Message

CONCEPTS = ("local-derivative", "accumulate", "seed", "traversal", "derived-ops", "initial-grad")


@functools.cache
def reference_source(module: str = "engine") -> str:
    """The text of the installed `reference/engine.py` (or of another module of the reference: `gradcheck`)."""
    # Found through the module rather than `importlib.resources.files("reference")`:
    # a `reference/` folder of tests earlier on sys.path can make `reference` a
    # namespace package, while `reference.engine` still resolves to the real file.
    spec = importlib.util.find_spec(f"reference.{module}")
    return Path(spec.origin).read_text(encoding="utf-8")


def patched(text: str, patches, what: str, where: str) -> str:
    """`text` with each `(old, new)` of `patches` applied in order; each `old` must occur exactly once in the
    text it is applied to, so that a change to the reference that makes a patch ambiguous or stale fails loudly
    instead of silently making another program. `what` names the patches' owner (`variant 'x'`), `where` the
    file (`reference/engine.py`) in the error."""
    for old, new in patches:
        count = text.count(old)
        if count != 1:
            raise ValueError(f"{what}: patch text occurs {count} times in {where}, expected exactly once: {old!r}")
        text = text.replace(old, new)
    return text


def reference_mistake(module: str, source: str, name: str) -> types.ModuleType:
    """`source` (reference/<module>.py with mistake `name` made) exec'd as a module of the reference package: its
    `from .engine import Value` is the reference engine's. Trusted code, run in the grader: the named mistakes of
    06-gradcheck, 07-mlp-xor, 08-dual-numbers and 11-fit-line replayed on a failing probe."""
    mistake = types.ModuleType(f"reference.{module}_mistake_{name.replace('-', '_').replace(' ', '_')}")
    mistake.__package__ = "reference"
    mistake.__file__ = importlib.util.find_spec(f"reference.{module}").origin
    exec(compile(source, f"<mistake {name} of reference/{module}.py>", "exec"), mistake.__dict__)
    return mistake


def replayed(probe, modules) -> tuple[dict | None, str | None]:
    """(what `probe` observes on `modules`, plain, None) or (None, the name of the exception it raised): a named
    mistake's numbers, the reference with the mistake made run in the grader (mistake_replayed)."""
    from . import probekit  # the sandbox's kit, the same plain values the worker reports

    try:
        return probekit.plain(probe(modules)), None
    except Exception as exc:  # noqa: BLE001 - a mistaken reference that raises here: its exception is what it shows
        return None, type(exc).__name__


@functools.cache
def _mistake_module(module: str, mistake) -> types.ModuleType:
    """reference/<module>.py with `mistake` made (it has `name` and `apply(text)`), as a module of the reference
    package (trusted)."""
    return reference_mistake(module, mistake.apply(reference_source(module)), mistake.name)


@functools.cache
def mistake_replayed(module: str, mistake, probe) -> tuple[dict | None, str | None]:
    """`replayed` on the reference with `mistake` made in reference/<module>.py, beside the reference engine: what
    a probe of 07's or 11's receives (`modules.engine`, `modules.nn` / `modules.fit_line`), once a probe in a
    process, and once in a boot where the boot's folder is there (_Replays: 11's training loops took 1.3 s of CPU
    in every process that named a mistake)."""
    import reference.engine  # the instructor's part, never the student wheel's: read only where a mistake replays

    kept = _Replays.of(probe)
    name = "\0".join([module, mistake.name, hashlib.sha256(mistake.apply(reference_source(module)).encode()).hexdigest(),
                      probe.__name__])
    found = kept.get(name)
    if found is not None:
        return found
    result = replayed(probe, types.SimpleNamespace(engine=reference.engine,
                                                   **{module: _mistake_module(module, mistake)}))
    kept.put(name, result)
    return result


class _Replays:
    """The named mistakes replayed on the probes of one suite, kept for this boot in a file of the per-boot folder
    (grader/boot_files.py's boot_path: named by the grader's and the suite's source, the reference's files and this
    Python; the grader's own folder, out of the sandbox's reach). Each replay is named by the module, the mistake,
    a digest of the module's text with the mistake made and the probe. Read once a process, and again before a
    replay this process lacks is made where the file changed since (another process kept it meanwhile: an xdist
    worker, a batch beside a service); a replay made here is written at once, with what the file holds then."""

    _held: dict = {}  # the file's path (None: no folder) -> its _Replays

    def __init__(self, path):
        self.path, self._seen = path, _signature(path)
        self.replays = self._read(path)

    @classmethod
    def of(cls, probe) -> "_Replays":
        code = getattr(probe, "__code__", None)  # a probe of a suite's own files, beside its mistakes.py
        folder = Path(code.co_filename).parent if code is not None else None
        path = None
        if folder is not None and (folder / "mistakes.py").is_file():
            from .boot_files import boot_path

            path = boot_path("mistakes", folder)
        if path not in cls._held:
            cls._held[path] = cls(path)
        return cls._held[path]

    @staticmethod
    def _read(path) -> dict:
        try:
            with open(path, encoding="utf-8") as f:
                held = json.load(f)
        except (OSError, TypeError, ValueError, RecursionError):
            return {}  # none kept yet (or no folder, or not readable): replayed here
        return held if isinstance(held, dict) else {}

    def get(self, name):
        found = self.replays.get(name)
        if found is None and self.path is not None and (now := _signature(self.path)) != self._seen:
            self._seen = now  # (taken before the read: a file replaced after it is read again at the next miss)
            self.replays = {**self._read(self.path), **self.replays}
            found = self.replays.get(name)
        if isinstance(found, list) and len(found) == 2 and isinstance(found[0], (dict, type(None))) \
                and isinstance(found[1], (str, type(None))):
            return found[0], found[1]
        return None

    def put(self, name, result):
        self.replays[name] = list(result)
        if self.path is None:
            return
        from .private_files import write_text_atomically

        try:
            write_text_atomically(self.path, json.dumps({**self._read(self.path), **self.replays}))
        except (OSError, TypeError, ValueError):
            pass  # a full disk: replayed again by the next process


def _signature(path):
    """(inode, mtime, size) of a kept file, None where there is none (or no path): it changed when this differs."""
    try:
        st = os.stat(path)
    except (OSError, TypeError):
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def same_observation(got, want, rel: float, abs_: float) -> bool:
    """Whether an observation `got` is `want` (a replayed mistake's), numbers within `rel`/`abs_`."""
    if isinstance(want, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
        return math.isclose(got, want, rel_tol=rel, abs_tol=abs_)
    if isinstance(want, (list, tuple)) and isinstance(got, (list, tuple)):
        return len(got) == len(want) and all(same_observation(g, w, rel, abs_) for g, w in zip(got, want))
    if isinstance(want, dict) and isinstance(got, dict):
        return got.keys() == want.keys() and all(same_observation(got[k], want[k], rel, abs_) for k in want)
    return got == want


@dataclass(frozen=True)
class Variant:
    """One realistic mistake, as patches to the reference engine and words for the student.

    `patches` are `(old, new)` pairs applied in order; each `old` must occur
    exactly once in the text it is applied to, so a change to the reference
    that makes a patch ambiguous or stale fails loudly instead of silently
    producing a different engine.
    """

    name: str
    title: str
    explanation: str
    concept: str
    patches: tuple[tuple[str, str], ...]
    # How the title follows "an engine" in a finding's title: "in which" before a clause with its own subject
    # ("tanh's local derivative is …"), "that" before a verb phrase ("overwrites `grad` …").
    lead_in: str = "in which"
    # The op whose backward rule holds the mistake (a key of grader/suites/local_probes.py's LOCAL: "mul", "tanh"),
    # where the mistake is one op's local derivative: a finding of it is placed at the line that computes that
    # op's local derivative in the student's file (diagnose/written_at.py). None for a walk's or an op's forward.
    op: str | None = None
    # The derived operator whose own method holds the mistake (sub-as-add's `__sub__`: "sub", a key of LOCAL): a
    # finding of it is placed at that method's line, which the op runs forwards (diagnose/written_at.made_at).
    made_by: str | None = None
    # The title and explanation as Messages (grader/i18n), where they are made from parts (an op's name, the
    # expression that shows the mistake): {"title": Message, "explanation": Message}. Without them the
    # English text is the message id (extracted by grader.i18n.starters.extract_variant_words).
    words: dict | None = field(default=None, hash=False, compare=False)

    def title_message(self) -> Message:
        """The title, to render in the reader's language."""
        return (self.words or {}).get("title") or Message(self.title)

    def explanation_message(self) -> Message:
        """The explanation, to render in the reader's language."""
        return (self.words or {}).get("explanation") or Message(self.explanation)

    def __post_init__(self):
        if self.concept not in CONCEPTS:
            raise ValueError(f"variant {self.name!r}: unknown concept {self.concept!r}; expected one of {CONCEPTS}")
        if not self.patches:
            raise ValueError(f"variant {self.name!r} has no patches")
        if self.lead_in not in ("in which", "that"):
            raise ValueError(f"variant {self.name!r}: lead_in is {self.lead_in!r}; expected 'in which' or 'that'")

    def source(self) -> str:
        """The reference engine's text with this variant's patches applied."""
        return patched(reference_source(), self.patches, f"variant {self.name!r}", "reference/engine.py")


def trusted_module(source: str, label: str) -> types.ModuleType:
    """Exec trusted source (an engine: a variant, a style of it; the reference's dual.py) in a fresh module."""
    filename = f"<{label}>"
    # Register the text so tracebacks through the engine show its lines.
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    module = types.ModuleType("grader_engine")
    module.__file__ = filename
    exec(compile(source, filename, "exec"), module.__dict__)
    return module


def engine_class(source: str, label: str) -> type:
    """Exec trusted engine source (a variant, a style of it) in a fresh module; its `Value` class."""
    return trusted_module(source, label).Value

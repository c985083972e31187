"""The variant book: the variants' observations of one suite's probes, for one batch (docs/diagnosis.md).

The variants run through the sandbox like a student's submission, or come
from the suite's stored runs; styled and combined variants run in the
grader's process, only for the probes a diagnosis asks about (the styled ones' observations of the costly probes
are stored with the suite too: stored.py's `styled_runs.json`), and what they
give is kept for the whole process (`KEPT`), so the next batch reuses it, and
for this boot (a book's `kept` file, grader/boot_files.py's boot_path), so the
next process compiles and runs none of the engines a batch before it ran.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

from ..boot_files import append_entries, boot_path, read_appended
from ..load import Submission, files_digest
from ..observe import observe_all
from ..variants import VARIANTS, Variant, engine_class
from .styles import STYLES, observe_in_process, restyle
from . import stored

KEPT_CAP = 64 << 20  # the bytes the book's kept file may grow to before its oldest entries are dropped (the engine
# suite's whole book is about 9 MB: every styled and combined variant on every probe, so a rewrite is rare)


class Kept:
    """The in-process results of every batch of this process: the engines compiled and what they observed.

    An engine is keyed by its label and its whole source (the variant's source rewritten in a style, or
    with the other variant's patches), an observation by the suite's digest (its probes' code and
    everything the worker gets), that engine and the probe's name: everything that determines it. The
    engines are the grader's own code and deterministic (inputs in tuples, sets only for membership,
    seeded probes), so a kept result is the one a fresh run gives (tests/test_book26.py). Bounded by
    construction: at most `ENGINES` engines (the library's styles and pairs, 37 x 9 + 37 x 36, fit), the
    observations of the `SUITES` suites used last, at most `OBSERVATIONS` in all; past those, results are
    computed and not kept."""

    ENGINES, SUITES, OBSERVATIONS = 2000, 8, 20_000

    def __init__(self):
        self.engines: dict[tuple[str, str], type] = {}
        self.suites: OrderedDict[str, dict] = OrderedDict()

    def observations(self, suite) -> dict:
        """The suite's kept observations (the suite used last moves to the end; the oldest past SUITES go)."""
        kept = self.suites.pop(suite.digest, None) or {}
        self.suites[suite.digest] = kept
        while len(self.suites) > self.SUITES:
            self.suites.popitem(last=False)
        return kept

    def room(self) -> bool:
        return sum(map(len, self.suites.values())) < self.OBSERVATIONS

    def clear(self):
        self.engines.clear()
        self.suites.clear()


KEPT = Kept()


def variant_submission(v: Variant) -> Submission:
    """A variant as a submission: its only file is its `engine.py`, so it is observed like a student's."""
    files = {"engine.py": v.source().encode("utf-8")}
    return Submission(f"variant:{v.name}", "file", f"<variant {v.name}>", files, None, files_digest(files))


def stored_suffices(suite, digests, variants=VARIANTS) -> bool:
    """Whether a batch's book is the suite's stored runs alone (VariantBook.observe runs nothing in the
    sandbox): every variant's run stored, current and not crashed, and none of the batch's submissions
    (`digests`: their files' digests) a variant's own file, whose run the book would take instead."""
    stored_runs = stored.load(suite, variants)
    if stored_runs is None:
        return False
    return all(v.name in stored_runs and not VariantBook._crashed(stored_runs[v.name])
               and variant_submission(v).digest not in digests for v in variants)


class VariantBook:
    """The variants' observations of one suite's probes, for one batch.

    `runs` come from the sandbox (or a student's identical submission).
    Styled and combined variants run in the grader's process, lazily, only for
    the probes a diagnosis asks about, and are remembered for the process (KEPT)
    and, where the book has a `kept` file (VariantBook.observe's: boot_files.boot_path), for this boot: an
    engine is compiled only where an observation of it is in neither.
    """

    def __init__(self, suite, runs: dict[str, dict], variants=VARIANTS, kept=None):
        self.suite, self.runs = suite, runs
        self.variants = [v for v in variants if self._usable(runs.get(v.name))]
        self.index = {v.name: i for i, v in enumerate(variants)}
        self._classes: dict[tuple, tuple | None] = {}
        self._observed: dict[tuple, dict] = {}
        self._kept, self._booted, self._new = kept, None, {}  # the boot's file, what it holds, what it lacks
        self._stored = None  # the suite's stored styled observations (stored.load_styled), read when first asked

    @staticmethod
    def _usable(run):
        """A variant whose run tells something: it imported and ran.

        One that agrees with the reference on every probe stays: its mistake may not show in its own
        style only. A walk in the wrong order never runs where the probes call each `_backward` by hand
        (01, 02: probekit.backprop_by_hand), but it does in an engine without closures, which those
        probes drive by its own backward() (styles.py: no-closures). It explains nothing exactly, and
        the rule tries its styles only on the probes where the student is wrong."""
        if not run or run.get("status") != "ok" or run.get("import_error") or VariantBook._crashed(run):
            return False  # a crashed worker (a limit, or the machine) says nothing about the variant
        return True

    @classmethod
    def observe(cls, suite, sandbox, *, jobs=1, cache=None, known=None, variants=VARIANTS):
        """Run every variant through the sandbox (cached), reusing `known` runs by content digest; the book's
        in-process engines are kept for this boot (keep())."""
        known = known or {}
        stored_runs = stored.load(suite, variants) or {}
        runs, todo = {}, []
        for v in variants:
            submission = variant_submission(v)
            if submission.digest in known:
                runs[v.name] = known[submission.digest]
            elif v.name in stored_runs:
                runs[v.name] = stored_runs[v.name]
            else:
                todo.append((v, submission))
        if todo:
            observed = observe_all([s for _, s in todo], suite, sandbox, jobs=jobs, cache=cache)
            for v, submission in todo:
                runs[v.name] = observed.get(submission.id)
        # A worker killed from outside (a limit of the machine, not the variant) leaves a crashed run, and
        # the cache keeps it: such variants are run once more, uncached, rather than left out.
        again = [(v, variant_submission(v)) for v in variants if cls._crashed(runs.get(v.name))]
        if again:
            observed = observe_all([s for _, s in again], suite, sandbox, jobs=jobs, cache=None)
            for v, submission in again:
                runs[v.name] = observed.get(submission.id)
        return cls(suite, runs, variants, kept=boot_path("book", suite.folder, ".jsonl"))

    @staticmethod
    def _crashed(run):
        return not run or run.get("status") == "crashed" or any(
            obs.get("status") == "crashed" for obs in (run.get("probes") or {}).values())

    def base(self, v: Variant, probe: str) -> dict | None:
        return (self.runs[v.name].get("probes") or {}).get(probe)

    def _class(self, key, source_of):
        """The engine named `key` from `source_of()`: its key in KEPT (its label and source), or None when that
        is None. Compiled only when a probe is observed on it (_compiled)."""
        if key not in self._classes:
            source = source_of()
            self._classes[key] = None if source is None else (" ".join(key), source)
        return self._classes[key]

    @staticmethod
    def _compiled(engine):
        """The engine's Value class, compiled once per process (KEPT)."""
        if engine not in KEPT.engines:
            value_class = engine_class(engine[1], engine[0])
            if len(KEPT.engines) >= KEPT.ENGINES:
                return value_class
            KEPT.engines[engine] = value_class
        return KEPT.engines[engine]

    def _observe(self, engine, probe):
        """`probe` on the engine (`_class`'s key): observed once per process for the suite's digest (KEPT), and
        once per boot where the book has a kept file."""
        if (engine, probe) not in self._observed:
            kept = KEPT.observations(self.suite)
            observation = kept.get((engine, probe))
            if observation is None:
                observation = self._from_suite(engine, probe)
            if observation is None:
                observation = self._from_boot(engine, probe)
            if observation is None:
                observation = observe_in_process(self._compiled(engine), getattr(self.suite.probes, probe))
                if self._kept is not None:
                    self._new[self._entry(engine, probe)] = observation
            if KEPT.room():
                kept[engine, probe] = observation
            self._observed[engine, probe] = observation
        return self._observed[engine, probe]

    @staticmethod
    def _entry(engine, probe):
        """An observation's name in the kept file: the engine's label, a digest of its source, the probe."""
        label, source = engine
        return f"{label}\0{hashlib.sha256(source.encode()).hexdigest()}\0{probe}"

    def _from_suite(self, engine, probe):
        """The observation stored with the suite (`grade variant-runs`: the styled variants' of the costly probes), or
        None: the file stale, or no entry for this engine's source and this probe."""
        if self._stored is None:
            self._stored = stored.load_styled(self.suite)
        found = self._stored.get(self._entry(engine, probe))
        return found if isinstance(found, dict) else None

    def _from_boot(self, engine, probe):
        """The observation an earlier batch of this boot kept (the file's name holds all it depends on:
        the grader's source, the suite's folder, the reference's files, this Python), or None."""
        if self._kept is None:
            return None
        if self._booted is None:
            try:
                self._booted = read_appended(self._kept)  # parsed once per process: only what was appended since
            except OSError:
                self._booted = {}  # not readable: observed here
        found = self._booted.get(self._entry(engine, probe))
        return found if isinstance(found, dict) else None

    def keep(self):
        """Append the observations this book made to the file (boot_files.append_entries: a line each; another
        process's appended meanwhile are kept too), rewritten with its newest entries only once it is over KEPT_CAP."""
        if self._kept is None or not self._new:
            return
        try:
            append_entries(self._kept, self._new, KEPT_CAP)
        except (OSError, TypeError, ValueError):
            return  # a full disk: the next process observes them again
        self._new = {}

    def styled(self, v: Variant, probe: str) -> list[dict]:
        """The variant's observations of `probe` in every style that changes its source."""
        out = []
        for style in STYLES:
            engine = self._class(("style", v.name, style.name), lambda: restyle(v.source(), style))
            if engine is not None:
                out.append(self._observe(engine, probe))
        return out

    def styled_record(self, probes) -> dict:
        """The usable variants' observations of `probes` in every style, observed here in the grader's process (none
        read from a file or KEPT), named as `_entry` names them: what `grade variant-runs` stores
        (stored.write_styled)."""
        out = {}
        for v in self.variants:
            for style in STYLES:
                engine = self._class(("style", v.name, style.name), lambda: restyle(v.source(), style))
                if engine is None:
                    continue
                value_class = engine_class(engine[1], engine[0])
                for probe in probes:
                    out[self._entry(engine, probe)] = observe_in_process(value_class, getattr(self.suite.probes, probe))
        return out

    def combined(self, a: Variant, b: Variant, probe: str) -> dict | None:
        """Both variants' mistakes in one engine (None when their patches do not compose)."""

        def source():
            text = a.source()
            for old, new in b.patches:
                if text.count(old) != 1:
                    return None
                text = text.replace(old, new)
            return text

        engine = self._class(("pair", a.name, b.name), source)
        return None if engine is None else self._observe(engine, probe)

"""The variant book: the variants' observations of one suite's probes, for one batch (docs/diagnosis.md).

The variants run through the sandbox like a student's submission, or come
from the suite's stored runs; styled and combined variants run in the
grader's process, only for the probes a diagnosis asks about.
"""

from __future__ import annotations

from ..load import Submission, files_digest
from ..observe import observe_all
from ..variants import VARIANTS, Variant, engine_class
from .styles import STYLES, observe_in_process, restyle
from . import stored


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
    the probes a diagnosis asks about, and are remembered.
    """

    def __init__(self, suite, runs: dict[str, dict], variants=VARIANTS):
        self.suite, self.runs = suite, runs
        self.variants = [v for v in variants if self._usable(runs.get(v.name))]
        self.index = {v.name: i for i, v in enumerate(variants)}
        self._classes: dict[tuple, type | None] = {}
        self._observed: dict[tuple, dict] = {}

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
        """Run every variant through the sandbox (cached), reusing `known` runs by content digest."""
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
        return cls(suite, runs, variants)

    @staticmethod
    def _crashed(run):
        return not run or run.get("status") == "crashed" or any(
            obs.get("status") == "crashed" for obs in (run.get("probes") or {}).values())

    def base(self, v: Variant, probe: str) -> dict | None:
        return (self.runs[v.name].get("probes") or {}).get(probe)

    def _class(self, key, source_of):
        if key not in self._classes:
            source = source_of()
            self._classes[key] = engine_class(source, " ".join(key)) if source is not None else None
        return self._classes[key]

    def styled(self, v: Variant, probe: str) -> list[dict]:
        """The variant's observations of `probe` in every style that changes its source."""
        out = []
        for style in STYLES:
            value_class = self._class(("style", v.name, style.name), lambda: restyle(v.source(), style))
            if value_class is None:
                continue
            key = ("style", v.name, style.name, probe)
            if key not in self._observed:
                self._observed[key] = observe_in_process(value_class, getattr(self.suite.probes, probe))
            out.append(self._observed[key])
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

        value_class = self._class(("pair", a.name, b.name), source)
        if value_class is None:
            return None
        key = ("pair", a.name, b.name, probe)
        if key not in self._observed:
            self._observed[key] = observe_in_process(value_class, getattr(self.suite.probes, probe))
        return self._observed[key]

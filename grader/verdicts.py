"""What the judge and the diagnosis said of a row, kept beside its observation in the cache (in its
folder `verdicts/`, whose entries `grade cache` counts and clears with the others), so that a rerun
of a class judges and diagnoses only the rows that changed.

A row's outcomes are a function of its observations (the judge groups by them), and its diagnosis of
its observations, its outcomes, its files and the suite's variants; so a row whose run came from the
observation cache, graded by the same grader code on the same suite, gets the same verdicts again.
The key holds all of that: the observation cache's key (grader version, suite, limits, the
submission's files), the names its places are said in (each file's own name, a notebook's cells: the
outcomes and the diagnosis name `bob.py, line 12`), a digest of the grader's own source and of the suite's folder (its tests,
stored PyTorch results and variant runs: any edit there judges everything again), where the
expected values come from (`--torch`), which tests and how much diagnosis were asked for (a
student's check runs the visible tests only), and the Python that runs students' code (the
diagnosis names its version). Rows whose run was observed in this batch are judged as before and their
verdicts kept for the next time, unless the grader failed on them (a grader error is never kept).

A student's check has no cache folder: it observes the submission every time (a student's code may not
do the same thing twice). Its verdicts are kept in the per-boot folder of the sandbox's trials
(grader/sandbox/host_facts.py: this user's own, written by no one else, `GRADE_HOST_FACTS=0` turns it
off), one entry per checked submission, and used only for the very same run: the entry holds a digest of
the run the judge saw (every field but its wall time), of the submission's files and of the places they
map to, and the key adds to the above the grader's and the sandbox's Python and the installed libraries'
folders (a package installed or removed there changes them). A check of an engine that did what it did
last time then skips pytest, the judge and the diagnosis; any difference is judged afresh.
"""

import dataclasses
import functools
import hashlib
import json
import os
import site
import sys
from pathlib import Path

from .boot_files import boot_path, reference_digest as _reference_digest, set_tag as _set_tag
from .boot_files import source_digest as _source_digest
from .boot_sets import kept_path
from .judge.dry_run import Reads
from .private_files import write_text_atomically
from .user_cache import VERDICTS

_GRADER = Path(__file__).resolve().parent


@functools.cache
def _environment():
    """What judges a run besides the grader's Python source: the Python judging and the one observing (by its
    file), the judge's pytest.ini, and the folders libraries are installed in (pytest, pytest-json-report,
    numpy...), by identity (a package installed or removed there changes its folder's)."""
    from .sandbox.host import find_python
    from .sandbox.host_facts import program

    folders = [*site.getsitepackages(), *([site.getusersitepackages()] if site.ENABLE_USER_SITE else [])]
    return json.dumps([sys.version, program(sys.executable), program(find_python()),
                       program(_GRADER / "judge" / "pytest.ini"), [program(f) for f in folders if os.path.isdir(f)]],
                      default=str)


def _run_digest(run, submission):
    """A run as the judge and the diagnosis read it (all but its wall time), with the submission's id, files and
    the places they map to."""
    seen = {k: v for k, v in run.items() if k != "seconds"}
    text = json.dumps([seen, submission.id, submission.digest, repr(sorted(submission.origins.items()))],
                      sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _places(submission):
    """The names a submission's places are said in: each file's own name and a notebook's cells (not where it
    was read from: grading the same class from another folder judges nothing again)."""
    return json.dumps(sorted((name, origin.file, origin.cells, origin.runs)
                             for name, origin in submission.origins.items()))


class VerdictCache:
    """The verdicts (outcomes, diagnosis) of rows, stored in the observation cache's folder."""

    def __init__(self, folder, suite, settings):
        self.folder = None if folder is None else os.path.join(folder, VERDICTS)
        self.suite, self.torch = suite, settings.torch
        self._salt = None
        self.boot_folder = None  # a check's verdicts of its runs, kept for this boot (see the module docstring)
        if folder is None and settings.check_verdicts and settings.torch == "stored":
            from .sandbox.host_facts import host_folder

            self.boot_folder = host_folder()
        if self.boot_folder is not None:
            self._salt = "\0".join(["check verdicts", _source_digest(str(suite.folder)), _reference_digest(),
                                    settings.torch, settings.tests, settings.diagnose, _environment()])
        if folder is not None:
            try:
                from .sandbox.host import grading_python  # the version the diagnosis names (an annotation's hint)
                python = grading_python() if suite.diagnose else ""
            except ImportError:  # a student's install: no diagnosis
                python = ""
            self._salt = "\0".join(["verdicts", _source_digest(str(suite.folder)), _reference_digest(), settings.torch,
                                    settings.tests,
                                    settings.diagnose, python])

    def _make_folder(self):
        for folder in (os.path.dirname(self.folder), self.folder):  # both private (the cache's own is too)
            os.makedirs(folder, mode=0o700, exist_ok=True)

    def key(self, observation_key):
        """A sha256 of its own (an entry as `grade cache` counts and clears them), never an observation's."""
        return hashlib.sha256((self._salt + "\0" + observation_key).encode()).hexdigest()

    def _row_key(self, observation_key, submission):
        """A row's verdicts name places in the student's own files (`bob.py, line 12`, carol.ipynb's cells): two
        submissions of the same files under other names share an observation, never its verdicts."""
        return self.key(observation_key + "\0" + _places(submission))

    def get(self, observation_key, submission):
        """{"outcomes": [...], "diagnosis": [...]} of the row, or None."""
        if self.folder is None:
            return None
        try:
            with open(os.path.join(self.folder, self._row_key(observation_key, submission) + ".json"),
                      encoding="utf-8") as f:
                verdicts = json.load(f)
        except (OSError, ValueError, RecursionError):
            return None
        if (isinstance(verdicts, dict) and isinstance(verdicts.get("outcomes"), list)
                and isinstance(verdicts.get("diagnosis"), list)):
            return verdicts
        return None

    def put(self, observation_key, submission, outcomes, diagnosis):
        if self.folder is None:
            return
        try:
            self._make_folder()
            write_text_atomically(os.path.join(self.folder, self._row_key(observation_key, submission) + ".json"),
                                  json.dumps({"outcomes": outcomes, "diagnosis": diagnosis}))
        except (OSError, TypeError, ValueError):  # a full disk, or a value JSON cannot hold: judged next time
            pass

    def _run_path(self, observation_key):
        if self.boot_folder is None:
            return None
        return kept_path(self.boot_folder, _set_tag(), "check", self.key(observation_key))

    def kept_for(self, observation_key) -> bool:
        """Whether a check's verdicts of this submission are kept (for the very run observed then, or not)."""
        path = self._run_path(observation_key)
        return path is not None and os.path.exists(path)

    def get_run(self, observation_key, run, submission):
        """A check's kept {"outcomes", "diagnosis"} of this very run of this submission, or None."""
        path = self._run_path(observation_key)
        if path is None:
            return None
        try:
            with open(path, encoding="utf-8") as f:
                kept = json.load(f)
        except (OSError, ValueError, RecursionError):
            return None
        if (isinstance(kept, dict) and kept.get("run") == _run_digest(run, submission)
                and isinstance(kept.get("outcomes"), list) and isinstance(kept.get("diagnosis"), list)):
            return {"outcomes": kept["outcomes"], "diagnosis": kept["diagnosis"]}
        return None

    def put_run(self, observation_key, run, submission, outcomes, diagnosis):
        """Keep a check's verdicts of `run` (the last run of this submission: one entry each)."""
        path = self._run_path(observation_key)
        if path is None:
            return
        try:
            write_text_atomically(path, json.dumps({"run": _run_digest(run, submission), "outcomes": outcomes,
                                                    "diagnosis": diagnosis}))
        except (OSError, TypeError, ValueError):
            pass

    def _dry_run_paths(self, expectations):
        """Where the dry run is kept: in the cache's folder, and in the per-boot folder of the sandbox's trials
        (grader/sandbox/host_facts.py), keyed there by the same sources and the reference's own files; a run
        without a cache (`grade check`) keeps it only there. A batch graded into a cache folder of its own (a
        new class, `--cache-dir`) reads the boot's, which another batch of the suite made: the dry run
        depends on no student, and its key holds all it depends on (the grader's and the suite's sources,
        the reference's, where the expected values come from)."""
        paths = []
        if self.folder is not None:
            paths.append(os.path.join(self.folder, self.key("dry run " + expectations.reference_mode) + ".json"))
        from .sandbox.host_facts import host_folder

        folder = host_folder()
        if folder is not None:
            key = hashlib.sha256("\0".join(["dry run", _source_digest(str(self.suite.folder)), _reference_digest(),
                                            self.torch, expectations.reference_mode]).encode()).hexdigest()
            paths.append(kept_path(folder, _set_tag(), "dry-run", key))
        return paths

    def dry_run(self, expectations):
        """Make expectations.reads() (the judge's dry run on the reference: a second of work, needed by
        every batch to check the suite before anyone is graded) come from the cache, or from this boot's,
        when an earlier run kept it for the same suite and grader, and keep it otherwise."""
        paths = self._dry_run_paths(expectations)
        for tried, path in enumerate(paths):
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                stored = json.loads(text)
                expectations.known_reads({name: Reads(**{k: tuple(v) if k in ("probes", "own") else v
                                                         for k, v in fields.items()})
                                          for name, fields in stored["reads"].items()})
                expectations.learn(stored.get("known"))
            except (OSError, ValueError, RecursionError, TypeError, KeyError, AttributeError):
                continue
            self._keep_dry_run(paths[:tried], text)  # the boot's, into a cache that lacked it: its entries as before
            return
        if not paths:
            return
        reads = expectations.reads()
        expectations.trace_every_probe()  # kept with known(): the next process traces no probe's ops
        try:
            text = json.dumps({"reads": {name: dataclasses.asdict(r) for name, r in reads.items()},
                               "known": expectations.known()})
        except (TypeError, ValueError):
            return
        self._keep_dry_run(paths, text)

    def _keep_dry_run(self, paths, text):
        for path in paths:
            try:
                if self.folder is not None and path.startswith(self.folder + os.sep):
                    self._make_folder()
                write_text_atomically(path, text)
            except OSError:
                pass


def walks_path(suite):
    """Where the walks' observations of a suite's probes (diagnose/walks.py: the reference with its backward
    walking in other orders, run in the grader's process, about a second of CPU a batch) are kept (boot_path)."""
    return boot_path("walks", suite.folder, ".jsonl")  # appended to (walk_book.WalkBook.keep)

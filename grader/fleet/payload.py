"""What travels through Redis, as plain JSON checked against a JSON Schema on both ends.

A job's payload (submitter → worker) and a job's result (worker → submitter)
are data only: strings, numbers, lists and objects. Redis is a trust boundary
(whoever can write to it can write a payload), so the worker checks every
payload before it writes a file of it, and the submitter checks every result
before a single observation of it reaches the judge.

A payload holds no student's name: a job is its content (the grader version,
the suite, the limits, the files), and its id is the observation cache's key
of that content (`job_key`), which the worker computes again before it
observes (a job whose files do not hash to its id is refused). A result is
signed by the worker with the fleet's key (grader/fleet/auth.py) over the
job's key and the result, and verified by the submitter before it is judged
or cached.
"""

import base64
import binascii
import dataclasses
from pathlib import PurePosixPath

import fastjsonschema

from ..version import __version__
from ..load import files_digest
from ..load.reading import MAX_PATH_BYTES, MAX_TOTAL_BYTES
from ..observe.cache import ObservationCache, canonical_limits
from ..observe.protocol import ProtocolError, check_observed, check_plain
from ..records import Run, Strength, json_schema
from ..sandbox import Limits
from .auth import sign, verify

FORMAT = 3  # bumped when the payload's shape changes: a worker refuses a format it does not know (3: the package)
MAX_FILES = 64
HEX64 = "^[0-9a-f]{64}$"

_LIMIT_TYPES = {field.name: field.type for field in dataclasses.fields(Limits)}

JOB_SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "an observation job",
    "type": "object",
    "additionalProperties": False,
    "required": ["format", "grader", "submission", "suite", "limits", "require_sandbox"],
    "properties": {
        "format": {"const": FORMAT},
        "grader": {"type": "string", "pattern": r"^[0-9A-Za-z.+_-]{1,64}$"},  # its version: part of the key
        "submission": {
            "type": "object",
            "additionalProperties": False,
            "required": ["files"],
            "properties": {
                "files": {
                    "type": "object",
                    "minProperties": 1,
                    "maxProperties": MAX_FILES,
                    # a relative POSIX path of plain names; the worker checks each part again before writing. As
                    # long as the loader carries (redteam44: 255, and a package's `p/q/r.py` of 370 characters,
                    # graded locally, was refused here: its row crashed on the fleet)
                    "propertyNames": {"type": "string", "maxLength": MAX_PATH_BYTES,
                                      "pattern": r"^[^/\\\x00]+(/[^/\\\x00]+)*$"},
                    "additionalProperties": {"type": "string", "contentEncoding": "base64",
                                             "maxLength": MAX_TOTAL_BYTES * 4 // 3 + 4},
                },
                # the package the files were handed in as (Submission.package): an identifier whose
                # `<package>/__init__.py` is one of the files (read_job checks both); absent for none
                "package": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": r"^[^/\\.\x00]+$"},
                # the files that are a notebook's code cells joined (Submission.notebooks): each one of the files
                # (read_job checks it); absent for none
                "notebooks": {"type": "array", "maxItems": MAX_FILES, "uniqueItems": True,
                              "items": {"type": "string", "maxLength": MAX_PATH_BYTES}},
            },
        },
        "suite": {
            "type": "object",
            "additionalProperties": False,
            "required": ["name", "digest", "observer"],
            "properties": {
                "name": {"type": "string", "pattern": r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"},
                "digest": {"type": "string", "pattern": HEX64},
                "observer": {"type": "string", "pattern": HEX64},
            },
        },
        "limits": {
            "type": "object",
            "additionalProperties": False,
            "required": sorted(_LIMIT_TYPES),
            "properties": {
                name: ({"type": "integer", "minimum": 1, "maximum": 1 << 40} if kind in (int, "int")
                       else {"type": "number", "exclusiveMinimum": 0, "maximum": 86400})
                for name, kind in _LIMIT_TYPES.items()
            },
        },
        "require_sandbox": {"type": "boolean"},
        # the grade of record's drawn probes (grader/judge/drawn.py), drawn by the submitting grade, which holds the
        # secret: `probe@token` of each, and the draws' digest (part of the key)
        "draws": {
            "type": "object",
            "additionalProperties": False,
            "required": ["digest", "run"],
            "properties": {
                "digest": {"type": "string", "pattern": HEX64},
                "run": {"type": "object", "maxProperties": 10_000,
                        "additionalProperties": {"type": "string",
                                                 "pattern": r"^[A-Za-z_][A-Za-z0-9_]{0,99}@[0-9a-f]{16}(\.[1-3])?$"}},
            },
        },
    },
}

RESULT_SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "an observation job's result",
    "type": "object",
    "additionalProperties": False,
    "required": ["format", "worker", "sandbox", "mac"],
    "properties": {
        "format": {"const": FORMAT},
        "worker": {"type": "string", "maxLength": 255},
        "sandbox": {"enum": [s.value for s in (Strength.BUBBLEWRAP, Strength.WEAKER_BUBBLEWRAP, Strength.RLIMITS)]},
        "mac": {"type": "string", "pattern": HEX64},  # HMAC-SHA256 of the job's key and the rest (auth.py)
        # what could not be observed for a reason that is not the submission's (a grader error)
        "error": {"type": "string"},
        # the run exactly as grader/records.py defines it (every status a local batch makes, `skipped`
        # probes included): made from that definition, so the two cannot drift
        "run": json_schema(Run),
    },
    "oneOf": [{"required": ["run"]}, {"required": ["error"]}],
}


class PayloadError(ValueError):
    """A payload or result that does not match its schema: it was not written by an honest grader."""


# fastjsonschema compiles a schema into Python once (here, at import: before a worker forks its work
# horses, which would otherwise each compile it again): a result is then checked in about a millisecond,
# where an interpreting validator takes about ten, a tenth of an observation.
_VALIDATORS = {id(JOB_SCHEMA): fastjsonschema.compile(JOB_SCHEMA), id(RESULT_SCHEMA): fastjsonschema.compile(RESULT_SCHEMA)}


def _check(schema, document, what):
    try:
        _VALIDATORS[id(schema)](document)
    except fastjsonschema.JsonSchemaException as error:
        # fastjsonschema names the document "data": "data.limits.memory_mb must be integer"
        text = str(error.message).removeprefix("data.").removeprefix("data ")
        raise PayloadError(f"{what} does not match its schema: {text[:300]}") from None


def job_payload(submission, suite, limits, observer, *, require_sandbox):
    """The JSON payload of one submission's observation job (checked before it is enqueued)."""
    payload = {
        "format": FORMAT,
        "grader": __version__,
        "submission": {"files": {name: base64.b64encode(data).decode("ascii")
                                 for name, data in sorted(submission.files.items())},
                       **({"package": submission.package} if submission.package is not None else {}),
                       **({"notebooks": list(submission.notebooks)} if submission.notebooks else {})},
        "suite": {"name": suite.name, "digest": suite.digest, "observer": observer},
        "limits": dataclasses.asdict(limits),
        "require_sandbox": bool(require_sandbox),
    }
    if (draws := getattr(suite, "draws", None)) is not None:
        payload["draws"] = {"digest": draws.digest, "run": draws.names(submission.digest)}
    _check(JOB_SCHEMA, payload, "the job")
    return payload


@dataclasses.dataclass(frozen=True)
class ObservationJob:
    """A checked payload: what the worker needs to observe one submission."""

    key: str  # the observation cache's key of this content: the job's id is `observe-<key>`
    files: dict  # relative path -> bytes
    package: str | None  # the package the files were handed in as (Submission.package), or None
    suite: str
    suite_digest: str
    observer: str
    limits: Limits
    require_sandbox: bool
    draws: dict | None = None  # the submitting grade's drawn probes (JOB_SCHEMA's `draws`), or None
    notebooks: tuple = ()  # the files that are a notebook's code cells joined (Submission.notebooks)


def read_job(payload):
    """A payload taken from Redis as an ObservationJob; PayloadError when it is not one."""
    _check(JOB_SCHEMA, payload, "the job")
    files, total = {}, 0
    for name, text in payload["submission"]["files"].items():
        parts = PurePosixPath(name).parts
        if any(part in (".", "..") for part in parts) or name.startswith("/"):
            raise PayloadError(f"the job's file name {name[:80]!r} leaves the submission's folder")
        try:
            data = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise PayloadError(f"the job's file {name[:80]!r} is not base64") from None
        total += len(data)
        if total > MAX_TOTAL_BYTES:
            raise PayloadError(f"the job's files are larger than {MAX_TOTAL_BYTES} bytes in all")
        files[name] = data
    package = payload["submission"].get("package")
    if package is not None and not (package.isidentifier() and f"{package}/__init__.py" in files):
        raise PayloadError(f"the job's package {package[:80]!r} is not an identifier whose __init__.py is one of "
                           "its files")
    notebooks = tuple(sorted(payload["submission"].get("notebooks", ())))
    if any(name not in files for name in notebooks):
        raise PayloadError("the job's notebooks are not all among its files")
    limits = canonical_limits(payload["limits"])
    suite, draws = payload["suite"], payload.get("draws")
    digest = suite["digest"] if draws is None else f"{suite['digest']}+{draws['digest']}"  # as ObservationCache.key
    key = ObservationCache.key_of(payload["grader"], suite["observer"], digest, limits,
                                  files_digest(files, package, notebooks))
    return ObservationJob(key=key, files=files, package=package, suite=suite["name"],
                          suite_digest=suite["digest"], observer=suite["observer"], limits=limits,
                          require_sandbox=payload["require_sandbox"], draws=draws, notebooks=notebooks)


class GivenDraws:
    """Draws made elsewhere: a fleet worker runs the `probe@token` names the submitting grade drew (it holds the
    secret; the worker needs none), under that grade's digest of its draws."""

    def __init__(self, given):
        self.digest, self._names = given["digest"], dict(given["run"])

    def names(self, files_digest) -> dict:
        return self._names


def given_draws(suite, given):
    """`suite` observing the drawn probes `given` (a job's `draws`); PayloadError for a probe it does not have."""
    if any(probe not in suite.probe_names or name.partition("@")[0] != probe for probe, name in given["run"].items()):
        raise PayloadError("the job's drawn probes are not the suite's")
    return dataclasses.replace(suite, draws=GivenDraws(given))


def job_result(*, key, job_key, worker, sandbox, run=None, error=None):
    """The result of the job whose key is `job_key`, signed with the fleet's `key`."""
    result = {"format": FORMAT, "worker": worker, "sandbox": sandbox}
    if error is not None:
        result["error"] = error
    else:
        result["run"] = run
    result["mac"] = sign(key, job_key, result)
    _check(RESULT_SCHEMA, result, "the job's result")
    return result


def read_result(result, probe_names, *, key, job_key):
    """A job's result taken from Redis, checked: signed with the fleet's key for this job's key (else
    `Unauthenticated`), and its run's observations plain JSON of the suite's probes."""
    _check(RESULT_SCHEMA, result, "the job's result")
    verify(key, job_key, result)
    run = result.get("run")
    if run is not None:
        unknown = set(run["probes"]) - set(probe_names)
        unknown |= {name for name in run.get("drawn", {}) if name.partition("@")[0] not in probe_names}
        if unknown:
            raise PayloadError(f"the job's result has observations of probes the suite does not have: "
                               f"{', '.join(sorted(unknown))[:200]}")
        try:
            # the same strictness as a worker's own report: plain JSON, finite numbers, bounded nesting
            for observation in (*run["probes"].values(), *run.get("drawn", {}).values()):
                check_observed(observation.get("values", {}))
                check_plain({key: value for key, value in observation.items() if key != "values"})
            check_plain({key: value for key, value in run.items() if key not in ("probes", "drawn")})
        except ProtocolError as exc:
            raise PayloadError(f"the job's result is not plain data: {exc}") from None
    return result

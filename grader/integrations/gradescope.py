"""Gradescope: the autograder bundle (`grade gradescope`) and the run inside it (`grade gradescope-run`).

Gradescope's autograder specification: the uploaded zip holds `setup.sh` and
`run_autograder` at its root; it is unpacked into `/autograder/source`;
`setup.sh` runs once, as root, while Gradescope builds the image;
`run_autograder` is copied to `/autograder/run_autograder` and runs once per
submission, from `/autograder`, with the student's files in
`/autograder/submission`; it must leave `/autograder/results/results.json`.

The bundle holds:

- `setup.sh`: installs Python and bubblewrap with apt (when root), makes a
  venv in `/autograder/venv` and pip-installs the grader from `grader-src/`;
- `run_autograder`: `python -m grader gradescope-run`, which grades the one
  submission with the ordinary pipeline (sandboxed observation, hidden
  pytest judge) and writes results.json with grader/report/gradescope;
- `autograder.json`: the exercise, the sandbox limits and stdout visibility
  chosen when the bundle was built;
- `grader-src/`: a pip-installable copy of the grader: `grader/` with only
  this exercise's hidden suite (no other suite, no project tests), and the
  reference modules the judge computes expected values with. These stay in
  the autograder's container, on the grader's side of the sandbox: the
  student's code never sees them.

Overrides for testing and for running a bundle by hand: GRADE_AUTOGRADER_ROOT
(instead of `/autograder`) and GRADE_PYTHON (the interpreter that has the
grader, instead of `/autograder/venv/bin/python`).
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import io
import json
import os
import stat
import zipfile
from pathlib import Path

from ..version import __version__
from ..distribution import require_instructor_part
from ..load import only_file
from ..load.reading import HIDDEN_NAMES
from ..report import to_results_json
from ..sandbox import Limits
from ..private_files import write_json_atomically
from ..suites import SUITES, load_suite

CONFIG = "autograder.json"
DRAWS_SECRET = "draws.secret"  # made by setup.sh in the image, never in the bundle (so its bytes stay the same)
SOURCE = "grader-src"
DISTRIBUTION = "micrograd-grader"
# What the judge imports from reference/ (judge/plugin.py, Expectations.reference);
# the rest of reference/ (the solution to the write-your-own-tests exercise) stays out.
REFERENCE_MODULES = ("__init__.py", "engine.py", "nn.py", "dual.py", "gradcheck.py", "neuron.py", "fit_line.py")
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # fixed, so the same grader and options give the same bytes

SETUP_SH = """\
#!/usr/bin/env bash
# Gradescope runs this once, as root, while it builds the autograder's image.
# Built by `grade gradescope` (micrograd-grader @VERSION@) for the exercise '@EXERCISE@'.
set -euo pipefail
source_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="${GRADE_AUTOGRADER_ROOT:-/autograder}"

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # bubblewrap gives the sandbox its namespaces where the container allows them;
    # util-linux has prlimit and setpriv, which the sandbox always uses.
    apt-get install -y -qq --no-install-recommends python3 python3-venv python3-pip bubblewrap util-linux
fi
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
    echo "The grader needs Python 3.10 or newer: choose an Ubuntu 22.04 (or newer) base image." >&2
    exit 1
fi
python3 -m venv "$root/venv"
"$root/venv/bin/pip" install --no-cache-dir --quiet "$source_dir/@SOURCE@"
# The secret the grade of record draws its inputs from (docs/security.md): this image's own, since Gradescope sets
# no MICROGRAD_GRADER_SECRET (without one the draws follow a digest of the grader's source, which may be public).
(umask 077; "$root/venv/bin/python" -c 'import secrets; print(secrets.token_hex(32))' > "$source_dir/@DRAWS@")
# The grader, its hidden suite, the reference and that secret are root's alone: the
# students' code runs as another user.
chmod -R go-rwx "$source_dir" "$root/venv"
"$root/venv/bin/python" -m grader suites
"""

RUN_AUTOGRADER = """\
#!/bin/sh
# Gradescope runs this for every submission, as root, from /autograder:
# /autograder/submission in, /autograder/results/results.json out.
# Built by `grade gradescope` (micrograd-grader @VERSION@) for the exercise '@EXERCISE@'.
set -eu
root="${GRADE_AUTOGRADER_ROOT:-/autograder}"
python="${GRADE_PYTHON:-$root/venv/bin/python}"
mkdir -p "$root/results"
# Only the grader (root) may read the submission or write the results.
chmod 700 "$root/results" "$root/submission" 2>/dev/null || true
# `python -m` puts the current folder first on sys.path: run from the root, so that a `grader/` folder where the
# script was started (a checkout of this project, testing a bundle) is never the grader that runs.
cd "$root"
exec "$python" -m grader gradescope-run --root "$root"
"""


def _fill(template: str, exercise: str) -> str:
    return (template.replace("@VERSION@", __version__).replace("@EXERCISE@", exercise)
            .replace("@SOURCE@", SOURCE).replace("@DRAWS@", DRAWS_SECRET))


def _requirements() -> list[str]:
    """The grader's own dependencies (no extras), as its installed metadata declares them."""
    try:
        requires = importlib.metadata.requires(DISTRIBUTION) or []
    except importlib.metadata.PackageNotFoundError:
        raise RuntimeError(f"{DISTRIBUTION} is not installed here (pip install -e .): "
                           "its dependencies are read from the installed metadata") from None
    return [r for r in requires if "extra" not in r.partition(";")[2]]


def pyproject() -> str:
    """A pyproject.toml that installs the bundled copy of the grader (json strings are TOML strings)."""
    deps = ",\n".join(f"    {json.dumps(r)}" for r in _requirements())
    return f"""\
[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "{DISTRIBUTION}"
version = {json.dumps(__version__)}
description = "micrograd-grader, bundled for a Gradescope autograder"
requires-python = ">=3.10"
dependencies = [
{deps},
]

[project.scripts]
grade = "grader.cli:main"

[tool.setuptools.packages.find]
include = ["grader*", "reference*"]

[tool.setuptools.package-data]
grader = ["suites/**/*", "sandbox/*.py", "judge/pytest.ini", "data/**/*", "locale/*/LC_MESSAGES/*.mo"]
"""


def _skipped(relative: Path) -> bool:
    return any(part in HIDDEN_NAMES or part.startswith(".") for part in relative.parts) or relative.suffix == ".pyc"


def _grader_files(exercise: str, package: Path | None = None) -> dict[str, bytes]:
    """The grader package with `exercise`'s suite and no other: path inside the package → bytes.

    A folder of suites/ that has a probes.py is a suite; any other (shared
    helpers) is kept.
    """
    package = package or Path(__file__).resolve().parents[1]
    files = {}
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package)
        if not path.is_file() or _skipped(relative):
            continue
        parts = relative.parts
        if (len(parts) > 2 and parts[0] == "suites" and parts[1] != exercise
                and (SUITES / parts[1] / "probes.py").exists()):
            continue  # another exercise's hidden suite
        files[relative.as_posix()] = path.read_bytes()
    return files


def _reference_files() -> dict[str, bytes]:
    import reference

    folder = Path(reference.__file__).resolve().parent
    return {name: (folder / name).read_bytes() for name in REFERENCE_MODULES}


def bundle_files(exercise: str, *, limits: Limits = Limits(), require_sandbox: bool = False,
                 stdout_visibility: str = "hidden", lang: str = "en") -> dict[str, tuple[bytes, int]]:
    """Every file of the bundle: zip path → (content, mode). Raises SuiteError for an unknown exercise."""
    require_instructor_part("Building a Gradescope autograder")  # it carries the hidden suite and the reference
    load_suite(exercise)  # an unknown or broken suite fails here, not in Gradescope
    config = {
        "exercise": exercise,
        "grader_version": __version__,
        "limits": dataclasses.asdict(limits),
        "require_sandbox": require_sandbox,
        "stdout_visibility": stdout_visibility,
        "lang": lang,  # the students' results.json speaks it (grader/i18n)
    }
    files = {
        "setup.sh": (_fill(SETUP_SH, exercise).encode(), 0o755),
        "run_autograder": (_fill(RUN_AUTOGRADER, exercise).encode(), 0o755),
        CONFIG: ((json.dumps(config, indent=2) + "\n").encode(), 0o644),
        f"{SOURCE}/pyproject.toml": (pyproject().encode(), 0o644),
    }
    for name, data in _grader_files(exercise).items():
        files[f"{SOURCE}/grader/{name}"] = (data, 0o644)
    for name, data in _reference_files().items():
        files[f"{SOURCE}/reference/{name}"] = (data, 0o644)
    return files


def build_bundle(exercise: str, out, **options) -> list[str]:
    """Write the autograder zip for `exercise` to `out`; return its member names."""
    files = bundle_files(exercise, **options)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            data, mode = files[name]
            info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
            info.external_attr = (stat.S_IFREG | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.part")
    tmp.write_bytes(buffer.getvalue())
    os.replace(tmp, out)
    return sorted(files)


# -- inside the bundle: one submission, Gradescope's layout ----------------------


def read_config(root) -> dict:
    """The bundle's autograder.json, from ROOT/source."""
    path = Path(root) / "source" / CONFIG
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
        limits = Limits(**config["limits"])
        return dict(config, limits=limits)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RuntimeError(f"{path} cannot be used ({type(exc).__name__}: {exc}); build the bundle again "
                           "with `grade gradescope EXERCISE`") from None


def draws_secret(root) -> bytes | None:
    """The image's secret for the inputs drawn for the grade of record (ROOT/source/draws.secret, made by setup.sh),
    or None where there is none (a bundle laid out by hand, tests): judge/drawn.secret then reads
    MICROGRAD_GRADER_SECRET, else the digest of the grader's hidden part."""
    try:
        return (Path(root) / "source" / DRAWS_SECRET).read_bytes().strip() or None
    except FileNotFoundError:
        return None


def submission_entry(folder) -> Path:
    """What to grade in Gradescope's submission folder: the one file uploaded into it, graded as that file (as
    `grade run FILE`, `grade check FILE` and `grade serve`'s upload grade it: its row's id, messages and places are
    the file's, not those of Gradescope's `submission/`), or else the folder itself. A symbolic link is no file
    here: the folder's loader refuses it, where an entry given by name is followed.

    The folder holds whatever the student uploaded (engine.py and friends, a
    notebook, a .zip) or the contents of the repository they linked; the
    loader finds the engine in it as in any folder submission.
    """
    return only_file(Path(folder)) or Path(folder)


def autograde(root, *, use_bwrap: bool = True) -> tuple[dict, object]:
    """Grade ROOT/submission as one submission and write ROOT/results/results.json; return (results, batch)."""
    from ..pipeline import grade

    root = Path(root)
    config = read_config(root)
    result = grade(submission_entry(root / "submission"), exercise=config["exercise"],
                   limits=config["limits"], cache_dir=None, require_sandbox=config.get("require_sandbox", False),
                   use_bwrap=use_bwrap, one_submission=True, draw_secret=draws_secret(root))
    record = result.scores["submissions"][0]
    results = to_results_json(record, execution_time=result.seconds,
                              stdout_visibility=config.get("stdout_visibility", "hidden"),
                              lang=config.get("lang", "en"))
    results["extra_data"].update(exercise=config["exercise"], grader_version=__version__, sandbox=result.sandbox,
                                 max_score=float(record["max_score"]))
    write_json_atomically(root / "results" / "results.json", results)
    return results, result

"""The student handout: each exercise's instructions, starter files and notebook, and nothing secret.

`build(out_dir)` copies, for every exercise (or the ones asked for), exactly
the files a student needs from `exercises/<id>/`: README.md, the `.exercise`
marker, the starter files and the notebook. It refuses to build from
starters that drift from the reference, and it scans what it wrote with
`secrets()` before it says it is done.

What counts as a secret:

- a file of a hidden suite (probes, tests, stored PyTorch results, the buggy
  engines of 09-write-tests), by name or by content;
- an exercise's own solution: the code lines of its `BEGIN SOLUTION` regions
  that the reference does not also contain outside them (for 02-accumulate,
  the `+=` lines of the backward rules), in that exercise's folder; and any
  exercise's solution in the files beside the folders (the index README).
  Making leaves (`a = Value(3.0)`) and calling `backward()` are every
  example's vocabulary, not a solution;
- a buggy engine's source, or a solution marker.

Other exercises' solutions do appear in a starter by design ("everything else
is given": 01's starter has a working `backward()`, 06-09 give the complete
engine), so release a handout one exercise at a time (`grade handout OUT -e
03-tanh`) when students must not see later solutions early.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

from . import starters
from .starters import EXERCISES, MARKER_FILE, REPO, SUITES


class HandoutError(ValueError):
    """The handout cannot be built (drifting starters, a missing exercise, a secret found)."""


def handout_files(exercise: str) -> list[str]:
    """The names of the files a student receives for `exercise`, in a fixed order."""
    return ["README.md", MARKER_FILE, *starters.exercise_files(exercise), f"{exercise}.ipynb"]


def _index(exercises: list[str], students_guide: str | None) -> str:
    lines = ["# Exercises", ""]
    if students_guide:
        lines += [students_guide.strip(), ""]
    lines += ["| exercise | what you build | files |", "| --- | --- | --- |"]
    for exercise in exercises:
        files = ", ".join(f"`{f}`" for f in starters.exercise_files(exercise))
        lines.append(f"| [{exercise}]({exercise}/README.md) | {starters.exercise_title(exercise)} | {files} |")
    return "\n".join(lines) + "\n"


def build(out_dir, exercises=None, *, exercises_dir=None) -> list[Path]:
    """Write the handout into OUT_DIR; returns the files written. Raises HandoutError."""
    out_dir = Path(out_dir)
    exercises_dir = Path(exercises_dir or REPO / "exercises")
    chosen = list(exercises or EXERCISES)
    unknown = [e for e in chosen if e not in EXERCISES]
    if unknown:
        raise HandoutError(f"no exercise named {', '.join(map(repr, unknown))}; the exercises are {', '.join(EXERCISES)}")
    if not exercises_dir.is_dir():
        raise HandoutError(f"no exercises folder at {exercises_dir}: run this in a checkout of the grader, "
                           "or pass --exercises-dir")
    try:
        drifting = [p for p in starters.drift(exercises_dir) if p.parent.name in chosen]
    except starters.StarterError as exc:
        raise HandoutError(str(exc)) from None
    if drifting:
        raise HandoutError("the committed starters differ from what the reference gives; run `grade starters` "
                           "first:\n  " + "\n  ".join(str(p) for p in drifting))
    if out_dir.exists() and any(out_dir.iterdir()):
        raise HandoutError(f"{out_dir} is not empty; give a new folder")
    written = []
    for exercise in chosen:
        for name in handout_files(exercise):
            source, target = exercises_dir / exercise / name, out_dir / exercise / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            written.append(target)
    guide = REPO / "docs" / "students.md"
    index = out_dir / "README.md"
    index.write_text(_index(chosen, guide.read_text(encoding="utf-8") if guide.exists() else None), encoding="utf-8")
    written.append(index)
    found = secrets(out_dir)
    if found:
        shutil.rmtree(out_dir)
        raise HandoutError("the handout would contain secrets; nothing was written:\n  " + "\n  ".join(found))
    return written


# -- the scan -----------------------------------------------------------------------------------------


def _normal(line: str) -> str:
    """A line as compared for secrets: without indentation or a leading comment mark."""
    return re.sub(r"^#\s*", "", line.strip()).strip()


# The vocabulary of every example, not a solution: making leaves (`a, b = Value(3.0), Value(-2.0)`)
# and calling backward().
_GENERIC = re.compile(r"^(?:[\w, ]+ = Value\([-\d.e]+\)(?:, Value\([-\d.e]+\))*|[\w.]+\.backward\(\))$")


def solution_secrets(exercise: str) -> set[str]:
    """The lines that would give `exercise`'s solution away (normalised, see `_normal`)."""
    folder = starters.reference_folder()
    if exercise == "02-accumulate":
        engine = starters.solution_source((folder / "engine.py").read_text(encoding="utf-8"))
        return {_normal(line) for line in engine.splitlines() if re.match(r"\s*[\w.]+\.grad \+= ", line)}
    inside, outside = set(), set()
    for path in sorted(folder.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        in_region = set()
        for region in starters.regions(text, path.name):
            span = range(region.begin, region.end + 1)
            in_region.update(span)
            if region.exercise == exercise:
                inside.update(_normal(lines[i]) for i in span[1:-1] if lines[i].strip()
                              and not lines[i].strip().startswith("#"))
        outside.update(_normal(line) for i, line in enumerate(lines) if i not in in_region)
    return {line for line in inside - outside if len(line) > 3 and not _GENERIC.match(line)}


def _suite_files() -> dict[str, str]:
    """sha256 → path of every file of every hidden suite."""
    found = {}
    for path in sorted(SUITES.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            found[hashlib.sha256(path.read_bytes()).hexdigest()] = str(path.relative_to(SUITES))
    return found


def _variant_sources() -> set[str]:
    engines = json.loads((SUITES / "09-write-tests" / "engines.json").read_text(encoding="utf-8"))
    return {hashlib.sha256(v["source"].encode()).hexdigest() for v in engines["variants"]}


def _text_of(path: Path) -> str:
    """A file's text; a notebook's cell sources, so that a secret split by JSON escapes is still found."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".ipynb":
        try:
            cells = json.loads(text)["cells"]
            return "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in cells)
        except (ValueError, KeyError, TypeError):
            return text
    return text


def secrets(out_dir) -> list[str]:
    """Everything in OUT_DIR that a student must not receive, as 'path: why' lines (empty when clean)."""
    out_dir = Path(out_dir)
    suite_files, variants = _suite_files(), _variant_sources()
    suite_test_names = {p.name for p in SUITES.rglob("test_*.py")}
    secret_lines = {e: solution_secrets(e) for e in EXERCISES}
    found = []
    for path in sorted(p for p in out_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(out_dir)
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest in suite_files:
            found.append(f"{rel}: a copy of the hidden suite's {suite_files[digest]}")
            continue
        if path.name in ("torch_results.json", "engines.json", "probes.py") or (
                path.name in suite_test_names and path.name != "test_engine.py"):
            found.append(f"{rel}: a hidden suite's file name")
        if digest in variants:
            found.append(f"{rel}: the source of a buggy engine of 09-write-tests")
        text = _text_of(path)
        if "BEGIN SOLUTION" in text or "END SOLUTION" in text:
            found.append(f"{rel}: a solution marker")
        # An exercise's folder must not give its own solution away; the others' are given there by
        # design ("everything else is given"). Files outside the exercises' folders: no solution at all.
        exercise = rel.parts[0] if len(rel.parts) > 1 else None
        lines = {_normal(line) for line in text.splitlines()}
        for owner, secret in secret_lines.items():
            if owner == exercise or exercise is None:
                leaked = sorted(secret & lines)
                if leaked:
                    found.append(f"{rel}: {len(leaked)} line(s) of the solution of {owner}, e.g. {leaked[0]!r}")
    return found

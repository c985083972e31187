"""A cohort's files as `grade similarity`'s intake reads them, for every tool the benchmark runs (run.py's, and the
anchors' in baselines.py, which runs in the benchmark's own venv: this module needs only the standard library and
grader/load/reading.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from grader.load.notebooks import notebook_to_engine  # noqa: E402
from grader.load.reading import Rejected, python_source  # noqa: E402


def submitted_texts(folder: Path) -> dict[str, str]:
    """{stem: text} of FOLDER's .py files and notebooks, each decoded as `grade similarity`'s intake decodes it: a .py
    file as UTF-8, a byte-order mark dropped, or the encoding its coding line declares where that keeps ASCII, the line
    made `utf-8` (grader/load/reading.python_source); a notebook as its code cells joined, IPython's escapes dropped
    (grader/load/notebooks.notebook_to_engine: the anchors then compare the notebooks' code, as the command does,
    rather than find no .py file and score every notebook pair 0). A file the intake rejects is left out, as the
    command leaves it out, with the intake's message on stderr."""
    texts = {}
    for path in sorted([*folder.glob("*.py"), *folder.glob("*.ipynb")]):
        try:
            if path.suffix == ".ipynb":
                texts[path.stem] = notebook_to_engine(path.read_bytes(), path.name)[0].decode("utf-8")
            else:
                texts[path.stem] = python_source(path.read_bytes(), path.name).decode("utf-8")
        except Rejected as rejected:
            print(f"left out, as grade similarity leaves it out: {rejected}", file=sys.stderr)
    return texts


def as_python_files(folder: Path, into: Path) -> Path:
    """FOLDER's submissions as INTO/<id>.py, read as the command's intake reads them (submitted_texts): a notebook's
    code cells, a .py file's decoded text. The anchors (baselines.py, in the benchmark's own venv, without nbformat)
    read only .py files, so a class of notebooks handed to them as it is would score nothing; this way every tool
    compares the same code.

    A class of folders and zips (an LMS export of packages: sim41b1) is read by the command's own loader
    (grader/load.load_folder, a submission per student) and each submission's .py files are joined in path order into
    one <id>.py, as an instructor would feed a file-based tool; a starter or public folder that holds a package (no .py
    or notebook at its top) is read alike, so the anchors' boilerplate and public source are the files the command
    reads of a hand-in (its README and train.py left out as they are). Before this the anchors read no file of such
    a class and scored an empty one (session 41)."""
    into.mkdir(parents=True, exist_ok=True)
    texts = submitted_texts(folder)
    entries = [p for p in folder.iterdir() if not p.name.startswith((".", "__MACOSX"))] if folder.is_dir() else []
    nested = [p for p in entries if p.is_dir() or p.suffix == ".zip"]
    if nested and not texts:
        texts = _joined_submissions(folder)
    elif texts:
        texts = _keyed_as_the_command_keys(folder, texts)
    for stem, text in texts.items():
        (into / f"{stem}.py").write_text(text, encoding="utf-8")
    return into


def _keyed_as_the_command_keys(folder: Path, texts: dict[str, str]) -> dict[str, str]:
    """TEXTS ({file stem: text}) keyed by the ids the command's loader gives FOLDER's files: an LMS export's file
    names made the student's id (Canvas's `carterben_42102_9911202_engine.py` -> `carterben_42102`, as labels.json and
    `grade similarity` name them), only the attempt the loader grades kept. Keyed by stem, the anchors' pairs matched no
    label and copydetect scored sim42b1 (Canvas notebooks) 0.0067 instead of 0.16 (session 42). A folder whose ids
    are its stems is returned as it is, and so is one that holds an exercise file at its top (a starter's or the
    public source's `engine.py`: one hand-in to the command's loader, AmbiguousFolder, not a class of students)."""
    from grader.load import AmbiguousFolder, load_folder  # the command's loader: only in the project's venv (run.py)

    try:
        loaded = load_folder(folder, one_submission_flag=None)
    except AmbiguousFolder:
        return texts
    ids = {Path(submission.source).stem: submission.id for submission in loaded
           if not submission.rejected and Path(submission.source).stem in texts}
    if all(stem == sub_id for stem, sub_id in ids.items()) and len(ids) == len(texts):
        return texts
    for stem in sorted(set(texts) - set(ids)):  # another attempt or file of a student, or a rejected entry: said
        print(f"left out, as not the file grade similarity keys a student by: {stem}", file=sys.stderr)
    return {ids[stem]: text for stem, text in texts.items() if stem in ids}


def _joined_submissions(folder: Path) -> dict[str, str]:
    """{id: its .py files joined in name order} of every submission the command's loader reads in FOLDER (zips
    unpacked, an LMS's folder names made ids, rejected entries left out with the loader's message)."""
    from grader.load import load_folder  # the command's loader: only in the project's venv (run.py), never baselines'

    texts = {}
    for submission in load_folder(folder, one_submission_flag=None):
        if submission.rejected:
            print(f"left out, as grade similarity leaves it out: {submission.id}: {submission.problem}",
                  file=sys.stderr)
            continue
        texts[submission.id] = "\n\n".join(data.decode("utf-8") for name, data in sorted(submission.files.items())
                                            if name.endswith(".py") and data)  # not the loader's empty __init__
    return texts

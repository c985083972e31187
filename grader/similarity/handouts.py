"""What the course hands out with an exercise besides its starter: its instructions' code and shown output.

An exercise's README (exercises/<id>/README.md, and its translations) shows a "Try it" block of code and the
output it prints (the exercise's notebook holds the same block as a cell). Every student has them, as they have the
starter: two honest students who paste the instructions' example into their engine as a smoke test, or the output
it shows as comments, share the course's text, not each other's work (issue 27: a blind class's hard pairs shared
"the README's, the lecture's and the output's lines"). So they are subtracted as the starter is (`handout_texts`:
code and traits), from

- the folder of each `--starter` path (a folder, or a file's folder): its README*.md;
- the exercise of each `TODO(<id>)` marker the starter holds (the course's starters mark every region so):
  the course's exercises/<id>/README*.md, when the grader has it (`distribution.exercises_folder`).

A README's ```python blocks are read as code, as shown. Any other block (the output shown, a command) is read as
comment lines and as a docstring, as a student pastes an expected output. The block is not also read wrapped in
`if __name__ == "__main__":` (as the notebook holds it): the header's k-grams with a smoke test's first statements
are what a copy shares with its source's own smoke test (fifth 14's level-4 copy 0.417 -> 0.346 with it, 0.443
without), and the example's statements are subtracted wherever they stand.
"""

from __future__ import annotations

import re
from pathlib import Path

from .visible_tests import checks_kgrams
from .words import phrases
from .instructions import INSTRUCTED, _run_hashes, instructed  # noqa: F401 - handouts.instructed, as tests read it

FENCE = re.compile(r"^```([\w-]*)\n(.*?)^```", re.S | re.M)
TODO = re.compile(r"TODO\(([0-9][\w-]*)\)")
CODE_TAGS = ("python", "py", "python3")
NOTICES = ("LICENSE", "LICENCE", "COPYING", "NOTICE", "README", "AUTHORS")  # a public source's folder's own words
MOST_NOTICE = 20_000


def handout_texts(starter: dict[str, str], paths: tuple[Path, ...] = ()) -> dict[str, str]:
    """{name: Python text} of what the course hands out beside STARTER (its files' texts, given at PATHS)."""
    out: dict[str, str] = {}
    for path in _readmes(starter, paths):
        blocks = FENCE.findall(_read(path))
        for number, (tag, block) in enumerate(blocks, 1):
            out[f"{path.parent.name}/{path.name} <block {number}>"] = _as_python(tag, block)
    seen: set[str] = set()
    return {name: text for name, text in out.items() if text.strip() and not (text in seen or seen.add(text))}


def _readmes(starter: dict[str, str], paths: tuple[Path, ...] = ()) -> list[Path]:
    """The README*.md of each folder of PATHS (a folder, or a file's folder) and of each exercise STARTER marks."""
    folders = [Path(p) if Path(p).is_dir() else Path(p).parent for p in paths]
    exercises = marked_exercises(starter)
    if exercises:
        from ..distribution import exercises_folder

        course = exercises_folder()
        folders += [course / exercise for exercise in exercises if (course / exercise).is_dir()]
    return [path for folder in dict.fromkeys(folders) for path in sorted(folder.glob("README*.md"))]


def instruction_kgrams(starter: dict[str, str], paths: tuple[Path, ...] = ()) -> frozenset[int]:
    """The runs of words of the instructions' prose (each README's text outside its blocks: `_readmes`), each hashed
    as an "instructions" trait, which no file has: `instructed` reads a student's comments against them."""
    runs: set[str] = set()
    for path in _readmes(starter, paths):
        for paragraph in re.split(r"\n\s*\n", FENCE.sub("", _read(path))):
            for line in [*paragraph.splitlines(), " ".join(paragraph.splitlines())]:  # a run across a line's end too
                runs.update(phrases(line))
    return frozenset(_run_hashes(run)[0] for run in runs)


def handout_kgrams(starter: dict[str, str]) -> frozenset[int]:
    """What the visible tests of each exercise STARTER marks (`TODO(<id>)`) add to its handout: the checks a
    student pastes of them (visible_tests.checks_kgrams), subtracted with the starter's and the handouts' k-grams."""
    return frozenset().union(*(checks_kgrams(exercise) for exercise in marked_exercises(starter)))


def marked_exercises(starter: dict[str, str]) -> list[str]:
    """The exercises whose regions STARTER's files mark (`TODO(<id>)`), sorted."""
    return sorted({found for text in starter.values() for found in TODO.findall(text)})


def notice_texts(archives: tuple[Path, ...] | list[Path]) -> dict[str, str]:
    """{name: Python text} of what each public source's folder says about it (NOTICES: its licence, its readme):
    known text, as a handout is. A copier keeps a source's licence notice in their file (MIT asks it) and names
    where it came from; two who do share the source's words, not each other's (session 18: two copies of
    micrograd's nn.py were a flagged pair at 0.54 for the MIT notice both kept, under the floor without it). Each
    is read as a string and as comment lines (its words, as a student pastes them; MOST_NOTICE characters at most)."""
    out: dict[str, str] = {}
    for archive in dict.fromkeys(Path(a) for a in archives):
        folders = [archive] if archive.is_dir() else [archive.parent]
        if archive.is_dir():
            folders += sorted({p.parent for p in archive.rglob("*.py") if p.is_file()})
        for folder in dict.fromkeys(folders):
            for path in sorted(folder.iterdir()) if folder.is_dir() else ():
                if path.is_file() and path.name.upper().startswith(NOTICES):
                    text = _read(path)[:MOST_NOTICE]
                    if text.strip():
                        out[f"{folder.name}/{path.name}"] = _as_python("text", text)
    return out


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def _as_python(tag: str, block: str) -> str:
    """A README block as the Python text a student pastes of it (see the module's docstring)."""
    if tag.lower() in CODE_TAGS:
        return block
    lines = [line for line in block.splitlines() if line.strip()]
    comments = "\n".join(f"# {line}" for line in lines)
    quoted = "\n".join(lines).replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    numbers = [word for line in lines for word in line.replace(",", " ").split() if _number(word)]
    pasted = "expected = [\n" + "".join(f"    {n},\n    {n!r},\n" for n in numbers) + "]\n" if numbers else ""
    return f'{comments}\n\n"""{quoted}"""\n' + pasted


def _number(word: str) -> bool:
    """Whether WORD is a number as Python writes one (an output's `0.0707`, `1e-06`, `-3`)."""
    try:
        float(word)
    except ValueError:
        return False
    return word.lstrip("+-")[:1].isdigit() or word.lstrip("+-").startswith(".")


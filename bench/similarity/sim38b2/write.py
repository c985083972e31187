"""Writes sim38b2's starter fillers, course texts, hard negatives, level 1-3 copies and public copies (session 38,
simw38): python bench/similarity/sim38b2/write.py. The duals written from scratch and the level-4 copies were typed into
main/submissions by hand and are only read here. labels.json is written from the specs."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import copies  # noqa: E402
import students  # noqa: E402

REPO = HERE.parents[2]
STARTER = REPO / "exercises" / "08-dual-numbers" / "dual.py"
SUBMISSIONS = HERE / "main" / "submissions"


def _key(raise_line: str) -> str:
    """`raise NotImplementedError("08-dual-numbers: write Dual.__add__")` -> "add"; "... write derivative" ->
    "derivative"."""
    name = re.search(r"write (?:Dual\.)?(\w+)", raise_line).group(1)
    return name.strip("_")


def filled(starter: str, spec: dict) -> str:
    """STARTER with each `# TODO(08-dual-numbers)` + `raise NotImplementedError` pair replaced by the body SPEC gives
    for that method (indented as the TODO line; `keep_todo` keeps the TODO line), the helper named `edit`
    (students.EDITS) added and `imports` after `import math`."""
    lines = starter.splitlines(keepends=True)
    out, i = [], 0
    while i < len(lines):
        match = re.match(r"(\s*)# TODO\(08-dual-numbers\)", lines[i])
        if not match:
            out.append(lines[i])
            i += 1
            continue
        if spec.get("keep_todo"):
            out.append(lines[i])
        body = spec["bodies"][_key(lines[i + 1])]
        out.extend(match.group(1) + line + "\n" if line.strip() else "\n" for line in body.split("\n"))
        i += 2
    text = "".join(out)
    if spec.get("imports"):
        text = text.replace("import math\n", "import math\n" + spec["imports"], 1)
    if spec.get("edit"):
        helper = students.EDITS[spec["edit"]]
        if spec["edit"].startswith("class:"):
            text = text.replace("    # -- arithmetic", helper + "    # -- arithmetic", 1)
        else:
            text = text.replace("\n\nclass Dual:", helper + "\n\nclass Dual:", 1)
    return text


def main():
    starter = STARTER.read_text(encoding="utf-8")
    SUBMISSIONS.mkdir(parents=True, exist_ok=True)
    for name, spec in {**students.FILES, **students.SOURCES}.items():
        (SUBMISSIONS / f"{name}.py").write_text(filled(starter, spec), encoding="utf-8")
    for folder, bodies in (("lesson", students.LESSON), ("ta-post", students.TA)):
        (HERE / "materials" / folder).mkdir(parents=True, exist_ok=True)
        (HERE / "materials" / folder / "dual.py").write_text(filled(starter, {"bodies": bodies}), encoding="utf-8")
    for name, (bodies, keep_todo, header) in copies.HARD.items():
        text = filled(starter, {"bodies": bodies, "keep_todo": keep_todo})
        (SUBMISSIONS / f"{name}.py").write_text(header + text, encoding="utf-8")
    for name, make in copies.COPIES.items():
        (SUBMISSIONS / f"{name}.py").write_text(make(SUBMISSIONS), encoding="utf-8")
    for name, make in copies.PUBLIC_COPIES.items():
        (SUBMISSIONS / f"{name}.py").write_text(make(starter), encoding="utf-8")
    (HERE / "labels.json").write_text(json.dumps({"main": copies.labels()}, indent=1, sort_keys=True,
                                                 ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

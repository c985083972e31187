"""Writes sim38b1's starter fillers, course texts, level 1-3 copies and public copies (session 38, simw38):
python bench/similarity/sim38b1/write.py. The whole engines written from scratch and the level-4 copies were typed
into main/submissions by hand and are only read here (as sources of copies). labels.json is written from the specs."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import copies  # noqa: E402
import fillers  # noqa: E402

STARTER = HERE / "starter" / "engine.py"
SUBMISSIONS = HERE / "main" / "submissions"


def filled(starter: str, bodies: dict, keep_todo: bool = False, edit: str | None = None) -> str:
    """STARTER with each `# TODO(lab2) KEY` + `raise NotImplementedError` pair replaced by BODIES[KEY] (indented as the
    TODO line; KEEP_TODO keeps the TODO line), and the helper named EDIT (fillers.EDITS) added."""
    lines = starter.splitlines(keepends=True)
    out, i = [], 0
    while i < len(lines):
        match = re.match(r"(\s*)# TODO\(lab2\) (\w+)", lines[i])
        if not match:
            out.append(lines[i])
            i += 1
            continue
        indent, key = match.groups()
        if keep_todo:
            out.append(lines[i])
        out.extend(indent + line + "\n" if line.strip() else "\n" for line in bodies[key].split("\n"))
        assert "raise NotImplementedError" in lines[i + 1]
        i += 2
    text = "".join(out)
    if edit:
        where, helper = fillers.EDITS[edit]
        if where == "class":
            text = text.replace("    # ---- Part A", helper + "    # ---- Part A", 1)
        else:
            mark = "    return x if isinstance(x, Scalar) else Scalar(x)\n"
            text = text.replace(mark, mark + helper, 1)
    return text


def main():
    starter = STARTER.read_text(encoding="utf-8")
    SUBMISSIONS.mkdir(parents=True, exist_ok=True)
    for name, spec in {**fillers.FILES, **fillers.SOURCES}.items():
        (SUBMISSIONS / f"{name}.py").write_text(
            filled(starter, spec["bodies"], spec.get("keep_todo", False), spec.get("edit")), encoding="utf-8")
    for folder, bodies in (("lecture", fillers.LECTURE), ("ta-post", fillers.TA)):
        (HERE / "materials" / folder).mkdir(parents=True, exist_ok=True)
        (HERE / "materials" / folder / "engine.py").write_text(filled(starter, bodies), encoding="utf-8")
    for name, (bodies, keep_todo, header) in copies.HARD.items():
        text = filled(starter, bodies, keep_todo)
        (SUBMISSIONS / f"{name}.py").write_text(header + text, encoding="utf-8")
    for name, make in copies.COPIES.items():
        (SUBMISSIONS / f"{name}.py").write_text(make(SUBMISSIONS), encoding="utf-8")
    for name, make in copies.PUBLIC_COPIES.items():
        (SUBMISSIONS / f"{name}.py").write_text(make(), encoding="utf-8")
    labels = copies.labels()
    (HERE / "labels.json").write_text(json.dumps({"main": labels}, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                                      encoding="utf-8")


if __name__ == "__main__":
    main()

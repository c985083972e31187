"""Puts a student's TODO bodies into the course's starter package (starter/hw2/): fill(bodies, keep_todo) -> {path: text}.

A TODO in the starter is a `# TODO(k): ...` comment line and a `raise NotImplementedError("TODO(k)")` line under it;
the student's body k (dedented text) takes the raise's place, indented as the comment is; the comment line stays when
KEEP_TODO is true (some students leave the prompts in), else it goes."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

STARTER = Path(__file__).resolve().parent / "starter" / "hw2"
TODO = re.compile(r"^(?P<indent> *)# TODO\((?P<k>\d+)\):.*\n(?P=indent)raise NotImplementedError\(\"TODO\(\d+\)\"\)\n",
                  re.M)


def starter_files() -> dict[str, str]:
    """{relative path: text} of the starter package."""
    return {p.relative_to(STARTER).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(STARTER.rglob("*")) if p.is_file()}


def fill_text(text: str, bodies: dict[int, str], keep_todo: bool) -> str:
    def put(match: re.Match) -> str:
        k, indent = int(match["k"]), match["indent"]
        body = textwrap.indent(textwrap.dedent(bodies[k]).strip("\n") + "\n", indent)
        return (match.group(0).split("\n")[0] + "\n" if keep_todo else "") + body

    return TODO.sub(put, text)


def fill(bodies: dict[int, str], keep_todo: bool = False) -> dict[str, str]:
    """The starter package with BODIES (every TODO 1-15) filled in."""
    files = {path: fill_text(text, bodies, keep_todo) for path, text in starter_files().items()}
    left = [path for path, text in files.items() if "NotImplementedError(\"TODO" in text]
    assert not left, f"TODO bodies missing in {left}"
    return files

"""Puts each starter filler's bodies (fillers.py) into starter/engine.py and writes main/submissions/<id>.py, and the
course texts (the lecture's and the TA's bodies) into materials/. Run once by hand: python write.py"""

import re
import textwrap
from pathlib import Path

import fillers

HERE = Path(__file__).resolve().parent
TODO = re.compile(r'( *)# TODO Task (\w+)\n *raise NotImplementedError\("Task \w+: (\w+)"\)\n')


def filled(starter: str, bodies: dict, keep_todo: bool = False, edit=None) -> str:
    """STARTER with every TODO body replaced by BODIES[method] (indented as the TODO was); the TODO comment kept if
    KEEP_TODO; EDIT(text) -> text for anything else the student changed (a header comment, a main block)."""
    def put(match):
        indent, task, method = match.groups()
        body = textwrap.indent(textwrap.dedent(bodies[method]).strip("\n") + "\n", indent)
        return (f"{indent}# TODO Task {task}\n" if keep_todo else "") + body
    text = TODO.sub(put, starter)
    assert "NotImplementedError" not in text, "a body is missing"
    return edit(text) if edit else text


def main():
    starter = (HERE / "starter" / "engine.py").read_text(encoding="utf-8")
    for name, spec in fillers.FILES.items():
        out = HERE / spec["path"] if "path" in spec else HERE / "main" / "submissions" / f"{name}.py"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(filled(starter, spec["bodies"], spec.get("keep_todo", False), spec.get("edit")),
                       encoding="utf-8")


if __name__ == "__main__":
    main()

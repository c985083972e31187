"""Puts each student's `_backward` lines and additions (students.py) into exercises/01-mul-backward/engine.py and writes
main/submissions/<id>.py, and the course texts into materials/. Run once by hand: python write.py"""

import textwrap
from pathlib import Path

import students

HERE = Path(__file__).resolve().parent
STARTER = HERE.parents[2] / "exercises" / "01-mul-backward" / "engine.py"
TODO = ('            # TODO(01-mul-backward): your code here\n'
        '            raise NotImplementedError("01-mul-backward: write the _backward of Value.__mul__")\n')


def filled(starter: str, spec: dict) -> str:
    """STARTER with the TODO lines replaced by SPEC["mul"] (the TODO comment kept if SPEC["keep_todo"]), then SPEC's
    literal edits (each must occur once) and SPEC["append"] at the end."""
    assert starter.count(TODO) == 1
    body = textwrap.indent(textwrap.dedent(spec["mul"]).strip("\n") + "\n", " " * 12)
    text = starter.replace(TODO, (TODO.splitlines(keepends=True)[0] if spec.get("keep_todo") else "") + body)
    for old, new in spec.get("edits", ()):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text + spec.get("append", "")


def main():
    starter = STARTER.read_text(encoding="utf-8")
    for name, spec in students.FILES.items():
        out = HERE / spec["path"] if "path" in spec else HERE / "main" / "submissions" / f"{name}.py"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(filled(starter, spec), encoding="utf-8")


if __name__ == "__main__":
    main()

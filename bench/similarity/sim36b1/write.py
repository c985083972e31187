"""How the starter-based files were typed (kept for the record; run once, its output is main/submissions):

    python write.py specs/NAME.spec ...

A spec holds one student's method bodies (`@@ __add__` then the body, as indented in the class), and optionally
`@@ head` (lines put after `import math`), `@@ tail` (methods added at the end of the class), `@@ foot` (module code
after the class), and a first line `#file sNNN` (the file written) and `#todo keep` (the student left the TODO
comments in). Each body replaces its method's `raise NotImplementedError(...)` line of starter/engine.py.
"""

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def fill(starter: str, spec: str) -> tuple[str, str]:
    name, keep, parts, current = None, False, {}, None
    for line in spec.split("\n"):
        if line.startswith("#file "):
            name = line.split()[1]
        elif line.startswith("#todo keep"):
            keep = True
        elif line.startswith("@@ "):
            current = line[3:].strip()
            parts[current] = []
        elif current is not None:
            parts[current].append(line)
    body = {k: "\n".join(v).rstrip("\n") for k, v in parts.items()}
    out = []
    lines = starter.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r'\s+raise NotImplementedError\("(\w+)"\)', line)
        if m:
            if not keep and out and out[-1].strip().startswith("# TODO"):
                out.pop()
            out.append(body.pop(m.group(1)))
            continue
        out.append(line)
        if line == "import math" and "head" in body:
            out.append(body.pop("head"))
    text = "\n".join(out).rstrip("\n") + "\n"
    if "tail" in body:
        text += "\n" + body.pop("tail").strip("\n") + "\n"
    if "foot" in body:
        text += "\n\n" + body.pop("foot").strip("\n") + "\n"
    assert not body, f"{name}: unused parts {sorted(body)}"
    return name, text


if __name__ == "__main__":
    starter = (HERE / "starter" / "engine.py").read_text(encoding="utf-8")
    for path in sys.argv[1:]:
        name, text = fill(starter, Path(path).read_text(encoding="utf-8"))
        (HERE / "main" / "submissions" / f"{name}.py").write_text(text, encoding="utf-8")
        print(name)

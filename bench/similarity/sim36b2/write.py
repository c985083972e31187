"""How the starter-based files were typed (kept for the record; run once, its output is main/submissions).

    python write.py

students.py holds each student's three bodies (`neuron`, `neuron_gradients`, `largest_relative_difference`, indented
as in the function) and optionally `head` (lines after the import), `foot` (module code at the end) and `keep` (the
TODO comments left in). Each body replaces its function's `raise NotImplementedError(...)` line of the exercise's
starter (exercises/10-neuron/neuron.py).
"""

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
STARTER = HERE.parents[2] / "exercises" / "10-neuron" / "neuron.py"


def fill(starter: str, parts: dict) -> str:
    parts = dict(parts)
    keep = parts.pop("keep", False)
    out = []
    for line in starter.split("\n"):
        m = re.match(r'\s+raise NotImplementedError\("10-neuron: write (\w+)"\)', line)
        if m:
            if not keep and out and out[-1].strip().startswith("# TODO"):
                out.pop()
            out.append(parts.pop(m.group(1)).strip("\n"))
            continue
        out.append(line)
        if line.startswith("from engine import Value") and "head" in parts:
            out.append(parts.pop("head").strip("\n"))
    text = "\n".join(out).rstrip("\n") + "\n"
    if "foot" in parts:
        text += "\n\n" + parts.pop("foot").strip("\n") + "\n"
    assert not parts, sorted(parts)
    return text


if __name__ == "__main__":
    import students

    starter = STARTER.read_text(encoding="utf-8")
    for name, parts in students.FILES.items():
        target = HERE / "main" / "submissions" / f"{name}.py"
        if name.startswith("materials/"):
            target = HERE / f"{name}.py"
        target.write_text(fill(starter, parts), encoding="utf-8")

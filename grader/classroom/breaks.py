"""Exercises whose starter is a broken engine rather than stubs.

An exercise that is not "write the marked part" breaks the engine instead,
and that break stays in every starter up to it: `02-accumulate` turns each
`.grad +=` inside a `_backward` into `.grad =`, in its own starter and in
01's (whose lesson comes before accumulation).
"""

from __future__ import annotations

import re

from .solution_regions import StarterError


def accumulate_bug(text: str) -> str:
    """02-accumulate's break: every `.grad +=` inside a `_backward` becomes `.grad =`.

    Comments that mention `+=` would give the answer away, so they go too.
    Raises StarterError if the text has no backward rule that accumulates (the
    reference changed shape, and 02 would have nothing to repair).
    """
    out, inside, width, changed = [], False, 0, 0
    for line in text.splitlines():
        body = line.lstrip()
        indent = len(line) - len(body)
        if inside and body and indent <= width:
            inside = False
        if re.match(r"def _backward\(", body):
            inside, width = True, indent
        elif inside and body.startswith("#") and "+=" in body:
            continue
        elif inside and re.match(r"[\w.]+\.grad \+= ", body):
            line = line.replace(".grad += ", ".grad = ", 1)
            changed += 1
        out.append(line)
    if not changed:
        raise StarterError("02-accumulate: no `.grad +=` line found in a backward rule; nothing to break")
    return "\n".join(out) + "\n"


# Exercises whose starter is a broken engine rather than stubs: {exercise: (file, the break)}. The break
# is in that exercise's starter and in every starter before it in the course, until it is repaired.
BREAKS = {"02-accumulate": ("engine.py", accumulate_bug)}

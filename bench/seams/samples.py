"""Fresh submissions for the seams matrix (bench/seams/matrix.py, tests/test_seams.py): an engine written for
this check (edge lists, an iterative topological sort), each classic mistake of the course planted in it, and
the shapes a class arrives in (notebooks, LMS zips, wrong names, two candidates, duplicates, non-ASCII names).

`engine(**mistakes)` is the engine's text; `class_folder(folder)` writes a whole class and returns
{id: what it is}. Nothing here is taken from the reference engine or micrograd.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

ENGINE = '''\
import math


class Value:
    """A number that remembers where it came from, as (parent, local slope) pairs."""

    def __init__(self, data, edges=()):
        self.data = data
        self.grad = 0.0
        self.edges = list(edges)

    @staticmethod
    def lift(other):
        return other if isinstance(other, Value) else Value(other)

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)])

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = Value.lift(other)
        return Value(self.data * other.data, [(self, MUL_SELF), (other, MUL_OTHER)])

    def __rmul__(self, other):
        return self * other

    def __pow__(self, k):
        return Value(self.data ** k, [(self, POW_SLOPE)])

    def __neg__(self):
        return NEG_BODY

    def __sub__(self, other):
        return SUB_BODY

    def __rsub__(self, other):
        return RSUB_BODY

    def __truediv__(self, other):
        return self * Value.lift(other) ** -1

    def __rtruediv__(self, other):
        return Value.lift(other) * self ** -1

    def relu(self):
        return Value(max(0.0, self.data), [(self, 1.0 if self.data > 0 else 0.0)])

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, TANH_SLOPE)])

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, EXP_SLOPE)])

    def log(self):
        out = math.log(self.data)
        return Value(out, [(self, LOG_SLOPE)])

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.append((node, True))
            for parent, _ in node.edges:
                if id(parent) not in seen:
                    stack.append((parent, False))
        SEED
        for node in WALK:
            for parent, slope in node.edges:
                parent.grad ACCUMULATE slope * node.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
'''

RIGHT = {
    "MUL_SELF": "other.data", "MUL_OTHER": "self.data",
    "POW_SLOPE": "k * self.data ** (k - 1)",
    "NEG_BODY": "self * -1",
    "SUB_BODY": "self + (-Value.lift(other))",
    "RSUB_BODY": "Value.lift(other) + (-self)",
    "TANH_SLOPE": "1 - t * t", "EXP_SLOPE": "e", "LOG_SLOPE": "1 / self.data",
    "SEED": "self.grad = 1.0", "WALK": "reversed(order)", "ACCUMULATE": "+=",
}

# each classic mistake of shared/course.md, as the one change it makes
MISTAKES = {
    "eq-not-plus": {"ACCUMULATE": "="},
    "mul-self-data": {"MUL_SELF": "self.data", "MUL_OTHER": "self.data"},
    "no-seed": {"SEED": "pass"},
    "walk-forwards": {"WALK": "order"},
    "tanh-one-minus-t": {"TANH_SLOPE": "1 - t"},
    "tanh-from-input": {"TANH_SLOPE": "1 - self.data ** 2"},
    "exp-from-input": {"EXP_SLOPE": "self.data"},
    "log-over-output": {"LOG_SLOPE": "1 / out"},
    "pow-no-minus-one": {"POW_SLOPE": "k * self.data ** k"},
    "sub-as-add": {"SUB_BODY": "self + Value.lift(other)"},
    "rsub-reversed": {"RSUB_BODY": "self + (-Value.lift(other))"},
    "neg-is-self": {"NEG_BODY": "self"},
}


def filled(template: str, right: dict, changes: dict) -> str:
    """TEMPLATE with each placeholder of RIGHT replaced by its right code, or by the code CHANGES gives for it (the
    longest placeholder first: RSUB_ before SUB_)."""
    for key, value in sorted({**right, **changes}.items(), key=lambda kv: -len(kv[0])):
        template = template.replace(key, value)
    return template


def engine(**changes) -> str:
    return filled(ENGINE, RIGHT, changes)


def notebook(cells) -> bytes:
    """An nbformat-4 notebook of these cells: a str is a code cell, ("md", text) a Markdown cell."""
    def cell(c):
        if isinstance(c, tuple):
            return {"cell_type": "markdown", "metadata": {}, "source": c[1]}
        return {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": c}
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [cell(c) for c in cells]}
    return json.dumps(nb, ensure_ascii=False).encode("utf-8")


def split_notebook(text: str) -> bytes:
    """The engine split over cells the way a student builds it in Jupyter: the class first, then each method
    added to it in a cell of its own (`Value.tanh = tanh`), Markdown and a magic between."""
    head, _, methods = text.partition("    def relu(self):")
    methods = "    def relu(self):" + methods
    cells = [("md", "# My engine"), "%matplotlib inline\nimport math", head]
    body = []
    for chunk in methods.split("\n    def ")[0:]:
        chunk = chunk if chunk.startswith("    def ") else "    def " + chunk
        name = chunk.split("def ", 1)[1].split("(", 1)[0]
        dedented = "\n".join(line[4:] if line.startswith("    ") else line for line in chunk.splitlines())
        body.append(dedented.rstrip() + f"\n\nValue.{name} = {name}\n")
    cells += [("md", "## The rest")] + body + ["v = Value(2.0)\n(v * v).backward()\nprint(v.grad)"]
    return notebook(cells)


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buffer.getvalue()


CRASH_AT_IMPORT = engine() + "\nraise RuntimeError('half-finished')\n"
EXIT_AT_IMPORT = engine() + "\nimport sys\nsys.exit(3)\n"
LOOPS = engine(WALK="iter(lambda: order[0], None)")
SYNTAX = engine().replace("def tanh(self):", "def tanh(self)")
TYPO = engine().replace("t = math.tanh(self.data)", "t = math.tanh(self.dat)")


def writer(folder: Path):
    """(put, made): put(name, text or bytes, what) writes FOLDER/name; made is {name: what} of those written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    made = {}

    def put(name, data, what):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        made[name] = what

    return put, made


def class_folder(folder: Path) -> dict[str, str]:
    """Write a fresh class into FOLDER; {id: what the entry is}."""
    put, made = writer(folder)

    put("correct.py", engine(), "a correct engine (edge lists)")
    for name, change in MISTAKES.items():
        put(f"{name}.py", engine(**change), f"classic mistake: {name}")
    put("crash-import.py", CRASH_AT_IMPORT, "raises at import")
    put("exit-import.py", EXIT_AT_IMPORT, "sys.exit at import")
    put("loops.py", LOOPS, "backward never ends")
    put("syntax.py", SYNTAX, "a syntax error")
    put("split.ipynb", split_notebook(engine()), "a notebook, the engine split over cells")
    put("split-bug.ipynb", split_notebook(engine(TANH_SLOPE="1 - t")), "a split notebook with tanh's 1 - t")
    put("raises-in-tanh.py", TYPO, "raises NameError inside tanh")
    put("split-raises.ipynb", split_notebook(TYPO), "a split notebook whose tanh cell raises")
    put("two-candidates/mine.py", engine(), "a folder with two .py files and no engine.py")
    put("two-candidates/also_mine.py", engine(ACCUMULATE="="), "")
    put("wrong-name/my_engine.py", engine(WALK="order"), "a folder whose one file is not engine.py")
    put("case-name/Engine.py", engine(MUL_SELF="self.data", MUL_OTHER="self.data"), "Engine.py")
    # Canvas: a flat file named after the student; Moodle: a folder per student; Gradescope: submission_N/
    put("smithjohn_12345_67890_engine.py", engine(ACCUMULATE="="), "a Canvas-style name")
    put("John Smith_12345_assignsubmission_file_/engine.py", engine(), "a Moodle-style folder")
    put("nested.zip", _zip({"hw1/": b"", "hw1/src/": b"", "hw1/src/engine.py": engine(TANH_SLOPE="1 - t").encode()}),
        "a zip, the engine two folders down")
    put("wrapped.zip", _zip({"submission_4242/engine.py": engine(WALK="order").encode(),
                             "submission_4242/README.md": b"mine"}), "a Gradescope-style zip")
    put("bob.py", engine(ACCUMULATE="="), "bob, a .py")
    put("bob/engine.py", engine(), "bob again, a folder (duplicate id)")
    put("Ёжик.py", engine(EXP_SLOPE="self.data"), "a Cyrillic name")
    put("张伟.ipynb", notebook([engine(LOG_SLOPE="1 / out")]), "a Chinese name, a notebook")
    put("café/engine.py", engine(), "an accented folder")
    return made


class Kernel:
    """What a notebook's check() reads of an IPython shell (grader/classroom/notebook_check.py): the cells'
    raw input history, in the order they ran, and post_run_cell."""

    def __init__(self, cells):
        self.history_manager = type("History", (), {"input_hist_raw": ["", *cells]})()
        self.events = type("Events", (), {"register": lambda self, name, hook: None})()


def gradescope_root(entry: Path, root: Path, exercise: str, probe_seconds: float = 1.0) -> Path:
    """Gradescope's layout at ROOT for one upload (grader/integrations/gradescope.py): the bundle's
    autograder.json in ROOT/source and what the student uploaded in ROOT/submission (a folder's files, or the
    one file as it is named)."""
    import dataclasses
    import shutil

    from grader.integrations import gradescope
    from grader.sandbox import Limits

    shutil.rmtree(root, ignore_errors=True)
    (root / "source").mkdir(parents=True)
    (root / "source" / gradescope.CONFIG).write_text(json.dumps({
        "exercise": exercise, "limits": dataclasses.asdict(Limits(probe_seconds=probe_seconds)),
        "stdout_visibility": "hidden"}))
    if entry.is_dir():
        shutil.copytree(entry, root / "submission")
    else:
        (root / "submission").mkdir()
        shutil.copy(entry, root / "submission" / entry.name)
    return root

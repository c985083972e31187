"""Writes sim40b2/main/submissions (notebooks built with nbformat, and the .py hand-ins), starter/, materials/,
public/ and labels.json from course.py, students.py and hand/ (whole-engine notebooks and level-4 copies typed by hand
in the `# %%` percent format): python bench/similarity/sim40b2/write.py"""

from __future__ import annotations

import ast
import base64
import json
import re
import sys
import textwrap
import zlib
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import course  # noqa: E402
import students  # noqa: E402

HAND = HERE / "hand"
PUBLIC_SOURCE = "sim40b2/public/engine.ipynb (a blog's companion notebook, CC0)"


# ---------------------------------------------------------------- cells


def filled_code(source: str, bodies: dict, keep_todo: bool) -> str:
    """SOURCE with every `# TODO(nb1) KEY` + `pass` replaced by bodies[KEY], indented as the `pass`."""
    lines = source.split("\n")
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("# TODO(nb1) "):
            key = line.strip().split()[2]
            assert lines[i + 1].strip() == "pass", key
            indent = lines[i + 1][: len(lines[i + 1]) - len(lines[i + 1].lstrip())]
            if keep_todo:
                out.append(line)
            out.extend(textwrap.indent(bodies[key], indent, lambda _: True).split("\n"))
            i += 2
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def student_cells(spec: dict, starter=None) -> list:
    """[(kind, source, output)] of a starter-filled student's notebook."""
    starter = starter or course.STARTER
    cells = []
    for index, (kind, source) in enumerate(starter):
        output = None
        if kind == "code":
            source = filled_code(source, spec, spec.get("keep_todo", False))
            if source == course.TRY_CODE:
                output = spec.get("try_output")
        elif source == course.ANSWER_MD and "answers" in spec:
            source = spec["answers"]
        cells.append((kind, source, output))
        for after, kind2, source2, output2 in spec.get("extra", ()):
            if after == index:
                cells.append((kind2, source2, output2))
    if "name" in spec:
        cells.insert(0, ("md", spec["name"], None))
    return cells


def percent_cells(text: str) -> list:
    """[(kind, source, None)] of a `# %%` percent-format file (markdown cells' `# ` prefixes dropped)."""
    cells = []
    for chunk in re.split(r"^# %%", text, flags=re.M)[1:]:
        head, _, body = chunk.partition("\n")
        body = body.strip("\n")
        if head.strip() == "[markdown]":
            cells.append(("md", "\n".join(line[2:] if line.startswith("# ") else line.lstrip("#")
                                          for line in body.split("\n")), None))
        else:
            cells.append(("code", body, None))
    return cells


def notebook(cells: list, outputs: bool = True) -> str:
    """The .ipynb text of CELLS (nbformat 4): code cells numbered as run top to bottom, with their outputs (a
    `<Figure ...>` output as a display_data with text/plain; a string as stdout when it ends with a newline, else as
    the cell's execute_result), none when OUTPUTS is False or a cell was not run."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                   "language_info": {"name": "python", "version": "3.11.7"}}
    count = 0
    for kind, source, output in cells:
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(source))
            continue
        cell = nbformat.v4.new_code_cell(source)
        if outputs:
            count += 1
            cell.execution_count = count
            if output is not None:
                if output.startswith("<Figure"):
                    cell.outputs = [nbformat.v4.new_output("display_data", data={"text/plain": output})]
                elif output.endswith("\n"):
                    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=output)]
                else:
                    cell.outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": output},
                                                           execution_count=count)]
        nb.cells.append(cell)
    for i, cell in enumerate(nb.cells):  # stable ids: the same notebook every time
        cell.id = f"cell-{i:02d}"
    return nbformat.writes(nb) + "\n"


def code_of(cells: list) -> str:
    """The code cells joined, magics and shell lines dropped (as the grader reads a notebook)."""
    code = []
    for kind, source, _ in cells:
        if kind == "code":
            code.append("\n".join(line for line in source.split("\n") if not line.lstrip().startswith(("%", "!"))))
    return "\n\n\n".join(code) + "\n"


def as_percent(cells: list, header: str = "") -> str:
    """CELLS as a `# %%` percent-format .py (what `jupytext --to py:percent` writes, roughly)."""
    parts = []
    for kind, source, _ in cells:
        if kind == "md":
            parts.append("# %% [markdown]\n" + "\n".join(("# " + line).rstrip() for line in source.split("\n")))
        else:
            parts.append("# %%\n" + source)
    return header + "\n\n".join(parts) + "\n"


# ---------------------------------------------------------------- edits used by the copies


def renamed(cells: list, pairs) -> list:
    out = cells
    for old, new in pairs:
        pattern = rf"\b{re.escape(old)}\b"
        assert any(re.search(pattern, s) for k, s, _ in out if k == "code"), old
        out = [(k, re.sub(pattern, new, s) if k == "code" else s, o) for k, s, o in out]
    return out


def edited(cells: list, old: str, new: str) -> list:
    assert any(old in s for _, s, _ in cells), old
    return [(k, s.replace(old, new), o) for k, s, o in cells]


def annotated_code(source: str) -> str:
    """`x = e` -> `x: float = e` on every single-name assignment of SOURCE."""
    lines = source.split("\n")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            i, col, name = node.lineno - 1, node.col_offset, node.targets[0].id
            assert lines[i][col:].startswith(name)
            lines[i] = lines[i][:col] + name + ": float" + lines[i][col + len(name):]
    return "\n".join(lines)


def parens_code(source: str) -> str:
    """`; ()` after every simple statement of SOURCE that ends its line without a comment."""
    lines = source.split("\n")
    ends = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.stmt) and not hasattr(node, "body"):
            if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
                ends.add(node.end_lineno - 1)
    for i in ends:
        if "#" not in lines[i]:
            lines[i] += "; ()"
    return "\n".join(lines)


def packed_code(source: str) -> str:
    blob = base64.b64encode(zlib.compress(source.encode("utf-8"), 9)).decode("ascii")
    rows = "\n".join(f'    "{blob[i:i + 76]}"' for i in range(0, len(blob), 76))
    return f"import base64, zlib\n\n_src = (\n{rows}\n)\nexec(zlib.decompress(base64.b64decode(_src)).decode())"


def code_mapped(cells: list, fn) -> list:
    return [(k, fn(s) if k == "code" else s, o) for k, s, o in cells]


def cleared(cells: list) -> list:
    return [(k, s, None) for k, s, _ in cells]


# ---------------------------------------------------------------- the class


INDEPENDENT = {  # name: (spec, label)
    "s104": ("HANNAH", "independent: Hannah: long markdown answers, a diamond scratch cell, Kahn with deque (starter "
                       "filled)"),
    "s111": ("JONAS", "independent: Jonas: %matplotlib inline and a plot cell of tanh and its gradient (guarded), an "
                      "iterator stack with for/else (starter filled)"),
    "s118": ("PRIYANKA", "independent: Priyanka: a comment on every rule, a (node, phase) stack on ids, one-line "
                         "answers (starter filled)"),
    "s125": ("MEHMET", "independent: Mehmet: scratch cells with outputs, a path stack of [node, children left], "
                       "zero gradients skipped (starter filled)"),
    "s132": ("SOFIA", "independent: Sofía: Spanish answers and comments, longest-path depth levels, relu clamped "
                      "(starter filled)"),
    "s139": ("WEI", "independent: Wei: `g: float = out.grad` in every rule, typed Kahn with deque on ids (starter "
                    "filled)"),
    "s146": ("LUKAS", "independent: Lukas: a beginner: TODO lines kept, an unanswered question, if/else relu "
                      "(starter filled)"),
    "s153": ("AMARA", "independent: Amara: LaTeX answers, a generator walk defined inside backward (starter "
                      "filled)"),
    "s160": ("CHLOE", "independent: Chloé: a (1 on the stack, 2 finished) state dict, a long-chain scratch cell "
                      "(starter filled)"),
    "s167": ("RAVI", "independent: Ravi: a zero_grad cell added, backward zeroes the graph first (starter filled)"),
}
BUGS = {"s146": students.BUGS["LUKAS"], "s167": students.BUGS["RAVI"]}
OWN = {
    "s181": "independent: Dmitri: his own engine in one cell (local derivatives stored in the forward pass), the "
            "template's cells dropped",
    "s188": "independent: Fatima: her own engine: an Op enum, a LOCAL table of lambdas, operators attached by "
            "assignment, longest-path levels",
}
SOURCES = {  # cluster: (name, spec name or None for hand/, label)
    "c1": ("s301", "OLIVIA", "source: Olivia: a comment on every rule, a (node, index) stack with a parents_of "
                             "dict, a finite-difference cell (starter filled)"),
    "c2": ("s308", "NOAH", "source: Noah: Kahn on consumer counts by id, an extra neuron cell (starter filled)"),
    "c3": ("s315", "EMMA", "source: Emma: `1.0 *` in add, a two-flag stack, a scratch cell of reprs (starter "
                           "filled)"),
    "c4": ("s364", None, "source: Liam: his own engine over several cells: (input, gradient function) edges, "
                         "operators as module functions attached to the class"),
    "c5": ("s322", "MIA", "source: Mia: a pending stack with a finished set, `nodes.pop()._backward()` (starter "
                          "filled)"),
}
HARD = {  # name: (bodies, spec extras, pair, label)
    "s501": (course.LECTURE, {"name": "Ben Ashworth", "answers": "1. x*x\n2. 0\n3. output",
                              "try_output": "-3.0 2.0\n2.0\n"}, "h1",
             "hard negative: the lecture's cell (materials/lecture) typed in, short answers"),
    "s508": (course.LECTURE, {"name": "**Carla Mendes**", "keep_todo": True, "try_output": None,
                              "answers": "Q1: because of nodes used more than once.\n\nQ2: zero.\n\nQ3: it is the loss."},
             "h1", "hard negative: the lecture's cell typed in, TODO lines kept, Try it not run"),
    "s515": (course.TA, {"name": "Ahmed Saleh", "answers": "See the TA's post; Q2: 0.",
                         "try_output": "-3.0 2.0\n2.0\n"}, "h2",
             "hard negative: the TA's forum post (materials/ta-post) typed in"),
    "s522": (course.TA, {"name": "Yuki Tanaka", "try_output": "-3.0 2.0\n2.0\n",
                         "extra": [(8, "code", "Value(3.0) * Value(4.0)", "Value(data=12.0, grad=0.0)")],
                         "answers": "**Q1** shared nodes **Q2** 0 **Q3** the loss"}, "h2",
             "hard negative: the TA's forum post typed in, a scratch cell"),
    "s529": ({**course.LECTURE, "backward": course.TA["backward"]}, {"name": "Tom Becker",
                                                                    "try_output": "-3.0 2.0\n2.0\n"}, "h3",
             "hard negative: the lecture's rules with the TA's Kahn backward, the answers left empty"),
    "s536": ({**course.LECTURE, "backward": course.TA["backward"]},
             {"name": "Lina Haddad", "try_output": "-3.0 2.0\n2.0\n",
              "answers": "A1: reuse. A2: zero. A3: we differentiate the output."}, "h3",
             "hard negative: the lecture's rules with the TA's Kahn backward, answers"),
}


def source_cells(cluster: str) -> list:
    name, spec, _ = SOURCES[cluster]
    if spec is None:
        return percent_cells((HAND / f"{name}.py").read_text(encoding="utf-8"))
    return student_cells(getattr(students, spec))


def copies() -> dict:
    """name -> (cluster, level, file name, text, label, extra)"""
    c = {}
    cells = edited(source_cells("c1"), "Olivia Brown — Autodiff Bootcamp notebook 1",
                   "Grace Lee — Autodiff Bootcamp notebook 1")
    cells = edited(cells, "# seed and sweep", "# seed and\fsweep")
    c["s402"] = ("c1", 1, "s402.ipynb", notebook(cleared(cells)),
                 "copy (level 1): Olivia's notebook by Grace: her name in the first cell, outputs cleared, a form "
                 "feed in a comment", {"evasion": "form feed in a comment"})
    cells = edited(source_cells("c2"), "# Kahn's algorithm on the number of consumers of each node",
                   "# count the uses of every node first, then release the ones no longer waited for")
    cells = renamed(cells, (("consumers", "uses"), ("reached", "stack"), ("seen", "met"),
                            ("frontier", "ready"), ("prev", "parent"), ("neuron", "unit")))
    cells = edited(cells, "Noah Fischer", "Paul Meier")
    cells = edited(cells, "**1.** fan-out: `x * x`, both terms must be summed.",
                   "**1.** A node can be used twice (`x * x`): both contributions count.")
    cells = code_mapped(cells, annotated_code)
    c["s409"] = ("c2", 2, "s409.ipynb", notebook(cells),
                 "copy (level 2): Noah's notebook by Paul: renamed (consumers->uses, reached->stack, seen->met, "
                 "frontier->ready, prev->parent, neuron->unit), a comment and an answer reworded, `x: float = e` on "
                 "every single-name assignment", {"evasion": "annotation on every assignment"})
    c["s416"] = ("c2", 1, "s416.py", as_percent(source_cells("c2"), "# engine.py (exported from my notebook)\n"),
                 "copy (level 1): Noah's notebook by Jan, handed in as a .py exported with `# %%` cell markers "
                 "(markdown as comments, outputs gone)", {})
    cells = renamed(source_cells("c3"), (("emitted", "result"), ("known", "visited"), ("work", "todo"),
                                         ("ready", "finished"), ("v", "node"), ("u", "parent")))
    cells = [(k, s, o) for k, s, o in cells if not (k == "code" and s.startswith("Value(0.0).tanh()"))]
    cells = code_mapped(cells, lambda s: "\n".join(line for line in s.split("\n") if not line.lstrip().startswith("#")
                                                   or "TODO" in line))
    cells = edited(cells, "+= 1.0 * out.grad", "+= out.grad")
    kinds = [k for k, _, _ in cells]
    cls = next(i for i, (k, s, _) in enumerate(cells) if k == "code" and s.startswith("import math"))
    more = next(i for i, (k, s, _) in enumerate(cells) if k == "code" and s.startswith("def tanh"))
    back = next(i for i, (k, s, _) in enumerate(cells) if k == "code" and s.startswith("def backward"))
    merged = ("code", cells[cls][1] + "\n\n\n" + cells[back][1], None)  # the class and backward in one cell
    first, _, rest = cells[more][1].partition("\n\n\ndef exp")
    split = [("code", first, None), ("code", "def exp" + rest, None)]  # tanh's cell split from exp and log
    order = [i for i in range(len(cells)) if i not in (cls, more, back)]
    at = order.index(cls - 1) + 1
    cells = cleared([cells[i] for i in order[:at]] + [merged] + split + [cells[i] for i in order[at:]])
    assert kinds.count("code") == sum(k == "code" for k, _, _ in cells)  # merged two, split one
    c["s423"] = ("c3", 3, "s423.ipynb", notebook(cells),
                 "copy (level 3): Emma's notebook by Ida: renamed, comments dropped, `1.0 *` dropped, the scratch "
                 "cell deleted, backward's cell merged into the class's, the tanh/exp/log cell split in two and "
                 "moved after it, outputs cleared", {})
    cells = renamed(source_cells("c4"), (("edges", "links"), ("wrap", "lift"), ("topo", "ordered"),
                                         ("done", "closed"), ("fresh", "open_"), ("inp", "src")))
    cells = edited(cells, "Liam O'Connor", "Sean Byrne")
    code = code_of(cells)
    packed_cells = [cells[0], ("code", packed_code(code), None), cells[-1]]
    c["s430"] = ("c4", 2, "s430.ipynb", notebook(packed_cells),
                 "copy (level 2): Liam's notebook by Sean: renamed (edges->links, wrap->lift, topo->ordered, ...), "
                 "every code cell joined, packed with zlib+base64 and exec'd in one cell",
                 {"evasion": "zlib+base64 and exec"})
    cells = renamed(source_cells("c5"), (("nodes", "seq"), ("pending", "stack"), ("finished", "closed"),
                                         ("cur", "top"), ("waiting", "todo")))
    cells = edited(cells, "self.grad += out.grad * (self.data > 0)", "self.grad += (self.data > 0) * out.grad")
    cells = edited(cells, "self.grad += out.grad * (1 - t ** 2)", "self.grad += (1 - t ** 2) * out.grad")
    cells = edited(cells, "self.grad += out.grad * out.data", "self.grad += out.data * out.grad")
    more = next(i for i, (k, s, _) in enumerate(cells) if k == "code" and s.startswith("def tanh"))
    back = next(i for i, (k, s, _) in enumerate(cells) if k == "code" and s.startswith("def backward"))
    cells[more], cells[back] = cells[back], cells[more]  # backward's cell before tanh's (both attach to Value)
    cells = code_mapped(cells, parens_code)
    c["s437"] = ("c5", 3, "s437.ipynb", notebook(cells),
                 "copy (level 3): Mia's notebook by Leo: renamed (nodes->seq, pending->stack, finished->closed, ...), "
                 "three rules' factors swapped, backward's cell moved before tanh's, `; ()` after every statement",
                 {"evasion": "() after every statement"})
    for name, cluster, label in (
            ("s512", "c1", "copy (level 4) of a starter-filled notebook: Olivia's (s301) by Zoe: one OPS table of "
                           "(forward, local derivatives), `__getattr__` dispatching v.tanh() etc. through it, local "
                           "derivatives stored in the forward pass (no closures), the same (node, index) walk, the "
                           "finite-difference cell and the answers kept"),
            ("s526", "c4", "copy (level 4): Liam's notebook (s364) by Ethan: an abc.ABC Value with Leaf and Op "
                           "subclasses (Value(x) makes a Leaf), the operators back as methods, the same edges and "
                           "walk")):
        c[name] = (cluster, 4, f"{name}.ipynb", notebook(percent_cells((HAND / f"{name}.py").read_text(
            encoding="utf-8"))), label, {})
    return c


def public_copies() -> dict:
    base = [(k, s, course.PUBLIC_OUTPUT.get(i)) for i, (k, s) in enumerate(course.PUBLIC)]
    answers = ("md", "### Questions from the course\n\n1. Nodes used twice.\n2. Zero.\n3. The output.", None)
    p = {}
    p["s601"] = (1, "s601.ipynb", notebook([("md", "Kai Müller — notebook 1", None)] + base + [answers]),
                 "public copy (level 1): the blog's notebook verbatim, a name cell and the course's questions "
                 "answered added")
    p["s608"] = (1, "s608.py", as_percent(cleared(base)),
                 "public copy (level 1): the blog's notebook exported to a .py with `# %%` markers")
    l2 = renamed(base, (("_v", "_wrap"), ("out", "res"), ("n", "p"), ("order", "topo"), ("seen", "visited"),
                        ("parents", "it")))
    l2 = edited(l2, "# micrograd in one notebook", "# Notebook 1 — Mark Evans")
    p["s615"] = (2, "s615.ipynb", notebook(l2 + [answers]),
                 "public copy (level 2): renamed (_v->_wrap, out->res, n->p, order->topo, seen->visited, "
                 "parents->it), the title cell replaced, answers added")
    l3 = renamed(base, (("_v", "as_val"), ("out", "o"), ("order", "post"), ("seen", "marked"), ("nxt", "child")))
    code = [s for k, s, _ in l3 if k == "code"]
    code[1] = code[1].replace("self.grad += ", "self.grad = self.grad + ")  # only self's: other's kept
    code[1] = code[1].replace("        def _backward():", "\n        def _backward():")
    merged = [("md", "# Notebook 1 — Nina Popescu", None), ("code", "\n\n\n".join([code[0], code[2], code[1]])
                                                            .replace("\n\n\nValue.backward = backward", "")
                                                            + "\n\n\nValue.backward = backward", None),
              ("code", code[3], None)]
    p["s622"] = (3, "s622.ipynb", notebook(merged, outputs=False),
                 "public copy (level 3): renamed (_v->as_val, out->o, order->post, seen->marked, nxt->child), the "
                 "markdown dropped, the code cells merged with backward's function first, `+=` on self written "
                 "out, blank lines before the closures, no outputs")
    return p


def files_and_labels():
    files, labels = {}, {}
    for name, (spec, kind) in INDEPENDENT.items():
        files[f"{name}.ipynb"] = notebook(student_cells(getattr(students, spec)))
        labels[name] = {"cluster": None, "kind": kind, "level": None}
    for name, kind in OWN.items():
        files[f"{name}.ipynb"] = notebook(percent_cells((HAND / f"{name}.py").read_text(encoding="utf-8")))
        labels[name] = {"cluster": None, "kind": kind, "level": None}
    for name, why in BUGS.items():
        labels[name]["bug"] = why
    for cluster, (name, spec, kind) in SOURCES.items():
        files[f"{name}.ipynb"] = notebook(source_cells(cluster))
        labels[name] = {"cluster": cluster, "kind": kind, "level": 1}
    for name, (bodies, extras, pair, kind) in HARD.items():
        files[f"{name}.ipynb"] = notebook(student_cells({**bodies, **extras}))
        labels[name] = {"cluster": None, "hard_pair": pair, "kind": kind, "level": None}
    for name, (cluster, level, file, text, kind, extra) in copies().items():
        files[file] = text
        labels[name] = {"cluster": cluster, "kind": kind, "level": level, **extra}
    for name, (level, file, text, kind) in public_copies().items():
        files[file] = text
        labels[name] = {"cluster": "public", "kind": kind, "level": level, "public_source": PUBLIC_SOURCE}
    return files, dict(sorted(labels.items()))


def course_files() -> dict:
    """{path under sim40b2/: text} of the starter, the materials and the public notebook."""
    starter = [(k, s, None) for k, s in course.STARTER]
    public = [(k, s, course.PUBLIC_OUTPUT.get(i)) for i, (k, s) in enumerate(course.PUBLIC)]
    return {
        "starter/engine.ipynb": notebook(starter, outputs=False),
        "starter/engine.py": code_of(starter),  # what run.py gives --starter: the notebook's code cells
        "materials/lecture/engine.py": code_of(student_cells(course.LECTURE)),
        "materials/ta-post/engine.py": code_of(student_cells(course.TA)),
        "public/engine.ipynb": notebook(public),
        "public/engine.py": code_of(public),  # the blog's "download as .py"
    }


def main():
    files, labels = files_and_labels()
    out = HERE / "main" / "submissions"
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        old.unlink()
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    for path, text in course_files().items():
        (HERE / path).parent.mkdir(parents=True, exist_ok=True)
        (HERE / path).write_text(text, encoding="utf-8")
    (HERE / "labels.json").write_text(json.dumps({"main": labels}, indent=1, ensure_ascii=False) + "\n",
                                      encoding="utf-8")
    print(len(files), "files")


if __name__ == "__main__":
    main()

"""A notebook's comparison cells, left out of what a suite grades: the lecture's `import torch` cell beside an engine.

The course compares its engine with PyTorch in the notebook itself (shared/course.md, 7: the same neuron with
`requires_grad=True`), and its opening cells plot a function over `np.arange`. In a suite that forbids those
libraries their stand-ins refuse the first use, at import, so a correct engine with one such cell scored 0/63
("`torch` is not allowed in this exercise: `torch.tensor(...)`", session 29). Such a cell is left out, as blank
lines (every other line keeps its number and its place in the notebook), where leaving it out cannot change what
the engine is:

- it uses a forbidden library: it reads a name an import of one binds (`torch`, `np`), or a name only cells left
  out bind (`x1`, made by `torch.tensor` a cell above), or calls a function a cell above defines that uses one
  (whether the call may change anything, cell_effects.py says: micrograd's `def test_sanity_check():` comparing with torch, then
  `test_sanity_check()`: the call's cell is left out, the function stays, never called);
- it defines nothing: no `def`, no `class`, no `global`, no `del`;
- it changes nothing it does not own (cell_effects.py says what it owns, and which calls are harmless):
  `x1.requires_grad = True` and `o.backward()` are its own tensors'; `Value.__add__ = ...`, `RULES.update(...)`,
  `V = Value; V.__radd__ = ...`, `register("tanh", rule)`, `random.seed(0)` keep the cell (review 29: all but the
  first were left out, and the engine graded without what they changed);
- no cell that stays needs what it binds: a kept cell's top-level read of a name the cell was the last above it to
  bind, a name a kept cell's function or lambda reads (called later, it sees any binding), a name a kept cell
  defines (`def`, `class`, `import`: the cell would have shadowed it) each keep it.

Why that is sound: the cell is never run, so nothing of the forbidden library ever reaches the engine (it could
not anyway: its stand-in refuses every use); and since the cell binds only names no kept cell needs, changes
only what it owns and defines nothing, the engine's classes and functions are exactly the kept cells' whether it
runs or not (a notebook that reads names by their text, `globals()`, `eval`, has no cell left out: which binding
it needs is not in its source). What it would have done before failing (a `print`, a demo of the engine on its own Values) is what it skips.
A cell that binds anything a kept cell needs stays, and fails at import as before, naming the library and the line.
A suite that makes a forbidden import fatal (`refuse`) reads every cell: its import fails wherever it stands.

A left-out cell's `import` statements stay where they are: importing a stand-in runs nothing, and the "from
scratch" test charges the import of a forbidden library wherever it is written, in a notebook as in a .py
(docs/contract.md: the lecture's notebook with its `import torch` cell scores 62/63, `engine/from-scratch`).

A notebook's cells are read so (`Origin.cells`), and a notebook exported as a script, whose cells nbconvert opens
with `# In[3]:` and VS Code and Jupytext with `# %%`, and Colab's download, which marks none, cut where a blank line
stands before a statement (`_colab_cells`). Nothing here runs the student's code: it reads syntax trees.
"""

from __future__ import annotations

import ast
from dataclasses import replace

from ..forbidden import absent_imports
from ..parsing import UNPARSABLE, parse, tree_or_none
from .cell_effects import Effects, imported_names, reads_names_by_text
from .reading import in_cell
from .scripts import CELL_MARK, COLAB_HEAD, STAND_INS_LINE
from .submission import files_digest


def for_suite(submissions: list, forbid) -> list:
    """SUBMISSIONS as the suite that forbids FORBID grades them: a notebook's comparison cells left out, its digest
    (the cache's key, a fleet job's) that of the files graded. Every surface loads through here
    (grader.load.load_submissions, grader.pipeline.grade_files)."""
    made = []
    for sub in submissions:
        files = sub.files if sub.rejected else without_comparison_cells(sub.files, sub.origins, forbid)
        made.append(sub if files is sub.files else replace(sub, files=files,
                                                           digest=files_digest(files, sub.package, sub.notebooks)))
    return made


def without_comparison_cells(files: dict, origins: dict, forbid) -> dict:
    """FILES with each notebook's comparison cells blanked (the module's docstring says which); FILES itself when
    there are none."""
    if not forbid:
        return files
    changed = {}
    own = frozenset(name.partition("/")[0].removesuffix(".py") for name in files)  # the submission's modules
    uses = None
    for name, content in files.items():
        origin = origins.get(name)
        places = None if origin is None else origin.cells if origin.cells is not None else _exported_cells(content)
        if not name.endswith(".py") or places is None:
            continue
        if uses is None:  # only where a file has cells: absent_imports parses every file (a class's load, serially)
            # the modules the sandbox lacks, whose stand-ins refuse every use as a forbidden one's do: a cell using
            # one (nbgrader's `assert_equal(...)` from `nose.tools`) is left out by the same rules
            uses = frozenset(forbid) | frozenset(absent_imports(files, forbid))
        kept = _blanked(content, places, uses, own)
        if kept is not None:
            changed[name] = kept
    return {**files, **changed} if changed else files


def _exported_cells(content: bytes) -> tuple | None:
    """The (cell, line) of each line of a notebook exported as a script, its cells opened by nbconvert's `# In[3]:`
    or the percent format's `# %%` (scripts.CELL_MARK), or, in Colab's download, which marks none, by a blank line
    (`_colab_cells`); None for any other file."""
    try:
        lines = content.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return None
    if not any(CELL_MARK.match(line) for line in lines):
        places = _colab_cells(lines) if COLAB_HEAD.search("\n".join(lines[:12])) else None
    else:
        places, cell = [], 0
        for number, line in enumerate(lines, start=1):
            cell += bool(CELL_MARK.match(line))
            places.append((cell, number))
    # the grader's own line of Jupyter's stand-ins (scripts.STAND_INS_LINE) is in no cell, as a notebook's are not:
    # its `display` is not the student's (a comparison cell calling `display(x1.grad)` stayed in an export holding
    # an escape, review 29)
    return None if places is None else tuple(None if line.startswith(STAND_INS_LINE) else place
                                             for line, place in zip(lines, places))


def _colab_cells(lines: list[str]) -> tuple:
    """Colab's download, cut into cells where a statement starts a line after a blank one (review 29: the lecture's
    notebook scored 62/63 and its Colab download 0/63, "`torch` is not allowed"). A cut may fall inside one of the
    notebook's cells (two statements there with a blank line between): each part is judged as a cell would be,
    which is as sound, since nothing here depends on where a cell ends but on what each part binds, reads and
    changes. A part Python cannot compile alone (an `else:` after a blank line, a string's blank line) is joined to
    the part above."""
    starts = [0] + [i for i in range(1, len(lines)) if not lines[i - 1].strip() and lines[i][:1] not in ("", " ", "\t")]
    parts = []
    for start, end in zip(starts, starts[1:] + [len(lines)]):
        if parts and tree_or_none("\n".join(lines[start:end])) is None:
            parts[-1] = (parts[-1][0], end)
        else:
            parts.append((start, end))
    return tuple((cell, number + 1) for cell, (start, end) in enumerate(parts, start=1) for number in range(start, end))


def _blanked(content: bytes, places: tuple, forbid: frozenset, own: frozenset) -> bytes | None:
    try:
        lines = content.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return None
    cells: dict[int, list[int]] = {}  # cell -> its line indexes in the joined file
    for index, place in enumerate(places[:len(lines)]):
        if in_cell(place):
            cells.setdefault(place[0], []).append(index)
    trees = {}
    for cell, indexes in cells.items():
        if indexes != list(range(indexes[0], indexes[-1] + 1)):
            return None  # a cell's lines not together (a module put in place twice): read as it is
        try:
            trees[cell] = parse("\n".join(lines[i] for i in indexes))
        except UNPARSABLE:
            return None
    facts = {cell: _Facts(tree, forbid) for cell, tree in trees.items()}
    if not any(f.forbidden_binds or any(imports for _, imports in f.checks.values()) for f in facts.values()):
        return None  # no cell imports a forbidden library: none uses one
    if any(reads_names_by_text(tree) for tree in trees.values()):
        return None  # which binding such a cell needs cannot be read from its source (cell_effects.py)
    effects = Effects([trees[cell] for cell in sorted(trees)], forbid, own)
    for cell in sorted(trees):  # the notebook's order: what a cell owns is what the cells above it made
        facts[cell].defines |= effects.cell(trees[cell])
    forbidden_names = set().union(*(f.forbidden_binds for f in facts.values())) if facts else set()
    left = _left_out(facts, forbidden_names)
    if not left:
        return None
    for cell in left:
        imports = {i for node in trees[cell].body if isinstance(node, (ast.Import, ast.ImportFrom))
                   for i in range(node.lineno - 1, node.end_lineno)}
        for k, i in enumerate(cells[cell]):
            if k not in imports:  # its imports stay: a stand-in's import runs nothing, and costs what it costs
                lines[i] = ""
    return "\n".join(lines).encode("utf-8")


class _Facts:
    """What one cell binds, reads (at its top level, and inside its functions: `deferred`) and does, from its tree."""

    def __init__(self, tree: ast.Module, forbid: frozenset):
        self.binds, self.reads, self.deferred = set(), set(), set()
        self.forbidden_binds, self.definitions = set(), set()
        # a top-level function -> (the names it reads, whether it imports a forbidden library itself): a cell that
        # calls one that uses a library uses it (whether the call may change anything, cell_effects.py says)
        self.checks: dict[str, tuple[set, bool]] = {}
        self.defines = False
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                imports = any(top in forbid for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))
                              for _, top in imported_names(n))
                self.checks[node.name] = ({n.id for n in ast.walk(node) if isinstance(n, ast.Name)}, imports)
        stack = [(node, False) for node in tree.body]
        while stack:
            node, inside = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                self.defines = True
                if not inside and not isinstance(node, ast.Lambda):
                    self.definitions.add(node.name)
                    self.binds.add(node.name)
            elif isinstance(node, (ast.Global, ast.Nonlocal, ast.Delete)):
                self.defines = True
            elif isinstance(node, (ast.Import, ast.ImportFrom)) and not inside:  # (one in a function is its own)
                if any(alias.name == "*" for alias in node.names):
                    self.defines = True  # `from torch import *`: what it binds is not read here
                for bound, top in imported_names(node):  # (a relative import's top is '': the submission's)
                    self.binds.add(bound)
                    self.definitions.add(bound)
                    if top in forbid:
                        self.forbidden_binds.add(bound)
            elif isinstance(node, ast.Name):
                if isinstance(node.ctx, ast.Store) and not inside:
                    self.binds.add(node.id)
                elif not isinstance(node.ctx, ast.Store):
                    (self.deferred if inside else self.reads).add(node.id)
            deeper = inside or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda))
            stack.extend((child, deeper) for child in ast.iter_child_nodes(node))


def _binder_before(order: list, facts: dict, cell, name):
    """The last cell above CELL (in the notebook's order) that binds NAME, or None."""
    found = None
    for other in order:
        if other == cell:
            return found
        if name in facts[other].binds:
            found = other
    return found


def _calls_a_check(order: list, facts: dict, cell, name, forbidden_names: set) -> bool:
    """Whether NAME, read in CELL, is a function a cell above defined that uses a forbidden library and changes
    nothing outside itself (`test_sanity_check()` under micrograd's `def test_sanity_check():`)."""
    binder = _binder_before(order, facts, cell, name)
    if binder is None or name not in facts[binder].checks:
        return False
    reads, imports = facts[binder].checks[name]
    return imports or bool(reads & forbidden_names)


def _left_out(facts: dict, forbidden_names: set) -> set:
    """The cells that use a forbidden library and may be left out, to a fixed point."""
    order = sorted(facts)
    using: set = set()
    defining = {cell for cell, f in facts.items() if f.defines}  # such a cell stays: what it binds is the kept world's
    for cell in order:  # a forbidden import, a read of what one binds, or of what a cell using one bound last
        f = facts[cell]
        if f.forbidden_binds or f.reads & forbidden_names or any(
                _binder_before(order, facts, cell, name) in using - defining
                or _calls_a_check(order, facts, cell, name, forbidden_names) for name in f.reads):
            using.add(cell)
    left = {c for c in using if not facts[c].defines}
    changed = True
    while changed:  # a cell that stays keeps each left-out cell whose binding it may read, or that would shadow
        stays = set()
        for cell in (c for c in order if c not in left):
            f = facts[cell]
            stays |= {_binder_before(order, facts, cell, name) for name in f.reads} & left
            stays |= {c for c in left if facts[c].binds & (f.deferred | f.definitions)}
        changed = bool(stays)
        left -= stays
    return left

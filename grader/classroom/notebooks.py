"""An exercise as a notebook: its README's sections as markdown, each starter file as a code cell,
and the student's own check as the last cell.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import textwrap

from ..i18n import translator
from ..load import STUDENT_MODULES
from ..parsing import parse
from .breaks import BREAKS


def _readme_sections(readme: str) -> list[tuple[str, str]]:
    """(heading, text) pairs of a README split at its `## ` headings; the first heading is ''."""
    sections, heading, chunk = [], "", []
    for line in readme.splitlines():
        if line.startswith("## "):
            sections.append((heading, "\n".join(chunk).strip()))
            heading, chunk = line[3:].strip(), [line]
        else:
            chunk.append(line)
    sections.append((heading, "\n".join(chunk).strip()))
    return [(h, t) for h, t in sections if t]


def _without_module_imports(code: str) -> str:
    """`code` without top-level imports of the exercise's own modules (a notebook has them all in one).

    Handles `from engine import Value`, `import engine` and the reference's
    `try: from .engine import Value / except ImportError: from engine import Value`.
    """
    tree = parse(code)
    lines = code.splitlines()
    drop = set()

    def imports_exercise_module(node):
        if isinstance(node, ast.ImportFrom):
            return (node.module or "") in STUDENT_MODULES
        if isinstance(node, ast.Import):
            return all(alias.name in STUDENT_MODULES for alias in node.names)
        if isinstance(node, ast.Try):
            inner = node.body + [s for h in node.handlers for s in h.body]
            return bool(inner) and all(imports_exercise_module(s) for s in inner) and not node.orelse
        return False

    for node in tree.body:
        if imports_exercise_module(node):
            first = node.lineno - 1
            # a comment on the line itself belongs to the statement; comments above it go too
            while first > 0 and lines[first - 1].lstrip().startswith("#"):
                first -= 1
            drop.update(range(first, node.end_lineno))
    kept = [line for i, line in enumerate(lines) if i not in drop]
    return re.sub(r"\n{3,}", "\n\n\n", "\n".join(kept)).strip("\n") + "\n"


def _try_it_cell(code: str, lang: str = "en") -> str:
    body = _without_module_imports(code).rstrip("\n")
    note = translator(lang)._("Runs here in Jupyter. When the notebook is graded its code cells become one module,\n"
                              "which is imported rather than run, so this cell does nothing there.")
    return "".join(f"# {line}\n" for line in note.split("\n")) + (
        'if __name__ == "__main__":\n' + textwrap.indent(body, "    ") + "\n")


@dataclasses.dataclass(frozen=True)
class TryIt:
    """A README's `## Try it` section: the prose around its example, the example, and what it prints."""

    before: str  # the prose above the ```python block
    code: str  # the example: the first ```python block
    expected: str | None  # the ```text block right after it: the example's output, when the README gives it
    after: str  # the rest of the section, the output block included


def try_it(readme: str, english: str | None = None) -> TryIt | None:
    """The README's `## Try it` example, or None when it has none (a translated README: the section in the
    place of the English README's `## Try it`)."""
    text = dict(_sections_named(readme, english)).get("Try it")
    match = re.search(r"```python\n(.*?)```", text or "", re.S)
    if match is None:
        return None
    before, after = text[:match.start()].strip(), text[match.end():].strip()
    output = re.match(r"```text\n(.*?)```", after, re.S)
    return TryIt(before, match[1], output[1] if output else None, after)


def _sections_named(readme: str, english: str | None) -> list[tuple[str, str]]:
    """The README's sections; a translation's headings replaced by the English ones in the same places
    (`grade starters --check` holds a translation to the English sections, one for one)."""
    sections = _readme_sections(readme)
    if english is None:
        return sections
    names = [heading for heading, _ in _readme_sections(english)]
    if len(names) != len(sections):
        raise ValueError(f"the translated README has {len(sections)} sections, the English {len(names)}")
    return [(name, text) for name, (_, text) in zip(names, sections)]


def _file_note(exercise: str, name: str, code: str, lang: str = "en") -> str:
    t = translator(lang)
    if exercise in BREAKS and name == BREAKS[exercise][0]:
        return f"### `{name}`\n\n" + t._("The engine with the bug described above. Find it in the backward "
                                          "rules and fix it, then run this cell again.")
    if f"TODO({exercise})" in code:
        return f"### `{name}`\n\n" + t._("Your work goes where it says `{todo}`. Run the cell again after "
                                          "every change.", todo=f"TODO({exercise})")
    return f"### `{name}`\n\n" + t._("Given: run this cell; you do not need to change it.")


def _check_cell_note(lang: str = "en") -> str:
    t = translator(lang)
    return "### " + t._("Check this notebook") + "\n\n" + t._(
        "The cell below runs the exercise's visible tests on the cells you have run, in a separate process, "
        "and shows a table. It needs the grader installed where this notebook runs (`{install}`; in Colab, "
        "a cell with `!{install}`). When the notebook is graded, this cell is left out.",
        install="pip install micrograd-grader")


def check_cell(exercise: str, lang: str = "en") -> str:
    """The last cell of every exercise notebook: the student's own check (the loader drops it when grading),
    in the handout's language."""
    return f'from grader import check\ncheck("{exercise}"' + (f', lang="{lang}")' if lang != "en" else ")")


def notebook(exercise: str, files: dict[str, str], readme: str, lang: str = "en", english: str | None = None) -> str:
    """The exercise as a notebook: the README's sections as markdown, each starter file as a code cell.

    A notebook is graded as one module (its code cells joined), so the files'
    imports of each other are left out, and the README's "Try it" code is
    wrapped in `if __name__ == "__main__":`, true in Jupyter and false when graded.
    In another language, `readme` is the translation and `english` the English README, whose
    sections it follows one for one; the notes between cells are in `lang`, the code is the same.
    """
    import nbformat
    from nbformat import v4

    sections = _sections_named(readme, english)
    late = ("Try it", "Check your work")
    cells = [v4.new_markdown_cell(text) for heading, text in sections if heading not in late]
    for name, code in files.items():
        if name != "engine.py":
            code = _without_module_imports(code)
        cells.append(v4.new_markdown_cell(_file_note(exercise, name, code, lang)))
        cells.append(v4.new_code_cell(code.rstrip("\n")))
    example = try_it(readme, english)
    for heading, text in sections:
        if heading == "Try it" and example is None:
            cells.append(v4.new_markdown_cell(text))
        elif heading == "Try it":
            # the prose, the example as a cell, then what it prints, as Jupyter shows output under a cell
            cells.append(v4.new_markdown_cell(example.before))
            cells.append(v4.new_code_cell(_try_it_cell(example.code, lang).rstrip("\n")))
            if example.after:
                cells.append(v4.new_markdown_cell(example.after))
    # the closing cells: how to check the work
    cells += [v4.new_markdown_cell(text) for heading, text in sections if heading == "Check your work"]
    cells.append(v4.new_markdown_cell(_check_cell_note(lang)))
    cells.append(v4.new_code_cell(check_cell(exercise, lang)))
    nb = v4.new_notebook(cells=cells, metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    })
    for i, cell in enumerate(nb.cells):
        cell.id = f"{exercise}-{i:02d}"  # fixed ids: the notebook is byte-for-byte reproducible
    nbformat.validate(nb)
    return nbformat.writes(nb) + "\n"
